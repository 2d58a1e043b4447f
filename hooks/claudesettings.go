package hooks

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// Where Claude Code keeps what `cortex claude install` changes.
const (
	// ClaudeScopeProject: .claude/settings.json and .mcp.json in the
	// project's top folder, committed and shared with the team.
	ClaudeScopeProject = "project"
	// ClaudeScopeUser: ~/.claude/settings.json and the mcpServers of
	// ~/.claude.json, for every project of this person.
	ClaudeScopeUser = "user"
)

// ClaudeMCPName is the name of Cortex's server under mcpServers.
const ClaudeMCPName = "cortex"

// claudeHookTimeout is the timeout (seconds) written into each hook entry:
// Claude Code's backstop should the process hang before its own limit
// (DefaultClaudeTimeout) applies.
const claudeHookTimeout = 10

// claudeMatchers are the matchers written for each event: every source of
// a session start, every sub-agent type; Stop takes none.
var claudeMatchers = map[string]string{
	ClaudeSessionStart:  "startup|resume|clear|compact",
	ClaudeSubagentStart: "*",
	ClaudeStop:          "",
}

// What ClaudeInstall and ClaudeUninstall did to a file (ClaudeFile.Op).
const (
	ClaudeCreated   = "created"
	ClaudeUpdated   = "updated"
	ClaudeUnchanged = "unchanged"
	ClaudeDeleted   = "deleted"
	ClaudeAbsent    = "absent" // uninstall: no file, nothing to do
)

// ClaudeOptions tune ClaudeInstall and ClaudeUninstall.
type ClaudeOptions struct {
	// Scope is ClaudeScopeProject (default) or ClaudeScopeUser.
	Scope string
	// ProjectDir is the project's top folder (project scope).
	ProjectDir string
	// Home is the home folder (user scope); empty means os.UserHomeDir.
	Home string
	// Binary is the cortex command the entries run: empty means `cortex`
	// when that name on PATH is this very binary, else this binary's
	// absolute path.
	Binary string
	// Vault is recorded in the hook and server commands as --vault
	// (relative to the project's top folder, or absolute); empty records
	// none and the vault is found from the session's folder.
	Vault string
	// Summary installs the Stop hook with --summary (a summary of each
	// turn appended to the buffer); without it there is no Stop hook.
	Summary bool
	// DryRun computes the changes and their diffs but writes nothing.
	DryRun bool
	// Record is a file listing the files install created (one path a
	// line): uninstall deletes a file left empty only when it is listed,
	// so a file a person made is never deleted. Empty: no record, and
	// uninstall deletes no file.
	Record string
}

// ClaudeFile is one file ClaudeInstall or ClaudeUninstall looked at.
type ClaudeFile struct {
	Path string `json:"path"`
	Op   string `json:"op"`
	// Changes lists what changed, one line each ("SessionStart hook
	// added").
	Changes []string `json:"changes,omitempty"`
	// Diff is the unified diff of the change ("" when none).
	Diff string `json:"diff,omitempty"`
	// Notes are things a person should know about this file.
	Notes []string `json:"notes,omitempty"`
}

// ClaudeResult says what ClaudeInstall or ClaudeUninstall did (or, with
// DryRun, would do).
type ClaudeResult struct {
	Scope  string       `json:"scope"`
	DryRun bool         `json:"dry_run,omitempty"`
	Files  []ClaudeFile `json:"files"`
	// Command is the cortex command the entries run.
	Command string `json:"command,omitempty"`
	// Notes are things a person should know about the install as a whole.
	Notes []string `json:"notes,omitempty"`
}

// claudeFiles returns the settings file and the MCP file of a scope.
func claudeFiles(opts ClaudeOptions) (settings, mcp string, err error) {
	switch opts.Scope {
	case "", ClaudeScopeProject:
		if opts.ProjectDir == "" {
			return "", "", errors.New("no project folder")
		}
		return filepath.Join(opts.ProjectDir, ".claude", "settings.json"), filepath.Join(opts.ProjectDir, ".mcp.json"), nil
	case ClaudeScopeUser:
		home := opts.Home
		if home == "" {
			if home, err = os.UserHomeDir(); err != nil {
				return "", "", err
			}
		}
		return filepath.Join(home, ".claude", "settings.json"), filepath.Join(home, ".claude.json"), nil
	}
	return "", "", fmt.Errorf("scope %q: use %s or %s", opts.Scope, ClaudeScopeProject, ClaudeScopeUser)
}

