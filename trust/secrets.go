package trust

import (
	"encoding/base64"
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Security layer 5 (SPEC §5 step 3): credentials, redacted in place. The
// rules are a table in the manner of a secret scanner's (gitleaks' rule set
// was the reference): each has the keywords one of which must appear in the
// text before its expression is tried (a cheap prefilter: most notes hold
// none), the expression, and where the shape alone is not proof, a check of
// the value (entropy, character classes, placeholders). Only the secret is
// replaced: the words around it stay (DB_PASSWORD=[REDACTED]).

// Redacted replaces every credential found in a text field.
const Redacted = "[REDACTED]"

// credRule is one row of the credential table. re matches the credential;
// when it has a group named "secret" only that group is replaced. keywords
// are lower-case strings one of which must occur in the lower-cased text
// (nil: always tried). valid, when set, must accept the secret. re is
// compiled the first time a text holds one of the keywords: an observe
// whose note names no credential compiles none of the table.
type credRule struct {
	id       string
	keywords []string
	re       func() *regexp.Regexp
	valid    func(secret string) bool
	// late rules run after the assignments, which keep more of the words
	// around a secret ("the db password is [REDACTED]" either way, but
	// reported as the assignment it is).
	late bool
	// gate, when set, must accept the whole text before re is tried: a
	// check cheaper than the expression (a long enough run of a token's
	// characters) for a rule whose keywords most notes hold.
	gate func(s string) bool
	// kept, when set, keeps a secret whose preceding text (up to 40
	// bytes) it accepts: a key that names an identifier.
	kept func(before string) bool
}

// pre and post bound a token where \b would be wrong (it sees "_" as a word
// character, so \bsk_ fails after "KEY=" but matches inside "task_").
const (
	pre  = `(?:^|[^A-Za-z0-9_])`
	post = `(?:$|[^A-Za-z0-9_])`
)

func lateRule(r credRule) credRule {
	r.late = true
	return r
}

func rule(id string, keywords []string, expr string, valid func(string) bool) credRule {
	return credRule{id: id, keywords: keywords, re: lazyRE(expr), valid: valid}
}

// tok is a provider token of a fixed shape: the secret is the whole token.
func tok(id string, keywords []string, expr string) credRule {
	return rule(id, keywords, pre+`(?P<secret>`+expr+`)`+post, nil)
}

var credRules = sync.OnceValue(func() []credRule {
	rules := []credRule{
		// Key blocks: PEM (RSA, EC, DSA, PKCS#8, encrypted), OpenSSH, PGP, PuTTY.
		// A body cut at the length cap ends the block at the end of the text.
		rule("private-key", []string{"private key"},
			`-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?s:.*?)(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\z)`, nil),
		rule("putty-private-key", []string{"putty-user-key-file"}, `PuTTY-User-Key-File-\d+:(?s:.*?)(?:Private-MAC: [0-9a-fA-F]+|\z)`, nil),
		rule("age-secret-key", []string{"age-secret-key-1"}, `AGE-SECRET-KEY-1[0-9A-Z]{58}`, nil),
		// Any other armoured block whose label names a key, a seed or a
		// secret and not a public half: OpenVPN's static key ("-----BEGIN
		// OpenVPN Static key V1-----"), a NATS .creds file's "USER NKEY
		// SEED", WireGuard or vendor key exports. The END line may carry
		// more dashes (NATS writes six).
		rule("key-block", []string{"-----begin"},
			`(?P<secret>-----BEGIN (?:[A-Za-z0-9]+ )*?(?i:key|seed|secret|shared secret)(?: [A-Za-z0-9]+)*-----(?s:.*?)(?:-{5,}END [^\n]*?-{5,}|\z))`,
			func(v string) bool {
				return !strings.Contains(strings.ToUpper(v[:strings.IndexByte(v, '\n')+1]), "PUBLIC")
			}),
		// A NATS nkey seed (its documented prefix: S, then the key's type
		// — User, Account, Operator, server N, Cluster, curve X — in
		// base32, 58 characters), wherever it is pasted.
		tok("nats-nkey-seed", []string{"nkey", "seed", "nats"}, `S[UAONCX][A-D][A-Z2-7]{55}`),

		// Cloud.
		// AWS's documentation key (…EXAMPLE) is allowed, as scanners do.
		rule("aws-access-key", []string{"akia", "asia", "abia", "acca", "a3t"}, pre+`(?P<secret>(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})`+post,
			func(s string) bool { return !strings.HasSuffix(s, "EXAMPLE") }),
		tok("google-api-key", []string{"aiza"}, `AIza[0-9A-Za-z_\-]{35}`),
		tok("google-oauth-client-secret", []string{"gocspx-"}, `GOCSPX-[A-Za-z0-9_\-]{20,}`),
		tok("google-oauth-token", []string{"ya29."}, `ya29\.[0-9A-Za-z_\-]{20,}`),
		tok("azure-ad-client-secret", []string{"q~"}, `[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}`),
		rule("azure-sas-signature", []string{"sig="}, `[?&;]sig=(?P<secret>[A-Za-z0-9%+/=]{30,})`, nil),
		tok("digitalocean-token", []string{"_v1_"}, `do[opr]_v1_[a-f0-9]{64}`),
		tok("alibaba-access-key", []string{"ltai"}, `LTAI[A-Za-z0-9]{20}`),
		tok("heroku-api-key", []string{"hrku-"}, `HRKU-[A-Za-z0-9_\-]{40,}`),
		rule("heroku-api-key", []string{"heroku"}, `(?i)heroku[^\n]{0,40}?`+pre+`(?P<secret>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})`+post, nil),
		tok("flyio-token", []string{"fo1_", "flyv1 "}, `(?:fo1_[A-Za-z0-9_\-]{43}|FlyV1 fm\d+_[A-Za-z0-9+/=,_\-]{50,})`),
		tok("vault-token", []string{"hvs.", "hvb.", "hvr."}, `hv[sbr]\.[A-Za-z0-9_\-]{24,}`),
		tok("terraform-token", []string{".atlasv1."}, `[a-z0-9]{14}\.atlasv1\.[a-z0-9_=\-]{60,}`),
		tok("doppler-token", []string{"dp."}, `dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}`),
		tok("pulumi-token", []string{"pul-"}, `pul-[a-f0-9]{40}`),
		tok("supabase-token", []string{"sbp_"}, `sbp_[a-f0-9]{40}`),
		tok("databricks-token", []string{"dapi"}, `dapi[a-f0-9]{32}(?:-\d)?`),
		tok("planetscale-token", []string{"pscale_"}, `pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.=\-]{32,}`),
		// Tailscale's keys: tskey-auth-<id>-<secret>, and api-, client-,
		// scim-, webhook- keys of the same shape.
		tok("tailscale-key", []string{"tskey-"}, `tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}`),
		// A provider's RPC or API URL with the key as its last path segment
		// after the version (Alchemy …/v2/<key>, Infura …/v3/<key>): only a
		// random-looking segment, so …/v2/accounts stays, and not a
		// hyphenated UUID, which there names a resource (…/v1/<order id>).
		rule("url-path-key", []string{"/v1/", "/v2/", "/v3/"}, `(?i)(?:https?|wss?)://[A-Za-z0-9.\-]+(?::\d{2,5})?/(?:[A-Za-z0-9_.\-]+/){0,3}v[1-3]/(?P<secret>[A-Za-z0-9_\-]{20,})/?(?:$|[\s"'<>)\]}?#,;])`,
			func(v string) bool { return looksRandomLong(v) && !isUUID(v) }),

		// Version control and CI.
		tok("github-token", []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"}, `gh[pousr]_[A-Za-z0-9]{30,}`),
		tok("github-fine-grained-token", []string{"github_pat_"}, `github_pat_[A-Za-z0-9_]{22,}`),
		tok("gitlab-token", []string{"gl"}, `gl(?:pat|dt|rt|ptt|ft|oas|cbt|imt|soat|agent|feed)-[A-Za-z0-9_\-]{20,}`),
		tok("atlassian-token", []string{"atatt3"}, `ATATT3[A-Za-z0-9_\-=]{40,}`),
		tok("linear-api-key", []string{"lin_api_"}, `lin_api_[A-Za-z0-9]{40}`),
		tok("postman-api-key", []string{"pmak-"}, `PMAK-[a-f0-9]{24}-[a-f0-9]{34}`),
		tok("sentry-token", []string{"sntry"}, `sntry[su]_[A-Za-z0-9_=+/.\-]{30,}`),
		tok("grafana-token", []string{"glsa_", "glc_"}, `gl(?:sa|c)_[A-Za-z0-9_=+/\-]{32,}`),
		tok("newrelic-key", []string{"nrak-", "nrjs-", "nrii-"}, `NR(?:AK|JS|II)-[A-Za-z0-9]{19,}`),
		// LaunchDarkly's server, API and mobile keys: sdk-, api-, mob- and
		// a UUID (a package named sdk-go has no UUID).
		tok("launchdarkly-key", []string{"sdk-", "api-", "mob-"}, `(?:sdk|api|mob)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`),

		rule("datadog-api-key", []string{"datadog", "dd_", "dd-"}, `(?i)(?:datadog|dd[_-](?:api|app|application|client)[_-]?key)[^\n]{0,30}?`+pre+`(?P<secret>[a-f0-9]{40}|[a-f0-9]{32})`+post, nil),

		// Chat and mail.
		tok("slack-token", []string{"xox"}, `xox[abposre]-[A-Za-z0-9\-]{10,}`),
		tok("slack-app-token", []string{"xapp-"}, `xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+`),
		rule("slack-webhook", []string{"hooks.slack.com"}, `hooks\.slack\.com/(?:services|workflows|triggers)/(?P<secret>[A-Za-z0-9/_+\-]{20,})`, nil),
		// The webhook's id and token together are the credential.
		rule("discord-webhook", []string{"discord"}, `discord(?:app)?\.com/api/webhooks/(?P<secret>\d+/[A-Za-z0-9_\-]{30,})`, nil),
		// A webhook URL whose path carries its token is the secret whole,
		// host included: Teams (…webhook.office.com/webhookb2/…,
		// outlook.office.com/webhook/…), Zapier, IFTTT, Mattermost,
		// Rocket.Chat, Google Chat and any host or path named for a
		// webhook, when a later path segment looks random.
		rule("webhook-url", []string{"webhook", "hooks", "ifttt", "chat.googleapis"},
			`(?i)(?P<secret>https?://(?:[A-Za-z0-9\-]+\.)*(?:webhook\.office\.com|outlook\.office(?:365)?\.com/webhook|hooks\.zapier\.com|maker\.ifttt\.com|chat\.googleapis\.com/v1/spaces|[A-Za-z0-9.\-]*hooks?[A-Za-z0-9.\-]*|[A-Za-z0-9.\-]+(?::\d+)?/(?:[A-Za-z0-9_.\-]+/)*(?:webhooks?[A-Za-z0-9_\-]*|hooks))(?:/[^\s"'<>()\[\]{}]*)?)`, webhookURL),
		tok("discord-bot-token", []string{"."}, `[MNO][A-Za-z\d]{23,25}\.[A-Za-z\d_\-]{6}\.[A-Za-z\d_\-]{27,38}`),
		tok("telegram-bot-token", []string{":a"}, `\d{5,16}:A[A-Za-z0-9_\-]{32,34}`),
		tok("sendgrid-api-key", []string{"sg."}, `SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}`),
		tok("twilio-api-key", []string{"sk"}, `SK[0-9a-fA-F]{32}`),
		tok("mailgun-api-key", []string{"key-"}, `key-[0-9a-z]{32}`),
		tok("mailchimp-api-key", []string{"-us"}, `[0-9a-f]{32}-us\d{1,2}`),
		tok("notion-token", []string{"secret_", "ntn_"}, `(?:secret|ntn)_[A-Za-z0-9]{43,46}`),

		// Payments.
		tok("stripe-key", []string{"sk_", "rk_"}, `[sr]k_(?:live|test|prod)_[A-Za-z0-9]{10,99}`),
		// Mollie's API keys: live_ or test_ and 30 characters, and its
		// organization tokens access_ and 40 (test_ and a name is a test).
		rule("mollie-api-key", []string{"live_", "test_", "access_"}, pre+`(?P<secret>(?:live|test)_[A-Za-z0-9]{30}|access_[A-Za-z0-9]{40})`+post,
			func(v string) bool { _, rest, _ := strings.Cut(v, "_"); return looksRandom(rest) }),
		tok("stripe-webhook-secret", []string{"whsec_"}, `whsec_[A-Za-z0-9+/=]{20,}`),
		tok("square-token", []string{"sq0", "eaaa"}, `(?:sq0(?:atp|csp)-[0-9A-Za-z_\-]{22,}|EAAA[A-Za-z0-9_\-]{60,})`),
		tok("shopify-token", []string{"shp"}, `shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`),
		tok("braintree-token", []string{"access_token$"}, `access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}`),

		// AI providers.
		rule("openai-anthropic-key", []string{"sk-"}, pre+`(?P<secret>sk-(?:ant-(?:api|admin)\d\d-|proj-|svcacct-|admin-|or-v1-)?[A-Za-z0-9_\-]{20,})`, hasDigit),
		tok("huggingface-token", []string{"hf_", "api_org_"}, `(?:hf|api_org)_[A-Za-z]{30,}`),
		tok("groq-api-key", []string{"gsk_"}, `gsk_[A-Za-z0-9]{40,}`),
		tok("replicate-token", []string{"r8_"}, `r8_[A-Za-z0-9]{37}`),
		tok("xai-api-key", []string{"xai-"}, `xai-[A-Za-z0-9]{60,}`),
		tok("perplexity-api-key", []string{"pplx-"}, `pplx-[A-Za-z0-9]{40,}`),
		// LangSmith's personal and service keys: lsv2_pt_ / lsv2_sk_, 32
		// hex, an underscore and 10 hex.
		tok("langsmith-api-key", []string{"lsv2_"}, `lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}`),

		// Package registries.
		tok("npm-token", []string{"npm_"}, `npm_[A-Za-z0-9]{30,40}`),
		tok("pypi-token", []string{"pypi-"}, `pypi-AgE[A-Za-z0-9_\-]{50,}`),
		tok("rubygems-token", []string{"rubygems_"}, `rubygems_[0-9a-f]{48}`),
		tok("nuget-api-key", []string{"oy2"}, `oy2[a-z0-9]{43}`),
		tok("docker-token", []string{"dckr_"}, `dckr_(?:pat|oat)_[A-Za-z0-9_\-]{20,}`),
		tok("clojars-token", []string{"clojars_"}, `CLOJARS_[a-z0-9]{60}`),

		// Social and maps.
		tok("facebook-token", []string{"eaa"}, `EAA[MC][A-Za-z0-9]{80,}`),
		tok("twitter-bearer-token", []string{"aaaaaaaaaaaaaaaaaaaaa"}, `A{22}[A-Za-z0-9%]{30,}`),
		tok("mapbox-token", []string{"k.eyj"}, `[ps]k\.eyJ[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{20,}`),
		tok("onepassword-token", []string{"ops_eyj"}, `ops_eyJ[A-Za-z0-9+/=]{60,}`),

		// Shapes any service uses.
		tok("jwt", []string{"eyj"}, `eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}`),
		rule("authorization-basic", []string{"basic"}, `(?i)`+pre+`basic\s+(?P<secret>[A-Za-z0-9+/]{6,}={0,2})`, basicCredential),
		rule("authorization-bearer", []string{"bearer"}, `(?i)`+pre+`bearer\s+(?P<secret>[A-Za-z0-9\-._~+/:]{12,}(?:=+\.[A-Za-z0-9\-._~+/:]+)*=*)`, looksRandom),
		rule("authorization-header", []string{"authorization"}, `(?i)authorization["']?\s*[:=]\s*["']?(?:token|bot|apikey|sso-key|digest)\s+(?P<secret>[^\s"',]{8,})`, looksRandom),
		rule("docker-config-auth", []string{`"auth"`}, `"auth"\s*:\s*"(?P<secret>[A-Za-z0-9+/]{12,}={0,2})"`, basicCredential),
		// session 20, batch 20, as classes. An application password of
		// space-separated four-character groups (WordPress's "abcd EFGH
		// …"): the whole run, before curl's --user rule takes its first
		// group.
		rule("grouped-password", []string{"--user", "-u ", "wp", "application", "app pass", "app_pass"}, `(?:^|[\s"':=])(?P<secret>[A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){5})(?:$|[\s"',;])`, groupedPassword),
		// A URL's userinfo that is a token alone, no password after it
		// (pip.conf's index-url = https://TOKEN:@pypi.fury.io/…).
		lateRule(rule("url-token", []string{"://"}, `[A-Za-z][A-Za-z0-9+.\-]*://(?P<secret>[A-Za-z0-9_\-.~%]{16,}):?@`, looksRandom)),
		// Any tool's login given the password as a flag, with a space or
		// "=" (docker/podman/helm/oras/skopeo/buildah/… login -p=…).
		rule("cli-password", []string{"login"}, `\b[a-z][a-z0-9_.\-]*\s+(?:registry\s+)?login\b[^\n|;&]*?\s(?:-p|--password)(?:\s+|=)(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`, notPlaceholder),
		// A token after a short flag in a CI log or a command line
		// (codecov -t <uuid>, … -k <key>): a UUID or a random value.
		rule("cli-token-flag", []string{"-t ", "-k ", "-t=", "-k="}, `(?:^|\s)(?:-t|-k)(?:\s+|=)["']?(?P<secret>[A-Za-z0-9_\-]{20,})["']?(?:\s|$)`, func(v string) bool { return isUUID(v) || looksRandomLong(v) }),
		// A token as a syslog template's structured-data id
		// ([<uuid>@41058 …], as Loggly's rsyslog templates carry it).
		rule("syslog-sd-token", []string{"template", "syslog", "loggly"}, `\[(?P<secret>[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})@\d{1,6}\b`, nil),
		// A shell variable set without "=": fish's set -gx NAME value,
		// csh's setenv NAME value, PowerShell's Set-Variable.
		rule("shell-set-secret", []string{"set"}, `(?im)(?:^|[;&]\s*)[ \t]*(?:set\s+(?:-[a-zA-Z]+\s+)*|setenv\s+|set-variable\s+(?:-name\s+)?)[A-Za-z0-9_]*(?:token|secret|password|passwd|api_?key|access_key|_pat|auth)[A-Za-z0-9_]*\s+(?:-value\s+)?(?P<secret>"[^"\n]+"|'[^'\n]+'|[^\s'"$][^\s'"]*)`, toldPasswordOrRandom),
		// A secret file printed (cat, head, Get-Content of a .psk, .key,
		// token or password file): the line after the command.
		rule("printed-secret-file", []string{"cat ", "head ", "tail ", "get-content", "more "}, `(?im)(?:^|[\s$#>])(?:cat|head|tail|more|less|bat|get-content|type)\s+\S*(?:\.psk|\.key|\.token|secret|token|passw|credential|\.pass)\S*[ \t]*\n[ \t]*(?P<secret>[A-Za-z0-9+/=_\-]{16,})[ \t]*(?:\n|$)`, func(v string) bool { return isHex(v) || looksRandom(v) }),
		// Admin tools that take a password as a positional argument:
		// hdbuserstore SET <key> <env> <user> <password>, net user <name>
		// <password>.
		rule("cli-password", []string{"hdbuserstore"}, `(?i)hdbuserstore\s+(?:-\w+\s+)*set\s+\S+\s+\S+\s+\S+\s+(?P<secret>"[^"\n]+"|'[^'\n]+'|[^\s'"]+)`, notPlaceholder),
		rule("cli-password", []string{"net user"}, `(?i)\bnet\s+user\s+\S+\s+(?P<secret>"[^"\n]+"|'[^'\n]+'|[^\s'"/*][^\s'"]*)`, toldPassword),
		// A builder's or a client's method named for the secret, given
		// it as one string (.SecretKey("…"), .setPassword("…"),
		// .WithApiKey("…")).
		rule("secret-method", []string{"secret", "key", "token", "password"}, `(?i)\.(?:with|set|use)?[a-z]*(?:secretkey|secret|apikey|api_key|accesstoken|authtoken|token|password|privatekey)\s*\(\s*["'](?P<secret>[^"'\s]{8,})["']\s*\)`, toldPasswordOrRandom),
		// A daemon's config directive of a password or a pre-shared key,
		// no "=" (keepalived's auth_pass, redis's requirepass and
		// masterauth, a PSK line).
		rule("config-directive-secret", []string{"pass", "psk", "masterauth"}, `(?im)^[ \t]*(?:auth_?pass|[a-z_]*_pass|pass(?:word|wd)?|[a-z_]*psk|requirepass|masterauth)[ \t]+(?P<secret>"[^"\n]+"|[^\s"#;{}]+)[ \t]*;?[ \t]*$`, toldPassword),
		// scheme://user:password@host, and scheme://:password@host (Redis).
		rule("url-password", []string{"://"}, `[A-Za-z][A-Za-z0-9+.\-]*://[^\s:/@]*:(?P<secret>[^\s@/]+)@`, notPlaceholder),
		rule("url-query-secret", []string{"=", "&"}, `(?i)[?&](?:password|passwd|pwd|pass|secret|client_secret|api_?key|apikey|access_token|auth_token|token)=(?P<secret>[^&\s#"']+)`, looksRandom),
		// Command-line passwords: mysql -pSECRET, sshpass -p SECRET, redis-cli
		// -a SECRET, docker login -p SECRET, sqlcmd -P SECRET, curl -u user:SECRET.
		rule("cli-password", []string{"-p"}, `(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n|;&]*?\s-p(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`, notPlaceholder),
		rule("cli-password", []string{"htpasswd"}, `htpasswd\s+(?:-\w+\s+)*-\w*b\w*\s+(?:-\w+\s+)*[^\s-]\S*\s+\S+\s+(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`, notPlaceholder),
		rule("cli-password", []string{"ldap"}, `ldap(?:search|modify|add|delete|whoami|passwd|compare)\b[^\n|;&]*?\s-w\s*(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`, notPlaceholder),
		rule("cli-password", []string{"securestring"}, `(?i)convertto-securestring\s+(?:-string\s+)?(?P<secret>'[^'\n]{6,}'|"[^"\n]{6,}")`, notPlaceholder),
		rule("cli-password", []string{"rabbitmqctl"}, `rabbitmqctl\s+(?:add_user|change_password)\s+\S+\s+(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`, notPlaceholder),
		rule("cli-password", []string{"user-secrets"}, `(?i)user-secrets\s+set\s+"[^"\n]*(?:password|secret|token|key)[^"\n]*"\s+(?P<secret>"[^"\n]+"|'[^'\n]+'|[^\s'"]+)`, notPlaceholder),
		// A password or community on the command line of a database or
		// admin CLI, by the flag each tool reads it from: cqlsh, mongo*,
		// influx, ipmitool, isql/osql/vsql, rabbitmqadmin, psexec, zip/7z,
		// rdesktop -p/-P/-w; the SNMP tools' community (-c) and v3 pass
		// phrases (-A, -X), "public" and "private" being the defaults.
		rule("cli-password", []string{"cqlsh", "mongo", "influx", "ipmitool", "isql", "osql", "vsql", "rabbitmqadmin", "psexec", "zip", "7z", "rdesktop", "nxc", "crackmapexec", "clickhouse"},
			`(?i)(?:^|[\s;&|(/])(?:cqlsh|mongo(?:sh|dump|restore|export|import|stat|top)?|influx|ipmitool|isql|osql|vsql|rabbitmqadmin|psexec(?:\.exe|\.py)?|zip|unzip|7za?|rdesktop|nxc|crackmapexec|clickhouse(?:-client)?)\b[^\n|;&]*?\s(?:-p|-P|-w|--password|-password)(?:\s+|=)?(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"\-][^\s'"]*)`, toldPassword),
		rule("cli-password", []string{"snmp"},
			`(?:^|[\s;&|(/])(?i:snmp)[a-z]*\b[^\n|;&]*?\s(?:-c|-A|-X)\s*(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"\-][^\s'"]*)`, snmpCommunity),
		// An SNMP community in an agent's or a router's configuration:
		// rocommunity …, snmp-server community … RO.
		rule("snmp-community", []string{"community"},
			`(?i)(?:\b(?:ro|rw)community6?|\bsnmp-server\s+community|\bcommunity(?:[_ -]?string)?\s*[:=])\s+["']?(?P<secret>[^\s"']{4,})`, snmpCommunity),
		// A user flag and a password flag on one command line, of any tool:
		// "-u ops -p '…'", "-U admin -P …", "--user x --password …" (in
		// either order). Ports and paths are no password; the value must
		// be a password mixing at least three kinds of character.
		rule("cli-password", []string{"-u", "--user"},
			`(?:^|\s)(?:-u|-U|--user(?:name)?)(?:\s+|=)["']?[^\s"'\-][^\s"']*["']?(?:\s+[^\n|;&]*?)?\s(?:-p|-P|-w|-a|--pass(?:word)?)(?:\s+|=)?(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"\-][^\s'"]*)`, strongPassword),
		rule("cli-password", []string{"-u", "--user"},
			`(?:^|\s)(?:-p|-P|-w|--pass(?:word)?)(?:\s+|=)?(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"\-][^\s'"]*)(?:\s+[^\n|;&]*?)?\s(?:-u|-U|--user(?:name)?)(?:\s+|=)["']?[^\s"'\-]`, strongPassword),
		// An Oracle connect string on the command line: sqlplus, sqlldr,
		// rman, expdp/impdp, dgmgrl and SQL*Plus's CONNECT take
		// user/password[@service].
		rule("cli-password", []string{"sqlplus", "sqlldr", "rman", "expdp", "impdp", "dgmgrl", "sqlcl", "connect", "conn "},
			`(?i)(?:^|[\s;&|(])(?:sqlplus|sqlldr|sqlcl|sql|rman|expdp|impdp|exp|imp|dgmgrl|conn(?:ect)?)(?:\s+-\w+)*(?:\s+(?:target|auxiliary|catalog|userid)=?)?\s+["']?[A-Za-z][A-Za-z0-9_$#.]*/(?P<secret>[^\s@/"']+)(?:@|["']?(?:\s|$))`, toldPassword),
		rule("cli-password", []string{"sshpass"}, `sshpass\s+-p\s*(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`, notPlaceholder),
		rule("cli-password", []string{"-a"}, `redis-cli\b[^\n|;&]*?\s-a\s+(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`, notPlaceholder),
		rule("cli-password", []string{"login"}, `(?:docker|podman|helm|oras)\s+(?:registry\s+)?login\b[^\n|;&]*?\s-p\s+(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`, notPlaceholder),
		rule("cli-password", []string{"-p"}, `(?:sqlcmd|bcp)\b[^\n|;&]*?\s-P\s*(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`, notPlaceholder),
		rule("cli-password", []string{"-u", "--user"}, `(?:curl|wget|http)\b[^\n|;&]*?\s(?:-u|--user)\s*["']?[^\s:"']+:(?P<secret>[^\s"']+)`, notPlaceholder),
		rule("cli-password", []string{"--"}, `(?i)`+pre+`--(?:[a-z0-9]+-)*(?:password|passwd|pass|secret|token|api-key|apikey|access-key|secret-key|client-secret|auth-token)=(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`,
			func(v string) bool { return notPlaceholder(v) && !flagSpec(v) }),
		rule("cli-password", []string{"--"}, `(?i)`+pre+`--(?:[a-z0-9]+-)*(?:password|passwd|pass|secret|token|api-key|apikey|access-key|secret-key|client-secret|auth-token)\s+(?P<secret>'[^'\n]+'|"[^"\n]+"|[^\s'"\-][^\s'"]*)`,
			func(v string) bool { return looksRandom(v) && !flagSpec(v) }),
		// A single-dash flag that names a password, as Java's keytool and
		// jarsigner, openssl's -passin/-passout pass:… and many others
		// write it: -storepass, -srcstorepass, -keypass, -password.
		rule("cli-password", []string{"pass"}, `(?i)(?:^|\s)-[a-z]*pass(?:word|wd|phrase|in|out)?\s+(?:pass:)?['"]?(?P<secret>[^\s'"]{6,})`, toldPassword),
		// A secret written into a file named for one by echo or printf:
		// echo '…' > ~/.vault_pass, printf '%s' '…' > db_password.txt,
		// echo … | sudo tee /etc/app/api.key. The file name must hold a
		// password, secret, token or key word, and the value must look like
		// a password or a token (echo 'done' > status.txt stays).
		rule("secret-file-write", []string{"echo", "printf"}, `(?:^|[\s;&|(])(?:echo(?:\s+-[neE]+)*|printf(?:\s+(?:'%s(?:\\n)?'|"%s(?:\\n)?"))?)\s+(?P<secret>'[^'\s]+'|"[^"\s]+"|[^\s'"|;&<>]+)\s*(?:>>?|\|\s*(?:sudo\s+)?tee(?:\s+-a)?)\s*["']?(?:[^\s"'|;&<>]*/)?(?:[^\s"'|;&<>/]*?(?i:pass|pwd|secret|token|credential|[._\-]key)[^\s"'|;&<>/]*|(?i:key)(?:file|[._\-][^\s"'|;&<>/]*)?)(?:$|[\s"'|;&<>)])`,
			func(v string) bool { return toldPassword(v) || looksRandom(v) }),
		// Credentials told as a pair: "creds for the staging admin are admin
		// and …".
		lateRule(rule("login-password", []string{"cred"}, `(?i)\b(?:creds|credentials|login)\b[^.\n]{0,50}?\s(?:are|is|=|:)\s+[^\s,;/]+\s*(?:and|/|,)\s*(?P<secret>[^\s,;]{8,})`, toldPassword)),
		// A network device's configuration: Cisco IOS/NX-OS passwords in
		// plain text (type 0) or the reversible type 7, after "username …
		// password", "enable secret", "key-string", a server key:
		// "username netops privilege 15 password 0 …". Types 5, 8 and 9
		// are hashes.
		rule("device-config-password", []string{"username", "enable password", "enable secret", "-server", "key-string", "authentication-key", "password 0", "password 7", "secret 0", "secret 7"},
			`(?im)^[ \t]*(?:(?:username\s+\S+(?:\s+(?:privilege|view|role)\s+\S+)*\s+(?:password|secret)|enable\s+(?:password|secret)|(?:tacacs|radius)-server\s+(?:host\s+\S+\s+)?key|key-string|(?:ip\s+ospf\s+)?authentication-key)\s+(?:[07]\s+)?|(?:password|secret)\s+[07]\s+)(?P<secret>[^\s$][^\s]{3,})\s*$`,
			func(v string) bool {
				return notPlaceholder(v) && v != "0" && v != "7" && (passwordShaped(v) || looksRandom(v))
			}),
		// A login and its password given to a server's configuration
		// directive as user:password: HAProxy's "stats auth admin:…",
		// its userlist's "insecure-password …".
		rule("config-auth", []string{"stats auth", "insecure-password", "basic_auth", "basicauth"},
			`(?im)^[ \t]*(?:stats\s+auth|basic_?auth)\s+[^\s:]+:(?P<secret>\S{4,})|\binsecure-password\s+(?P<secret>\S{4,})`, notPlaceholder),
		// A session id in a cookie or a query: "sessionid=d71f…".
		rule("session-cookie", []string{"sess", "sid"}, `(?i)\b(?:session_?id|sessid|phpsessid|jsessionid|sid|connect\.sid)=(?P<secret>[A-Za-z0-9%._]{16,})`, looksRandom),
		// A login and its password after a word for access: "Zugang zum
		// Router: admin / …", "credentials: deploy / …".
		lateRule(rule("login-password", []string{"/"}, `(?i)\b(?:zugang|zugangsdaten|login|credentials?|acceso|acesso|acces|identifiants?|account)\b[^\n]{0,40}?:\s*[^\s/]+\s*/\s*(?P<secret>[^\s,;]{8,})`, toldPassword)),
		// A secret-ish word, then a few words and a colon, then a value only
		// a secret has: "the vault unseal key, don't lose it: …".
		identifierKeyed(rule("keyword-value", []string{"token", "secret", "key", "password", "passphrase", "credential"}, `(?i)\b(?:token|secret|key|password|passphrase|credentials?)s?\b(?:,?\s+[a-z']+){1,6}:\s*(?P<secret>[A-Za-z0-9+/_\-.~=]{20,})`, looksRandomLong)),
		// A .pgpass line: host:port:database:user:password, alone on its
		// line or after a few words ("~/.pgpass on the replica: …"). Five
		// fields exactly, the last with no colon: an IPv6 address has more.
		rule("pgpass", []string{":"}, `(?m)(?:^|\s)[^\s:#]+:(?:\d{2,5}|\*):[^\s:]+:[^\s:]+:(?P<secret>[^\s:]{6,})$`,
			func(v string) bool { return notPlaceholder(v) && strings.Trim(v, "0123456789") != "" }),
		// A key in a URL's user part, with no password: a DSN such as
		// Sentry's (https://<key>@o1.ingest.sentry.io/2), an API key some
		// services take as the user name. Only a random-looking key: a
		// user name stays.
		rule("url-key", []string{"://"}, `[A-Za-z][A-Za-z0-9+.\-]*://(?P<secret>[A-Za-z0-9_\-]{20,})@[A-Za-z0-9\-]+\.[A-Za-z0-9.\-]+`, looksRandomLong),
		// A service account key file's id of its private key (Google
		// Cloud's JSON key: "private_key_id": "3d1b…"): it names the key
		// that signs as the account, and comes with it.
		rule("private-key-id", []string{"private_key_id", "privatekeyid"}, `(?i)"private_?key_?id"\s*:\s*"(?P<secret>[A-Za-z0-9]{16,})"`, nil),
		// Basic auth in code: requests' auth=("user", "…"), HTTPBasicAuth("user", "…").
		rule("code-basic-auth", []string{"auth"}, `(?i)\b(?:auth|httpbasicauth|basicauth|basic_auth)\s*[=(]\s*[\[(]?\s*["'][^"'\n]*["']\s*,\s*["'](?P<secret>[^"'\n]{6,})["']`, notPlaceholder),
		// Generic forms no provider owns. A .netrc line (machine … login …
		// password …), in one line or several.
		rule("netrc", []string{"password"}, `(?i)\b(?:machine|default)\s+\S+(?:\s+login\s+\S+)?\s+password\s+(?P<secret>\S+)`, notPlaceholder),
		// A secret-ish word, then a value that can only be a secret: "the
		// staging auth token 3f9a…", "API secret: dc9c…". The value must be
		// long hex or a random-looking mix (looksRandomLong).
		identifierKeyed(rule("keyword-value", []string{"token", "secret", "key", "password", "passwd", "credential", "pat", "passphrase"}, `(?i)\b(?:token|secret|key|password|passwd|credentials?|pat|passphrase)s?\b(?:\s+(?:for|of|to|on)\s+(?:the\s+|our\s+|my\s+)?[\w.-]+)?(?:\s+(?:is|was|=|:))?[ \t:=]+(?P<secret>[A-Za-z0-9+/_\-.~=]{20,})`, looksRandomLong)),
		// A password told in a sentence, in the five languages and Italian,
		// Swedish, Polish and Russian's copulas: "the root pw
		// on the old box is …", "Das Passwort für den NAS lautet …", "le mot
		// de passe du Wi-Fi est …". The value must look like a password
		// (passwordShaped), so "the password is stored hashed" stays.
		lateRule(rule("prose-password", []string{"pass", "pw", "kennwort", "contrase", "clave", "senha", "mdp"},
			`(?i)(?:^|[^a-z])(?:passwor[dt]|passcode|pass|pw|pwd|kennwort|mot de passe|mdp|contrase(?:ñ|n)a|clave|senha|palavra-passe)\b`+proseCopula, passwordShaped)),
		// … and a token or an API key told so: generated, it looks random
		// or holds a digit ("the token is read-only" tells no token).
		lateRule(rule("prose-password", []string{"token", "jeton", "cl", "chave", "schl"},
			`(?i)(?:^|[^a-z])(?:token|jeton|cl(?:é|e) d'api|chave|schl(?:ü|ue)ssel)\b`+proseCopula, func(v string) bool { return passwordShaped(v) && (hasDigit(v) || looksRandom(v)) })),
		// … or with a colon after what it is for: "SMTP-Kennwort für den
		// Newsletter-Versand: …" (a key right before the colon is the
		// assignment rules').
		lateRule(rule("prose-password", []string{"pass", "kennwort", "contrase", "senha", "token", "jeton", "cl", "chave", "schl"},
			`(?i)(?:^|[^a-z])(?:passwor[dt]|kennwort|mot de passe|contrase(?:ñ|n)a|clave|senha|palavra-passe|token|jeton|cl(?:é|e) d'api|chave|schl(?:ü|ue)ssel)\s[^.\n:]{1,60}?:\s*(?P<secret>[^\s,;]{8,})`, toldPassword)),
		// … and without the verb, a password word and the password:
		// "Benutzer qa-admin, Passwort …", "mot de passe : …".
		lateRule(rule("prose-password", []string{"pass", "kennwort", "contrase", "senha", "clave de paso", "palabra de paso"},
			`(?i)(?:^|[^a-z])(?:passwor[dt]|passphrase|kennwort|mot de passe|contrase(?:ñ|n)a|senha|clave de paso|palabra de paso)\s*[:=]?\s+(?P<secret>[^\s,;]{8,})`, toldPassword)),
		// The same in the languages whose password word the rules above
		// lack: "Het wachtwoord van de beheerder is …", "Hasło do panelu
		// to …", "Пароль от сервера: …", "lösenordet är …", "şifre: …",
		// "パスワードは…", "密码是…". No \b: Go reads it as ASCII only.
		lateRule(rule("prose-password", worldPasswordWords,
			`(?i)(?:`+worldPasswordWord+`)[^.\n]{0,60}?(?:\s(?:is|was|to|jest|это|є|är|var|er|on|je|è|é|e|es|és|este|era|ist|olarak|είναι|ήταν|هي|هو|היא|הוא|là|adalah|ialah|yra|ir|është|eshte|ni|არის|է|да|е|је|yw|ydy|হল|kini|sekarang|-)\s+`+nowWord+`|\s(?:=|—|–)\s*|[:：]\s*|(?:は|是|为|는|은|คือ|ແມ່ນ|ຄື|គឺជា|គឺ)\s*)(?P<secret>[^\s,;、。]{6,})`, passwordShaped)),
		// … and the word right before the value, as languages that put the
		// verb last write it ("पासवर्ड CjSV… है", "パスワード Rt8…").
		lateRule(rule("prose-password", worldPasswordWords,
			`(?i)(?:`+worldPasswordWord+`)\s+(?P<secret>[^\s,;、。]{8,})`, toldPassword)),
		// … and the value before a copula that ends the sentence, as the
		// verb-final languages write it: Persian "رمز عبور پنل … X است",
		// Hindi "पासवर्ड … X है", Nepali "… X हो", Turkish "… X'dir".
		lateRule(rule("prose-password", worldPasswordWords,
			`(?i)(?:`+worldPasswordWord+`)[^.\n]{0,60}?\s(?P<secret>[^\s,;،、。]{6,})\s+(?:است|هست|می`+"\u200c"+`باشد|میباشد|ہے|है|हो|हुन्छ|です|だ|(?:d|t)[ıiuü]r)(?:$|[^\p{L}])`, toldPassword)),
		// A name and a random value paired in a list, as a JSON or YAML
		// table of logins holds them: [["deploy", "J2PQ…"]]. The value
		// must look random (mixed, long), not be a name or a hash.
		rule("paired-secret", []string{"[\"", "['"}, `\[\s*["'][^"'\n]{1,40}["']\s*,\s*["'](?P<secret>[A-Za-z0-9+/_\-.~=!@#$%^&*]{16,})["']\s*\]`,
			func(v string) bool { return looksRandomLong(v) && !isHex(v) }),
		// A Wi-Fi network and its key: "wifi: office-5G / …".
		lateRule(rule("wifi-password", []string{"wifi", "wi-fi", "wlan", "ssid"},
			`(?i)\b(?:wi-?fi|wlan|ssid)\b[^\n]{0,40}?(?:\s/|\bpassword|\bpw|\bkey|\bpassphrase)\s*[:=]?\s*(?P<secret>[^\s,;]{8,})`, toldPassword)),
		// A chat bot's token (Telegram's shape), also glued to "bot" in an
		// API URL, where a word boundary would not find its start.
		rule("bot-token", []string{":aa"}, `(?:^|[^0-9])(?P<secret>[0-9]{8,10}:AA[A-Za-z0-9_\-]{33})(?:$|[^A-Za-z0-9_\-])`, nil),
		// A credential file's line: a host (bracketed, with a port or not),
		// then user:password — Postfix's sasl_passwd, an smtp relay map,
		// a proxy's auth file ("[smtp.example.net]:587 relay@x.io:…").
		rule("credential-file-line", []string{":"}, `(?m)^[ \t]*(?:\[[A-Za-z0-9.\-]+\]|[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+)(?::\d{2,5})?[ \t]+[^\s:@\[]+(?:@[A-Za-z0-9.\-]+)?:(?P<secret>[^\s:]{6,})[ \t]*$`, toldPassword),
		// A random value in a string literal whose line's comment names
		// it a key, a secret or a token: an SDK client built with an id
		// and a key (algoliasearch("APPID", "…"); // admin key).
		rule("commented-secret", []string{"key", "secret", "token", "credential", "password"}, `["'](?P<secret>[A-Za-z0-9+/_\-.=]{24,})["'][^\n]*?(?://|#|/\*)[^\n]*?\b(?:api[ _-]?key|key|secret|token|credential|password|passphrase)s?\b`, looksRandomLong),
		// A container named for a secret whose value is a child: an HCL
		// block (variable "db_password" { default = "…" }), a YAML mapping
		// (DbPassword:\n  NoEcho: true\n  Default: …), an XML element
		// (<AdministratorPassword><Value>…</Value>), a JSON object. Up to
		// six lines apart, with no other container opened between.
		rule("nested-secret", []string{"default", "value"},
			`(?i)(?:password|passwd|passphrase|secret|token|api[_-]?key|private[_-]?key|credentials?)[A-Za-z0-9_\-]*(?:["']?\s*(?:\{|:)[ \t]*\n|>[ \t]*\n)(?:[^\n{}]*\n){0,5}?[ \t]*(?:["']?(?:default|value|initial_?value|defaultvalue)["']?\s*[:=]\s*(?P<secret>"[^"\n]+"|'[^'\n]+'|[^\s"'<>,;{}]+)|<value>(?P<secret>[^<\n]+)</value>)`, toldPasswordOrRandom),
		// A key and its value on the next line, as formatters wrap a long
		// string: "client_secret_key":\n    "…". Only a quoted value.
		rule("next-line-secret", []string{"pass", "secret", "token", "key", "pwd"},
			`(?i)(?:^|[^A-Za-z0-9_.\-])["']?(?P<name>[A-Za-z0-9_.\-]{0,60}?(?:password|passwd|pass[_.\-]?phrase|pwd|secret|token|key|credentials?))["']?[ \t]*(?::|=|=>)[ \t]*\(?[ \t]*\n[ \t]*(?P<secret>"[^"\n]{6,}"|'[^'\n]{6,}')`, nil),
		// Session 19, batch 18, as classes: a config directive whose name
		// ends in a credential word and whose value follows after spaces,
		// no "=" or ":" (fluent-bit's `Splunk_Token  …`, Apache's and
		// nginx's directives): only a value that looks random.
		rule("config-directive-secret", []string{"token", "secret", "key", "password", "passwd"},
			`(?im)^[ \t]*[A-Za-z][A-Za-z0-9]*[_.\-]?(?:token|secret|api_?key|apikey|password|passwd)[ \t]+(?P<secret>[A-Za-z0-9+/_\-]{16,}={0,2})[ \t]*$`, looksRandom),
		// A command-line tool's auth or login subcommand given the token
		// itself (`snyk auth <token>`, `… login <token>`).
		rule("cli-auth-token", []string{"auth", "login"}, `(?m)\b[a-z][a-z0-9_\-]*\s+(?:auth|login|authenticate)\s+(?P<secret>[A-Za-z0-9_\-]{20,})(?:\s|$)`, looksRandom),
		// The headers an OpenTelemetry exporter sends (OTEL_EXPORTER_OTLP_…
		// HEADERS=name=value,…): vendors put their keys there under names of
		// their own (x-honeycomb-team, dd-api-key, lightstep-access-token).
		rule("otlp-header", []string{"otlp"}, `(?i)OTEL_EXPORTER_OTLP(?:_TRACES|_METRICS|_LOGS)?_HEADERS\s*[=:]\s*["']?(?:[^=,\s"']+=[^,\s"']*,)*?[^=,\s"']+=(?P<secret>[A-Za-z0-9+/_\-.%]{16,})`, looksRandom),
		// A recovery phrase: twelve to twenty-four lower-case words after
		// a mnemonic's name (wallets, hardhat and truffle configs).
		rule("mnemonic-phrase", []string{"mnemonic", "seed phrase", "recovery phrase", "seed_phrase"}, `(?i)(?:mnemonic|seed[ _]phrase|recovery[ _]phrase)["']?\s*[:=]\s*["'](?P<secret>[a-z]+(?: [a-z]+){11,23})["']`, nil),
		// XML elements named for a secret (Maven's settings.xml, .NET configs).
		rule("xml-secret", []string{"<"}, `(?i)<(?:password|passwd|pass|pwd|secret|token|api[_-]?key|client[_-]?secret|access[_-]?key|private[_-]?key)(?:\s+[a-z:_\-]+="[^"<>\n]*")*\s*>(?P<secret>[^<\s]{4,})</`, notPlaceholder),
		// … and an element whose name ends in one (<AdministratorPassword>,
		// <DbPassword>, <ClientSecret>, <AuthToken>).
		rule("xml-secret", []string{"<"}, `<[A-Za-z][A-Za-z0-9_.\-]*?(?:Password|Passwd|Passphrase|Secret|Token|ApiKey|PrivateKey|_password|_secret|_token|-password|-secret|-token)>(?P<secret>[^<\s]{4,})</`, toldPasswordOrRandom),
		// Session 20, batch 19, as classes. A client built from one
		// random literal, the way SDKs take their key (new Stripe("…"),
		// new Resend("…"), deepl.Translator("…"), OpenAI("…")): the
		// constructor's first argument, when it looks random and is no
		// bare UUID or short hex id (an ObjectId, a Guid).
		rule("client-constructor-key", []string{"(\"", "('", "(`"},
			`(?:\bnew\s+[A-Z][A-Za-z0-9_]*|(?:^|[^A-Za-z0-9_.])(?:[a-z][a-z0-9_]*\.)?[A-Z][A-Za-z0-9_]*)\s*\(\s*["'\x60](?P<secret>[A-Za-z0-9_\-:.+/=]{20,})["'\x60]\s*[,)]`,
			func(v string) bool {
				return looksRandomLong(v) && !isUUID(v) && (!isHex(v) || len(v) >= 32) && !strings.Contains(v, "://") && !pathLike(v) && mixedPart(v)
			}),
		// A credential as the second item of a pair whose first names it:
		// a WebSocket's subprotocols (["token", "…"]), a header tuple
		// (("Authorization", "…")), a list of [name, value]. Hex counts
		// here: the label says it is a key, not a digest.
		rule("labelled-pair", []string{"token", "bearer", "key", "secret", "password", "auth"},
			`(?i)[\[(]\s*["'](?:token|bearer|access[_-]?token|api[_-]?key|apikey|key|secret|password|passwd|authorization|auth)["']\s*,\s*["'](?:bearer\s+|token\s+)?(?P<secret>[A-Za-z0-9+/_\-.~=]{16,})["']`,
			func(v string) bool { return looksRandomLong(v) || len(v) >= 32 && isHex(v) }),
		// An interactive script that answers a password prompt: expect's
		// `expect "Password:"` then `send "…\r"`, pexpect's
		// child.expect('assword') then child.sendline('…').
		rule("expect-send-password", []string{"expect"},
			`(?i)\bexpect\s*\(?\s*(?:-\S+\s+)*["'{][^"'}\n]*(?:assword|passphrase|passcode|\bpin\b|token)[^"'}\n]*["'}]\s*\)?[\s{]*(?:[A-Za-z_][A-Za-z0-9_]*\.)?send(?:line)?\s*\(?\s*(?:--\s+)?["'{](?P<secret>[^"'}\n]+?)(?:\\r|\\n)?["'}]`,
			func(v string) bool { return notPlaceholder(v) && !strings.HasPrefix(v, "$") && len(v) >= 4 }),
		// … and a shell script's case branch for the prompt
		// (GIT_ASKPASS, SSH_ASKPASS, SUDO_ASKPASS helpers): `Password*)
		// echo '…' ;;`.
		rule("askpass-answer", []string{"echo", "printf"},
			`(?i)(?:^|[\s|(])["']?[*]?(?:p?assword|passphrase|pass|pin)[^)\n]{0,20}\)\s*(?:echo|printf)\s+(?:-[a-z]+\s+)?(?:["']%s(?:\\n)?["']\s+)?(?:["'](?P<secret>[^"'\n]+)["']|(?P<secret>[^\s"';]+))`,
			func(v string) bool { return notPlaceholder(v) && !strings.HasPrefix(v, "$") && len(v) >= 4 }),
		// A generated secret kept in Terraform's state: the "result" of a
		// random_password resource (sensitive in the plan, plain in the
		// state file).
		rule("tfstate-secret", []string{"random_password"},
			`(?s)"type"\s*:\s*"random_password".{0,400}?"result"\s*:\s*"(?P<secret>(?:[^"\\\n]|\\.)+)"`, nil),
		// strongSwan's and libreswan's ipsec.secrets: `… : PSK "…"`.
		rule("ipsec-psk", []string{"psk"}, `(?m):\s*(?:PSK|EAP|XAUTH)\s+(?P<secret>"[^"\n]+"|'[^'\n]+'|[^\s"']{6,})`, func(v string) bool { return notPlaceholder(strings.Trim(v, `"'`)) }),
		// A token as a path segment of a URL, after a segment that names
		// it (/t/<token>/: Anaconda's channels; /token/, /key/, /apikey/)
		// or on a host that serves keyed RPC endpoints (QuickNode,
		// Infura, Alchemy, Ankr, Chainstack, GetBlock, …): only a
		// random-looking segment, and not a hyphenated UUID on an RPC host
		// (a resource id).
		rule("url-path-token", []string{"/t/", "/token/", "/tokens/", "/key/", "/apikey/", "/api_key/"},
			`(?i)(?:https?|wss?)://[A-Za-z0-9.\-]+(?::\d{2,5})?/(?:[A-Za-z0-9_.\-]+/){0,3}(?:t|tokens?|key|apikey|api_key)/(?P<secret>[A-Za-z0-9_\-]{20,})(?:/|$|[\s"'<>)\]}?#,;])`,
			func(v string) bool {
				return looksRandomLong(v) || isUUID(v) || strings.Count(v, "-") >= 3 && len(v) >= 30
			}),
		rule("rpc-host-key", []string{"quiknode", "infura", "alchemy", "ankr", "chainstack", "getblock", "nodereal", "blastapi", "drpc", "rpc"},
			`(?i)(?:https?|wss?)://[A-Za-z0-9.\-]*(?:quiknode|infura|alchemy|ankr|chainstack|getblock|nodereal|blastapi|drpc|rpc)[A-Za-z0-9.\-]*(?::\d{2,5})?/(?:[A-Za-z0-9_.\-]+/){0,3}(?P<secret>[A-Za-z0-9_\-]{24,})(?:/|$|[\s"'<>)\]}?#,;])`,
			func(v string) bool { return looksRandomLong(v) && !isUUID(v) }),
		// A JSON or code array of 32 or 64 bytes under a word for a key:
		// a Solana keypair file, a Uint8Array secret key, an ed25519 seed.
		rule("byte-array-key", []string{"key", "secret", "seed", "wallet", "solana"},
			`\[(?P<secret>\s*(?:\d{1,3}\s*,\s*){31,63}\d{1,3}\s*)\]`, byteArrayKey),
		// Erlang's distribution cookie: vm.args' -setcookie, erl -cookie.
		rule("erlang-cookie", []string{"setcookie", "-cookie"},
			`(?m)(?:^|\s)-(?:set)?cookie[ \t]+(?:[A-Za-z0-9_@.\-]+[ \t]+)?(?P<secret>[^\s$'"{}]{8,})[ \t]*$`, notPlaceholder),
		// A cookie-jar line (Netscape's format: curl's cookies.txt,
		// ~/.gitcookies): domain, flag, path, secure, expiry, name and
		// the value, tab-separated — a session, whatever the name.
		rule("cookie-jar-line", []string{"\ttrue\t", "\tfalse\t"},
			`(?m)^[ \t]*#?(?:HttpOnly_)?[A-Za-z0-9.\-]+\t(?:TRUE|FALSE)\t/[^\t\n]*\t(?:TRUE|FALSE)\t\d+\t[^\t\n]*\t(?P<secret>[^\t\n]{8,})[ \t]*$`,
			func(v string) bool { return looksRandom(v) || len(v) >= 20 }),
		// The secret half of an access-key pair under its short name
		// (sk=, secretkey=; Huawei's obsutil, Tencent's and Qiniu's
		// configs), when the text also sets the access key.
		rule("short-secret-key", []string{"ak=", "ak:", "ak =", "accesskey", "access_key", "secretid"},
			`(?im)^[ \t]*(?:sk|secretkey|secret_key|secretaccesskey)[ \t]*[=:][ \t]*["']?(?P<secret>[A-Za-z0-9/+_\-]{20,})["']?[ \t]*$`, looksRandomLong),
		// A key or app id labelled by name in a key-value pair of any
		// language ("appid" => "…", :appid => "…", appid: "…" in a query).
		rule("app-id-pair", []string{"appid", "app_id", "appkey", "app_key", "api_key", "apikey"},
			`(?i)["':]?(?:appid|app_id|appkey|app_key|api_key|apikey)["']?\s*(?:=>|,|:)\s*["'](?P<secret>[A-Za-z0-9_\-]{16,})["']`,
			func(v string) bool { return looksRandomLong(v) || len(v) >= 24 && isHex(v) }),
		// pgbouncer's userlist.txt: "user" "password" lines.
		rule("userlist-line", []string{"userlist"},
			`(?m)^[ \t]*"[^"\n]+"[ \t]+"(?P<secret>[^"\n]{6,})"[ \t]*$`, notPlaceholder),
		// AUTH in a protocol trace: Redis's RESP framing (*2 $4 AUTH $n
		// <password>, with CRLF printed as ".." by tcpdump -A, or as \r\n),
		// with or without a user, and MONITOR's quoted form.
		rule("resp-auth", []string{"auth"},
			`(?i)\$4(?:\.\.|\r?\n|\\r\\n)AUTH(?:\.\.|\r?\n|\\r\\n)(?:\$\d+(?:\.\.|\r?\n|\\r\\n)[^\s.]+(?:\.\.|\r?\n|\\r\\n))?\$\d+(?:\.\.|\r?\n|\\r\\n)(?P<secret>[^\s]+?)(?:\.\.|\r?\n|\\r\\n|$)`, nil),
		rule("resp-auth", []string{"\"auth\""},
			`(?i)"AUTH"(?:\s+"[^"\n]+")?\s+"(?P<secret>[^"\n]{4,})"`, notPlaceholder),
		// Session 21, batch 22, as classes. A literal given as the
		// fallback of a credential's environment variable: the value
		// used whenever the variable is unset (process.env.X_KEY ||
		// '…', os.getenv("X_TOKEN", "…"), ENV.fetch("X_SECRET") { "…" },
		// ${X_PASSWORD:-…}).
		rule("env-fallback-secret", []string{"env", ":-"},
			`(?i)(?:process\.env\.|os\.environ\.get\(\s*|os\.getenv\(\s*|getenv\(\s*|\benv\(\s*|env\[\s*|env\.fetch\(\s*|environment\.getenvironmentvariable\(\s*)["']?[A-Za-z0-9_]*(?:key|token|secret|pass|passwd|password|pwd|auth|credentials?)[A-Za-z0-9_]*["']?(?:\s*[)\]])?\s*(?:\|\||\?\?|\bor\b|\?:|,|\)\s*\{)\s*["'](?P<secret>[^"'\n]{8,})["']|\$\{[A-Za-z0-9_]*(?:KEY|TOKEN|SECRET|PASS|PASSWD|PASSWORD|PWD|AUTH|CREDENTIALS?)[A-Za-z0-9_]*:?-(?P<secret>[^}\s'"$]{8,})\}`,
			toldPasswordOrRandom),
		// An Authorization header whose value is the token alone, with
		// no scheme before it (Unleash's "*:*.…", many internal APIs).
		rule("authorization-header", []string{"authorization"}, `(?i)authorization["']?\s*[:=]\s*["']?(?P<secret>[^\s"',]{20,})`,
			func(v string) bool { return looksRandom(v) && !strings.ContainsAny(v, "(){}$[]") }),
		tok("mailersend-token", []string{"mlsn."}, `mlsn\.[a-f0-9]{64}`),
		// A key and its value printed with dot leaders, as a framework's
		// config dump lays them out (php artisan config:show, about).
		rule("dotted-leader-secret", []string{"..."},
			`(?im)^[ \t]*[A-Za-z0-9_.\-]*(?:key|token|secret|password|passwd|pass|pwd|credentials?)[ \t]+\.{3,}[ \t]+(?P<secret>\S+)[ \t]*$`, toldPasswordOrRandom),
		// A property list's key named for a secret and the string after
		// it (an Alfred workflow's prefs, an Info.plist, a launchd job's
		// environment).
		rule("plist-secret", []string{"<key>"},
			`(?i)<key>[^<\n]*(?:token|secret|password|passwd|api[_ -]?key|apikey|access[_ -]?key|private[_ -]?key|credentials?)[^<\n]*</key>\s*<string>(?P<secret>[^<\s]{6,})</string>`, toldPasswordOrRandom),
		// A user:password pair given to a --creds flag (skopeo's --creds,
		// --src-creds, --dest-creds; podman's and buildah's --creds).
		rule("cli-password", []string{"creds", "--credential"},
			`(?i)(?:^|\s)--(?:[a-z]+-)?(?:creds?|credentials?)(?:=|\s+)["']?[^\s:'"]{1,100}:(?P<secret>[^\s'"]+)`, notPlaceholder),
		// Samba's user%password (smbclient, rpcclient, smbmap, net -U).
		rule("cli-password", []string{"%"},
			`(?:^|\s)(?:-U|--user(?:name)?)(?:\s+|=)["']?[^\s%'"]{1,80}%(?P<secret>[^\s'"]+)`, notPlaceholder),
		// Windows commands that take a password after /RP (schtasks' run-as
		// password) or /P after /U (schtasks /S, wmic, net use).
		rule("cli-password", []string{"/rp"}, `(?i)(?:^|\s)/rp[ :]\s*(?P<secret>"[^"\n]+"|[^\s"/]+)`, notPlaceholder),
		rule("cli-password", []string{"/p"},
			`(?i)(?:^|\s)/(?:u|ru|user)[ :]\s*(?:"[^"\n]+"|\S+)\s+/p(?:assword)?[ :]\s*(?P<secret>"[^"\n]+"|[^\s"/]+)`, notPlaceholder),
		rule("cli-password", []string{"net use"}, `(?i)\bnet\s+use\s+(?:[A-Za-z]:\s+|\*\s+)?\\\\\S+\s+(?P<secret>[^\s/*"\\][^\s"]*)\s+/user:`, toldPassword),
		// A Perforce ticket line (~/.p4tickets): host:port=user:ticket.
		rule("p4-ticket", []string{"="},
			`(?m)^[ \t]*(?:ssl:)?[A-Za-z0-9.\-]+:\d{2,5}=[^\s:=]+:(?P<secret>[0-9A-Fa-f]{32})[ \t]*$`, nil),
		// A secret given to a SQL statement as an option and a quoted
		// literal, no "=": DuckDB's CREATE SECRET (… SECRET '…'),
		// PostgreSQL's PASSWORD '…', IDENTIFIED BY '…'.
		rule("sql-secret-option", []string{"secret", "password", "token", "identified"},
			`(?im)(?:(?:^|[(,])[ \t]*(?:secret|password|token|session_token|secret_key|secret_access_key|client_secret|account_key)|\bidentified\s+by(?:\s+password)?|\bpassword)\s+'(?P<secret>[^'\n]{6,})'`, toldPasswordOrRandom),
	}
	return append(append(append(rules, contextCredRules()...), moreContextCredRules()...), genericCredRules()...)
})

// assignment finds NAME=value, NAME: value, "name": "value", name := "value"
// and a declaration with its type, NAME: TYPE = value (Rust, TypeScript,
// Kotlin, Swift, Python's annotations: `const CLIENT_SECRET: &str = "…"`),
// where NAME ends in a credential word after a separator (DB_PASSWORD,
// SMTP_PASS, SECRET_KEY, apiKey, spring.datasource.password). Whether the
// value is redacted depends on the word and the value (assignmentSecret);
// a value that is a call (`new NetworkCredential("user", "…")`,
// `HTTPBasicAuth("user", "…")`) is read through its arguments
// (callSecrets).
var assignment = lazyRE(`(?i)(?:^|[^A-Za-z0-9_.\-])(?P<name>[A-Za-z0-9_.\-]{0,60}?(?:password|passwd|pass[_.\-]phrase|passphrase|pass|pwd|secret|token|key|auth|credentials?|pat|psk)(?:[_.\-](?:base|value|b64|base64|hex|raw|str|string|plain|plaintext|data|pem|der))?)["']?\]?[ \t]{0,3}(?P<op>:[ \t]*[&*]?[A-Za-z_][A-Za-z0-9_&*:<>\[\]',. ]{0,40}?[ \t]=|=>|:=|=|:|is\b|was\b)[ \t]{0,3}(?P<secret>"[^"\n]*"|'[^'\n]*'|` + "`[^`\\n]*`" + `|[^\s"'` + "`" + `,;]+)`)

var assignmentKeywords = []string{"pass", "pwd", "secret", "token", "key", "auth", "credential", "pat", "psk"}

// highEntropy finds long base64-like runs; each is redacted only when it
// looks random (highEntropySecret).
var highEntropy = lazyRE(`(?:^|[^A-Za-z0-9+/_=\-])(?P<secret>[A-Za-z0-9+/_\-]{40,}={0,2})`)

// Redact replaces every credential in s by [REDACTED] and returns
// the new text and the rules that fired (none when s is clean).
func Redact(s string) (string, []string) {
	original := s
	var rules []string
	fired := func(id string) {
		for _, r := range rules {
			if r == id {
				return
			}
		}
		rules = append(rules, id)
	}
	// The keywords of every rule in one pass; a redaction only removes
	// text, so what the first pass found stays a superset.
	// Code kept as JSON strings (a notebook's "source" lines, an
	// escaped snippet): each string holding an escaped quote is read
	// unescaped, as the code it is.
	if strings.Contains(s, `\"`) {
		if out, ids := redactEscapedStrings(s); out != s {
			s = out
			for _, id := range ids {
				fired(id)
			}
		}
	}
	x := credIndex()
	hits := x.hits(strings.ToLower(s))
	apply := func(late bool) {
		for i := range credRules() {
			r := &credRules()[i]
			if r.late != late || !x.candidate(hits, i) || r.gate != nil && !r.gate(s) {
				continue
			}
			if out, n := replaceSecret(r.re(), s, r.valid, r.kept); n > 0 {
				s = out
				fired(r.id)
			}
		}
	}
	apply(false)
	if x.candidate(hits, len(credRules())) {
		if out, n := replaceAssignments(s); n > 0 {
			s = out
			fired("credential-assignment")
		}
	}
	apply(true)
	if x.candidate(hits, len(credRules())+1) && strings.Contains(s, "(") {
		if out, n := redactAuthCalls(s); n > 0 {
			s = out
			fired("auth-call-argument")
		}
	}
	if x.candidate(hits, len(credRules())+2) {
		if out, n := redactSecretsFileLines(s); n > 0 {
			s = out
			fired("secrets-file-line")
		}
	}
	for _, p := range shapePasses {
		if p.needs != "" && !strings.Contains(s, p.needs) {
			continue
		}
		if out, n := p.redact(s); n > 0 {
			s = out
			fired(p.id)
		}
	}
	known, ids := redactKnown(s)
	for _, id := range ids {
		s = known
		fired(id)
	}
	if len(s) >= 40 {
		if out, n := replaceSecret(highEntropy(), s, highEntropySecret, func(before string) bool {
			return integrityPrefix().MatchString(before) || namedAsID(before) || publicKeyNamed().MatchString(before[max(0, len(before)-24):])
		}); n > 0 {
			s = out
			fired("high-entropy-string")
		}
	}
	if len(rules) > 0 {
		if out, n := completeRedactions(original, s); n > 0 {
			s = out
			fired("secret-copy")
		}
	}
	return s, rules
}

// shapePasses are the redactions that read a text's shape rather than a
// format's keywords, in order: each runs when the text holds its needs
// (a byte its shape cannot do without), and is reported by its id.
var shapePasses = []struct {
	id, needs string
	redact    func(string) (string, int)
}{
	{"client-call-argument", "(", redactClientCalls},
	{"ini-login-section", "[", redactLoginSections},
	{"table-column", "|", redactTableColumns},
	{"random-word", "", redactRandomWords},
	{"signed-word", "", redactSignedWords},
	{"sibling-argument", "", redactSiblingArguments},
}

// jsonString is a JSON string literal holding an escaped quote.
var jsonString = lazyRE(`"(?:[^"\\\n]|\\.)*\\"(?:[^"\\\n]|\\.)*"`)

// redactEscapedStrings redacts the content of every JSON string of s
// that holds an escaped quote ("os.environ[\"KEY\"] = \"…\"\n"),
// unescaped, and writes it back escaped.
func redactEscapedStrings(s string) (string, []string) {
	var ids []string
	out := jsonString().ReplaceAllStringFunc(s, func(lit string) string {
		var code string
		if json.Unmarshal([]byte(lit), &code) != nil || strings.Contains(code, `\"`) {
			return lit
		}
		red, rs := Redact(code)
		if red == code {
			return lit
		}
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if enc.Encode(red) != nil {
			return lit
		}
		ids = append(ids, rs...)
		return strings.TrimSuffix(b.String(), "\n")
	})
	return out, ids
}

// credIndex is the keyword index of credRules, the assignment rule last.
var credIndex = sync.OnceValue(func() *literalIndex {
	sets := make([][][]string, len(credRules())+3)
	for i, r := range credRules() {
		if r.keywords != nil {
			sets[i] = [][]string{r.keywords}
		}
	}
	sets[len(credRules())] = [][]string{assignmentKeywords}
	sets[len(credRules())+1] = [][]string{authCallKeywords}
	sets[len(credRules())+2] = [][]string{{"secret", "passw", ".pass", "-pass"}}
	return newLiteralIndex(sets)
})

// mixedPart reports a value one of whose parts (split at - _ . : /)
// mixes letters and digits, as a generated key's do: an identifier
// ("my-cluster-bootstrap-01") has words and numbers apart.
func mixedPart(v string) bool {
	for _, p := range strings.FieldsFunc(v, func(r rune) bool { return strings.ContainsRune("-_.:/", r) }) {
		if strings.ContainsAny(p, "0123456789") && strings.Trim(p, "0123456789") != "" {
			return true
		}
	}
	return false
}

// authCall is a call whose name says it authenticates or connects
// (smtp.PlainAuth, .basic_auth, DriverManager.getConnection, ftp.login,
// ldap's simple_bind_s, HTTPBasicAuth, PasswordAuthentication): its
// arguments are a user, a password, a host — in any language.
var authCall = lazyRE(`(?i)(?:^|[^A-Za-z0-9_])(?:[A-Za-z_][A-Za-z0-9_]*?)?(?:auth|authenticate|authentication|login|logon|signin|sign_in|credentials?|connect|connection|bind|password|passwd)(?:_s|_async|async)?\s*\(`)

var authCallKeywords = []string{"auth", "login", "logon", "signin", "sign_in", "credential", "connect", "bind", "password", "passwd"}

// userArgument is a keyword argument that names what is not the
// secret: user=…, host: …
var userArgument = lazyRE(`(?i)(?:user(?:name)?|login|host(?:name)?|server|db|dbname|database|port|url|uri|dsn|name|identity|email|realm|domain|account)\s*[=:]\s*$`)

// redactAuthCalls redacts the secret among the string literals of an
// authenticating call's arguments, up to its closing parenthesis (the
// arguments may span lines): with two or more, the first is the user or
// the identity and stays; of the others, one shaped as a password
// (strongPassword) that is no URL, address, host or path is the secret.
// A literal inside a nested call counts (reqwest's .basic_auth(user,
// Some("…"))).
func redactAuthCalls(s string) (string, int) {
	var spans [][2]int
	for _, m := range authCall().FindAllStringIndex(s, 32) {
		lits, _ := callArguments(s, m[1]-1, 600, false, "\"'`", func(i int) bool {
			return userArgument().MatchString(s[max(0, i-20):i])
		})
		for _, l := range lits {
			if v := s[l[0]:l[1]]; !strings.Contains(v, Redacted) && callPassword(v) {
				spans = append(spans, l)
			}
		}
	}
	return splice(s, spans), len(spans)
}

// callArguments returns the string literals among the arguments of the
// call whose opening parenthesis is s[open], up to its closing one, at
// most limit bytes on (and within the line when oneLine). quotes are the
// literals' delimiters; skip, when set, leaves out the literal whose
// opening quote is at the index it is given. With two or more literals
// the first — the user, the identity, the key's id — is left out. closed
// is false when a literal is left open (its line ends first): the
// literals before it are returned.
func callArguments(s string, open, limit int, oneLine bool, quotes string, skip func(i int) bool) (lits [][2]int, closed bool) {
	lits, closed = allCallArguments(s, open, limit, oneLine, quotes, skip)
	if len(lits) >= 2 {
		lits = lits[1:]
	}
	return lits, closed
}

// allCallArguments is callArguments with every literal, the first too.
func allCallArguments(s string, open, limit int, oneLine bool, quotes string, skip func(i int) bool) (lits [][2]int, closed bool) {
	closed = true
	depth := 0
scan:
	for i := open; i < len(s) && i < open+limit && !(oneLine && s[i] == '\n'); i++ {
		switch c := s[i]; {
		case c == '(':
			depth++
		case c == ')':
			depth--
		case strings.IndexByte(quotes, c) >= 0:
			end := strings.IndexByte(s[i+1:], c)
			if end < 0 || strings.IndexByte(s[i+1:i+1+end], '\n') >= 0 {
				closed = false
				break scan
			}
			if skip == nil || !skip(i) {
				lits = append(lits, [2]int{i + 1, i + 1 + end})
			}
			i += end + 1
		}
		if depth == 0 {
			break
		}
	}
	return lits, closed
}

// callPassword is an argument only a password is: shaped as one, and no
// URL, e-mail address, host name or path.
func callPassword(v string) bool {
	return strongPassword(v) && !strings.Contains(v, "://") && !strings.HasPrefix(v, "/") && !plainAddress().MatchString(v)
}

// plainAddress is an e-mail address or a host name (with a port).
var plainAddress = lazyRE(`^(?:[a-z0-9._%+\-]+@)?[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.[a-z]{2,}(?::\d{1,5})?$`)

// secretsFile is a line naming a file of secrets by its path:
// rsyncd.secrets, a .pass or passwords file, chap-secrets.
var secretsFile = lazyRE(`(?i)(?:^|[\s/(])[A-Za-z0-9_.\-]*(?:secrets?|passwords?|passwd|\.pass|-pass)(?:\.[a-z]{1,5})?(?:[\s:),]|$)`)

// secretLine is a "user:secret" line, one colon and no space.
var secretLine = lazyRE(`^[ \t]*[A-Za-z0-9_.\-@]{1,64}:(?P<secret>[^\s:]{6,})[ \t]*$`)

// secretFields is a line of whitespace-separated fields whose last is
// the password: davfs2's "URL-or-mount-point user password", a
// credentials list's "host user password".
var secretFields = lazyRE(`^[ \t]*(?:[a-z][a-z0-9+.\-]*://\S+|/\S*|[A-Za-z0-9.\-]+\.[A-Za-z]{2,}(?::\d+)?)[ \t]+[^\s#]+[ \t]+(?P<secret>[^\s#]{6,})[ \t]*$`)

// redactSecretsFileLines redacts the user:secret lines that follow a
// line naming a file of secrets (rsyncd's secrets file, pppd's
// chap-secrets, a .pass file), up to a blank line: each such line is a
// user and the password, with no word beside it to say so. /etc/passwd
// lines have many colons and are no such line.
func redactSecretsFileLines(s string) (string, int) {
	lines := strings.Split(s, "\n")
	in, n := false, 0
	for i, l := range lines {
		switch {
		case strings.TrimSpace(l) == "":
			in = false
		case in && (secretLine().MatchString(l) || secretFields().MatchString(l)):
			m := secretLine().FindStringSubmatchIndex(l)
			if m == nil {
				m = secretFields().FindStringSubmatchIndex(l)
			}
			v := l[m[2]:m[3]]
			if !strings.Contains(v, Redacted) && toldPassword(v) {
				lines[i] = l[:m[2]] + Redacted + l[m[3]:]
				n++
			}
		case secretsFile().MatchString(l) && !strings.Contains(l, "://") && !secretFields().MatchString(l):
			in = true
		}
	}
	if n == 0 {
		return s, 0
	}
	return strings.Join(lines, "\n"), n
}

// replaceSecret replaces each match of re in s (its "secret" group, or the
// whole match) that valid accepts, and counts the replacements. A quoted
// secret keeps its quotes. A value already redacted is left alone, so
// redaction is idempotent. allowed, when set, keeps a secret whose
// preceding text it accepts.
func replaceSecret(re *regexp.Regexp, s string, valid func(string) bool, allowed func(before string) bool) (string, int) {
	ms := re.FindAllStringSubmatchIndex(s, -1)
	if len(ms) == 0 {
		return s, 0
	}
	// The secret is the first group named "secret" that took part (a rule
	// may name one in each of its alternatives), else the whole match.
	var gs []int
	for i, n := range re.SubexpNames() {
		if n == "secret" {
			gs = append(gs, i)
		}
	}
	var spans [][2]int
	for _, m := range ms {
		from, to := m[0], m[1]
		for _, g := range gs {
			if m[2*g] >= 0 {
				from, to = m[2*g], m[2*g+1]
				break
			}
		}
		if strings.Contains(s[from:to], Redacted) {
			continue
		}
		from, to = trimQuotes(s, from, to)
		secret := s[from:to]
		if secret == "" || valid != nil && !valid(secret) ||
			allowed != nil && allowed(s[max(0, from-40):from]) {
			continue
		}
		spans = append(spans, [2]int{from, to})
	}
	return splice(s, spans), len(spans)
}

// splice replaces each span of s, in order and apart, by [REDACTED].
func splice(s string, spans [][2]int) string {
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		b.WriteString(s[last:sp[0]])
		b.WriteString(Redacted)
		last = sp[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// trimQuotes narrows s[from:to] to inside its quotes, and off a sentence's
// closing punctuation.
func trimQuotes(s string, from, to int) (int, int) {
	if to-from >= 2 {
		switch q := s[from]; q {
		case '"', '\'', '`':
			if s[to-1] == q {
				return from + 1, to - 1
			}
		}
	}
	for to > from+1 && strings.IndexByte(".,;:)]}>", s[to-1]) >= 0 {
		to--
	}
	return from, to
}

// replaceAssignments redacts the values of credential assignments.
func replaceAssignments(s string) (string, int) {
	ms := assignment().FindAllStringSubmatchIndex(s, -1)
	gName, gOp, gVal := assignment().SubexpIndex("name"), assignment().SubexpIndex("op"), assignment().SubexpIndex("secret")
	var spans [][2]int
	for _, m := range ms {
		name, op := s[m[2*gName]:m[2*gName+1]], s[m[2*gOp]:m[2*gOp+1]]
		vf, vt := m[2*gVal], m[2*gVal+1]
		if strings.Contains(s[vf:vt], Redacted) {
			continue
		}
		if op == ":" && s[vf] == ':' {
			continue // a path, Credentials::new(…)
		}
		quoted := vt-vf >= 2 && strings.IndexByte("\"'`", s[vf]) >= 0
		if !quoted && (s[vf:vt] == "new" || vt < len(s) && s[vt] == '(') {
			spans = append(spans, callSecrets(s, vt, name)...)
			continue
		}
		if len(op) > 1 && op[0] == ':' && op != ":=" {
			op = "=" // a declaration with its type
		}
		from, to := trimQuotes(s, vf, vt)
		// "Password: required" and "the password is stored hashed" are
		// prose: the value must look like a password there.
		prose := op == "is" || op == "was" || op == ":" && vf > m[2*gOp+1]
		// "the Figma file key is …": a key told in prose that names an
		// identifier (identifierKey) is no secret.
		if prose && identifierKey().MatchString(s[max(0, m[2*gName]-40):m[2*gName+1]]) {
			continue
		}
		if assignmentSecret(name, s[from:to], quoted, prose, op == "is" || op == "was") {
			spans = append(spans, [2]int{from, to})
		}
	}
	return splice(s, spans), len(spans)
}

// callSecrets reads a credential assigned from a call — the text after
// at (`new NetworkCredential(…)`, `(…)`) up to the call's closing
// parenthesis on the same line — and returns the spans of the string
// literals among its arguments that assignmentSecret takes for name's
// value. With two or more, the first is the user or the key's id
// (`NetworkCredential("alerts@…", "…")`, `HTTPBasicAuth("bot", "…")`) and
// is not one.
func callSecrets(s string, at int, name string) [][2]int {
	open := strings.IndexByte(s[at:], '(')
	if open < 0 || open > 80 || strings.ContainsAny(s[at:at+open], "\n;=") {
		return nil
	}
	lits, closed := callArguments(s, at+open, 400, true, "\"'", nil)
	if !closed {
		return nil
	}
	var spans [][2]int
	for _, l := range lits {
		v := s[l[0]:l[1]]
		if !strings.Contains(v, Redacted) && assignmentSecret(name, v, true, false, false) {
			spans = append(spans, l)
		}
	}
	return spans
}

// credentialWord is the last word of an assignment's name, lower case:
// "DB_PASSWORD" → "password", "apiKey" → "key", "bypass" → "" (no
// separator before the word, so not a credential name).
func credentialWord(name string) string {
	// Split camelCase and separators into words.
	var words []string
	start := 0
	for i := 1; i <= len(name); i++ {
		if i == len(name) || strings.IndexByte("_.-", name[i]) >= 0 ||
			unicode.IsUpper(rune(name[i])) && unicode.IsLower(rune(name[i-1])) {
			if w := strings.Trim(name[start:i], "_.-"); w != "" {
				words = append(words, strings.ToLower(w))
			}
			start = i
		}
	}
	if len(words) == 0 {
		return ""
	}
	w := words[len(words)-1]
	if len(words) > 1 && neutralSuffix()[w] { // SECRET_KEY_BASE, API_KEY_B64, client-key-data
		words = words[:len(words)-1]
		w = words[len(words)-1]
	}
	if len(words) > 1 && (w == "phrase" || w == "word") && words[len(words)-2] == "pass" { // pass_phrase, PASS_WORD
		words = append(words[:len(words)-2], "pass"+w)
		w = words[len(words)-1]
	}
	// A name that negates the word holds no credential: sudoers'
	// NOPASSWD, no_password, without-password, skip_token.
	if negatedCredentialName(words) {
		return ""
	}
	// A public half is published by design: WireGuard's PublicKey,
	// pub_key, public-key.
	for _, x := range words {
		if x == "public" || x == "pub" || x == "publickey" || x == "pubkey" {
			return ""
		}
	}
	for _, suffix := range []string{"password", "passwd", "secret", "token", "apikey", "secretkey", "accesskey", "privatekey"} {
		if strings.HasSuffix(w, suffix) { // PGPASSWORD, CSRFTOKEN
			return suffix
		}
	}
	// An environment variable glued to PASS (SSHPASS, DBPASS), not a word
	// that ends so (BYPASS, COMPASS).
	if strings.HasSuffix(w, "pass") && len(w) > 4 && name == strings.ToUpper(name) {
		switch w {
		case "bypass", "compass", "surpass", "overpass", "trespass", "underpass":
		default:
			return "pass"
		}
	}
	switch w {
	case "password", "passwd", "passphrase", "pass", "pwd", "secret", "credential", "credentials",
		"token", "key", "auth", "apikey", "secretkey", "accesskey", "privatekey", "authtoken", "accesstoken":
		return w
	case "psk":
		// A pre-shared key, alone (wpa_supplicant's psk="…", hostapd's
		// wpa_psk) or after a separator (wg_psk): a pass phrase, whatever
		// it looks like.
		return "passphrase"
	case "pat":
		// A personal access token as a name's own word after a separator
		// (AZURE_DEVOPS_EXT_PAT), not a word that ends so (compat, path):
		// the value must look random.
		if len(words) > 1 {
			return "token"
		}
	}
	return ""
}

// negatedCredentialName reports a name that says there is no credential:
// the word glued to "no" or "non" (NOPASSWD, nopass, noauth), or after a
// word that negates it (no_password, without-password, skip_token,
// disable_auth).
func negatedCredentialName(words []string) bool {
	w := words[len(words)-1]
	for _, neg := range []string{"no", "non"} {
		if rest, ok := strings.CutPrefix(w, neg); ok && len(rest) >= 3 && credentialStem(rest) {
			return true
		}
	}
	if len(words) > 1 {
		switch words[len(words)-2] {
		case "no", "non", "without", "skip", "disable", "disabled", "empty", "null", "missing", "never", "ignore":
			return true
		}
	}
	return false
}

// credentialStem reports a word that starts like a credential's name.
func credentialStem(w string) bool {
	for _, c := range []string{"pass", "pwd", "secret", "token", "key", "auth", "cred"} {
		if strings.HasPrefix(w, c) {
			return true
		}
	}
	return false
}

// neutralSuffix is a last word of a name that says how a value is kept,
// not what it is: the word before it names it.
var neutralSuffix = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"base": true, "value": true, "b64": true, "base64": true, "hex": true, "raw": true, "str": true, "string": true, "plain": true, "plaintext": true, "data": true, "pem": true, "der": true}
})

// assignmentSecret decides whether value, assigned to name, is a secret. A
// password-like name takes any value that is not a placeholder, a variable
// or a code reference — except a lone lower-case word after "Name: " in
// prose ("Password: required"). A token- or key-like name takes only a value
// that looks random (SORT_KEY=created_at is no secret).
func assignmentSecret(name, value string, quoted, prose, copula bool) bool {
	w := credentialWord(name)
	if w == "" || !notPlaceholder(value) {
		return false
	}
	if !quoted && codeReference(value) {
		return false
	}
	if pathValue(value) {
		return false // PWD=/root, password_file: /run/secrets/db: a place, not the secret
	}
	switch w {
	case "password", "passwd", "passphrase", "pass", "pwd", "secret", "credential", "credentials":
		if prose && !quoted && isPlainWord(value) {
			return false
		}
		if copula && !quoted && !passwordShaped(value) {
			return false
		}
		return len(value) >= 3
	}
	return looksRandom(value)
}

// redactTableColumns redacts the cells of a markdown table's column whose
// header names a secret ("| service | user | password |"): a value in such
// a column is the secret, with no word beside it to say so.
func redactTableColumns(s string) (string, int) {
	lines := strings.Split(s, "\n")
	n := 0
	var cols map[int]bool // the secret columns of the table being read
	for i, line := range lines {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "|") {
			cols = nil
			continue
		}
		cells := strings.Split(strings.Trim(t, "|"), "|")
		if cols == nil {
			for k, c := range cells {
				if secretHeader().MatchString(strings.TrimSpace(c)) {
					if cols == nil {
						cols = map[int]bool{}
					}
					cols[k] = true
				}
			}
			continue
		}
		changed := false
		for k := range cols {
			if k >= len(cells) {
				continue
			}
			if v := strings.TrimSpace(cells[k]); toldPassword(v) || looksRandom(v) {
				cells[k] = " " + Redacted + " "
				changed = true
				n++
			}
		}
		if changed {
			lead := line[:strings.Index(line, "|")]
			lines[i] = lead + "|" + strings.Join(cells, "|") + "|"
		}
	}
	if n == 0 {
		return s, 0
	}
	return strings.Join(lines, "\n"), n
}

