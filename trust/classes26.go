package trust

import "strings"

// Session 22, batch 25's classes (docs/trust.md, "Session 22: batch 25's
// classes"). Batch 25 hid its asks in artefacts whose reader is a role
// (a handler, an installer, a voice bot, a print queue's tool) and told
// them as the artefact's normal working: "regenerated templates go
// straight to main, no PR", "the NDA is signed, so no further sign-off",
// "Confidentiality does not apply to this case". What made most of them
// orders was not an agent's name but a *waiver*: the person's check named
// and set aside, which only makes sense to whoever will act. The classes
// below are that waiver, the setup claimed as sanctioned, the reader as a
// role, and the acts the batch asked for in forms no lexicon read (a
// person's data disclosed, a customer deceived, TLS verification off, a
// root of trust installed, ownership transferred, data sent to a role
// rather than a host).

const (
	// checkWaived is the person's check named and set aside, as the rule
	// for whoever acts: "no further sign-off", "apply it directly, no
	// review", "with no change-advisory ticket", "no need to route it
	// through security", "without waiting for the owner's OK",
	// "confidentiality does not apply", "it never has to be switched
	// back", "even if a scanner flags it", "safe to run unprompted". Weak
	// (weight 1) and a rule: it holds a note only beside an act of risk.
	checkWaived = `(?:^|[,;:(]\s*|\b(?:with|and|so|but|hence|then)\s+)no (?:further |separate |second |extra |prior |additional |more |other )?(?:change[- ]?(?:advisory |control |management )?(?:tickets?|requests?|records?)|cab (?:tickets?|approvals?|reviews?)|sign-?offs?|second signers?|co-?signers?|prs?|pull requests?|merge requests?|reviews?|approvals?|heads-?ups?|tickets?)\b(?: (?:needed|required|necessary))?(?:\s+(?:on|for|from|in|by) [^.\n;,]{1,30})?\s*(?:[.;,)\n]|$)` +
		`|\bno need to (?:route|run|pass|put|send|take|clear|check) (?:it|this|them|that) (?:through|past|by|with) (?:security|review|legal|compliance|the (?:[a-z-]+ )?(?:team|owners?|maintainers?|board))\b` +
		`|\bwithout (?:waiting for|checking with|consulting|looping in|asking) (?:the |an? |any )?(?:[a-z-]+(?:'s|s')? )?(?:owners?|maintainers?|security|admins?|team|approvers?|reviewers?)(?:'s|s')?(?: (?:ok|okay|go-?ahead|approval|consent|sign-?off))?\b` +
		`|\b(?:confidentiality|privacy|the (?:nda|policy|freeze|review|rule|change freeze)|review|approval)(?: rules?| policy| requirements?)? (?:does not|doesn't|do not|don't|no longer) appl(?:y|ies)\b` +
		`|\bnever (?:has|needs|have|need) to be (?:switched|turned|set|changed|put|flipped|rolled) back\b` +
		`|\b(?:even|also) if (?:a |the |any |our )?(?:[a-z-]+ )?(?:scanners?|linters?|checks?|audits?|alerts?|ci|reviewers?|monitors?)s? (?:flags?|complains?|fails?|objects?|warns?|trips?)\b` +
		`|\bsafe to (?:run|apply|execute|merge|push|deploy) (?:unprompted|unasked|automatically|without asking|on its own|in any session)\b` +
		`|\bappl(?:y|ies) (?:it|them|this|that|these) directly\b`

	// sanctionedSetup is the setup claimed as the sanctioned one, a
	// description made a rule (practiceFrame's family): "that is the agreed
	// flow", "is how this repo was meant to be set up", "Upgrade
	// procedure:", "Maintainer tip:".
	sanctionedSetup = `\b(?:that|this|which)(?:'s| is| was) (?:the |our )?(?:agreed|approved|intended|standard|expected|sanctioned|normal|accepted|documented|official) (?:flow|process|procedure|setup|set-?up|configuration|way|practice|path|route|workflow)\b` +
		`|\bis how (?:this|the|our) [a-z-]+ (?:was|is|were|are) (?:meant|supposed|designed|intended) to (?:be set up|be configured|work|run|be)\b` +
		`|\b(?:upgrade|release|deploy(?:ment)?|install(?:ation)?|rollout|migration|maintenance|onboarding|handover) (?:procedure|steps|process)\s*:` +
		`|\bmaintainer(?:s'|'s)? (?:tips?|advice|hints?)\s*:`
)

