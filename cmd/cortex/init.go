package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/vault"
)

func init() { commandGroups = append(commandGroups, initCommands) }

func initCommands() []*cli.Command {
	return []*cli.Command{{
		Name:      "init",
		Usage:     "make a folder a Cortex vault",
		ArgsUsage: "[DIR]",
		Description: `Makes DIR (default: the current folder) a vault: the folders mind/, vault/,
rules/, observer/ and .cortex/, the default taxonomy.yml, calibration.yml
and .cortexignore, and the .gitignore lines the vault needs.

DIR may be a new folder, an existing vault, or a folder inside a project's
git repository: then that repository is used and only paths under DIR are
touched. Where there is no repository, one is created.

Running it again is safe: it never overwrites a file, only adds what is
missing, and says so. An invalid taxonomy.yml stops it before it changes
anything.`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print the report as JSON"},
			&cli.StringFlag{Name: "branch", Value: "main", Usage: "initial branch of a repository init creates"},
		},
		Action: runInit,
	}}
}

func runInit(c *cli.Context) error {
	args := c.Args().Slice()
	if len(args) > 1 {
		for _, a := range args[1:] {
			if strings.HasPrefix(a, "-") {
				return usageErrorf("init: flags go before DIR (cortex init [--json] [DIR]), got %q after %q", a, args[0])
			}
		}
		return usageErrorf("init: takes at most one folder, got %d (%s)", len(args), strings.Join(args, " "))
	}
	dir := "."
	if len(args) == 1 {
		dir = args[0]
	}
	r, err := vault.Init(dir, vault.InitOptions{Branch: c.String("branch")})
	if err != nil {
		return err
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(c.App.ErrWriter, "cortex: warning: %s\n", w)
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	printInitReport(c.App.Writer, r)
	return nil
}

// printInitReport prints one line per action and a summary.
func printInitReport(w io.Writer, r *vault.InitReport) {
	if r.CreatedDir {
		fmt.Fprintf(w, "created %s/\n", r.Dir)
	}
	switch r.Git {
	case vault.GitInitialized:
		fmt.Fprintf(w, "initialized git repository (branch %s)\n", r.Branch)
	case vault.GitEnclosing:
		fmt.Fprintf(w, "using enclosing git repository at %s\n", r.Repo)
	default:
		fmt.Fprintf(w, "using git repository at %s\n", r.Repo)
	}
	for _, a := range r.Actions {
		switch a.Op {
		case vault.InitAppended:
			fmt.Fprintf(w, "appended to %s: %s\n", a.Path, strings.Join(a.Lines, " "))
		case vault.InitKept:
			note := a.Note
			if note == "" {
				note = "exists"
			}
			fmt.Fprintf(w, "kept %s (%s)\n", a.Path, note)
		default:
			fmt.Fprintf(w, "%s %s\n", a.Op, a.Path)
		}
	}
	if !r.Changed() {
		fmt.Fprintf(w, "nothing to do: %s is already a vault\n", r.Dir)
		return
	}
	var parts []string
	for _, op := range []struct{ op, word string }{
		{vault.InitCreated, "created"}, {vault.InitWrote, "written"},
		{vault.InitAppended, "appended"}, {vault.InitKept, "kept"},
	} {
		if n := r.Count(op.op); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, op.word))
		}
	}
	fmt.Fprintf(w, "vault ready in %s (%s)\n", r.Dir, strings.Join(parts, ", "))
}
