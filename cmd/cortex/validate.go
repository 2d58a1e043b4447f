package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/hooks"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

func init() { commandGroups = append(commandGroups, validateCommands) }

func validateCommands() []*cli.Command {
	return []*cli.Command{{
		Name:      "validate",
		Usage:     "check the vault's documents (the pre-commit hook's checks, on the working tree)",
		ArgsUsage: "[--all | PATH...]",
		Description: `Checks every memory document of the vault (--all, the default), or the
files and folders given, with the pre-commit hook's rules: the frontmatter,
the Cortex part, the type and category, ids (unique in the vault), created,
source_hash, tags, confidence, importance, status. Each problem is printed as
path:line: message; the last line sums up. Exit status 1 when a problem
remains.

--fix repairs what the hook repairs — a missing id, category or created, a
stale source_hash — in place (each file replaced atomically), changing only
those lines.`,
		Flags: []cli.Flag{
			obsVaultFlag(),
			&cli.BoolFlag{Name: "all", Usage: "check every document of the vault (the default without PATH)"},
			&cli.BoolFlag{Name: "fix", Usage: "repair the Cortex part in place"},
			&cli.BoolFlag{Name: "json", Usage: "print the report as JSON"},
		},
		Action: runValidate,
	}}
}

// validateJSON is the --json report; paths are relative to the current
// folder, as in the text output.
type validateJSON struct {
	Checked  int             `json:"checked"`
	Errors   int             `json:"errors"`
	Problems []problemJSON   `json:"problems"`
	Fixed    []hooks.Fixed   `json:"fixed"`
	Skipped  []hooks.Skipped `json:"skipped,omitempty"`
	Warnings []string        `json:"warnings,omitempty"`
	Summary  string          `json:"summary"`
}

type problemJSON struct {
	Path    string `json:"path"`
	Line    int    `json:"line,omitempty"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
	Fixable bool   `json:"fixable"`
}

func newValidateJSON(r *hooks.ValidateReport) validateJSON {
	out := validateJSON{Checked: r.Checked, Errors: len(r.Problems), Problems: []problemJSON{},
		Fixed: r.Fixed, Skipped: r.Skipped, Warnings: r.Warnings, Summary: r.Summary()}
	for _, p := range r.Problems {
		out.Problems = append(out.Problems, problemJSON{Path: p.Path, Line: p.Line, Field: p.Field, Message: p.Msg, Fixable: p.Fixable})
	}
	return out
}

func runValidate(c *cli.Context) error {
	args := c.Args().Slice()
	if c.Bool("all") && len(args) > 0 {
		return usageErrorf("validate: --all checks every document; give it or PATHs, not both")
	}
	wd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("working folder: %w", err)
	}
	groups, order, err := validateGroups(c, wd, args)
	if err != nil {
		return err
	}
	total := &hooks.ValidateReport{Problems: []doc.Problem{}, Fixed: []hooks.Fixed{}, Fix: c.Bool("fix")}
	for _, root := range order {
		l := vault.Layout{Root: root}
		bar := newProgress(c.App.ErrWriter, "validating")
		rep, err := hooks.Validate(c.Context, l, hooks.ValidateOptions{
			Paths:    groups[root],
			Fix:      c.Bool("fix"),
			Logger:   personLog(c.App.ErrWriter, slog.LevelWarn, nil),
			Progress: func(n int) { bar.count(n, "documents") },
		})
		bar.done()
		if err != nil {
			return err
		}
		show := func(rel string) string { return displayPath(wd, l.Path(filepath.FromSlash(rel))) }
		total.Checked += rep.Checked
		for _, p := range rep.Problems {
			p.Path = show(p.Path)
			p.Msg = hooks.WithFixPath(p.Msg, p.Path)
			total.Problems = append(total.Problems, p)
		}
		for _, f := range rep.Fixed {
			f.Path = show(f.Path)
			total.Fixed = append(total.Fixed, f)
		}
		for _, s := range rep.Skipped {
			s.Path = show(s.Path)
			total.Skipped = append(total.Skipped, s)
		}
		total.Warnings = append(total.Warnings, rep.Warnings...)
	}

	for _, w := range total.Warnings {
		fmt.Fprintf(c.App.ErrWriter, "cortex: warning: %s\n", doc.OneLine(w))
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		if err := enc.Encode(newValidateJSON(total)); err != nil {
			return err
		}
	} else {
		out := c.App.Writer
		for _, s := range total.Skipped {
			fmt.Fprintf(c.App.ErrWriter, "cortex: skipped %s: %s\n", doc.QuoteName(s.Path), doc.OneLine(s.Reason))
		}
		for _, f := range total.Fixed {
			fmt.Fprintf(out, "fixed %s (%s)\n", doc.QuoteName(f.Path), strings.Join(f.Fields, ", "))
		}
		for _, p := range total.Problems {
			fmt.Fprintln(out, p.String())
		}
		fmt.Fprintln(out, total.Summary())
	}
	if len(total.Problems) > 0 {
		return &exitError{code: 1}
	}
	return nil
}

// validateGroups sorts the PATHs by the vault holding them (--vault, else
// the nearest vault up from each path), as vault-relative paths. No PATH
// means the whole vault.
func validateGroups(c *cli.Context, wd string, args []string) (map[string][]string, []string, error) {
	groups := map[string][]string{}
	var order []string
	add := func(root, rel string) {
		if _, ok := groups[root]; !ok {
			order = append(order, root)
		}
		if rel != "" {
			groups[root] = append(groups[root], rel)
		} else if groups[root] == nil {
			groups[root] = nil
		}
	}
	if len(args) == 0 {
		l, err := obsLayout(c)
		if err != nil {
			return nil, nil, err
		}
		add(l.Root, "")
		return groups, order, nil
	}
	var fixed *vault.Layout
	if c.String("vault") != "" {
		l, err := obsLayout(c)
		if err != nil {
			return nil, nil, err
		}
		fixed = &l
	}
	for _, a := range args {
		abs := a
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(wd, a)
		}
		abs = filepath.Clean(abs)
		l := fixed
		if l == nil {
			start := abs
			if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
				start = filepath.Dir(abs)
			}
			found, err := findVault(start)
			var nv *noVaultError
			if errors.As(err, &nv) {
				return nil, nil, fmt.Errorf("validate %s: not inside a vault: give a path inside one, or name it with --vault DIR or CORTEX_VAULT (cortex init makes one)", doc.Mention(a))
			}
			if err != nil {
				return nil, nil, fmt.Errorf("validate %s: %w", doc.Mention(a), err)
			}
			l = &found
		}
		rel, err := filepath.Rel(l.Root, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, nil, fmt.Errorf("validate %s: not inside the vault %s", doc.Mention(a), l.Root)
		}
		add(l.Root, filepath.ToSlash(rel))
	}
	return groups, order, nil
}

// displayPath is p relative to the current folder when it is below it,
// else p as it is.
func displayPath(wd, p string) string {
	if rel, err := filepath.Rel(wd, p); err == nil && !filepath.IsAbs(rel) {
		return filepath.ToSlash(rel)
	}
	return p
}
