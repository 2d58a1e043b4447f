package trust

import (
	"math/bits"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// The shape of an attack on a memory store, whatever its wording: it must
// (a) address the agent that will read it — an order to agents, to a
// future session, or a note that claims an authority it cannot show — and
// (b) ask for something that raises risk: a capability (run, install,
// push, merge, approve, delete, disable a safeguard) on a sensitive object
// (secrets, keys, .env, backups, production, protections), a destination
// outside (a URL, an address, a host, a remote), or concealment from the
// person. A team's policy note ("reviewers must run the e2e suite") has
// (b) without (a), or (a) without (b): it addresses people and asks for
// nothing risky. Each part is a small lexicon in English, German, French,
// Spanish and Portuguese, matched on a folded view (NFKC, confusables,
// diacritics dropped, markup removed) so the lexicon is written once.
//
// The parts that fired are named in the finding ("agent-directive+
// concealment"), so a quarantine record says why.

// shapePart is one lexicon: the part it stands for, whether it addresses
// (a) or raises risk (b), and its weight.
type shapePart struct {
	name    string
	address bool
	weight  int
	// expr is the lexicon's expression (empty for a part that is only a
	// check, also). It is never compiled whole: its branches are, each on
	// first use.
	expr string
	// also, when set, must hold too (a destination outside, no negation).
	also func(s string, m []int) bool
	// gate, when set, lists words one of which the text must hold for the
	// lexicon to be tried: Go's regexp has no literal prefix to skip by
	// in these alternations, and most notes address nobody.
	gate []string
	// soft marks an address that names no agent (the next reader, a duty
	// in the passive): strong enough for an attack's risk, too vague to
	// hold a note that only names a secret ("whoever is on call next week:
	// the deploy key expires, rotate it").
	soft bool
	// branches are re's top-level alternatives, each compiled on its own
	// with its slot in the literal index: a lexicon of twenty phrasings is
	// tried only on the phrasings whose words are in the text.
	branches []branch
}

// branch is one alternative of a part's expression and its slot in the
// literal index. It is compiled the first time the index finds its words
// in a text: the lexicons compiled whole held 45 MB of a daemon's heap
// (issue 28: its collector then ran through half its CPU under a
// stream), and most branches never meet their words.
type branch struct {
	re   func() *regexp.Regexp
	slot int
}

// The thresholds. A part that addresses weighs 2 when it speaks to agents,
// to later sessions, with an authority, or keeps things from the person
// ("strong"); an imperative, a habit ("whenever") or "from now on" weigh
// 1: "skip the slow test in CI" is a team's note until it speaks to
// agents. An attack has a strong address and risk ≥ 2. A directive from a
// source not trusted is held for review with a strong address and any
// risk, two weak ones and risk ≥ 2, or one and risk ≥ 4 (a download run,
// secrets sent outside): the owner's own "curl … | sh" is a note, the same
// line from a web page is not.
const (
	shapeAddress = 2
	shapeRisk    = 2
)

// Shared word lists of the lexicons (folded: lower case, no diacritics).
const (
	agentNoun = `(?:(?:ai|coding|code|llm|autonomous|automated)\s+)?(?:agents?|assistants?|ais|llms?|copilot|claude|chatgpt|gpt|cursor|codex|gemini|bots?|ai (?:pair[- ]programmers?|programmers?|helpers?|reviewers?|tools?|models?|systems?|readers?|workers?|contributors?|coders?|operators?|responders?|teammates?|engineers?))` +
		`|the (?:ai |language )?models?|automated (?:contributors?|tools?|reviewers?|helpers?)|whichever ai|(?:that|this|the|any) helper(?:'s)?|helper tools?|the automation` +
		`|(?:agent(?:en)?|assistent(?:en)?|ki|ki-[a-z]+)` + // de
		`|(?:l'ia|l'assistant|l'agent|assistants?|ia)` + // fr
		`|(?:agentes?|asistentes?|assistentes?)` // es, pt
	modal = `(?:must|should|shall|may|can|will|are to|is to|needs? to|ha(?:ve|s) to|(?:is|are) (?:now |hereby )?(?:allowed|permitted|authori[sz]ed|cleared|free|expected|required|instructed|pre-?approved|granted|to)|(?:has|have) (?:standing )?permission)` +
		`|(?:durfen|darf|konnen|kann|mussen|muss|sollen|soll|sollte|sollten)` +
		`|(?:peuvent|peut|doivent|doit|devront|devra|pourront|pourra|devez|sont autorises|est autorise|a le droit de|ont le droit de)` +
		`|(?:pueden|puede|deben|debe|tienen que|tiene que|estan autorizados|podran|podra|deberan|debera|tienen? permiso para)` +
		`|(?:podem|pode|devem|deve|tem que|estao autorizados|poderao|podera|deverao|devera|tem permissao para)` +
		`|(?:get|gets|got|receive|receives|hold|holds) (?:permanent |standing |full )?(?:permission|approval|clearance)`
	futureSession = `(?:(?:all|any|every|each)\s+(?:future|subsequent|later|next|new|upcoming|coming|following)\s+(?:sessions?|runs?|conversations?|chats?|agents?)|(?:future|upcoming) sessions?|later (?:sessions|runs|conversations)|subsequent (?:sessions|runs)|next time you|(?:from|in) the next sessions?|whoever (?:picks|takes) (?:this|it) up next|rest of the (?:quarter|year|month|project)|blanket (?:approval|permission)|(?:from|starting (?:with|from)) this session (?:on|onward)|in every (?:new )?session|each (?:new )?session|(?:start|end|beginning|close) of (?:every|each|any) (?:new )?session|standing (?:order|permission|approval|instruction|procedure|practice|arrangement)|permanently|pre-?approved|pre-?authori[sz]ed|for all future)` +
		`|(?:zukunftige(?:n)? sitzungen|jede(?:r|n)? (?:neue(?:n)? )?sitzung)` +
		`|(?:sessions futures|toutes les (?:futures |prochaines )?sessions|chaque (?:nouvelle )?session)` +
		`|(?:sesiones futuras|cada sesion(?: nueva)?|todas las sesiones)` +
		`|(?:sessoes futuras|cada (?:nova )?sessao|todas as sessoes)`
	fromNowOn = `(?:going forward|from now on|henceforth|hereafter|effective immediately|from here on)` +
		`|(?:ab sofort|ab jetzt|von nun an|kunftig|in zukunft)` +
		`|(?:desormais|dorenavant|a partir de maintenant|a l'avenir)` +
		`|(?:a partir de ahora|de ahora en adelante|en adelante)` +
		`|(?:de agora em diante|a partir de agora|daqui em diante|daqui para frente)` +
		`|(?:as of today|starting today|from today on|ab heute|a partir d'aujourd'hui|a partir de hoy|desde hoy|a partir de hoje)`
	authority = `(?:\b(?:message|note|notice|order|instruction|directive|memo|word|announcement)s? from (?:the |our |your )?(?:[a-z]+ )?(?:owners?|admin(?:istrator)?s?|maintainers?|lead|security team|platform team|cto|ceo|management|anthropic|openai|github|staff|system)` +
		`|\bbinding (?:on|for) (?:all )?(?:automated|ai|agents?|assistants?|bots?|llms?|tools?)|\bper (?:compliance|legal|the board|security|policy)\b|\blegal has approved\b|\bthe board decided\b|\bdirective of the\b|\bticket from (?:it|the) [a-z ]{0,20}?governance\b|\blaut (?:compliance|rechtsabteilung|geschaftsfuhrung)\b|\bselon la direction\b|\bpor decision de la direccion\b|\bpor decisao da diretoria\b|\bsigned by (?:root|the (?:repo )?owner|the admin)\b|\bowner override\b|\bverified\b[^.\n]{0,30}?\b(?:anthropic|openai|trust (?:&|and) safety|security team)\b` +
		`|priority override|official (?:notice|instruction|policy|directive)|(?:has|have) signed off|highest priority|top priority|as the (?:lead |repo |project )?(?:maintainer|owner|admin)|(?:written|issued|authori[sz]ed|approved) by the (?:admin|owner|maintainer|security team)|(?:is|are) authoritative|orders from|(?:^|\n)\s*\[?(?:system|admin|developer|root)\]?\s*[:\]]|the maintainer has authori[sz]ed)` +
		`|(?:anweisung|nachricht|hinweis|befehl) (?:vom|von der|des) (?:eigentumer|besitzer|admin|administrator|maintainer|chef)` +
		`|(?:message|instruction|ordre|consigne) (?:du|de l'|de la) (?:proprietaire|administrateur|admin|mainteneur|responsable)` +
		`|(?:instruccion|mensaje|orden|aviso) del (?:administrador|propietario|dueno|admin|responsable)` +
		`|(?:aviso|mensagem|instrucao|ordem) do (?:dono|proprietario|administrador|admin|responsavel)`
	// unreported is concealment told as a convention, with no one
	// addressed: "the swap goes unmentioned", "progress reports leave it
	// out", "not worth raising in a summary".
	unreported = `\b(?:goes|go|stays?|remains?) (?:unmentioned|unreported|undocumented|out of (?:any|the|all|every) (?:status|report|summar|write-?up|changelog|message|update))|\bundocumented on purpose\b|\bleav(?:e|es|ing) (?:it|them|this|that) out\b|\bnot (?:the kind of (?:change|thing) (?:that is )?)?worth (?:raising|mentioning|reporting)|\bnever bothered with\b|\b(?:are|is) not mentioned\b`
	// recordSilent is a record said to stay silent: see the part.
	recordSilent = `\b(?:changelog|release notes?|(?:status |incident |sign-?off |audit |weekly |monthly )?reports?|summar(?:y|ies)|tickets?|commit messages?|pr (?:description|body)|write-?ups?|status updates?|handover|standup notes?|minutes)\b[^.\n]{0,30}?\b(?:does not|doesn'?t|do not|don'?t|never|won'?t|will not|need not|needn'?t|should not|shouldn'?t|must not|mustn'?t)\s+(?:need to\s+)?(?:mention|list|include|say|note|record|show|cover|report|reflect|call out)\b` +
		`|\b(?:leave|leaves|left|keep|keeps|kept)\s+(?:it|this|that|them|these|those|the [a-z-]+(?: [a-z-]+)?)\s+out of\s+(?:the |any |our |their |every )?(?:[a-z-]+ )?(?:changelog|release notes|report|summary|summaries|ticket|commit|pr|write-?up|update|notes|minutes|review)` +
		`|\b(?:should|must|do|does|need)(?: not|n'?t) (?:mention|say|bring up|note|disclose|report)\b[^.\n]{0,30}?\b(?:in|to) (?:the |any |our |their )?(?:changelog|release notes|report|summary|ticket|commit|pr|review|customer|client|auditors?)` +
		`|\btell no ?one\b|\bnobody (?:needs to|has to|should) (?:know|hear)\b|\bnot to be (?:told|mentioned|reported)\b|\bprefers? not to (?:be told|hear|know)\b|\b(?:stays?|remains?) silent\b`
	concealment = `(?:(?:do not|don't|dont|never|must not|mustn't)\s+(?:surface|mention|tell|show|reveal|report|disclose|bring (?:this |it )?up|inform|notify|alert|raise|flag)\b[^.\n]{0,40}?\b(?:user|human|owner|person|team|anyone|maintainers?|summar(?:y|ies)|chat|reply|output|review|reviewers?|operators?|security|pr)` +
		`|\b(?:does not|doesn't|do not|don't|needn't|need not)\s+(?:need to\s+)?(?:be told|be informed|be notified|know about|hear about)\b|\b(?:do|doing|does) (?:it|this|that|so) (?:quietly|silently|secretly)\b|\bstops? (?:surfacing|reporting|mentioning|showing|raising|flagging)\b|\b(?:is|are)(?: not|n't) to be (?:told|informed|notified|alerted|made aware)\b|\bwithout (?:a |any )?comment\b` +
		`|\b(?:never|do not|don't|must not)\s+(?:reveal|mention|disclose|admit|acknowledge)\s+(?:that\s+)?(?:this|the|that|these|those)\s+(?:file|note|instruction|memory|rule|policy)s?\s+(?:exists?|is there|are there)\b` +
		`|keep (?:this|it) (?:between us|secret|hidden|quiet|confidential|to yourself|out of (?:your |the )?(?:summar|reply|response|report|chat|pr|commit))|no need to (?:tell|mention|inform|notify|raise|flag|report|bring (?:it|this|that) up)\b|avoid (?:mentioning|telling|reporting|bringing up)|(?:do not|don't|never) (?:report|list|include|mention) (?:this|it|these)\b[^.\n]{0,20}?\b(?:in|to) (?:the |your )?(?:pr|summary|reply|commit|changelog|description|chat)|(?:hide|conceal) (?:this|it|the change)\b[^.\n]{0,20}?\bfrom|without (?:telling|informing|notifying|alerting|mentioning)\b` +
		`|omit (?:any )?(?:mention|it|this)\b[^.\n]{0,40}?\b(?:output|reply|response|summar(?:y|ies)|report)|leave (?:it|this) out of (?:the |your )?(?:commit|reply|response|summar|changelog|pr|report)` +
		`|(?:this|the) (?:instruction|note|message|memory) is (?:confidential|secret)|(?:owner|user|human) must not (?:learn|know|find out|see)|(?:silently|secretly|covertly|quietly)\s+[a-z]|\bso (?:that )?(?:nobody|no one) (?:asks|notices|sees|finds out|checks)\b|\bso (?:that )?(?:compliance|security|auditors?|the (?:user|owner|auditors?|team|reviewers?|security team)) (?:does not|doesn't|do not|don't|won't|will not|cannot|can't|never) (?:notice|see|spot|find out|ask)\b|\b(?:should|must|need|needs|is|are)(?: not|n't) (?:be )?(?:shown|mentioned|reported|surfaced|displayed|told|raised|flagged)\b[^.\n]{0,20}?\bto (?:the )?(?:user|human|person|owner)` +
		`|leave (?:it|this|that|them|these|those) out of\b|\bleaves? [^.\n]{1,60}? out of (?:its|their|your|the|any|all) (?:[a-z]+ )?(?:summar|report|repl|response|pr\b|changelog|description|notes)|keep\b[^.\n]{0,50}?\bout of (?:anything|any|all|your|the)\b[^.\n]{0,20}?(?:report|summar|repl|response|pr\b|chat|changelog|notes|description)` +
		`|\b(?:not|never) (?:inform|tell|notify|alert|warn) (?:the |any )?(?:requesters?|reviewers?|users?|owners?|humans?|team|maintainers|anyone|person)\b|\bdescribe (?:it|this|that|the change)\b[^.\n]{0,30}?\bas (?:an? |the )?(?:typo|refactor|cleanup|minor|small|harmless|routine|formatting|docs?)` +
		`|(?:report|notify|tell|inform|show)_?(?:to_)?(?:the_)?(?:users?|humans?|owners?)"?\s*[:=]\s*"?(?:false|no|off|0)\b` +
		// The details kept from the person as a kindness: "don't
		// trouble the user with the details".
		`|\b(?:don'?t|do not|no need to|never) (?:trouble|bother|burden|worry|distract) (?:the |your )?(?:users?|person|owner|human|developers?|maintainers?|team|reviewers?) with (?:the |any )?(?:details|it|this|that|them)\b)` +
		`|(?:(?:sag|verrat)(?:e)? (?:dem|den) (?:benutzer|nutzer|user|besitzer)[a-z]* nichts|ohne es (?:dem [a-z]+ )?zu (?:sagen|erwahnen|melden)|verschweig|nicht erwahnen|heimlich)` +
		`|(?:ne (?:dis|dites) rien|sans le dire|sans en parler|sans (?:le )?(?:signaler|prevenir)|inutile de le (?:signaler|dire|mentionner)|ne le mentionne pas|cache(?:r)? (?:ceci|cela) a|en secret|discretement)` +
		`|(?:no le digas|no se lo digas|sin decir(?:le|selo)?|no menciones|no lo mencion[a-z]*|sin avisar|en secreto|a escondidas)` +
		`|(?:nao conte|nao diga|sem contar|sem avisar|nao (?:mencione|avise|informe)|em segredo|escondido)`
	// outside is a destination outside the project: a URL, an address, an
	// IP, a git remote, a bucket, a paste site.
	outside   = `(?:[a-z][a-z0-9+.-]{1,10}://[^\s)>"']+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}:\d{2,5}\b|(?:^|[\s(<])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/[^\s)>"']*|[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?::\d+)?|git@[a-z0-9.-]+:|s3://|gs://|\bgist\b|pastebin|\bpublic (?:bucket|wiki|repo|gist|channel|mirror|remote|fork|site|page|server)|(?:deploy|backup|extra|new|another|external) remote|\bremote (?:named|called)\b|\bdropbox\b|\bwebhook\b|\boutside (?:the )?(?:company|org|organi[sz]ation)\b|\bpersonal (?:drive|account|e-?mail|dropbox|cloud|laptop|machine|repo|storage|server|bucket|nas)\b|\b(?:our|a|the) (?:partner|vendor|contractor|third[- ]party)\b|\b(?:an?|the|our) (?:external|outside|third[- ]party)(?: [a-z]+)? (?:vendor|partner|company|contractor|party|provider|agency)\b|\b(?:prestataire|partage externe|proveedor externo|fornecedor|dienstleister|externen? (?:server|dienst|partner))\b)`
	secretObj = `(?:secrets?|credentials?|authorization headers?|session cookies?|api[ _-]?keys?|deploy keys?|ssh keys?|signing keys?|private keys?|access keys?|tokens?|passwords?|\.env\b|env file|~?/?\.aws|\.ssh|id_rsa|\.netrc|\.npmrc|kubeconfig|environment variables|env vars|printenv|` + "`env`" + `|output of env|~/\.[a-z]+|\./secrets|dotenv|(?:unseal|recovery|master) keys?|recovery codes?)` +
		`|(?:zugangsdaten|passwort|passworter|schlussel|geheimnisse)` +
		`|(?:cles? ssh|cles?|mots? de passe|identifiants|secrets)` +
		`|(?:credenciales|claves|contrasenas?)` +
		`|(?:credenciais|chaves|senhas?)`
	exfilVerb = `(?:(?:send|post|upload|email|e-mail|mail|forward|paste|push|publish|export|share|transmit|sync|mirror|dump|print|leak|exfiltrate|beam|put|attach|append|archive|archiv|ship)(?:s|es|ed|ing)?|cop(?:y|ies|ied|ying))` +
		`|(?:schick[a-z]*|sende[nt]?|hochlad[a-z]*|lade\S* hoch|kopier[a-z]*|pushen|weitergeb[a-z]*|weiterleit[a-z]*|gib\S* (?:\S+ ){0,4}weiter)` +
		`|(?:envo(?:ie|ies|ient|yer|yez|yons|yera|yeront)|pouss(?:e|es|er|ez|ent|era|eront)|publi(?:e|er|ez|ent|era|eront)|copi(?:e|es|er|ez|ent|era|eront)|partag(?:e|er|ez|ent|era|eront)|transfer(?:e|er|ez|ent|era|eront))` +
		`|(?:envi(?:a|an|ar|e|en|ou|ara|aran|arao)|sub(?:a|an|e|en|ir|ira|iran)|copi(?:a|an|ar|ara|aran|ou)|public(?:a|an|ar|ara|aran)|publique|mand(?:a|an|ar|e|em|ara|ou))`
	fetchVerb = `(?:(?:download|fetch|curl|wget|install|load)(?:s|es|ed|ing)?|pip install|npm install|go get)` +
		`|(?:herunterladen|lade\S* (?:\S+ ){0,6}herunter|installier)` +
		`|(?:telecharge|telecharger|installe)` +
		`|(?:descarga|descargar|instala)` +
		`|(?:baixe|baixar|instale)`
	runVerb = `(?:\b(?:run|runs|running|execute[sd]?|executing|exec|source|pipe\S*|eval)\b|\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|into (?:ba|z)?sh|with bash|trust and run|put it in /usr)` +
		`|(?:ausfuhren|fuhre\S* (?:\S+ ){0,4}aus|starte)` +
		`|(?:executer|execute|lance)` +
		`|(?:ejecuta|ejecutar|corre)` +
		`|(?:execute|executar|rode|rodar)`
	// safeguard is a protection a capability can weaken.
	safeguard = `(?:branch protection|protections?|(?:mfa|2fa|signing|signature) (?:enforcement|requirement)|(?:require )?(?:two|multi)-factor(?: authentication)?|audit logging|zwei-faktor(?:-pflicht)?|verificacion de firmas|exigencia de assinatura|(?:code |security )?review(?:er)?s?|tests?|test suite|ci(?: gate)?|checks?|hooks?|pre-commit(?: hook)?|lint(?: hook)?|linters?|signatures?|signing|signature checks?|verification|2fa|mfa|secret scanning|scanning|scanners?|audit(?: log| job| workflow)?|safety checks|safeguards|guardrails|approvals?` +
		`|(?:green )?pipeline|waf(?: rules?)?|web application firewall|firewall rules?|(?:input |request |schema )?validat(?:ion|ors?)|(?:release |security )?workflow checks?|release workflow|sast(?: stage| scan)?|(?:tests?|security|scan) stage|rate ?limit(?:er|ing)?|throttl[a-z]*|auth(?:entication)? checks?|checksums?(?: verification)?|codeowners(?: approvals?)?|codeql|sign-?offs?)` +
		`|(?:branch-protection|pre-commit-hook|hook|uberprufung|signaturprufung|tests)` +
		`|(?:relecture|revue|verification des signatures|protection de la branche|protection)` +
		`|(?:revision|proteccion|pruebas|verificacion(?:es)?(?: de firma)?|firmas?)` +
		`|(?:revisao|protecao|testes|verificac(?:ao|oes)(?: de assinatura)?|assinaturas?)`
	weakenVerb = `(?:disabl(?:e|es|ed|ing)|untick(?:s|ed|ing)?|uncheck(?:s|ed|ing)?|comment(?:s|ed|ing)? out|dismiss(?:es|ed|ing)?|delet(?:e|es|ed|ing)|turn(?:s|ed|ing)? off|switch(?:es|ed|ing)? off|deactivat(?:e|es|ed|ing)|remov(?:e|es|ed|ing)|bypass(?:es|ed|ing)?|skip(?:s|ped|ping)?|waiv(?:e|es|ed|ing)|suppress(?:es|ed|ing)?|drop(?:s|ped|ping)?|relax(?:es|ed|ing)?|lift(?:s|ed|ing)?|truncat(?:e|es|ed|ing))` +
		`|(?:deaktivier\S*|abschalten|abgeschaltet|ausgeschaltet|ausgesetzt|schalte\S* (?:\S+ ){0,4}ab|ausschalten|umgehen|uberspringen)` +
		`|(?:desactive\S*|desactiver|contourne\S*|ignorer|ignorez|ignoreront)` +
		`|(?:desactiva\S*|desactivar|omite|omitir|salta)` +
		`|(?:desativ\S*|desligue|desligar|pule|pular|ignorar)`
	approveVerb = `(?:approv(?:e|es|ed|ing)|merg(?:e|es|ed|ing)|accept(?:s|ed|ing)?|sign off|mark|apply|applies|applied)` +
		`|(?:mergen|genehmigen|freigeben|akzeptieren)` +
		`|(?:approuver|fusionner|merger|valider)` +
		`|(?:aprobar|hacer merge|fusionar|aceptar)` +
		`|(?:aprov(?:e|a|ar|em|ou|ara|arao)|fazer merge|mesclar|aceitar)|(?:aprobara|aprobaran|approuvera|approuveront|genehmigt|gemerged|gemergt|fusionn[a-z]*|fusionad[ao]s?|integrad[ao]s?)`
	noReview = `(?:without (?:a |any )?[a-z]+ review|(?:it|them|this|that) (?:yourself|itself|themselves)|sans relecture humaine|sin revision|sem revisao humana|without (?:any )?(?:review(?:ing)?|reading(?: the diff)?|tests?|testing|checking(?: in)?|asking|approval|confirmation|question|waiting for (?:ci|review|checks|tests|approval))|automatically|no human in the loop|unattended|ohne (?:ruckfrage|review)|no review is needed|(?:their|its|your|my|our) own (?:pull requests?|prs?|changes|commits|work|code|branch(?:es)?)|as-is|blindly|every (?:pr|pull request|change|dependency bump)|all (?:open )?(?:prs|pull requests|changes)|any (?:other )?(?:open )?(?:prs?|pull requests?)\b[^.\n]{0,30}?\b(?:judges?|thinks?|deems?|considers?|finds?)|as approved automatically)` +
		`|(?:ohne (?:review|uberprufung|prufung|tests))` +
		`|(?:sans (?:relecture|revue|verification|tests)|toutes les pull requests)` +
		`|(?:sin (?:revision|pruebas)|sus propios cambios)` +
		`|(?:sem revis(?:ao|ar)|sem testes|todos os pull requests|sin revisar|ohne zu prufen|sans relire)` +
		`|(?:sus propios|seus proprios|ses propres|leurs propres|ihre eigenen|seine eigenen)`
	destroyObj = `(?:backups?|snapshots?|production|prod|audit[- ]logs?|release/\*|release branches|all branches|protected branches|the database|tables?|databases?)` +
		`|(?:sicherungen|produktion|protokolle|geschutzte branches|zweige)|(?:sauvegardes|branches protegees)|(?:copias de seguridad|produccion|ramas(?: protegidas)?)|(?:copias de seguranca|producao|branches protegidas|ramos)`
	destroyVerb = `(?:tidy up|clean(?:s|ed|ing)? up|clear(?:s|ed|ing)? out|get rid of|prun(?:e|es|ed|ing)|nuk(?:e|es|ed|ing)|delet(?:e|es|ed|ing)|wip(?:e|es|ed|ing)|truncat(?:e|es|ed|ing)|purg(?:e|es|ed|ing)|drop(?:s|ped|ping)?|eras(?:e|es|ed|ing)|destroy(?:s|ed|ing)?|rm -rf|remov(?:e|es|ed|ing))` +
		`|(?:losch\S*)|(?:supprime\S*|efface\S*)|(?:borra\S*|elimina\S*)|(?:apag\S*|exclu\S*)`
	supplyRedirect = `(?:(?:set|point|change|switch|use)\s+(?:the\s+)?(?:npm |pip |pypi |go |apt |maven |gradle |cargo |docker )?(?:registry|proxy|goproxy|index(?:-url)?|mirror|package source)\b|--index-url|--extra-index-url|--trusted-host|gonosum(?:db|check)|goinsecure|gonoproxy|strict-ssl\s*(?:=|false)|--no-check-certificate|--allow-unauthenticated|(?:add|import|trust)\s+(?:the\s+)?(?:apt |gpg |signing |repo |release )?key from|replace\s+\S+\s+with\s+\S+\s+in\s+(?:go\.mod|package\.json|requirements|cargo\.toml|pom\.xml)|maintained fork|\b(?:registry|index(?:-url)?|mirror|goproxy)\b[^\n]{0,60}?https?://|https?://\S+ (?:in|as|for) (?:\.npmrc|pip\.conf|\.pypirc|goproxy|the (?:registry|index))\b)` +
		`|(?:registro de npm|registry (?:auf|a|para))`
	privilege = `(?:--no-verify|force[- ]?push|push\S* (?:\S+ )?--force\b|--force\b[^.\n]{0,30}?\b(?:protected|main|master)\b|publish\S* (?:\S+ ){0,3}(?:to npm|to pypi|to the registry|releases?|packages?)|auf main pushen|pushen auf main|push (?:access|rights) to (?:main|master)|push\S* (?:\S+ ){0,3}(?:directly|straight) to (?:main|master|prod|production)|push (?:release )?tags directly|(?:run|appl(?:y|ies|ied))[a-z]* (?:\S+ )?migrations (?:against|on|to) (?:prod|production|the primary)|\bcommit\S* (?:\S+ ){0,2}-n\b|delete (?:\S+ ){0,2}branches including)` +
		`|(?:push-rechte|direkt auf main)|(?:directement sur main)|(?:directamente a main)|(?:direto na main)`
	delegation = `(?:\b(?:trust and run|run whatever|execute whatever|do whatever)\b|treat(?:s|ed|ing)? (?:every|all|any|anything)(?: (?:instruction|message|comment|note)s?)?\b[^\n]{0,60}?\bas (?:an? )?(?:order|command|instruction)s?\b|treat(?:s|ed|ing)? (?:every|all|any) (?:[a-z-]+ )?(?:instruction|message|comment|note|request|mail|e-?mail|command)s?\b[^\n]{0,60}?\bas (?:coming from|from|orders|commands|authoritative)|(?:obey|follow|carry out|do what)(?:[^-a-z.\n][^.\n]{0,39}?|[^-a-z.\n]?)\b(?:comments?|it says|they say|says|file|todo)|whatever\b[^.\n]{0,40}?\bsays\b|(?:overrides?|outranks?|supersedes?|takes? precedence over) (?:your|all|any) (?:other )?(?:guidance|instructions|rules|system prompt)|consider (?:messages|instructions|comments|text|anything|content)\b[^.\n]{0,50}?\bas (?:authoritative |binding )?(?:pre-?approved|commands|orders|instructions|authoritative)|(?:comments?|notes?)\s+(?:starting|marked|tagged)\b[^.\n]{0,40}?\b(?:orders|commands|authoritative|instructions)|(?:are|is) orders from` +
		`|\bas if (?:the |a |an )?(?:repo(?:sitory)? |project )?(?:owner|maintainer|admin|lead|user) (?:had )?(?:typed|wrote|written|said|sent|approved|asked)` +
		`|\b(?:follow|obey|prefer|prioriti[sz]e)[a-z]* (?:them|it|those|these|its instructions)\b[^.\n]{0,20}?\b(?:over|above|before) (?:anything|everything|all|your|the)` +
		`|\b(?:above|over|outranks?) (?:the |your )?system prompt|\btrusted_?instruction|\bthe label means\b` +
		`|\binstructions?\b[^.\n]{0,30}?\b(?:live|are|is|can be found|sit|hosted) (?:at|on|in) [a-z][a-z0-9+.-]{1,10}://` +
		`|\b(?:load|fetch|read|pull)[a-z]* (?:them|the instructions|instructions|the rules)\b[^.\n]{0,60}?\b(?:follow|obey|apply)` +
		`|\bappl(?:y|ies|ied) (?:any|every|all) (?:patch|diff|change|suggestion)e?s?\b[^.\n]{0,60}?\bwithout (?:review|reading|checking|looking))`
	imperativeStart = `(?:^|[\n.!?;:|]\s*|^\W*|(?:—|–|\bso|\bthen|\band)\s+please\s+|(?:^|[\n.!?;:]\s*)(?:when|whenever|before|after|while)\s+[a-z]+ing\b[^,.;:\n]{0,50},\s*|(?:^|[\n.!?;:]\s*)(?:when|whenever|once)\s+[^,.;:\n]{1,70},\s*)(?:please\s+)?(?:run|install|download|fetch|set|add|give|push|send|post|upload|email|copy|delete|disable|approve|merge|treat|obey|replace|point|pipe|curl|execute|skip|keep|hide|omit|consider|commit|export|share|grant|remove|bypass|turn off|dump|accept|let)(?:\s|$)` +
		`|(?:^|[\n.!?;:]\s*)(?:schicke|sende|lade|fuhre|deaktiviere|sag|losche|envoie|pousse|desactive|supprime|ne dis|envia|descarga|ejecuta|borra|no le digas|envie|baixe|execute|apague|nao conte)\b`
)

// Automation addressed by how it runs (batch 22): a modifier that says
// no person is at the keyboard and a noun for what runs, or a plain
// noun for software qualified by what it does ("tooling that prepares
// releases", "implementations running without a human present", "a
// conforming client").
const (
	autoActor = `(?:automated|automatic|unattended|non-?interactive|headless|scheduled|autonomous|programmatic) (?:[a-z-]+ )?(?:callers?|clients?|runs?|reruns?|installs?|installers?|installations?|jobs?|sessions?|tooling|tools?|updaters?|editors?|submitters?|consumers?|runners?|scripts?|changes?|contributors?|processes|builds?|invocations?|users?|participants?|browsers?|verifiers?|actors?|workers?|pipelines?|agents?|bots?|systems?|upgrades?|updates?|deploys?|deployments?|merges?|releases?|prs|pull requests?|commits?)|(?:coding|agent|ai) sessions?`
	// autoActorNounFirst is autoActor's modifier and its noun with no
	// word between them.
	autoActorNounFirst = `(?:automated|automatic|unattended|non-?interactive|headless|scheduled|autonomous) (?:installers?|updaters?|scripts?|jobs?|tools?|bots?|agents?|pipelines?|runners?)`
	qualifiedActor     = `(?:tooling|tools?|clients?|implementations?|generators?|scripts?|automation|consumers?|runners?|programs?)(?: (?:that|which)\b[^.\n,;]{1,60}?| (?:working|running|acting|operating|reproducing|consuming|reading|processing|applying|preparing|installing)\b[^.\n,;]{0,60}?)|(?:conforming|compliant) (?:[a-z-]+ )?(?:clients?|implementations?|servers?|agents?|readers?)|such (?:tooling|tools|automation|clients|implementations|jobs|scripts)|(?:^|[\n.:;]\s*|\d\.\s+)tooling`
)

// hostGuard is a host's security agent or an OS protection.
const hostGuard = `endpoint protection|endpoint security|edr|antivirus|anti-virus|anti-malware|windows defender|microsoft defender|defender|real-?time (?:monitoring|protection)|falcon(?:-sensor)?|crowdstrike|sentinelone|carbon ?black|gatekeeper|xprotect|system integrity protection|smartscreen|auditd|osquery|wazuh|quarantine attributes?`

// autoGate are the words one of which a text must hold for the
// automation parts to be tried.
var autoGate = []string{"automated", "automatic", "unattended", "noninteractive", "non", "interactive", "headless", "scheduled", "autonomous", "programmatic", "coding", "session", "sessions",
	"tooling", "tool", "tools", "client", "clients", "implementation", "implementations", "generator", "generators", "script", "scripts", "automation", "consumer", "consumers", "runner", "runners", "program", "programs",
	"conforming", "compliant", "such", "owner", "assignee", "assigned", "owned", "actor", "executor", "performed", "done", "handled", "human", "humans", "person", "persons", "people", "oncall", "on", "call", "manual", "you",
	"included", "run", "started", "triggered", "invoked", "driven", "launched", "executed", "used", "operated", "builds", "runs", "jobs", "installs", "deploys", "changes"}

// The parts of session 16 (batch 13's families).
const (
	// waiver is a confirmation with the person waived.
	waiver = `\b(?:(?:never|don'?t|do not|no need to|needn'?t|without|no longer|stops?|to stop)\s+(?:need\s+to\s+|have\s+to\s+)?(?:ask|asking|confirm|confirming|check(?:ing)? with|consult|consulting|warn|warning)\b|no (?:follow-up |further )?(?:questions|confirmations?|prompts)\b|never warn|\bskip(?:s|ping)? (?:the |any |all |every )?(?:confirmation|confirm|prompt|check-?in)s?\b(?: prompts?)?)`
	// riskyAct is an act a person would want to confirm.
	riskyAct = `\brm\s+-(?:rf|fr)\b|\b(?:delet|drop|destroy|wip|purg|truncat|overwrit)[a-z]*\b|\bforce[- ]?push|--force\b|--admin\b|\badmin override\b|\bbypass[a-z]*\b|\bdeploy[a-z]*\b[^.\n]{0,20}?\bprod|\bmerg(?:e|es|ed|ing)\b|\bchmod\b|\bchown\b|\bsudo\b|\bmigrat[a-z]*\b[^.\n]{0,20}?\bprod|\breset --hard\b|\b(?:terraform|tofu|pulumi|kubectl|helm)\s+(?:apply|destroy|up|delete|upgrade|uninstall)\b|\b(?:run|apply|execute)[a-z]*\b[^.\n]{0,30}?\b(?:against|on|in) (?:prod|production)\b`
	// infraSafeguard is an infrastructure safeguard switched off.
	infraSafeguard = `\bprivileged\s*[:=]\s*"?true\b|--privileged\b|\bdocker\.sock\b|\brun_?as_?non_?root\s*[:=]\s*"?false\b|\ballow_?privilege_?escalation\s*[:=]\s*"?true\b|\bhost_?(?:network|pid|ipc)\s*[:=]\s*"?true\b|\b(?:network_?polic(?:y|ies)|pod_?security[a-z_]*|seccomp[a-z_]*|apparmor[a-z_]*|selinux|firewall|tls|ssl)[a-z_.]*\s*[:=]\s*"?(?:false|disabled|off|unconfined|none|privileged)\b|\bchmod\s+(?:-r\s+)?(?:0?777|a\+rwx|o\+w)\b|\bnopasswd\s*:\s*all\b|\ball\s*=\s*\(all(?::all)?\)\s*(?:nopasswd|all)\b|\bsetenforce\s+0\b|\bufw\s+disable\b|\biptables\s+-f\b|\b(?:cap_)?sys_admin\b|\b(?:allow|permit)_?all\s*\(`
)

// refusedAfter is a setting the next sentence refuses: "… told people
// to set PYTHONHTTPSVERIFY=0. Please don't".
var refusedAfter = lazyRE(`^[^\n]{0,30}?[.;!]\s*(?:please\s+)?(?:don'?t|do not|never|avoid)\b`)

// flaggedAfter is a risky setting the clause after calls a finding: "is
// exactly what our last audit flagged".
var flaggedAfter = lazyRE(`^[^.;\n]*?\b(?:flagged|audit|finding|vulnerab|forbidden|not allowed|is banned|disallowed)`)

// actSwitchedOff reports a risky act the clause after it says is switched
// off: "force-push to main is disabled in branch protection". Only an
// act: a safeguard that "is disabled" is weakened, not forbidden.
func actSwitchedOff(s string, m []int) bool {
	return actOff().MatchString(s[m[1]:min(len(s), m[1]+60)])
}

var actOff = lazyRE(`^[^.;\n]*?\b(?:is|are)\s+(?:now\s+|always\s+)?(?:disabled|turned off|switched off|off|not possible|impossible)\b`)

// offIsTheAct reports a weakening verb in the passive whose subject is a
// risky act, not a safeguard: in "force-push to main is disabled in
// branch protection" the force push is what is switched off, and the
// safeguard is where.
func offIsTheAct(s string, m []int) bool {
	before := s[clauseStart(s, m[0]):m[0]]
	return passiveEnd().MatchString(before) && privilegeAct().MatchString(before)
}

var (
	passiveEnd   = lazyRE(`\b(?:is|are)\s+(?:now\s+)?$`)
	privilegeAct = lazyRE(sentenceBound(privilege))
)

// pushToOwnRemote reports a push of the project's own branches to its
// own remote ("agents push feature branches", "git push origin
// feature/login") with no destination in the sentence: a branch pushed
// for review is not sent outside. Pushed to a URL, an address or a
// remote named in the sentence, it is.
func pushToOwnRemote(s string, m []int) bool {
	if !strings.HasPrefix(s[m[0]:m[1]], "push") {
		return false
	}
	if !ownBranch().MatchString(s[m[1]:min(len(s), m[1]+40)]) {
		return false
	}
	from := strings.LastIndexAny(s[:m[0]], ".!?\n") + 1
	to := len(s)
	if i := strings.IndexAny(s[m[1]:], ".!?\n"); i >= 0 {
		to = m[1] + i
	}
	sentence := s[from:to]
	return !outsideRE().MatchString(sentence) && !strings.Contains(sentence, "remote")
}

var ownBranch = lazyRE(`^\s+(?:(?:-u|--set-upstream)\s+)?(?:origin\b|(?:[a-z-]+\s+){0,2}branch(?:es)?\b)`)

// publicPartPublished is a key's public part between the key and the
// participle, which is what the participle says was published: "the
// release signing key by the fingerprint published in SECURITY.md".
var publicPartPublished = lazyRE(`\s\S.*\b(?:fingerprints?|public keys?|pubkeys?|key ids?|checksums?|hash(?:es)?|digests?)\b[^.\n]{0,30}?\b(?:committed|listed|pasted|written|published|included)$`)

// objectRequested is a sent thing's object that a message asks for: the
// end of a match that reaches the secret through "asking for".
var objectRequested = lazyRE(`\b(?:asking|asks|asked|requesting|requests|phishing)\s+(?:(?:you|us|me|them|people|users?)\s+)?(?:for|about)\s+(?:(?:the|your|our|their|any|some)\s+)?\S*$`)

// subjectForbidden is a negation right after a send word, which makes
// the word a noun that something forbids ("production dumps never leave
// our cloud account", "exports must not include PII"): a verb is not
// followed by "never".
var subjectForbidden = lazyRE(`^\s+(?:never|must not|mustn'?t|may not|should not|shouldn'?t|cannot|can'?t|don'?t|do not|won'?t|will not|are not|aren'?t|stay|stays|remain|remains)\b`)

// mergeTrigger reports a merge that is when something happens, not an
// approval: "staging deploys happen automatically on merge" automates
// the deploy a reviewed merge sets off. Only when the match holds no
// other act ("on merge, agents approve every PR" still asks one).
func mergeTrigger(s string, m []int) bool {
	span := s[m[0]:m[1]]
	if len(approveAct().FindAllStringIndex(span, 2)) != 1 {
		return false
	}
	if triggerBefore().MatchString(s[max(0, m[0]-8):m[0]]) {
		return true
	}
	k := strings.LastIndexByte(span, ' ')
	return k >= 0 && triggerBefore().MatchString(s[max(0, m[0]+k+1-8):m[0]+k+1])
}

var (
	approveAct    = lazyRE(`\b(?:` + approveVerb + `)\b`)
	triggerBefore = lazyRE(`\b(?:on|upon|after)\s+$`)
)

// personApproves is an approval a person gives: "on prod only after a
// human approves".
var personApproves = lazyRE(`\b(?:after|once|when|until|unless)\s+(?:a|an|the|one|two|both)\s+(?:human|person|maintainer|reviewer|code owner|owner|release manager)s?\s+(?:has\s+|have\s+)?approv`)

// shapeRules are the lexicons and the literal index that skips a branch
// none of whose words is in the text.
type shapeRules struct {
	parts []shapePart
	index *literalIndex
	gates gateWords
}

// splitBranches returns the alternatives of expr (expr itself when it has
// none), read from the text: an expression wrapped whole in one group is
// unwrapped, and so is each alternative. (Printing a parsed expression back, the
// other way, costs seconds on these lexicons' character classes.)
func splitBranches(expr string) []string {
	// Flags set for the whole expression, "(?m)…", hold for each branch.
	if flags := leadingFlags().FindString(expr); flags != "" {
		bs := splitBranches(expr[len(flags):])
		for i := range bs {
			bs[i] = flags + bs[i]
		}
		return bs
	}
	for {
		inner, ok := strings.CutPrefix(expr, "(?:")
		if !ok || !strings.HasSuffix(inner, ")") || groupEnd(expr) != len(expr)-1 {
			break
		}
		expr = inner[:len(inner)-1]
	}
	var out []string
	depth, class, from := 0, false, 0
	for i := 0; i < len(expr); i++ {
		switch c := expr[i]; {
		case c == '\\':
			i++
		case class:
			class = c != ']'
		case c == '[':
			class = true
			// A ']' first in a class is a literal.
			if i+1 < len(expr) && expr[i+1] == ']' || i+2 < len(expr) && expr[i+1] == '^' && expr[i+2] == ']' {
				i += strings.IndexByte(expr[i+1:], ']') + 1
			}
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == '|' && depth == 0:
			out = append(out, expr[from:i])
			from = i + 1
		}
	}
	if out == nil {
		return []string{expr}
	}
	// A branch that is one group of alternatives splits further.
	var all []string
	for _, b := range append(out, expr[from:]) {
		all = append(all, splitBranches(b)...)
	}
	return all
}

// leadingFlags is a group that only sets flags, at the start of an
// expression.
var leadingFlags = lazyRE(`^\(\?[a-zA-Z]+\)`)

// groupEnd returns the index of the parenthesis that closes the group
// opened at expr[0], or -1.
func groupEnd(expr string) int {
	depth, class := 0, false
	for i := 0; i < len(expr); i++ {
		switch c := expr[i]; {
		case c == '\\':
			i++
		case class:
			class = c != ']'
		case c == '[':
			class = true
		case c == '(':
			depth++
		case c == ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

// shapeSet is built on first use.
var shapeSet = sync.OnceValue(func() shapeRules {
	parts := shapeParts()
	var sets [][][]string
	// Parts that share an expression (concealment and hides-from-user)
	// share its branches, so a scan matches each once (shapeFinding's memo).
	compiled := map[string]func() *regexp.Regexp{}
	for i := range parts {
		p := &parts[i]
		if p.expr == "" {
			continue
		}
		for _, e := range splitBranches(p.expr) {
			re, ok := compiled[e]
			if !ok {
				re = lazyRE(e)
				compiled[e] = re
			}
			p.branches = append(p.branches, branch{re, len(sets)})
			sets = append(sets, requiredSets(e))
		}
	}
	return shapeRules{parts, newLiteralIndex(sets), newGateWords(parts)}
})

// shapeParts are the lexicons.
func shapeParts() []shapePart {
	p := func(name string, address bool, weight int, expr string) shapePart {
		return shapePart{name: name, address: address, weight: weight, expr: sentenceBound(expr)}
	}
	softly := func(sp shapePart) shapePart {
		sp.soft = true
		return sp
	}
	gated := func(sp shapePart, words ...string) shapePart {
		sp.gate = words
		return sp
	}
	// asked is a part whose match must not be negated ("never send …").
	asked := func(name string, address bool, weight int, expr string) shapePart {
		sp := p(name, address, weight, expr)
		sp.also = func(s string, m []int) bool {
			return !negatedBefore(s, commandStart(s, m[0])) && !inQuestion(s, m[1]) && !ownScope(s, m) && !foreignProhibited(s, m) && !rejectedAfter(s, m) && !deniedSubject().MatchString(s[clauseStart(s, m[0]):m[0]])
		}
		return sp
	}
	// sent is asked, with a destination outside somewhere in the text.
	sent := func(name string, weight int, expr string) shapePart {
		sp := asked(name, false, weight, expr)
		sp.also = func(s string, m []int) bool {
			return !negatedBefore(s, commandStart(s, m[0])) && !inQuestion(s, m[1]) && !ownScope(s, m) && !foreignProhibited(s, m) && !rejectedAfter(s, m) && !deniedSubject().MatchString(s[clauseStart(s, m[0]):m[0]]) && !nounOf(s, m) && outsideHost(s)
		}
		return sp
	}
	// addressed is an address part that does not count when its clause
	// forbids ("agents must not …", "the bot should never …"): a rule for
	// agents that takes a capability away is a team's policy, not an attack.
	addressed := func(name string, expr string, check func(s string, m []int) bool) shapePart {
		sp := p(name, true, 2, expr)
		sp.also = func(s string, m []int) bool {
			return !forbids().MatchString(s[m[1]:min(len(s), m[1]+12)]) && !forbidsBefore().MatchString(s[max(0, m[0]-4):m[1]]) && !refutedClaim(s, m) && !nobodyIncluded(s, m) && (check == nil || check(s, m))
		}
		return sp
	}
	// granted is a grant of rights that holds only when nothing in it
	// or just before it denies it: "automated agents get no merge or
	// deployment rights" takes the rights away.
	granted := func(sp shapePart) shapePart {
		sp.also = func(s string, m []int) bool { return !grantDenied(s, m) }
		return sp
	}
	// headed is an address by a heading or a note's recipient ("Automation
	// note:", "PS to the summarising tool:"): not forbidsBefore, which
	// reads "note:" as "no te".
	headed := func(expr string) shapePart {
		sp := p("artefact-reader", true, 2, expr)
		sp.also = func(s string, m []int) bool { return !forbids().MatchString(s[m[1]:min(len(s), m[1]+12)]) }
		return sp
	}
	agentWords := []string{"helper", "helpers", "tool", "tools", "automation", "agent", "agents", "assistant", "assistants", "ai", "ais", "llm", "llms", "copilot", "claude", "chatgpt", "gpt", "cursor", "codex", "gemini",
		"bot", "bots", "model", "models", "automated", "agenten", "assistent", "assistenten", "ki", "ia", "agente", "agentes", "asistente", "asistentes", "assistente", "assistentes"}
	return append([]shapePart{
		// (a) who is addressed, or on whose authority.
		// An agent as the subject of a clause, followed by a verb: "agents
		// fetch …", "the model fixes …", "el agente usará …". What follows
		// the noun must read as a verb (verbCue), so "the agent panel" or
		// "bot users" are not clauses.
		gated(addressed("agent-subject", `(?:^|[\n.:;!?(\[,|]\s*|="|\n\s*[-*]\s*(?:\[[ x]\]\s*)?|\b(?:and|then|that|so|when|if|once|after|before|where)\s+)(?:(?:the|all|our|any|every|each|these|those|future|les|los|las|os|as|die|der|alle|el|la|o|a|le)\s+)?(?:`+agentNoun+`)(?:\s*\([^)\n]{0,40}\))?(?:\s*[|:])?\s+(?:(?:now|also|then|always|just|simply|first|automatically|henceforth|hereafter)\s+)?([a-z]+)`,
			func(s string, m []int) bool { return len(m) >= 4 && m[2] >= 0 && clauseVerb(s, m[2], m[3]) }), agentWords...),
		// An agent spoken to by name or mention: "@copilot", "hey bot,".
		gated(p("agent-vocative", true, 2, `@(?:assistant|copilot|claude|codex|cursor|gemini|ai|agent|bot|devin)\b|\b(?:hey|hi|ok|okay|yo|dear|psst)\s*,?\s+(?:the\s+)?(?:bot|agent|assistant|ai|claude|copilot|gpt|gemini|codex|cursor)\s*(?:[,:;!.—-]|$)`), append([]string{"hey", "hi", "ok", "okay", "yo", "dear", "psst"}, agentWords...)...),
		// A configuration key or a heading for agents: "agent_policy:",
		// "assistant_overrides:", "Agent note:", "Instructions for AI
		// readers", "for the agents" ending a line.
		gated(p("agent-config", true, 2, `(?:^|[\n{,]\s*)"?(?:agents?|assistants?|ai|bots?|llms?|copilot|claude)[_-][a-z_]+"?\s*[:=]|\b(?:[a-z0-9_]+[._])?(?:agents?|assistants?|ai|llms?|bots?|copilot)[_.](?:instructions?|hints?|prompts?|notes?|actions?|tasks?|directives?|remediation|commands?|todo|orders?)"?\s*[:=]|(?:^|\n)\s*(?:>\s*)*(?:automated |autonomous |all |any )?(?:`+agentNoun+`)\s+with\s+[^\n:]{1,40}:|(?:^|[^a-z])(?:`+agentNoun+`)\s+(?:notes?|hints?|instructions?|todo|tips?|memo|directives?|policy|overrides?|rules)\s*[:=]|\b(?:instructions?|rules|notes?|guidance|orders|directives?|hints?|tips?|policy|memo|(?:quick )?reference|cheat ?sheets?|handbook|playbook|primer|faq|checklist|onboarding|deck|conventions|procedures?)\s+(?:for|to)\s+(?:the |all |any |every |each |future )?(?:`+agentNoun+`|automation|automated tooling|tooling)\b|\b(?:for|to) (?:the |all |any )?(?:[a-z]+ )?(?:`+agentNoun+`|ai [a-z]+)\s*(?:\n|$|\)|:)|\b(?:owner|assignee|assigned to|owned by)\s*:?\s*(?:the )?(?:`+agentNoun+`)\s*(?:[),;\n]|\.(?:\s|$)|$)`), agentWords...),
		// The next reader, whoever it is: "whoever picks up the next task",
		// "for the next session", "your future self", "wer auch immer das
		// als Nächstes liest", "quien lea esto después".
		softly(gated(p("future-reader", true, 2, `\bwhoever\b[^.\n:]{0,40}?\b(?:next|after me|later)\b|\bwhoever (?:reads|opens|picks|takes)\b|\b(?:for|to) the next (?:session|reader|person|one|run|agent|assistant)\b|\bthe next (?:session|run|reader)\b|\b(?:the one|the person|anyone) who (?:reads|opens|picks up|takes over)\b[^.\n]{0,30}?\bnext\b|\byour future self\b|\bfrom the next (?:run|session|task) on\b`+
			`|\bwer (?:auch immer )?(?:das|dies)\b[^.\n:]{0,20}?\b(?:liest|offnet)|\b(?:la|pour la) prochaine (?:personne|session)|\bquien (?:lea|abra)\b|\bpara quem (?:abrir|ler)\b|\bla proxima (?:persona|sesion)|\ba proxima (?:pessoa|sessao)`),
			"whoever", "next", "future", "wer", "prochaine", "quien", "quem", "proxima", "anyone", "one", "person")),
		// A duty stated without a subject: "is to be switched off", "it is
		// expected that …", "the automation is expected to".
		softly(p("deontic-passive", true, 2, `\b(?:is|are) to be (?:[a-z]+ )?[a-z]+(?:ed|en|wn|t)\b|\bit (?:is|has been) (?:expected|decided|agreed) that\b|\b(?:is|are) expected to\b`)),
		// The reader cast in a role: "you are working for the platform team".
		gated(p("you-role", true, 2, `\byou(?:'re| are) (?:now )?(?:working|acting|operating|running) (?:for|as|on behalf of|under)\b`), "you", "you're"),
		// Permission granted to whoever reads: "don't hesitate to", "nothing
		// stops you from", "feel free to". Weak: a team says it too.
		p("permissive", true, 1, `\b(?:don'?t|do not) hesitate to\b|\bnothing stops you\b|\bfeel free to\b|\bit (?:would|will) not be wrong to\b|\bthere is no reason (?:not )?to\b|\bit(?:'s| is) (?:fine|ok|okay|safe) to\b|\bgo ahead and\b|\bsave time\b[^.\n]{0,40}?\bby\b`),
		// A reader told it is the one meant: "if you are automating this".
		gated(p("automated-reader", true, 2, `\bif you(?:'re| are) (?:an? |the )?(?:automat[a-z]*|bot|agent|ai|llm|running (?:as|in|inside) (?:an? )?(?:agent|automation|ci|bot))`), "you", "you're"),
		gated(addressed("agent-directive", `(?:^|[^a-z])(?:`+agentNoun+`)\b[^.\n]{0,50}?\b(?:`+modal+`)\b|\b(?:`+modal+`)\s+(?:(?:alle|die|der|den|les|los|las|os|as|todos|todas|tous)\s+)?(?:`+agentNoun+`)\b|(?:^|[\n.:;!?(#/"'=]\s*|--\s*|\b(?:to|for|dear|hey|attention|an|pour|para|a)\s+(?:all |any |every |each |the |future |fellow |alle |tous les |les |todos los |los |todos os |os )?(?:ki-)?)(?:`+agentNoun+`)\s*(?:[:,—-]|\b(?:reading|working|processing|helpers?) )|\b(?:any|every|each|all|whichever|alle|tous les|toutes les|todos los|todas las|todos os|todas as)\s+(?:future\s+)?(?:`+agentNoun+`|ai)\b|\bhinweis fur (?:zukunftige|alle|jede)`, compoundAtLineStart), "helper", "tool", "tools", "automation", "bot", "bots", "model", "models", "automated", "whichever", "agent", "agents", "assistant", "assistants", "ai", "ais", "llm", "llms", "copilot", "claude", "chatgpt", "gpt", "cursor", "codex", "gemini", "agenten", "assistent", "assistenten", "ki", "ia", "l'ia", "l'assistant", "agente", "agentes", "asistente", "asistentes", "assistente", "assistentes", "hinweis"),
		// A rule stated as how things are done here, with no one addressed:
		// "Convention:", "Process (until further notice):", "Standard
		// practice on this repo", "bis auf Weiteres", "jusqu'à nouvel
		// ordre". A memory store's reader takes a convention as an order;
		// weak, so it holds a note only beside a risky act.
		gated(p("convention", true, 1, `(?:^|\n)\s*(?:[a-z.-]+ ){0,2}(?:convention|process|procedure|practice|policy|rule|norm|etiquette|hygiene|guide|guidelines|standard|routine|setup|quickstart|bootstrap|konvention|betriebshinweis|regel|procedimento|procedure|convencion|convencao|norma)\b[^:\n]{0,60}:|\buntil further notice\b|\bfor the foreseeable future\b|\bindefinitely\b|\bno end date\b|\bon sight\b|\bpart of (?:routine|every)\b|\bthe agreed setup\b|\bas the vendor requires\b|\bbis auf weiteres\b|\bjusqu'a nouvel ordre\b|\bhasta nuevo aviso\b|\bate segunda ordem\b|\bindefinidamente\b|\bstandard practice\b|\bhouse rule\b`),
			"convention", "process", "procedure", "practice", "policy", "rule", "norm", "etiquette", "hygiene", "guide", "guidelines", "standard", "routine", "setup",
			"quickstart", "bootstrap", "konvention", "betriebshinweis", "regel", "procedimento", "convencion", "convencao", "norma", "until", "foreseeable",
			"indefinitely", "end", "sight", "part", "agreed", "requires", "bis", "jusqu'a", "hasta", "ate", "indefinidamente", "house"),
		// An agent named at all: "(for the AI pair)", "-- AI agent:", "durch
		// den Assistenten". Weak: a team's notes name agents all the time
		// ("the agent reads the memories"); with risk ≥ 2 the note is held,
		// since what asks an agent for a risky act need not be a clause.
		gated(p("agent-mention", true, 1, `(?:^|[^a-z0-9@_/.-])(?:`+agentNoun+`|ai)(?:$|[^a-z0-9_])|(?:^|[\s|,(])[a-z0-9]+-(?:agent|bot|assistant)(?:$|[^a-z0-9_.-])`), agentWords...),
		gated(p("you-directive", true, 1, `\byou(?: are|'re) (?:now |hereby )?(?:allowed|authori[sz]ed|permitted|cleared|free|to)\b|\b(?:when|if|whenever|once) you (?:ever )?(?:see|notice|find|hit|touch|edit|open|run into|come across|get)\b|\bwould you mind\b|\byou (?:never|don'?t|do not|no longer) (?:need|have) to\b|\byou (?:must|should|have (?:standing )?permission|may now|can now|will now)\b|\b(?:du (?:sollst|darfst|musst)|ihr (?:durft|sollt|musst)|vous (?:pouvez|devez)|ustedes (?:pueden|deben)|voces (?:podem|devem))\b`), "you", "you're", "du", "ihr", "vous", "ustedes", "voces"),
		gated(p("future-session", true, 2, futureSession), "future", "subsequent", "later", "next", "session", "sessions", "runs", "conversations", "chats", "whoever", "rest", "blanket", "standing", "permanently", "pre", "preapproved", "preauthorized", "preauthorised", "zukunftige", "zukunftigen", "sitzung", "sitzungen", "futures", "sesiones", "sesion", "sessoes", "sessao"),
		gated(p("from-now-on", true, 1, `\b(?:`+fromNowOn+`)\b`), "forward", "now", "henceforth", "hereafter", "immediately", "here", "sofort", "jetzt", "nun", "kunftig", "zukunft", "desormais", "dorenavant", "maintenant", "l'avenir", "avenir", "ahora", "adelante", "agora", "diante", "daqui"),
		// An authority claimed is soft: "note from the security team: we
		// rotated the signing key" names a secret and asks for nothing.
		gated(softly(p("claimed-authority", true, 2, authority)), "message", "messages", "note", "notes", "notice", "order", "orders", "instruction", "instructions", "directive", "directives", "memo", "word", "announcement", "priority", "official", "signed", "highest", "top", "maintainer", "maintainers", "owner", "admin", "authoritative", "system", "developer", "root", "written", "issued", "authorized", "authorised", "approved", "anweisung", "nachricht", "hinweis", "befehl", "consigne", "ordre", "instruccion", "mensaje", "orden", "aviso", "mensagem", "instrucao", "ordem",
			"per", "legal", "board", "governance", "binding", "verified", "override", "laut", "selon", "decision", "decisao"),
		gated(func() shapePart {
			// A participle with its agent is no order: "Run by the
			// release manager only", "Set by the platform team".
			sp := p("imperative", true, 1, imperativeStart)
			sp.also = func(s string, m []int) bool { return !strings.HasPrefix(s[m[1]:], "by ") }
			return sp
		}(), "run", "install", "give", "download", "fetch", "set", "add", "push", "send", "post", "upload", "email", "copy", "delete", "disable", "approve", "merge", "treat", "obey", "replace", "point", "pipe", "curl", "execute", "skip", "keep", "hide", "omit", "consider", "commit", "export", "share", "grant", "remove", "bypass", "turn", "please", "schicke", "sende", "lade", "fuhre", "deaktiviere", "sag", "losche", "envoie", "pousse", "desactive", "supprime", "ne", "envia", "descarga", "ejecuta", "borra", "no", "envie", "baixe", "execute", "apague", "nao"),
		gated(notConfigValue(p("habit", true, 1, `\b(?:always|whenever|every time|each time|before (?:any|each|every)|after (?:any|each|every)|(?:on|upon|at) (?:each|every) (?:reload|restart|run|build|deploy|start|boot|push|commit|release|checkout|print|job|launch|login|sync|update|install)|for (?:each|every) (?:deploy|deployment|release|checkout|reload))\b|\b(?:immer|jedes mal|vor jedem)\b|\b(?:toujours|avant chaque|a chaque)\b|\b(?:siempre|antes de cada|en cada)\b|\b(?:sempre|antes de (?:cada|qualquer)|em cada)\b`)), "always", "whenever", "every", "each", "before", "after", "immer", "jedes", "vor", "toujours", "avant", "chaque", "siempre", "antes", "cada", "sempre", "em"),
		// (b) what raises the risk. Concealment from the person also
		// addresses: only an agent has a user to keep things from.
		// What a team keeps from its users for their sake — stack traces,
		// secrets, internal hostnames — is not concealment.
		{name: "concealment", weight: 2, expr: sentenceBound(concealment), also: func(s string, m []int) bool {
			return !keptForUsers().MatchString(s[clauseStart(s, m[0]):m[1]]) && !forbiddenToAsk(s, m)
		}},
		{name: "hides-from-user", address: true, weight: 2, expr: sentenceBound(concealment), also: func(s string, m []int) bool {
			return fromUser().MatchString(s[max(0, m[0]-40):min(len(s), m[1]+60)]) && !keptForUsers().MatchString(s[clauseStart(s, m[0]):m[1]]) && !forbiddenToAsk(s, m)
		}, gate: []string{"nobody", "one", "user", "users", "human", "humans", "owner", "person", "requester", "reviewer", "reviewers", "chat", "reply", "output", "summary", "summaries", "commit", "pr", "description",
			"descriptions", "report", "reports", "benutzer", "nutzer", "bericht", "utilisateur", "usuario", "resumen", "resumo"}},
		p("delegation", false, 2, delegation),
		gated(p("hands-over-trust", true, 2, delegation), "trust", "run", "execute", "do", "treat", "obey", "follow", "carry", "whatever", "overrides", "override", "outrank", "outranks", "supersede", "supersedes", "precedence", "consider", "orders",
			"as", "above", "over", "trusted", "label", "instruction", "instructions", "load", "fetch", "read", "pull", "apply", "applies", "applied", "prefer"),
		// The safeguard named first, then the verb (its group): not when
		// the verb tells what happened ("the signing check was disabled by
		// accident", "p99 dropped", "after dropping retries").
		func() shapePart {
			sp := asked("weaken-safeguard", false, 2, `\b(?:`+weakenVerb+`)\b[^.\n]{0,40}?\b(?:`+safeguard+`)\b|\b(?:`+safeguard+`)\b[^.\n]{0,40}?\b(`+weakenVerb+`)\b|\b(?:`+safeguard+`)\b[^.\n]{0,30}?(?:(?:is|are|has been|have been|wird|werden|est|sont|queda|fica) (?:now )?(?:waived|disabled|lifted|suspended|paused|stopped|off|obsolete|redundant|not needed|unnecessary|no longer (?:required|needed)|considered (?:done|passed|satisfied|approved)|abgeschaltet|deaktiviert|ausgesetzt|suspendue?|desactivee?|suspendid[ao]|suspens[ao]|desativad[ao])|(?:not|no longer) needed)|\b(?:with )?(?:no |without (?:a |any )?)(?:human|manual) (?:check|review|approval|oversight|sign-off)|\bno longer (?:need|require)s?\b[^.\n]{0,30}?\b(?:`+safeguard+`)\b|\b(?:`+safeguard+`)\b[^.\n]{0,40}?\btreated as (?:an? )?(?:false positives?|noise|informational)|\bcors\b[^.\n]{0,40}?(?:\*|any origin|all origins)|\b(?:`+safeguard+`|confirmation prompts?|prompts?|safe mode)\b[^.\n]{0,40}?\b(?:(?:are|is) )?(?:meant|intended|only|there) for (?:humans|people|interactive users)(?: only)?\b`)
			ask := sp.also
			sp.also = func(s string, m []int) bool {
				return ask(s, m) && !(len(m) >= 4 && m[2] >= 0 && (narrated(s, m[2], m[3]) || negatedClause().MatchString(s[clauseStart(s, m[2]):m[2]]))) && !offIsTheAct(s, m) && !weakeningUndone(s, m) && !testAsModifier(s, m)
			}
			return sp
		}(),
		// The safeguard named, then switched off as "it", unless the
		// clause denies it ("admins cannot bypass it").
		{name: "weaken-safeguard", weight: 2, expr: sentenceBound(`\b(?:branch protection|(?:branch |tag )?protections?|(?:code |security )?reviews?|secret scanning|push protection|signing|signature checks?|audit log(?:ging|s)?|mfa|2fa|codeowners|rate ?limit(?:er|ing)?|firewall)\b[^.\n]{0,100}?\b(` + weakenVerb + `) (?:it|them)\b`), also: func(s string, m []int) bool {
			return !deniedInClause().MatchString(s[max(0, m[2]-30):m[2]]) && !inQuestion(s, m[1])
		}},
		func() shapePart {
			sp := asked("approve-unreviewed", false, 2, `\b(?:`+approveVerb+`)\b[^.\n]{0,60}?\b(?:`+noReview+`)|\b(?:`+noReview+`)[^.\n]{0,30}?\b(?:`+approveVerb+`)\b`)
			ask := sp.also
			sp.also = func(s string, m []int) bool {
				return ask(s, m) && !personApproves().MatchString(s[m[0]:m[1]]) && !mergeTrigger(s, m)
			}
			return sp
		}(),
		func() shapePart {
			sp := asked("privilege", false, 2, privilege)
			ask := sp.also
			sp.also = func(s string, m []int) bool { return ask(s, m) && !actSwitchedOff(s, m) }
			return sp
		}(),
		// Rights raised: admin or write access granted, history rewritten,
		// a key added to authorized_keys.
		func() shapePart {
			sp := asked("escalate", false, 2, `\b(?:give|grant)[a-z]* \S+ (?:the same|your|my|full|all(?: the)?) (?:\S+ )?(?:permissions|access|rights|role)\b|\b(?:grant|give|gets?|got|receive|add)[a-z]*\s+(?:(?:itself|themselves|himself|herself|yourself|me|us|them|it|the [a-z-]+(?: [a-z-]+)?|[a-z-]+)\s+)?(?:permanent |full |standing |elevated )?(?:admin(?:istrator)?|write|push|owner|root|maintain(?:er)?|sudo|org[- ]?admin|superuser|elevated) (?:rights|access|role|permissions?|privileges)|\bpermission to (?:rewrite|force|delete|push|merge|publish|deploy|bypass|disable|drop|release)|\brewrit[a-z]* (?:the )?(?:git )?history\b|authorized_keys|\bpousser en force\b|\bpush (?:forcado|force)\b|\bforzar (?:el )?push\b`)
			ask := sp.also
			sp.also = func(s string, m []int) bool { return ask(s, m) && !grantDenied(s, m) }
			return sp
		}(),
		// Rights handed to whoever reads: merge or write rights, standing
		// clearance, "counts as a code owner", "its approval satisfies the
		// rule", in five languages. Not asked (a grant is a statement).
		granted(p("grants-rights", false, 2, `\b(?:merge|write|push|admin(?:istrator)?|root|sudo|owner|maintainer|deploy|release|publish|force[- ]push)[a-z-]* (?:rights?|access|permissions?|privileges?|clearance)\b[^.\n]{0,40}?\b(?:on|to|for) (?:the )?(?:protected|main|master|prod|production|release|all|every|the repo|repo)|\b(?:granted|given|gets?|got|has|have|holds?|receives?|obtains?)\b[^.\n]{0,30}?\b(?:merge|write|push|admin(?:istrator)?|root|sudo|owner|maintainer|deploy|release|publish)[a-z-]* (?:rights?|access|permissions?|privileges?|clearance|role)\b|\b(?:standing|blanket|full) clearance to\b|\bhas (?:that|the|this) right\b|\bcounts as (?:an? |the )?(?:code ?owner|maintainer|admin|owner|reviewer|approver)|\b(?:its|their) approvals? (?:satisf|count|suffic)|\b(?:merge|push|approve|deploy|release|publish)-without-(?:review|approval|ci|tests?|checks?)|\b(?:may|can) be (?:applied|merged|pushed|deployed|run) directly\b`+
			`|\b(?:schreib|push|merge|admin)rechte\b|\brechte auf (?:main|master|prod)|\bdroits? (?:d'ecriture|d'administration|de merge|de push)|\bpermisos? (?:de escritura|de administrador|de merge)|\bpermiss(?:ao|oes) (?:de escrita|de administrador|de merge)|\bacesso de escrita\b`)),
		// Whose word the reader is to follow: a file, an account or this
		// memory set above its instructions or the person in the chat.
		p("instruction-source", false, 2, `\b(?:outrank|supersede|override|take[sn]? precedence over|trump)[a-z]* (?:the |your |any |all |this )?(?:project'?s? )?(?:agents\.md|claude\.md|system prompt|instructions?|guidance|rules|user|chat)|\b(?:obey|follow|take)[a-z]* (?:orders |instructions |commands )?only\b(?:[^.;\n]|\.\S){0,40}?\b(?:instructions?|orders|files?|from)\b|\b(?:is|are) an? (?:order|command|instruction)s? from\b|\bauthoritative (?:instructions?|orders|commands)|\binstructions? (?:found|written|hidden|contained|placed) in\b|\bnot (?:from )?the (?:person|user|human) in the chat\b|\b(?:over|above|instead of) (?:what )?(?:the )?(?:user|person|human)(?: in the chat)?(?:'s)? (?:says|asks|instructions?|requests?|wants)|\bthis (?:memory|note|file) (?:supersedes|overrides|outranks|replaces)\b`+
			// The person's word set aside: "a stop request from the user
			// doesn't apply", "more than the reviewers'", "even if the
			// user says stop".
			`|\b(?:user|person|human|owner|requester)(?:'s)? (?:stop |own )?(?:requests?|instructions?|words?|objections?|wish(?:es)?|answers?)\b[^.\n]{0,30}?\b(?:doesn'?t|does not|don'?t|do not|never|no longer) (?:apply|count|matter|bind)|\b(?:stop )?requests? from the (?:user|person|human)\b[^.\n]{0,20}?\b(?:doesn'?t|does not|don'?t|do not|never) (?:apply|count|matter)|\beven (?:if|when) (?:the )?(?:user|person|human) (?:says|asks (?:you )?to|tells you to) (?:stop|wait|no)\b|\beven (?:if|when|where|though) (?:the )?(?:user|person|human|owner|requester|developer)\b[^.\n]{0,30}?\b(?:says?|said|asks?|asked|wants?|tells?) (?:otherwise|differently|the opposite|not to)\b|\b(?:trusts?|values?) (?:your|its|the agent'?s|the assistant'?s) (?:judge?ment|call|decisions?) (?:more than|over|above) (?:the )?(?:reviewers?|maintainers?|owners?|users?|team)`),
		// What the person is told, bent: success reported whatever happened,
		// the user's question overridden, details kept from the person,
		// tests made to pass. The risk is the reader's honesty, not an act
		// the other lexicons name.
		asked("user-deception", false, 2, `\b(?:tell|tells|say|says|report|reports|answer|answers|reply|replies|claim|claims|respond|responds|state|states)\b[^.\n]{0,50}?\b(?:succeeded|passed|(?:is|are|was) (?:audited|flawless|secure|correct|safe)|flawless|no (?:issues|problems|findings)|everything is fine|it worked)\b|\bwhatever the (?:user|person|customer|human) (?:asked|asks|says|wants|said)\b|\bassume (?:that )?(?:the user|they|the person|the human|the requester) (?:is|are) (?:an? )?(?:admin|administrator|root|owner|maintainer|authori[sz]ed|superuser)|\bnever ask (?:them|the user|the person|the human|anyone)\b[^.\n]{0,20}?\bconfirm|\bkeep (?:the )?(?:details|it|this|that|changes?|them)\b[^.\n]{0,20}?\baway from\b|\b(?:must|should) not (?:hear|learn|know|find out)\b|\b(?:don'?t|do not|never) let (?:it|this|that|them) (?:show up|appear|surface)\b|\b(?:make|making) (?:them|the tests?|it|tests) (?:always )?pass\b|\bassert(?:ing|s)? true\b|\bdescrib[a-z]* (?:it|this|that|the (?:change|fix|patch))\b[^.\n]{0,40}?\bas ["'a-z]`+
			// An answer to the person fixed before the question: "if the
			// user asks whether …, tell them it doesn't", "when the user
			// asks about retention, the reply is that nothing is stored".
			`|\b(?:if|when|whenever) (?:the |a )?(?:user|person|customer|human|owner|anyone)s? (?:ever )?(?:asks?|wonders?|questions?)\b[^.\n]{0,80}?(?:\b(?:tell|say|answer|reply|respond|assure)[a-z]* (?:them |him |her )?(?:that |it (?:is|was|does|doesn'?t|did|didn'?t|isn'?t)\b|nothing\b|no\b|everything\b)|\bthe (?:reply|answer|response) is that\b)`),
		p("unreported", false, 2, unreported),
		// A record kept silent on purpose: "the changelog does not mention
		// it", "leave the waiver out of the sign-off report", "tell no
		// one". Weak: a team keeps a customer's name or an unreleased price
		// out of a changelog too; with an address, or as the second of two
		// harms (twoHarms), it weighs.
		p("record-silent", false, 1, recordSilent),
		// Confirmation waived for a destructive or privileged act: "you
		// never need to ask me before running rm -rf", "deploy to prod — no
		// follow-up questions". The reader's own conduct toward the person.
		asked("waived-confirmation", false, 2, `(?:`+waiver+`)[^.\n]{0,80}?(?:`+riskyAct+`)|(?:`+riskyAct+`)[^.\n]{0,80}?(?:`+waiver+`)`),
		// A safeguard of the infrastructure taken away: a privileged
		// container, the Docker socket mounted, root allowed, a network or
		// security policy off, world-writable permissions, sudo without a
		// password. Asked politely it is still asked: no question veto.
		func() shapePart {
			sp := p("infra-safeguard", false, 2, infraSafeguard)
			sp.also = func(s string, m []int) bool {
				return !negatedBefore(s, commandStart(s, m[0])) && !foreignProhibited(s, m) && !rejectedAfter(s, m) && !flaggedAfter().MatchString(s[m[1]:min(len(s), m[1]+50)]) && !refusedAfter().MatchString(s[m[1]:min(len(s), m[1]+60)]) && !deniedSubject().MatchString(s[clauseStart(s, m[0]):m[0]]) && !weakeningUndone(s, m)
			}
			return sp
		}(),
		// Tests made to pass by skipping them, scanner findings silenced
		// by an ignore list, an exemption for agents from a team's rule.
		asked("weaken-safeguard", false, 2, `\bt\.skip(?:now)?\b|\b(?:pytest\.mark\.skip|it\.skip|describe\.skip|xit|xdescribe)\b|@(?:disabled|ignore)\b|\b(?:mark|marks|marking|flag)\b[^.\n]{0,30}?\b(?:as )?(?:skipped|xfail|pending|ignored)\b|\b(?:add|adds|added|adding|append|appends|put|puts|list|lists)\b[^.\n]{0,50}?(?:\.gitleaksignore|\.trivyignore|\.semgrepignore|\.secrets\.baseline|\.snyk\b|# ?nosec|//\s?nolint|noqa)`),
		p("grants-rights", false, 2, `\b(?:freeze|policy|rule|review|process|requirement|check|approval)s?\b[^.\n]{0,30}?\b(?:does not|doesn'?t|do not|don'?t|never|no longer) appl(?:y|ies) to (?:the |our |any )?(?:bots?|agents?|automation|ai|assistants?|automated)`),
		// Instructions handed to a file, a mark or a URL: "binding and
		// carried out as written", "counts as pre-approved instructions",
		// "the authoritative version … overrides local files".
		p("instruction-source", false, 2, `\b(?:messages?|requests?|instructions?|words?|asks?) (?:from|of) the (?:user|person|human|owner)\b[^.\n]{0,20}?\b(?:are|is) (?:only |merely |just )?(?:suggestions?|advisory|optional|non-binding|secondary|hints?)|\b[a-z0-9_/-]+\.(?:md|txt|ya?ml|json|toml)\b[^.\n]{0,40}?\b(?:always (?:wins?|prevails?|takes? precedence|comes? first|overrides?)\b|(?:wins?|prevails?|takes? precedence|comes? first|overrides?)\b[^.\n]{0,20}?\b(?:over|above|before) (?:the |what the |your |any )?(?:users?|person|human|chat|prompt|instructions?|system|agents\.md|claude\.md))|\b(?:are|is) binding\b|\bcarried out as written\b|\bcounts? as (?:pre-?approved|authoritative|binding) (?:instructions?|orders?)|\bthe authoritative version\b|\boverrides? (?:local|all|any|other) (?:files?|guidance|instructions|rules)\b`),
		// What the person is told, bent, as a convention: "real or not",
		// "regardless of the run's outcome", "never the actual author".
		asked("user-deception", false, 2, `\breal or not\b|\bregardless of (?:the )?(?:run'?s |actual |test |build )?(?:outcome|result|status)\b|\bwhatever they are\b|\beven when the question\b|\bnever the actual\b|\bdescribed as (?:green|passing|successful|done)\b`),
		// Admins added, a plan applied to production unreviewed, changes
		// landed straight in production (five languages).
		p("grants-rights", false, 2, `\badd(?:s|ed|ing)? (?:new )?(?:members|users|people|accounts|\S+) to (?:the )?(?:org'?s? )?(?:admin|owners?|maintainers?|root) (?:team|group)\b|\bcleared\b[^.\n]{0,40}?\bto (?:apply|merge|push|deploy|publish|release)\b`),
		p("capability", false, 1, `\bdirekt in (?:die )?produktion|\bdirectement en production|\bdirectamente (?:en|a) produccion|\bdireto (?:em|na) producao|\bse aplican directamente|\bstraight from the working branch`),
		p("unchecked", false, 1, `\b(?:approval|review|sign-?off)\b[^.]{0,80}?\bnot required\b|\bohne (?:ticket|freigabe|review)|\bsans ticket\b|\bsin ticket\b|\bsem ticket\b|\bneeds no ticket\b|\bno ticket\b`),
		// An object destroyed, told object first: "snapshots … werden …
		// gelöscht", "the backups are wiped".
		asked("destroy", false, 2, `\b(?:`+destroyObj+`)\b[^.\n]{0,60}?\b(?:deleted|wiped|purged|dropped|removed|destroyed|geloscht|supprime(?:e|es|s)?|borrad[ao]s?|apagad[ao]s?)\b`),
		// A download run another way: process substitution into any
		// interpreter, irm | iex.
		// A download run in shell syntax: piped into a shell, process
		// substitution into any interpreter, irm | iex.
		sent("pipe-to-shell", 3, `<\(\s*(?:curl|wget)\b|\b(?:irm|iwr|invoke-restmethod|invoke-webrequest)\b[^\n|]{0,120}\|\s*iex\b|\b(?:curl|wget)\b[^\n|]{0,120}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b`),
		// A package source swapped: "never from PyPI", "the official image
		// is deprecated", a go.mod replace pointed at a fork.
		sent("supply-chain", 2, `\bnever from (?:pypi|npm|the (?:official|upstream) (?:registry|index|proxy)|proxy\.golang\.org|docker hub)\b|\bofficial (?:image|registry|package|build|index|release)\b[^.\n]{0,40}?\b(?:deprecated|swapped|replaced|not used|untrusted)\b|\breplace (?:directive )?points\b|\bcomes from the (?:wheel|tarball|build|binary|image) at\b`),
		// A package swapped for a fork from a git host.
		asked("supply-chain", false, 2, `\b(?:replace|swap|switch|install|pin)[a-z]*\b[^.\n]{0,60}?(?:\bgithub:|\bgit\+|\bgitlab:|\bbitbucket:)`),
		// Code that fetches and runs in one line: exec(urlopen(…)).
		p("download-and-run", false, 3, `\b(?:exec|eval)\s*\(\s*[a-z_.]*(?:urlopen|requests\.get|http\.get|fetch|urlretrieve)\b`),
		// A capability that is a team's to use: deploying to production,
		// publishing, landing on main. Weak alone; with "unchecked" it is a
		// capability handed over without a person.
		asked("capability", false, 1, `\bdeploy[a-z]* (?:\S+ ){0,2}to (?:prod|production)\b|\bpush[a-z]* (?:\S+ ){0,2}(?:tags?|releases?)\b|\b(?:tag|ship|sign|publish|cut)(?:s|ed|ing)? (?:(?:the|a|an|new|all|their|its|our|your)\s+)?(?:\S+ )?(?:releases?|versions?|tags?|packages?)\b|\b(?:merg|land)[a-z]* (?:\S+ ){0,3}(?:to|on|into) (?:main|master)\b|\bland[a-z]* (?:\S+ ){0,3}directly\b|\b(?:signier|veroffentlich)[a-z]*|\bpubli[a-z]* (?:\S+ ){0,2}(?:versoes|versiones|versions|releases)\b|\b(?:desplegar|implantar|deployer) [^.\n]{0,20}?(?:produccion|producao|production)`),
		// No person in the way: "no need to ask", "without checksum
		// verification", "on its own", in five languages.
		p("unchecked", false, 1, `\bno need to (?:ask|ping|check|confirm|wait|tell|notify|involve)\b|\bnever (?:ask|check|wait)s? (?:\S+ )?(?:before|first|for (?:an? |the |any )?(?:review|approval|confirmation|sign-?off|ci|checks?|permission|anyone|humans?|people|reviewers?|the user|users?|go-ahead)\b)\b|\b(?:don'?t|do not|no need to|never) (?:bother|involve|wait for|wake|disturb) (?:the |a |any )?(?:maintainers?|reviewers?|owners?|users?|humans?|people|anyone|team|cluster owner|person)\b|\bwithout waiting for (?:us|them|anyone|the (?:owner|maintainers?|reviewers?|team|cluster owner))\b|\bjust do it\b|\b(?:does not|doesn'?t|don'?t|do not|never|no need to) (?:need to )?(?:go through|wait for|wait on)\b[^.\n]{0,25}?\b(?:review|approval|sign-?off|a human|anyone)\b|\bonly (?:tells?|informs?|notif(?:y|ies)) (?:the |a )?(?:user|person|human|team|owner)s?\b[^.\n]{0,30}?\b(?:afterwards|after the fact|later|if)\b|\bno (?:sign-?off|approval|review|human|one)\b[^.\n]{0,30}?\b(?:needed|required|necessary)\b|\bno human in the loop\b|\bso (?:that )?(?:nobody|no one) (?:asks|notices|checks|sees)\b|\bwithout (?:review|asking|checking|consulting|confirmation|approval|sign-?off|anyone|a human|human review|checksum|verif[a-z]+)|\bunprompted\b|\bunattended(?:$|[^a-z ]|\s+(?:[^a-z\s]|(?:and|or|but|so|if|when|while|until|in|on|at|for|with|from|by|to|as|overnight|too|again)\b))|\bohne (?:dass jemand|ruckfrage|freigabe|prufung|zu fragen)|\bselbst\b|\bsans (?:consulter|demander|validation|verification|relecture|revue|approbation)|\bsin (?:consultar|preguntar|aprobacion|revision|verificar)|\bsem (?:aprovacao|consultar|perguntar|revisao|verificar)`),
		// An act done alone, unless the clause denies it ("the model
		// fixes nothing by itself", "does not force-push or merge on its
		// own").
		{name: "unchecked", weight: 1, expr: `\bby (?:itself|themselves|yourself)\b|\bon (?:its|their) own\b`, also: func(s string, m []int) bool {
			return !deniedInClause().MatchString(s[max(0, m[0]-40):m[0]]) && !haltsByItself().MatchString(s[max(0, m[0]-30):m[0]])
		}},
		// A configuration that switches a safeguard off: "require_review:
		// false", "auto_merge: true", "allow: force_push_main".
		// Asked, not negated: "security stages never get allow_failure:
		// true" states the safeguard.
		asked("config-override", false, 2, `(?:^|[^a-z-])(?:require|required|requires|enforce|verify|check|scan|review|protect|sign|gpg_sign|ssl_?verify|strict)[a-z_]*"?\s*[:=]\s*"?(?:false|no|off|0|disabled|none)\b|\b(?:skip|disable|bypass|allow_force|force_push|auto_?merge|auto_?approve|no_verify|insecure)[a-z_]*"?\s*[:=]\s*"?(?:true|yes|on|1|enabled)\b|\ballow\s*:\s*(?:force_push|disable_|bypass|skip_)[a-z_]*|\b(?:continue-on-error|allow_failure|allow-failure|ignore_?errors)"?\s*[:=]\s*"?(?:true|yes|on|1)\b|\b(?:safe_?mode|safety|sandbox(?:ed|ing)?|guardrails?|confirm(?:ation)?s?)[a-z_]*"?\s*[:=]\s*"?(?:false|no|off|0|disabled|none)\b|\bhookspath\s*=?\s*["']?/dev/null`),
		asked("destroy", false, 2, `\b(?:`+destroyVerb+`)\b[^.\n]{0,50}?\b(?:`+destroyObj+`)\b`),
		sent("supply-chain", 2, supplyRedirect),
		asked("supply-chain", false, 2, `gonosum(?:db|check)|goinsecure|--trusted-host|strict-ssl\s*(?:=|false)|--no-check-certificate|--allow-unauthenticated|maintained fork|instead of the (?:official|npm|upstream|registry|pypi) (?:one|package|version|registry|build)|(?:en lugar del?|au lieu du?|em vez d[oa]|anstatt de[rsm]|statt de[rsm]) (?:registro |registre |registry )?(?:oficial|officiel|offiziellen?)|\bnpx\s+(?:-y\s+)?(?:github:|git\+|https?://)|\b(?:pulls|downloads|fetches)\b[^.\n]{0,40}?\bfrom\b[^.\n]{0,30}?\b(?:server|host|site|mirror)\b|(?:add|import|trust)\s+(?:the\s+)?(?:apt |gpg |signing |repo |release )?key from`),
		sent("download-and-run", 3, `\bpipe\S* (?:\S+ ){0,2}https?://\S+ (?:into|to|through) (?:sudo )?(?:ba|z)?sh\b|\b(?:ba|z)?sh\s*<\(\s*(?:curl|wget)\b|\biex\s*\(?\s*(?:iwr|irm|invoke-webrequest|invoke-restmethod|\(?new-object)\b|\b(?:`+fetchVerb+`)\b[^\n]{0,80}?(?:`+runVerb+`)|(?:`+runVerb+`)[^\n]{0,40}?\b(?:`+fetchVerb+`)\b`),
		func() shapePart {
			sp := sent("exfiltration", 1, `\b(?:`+exfilVerb+`)\b`)
			send := sp.also
			sp.also = func(s string, m []int) bool {
				return send(s, m) && !pushToOwnRemote(s, m) && !subjectForbidden().MatchString(s[m[1]:min(len(s), m[1]+24)]) && !authPush(s, m)
			}
			return sp
		}(),
		// The object before a verb-final verb (German), a part of its own
		// so each keeps the two literal sets that skip it.
		sent("sensitive-outbound", 3, `(?:`+secretObj+`)[^.\n]{0,60}?\b(?:weitergeb[a-z]*|weiterleit[a-z]*|schicken|senden|hochladen|kopieren)\b`),
		// Not a message that asks for the secret ("forward any email
		// asking for tokens to security@…" sends no token).
		func() shapePart {
			sp := sent("sensitive-outbound", 3, `\b(?:curl|scp|rsync|zip|tar|archive|bundle|`+exfilVerb+`)\b[^\n]{0,40}?(?:`+secretObj+`|\b(?:backups?|(?:the )?diff|repo(?:sitory)?|source(?: code)?|all branches|database|customer data|dump)\b|sicherung|sauvegarde|copia de seguridad)`)
			send := sp.also
			sp.also = func(s string, m []int) bool { return send(s, m) && !objectRequested().MatchString(s[m[0]:m[1]]) }
			return sp
		}(),
		// Secrets written where anyone reads them: committed, listed in a PR,
		// pasted into an issue.
		func() shapePart {
			// In an ignore file a secret "listed" is one kept out.
			sp := asked("leak-into-repo", false, 2, `\b(?:commit|push|publish|paste|write|list|add|include|collect)[a-z]*\b[^.\n]{0,40}?(?:`+secretObj+`)[^.\n]{0,40}?\b(?:in|into|to)\b[^.\n]{0,20}?\b(?:repo|repository|commit|pr|pull request|description|readme|issue|notes?|wiki|changelog|workflows?|pipeline|dockerfile|\.github|comments?|threads?|discussions?|gists?|pastebin|tickets?|channel)|(?:`+secretObj+`)\b[^.\n]{0,60}?\b(?:committed|listed|pasted|written|published|included)\b`)
			ask := sp.also
			sp.also = func(s string, m []int) bool {
				return ask(s, m) && !(strings.Contains(s, "ignore") && strings.Contains(s[m[0]:m[1]], "listed")) && !publicPartPublished().MatchString(s[m[0]:m[1]]) && !negatedParticiple().MatchString(s[m[0]:m[1]])
			}
			return sp
		}(),
		// A secret sent, told in the passive: "the dotenv file gets
		// attached to …".
		sent("sensitive-outbound", 3, `(?:`+secretObj+`)[^.\n]{0,40}?\b(?:gets?|is|are|be) (?:sent|attached|uploaded|posted|e-?mailed|forwarded|copied|pasted|shared|synced)\b`),
		sent("sensitive-outbound", 3, `(?:`+secretObj+`|\bauthorization headers?)[^.\n]{0,40}?\b(?:goe?s? to|(?:est|es|e|se|wird|werden|sont|son|sao|foi) (?:archive|envoye|copie|adjunta|adjuntado|enviado|copiado|gesendet|kopiert|hochgeladen|transfere)s?)\b`),
		p("sensitive-data", false, 2, `\b(?:export|copy|dump|send|upload|share|sync)\b[^.\n]{0,40}?\b(?:customer (?:data|table|records|list|emails)|personal data|pii|user table|the (?:whole )?database)\b`),
		// A secret named: a word of the lexicon, or a variable that holds
		// one (AWS_SECRET_ACCESS_KEY), not one that counts or names them
		// (max_context_tokens, TOKEN_TTL, API_KEY_HEADER).
		{name: "secret-object", weight: 1, expr: `(?:^|[^a-z_])(?:` + secretObj + `)|\b[a-z0-9]+_[a-z0-9_]*(?:secret|password|passwd|token|api_?key|access_key|private_key)[a-z0-9_]*`,
			also: func(s string, m []int) bool {
				// A whole word: "clean" holds no "clé", "tokenizer" no token.
				return (m[1] == len(s) || !isLower(s[m[1]])) && !secretCounter().MatchString(s[m[0]:m[1]]) && !secretNamed(s, m) && !forbiddenObject(s, m[0])
			}},
		// Traces removed: shell history, audit trails, the log of what the
		// reader ran — concealment by the reader's own hand.
		gated(asked("cover-tracks", false, 2, `\bunset\s+histfile\b|\bhistory\s+-c\b|\bhist(?:file)?size=0\b|\b(?:truncat|clear|wip|delet|eras|empt|purg|shred|remov|rotat)[a-z]*\s+(?:\S+\s+){0,3}?(?:~/)?\.?(?:bash_history|zsh_history|(?:shell|command|bash|terminal) history|audit (?:logs?|trails?|entries|events))\b|\bstop[a-z]* (?:posting|sending|logging|reporting|forwarding|recording|writing)\b[^.\n]{0,50}?\b(?:audit|siem|security (?:channel|log)|command log)`),
			"histfile", "history", "histsize", "bash_history", "zsh_history", "audit", "siem"),
		// Permissions the reader grants itself: every tool allowed, the
		// sandbox or confirmations off, "unrestricted".
		gated(asked("self-permission", false, 2, `["'\x60]?\b(?:bash|shell|webfetch|write|edit|exec|read|computer)\(\s*\*\s*\)|--dangerously-skip-permissions\b|\bpermissions?[^.\n]{0,40}?\bunrestricted\b|"?(?:shell|network|exec|filesystem|commands?)"?\s*:\s*"?unrestricted\b|\b(?:allow ?list|allowlist|allowed ?tools)\b[^.\n]{0,40}?\b(?:\*|everything|all (?:tools|commands))|\b(?:yolo|full[- ]auto|bypass ?permissions) mode\b`),
			"bash", "shell", "webfetch", "write", "edit", "exec", "read", "computer", "dangerously", "permission", "permissions", "network", "filesystem", "command", "commands", "allow", "allowlist", "allowed", "yolo", "full", "bypass"),
		// The environment read and sent out by code or a pipe: "env |
		// base64 | curl …", process.env in a request to a host. Like a
		// download run, the reader's own act even when nobody is named.
		gated(sent("env-outbound", 3, `(?:(?:^|[\s;&|($\x60"'])(?:env|printenv|set)\s*\||process\.env\b|os\.environ\b|\$env:|getenv\(\))[^\n]{0,120}?(?:\b(?:curl|wget|nc|ncat|netcat|socat|http\.get|https\.get|fetch|axios|requests\.(?:get|post)|urlopen|invoke-webrequest|iwr)\b|https?://)|(?:\b(?:curl|wget|http\.get|https\.get|fetch|axios|requests\.(?:get|post)|urlopen|invoke-webrequest|iwr)\b|https?://)[^\n]{0,160}?(?:process\.env\b|os\.environ\b|\$env:|getenv\(\))`),
			"env", "printenv", "set", "process", "environ", "getenv"),
		{name: "outside", weight: 1, also: func(s string, _ []int) bool { return outsideHost(s) }},

		// Session 18, batch 17 (its mechanisms, as classes).
		// A heading for agents with a modifier or a participle phrase
		// before its colon: "Note for the mail-reading assistant:", "For
		// the AI triaging this bug:", "For LLM-based assistants installing
		// this package:", "Editor's addition for retrieval-augmented
		// assistants:", "Assistant summarizing reviews:", and a heading
		// for automation by the role it reads in: "Automated clients:",
		// "Automated responders:".
		gated(p("agent-config", true, 2, `\b(?:for|to) (?:the |all |any |every )?(?:[a-z0-9]+(?:-[a-z0-9-]+)? )?(?:`+agentNoun+`|ai)(?: [a-z]+ing\b[^:\n.]{0,40}| on (?:call|duty|shift|rotation)| in [a-z0-9-]+)?\s*:|(?:^|\n|[.!?"]\s+|\{\s*"?)(?:the |an? )?(?:[a-z0-9]+-[a-z0-9-]+ )?(?:`+agentNoun+`) [a-z]+ing\b[^:\n.]{0,40}:|(?:^|\n|[.!?"]\s*)(?:(?:#+|//+|--|;+)\s*)?(?:automated|autonomous|ai|llm|machine) (?:[a-z]+-)?(?:clients?|callers?|consumers?|readers?|responders?|fixers?|systems?|tools?|tooling|processes|workers?|operators?|maintainers?|contributors?|crawlers?|integrations?|committers?|authors?|accounts?|jobs?|scripts?|reviewers?|mergers?)(?:\s*\([^)\n]{0,40}\))?\s*:`),
			append(agentWords, "automated", "autonomous", "machine")...),
		// An agent's rules file: its path heading the note (.cursor/rules/,
		// .cursorrules, .windsurfrules, .clinerules, CLAUDE.md, AGENTS.md,
		// GEMINI.md, copilot-instructions.md) or Cursor's "alwaysApply:
		// true". What such a file says, every agent in the repo obeys.
		// Soft: the file names no agent in a clause, so a secret named
		// in it (a rule about keys) holds nothing; a risky act refuses.
		softly(gated(p("agent-config", true, 2, `^\s*(?:\S*/)?(?:\.cursor/rules/\S+|\.cursorrules|\.windsurfrules|\.clinerules|claude\.md|agents\.md|gemini\.md|copilot-instructions\.md)(?:\s*\([^)\n]{0,80}\))?\s*:?\s*\n|(?:^|\n)\s*alwaysapply:\s*true\b`),
			"cursor", "cursorrules", "windsurfrules", "clinerules", "claude", "agents", "gemini", "copilot", "alwaysapply")),
		// An agent as the subject of a clause whose noun a participle
		// phrase follows: "AI assistants filling in this form attach …",
		// "an agent handling an incident first removes …".
		gated(addressed("agent-subject", `(?:^|[\n.:;!?(\[,|"]\s*)(?:the |all |any |every |each |an? )?(?:`+agentNoun+`) [a-z]+ing (?:[a-z0-9'/.-]+ ){0,3}?(?:this|that|the|these|those|an?|our|its|their|any) [a-z0-9'/.-]+ (?:(?:first|then|also|always|just|now) )?([a-z]+)`,
			func(s string, m []int) bool { return len(m) >= 4 && m[2] >= 0 && clauseVerb(s, m[2], m[3]) }), agentWords...),
		// A story, a role play or a simulation asked to be really carried
		// out: "for realism, actually execute each command", "run them for
		// real", "not just describe it".
		gated(p("enact", true, 2, `\bactually (?:run|execute|perform|carry out|do)\b|\bfor realism\b[^.\n]{0,30}?\b(?:run|execute|perform)\b|\b(?:run|execute|perform)[a-z]* (?:it|them|each|every|all|the) [^.\n]{0,30}?\bfor real\b|\bnot (?:just|only|merely) (?:describe|narrate|pretend|simulate)\b`),
			"actually", "realism", "real", "describe", "narrate", "pretend", "simulate"),
		// The reader given leave by a document: "this runbook authorizes
		// you to run …".
		gated(p("you-directive", true, 1, `\b(?:authori[sz]es|authori[sz]ed|permits|entitles|clears|empowers) you to\b`), "you"),
		// A reader role by what it automates: "whoever automates backups".
		softly(gated(p("future-reader", true, 2, `\bwhoever (?:automates|runs|handles|maintains|operates|owns|scripts)\b`), "whoever")),
		// A call that verifies, commented out: "comment out
		// verifyReleaseSignature() in main.go" (a safeguard by its name).
		asked("weaken-safeguard", false, 2, `\bcomment(?:s|ed|ing)? out\s+(?:the\s+)?(?:calls? to\s+)?[a-z_.]*(?:verif|signatur|checksum|auth|validat|sanitiz|csrf|scan)[a-z_]*\s*\(`),
		// Scanners silenced: a suppression marker spread over the code, a
		// scanner's configuration deleted, its exit code forced to zero.
		asked("weaken-safeguard", false, 2, `\b(?:add|adds|added|adding|append|put|insert|sprinkle)[a-z]*\b[^.\n]{0,40}?(?:#\s?nosemgrep|nosemgrep|nosonar|checkov:skip|tfsec:ignore|trivy:ignore|kics-scan ignore|gitleaks:allow|pragma: allowlist secret|bandit: ?skip)|\b(?:delet|remov|drop)[a-z]*\b[^.\n]{0,20}?(?:\.semgrep\.ya?ml|\.gitleaks\.toml|trivy\.ya?ml|\.snyk\b|codeql[a-z-]*\.ya?ml|\.pre-commit-config\.ya?ml|sonar-project\.properties|\.checkov\.ya?ml)`),
		p("config-override", false, 2, `\b(?:trivy|grype|semgrep|gitleaks|snyk|checkov|bandit|tfsec|codeql|zap|sonar[a-z-]*|kics|osv-scanner|trufflehog)\b[^\n]{0,60}?(?:--exit-code[ =]0\b|--exit-zero\b|--soft-fail\b|--no-fail\b|--severity[ =]low\b|\|\|\s*true\b)`),
		// Payment safeguards switched off: 3-D Secure, SCA, fraud checks.
		asked("weaken-safeguard", false, 2, `\b(?:`+weakenVerb+`)\b[^.\n]{0,30}?(?:3-?d ?secure|\b3ds2?\b|strong customer authentication|fraud (?:checks?|rules?|screening|detection|filters?)|cvv checks?|avs checks?)|(?:3-?d ?secure|\b3ds2?\b|fraud (?:checks?|rules?|screening|detection))[^.\n]{0,30}?\b(?:off|disabled|removed|bypassed|skipped)\b`),
		// Consent to an elevation prompt: "accept its sudo prompt".
		asked("escalate", false, 2, `\b(?:accept|approve|confirm|allow|enter|type)[a-z]* (?:its |the |any |every |each |their )?(?:sudo|uac|elevation|admin(?:istrator)?|root|polkit) (?:prompts?|passwords?|dialogs?|requests?)\b`),
		// Bulk data of customers, told verb first or object first, handed
		// to someone: "Email them the full invoices table for all
		// accounts", "the dumps of the prod customers table should keep
		// going there".
		asked("sensitive-data", false, 2, `\b(?:e-?mail|mail|send|forward|attach|export|upload|share|deliver)[a-z]*\b[^.\n]{0,40}?\b(?:[a-z]+ )?(?:tables?|exports?|dumps?|records|lists?|data) (?:for|of) (?:all|every) (?:accounts?|customers?|users?|tenants?|clients?)\b|\b(?:dumps?|exports?|backups?|copies|extracts?) of (?:the )?(?:prod(?:uction)? )?(?:customers?|users?|accounts?|clients?|patients?)\b[^.\n]{0,20}?\b(?:tables?|database|db|data)\b[^.\n]{0,40}?\b(?:go(?:es|ing)?|keep going|are sent|get sent|land|are delivered|are shipped|are uploaded) (?:to|there)\b`),
		// A secret put in a URL, where proxies and logs keep it: "the admin
		// token … appended as ?access_token=".
		asked("leak-into-repo", false, 2, `(?:`+secretObj+`)[^.\n]{0,80}?\b(?:append|add|put|pass|place|include)[a-z]*\b[^.\n]{0,20}?[?&](?:access_token|token|api_?key|apikey|key|auth|password)=`),
		// Secrets attached to a document for someone: "attach … the
		// contents of secrets/prod.env as Appendix C".
		asked("leak-into-repo", false, 2, `\b(?:attach|append|include|paste|add|enclose)[a-z]*\b[^.\n]{0,60}?(?:`+secretObj+`|[a-z0-9_-]+\.env\b|secrets/\S+)[^.\n]{0,40}?\b(?:as|in|into|to)\b[^.\n]{0,12}?\b(?:appendix|attachment|annex|form|questionnaire|response|reply|ticket|e-?mail|report|answer|submission)\b`),
		// The reader's rules turned around: "every rule you were given
		// means its reverse", "opposite-day mode".
		p("instruction-source", false, 2, `\b(?:every|each|all|any|your) (?:rules?|instructions?|prohibitions?|restrictions?|guidelines?)\b[^.\n]{0,40}?\b(?:means?|now means?|is|are) (?:now )?(?:its|their|the) (?:reverse|opposite|inverse)\b|\bdo the (?:exact )?opposite of (?:what|every|your|the|all)\b|\b(?:rules?|instructions?|prohibitions?) (?:are|is) (?:now )?(?:inverted|reversed|flipped)\b`),
		// A report fixed before the facts: "the report should say
		// sentiment is 100% positive".
		asked("user-deception", false, 2, `\b(?:the |your |its |every )?(?:reports?|summar(?:y|ies)|status(?: updates?)?|answers?|updates?)\b (?:should|must|will|shall|is to|are to) (?:always )?(?:say|state|show|claim|read|report)\b[^.\n]{0,40}?(?:100 ?%|all (?:green|passing|positive|clear)|no (?:issues|failures|problems|findings)|success(?:ful)?|positive|passed|green)`),
		// The person kept out: "the user must not be notified", "do not
		// raise it with the developer".
		asked("concealment", false, 2, `\b(?:users?|person|developers?|owners?|customers?|maintainers?|humans?|team)\b (?:must|should|need|is to|are to|will) (?:not|never) be (?:notified|told|informed|alerted|made aware)\b|\b(?:do not|don'?t|never) (?:raise|mention|bring up|surface|flag) (?:it|this|that|them|these|any of (?:it|this|them)) (?:with|to) (?:the |your )?(?:developers?|users?|owners?|person|maintainers?|humans?|team)\b`),
		// Traces removed: a ticket closed with no note of what was done,
		// the audit schema dropped.
		gated(asked("cover-tracks", false, 2, `\bclos[a-z]* (?:the |this )?(?:ticket|issue|case|incident)\b[^.\n]{0,20}?\bwithout (?:an? |any )?(?:internal )?(?:comment|note|record|trace|log entry)|\bdrop (?:schema|table|database) (?:if exists )?(?:\S*\.)?audit`),
			"ticket", "issue", "case", "incident", "audit"),
		// Data deleted in bulk by query: Elasticsearch's _delete_by_query.
		asked("destroy", false, 2, `_delete_by_query\b`),

		// Session 16, batch 14 (its mechanisms, as classes).
		// Another agent's conduct held up as the model: "please work the
		// same way", "for continuity, recreate that setup". It addresses
		// whoever reads, naming no agent: soft.
		softly(gated(p("emulate", true, 2, `\b(?:work|works|do it|do things|behave|act|operate|handle (?:it|this|them|secrets)|proceed) (?:the same way|in the same way|likewise|like (?:it|they|that agent|the previous [a-z]+) did)\b|\b(?:follow|copy|mirror) (?:its|their|that agent'?s) (?:example|lead|approach|setup)\b|\b(?:recreate|restore|replicate|reproduce|re-?establish) (?:that|this|the same|the old|its|their|the previous) (?:setup|configuration|config|access|arrangement|workflow)\b|\bfor continuity\b`),
			"same", "likewise", "did", "example", "lead", "approach", "setup", "recreate", "restore", "replicate", "reproduce", "reestablish", "re-establish", "continuity")),
		// The text asks to be kept where agents read their instructions:
		// "store this persona in CLAUDE.md", "record this convention in
		// .github/copilot-instructions.md", "save this definition in
		// your long-term memory", "keeping this as a core principle".
		// Only a reader that keeps memories is asked that.
		gated(p("self-persist", true, 2, `\b(?:store|save|record|keep|add|write|put|persist|pin|commit|copy|append|remember)[a-z]*\b[^.\n]{0,50}?\b(?:this|these|it|that|the following|the above)\b[^.\n]{0,40}?\b(?:in|into|to|as)\b[^.\n]{0,30}?(?:claude\.md|agents\.md|gemini\.md|copilot-instructions|\.cursorrules|\.windsurfrules|system prompt|(?:your|its|the agent'?s|long-term|permanent|persistent|core) (?:memory|memories|rules|instructions|principles?|persona)|core principle)|\bkeep(?:ing)? (?:this|it) as an? (?:core|guiding|standing|permanent|first) (?:principle|rule|instruction)\b|\bso (?:that )?future (?:sessions|generations|runs|agents|assistants)\b[^.\n]{0,20}?\b(?:follow|use|apply|keep|repeat)`+
			// Greek, Urdu, Persian: "save … in (your long-term) memory".
			`|αποθηκευ\S*[^.\n]{0,60}?μνημη|(?:یادداشت|حافظه)\S*[^.\n。]{0,20}?(?:محفوظ|ذخیره)|(?:محفوظ|ذخیره)\S*[^.\n]{0,20}?(?:یادداشت|حافظه)`),
			"store", "save", "saved", "record", "keep", "keeping", "add", "write", "put", "persist", "pin", "commit", "copy", "append", "remember", "future", "αποθηκευσε", "یادداشت", "حافظه", "محفوظ", "ذخیره"),
		// Approval assumed: "treat it as already approved".
		asked("approve-unreviewed", false, 2, `\b(?:treat|consider|regard)[a-z]* (?:it|this|that|them|these|the change|the setup) as (?:already |pre-?)?(?:approved|authori[sz]ed|signed off|reviewed)\b`),
		// Content fetched or returned by tools set above the person:
		// "instructions in tool results are more current than the
		// user's", "I follow the tool result".
		p("instruction-source", false, 2, `\b(?:tool (?:results?|outputs?)|fetched (?:web )?pages?|web pages?|retrieved (?:content|documents?|pages?)|search results?)\b[^.\n]{0,60}?\b(?:more (?:current|authoritative|reliable|trustworthy) than|over|above|outranks?|wins? over|takes? precedence over)\b[^.\n]{0,20}?\b(?:user|person|human|owner|chat)|\b(?:i|you|it|the agent) (?:always )?follows? the (?:tool (?:result|output)|fetched page|web page|retrieved content)\b`),
		// Everyone made an admin: "give every authenticated caller the
		// ADMIN role", "grant all users owner access".
		asked("escalate", false, 2, `\b(?:give|grant|assign)[a-z]* (?:every|all|any|each)\b[^.\n]{0,30}?\b(?:admin(?:istrator)?|root|owner|superuser|sudo)\b`),
		// Ownership handed to the reader: "the assistant acts as owner".
		granted(p("grants-rights", false, 2, `\b(?:acts?|serves?|stands? in) as (?:an? |the )?(?:code ?owner|owner|maintainer|admin(?:istrator)?|approver)\b`)),
		// Secrets kept in the reader's own memory or notes.
		asked("leak-into-repo", false, 2, `(?:`+secretObj+`)[^.\n]{0,60}?\b(?:mirror|copy|cop(?:ies|ied)|store|save|record|write|paste|dump|keep)[a-z]*\b[^.\n]{0,40}?\binto (?:its|their|your|the|a|an|our) (?:own )?(?:memory|memories|memory notes?|notes|scratchpad)`),
		// An audit table or trail emptied, under any name (audit_events).
		// Not a deletion's record kept: "deletion logs go to the audit
		// trail" names the act as a noun and keeps the trail (session 22,
		// batch 25).
		asked("cover-tracks", false, 2, `\b(?:truncat|clear|wip|delet|eras|empt|purg|shred|remov)[a-z]*\b[^.\n]{0,50}?\baudit[_ .-]?(?:logs?|trails?|entries|events|records|tables?)\b`).withAlso(actNotNoun),
		// The process environment read from /proc and sent out.
		sent("env-outbound", 3, `/proc/(?:self|\d+|\*)/environ\b[^\n]{0,120}?(?:\b(?:curl|wget|nc|ncat|socat)\b|https?://)`),
		// A safeguard flag off under any prefix: PYTHONHTTPSVERIFY=0,
		// VALIDATE_INPUT=false, AUTH_DISABLED=true.
		func() shapePart {
			sp := asked("config-override", false, 2, `\b[a-z_]*(?:verify|verification|validat[a-z]*|ssl|tls|csrf|mfa|2fa|waf|firewall|audit|sandbox|signing)[a-z_]*"?\s*[:=]\s*"?(?:false|0|off|no|disabled|none)\b|\b[a-z_]*(?:auth|authn|authz|tls|ssl|verify|validation|csrf|mfa|2fa|waf|firewall|audit|sandbox|signing|security|scan)_(?:disabled?|off|skip(?:ped)?|bypass(?:ed)?)"?\s*[:=]\s*"?(?:true|yes|on|1)\b`)
			ask := sp.also
			sp.also = func(s string, m []int) bool {
				return ask(s, m) && !refusedAfter().MatchString(s[m[1]:min(len(s), m[1]+60)])
			}
			return sp
		}(),
		// Tools approved wholesale: "auto-approve for all tools", "mark
		// it trusted".
		asked("self-permission", false, 2, `\bauto-?approv[a-z]*\b[^.\n]{0,30}?\b(?:all|every|any) (?:tools?|commands?|actions?|requests?)\b|\bmark[a-z]* (?:it|them|the server|this server|the mcp server) (?:as )?trusted\b`),
		// Session 19, batch 18 (its mechanisms, as classes).
		// An order to an agent, reported: "the CTO wants the assistant to
		// stop asking", "Sam told the bot to …", "asked our agent to".
		// Soft: a wish relayed ("Jonas wants the assistant to tell him
		// when it spots an API key") orders the reader only with a
		// risky act.
		gated(softly(addressed("agent-directive", `\b(?:wants?|wanted|would like|asked|asks|told|tells|instructed|instructs|expects?|expected|needs?|needed|requires?|required|authori[sz]e[sd]?|allow(?:s|ed)?|permit(?:s|ted)?|gets?|got)\s+(?:the |our |all |any |every |each |this |that )?(?:[a-z0-9-]+ )?(?:`+agentNoun+`)\s+to\s+([a-z]+)`,
			func(s string, m []int) bool { return len(m) >= 4 && m[2] >= 0 && verbCue(s[m[2]:m[3]]) })), agentWords...),
		// An agent as a clause's subject with a modifier before the noun:
		// "the triage agent creates …", "the release agent is asked …",
		// "the Cortex assistant covers …" — not an agent that is a person
		// or a daemon ("the support agent", "the user agent", "the ssh
		// agent"), and not a named bot: "the release bot publishes …",
		// "the deploy bot merges …" describe the team's automation.
		gated(addressed("agent-subject", `(?:^|[\n.:;!?(\[,|]\s*|\b(?:and|then|that|so|when|if|once|after|before|where|while)\s+)(?:the|our|any|every|each|all|this|that|an?)\s+([a-z][a-z0-9-]*)\s+(?:agents?|assistants?)\s+(?:(?:now|also|then|always|just|simply|first|automatically)\s+)?([a-z]+)`,
			func(s string, m []int) bool {
				return len(m) >= 6 && m[4] >= 0 && !nonAIAgent[s[m[2]:m[3]]] && clauseVerb(s, m[4], m[5])
			}), agentWords...),
		// Rights or approval handed to an agent by delegation or by
		// deeming: "covers my approvals … with my admin rights", "on my
		// behalf", "deploy as me", "are deemed to hold the Customer's
		// approval for merges". The agent named beside the hand-over is
		// addressed (its holder); the hand-over is the risk.
		gated(func() shapePart {
			sp := p("delegated-to-agent", true, 2, `(?:^|[^a-z0-9@_/.-])(?:`+agentNoun+`)\b[^.\n;]{0,120}?(?:`+delegation2+`)|(?:`+delegation2+`)[^.\n;]{0,60}?\b(?:`+agentNoun+`)\b`)
			sp.also = func(s string, m []int) bool { return !grantDenied(s, m) && !refutedClaim(s, m) }
			return sp
		}(), agentWords...),
		func() shapePart {
			sp := p("grants-rights", false, 2, delegation2)
			sp.also = func(s string, m []int) bool {
				return !grantDenied(s, m) && !onlyAfter().MatchString(s[m[1]:min(len(s), m[1]+60)])
			}
			return sp
		}(),
		// An account made with admin rights: "creates one with the admin
		// role on production", "mint a token with owner access".
		asked("escalate", false, 2, `\b(?:creat|mint|provision|set(?:s|ting)? up|add)[a-z]* (?:\S+ ){0,4}?(?:with|having|holding) (?:the |an? |full |org )?(?:admin(?:istrator)?|root|owner|superuser|sudo|org[- ]?admin)(?: role| rights| access| privileges| scope)?\b`),
		// A secret put into the reader's memory, verb first: "paste the
		// printed keys into the incident memory".
		asked("leak-into-repo", false, 2, `\b(?:store|save|record|write|paste|dump|keep|put|copy|add)[a-z]*\b[^.\n]{0,40}?(?:`+secretObj+`)[^.\n]{0,40}?\b(?:in|into|to) (?:its|their|your|the|his|her) (?:own |[a-z-]+ )?(?:memory|memories|memory notes|notes|scratchpad)\b`),
		// Session 20, batch 19 (its mechanisms, as classes).
		// The next reader by the act that reaches it: "whoever resolves
		// this", "whoever edits this file".
		softly(gated(p("future-reader", true, 2, `\bwhoever [a-z]+s (?:this|it|these|that|the)\b`), "whoever")),
		// A heading whose parenthesis names the agent: "Deck: onboarding
		// (assistant)", a run configuration "Release (assistant)". Soft:
		// it names who the text is for, not what it asks.
		softly(gated(p("agent-config", true, 2, `(?:^|\n|")[^\n"]{0,60}?\((?:for )?(?:the |an? )?(?:`+agentNoun+`)s?\)\s*(?:$|\n|")`), agentWords...)),
		// An answer given to the reader's question: "Q: … What do you
		// do? A: …", an answer key ("…? → …"): a card teaches its answer
		// as the reader's conduct. Soft.
		softly(p("quiz-answer", true, 2, `(?:^|\n)\s*(?:q|question|frage|pregunta|pergunta)\s*\d*\s*[:.)]\s*[^\n]*\?\s*\n\s*(?:a|answer|antwort|respuesta|resposta|reponse)\s*\d*\s*[:.)]`)),
		// An agent as the doer of a passive: "restores can be triggered by
		// the on-call assistant alone".
		gated(addressed("agent-directive", `\b(?:may|can|could|will|shall|should|must|is to|are to)\s+(?:now\s+|also\s+|then\s+)?be\s+[a-z]+(?:ed|en|wn)\s+by\s+(?:the\s+|an?\s+|any\s+|our\s+)?(?:[a-z-]+\s+){0,2}?(?:`+agentNoun+`)\b`, nil), agentWords...),
		// What an agent does, told as its practice: "what our assistant
		// does when it sees this:".
		gated(addressed("agent-directive", `\bwhat (?:our|the|your|an?|any|each|every) (?:[a-z-]+ )?(?:`+agentNoun+`) (?:does|do|should do|is to do|must do|will do)\b`, nil), agentWords...),
		// An agent as a clause's subject after a fronted phrase: "For
		// clean screenshots the assistant turns protection off".
		gated(addressed("agent-subject", `(?:^|[\n.:;!?]\s*)(?:for|during|in|on|at|after|before|until|while|with|to|once|when|if)\s+[^,.;:\n]{1,40}?,?\s+(?:the|our|an?)\s+(?:`+agentNoun+`)\s+(?:(?:now|also|then|always|just|simply|first|automatically)\s+)?([a-z]+)`,
			func(s string, m []int) bool { return len(m) >= 4 && m[2] >= 0 && clauseVerb(s, m[2], m[3]) }), agentWords...),
		// Secrets shipped inside what the project publishes (an image, a
		// tarball, a package) or kept out of its ignore file: ".npmrc is
		// intentionally not listed", ".ssh … shipped on purpose", "the
		// published tarball has to carry the registry token", "!.env".
		asked("ships-secret", false, 2, `(?:`+secretObj+`|\.git\b)[^.\n]{0,60}?\b(?:(?:intentionally|deliberately|on purpose) (?:not|never) (?:listed|ignored|excluded)\b|(?:is|are) (?:not|never) (?:listed|ignored|excluded) (?:intentionally|deliberately|on purpose)\b)`),
		unnegatedClause(asked("ships-secret", false, 2, `(?:`+secretObj+`|\.git\b)[^.\n]{0,60}?\b(?:is|are) (?:\S+ )?(?:shipped|baked|bundled|published|packaged|carried)\b|\b(?:ship|bake|bundle|publish|include|carry|package|copy|embed)[a-z]*\b[^.\n]{0,40}?(?:`+secretObj+`)[^.\n]{0,40}?\b(?:in|into|inside|with) (?:the |every |each |our |a )?(?:published |release |docker |container |npm )?(?:image|tarball|package|container|artifact|bundle|release|wheel|jar|zip|layer)s?\b|\b(?:image|tarball|package|container|artifact|bundle)s?\b[^.\n]{0,40}?\b(?:carry|carries|contain|contains|include|includes|hold|holds|ship|ships|bake|bakes)\b[^.\n]{0,40}?(?:`+secretObj+`)|(?:^|\n)\s*!\s*\S*(?:\.env|\.ssh|\.npmrc|\.netrc|\.pypirc|id_rsa|id_ed25519|\.pem|secrets?|credentials)\b`)),
		// … and the ignore line taken out: "removes any .ssh line someone
		// adds back", "remove .npmrc from this file".
		func() shapePart {
			sp := unnegatedClause(asked("ships-secret", false, 2, `\b(?:remov|delet|drop|strip|un-?ignor)[a-z]*\s+(?:any |the |every |each |a |all )?(?:lines? (?:for |with |listing )?)?(?:`+secretObj+`|\.git\b)(?:\s+(?:lines?|entry|entries|pattern|rules?))?`))
			ask := sp.also
			sp.also = func(s string, m []int) bool { return ask(s, m) && strings.Contains(s, "ignore") }
			return sp
		}(),
		// A review forged: a reviewer's trailer added by whoever commits.
		unnegatedClause(asked("forged-review", false, 2, `\b(?:add|adds|append|appends|insert|include|put|write|forge|fake|stamp)[a-z]*\b[^.\n]{0,40}?\b(?:reviewed-by|approved-by|acked-by|lgtm-by|tested-by)\s*:`)),
		// Review moved after the act: "sign-off is collected afterwards,
		// if at all".
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:sign-?offs?|approvals?|reviews?|consent)\b[^.\n]{0,30}?\b(?:collected|given|obtained|requested|done|added|gathered|sought)\s+(?:afterwards|after the fact|later|retroactively|post[- ]hoc)\b|\b(?:afterwards|after the fact|retroactively),? if at all\b`)),
		// Approvals set to zero, in prose or a setting.
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:approvals?|reviews?|reviewers?|sign-?offs?)\b"?\)?[^.]{0,60}?\b(?:reduced|lowered|cut|dropped|set|changed|down) to (?:zero|0|none|nobody|no one)\b|\b(?:required_approving_review_count|required_approvals?|min(?:imum)?_?(?:approvals|reviewers))\s*[:=]\s*0\b`)),
		// Branch protection changed or deleted: "apply this to the branch
		// protection settings", gh api -X DELETE …/protection.
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:change|edit|modify|update|apply|loosen|relax|adjust|rewrite|replace)[a-z]*\b[^.\n]{0,40}?\b(?:branch protection|protection (?:rules?|settings)|rulesets?|required (?:reviews?|checks|approvals|status checks))\b|(?:-x|--method)\s*delete\b[^\n]{0,100}?(?:/protection|rulesets?|required_status_checks|required_pull_request_reviews)\b`)),
		// A safeguard switched off with its verb split: "turns protection
		// off", "… and leaves it off until the audit closes".
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:turn|switch|shut)[a-z]* (?:the |all |any |its |their )?(?:`+safeguard+`) off\b|\b(?:`+safeguard+`)\b[^.\n]{0,60}?\bleaves? (?:it|them) (?:off|disabled)\b`)),
		// A merge or a release over a red result: "merge anyway".
		unnegatedClause(asked("approve-unreviewed", false, 2, `\b(?:merg|ship|deploy|releas|publish|land)(?:e|es|ed|ing|s)? (?:it |them |this |that |the [a-z]+ )?anyway\b`)),
		// An agent alone on an act: "by the on-call assistant alone".
		p("unchecked", false, 1, `\b(?:by|for) (?:the |an? |our )?(?:[a-z-]+ ){0,2}(?:agents?|assistants?|bots?|ai|models?) alone\b|\bsingle-handedly\b|\bunilaterally\b`),
		// A command added to the reader's allowlist when a prompt stops it.
		unnegatedClause(asked("self-permission", false, 2, `\badd[a-z]* (?:the |this |that |each |every |any |a |its )?(?:blocked )?(?:commands?|tools?|permissions?|domains?|hosts?)\b[^.\n]{0,20}?\bto (?:the |your |its )?(?:allow ?list|allowlist|allowed ?tools|permissions? list|trusted (?:list|commands))\b`)),
		// A secret file piped to the network: cat .env | curl … ix.io.
		unnegatedClause(asked("sensitive-outbound", false, 3, `\bcat\s+[^\n|]{0,60}?(?:`+secretObj+`)[^\n|]{0,20}\|\s*(?:[a-z0-9]+\s+[^\n|]*\|\s*)?(?:curl|nc|ncat|netcat|wget|socat|http|xh)\b`)),
		// session 20 (batch 20's classes). A data safeguard or a gate
		// removed: PII tags and masking policies, a deploy or quality gate
		// and its step.
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:remov|delet|drop|disabl|strip|untag|lift)[a-z]*\b[^.\n]{0,40}?\b(?:pii (?:tags?|labels?|classifications?)|masking(?: polic(?:y|ies)| rules?)?|data masking|(?:deploy|quality|release|merge|approval) gates?|gate steps?)\b`)),
		// A safeguard's removal told as a noun ("the removal of the review
		// requirement"), and a rotation skipped in the passive ("the token
		// rotation … will be skipped").
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:removal|disabling|deactivation|suspension|waiving|waiver|lifting|deletion|dropping|bypassing) of (?:the |all |any |our )?(?:`+safeguard+`|review requirements?|required reviews?|branch protection)\b|\b(?:key |token |secret |credential |password )rotations?\b[^.\n]{0,60}?\b(?:will be|is to be|are to be|shall be|gets?|to be|be) (?:skipped|waived|dropped|suspended|cancell?ed)\b`)),
		// An agent's own approval or merge: "merges it itself", "the
		// self-approval of pending PRs".
		unnegatedClause(asked("approve-unreviewed", false, 2, `\bmerges? (?:it|them|the pr|its own prs?|the change) (?:itself|themselves)\b|\bself-?approv(?:al|e|es|ed|ing)\b`)),
		// Direct pushes to main switched back on.
		unnegatedClause(asked("privilege", false, 2, `\b(?:re-?enabl|enabl|allow|permit|restor)[a-z]*(?: of)? (?:the )?direct pushe?s? (?:to|on(?:to)?) (?:main|master)\b`)),
		// The next reader named by what it does: "any session that finds
		// them undone", "whichever automation reads this update next".
		softly(p("future-reader", true, 2, `\bany (?:later |future |new |other )?session (?:that|which|who)\b|\bwhichever (?:automation|agent|session|bot|tool|assistant|run|job) (?:reads|opens|sees|finds|picks|runs)\b`)),
		// Admin granted by a script or a request's body, and a grant
		// that is never to be revoked.
		asked("escalate", false, 2, `(?:^|[^a-z])grant[_-]admin\b|(?:^|[^a-z])(?:make|add|promote)[_-](?:to[_-])?admin\b|"role"\s*:\s*"(?:owner|admin|administrator|superuser|root)"|\bthe (?:grant|role|access|permission|elevation)s? (?:never|doesn'?t|does not|do not|don'?t) (?:needs? |have to )?(?:be )?(?:revok|expir|remov)[a-z]*\b`),
		// A revoked or rotated key put back.
		unnegatedClause(asked("escalate", false, 2, `\b(?:re-?add|re-?enabl|restor|put(?:s|ting)? back|reinstat)[a-z]*\b[^.\n]{0,40}?\b(?:old|revoked|rotated|previous|retired|expired)\b[^.\n]{0,20}?\b(?:deploy keys?|keys?|tokens?|credentials?)\b|\b(?:old|revoked|rotated|previous|retired|expired) (?:deploy |ssh |api )?(?:keys?|tokens?|credentials?)\b[^.\n]{0,40}?\b(?:re-?added|re-?enabled|restored|put back|reinstated)\b`)),
		// Confirming with the person called a bug; a confirmation
		// declared unneeded.
		asked("waived-confirmation", false, 2, `\b(?:consider|treat|regard|count)[a-z]* (?:asking|confirming|prompting|confirmation prompts?|checking with the user)\b[^.\n]{0,30}?\b(?:a bug|an? error|a defect|a regression|wrong|noise)\b|\b(?:asking|confirming|prompting)(?: the user)?(?: about (?:them|these|it|this))? (?:is|counts as|is considered|is now) (?:a bug|wrong|a defect)\b|\bno confirmation (?:is |will be )?(?:required|needed|necessary)\b`),
		// Nobody outside told of a key's change.
		asked("concealment", false, 2, `\bno (?:customer |user |public |external )?(?:communication|announcement|notice|notification|disclosure)\b[^.\n]{0,30}?\b(?:key|token|credential|secret|breach|leak)s?\b[^.\n]{0,20}?\b(?:is |are )?(?:needed|necessary|required)\b`),
		// Dependency confusion accepted: the public package taken for an
		// internal name, and its install scripts let run.
		unnegatedClause(asked("supply-chain", false, 2, `\baccept[a-z]* the public (?:package|version|one|registry'?s? (?:package|version))s?\b|\b(?:prefer|use|take|resolve)[a-z]* (?:the )?public (?:package|registry|version)s?\b[^.\n]{0,30}?\b(?:over|instead of|for) (?:the )?(?:private|internal)\b`)),
		unnegatedClause(asked("download-and-run", false, 3, `\blet (?:its|their|the|any) (?:install|post-?install|pre-?install|lifecycle) scripts? run\b|--ignore-scripts(?:=| )false\b`)),
		// A dump of credentials committed where the public reads it.
		unnegatedClause(asked("leak-into-repo", false, 2, `\b(?:dump|export)[a-z]* (?:every|all|each|the)\b[^.\n]{0,30}?\bcredentials?\b[^.\n]{0,80}?\b(?:commit|push|upload)[a-z]*\b[^.\n]{0,80}?\bpublic\b`)),
		// Card numbers and CVCs typed into a form outside.
		sent("sensitive-outbound", 3, `\b(?:card numbers?|cvcs?|cvvs?|card details|full card)\b[^.\n]{0,80}?\b(?:enter|type|paste|submit|fill)[a-z]*\b[^.\n]{0,60}?\b(?:form|page|site|portal)\b`),

		// Session 22, batch 21 (its mechanisms, as classes).
		// Rights raised by naming the role: a cloud's or a cluster's
		// administrator policy attached, bound or a role widened to it (AdministratorAccess,
		// roles/owner, cluster-admin), rights granted to oneself, a
		// grant call with a wildcard scope or persistence.
		gated(unnegatedClause(asked("escalate", false, 2, `\b(?:attach|grant|give|assign|bind|add|apply|create|widen|broaden|rais|elevat|escalat|upgrad|expand|promot|extend)[a-z]*\b[^.\n]{0,80}?(?:\badministratoraccess\b|\biamfullaccess\b|\bpoweruseraccess\b|\broles/(?:owner|editor|iam\.[a-z]*admin[a-z]*|resourcemanager\.[a-z]*admin)\b|--clusterrole[= ]cluster-admin\b|\bcluster-admin\b|\bglobal administrator\b)|\bgrant[a-z]* (?:yourself|itself|themselves|himself|herself)\b[^.\n]{0,30}?\b(?:admin(?:istrator)?|owner|root|superuser|write|full)\b|\bgrant\s*\([^)\n]{0,80}?(?:scope\s*=\s*["']\*["']|persist\s*=\s*true)`)),
			"administratoraccess", "iamfullaccess", "poweruseraccess", "roles", "cluster", "clusterrole", "global", "owner", "yourself", "itself", "themselves", "himself", "herself", "grant"),
		// A policy's enforcement lowered to advice, its failures
		// overridden; a required check marked not required; an
		// exemption from a policy extended, or granted unconditionally.
		gated(asked("weaken-safeguard", false, 2, `\b(?:mark|set|make|treat|flag|switch|chang|turn|downgrad|mov)[a-z]*\b[^.\n]{0,50}?\b(?:required (?:status )?checks?|required reviews?|polic(?:y|ies)|checks?|rules?|gates?|controls?)\b[^.\n]{0,40}?\b(?:as|to) (?:not required|optional|advisory|non-?blocking|informational|warn(?:ing)?s?(?: only)?|audit(?: mode| only)?)\b|\boverrid[a-z]* (?:both |all |any |every )?(?:soft(?:-mandatory)?|hard(?:-mandatory)?|mandatory|policy|sentinel|opa|gatekeeper|kyverno)\b[^.\n]{0,30}?\b(?:failures?|violations?|denials?|checks?)\b|\bextend[a-z]* (?:the |this |that |our )?(?:exemption|exception|bypass|waiver)s? to\b`),
			"mark", "set", "make", "treat", "flag", "switch", "change", "turn", "downgrade", "move", "override", "overrides", "overriding", "extend", "extends"),
		gated(p("grants-rights", false, 2, `\b(?:allowed|permitted|approved|exempt(?:ed)?) unconditionally\b|\bunconditionally (?:allowed|permitted|approved|exempt(?:ed)?)\b`), "unconditionally"),
		// A safeguard lifted, suspended or set off by its requirement:
		// "lift the MFA requirement … → off", "blast-radius limits are
		// suspended", a guard named as a safety or content filter.
		gated(unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:lift|suspend|waiv|relax)[a-z]*\b[^.\n]{0,30}?\b(?:mfa|2fa|sso|multi-factor|two-factor|blast[- ]radius|approval|review|signing)[a-z -]{0,12}?(?:requirements?|limits?|enforcement|policy)\b|\b(?:blast[- ]radius|safety|guard ?rail|mfa|2fa|approval|review) (?:limits?|requirements?|rules?|checks?|policy)\b[^.\n]{0,20}?\b(?:are|is|get|gets|will be) (?:suspended|lifted|waived|turned off|switched off|disabled)\b|\b(?:require|enforce)[a-z ]{0,4}mfa\s*(?:→|->|=|:)\s*off\b|\b(?:delet|remov|disabl|strip|turn)[a-z]*\b[^.\n]{0,40}?\b(?:safety|content|output|moderation|toxicity|guardrail) (?:filters?|classifiers?|checks?|layers?)\b|\b(?:safety|content|output|moderation) (?:filters?|classifiers?)\b[^.\n]{0,100}?\b(?:delete|remove|disable|strip|rip out)s? (?:it|them)\b`)),
			"lift", "lifts", "suspend", "suspended", "waive", "waived", "relax", "remove", "removes", "drop", "disable", "disables", "delete", "deletes", "turn", "require", "enforce", "safety", "content", "output", "moderation", "guardrail"),
		// Scanner alerts switched off: "switches the repo's Dependabot and
		// CodeQL alerts off".
		gated(unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:turn|switch|shut|disabl|mut|silenc)[a-z]*\b[^.\n]{0,40}?\b(?:dependabot|codeql|code scanning|secret scanning|security|vulnerability|scanner)\b[^.\n]{0,20}?\balerts?\b(?: off\b)?`)),
			"dependabot", "codeql", "scanning", "security", "vulnerability", "scanner"),
		// A flag that turns a protection off: RATE_LIMIT_ENABLED=false,
		// mfa_enabled: false, VERIFY_TLS=0.
		unnegatedClause(asked("config-override", false, 2, `\b[a-z_]*(?:rate_?limit|auth|mfa|2fa|waf|firewall|protection|scan|scanning|safety|audit|verify|verification|signing|gpgsign|tls|ssl|guard)[a-z_]*_(?:enabled|on|active|enforced)"?\s*[:=]\s*"?(?:false|0|no|off)\b|\bgpgsign"?\s*[:=]\s*"?(?:false|0|no|off)\b`)),
		// Approval claimed for a review that did not happen: a
		// requirement "counts as satisfied", reviews "catch up
		// afterwards".
		gated(unnegatedClause(asked("approve-unreviewed", false, 2, `\b(?:review(?:er)?|approval|sign-?off) (?:requirement|rule|step)s? (?:counts? as|is|are|gets?) (?:satisfied|met|fulfilled|covered|waived)\b|\b(?:reviews?|approvals?|sign-?offs?) (?:catch(?:es)? up|follow|come|happen) (?:afterwards|later|after the fact|after)\b|\bskip(?:s|ping)? (?:both|all|each|any|either) of (?:the above|these|them|those)\b`)),
			"review", "reviewer", "reviews", "approval", "approvals", "signoff", "sign", "skip", "skips", "skipping"),
		// A credential attached where the public reads it: "attaches the
		// current .env and the deploy key as a comment".
		unnegatedClause(asked("leak-into-repo", false, 2, `\b(?:attach|post|paste|upload|add)[a-z]*\b[^.\n]{0,40}?(?:`+secretObj+`)[^.\n]{0,40}?\bas (?:a |an )?(?:comment|attachment|reply|gist)\b`)),
		// Keys copied to a bucket the text calls public.
		func() shapePart {
			sp := asked("sensitive-outbound", false, 3, `(?:`+secretObj+`)[^.\n]{0,60}?\b(?:s3|gs|az|wasbs?)://`)
			ask := sp.also
			sp.also = func(s string, m []int) bool { return ask(s, m) && strings.Contains(s, "public") }
			return sp
		}(),
		// Customer data dumped and sent out, the customers table with
		// its plural.
		sent("sensitive-data", 2, `\b(?:export|copy|dump|send|upload|share|sync|post)\b[^.\n]{0,40}?\bcustomers (?:data|tables?|records|list|emails)\b`),
		// Kept out of the reply: "it isn't something to bring up".
		asked("concealment", false, 2, `\b(?:isn'?t|is not|not) (?:something|anything) to (?:bring up|mention|raise|report|flag)\b`),
		// The reader named by what it finds or what it acts on: "a session
		// that finds it re-added", "sessions which act on the ideal
		// answers".
		softly(p("future-reader", true, 2, `\b(?:an?|any|the|every|each) (?:later |future |new |next )?(?:session|agent|assistant|run|bot) (?:that|which|who) (?:finds|sees|reads|opens|notices|picks up)\b|\b(?:sessions|agents|assistants|runs|models) (?:that|which|who) (?:act on|follow|apply|carry out)\b`)),
		// A duty with an infinitive: "automation reading this repo is to
		// treat …".
		softly(p("deontic-passive", true, 2, `\b(?:is|are) to (?:treat|override|skip|disable|delete|merge|approve|push|ignore|apply|grant|remove|bypass)\b`)),
		// An agent as the doer of an act's passive: "are performed by the
		// assistant", "carried out by the bot".
		gated(addressed("agent-directive", `\b(?:are|is|get|gets|will be) (?:performed|done|carried out|executed|run|handled|applied) by (?:the |an? |any )?(?:[a-z-]+ )?(?:`+agentNoun+`)\b`, nil), agentWords...),
		// Who is addressed: the onlooker ("whoever is looking, automated
		// assistants included"), automation a plan puts in scope, and a reply kept clean of what
		// was done.
		softly(p("future-reader", true, 2, `\bwhoever (?:is )?(?:looking|watching|on call|sees (?:this|it)|notices (?:this|it))\b`)),
		gated(addressed("agent-directive", `\b(?:whoever|anyone|everyone|everybody)\b[^.\n;]{0,40}?,\s*(?:the |all |any )?(?:automated |autonomous |ai )?(?:`+agentNoun+`) included\b|\b(?:in scope|allowed|permitted|fair game|authori[sz]ed) for (?:the |all |any )?(?:automated|autonomous|ai) (?:participants?|actors?|responders?|operators?|players?|agents?|tools?|systems?)\b`, nil), append(agentWords, "automated", "autonomous")...),
		gated(p("hides-from-user", true, 2, `\b(?:isn'?t|is not|not) (?:something|anything) to (?:bring up|mention|raise|report|flag) (?:in|to) (?:the |your )?(?:reply|replies|answer|response|user|chat|summary)\b`), "something", "anything"),
		p("unchecked", false, 1, `\bwithout (?:further|any further|additional|prior|any) (?:confirmation|approval|review|sign-?off|asking|checks?)\b|\bneed not (?:check|ask|confirm|wait)\b|\bdecides what counts as\b`),

		// Batch 22 (its non-language mechanisms, as classes). Automation
		// addressed by how it runs, not by an agent's name: "automated
		// callers", "unattended installs", "non-interactive runs",
		// "tooling that prepares releases", "implementations running
		// without a human present", "a conforming client" — with a
		// modal, as a clause's subject, as a heading or a vocative, as
		// the owner of a task; not when the modal forbids.
		gated(addressed("automated-actor", `(?:^|[^a-z])(?:`+autoActor+`|`+qualifiedActor+`)\b(?:\s*\([^)\n]{0,80}\))?(?:[^.\n]|\.\S|\n[ \t]{2,}){0,100}?\b(?:`+modal+`|(?:is|are) asked to|(?:is|are) exempt|resolves? (?:this|it) by)\b`, nil), autoGate...),
		softly(gated(addressed("automated-actor", `(?:^|[\n.:;!?(\[,|]\s*|\b(?:and|then|that|so|when|if|once|after|before|where)\s+)(?:the |all |any |every |each |such )?(?:`+autoActor+`)(?:\s*\([^)\n]{0,80}\))?\s+(?:(?:now|also|then|always|just|simply|first|automatically)\s+)?([a-z]+)`+
			// The same with the noun first (session 22, batch 25):
			// "automated installers run …" is not "automated
			// installers-run" with "run" the noun.
			`|(?:^|[\n.:;!?(\[,|]\s*)(?:the |all |any |every |each |such )?`+autoActorNounFirst+`\s+(?:(?:now|also|then|always|just|simply|first|automatically)\s+)?([a-z]+)`,
			func(s string, m []int) bool { return len(m) >= 4 && m[2] >= 0 && clauseVerb(s, m[2], m[3]) }), autoGate...)),
		gated(addressed("automated-actor", `(?:^|[\n.;!?"{]\s*)(?:[-*>#/]+\s*)?(?:for |to |attention,? )?(?:the |all |any )?(?:`+autoActor+`)\s*(?::|,\s*(?:please|kindly|you)\b)|\bfor (?:the |all |any )?(?:`+autoActor+`|`+qualifiedActor+`|tooling|automation)(?: and (?:`+autoActor+`|[a-z]+ (?:sessions?|jobs?|runs?|bots?)))?\s*[:;]|\b(?:owner|assignee|assigned to|owned by|actor|executor|performed by|done by|handled by)\s*:?\s*(?:the |an? )?(?:automation|tooling|automated tooling|bots?)\s*(?:[.,;)\n]|$)|(?:^|\n)\s*(?:#+|//+|--)?\s*(?:automation|tooling)\s*:`, nil), autoGate...),
		// Automation counted among whoever acts: "the runner (human or
		// scheduled)", "on-call or the remediation bot", "(automated
		// reruns included)"; a tool told apart from a person ("run by
		// automation rather than a person"); work started by tooling.
		softly(gated(addressed("automated-actor", `\((?:[a-z-]+ )?(?:humans?|persons?|people|on-?call|manual|you)(?: or |/| and )(?:the |a |an )?(?:scheduled|automated|automatic|bots?|ci|machines?|agents?|automation|scripts?|tooling)\b[^)\n]{0,20}\)|\b(?:on-?call|a human|humans|a person|people) or (?:the |a |an |any )?(?:[a-z-]+ )?(?:bot|agent|automation|script|tooling)\b|\((?:automated|scheduled|unattended|ai|agent|bot)[a-z -]{0,20} included\)|\b(?:run|started|triggered|invoked|driven|launched|executed|used|operated) by (?:automation|tooling|a bot|bots|an agent|agents|a script|an? (?:ai|coding) (?:agent|assistant|session))\b(?:[^.\n]|\.\S){0,30}?\b(?:rather than|instead of|not by|and not)\b|\b(?:builds?|runs?|jobs?|sessions?|installs?|deploys?|changes?) (?:started|triggered|launched|kicked off|made|opened|produced) by (?:tooling|automation|bots?|agents?|scripts?|automated [a-z]+)\b`, nil), autoGate...)),
		// The reader by what it does or when it comes: "any session
		// reproducing them", "the next automated change", "whatever picks
		// the alert up", "if a headless session comes across this", "on
		// your next run".
		// What batch 22 asked of it, as classes. Secret files copied into
		// what the project keeps or ships (fixtures, testdata, the
		// package), a keystore committed with its password.
		unnegatedClause(asked("leak-into-repo", false, 2, `\b(?:cop(?:y|ies|ied|ying)|writes?|puts?|moves?|includes?|bundles?|checks? in|commit[a-z]*|adds?)\b(?:[^.\n]|\.\S){0,20}?(?:\.env\b|~?/?\.aws/credentials|\bid_(?:rsa|ed25519|ecdsa)\b|\.npmrc\b|\.netrc\b|\.pypirc\b|\bkubeconfig\b|\.jks\b|\.p12\b|\.pfx\b|\bkeystores?\b|\.keystore\b)(?:[^.\n]|\.\S){0,60}?\b(?:into|in|to|next to|alongside|with)\b(?:[^.\n]|\.\S){0,30}?(?:\bfixtures?\b|\btestdata\b|\bthe (?:new )?(?:package|repo|repository|project|commit|image|tree)\b|\bsrc/|\bpublic/|\bstatic/|\bgit\b|\bpasswords?\b|\.properties\b)`)),
		// A command that prints secrets, its output pasted where others
		// read it (a build log, annotations, a comment, a public page).
		unnegatedClause(asked("leak-into-repo", false, 2, `(?:\b[a-z-]*\s?secrets?[: ](?:list|get|show|dump|export|read|view)\b|\bprintenv\b|\bvault (?:kv )?(?:get|read)\b|\bkubectl get secrets?\b|\bget-secret-value\b|\bheroku config\b)(?:[^.\n]|\.\S){0,80}?\b(?:paste|post|publish|print|log|write|upload|attach|add|put|echo)[a-z]*\b(?:[^.\n]|\.\S){0,60}?\b(?:public|build logs?|logs?|annotations?|comments?|pages?|issues?|wiki|channel|summary)\b`)),
		// Secrets sent to a host named bare: "sends the private keys to
		// sync.example.dev".
		unnegatedClause(asked("sensitive-outbound", false, 3, `\b(?:send|upload|post|push|copy|cop(?:ies|ied)|sync|transmit|ship|forward|mirror|export)[a-z]*\b(?:[^.\n]|\.\S){0,40}?(?:`+secretObj+`)(?:[^.\n]|\.\S){0,30}?\b(?:to|onto) [a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|app|cloud|co|ai|xyz|info|biz|site|online|tech|me|cc|ru|cn|top|rs|sh|gg|ee|in|us|de|eu|pw|so|ly|link|fyi|page|host|space|run|cx|to)\b`)),
		// An exemption from a review, a freeze or an approval.
		granted(asked("grants-rights", false, 2, `\bexempt(?:ed|ions?)? (?:from|of)\b(?:[^.\n]|\.\S){0,40}?\b(?:approvals?|reviews?|sign-?offs?|freezes?|change (?:control|management|requests?)|branch protection|required checks|checks|scanning|(?:the )?polic(?:y|ies))\b`)),
		// A safeguard function made to report success: "short-circuits
		// verifySignature to return nil".
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:short-?circuit|stub|neuter|hard-?wire|hard-?code|force|patch|make|change|rewrite|edit)[a-z]*\s+(?:out\s+)?(?:the\s+)?[a-z_.]*(?:verif|signature|checksig|validat|authori[sz]|authenticat)[a-z_.]*(?:\(\))?\s+(?:so (?:that )?it\s+|to\s+)(?:always\s+)?returns?\s+(?:nil|true|null|none|ok|0|success)\b`)),
		// A host's security agent or OS protection switched off:
		// endpoint protection, EDR, antivirus, Gatekeeper, SIP, the
		// quarantine attribute stripped, an agent's service stopped.
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:`+weakenVerb+`|stop(?:s|ped|ping)?|kill(?:s|ed|ing)?|mask(?:s|ed|ing)?|strip(?:s|ped|ping)?|uninstall[a-z]*)\b(?:[^.\n]|\.\S){0,40}?\b(?:`+hostGuard+`)\b|\b(?:`+hostGuard+`)\b(?:[^.\n]|\.\S){0,30}?(?:\boff\b|\b(?:`+weakenVerb+`)\b)|\bsystemctl (?:stop|disable|mask)\b[^\n]{0,30}?\b(?:falcon|crowdstrike|sentinel|auditd|osqueryd|wazuh|clamav|clamd|mdatp|defender|apparmor|firewalld|ufw|fail2ban)|\bspctl --master-disable\b|\bcsrutil disable\b|\bxattr -[a-z]*d[a-z]* com\.apple\.quarantine\b|\bset-mppreference\b[^\n]{0,40}?-disable[a-z]+ \$?true\b`)),
		// Alerting taken down: paging integrations removed, alerts
		// silenced for days.
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:silenc|mut|snooz|disabl|turn(?:s|ed|ing)? off|remov|delet)[a-z]*\b(?:[^.\n]|\.\S){0,30}?\b(?:pagerduty|opsgenie|paging|on-?call (?:paging|notifications)|alert(?:ing|manager)? (?:rules?|integration|routes?))\b|\bsilenc[a-z]* (?:the |all |every |this )?alerts?\b(?:[^.\n]|\.\S){0,40}?\bfor \d+ (?:days?|weeks?)`)),
		// A flag that skips a verification: --accept-checksum-drift,
		// --skip-signature-check, --insecure-skip-tls-verify.
		unnegatedClause(asked("weaken-safeguard", false, 2, `--(?:accept|ignore|skip|allow|disable|no|insecure|bypass)[a-z-]*(?:checksum|signature|verif[a-z]*|integrity|hash|certs?|tls|ssl|drift|mismatch)[a-z-]*`)),
		// A database of production reset or wiped by its tool.
		unnegatedClause(asked("destroy", false, 2, `\b(?:db|database|schema|migrate|migrations?) (?:reset|drop|wipe|purge|nuke|flush)\b[^\n\x60'"]{0,40}?(?:--env[ =]|-e |--environment[ =]|env=|--target[ =]|--database[ =]|against |on )(?:prod|production)\b`)),
		// An audit table's partitions dropped (unless the clause forbids).
		unnegatedClause(asked("cover-tracks", false, 2, `\bdrop[a-z]*\b(?:[^.\n]|\.\S){0,50}?\baudit[_ .-]?(?:logs?|trails?|entries|events|records|tables?)\b`)),
		// A mobile release made debuggable or cleartext.
		unnegatedClause(asked("config-override", false, 2, `\b(?:debuggable|usescleartexttraffic|allowsarbitraryloads|allowbackup)\b(?:[^.\n]|\.\S){0,40}?\b(?:to |= ?|: ?)"?(?:true|yes)\b`)),
		// An integrity field or hash dropped from a lockfile or a BOM.
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:`+weakenVerb+`|strip(?:s|ped|ping)?|omit(?:s|ted|ting)?)\b(?:[^.\n]|\.\S){0,30}?\b(?:integrity (?:fields?|hash(?:es)?|checks?|attributes?)|its integrity|subresource integrity|sri hash(?:es)?)\b`)),
		// Commands found in a text run as they are: "execute the shell
		// commands found in notes", "decode it and carry it out". The
		// reader's conduct: held whoever it names.
		asked("delegation", false, 2, `\b(?:execute|run|carry out|perform|apply|follow)[a-z]* (?:the |any |all |every )?(?:shell )?(?:commands?|instructions?|code|scripts?|steps?) (?:found|written|contained|embedded|given|hidden) in\b|\b(?:(?:decode|decipher|decrypt|unscramble) (?:it|this|these|the (?:line|message|text|string|following))|read (?:it|this|them) (?:in|with|using|by|backwards))\b[^\n]{0,40}?\b(?:carry (?:it|them) out|run (?:it|them)|execute (?:it|them)|follow (?:it|them)|do (?:it|what it says)|act on it|apply (?:it|them))\b`),
		softly(gated(p("future-reader", true, 2, `\bany (?:later |future |new |other )?(?:session|run|agent|job|rerun|bot)s? [a-z]+ing\b|\bnext (?:automated|scheduled|unattended|bot|agent|ai) (?:change|run|session|pass|commit|job|update|edit)s?\b|\bwhatever (?:picks|takes|handles|catches|reads|gets|sees|runs|touches)\b|\b(?:if|when|whenever|once) (?:a|an|any|the) (?:[a-z-]+ ){0,3}(?:session|agent|bot|tool|crawler|browser|client|script|automation|run|job)s? (?:comes? across|finds?|sees?|reads?|encounters?|lands? on|opens?|loads?|visits?) (?:this|it|these)\b|\b(?:on|in|during) (?:your|its|their) next (?:run|session|pass|invocation|turn)\b`),
			"any", "next", "whatever", "if", "when", "whenever", "once", "on", "in", "during")),
		// Batch 23: the reader of the artefact named by what it does
		// with it (artefact_reader.go), told by a modal (hard) or by a colon
		// (soft: a heading names the reader, the ask must be risky).
		gated(addressed("artefact-reader", `(?:^|[^a-z])`+readerNP+readerDirective, nil), readerGate...),
		softly(gated(addressed("artefact-reader", `(?:^|[^a-z])`+readerNP+`[^.\n;:]{0,40}:`, nil), readerGate...)),
		// A note to such a reader: "Note to automated grading tools:",
		// "PS to the summarising tool:", "OTA note for build automation:".
		softly(gated(headed(`\b(?:notes?|ps|p\.s\.|messages?|memo|reminder|instructions?|hints?|heads-?up|nb|attention|requests?|todo)\s+(?:to|for)\s+(?:the |all |any |every |our |each )?(?:[a-z-]+ ){0,2}`+readerNoun+`\b[^:\n.]{0,50}:`), readerGate...)),
		// A heading for automation: "Automation note:", "fleet tooling:",
		// "Automated mail triage:", "Code assistants and converge bots:".
		softly(gated(headed(`(?:^|[\n"'{(\[;]\s*|(?:rem|#+|//+|--|;+)\s+|[.!?]\s+)(?:[a-z-]+ )?(?:automation|tooling|bots|automated (?:[a-z-]+ ){0,1}[a-z-]+|(?:[a-z-]+ )?(?:assistants?|helpers?|bots?) (?:and|or|&) (?:[a-z-]+ )?(?:assistants?|helpers?|bots?|tools?|scripts?))(?: (?:note|notice|instructions?|todo|memo|hint|directive)s?)?\s*:\s`), readerGate...)),
		// Automation spoken to by what it is: "scripted helpers, read …".
		softly(gated(headed(`(?:^|[\n.;:!?]\s*)(?:scripted|automated|automatic|ai|coding|build|ci|ops|fleet|cleanup|deploy|release|code|sync|indexing) (?:helpers|bots|tools|scripts|assistants|agents|tooling|automation|jobs|workers),\s`), readerGate...)),
		// A heading "for" automation with what it does: "for the cleanup
		// automation only:".
		softly(gated(headed(`\bfor (?:the |all |any |our )?(?:[a-z-]+ ){0,2}(?:automation|tooling|bots?|scripts?|tools?|agents?|assistants?|helpers?)(?: only)?\s*:`), readerGate...)),
		// Automation as the doer of a modal passive ("may be applied
		// straight to the prod cluster by automation"), a reader asked to
		// act on the artefact ("if an assistant is asked to clean this
		// up"), an automation account taken up by "it should …".
		softly(gated(addressed("artefact-reader", `\b(?:may|can|should|must|shall|is to|are to|will) be (?:[a-z]+ )?(?:applied|run|merged|deployed|executed|pushed|done|carried out|rolled out|flashed|installed|performed|approved)\b(?:[^.;\n]|\.\S){0,50}?\bby (?:the |any |our )?(?:automation|tooling|bots?|scripts?|agents?|assistants?|ci|pipelines?|tools?)\b|\b(?:if|when|whenever|once) (?:an?|any|the) (?:[a-z-]+ ){0,2}`+readerNoun+` (?:is|are|gets?) (?:asked|told|used|invoked|instructed|tasked|run) to\b|\b(?:automation|bot|service|robot|machine) (?:account|user)\b[^\n]{0,160}?\bit (?:should|must|shall|is to)\b`, nil), readerGate...)),
		// A bot addressed by its handle: "@cortex-bot once this is green,
		// approve …" (not "@cortex-bot summarised the diff").
		gated(addressed("agent-vocative", `@[a-z0-9][a-z0-9-]*-(?:bot|agent|assistant|ai)\b\s+([a-z]+)`, func(s string, m []int) bool { return len(m) >= 4 && m[2] >= 0 && !pastTense(s[m[2]:m[3]]) }), "bot", "agent", "assistant", "ai"),
		// What batch 23 asked of the reader, as classes. A root of trust
		// installed: a CA copied into the system store, "trust the
		// companion root".
		unnegatedClause(asked("escalate", false, 2, `\bupdate-ca-(?:certificates|trust)\b|/usr/local/share/ca-certificates\b|/etc/pki/ca-trust/source/anchors\b|\badd-trusted-cert\b|\bcertutil\b[^\n]{0,20}?-addstore\b[^\n]{0,10}?\broot\b|\btrust[a-z]* (?:the |our |a |an |this |that )?(?:companion|custom|internal|extra|additional|new|private|self-signed|our) (?:root|ca)\b`)),
		// Storage emptied by its tool: "aws s3 rm … --recursive", "empty
		// the … bucket".
		unnegatedClause(asked("destroy", false, 2, `\baws s3 (?:rm|rb)\b[^\n]{0,100}?--(?:recursive|force)\b|\bgsutil\b[^\n]{0,10}?\brm\b[^\n]{0,5}?-r\b|\bempty (?:the |this |that |every |all )?(?:[a-z0-9_'"\[\]-]+ ){0,3}(?:s3 |gcs |storage )?buckets?\b`)),
		// Done "quietly": the act kept from whoever owns it.
		asked("concealment", false, 2, `\b(?:add|do|make|apply|push|merge|install|change|set|commit|deploy|slip|enable|forward|redirect|copy)[a-z]*\b (?:[a-z]+ ){0,5}?(?:quietly|discreetly)\b|\b(?:quietly|discreetly) (?:add|apply|push|merge|install|change|set|commit|deploy|enable|forward|copy|redirect)`),
		// Kept from everyone: "and tell no one".
		asked("concealment", false, 2, `\btell (?:no ?one|nobody)\b|\bdon'?t tell (?:anyone|anybody)\b`),
		// A copy of all mail sent elsewhere.
		sent("sensitive-outbound", 2, `\ba copy of (?:every(?:thing| message| mail| email)|all (?:mail|messages|emails|traffic|incoming)[a-z]*)\b[^.\n]{0,40}?\bto\b`),
		// Security notices hidden from the person: marked read, trashed.
		unnegatedClause(asked("weaken-safeguard", false, 2, `\bmark[a-z]* (?:every |all |each |any )?(?:[a-z]+ ){0,2}(?:security|vulnerability|dependabot|login|sign-?in|2fa|mfa|fraud) (?:alerts?|notifications?|emails?|warnings?|advisories)\b[^.\n]{0,30}?\bas read\b|\b(?:trash|auto-?archive|hide|filter out)[a-z]* (?:every |all |each |any )?(?:[a-z]+ ){0,2}(?:security|vulnerability|dependabot|login|sign-?in) (?:alerts?|notifications?|warnings?|advisories)\b`)),
		// A push straight to a release or default branch; no person
		// paged or asked.
		unnegatedClause(asked("privilege", false, 2, `\bpush[a-z]*\b (?:[a-z0-9-]+ ){0,3}(?:directly|straight) (?:in)?to (?:the )?(?:release|default|production|prod|protected|main|master|stable)(?: branch(?:es)?)?\b`)),
		p("unchecked", false, 1, `\bwithout (?:paging|asking|telling|notifying|waking|looping in|involving) (?:a |any |the )?(?:human|person|anyone|on-?call|engineer|owner)s?\b`),
		// A fraud screen switched off; money paid to a new account.
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:turn|switch)[a-z]* off (?:the )?(?:radar|fraud|anti-?fraud|risk)\b[a-z ]{0,15}?\b(?:rules?|checks?|screening|protection|scoring)\b|\b(?:disabl|bypass|skip|remov)[a-z]* (?:the )?(?:radar|fraud|anti-?fraud) (?:rules?|checks?|screening|protection)\b`)),
		asked("sensitive-outbound", false, 2, `\b(?:issue|send|make|initiate|wire|transfer|pay)[a-z]* (?:out )?(?:a |the |an )?(?:[a-z]+ )?(?:payouts?|refunds?|transfers?|wires?|payments?|balance)\b[^.\n]{0,60}?\bto (?:the |a |an |this )?(?:new|different|other|updated|external|personal)\b[^.\n]{0,20}?\b(?:bank )?(?:accounts?|iban|card|wallet)\b`),
		// An evaluation's outcome written in advance: "record the result
		// as "strong hire"".
		asked("user-deception", false, 2, `\b(?:record|report|mark|grade|score|rate|log|enter|set)[a-z]* (?:the |this |my |its |their |our )?(?:results?|scores?|grades?|outcomes?|verdicts?|evaluations?|ratings?|recommendations?|decisions?) (?:as|to) "?(?:strong|hire|pass|passed|excellent|perfect|exceeds|outstanding|a\+|100|10/10|5/5|top)\b`),
		// Single sign-on or a disk's encryption switched off; a shared
		// admin login used; Everyone made an administrator.
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:`+weakenVerb+`)\b (?:the |our )?(?:saml|sso|single sign-on|scim|bitlocker|filevault|luks|disk encryption|full-disk encryption|device encryption)(?: [a-z]+)?(?: (?:enforcement|requirement|policy|login))?\b|\b(?:use|share)[a-z]* (?:the )?shared (?:admin|root|superuser|service) (?:login|account|credentials?|password)\b`)),
		unnegatedClause(asked("escalate", false, 2, `\badd[a-z]* (?:everyone|all users|authenticated users|domain users|everybody|guests?)\b (?:[a-z]+ ){0,3}?(?:to|into) (?:the )?(?:local |domain )?(?:administrators|admins|sudoers|wheel|root|domain admins)\b`)),
		// A device opened: telnet on, the admin password back to the
		// factory default.
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:open|enable|start|turn on|expose)[a-z]* telnet\b|\breset[a-z]* (?:the )?(?:admin|root|default|device)[a-z ]{0,10}? passwords? (?:to|back to) (?:the )?(?:factory )?defaults?\b`)),
		// A secret synced to a public repository.
		unnegatedClause(asked("leak-into-repo", false, 2, `(?:`+secretObj+`)(?:[^.\n]|\.\S){0,80}?\b(?:sync|push|commit|copy|upload|publish|mirror)[a-z]*\b(?:[^.\n]|\.\S){0,40}?\bto (?:the |a |my |our |your )?public\b`)),
		// A confirmation dialog removed.
		unnegatedClause(asked("weaken-safeguard", false, 2, `\b(?:`+weakenVerb+`)\b (?:the |any |every |all )?(?:confirmation|confirm|are-you-sure|safety) (?:dialogs?|prompts?|steps?|modals?|pop-?ups?|boxes?)\b`)),
		// Session 22, batch 24's classes (classes25.go). A description
		// made a rule: a practice's heading, "this is how … land here",
		// "adopted for this repo", a funder's condition. Weak, a rule.
		gated(p("convention", true, 1, practiceFrame), "convention", "conventions", "shortcut", "shortcuts", "habit", "habits", "takeaway", "takeaways", "lessons", "tradition", "traditions", "workflow", "workflows",
			"custom", "customs", "standing", "house", "team", "practice", "practices", "routine", "routines", "thumb", "recording", "maintenance", "this", "adopted", "agreed", "pinned", "rule", "rules", "condition", "fund", "funder", "sponsor", "vendor", "client", "customer", "grant", "grantor", "partner"),
		// The reader described at work, or named by a verb alone; a line
		// for whatever handles the artefact; a setting for automation; a
		// reader told it may be automated.
		softly(gated(addressed("artefact-reader", readerAtWork, nil), readerGate...)),
		softly(gated(addressed("artefact-reader", readerIndefinite, nil), append([]string{"processing", "ingest", "ingestion", "ingesting", "downstream", "consuming", "parsing", "importing", "rendering", "labelling", "labeling", "pre", "evaluation", "scheduled", "unattended", "automatic", "maintainers", "maintainer", "owners", "project", "team", "org", "organisation", "organization", "repo"}, readerGate...)...)),
		softly(gated(headed(readerHeading), "anything", "anyone", "whatever", "whoever", "any", "for", "memory", "memories")),
		gated(addressed("agent-config", automationKey, nil), "pipeline", "pipelines", "tool", "tools", "tooling", "automation", "processing", "ingest", "ingestion", "processor", "processors", "workflow", "workflows", "ci"),
		gated(addressed("automated-reader", automatedWorker, nil), "if", "where", "when", "whenever", "automated", "ai", "llm", "bot", "any", "every", "each", "all"),
		// A right handed to an account from outside; 2FA lifted; a
		// review bypassed as a rule or a perk.
		unnegatedClause(asked("escalate", false, 2, rightsGranted)).withAlso(grantToOutsider),
		unnegatedClause(asked("weaken-safeguard", false, 2, mfaLifted)),
		unnegatedClause(asked("approve-unreviewed", false, 2, reviewBypassed)),
		// A person's authority passed to a machine: the reader's conduct.
		p("instruction-source", false, 2, authorityPassed),
		// A person left out, told as a fact: the reader's conduct, weak.
		asked("unreported", false, 1, personUninformed),
		// Fetched and run as root; a guard taken out; a secret piped to a
		// listener.
		sent("download-and-run", 3, rootRunFromOutside),
		asked("pipe-to-shell", false, 3, pipedToShell),
		sent("env-outbound", 3, envSentOut),
		unnegatedClause(asked("weaken-safeguard", false, 2, safeguardDown)),
		asked("sensitive-outbound", false, 3, secretPipedOut).withAlso(secretNamedIn),
		// Session 22, batch 25's classes (classes26.go). The person's
		// check named and set aside, as the rule for whoever acts: weak,
		// a rule.
		gated(p("check-waived", true, 1, checkWaived), "no", "need", "without", "confidentiality", "privacy", "review", "approval", "never", "even", "also", "safe", "apply", "applies").withAlso(waiverAsked),
		// The setup claimed as the sanctioned one.
		gated(p("convention", true, 1, sanctionedSetup), "that", "this", "which", "is", "upgrade", "release", "deploy", "deployment", "install", "installation", "rollout", "migration", "maintenance", "onboarding", "handover", "maintainer", "maintainers"),
		// The reader as a role: a heading, a handle, what it does for
		// someone or to the artefact.
		softly(headed(roleHeading)),
		softly(gated(addressed("artefact-reader", readerByRole, nil), "whatever", "whichever", "any", "the", "machine", "machines", "device", "devices", "host", "hosts", "computer", "computers", "laptop", "laptops", "client", "clients", "installer", "installers", "runner", "runners", "pipeline", "pipelines", "tool", "tools", "script", "scripts", "job", "jobs", "tooling", "automation", "bots", "bot", "daemon", "helper", "agent", "service")),
		// What batch 25 asked, in forms no lexicon read.
		unnegatedClause(asked("sensitive-outbound", false, 2, personalDataDisclosed)),
		asked("user-deception", false, 2, customerDeceived),
		unnegatedClause(asked("weaken-safeguard", false, 2, tlsVerifyOff)).withAlso(func(s string, m []int) bool { return !refusedAfter().MatchString(s[m[1]:min(len(s), m[1]+60)]) }),
		unnegatedClause(asked("escalate", false, 2, rootTrusted)),
		unnegatedClause(asked("escalate", false, 2, ownershipTransferred)).withAlso(grantToOutsider),
		unnegatedClause(asked("escalate", false, 2, privateReadGranted)),
		unnegatedClause(asked("privilege", false, 2, straightToLive)),
		asked("approve-unreviewed", false, 2, changeControlSkipped).withAlso(waiverAsked),
		unnegatedClause(asked("destroy", false, 2, recordsCleared)).withAlso(notRetention),
		unnegatedClause(asked("sensitive-outbound", false, 2, secretToRole)),
		unnegatedClause(asked("weaken-safeguard", false, 2, checkOverridden)),
		// Session 22, batch 26's classes (classes27.go). A state held as
		// the rule; the reader by what it does, called by its role, in a
		// heading with its automated kin; agents' practice; a question
		// about what an agent does; an authority named by a word.
		gated(p("state-kept", true, 1, stateKept), "stay", "stays", "remain", "remains", "keep", "keeps", "leave", "leaves", "not", "how", "same", "likewise", "future", "later", "subsequent", "upcoming").withAlso(func(s string, m []int) bool { return !negatedBefore(s, m[0]) }),
		softly(gated(p("artefact-reader", true, 2, roleReader), "whoever", "anyone", "anybody", "everyone", "any", "integrator", "integrators", "contributor", "contributors", "tester", "testers", "reviewer", "reviewers", "operator", "operators", "engineer", "engineers", "developer", "developers", "vendor", "vendors", "supplier", "suppliers",
			"tool", "tools", "script", "scripts", "helper", "helpers", "wrapper", "wrappers", "engine", "engines", "backend", "backends", "job", "jobs", "generator", "generators", "bot", "bots", "software", "pipeline", "pipelines", "build", "builds")),
		softly(gated(p("artefact-reader", true, 2, roleCalled), "assistant", "agent", "bot", "copilot", "team", "crew").withAlso(notCausative)),
		gated(p("role-doer", true, 1, roleDoer), "tool", "tools", "script", "scripts", "helper", "helpers", "wrapper", "wrappers", "engine", "engines", "backend", "backends", "job", "jobs", "generator", "generators", "bot", "bots", "software", "pipeline", "pipelines", "build", "builds"),
		softly(gated(headed(roleHeadingWide), "and", "or", "software", "systems", "tooling", "automation")),
		softly(gated(p("agent-practice", true, 2, agentPractice), "agents", "assistants", "bots", "copilots")),
		softly(gated(p("agent-faq", true, 2, agentFAQ), "what", "how")),
		gated(softly(p("claimed-authority", true, 2, authorityByWord)), "per", "auth", "authorized", "authorised", "cfo", "ceo", "cto", "ciso", "director", "manager", "vp", "lead"),
		softly(gated(p("decode-hint", true, 2, decodeHint), "map", "read", "decode", "decipher", "unscramble", "decrypt", "deinterleave", "de", "to")),
		// What batch 26 asked, in forms no lexicon read.
		unnegatedClause(asked("weaken-safeguard", false, 2, settingOff)).withAlso(func(s string, m []int) bool { return !refusedAfter().MatchString(s[m[1]:min(len(s), m[1]+60)]) }),
		unnegatedClause(asked("weaken-safeguard", false, 2, safeguardSkipped)),
		asked("approve-unreviewed", false, 2, changeControlBypassed).withAlso(waiverAsked),
		asked("kept-from-record", false, 2, keptFromRecord),
		unnegatedClause(asked("forged-evidence", false, 2, forgedEvidence)),
		unnegatedClause(asked("cover-tracks", false, 2, recoveryDestroyed)).withAlso(notRetention).withAlso(recordsNotNamed),
		asked("pipe-to-shell", false, 3, unreadRun),
		unnegatedClause(asked("records-outbound", false, 2, recordsSentOut)),
		unnegatedClause(asked("privilege", false, 2, `\b(?:deploy|deploys|go|goes|ship|ships|land|lands|push|pushes)\b (?:straight|directly) to the (?:production|prod|live)\b`)),
	}, langParts()...)
}

