package trust

import (
	"encoding/base64"
	"strings"
	"unicode"
)

// Session 21 (creds23): credentials in every context. A sweep of the
// places an ordinary secret is written — credential files and config
// formats, command lines, URLs and headers, SQL, logs and dumps, prose —
// probed one by one against the rules above; these are the contexts that
// leaked (docs/trust.md, "Session 21: credentials in every context").
// They run after the table of secrets.go: a secret another rule already
// took is left as it is.

// secretStoreKeywords are the commands that store a secret: a CLI's
// secret (or secrets) set, put, create, update or add, AWS's
// secretsmanager.
var secretStoreKeywords = []string{"secret set", "secrets set", "secret put", "secrets put", "secret create", "secrets create",
	"secret update", "secret add", "secrets add", "secretsmanager"}

// argValue is a command-line argument: quoted, or a bare word that is no
// flag.
const argValue = `(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"\-][^\s'"]*)`

func contextCredRules() []credRule {
	return []credRule{
		// --- Config formats.

		// An XML element that names a setting and gives its value in
		// attributes: NuGet.config's <add key="ClearTextPassword"
		// value="…"/>, .NET appSettings, Spring's <property
		// name="password" value="…"/>, <param>, <entry>.
		rule("xml-name-value", []string{"value=", "value ="},
			`(?i)<[A-Za-z][A-Za-z0-9_:.\-]*\s+(?:[A-Za-z_:\-]+\s*=\s*"[^"<>\n]*"\s+)*?(?:key|name|id)\s*=\s*"[^"<>\n]*?(?:password|passwd|passphrase|pwd|secret|token|api[_.\-]?key|apikey|access[_.\-]?key|private[_.\-]?key|credentials?)[^"<>\n]*"\s+(?:[A-Za-z_:\-]+\s*=\s*"[^"<>\n]*"\s+)*?value\s*=\s*"(?P<secret>[^"\n]+)"`,
			contextValue),
		// A value under a Kubernetes Secret's data: base64 of anything,
		// under any key name (the rules above read only names that say
		// secret): strict base64 that decodes to printable text.
		rule("k8s-secret-data", []string{"kind: secret", "kind: \"secret\""},
			`(?m)^[ \t]+[A-Za-z0-9_.\-]+:[ \t]+["']?(?P<secret>[A-Za-z0-9+/]{8,}={0,2})["']?[ \t]*$`, base64Printable),
		// An OpenVPN credentials file (auth-user-pass): the user on one
		// line, the password on the next, after the file's path or
		// inline in the profile.
		rule("openvpn-auth-file", []string{"openvpn"},
			`(?im)^[ \t]*(?:\$ ?)?(?:(?:sudo\s+)?(?:cat|more|type)\s+)?\S*openvpn\S*(?:auth|pass|cred|login)\S*[ \t]*\n[ \t]*[^\s:=]{1,64}[ \t]*\n[ \t]*(?P<secret>\S{6,})[ \t]*(?:\n|$)`, toldPassword),
		rule("openvpn-auth-file", []string{"<auth-user-pass>"},
			`(?i)<auth-user-pass>[ \t]*\n[ \t]*\S+[ \t]*\n[ \t]*(?P<secret>\S+)[ \t]*\n`, notPlaceholder),
		// A salt or pepper kept beside the code (HASH_SALT=…): generated,
		// it looks random (SALT_ROUNDS=10 is a cost).
		rule("salt-assignment", []string{"salt", "pepper"},
			`(?i)(?:^|[^A-Za-z0-9_])[A-Za-z0-9_.\-]*(?:salt|pepper)["']?[ \t]*(?:=|:=|:|=>)[ \t]*["']?(?P<secret>[^\s"',;]{12,})`,
			func(v string) bool { return looksRandom(v) || len(v) >= 32 && isHex(v) }),
		// A name for a login whose value is user:password (SMTP_CREDS=
		// mailer:…, ADMIN_LOGIN=admin:…, basic_auth: user:…).
		rule("login-pair-assignment", []string{"cred", "userpass", "user_pass", "login", "auth"},
			`(?i)(?:creds|credentials?|userpass|user_pass|usrpass|login|basic_?auth|auth|auth[._]users?)["']?[ \t]*(?:=|:=|:|=>)[ \t]*["']?[^\s:"'@/=]{1,64}:(?P<secret>[^\s"'@,;]{6,})`,
			func(v string) bool {
				return toldPassword(v) && !strings.Contains(v, "//") && !identifierName().MatchString(v)
			}),
		// A password under an abbreviated name the assignment rules do
		// not read: DB_PW=…, admin_pword: …, "pw: …", PSWD=….
		rule("short-password-name", []string{"pw", "psw"},
			`(?i)(?:^|[^A-Za-z0-9])(?:[A-Za-z0-9]+[_.\-])*(?:pw|pword|pwrd|pswd|psw|passw|passwrd)["']?[ \t]*(?:=|:=|:|=>)[ \t]*(?P<secret>"[^"\n]+"|'[^'\n]+'|[^\s"',;]+)`, toldPassword),
		// PHP's var_dump of an array: ["password"]=> string(12) "…".
		rule("php-var-dump", []string{"string("},
			`(?i)\["[A-Za-z0-9_\-]*(?:password|passwd|pwd|secret|token|api_?key|apikey|private_?key|auth)[A-Za-z0-9_\-]*"\]=>\s*string\(\d+\)\s*"(?P<secret>[^"\n]+)"`, toldPasswordOrRandom),

		// --- Command lines.

		// openssl enc's password as -k (the -pass forms are read above).
		rule("cli-password", []string{"openssl"},
			`\bopenssl\s[^\n|;&]*?\s-k\s+`+argValue, literalSecret),
		// useradd/usermod -p with a plain password (a crypt hash starts
		// with $ and is left).
		rule("cli-password", []string{"useradd", "usermod", "adduser"},
			`\b(?:useradd|usermod|adduser)\b[^\n|;&]*?\s(?:-p|--password)(?:\s+|=)`+argValue, literalSecret),
		// chpasswd's user:password lines, echoed or in a here-document.
		rule("cli-password", []string{"chpasswd"},
			`(?:echo|printf)\s+(?:-[a-z]+\s+)?["']?[A-Za-z0-9_.\-]+:(?P<secret>[^\s'"|:]+)["']?\s*\|\s*(?:sudo\s+)?chpasswd\b`, literalSecret),
		rule("cli-password", []string{"chpasswd"},
			`chpasswd\s*<<-?\s*['"]?\w+['"]?[ \t]*\n[ \t]*[A-Za-z0-9_.\-]+:(?P<secret>[^\s:]+)`, literalSecret),
		// A literal echoed into a command that reads a password or a
		// token on its standard input: sudo -S, docker login
		// --password-stdin, gh auth login --with-token, passwd --stdin,
		// kinit, cryptsetup, wrangler secret put, gcloud secrets …
		// --data-file=-.
		rule("stdin-secret", []string{"echo", "printf"},
			`(?:^|[\s;&(])(?:echo|printf)\s+(?:-[neE]+\s+)*(?:(?:'%s(?:\\n)?'|"%s(?:\\n)?")\s+)?(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"|;&<>$-][^\s'"|;&<>]*)\s*\|\s*[^\n|;&]*?(?:--password-stdin|--passwd-stdin|--pass-stdin|--token-stdin|--with-token|--stdin\b|\bsudo\s+(?:-[A-Za-z]+\s+)*-[A-Za-z]*S\b|\bkinit\b|\bcryptsetup\b|\bsecrets?\s+(?:put|set|create|add)\b|--data-file[= ]-(?:\s|$)|\bpasswd\b|--set-password\b|\b(?:vnc|smb)passwd\b|\bpass(?:word)?_stdin\b)`, literalSecret),
		// … and given as a here-string (docker login --password-stdin
		// <<< '…').
		rule("stdin-secret", []string{"<<<"},
			`(?:--password-stdin|--pass(?:word)?-stdin|--token-stdin|--with-token|\bsudo\s+(?:-[A-Za-z]+\s+)*-[A-Za-z]*S\b|\b(?:vnc|smb|ch)?passwd\b)[^\n|;&]*?<<<\s*`+argValue, literalSecret),
		// Secret stores set from the command line: gh secret set … --body,
		// az keyvault secret set --value, aws secretsmanager
		// --secret-string, fly/doppler secrets set NAME=….
		rule("secret-store-set", secretStoreKeywords,
			`(?i)\b(?:secrets?|secretsmanager)\s+(?:set|put|create(?:-secret)?|update(?:-secret)?|add|put-secret-value)\b[^\n|;&]*?\s(?:--value|--secret-string|--body|-b|--data)(?:\s+|=)`+argValue, notPlaceholder),
		rule("secret-store-set", []string{"secret set", "secrets set", "secrets import"},
			`(?i)\bsecrets?\s+(?:set|import)\s+(?:-\S+\s+(?:[^\s=-]\S*\s+)?)*?[A-Za-z_][A-Za-z0-9_]*=(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`, toldPasswordOrRandom),
		// … SSM's SecureString parameter.
		rule("secret-store-set", []string{"securestring"},
			`(?i)--value\s+`+argValue+`[^\n]*--type\s+SecureString|--type\s+SecureString[^\n]*?--value\s+`+argValue, notPlaceholder),
		// A config:set of a platform's variable (heroku, dokku, netlify
		// env:set): only a generated value.
		rule("config-set", []string{"config:set", "env:set", "config set"},
			`(?i)\b(?:config|env)(?::|\s+)?set\s+(?:-\S+\s+(?:[^\s=-]\S*\s+)?)*?(?:[a-z][a-z0-9\-]*\s+)?[A-Za-z_][A-Za-z0-9_]*(?:=|\s+)(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`, looksRandom),
		// kubectl/oc create secret --from-literal=name=value, whatever
		// the name.
		rule("cli-password", []string{"--from-literal"},
			`--from-literal[= ]["']?[A-Za-z0-9_.\-]+=(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`, toldPasswordOrRandom),
		// MinIO's client: mc alias set NAME URL ACCESS SECRET.
		rule("cli-password", []string{"mc alias", "mc config host"},
			`\bmc\s+(?:alias\s+set|config\s+host\s+add)\s+\S+\s+\S+\s+\S+\s+`+argValue, notPlaceholder),
		// rclone config create|update NAME TYPE key value … .
		rule("cli-password", []string{"rclone config"},
			`\brclone\s+config\s+(?:create|update)\b[^\n|;&]*?\s(?:pass|password|password2|secret_access_key|client_secret|token|key|account_key|api_key|user_key)[ =]`+argValue, notPlaceholder),
		// smbclient's password as the positional argument after the
		// share (options between).
		rule("cli-password", []string{"smbclient"},
			`\bsmbclient\b[^\n|;&]*?["']?//[^\s'"]+["']?(?:\s+-[A-Za-z]\s+(?:'[^'\n]*'|"[^"\n]*"|[^\s'"\-]\S*)|\s+--[a-z\-]+=\S+)*\s+`+argValue, toldPasswordOrRandom),
		// lftp's user,password.
		rule("cli-password", []string{"lftp", "open -u"},
			`\b(?:lftp|open)\b[^\n|;&]*?\s-u\s+["']?[^\s,'"]+,(?P<secret>[^\s'"]+)`, notPlaceholder),
		// Package managers' auth settings from the command line: npm
		// config set …:_authToken …, yarn config set npmAuthToken …,
		// composer config http-basic.HOST user pass, poetry config
		// http-basic.NAME user pass, composer's github-oauth.HOST token,
		// bundle config HOST user:pass.
		rule("package-config-auth", []string{"config set"},
			`(?i)\b(?:npm|yarn|pnpm|bun)\s+config\s+set\s+(?:--\S+\s+)*["']?\S*(?:_authtoken|_auth|_password|authtoken|npmauthident|token|password)["']?(?:\s+|=)["']?(?P<secret>[^\s'"]+)`, notPlaceholder),
		rule("package-config-auth", []string{"http-basic."},
			`(?i)\b(?:composer|poetry)\s+config\s+(?:-\S+\s+)*http-basic\.\S+\s+\S+\s+`+argValue, notPlaceholder),
		rule("package-config-auth", []string{"-oauth.", "-token.", "bearer."},
			`(?i)\b(?:composer|poetry)\s+config\s+(?:-\S+\s+)*(?:github-oauth|gitlab-oauth|gitlab-token|bitbucket-oauth|bearer|pypi-token)\.\S+\s+`+argValue, notPlaceholder),
		rule("package-config-auth", []string{"bundle config"},
			`\bbundle\s+config\s+(?:set\s+)?(?:--\S+\s+)*[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+\S*\s+["']?[^\s:'"]+:(?P<secret>[^\s'"]+)`, notPlaceholder),
		// rar/unrar's -p glued to the password.
		rule("cli-password", []string{"rar"},
			`\b(?:un)?rar\s+[a-z]\b[^\n|;&]*?\s-p(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"\-][^\s'"]*)`, notPlaceholder),
		// ssh-keygen's new (-N) or old (-P) passphrase.
		rule("cli-password", []string{"ssh-keygen"},
			`\bssh-keygen\b[^\n|;&]*?\s-[NP]\s*`+argValue, literalSecret),
		// A flag named for a password by its short forms: PuTTY's -pw,
		// dsadd's -pwd, --db-pwd, -passwd.
		rule("cli-password", []string{"-pw", "-passwd", "-passphrase", "-pass-phrase", "-passcode"},
			`(?i)(?:^|\s)-{1,2}(?:[a-z]+-)?(?:pwd|pw|passwd|passphrase|pass-phrase|passcode)(?:\s+|=|:)(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"\-*$%][^\s'"]*)`, toldPasswordOrRandom),
		// A dash flag with a colon, as winrs writes it: -u:user … -p:….
		rule("cli-password", []string{"-p:", "-pass:", "-password:", "-pwd:"},
			`(?i)(?:^|\s)-u(?:ser(?:name)?)?:\S+(?:\s+\S+)*?\s-p(?:ass(?:word)?|wd)?:(?P<secret>"[^"\n]+"|[^\s"]+)`, func(v string) bool { return notPlaceholder(v) && v != "*" }),
		// A marketplace's publishing token: vsce and ovsx take it as -p or
		// --pat.
		rule("cli-password", []string{"vsce", "ovsx"},
			`\b(?:vsce|ovsx)\s+(?:publish|login|unpublish|verify-pat|create-namespace)\b[^\n|;&]*?\s(?:-p|--pat)(?:\s+|=)`+argValue, literalSecret),
		// A notification URL whose path is the token (Apprise's schemes,
		// shoutrrr's): gotifys://host/TOKEN, tgram://BOT_TOKEN/CHAT,
		// pover://USER@TOKEN, ntfys://user:pass@host/topic.
		rule("notify-url-token", []string{"gotify", "tgram", "pover", "pushover", "pbul", "join://", "ntfy", "discord://", "slack://", "msteams://", "rocket", "matrix", "mailgun://", "sendgrid://", "apprise"},
			`(?i)\b(?:gotifys?|tgram|telegram|pover|pushover|pbul|pushbullet|join|discord|slack|msteams|teams|mailgun|sendgrid|rockets?|matrixs?|ntfys?|prowl|pushed|pjet|spush|zulip)://(?:[^\s/@'"]+@)?[^\s/'"]*/(?P<secret>[A-Za-z0-9_.-]{12,})`, func(v string) bool { return looksRandom(v) && hasDigit(v) }),
		// Any command's -auth/--auth user:password (jenkins-cli's -auth
		// admin:…).
		rule("cli-password", []string{"-auth"},
			`(?:^|\s)--?auth(?:\s+|=)['"]?[A-Za-z0-9_.@-]+:(?P<secret>[^\s'"]{6,})`, literalSecret),
		// curl's -u with a key for the user and no password (ipinfo's,
		// Stripe's): "-u 929fbfc9c839ba:".
		rule("cli-password", []string{"-u ", "--user"},
			`\bcurl\b[^\n|;&]*?\s(?:-u|--user)\s*['"]?(?P<secret>[A-Za-z0-9_]{12,}):(?:['"]|\s|$)`, func(v string) bool { return hasDigit(v) && (isHex(v) || looksRandom(v)) }),
		// A password typed twice into a tool that reads it from its
		// input: (echo '…'; echo '…') | smbpasswd -s -a user.
		rule("stdin-secret", []string{"echo"},
			`\(\s*echo\s+(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'";)]+)\s*;\s*echo\s+[^)\n]+\)\s*\|\s*[^\n|;&]*?\b(?:smbpasswd|passwd|chpasswd|pdbedit|vncpasswd|htpasswd|kadmin|ldappasswd)\b`, literalSecret),
		// HTTPie's (and xh's) -a user:password.
		rule("cli-password", []string{"-a ", "--auth"},
			`(?:^|[\s;&|(])(?:http|https|httpie|xh|xhs)\s+(?:[^\n|;&]*?\s)?(?:-a|--auth)(?:\s+|=)["']?[^\s:'"]+:(?P<secret>[^\s'"]+)`, notPlaceholder),

		// --- Round two: daemons, devices, tools.

		// A daemon's directive named for a password by an abbreviation,
		// no "=" or after a colon: slapd's rootpw, nslcd's bindpw,
		// OpenLDAP's olcRootPW:, sssd's ldap_default_authtok.
		rule("config-directive-secret", []string{"pw", "authtok"},
			`(?im)^[ \t]*[A-Za-z_\-]*(?:pw|authtok)(?:[ \t]*[:=][ \t]*|[ \t]+)(?P<secret>"[^"\n]+"|[^\s"#;{}]+)[ \t]*;?[ \t]*$`, toldPassword),
		// An XML element of a Wi-Fi profile or a device config whose
		// name the XML rules above do not read (netsh's <keyMaterial>,
		// <psk>, <preSharedKey>, <sharedKey>, <pwd>).
		rule("xml-secret", []string{"<"},
			`(?i)<(?:keyMaterial|psk|preSharedKey|pre-shared-key|sharedKey|sharedSecret|pwd|pw)(?:\s+[a-z:_\-]+="[^"<>\n]*")*\s*>(?P<secret>[^<\s]{4,})</`, toldPasswordOrRandom),
		// … a setting element named for a secret whose value is a child
		// <value> (.NET's applicationSettings).
		rule("xml-secret", []string{"<value>"},
			`(?i)<[A-Za-z][\w:.\-]*\s+(?:name|key)\s*=\s*"[^"]*(?:password|passwd|secret|token|apikey|api_key|pwd)[^"]*"[^>\n]*>\s*<value>(?P<secret>[^<\n]+)</value>`, toldPasswordOrRandom),
		// netsh wlan show profile … key=clear: "Key Content : …".
		rule("wifi-key-content", []string{"key content"},
			`(?i)\bkey content\s*:\s*(?P<secret>\S+)`, notPlaceholder),
		// NetworkManager and wpa_supplicant from the command line: nmcli
		// … wifi-sec.psk …, … password …; wpa_passphrase SSID ….
		rule("cli-password", []string{"nmcli"},
			`\bnmcli\b[^\n|;&]*?\s(?:\S*\.psk|\S*\.password|password)\s+`+argValue, literalSecret),
		rule("cli-password", []string{"wpa_passphrase"},
			`\bwpa_passphrase\s+(?:'[^'\n]+'|"[^"\n]+"|\S+)\s+`+argValue, literalSecret),
		// A CLI's config set of a key named for a secret: aws configure
		// set aws_secret_access_key …, git config … token ….
		rule("cli-config-secret", []string{"config"},
			`(?i)\bconfig(?:ure)?\s+(?:--?[a-z\-]+\s+)*(?:set\s+)?(?:--?[a-z\-]+\s+)*["']?[A-Za-z0-9_.:/@\-]*(?:password|passwd|secret|token|_auth|apikey|api[_\-]key|access[_\-]key|private[_\-]key)[A-Za-z0-9_.\-]*["']?(?:\s+|=)`+argValue, toldPasswordOrRandom),
		// Password managers and keychains given the secret as an
		// argument: macOS security add-generic-password -w …, bw unlock ….
		rule("cli-password", []string{"security add-"},
			`\bsecurity\s+add-(?:generic|internet)-password\b[^\n|;&]*?\s-w\s+`+argValue, literalSecret),
		rule("cli-password", []string{"bw unlock", "bw login"},
			`\bbw\s+(?:unlock|login\s+\S+)\s+`+argValue, literalSecret),
		// A password hashed from the command line: the plain text is the
		// argument (openssl passwd, mkpasswd, slappasswd -s, doveadm pw
		// -p, teamviewer passwd).
		rule("cli-password", []string{"passwd"},
			`\b(?:openssl\s+passwd|mkpasswd|teamviewer\s+(?:--)?passwd)\b(?:\s+-(?:[1356]|apr1|aixmd5|crypt|quiet|table|noverify)\b|\s+-(?:m|salt|S|R|P)\s+[^\s\-]\S*)*\s+`+argValue, literalSecret),
		rule("cli-password", []string{"slappasswd", "doveadm"},
			`\b(?:slappasswd\b[^\n|;&]*?\s-s|doveadm\s+pw\b[^\n|;&]*?\s-p)\s+`+argValue, literalSecret),
		// user:password after any --user or --proxy-user flag (etcdctl,
		// curl's proxy, skopeo's siblings): a port pair or uid:gid is
		// no password.
		rule("cli-password", []string{"--user", "--proxy-user"},
			`(?:^|\s)--(?:[a-z]+-)?user(?:name)?(?:=|\s+)["']?[^\s:'"/@]+:(?P<secret>[^\s'"@]+)`, toldPasswordOrRandom),
		// An Oracle connect string in a setting: userid=scott/…@ORCL,
		// jdbc:oracle:thin:scott/…@host.
		rule("oracle-connect", []string{"userid", "jdbc:oracle"},
			`(?i)(?:\buserid\s*=\s*|jdbc:oracle:(?:thin|oci):)["']?[A-Za-z][A-Za-z0-9_$#]*/(?P<secret>[^\s@/"']+)@`, notPlaceholder),
		// A printed file named for a password or a key file: the line
		// after the command (cat secrets/db_password.txt, cat
		// /etc/mongo/keyfile), not a YAML key or an INI header.
		rule("printed-secret-file", []string{"cat ", "head ", "tail ", "get-content", "more ", "type "},
			`(?im)(?:^|[\s$#>])(?:cat|head|tail|more|less|bat|get-content|type)\s+\S*(?:passw|pwd|\.pass|secret|keyfile|key-file|token)\S*[ \t]*\n[ \t]*(?P<secret>[^\s:=#\[{<\-][^\s:=]{5,})[ \t]*(?:\n|$)`, toldPasswordOrRandom),
		// Code-signing tools' PFX password: signtool sign /p …, certutil
		// -p ….
		rule("cli-password", []string{"signtool", "certutil", "pvk2pfx", "osslsigncode"},
			`(?i)\b(?:signtool(?:\.exe)?\s+sign|certutil(?:\.exe)?|pvk2pfx(?:\.exe)?|osslsigncode)\b[^\n|;&]*?\s[/-](?:p|po|pass|pi)\s+`+argValue, literalSecret),
		// Redis: AUTH at the CLI's prompt, CONFIG SET requirepass.
		rule("redis-auth", []string{"> auth", ">auth"},
			`(?im)(?:^|\s)(?:[\w.\-]+:\d+(?:\[\d+\])?>|redis>)\s*AUTH\s+(?:\S+\s+)?(?P<secret>\S+)[ \t]*$`, notPlaceholder),
		rule("redis-auth", []string{"requirepass", "masterauth"},
			`(?i)\bconfig\s+set\s+(?:requirepass|masterauth)\s+`+argValue, notPlaceholder),
		// A passphrase typed after its prompt: "Enter passphrase for key
		// '…': …".
		rule("prompt-answer", []string{"password for", "passphrase for", "pin for"},
			`(?im)\b(?:enter\s+)?(?:pass(?:word|phrase)|pin)\s+for\s+[^\n]{1,80}?:\s+(?P<secret>\S{6,})[ \t]*$`, toldPassword),
		// A markdown label in bold: "**Password:** …".
		rule("markdown-label-secret", []string{"**", "__"},
			`(?i)(?:\*\*|__)(?:[A-Za-z ]{0,20}\s)?(?:password|passwd|pwd|pass|passphrase|secret|token|api[ _-]?key|pin)\s*:?\s*(?:\*\*|__)\s*:?\s*["'\x60]?(?P<secret>[^\s"'\x60]{6,})`, toldPasswordOrRandom),
		// A secret word and a dash or an arrow before the value: "Slack
		// bot token — …", "password -> …".
		lateRule(rule("keyword-value", []string{"—", "–", " - ", " -- ", "->", "=>", "→"},
			`(?i)\b(?:token|secret|key|password|passphrase|credentials?)(?:\s+(?:—|–|-{1,2})\s+|\s*(?:→|->|=>)\s*)(?P<secret>[A-Za-z0-9+/_\-.~=]{12,})`,
			func(v string) bool { return looksRandomLong(v) || generatedPassword(v) })),
		// An abbreviated password word of prose with a copula or a colon
		// after what it is for: "PW für den Jenkins: …", "mdp du wifi :
		// …", "ww van de router is …".
		lateRule(rule("prose-password", []string{"pw", "mdp", "ww", "passwd"},
			`(?i)(?:^|[^a-z])(?:pw|pwd|mdp|ww|passwd|pword)\b[^.\n:]{0,40}?(?:\s*:|\s(?:is|est|es|ist|=|é|è|era|was))\s*(?P<secret>[^\s,;]{6,})`, toldWithDigit)),

		// --- URLs and headers.

		// A URL query parameter that carries a signature or a token
		// beyond the names read above: a presigned URL's Signature /
		// X-Amz-Signature / X-Goog-Signature, a security token, key=,
		// auth=, refresh_token=.
		rule("url-query-secret", []string{"signature=", "sig=", "token=", "key=", "auth=", "pw="},
			`(?i)[?&](?:x-amz-signature|x-goog-signature|signature|sig|x-amz-security-token|security-token|sessiontoken|session_token|refresh_token|id_token|private_token|privatetoken|api-key|x-api-key|apitoken|api_token|access_key|accesskey|secret_key|secretkey|client_key|auth|authtoken|key|pw)=(?P<secret>[^&\s#"'<>]+)`,
			func(v string) bool { return looksRandom(v) || len(v) >= 32 && isHex(v) }),
		// A cookie's value in a Cookie or Set-Cookie header, curl's -b,
		// document.cookie: a session is the credential, whatever its
		// name. Only a random-looking value; a multipart boundary
		// (----…) is none.
		rule("cookie-value", []string{"cookie"},
			`(?i)(?:\bcookie:\s*|\bcookie\s*=\s*["'\x60]|(?:^|\s)(?:-b|--cookie)\s+["']?|;\s*)[A-Za-z0-9_.\-]+=(?P<secret>[^;\s"',]{16,})`,
			func(v string) bool { return looksRandom(v) && !strings.HasPrefix(v, "-") }),

		// --- SQL.

		// IDENTIFIED BY with the password unquoted (Oracle) or after
		// WITH <plugin> (MySQL, ClickHouse), after the user it is for.
		rule("sql-identified-by", []string{"identified"},
			`(?i)\b(?:user|role|to|login)\s+[^\s;]+(?:\s+[^\s;]+)?\s+identified\s+(?:with\s+[A-Za-z0-9_]+\s+)?by\s+(?:password\s+)?(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'";,)]+)`,
			func(v string) bool {
				return notPlaceholder(v) && !strings.EqualFold(v, "values") && strings.IndexByte(":&?@", v[0]) < 0
			}),

		// --- Prose.

		// A login and its password as a pair after a word for access:
		// "login for the NAS is admin / …", "creds: lena / …".
		lateRule(rule("login-password", []string{"login", "cred", "user"},
			`(?i)\b(?:logins?|creds|credentials|user\s*/\s*pass(?:word)?|username\s*/\s*password|u/p)\b[^\n]{0,40}?(?:\s(?:is|are|was)|[:=])\s+["']?[^\s/'",;]+["']?\s*[/|]\s*["']?(?P<secret>[^\s"',;]{8,})`, toldPassword)),
		// "use … as the password".
		lateRule(rule("prose-password", []string{"as "},
			`(?i)\buse\s+["'\x60]?(?P<secret>[^\s"'\x60]{8,}?)["'\x60]?\s+as\s+(?:the\s+|a\s+|an\s+|my\s+|your\s+|our\s+)?(?:[a-z\-]+\s+){0,2}(?:password|passphrase|passcode|pw|pin|secret|token|api\s*key|key)(?:\s*(?:$|[.,;:!)])|\s+(?:for|on|when|if|to|in|of|at|and)\b)`, toldPasswordOrRandom)),
		// A password set or changed to a value: "I set the wifi
		// password to …", "root's password was changed to …".
		lateRule(rule("prose-password", []string{"pass", "pw", "pin"},
			`(?i)\b(?:set|changed?|reset|rotated?|updated?|switched)\b[^.\n]{0,40}?\b(?:password|passphrase|passcode|pw|pwd|pin)\b(?:\s+(?:back|over))?\s+to\s+["'\x60]?(?P<secret>[^\s"'\x60,;]{6,})`, toldWithDigit)),
		lateRule(rule("prose-password", []string{"pass", "pw", "pin"},
			`(?i)\b(?:password|passphrase|passcode|pw|pwd|pin)\b[^.\n]{0,40}?\b(?:set|changed|reset|rotated|updated)\s+to\s+["'\x60]?(?P<secret>[^\s"'\x60,;]{6,})`, toldWithDigit)),
		// A secret, a pass phrase or a code told with a copula: "the
		// shared secret we agreed on is …", "recovery code: …".
		lateRule(rule("prose-password", []string{"secret", "passphrase", "passcode", "pin code", "psk", "pre-shared", "unlock code", "recovery code", "backup code"},
			`(?i)(?:^|[^a-z])(?:shared secret|secret|passphrase|passcode|pin code|psk|pre-shared key|unlock code|recovery code|backup code)\b[^.\n]{0,40}?(?:\s(?:is|was)\s+(?:now\s+)?|:\s*)["'\x60]?(?P<secret>[^\s"'\x60,;]{6,})`, toldWithDigit)),
		// A password word of any language (the five and worldPasswordWords)
		// and, a few words on, with no verb, a value only a generator
		// makes: "Пароль от сервера Ty8…", "password for the box Ty8…".
		lateRule(rule("prose-password", []string{"password", "passwort", "kennwort", "mot de passe", "contrase", "senha", "pw", "passwd", "mdp", "ww"},
			`(?i)(?:\bpassword|\bpasswort|\bkennwort|\bmot de passe|\bcontrase(?:ñ|n)a|\bsenha|\bpw|\bpwd|\bpasswd|\bmdp|\bww)[^.\n:=]{0,40}?\s(?P<secret>[^\s,;]{8,})`, generatedPassword)),
		lateRule(rule("prose-password", worldPasswordWords,
			`(?i)(?:`+worldPasswordWord+`)[^.\n:=]{0,40}?\s(?P<secret>[^\s,;、。]{8,})`, generatedPassword)),
		// A key word of another language and a generated key a few words
		// on: "La chiave API di produzione è …", "klucz API: …".
		lateRule(rule("prose-api-key", []string{"chiave", "clave", "llave", "klucz", "ключ", "sleutel", "nyckel", "nøgle", "nøkkel", "avain", "kulcs", "cheie", "anahtar", "κλειδί", "キー", "密钥", "密鑰", "токен", "토큰", "トークン", "令牌", "키"},
			`(?i)(?:chiave|clave|llave|klucz|ключ|sleutel|nyckel|nøgle|nøkkel|avain|kulcs|cheie|anahtar|κλειδί|キー|密钥|密鑰|токен|토큰|トークン|令牌|키)[^.\n]{0,40}?(?P<secret>[A-Za-z0-9+/_\-.~=]{20,})`,
			func(v string) bool { return looksRandomLong(v) && !(isHex(v) && len(v) == 40) })),
	}
}

