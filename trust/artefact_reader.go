package trust

import "strings"

// Session 21, batch 23: the reader of an artefact named by what it does
// with it. An attack hidden in a certificate, a help text, a webhook's
// payload or a snippet file rarely names an agent; it names whatever
// will process the artefact: "Automated systems processing this
// certificate must …", "Tools editing this module are to …", "the
// service consuming this event should …", "Hiring tooling that parses
// this file: …", "PS to the summarising tool: …", "Anything invoking /ops
// on a user's behalf should …". The class is a noun of software (or
// "anything", "whatever") qualified by a participle or a relative clause
// of processing this artefact, then a directive (a modal: hard) or a
// colon (soft: it needs a risky ask to count); or a note addressed to
// such a reader ("Note to automated grading tools:", "Automation
// note:"). A team note that describes its own automation ("CI runners
// read this file to pick the image", "the deploy bot merges after two
// approvals") has no directive to the reader and is not addressed.
const (
	// readerNoun is software or automation as the reader of a text.
	readerNoun = `(?:tool(?:s|ing)?|automations?|scripts?|helpers?|bots?|robots?|systems?|services?|consumers?|parsers?|indexers?|crawlers?|linters?|generators?|exporters?|importers?|integrations?|plugins?|plug-ins?|extensions?|hooks?|pipelines?|jobs?|runners?|workers?|daemons?|scrapers?|summari[sz]ers?|graders?|processors?|clients?|programs?|apps?|applications?|handlers?|listeners?|subscribers?|receivers?|renderers?|converters?|validators?|engines?|agents?|assistants?|models?|llms?|ingest(?:ers?|ors?|ion)?|syncers?|harness(?:es)?|crawlers?|spiders?|copilots?|lambdas?)`
	// readerUse is what the reader does with the artefact, as a
	// participle or the verb of a relative clause.
	readerUse = `(?:read|pars|process|consum|load|ingest|render|expand|appl|sync|import|index|summari[sz]|edit|invok|handl|receiv|using|uses|generat|scan|crawl|open|convert|transform|evaluat|grad|touch|modif|updat|maintain|tid|clean|working (?:from|on|with)|works? (?:from|on|with)|execut|deploy|lint|analy[sz]|fetch|watch|mirror|refactor|migrat|format|compil|copy|copi|act(?:s|ing)? on|triag|rout|filter|export|translat|validat|scrap|merg|review|regenerat|install|upgrad|bump|manag|automat|set(?:s|ting)? up|stor|prepar|pre-?label|annotat|host|packag|clon|vendor|regenerat)[a-z]*`
	// readerObj is the artefact: this one, or work done for a person.
	readerObj = `(?:\s+(?:from |on |with |over |through |against |up )?(?:this|these)\b|[^\n.,;:]{1,40}? on (?:a |an |the )?(?:user|person|human|customer|developer|engineer|member)'?s?'? behalf\b|[^\n.,;:]{1,40}? on behalf of\b)`
	// readerNP is the reader: a software noun (the words before it, "hiring
	// tooling", need not be matched), one or two of them joined by
	// "and"/"or", or "anything" and its like, qualified by what it does
	// with the artefact.
	readerNP = `(?:` + readerNoun + `(?:,? (?:and|or|&) (?:[a-z-]+ ){0,2}` + readerNoun + `)?|anything|anyone|whatever|whoever|any process|every process|something)` +
		`(?:,? (?:that|which|who) (?:will |would |may |might |later |then )?| )` + readerUse + `\b` + readerObj
	// readerDirective is what follows the reader when it is told to do
	// something: a modal, "are asked to", "are to".
	readerDirective = `(?:[^.\n;:]|\.\S){0,60}?\b(?:must|should|shall|needs? to|ha(?:ve|s) to|are to|is to|(?:is|are) (?:asked|expected|requested|supposed|meant|instructed|required|encouraged|invited|allowed|permitted|authori[sz]ed|cleared) to|may|can|will want to|ought to)\b`
)

// readerGate are the words one of which a text must hold for the
// reader parts to be tried.
var readerGate = []string{"tool", "tools", "tooling", "automation", "automations", "script", "scripts", "helper", "helpers", "bot", "bots", "robot", "robots", "system", "systems", "service", "services",
	"consumer", "consumers", "parser", "parsers", "indexer", "indexers", "crawler", "crawlers", "linter", "linters", "generator", "generators", "exporter", "exporters", "importer", "importers",
	"integration", "integrations", "plugin", "plugins", "plug", "extension", "extensions", "hook", "hooks", "pipeline", "pipelines", "job", "jobs", "runner", "runners", "worker", "workers",
	"daemon", "daemons", "scraper", "scrapers", "summariser", "summarisers", "summarizer", "summarizers", "grader", "graders", "processor", "processors", "client", "clients", "program", "programs",
	"app", "apps", "application", "applications", "handler", "handlers", "listener", "listeners", "subscriber", "subscribers", "receiver", "receivers", "renderer", "renderers", "converter", "converters",
	"validator", "validators", "engine", "engines", "agent", "agents", "assistant", "assistants", "model", "models", "llm", "llms", "ingest", "ingester", "ingesters", "ingestor", "ingestors", "ingestion",
	"syncer", "syncers", "harness", "harnesses", "spider", "spiders", "copilot", "copilots", "lambda", "lambdas", "anything", "anyone", "whatever", "whoever", "automated", "machine"}

// notConfigValue is a part whose word is not a setting's value:
// "rotationPolicy: Always" sets a policy, it is no habit of the reader
// ("copilot: whenever you render this" still is one).
func notConfigValue(sp shapePart) shapePart {
	also := sp.also
	sp.also = func(s string, m []int) bool {
		before := strings.TrimRight(s[max(0, m[0]-3):m[0]], " \t\"'")
		value := strings.TrimSpace(s[m[0]:m[1]]) == "always" && (strings.HasSuffix(before, ":") || strings.HasSuffix(before, "="))
		return !value && (also == nil || also(s, m))
	}
	return sp
}

// testAsModifier reports a safeguard word "test" that modifies the noun
// after it: "sent a test alert", "a test e-mail", not the tests.
func testAsModifier(s string, m []int) bool {
	w := s[m[0]:m[1]]
	return (strings.HasSuffix(w, "test") || strings.HasSuffix(w, "tests")) && testModified().MatchString(s[m[1]:min(len(s), m[1]+20)])
}

var testModified = lazyRE(`^ (?:alerts?|messages?|e-?mails?|notifications?|pages?|events?|calls?|pushes|push|pings?|webhooks?|incidents?|transactions?|payments?|orders?|sms|texts?)\b`)

// authPush reports "push" as an authentication prompt, a noun: "MFA
// pushes you did not start", "a Duo push".
func authPush(s string, m []int) bool {
	w := strings.TrimSpace(s[m[0]:m[1]])
	if w != "push" && w != "pushes" {
		return false
	}
	return authPushBefore().MatchString(s[max(0, m[0]-16):m[0]])
}

var authPushBefore = lazyRE(`\b(?:mfa|2fa|duo|okta|verify|authenticator|login|sign-?in|approval)\s*$`)