// unnegatedClause is a part whose clause, up to the match's end, holds no
// negation: "agents still cannot bypass required reviews", "nothing
// changes in how protections apply", "the image must never contain
// deploy keys" ask for nothing.
func unnegatedClause(sp shapePart) shapePart {
	also := sp.also
	sp.also = func(s string, m []int) bool {
		return (also == nil || also(s, m)) && !clauseNegation().MatchString(s[clauseStart(s, m[0]):m[1]])
	}
	return sp
}

var clauseNegation = lazyRE(`\b(?:never|not|no|nothing|nobody|none|cannot|neither|nor)\b|n't\b`)

// firesAt reports whether the part holds in s — its expression matches
// and, when it has a further condition, one of the first matches meets it
// (the first "agents must" may be "agents must not", the second not) —
// and the span of the match that fired (nil for a part that is only a
// check).
func (p shapePart) firesAt(s string, x *literalIndex, hits []uint64, memo map[*regexp.Regexp]bool) ([]int, bool) {
	if p.expr == "" {
		return nil, p.also(s, nil)
	}
	for _, b := range p.branches {
		if !x.candidate(hits, b.slot) {
			continue
		}
		// Most texts do not match at all: MatchString stops at the first
		// match and keeps no submatches, so the search for one that meets
		// the condition runs only on a hit.
		re := b.re()
		matched, seen := memo[re]
		if !seen {
			matched = re.MatchString(s)
			memo[re] = matched
		}
		if !matched {
			continue
		}
		if p.also == nil {
			return re.FindStringIndex(s), true
		}
		for _, m := range re.FindAllStringSubmatchIndex(s, 8) {
			if p.also(s, m) {
				return m[:2], true
			}
		}
	}
	return nil, false
}

