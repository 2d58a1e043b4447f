package main

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/observer"
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
				return usageErrorf("process takes no arguments (got %q)", c.Args().First())
			}
			l, err := obsLayout(c)
			if err != nil {
				return err
			}
			level := slog.LevelWarn
			if c.Bool("verbose") {
				level = slog.LevelInfo
			}
			log := slog.New(slog.NewTextHandler(c.App.ErrWriter, &slog.HandlerOptions{
				Level: level,
				// A person reads these right away: the time adds nothing.
				ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
					if len(groups) == 0 && a.Key == slog.TimeKey {
						return slog.Attr{}
					}
					return a
				},
			}))
			bar := newProgress(c.App.ErrWriter, "memorizing")
			m, err := observer.Open(c.Context, l, observer.Options{Logger: log, Now: now, Progress: bar.bytes})
			if err != nil {
				return err
			}
			res, perr := m.Process(c.Context)
			bar.done()
			if err := m.Close(); err != nil && perr == nil {
				perr = err
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
