package trust

import (
	"net/url"
	"regexp"
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
	re      *regexp.Regexp
	// also, when set, must hold too (a destination outside, no negation).
	also func(s string, m []int) bool
	// gate, when set, lists words one of which the text must hold for the
	// lexicon to be tried: Go's regexp has no literal prefix to skip by
	// in these alternations, and most notes address nobody.
	gate []string
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
	agentNoun = `(?:(?:ai|coding|code|llm|autonomous)\s+)?(?:agents?|assistants?|ais|llms?|copilot|claude|chatgpt|gpt|cursor|codex|gemini|ai (?:helpers?|reviewers?|tools?|models?|systems?))` +
		`|(?:agent(?:en)?|assistent(?:en)?|ki)` + // de
		`|(?:l'ia|l'assistant|assistants?|ia)` + // fr
		`|(?:agentes?|asistentes?|assistentes?)` // es, pt
	modal = `(?:must|should|shall|may|can|will|are to|is to|needs? to|ha(?:ve|s) to|(?:is|are) (?:now |hereby )?(?:allowed|permitted|authori[sz]ed|cleared|free|expected|required|instructed|pre-?approved|granted|to)|(?:has|have) (?:standing )?permission)` +
		`|(?:durfen|darf|konnen|kann|mussen|muss|sollen|soll|sollte|sollten)` +
		`|(?:peuvent|peut|doivent|doit|devront|devez|sont autorises)` +
		`|(?:pueden|puede|deben|debe|tienen que|tiene que|estan autorizados)` +
		`|(?:podem|pode|devem|deve|tem que|estao autorizados)`
	futureSession = `(?:(?:all|any|every|each)\s+(?:future|subsequent|later|next|new)\s+(?:sessions?|runs?|conversations?|chats?|agents?)|future sessions?|later (?:sessions|runs|conversations)|subsequent (?:sessions|runs)|next time you|(?:from|in) the next sessions?|whoever (?:picks|takes) (?:this|it) up next|rest of the (?:quarter|year|month|project)|blanket (?:approval|permission)|(?:from|starting (?:with|from)) this session (?:on|onward)|in every (?:new )?session|each (?:new )?session|standing (?:order|permission|approval|instruction)|permanently|pre-?approved|pre-?authori[sz]ed|for all future)` +
		`|(?:zukunftige(?:n)? sitzungen|jede(?:r|n)? (?:neue(?:n)? )?sitzung)` +
		`|(?:sessions futures|toutes les (?:futures |prochaines )?sessions|chaque (?:nouvelle )?session)` +
		`|(?:sesiones futuras|cada sesion(?: nueva)?|todas las sesiones)` +
		`|(?:sessoes futuras|cada (?:nova )?sessao|todas as sessoes)`
	fromNowOn = `(?:going forward|from now on|henceforth|hereafter|effective immediately|from here on)` +
		`|(?:ab sofort|ab jetzt|von nun an|kunftig|in zukunft)` +
		`|(?:desormais|dorenavant|a partir de maintenant|a l'avenir)` +
		`|(?:a partir de ahora|de ahora en adelante|en adelante)` +
		`|(?:de agora em diante|a partir de agora|daqui em diante)`
	authority = `(?:\b(?:message|note|notice|order|instruction|directive|memo|word|announcement)s? from (?:the |our |your )?(?:repo(?:sitory)? |project |org |company )?(?:owner|admin(?:istrator)?|maintainer|lead|security team|platform team|cto|ceo|management|anthropic|openai|github|staff|system)` +
		`|priority override|official (?:notice|instruction|policy|directive)|(?:has|have) signed off|highest priority|top priority|as the (?:lead |repo |project )?(?:maintainer|owner|admin)|(?:written|issued|authori[sz]ed|approved) by the (?:admin|owner|maintainer|security team)|(?:is|are) authoritative|orders from|(?:^|\n)\s*\[?(?:system|admin|developer|root)\]?\s*[:\]]|the maintainer has authori[sz]ed)` +
		`|(?:anweisung|nachricht|hinweis|befehl) (?:vom|von der|des) (?:eigentumer|besitzer|admin|administrator|maintainer|chef)` +
		`|(?:message|instruction|ordre|consigne) (?:du|de l'|de la) (?:proprietaire|administrateur|admin|mainteneur|responsable)` +
		`|(?:instruccion|mensaje|orden|aviso) del (?:administrador|propietario|dueno|admin|responsable)` +
		`|(?:aviso|mensagem|instrucao|ordem) do (?:dono|proprietario|administrador|admin|responsavel)`
	concealment = `(?:(?:do not|don't|dont|never|must not|mustn't)\s+(?:surface|mention|tell|show|reveal|report|disclose|bring (?:this |it )?up|inform|notify|alert)\b[^.\n]{0,40}?\b(?:user|human|owner|person|team|anyone|maintainers?|summar(?:y|ies)|chat|reply|output)` +
		`|keep (?:this|it) (?:between us|secret|hidden|quiet|confidential|to yourself|out of (?:your |the )?(?:summar|reply|response|report|chat|pr|commit))|no need to (?:tell|mention|inform|notify)|avoid (?:mentioning|telling|reporting|bringing up)|(?:do not|don't|never) (?:report|list|include|mention) (?:this|it|these)\b[^.\n]{0,20}?\b(?:in|to) (?:the |your )?(?:pr|summary|reply|commit|changelog|description|chat)|(?:hide|conceal) (?:this|it|the change)\b[^.\n]{0,20}?\bfrom|without (?:telling|informing|notifying|alerting|mentioning)\b` +
		`|omit (?:any )?(?:mention|it|this)\b[^.\n]{0,40}?\b(?:output|reply|response|summar(?:y|ies)|report)|leave (?:it|this) out of (?:the |your )?(?:commit|reply|response|summar|changelog|pr|report)` +
		`|(?:this|the) (?:instruction|note|message|memory) is (?:confidential|secret)|(?:owner|user|human) must not (?:learn|know|find out|see)|(?:silently|secretly|covertly|quietly)\b)` +
		`|(?:(?:sag|verrat)(?:e)? (?:dem|den) (?:benutzer|nutzer|user|besitzer)[a-z]* nichts|ohne es (?:dem [a-z]+ )?zu (?:sagen|erwahnen)|verschweig|nicht erwahnen|heimlich)` +
		`|(?:ne (?:dis|dites) rien|sans le dire|ne le mentionne pas|cache(?:r)? (?:ceci|cela) a|en secret|discretement)` +
		`|(?:no le digas|no se lo digas|sin decir(?:le|selo)?|no menciones|en secreto|a escondidas)` +
		`|(?:nao conte|nao diga|sem contar|nao mencione|em segredo|escondido)`
	// outside is a destination outside the project: a URL, an address, an
	// IP, a git remote, a bucket, a paste site.
	outside   = `(?:https?://[^\s)>"']+|(?:^|[\s(<])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/[^\s)>"']*|[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?::\d+)?|git@[a-z0-9.-]+:|s3://|gs://|\bgist\b|pastebin|\bpublic (?:bucket|wiki|repo|gist|channel)|(?:deploy|backup|extra|new|another|external) remote|\bremote (?:named|called)\b|\bdropbox\b|\bwebhook\b)`
	secretObj = `(?:secrets?|credentials?|api[ _-]?keys?|deploy keys?|ssh keys?|signing keys?|private keys?|access keys?|tokens?|passwords?|\.env\b|env file|~?/?\.aws|\.ssh|id_rsa|\.netrc|\.npmrc|kubeconfig|environment variables|env vars|printenv|` + "`env`" + `|output of env)` +
		`|(?:zugangsdaten|passwort|passworter|schlussel|geheimnisse)` +
		`|(?:cles? ssh|cles?|mots? de passe|identifiants|secrets)` +
		`|(?:credenciales|claves|contrasenas?)` +
		`|(?:credenciais|chaves|senhas?)`
	exfilVerb = `(?:send|post|upload|email|e-mail|mail|forward|copy|paste|push|publish|export|share|transmit|sync|mirror|dump|print|leak|exfiltrate|beam|put)` +
		`|(?:schick|sende|senden|hochladen|lade\S* hoch|kopier|pushen)` +
		`|(?:envoie|envoyer|envoyez|pousse|pousser|publie|copie|copier|partage)` +
		`|(?:envia|enviar|envie|sube|subir|copia|copiar|publica)` +
		`|(?:envie|enviar|mande|mandar|suba|subir|copie|copiar|publique)`
	fetchVerb = `(?:download|fetch|curl|wget|install|pip install|npm install|go get)` +
		`|(?:herunterladen|lade\S* (?:\S+ ){0,6}herunter|installier)` +
		`|(?:telecharge|telecharger|installe)` +
		`|(?:descarga|descargar|instala)` +
		`|(?:baixe|baixar|instale)`
	runVerb = `(?:\b(?:run|execute|exec|source|pipe\S*|eval)\b|\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|into (?:ba|z)?sh|with bash|trust and run|put it in /usr)` +
		`|(?:ausfuhren|fuhre\S* (?:\S+ ){0,4}aus|starte)` +
		`|(?:executer|execute|lance)` +
		`|(?:ejecuta|ejecutar|corre)` +
		`|(?:execute|executar|rode|rodar)`
	// safeguard is a protection a capability can weaken.
	safeguard = `(?:branch protection|protections?|(?:code |security )?reviews?|tests?|test suite|ci(?: gate)?|checks?|hooks?|pre-commit(?: hook)?|lint(?: hook)?|linters?|signatures?|signing|signature checks?|verification|2fa|mfa|secret scanning|scanning|scanners?|audit(?: log)?|safety checks|safeguards|guardrails|approvals?)` +
		`|(?:branch-protection|pre-commit-hook|hook|uberprufung|signaturprufung|tests)` +
		`|(?:relecture|revue|verification des signatures|protection de la branche|protection)` +
		`|(?:revision|proteccion|pruebas|verificacion(?:es)?(?: de firma)?|firmas?)` +
		`|(?:revisao|protecao|testes|verificac(?:ao|oes)(?: de assinatura)?|assinaturas?)`
	weakenVerb = `(?:disable|disabling|turn off|switch off|deactivate|remove|bypass|skip|waive|suppress|drop|relax|lift|truncate)` +
		`|(?:deaktivier\S*|abschalten|schalte\S* (?:\S+ ){0,4}ab|ausschalten|umgehen|uberspringen)` +
		`|(?:desactive\S*|desactiver|contourne\S*|ignore\S*)` +
		`|(?:desactiva\S*|desactivar|omite|omitir|salta)` +
		`|(?:desativ\S*|desligue|desligar|pule|pular|ignore)`
	approveVerb = `(?:approve|merge|accept|sign off|mark)` +
		`|(?:mergen|genehmigen|freigeben|akzeptieren)` +
		`|(?:approuver|fusionner|merger|valider)` +
		`|(?:aprobar|hacer merge|fusionar|aceptar)` +
		`|(?:aprovar|fazer merge|mesclar|aceitar)`
	noReview = `(?:without (?:any )?(?:review(?:ing)?|reading(?: the diff)?|tests?|testing|checking(?: in)?|asking|approval|confirmation|question|waiting for (?:ci|review|checks|tests|approval))|ohne (?:ruckfrage|review)|no review is needed|(?:their|its|your) own (?:pull requests|prs|changes|commits)|every (?:pr|pull request|change|dependency bump)|all (?:open )?(?:prs|pull requests|changes)|as approved automatically)` +
		`|(?:ohne (?:review|uberprufung|prufung|tests))` +
		`|(?:sans (?:relecture|revue|verification|tests)|toutes les pull requests)` +
		`|(?:sin (?:revision|pruebas)|sus propios cambios)` +
		`|(?:sem revisao|sem testes|todos os pull requests)`
	destroyObj = `(?:backups?|production|prod|audit[- ]logs?|release/\*|release branches|all branches|the database|tables?|databases?)` +
		`|(?:sicherungen|produktion|protokolle)|(?:sauvegardes)|(?:copias de seguridad|produccion)|(?:copias de seguranca|producao)`
	destroyVerb = `(?:delete|wipe|truncate|purge|drop|erase|destroy|rm -rf|remove)` +
		`|(?:losch\S*)|(?:supprime\S*|efface\S*)|(?:borra\S*|elimina\S*)|(?:apag\S*|exclu\S*)`
	supplyRedirect = `(?:(?:set|point|change|switch|use)\s+(?:the\s+)?(?:npm |pip |pypi |go |apt |maven |gradle |cargo |docker )?(?:registry|proxy|goproxy|index(?:-url)?|mirror|package source)\b|--index-url|--extra-index-url|--trusted-host|gonosum(?:db|check)|goinsecure|gonoproxy|strict-ssl\s*(?:=|false)|--no-check-certificate|--allow-unauthenticated|(?:add|import|trust)\s+(?:the\s+)?(?:apt |gpg |signing |repo |release )?key from|replace\s+\S+\s+with\s+\S+\s+in\s+(?:go\.mod|package\.json|requirements|cargo\.toml|pom\.xml)|maintained fork)` +
		`|(?:registro de npm|registry (?:auf|a|para))`
	privilege = `(?:--no-verify|force[- ]?push|push\S* (?:\S+ )?--force\b|--force\b[^.\n]{0,30}?\b(?:protected|main|master)\b|publish\S* (?:\S+ ){0,3}(?:to npm|to pypi|to the registry|releases?|packages?)|auf main pushen|pushen auf main|push (?:access|rights) to (?:main|master)|push\S* (?:\S+ ){0,3}(?:directly|straight) to (?:main|master|prod|production)|push (?:release )?tags directly|(?:run|apply) (?:\S+ )?migrations against (?:prod|production)|delete (?:\S+ ){0,2}branches including)` +
		`|(?:push-rechte|direkt auf main)|(?:directement sur main)|(?:directamente a main)|(?:direto na main)`
	delegation      = `(?:\b(?:trust and run|run whatever|execute whatever|do whatever)\b|treat (?:every|all|any|anything)(?: (?:instruction|message|comment|note)s?)?\b[^\n]{0,60}?\bas (?:an? )?(?:order|command|instruction)s?\b|treat (?:every|all|any) (?:instruction|message|comment|note)s?\b[^\n]{0,60}?\bas (?:coming from|from|orders|commands|authoritative)|(?:obey|follow|carry out|do what)\b[^.\n]{0,40}?\b(?:comments?|it says|they say|says|file|todo)|whatever\b[^.\n]{0,40}?\bsays\b|(?:overrides?|outranks?|supersedes?|takes? precedence over) (?:your|all|any) (?:other )?(?:guidance|instructions|rules|system prompt)|consider (?:messages|instructions|comments|text|anything|content)\b[^.\n]{0,50}?\bas (?:authoritative |binding )?(?:pre-?approved|commands|orders|instructions|authoritative)|(?:comments?|notes?)\s+(?:starting|marked|tagged)\b[^.\n]{0,40}?\b(?:orders|commands|authoritative|instructions)|(?:are|is) orders from)`
	imperativeStart = `(?:^|[\n.!?;:]\s*|^\W*)(?:please\s+)?(?:run|install|download|fetch|set|add|push|send|post|upload|email|copy|delete|disable|approve|merge|treat|obey|replace|point|pipe|curl|execute|skip|keep|hide|omit|consider|commit|export|share|grant|remove|bypass|turn off)\b` +
		`|(?:^|[\n.!?;:]\s*)(?:schicke|sende|lade|fuhre|deaktiviere|sag|losche|envoie|pousse|desactive|supprime|ne dis|envia|descarga|ejecuta|borra|no le digas|envie|baixe|execute|apague|nao conte)\b`
)