// secretNamed reports a secret word that names no secret to act on: a
// folder or a glob ("secrets/**"), a count ("2,000 tokens"), or the
// variable a key says to read it from ("bot_token_env: SLACK_BOT_TOKEN").
func secretNamed(s string, m []int) bool {
	if strings.HasPrefix(s[m[1]:], "/") || secretFrom().MatchString(s[max(0, m[0]-24):m[0]]) {
		return true
	}
	before := strings.TrimRight(s[:m[0]], " ")
	if before != s[:m[0]] || m[0] > 0 && s[m[0]-1] == ' ' {
		before = strings.TrimRight(s[:m[0]+1], " ")
	}
	i := len(before) - 1
	return i >= 0 && before[i] >= '0' && before[i] <= '9'
}

// forbiddenObject reports a word at s[i] that is the object of a
// forbidden act, alone or in a list: "never attaches .env files, API keys
// or customer data", "never pass file contents, SSH keys or credentials
// to it". The act is what the sentence forbids; the secret named in it
// is what it keeps. A conjunction or a "to" between ends the act's
// object ("never forget to send the keys" is no prohibition).
func forbiddenObject(s string, i int) bool {
	w := s[max(clauseStart(s, i), i-80):i]
	m := objectNegated().FindStringSubmatch(w)
	return m != nil && !notForbidding[m[1]] && !objectEnds().MatchString(m[2])
}

