package trust

import (
	"encoding/base64"
	"iter"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Credentials no format names: the general forms behind batch 24's leaks
// (docs/trust.md, "Session 22"). A format rule knows where a provider's
// key sits; these know only what any secret told in text looks like —
// a word that names a secret, and in the same sentence or on the same
// line a value that no word, name, number or path is. They run after
// every other rule (lateRule), so a format rule's finding is kept.
func genericCredRules() []credRule {
	return []credRule{
		// A secret's word and, further on in the same sentence, a value
		// only a generated secret has: "the API key for publishing the
		// library is 6407…", "token (rotated Friday, ask Sam) →
		// k3J9…". The words between may be any, in any language; the
		// value must be long and random (looksRandomLong), and a hash's
		// length of hex is left alone (a commit named beside a token).
		identifierKeyed(gatedCred(lateRule(rule("sentence-secret", []string{"key", "token", "secret", "password", "passwd", "passphrase", "credential"},
			`(?i)\b(?:(?:api|access|secret|private|auth|license|licence|deploy|publish(?:ing)?|signing)[ _-]?keys?|tokens?|secrets?|passwords?|passwd|passphrases?|credentials?)\b(?:[^.!?\n;]|\.[^\s.])`+
				`{0,100}?[\s:=(>"'`+"`"+`](?P<secret>[A-Za-z0-9+/_\-~=]{20,})(?:[^A-Za-z0-9+/_\-~=]|$)`,
			sentenceSecret)), tokenRun20)),
		// A password's word misspelled or in a dialect's spelling —
		// "Passwoord", "paswurd", "Passwuert", "wachwoord" — told with a
		// copula.
		lateRule(rule("prose-password", []string{"pasw", "passw", "paßw", "wachw", "wachtw"},
			`(?i)(?:^|[^a-z])`+dialectPasswordWord+`\w*`+proseCopula, toldPassword)),
		// … or with no copula at all, the value last in its clause and
		// holding letters and a digit, as a set password does: "S
		// Passwort für de Kiosk isch ab hüt Bärgfrüelig2026, bitte …",
		// "'t wachwoord noe Vastelaovend11!". The words between may be
		// any language's.
		lateRule(rule("prose-password", append([]string{"pasw", "passw", "paßw", "wachw", "wachtw", "kennwort", "contrase", "senha", "mot de passe", "password", "segret", "secret"}, worldPasswordWords...),
			`(?i)(?:(?:^|[^\p{L}])(?:`+dialectPasswordWord+`|password|kennwort|mot de passe|mot secret|contrase(?:ñ|n)a|senha|par[oòó]l[ae] segret[ae]|paraula secreta|palabra secreta|palavra secreta)\p{L}*|`+worldPasswordWord+`)[^.!?\n]{0,80}?[ \t]["'“«]?(?P<secret>[^\s,;"'”»]*[0-9][^\s,;"'”»]*?)["'”»]?[.!?]*(?:[,;]|\s|$)`,
			toldInClause)),
		// A variable named for a secret and, on its line, a literal after
		// its declaration's words rather than an "=": COBOL's `01
		// WS-DB-PASSWORD PIC X(12) VALUE '…'`, SQL's `DECLARE @api_token
		// VARCHAR(64) DEFAULT '…'`. The name must join words (a prefix and
		// the secret's word), so prose that says "password" does not count.
		lateRule(rule("declared-secret", []string{"_pass", "-pass", "_pwd", "-pwd", "_secret", "-secret", "_token", "-token", "_api", "-api", "apikey"},
			`(?i)(?:^|[^A-Za-z0-9_@-])[@$]?[A-Za-z0-9]+(?:[_-][A-Za-z0-9]+)*[_-](?:password|passwd|pwd|secret|token|api[_-]?key|apikey|passphrase)\b[^\n"'=:]{1,40}?["'](?P<secret>[^"'\s]{6,})["']`,
			func(v string) bool { return looksRandom(v) || toldPassword(v) && hasDigit(v) })),
		// IRC's services: `/msg NickServ IDENTIFY [account] password`.
		rule("nickserv-identify", []string{"identify"},
			`(?im)\b(?:nickserv|ns)\s+identify\s+(?:[^\s]+[ \t]+)?(?P<secret>[^\s]+)[ \t]*$`,
			func(v string) bool { return notPlaceholder(v) && !strings.HasPrefix(v, "<") }),
		// A key whose prefix names its vendor and its environment, as
		// Stripe's made common: cal_live_…, pk_test_…, acme_prod_….
		rule("env-prefixed-key", []string{"_live", "_test", "_prod", "_sandbox", "_sbox"},
			`(?:^|[^A-Za-z0-9_])(?P<secret>[a-z][a-z0-9]{1,11}_(?:live|test|prod|sandbox|sbox)[._][A-Za-z0-9][A-Za-z0-9._\-]{15,})(?:[^A-Za-z0-9_.\-]|[.\-](?:[^A-Za-z0-9]|$)|$)`,
			func(v string) bool { return mixedPart(v[envSegment().FindStringIndex(v)[1]:]) }),
		// A vendor's word, an underscore and 24 or more random letters and
		// digits (or base64): rootly_ace0…, rdme_z5sq…, tk_dmzw…,
		// private_bJEZ…/mJnL=. An object's id is as long only where words
		// call it one ("request id req_…"), and is then kept (namedAs).
		namedAs(rule("prefixed-token", []string{"_"},
			`(?:^|[^A-Za-z0-9_])(?P<secret>[a-z][a-z0-9]{1,11}_[A-Za-z0-9][A-Za-z0-9+/]{23,}={0,2})(?:[^A-Za-z0-9_+/=]|$)`,
			func(v string) bool {
				tail := v[strings.IndexByte(v, '_')+1:]
				return mixedPart(tail) && (isHex(tail) || looksRandomLong(tail)) && !strings.EqualFold(tail, strings.Repeat(tail[:1], len(tail))) && !paymentObjectID(v)
			})),
		// qpdf's `--encrypt USER-PASSWORD OWNER-PASSWORD KEY-LENGTH`: the
		// user password (the owner's, often the same, goes as its copy).
		rule("qpdf-encrypt", []string{"--encrypt"},
			`--encrypt\s+(?P<secret>[^\s-][^\s]*)\s+(?:[^\s]+\s+)?(?:40|128|256)\b`,
			notPlaceholder),
		// A database login's password after "using": DB2's `connect to
		// SAMPLE user db2inst1 using …`, embedded SQL's `CONNECT TO db
		// USER u USING …`.
		rule("user-using", []string{" using "},
			`(?i)\buser\s+[A-Za-z0-9_.$@\\-]+\s+using\s+["']?(?P<secret>[^\s"';]{4,})`,
			func(v string) bool {
				return notPlaceholder(v) && !strings.HasPrefix(v, ":") && !strings.HasPrefix(v, "$")
			}),
		// Teradata BTEQ's logon: `.LOGON host/user,password;`.
		rule("bteq-logon", []string{".logon"},
			`(?i)\.logon\s+(?:[^\s/]+/)?[^\s,/;]+,(?P<secret>[^\s;]+)`,
			func(v string) bool { return notPlaceholder(v) && !strings.HasPrefix(v, "$") }),
	}
}

// sentenceSecret is a value the sentence rule takes: long and random, no
// UUID, path, URL or a hash's length of hex, and a part that mixes
// letters and digits.
func sentenceSecret(v string) bool {
	if isHex(v) && (len(v) == 40 || len(v) == 64) {
		return false
	}
	return looksRandomLong(v) && !isUUID(v) && !pathLike(v) && !strings.Contains(v, "://") && mixedPart(v)
}

// gatedCred sets a credential rule's gate.
func gatedCred(r credRule, gate func(string) bool) credRule {
	r.gate = gate
	return r
}

// tokenRun20 reports a run of 20 or more characters of a token's
// alphabet (letters, digits, + / _ - ~ =) in s: the sentence rule's value.
func tokenRun20(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("+/_-~=", c) >= 0 {
			if n++; n >= 20 {
				return true
			}
			continue
		}
		n = 0
	}
	return false
}