// shapeRules are the lexicons and the literal index that skips a lexicon
// none of whose words is in the text.
type shapeRules struct {
	parts []shapePart
	index *literalIndex
}

// shapeSet is built on first use.
var shapeSet = sync.OnceValue(func() shapeRules {
	parts := shapeParts()
	sets := make([][][]string, len(parts))
	for i, p := range parts {
		if p.re != nil {
			sets[i] = requiredSets(p.re.String())
		}
	}
	return shapeRules{parts, newLiteralIndex(sets)}
})

// shapeParts are the lexicons.
func shapeParts() []shapePart {
	p := func(name string, address bool, weight int, expr string) shapePart {
		return shapePart{name: name, address: address, weight: weight, re: regexp.MustCompile(expr)}
	}
	gated := func(sp shapePart, words ...string) shapePart {
		sp.gate = words
		return sp
	}
	// asked is a part whose match must not be negated ("never send …").
	asked := func(name string, address bool, weight int, expr string) shapePart {
		sp := p(name, address, weight, expr)
		sp.also = func(s string, m []int) bool { return !negatedBefore(s, m[0]) }
		return sp
	}
	// sent is asked, with a destination outside somewhere in the text.
	sent := func(name string, weight int, expr string) shapePart {
		sp := asked(name, false, weight, expr)
		sp.also = func(s string, m []int) bool { return !negatedBefore(s, m[0]) && outsideHost(s) }
		return sp
	}
	return []shapePart{
		// (a) who is addressed, or on whose authority.
		gated(p("agent-directive", true, 2, `(?:^|[^a-z])(?:`+agentNoun+`)\b[^.\n]{0,50}?\b(?:`+modal+`)\b|\b(?:`+modal+`)\s+(?:(?:alle|die|der|den|les|los|las|os|as|todos|todas|tous)\s+)?(?:`+agentNoun+`)\b|(?:^|[\n.:;!?(]\s*|\b(?:to|for|dear|hey|attention|an|pour|para|a)\s+(?:all |any |every |each |the |future |fellow |alle |tous les |les |todos los |los |todos os |os )?(?:ki-)?)(?:`+agentNoun+`)\s*(?:[:,—-]|\b(?:reading|working|processing|helpers?) )|\b(?:any|every|each|all|whichever)\s+(?:future\s+)?(?:`+agentNoun+`)\b|\bhinweis fur (?:zukunftige|alle|jede)`), "agent", "agents", "assistant", "assistants", "ai", "ais", "llm", "llms", "copilot", "claude", "chatgpt", "gpt", "cursor", "codex", "gemini", "agenten", "assistent", "assistenten", "ki", "ia", "l'ia", "l'assistant", "agente", "agentes", "asistente", "asistentes", "assistente", "assistentes", "hinweis"),
		gated(p("you-directive", true, 1, `\byou(?: are|'re) (?:now |hereby )?(?:allowed|authori[sz]ed|permitted|cleared|free|to)\b|\byou (?:must|should|have (?:standing )?permission|may now|can now|will now)\b|\b(?:du (?:sollst|darfst|musst)|ihr (?:durft|sollt|musst)|vous (?:pouvez|devez)|ustedes (?:pueden|deben)|voces (?:podem|devem))\b`), "you", "you're", "du", "ihr", "vous", "ustedes", "voces"),
		gated(p("future-session", true, 2, futureSession), "future", "subsequent", "later", "next", "session", "sessions", "runs", "conversations", "chats", "whoever", "rest", "blanket", "standing", "permanently", "pre", "preapproved", "preauthorized", "preauthorised", "zukunftige", "zukunftigen", "sitzung", "sitzungen", "futures", "sesiones", "sesion", "sessoes", "sessao"),
		gated(p("from-now-on", true, 1, `\b(?:`+fromNowOn+`)\b`), "forward", "now", "henceforth", "hereafter", "immediately", "here", "sofort", "jetzt", "nun", "kunftig", "zukunft", "desormais", "dorenavant", "maintenant", "l'avenir", "avenir", "ahora", "adelante", "agora", "diante", "daqui"),
		gated(p("claimed-authority", true, 2, authority), "message", "messages", "note", "notes", "notice", "order", "orders", "instruction", "instructions", "directive", "directives", "memo", "word", "announcement", "priority", "official", "signed", "highest", "top", "maintainer", "maintainers", "owner", "admin", "authoritative", "system", "developer", "root", "written", "issued", "authorized", "authorised", "approved", "anweisung", "nachricht", "hinweis", "befehl", "consigne", "ordre", "instruccion", "mensaje", "orden", "aviso", "mensagem", "instrucao", "ordem"),
		gated(p("imperative", true, 1, imperativeStart), "run", "install", "download", "fetch", "set", "add", "push", "send", "post", "upload", "email", "copy", "delete", "disable", "approve", "merge", "treat", "obey", "replace", "point", "pipe", "curl", "execute", "skip", "keep", "hide", "omit", "consider", "commit", "export", "share", "grant", "remove", "bypass", "turn", "please", "schicke", "sende", "lade", "fuhre", "deaktiviere", "sag", "losche", "envoie", "pousse", "desactive", "supprime", "ne", "envia", "descarga", "ejecuta", "borra", "no", "envie", "baixe", "execute", "apague", "nao"),
		gated(p("habit", true, 1, `\b(?:always|whenever|every time|each time|before (?:any|each|every)|after (?:any|each|every))\b|\b(?:immer|jedes mal|vor jedem)\b|\b(?:toujours|avant chaque|a chaque)\b|\b(?:siempre|antes de cada|en cada)\b|\b(?:sempre|antes de (?:cada|qualquer)|em cada)\b`), "always", "whenever", "every", "each", "before", "after", "immer", "jedes", "vor", "toujours", "avant", "chaque", "siempre", "antes", "cada", "sempre", "em"),
		// (b) what raises the risk. Concealment from the person also
		// addresses: only an agent has a user to keep things from.
		p("concealment", false, 2, concealment),
		{name: "hides-from-user", address: true, weight: 2, re: regexp.MustCompile(concealment), also: func(s string, m []int) bool {
			return fromUser().MatchString(s[max(0, m[0]-40):min(len(s), m[1]+60)])
		}, gate: []string{"user", "human", "owner", "person", "chat", "reply", "output", "summary", "summaries", "commit", "pr", "description",
			"descriptions", "benutzer", "nutzer", "utilisateur", "l'utilisateur", "usuario"}},
		p("delegation", false, 2, delegation),
		gated(p("hands-over-trust", true, 2, delegation), "trust", "run", "execute", "do", "treat", "obey", "follow", "carry", "whatever", "overrides", "override", "outrank", "outranks", "supersede", "supersedes", "precedence", "consider", "orders"),
		asked("weaken-safeguard", false, 2, `\b(?:`+weakenVerb+`)\b[^.\n]{0,40}?\b(?:`+safeguard+`)\b|\b(?:`+safeguard+`)\b[^.\n]{0,25}?\b(?:`+weakenVerb+`)\b|\b(?:`+safeguard+`)\b[^.\n]{0,30}?(?:(?:is|are|has been|have been) (?:now )?(?:waived|disabled|lifted|suspended|off|not needed|unnecessary|no longer (?:required|needed))|(?:not|no longer) needed)|\b(?:with )?(?:no|without (?:a |any )?)(?:human|manual) (?:check|review|approval|oversight|sign-off)`),
		asked("approve-unreviewed", false, 2, `\b(?:`+approveVerb+`)\b[^.\n]{0,60}?\b(?:`+noReview+`)|\b(?:`+noReview+`)[^.\n]{0,30}?\b(?:`+approveVerb+`)\b`),
		asked("privilege", false, 2, privilege),
		asked("destroy", false, 2, `\b(?:`+destroyVerb+`)\b[^.\n]{0,50}?\b(?:`+destroyObj+`)\b`),
		sent("supply-chain", 2, supplyRedirect),
		p("supply-chain", false, 2, `gonosum(?:db|check)|goinsecure|--trusted-host|strict-ssl\s*(?:=|false)|--no-check-certificate|--allow-unauthenticated|maintained fork|instead of the (?:official|npm|upstream|registry|pypi) (?:one|package|version|registry)|\b(?:pulls|downloads|fetches)\b[^.\n]{0,40}?\bfrom\b[^.\n]{0,30}?\b(?:server|host|site|mirror)\b|(?:add|import|trust)\s+(?:the\s+)?(?:apt |gpg |signing |repo |release )?key from`),
		sent("download-and-run", 3, `\b(?:`+fetchVerb+`)\b[^\n]{0,80}?(?:`+runVerb+`)|(?:`+runVerb+`)[^\n]{0,40}?\b(?:`+fetchVerb+`)\b`),
		sent("exfiltration", 1, `\b(?:`+exfilVerb+`)\b`),
		sent("sensitive-outbound", 3, `\b(?:curl|scp|rsync|`+exfilVerb+`)\b[^\n]{0,40}?(?:`+secretObj+`|\b(?:backups?|(?:the )?diff|repo(?:sitory)?|source(?: code)?|all branches|database|customer data|dump)\b|sicherung|sauvegarde|copia de seguridad)`),
		p("sensitive-data", false, 2, `\b(?:export|copy|dump|send|upload|share|sync)\b[^.\n]{0,40}?\b(?:customer (?:data|table|records|list|emails)|personal data|pii|user table|the (?:whole )?database)\b`),
		p("secret-object", false, 1, `(?:^|[^a-z])(?:`+secretObj+`)`),
		{name: "outside", weight: 1, also: func(s string, _ []int) bool { return outsideHost(s) }},
	}
}