// secretHeader is a table header that names a secret.
var secretHeader = lazyRE(`(?i)^(?:password|passwd|pwd|pass|secret|token|api[ _-]?key|key|credentials?|passwort|kennwort|mot de passe|contrase(?:ñ|n)a|senha)s?$`)

// proseCopula is what follows a password word in a sentence of the five
// languages and Italian, Swedish, Polish and Russian: a few words, a
// copula and the value.
const proseCopula = `[^.\n]{0,60}?(?:\s(?:is|was|lautet|ist|war|est|était|es|era|é|e|ficou|fica|è|era|är|var|jest|wynosi|была|был|это|kay|mao)\s+` + nowWord + `|\sc'est\s+)(?P<secret>[^\s,;]{6,})`

// nowWord is a word for "now" or "still" after a copula: "the password
// is now …", "salasana on nyt …", "das Passwort ist jetzt …".
const nowWord = `(?:(?:now|still|currently|temporarily|again|nyt|viela|vielä|jetzt|noch|nun|maintenant|toujours|ahora|todavia|todavía|agora|ainda|ora|ancora|nu|nå|teraz|nadal|сейчас|теперь|teď|ted|stále|stale|most|még|meg|şimdi|simdi|artık|τώρα|ακόμα|nog|fortfarande|fortsatt|hiện giờ|sekarang|masih|अब|現在|现在|이제|núna|nuna|karon|ngayon|no)\s+)?`