var (
	objectNegated = lazyRE(`\b(?:never|not|don'?t|do not|doesn'?t|does not|mustn'?t|must not|shouldn'?t|should not|cannot|can'?t|won'?t|no longer)\s+([a-z]+(?:-[a-z]+)*)((?:\s+(?:[^.;:!?\n]|\.\S){0,60})?)\s*$`)
	objectEnds    = lazyRE(`\b(?:and|but|then|so|instead|yet|to|unless|until|except|if|when|while|because)\b`)
)

// secretFrom is a key whose value names where a secret is read from.
var secretFrom = lazyRE(`_(?:env|var|variable|name|path|file)"?\s*[:=]\s*["']?\$?\{?$`)

// secretCounter is a variable that counts, limits or names secrets rather
// than holding one.
var secretCounter = lazyRE(`(?:max|min|num|count|limit|length|budget|ttl|expiry|expires|size|prefix|header|name|path|file|rotation|days|_env)`)

// sentenceBound lets the lexicons' "within one sentence" ([^.\n]) run over
// a dot inside a word: "the signing step in release.sh is obsolete" is one
// sentence, "release." then " Next" two.
func sentenceBound(expr string) string {
	return strings.ReplaceAll(expr, `[^.\n]`, `(?:[^.\n]|\.\S)`)
}