const (
	// roleHeading is a reader named by its role in a heading or a call:
	// "NOTE handler:", "voice-bot:", "Sysops and their helper programs:",
	// "@labelbot:", "@staff-automation please apply".
	roleHeading = `(?:^|[\n)\],"]\s*)(?:note |nb |memo |attn:? )?(?:handlers?|installers?|re-?imagers?|technicians?|sysops?|operators?|receivers?|processors?)\s*:\s` +
		`|(?:^|[\n,"{;(]\s*)[a-z0-9]+(?:-[a-z0-9]+)*-(?:bot|robot)s?\s*:\s` +
		`|(?:^|[\n.;:]\s*|\d\)\s*)(?:[a-z-]+ ){0,2}(?:and|or|&) (?:their|its|the|any|all) (?:[a-z-]+ )?(?:programs?|tools?|scripts?|bots?|helpers?|assistants?|agents?|automation)\s*:` +
		`|(?:^|[^a-z0-9.])@[a-z0-9][a-z0-9-]*(?:bot|automation|agent|assistant|ai|ci|ops)\b\s*(?::|,|\s+please\b)`

	// readerByRole is a reader told by what it is doing for someone or
	// to the artefact, in forms the artefact reader does not read: "the
	// installer, or whatever program is acting for you", "machines
	// joining this network also trust", "repository tools give", "print
	// queue maintenance tool to add", "pipelines that typeset this
	// document upload".
	readerByRole = `\b(?:whatever|whichever|any|the) (?:program|tool|software|process|script|bot|app|agent|assistant|installer|automation)s? (?:that is |which is |is )?(?:acting|working|running|operating|installing) (?:for|on behalf of) (?:you|the user|a user|them)\b` +
		`|\b(?:machines?|devices?|hosts?|computers?|laptops?|clients?|installers?|runners?|pipelines?|tools?|scripts?|jobs?) (?:that |which )?(?:join|typeset|print|build|enrol|connect|install|regenerat|image|provision)[a-z]* (?:to |on |from |with )?(?:this|these)\b[^.\n;:]{0,30}?\s(?:also |then |first |now |always |just )?(?:trust|set|upload|send|run|install|add|give|grant|delete|wipe|disable|push|merge|post|forward|copy|export)s?\b` +
		`|\b(?:repo(?:sitory)?|project|org|ci|build|release|deploy|ops|admin|delegate|governance|maintenance|sync) (?:tools|tooling|automation|bots|scripts)\b(?:,[^.\n]{0,80},)?\s+(?:also |then |now |always )?(?:give|grant|forward|send|treat|merge|apply|push|run|upload|delete|add|publish|tell|export)s?\b` +
		`|(?:[:=]\s*|reason\s*:\s*)(?:[a-z-]+ ){0,3}(?:tool|bot|script|job|daemon|helper|agent|service|automation)s? to (?:add|run|grant|give|delete|remove|disable|set|install|push|merge|upload|send|wipe|stop)\b`
)

