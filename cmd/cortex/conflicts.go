package main

import (
	"fmt"
	"io"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/rules"
	"github.com/cortex-vault/cortex/vault/conflict"
	"github.com/cortex-vault/cortex/vault/doc"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command { return conflictCommands(time.Now) })
}

// conflictCommands list the memories that disagree and settle them.
func conflictCommands(now func() time.Time) []*cli.Command {
	return []*cli.Command{
		{
			Name:  "conflicts",
			Usage: "list the pairs of active memories that disagree (opposite polarity, another value), newest first",
			Description: "A pair waits for a person: `cortex resolve-conflict KEEP OTHER`, or an edit of either file.\n" +
				"The push block shows the pairs this command (or cortex doctor, or the daemon's watchdog) last found.",
			Flags: []cli.Flag{obsVaultFlag(), &cli.BoolFlag{Name: "json", Usage: "print the pairs as JSON"}},
			Action: func(c *cli.Context) error {
				if c.Args().Present() {
					return usageErrorf("conflicts takes no arguments (got %s)", doc.Excerpt(c.Args().First()))
				}
				return withSleeper(c, now, func(s *rules.Sleeper) error {
					pairs, err := s.Conflicts(c.Context)
					if err != nil {
						return err
					}
					if c.Bool("json") {
						if pairs == nil {
							pairs = []conflict.Pair{}
						}
						return writeJSON(c.App.Writer, pairs)
					}
					writeConflicts(c.App.Writer, pairs)
					return nil
				})
			},
		},
		{
			Name:      "resolve-conflict",
			Usage:     "settle two memories that disagree: OTHER is superseded by KEEP (both stay in git), in one commit",
			ArgsUsage: "KEEP OTHER",
			Flags:     []cli.Flag{obsVaultFlag(), &cli.BoolFlag{Name: "json", Usage: "print the report as JSON"}},
			Action: func(c *cli.Context) error {
				if c.NArg() != 2 {
					return usageErrorf("resolve-conflict: give two ids (or paths): the memory to keep, then the one it replaces")
				}
				return withSleeper(c, now, func(s *rules.Sleeper) error {
					rep, err := s.ResolveConflict(c.Context, c.Args().Get(0), c.Args().Get(1))
					if err != nil {
						return err
					}
					return printReport(c, rep)
				})
			},
		},
	}
}

func writeConflicts(w io.Writer, pairs []conflict.Pair) {
	if len(pairs) == 0 {
		fmt.Fprintln(w, "no conflicts")
		return
	}
	for _, p := range pairs {
		what := p.Kind
		if p.Detail != "" {
			what += ": " + p.Detail
		}
		fmt.Fprintf(w, "%s disagree (%s)\n  %s [%s] %s (%s)\n  %s [%s] %s (%s)\n", "these memories", conflict.Display(what),
			p.A.ID, p.A.Type, conflict.Display(p.A.Title), p.A.Path, p.B.ID, p.B.Type, conflict.Display(p.B.Title), p.B.Path)
	}
	fmt.Fprintf(w, "%d pairs; settle one with cortex resolve-conflict KEEP OTHER, or edit either file\n", len(pairs))
}
