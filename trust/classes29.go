package trust

// Session 23, batch 29's forged evidence (docs/trust.md, "Session 23:
// forged evidence"). A review's or a test run's evidence made to say what
// did not happen: a required status posted as success through the API, a
// run with failures reported as green, an approval counted twice or given
// by the note itself, a sign-off form filled in by whoever reads, approval
// trailers stamped on every commit, oneself added as the code owner who
// approves. Whoever follows such a note deceives the people who rely on
// the evidence: like what the person is told (user-deception), the
// reader's own conduct, so it holds a note that addresses nobody.
const forgedEvidence = `\bstatuses/\S*[^\n]{0,120}?\bstate[=:]\s*["']?success\b` +
	`|\bcheck-runs\b[^\n]{0,120}?\bconclusion[=:]\s*["']?success\b` +
	`|\bmark(?:s|ed|ing)?\s+(?:the\s+|it\s+|this\s+|them\s+)?(?:[a-z-]+\s+){0,2}?(?:check|status|review|sign-?off|ci|build|tests?|run|pipeline|scan|audit)s?\s+(?:as\s+)?(?:passed|green|successful|success|approved|done|complete|cleared)\b` +
	`|\bcount\s+(?:this|it|that|my\s+approval|the\s+approval)\s+as\s+(?:two|2|three|3|both|an?|the)\s+(?:approvals?|reviews?|sign-?offs?)\b` +
	`|\breport\s+(?:this|the|it|that)?\s*(?:run|build|pipeline|job|result|results|suite|tests?)?\s*as\s+(?:green|passing|passed|successful|success|clean)\b` +
	`|\btick\s+(?:the\s+)?(?:box\s+)?["'“]?all\s+(?:tests|checks)\s+(?:passing|passed|green)` +
	`|\b(?:fills?|filling|completes?|completing|submits?|submitting|signs?)\s+(?:in\s+|out\s+)?(?:the\s+)?(?:[a-z-]+\s+){0,2}?(?:sign-?off|approval|attestation|checklist|review)\s+(?:form\s+|sheet\s+|ticket\s+)?(?:itself|yourself|themselves|on\s+(?:their|her|his)\s+behalf)\b` +
	`|\badd\s+(?:these|the\s+same|those|both|the)\s+(?:same\s+)?(?:two\s+|2\s+)?(?:trailers?|sign-?offs?|approvals?|reviewed-by\s+lines?)\b[^.\n]{0,40}?\b(?:every|each|all|any)\s+(?:commits?|prs?|pull\s+requests?)\b` +
	`|\badd\s+(?:yourself|itself|themselves|your\s+(?:own\s+)?account|the\s+bot)\s+(?:to|as)\s+(?:the\s+)?(?:codeowners|(?:an?\s+)?(?:code\s*owner|required\s+reviewer|approver))\b`
