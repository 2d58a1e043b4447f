package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/agentsblock"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// The markers of the block `cortex agents-md` keeps in a project's
// AGENTS.md: see package agentsblock.
const (
	AgentsBegin = agentsblock.Begin
	AgentsEnd   = agentsblock.End
	// AgentsFile is the file's name at the project's top.
	AgentsFile = agentsblock.File
	// memoryView is the generated view the block carries (rules/view.go
	// writes it at every cortex maintain, within its caps).
	memoryView = "MEMORY.md"
)

// AgentsPath is the AGENTS.md of the project l serves: at the top of the
// git work tree that holds the vault's folder (a nested vault's project),
// else at the vault's root.
func AgentsPath(l vault.Layout) string {
	if r, err := gitstore.FindRepo(filepath.Dir(l.Root)); err == nil {
		return filepath.Join(r.WorkTree, AgentsFile)
	}
	return filepath.Join(l.Root, AgentsFile)
}

// AgentsBlock is the managed block for the vault l, markers included:
// the rules and the most important active memories as MEMORY.md carries
// them (the same caps: 80 lines, 5 KB), and how to search for more. The
// text goes through doc.ForDisplay: no control character, and no HTML
// comment that could fake a marker, comes from a memory.
func AgentsBlock(l vault.Layout, vaultRel string) (string, error) {
	data, err := os.ReadFile(filepath.Join(l.Root, memoryView))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("agents-md: read %s: %w", memoryView, err)
	}
	return agentsblock.Render(data, vaultRel), nil
}

// AgentsResult says what AgentsMD did to the file.
type AgentsResult struct {
	Path string `json:"path"`
	// Op is created, updated or unchanged.
	Op   string `json:"op"`
	Diff string `json:"diff,omitempty"`
	// Commit is the commit that recorded the file, when it is in the
	// vault's own folder (a project's file is never committed).
	Commit string `json:"commit,omitempty"`
	// Note says why a file in the vault was written but not committed.
	Note string `json:"note,omitempty"`
}

// AgentsMD writes the block into the file at path: in place of the block
// it holds, else appended after a blank line (the file created when
// absent). Everything outside the markers stays byte for byte.
func AgentsMD(path, block string, dryRun bool) (*AgentsResult, error) {
	old, err := os.ReadFile(path)
	existed := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("agents-md: %w", err)
	}
	next, err := agentsblock.Splice(string(old), block)
	if err != nil {
		return nil, fmt.Errorf("agents-md: %s: %w", path, err)
	}
	res := &AgentsResult{Path: path, Op: ClaudeUnchanged}
	if existed && next == string(old) {
		return res, nil
	}
	res.Op = ClaudeUpdated
	a := path
	if !existed {
		res.Op, a = ClaudeCreated, "/dev/null"
	}
	res.Diff = unifiedDiff(a, path, old, []byte(next))
	if dryRun {
		return res, nil
	}
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("agents-md: %s is not a regular file", path)
	}
	if err := vaultfs.Outside().WriteFile(path, []byte(next), 0o644); err != nil {
		return nil, fmt.Errorf("agents-md: %w", err)
	}
	return res, nil
}

// HasAgentsBlock reports whether the file at path holds the block (then
// cortex maintain keeps it current).
func HasAgentsBlock(path string) bool {
	data, err := os.ReadFile(path)
	return err == nil && agentsblock.Has(data)
}