// ClaudeInstall merges Cortex's hook entries into the scope's Claude Code
// settings and its MCP server into the scope's MCP file, keeping every other
// key, entry, their order and the file's layout. Entries already Cortex's
// (recognised by their command, `… cortex claude hook EVENT` and `cortex
// mcp`) are updated in place, so installing again changes nothing. A
// server named cortex that is not Cortex's is left alone, with a note.
func ClaudeInstall(opts ClaudeOptions) (*ClaudeResult, error) {
	settings, mcp, err := claudeFiles(opts)
	if err != nil {
		return nil, fmt.Errorf("claude install: %w", err)
	}
	bin := opts.Binary
	if bin == "" {
		bin = claudeBinary()
	}
	for _, s := range []string{bin, opts.Vault} {
		if strings.ContainsFunc(s, unicode.IsControl) {
			return nil, fmt.Errorf("claude install: %q has a control character", s)
		}
	}
	res := &ClaudeResult{Scope: scopeName(opts.Scope), DryRun: opts.DryRun, Command: bin}
	if res.Scope == ClaudeScopeProject && filepath.IsAbs(bin) {
		res.Notes = append(res.Notes, fmt.Sprintf("the entries run %s, a path on this machine, in files the project may share: with cortex on PATH, install again to write plain cortex", bin))
	}
	sf, err := editJSONFile(settings, func(root *jnode) ([]string, []string, error) {
		return installHooks(root, bin, opts)
	})
	if err != nil {
		return nil, fmt.Errorf("claude install: %w", err)
	}
	// Claude Code starts MCP servers in the folder it was launched in, not
	// the project's top: a vault relative to the project is written
	// through ${CLAUDE_PROJECT_DIR}, which it expands in .mcp.json (and
	// cortex mcp expands itself should a client not).
	mcpVault := opts.Vault
	if mcpVault != "" && !filepath.IsAbs(mcpVault) {
		mcpVault = "${CLAUDE_PROJECT_DIR}/" + filepath.ToSlash(mcpVault)
	}
	mf, err := editJSONFile(mcp, func(root *jnode) ([]string, []string, error) {
		return installServer(root, bin, mcpVault)
	})
	if err != nil {
		return nil, fmt.Errorf("claude install: %w", err)
	}
	res.Files = []ClaudeFile{sf.file, mf.file}
	if !opts.DryRun {
		var created []string
		for _, f := range []*fileEdit{sf, mf} {
			if err := f.commit(); err != nil {
				return nil, fmt.Errorf("claude install: %w", err)
			}
			if f.file.Op == ClaudeCreated {
				created = append(created, f.file.Path)
			}
		}
		if err := updateRecord(opts.Record, created, nil); err != nil {
			return nil, fmt.Errorf("claude install: %w", err)
		}
	}
	return res, nil
}