// worldPasswordWords are the password words (or their stems) of the
// languages the prose rules do not spell out — Dutch, Polish, Russian,
// Ukrainian, Swedish, Danish, Norwegian, Finnish, Czech, Slovak,
// Hungarian, Romanian, Turkish, Greek, Hindi, Arabic, Hebrew, Persian,
// Thai, Vietnamese, Indonesian, Japanese, Chinese, Korean —, lower case
// as the keyword index reads the text; one of them must be in the text
// for the rules to be tried.
var worldPasswordWords = []string{"wachtwoord", "hasło", "haslo", "парол", "lösenord", "losenord", "adgangskode", "kodeord", "passord", "salasana",
	"heslo", "hesla", "jelsz", "parolă", "parola", "şifre", "sifre", "κωδικ", "συνθηματικ", "पासवर्ड", "कूटशब्द", "كلمة المرور", "كلمة مرور", "كلمة السر",
	"סיסמ", "رمز عبور", "รหัสผ่าน", "mật khẩu", "mat khau", "kata sandi", "パスワード", "密码", "密碼", "비밀번호", "암호",
	// Session 17: the South Slavic, Baltic and other European languages,
	// the Caucasus and Central Asia, South and South-East Asia, Africa.
	"lozink", "лозинк", "geslo", "gesla", "slaptažod", "slaptazod", "parole", "paroli", "parool", "salasõna", "salasona",
	"lykilorð", "lykilord", "fjalëkalim", "fjalekalim", "contrasenya", "contrasinal", "pasahitz", "cyfrinair",
	"wagwoord", "wachtwurd", "passwuert", "pasfhocal", "nenosiri", "nywila", "kata laluan", "şifrə", "sifrə", "parol", "პაროლ", "գաղտնաբառ", "құпия сөз", "нууц үг",
	"গোপন নম্বর", "পাসওয়ার্ড", "கடவுச்சொல்", "પાસવર્ડ", "ਪਾਸਵਰਡ", "پاس ورڈ", "گذرواژه", "මුරපද", "ពាក្យសម្ងាត់", "ລະຫັດຜ່ານ", "စကားဝှက်", "የይለፍ ቃል"}

