package main

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var updateAgents = flag.Bool("update-agents", false, "rewrite testdata/agents/*.golden")

// serverEntry is an MCP server as an agent's file describes it.
type serverEntry struct {
	Command string            `json:"command" toml:"command"`
	Args    []string          `json:"args" toml:"args"`
	Env     map[string]string `json:"env" toml:"env"`
}

// TestAgentInstalls: for each agent, the file `cortex AGENT install`
// writes in a project whose vault is docs/memory (a golden file), and a
// server started exactly as that file says — its command, its args with
// the agent's variables expanded as the agent would, its env — from a
// subfolder of the project answers tools/list. Then uninstall leaves no
// file behind.
func TestAgentInstalls(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildCortex(t)
	binDir := filepath.Dir(bin)
	for _, agent := range []string{"claude", "cursor", "codex", "gemini"} {
		t.Run(agent, func(t *testing.T) {
			home := t.TempDir()
			env := append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "CODEX_HOME=",
				"PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"),
				"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
				"GIT_AUTHOR_NAME=Test Person", "GIT_AUTHOR_EMAIL=test@example.com",
				"GIT_COMMITTER_NAME=Test Person", "GIT_COMMITTER_EMAIL=test@example.com")
			project, _ := filepath.EvalSymlinks(t.TempDir())
			run := func(dir string, args ...string) string {
				t.Helper()
				if args[0] == "cortex" {
					args[0] = bin // as found on the PATH of env
				}
				cmd := exec.Command(args[0], args[1:]...)
				cmd.Dir, cmd.Env = dir, env
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
				}
				return string(out)
			}
			run(project, "git", "init", "-q")
			run(project, "cortex", "init", "docs/memory")
			sub := filepath.Join(project, "src", "deep")
			if err := os.MkdirAll(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			run(sub, "cortex", agent, "install")
			file := map[string]string{"claude": ".mcp.json", "cursor": ".cursor/mcp.json", "codex": ".codex/config.toml", "gemini": ".gemini/settings.json"}[agent]
			data, err := os.ReadFile(filepath.Join(project, file))
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "agents", agent+".golden")
			if *updateAgents {
				if err := os.WriteFile(golden, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test -run TestAgentInstalls -update-agents writes it)", err)
			}
			if string(data) != string(want) {
				t.Errorf("%s:\n%s\nwant:\n%s", file, data, want)
			}
			if out := run(sub, "cortex", agent, "install"); !strings.Contains(out, "already as it should be") {
				t.Errorf("install again: %s", out)
			}

			var s serverEntry
			if agent == "codex" {
				var cfg struct {
					MCPServers map[string]serverEntry `toml:"mcp_servers"`
				}
				if _, err := toml.Decode(string(data), &cfg); err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				s = cfg.MCPServers["cortex"]
			} else {
				var cfg struct {
					MCPServers map[string]serverEntry `json:"mcpServers"`
				}
				if err := json.Unmarshal(data, &cfg); err != nil {
					t.Fatal(err)
				}
				s = cfg.MCPServers["cortex"]
			}
			// The agent finds cortex on its PATH, whose first folder is
			// binDir; and expands its own variables.
			if s.Command == "cortex" {
				s.Command = bin
			}
			vars := map[string]string{"claude": "CLAUDE_PROJECT_DIR", "cursor": "workspaceFolder"}
			expand := func(v string) string {
				if name := vars[agent]; name != "" {
					v = strings.ReplaceAll(v, "${"+name+"}", project)
				}
				return v
			}
			cmd := exec.Command(expand(s.Command))
			for _, a := range s.Args {
				cmd.Args = append(cmd.Args, expand(a))
			}
			cmd.Dir, cmd.Env = sub, env
			for k, v := range s.Env {
				cmd.Env = append(cmd.Env, k+"="+expand(v))
			}
			listTools(t, cmd)

			// A client that leaves the variable unexpanded: the server
			// expands it from the project it is started in.
			if vars[agent] != "" {
				cmd := exec.Command(s.Command, s.Args...)
				cmd.Dir, cmd.Env = sub, env
				listTools(t, cmd)
			}

			run(sub, "cortex", agent, "uninstall")
			if _, err := os.Stat(filepath.Join(project, file)); !os.IsNotExist(err) {
				t.Errorf("%s after uninstall: %v", file, err)
			}
		})
	}
}

// listTools starts cmd as an MCP server and lists its tools.
func listTools(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "agent-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("%v: %v\n%s", cmd.Args, err, stderr.String())
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil || len(res.Tools) < 6 {
		t.Fatalf("%v: tools/list: %v %v\n%s", cmd.Args, res, err, stderr.String())
	}
	// The server serves the project's vault: a search answers.
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "search_observations", Arguments: map[string]any{"query": "anything"}})
	if err != nil || r.IsError {
		t.Fatalf("%v: search: %v %+v\n%s", cmd.Args, err, r, stderr.String())
	}
}
