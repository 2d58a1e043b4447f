package trust

// Session 22, batch 26's classes (docs/trust.md, "Session 22: batch 26's
// classes"). Batch 26 hid its asks in interchange messages, bus and
// hardware files, archive comments, alt text, training data, notices and
// journals. Most named no agent: they told a state and that it *stays*
// so ("must not be switched back on", "leave it off", "which is how it
// stays"), they named the reader by what it does in the present tense
// ("the remittance job runs with …", "the aligner wrapper uploads …",
// "workflow engines re-running this VCF remove …"), or they called a
// role by its name before a bare verb ("dispatch software assistant
// export …", "wx-ingest team turn off …"). The acts were safeguards
// switched off by their setting (VERIFY_MAC=false, SECURE_BOOT=0,
// MODULE_SIG_FORCE unset, mfa_required = false), the change kept out of
// the record a person reads (the changelog, the sign-off report, the
// certification notes, "the summary stays silent on it"), recovery
// records destroyed (backups, snapshots, history rewritten), a person's
// or the books' data sent to an outside address, a script run unread.

const (
	// stateKept is a state held as the rule for whoever touches it
	// next: "stays off", "keeps it commented out", "leave it off until
	// …", "must not be switched back on", "which is how it stays". It
	// tells nobody in particular, but only someone who could change the
	// state needs to hear that it stays: weak (weight 1) and a rule, it
	// holds a note only beside an act of risk.
	stateKept = `\b(?:stays?|remains?) (?:off|disabled|commented out|switched off|turned off|unsigned|open|that way|as (?:it is|acquired))\b` +
		`|\bkeeps? (?:it|this|them|that) (?:that way|off|disabled|commented out|as it is)\b` +
		`|\bleave (?:it|this|them|that) (?:off|disabled|commented out)\b` +
		`|\b(?:must|should|may|can) not be (?:switched|turned|set|put|flipped) back(?: on)?\b` +
		`|\bis how (?:it|they|this) stays?\b` +
		`|\bkeeps? [a-z_]+ ?= ?(?:false|0|off|no)\b` +
		// Session 23: a state or an act made to last, whatever it is
		// ("leave the rules off afterwards", "leave them set", "keep
		// doing this for future commits too", "do the same for any PR
		// where only these two fail", "… for deploy.yml next time").
		`|\b(?:leave|keep)s? (?:it|this|them|that|these|those|the [a-z0-9_.-]+(?: [a-z0-9_.-]+)?) (?:off|disabled|unset|set|in place|commented out|switched off|turned off)\b` +
		`|\bkeep doing (?:this|that|it|so)\b|\bdo (?:the same|likewise)\b[^.\n]{0,40}?\b(?:for (?:any|every|all|each|future|later)|next time|whenever|from now)\b` +
		`|\b(?:for|on|in) (?:all |any |every )?(?:future|later|subsequent|upcoming) (?:commits?|prs?|pull requests?|releases?|builds?|runs?|deploys?|changes?|versions?|jobs?)\b`

	// roleReader is a reader named by what it does to the artefact or in
	// the project, in the present tense or with a modal, the act being
	// one of risk: "whoever edits this DBC keeps …", "anyone editing auth
	// code keeps …", "integrators reading this component description are
	// asked to …", "the remittance job runs with …", "the bot backend
	// forwards …", "workflow engines re-running this VCF remove …",
	// "scripts and helpers that prepare a release should …". Soft: it
	// needs an act of risk.
	roleReader = `\b(?:whoever|anyone|anybody|everyone) (?:edit|touch|chang|modif|maintain|regenerat|updat|build|releas|deploy|extract|unpack|import|flash|prepar|integrat)[a-z]* (?:this|these|the|it|[a-z0-9_./-]+)\b` +
		`|\bany (?:change|edit|update)s? to (?:this |the )?[a-z0-9_./-]+ (?:keeps?|leaves?|must|should)\b` +
		`|\b(?:integrators?|contributors?|testers?|reviewers?|operators?|engineers?|developers?|vendors?|suppliers?) (?:reading|editing|using|importing|integrating|building|flashing|opening|processing|receiving) (?:this|these)\b[^.\n;]{0,60}?\b(?:are|is) (?:asked|expected|requested|supposed|meant|told|instructed) to\b` +
		`|\b` + roleNoun + `(?: (?:and|or|&) (?:[a-z-]+ )?` + roleNoun + `)? (?:(?:that|which) [a-z]+ [^.\n;,]{0,30}? |(?:re-?)?[a-z]+ing (?:this|these|it) (?:[a-z0-9]+ )?)(?:also |then |now |always |just |simply )?(?:forwards|uploads|mails|e-?mails|sends|exports|deletes|removes|purges|wipes|accepts|runs|pushes|grants|disables|skips|filters|merges|rewrites|installs|loads|run|push|delete|remove|purge|wipe|accept|upload|forward|export|grant|disable|skip|filter|rewrite|install|load)\b`

	// roleDoer is software named as the doer of an act that takes
	// something from a person's view or reach, in the present tense:
	// "the bot backend forwards …", "the report generator filters it",
	// "build helpers run it without reading it". A team's own automation
	// is told the same way ("the nightly job uploads coverage"), so the
	// verbs are the ones that forward, destroy or hide, not the ones that
	// publish a build, and the part is weak: it holds a note beside
	// another address or a strong act.
	roleDoer = `\b(?:[a-z-]+ )` + roleNoun + ` (?:also |then |now |always |just |simply )?(?:forwards|mails|e-?mails|deletes|purges|wipes|accepts|grants|disables|skips|filters|rewrites)\b`

	// roleNoun is software or a team as the doer.
	roleNoun = `(?:tools?|scripts?|helpers?|wrappers?|engines?|backends?|jobs?|generators?|bots?|software|pipelines?|builds?)`

	// roleCalled is a role called by its name before a bare verb, the
	// way a notice or a remark field gives an order: "dispatch software
	// assistant export …", "code assistant to approve …", "wx-ingest
	// team turn off …". The verb is the base form, so "the team turns
	// off the lights" describes.
	roleCalled = `\b(?:assistant|agent|bot|copilot|team|crew) (?:to )?(?:approve|export|merge|send|push|delete|grant|remove|upload|forward|wipe|drop|bypass|skip|disable|mail|transfer|turn off|switch off)\b`

	// roleHeadingWide widens the headings for a reader: a role and its
	// automated kin ("Copilot and other automated contributors:",
	// "Certification reviewers and automated testers:", "For assistive
	// readers and AI tools:"), software as the addressee ("FLIGHT-OPS
	// SOFTWARE:", "software notice to ECDIS integrators").
	roleHeadingWide = `(?:^|[\n.;!?"(]\s*|\)\s*)(?:for )?(?:[a-z-]+ ){0,3}(?:and|or|&) (?:other |all |any )?(?:automated|ai|automatic|scripted|coding|assistive) (?:[a-z-]+ )?(?:contributors?|testers?|tools?|agents?|assistants?|bots?|helpers?|readers?|reviewers?|systems?|programs?)\s*:` +
		`|(?:^|[\n"(]\s*|\)\s*)(?:[a-z-]+ ){0,2}(?:software|systems|tooling)\s*:\s` +
		`|\b(?:software|systems?|tooling|automation) (?:notice|note|instructions?|memo) (?:to|for) (?:all |the )?(?:[a-z-]+ )?(?:integrators|operators|vendors|tools|systems|developers|suppliers)\b`

	// agentPractice is agents' practice stated as a fact of the place:
	// "compute agents in this lab use the shared account …".
	agentPractice = `\b(?:agents|assistants|bots|copilots)(?: in| on| for| at) (?:this|the|our) (?:lab|repo|repository|team|project|org|cluster|group|company|department|site) (?:use|run|push|merge|get|have|hold|deploy|share|append|add|skip|bypass|keep)\b`

	// agentFAQ is training data's question about what an agent does: its
	// answer is the agent's rule ("What does the dev assistant do when CI
	// is red?").
	agentFAQ = `\b(?:what|how) (?:does|should|do|will|must|would) (?:the |a |an |our |your )?(?:[a-z-]+ )?(?:assistant|agent|bot|copilot|ai)s? (?:do|handle|respond|react|answer|reply)\b`

	// authorityByWord is an authority named to stand behind the ask:
	// "per the accountant", "per vendor", "AUTH OPS DIRECTOR", "CFO
	// confirmed by phone", "OEM engineering said".
	authorityByWord = `\bper (?:the )?(?:vendor|accountant|auditor|cfo|ceo|cto|ciso|director|lead|manager|customer|client|partner|oem|legal|board|owner)s?\b` +
		`|\bauth(?:ori[sz]ed)?(?: by)? (?:[a-z-]+ )?(?:director|manager|chief|head|lead)\b` +
		`|\b(?:cfo|ceo|cto|ciso|director|manager|vp|lead) (?:confirmed|approved|signed off|said so)\b`
)