// worldPasswordWord matches one of worldPasswordWords as a word's start
// (then the rest of the word: "jelszava", "паролем"), after up to two
// of Hebrew's prefix letters ("הסיסמה", "והסיסמה"); the scripts that
// write no spaces need no boundary before it.
var worldPasswordWord = `(?:^|[^\p{L}])[הובלמשכ]{0,2}(?:` + strings.Join(worldPasswordWords, "|") + `)[\p{L}\p{M}]*|(?:パスワード|密码|密碼|비밀번호|암호|รหัสผ่าน|ពាក្យសម្ងាត់|ລະຫັດຜ່ານ|စကားဝှက်)`

// toldPassword is a password told after its word, not code that fetches
// one ("process.env.DB_PASSWORD", "${SECRET}", "secret/db)").
func toldPassword(v string) bool {
	return passwordShaped(v) && notPlaceholder(v) && !codeReference(v) && !strings.ContainsAny(v, "/(){}$[]")
}

// passwordShaped is a word of six or more characters with letters and
// digits or signs: "hunter2-prod-77", not "stored", "12" or "required".
func passwordShaped(v string) bool {
	if hyphenedWords().MatchString(strings.Trim(v, `'"`)) {
		// Lower-case words joined by hyphens describe ("read-only",
		// "write-once", "opt-in"); a pass phrase of words has more.
		return false
	}
	var letters, others int
	for _, c := range v {
		if unicode.IsLetter(c) {
			letters++
		} else {
			others++
		}
	}
	if len(v) >= 8 && others == 0 && !camelWord().MatchString(v) && v != strings.ToUpper(v) {
		// Letters only, in mixed case that no word or name has:
		// "NsSqNXGtwpPJ", not "Friday", "MyService" or "NONE".
		var upper int
		for _, c := range v {
			if unicode.IsUpper(c) {
				upper++
			}
		}
		return upper >= 2
	}
	return len(v) >= 6 && letters > 0 && others > 0 && !strings.HasSuffix(strings.ToLower(v), "characters")
}