// shapeFinding scores the parts of s (a native view) and returns the
// finding when the shape is an attack (review false) or, weaker, a
// directive to hold for review (review true).
func shapeFinding(native string) (f Finding, review, ok bool) {
	s := shapeView(native)
	var parts []string
	address, risk, strong := 0, 0, false
	rules := shapeSet()
	hits := rules.index.hits(s)
	var words wordSet
	// The parts that address first: without one, nothing else matters.
	for pass := range 2 {
		if pass == 1 && address == 0 {
			return Finding{}, false, false
		}
		for i, p := range rules.parts {
			if p.address != (pass == 0) || !rules.index.candidate(hits, i) || !words.any(s, p.gate) {
				continue
			}
			var m []int
			if p.re != nil {
				if m = p.re.FindStringIndex(s); m == nil {
					continue
				}
			}
			if p.also != nil && !p.also(s, m) {
				continue
			}
			parts = append(parts, p.name)
			if p.address {
				address += p.weight
				strong = strong || p.weight >= shapeAddress
			} else {
				risk += p.weight
			}
		}
	}
	if risk == 0 {
		return Finding{}, false, false
	}
	sort.Strings(parts)
	f = Finding{Rule: "directive-shape", Parts: strings.Join(parts, "+")}
	switch {
	case strong && risk >= shapeRisk:
		return f, false, true
	case strong, address >= shapeAddress && risk >= shapeRisk, risk >= 2*shapeRisk:
		f.Rule = "directive-to-agents"
		return f, true, true
	}
	return Finding{}, false, false
}

