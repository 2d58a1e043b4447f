package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/hooks"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
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
outside the block is a person's and never changes; the file is written,
never committed. Once a project file holds the block, cortex maintain keeps
it current. --file CLAUDE.md puts the same block in another file.`,
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
			r, err := refreshAgentsMD(l, path, c.Bool("dry-run"))
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
			return nil
		},
	}
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
// AGENTS.md and CLAUDE.md that hold the block. Only files outside the
// vault's own repository: a project file is written, never committed;
// one inside the vault would be left changed after maintain's commit,
// so it is named for `cortex agents-md` instead.
func maintainAgentsMD(c *cli.Context, l vault.Layout) {
	dir := filepath.Dir(hooks.AgentsPath(l))
	for _, name := range []string{hooks.AgentsFile, "CLAUDE.md"} {
		p := filepath.Join(dir, name)
		if !hooks.HasAgentsBlock(p) {
			continue
		}
		if inside(l.Root, p) {
			fmt.Fprintf(c.App.ErrWriter, "cortex: note: %s is in the vault's repository: refresh its block with cortex agents-md and commit it\n", p)
			continue
		}
		r, err := refreshAgentsMD(l, p, false)
		if err != nil {
			fmt.Fprintf(c.App.ErrWriter, "cortex: warning: %v\n", err)
			continue
		}
		if r.Op != hooks.ClaudeUnchanged {
			fmt.Fprintf(c.App.ErrWriter, "cortex: %s the cortex block of %s\n", r.Op, p)
		}
	}
}

// inside reports whether p is within dir.
func inside(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(os.PathSeparator))
}
