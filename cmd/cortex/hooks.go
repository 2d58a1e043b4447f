package main

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/hooks"
	"github.com/cortex-vault/cortex/vault/doc"
)

func init() { commandGroups = append(commandGroups, hooksCommands) }

func hooksCommands() []*cli.Command {
	return []*cli.Command{{
		Name:  "hooks",
		Usage: "install or remove the git pre-commit hook that keeps the vault valid",
		Description: `The pre-commit hook checks every staged memory document (mind/, vault/,
rules/) and completes the Cortex part of a hand-written note (id, category,
created, source_hash); anything else wrong stops the commit with the file,
the line and the fix. ` + "`git commit --no-verify`" + ` skips it.

The hook goes where git really runs hooks: core.hooksPath when it is set,
else the repository's hooks folder (shared by its linked worktrees). An
existing pre-commit hook is kept, renamed pre-commit.cortex-chained, and run
first; uninstall puts it back exactly as it was. One hook serves every vault
of a repository. ` + "`cortex init`" + ` installs it.`,
		Subcommands: []*cli.Command{{
			Name:  "install",
			Usage: "install the pre-commit hook for this vault",
			Flags: []cli.Flag{
				obsVaultFlag(),
				&cli.StringFlag{Name: "binary", Usage: "the cortex `PATH` the hook runs (default: this one; the hook falls back to cortex on PATH)"},
				&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"},
			},
			Action: func(c *cli.Context) error {
				if c.Args().Present() {
					return usageErrorf("hooks install: takes no arguments (use --vault DIR), got %s", doc.Excerpt(c.Args().First()))
				}
				l, err := obsLayout(c)
				if err != nil {
					return err
				}
				r, err := hooks.Install(l.Root, hooks.InstallOptions{Binary: c.String("binary")})
				if err != nil {
					return err
				}
				return printHookResult(c, r)
			},
		}, {
			Name:  "uninstall",
			Usage: "remove this vault from the pre-commit hook, restoring the previous hook when none is left",
			Flags: []cli.Flag{
				obsVaultFlag(),
				&cli.BoolFlag{Name: "all", Usage: "remove the hook whatever vaults it checks"},
				&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"},
			},
			Action: func(c *cli.Context) error {
				if c.Args().Present() {
					return usageErrorf("hooks uninstall: takes no arguments (use --vault DIR), got %s", doc.Excerpt(c.Args().First()))
				}
				l, err := obsLayout(c)
				if err != nil {
					return err
				}
				r, err := hooks.Uninstall(l.Root, hooks.UninstallOptions{All: c.Bool("all")})
				if err != nil {
					return err
				}
				return printHookResult(c, r)
			},
		}},
	}, {
		Name:  "hook",
		Usage: "run a hook (git runs these; people rarely do)",
		Subcommands: []*cli.Command{{
			Name:  "pre-commit",
			Usage: "check and complete the staged memory documents",
			Description: `Reads the staged content of every added or modified markdown file under
the vaults' mind/, vault/ and rules/ (not ignored by .cortexignore) and
checks it. A missing id, category or created, or a stale source_hash, is
fixed in the staged content (and in the working file when it has no
unstaged edits). Anything else is reported as path:line: message and stops
the commit (exit status 1), which then changes nothing. A staged symbolic
link named .md in a memory folder is refused: it may point out of the
vault and would never be read as memory.`,
			Flags: []cli.Flag{
				&cli.StringSliceFlag{Name: "vault", Usage: "a vault `DIR` relative to the top of the work tree (repeatable; default: the vault holding the current folder)"},
			},
			Action: runPreCommit,
		}},
	}}
}

func printHookResult(c *cli.Context, r *hooks.Result) error {
	for _, n := range r.Notes {
		fmt.Fprintf(c.App.ErrWriter, "cortex: note: %s\n", n)
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	fmt.Fprintln(c.App.Writer, hookResultLine(r))
	return nil
}

// hookResultLine says in one line what Install or Uninstall did.
func hookResultLine(r *hooks.Result) string {
	vaults := strings.Join(r.Vaults, ", ")
	switch r.Op {
	case hooks.OpInstalled:
		s := fmt.Sprintf("installed pre-commit hook %s (vault %s)", r.Hook, vaults)
		if r.Chained != "" {
			s += fmt.Sprintf("; the previous hook runs first, kept as %s", r.Chained)
		}
		return s
	case hooks.OpUpdated:
		if len(r.Vaults) == 0 {
			return fmt.Sprintf("updated pre-commit hook %s", r.Hook)
		}
		return fmt.Sprintf("updated pre-commit hook %s (vaults %s)", r.Hook, vaults)
	case hooks.OpUnchanged:
		return fmt.Sprintf("pre-commit hook %s already installed (vaults %s)", r.Hook, vaults)
	case hooks.OpRemoved:
		return fmt.Sprintf("removed pre-commit hook %s", r.Hook)
	case hooks.OpRestored:
		return fmt.Sprintf("removed the Cortex hook and restored the previous pre-commit hook %s", r.Hook)
	}
	return fmt.Sprintf("no Cortex pre-commit hook for vault %s in %s", r.Vault, r.Hook)
}

func runPreCommit(c *cli.Context) error {
	if c.Args().Present() {
		return usageErrorf("hook pre-commit: takes no arguments, got %s", doc.Excerpt(c.Args().First()))
	}
	stderr := c.App.ErrWriter
	rep, err := hooks.PreCommit(c.Context, hooks.PreCommitOptions{
		Vaults: c.StringSlice("vault"),
		Logger: personLog(stderr, slog.LevelWarn, nil),
		Notice: func(msg string) { fmt.Fprintf(stderr, "cortex: %s\n", msg) },
	})
	if err != nil {
		return err
	}
	printPreCommit(stderr, rep)
	if !rep.OK() {
		return &exitError{code: 1}
	}
	return nil
}

// printPreCommit writes the hook's report for the person committing: git
// shows the hook's stderr in the terminal (or the git client's log).
func printPreCommit(w io.Writer, rep *hooks.PreCommitReport) {
	for _, f := range rep.Fixed {
		note := ""
		if f.StagedOnly {
			note = "; staged copy only: the working file has unstaged edits"
		}
		fmt.Fprintf(w, "cortex: fixed %s (%s%s)\n", f.Path, strings.Join(f.Fields, ", "), note)
	}
	for _, wn := range rep.Warnings {
		fmt.Fprintf(w, "cortex: warning: %s\n", wn)
	}
	for _, p := range rep.Problems {
		fmt.Fprintln(w, p.String())
	}
	if !rep.OK() {
		n, files := len(rep.Problems), rep.ProblemFiles()
		fmt.Fprintf(w, "cortex: commit stopped: %d %s in %d %s (fix them and commit again, or bypass the check with git commit --no-verify)\n",
			n, pluralWord(n, "problem", "problems"), files, pluralWord(files, "file", "files"))
	}
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