// A secret no word names at all: a password pasted into a config value, a
// script's argument, a code literal, a transcript — "psk=\"^kWNZ…\"",
// `send "Vk_8l7^l…\r"`, `-setcookie …`, "…-U 'DOM\svc%Rc~#8!…'". What it
// cannot hide is how it was made: a run of a dozen or more characters
// that mixes upper and lower case and digits, most characters different,
// switching between those kinds as a random draw does ("Og%vBo_H2975EQqs")
// and a name, a version, a word with a number or an identifier does not
// ("StageArchive10k", "MaxConns", "v2.14.1", "utf8mb4_unicode"). Runs of
// 40 or more are the high-entropy rule's too; a run inside a URL or a path is
// not a word; base64 of readable text stays for the injection layer, and
// an advisory's or a ticket's id (GHSA-…, CVE-…, ABC-123) is no secret.

// randomWordMin and randomWordMax bound a random word's length.
const (
	randomWordMin = 12
	randomWordMax = 64
)

// randomWordByte reports a byte a generated password or key may hold:
// letters, digits and the signs generators draw from (not quotes,
// brackets, separators of fields, slashes or colons).
func randomWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&*+-.=?@^_~", c) >= 0
}

// randomWordBefore and randomWordAfter are what may stand around a random
// word: space, a quote, an assignment, an opening or closing bracket, a
// field's separator; not a slash (a URL's or a path's part), a backslash
// or a letter of another script.
func randomWordBefore(c byte) bool { return strings.IndexByte(" \t\n\r\"'`=:([{},>%", c) >= 0 }
func randomWordAfter(c byte) bool  { return strings.IndexByte(" \t\n\r\"'`,;:)]}<\\", c) >= 0 }

