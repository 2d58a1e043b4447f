package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/rules"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command { return sleepCommands(time.Now) })
}

// sleepCommands are the sleep cycle's: maintain, restore, promote, rules.
func sleepCommands(now func() time.Time) []*cli.Command {
	atFlag := &cli.StringFlag{Name: "at", Usage: "plan as of this `TIME` (RFC 3339) instead of now: what decay will have done by then"}
	return []*cli.Command{
		{
			Name:  "maintain",
			Usage: "run the sleep cycle once: archive, merge near-duplicates, promote rules, mark outdated memories, regenerate MEMORY.md",
			Description: "Plans every change from the working tree and the index, then writes them in one commit\n" +
				"`sleep: maintenance YYYY-MM-DD` listing each action. Nothing new: no commit. Never deletes a memory.",
			Flags: []cli.Flag{obsVaultFlag(), atFlag,
				&cli.BoolFlag{Name: "dry-run", Aliases: []string{"n"}, Usage: "print the plan, write nothing"},
				&cli.BoolFlag{Name: "json", Usage: "print the report as JSON"},
				&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "log progress, not only warnings"}},
			Action: func(c *cli.Context) error {
				if c.Args().Present() {
					return usageErrorf("maintain takes no arguments (got %s)", doc.Excerpt(c.Args().First()))
				}
				rules.TuneGC()
				return withSleeper(c, now, func(s *rules.Sleeper) error {
					rep, err := s.Run(c.Context, c.Bool("dry-run"))
					if err != nil {
						return err
					}
					if !c.Bool("dry-run") {
						if l, err := obsLayout(c); err == nil {
							maintainAgentsMD(l, func(warning bool, msg string) {
								if warning {
									msg = "warning: " + msg
								}
								fmt.Fprintf(c.App.ErrWriter, "cortex: %s\n", msg)
							})
						}
					}
					return printReport(c, rep)
				})
			},
		},
		{
			Name:      "restore",
			Usage:     "bring archived memories back from mind/archive/ (status active, clock reset)",
			ArgsUsage: "ID…",
			Flags:     []cli.Flag{obsVaultFlag(), &cli.BoolFlag{Name: "json", Usage: "print the report as JSON"}},
			Action: func(c *cli.Context) error {
				if !c.Args().Present() {
					return usageErrorf("restore: give the id (or path) of an archived memory")
				}
				return withSleeper(c, now, func(s *rules.Sleeper) error {
					rep, err := s.Restore(c.Context, c.Args().Slice())
					if err != nil {
						return err
					}
					return printReport(c, rep)
				})
			},
		},
		{
			Name:      "promote",
			Usage:     "promote memories into rules/ by hand (the curator is your own agent), or make local ones global",
			ArgsUsage: "ID…",
			Flags: []cli.Flag{obsVaultFlag(),
				&cli.BoolFlag{Name: "global", Usage: "make scope: local memories global instead"},
				&cli.BoolFlag{Name: "json", Usage: "print the report as JSON"}},
			Action: func(c *cli.Context) error {
				if !c.Args().Present() {
					return usageErrorf("promote: give the ids (or paths) of the memories to promote")
				}
				return withSleeper(c, now, func(s *rules.Sleeper) error {
					rep, err := s.Promote(c.Context, c.Args().Slice(), c.Bool("global"))
					if err != nil {
						return err
					}
					return printReport(c, rep)
				})
			},
		},
		{
			Name:  "rules",
			Usage: "the curator's rules",
			Subcommands: []*cli.Command{{
				Name:  "candidates",
				Usage: "list memories just below the curator's bar (2 occurrences, or 3+ in one session)",
				Flags: []cli.Flag{obsVaultFlag(), atFlag, &cli.BoolFlag{Name: "json", Usage: "print as JSON"}},
				Action: func(c *cli.Context) error {
					return withSleeper(c, now, func(s *rules.Sleeper) error {
						cs, err := s.Candidates(c.Context)
						if err != nil {
							return err
						}
						if c.Bool("json") {
							return writeJSON(c.App.Writer, cs)
						}
						if len(cs) == 0 {
							fmt.Fprintln(c.App.Writer, "no candidates")
						}
						for _, k := range cs {
							fmt.Fprintf(c.App.Writer, "%s [%s] %s — %d occurrences, %d sessions (%s)\n",
								k.ID, k.Type, k.Title, k.Occurrences, k.Sessions, strings.Join(k.Sources, ", "))
						}
						return nil
					})
				},
			}},
		},
	}
}

// withSleeper opens the vault's sleeper for one command.
func withSleeper(c *cli.Context, now func() time.Time, fn func(*rules.Sleeper) error) error {
	l, err := obsLayout(c)
	if err != nil {
		return err
	}
	level := slog.LevelWarn
	if c.Bool("verbose") {
		level = slog.LevelInfo
	}
	log := personLog(c.App.ErrWriter, level, nil)
	clock := now
	if at := c.String("at"); at != "" {
		t, err := time.Parse(time.RFC3339, at)
		if err != nil {
			return usageErrorf("--at %s: want an RFC 3339 time (2026-03-01T03:00:00Z)", doc.Mention(at))
		}
		clock = func() time.Time { return t }
	}
	if err := settleKilledRuns(c.Context, l, log, clock); err != nil {
		return err
	}
	s, err := rules.Open(c.Context, l, rules.Options{Now: clock, Logger: log})
	if err != nil {
		return err
	}
	ferr := fn(s)
	if err := s.Close(); err != nil && ferr == nil {
		ferr = err
	}
	return ferr
}

// settleKilledRuns finishes or undoes what a killed sleep run and a
// killed memorizer left half written, in that order (as process does:
// the memorizer would take a sleep run's half-done moves for a person's
// work), for a command that commits the vault itself without memorizing.
// Each is one or two folder reads when nothing was killed.
func settleKilledRuns(ctx context.Context, l vault.Layout, log *slog.Logger, now func() time.Time) error {
	if err := rules.Settle(ctx, l, rules.Options{Logger: log, Now: now}); err != nil {
		return err
	}
	return observer.SettleInterrupted(ctx, l, observer.Options{Logger: log, Now: now})
}

func printReport(c *cli.Context, rep *rules.Report) error {
	if c.Bool("json") {
		return writeJSON(c.App.Writer, rep)
	}
	writeReport(c.App.Writer, rep)
	return nil
}

func writeReport(w io.Writer, rep *rules.Report) {
	for _, a := range rep.Actions {
		fmt.Fprintf(w, "%s\n", a)
	}
	for _, k := range rep.Skipped {
		fmt.Fprintf(w, "%s\n", k)
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	switch {
	case len(rep.Actions) == 0:
		fmt.Fprintln(w, "nothing to do")
	case rep.DryRun:
		fmt.Fprintf(w, "dry run: %d actions planned, nothing written\n", len(rep.Actions))
	default:
		fmt.Fprintf(w, "%d actions in commit %s\n", len(rep.Actions), shortHash(rep.Commit))
	}
}

func shortHash(h string) string { return h[:min(len(h), 12)] }
