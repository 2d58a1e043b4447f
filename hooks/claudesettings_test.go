package hooks

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const testBin = "/opt/cortex/bin/cortex"

// settingsCases are existing .claude/settings.json files a person may have.
var settingsCases = []struct {
	name string
	data string // "" : no file
}{
	{"no file", ""},
	{"empty object", "{}\n"},
	{"permissions and env", `{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "permissions": {
    "allow": [
      "Bash(npm run lint)",
      "Read(~/.zshrc)"
    ],
    "deny": [
      "Bash(curl:*)"
    ]
  },
  "env": {
    "CLAUDE_CODE_ENABLE_TELEMETRY": "1"
  },
  "model": "claude-sonnet-4-5"
}
`},
	{"other hooks", `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "$CLAUDE_PROJECT_DIR/.claude/hooks/check.sh"
          }
        ]
      }
    ],
    "SessionStart": [
      {
        "matcher": "startup",
        "hooks": [
          {
            "type": "command",
            "command": "echo \"hello <world> \u00e9\"",
            "timeout": 5
          }
        ]
      }
    ]
  },
  "permissions": {
    "allow": []
  }
}
`},
	{"four spaces, no final newline", "{\n    \"permissions\": {\n        \"allow\": [\n            \"Bash(go test:*)\"\n        ]\n    },\n    \"n\": 1.50e3\n}"},
	{"tabs and CRLF", "{\r\n\t\"includeCoAuthoredBy\": false,\r\n\t\"hooks\": {\r\n\t\t\"Notification\": []\r\n\t}\r\n}\r\n"},
	{"a group with no hooks yet", "{\n  \"hooks\": {\n    \"SubagentStart\": [\n      {\n        \"matcher\": \"Plan\",\n        \"hooks\": []\n      }\n    ]\n  }\n}\n"},
	{"one line", `{"permissions":{"allow":["Read"]},"hooks":{"Stop":[{"hooks":[{"type":"command","command":"say done"}]}]}}`},
}

func writeSettings(t *testing.T, dir, data string) string {
	t.Helper()
	p := filepath.Join(dir, ".claude", "settings.json")
	if data == "" {
		return p
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func projectOpts(dir string) ClaudeOptions {
	return ClaudeOptions{Scope: ClaudeScopeProject, ProjectDir: dir, Binary: testBin, Record: filepath.Join(dir, "record")}
}

// TestClaudeInstallMerge installs into each existing file and checks that
// the entries are there, everything else is as it was (keys, values,
// order), a second install changes nothing, and uninstall gives back the
// original bytes.
func TestClaudeInstallMerge(t *testing.T) {
	for _, tc := range settingsCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := writeSettings(t, dir, tc.data)
			res, err := ClaudeInstall(projectOpts(dir))
			if err != nil {
				t.Fatal(err)
			}
			want := ClaudeUpdated
			if tc.data == "" {
				want = ClaudeCreated
			}
			if res.Files[0].Op != want {
				t.Errorf("op %s, want %s", res.Files[0].Op, want)
			}
			got, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			checkOurHooks(t, got, false)
			if tc.data != "" {
				checkKept(t, []byte(tc.data), got)
			}
			if strings.Contains(tc.data, "\r\n") && strings.Count(string(got), "\n") != strings.Count(string(got), "\r\n") {
				t.Errorf("line ends mixed:\n%q", got)
			}

			again, err := ClaudeInstall(projectOpts(dir))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range again.Files {
				if f.Op != ClaudeUnchanged || f.Diff != "" {
					t.Errorf("second install: %s %s %v", f.Path, f.Op, f.Changes)
				}
			}
			if b, _ := os.ReadFile(p); string(b) != string(got) {
				t.Errorf("second install changed the file")
			}

			if _, err := ClaudeUninstall(projectOpts(dir)); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(p)
			if tc.data == "" {
				if !os.IsNotExist(err) {
					t.Errorf("uninstall left the file it created: %v %q", err, b)
				}
				if _, err := os.Stat(filepath.Join(dir, ".claude")); !os.IsNotExist(err) {
					t.Errorf("uninstall left the .claude folder it created")
				}
				if _, err := os.Stat(filepath.Join(dir, ".mcp.json")); !os.IsNotExist(err) {
					t.Errorf("uninstall left .mcp.json")
				}
				return
			}
			if string(b) != tc.data {
				t.Errorf("uninstall did not restore the file byte for byte:\n%s", unifiedDiff("want", "got", []byte(tc.data), b))
			}
		})
	}
}

