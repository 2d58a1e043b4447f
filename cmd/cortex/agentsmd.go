package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/hooks"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/agentsblock"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		return []*cli.Command{agentsMDCommand()}
	})
}

// agentsMDCommand is `cortex agents-md`: the managed block of rules and
// key memories in the project's AGENTS.md (or another file, CLAUDE.md say).
func agentsMDCommand() *cli.Command {
	return &cli.Command{
		Name:  "agents-md",
		Usage: "write or refresh Cortex's block of rules and key memories in the project's AGENTS.md",
		Description: `Keeps a managed block between ` + hooks.AgentsBegin + ` and ` + hooks.AgentsEnd + `
in the project's AGENTS.md (the top of the project that holds a nested vault;
the vault's root otherwise), which Codex, Cursor, Copilot, Gemini CLI and
others read: the rules and the most important active memories as MEMORY.md
carries them (80 lines, 5 KB at most), and how to search memory. Everything
outside the block is a person's and never changes. A project's file is
written, never committed; a file in the vault's own folder is committed
(unless it holds changes of yours not yet committed). Once a file holds the
block, every cortex maintain keeps it current: in the vault, in the sleep
cycle's one commit. --file CLAUDE.md puts the same block in another file.`,
		Flags: []cli.Flag{
			obsVaultFlag(),
			&cli.StringFlag{Name: "file", Usage: "the `PATH` of the file (default: the project's AGENTS.md)"},
			&cli.BoolFlag{Name: "dry-run", Usage: "print the change as a diff and write nothing"},
			&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"},
		},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return usageErrorf("agents-md takes no arguments (got %s)", doc.Excerpt(c.Args().First()))
			}
			l, err := obsLayout(c)
			if err != nil {
				return err
			}
			path := hooks.AgentsPath(l)
			if f := c.String("file"); f != "" {
				if path, err = filepath.Abs(f); err != nil {
					return fmt.Errorf("--file %s: %w", doc.Mention(f), err)
				}
			}
			r, err := agentsMDIn(c.Context, l, path, c.Bool("dry-run"))
			if err != nil {
				return err
			}
			if c.Bool("json") {
				return writeJSON(c.App.Writer, r)
			}
			if c.Bool("dry-run") {
				_, err := io.WriteString(c.App.Writer, r.Diff)
				return err
			}
			if r.Op == hooks.ClaudeUnchanged {
				fmt.Fprintf(c.App.Writer, "%s: already as it should be\n", r.Path)
				return nil
			}
			fmt.Fprintf(c.App.Writer, "%s %s: the cortex block\n", r.Op, r.Path)
			if r.Commit != "" {
				fmt.Fprintf(c.App.Writer, "committed %s in the vault's repository\n", shortHash(r.Commit))
			}
			if r.Note != "" {
				fmt.Fprintf(c.App.ErrWriter, "cortex: note: %s\n", r.Note)
			}
			return nil
		},
	}
}

// agentsMDIn refreshes the block of the file at path; a file in the
// vault's own folder is then committed (in one commit of that path only),
// as every write of the vault is, so that cortex maintain finds it clean
// and keeps it current in its own commit from then on. A file with a
// person's uncommitted changes is written but not committed: they are the
// person's to commit.
func agentsMDIn(ctx context.Context, l vault.Layout, path string, dryRun bool) (*hooks.AgentsResult, error) {
	rel, err := filepath.Rel(l.Root, path)
	if err != nil || !inside(l.Root, path) || dryRun {
		return refreshAgentsMD(l, path, dryRun)
	}
	rel = filepath.ToSlash(rel)
	gs, err := gitstore.Open(l.Root)
	if err != nil {
		return nil, fmt.Errorf("agents-md: %w", err)
	}
	persons, err := gs.Uncommitted(rel)
	if err != nil {
		return nil, fmt.Errorf("agents-md: %w", err)
	}
	r, err := refreshAgentsMD(l, path, false)
	if err != nil || r.Op == hooks.ClaudeUnchanged {
		return r, err
	}
	if persons {
		r.Note = rel + " has changes of yours not committed: the block is written, the file is yours to commit"
		return r, nil
	}
	h, err := gs.Commit(ctx, gitstore.CommitRequest{Paths: []string{rel}, Message: "agents-md: the cortex block of " + rel + "\n"})
	if err != nil {
		return nil, fmt.Errorf("agents-md: commit %s: %w", rel, err)
	}
	r.Commit = h.String()
	return r, nil
}

// refreshAgentsMD writes the vault's block into the file at path.
func refreshAgentsMD(l vault.Layout, path string, dryRun bool) (*hooks.AgentsResult, error) {
	rel, err := filepath.Rel(filepath.Dir(path), l.Root)
	if err != nil || strings.HasPrefix(rel, "..") {
		rel = l.Root
	}
	block, err := hooks.AgentsBlock(l, filepath.ToSlash(rel))
	if err != nil {
		return nil, err
	}
	return hooks.AgentsMD(path, block, dryRun)
}

// maintainAgentsMD refreshes, after a maintain run, the project's
// AGENTS.md and CLAUDE.md that hold the block, saying what it did through
// say (a warning is one). Only files outside the vault: the sleep cycle
// refreshes those at the vault's root in its own commit; a project's file
// is written, never committed.
func maintainAgentsMD(l vault.Layout, say func(warning bool, msg string)) {
	dir := filepath.Dir(hooks.AgentsPath(l))
	for _, name := range agentsblock.Files {
		p := filepath.Join(dir, name)
		if inside(l.Root, p) || !hooks.HasAgentsBlock(p) {
			continue
		}
		r, err := refreshAgentsMD(l, p, false)
		if err != nil {
			say(true, err.Error())
			continue
		}
		if r.Op != hooks.ClaudeUnchanged {
			say(false, fmt.Sprintf("%s the cortex block of %s", r.Op, p))
		}
	}
}

// inside reports whether p is within dir.
func inside(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(os.PathSeparator))
}
