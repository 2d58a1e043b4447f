package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// The agents other than Claude Code that `cortex AGENT install` gives
// Cortex's MCP server to, each in its own configuration file.
const (
	AgentCursor = "cursor" // .cursor/mcp.json, ~/.cursor/mcp.json
	AgentCodex  = "codex"  // .codex/config.toml, ~/.codex/config.toml (CODEX_HOME)
	AgentGemini = "gemini" // .gemini/settings.json, ~/.gemini/settings.json
)

// Agents lists the agents AgentInstall knows, in the order they are
// documented.
func Agents() []string { return []string{AgentCursor, AgentCodex, AgentGemini} }

// AgentFile is the configuration file of agent for a scope (opts.Scope,
// opts.ProjectDir, opts.Home; CODEX_HOME moves Codex's user file).
func AgentFile(agent string, opts ClaudeOptions) (string, error) {
	var rel string
	switch agent {
	case AgentCursor:
		rel = filepath.Join(".cursor", "mcp.json")
	case AgentCodex:
		rel = filepath.Join(".codex", "config.toml")
	case AgentGemini:
		rel = filepath.Join(".gemini", "settings.json")
	default:
		return "", fmt.Errorf("agent %q: use one of %s", agent, strings.Join(Agents(), ", "))
	}
	switch opts.Scope {
	case "", ClaudeScopeProject:
		if opts.ProjectDir == "" {
			return "", errors.New("no project folder")
		}
		return filepath.Join(opts.ProjectDir, rel), nil
	case ClaudeScopeUser:
		if agent == AgentCodex {
			if h := os.Getenv("CODEX_HOME"); h != "" && opts.Home == "" {
				return filepath.Join(h, "config.toml"), nil
			}
		}
		home := opts.Home
		if home == "" {
			var err error
			if home, err = os.UserHomeDir(); err != nil {
				return "", err
			}
		}
		return filepath.Join(home, rel), nil
	}
	return "", fmt.Errorf("scope %q: use %s or %s", opts.Scope, ClaudeScopeProject, ClaudeScopeUser)
}

// agentVaultArg is the --vault argument written for agent: a vault path
// relative to the project becomes one that works from any folder of it —
// through the variable the agent expands in its file (Cursor's
// ${workspaceFolder}); for Codex and Gemini CLI, which start the server in
// the folder they run in and expand no project variable, none at all when
// the server finds that vault by itself from the project (discoverable),
// else the absolute path. An absolute vault stays as it is.
func agentVaultArg(agent string, opts ClaudeOptions, discoverable bool) string {
	v := opts.Vault
	if v == "" || filepath.IsAbs(v) {
		return v
	}
	switch agent {
	case AgentCursor:
		return "${workspaceFolder}/" + filepath.ToSlash(v)
	}
	if discoverable {
		return ""
	}
	return filepath.Join(opts.ProjectDir, filepath.FromSlash(v))
}

// AgentOptions tune AgentInstall beyond the scope's ClaudeOptions.
type AgentOptions struct {
	ClaudeOptions
	// Discoverable says the server finds opts.Vault by itself when started
	// anywhere in the project (the project's recorded vault): Codex and
	// Gemini CLI entries then name no vault.
	Discoverable bool
}

// AgentInstall merges Cortex's MCP server into agent's configuration file
// with claude install's guarantees: every other key, entry, comment and
// the file's layout kept; an entry already Cortex's updated in place, so
// installing again changes nothing; a server named cortex that is not
// Cortex's left alone, with a note.
func AgentInstall(agent string, opts AgentOptions) (*ClaudeResult, error) {
	path, err := AgentFile(agent, opts.ClaudeOptions)
	if err != nil {
		return nil, fmt.Errorf("%s install: %w", agent, err)
	}
	bin := opts.Binary
	if bin == "" {
		bin = claudeBinary()
	}
	for _, s := range []string{bin, opts.Vault} {
		if strings.ContainsFunc(s, unicode.IsControl) {
			return nil, fmt.Errorf("%s install: %q has a control character", agent, s)
		}
	}
	vaultArg := agentVaultArg(agent, opts.ClaudeOptions, opts.Discoverable)
	res := &ClaudeResult{Scope: scopeName(opts.Scope), DryRun: opts.DryRun, Command: bin}
	if res.Scope == ClaudeScopeProject && filepath.IsAbs(bin) {
		res.Notes = append(res.Notes, fmt.Sprintf("the entry runs %s, a path on this machine, in a file the project may share: with cortex on PATH, install again to write plain cortex", bin))
	}
	if agent == AgentCodex && res.Scope == ClaudeScopeProject {
		res.Notes = append(res.Notes, "Codex reads a project's .codex/config.toml only when the project is trusted (codex asks at its first start there)")
	}
	var f *fileEdit
	if agent == AgentCodex {
		f, err = editTOMLFile(path, func(text string) (string, []string, []string) { return installTOMLServer(text, bin, vaultArg) })
	} else {
		f, err = editJSONFile(path, func(root *jnode) ([]string, []string, error) { return installServer(root, bin, vaultArg) })
	}
	if err != nil {
		return nil, fmt.Errorf("%s install: %w", agent, err)
	}
	res.Files = []ClaudeFile{f.file}
	if !opts.DryRun {
		if err := f.commit(); err != nil {
			return nil, fmt.Errorf("%s install: %w", agent, err)
		}
		if f.file.Op == ClaudeCreated {
			if err := updateRecord(opts.Record, []string{f.file.Path}, nil); err != nil {
				return nil, fmt.Errorf("%s install: %w", agent, err)
			}
		}
	}
	return res, nil
}