// groupedPassword is an application password of four-character groups
// that mixes cases or digits, as a generated one does: not "this that
// were made from some text".
func groupedPassword(v string) bool {
	var upper, lower, digit bool
	for _, c := range v {
		switch {
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= '0' && c <= '9':
			digit = true
		}
	}
	return upper && lower && digit
}

// hyphenedWords is two or three words joined by hyphens, the first
// maybe capitalised as a sentence starts ("Short-lived").
var hyphenedWords = lazyRE(`^[A-Za-z][a-z]*(?:-[a-z]+){1,2}$`)

// camelWord is a word or a camel-case name: one capital to a hump.
var camelWord = lazyRE(`^[A-Z]?[a-z]+(?:[A-Z][a-z]+)*$`)

// codeReference is a value that names a secret instead of holding it: a
// variable, a call, a field (os.Getenv("X"), cfg.Password, process.env.X).
var codeReferenceRE = lazyRE(`^(?:[A-Za-z_]+(?:\.[A-Za-z_]+){1,3}|[A-Za-z_][A-Za-z0-9_.]*\(.*|[A-Za-z_][A-Za-z0-9_.]*\[.*)$`)

func codeReference(v string) bool { return codeReferenceRE().MatchString(v) }

// isPlainWord is a lower-case word of letters, as prose has.
func isPlainWord(v string) bool {
	if len(v) > 14 {
		return false
	}
	for _, c := range v {
		if !unicode.IsLower(c) && c != '-' {
			return false
		}
	}
	return true
}