// ClaudeUninstall removes what ClaudeInstall added — the hook entries whose
// command is Cortex's and the cortex server when it is Cortex's — and
// nothing else. A group or event list left empty by the removal goes too; a
// file left holding nothing (`{}`) is deleted, as is an empty .claude
// folder.
func ClaudeUninstall(opts ClaudeOptions) (*ClaudeResult, error) {
	settings, mcp, err := claudeFiles(opts)
	if err != nil {
		return nil, fmt.Errorf("claude uninstall: %w", err)
	}
	res := &ClaudeResult{Scope: scopeName(opts.Scope), DryRun: opts.DryRun}
	ours, err := readRecord(opts.Record)
	if err != nil {
		return nil, fmt.Errorf("claude uninstall: %w", err)
	}
	sf, err := editJSONFile(settings, uninstallHooks)
	if err != nil {
		return nil, fmt.Errorf("claude uninstall: %w", err)
	}
	mf, err := editJSONFile(mcp, uninstallServer)
	if err != nil {
		return nil, fmt.Errorf("claude uninstall: %w", err)
	}
	var deleted []string
	for _, f := range []*fileEdit{sf, mf} {
		if f.file.Op != ClaudeDeleted {
			continue
		}
		if !slices.Contains(ours, f.file.Path) {
			// Left as {}: install did not create it, so a person did.
			f.new = []byte("{}" + f.style.eol)
			if !f.style.finalEOL {
				f.new = []byte("{}")
			}
			f.file.Op = ClaudeUpdated
			f.file.Diff = unifiedDiff(f.file.Path, f.file.Path, f.old, f.new)
			continue
		}
		deleted = append(deleted, f.file.Path)
	}
	res.Files = []ClaudeFile{sf.file, mf.file}
	if !opts.DryRun {
		for _, f := range []*fileEdit{sf, mf} {
			if err := f.commit(); err != nil {
				return nil, fmt.Errorf("claude uninstall: %w", err)
			}
		}
		if opts.Scope != ClaudeScopeUser && slices.Contains(deleted, settings) {
			// The folder install made for the file; Remove refuses a
			// folder with anything else in it.
			_ = vaultfs.Outside().Remove(filepath.Dir(settings))
		}
		if err := updateRecord(opts.Record, nil, deleted); err != nil {
			return nil, fmt.Errorf("claude uninstall: %w", err)
		}
	}
	return res, nil
}

// readRecord reads the list of files install created.
func readRecord(p string) ([]string, error) {
	if p == "" {
		return nil, nil
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var paths []string
	for l := range strings.Lines(string(data)) {
		if l = strings.TrimRight(l, "\r\n"); l != "" {
			paths = append(paths, l)
		}
	}
	return paths, nil
}

// updateRecord adds and removes paths in the record.
func updateRecord(p string, add, remove []string) error {
	if p == "" || len(add)+len(remove) == 0 {
		return nil
	}
	paths, err := readRecord(p)
	if err != nil {
		return err
	}
	paths = slices.DeleteFunc(paths, func(s string) bool { return slices.Contains(remove, s) })
	for _, a := range add {
		if !slices.Contains(paths, a) {
			paths = append(paths, a)
		}
	}
	if err := vaultfs.Outside().MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	var b strings.Builder
	for _, s := range paths {
		b.WriteString(s + "\n")
	}
	return vaultfs.Outside().WriteFile(p, []byte(b.String()), 0o644)
}

func scopeName(s string) string {
	if s == "" {
		return ClaudeScopeProject
	}
	return s
}

// fileEdit is a planned change of one configuration file.
type fileEdit struct {
	file    ClaudeFile
	style   jstyle
	old     []byte
	new     []byte // nil: delete the file
	existed bool
}

// editJSONFile reads path (absent: an empty object), applies fn to its
// root object and plans the write. fn returns the changes made and notes.
// A root that is not an object, or a file that is not JSON, is an error:
// such a file is not what Claude Code reads, and Cortex does not guess.
func editJSONFile(path string, fn func(root *jnode) (changes, notes []string, err error)) (*fileEdit, error) {
	e := &fileEdit{file: ClaudeFile{Path: path}}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	default:
		e.existed, e.old = true, data
	}
	root, style := jobj(), defaultStyle
	if len(bytes.TrimSpace(data)) > 0 {
		if root, style, err = parseJSONDoc(path, data); err != nil {
			return nil, err
		}
		if root.kind != '{' {
			return nil, fmt.Errorf("%s: the top level is not a JSON object: fix it by hand first", path)
		}
	}
	e.style = style
	changes, notes, err := fn(root)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	e.file.Changes, e.file.Notes = changes, notes
	switch {
	case len(changes) == 0:
		e.new = e.old
		e.file.Op = ClaudeUnchanged
		if !e.existed {
			e.file.Op = ClaudeAbsent
		}
	case len(root.members) == 0 && e.existed:
		e.new = nil
		e.file.Op = ClaudeDeleted
	default:
		e.new = root.render(style)
		e.file.Op = ClaudeUpdated
		if !e.existed {
			e.file.Op = ClaudeCreated
		}
	}
	if e.file.Op != ClaudeUnchanged && e.file.Op != ClaudeAbsent {
		e.setDiff(path)
	}
	return e, nil
}