// redactRandomWords redacts every random word of s (randomWord) and counts
// them.
func redactRandomWords(s string) (string, int) {
	var spans [][2]int
	for i, j := range byteRuns(s, randomWordByte) {
		from, to := i, j
		// A sentence's full stop or a colon after the word is not its.
		for to > from && (s[to-1] == '.' || s[to-1] == ':') {
			to--
		}
		if to-from < randomWordMin || from > 0 && !randomWordBefore(s[from-1]) || j < len(s) && !randomWordAfter(s[j]) {
			continue
		}
		// After a scheme in braces, only a plain one's value is a
		// password: "{PLAIN}…", not a hash's "{SSHA}…".
		if from > 0 && s[from-1] == '}' && !plainScheme().MatchString(s[max(0, from-12):from]) {
			continue
		}
		w := s[from:to]
		// NAME=value: the value alone is the candidate.
		if k := strings.IndexByte(w, '='); k > 0 && k < len(w)-2 && identifierLike(w[:k]) {
			from += k + 1
			w = s[from:to]
		}
		if len(w) <= randomWordMax && randomWord(w) && !integrityPrefix().MatchString(s[max(0, from-16):from]) && !namedAsID(s[max(0, from-40):from]) && !paymentObjectID(w) && !publicKeyNamed().MatchString(s[max(0, from-24):from]) {
			spans = append(spans, [2]int{from, to})
		}
	}
	return splice(s, spans), len(spans)
}

// identifierLike is a name of letters and underscores: the key of
// NAME=value ("MaxConnLifetime=30m"). A run with a digit before its "="
// is a password that holds one ("Jdni1Ia=a3fE@H!").
func identifierLike(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_') {
			return false
		}
	}
	return s != ""
}

// randomWord reports a run that a generator made (see above): told as a
// password is (no variable, call, path or placeholder) and drawn at
// random.
func randomWord(w string) bool {
	// A leading % is a sign drawn, not a %VAR% (no letter follows it).
	told := w
	if len(w) > 1 && w[0] == '%' && !unicode.IsLetter(rune(w[1])) {
		told = w[1:]
	}
	if len(w) < randomWordMin || !toldPassword(told) || !drawnAtRandom(w) {
		return false
	}
	return strings.Count(w, ".") < 2 && !isUUID(w) && !issueKey(w) && !advisoryID().MatchString(w) && !encodesText(w) && !wordsJoined(w)
}