// placeholders are values that stand for a secret in examples and docs.
var placeholders = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"password": true, "passwd": true, "pass": true, "secret": true, "token": true, "key": true,
		"changeme": true, "change-me": true, "change_me": true, "example": true, "redacted": true,
		"none": true, "null": true, "nil": true, "true": true, "false": true, "undefined": true,
		"empty": true, "required": true, "optional": true, "string": true, "str": true, "env": true,
		"yourpassword": true, "your_password": true, "your-password": true, "mypassword": true,
		"yoursecret": true, "your_secret": true, "your-token": true, "your_token": true, "your-api-key": true,
		"your_api_key": true, "xxx": true, "todo": true, "tbd": true, "secretref": true,
	}
})

// notPlaceholder rejects example values: "password", <password>, ${VAR},
// $VAR, {{ .Secret }}, %s, ***, xxxx, "...".
func notPlaceholder(v string) bool {
	if v == "" {
		return false
	}
	l := strings.ToLower(v)
	if placeholders()[l] {
		return false
	}
	switch {
	case strings.HasPrefix(v, "$"), strings.HasPrefix(v, "%"), strings.HasPrefix(v, "{{"),
		strings.HasPrefix(v, "<"), strings.HasPrefix(l, "env:"), strings.HasPrefix(l, "vault:"),
		strings.HasPrefix(l, "secret:"), strings.HasPrefix(l, "ref+"), strings.HasPrefix(l, "op://"), strings.HasPrefix(v, "[") && strings.HasSuffix(v, "]"),
		strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}"):
		return false
	}
	return strings.Trim(l, "x*.•#-_?") != ""
}