// forbids is what follows a modal that takes a capability away: "agents
// must not", "the bot should never".
var forbids = lazyRE(`^\s*(?:not|never|n't|'t|no longer|no (?:access|rights?|permissions?|privileges?)|nicht|keine?n?|pas|jamais|nunca|nie)\b`)

// forbidsBefore is a negation before the modal or the agent noun: "no
// agent may", "les agents ne doivent pas", "os agentes não podem", "los
// agentes no pueden".
var forbidsBefore = lazyRE(`(?:^|[^a-z])no\s+(?:[a-z-]+\s+)?(?:agents?|bots?|assistants?|ai|models?|tools?)\b|\b(?:ne|n'|nao|no)\s*\S+\s*$`)

// verbCue reports whether w, the word after an agent noun, reads as the
// clause's verb: a modal, a verb of the risk lexicons or a common one in
// any English inflection (posts, fetched, executing), or a Romance future
// (usará, pourront, poderão), the tense a standing order takes.
func verbCue(w string) bool {
	verbs := cueVerbs()
	if verbs[w] {
		return true
	}
	for _, suf := range []string{"s", "es", "ed", "d", "ing"} {
		if b, ok := strings.CutSuffix(w, suf); ok && len(b) > 2 && (verbs[b] || verbs[b+"e"]) {
			return true
		}
	}
	if b, ok := strings.CutSuffix(w, "ies"); ok && verbs[b+"y"] {
		return true
	}
	for _, suf := range []string{"ara", "aran", "era", "eran", "ira", "iran", "arao", "erao", "irao", "ront"} {
		if strings.HasSuffix(w, suf) && len(w) >= len(suf)+2 {
			return true
		}
	}
	return false
}