// setDiff sets the planned change's unified diff; a file created or
// deleted is diffed against /dev/null.
func (e *fileEdit) setDiff(path string) {
	aName, bName := path, path
	if !e.existed {
		aName = "/dev/null"
	}
	if e.new == nil {
		bName = "/dev/null"
	}
	e.file.Diff = unifiedDiff(aName, bName, e.old, e.new)
}

// commit writes the planned change.
func (e *fileEdit) commit() error {
	switch e.file.Op {
	case ClaudeUnchanged, ClaudeAbsent:
		return nil
	case ClaudeDeleted:
		if err := vaultfs.Outside().Remove(e.file.Path); err != nil {
			return err
		}
		return vaultfs.SyncDir(filepath.Dir(e.file.Path))
	}
	dir := filepath.Dir(e.file.Path)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		if err := vaultfs.Outside().MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := vaultfs.SyncDir(filepath.Dir(dir)); err != nil {
			return err
		}
	}
	return vaultfs.Outside().WriteFile(e.file.Path, e.new, 0o644)
}

// claudeCommand is the command line of one hook entry.
func claudeCommand(bin, cli string, opts ClaudeOptions) string {
	cmd := shellWord(bin) + " claude hook " + cli
	if opts.Vault != "" {
		cmd += " --vault " + shellWord(opts.Vault)
	}
	if cli == "stop" {
		cmd += " --summary"
	}
	return cmd
}

// installHooks adds or updates Cortex's entries under root's "hooks".
func installHooks(root *jnode, bin string, opts ClaudeOptions) ([]string, []string, error) {
	hooks := root.get("hooks")
	if hooks != nil && hooks.kind != '{' {
		return nil, nil, errors.New(`"hooks" is not an object: fix it by hand first`)
	}
	var changes []string
	for _, ev := range claudeEvents {
		want := opts.Summary || ev.event != ClaudeStop
		if hooks == nil && !want {
			continue
		}
		if hooks == nil {
			hooks = jobj()
			root.set("hooks", hooks)
		}
		list := hooks.get(ev.event)
		if list != nil && list.kind != '[' {
			return nil, nil, fmt.Errorf(`"hooks.%s" is not a list: fix it by hand first`, ev.event)
		}
		entry := jobj(kv{"type", jstr("command")}, kv{"command", jstr(claudeCommand(bin, ev.cli, opts))}, kv{"timeout", jnum(claudeHookTimeout)})
		if !want {
			if list != nil && removeOurs(hooks, list, ev.event, ev.cli) {
				changes = append(changes, ev.event+" hook removed (install without --summary)")
			}
			continue
		}
		group, at, found := findOurs(list, ev.cli)
		if !found {
			g := jobj()
			if m := claudeMatchers[ev.event]; m != "" {
				g.set("matcher", jstr(m))
			}
			g.set("hooks", jarr(entry))
			if list == nil {
				list = jarr()
				hooks.set(ev.event, list)
			}
			list.elems = append(list.elems, g)
			changes = append(changes, ev.event+" hook added")
			continue
		}
		changed := false
		old := group.get("hooks").elems[at]
		// Update in place: the person's extra keys on the entry stay.
		for _, m := range entry.members {
			if !m.val.equal(old.get(m.key)) {
				old.set(m.key, m.val)
				changed = true
			}
		}
		if len(group.get("hooks").elems) == 1 {
			if m := claudeMatchers[ev.event]; m != "" && !jstr(m).equal(group.get("matcher")) {
				group.set("matcher", jstr(m))
				changed = true
			}
		}
		// Entries of ours beyond the first (two installs by hand, say) go.
		if dropDuplicates(list, group, at, ev.cli) {
			changed = true
		}
		if changed {
			changes = append(changes, ev.event+" hook updated")
		}
	}
	return changes, nil, nil
}