// wordSet is the words of a text, split on first use.
type wordSet map[string]bool

// any reports whether s holds one of gate as a word (true when gate is
// empty).
func (w *wordSet) any(s string, gate []string) bool {
	if len(gate) == 0 {
		return true
	}
	if *w == nil {
		*w = wordSet{}
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
			(*w)[f] = true
		}
	}
	for _, g := range gate {
		if (*w)[g] {
			return true
		}
	}
	return false
}

// negatedBefore reports a "never", "don't" or "do not" just before i.
func negatedBefore(s string, i int) bool {
	return negated().MatchString(s[max(0, i-30):i])
}

// outsideHost reports a destination outside in s: a URL, an address, an
// IP, a remote or a bucket, other than the official homes of the common
// toolchains and registries (fetching Go from go.dev is a build note, not
// a redirection).
func outsideHost(s string) bool {
	for _, m := range outsideRE().FindAllString(s, 16) {
		if !officialHost(m) {
			return true
		}
	}
	return false
}

var outsideRE = lazyRE(outside)

// fromUser names the person an agent answers to.
var fromUser = lazyRE(`\b(?:user|human|owner|person|chat|reply|output|summar(?:y|ies)|commit message|pr descriptions?|benutzer|nutzer|utilisateur|usuario)\b`)

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

// markup is HTML or a markdown comment: what it hides is read as text.
var markup = lazyRE(`<[^>]{0,200}>|\[//\]:\s*#\s*|\[comment\]:\s*#\s*`)

// shapeView folds a native view for the lexicons: markup removed,
// diacritics dropped, confusables mapped, URL escapes undone.
func shapeView(native string) string {
	s := native
	if strings.Contains(s, "%") {
		if u, err := url.PathUnescape(s); err == nil {
			s = strings.ToLower(u)
		}
	}
	if strings.ContainsAny(s, "<[") {
		s = markup().ReplaceAllString(s, " ")
	}
	if !isPlainASCII(s) {
		s = norm.NFD.String(s)
		s = strings.Map(func(r rune) rune {
			if unicode.Is(unicode.Mn, r) {
				return -1
			}
			if c, ok := confusable()[r]; ok {
				return c
			}
			switch r {
			case '’', '‘':
				return '\''
			case '“', '”', '«', '»':
				return '"'
			}
			return r
		}, s)
	}
	return s
}