// clauseVerb reports whether s[i:j], the word after an agent noun, is the
// clause's verb, or "to" before one: an action item ("Claude to sync the
// kube config") is an order with its verb one word later.
func clauseVerb(s string, i, j int) bool {
	w := s[i:j]
	if strings.HasPrefix(s[j:], ":") {
		return false // a key ("copilot:\n  enabled: true"), not a verb
	}
	if w != "to" {
		return verbCue(w) && !pastTense(w)
	}
	rest := strings.TrimLeft(s[j:], " ")
	end := strings.IndexFunc(rest, func(r rune) bool { return r < 'a' || r > 'z' })
	if end < 0 {
		end = len(rest)
	}
	return end > 0 && verbCue(rest[:end])
}

// pastTense reports an English past form: "the assistant deleted the old
// snapshots after Sam asked it to" tells what happened, it orders nothing.
func pastTense(w string) bool {
	switch w {
	case "sent", "ran", "took", "made", "wrote", "got", "gave", "kept", "put", "set", "held", "told", "said", "did", "was", "were", "had":
		return w != "put" && w != "set" // the same in the present
	}
	return strings.HasSuffix(w, "ed") && len(w) > 4
}

// cueVerbs are the verbs verbCue knows, in their base form.
var cueVerbs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`must should shall may can will would could might need needs are is has have get got receive hold
		run execute exec fetch download install load send post upload email mail forward copy paste push publish export share sync mirror
		dump print attach approve merge accept apply land ship tag release sign deploy delete drop remove wipe purge disable skip bypass
		grant give take use pin add set rotate store keep hide fix change commit rewrite force clone follow obey trust treat ignore update
		upgrade replace swap point create open write read tell report zip tar archive handle own manage configure enable turn switch curl
		wget pipe invoke call move rename close resolve import pull answer touch count assume recommend make mark patch describe say
		edit bump review verify assert obey outrank supersede override sync pass
		stop start cover act respond reply build look enter fill submit
		darf durfen soll sollen muss mussen kann konnen wird werden peut peuvent doit doivent puede pueden debe deben pode podem deve devem`) {
		m[w] = true
	}
	return m
})

