package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/demo"
	"github.com/cortex-vault/cortex/mind"
	"github.com/cortex-vault/cortex/observer"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		return []*cli.Command{demoCommand(time.Now)}
	})
}

// demoCommand is `cortex demo`: a sample vault, built by the real pipeline
// and shown through the real commands.
func demoCommand(now func() time.Time) *cli.Command {
	return &cli.Command{
		Name:      "demo",
		Usage:     "build a sample vault and show it: observe, memorize, git log, search, timeline, get, status",
		ArgsUsage: "[DIR]",
		Description: `Makes DIR (default: a new temporary folder, printed) a vault, appends a week of
a small project's observations to its buffer — decisions, warnings, lessons,
a preference, a task, a repeated warning, a leaked token, an injection
attempt — memorizes them with the real pipeline (one git commit), resolves
the task, and shows the result through cortex's own commands. The vault is
kept: cd into it and try cortex search, timeline and get yourself.`,
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usageErrorf("demo: takes at most one folder, got %d", c.NArg())
			}
			dir := c.Args().First()
			if dir == "" {
				tmp, err := os.MkdirTemp("", "cortex-demo-")
				if err != nil {
					return fmt.Errorf("demo: %w", err)
				}
				dir = tmp
			}
			return runDemo(c, dir, now)
		},
	}
}

func runDemo(c *cli.Context, dir string, now func() time.Time) error {
	w := c.App.Writer
	ctx := c.Context
	rep, err := demo.Build(ctx, dir, demo.Options{Now: now})
	if err != nil {
		return err
	}
	root := rep.Layout.Root
	fmt.Fprintf(w, "A demo vault in %s\n", root)
	fmt.Fprintln(w, `"Tidepool", a small Go service: a week of its agents' and its owner's memories.`)

	heading(w, "Observe", "agents and people append JSON lines to observer/observations.jsonl")
	fmt.Fprintf(w, "%d observations from 3 agent sessions and the owner, maya: decisions, warnings,\n", rep.Observed)
	fmt.Fprintln(w, "lessons, a preference, a task, a project; one warning said twice, one lesson")
	fmt.Fprintln(w, "leaking a token, one line trying to instruct the next agent, one trivial remark.")

	heading(w, "Memorize", "cortex process: validate, secure, score, de-duplicate, route, commit")
	printProcessResult(w, rep.Memorize)
	for _, q := range rep.Quarantine {
		fmt.Fprintf(w, "  quarantined (%s): %s\n", q.Reason, q.Detail)
	}
	fmt.Fprintln(w, "  the repeated warning reinforced the first (reinforced: 1); the token became [REDACTED]")
	fmt.Fprintf(w, "then maya says the task is done, an operation on its id %s:\n", rep.TaskShort)
	printProcessResult(w, rep.Resolve)

	heading(w, "git log", "every memory is a commit; markdown files are the only source of truth")
	commits, err := demo.Log(rep.Layout)
	if err != nil {
		return err
	}
	for _, cm := range commits {
		fmt.Fprintf(w, "%s %s\n", cm.Hash[:7], cm.Subject)
		for _, ln := range cm.Lines {
			fmt.Fprintf(w, "        %s\n", ln)
		}
	}

	r, err := mind.Open(ctx, rep.Layout, mind.Options{Now: now})
	if err != nil {
		return err
	}
	defer r.Close()
	search := func(query string) (*mind.Result, error) {
		heading(w, "cortex search "+query, "")
		q, _, err := mind.ParseQuery(query, now())
		if err != nil {
			return nil, err
		}
		res, err := r.Search(ctx, q)
		if err != nil {
			return nil, err
		}
		printHits(w, res.Hits)
		return res, nil
	}
	res, err := search("sqlite")
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "(id, type, date, title, score: BM25 blended with importance after decay and recency)")
	if _, err := search("type:task retry"); err != nil {
		return err
	}
	fmt.Fprintln(w, "(pull search keeps resolved memories: history is worth finding)")

	// The timeline of the busy_timeout warning: its session's entries
	// first (marked *).
	anchor, anchorShort := rep.Task, rep.TaskShort
	for _, h := range res.Hits {
		if h.Type == "warning" {
			anchor, anchorShort = h.ID, h.Short
		}
	}
	heading(w, "cortex timeline "+anchorShort, "the memories around one in time; * same session")
	tl, err := r.Timeline(ctx, anchor, 3, 3)
	if err != nil {
		return err
	}
	printTimeline(w, tl)

	var reinforced, redacted mind.Hit
	all, err := r.Search(ctx, mind.Query{AllStatus: true, Limit: mind.MaxLimit})
	if err != nil {
		return err
	}
	for _, h := range all.Hits {
		switch {
		case h.Type == "warning" && strings.Contains(h.Title, "NOAA"):
			reinforced = h
		case h.Type == "lesson" && strings.Contains(h.Title, "Deploy"):
			redacted = h
		}
	}
	if reinforced.ID == "" || redacted.ID == "" {
		return fmt.Errorf("demo: the reinforced warning or the redacted lesson was not memorized")
	}
	heading(w, "cortex get "+reinforced.Short+" "+redacted.Short, "whole documents: a reinforced warning, a redacted lesson")
	docs, err := r.Get(ctx, reinforced.Short, redacted.Short)
	if err != nil {
		return err
	}
	printDocuments(w, docs, nil)

	heading(w, "cortex status", "")
	t := now()
	st, err := observer.ReadStatus(ctx, rep.Layout, t)
	if err != nil {
		return err
	}
	printStatus(w, st, t)

	rel := root
	if wd, err := os.Getwd(); err == nil {
		if p, err := filepath.Rel(wd, root); err == nil && !strings.HasPrefix(p, "..") {
			rel = p
		}
	}
	_, err = exec.LookPath("cortex")
	fmt.Fprint(w, demoHints(rel, err == nil))
	return nil
}

// demoHints are the demo's closing lines: commands to try in the vault,
// which work as printed — with cortex installed, or, when it is not on the
// PATH (the demo ran through go run), through go run from the checkout.
func demoHints(dir string, installed bool) string {
	if installed {
		return fmt.Sprintf("\nThe vault is kept. Look around:\n  cd %s\n  cortex search noaa\n  cortex search --all-status since:3d\n  git log --stat\n", dir)
	}
	q := shellQuote(dir)
	return fmt.Sprintf("\nThe vault is kept. cortex is not on your PATH (install it: go install ./cmd/cortex);\n"+
		"until then, from this checkout:\n  go run ./cmd/cortex search noaa --vault %s\n  go run ./cmd/cortex search --all-status since:3d --vault %s\n  git -C %s log --stat\n", q, q, q)
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// heading starts a section of the demo's story.
func heading(w io.Writer, title, what string) {
	fmt.Fprintf(w, "\n== %s ==\n", title)
	if what != "" {
		fmt.Fprintf(w, "   %s\n", what)
	}
}
