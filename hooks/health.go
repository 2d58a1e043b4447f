package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
)

// GitHookHealth says whether git will run Cortex's pre-commit hook for a
// vault, read from the hooks folder git really uses (for cortex doctor).
type GitHookHealth struct {
	// Hook is the hook file git runs.
	Hook string `json:"hook"`
	// Present: a file is there. Ours: it is Cortex's hook. Covers: it
	// checks this vault. Executable: git will run it (git skips a hook
	// without the x bit without a word).
	Present    bool `json:"present"`
	Ours       bool `json:"ours"`
	Covers     bool `json:"covers"`
	Executable bool `json:"executable"`
	// Binary is the cortex the hook records; BinaryOK is set when the hook
	// finds a cortex to run (the recorded one, else cortex on PATH), and
	// Runs names it.
	Binary   string `json:"binary,omitempty"`
	BinaryOK bool   `json:"binary_ok"`
	Runs     string `json:"runs,omitempty"`
}

// OK reports whether a commit in the vault runs Cortex's checks.
func (h GitHookHealth) OK() bool { return h.Ours && h.Covers && h.Executable && h.BinaryOK }

// CheckGitHook looks at the pre-commit hook of the vault at vaultDir.
// It changes nothing.
func CheckGitHook(vaultDir string) (GitHookHealth, error) {
	_, r, err := locate(vaultDir)
	if err != nil {
		return GitHookHealth{}, fmt.Errorf("check hook: %w", err)
	}
	h := GitHookHealth{Hook: r.Hook}
	data, ours, err := readHook(r.Hook)
	if err != nil {
		return h, fmt.Errorf("check hook: %w", err)
	}
	if data == nil {
		return h, nil
	}
	h.Present = true
	if fi, err := os.Stat(r.Hook); err == nil {
		h.Executable = fi.Mode()&0o111 != 0
	}
	if ours == nil {
		return h, nil
	}
	h.Ours = true
	h.Covers = slices.Contains(ours, r.Vault)
	h.Binary = binaryOf(data)
	h.Runs = runnable(h.Binary)
	h.BinaryOK = h.Runs != ""
	return h, nil
}

// runnable is the cortex a hook recording bin runs: bin when it is an
// executable file, else cortex on PATH, else "".
func runnable(bin string) string {
	if bin != "" {
		if fi, err := os.Stat(bin); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return bin
		}
	}
	if p, err := exec.LookPath("cortex"); err == nil {
		return p
	}
	return ""
}

// ClaudeHealth says whether Cortex's Claude Code entries of one scope are
// still in place (for cortex doctor).
type ClaudeHealth struct {
	Scope    string `json:"scope"`
	Settings string `json:"settings"`
	MCP      string `json:"mcp"`
	// Installed: any entry of ours is there (otherwise nothing is checked).
	Installed bool `json:"installed"`
	// Missing lists the events (SessionStart, SubagentStart) without our
	// entry; Server is set when the MCP server entry is ours.
	Missing []string `json:"missing,omitempty"`
	Server  bool     `json:"server"`
	// Command is the cortex the entries run; CommandOK is set when it can
	// be found (an absolute path that exists, or a name on PATH).
	Command   string `json:"command,omitempty"`
	CommandOK bool   `json:"command_ok"`
}

// OK reports whether every entry install writes is there and runnable.
func (c ClaudeHealth) OK() bool {
	return !c.Installed || (len(c.Missing) == 0 && c.Server && c.CommandOK)
}

// CheckClaude reads the scope's settings and MCP files. A file that is
// missing counts as empty; one that is not JSON is an error.
func CheckClaude(opts ClaudeOptions) (ClaudeHealth, error) {
	settings, mcp, err := claudeFiles(opts)
	if err != nil {
		return ClaudeHealth{}, fmt.Errorf("check claude: %w", err)
	}
	c := ClaudeHealth{Scope: scopeName(opts.Scope), Settings: settings, MCP: mcp}
	root, err := readJSONDoc(settings)
	if err != nil {
		return c, fmt.Errorf("check claude: %w", err)
	}
	hooks := root.get("hooks")
	for _, ev := range claudeEvents {
		if ev.event == ClaudeStop {
			continue // installed only with --summary
		}
		var list *jnode
		if hooks != nil && hooks.kind == '{' {
			list = hooks.get(ev.event)
		}
		g, at, found := findOurs(list, ev.cli)
		if !found {
			c.Missing = append(c.Missing, ev.event)
			continue
		}
		c.Installed = true
		if c.Command == "" {
			cmd, _ := g.get("hooks").elems[at].get("command").text()
			if w := shellWords(cmd); len(w) > 0 {
				c.Command = w[0]
			}
		}
	}
	mroot, err := readJSONDoc(mcp)
	if err != nil {
		return c, fmt.Errorf("check claude: %w", err)
	}
	if servers := mroot.get("mcpServers"); servers != nil && servers.kind == '{' && isOurServer(servers.get(ClaudeMCPName)) {
		c.Server, c.Installed = true, true
		if c.Command == "" {
			c.Command, _ = servers.get(ClaudeMCPName).get("command").text()
		}
	}
	if c.Command != "" {
		_, err := exec.LookPath(c.Command)
		c.CommandOK = err == nil
	}
	return c, nil
}

// readJSONDoc parses a JSON file; a missing file is an empty object.
func readJSONDoc(p string) (*jnode, error) {
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return jobj(), nil
	}
	if err != nil {
		return nil, err
	}
	root, _, err := parseJSONDoc(filepath.Base(p), data)
	if err != nil {
		return nil, err
	}
	if root.kind != '{' {
		return nil, fmt.Errorf("%s: not a JSON object", p)
	}
	return root, nil
}