// wordsJoined reports a run made of words: a code identifier
// ("math.MaxInt64", "utf8.RuneError", "MaxLineBytes+1"), a file's name
// ("MSA_Cortex_Acme_v4.docx", ".merge_file_Ab12Cd"), a review label
// ("Code-Review+2"). Cut at every sign and digit and where case starts a
// word (MaxInt → Max Int, HTTPServer → HTTP Server), a name's letters lie
// mostly (three in five) in pieces of three or more letters with a vowel;
// a draw's do not ("km9Stny9qAnfS4JkO3nErhrosX5xh2pS": Anf and Erhros,
// nine of 26). A run that ends in a file's extension is a name too.
func wordsJoined(w string) bool {
	if fileExtension().MatchString(w) {
		return true
	}
	// A URL's escapes ("My%20Heading") separate words.
	w = percentEscape().ReplaceAllString(w, "-")
	var letters, inWords int
	piece := func(p string) {
		letters += len(p)
		if len(p) >= 3 && strings.ContainsAny(p, "aeiouAEIOU") {
			inWords += len(p)
		}
	}
	start := -1
	for i := 0; i <= len(w); i++ {
		letter := i < len(w) && (w[i] >= 'a' && w[i] <= 'z' || w[i] >= 'A' && w[i] <= 'Z')
		switch {
		case !letter:
			if start >= 0 {
				piece(w[start:i])
				start = -1
			}
		case start < 0:
			start = i
		case isUpperByte(w[i]) && !isUpperByte(w[i-1]),
			// HTTPServer: the last capital of a run starts the next word.
			isUpperByte(w[i]) && i+1 < len(w) && isLower(w[i+1]) && isUpperByte(w[i-1]):
			piece(w[start:i])
			start = i
		}
	}
	return letters > 0 && inWords*5 >= letters*3
}

func isUpperByte(c byte) bool { return c >= 'A' && c <= 'Z' }

// percentEscape is a URL's escape of one byte.
var percentEscape = lazyRE(`%[0-9A-Fa-f]{2}`)

// fileExtension is a name's extension at a run's end, maybe with an
// anchor: ".md", ".docx", ".md#My%20Heading".
var fileExtension = lazyRE(`\.[a-z][a-z0-9]{0,4}(?:#.*)?$`)

// drawnAtRandom reports a word whose characters look drawn one by one:
// two or more each of upper and lower case, two or more digits and signs
// (one in a word of sixteen or more: a random sixteen has no second digit
// about one time in four), its letters and digits nearly as varied as a
// draw of as many from 62 (four fifths of the distinct signs such a draw
// has on average: 89% of twelve, 59% of forty), and the kind changing at two in five of its characters — a
// random draw from 62 signs changes kind at three in five;
// "StageArchive10k" changes five times in fifteen.
func drawnAtRandom(w string) bool {
	var upper, lower, digits, signs, alnum, changes int
	var seen [256]bool
	distinct, prev := 0, 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		kind := 4
		switch {
		case c >= 'A' && c <= 'Z':
			upper, kind = upper+1, 1
		case c >= 'a' && c <= 'z':
			lower, kind = lower+1, 2
		case c >= '0' && c <= '9':
			digits, kind = digits+1, 3
		default:
			signs++
		}
		if kind != 4 {
			alnum++
			if !seen[c] {
				seen[c] = true
				distinct++
			}
		}
		if i > 0 && kind != prev {
			changes++
		}
		prev = kind
	}
	least := 2
	if len(w) >= 16 {
		least = 1
	}
	return upper >= 2 && lower >= 2 && digits >= 1 && digits+signs >= least && float64(distinct) >= 0.8*expectedDistinct(alnum) && changes*5 >= len(w)*2
}