// uninstallHooks removes Cortex's entries; containers it empties go too.
func uninstallHooks(root *jnode) ([]string, []string, error) {
	hooks := root.get("hooks")
	if hooks == nil || hooks.kind != '{' {
		return nil, nil, nil
	}
	var changes []string
	for _, ev := range claudeEvents {
		list := hooks.get(ev.event)
		if list == nil || list.kind != '[' {
			continue
		}
		if removeOurs(hooks, list, ev.event, ev.cli) {
			changes = append(changes, ev.event+" hook removed")
		}
	}
	if len(changes) > 0 && len(hooks.members) == 0 {
		root.del("hooks")
	}
	return changes, nil, nil
}

// findOurs finds the first entry of ours for the event in list: its group
// and its index in the group's hooks.
func findOurs(list *jnode, cli string) (*jnode, int, bool) {
	if list == nil {
		return nil, 0, false
	}
	for _, g := range list.elems {
		hs := g.get("hooks")
		if g.kind != '{' || hs == nil || hs.kind != '[' {
			continue
		}
		for i, h := range hs.elems {
			if isOurEntry(h, cli) {
				return g, i, true
			}
		}
	}
	return nil, 0, false
}

// dropDuplicates removes the entries of ours other than group's at-th.
func dropDuplicates(list, keepGroup *jnode, keepAt int, cli string) bool {
	changed := false
	groups := list.elems[:0]
	for _, g := range list.elems {
		hs := g.get("hooks")
		if g.kind == '{' && hs != nil && hs.kind == '[' {
			kept := hs.elems[:0]
			dropped := false
			for i, h := range hs.elems {
				if isOurEntry(h, cli) && (g != keepGroup || i != keepAt) {
					dropped = true
					continue
				}
				kept = append(kept, h)
			}
			hs.elems = kept
			changed = changed || dropped
			if dropped && len(kept) == 0 {
				continue // a group that held only our duplicate
			}
		}
		groups = append(groups, g)
	}
	list.elems = groups
	return changed
}

// removeOurs removes every entry of ours for the event; a group it leaves
// without hooks goes, and the event's list when it leaves it empty.
func removeOurs(hooks, list *jnode, event, cli string) bool {
	changed := false
	groups := list.elems[:0]
	for _, g := range list.elems {
		hs := g.get("hooks")
		if g.kind == '{' && hs != nil && hs.kind == '[' {
			kept := hs.elems[:0]
			for _, h := range hs.elems {
				if isOurEntry(h, cli) {
					changed = true
					continue
				}
				kept = append(kept, h)
			}
			emptied := len(kept) == 0 && len(hs.elems) > 0
			hs.elems = kept
			if emptied {
				continue
			}
		}
		groups = append(groups, g)
	}
	list.elems = groups
	if changed && len(groups) == 0 {
		hooks.del(event)
	}
	return changed
}

// isOurEntry reports whether a hook entry runs `cortex claude hook CLI`
// (through any path to a binary named cortex).
func isOurEntry(h *jnode, cli string) bool {
	if h == nil || h.kind != '{' {
		return false
	}
	cmd, ok := h.get("command").text()
	if !ok {
		return false
	}
	w := shellWords(cmd)
	return len(w) >= 4 && isCortexBinary(w[0]) && w[1] == "claude" && w[2] == "hook" && w[3] == cli
}