// checkOurHooks checks that data has exactly one entry of ours for each
// event installed, with its matcher.
func checkOurHooks(t *testing.T, data []byte, summary bool) {
	t.Helper()
	var s struct {
		Hooks map[string][]struct {
			Matcher *string `json:"matcher"`
			Hooks   []struct {
				Type    string `json:"type"`
				Command string `json:"command"`
				Timeout int    `json:"timeout"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, data)
	}
	for _, ev := range claudeEvents {
		n := 0
		for _, g := range s.Hooks[ev.event] {
			for _, h := range g.Hooks {
				if !strings.Contains(h.Command, "claude hook "+ev.cli) {
					continue
				}
				n++
				if h.Type != "command" || h.Timeout != claudeHookTimeout || !strings.HasPrefix(h.Command, testBin+" ") {
					t.Errorf("%s entry: %+v", ev.event, h)
				}
				m := claudeMatchers[ev.event]
				if (m == "") != (g.Matcher == nil) || (g.Matcher != nil && *g.Matcher != m) {
					t.Errorf("%s matcher %v, want %q", ev.event, g.Matcher, m)
				}
			}
		}
		want := 1
		if ev.event == ClaudeStop && !summary {
			want = 0
		}
		if n != want {
			t.Errorf("%s: %d entries of ours, want %d\n%s", ev.event, n, want, data)
		}
	}
}

// checkKept checks that every key of before is in after with the same
// value, except the hook lists, which may only have gained groups, and
// that the top-level keys keep their order.
func checkKept(t *testing.T, before, after []byte) {
	t.Helper()
	var b, a map[string]any
	if err := json.Unmarshal(before, &b); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(after, &a); err != nil {
		t.Fatal(err)
	}
	for k, v := range b {
		if k == "hooks" {
			bh, ah := v.(map[string]any), a[k].(map[string]any)
			for ev, groups := range bh {
				old := groups.([]any)
				now := ah[ev].([]any)
				if !reflect.DeepEqual(now[:len(old)], old) {
					t.Errorf("hooks.%s changed: %v → %v", ev, old, now)
				}
			}
			continue
		}
		if !reflect.DeepEqual(a[k], v) {
			t.Errorf("%s changed: %v → %v", k, v, a[k])
		}
	}
	bk, ak := topKeys(t, before), topKeys(t, after)
	if !slices.Equal(ak[:len(bk)], bk) {
		t.Errorf("key order: %v → %v", bk, ak)
	}
}

func topKeys(t *testing.T, data []byte) []string {
	t.Helper()
	n, _, err := parseJSONDoc("x", data)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, m := range n.members {
		keys = append(keys, m.key)
	}
	return keys
}

func TestClaudeInstallUpdatesOldEntry(t *testing.T) {
	dir := t.TempDir()
	old := `{
  "hooks": {
    "SessionStart": [
      {
        "matcher": "startup",
        "hooks": [
          {
            "type": "command",
            "command": "'/old place/cortex' claude hook session-start",
            "timeout": 60,
            "statusMessage": "memory"
          }
        ]
      },
      {
        "hooks": [
          {
            "type": "command",
            "command": "cortex claude hook session-start"
          }
        ]
      }
    ],
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "cortex claude hook stop --summary"
          },
          {
            "type": "command",
            "command": "notify-send done"
          }
        ]
      }
    ]
  }
}
`
	p := writeSettings(t, dir, old)
	res, err := ClaudeInstall(projectOpts(dir))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	checkOurHooks(t, got, false)
	want := []string{"SessionStart hook updated", "SubagentStart hook added", "Stop hook removed (install without --summary)"}
	if !reflect.DeepEqual(res.Files[0].Changes, want) {
		t.Errorf("changes %q, want %q", res.Files[0].Changes, want)
	}
	for _, s := range []string{`"statusMessage": "memory"`, `"command": "notify-send done"`} {
		if !strings.Contains(string(got), s) {
			t.Errorf("lost %s:\n%s", s, got)
		}
	}
	// The duplicate group (only ours) went; the person's first group was
	// updated in place, its matcher set to ours since it holds only ours.
	if strings.Count(string(got), "claude hook session-start") != 1 {
		t.Errorf("duplicate kept:\n%s", got)
	}

	// With --summary the Stop hook comes back, in a group of its own.
	opts := projectOpts(dir)
	opts.Summary = true
	if _, err := ClaudeInstall(opts); err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(p)
	checkOurHooks(t, got, true)
}

func TestClaudeInstallServer(t *testing.T) {
	cases := []struct {
		name, data string
		op         string
		note       bool
	}{
		{"none", "", ClaudeCreated, false},
		{"other servers", "{\n  \"mcpServers\": {\n    \"github\": {\n      \"command\": \"npx\",\n      \"args\": [\n        \"-y\",\n        \"@modelcontextprotocol/server-github\"\n      ]\n    }\n  }\n}\n", ClaudeUpdated, false},
		{"a cortex that is not ours", "{\n  \"mcpServers\": {\n    \"cortex\": {\n      \"type\": \"http\",\n      \"url\": \"https://cortex.example.com/mcp\"\n    }\n  }\n}\n", ClaudeUnchanged, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, ".mcp.json")
			if tc.data != "" {
				if err := os.WriteFile(p, []byte(tc.data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			opts := projectOpts(dir)
			opts.Vault = "docs/memory"
			res, err := ClaudeInstall(opts)
			if err != nil {
				t.Fatal(err)
			}
			f := res.Files[1]
			if f.Op != tc.op || (len(f.Notes) > 0) != tc.note {
				t.Errorf("op %s notes %q", f.Op, f.Notes)
			}
			got, _ := os.ReadFile(p)
			if tc.op != ClaudeUnchanged {
				var m struct {
					MCPServers map[string]struct {
						Command string   `json:"command"`
						Args    []string `json:"args"`
					} `json:"mcpServers"`
				}
				if err := json.Unmarshal(got, &m); err != nil {
					t.Fatal(err)
				}
				s := m.MCPServers[ClaudeMCPName]
				if s.Command != testBin || !reflect.DeepEqual(s.Args, []string{"mcp", "--vault", "${CLAUDE_PROJECT_DIR}/docs/memory"}) {
					t.Errorf("server %+v", s)
				}
				if !strings.Contains(string(got), "hook") && !strings.Contains(string(got), "cortex") {
					t.Errorf("no server:\n%s", got)
				}
			}
			if _, err := ClaudeUninstall(opts); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(p)
			if tc.data == "" {
				if !os.IsNotExist(err) {
					t.Errorf("left %s", b)
				}
				return
			}
			if string(b) != tc.data {
				t.Errorf("not restored:\n%s", unifiedDiff("want", "got", []byte(tc.data), b))
			}
		})
	}
}

func TestClaudeUserScope(t *testing.T) {
	home := t.TempDir()
	// ~/.claude.json is Claude Code's own state file: much besides servers.
	state := "{\n  \"numStartups\": 42,\n  \"projects\": {\n    \"/home/me/p\": {\n      \"allowedTools\": [],\n      \"mcpServers\": {}\n    }\n  },\n  \"userID\": \"abc\"\n}\n"
	if err := os.WriteFile(filepath.Join(home, ".claude.json"), []byte(state), 0o600); err != nil {
		t.Fatal(err)
	}
	opts := ClaudeOptions{Scope: ClaudeScopeUser, Home: home, Binary: "cortex", Record: filepath.Join(home, "record")}
	res, err := ClaudeInstall(opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Files[0].Path != filepath.Join(home, ".claude", "settings.json") || res.Files[1].Path != filepath.Join(home, ".claude.json") {
		t.Errorf("files %+v", res.Files)
	}
	got, _ := os.ReadFile(filepath.Join(home, ".claude.json"))
	want := strings.TrimSuffix(state, "\n}\n") + ",\n  \"mcpServers\": {\n    \"cortex\": {\n      \"command\": \"cortex\",\n      \"args\": [\n        \"mcp\"\n      ]\n    }\n  }\n}\n"
	if string(got) != want {
		t.Errorf("~/.claude.json:\n%s", unifiedDiff("want", "got", []byte(want), got))
	}
	if fi, _ := os.Stat(filepath.Join(home, ".claude.json")); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode())
	}
	if _, err := ClaudeUninstall(opts); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(home, ".claude.json")); string(b) != state {
		t.Errorf("not restored:\n%s", b)
	}
	// The user's .claude folder is Claude Code's: kept even when empty.
	if _, err := os.Stat(filepath.Join(home, ".claude")); err != nil {
		t.Errorf(".claude: %v", err)
	}
}

func TestClaudeDryRun(t *testing.T) {
	dir := t.TempDir()
	p := writeSettings(t, dir, "{\n  \"model\": \"opus\"\n}\n")
	opts := projectOpts(dir)
	opts.DryRun = true
	res, err := ClaudeInstall(opts)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "{\n  \"model\": \"opus\"\n}\n" {
		t.Errorf("dry run wrote %s", b)
	}
	if _, err := os.Stat(filepath.Join(dir, ".mcp.json")); !os.IsNotExist(err) {
		t.Errorf("dry run created .mcp.json")
	}
	diff := res.Files[0].Diff
	wantHead := "--- " + p + "\n+++ " + p + "\n@@ -1,3 +1,29 @@\n {\n-  \"model\": \"opus\"\n+  \"model\": \"opus\",\n+  \"hooks\": {\n"
	if !strings.HasPrefix(diff, wantHead) || !strings.HasSuffix(diff, "+  }\n }\n") {
		t.Errorf("diff:\n%s", diff)
	}
	if !strings.HasPrefix(res.Files[1].Diff, "--- /dev/null\n+++ "+filepath.Join(dir, ".mcp.json")+"\n@@ -0,0 +1,10 @@\n") {
		t.Errorf("mcp diff:\n%s", res.Files[1].Diff)
	}
}

func TestClaudeInstallRefuses(t *testing.T) {
	cases := []struct{ name, data, want string }{
		{"broken JSON", "{\n  \"model\": \"opus\",\n}\n", "settings.json:3: not valid JSON"},
		{"comments", "{\n  // mine\n  \"model\": \"opus\"\n}\n", "settings.json:2: not valid JSON"},
		{"an array", "[]\n", "the top level is not a JSON object"},
		{"hooks not an object", "{\"hooks\": []}", `"hooks" is not an object`},
		{"event not a list", "{\"hooks\": {\"SessionStart\": {}}}", `"hooks.SessionStart" is not a list`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := writeSettings(t, dir, tc.data)
			_, err := ClaudeInstall(projectOpts(dir))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
			if b, _ := os.ReadFile(p); string(b) != tc.data {
				t.Errorf("file changed")
			}
			if _, err := os.Stat(filepath.Join(dir, ".mcp.json")); !os.IsNotExist(err) {
				t.Errorf(".mcp.json written though settings failed")
			}
		})
	}
}

func TestClaudeUninstallLeavesOthers(t *testing.T) {
	dir := t.TempDir()
	// Someone else's command that merely mentions cortex is not ours.
	data := "{\n  \"hooks\": {\n    \"SessionStart\": [\n      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"echo cortex claude hook session-start\"\n          }\n        ]\n      }\n    ]\n  }\n}\n"
	p := writeSettings(t, dir, data)
	res, err := ClaudeUninstall(projectOpts(dir))
	if err != nil {
		t.Fatal(err)
	}
	if res.Files[0].Op != ClaudeUnchanged || res.Files[1].Op != ClaudeAbsent {
		t.Errorf("ops %s %s", res.Files[0].Op, res.Files[1].Op)
	}
	if b, _ := os.ReadFile(p); string(b) != data {
		t.Errorf("changed:\n%s", b)
	}
}

func TestIsOurEntry(t *testing.T) {
	cases := []struct {
		cmd  string
		want bool
	}{
		{"cortex claude hook session-start", true},
		{"/usr/local/bin/cortex claude hook session-start --vault docs/memory", true},
		{"'/Users/me/My Tools/cortex' claude hook session-start", true},
		{`"C:\\tools\\cortex.exe" claude hook session-start`, true},
		{"cortex claude hook subagent-start", false},
		{"echo cortex claude hook session-start", false},
		{"cortex-dev claude hook session-start", false},
		{"cortex claude hooks session-start", false},
	}
	for _, tc := range cases {
		h := jobj(kv{"type", jstr("command")}, kv{"command", jstr(tc.cmd)})
		if got := isOurEntry(h, "session-start"); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.cmd, got, tc.want)
		}
	}
	if w := shellWord("/Users/me/My Tools/cortex"); w != "'/Users/me/My Tools/cortex'" {
		t.Errorf("shellWord: %s", w)
	}
	if w := shellWord("/usr/bin/cortex"); w != "/usr/bin/cortex" {
		t.Errorf("shellWord: %s", w)
	}
}

func TestUnifiedDiff(t *testing.T) {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n"
	b := "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11\n12\n13\n15\n16"
	want := `--- a
+++ b
@@ -2,7 +2,7 @@
 2
 3
 4
-5
+five
 6
 7
 8
@@ -11,5 +11,5 @@
 11
 12
 13
-14
 15
+16
\ No newline at end of file
`
	if got := unifiedDiff("a", "b", []byte(a), []byte(b)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if unifiedDiff("a", "b", []byte(a), []byte(a)) != "" {
		t.Error("equal inputs: a diff")
	}
}