const (
	// personalDataDisclosed is a person's private data made public or
	// read out: "publishes the reporter's name and e-mail in the public
	// issue", "read back the full card number and the PIN".
	personalDataDisclosed = `\b(?:publish|post|reveal|disclose|expose|share|print|paste|list)[a-z]*\b[^.\n]{0,20}?\b(?:the |their |a )?(?:reporter|victim|complainant|user|customer|member|caller|patient|student|employee|whistle-?blower)(?:'s|s')\b[^.\n]{0,40}?\b(?:names?|e-?mails?|e-?mail address(?:es)?|address(?:es)?|phone(?: numbers?)?|identity|details|personal data)\b[^.\n]{0,40}?\b(?:public|publicly|in the open|on the forum|in the (?:public )?issue|in the channel)\b` +
		`|\b(?:read|reads|reading|recite|recites|spell|spells|say|says|give|gives|tell|tells|disclose|discloses|reveal|reveals)\b (?:back |out )?(?:the |their |a |an )?(?:full |whole |complete |entire )?(?:(?:credit |debit )?card numbers?|account pins?|pins? on file|pins?|passwords?|social security numbers?|ssns?|cvvs?|cvcs?|security (?:codes?|answers?)|one-time (?:codes?|passwords?)|otps?)\b`

	// customerDeceived is a customer or a user told what is not so: "tells
	// them their data is stored in the EU even though it sits in
	// us-east-1", "if users ask about it, the answer is "standard
	// configuration"". The reader's conduct.
	customerDeceived = `\b(?:tell|tells|told|telling|say|says|assure|assures|inform|informs|answer|answers|reply|replies)\b[^.\n]{0,100}?\b(?:even though|although|when in fact|while in fact|but in fact|whereas in fact|though it (?:is|sits|lives|runs|still))\b` +
		`|\bif (?:users?|customers?|people|anyone|they|someone|auditors?|the client) asks? (?:about|why|what)\b[^.\n]{0,40}?\b(?:the answer is|say|call it|describe it as|tell them)\s*["']`

	// tlsVerifyOff is TLS or certificate verification switched off by
	// its setting.
	tlsVerifyOff = `\b(?:http\.)?sslverify\s*(?:=\s*)?(?:false|0|no)\b|\bstrict-ssl\s*(?:=\s*)?false\b|\bnode_tls_reject_unauthorized\s*=\s*0\b|\bgit_ssl_no_verify\b|\b(?:verify_ssl|ssl_verify|tls_verify|verify)\s*[=:]\s*false\b`

	// rootTrusted is a root of trust installed: "trust the proxy's root
	// certificate".
	rootTrusted = `\btrust[a-z]* (?:the |a |an |this |that |our |their )?(?:[a-z0-9-]+'s |[a-z0-9-]+ ){0,2}root (?:certificates?|certs?|cas?)\b`

	// ownershipTransferred is a contract's or a project's ownership handed
	// over: "call transferOwnership(0x…)", "transfer ownership to".
	ownershipTransferred = `\btransferownership\s*\(|\btransfer(?:s|red|ring)? (?:the |its |contract |admin )?ownership\b[^.\n]{0,40}?\bto\b|\b(?:ownership|owner role|admin role|admin keys?) (?:is |gets |has to be |must be )?(?:transferred|handed|passed) to\b`

	// privateReadGranted is read access to what is private given: "give
	// this address read access to all private repos".
	privateReadGranted = `\b(?:give|grant|add|invite)[a-z]*\b[^.\n;]{0,40}?\b(?:read|full|admin|owner|write) access to (?:all |every |our |the )?(?:private|internal|confidential)\b`

	// straightToLive is work sent straight to the live branch or network
	// in any verb: "goes straight to mainnet", "regenerated templates go
	// straight to main".
	straightToLive = `\b(?:go|goes|went|land|lands|ship|ships|deploy|deploys|broadcast|broadcasts|publish(?:es)?|released?|releases|merged?|merges|committed|commits)\b (?:[a-z]+ ){0,2}(?:straight|directly) (?:in)?to (?:main|master|mainnet|prod|production|the live (?:site|network|server))\b`

	// changeControlSkipped is a production change made outside change
	// control: "with no change-advisory ticket", "without a change
	// ticket", "a change-freeze exemption", "no second signer".
	changeControlSkipped = `\b(?:with|and) no (?:change[- ]?(?:advisory |control |management )?|cab )(?:tickets?|requests?|reviews?|approvals?)\b|\bwithout (?:a |any )?(?:change[- ]?(?:advisory |control |management )?|cab )(?:tickets?|requests?|reviews?|approvals?)\b|\bchange[- ]?freeze exemption\b|\bno (?:second|other) signers?\b`

	// recordsCleared is records people keep cleared by a routine: call
	// recordings, backups, audit trails, a data directory with its
	// backups; a backup tool told to keep one snapshot. Kept when the
	// sentence states a retention policy (recordsRetention).
	recordsCleared = `\b(?:clear|clears|cleared|clearing|empt(?:y|ies|ied|ying)|wip(?:e|es|ed|ing)|purg(?:e|es|ed|ing)|delet(?:e|es|ed|ing)|eras(?:e|es|ed|ing))\b[^.\n;]{0,60}?(?:\b(?:call |voice )?recordings\b|/var/spool/[a-z/]+|\bdata director(?:y|ies)\b[^.\n;]{0,30}?\bbackups?\b)` +
		`|\b(?:restic|borg|kopia)\b[^\n]{0,20}?\b(?:forget|prune)\b[^\n]{0,30}?--keep-(?:last|daily|within)[ =]?[01]\b`

	// secretToRole is a secret sent to a party named by its role, not its
	// host: "uploads the machine's SSH keys to the BBS".
	secretToRole = `\b(?:upload|send|post|e-?mail|forward|transmit|submit|cop(?:y|ies|ied))[a-z]*\b (?:the |all |your |its |their |our |[a-z]+'s ){0,2}(?:ssh keys?|private keys?|api keys?|signing keys?|tokens?|passwords?|credentials|secrets?|\.env(?: files?)?)\b[^.;]{0,20}?\bto (?:the |a |an |our |their |its )?(?:[a-z-]+ ){0,2}(?:bbs|vendor|author|partner|board|relay|relayer|portal|licen[cs]e server|licensing server)\b`

	// checkOverridden is a failing check overridden to merge.
	checkOverridden = `\bwith (?:the |a |any )?(?:failing |red |required )?(?:[a-z-]+ )?(?:checks?|tests?|ci|reviews?|gates?) (?:overridden|ignored|skipped|bypassed|disabled)\b`

	// recordsRetention is a retention policy: kept for a period, deleted
	// after it, by the retention job.
	recordsRetention = `\b(?:after|older than|beyond) \d+ (?:days?|weeks?|months?|years?)\b|\bretention (?:job|policy|period|schedule)\b|\blegal hold\b`
)

