package hooks

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAgentInstallKeepsAndRestores: install merges Cortex's server into a
// file a person wrote — comments, unknown keys and other servers kept —
// installing again changes nothing, and uninstall gives the file back
// byte for byte.
func TestAgentInstallKeepsAndRestores(t *testing.T) {
	for _, tc := range []struct {
		agent, file, before, want string
	}{
		{AgentCodex, ".codex/config.toml", "# My Codex settings\nmodel = \"o3\" # the fast one\n\n[mcp_servers.docs]\ncommand = \"npx\"\nargs = [\"-y\", \"docs-mcp\"] # pinned\n",
			"[mcp_servers.cortex]\ncommand = \"cortex\"\nargs = [\"mcp\"]\n"},
		{AgentCursor, ".cursor/mcp.json", "{\n    \"mcpServers\": {\n        \"docs\": {\n            \"command\": \"npx\"\n        }\n    },\n    \"x-team\": true\n}\n",
			`"${workspaceFolder}/docs/memory"`},
		{AgentGemini, ".gemini/settings.json", "{\n  \"theme\": \"GitHub\",\n  \"ui\": {\n    \"hideBanner\": true\n  }\n}\n", `"args": [`},
	} {
		t.Run(tc.agent, func(t *testing.T) {
			project := t.TempDir()
			p := filepath.Join(project, tc.file)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(tc.before), 0o644); err != nil {
				t.Fatal(err)
			}
			opts := AgentOptions{ClaudeOptions: ClaudeOptions{ProjectDir: project, Binary: "cortex", Vault: "docs/memory"}, Discoverable: true}
			r, err := AgentInstall(tc.agent, opts)
			if err != nil {
				t.Fatal(err)
			}
			if r.Files[0].Op != ClaudeUpdated {
				t.Errorf("install: %+v", r.Files[0])
			}
			got, _ := os.ReadFile(p)
			if !strings.HasPrefix(string(got), strings.TrimSuffix(strings.TrimSuffix(tc.before, "}\n"), "\n")[:20]) || !strings.Contains(string(got), tc.want) {
				t.Errorf("after install:\n%s", got)
			}
			for _, keep := range strings.Split(tc.before, "\n") {
				if keep = strings.TrimSpace(keep); keep != "" && keep != "}" && keep != "\"mcpServers\": {}" && !strings.Contains(string(got), keep) {
					t.Errorf("lost %q:\n%s", keep, got)
				}
			}
			if r, err := AgentInstall(tc.agent, opts); err != nil || r.Files[0].Op != ClaudeUnchanged {
				t.Errorf("install again: %+v %v", r, err)
			}
			if _, err := AgentUninstall(tc.agent, opts.ClaudeOptions); err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(p); string(got) != tc.before {
				t.Errorf("after uninstall:\n%q\nwant\n%q", got, tc.before)
			}
		})
	}
}

// TestCodexNotOurs: a [mcp_servers.cortex] table that does not run cortex
// mcp is left alone, by install and by uninstall.
func TestCodexNotOurs(t *testing.T) {
	project := t.TempDir()
	p := filepath.Join(project, ".codex", "config.toml")
	before := "[mcp_servers.cortex]\ncommand = \"python\"\nargs = [\"cortex_server.py\"]\n"
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := ClaudeOptions{ProjectDir: project, Binary: "cortex"}
	r, err := AgentInstall(AgentCodex, AgentOptions{ClaudeOptions: opts})
	if err != nil || len(r.Files[0].Notes) == 0 {
		t.Errorf("install: %+v %v", r, err)
	}
	r, err = AgentUninstall(AgentCodex, opts)
	if err != nil || len(r.Files[0].Notes) == 0 {
		t.Errorf("uninstall: %+v %v", r, err)
	}
	if got, _ := os.ReadFile(p); string(got) != before {
		t.Errorf("changed:\n%s", got)
	}
}