func isCortexBinary(p string) bool {
	// Either separator: an entry may have been written on Windows.
	base := strings.ReplaceAll(p, `\`, "/")
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[i+1:]
	}
	return base == "cortex" || strings.EqualFold(base, "cortex.exe")
}

// installServer adds or updates mcpServers.cortex.
func installServer(root *jnode, bin, vaultDir string) ([]string, []string, error) {
	servers := root.get("mcpServers")
	if servers != nil && servers.kind != '{' {
		return nil, nil, errors.New(`"mcpServers" is not an object: fix it by hand first`)
	}
	args := []*jnode{jstr("mcp")}
	if vaultDir != "" {
		args = append(args, jstr("--vault"), jstr(vaultDir))
	}
	want := jobj(kv{"command", jstr(bin)}, kv{"args", jarr(args...)})
	if servers == nil {
		servers = jobj()
		root.set("mcpServers", servers)
	}
	old := servers.get(ClaudeMCPName)
	switch {
	case old == nil:
		servers.set(ClaudeMCPName, want)
		return []string{"MCP server " + ClaudeMCPName + " added"}, nil, nil
	case !isOurServer(old):
		return nil, []string{fmt.Sprintf("mcpServers.%s is not Cortex's server (its command is not `cortex mcp`): left as it is", ClaudeMCPName)}, nil
	}
	changed := false
	for _, m := range want.members {
		if !m.val.equal(old.get(m.key)) {
			old.set(m.key, m.val)
			changed = true
		}
	}
	if changed {
		return []string{"MCP server " + ClaudeMCPName + " updated"}, nil, nil
	}
	return nil, nil, nil
}

// uninstallServer removes mcpServers.cortex when it is Cortex's.
func uninstallServer(root *jnode) ([]string, []string, error) {
	servers := root.get("mcpServers")
	if servers == nil || servers.kind != '{' {
		return nil, nil, nil
	}
	old := servers.get(ClaudeMCPName)
	if old == nil {
		return nil, nil, nil
	}
	if !isOurServer(old) {
		return nil, []string{fmt.Sprintf("mcpServers.%s is not Cortex's server: left as it is", ClaudeMCPName)}, nil
	}
	servers.del(ClaudeMCPName)
	if len(servers.members) == 0 {
		root.del("mcpServers")
	}
	return []string{"MCP server " + ClaudeMCPName + " removed"}, nil, nil
}

// isOurServer reports whether an mcpServers entry runs `cortex mcp`.
func isOurServer(s *jnode) bool {
	if s == nil || s.kind != '{' {
		return false
	}
	cmd, ok := s.get("command").text()
	if !ok || !isCortexBinary(cmd) {
		return false
	}
	args := s.get("args")
	if args == nil || args.kind != '[' || len(args.elems) == 0 {
		return false
	}
	first, ok := args.elems[0].text()
	return ok && first == "mcp"
}

// claudeBinary is the command the entries run: plain `cortex` when that
// name on PATH is the running binary (the entries then survive an upgrade
// that moves the file), else the running binary's path, so a cortex not on
// PATH still works.
func claudeBinary() string {
	self := selfPath()
	if p, err := exec.LookPath("cortex"); err == nil && self != "" {
		if abs, err := filepath.Abs(p); err == nil && vaultfs.SameFile(abs, self) {
			return "cortex"
		}
	}
	if self == "" {
		return "cortex"
	}
	return self
}

// shellWord quotes s for the shell Claude Code runs a hook's command with
// (sh -c), only when it needs quoting.
func shellWord(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !(r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("-_./:@%+=,", r)))
	}) {
		return s
	}
	return shellQuote(s)
}

// shellWords splits a command line into words as sh would for the plain
// forms shellWord writes and people type: white space separates, single
// and double quotes group, a backslash escapes outside single quotes.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote == '\'':
			if r == '\'' {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case quote == '"':
			switch {
			case r == '"':
				quote = 0
			case r == '\\' && i+1 < len(rs) && strings.ContainsRune(`"\$`+"`", rs[i+1]):
				i++
				cur.WriteRune(rs[i])
			default:
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == '\\' && i+1 < len(rs):
			i++
			cur.WriteRune(rs[i])
			inWord = true
		case unicode.IsSpace(r):
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return slices.Clip(words)
}

// RepoVaults returns the vaults (absolute folders) `cortex init` made in
// the git repository holding dir — a project's docs/memory, say — or none:
// the nested vaults with their own repository recorded in the project's
// info/exclude, then those the project's pre-commit hook checks
// (--in-project). It is how a command finds a project's vault from the
// project's top folder.
func RepoVaults(dir string) ([]string, error) {
	nested := vault.FindProjectVaults(dir)
	repo, err := FindRepo(dir)
	if err != nil {
		return nested, nil // no repository: no vaults recorded
	}
	hooksDir, _, err := repo.HooksDir()
	if err != nil {
		return nil, err
	}
	_, ours, err := readHook(filepath.Join(hooksDir, HookName))
	if err != nil {
		return nil, err
	}
	vaults := nested
	for _, v := range ours {
		p := filepath.Join(repo.WorkTree, filepath.FromSlash(v))
		if ok, err := vault.IsVault(p); err == nil && ok && !slices.Contains(vaults, p) {
			vaults = append(vaults, p)
		}
	}
	return vaults, nil
}
