package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/hooks"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

func init() { commandGroups = append(commandGroups, initCommands) }

func initCommands() []*cli.Command {
	return []*cli.Command{{
		Name:      "init",
		Usage:     "make a folder a Cortex vault",
		ArgsUsage: "[DIR]",
		Description: `Makes DIR (default: the current folder) a vault: the folders mind/, vault/,
rules/, observer/ and .cortex/, the default taxonomy.yml, calibration.yml
and .cortexignore, and the .gitignore lines the vault needs; then commits
those files in the vault's repository, so git status is clean right after.

The vault is its own git repository, also inside a project (cortex init
docs/memory): memory is then the same on every branch of the project and
never lands in the project's commits. The project's git is told to ignore
the vault in .git/info/exclude, which is the project's own and never
committed. With --in-project the vault lives in the project's repository
instead, for teams that want memories reviewed with the code: memories are
then committed on whatever branch is checked out, and a branch switch
takes the memories of the other branch with it. A vault already inside a
project's repository stays there.

The git pre-commit hook is installed (see cortex hooks): it keeps every
committed document valid. Your git user.name is added to the attributions
calibration.yml trusts, so your own notes keep their confidence.

Running it again is safe: it never overwrites a file, only adds what is
missing, and says so. An invalid taxonomy.yml stops it before it changes
anything.`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print the report as JSON"},
			&cli.StringFlag{Name: "branch", Value: "main", Usage: "initial branch of a repository init creates"},
			&cli.BoolFlag{Name: "in-project", Usage: "inside a project, keep the vault in the project's git repository (memories follow its branches)"},
		},
		Action: runInit,
	}}
}

func runInit(c *cli.Context) error {
	args := c.Args().Slice()
	if len(args) > 1 {
		return usageErrorf("init: takes at most one folder, got %d (%s)", len(args), quotedNames(args))
	}
	opts := vault.InitOptions{InProject: c.Bool("in-project"), Implicit: len(args) == 0}
	if c.IsSet("branch") {
		opts.Branch = c.String("branch")
	}
	dir := "."
	if len(args) == 1 {
		dir = args[0]
	} else if vaults, err := hooks.RepoVaults(dir); err == nil {
		// An --in-project vault the project's hook names is the
		// project's vault too.
		opts.ProjectVaults = vaults
	}
	r, err := vault.Init(dir, opts)
	if err != nil {
		return err
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(c.App.ErrWriter, "cortex: warning: %s\n", w)
	}
	// The vault is made whatever happens to the hook: a hook that cannot be
	// installed is a warning with the way to finish, not a failed init.
	hook, err := hooks.Install(r.Dir, hooks.InstallOptions{})
	if err != nil {
		fmt.Fprintf(c.App.ErrWriter, "cortex: warning: %v (the vault is ready; run `cortex hooks install` once that is settled)\n", err)
	} else {
		for _, n := range hook.Notes {
			fmt.Fprintf(c.App.ErrWriter, "cortex: note: %s\n", n)
		}
	}
	// The merge driver (SPEC §10): a person's own git pull merges memory
	// documents by Cortex's rules. Without it git merges them as text.
	driver := ""
	bin := ""
	if hook != nil {
		bin = hook.Binary
	} else if exe, err := os.Executable(); err == nil {
		bin = exe
	}
	switch changed, err := gitstore.RegisterMergeDriver(c.Context, r.Repo, bin); {
	case err != nil:
		fmt.Fprintf(c.App.ErrWriter, "cortex: warning: %v (the vault is ready; git merges memory documents as text until `cortex init` runs again)\n", err)
	case changed:
		driver = "registered"
	default:
		driver = "kept"
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(initJSON{r, hook, driver})
	}
	printInitReport(c.App.Writer, r, hook, driver)
	return nil
}

// initJSON is init's --json report: vault.Init's, the hook's, and what
// became of the merge driver ("registered", "kept", or "" when it failed).
type initJSON struct {
	*vault.InitReport
	Hook        *hooks.Result `json:"hook"`
	MergeDriver string        `json:"merge_driver"`
}