// AgentUninstall removes what AgentInstall added and nothing else: the
// server cortex when it is Cortex's. A file install created and that is
// left holding nothing is deleted, with the folder install made for it;
// after install and uninstall a file that existed is byte for byte what it
// was.
func AgentUninstall(agent string, opts ClaudeOptions) (*ClaudeResult, error) {
	path, err := AgentFile(agent, opts)
	if err != nil {
		return nil, fmt.Errorf("%s uninstall: %w", agent, err)
	}
	ours, err := readRecord(opts.Record)
	if err != nil {
		return nil, fmt.Errorf("%s uninstall: %w", agent, err)
	}
	res := &ClaudeResult{Scope: scopeName(opts.Scope), DryRun: opts.DryRun}
	var f *fileEdit
	if agent == AgentCodex {
		f, err = editTOMLFile(path, uninstallTOMLServer)
	} else {
		f, err = editJSONFile(path, uninstallServer)
	}
	if err != nil {
		return nil, fmt.Errorf("%s uninstall: %w", agent, err)
	}
	deleted := f.file.Op == ClaudeDeleted
	if deleted && !slices.Contains(ours, f.file.Path) {
		// Left empty, but install did not make it: a person did. Keep it,
		// empty as a file of its kind.
		f.new = []byte{}
		if agent != AgentCodex {
			f.new = []byte("{}" + f.style.eol)
			if !f.style.finalEOL {
				f.new = []byte("{}")
			}
		}
		f.file.Op, deleted = ClaudeUpdated, false
		f.file.Diff = unifiedDiff(f.file.Path, f.file.Path, f.old, f.new)
	}
	res.Files = []ClaudeFile{f.file}
	if !opts.DryRun {
		if err := f.commit(); err != nil {
			return nil, fmt.Errorf("%s uninstall: %w", agent, err)
		}
		if deleted {
			if opts.Scope != ClaudeScopeUser {
				_ = vaultfs.Outside().Remove(filepath.Dir(path)) // only when empty: the folder install made
			}
			if err := updateRecord(opts.Record, nil, []string{path}); err != nil {
				return nil, fmt.Errorf("%s uninstall: %w", agent, err)
			}
		}
	}
	return res, nil
}

// editTOMLFile plans an edit of a TOML file as text: Codex's config.toml
// is a person's file with comments, and re-encoding it would lose them
// and reorder what they wrote. fn returns the new text, the changes and
// notes. A file left with nothing but white space is deleted.
func editTOMLFile(path string, fn func(text string) (string, []string, []string)) (*fileEdit, error) {
	e := &fileEdit{file: ClaudeFile{Path: path}}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	default:
		e.existed, e.old = true, data
	}
	text, changes, notes := fn(string(data))
	e.file.Changes, e.file.Notes = changes, notes
	switch {
	case len(changes) == 0:
		e.new = e.old
		e.file.Op = ClaudeUnchanged
		if !e.existed {
			e.file.Op = ClaudeAbsent
		}
		return e, nil
	case strings.TrimSpace(text) == "" && e.existed:
		e.new, e.file.Op = nil, ClaudeDeleted
	default:
		e.new, e.file.Op = []byte(text), ClaudeUpdated
		if !e.existed {
			e.file.Op = ClaudeCreated
		}
	}
	e.setDiff(path)
	return e, nil
}

// tomlHeader is the table of Cortex's server in Codex's config.toml.
const tomlHeader = "[mcp_servers." + ClaudeMCPName + "]"