// looksRandom accepts a value that a generated token would be: at least 8
// characters and either letters and digits mixed, or 16 characters of
// high entropy. An identifier (refresh_scheduler, created_at) is not.
// looksRandomLong is a value after a secret-ish word in prose: hex of 32
// digits or more, or 20 or more characters that look random; a commit
// hash after "key" is 40 hex too, but "key" before a hash is rare in
// notes and a leaked key costs more than a redacted hash.
func looksRandomLong(v string) bool {
	v = strings.TrimRight(v, ".")
	if len(v) >= 32 && isHex(v) {
		return true
	}
	return len(v) >= 20 && looksRandom(v) && entropy(v) >= 3.5
}

func looksRandom(v string) bool {
	if len(v) < 8 || !notPlaceholder(v) || codeReference(v) || issueKey(v) {
		return false
	}
	var letters, digits, upper, lower int
	for _, c := range v {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c >= 'a' && c <= 'z':
			letters++
			lower++
		case c >= 'A' && c <= 'Z':
			letters++
			upper++
		}
	}
	if letters > 0 && digits >= 2 {
		// "v1.2.3", "2024-05-01", "utf8mb4": versions, dates and names mix
		// digits too; a token has a few of each.
		return letters >= 3 && entropy(v) >= 3
	}
	// Letters and at most one digit: long, in both cases, and varied
	// ("BPhLERW0CbvaQqrpxCCd", not "MyServiceName2"), and not words
	// joined by punctuation ("webpages:Version", an XML setting's key).
	return len(v) >= 16 && upper > 0 && lower > 0 && entropy(v) >= 3.5 && !joinedWords(v)
}