// printInitReport prints one line per action and a summary. hook is nil
// when the hook could not be installed.
func printInitReport(w io.Writer, r *vault.InitReport, hook *hooks.Result, driver string) {
	if r.Chosen != "" {
		fmt.Fprintf(w, "the vault goes in %s/ (the top of a project's repository is not made a vault; --in-project does that)\n", r.Chosen)
	}
	if r.Worktree != "" {
		fmt.Fprintf(w, "%s is a linked worktree (git worktree): the vault goes in the main work tree, %s/, where every worktree finds it and removing a worktree cannot delete it\n", r.Worktree, r.Dir)
	}
	if r.CreatedDir {
		fmt.Fprintf(w, "created %s/\n", r.Dir)
	}
	if r.Joined != "" {
		_, name, _ := strings.Cut(r.Joined, "/")
		fmt.Fprintf(w, "checked out %s from %s (%s)\n", name, r.Joined, r.JoinedWhy)
	}
	switch r.Git {
	case vault.GitInitialized:
		fmt.Fprintf(w, "initialized git repository (branch %s)\n", r.Branch)
	case vault.GitNested:
		fmt.Fprintf(w, "initialized git repository (branch %s): the vault's own, inside the project at %s\n", r.Branch, r.Project)
		if r.Exclude != "" {
			fmt.Fprintf(w, "excluded the vault from the project's git in %s\n", r.Exclude)
		}
	case vault.GitEnclosing:
		fmt.Fprintf(w, "using enclosing git repository at %s (memories follow its branches)\n", r.Repo)
		if r.Note != "" {
			fmt.Fprintf(w, "note: %s\n", r.Note)
		}
	default:
		if r.Project != "" {
			fmt.Fprintf(w, "using git repository at %s: the vault's own, inside the project at %s\n", r.Repo, r.Project)
		} else {
			fmt.Fprintf(w, "using git repository at %s\n", r.Repo)
		}
		if r.Exclude != "" {
			fmt.Fprintf(w, "excluded the vault from the project's git in %s\n", r.Exclude)
		}
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
	hookChanged := false
	if hook != nil {
		switch hook.Op {
		case hooks.OpUnchanged:
			fmt.Fprintf(w, "kept %s (installed)\n", hookPath(r, hook))
		default:
			hookChanged = true
			line := fmt.Sprintf("installed git hook %s", hookPath(r, hook))
			if hook.Op == hooks.OpUpdated {
				line = fmt.Sprintf("updated git hook %s (vaults %s)", hookPath(r, hook), strings.Join(hook.Vaults, ", "))
			}
			if hook.Chained != "" && hook.Op == hooks.OpInstalled {
				line += fmt.Sprintf(" (the previous hook runs first, kept as %s)", filepath.Base(hook.Chained))
			}
			fmt.Fprintln(w, line)
		}
	}
	if r.Trusted != "" {
		fmt.Fprintf(w, "trusted %s (your git user.name) in calibration.yml: your own notes keep their confidence\n", r.Trusted)
	}
	switch driver {
	case "registered":
		hookChanged = true
		fmt.Fprintf(w, "registered merge driver %s in the repository's git config\n", gitstore.MergeDriverName)
	case "kept":
		fmt.Fprintf(w, "kept merge driver %s (registered)\n", gitstore.MergeDriverName)
	}
	if r.Commit != "" {
		fmt.Fprintf(w, "committed what init wrote (%s)\n", r.Commit[:12])
	}
	if !r.Changed() && !hookChanged {
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

// hookPath names the hook file for the report: relative to the repository
// when it is inside it (.git/hooks/pre-commit), else as it is.
func hookPath(r *vault.InitReport, hook *hooks.Result) string {
	repo := r.Repo
	if real, err := filepath.EvalSymlinks(repo); err == nil {
		repo = real
	}
	if rel, err := filepath.Rel(repo, hook.Hook); err == nil && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) {
		return filepath.ToSlash(rel)
	}
	return hook.Hook
}

// quotedNames lists names each quoted, so "a b" (one folder) and a, b (two)
// read apart.
func quotedNames(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = doc.Excerpt(n)
	}
	return strings.Join(q, ", ")
}
