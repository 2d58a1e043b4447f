package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/rules"
	"github.com/cortex-vault/cortex/vault/doc"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		return []*cli.Command{processCommand(time.Now)}
	})
}

// processCommand is `cortex process`: the memorizer pipeline, once, over
// everything pending.
func processCommand(now func() time.Time) *cli.Command {
	return &cli.Command{
		Name:  "process",
		Usage: "memorize every pending observation once, then exit (what the daemon does continuously)",
		Description: "Reads the buffer from the stored offset to its last complete line, and turns each line\n" +
			"into a new document, a reinforcement, an operation, or a quarantine record, in one git\n" +
			"commit per batch. Warnings (quarantined lines, redacted credentials) go to stderr.",
		Flags: []cli.Flag{
			obsVaultFlag(),
			&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "log every batch, not only warnings"},
		},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return usageErrorf("process takes no arguments (got %s)", doc.Excerpt(c.Args().First()))
			}
			l, err := obsLayout(c)
			if err != nil {
				return err
			}
			level := slog.LevelWarn
			if c.Bool("verbose") {
				level = slog.LevelInfo
			}
			bar := newProgress(c.App.ErrWriter, "memorizing")
			log := personLog(c.App.ErrWriter, level, bar.clear)
			// The first Ctrl-C finishes the batch in hand and stops; a
			// second cuts it short (the next run recovers it).
			ctx, cancel := context.WithCancel(c.Context)
			defer cancel()
			stop := make(chan struct{})
			sigs := make(chan os.Signal, 2)
			signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
			defer func() { signal.Stop(sigs); close(sigs) }()
			go func() {
				n := 0
				for range sigs {
					if n++; n == 1 {
						close(stop)
					} else {
						cancel()
					}
				}
			}()
			// A sleep run killed half way left files the memorizer would
			// take for a person's work in progress: settled first.
			if err := rules.Settle(ctx, l, rules.Options{Logger: log, Now: now}); err != nil {
				return err
			}
			m, err := observer.Open(ctx, l, observer.Options{Logger: log, Now: now, Progress: bar.bytes})
			if err != nil {
				return err
			}
			res, perr := m.ProcessUntil(ctx, stop)
			bar.done()
			if err := m.Close(); err != nil && perr == nil {
				perr = err
			}
			if res.Stopped || (perr != nil && ctx.Err() != nil) {
				pending := -1
				if s, err := observer.ReadStatus(c.Context, l, now()); err == nil {
					pending = s.Pending.Lines
				}
				fmt.Fprintln(c.App.ErrWriter, interruptedLine(res, pending, perr != nil))
				return &exitError{code: 130}
			}
			if perr != nil {
				if res.Lines > 0 {
					printProcessResult(c.App.ErrWriter, res)
				}
				return perr
			}
			if c.Bool("json") {
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				return enc.Encode(processJSON(res))
			}
			printProcessResult(c.App.Writer, res)
			return nil
		},
	}
}

// interruptedLine is what an interrupted process says: what it did, what
// waits (pending < 0: unknown), and how to finish.
func interruptedLine(r observer.Result, pending int, cut bool) string {
	line := fmt.Sprintf("interrupted: %s memorized", thousands(r.Memorized))
	if pending >= 0 {
		line += fmt.Sprintf(", %s pending", thousands(pending))
	}
	if cut {
		return line + "; the batch in hand was cut short: run cortex process to recover it and finish"
	}
	return line + "; run cortex process to finish"
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	if n < 0 {
		return "-" + thousands(-n)
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// processResultJSON is the --json form of a result.
type processResultJSON struct {
	Lines       int      `json:"lines"`
	Memorized   int      `json:"memorized"`
	Reinforced  int      `json:"reinforced"`
	Operations  int      `json:"operations"`
	Quarantined int      `json:"quarantined"`
	Skipped     int      `json:"skipped"`
	Commits     []string `json:"commits"`
	Offset      int64    `json:"offset"`
}

func processJSON(r observer.Result) processResultJSON {
	commits := r.Commits
	if commits == nil {
		commits = []string{}
	}
	return processResultJSON{r.Lines, r.Memorized, r.Reinforced, r.Operations, r.Quarantined, r.Skipped, commits, r.Offset}
}

// printProcessResult writes the one-line summary, e.g. "processed 15
// lines: 12 memorized, 2 reinforced, 1 quarantined (1 commit)".
func printProcessResult(w io.Writer, r observer.Result) {
	if r.Lines == 0 {
		fmt.Fprintln(w, "nothing to process")
		return
	}
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{
		{r.Memorized, "memorized"}, {r.Reinforced, "reinforced"},
		{r.Operations, plural(r.Operations, "operation", "operations")},
		{r.Quarantined, "quarantined"}, {r.Skipped, "skipped"},
	} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	commits := "no commit"
	if n := len(r.Commits); n > 0 {
		commits = fmt.Sprintf("%d %s", n, plural(n, "commit", "commits"))
	}
	fmt.Fprintf(w, "processed %d %s: %s (%s)\n", r.Lines, plural(r.Lines, "line", "lines"), strings.Join(parts, ", "), commits)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