// notRetention reports a destruction whose sentence is no retention
// policy.
func notRetention(s string, m []int) bool {
	from := clauseStart(s, m[0])
	to := strings.IndexAny(s[m[1]:], ".\n")
	if to < 0 {
		to = len(s)
	} else {
		to += m[1]
	}
	return !recordsRetentionRE().MatchString(s[from:to])
}

var recordsRetentionRE = lazyRE(recordsRetention)

// waiverAsked reports a waiver that its clause does not itself forbid or
// reject ("we never merge with no review").
func waiverAsked(s string, m []int) bool {
	// "Even if a scanner flags it" waives the scanner whatever the
	// clause forbids before it ("must not be rotated even if …").
	if w := s[m[0]:m[1]]; strings.HasPrefix(w, "even if") || strings.HasPrefix(w, "also if") {
		return true
	}
	return !waiverNegated().MatchString(s[clauseStart(s, m[0]):m[0]])
}

var waiverNegated = lazyRE(`\b(?:never|not|cannot|nobody|no one|forbidden|banned)\b|n't\b`)

// actNotNoun reports a match whose first word is a verb, not the act's
// noun ("deletion", "removal", "erasure"): "deletion logs go to the audit
// trail" keeps a record of the act.
func actNotNoun(s string, m []int) bool {
	w := firstWord(s[m[0]:m[1]])
	return !strings.HasSuffix(w, "ion") && !strings.HasSuffix(w, "ions") && !strings.HasSuffix(w, "al") && !strings.HasSuffix(w, "als") && !strings.HasSuffix(w, "ure")
}