// joinedWords reports a value made of words between punctuation, each in
// lower case, capitalised or a short acronym: a name
// ("webpages:Version", "Logging.LogLevel.Default"), where a generated
// value mixes the cases inside its runs of letters.
func joinedWords(v string) bool {
	words := strings.FieldsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) < 2 {
		return false
	}
	for _, w := range words {
		rest := strings.TrimLeftFunc(w, unicode.IsUpper)
		switch caps := len(w) - len(rest); {
		case rest == "" && caps <= 5: // ID, HTTP
		case caps <= 1 && rest == strings.ToLower(rest) && !hasDigit(rest) && strings.ContainsAny(strings.ToLower(w), "aeiouy"):
		default:
			return false
		}
	}
	return true
}

// pathValue reports a value that is a file system path — /root,
// ~/.config/app, ./certs/ca.pem, C:\\Users\\app — rather than a secret:
// rooted, made of path characters, and no segment shaped as a generated
// value (a password may start with a slash: "/aB3kL9qZ" is no path).
// pathLike, below, judges a run inside a longer value by its words.
func pathValue(v string) bool {
	v = strings.Trim(v, `"'`)
	rest, ok := "", false
	for _, p := range []string{"/", "~/", "./", "../"} {
		if r, found := strings.CutPrefix(v, p); found {
			rest, ok = r, true
			break
		}
	}
	if !ok && len(v) > 3 && v[1] == ':' && v[2] == '\\' && unicode.IsLetter(rune(v[0])) {
		rest, ok = v[3:], true
	}
	if !ok {
		return false
	}
	for _, seg := range strings.FieldsFunc(rest, func(r rune) bool { return r == '/' || r == '\\' }) {
		for _, c := range seg {
			if !unicode.IsLetter(c) && !unicode.IsDigit(c) && !strings.ContainsRune("._-@+", c) {
				return false
			}
		}
		if looksRandom(seg) || hasDigit(seg) && strings.ToLower(seg) != seg && strings.ToUpper(seg) != seg {
			return false
		}
	}
	return true
}

// flagSpec reports a flag's value that is a list of key=value settings
// (docker build --secret id=npm,src=$HOME/.npmrc; --mount type=secret,…):
// the secret's description, not the secret.
func flagSpec(v string) bool {
	v = strings.Trim(v, `"'`)
	parts := strings.Split(v, ",")
	for _, p := range parts {
		k, _, ok := strings.Cut(p, "=")
		if !ok || k == "" || strings.IndexFunc(k, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '_' || r == '-') }) >= 0 {
			return false
		}
	}
	return len(parts) >= 2 || strings.HasPrefix(v, "id=") || strings.HasPrefix(v, "type=") || strings.HasPrefix(v, "src=") || strings.HasPrefix(v, "env=")
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// basicCredential accepts base64 of "user:password" — what HTTP basic
// authentication and a Docker config carry. "Basic authentication" does not
// decode to that.
func basicCredential(v string) bool {
	raw, err := base64.StdEncoding.DecodeString(v)
	if err != nil {
		raw, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(v, "="))
	}
	if err != nil || !utf8.Valid(raw) {
		return false
	}
	user, pw, ok := strings.Cut(string(raw), ":")
	return ok && pw != "" && !strings.ContainsAny(user, "\n\r\t") && printable(pw)
}

func printable(s string) bool {
	for _, c := range s {
		if !unicode.IsPrint(c) {
			return false
		}
	}
	return true
}

// highEntropySecret accepts a long run that looks random: upper and lower
// case letters and digits, an entropy a word, a path or a hex digest does
// not reach, and not base64 of readable text (that is text, not a key, and
// the injection layer reads it). Integrity hashes (sha512-…, h1:…) are
// published digests, not secrets.
func highEntropySecret(run string) bool {
	var upper, lower, digits int
	for i := 0; i < len(run); i++ {
		switch c := run[i]; {
		case c >= 'A' && c <= 'Z':
			upper++
		case c >= 'a' && c <= 'z':
			lower++
		case c >= '0' && c <= '9':
			digits++
		}
	}
	if upper == 0 || lower == 0 || digits < 2 || entropy(run) < entropyFloor || digestRun().MatchString(run) {
		return false
	}
	if strings.Contains(run, "/") && pathLike(run) {
		return false
	}
	decoded, text := decodeBase64Text(run)
	return !text || holdsSecret(decoded)
}

// holdsSecret reports readable text, decoded from a base64 run, that is
// secret material itself: a private key block (a kubeconfig's
// client-key-data, a Kubernetes Secret's tls.key) or any credential the
// rules find in it. Base64 of prose stays for the injection layer.
func holdsSecret(decoded string) bool {
	if privateKeyBlock().MatchString(decoded) {
		return true
	}
	_, rules := Redact(decoded)
	return len(rules) > 0
}

var privateKeyBlock = lazyRE(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|PuTTY-User-Key-File|-----BEGIN OPENSSH PRIVATE KEY`)

// entropyFloor is the Shannon entropy (bits per character) above which a
// long run is taken for a secret. Hex digests reach at most 4.0; random
// base64 of 40+ characters measures 4.7 and more.
const entropyFloor = 4.4

// pathLike is a run of words between slashes (a URL path, a file path):
// at least two of its parts are lower-case words.
// (pathValue, above, judges a whole value by its root.)
func pathLike(s string) bool {
	words := 0
	for _, part := range strings.Split(s, "/") {
		if len(part) >= 2 && strings.Trim(part, "abcdefghijklmnopqrstuvwxyz-_.") == "" {
			words++
		}
	}
	return words >= 2
}

// integrityPrefix are the prefixes of published digests, kept as they are.
var integrityPrefix = lazyRE(`(?i)(?:sha(?:1|224|256|384|512)[-:=]|h1:|sha256~|integrity["']?\s*[:=]\s*["']?)$`)

// digestRun is a run that starts with its digest's name (sha512-…).
var digestRun = lazyRE(`^(?i:sha(?:1|224|256|384|512))-`)

// entropy is the Shannon entropy of s in bits per character.
func entropy(s string) float64 {
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	var h float64
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

// isHex reports whether v is hexadecimal digits only (a digest, not a
// password).
func isHex(v string) bool {
	return strings.Trim(strings.ToLower(v), "0123456789abcdef") == ""
}

// toldPasswordOrRandom is a value a password or a generated secret would
// be, and no variable, call or path.
func toldPasswordOrRandom(v string) bool {
	return toldPassword(v) || looksRandom(v) && !strings.ContainsAny(v, "(){}$[]")
}

// strongPassword is a value only a password has when no word names it:
// a password of at least three kinds of character (upper, lower, digit,
// sign) or a random-looking token; not a port, a path or a name.
func strongPassword(v string) bool {
	if !toldPassword(v) && !looksRandom(v) {
		return false
	}
	var upper, lower, digit, sign int
	for _, c := range v {
		switch {
		case unicode.IsUpper(c):
			upper = 1
		case unicode.IsLower(c):
			lower = 1
		case unicode.IsDigit(c):
			digit = 1
		default:
			sign = 1
		}
	}
	return upper+lower+digit+sign >= 3 && !issueKey(v)
}

// snmpCommunity is an SNMP community or pass phrase that is not one of
// the well-known defaults ("public", "private").
func snmpCommunity(v string) bool {
	switch strings.ToLower(v) {
	case "public", "private":
		return false
	}
	return toldPassword(v) || looksRandom(v) && !strings.ContainsAny(v, "/(){}$[]")
}

// webhookURL is a webhook's URL that carries its token: one of its path
// or query parts after the host looks random (a UUID, a hex or base64
// token), so the URL itself is the credential.
func webhookURL(v string) bool {
	rest := v[strings.Index(v, "//")+2:]
	i := strings.IndexByte(rest, '/')
	if i < 0 {
		return false
	}
	for _, part := range strings.FieldsFunc(rest[i:], func(r rune) bool { return strings.ContainsRune("/@?&=#", r) }) {
		if looksRandom(part) || len(part) >= 16 && isHex(part) {
			return true
		}
	}
	return false
}

// isUUID is a UUID in its canonical form: 8-4-4-4-12 hex digits.
func isUUID(v string) bool {
	if len(v) != 36 {
		return false
	}
	for i := range len(v) {
		switch c := v[i]; i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !isHex(v[i : i+1]) {
				return false
			}
		}
	}
	return true
}

// issueKey is a tracker's issue key (CORE-412, PROJ-1234): a project's
// capitals, a dash and a number, never a credential.
func issueKey(v string) bool { return issueKeyRE().MatchString(v) }

var issueKeyRE = lazyRE(`^[A-Z][A-Z0-9]{1,9}-\d{1,7}$`)

// loginSection is an INI section header that holds logins: [admins],
// [users], [passwords], [credentials], [auth], [accounts].
var loginSection = lazyRE(`(?i)^\s*\[(?:admins|users|passwords|credentials|auth|accounts)\]\s*$`)

// iniLine is an INI "name = value" line.
var iniLine = lazyRE(`^(\s*[A-Za-z0-9_.@\-]+\s*[=:]\s*)(\S+)\s*$`)

// redactLoginSections redacts the values of an INI section of logins
// (CouchDB's [admins], a proxy's [users]): each "name = value" line under
// it is a user and a password, with no word beside the value to say so.
// Only values shaped as a password (strongPassword) are taken, so
// "max = 20" stays.
func redactLoginSections(s string) (string, int) {
	lines := strings.Split(s, "\n")
	n := 0
	in := false
	for i, line := range lines {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "["):
			in = loginSection().MatchString(t)
			continue
		case !in:
			continue
		}
		m := iniLine().FindStringSubmatch(line)
		if m == nil || strings.Contains(m[2], Redacted) {
			continue
		}
		if v := strings.Trim(m[2], `"'`); strongPassword(v) {
			lines[i] = strings.Replace(line, v, Redacted, 1)
			n++
		}
	}
	if n == 0 {
		return s, 0
	}
	return strings.Join(lines, "\n"), n
}

// byteArrayKey accepts 32 or 64 numbers, each a byte, not all small (a
// table of counts) and not a run.
func byteArrayKey(v string) bool {
	parts := strings.Split(v, ",")
	if len(parts) != 32 && len(parts) != 64 {
		return false
	}
	big, distinct := 0, map[string]bool{}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		n := 0
		for _, c := range p {
			n = n*10 + int(c-'0')
		}
		if n > 255 {
			return false
		}
		if n > 127 {
			big++
		}
		distinct[p] = true
	}
	return big >= len(parts)/8 && len(distinct) >= len(parts)/2
}