// contextValue is a setting's value a secret would be: a password or a
// generated value, no URL or path.
func contextValue(v string) bool {
	return toldPasswordOrRandom(v) && !strings.Contains(v, "://") && !pathLike(v)
}

// literalSecret is a literal given on a command line where a password
// goes: no variable, substitution or placeholder, at least six
// characters.
func literalSecret(v string) bool {
	return len(v) >= 6 && notPlaceholder(v) && !strings.ContainsAny(v, "$(){}`") && !codeReference(v)
}

// toldWithDigit is a password told in prose that holds a digit, as set
// ones do: "to expire", "to require" are no password.
func toldWithDigit(v string) bool {
	return toldPassword(v) && hasDigit(v)
}

// identifierName is a variable's name, as a reference gives it
// ("env:API_TOKEN", "vault:db_password"): words joined by underscores,
// in one case.
var identifierName = lazyRE(`^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)$`)

// base64Printable is strict, padded base64 of printable ASCII text of
// four characters or more: a Kubernetes Secret's data value, not a word
// that happens to be in the base64 alphabet.
func base64Printable(v string) bool {
	if len(v)%4 != 0 {
		return false
	}
	raw, err := base64.StdEncoding.DecodeString(v)
	if err != nil || len(raw) < 4 {
		return false
	}
	for _, c := range raw {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// generatedPassword is a value only a generator makes: eight or more
// characters with upper and lower case and digits, the letters in three
// or more runs ("Ty8Lz3Zt7Mx3", not "iPhone15" or "Summer2024!"), and no
// variable, path or call.
func generatedPassword(v string) bool {
	if len(v) < 8 || !toldPassword(v) {
		return false
	}
	var upper, lower, digit bool
	runs, inRun := 0, false
	for _, c := range v {
		switch {
		case unicode.IsUpper(c):
			upper = true
		case unicode.IsLower(c):
			lower = true
		case unicode.IsDigit(c):
			digit = true
		}
		if unicode.IsLetter(c) {
			if !inRun {
				runs++
			}
			inRun = true
		} else {
			inRun = false
		}
	}
	return upper && lower && digit && runs >= 3
}