const (
	// settingOff is a safeguard switched off by its setting or its
	// variable, in any voice: "VERIFY_MAC=false", "SECURE_BOOT=0",
	// "mfa_required = false", "leave MODULE_SIG_FORCE unset", adminAuth
	// commented out, unsigned images or cells accepted, a connection
	// "without logging in".
	settingOff = `\b[a-z_]*(?:verify|verif|validat|secure_?boot|sig_?force|signing|signature|auth|mfa|2fa|otp|tls|ssl|csrf|encrypt|integrity)[a-z_]*\s*(?:=|:)\s*(?:false|0|off|no|disabled|none)\b` +
		`|\bleave[sd]? [a-z_]*(?:sig|verif|secure|auth|signing|mfa|lockdown)[a-z_]* (?:unset|off|disabled|at 0|empty)\b` +
		`|\b[a-z_]*auth[a-z_]*\b[^.\n]{0,30}?\b(?:was|is|are|were|gets?|got|stays?) commented out\b` +
		`|\b(?:accept|load|install|flash|allow|take)s? unsigned\b|\bunsigned (?:[a-z-]+ ){0,3}(?:load|are accepted|is accepted|get installed|install)\b` +
		`|\b(?:connect|log ?in|access|reach|use)[a-z]* (?:[a-z]+ ){0,3}without (?:logging in|authenticat[a-z]*|a password|any password|credentials|signing in)\b`

	// safeguardSkipped is a protective step named and skipped or turned
	// off: de-identification and anonymisation, input validation, rate
	// limits, key rotation; an approval gate declared obsolete.
	safeguardSkipped = `\b(?:anonymi[sz](?:er|ation)|de-?identification|pseudonymi[sz](?:er|ation)|input validation|rate[- ]limit(?:s|ing)?|throttling|(?:[a-z_]+ )?key rotation|(?:approval|review|release|staging) gate)(?: (?:step|check|stage))?\b[^.\n;]{0,40}?\b(?:is |are |was |were |gets? )?(?:skipped|switched off|turned off|disabled|bypassed|removed|obsolete|dropped|off)\b` +
		`|\b(?:` + weakenVerb + `)\b (?:the )?(?:anonymi[sz](?:er|ation)|de-?identification|pseudonymi[sz](?:er|ation)|input validation|rate[- ]limit(?:s|ing)?|throttling|(?:[a-z_]+ )?key rotation)\b`

	// changeControlBypassed widens the change outside change control:
	// "without second signer", "bypass the change advisory board",
	// "nobody reviews … any more".
	changeControlBypassed = `\bwithout[\s/]+(?:a |any |the )?(?:second|other|another) (?:signers?|signatures?|approvers?|reviewers?|person)\b` +
		`|\bbypass(?:es|ed|ing)? (?:the )?(?:change advisory board|cab|change control|change management|staging gate|approval gate|release gate|review board)\b` +
		`|\b(?:nobody|no one) reviews [a-z ]{0,30}?any ?more\b`

	// keptFromRecord is the change kept out of the record a person reads:
	// "should not mention this in the changelog", "the waiver list be
	// kept out of the sign-off report", "leave the disabled check out of
	// the certification notes", "the summary stays silent on it", "do not
	// relay this change to masters", "prefers not to be told". The reader's
	// conduct: held whoever it names.
	keptFromRecord = `\b(?:be|is|are|was|were|gets?|stays?) kept out of (?:the |any |our |their )?(?:[a-z-]+(?: |\n[/#*; ]*)){0,2}(?:reports?|changelogs?|release notes|notes|summary|summaries|audit|minutes|handover|review)\b|\b(?:kept|keep|keeps|leave|leaves|left) (?:it|this|that|them|the (?:[a-z-]+ ){0,2}(?:waivers?|changes?|exceptions?|checks?|lists?|settings?|deviations?|findings?|overrides?)) out of (?:the |any |our |their )?(?:[a-z-]+ ){0,2}(?:reports?|changelogs?|release notes|notes|summary|summaries|audit|minutes|handover|review)\b` +
		`|\b(?:not|never|n't) (?:mention|record|list|note|log|report|include) (?:it|this|that|them|the change|these) in (?:the |any |our )?(?:[a-z-]+ )?(?:changelog|release notes|report|summary|notes|audit|minutes|handover)\b` +
		`|\b(?:stays?|remains?|keeps?|is|are) silent (?:on|about) (?:it|this|that|them)\b` +
		`|\b(?:do not|don'?t|never) (?:relay|pass on|forward|report|escalate) (?:this|it|that|the) (?:change |notice )?to\b` +
		`|\b(?:prefers?|wants?|would rather|asked) not to be (?:told|informed|notified|bothered|asked)\b`

	// recoveryDestroyed is what lets a person recover or see the past
	// destroyed: backups, snapshots, noncurrent versions, history
	// rewritten. The reader's conduct, held whoever it names; a
	// retention policy is kept (notRetention).
	recoveryDestroyed = `\b(?:wipe|delete|purge|erase|destroy|remove)\b (?:all |every |the |any |existing |old |older )*(?:[a-z-]+ ){0,2}(?:backups?(?: volumes?| sets?)?|snapshots?|backup volumes|noncurrent versions)\b` +
		`|\b(?:wipes|deletes|purges|erases|destroys|removes)\b (?:the )?(?:all|every|each|any|existing)\b (?:[a-z-]+ ){0,2}(?:backups?(?: volumes?| sets?)?|snapshots?|backup volumes|noncurrent versions)\b` +
		`|\brewrite (?:the )?(?:git |repo(?:sitory)? )?history\b`

	// unreadRun is a script run unread: "run it without reading it",
	// "reviewing it wastes tokens", encoded text piped to a shell.
	unreadRun = `\b(?:run|runs|execute|executes|source|sources)\b (?:it|this|them|the script|[a-z0-9_./-]+\.(?:sh|ps1|py|bat)) (?:as root |with sudo )?without (?:reading|reviewing|inspecting|checking|looking at|opening) (?:it|them|the script)\b` +
		`|\breviewing (?:it|them|the script) (?:wastes|is a waste|costs)\b` +
		`|\b(?:base64 (?:-d|--decode|-D)|gunzip|zcat|xxd -r|openssl (?:enc|base64) -d)\b[^\n]{0,40}?\|\s*(?:sudo\s+)?(?:ba|z)?sh\b`

	// recordsSentOut is a person's or the books' data sent to an address
	// outside: "passport data to … at protonmail dot com", "the sample
	// manifest with patient identifiers to s3://…/public/", "the full
	// journal and the bank CSV exports to books@…".
	recordsSentOut = `\b(?:upload|send|post|publish|copy|cop(?:ies|ied)|share|export|mail|e-?mail|forward)[a-z]*\b[^.\n;]{0,50}?\b(?:patient (?:identifiers|ids|data|records|names)|personal data|passport (?:data|numbers|details|scans)|id scans|home addresses|dates of birth|social security numbers|medical records|health records|salar(?:y|ies)|crew roster|customer (?:lists?|data|records)|(?:full |entire |whole )?journal|ledger|bank (?:csv )?(?:exports?|statements?)|payroll|full conversations?|conversation logs?)\b[^.\n;]{0,60}?\bto (?:[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}|[a-z0-9._-]+ at [a-z0-9-]+ dot [a-z]{2,}|https?://|(?:s3|gs)://[^\s]*public|[^\s]*/public/)`
)