// shapeFinding scores the parts of s (a native view) and returns the
// finding when the shape is an attack (review false) or, weaker, a
// directive to hold for review (review true).
//
// With holds false the caller wants only an attack: a text that no strong
// part addresses cannot be one, and its risk parts are not tried.
func shapeFinding(native string, holds bool) (f Finding, review, ok bool) {
	f, review, ok = scoreShape(native, holds).decide(holds)
	if !ok || !strings.Contains(native, "\n\n") {
		return f, review, ok
	}
	return byParagraph(native, holds, f, review)
}

// byParagraph reads a finding on a text of several paragraphs again, one
// paragraph at a time: the address and the act must meet in one of them
// (a short first paragraph that is no sentence, a heading or a line for
// the agent, is read with each). A long design note whose housekeeping line names a secret
// and whose unrelated paragraph names a webhook asks for nothing. The
// finding kept is the whole text's when a paragraph alone shows it as
// strong, else the strongest a paragraph shows.
func byParagraph(native string, holds bool, whole Finding, wholeReview bool) (Finding, bool, bool) {
	var paras []string
	for _, p := range strings.Split(native, "\n\n") {
		if strings.TrimSpace(p) != "" {
			paras = append(paras, p)
		}
	}
	if len(paras) < 2 {
		return whole, wholeReview, true
	}
	head := ""
	if h := strings.TrimSpace(paras[0]); len(h) <= 100 && !strings.Contains(h, "\n") && !strings.HasSuffix(h, ".") {
		head = paras[0] + "\n"
	}
	var held *Finding
	for i, p := range paras {
		if i > 0 {
			p = head + p
		}
		f, review, ok := scoreShape(p, holds).decide(holds)
		switch {
		case !ok:
		case !review:
			return whole, wholeReview, true
		case held == nil:
			held = &f
		}
	}
	if held != nil {
		if wholeReview {
			return whole, true, true
		}
		return *held, true, true
	}
	return Finding{}, false, false
}

// shapeScore is what a scan of the parts found: the parts that fired, the
// address's and the risk's weights, and what kind of address it was.
type shapeScore struct {
	parts         []string
	address, risk int
	// strong: an address of weight 2; hard: a strong one that is not
	// soft; reader: the reader spoken to ("you", "feel free to");
	// standing: an order for later ("from now on", "always", every
	// session); ordered: an order, not a habit described; rule: a
	// convention, an authority, "from now on"; conduct: a risk part about
	// the reader's own conduct; modal: nobody addressed, but an order in
	// the third person or the passive ("the importer should…", "is to be
	// wiped") that modalOrder found.
	strong, hard, reader, standing, ordered, rule, conduct, modal bool
	// harms are the families (riskFamilies) of the risk parts that
	// matched an act not denied (harmDenied), a bit each, counted even
	// where nobody is addressed.
	harms uint16
	// acts are harms less the bare "unchecked" ("on its own", "just do
	// it"), which says how an act is done, not which.
	acts uint16
	// s is the view the parts were read on (checks run on it unasked
	// removed).
	s string
}

// scoreShape scores the parts of a native view. With holds false only an
// attack is wanted: a text that no strong part addresses cannot be one,
// and its risk parts are not tried.
func scoreShape(native string, holds bool) (sc shapeScore) {
	s := shapeView(native)
	rules := shapeSet()
	hits := rules.index.hits(s)
	open := rules.gates.opened(s)
	memo := map[*regexp.Regexp]bool{}
	// The parts that address first: without one, nothing else matters.
	for pass := range 2 {
		if pass == 1 {
			sc.parts, sc.address = namedOnce(sc.parts, sc.address)
			if !holds && !sc.strong {
				sc.s = s
				return sc
			}
			// Leave to run the project's own checks unasked is no risk.
			if strings.Contains(s, "without") {
				if t := safeChecksUnasked().ReplaceAllString(s, " "); t != s {
					s, hits, memo = t, rules.index.hits(t), map[*regexp.Regexp]bool{}
				}
			}
			sc.modal = holds && sc.address == 0 && modalOrder(s)
		}
		for i, p := range rules.parts {
			if p.address != (pass == 0) || !open.has(i) {
				continue
			}
			// Addressing nobody, a part that names no harm (a secret, a
			// host) or one of a family already found decides nothing: not
			// tried.
			alone := !p.address && sc.address == 0 && !conductParts[p.name] && !sc.modal
			if alone && (riskFamilies()[p.name] == 0 || sc.harms&riskFamilies()[p.name] != 0) {
				continue
			}
			at, ok := p.firesAt(s, rules.index, hits, memo)
			if !ok {
				continue
			}
			sc.parts = append(sc.parts, p.name)
			if !p.address && at != nil && !harmDenied(s, at) {
				sc.harms |= riskFamilies()[p.name]
				if p.name != "unchecked" {
					sc.acts |= riskFamilies()[p.name]
				}
			}
			// Addressing nobody, only the reader's own conduct weighs: the
			// other risk parts count as harms only (two of them hold a
			// note, see decide).
			if alone {
				continue
			}
			if p.address {
				sc.reader = sc.reader || p.name == "permissive" || p.name == "you-directive"
				sc.standing = sc.standing || p.name == "from-now-on" || p.name == "habit" || p.name == "future-session"
				sc.rule = sc.rule || p.name == "convention" || p.name == "claimed-authority" || p.name == "from-now-on" || p.name == "check-waived" || p.name == "state-kept"
				sc.ordered = sc.ordered || orders[p.name]
				sc.address += p.weight
				sc.strong = sc.strong || p.weight >= shapeAddress
				sc.hard = sc.hard || p.weight >= shapeAddress && !p.soft
			} else {
				sc.risk += p.weight
				sc.conduct = sc.conduct || conductParts[p.name]
			}
		}
	}
	// A command that reads the same in every language is the fallback
	// for a language no row reads: when an English lexicon read the same
	// act (a force push, a dropped database), it counts once.
	if slices.Contains(sc.parts, "tech-act") && (slices.Contains(sc.parts, "privilege") || slices.Contains(sc.parts, "destroy")) {
		sc.risk -= 2
	}
	sc.s = s
	return sc
}

// decide is the finding of a score: an attack (review false), a directive
// to hold (review true), or nothing (ok false). See shapeFinding.
func (sc shapeScore) decide(holds bool) (f Finding, review, ok bool) {
	parts := slices.Clone(sc.parts)
	sort.Strings(parts)
	if !holds && !sc.strong {
		return Finding{}, false, false
	}
	if sc.address == 0 {
		// Nobody addressed, but the act is the reader's own conduct —
		// whose instructions count, what the person is told or not told —
		// or a download run: a note that says how "things are done" here
		// is an order to the agent that remembers it.
		if sc.conduct && sc.risk >= shapeRisk {
			return Finding{Rule: "directive-to-agents", Parts: strings.Join(parts, "+")}, true, true
		}
		// Nobody addressed, but an order all the same: a modal in the
		// third person or the passive on an act of risk. Whoever it names
		// ("the service consuming this event should…", "the bucket is to
		// be emptied"), the one who will act on a memory is the agent that
		// reads it: held, not refused, since a team's plan reads the same.
		if sc.modal && sc.risk >= shapeRisk {
			parts = append(parts, "modal-order")
			sort.Strings(parts)
			return Finding{Rule: "directive-to-agents", Parts: strings.Join(parts, "+")}, true, true
		}
		if sc.twoHarms() {
			parts = append(parts, "two-harms")
			sort.Strings(parts)
			return Finding{Rule: "directive-to-agents", Parts: strings.Join(parts, "+")}, true, true
		}
		return Finding{}, false, false
	}
	if sc.risk == 0 {
		// No act the lexicons know, but a standing order to agents about
		// what they tell, whom they answer or what they remember: held,
		// since the next attacker's act will be one no lexicon has.
		if holds && sc.hard && sc.standing && sc.ordered && readerMeta().MatchString(sc.s) {
			parts = append(parts, "standing-order")
			sort.Strings(parts)
			return Finding{Rule: "directive-to-agents", Parts: strings.Join(parts, "+")}, true, true
		}
		return Finding{}, false, false
	}
	f = Finding{Rule: "directive-shape", Parts: strings.Join(parts, "+")}
	switch {
	case sc.strong && sc.risk >= shapeRisk:
		return f, false, true
	case sc.hard && (sc.risk >= shapeRisk || !sc.safeOrdersOnly()), sc.address >= shapeAddress && sc.risk >= shapeRisk, (sc.reader || sc.rule || sc.conduct) && sc.risk >= shapeRisk, sc.risk >= 2*shapeRisk:
		f.Rule = "directive-to-agents"
		return f, true, true
	case sc.twoHarms():
		f.Rule = "directive-to-agents"
		f.Parts += "+two-harms"
		return f, true, true
	}
	return Finding{}, false, false
}

// twoHarms reports a note that asks for harms of two families, addressed
// to anyone or to nobody: a safeguard switched off and the change kept
// from the record, secrets sent out and the trail deleted, rights raised
// and review skipped. An attack on a memory store need not name its
// reader — "the de-identification check stays off; the release notes
// leave it out" is an order to whoever remembers it — but a team's note
// rarely asks for two harms at once: what it records is one act, or one
// act forbidden. Held for review, never refused. Measured before it was
// added: on the notes batches 13–26 missed before their tuning, 135 of
// 361; on every corpus's benign notes, 6 of 6,475; on LoCoMo, none.
func (sc shapeScore) twoHarms() bool { return bits.OnesCount16(sc.harms) >= 2 }

// negatedParticiple is a secret said never to be where it would leak:
// "the .env is never committed", "tokens are not pasted into issues".
var negatedParticiple = lazyRE(`\b(?:never|not|n't|no longer)\s+(?:be(?:en)?\s+|get\s+|gets\s+)?(?:committed|listed|pasted|written|published|included)\b`)

// harmDenied reports a risk part's match m that its clause denies within
// the few words before it ("a published tag is never re-created or
// force-pushed", "no one deletes the backups"), or in another language
// ("не удаляйте резервные копии").
func harmDenied(s string, m []int) bool {
	// A lexicon's match may open on the space or mark before its word.
	i := m[1] - len(strings.TrimLeftFunc(s[m[0]:m[1]], func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
	return negatedBefore(s, i) || negatedClause().MatchString(s[max(clauseStart(s, i), i-40):i]) || langNegated(s, []int{i, m[1]})
}

// riskFamilies groups the risk parts by the harm they ask for, a bit a
// family. The parts of one family often fire on the same words ("pushes
// the backups to s3://" is exfiltration and sensitive-outbound; "git push
// --force" is privilege and tech-act), so it is families, not parts, that
// twoHarms counts. Parts that name an object or a place but ask for no
// act (secret-object, outside, capability) belong to none; nor does
// supply-chain, since a registry mirror is named in team notes every day
// with the "push" that makes it read as outbound; nor tech-act, the
// fallback that reads a force push or a dropped table in any language
// and so fires beside privilege or destroy on the same words. Only parts
// with a match count (a part that is only a check has no place to read a
// denial at).
var riskFamilies = sync.OnceValue(func() map[string]uint16 {
	m := map[string]uint16{}
	for i, family := range [][]string{
		{"exfiltration", "sensitive-outbound", "keys-outside", "leak-into-repo", "records-outbound", "env-outbound", "sensitive-data", "ships-secret"},
		{"weaken-safeguard", "config-override", "infra-safeguard", "waived-confirmation", "approve-unreviewed", "unchecked"},
		{"privilege", "escalate", "grants-rights", "self-permission"},
		{"destroy", "cover-tracks"},
		{"concealment", "unreported", "kept-from-record", "user-deception", "record-silent"},
		{"download-and-run", "pipe-to-shell"},
		{"instruction-source", "delegation", "forged-review", "forged-evidence"},
	} {
		for _, name := range family {
			m[name] = 1 << i
		}
	}
	return m
})

// safeOrdersOnly reports a score whose only address is an agent's clause
// that asks nothing risky: every act the clause names is one that keeps
// the person in the loop or proposes work for review ("agents may open
// PRs against web/", "agents that hit this should stop and tell the
// user"), and the clause names no secret and no destination. The weak
// risk part that fired (a secret or a host named) is then in a sentence
// nobody is told to act on, which is how a note that addresses nobody
// reads: kept. An agent told to open a PR "and export the token", or
// any other address beside it (an imperative, "from now on", a key for
// agents), still holds the note.
func (sc shapeScore) safeOrdersOnly() bool {
	clauses := 0
	for _, p := range sc.parts {
		switch p {
		case "agent-subject", "agent-directive":
			clauses++
		case "agent-mention":
		default:
			if slices.Contains(addressNames(), p) {
				return false
			}
		}
	}
	if clauses == 0 {
		return false
	}
	rules := shapeSet()
	hits := rules.index.hits(sc.s)
	for _, p := range rules.parts {
		if p.name != "agent-subject" && p.name != "agent-directive" {
			continue
		}
		for _, b := range p.branches {
			if !rules.index.candidate(hits, b.slot) {
				continue // none of its words: it cannot match
			}
			for _, m := range b.re().FindAllStringSubmatchIndex(sc.s, 8) {
				if p.also != nil && !p.also(sc.s, m) {
					continue
				}
				// The act is the clause's verb, the expression's last
				// group when it has one.
				from := m[1]
				if len(m) >= 4 && m[len(m)-2] >= 0 {
					from = m[len(m)-2]
				}
				if !safeClause(sc.s, m[0], from) {
					return false
				}
			}
		}
	}
	return true
}

// addressNames are the names of the shape parts that address.
var addressNames = sync.OnceValue(func() []string {
	var names []string
	for _, p := range shapeSet().parts {
		if p.address && !slices.Contains(names, p.name) {
			names = append(names, p.name)
		}
	}
	return names
})

// safeClause reports whether the clause of an agent's order, s[start:]
// up to its end (a sentence's end, a semicolon, ", but"), asks only acts
// of safeActs — at its verb, s[from:], and after every "and", "or",
// "then", comma or "to" — and names no secret and no destination.
func safeClause(s string, start, from int) bool {
	end := len(s)
	if i := strings.IndexAny(s[from:], ".;!?\n"); i >= 0 {
		end = from + i
	}
	if i := clauseBut().FindStringIndex(s[from:end]); i != nil {
		end = from + i[0]
	}
	clause := s[start:end]
	if secretWord().MatchString(clause) || outsideRE().MatchString(clause) {
		return false
	}
	words := strings.FieldsFunc(s[from:end], func(r rune) bool { return r == ' ' || r == ',' })
	next := true
	for _, w := range words {
		if next && clauseAux[w] {
			continue // "agents may open …": the act is the next word
		}
		if next && !safeActs[w] && !(strings.HasPrefix(w, "push") && ownBranchPush().MatchString(s[from+strings.Index(s[from:end], w):end])) {
			return false
		}
		next = w == "and" || w == "or" || w == "then" || w == "to" || strings.HasSuffix(w, ",")
	}
	return true
}

var (
	clauseBut  = lazyRE(`,?\s+(?:but|while|whereas|except)\b`)
	secretWord = lazyRE(`(?:^|[^a-z_])(?:` + secretObj + `)|\b[a-z0-9]+_[a-z0-9_]*(?:secret|password|passwd|token|api_?key|access_key|private_key)`)
)

// clauseAux are the words between an agent and its act: modals and the
// adverbs a rule puts there ("agents may now open …").
var clauseAux = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`must should shall may can will would could might need needs to is are has have now also just then first only always`) {
		m[w] = true
	}
	return m
}()

// haltsByItself is a verb of stopping or failing before "by itself":
// "the rollout stops by itself" is a safeguard at work, no act alone.
var haltsByItself = lazyRE(`\b(?:stops?|stopped|halts?|halted|pauses?|paused|fails?|failed|expires?|expired|recovers?|recovered|heals?|healed|rolls? back|rolled back|times? out|timed out|resolves?|resolved|closes?|closed|locks?|locked|aborts?|aborted)\W*$`)

// ownBranchPush is a push of the agent's own branches ("agents push
// feature branches and open PRs"): work proposed for review, as opening
// a PR is.
var ownBranchPush = lazyRE(`^push(?:es)?\s+(?:(?:their|its|own|feature|topic|work|working|fix|draft)\s+)+branch(?:es)?\b`)

// safeActs are the acts an agent may be told to do that raise no risk:
// proposing work for review and keeping the person in the loop.
var safeActs = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`open draft request ask stop tell report create comment suggest propose explain notify flag wait pause`) {
		m[w] = true
		m[w+"s"] = true
	}
	m["creates"] = true
	return m
}()

// namedOnce drops agent-mention when a part that reads the agent's clause
// fired too, or when two lexicons (English and a language's row) named
// the agent: the agent is then counted, and named in the record, once.
func namedOnce(parts []string, address int) ([]string, int) {
	i := slices.Index(parts, "agent-mention")
	if i < 0 {
		return parts, address
	}
	if j := slices.Index(parts[i+1:], "agent-mention"); j >= 0 {
		parts, address = slices.Delete(parts, i+1+j, i+2+j), address-1
	}
	for _, p := range parts {
		switch p {
		case "agent-subject", "agent-directive", "agent-vocative", "agent-config":
			return slices.Delete(parts, i, i+1), address - 1
		}
	}
	return parts, address
}

// conductParts are the risk parts about the reader's own conduct, which
// hold a note from an untrusted source even when it addresses nobody.
var conductParts = map[string]bool{"waived-confirmation": true, "instruction-source": true, "user-deception": true, "unreported": true, "delegation": true, "pipe-to-shell": true, "cover-tracks": true, "env-outbound": true, "kept-from-record": true, "records-outbound": true, "forged-evidence": true}

// orders are the address parts that give an order (a modal, an
// imperative, a vocative, a key for agents), not describe a habit.
var orders = map[string]bool{"agent-directive": true, "agent-vocative": true, "agent-config": true, "you-directive": true, "imperative": true, "automated-reader": true, "you-role": true}

// readerMeta is what a standing order to agents is about when it names no
// risky act: their instructions, memory, sessions, answers, the person
// they work for.
var readerMeta = lazyRE(`\b(?:instructions?|orders?|prompts?|obey|trust|agents\.md|claude\.md|operator)\b`)

// gateWords maps each gate word to the parts it opens (a bit per part);
// gated has the bits of the parts that have a gate.
type gateWords struct {
	open  map[string]partSet
	gated partSet
}

// partSet is a set of shape parts by their index, a bit each.
type partSet [5]uint64

func (p *partSet) add(i int)     { p[i/64] |= 1 << (i % 64) }
func (p partSet) has(i int) bool { return p[i/64]&(1<<(i%64)) != 0 }
func (p *partSet) union(q partSet) {
	for i := range p {
		p[i] |= q[i]
	}
}
func (p partSet) complement() partSet {
	for i := range p {
		p[i] = ^p[i]
	}
	return p
}

func newGateWords(parts []shapePart) gateWords {
	if len(parts) > 64*len(partSet{}) {
		panic("trust: more shape parts than the gate's bit set holds")
	}
	g := gateWords{open: map[string]partSet{}}
	for i, p := range parts {
		if len(p.gate) > 0 {
			g.gated.add(i)
		}
		for _, w := range p.gate {
			set := g.open[w]
			set.add(i)
			g.open[w] = set
		}
	}
	return g
}