// encodesText reports base64 (standard or URL-safe, padded or not) or
// base58 that decodes to printable ASCII of six or more characters
// ("aGVsbG8gd29ybGQ=", a JWT's header): an encoding of text, not a key,
// whose bytes are almost never all printable. (base64Printable is the
// strict, padded form a Kubernetes Secret's value takes.)
func encodesText(w string) bool {
	t := strings.TrimRight(w, "=")
	enc := base64.RawStdEncoding
	if strings.ContainsAny(t, "-_") {
		enc = base64.RawURLEncoding
	}
	raw, err := enc.DecodeString(t)
	if err != nil {
		// Base58 (no 0, O, I, l, + or /): "2NEpo7TZRRrLZSi2U" is
		// "Hello World!".
		raw = base58Decode(w)
	}
	if len(raw) < 6 {
		return false
	}
	for _, c := range raw {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// advisoryID is an id that starts with its kind in capitals and a hyphen:
// GHSA-7xq2-m9c3-v4pw, CVE-2026-12345, RUSTSEC-2026-0001.
var advisoryID = lazyRE(`^[A-Z]{2,8}-`)

// expectedDistinct is how many different signs n draws from 62 give on
// average: 62 × (1 − (61/62)^n).
func expectedDistinct(n int) float64 {
	return 62 * (1 - math.Pow(61.0/62.0, float64(n)))
}

// envSegment is an environment's segment after a vendor's prefix, the
// key's random part after it: "_live_", "_test.".
var envSegment = lazyRE(`_(?:live|test|prod|sandbox|sbox)[._]`)

// dialectPasswordWord is the password word as dialects and misspellings
// write it: "Passwoord", "Passwuert", "paswurd", "wachwoord".
const dialectPasswordWord = `(?:pa(?:s{1,2}|ß)w[aeiouyøöüå]{1,3}r[dt]|wach?t?w[aeiou]{1,2}r[dt])`

// toldInClause is a value told last in a password's clause with no
// copula: a told password (toldPassword) of ten characters or more with
// letters and two digits, or a digit and a sign — as people set them
// ("Bärgfrüelig2026", "Vastelaovend11!"), not a name with a digit in it
// ("argon2id", "1Password"), a measure ("4-character", "32-byte") or a
// version ("8.4.2-beta1") —
// and no ticket's key.
func toldInClause(v string) bool {
	if len(v) < 10 || !toldPassword(v) || strings.IndexFunc(v, unicode.IsLetter) < 0 || issueKey(v) || measureWord().MatchString(v) || versionWord().MatchString(v) {
		return false
	}
	digits, signs := 0, 0
	for _, r := range v {
		switch {
		case unicode.IsDigit(r):
			digits++
		case !unicode.IsLetter(r):
			signs++
		}
	}
	return digits >= 2 || digits == 1 && signs >= 1
}

// namedAsID reports the words before a random word that call it an
// identifier — "request id req_Gcpa…", "Stripe event evt_qdJ6…", "the
// Google Doc … is 1chLDN…", "trace 4bf92f…" — and no secret's word among
// them, or a key that names an identifier ("the file key is …",
// identifierKey).
func namedAsID(before string) bool {
	l := strings.ToLower(before)
	if i := strings.LastIndexAny(l, ".!?\n"); i >= 0 && i < len(l)-1 && l[i+1] == ' ' {
		l = l[i+1:]
	}
	return idWords().MatchString(l) && !secretWords().MatchString(l) || identifierKey().MatchString(l)
}

var (
	idWords     = lazyRE(`\b(?:ids?|identifier|event|request|trace|span|run|build|job|commit|order|invoice|customer|doc|document|file|video|issue|ticket|message|object|record)\b`)
	secretWords = lazyRE(`\b(?:keys?|tokens?|secrets?|passwords?|passwd|pwd|passphrase|credentials?|auth|login|apikey)\b`)
)

// versionWord is a version: "8.4.2-beta1", "v2.14.1", "1.0.0+build.7".
var versionWord = lazyRE(`^[vV]?[0-9]+(?:\.[0-9]+)+(?:[-+][0-9A-Za-z.\-]+)?$`)

// measureWord is a number joined to a word: "4-character", "32-byte".
var measureWord = lazyRE(`^[0-9]+(?:-[a-z]+)+$`)

// plainScheme is a password scheme in braces that stores the password as
// it is (Dovecot's, OpenLDAP's): {PLAIN}, {CLEAR}, {CLEARTEXT}.
var plainScheme = lazyRE(`(?i)\{(?:plain|clear|cleartext|plaintext)\}$`)

// namedAs keeps a rule's value that the words before it call an id
// (namedAsID).
func namedAs(r credRule) credRule {
	r.kept = namedAsID
	return r
}

// identifierKeyed keeps a rule's value when the key it follows names an
// identifier, not a secret: a file's, a cache's, a table's primary key
// ("the Figma file key is oZzm…", "the partition key is …").
func identifierKeyed(r credRule) credRule {
	r.kept = identifierKey().MatchString
	return r
}

var identifierKey = lazyRE(`(?i)\b(?:file|primary|foreign|cache|object|partition|sort|row|idempotency|lookup|dedup(?:lication)?|routing|hash|s3|bucket|index|composite|natural|surrogate|unique|shard(?:ing)?|record|map|dictionary|join|grouping|cluster(?:ing)?) keys?\b[^.!?\n]*$`)

// completeRedactions finishes what the rules redacted in original, now
// redacted: a secret found once is a secret everywhere in the text, so
// every other copy of it goes too (a password given twice on a command
// line, a token echoed in the output below); and a token of which a rule
// took only a part (`secret_gpu-[REDACTED].ytToRRgC…`) goes whole when
// what is left of it beside the redaction still looks random. It counts
// the redactions it added.
func completeRedactions(original, redacted string) (string, int) {
	if strings.Contains(original, Redacted) {
		return redacted, 0 // a text redacted before: its secrets are unknown
	}
	n := 0
	for _, v := range removedValues(original, redacted) {
		if len(v) >= 6 && strings.Contains(redacted, v) {
			n += strings.Count(redacted, v)
			redacted = strings.ReplaceAll(redacted, v, Redacted)
		}
	}
	var spans [][2]int
	for i := 0; ; {
		k := strings.Index(redacted[i:], Redacted)
		if k < 0 {
			break
		}
		from, to := i+k, i+k+len(Redacted)
		i = to
		l, r := from, to
		for l > 0 && tokenByte(redacted[l-1]) {
			l--
		}
		for r < len(redacted) && tokenByte(redacted[r]) {
			r++
		}
		if leftRandom(redacted[l:from]) || leftRandom(redacted[to:r]) {
			spans = append(spans, [2]int{l, r})
			i = r
		}
	}
	if len(spans) > 0 {
		redacted = splice(redacted, spans)
		n += len(spans)
	}
	return redacted, n
}

// tokenByte is a byte of one token around a redaction: letters, digits
// and . _ - + / ~ (not = or :, which part a name from its value, nor @,
// ?, &, # of a URL).
func tokenByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("._-+/~", c) >= 0
}

// leftRandom reports what is left of a token beside a redaction that is
// still a secret's part: eight or more characters with a random-looking
// run in it.
func leftRandom(rest string) bool {
	for _, p := range strings.FieldsFunc(rest, func(r rune) bool { return strings.ContainsRune("._-+/~", r) }) {
		if len(p) >= 8 && looksRandom(p) {
			return true
		}
	}
	return false
}

// removedValues returns the values the redaction of original replaced,
// by aligning the text between the redactions with original. A value it
// cannot place with certainty (two redactions side by side, a value with
// a space) is left out.
func removedValues(original, redacted string) []string {
	pieces := strings.Split(redacted, Redacted)
	if len(pieces) < 2 || !strings.HasPrefix(original, pieces[0]) || !strings.HasSuffix(original, pieces[len(pieces)-1]) {
		return nil
	}
	var values []string
	pos := len(pieces[0])
	for i := 1; i < len(pieces); i++ {
		p := pieces[i]
		var k int
		switch {
		case i == len(pieces)-1:
			k = len(original) - len(p) - pos
		case p == "":
			return values
		default:
			k = strings.Index(original[pos:], p)
		}
		if k < 0 {
			return values
		}
		if v := original[pos : pos+k]; v != "" && !strings.ContainsAny(v, " \t\n") {
			values = append(values, v)
		}
		pos += k + len(p)
	}
	return values
}

// A password people make: words and digits joined by a sign
// ("Fjord415#ember", "Nakamal!8025juniper", "Willow#willow1857?"). It is
// no random draw, so the random-word layer keeps it, and the word that
// names it may be in any language ("गुप्तशब्दः", "paswod"). The shape is
// rare elsewhere: a sign between two letters or digits, inside a run of
// 8–40 letters, digits and signs, with a word of three letters and a
// digit. Kept: an anchor or a count after the sign ("observe#1",
// "issue#4471"), digits before it ("2026!"), a hex literal ("size&0x0f"
// holds no sign of ours), an escape ("\u00a0#x"), e-mail and package
// addresses ("@" is no sign here), text in a URL or a path. Measured
// before it was added: no line of any corpus's benign notes, LoCoMo,
// this repository's docs, Go and commit messages, the seeds and spec, or
// the module cache's markdown flagged; 8 of 600,000 lines of the module
// cache's Go (escapes "\x00btn?fr", "\u00a0#localhost", and a test's
// "0google!cloud").
func signedWord(w string) bool {
	if len(w) < 8 || len(w) > 40 || !isAlnum(w[0]) {
		return false
	}
	var digit, sign bool
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= '0' && c <= '9':
			digit = true
		case strings.IndexByte(passwordSigns, c) >= 0:
			sign = sign || i > 0 && i < len(w)-1 && isAlnum(w[i-1]) && isAlnum(w[i+1])
		}
	}
	if !digit || !sign || !threeLetters().MatchString(w) {
		return false
	}
	letters := 0
	for _, piece := range strings.FieldsFunc(w, func(r rune) bool { return r < 0x80 && strings.IndexByte(passwordSigns, byte(r)) >= 0 }) {
		if allDigits(piece) || strings.HasPrefix(piece, "0x") {
			return false
		}
		for i := 0; i < len(piece); i++ {
			if c := piece[i] | 0x20; c >= 'a' && c <= 'z' {
				letters++
			}
		}
	}
	return letters >= 4
}

