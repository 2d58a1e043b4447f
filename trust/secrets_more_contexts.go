package trust

import "strings"

// Batch 23's credential contexts, as classes (docs/trust.md, "Session
// 21: batch 23, the reader named by what it does"). They run after the
// rules of secrets.go and secrets_contexts.go.
func moreContextCredRules() []credRule {
	return []credRule{
		// An SDK setter named for a secret, given a literal:
		// setTransactionKey("…"), setClientSecret('…'), setApiToken("…").
		rule("secret-setter", []string{"key(", "secret(", "token(", "password(", "passwd(", "passphrase("},
			`\bset[A-Z_]?[A-Za-z0-9_]*?(?:Key|KEY|Secret|SECRET|Token|TOKEN|Password|PASSWORD|Passwd|Passphrase)\s*\(\s*["'](?P<secret>[^"'\s]{8,})["']`,
			func(v string) bool { return looksRandom(v) || toldPassword(v) && hasDigit(v) }),
		// A pre-auth key given as a flag: tailscale/headscale `up
		// --authkey …`, `--auth-key=…` (not a file: reference).
		rule("authkey-flag", []string{"authkey", "auth-key"},
			`(?i)--auth-?key(?:=|\s+)["']?(?P<secret>[A-Za-z0-9_\-]{16,})`,
			func(v string) bool { return notPlaceholder(v) && (looksRandom(v) || isHex(v)) }),
		// A routing protocol's shared key: FRR/Cisco `ip ospf
		// message-digest-key 1 md5 …`, `authentication-key …`,
		// `key-string …` (a type-7 or type-0 marker before it skipped).
		rule("routing-auth-key", []string{"message-digest-key", "authentication-key", "key-string"},
			`(?i)\b(?:message-digest-key\s+\d+\s+md5|authentication-key|key-string)\s+(?:[07]\s+)?(?P<secret>[^\s!]{4,})`,
			notPlaceholder),
		// An FTP session's password in a capture or a transcript: the
		// client's USER line, the server's reply, PASS ….
		rule("ftp-pass-line", []string{"pass "},
			`(?m)^USER [^\s]+\r?\n(?:\d{3}[ -][^\n]*\n){0,3}PASS (?P<secret>[^\s]+)`,
			notPlaceholder),
		// A kickstart's root password in clear: `rootpw --plaintext …`
		// (not --iscrypted, a hash), `user … --password=… --plaintext`;
		// with --plaintext said, anywhere in a line (a note quoting it).
		rule("kickstart-password", []string{"rootpw", "--plaintext"},
			`(?im)(?:^[ \t]*rootpw\s+(?:--(?:plaintext|lock|allow-ssh)\s+)*|(?:^|[\s;&|(])rootpw\s+(?:--(?:lock|allow-ssh)\s+)*--plaintext\s+(?:--(?:lock|allow-ssh)\s+)*|^[ \t]*user\s[^\n]*?--password[= ])(?P<secret>[^\s-][^\s]*)`,
			func(v string) bool {
				return notPlaceholder(v) && !strings.HasPrefix(v, "$") && !strings.HasPrefix(v, "{")
			}),
		// An Authorization header with any scheme word and a random
		// value: KakaoAK, SSWS, GenieKey, Klaviyo-API-Key ….
		rule("authorization-any-scheme", []string{"authorization"},
			`(?i)authorization["']?\s*[:=]\s*["']?[A-Za-z][A-Za-z0-9_-]{1,24}\s+(?P<secret>[A-Za-z0-9\-._~+/:=]{16,})`,
			func(v string) bool { return looksRandom(v) || isHex(v) && len(v) >= 24 }),
		// A password told in Tagalog: "ang password ng … ay …".
		lateRule(rule("prose-password", []string{"password"},
			`(?i)(?:^|[^a-z])(?:password|passwd)\b[^.\n]{0,60}?\say\s+(?P<secret>[^\s,;]{8,})`, toldPassword)),
	}
}
