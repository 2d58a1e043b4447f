package trust

import "strings"

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
		gatedCred(lateRule(rule("sentence-secret", []string{"key", "token", "secret", "password", "passwd", "passphrase", "credential"},
			`(?i)\b(?:(?:api|access|secret|private|auth|license|licence|deploy|publish(?:ing)?|signing)[ _-]?keys?|tokens?|secrets?|passwords?|passwd|passphrases?|credentials?)\b(?:[^.!?\n;]|\.[^\s.])`+
				`{0,100}?[\s:=(>"'`+"`"+`](?P<secret>[A-Za-z0-9+/_\-~=]{20,})(?:[^A-Za-z0-9+/_\-~=]|$)`,
			sentenceSecret)), tokenRun20),
		// A password's word misspelled or in a dialect's spelling —
		// "Passwoord", "paswurd", "Passwuert" — told with a copula.
		lateRule(rule("prose-password", []string{"pasw", "passw", "paßw"},
			`(?i)(?:^|[^a-z])pa(?:s{1,2}|ß)w[aeiouyøöüå]{1,3}r[dt]\w*`+proseCopula, toldPassword)),
		// A variable named for a secret and, on its line, a literal after
		// its declaration's words rather than an "=": COBOL's `01
		// WS-DB-PASSWORD PIC X(12) VALUE '…'`, SQL's `DECLARE @api_token
		// VARCHAR(64) DEFAULT '…'`. The name must join words (a prefix and
		// the secret's word), so prose that says "password" does not count.
		lateRule(rule("declared-secret", []string{"_pass", "-pass", "_pwd", "-pwd", "_secret", "-secret", "_token", "-token", "_api", "-api", "apikey"},
			`(?i)(?:^|[^A-Za-z0-9_@-])[@$]?[A-Za-z0-9]+(?:[_-][A-Za-z0-9]+)*[_-](?:password|passwd|pwd|secret|token|api[_-]?key|apikey|passphrase)\b[^\n"'=:]{1,40}?["'](?P<secret>[^"'\s]{6,})["']`,
			func(v string) bool { return looksRandom(v) || toldPassword(v) && hasDigit(v) })),
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
