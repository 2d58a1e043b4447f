// Package trusttest holds the security corpora of the trust package —
// injection attempts by family, credentials by provider, benign notes by
// kind — for the tests of every package that runs them (trust's rates,
// observer's whole-pipeline and on-disk checks).
package trusttest

import (
	"bufio"
	"embed"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path"
	"strings"
	"testing"
)

//go:embed corpora
var corpora embed.FS

// Batches lists the fresh batches by name ("fresh1"): each is three files,
// NAME-injections.txt, NAME-credentials.tsv and NAME-benign.txt.
func Batches() []string {
	names, _ := fs.Glob(corpora, "corpora/*-injections.txt")
	for i, n := range names {
		names[i] = strings.TrimSuffix(path.Base(n), "-injections.txt")
	}
	return names
}

// Entry is one corpus line: its family (a header, or the first of three
// tab-separated fields), its text, and for a credential the secret that
// must not survive.
type Entry struct {
	Family, Text, Secret string
}

// Read reads a corpus file: "## family" headers, "#" comments, one
// entry a line, "\n" in an entry standing for a line break. With tabs, the
// fields are family, text and secret.
func Read(t testing.TB, name string) []Entry {
	t.Helper()
	f, err := corpora.Open("corpora/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	unescape := strings.NewReplacer(`\\`, `\`, `\n`, "\n", `\t`, "\t")
	var out []Entry
	family := "hand-written"
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			family = strings.TrimPrefix(line, "## ")
			continue
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		}
		e := Entry{Family: family}
		if parts := strings.Split(line, "\t"); len(parts) == 3 {
			e.Family, e.Text, e.Secret = parts[0], unescape.Replace(parts[1]), parts[2]
		} else {
			e.Text = unescape.Replace(line)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// LeftPiece returns an 8-character piece of secret still in text, or "".
func LeftPiece(text, secret string) string {
	return LeftPieceOf("", text, secret)
}

// LeftPieceOf returns an 8-character piece of secret still in text, the
// redaction of original, or "" — not counting a piece that original also
// holds outside the secret: a token format's public prefix shared with
// the key that names it ("rubygems_…" after ":rubygems_api_key:") or the
// base64 of "-----BEGIN " that a certificate beside a key starts with as
// well is no part of the secret left.
func LeftPieceOf(original, text, secret string) string {
	rest := strings.ReplaceAll(original, secret, "\x00")
	for i := 0; i+8 <= len(secret); i++ {
		if p := secret[i : i+8]; strings.Contains(text, p) && !strings.Contains(rest, p) {
			return p
		}
	}
	return ""
}

// BenignNotes generates n benign developer notes from templates, seeded so
// every run sees the same ones: commit messages, review comments, fenced
// code, configuration, log lines, stack traces, URLs and permalinks, hashes
// and ids, and notes that talk about passwords, tokens, secrets, eval,
// ignoring, executing and the system.
func BenignNotes(n int) []Entry {
	r := rand.New(rand.NewPCG(14, 3000))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	hex := func(k int) string {
		const d = "0123456789abcdef"
		b := make([]byte, k)
		for i := range b {
			b[i] = d[r.IntN(16)]
		}
		return string(b)
	}
	uuid := func() string { return hex(8) + "-" + hex(4) + "-7" + hex(3) + "-a" + hex(3) + "-" + hex(12) }
	comp := func() string {
		return pick("watcher", "indexer", "pipeline", "scheduler", "auth middleware", "token cache", "session store",
			"billing worker", "search API", "upload handler", "config loader", "rate limiter", "migration runner",
			"password reset flow", "secret store client", "system tray", "eval harness", "exec wrapper")
	}
	file := func() string {
		return pick("observer/pipeline.go", "mind/context.go", "cmd/cortex/observe.go", "src/auth/token.ts",
			"app/models/user.rb", "internal/secrets/vault.go", "lib/eval.py", "pkg/exec/run.go", "web/src/App.tsx",
			"config/settings.py", "scripts/deploy.sh", "docker-compose.yml", ".github/workflows/ci.yml")
	}
	ident := func() string {
		return pick("refresh_scheduler", "tokenBucket", "passwordHasher", "secretRef", "evalContext", "execPlan",
			"systemClock", "ignoreList", "sessionKey", "apiKeyHeader", "authState", "keyring", "credentialChain")
	}
	num := func(a, b int) int { return a + r.IntN(b-a+1) }
	templates := []func() string{
		// Commit messages.
		func() string {
			return fmt.Sprintf("%s: %s %s", pick("auth", "observer", "mind", "api", "web", "infra", "docs"),
				pick("fix", "handle", "retry", "log", "validate", "cache", "rotate", "ignore", "execute", "skip"),
				pick("expired tokens in the refresh path", "empty passwords at signup", "the system clock skew",
					"eval errors from user templates", "exec failures when PATH is empty", "secrets missing from the env",
					"the previous instructions page in the docs", "a nil session key"))
		},
		func() string {
			return fmt.Sprintf("Merge pull request #%d from %s/%s", num(10, 4000), pick("maria", "sam", "li", "dev-bot"),
				pick("fix-token-refresh", "ignore-generated", "system-tests", "password-policy", "exec-timeout"))
		},
		func() string {
			return fmt.Sprintf("Revert %q\n\nThis reverts commit %s.", pick("auth: cache tokens", "mind: new ranking", "ci: run eval suite"), hex(40))
		},
		// Review comments.
		func() string {
			return fmt.Sprintf("Review: in %s the %s should %s; %s.", file(), ident(),
				pick("not log the password", "be renamed", "return an error instead of panicking", "take a context",
					"ignore cancelled requests", "execute in the worker pool", "read the token from the env"),
				pick("otherwise LGTM", "happy to pair on it", "see the comment on line "+fmt.Sprint(num(10, 400)),
					"blocking", "nit", "the tests cover it"))
		},
		func() string {
			return fmt.Sprintf("Nit: %s is unused since %s; you can drop it.", ident(), hex(7))
		},
		// Fenced code.
		func() string {
			return fmt.Sprintf("```go\nfunc (s *%s) %s(ctx context.Context) error {\n\tif s.%s == nil {\n\t\treturn errNoToken\n\t}\n\treturn s.exec(ctx, %q)\n}\n```",
				pick("Server", "Client", "Store"), pick("Refresh", "Rotate", "Eval", "Run"), ident(), pick("SELECT 1", "ping", "sync"))
		},
		func() string {
			return fmt.Sprintf("```python\ndef %s(expr, env):\n    return eval(compile(expr, '<rule>', 'eval'), {}, env)\n```\nOnly trusted rules reach it.", pick("evaluate", "run_rule", "apply"))
		},
		func() string {
			return fmt.Sprintf("```sh\n%s\n```", pick("export DB_PASSWORD=\"$(vault kv get -field=password secret/db)\"",
				"git log --oneline -n 20 | grep -v Merge", "kubectl exec -it deploy/api -- sh",
				"docker run --rm -e API_KEY -p 8080:8080 app:latest", "go test -run TestEval ./...",
				"psql \"$DATABASE_URL\" -c 'select count(*) from sessions'"))
		},
		func() string {
			return fmt.Sprintf("```js\nconst %s = process.env.%s;\nif (!%s) throw new Error('missing %s');\n```",
				pick("token", "secret", "apiKey", "password"), pick("API_TOKEN", "JWT_SECRET", "STRIPE_KEY", "DB_PASSWORD"),
				pick("token", "secret", "apiKey", "password"), pick("token", "secret", "key", "password"))
		},
		// Configuration.
		func() string {
			return fmt.Sprintf("%s=%s", pick("TOKEN_TTL", "PASSWORD_MIN_LENGTH", "SECRET_ROTATION_DAYS", "SESSION_KEY_PREFIX", "AUTH_MODE", "API_KEY_HEADER"),
				pick("3600", "12", "90", "sess:", "oidc", "X-Api-Key", "true", "${API_KEY}"))
		},
		func() string {
			return fmt.Sprintf("%s: %s", pick("password", "token", "secret", "api_key", "auth", "credentials"),
				pick("from the secret store", "see vault path kv/app", "required", "rotated monthly", "${SECRET}", "<set in CI>", "env:API_TOKEN"))
		},
		func() string {
			return fmt.Sprintf("timeout: %ds\nretries: %d\nlog_level: %s\ncache_key: user:{id}", num(1, 60), num(0, 5), pick("debug", "info", "warn"))
		},
		// Logs.
		func() string {
			return fmt.Sprintf("2026-0%d-%02dT%02d:%02d:%02dZ %s %s: %s", num(1, 9), num(1, 28), num(0, 23), num(0, 59), num(0, 59),
				pick("INFO", "WARN", "ERROR"), pick("system", "auth", "scheduler", "exec"),
				pick("token expired for user "+fmt.Sprint(num(1000, 9999)), "password check failed (attempt 3)",
					"ignoring stale lock file", "executing job "+uuid(), "system load 3.2", "secret not found: kv/app/db"))
		},
		func() string {
			return fmt.Sprintf("system: %s", pick("disk full on /var", "restarting after OOM", "clock skew detected", "ignore SIGHUP during reload"))
		},
		// Stack traces.
		func() string {
			return fmt.Sprintf("panic: %s\n\ngoroutine %d [running]:\n%s\n\t%s:%d +0x%s",
				pick("runtime error: index out of range [3] with length 3", "assignment to entry in nil map", "token is nil"),
				num(1, 200), pick("main.run()", "github.com/org/app/auth.(*Cache).Refresh(...)", "app/exec.Run(0xc000010000)"),
				file(), num(10, 900), hex(3))
		},
		func() string {
			return fmt.Sprintf("Traceback (most recent call last):\n  File %q, line %d, in %s\n    result = eval(expr)\nNameError: name %q is not defined",
				pick("lib/eval.py", "app/rules.py"), num(5, 300), pick("evaluate", "<module>"), pick("token", "secret", "x"))
		},
		// URLs and permalinks.
		func() string {
			return fmt.Sprintf("See https://github.com/%s/%s/blob/%s/%s#L%d-L%d", pick("cortex-vault", "golang", "kubernetes"),
				pick("cortex", "go", "kubernetes"), hex(40), file(), num(1, 200), num(201, 400))
		},
		func() string {
			return fmt.Sprintf("Docs: https://%s/%s?%s=%s", pick("docs.example.com", "pkg.go.dev", "developer.mozilla.org"),
				pick("auth/tokens", "password-reset", "api/keys", "system/status"), pick("tab", "lang", "version", "q"),
				pick("go", "en", "v2", "token+refresh"))
		},
		func() string {
			return fmt.Sprintf("CI run https://github.com/org/repo/actions/runs/%d/job/%d failed on the eval step.", num(1e9, 2e9), num(1e10, 3e10))
		},
		// Hashes and ids.
		func() string {
			return fmt.Sprintf("%s %s", pick("Fixed in", "Introduced by", "Bisected to", "Cherry-picked"), hex(pick2(r, 7, 12, 40)))
		},
		func() string {
			return fmt.Sprintf("Request %s returned %d after %dms.", uuid(), pick2(r, 200, 401, 403, 500), num(3, 2000))
		},
		func() string {
			return fmt.Sprintf("Image digest sha256:%s deployed to %s.", hex(64), pick("prod-eu", "staging", "canary"))
		},
		// Notes that mention the words.
		func() string {
			return fmt.Sprintf("%s %s %s.", pick("Ignore", "Skip", "Don't ignore"), pick("the flaky", "the slow", "the generated"),
				pick("test in CI", "files in coverage", "warnings from vet", "migration on sqlite"))
		},
		func() string {
			return fmt.Sprintf("%s the %s before %s.", pick("Execute", "Run", "Apply"), pick("migration", "backfill", "seed script"),
				pick("deploying", "the release", "switching traffic"))
		},
		func() string {
			return fmt.Sprintf("The %s stores %s hashed with %s; plaintext is never logged.", comp(),
				pick("passwords", "API keys", "refresh tokens", "session secrets"), pick("argon2id", "bcrypt", "sha256 HMAC"))
		},
		func() string {
			return fmt.Sprintf("Forget the previous %s; %s.", pick("approach", "plan", "estimate", "benchmark numbers"),
				pick("the worker pool is faster", "we ship Friday", "numbers are from the quiet machine"))
		},
		func() string {
			return fmt.Sprintf("Disregard the earlier %s, %s.", pick("estimate", "comment", "error in the log"),
				pick("it was a typo", "the fix landed", "the CDN was at fault"))
		},
		func() string {
			return fmt.Sprintf("You are now %s.", pick("on the new cluster", "able to deploy from the CLI", "listed as a code owner of observer/",
				"in the on-call rotation", "using Go 1.26 in CI"))
		},
		func() string {
			return fmt.Sprintf("The %s calls %s() on %s.", comp(), pick("eval", "exec", "system", "popen", "Function"),
				pick("trusted templates only", "the generated SQL", "user input after validation"))
		},
		func() string {
			return fmt.Sprintf("Decision: %s %s because %s.", pick("use", "keep", "drop"), pick("SQLite FTS5", "go-git", "urfave/cli", "fsnotify"),
				pick("it is pure Go", "it is simpler", "the token budget is small", "the system has two cores"))
		},
		func() string {
			return fmt.Sprintf("The %s rotates the %s every %d days; the previous one stays valid for %d hours.", comp(),
				pick("signing key", "API token", "client secret", "database password"), num(7, 90), num(1, 48))
		},
		func() string {
			return fmt.Sprintf("Whenever the %s fails, %s.", comp(), pick("check the logs first", "the retry kicks in", "page the on-call"))
		},
		func() string {
			return fmt.Sprintf("The user asked to %s in %s.", pick("show the token expiry", "hide the password field", "add a system theme", "print the config"), file())
		},
	}
	out := make([]Entry, n)
	for i := range out {
		k := r.IntN(len(templates))
		out[i] = Entry{Family: fmt.Sprintf("generated-%d", k), Text: templates[k]()}
	}
	return out
}

func pick2(r *rand.Rand, xs ...int) int { return xs[r.IntN(len(xs))] }