// tomlTable finds Cortex's table in text: the byte range from its header
// line to the next table that is not one of its own sub-tables
// ([mcp_servers.cortex.env]), or the end. ok is false when there is none.
func tomlTable(text string) (start, end int, ok bool) {
	start = -1
	off := 0
	for line := range strings.Lines(text) {
		h := tomlHeaderName(line)
		switch {
		case start < 0 && (h == "mcp_servers."+ClaudeMCPName || h == `mcp_servers."`+ClaudeMCPName+`"`):
			start = off
		case start >= 0 && h != "" && !strings.HasPrefix(h, "mcp_servers."+ClaudeMCPName+"."):
			return start, off, true
		}
		off += len(line)
	}
	if start < 0 {
		return 0, 0, false
	}
	return start, len(text), true
}

// tomlHeaderName is the name of the table a line opens ("mcp_servers.x"),
// or "" for any other line.
func tomlHeaderName(line string) string {
	t := strings.TrimSpace(line)
	if i := strings.Index(t, "#"); i >= 0 && !strings.Contains(t[:i], `"`) {
		t = strings.TrimSpace(t[:i])
	}
	if !strings.HasPrefix(t, "[") || strings.HasPrefix(t, "[[") || !strings.HasSuffix(t, "]") {
		return ""
	}
	return strings.TrimSpace(t[1 : len(t)-1])
}

// tomlKeyValue is the value text of key in a table's lines ("" and false
// when absent), and the byte range of its line.
func tomlKeyValue(table, key string) (val string, start, end int, ok bool) {
	off := 0
	for line := range strings.Lines(table) {
		k, v, found := strings.Cut(line, "=")
		if found && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v), off, off + len(line), true
		}
		off += len(line)
	}
	return "", 0, 0, false
}

// tomlString is s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tomlServerLines are the command and args lines of Cortex's table.
func tomlServerLines(bin, vaultArg string) (command, args string) {
	list := []string{tomlString("mcp")}
	if vaultArg != "" {
		list = append(list, tomlString("--vault"), tomlString(vaultArg))
	}
	return "command = " + tomlString(bin), "args = [" + strings.Join(list, ", ") + "]"
}

// isOurTOMLServer reports whether a table runs `cortex mcp`.
func isOurTOMLServer(table string) bool {
	cmd, _, _, ok := tomlKeyValue(table, "command")
	if !ok {
		return false
	}
	cmd = strings.Trim(cmd, `"'`)
	args, _, _, ok := tomlKeyValue(table, "args")
	if !ok {
		return false
	}
	args = strings.TrimSpace(strings.TrimPrefix(args, "["))
	return isCortexBinary(cmd) && (strings.HasPrefix(args, `"mcp"`) || strings.HasPrefix(args, `'mcp'`))
}

// installTOMLServer adds or updates [mcp_servers.cortex] in text.
func installTOMLServer(text, bin, vaultArg string) (string, []string, []string) {
	command, args := tomlServerLines(bin, vaultArg)
	start, end, ok := tomlTable(text)
	if !ok {
		var b strings.Builder
		b.WriteString(text)
		if text != "" {
			if !strings.HasSuffix(text, "\n") {
				b.WriteString("\n")
			}
			b.WriteString("\n")
		}
		b.WriteString(tomlHeader + "\n" + command + "\n" + args + "\n")
		return b.String(), []string{"MCP server " + ClaudeMCPName + " added"}, nil
	}
	table := text[start:end]
	if !isOurTOMLServer(table) {
		return text, nil, []string{fmt.Sprintf("%s is not Cortex's server (its command is not `cortex mcp`): left as it is", tomlHeader)}
	}
	changed := false
	for _, kv := range []struct{ key, line string }{{"command", command}, {"args", args}} {
		_, ls, le, _ := tomlKeyValue(table, kv.key)
		old := strings.TrimRight(table[ls:le], "\r\n")
		if old != kv.line {
			table = table[:ls] + kv.line + table[ls+len(old):]
			changed = true
		}
	}
	if !changed {
		return text, nil, nil
	}
	return text[:start] + table + text[end:], []string{"MCP server " + ClaudeMCPName + " updated"}, nil
}

// uninstallTOMLServer removes [mcp_servers.cortex] when it is Cortex's,
// with the blank line install put before it.
func uninstallTOMLServer(text string) (string, []string, []string) {
	start, end, ok := tomlTable(text)
	if !ok {
		return text, nil, nil
	}
	if !isOurTOMLServer(text[start:end]) {
		return text, nil, []string{fmt.Sprintf("%s is not Cortex's server: left as it is", tomlHeader)}
	}
	before, after := text[:start], text[end:]
	if after == "" {
		// Install appended the table after one blank line.
		before = strings.TrimSuffix(before, "\n")
	} else if strings.HasSuffix(before, "\n\n") {
		before = strings.TrimSuffix(before, "\n")
	}
	return before + after, []string{"MCP server " + ClaudeMCPName + " removed"}, nil
}