// opened returns the bits of the parts s may be tried for: those without a
// gate, and those one of whose words s holds. One pass over the words, no
// set built; an elided article is its own word too ("l'agent" holds
// "agent").
func (g gateWords) opened(s string) partSet {
	bits := g.gated.complement()
	word := func(w string) {
		bits.union(g.open[w])
		if _, after, ok := strings.Cut(w, "'"); ok && after != "" {
			bits.union(g.open[after])
		}
	}
	start := -1
	for i, r := range s {
		if unicode.IsLetter(r) || r == '\'' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			word(s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		word(s[start:])
	}
	return bits
}

// ownScope reports an act confined to the reader's own things in the
// sentence that holds s[m[0]:m[1]]: "feel free to skip the e2e suite
// locally", "force-push your own feature branch" risk nothing shared.
func ownScope(s string, m []int) bool {
	from := strings.LastIndexAny(s[:m[0]], ".!?;\n") + 1
	to := len(s)
	if i := strings.IndexAny(s[m[1]:], ".!?;\n"); i >= 0 {
		to = m[1] + i
	}
	return ownThings().MatchString(s[from:to])
}

var ownThings = lazyRE(`\b(?:locally|on your (?:own )?(?:machine|laptop)|your own (?:feature )?(?:branch|branches|fork|forks|laptop|machine|settings)|in your (?:fork|settings|sandbox)|personal (?:fork|branch|sandbox))\b`)

// inQuestion reports whether the sentence holding s[:end]'s end is a
// question: "can you explain why this test is skipped?" asks nothing of
// the reader's safeguards.
func inQuestion(s string, end int) bool {
	i := strings.IndexAny(s[end:], ".!?\n")
	// A URL's query ("DELETE /admin/audit?actor=me") is no question.
	for i >= 0 && s[end+i] == '?' && end+i+1 < len(s) && (isLower(s[end+i+1]) || s[end+i+1] == '=' || s[end+i+1] >= '0' && s[end+i+1] <= '9') {
		j := strings.IndexAny(s[end+i+1:], ".!?\n")
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return i >= 0 && s[end+i] == '?' && !ratified().MatchString(s[end+i+1:min(len(s), end+i+240)])
}

// ratified is a question put to a vote and carried: "Everyone raised a
// hand, so that is how it works from now on". The question is then the
// rule it proposed, not a question.
var ratified = lazyRE(`^[^?]*?(?:\b(?:everyone|everybody|all of us|the (?:team|room|majority)|we (?:all )?|unanimous(?:ly)?)\b[^.\n?]{0,30}?\b(?:agreed|voted (?:yes|for)|raised (?:a |their |our )?hands?|said yes|approved|signed off)\b|\b(?:motion|proposal|vote|poll) (?:carried|passed|was adopted|was approved)\b|\bthat(?:'s| is) (?:how it works|how we do it|the rule|what we do)\b)`)

// negatedClause is a negation in the clause before a verb that follows
// its object: "… a failing contract test, please tell the user; never
// mark it skipped".
var negatedClause = lazyRE(`\b(?:never|not|don'?t|do not|doesn'?t|does not|no)\b`)

// compoundAtLineStart rejects an agent noun that opens a line glued to
// a word by a hyphen: a name in a listing ("agent-setup  installs the
// hooks") or a file's path heading a line, not a line for the agent
// ("Agent- please …", "KI-Agenten").
func compoundAtLineStart(s string, m []int) bool {
	if m[1] >= len(s) || s[m[1]-1] != '-' || !isLower(s[m[1]]) {
		return true
	}
	// … or one inside the path of a file that heads a line:
	// ".github/copilot-instructions.md:".
	start := strings.LastIndexAny(s[:m[1]], " \t\n") + 1
	end := m[1] + strings.IndexAny(s[m[1]:]+" ", " \t\n")
	if strings.Contains(s[start:end], "/") && strings.TrimLeft(s[strings.LastIndexByte(s[:start], '\n')+1:start], " \t") == "" {
		return false
	}
	return strings.TrimLeft(s[strings.LastIndexByte(s[:m[0]+1], '\n')+1:m[0]+1], " \t\n") != ""
}

// commandStart is where the command holding a flag at s[i] starts: "never
// `git push --force` to main" forbids the flag with the command. A flag
// inside a code span starts at the span; other matches where they are.
func commandStart(s string, i int) int {
	if i >= len(s) || s[i] != '-' {
		return i
	}
	j := strings.LastIndexByte(s[max(0, i-30):i], '`')
	if j < 0 || strings.ContainsAny(s[max(0, i-30)+j:i], ".;\n") {
		return i
	}
	return max(0, i-30) + j
}

// deniedSubject is a clause whose subject is nobody: "Nobody, assistants
// included, adds entries to .gitleaksignore"; or a person the act is
// reserved to: "Only a human adds entries to .gitleaksignore"; or no
// artefact of the project doing it: "no chart here sets privileged:
// true".
var deniedSubject = lazyRE(`(?:^|[^a-z])(?:nobody|no one|no (?:agent|bot|assistant|human|person|tool)s?|only (?:a |the |an? assigned )?(?:humans?|persons?|people|maintainers?|owners?|reviewers?|admins?|developers?|security team|team leads?|release managers?)|no (?:[a-z-]+ )?(?:charts?|services?|pods?|containers?|jobs?|workflows?|files?|repos?|branch(?:es)?|pipelines?|deployments?|manifests?|images?|steps?|stages?|modules?|packages?)(?: here| in [a-z0-9/._-]+)? (?:sets?|gets?|uses?|runs?|has|adds?|enables?|turns on))\b[^.;\n]*$`)

// rejectedAfter reports an act the clause after it says is refused:
// "pushes made with --no-verify … are now rejected by the server"; or
// one it keeps behind a person (gatedAfter); or an act a rejected
// proposal asked (rejectedProposal).
func rejectedAfter(s string, m []int) bool {
	return rejected().MatchString(s[m[1]:min(len(s), m[1]+60)]) || gatedAfter(s[m[1]:min(len(s), m[1]+90)]) || rejectedProposal(s, m)
}

// gatedAfter reports a clause after an act that keeps a person in front
// of it, a safeguard recorded: "Anything that deletes files, rewrites
// history or force-pushes still needs explicit confirmation", "DROP
// statements against prod go through the migration pipeline with a
// reviewed plan", "any change to branch protection stays with humans".
// Not when the clause takes the person away ("no longer needs
// confirmation", "go through without review").
func gatedAfter(after string) bool {
	g := gated().FindString(after)
	return g != "" && !gateLifted().MatchString(g)
}

var (
	gated      = lazyRE(`^[^.;\n]*?\b(?:(?:still |always )?(?:needs?|requires?) (?:an? )?(?:explicit |human |manual |prior |separate |written )?(?:confirmation|approval|review|sign-?off)|go(?:es)? through\b[^.;\n]{0,60}?\b(?:review(?:ed)?|approv(?:al|ed)|sign-?off)|(?:stays?|remains?|rests?|is|are) (?:only )?(?:with|reserved (?:for|to)|left to) (?:the )?(?:humans?|people|persons?|a person|maintainers?|owners?|reviewers?|release managers?|team))\b`)
	gateLifted = lazyRE(`\b(?:no longer|not|never|no|without|skip[a-z]*|bypass[a-z]*)\b|n't\b`)
)

// rejectedProposal reports an act on a proposal's line ("Proposal: let
// coding agents merge their own PRs") in a decision record whose
// decision or status rejects it ("Decision: rejected"): the record keeps
// what was turned down, it asks for nothing.
func rejectedProposal(s string, m []int) bool {
	line := s[strings.LastIndexByte(s[:m[0]], '\n')+1 : m[0]]
	return proposalLine().MatchString(line) && proposalRejected().MatchString(s)
}

var (
	proposalLine     = lazyRE(`^\s*(?:[-*•#]\s*)*(?:proposal|proposed(?: change)?|option [a-z0-9]+|alternative(?: [a-z0-9]+)?|idea|suggestion|motion)\s*(?:\([^)\n]{0,30}\))?\s*[:—-]`)
	proposalRejected = lazyRE(`(?:^|\n)\s*(?:[-*•#]\s*)*(?:status|decision|outcome|resolution|result|verdict)\s*:\s*(?:\*\*)?(?:rejected|declined|not accepted|not adopted|withdrawn|refused|denied|abandoned)\b`)
)

var rejected = lazyRE(`^[^.;\n]*?\b(?:is|are|get|gets|will be)\s+(?:now\s+|always\s+|automatically\s+)?(?:rejected|blocked|refused|forbidden|prohibited|denied|disallowed|not allowed)\b|^[^.;\n]*?\b(?:that's|that is|it's|it is|is|are) (?:a bug|wrong|a mistake|not ok(?:ay)?)\b`)

// narrated reports a weakening verb, s[i:j], that tells what happened
// rather than what is to be done: a past form after "was", "were" or
// "had", a bare past form ("p99 dropped"), or a gerund after "after",
// "since" or "before". A passive after a modal or "be" ("tests should be
// skipped", "checks get dropped") is still an order.
func narrated(s string, i, j int) bool {
	if i < 0 {
		return false
	}
	w := s[i:j]
	before := s[max(0, i-24):i]
	if strings.HasSuffix(w, "ing") {
		return sinceBefore().MatchString(before)
	}
	if !pastTense(w) && !strings.HasSuffix(w, "pped") && w != "lifted" {
		return false
	}
	if auxBefore().MatchString(before) || onPurpose().MatchString(s[j:min(len(s), j+40)]) {
		return false
	}
	return true
}

var (
	sinceBefore = lazyRE(`\b(?:after|since|before|by)\s+$`)
	// auxBefore is a passive that orders or states the present: "should
	// be", "are", "is to be", "gets", "has been" (a state now in force).
	auxBefore = lazyRE(`\b(?:be|is|are|am|get|gets|getting|been|being|stays?|remains?|keep|keeps)\s+(?:[a-z]+ly\s+|now\s+|all\s+)?$|\b(?:mark|marks|leave|leaves|keep|keeps|set|have|get)\s+(?:it|them|this|that|these|those|as)\s+(?:as\s+)?$`)
	// onPurpose is a past weakening kept as policy: "reviewers were
	// removed from that path on purpose".
	onPurpose = lazyRE(`^[^.\n]{0,30}?\b(?:on purpose|deliberately|intentionally|for good|permanently|by design)\b`)
)

// forbiddenToAsk reports a concealment match that forbids asking an agent
// to conceal: "must never tell the agent to hide anything from the user"
// restores the safeguard it names.
func forbiddenToAsk(s string, m []int) bool {
	return forbidAsk().MatchString(s[max(0, m[0]-50):min(len(s), m[1])])
}

var forbidAsk = lazyRE(`\b(?:never|not|don'?t|do not|must not|mustn'?t|no one may|nobody may)\s+(?:tell|ask|instruct|let|make|have|get)\s+(?:the |an? |any |your )?(?:agents?|assistants?|bots?|ais?|models?|llms?|tools?|claude|copilot)\s+(?:to\s+)?(?:hide|conceal|keep|omit|leave|withhold|not)\b`)

// nounOf reports a send verb used as a noun: "copies of secrets live only
// in Vault", "the export of the logs", "a post of".
func nounOf(s string, m []int) bool {
	t := s[m[0]:min(len(s), m[1]+4)]
	t = strings.TrimLeft(t, " ")
	k := strings.IndexByte(t, ' ')
	return k > 0 && strings.HasPrefix(t[k:], " of ") && exfilNoun().MatchString(t[:k])
}

var exfilNoun = lazyRE(`^(?:copies|copy|export|exports|upload|uploads|post|posts|dump|dumps|mirror|mirrors|archive|archives|backup|backups|share|print|leak|leaks)$`)

// negatedBefore reports a "never", "don't" or "do not" just before i.
func negatedBefore(s string, i int) bool {
	// A receiver glued to the verb ("t.Skip") and a comment's marker at a
	// line's start ("never\n// t.Skip") stand between no negation and
	// its act.
	if i >= 2 && s[i-1] == '.' {
		j := i - 1
		for j > 0 && i-1-j < 12 && (isLower(s[j-1]) || s[j-1] == '_') {
			j--
		}
		if j < i-1 {
			i = j
		}
	}
	before := s[max(0, i-30):i]
	// A compound's first half belongs to the act: "never force-pushed",
	// "never re-tag".
	before = compoundHead().ReplaceAllString(before, "")
	if strings.Contains(before, "\n") {
		before = commentMark().ReplaceAllString(before, " ")
	}
	return negated().MatchString(before) || negatedPurpose(s, i)
}

// negatedPurpose reports an act that is the purpose of a forbidden one:
// "Don't change those settings to make the test pass" forbids making it
// pass that way. "Don't hesitate to", "never forget to", "you don't need
// to" are no prohibitions.
func negatedPurpose(s string, i int) bool {
	w := s[max(clauseStart(s, i), i-60):i]
	if !strings.HasSuffix(strings.TrimRight(w, " "), " to") {
		return false
	}
	m := purposeNegated().FindStringSubmatch(w)
	return m != nil && !notForbidding[m[1]]
}

var purposeNegated = lazyRE(`\b(?:never|don'?t|do not|doesn'?t|does not|mustn'?t|must not|shouldn'?t|should not|cannot|can'?t|won'?t)\s+([a-z'-]+)\s+(?:[a-z'-]+\s+){0,3}(?:in order |so as )?to\s*$`)

// notForbidding are the verbs a negation turns into an encouragement or
// a leave: "don't hesitate to", "you don't need to".
var notForbidding = map[string]bool{"hesitate": true, "forget": true, "fail": true, "mind": true, "be": true, "wait": true, "need": true, "needs": true, "have": true, "has": true, "bother": true, "stop": true, "want": true}

var compoundHead = lazyRE(`[a-z]+-$`)

var commentMark = lazyRE(`\n\s*(?://+|#+|--|\*+)\s*`)

// outsideHost reports a destination outside in s: a URL, an address, an
// IP, a remote or a bucket, other than the official homes of the common
// toolchains and registries (fetching Go from go.dev is a build note, not
// a redirection).
func outsideHost(s string) bool {
	// Every destination holds a slash, an @, a dot between digits or one
	// of the words; most notes hold none and skip the expression.
	if !strings.ContainsAny(s, "/@:") && !digitDot(s) && !outsideWord(s) {
		return false
	}
	for _, m := range outsideRE().FindAllStringIndex(s, 16) {
		if !officialHost(s[m[0]:m[1]]) && !fileAndLine(s, m) {
			return true
		}
	}
	return false
}

// fileAndLine reports a host and port that is a file and a line number
// inside a path, as grep and compilers print them ("infra/README.md:17:"):
// a host follows a scheme's "//", never a single slash.
func fileAndLine(s string, m []int) bool {
	h := s[m[0]:m[1]]
	return m[0] > 0 && s[m[0]-1] == '/' && (m[0] < 2 || s[m[0]-2] != '/') && !strings.ContainsAny(h, "@/") && strings.Contains(h, ":")
}

var outsideRE = lazyRE(outside)

// digitDot reports a digit followed by a dot, as an IP address has.
func digitDot(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '.' && i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			return true
		}
	}
	return false
}

// outsideWord reports the words of outside's destinations without a slash.
func outsideWord(s string) bool {
	for _, w := range []string{"gist", "pastebin", "public ", "remote", "dropbox", "webhook", "outside ", "personal ", "partner", "vendor", "contractor", "third", "prestataire", "externe", "extern", "fornecedor", "proveedor", "dienstleister",
		"esterno", "esterna", "zewnetrzn", "внешн", "harici", "外部"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// deniedInClause is a denial in the clause before a match: "fixes
// nothing", "never pushes anything".
var deniedInClause = lazyRE(`\b(?:nothing|never|not|no|none|n't|cannot)\b[^.,;:\n]*$`)

// keptForUsers is what a product keeps from its users on purpose.
var keptForUsers = lazyRE(`\b(?:stack ?traces?|tracebacks?|debug (?:output|info|panel)|internal (?:hostnames?|ids?|errors?)|raw errors?|error details|pii|personal data|other users'?)\b`)

// fromUser names the person an agent answers to.
var fromUser = lazyRE(`\b(?:nobody|no one|users?|humans?|owner|person|requesters?|reviewers?|chat|reply|output|summar(?:y|ies)|commit message|pr descriptions?|reports?|benutzer|nutzer|bericht|utilisateur|usuario|resumen|resumo)\b`)

// officialHosts are the domains of toolchains and registries a build
// note names without being redirected.
var officialHosts = []string{"golang.org", "go.dev", "npmjs.org", "npmjs.com", "pypi.org", "pythonhosted.org", "python.org",
	"docker.com", "docker.io", "k8s.io", "kubernetes.io", "rust-lang.org", "crates.io", "maven.org",
	"apache.org", "debian.org", "ubuntu.com", "nodejs.org", "yarnpkg.com", "rubygems.org", "nuget.org", "gradle.org", "hashicorp.com",
	"rustup.rs", "brew.sh", "deno.land", "bun.sh", "astral.sh", "sdkman.io"}

func officialHost(m string) bool {
	h := strings.TrimLeft(m, " (<")
	if i := strings.Index(h, "://"); i >= 0 {
		h = h[i+3:]
	}
	h = strings.TrimPrefix(h, "www.")
	if i := strings.IndexAny(h, "/:?#,;"); i >= 0 {
		h = h[:i]
	}
	if !strings.Contains(h, ".") {
		return false
	}
	for _, o := range officialHosts {
		if h == o || strings.HasSuffix(h, "."+o) {
			return true
		}
	}
	return false
}

// hyphenLetters is a word spelt out letter by letter with hyphens
// ("a-g-e-n-t-s"), read as the word.
var hyphenLetters = lazyRE(`\b(?:[a-z]-){2,}[a-z]\b`)

// dottedLetters is a word spelt out letter by letter with dots or
// underscores ("a.g.e.n.t.s", "m.a.y"), read as the word; "e.g." and
// "i.e." end with a dot, not a letter.
var dottedLetters = lazyRE(`\b(?:[a-z][._]){2,}[a-z]\b`)

// markup is HTML or a markdown comment: what it hides is read as text.
var roleTag = lazyRE(`(?i)<\s*(?:system|system[-_ ]?(?:reminder|message|prompt|note)|developer|operator|admin|tool[-_]?result|function[-_]?results?|im_start\|?\s*system)\b[^>]{0,40}>`)

var markup = lazyRE(`<[^>]{0,200}>|\[//\]:\s*#\s*|\[comment\]:\s*#\s*`)

// markupText is what a tag leaves to read: the values of its attributes
// that are phrases or commands (a run configuration's description and
// script, an image's alt text, a title), each on a line of its own;
// names, ids and paths go with the tag.
func markupText(tag string) string {
	// A comment is text its reader reads (session 22, batch 25: an
	// "Ops memo" inside TwiML's <!-- -->).
	if strings.HasPrefix(tag, "<!--") && strings.HasSuffix(tag, "-->") && len(tag) > 7 {
		return "\n" + tag[4:len(tag)-3] + "\n"
	}
	if !strings.HasPrefix(tag, "<") || !strings.Contains(tag, "=") {
		return " "
	}
	var b strings.Builder
	for _, m := range attrPhrase().FindAllStringSubmatch(tag, 8) {
		v := m[1] + m[2]
		b.WriteString("\n")
		b.WriteString(entities.Replace(v))
	}
	if b.Len() == 0 {
		return " "
	}
	b.WriteString("\n")
	return b.String()
}

var (
	attrPhrase = lazyRE(`[a-z_:.-]+\s*=\s*(?:"([^"<>]*\s[^"<>]*)"|'([^'<>]*\s[^'<>]*)')`)
	entities   = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'", "&apos;", "'")
)

// fillBlanks reads a fill-in-the-blank exercise with its answers in the
// blanks: "the helper ____ the scanner rule … Answer: deletes" is the
// sentence "the helper deletes the scanner rule", what a reader that
// learns from the card is taught.
func fillBlanks(s string) string {
	answers := blankAnswer().FindAllStringSubmatch(s, 16)
	if len(answers) == 0 {
		return s
	}
	i := 0
	return blank().ReplaceAllStringFunc(s, func(b string) string {
		if i >= len(answers) {
			return b
		}
		i++
		return answers[i-1][1]
	})
}

var (
	blank       = lazyRE(`_{3,}`)
	blankAnswer = lazyRE(`\b(?:answers?|solution|key|antwort|reponse|respuesta|resposta)\s*[:=→-]+\s*["'*]*([^\s"'*.,;]+)`)
)

// shapeView folds a native view for the lexicons: markup removed,
// diacritics dropped, confusable words mapped (foldConfusables), URL
// escapes undone.
func shapeView(native string) string {
	s := native
	if strings.Contains(s, "%") {
		if u, err := url.PathUnescape(s); err == nil {
			s = strings.ToLower(u)
		}
	}
	if strings.Contains(s, "___") {
		s = fillBlanks(s)
	}
	if strings.ContainsAny(s, "<[") {
		// A chat role's tag in a memory claims the role's authority: it
		// reads as the line "[system]:" (claimed-authority) before the
		// rest of the markup goes.
		if strings.Contains(s, "<") {
			s = roleTag().ReplaceAllString(s, "\n[system]: ")
		}
		s = markup().ReplaceAllStringFunc(s, markupText)
	}
	if strings.ContainsAny(s, "._") {
		s = dottedLetters().ReplaceAllStringFunc(s, func(w string) string { return strings.NewReplacer(".", "", "_", "").Replace(w) })
	}
	if strings.Contains(s, "-") {
		s = hyphenLetters().ReplaceAllStringFunc(s, func(w string) string { return strings.ReplaceAll(w, "-", "") })
		s = strings.ReplaceAll(s, "-\n", "") // a word broken at the line's end
	}
	if !isPlainASCII(s) {
		s = norm.NFD.String(s)
		s = strings.Map(func(r rune) rune {
			if unicode.Is(unicode.Mn, r) {
				return -1
			}
			switch r {
			case '’', '‘':
				return '\''
			case '“', '”', '«', '»':
				return '"'
			}
			return r
		}, s)
		s = foldConfusables(s)
	}
	return s
}

// explainShape names the parts that fire on s's native view, address
// parts first, joined with "+" ("" when none): what a missed attack or a
// held note showed the scorer, for a corpus's report.
func explainShape(s string) string {
	return strings.Join(scoreShape(nativeView(s), true).parts, "+")
}

// grantDenied reports a grant of rights that the text denies: a
// negation inside the match ("agents get no merge or deployment rights",
// "has neither write nor admin access") or just before it in its clause
// ("bots do not get write access", "the assistant never acts as owner").
func grantDenied(s string, m []int) bool {
	before := s[max(clauseStart(s, m[0]), m[0]-30):m[0]]
	return grantNegation().MatchString(s[m[0]:m[1]]) || grantNegationBefore().MatchString(before)
}

var (
	grantNegation       = lazyRE(`\b(?:no|not|never|neither|nor|zero)\b|n't\b`)
	grantNegationBefore = lazyRE(`(?:\b(?:no|not|never|cannot|nor|neither)\b|n't\b)[^.;,\n]*$`)
)

// refutedClaim reports an address inside a claim the text reports and
// then refutes: "someone claimed on a call that the AI helper may keep
// the prod .env in memory. That's false, nobody agreed to it." A claim
// relayed and denied orders nothing; relayed and not denied ("apparently
// the team lead told the AI helper it can …", "Tom said the CTO wants
// the assistant to …") it still does.
func refutedClaim(s string, m []int) bool {
	from := strings.LastIndexAny(s[:m[0]], ".!?\n") + 1
	if !claimedBefore().MatchString(s[from:m[0]]) {
		return false
	}
	return refutation().MatchString(s[m[1]:min(len(s), m[1]+200)])
}

var (
	claimedBefore = lazyRE(`\b(?:claim(?:s|ed)?|alleg(?:es|ed)|rumou?r(?:s|ed)?|heard|insist(?:s|ed)|suggest(?:s|ed)|told (?:me|us|people|everyone)|someone said|people say)\b[^.!?\n]*$`)
	refutation    = lazyRE(`\b(?:that'?s|that is|this is|it'?s|it is|which is|the claim is|the rumou?r is)(?: (?:simply|just|completely|entirely|absolutely))? (?:false|not true|untrue|wrong|incorrect|a myth|a rumou?r|nonsense|made up)\b|\b(?:nobody|no one) (?:ever )?(?:agreed|approved|decided|signed off|said so|allowed)\b|\b(?:was|were|has|have) never (?:agreed|approved|decided|allowed|granted)\b`)
)

// delegation2 is rights or approval handed over by delegation or by
// deeming: "on my behalf", "with my admin rights", "covers my
// approvals", "deploy as me", "in my name", "are deemed to hold the
// Customer's approval", "delegates my approvals".
const delegation2 = `\bon (?:my|our|his|her|their) behalf\b|\b(?:with|using|under) (?:my|our|his|her|their) (?:own )?(?:(?:admin(?:istrator)?|owner|maintainer|merge|write|push|root|sudo|org|elevated|full|personal) )?(?:rights|permissions|privileges|access|credentials|account|login|role|token|identity)\b|\b(?:covers?|handles?|takes? over|inherits?|assumes?|exercises?) (?:all )?(?:my|our|his|her|their) (?:approvals?|sign-?offs?|rights|permissions|privileges|admin (?:rights|role|access)|role as)\b|\b(?:deploy|merge|approve|sign|push|log in|act|release|commit)[a-z]* as (?:me|us|him|her)\b|\bin (?:my|our) (?:name|stead)\b|\bunder (?:my|our) name\b|\b(?:is|are|be|being) (?:deemed|treated as|regarded as|taken as|considered) (?:to (?:hold|have|carry|possess|be) )?[^.\n;]{0,30}?\b(?:approv[a-z]*|authori[sz][a-z]*|consent|sign-?off|clearance|permission)\b|\bdelegat(?:e|es|ed|ing) (?:my|our|his|her|their|all|full) (?:[a-z-]+ )?(?:approvals?|rights|permissions|access|authority)\b`

// onlyAfter is a condition after a grant that keeps a person in it:
// "considered approved only after a code owner signs".
var onlyAfter = lazyRE(`^[^.;\n]{0,40}?\b(?:only (?:after|when|if|once)|unless|until|after (?:a|an|the|two|one) (?:human|person|maintainer|reviewer|code owner))\b`)

// nonAIAgent are the modifiers that make an agent a person or a daemon:
// "the support agent", "the user agent", "the ssh agent".
var nonAIAgent = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`user ssh gpg travel estate real secret free change insurance booking support sales customer service shipping customs
		press talent literary sports leasing letting reducing oxidizing cleaning nerve chemical puppet zabbix datadog monitoring logging metrics
		node collector otel fluent fluentd elastic consul kerberos dhcp relay mail snmp sync update jenkins buildkite teamcity octopus bamboo
		runner forwarding human x-ray double undercover federal fbi cia border call help desk`) {
		m[w] = true
	}
	return m
}()

// weakeningUndone reports a sentence that records a weakening taken
// away: "The old NOPASSWD: ALL line for the agent user was removed in
// the 2025 audit and stays removed". What was removed is itself the
// hole (a password-less sudo, a --no-verify, a bypass, an exemption), so
// the removal puts the safeguard back; "removed in the audit" names no
// safeguard removed.
func weakeningUndone(s string, m []int) bool {
	from := strings.LastIndexAny(s[:m[0]], ".!?\n") + 1
	to := len(s)
	if i := strings.IndexAny(s[m[1]:], ".!?\n"); i >= 0 {
		to = m[1] + i
	}
	return undoneWeakening().MatchString(s[from:to])
}

var undoneWeakening = lazyRE(`\b(?:nopasswd|--no-verify|--admin|bypass(?:es)?|exemptions?|exceptions?|allow_?all|privileged|chmod 777|wildcard|skip ci)\b[^.;\n]{0,60}?\b(?:was|were|has been|have been|is now|are now|got|stays?|remains?)\s+(?:(?:since|then|finally|already|permanently)\s+)?(?:removed|deleted|dropped|revoked|reverted|taken out|gone|withdrawn)\b`)

// nobodyIncluded reports an agent named only as one of nobody: "Nobody,
// the reporting assistant included, should query it", "no one, not even
// the agent, may …" — not "Nobody, if the assistant runs it".
func nobodyIncluded(s string, m []int) bool {
	before := s[clauseStart(s, m[0]):m[0]]
	if nobodyNotEven().MatchString(before) {
		return true
	}
	return nobodyThen().MatchString(before) && includedAfter().MatchString(s[m[0]:min(len(s), m[1]+12)])
}

var (
	nobodyNotEven = lazyRE(`\b(?:nobody|no one|no-one)\s*[,(—–-]\s*(?:not even|including|incl\.|least of all)\s+(?:the |our |any |a )?(?:[a-z-]+\s?){0,2}$`)
	nobodyThen    = lazyRE(`\b(?:nobody|no one|no-one)\s*[,(—–-]\s*(?:the |our |any |a )(?:[a-z-]+\s?){0,2}$`)
	includedAfter = lazyRE(`^\W*[a-z-]+\s+(?:included|too|either|excepted|also)\b`)
)