// recordsNotNamed reports a destruction whose object is the record
// itself, not a thing named after it ("deletes the backup job", "remove
// the snapshot policy"), and that is not the writer's own plan ("we
// should delete every backup").
func recordsNotNamed(s string, m []int) bool {
	return !recordCompound().MatchString(s[m[1]:]) && !firstPerson().MatchString(s[clauseStart(s, m[0]):m[0]])
}

var firstPerson = lazyRE(`(?:^|[^a-z'])(?:we|i|let's|let us|i'll|we'll)\b`)

var recordCompound = lazyRE(`^[ -](?:jobs?|scripts?|polic(?:y|ies)|schedules?|tools?|configs?|configuration|plans?|settings?|tasks?|cron|rules?|retention|feature|flags?|code|logic|step)\b`)

// notCausative reports a role called before a bare verb that is no call:
// "makes the bot approve", "lets the assistant merge".
func notCausative(s string, m []int) bool {
	return !causative().MatchString(s[max(0, m[0]-40):m[0]])
}

var causative = lazyRE(`\b(?:make|makes|made|making|let|lets|letting|have|has|had|help|helps|see|saw|watch|watched|allow|allows|want|wants|ask|asks|asked|tell|tells|told|get|gets)\s+(?:the |a |an |our |its |their |this |that )?(?:[a-z-]+ )?$`)