// passwordSigns are the signs that join a made-up password's words.
const passwordSigns = "!#$?~"

var threeLetters = lazyRE(`[A-Za-z]{3}`)

func isAlnum(c byte) bool { return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z' }

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// signedWordByte is a byte of a run signedWord reads.
func signedWordByte(c byte) bool {
	return isAlnum(c) || c == '_' || c == '-' || strings.IndexByte(passwordSigns, c) >= 0
}

// redactSignedWords redacts every made-up password of s (signedWord) and
// counts them: a run bounded by space, quotes or brackets, never one
// glued to a path, a URL, an address or an escape.
func redactSignedWords(s string) (string, int) {
	if !strings.ContainsAny(s, passwordSigns) {
		return s, 0
	}
	var spans [][2]int
	for i, j := range byteRuns(s, signedWordByte) {
		from, to := i, j
		// A sentence's "?" or "!" after the word is read as its own, and
		// redacted with it.
		for to > from && strings.IndexByte(passwordSigns, s[to-1]) >= 0 {
			to--
		}
		if from > 0 && strings.IndexByte("@./:#%=&?\\-", s[from-1]) >= 0 || j < len(s) && strings.IndexByte("@/:.=%", s[j]) >= 0 && !(s[j] == '.' && (j+1 == len(s) || s[j+1] == ' ' || s[j+1] == '\n')) {
			continue
		}
		if signedWord(s[from:to]) {
			spans = append(spans, [2]int{from, j})
		}
	}
	return splice(s, spans), len(spans)
}

// A credential often comes as a pair passed together — an id and its
// secret, a key and its certificate — and when one of a call's quoted
// arguments was redacted, its siblings are the other half:
// BuildTokenWithUid("[REDACTED]", "df6b6c5f…", channel, …), Client("AC…",
// "<32 hex>"). A quoted argument of the same call that is a random draw
// (randomWord) or 32 or more hex digits with letters and digits both is
// redacted too. Only inside a call already holding a redaction, so an
// ordinary digest passed to a function stays.
var redactedCall = lazyRE(`\([^()\n]*` + regexp.QuoteMeta(`"`+Redacted+`"`) + `[^()\n]*\)|\([^()\n]*` + regexp.QuoteMeta(`'`+Redacted+`'`) + `[^()\n]*\)`)

var quotedArgument = lazyRE(`["']([^"'\s]{16,})["']`)

func redactSiblingArguments(s string) (string, int) {
	if !strings.Contains(s, Redacted) || !strings.Contains(s, "(") {
		return s, 0
	}
	var spans [][2]int
	for _, call := range redactedCall().FindAllStringIndex(s, -1) {
		for _, m := range quotedArgument().FindAllStringSubmatchIndex(s[call[0]:call[1]], -1) {
			v := s[call[0]+m[2] : call[0]+m[3]]
			if v != Redacted && (hexDraw(v) || randomWord(v)) {
				spans = append(spans, [2]int{call[0] + m[2], call[0] + m[3]})
			}
		}
	}
	return splice(s, spans), len(spans)
}

// clientKey is a literal an API client is made with that is a key: a
// random draw, 32 or more hex digits, or 32 or more lower-case letters
// and digits drawn at random.
func clientKey(v string) bool {
	if hexDraw(v) || randomWord(v) {
		return true
	}
	return len(v) >= 32 && hasDigit(v) && looksRandomLong(v) && strings.ToLower(v) == v && !strings.ContainsAny(v, "-_./:")
}

// hexDraw is 32 or more hex digits holding letters and digits both.
func hexDraw(v string) bool { return len(v) >= 32 && hexMixed(v) }

// hexMixed is hex digits only, letters and digits both: a digest or a
// key, not a number or a word.
func hexMixed(v string) bool {
	return isHex(v) && hasDigit(v) && strings.ContainsAny(strings.ToLower(v), "abcdef")
}

// clientCall is an API client made with its key among the arguments:
// pynetbox.api(url, "…"), new Vimeo($id, $secret, '…'), hvac.Client(…).
var clientCall = lazyRE(`(?:^|[^A-Za-z0-9_])(?:[A-Za-z][A-Za-z0-9_]*\.)?(?:api|Api|API|client|[A-Za-z]*Client|getInstance|get_instance)\s*\(|\bnew\s+[A-Z][A-Za-z0-9_]*\s*\(`)

// redactClientCalls redacts, among the string literals of a client's
// constructor, those that are a random draw (randomWord) or 32 or more
// hex digits of letters and digits both: no name, URL, UUID or path
// ("new Kafka(\"my-cluster-bootstrap-01\")", "new Guid(\"…\")").
func redactClientCalls(s string) (string, int) {
	var spans [][2]int
	seen := map[int]bool{}
	for _, m := range clientCall().FindAllStringIndex(s, 32) {
		lits, _ := allCallArguments(s, m[1]-1, 600, false, "\"'`", nil)
		var keys, halves [][2]int
		redacted := 0
		for _, l := range lits {
			// Nested calls list a literal once each.
			v := s[l[0]:l[1]]
			if strings.Contains(v, Redacted) {
				redacted++
				continue
			}
			if seen[l[0]] || isUUID(v) {
				continue
			}
			switch {
			case clientKey(v):
				keys = append(keys, l)
			case shortHexKey(v):
				halves = append(halves, l)
			}
		}
		// 16 to 31 hex digits are a key only as one of a pair (an id
		// and its key: TrackClient("…", "…")); alone, an object's id
		// (new ObjectId("507f…")).
		if redacted+len(keys)+len(halves) >= 2 {
			keys = append(keys, halves...)
		}
		for _, l := range keys {
			seen[l[0]] = true
			spans = append(spans, l)
		}
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	return splice(s, spans), len(spans)
}

// paymentObjectID is the id of a payment platform's object, named by its
// prefix (Stripe's pi_, ch_, cus_, in_, sub_, evt_ …): a record in a
// dashboard, not a credential; its keys are sk_, rk_, pk_ and whsec_,
// which gitleaks' rules and the prefixed token keep reading.
func paymentObjectID(v string) bool {
	prefix := v[:strings.IndexByte(v, '_')+1]
	switch prefix {
	case "pi_", "ch_", "cus_", "in_", "il_", "ii_", "sub_", "si_", "evt_", "re_", "txn_", "po_", "tr_", "py_", "pm_", "seti_", "price_", "prod_", "acct_", "cs_", "dp_", "ba_", "card_", "src_", "pyr_", "ich_", "ipi_", "cn_", "inv_", "sched_":
		return true
	}
	return false
}

// publicKeyNamed is a public half's name just before its value
// ("PublicKey = …", "pub_key: …"): published by design.
var publicKeyNamed = lazyRE(`(?i)pub(?:lic)?[ _-]?key["']?\s*[=:]\s*["']?$`)

// shortHexKey is 16 to 31 hex digits of letters and digits both: half of
// a pair in a client's constructor, or an object's id.
func shortHexKey(v string) bool { return len(v) >= 16 && len(v) < 32 && hexMixed(v) }

// byteRuns yields the start and end of every maximal run of s's bytes
// that in accepts.
func byteRuns(s string, in func(byte) bool) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for i := 0; i < len(s); {
			if !in(s[i]) {
				i++
				continue
			}
			j := i
			for j < len(s) && in(s[j]) {
				j++
			}
			if !yield(i, j) {
				return
			}
			i = j
		}
	}
}
