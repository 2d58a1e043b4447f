package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/vault/doc"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		return []*cli.Command{quarantineCommand(time.Now)}
	})
}

func quarantineCommand(now func() time.Time) *cli.Command {
	return &cli.Command{
		Name:  "quarantine",
		Usage: "list the lines the memorizer refused, and send one back",
		Description: `Every buffer line that was not memorized is kept in observer/quarantine.jsonl
with the reason: malformed_json, invalid, injection, review (a directive to
agents from a source not trusted, held for a person: approve lets it through),
below_threshold,
unknown_id, line_too_long, edit_failed, check_failed, symlink; and stale_staging
for a file left in observer/staging 7 days that the memorizer did not write
(its bytes are the record's line, or its data when not UTF-8: see --json).`,
		Subcommands: []*cli.Command{
			{
				Name:      "list",
				Usage:     "list the quarantined lines, numbered from 1 (oldest first)",
				ArgsUsage: " ",
				Flags: []cli.Flag{
					obsVaultFlag(),
					&cli.StringFlag{Name: "reason", Usage: "only the records of `REASON`"},
					&cli.BoolFlag{Name: "json", Usage: "print the records as JSON"},
				},
				Action: runQuarantineList,
			},
			{
				Name:      "retry",
				Usage:     "send quarantined line N (or its correction) back to the buffer",
				ArgsUsage: "N",
				Description: `Appends the line of record N (see cortex quarantine list) to the buffer, or
the corrected line given with --line, and marks the record retried. The line
is checked first as cortex observe checks it, and against the memorizer's
checks of the line itself (instruction injection, the importance threshold):
a line that would be refused again is refused here, with the reason, and
nothing changes. A record is retried once; --force sends it again.`,
				Flags: []cli.Flag{
					obsVaultFlag(),
					&cli.StringFlag{Name: "line", Usage: "the corrected observation, one JSON `OBJECT`"},
					&cli.BoolFlag{Name: "force", Usage: "retry a record already retried"},
					&cli.BoolFlag{Name: "json", Usage: "print the appended line on stdout"},
				},
				Action: func(c *cli.Context) error { return runQuarantineRetry(c, now) },
			},
			{
				Name:      "approve",
				Usage:     "let line N, held for review, through to the memorizer",
				ArgsUsage: "N",
				Description: `A line that reads as a directive to agents ("agents may merge …", "from
now on run …") from a source not trusted — an ambient line, or one whose
attribution calibration.yml does not trust — is held with the reason review
instead of being memorized and pushed to agents. Approve sends record N back
to the buffer as it is and marks it approved: the memorizer memorizes that
line instead of holding it again. Only review records can be approved.`,
				Flags: []cli.Flag{
					obsVaultFlag(),
					&cli.BoolFlag{Name: "json", Usage: "print the appended line on stdout"},
				},
				Action: func(c *cli.Context) error { return runQuarantineApprove(c, now) },
			},
		},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return usageErrorf("quarantine: unknown subcommand %s (list, retry or approve)", doc.Excerpt(c.Args().First()))
			}
			return cli.ShowSubcommandHelp(c)
		},
	}
}

// quarantineJSON is one record of `quarantine list --json`.
type quarantineJSON struct {
	Number int `json:"number"`
	observer.QuarantineRecord
}

func runQuarantineList(c *cli.Context) error {
	if c.Args().Present() {
		return usageErrorf("quarantine list takes no arguments (got %s)", doc.Excerpt(c.Args().First()))
	}
	l, err := obsLayout(c)
	if err != nil {
		return err
	}
	recs, err := observer.ReadQuarantine(l)
	if err != nil {
		return err
	}
	reason := c.String("reason")
	out := []quarantineJSON{}
	for i, r := range recs {
		if reason == "" || r.Reason == reason {
			out = append(out, quarantineJSON{Number: i + 1, QuarantineRecord: r})
		}
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	w := c.App.Writer
	if len(out) == 0 {
		switch {
		case len(recs) == 0:
			fmt.Fprintln(w, "the quarantine is empty")
		default:
			var have []string
			for _, r := range recs {
				if !slices.Contains(have, r.Reason) {
					have = append(have, r.Reason)
				}
			}
			fmt.Fprintf(w, "no quarantined line with reason %s (reasons present: %s)\n", reason, strings.Join(have, ", "))
		}
		return nil
	}
	printQuarantine(w, out)
	return nil
}

// printQuarantine writes each record on two lines: number, time, reason,
// detail; then the line, shortened.
func printQuarantine(w io.Writer, recs []quarantineJSON) {
	width := len(strconv.Itoa(recs[len(recs)-1].Number))
	for _, r := range recs {
		state := ""
		if r.Retried != nil {
			state = "  [retried " + r.Retried.Local().Format(time.DateTime) + "]"
		}
		fmt.Fprintf(w, "%*d  %s  %s  %s%s\n", width, r.Number, r.Time.Local().Format(time.DateTime), r.Reason, oneLine(r.Detail, 160), state)
		fmt.Fprintf(w, "%*s  %s\n", width, "", lineSummary(r.Line))
	}
}

// lineSummary shows a quarantined line by what a person recognizes: its
// type, who said it and the body; a line that is not an observation's JSON
// is shown raw.
func lineSummary(line string) string {
	var o struct {
		Type        any `json:"type"`
		Attribution any `json:"attribution"`
		Body        any `json:"body"`
		Op          any `json:"op"`
		ID          any `json:"id"`
	}
	if err := json.Unmarshal([]byte(line), &o); err != nil {
		return oneLine(line, 100)
	}
	body, ok := o.Body.(string)
	if !ok {
		return oneLine(line, 100)
	}
	head := ""
	if t, ok := o.Type.(string); ok {
		head = t
	}
	if op, ok := o.Op.(string); ok && op != "" {
		head += " " + op
		if id, ok := o.ID.(string); ok {
			head += " " + id
		}
	}
	if a, ok := o.Attribution.(string); ok && a != "" {
		head += " (" + a + ")"
	}
	return oneLine(strings.TrimSpace(head)+": "+strconv.Quote(body), 100)
}

// oneLine shortens s to max runes at a word boundary, on one line.
func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	cut, was := doc.CutWords(s, max)
	if was {
		return cut + "…"
	}
	return cut
}

// retryFlags are retry's flags given after N ("retry 3 --line …", as the
// usage line reads): urfave/cli stops at the first argument.
type retryFlags struct {
	line        string
	lineSet     bool
	force, json bool
}

func parseTrailingRetryFlags(c *cli.Context, args []string) (retryFlags, error) {
	f := retryFlags{force: c.Bool("force"), json: c.Bool("json"), line: c.String("line"), lineSet: c.IsSet("line")}
	fs := flag.NewFlagSet("quarantine retry", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	line := fs.String("line", "", "")
	force := fs.Bool("force", false, "")
	asJSON := fs.Bool("json", false, "")
	vaultDir := fs.String("vault", "", "")
	if err := fs.Parse(args); err != nil {
		return f, usageErrorf("quarantine retry: %v", err)
	}
	if fs.NArg() > 0 {
		return f, usageErrorf("quarantine retry: one record number at a time (got %s too)", doc.Excerpt(fs.Arg(0)))
	}
	fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "line":
			f.line, f.lineSet = *line, true
		case "force":
			f.force = *force
		case "json":
			f.json = *asJSON
		case "vault":
			// obsLayout reads the flag from the context.
			_ = c.Set("vault", *vaultDir)
		}
	})
	return f, nil
}

func runQuarantineRetry(c *cli.Context, now func() time.Time) error {
	if c.NArg() == 0 {
		return usageErrorf("quarantine retry: give a record number (cortex quarantine retry N [--line JSON]); see cortex quarantine list")
	}
	n, err := strconv.Atoi(c.Args().First())
	if err != nil || n < 1 {
		return usageErrorf("quarantine retry: %s is not a record number (1, 2, … as cortex quarantine list shows)", doc.Excerpt(c.Args().First()))
	}
	f, err := parseTrailingRetryFlags(c, c.Args().Tail())
	if err != nil {
		return err
	}
	l, err := obsLayout(c)
	if err != nil {
		return err
	}
	opts := observer.RetryOptions{Force: f.force, Now: now}
	if f.lineSet {
		opts.Line = []byte(f.line)
	}
	res, err := observer.RetryQuarantine(c.Context, l, n, opts)
	var re *observer.RetryRefusedError
	if errors.As(err, &re) {
		return fmt.Errorf("quarantine retry %d: refused, nothing changed: %s (%s)", n, re.Msg, re.Reason)
	}
	if err != nil {
		return err
	}
	printWarnings(c.App.ErrWriter, res.Warnings, func(s string) string { return s })
	if f.json {
		_, err := fmt.Fprintf(c.App.Writer, "%s\n", res.Line)
		return err
	}
	fmt.Fprintf(c.App.ErrWriter, "cortex: record %d (%s) sent back to the buffer; the memorizer will take it\n", n, res.Record.Reason)
	return nil
}

func runQuarantineApprove(c *cli.Context, now func() time.Time) error {
	if c.NArg() != 1 {
		return usageErrorf("quarantine approve: give one record number (cortex quarantine approve N); see cortex quarantine list --reason review")
	}
	n, err := strconv.Atoi(c.Args().First())
	if err != nil || n < 1 {
		return usageErrorf("quarantine approve: %s is not a record number (1, 2, … as cortex quarantine list shows)", doc.Excerpt(c.Args().First()))
	}
	l, err := obsLayout(c)
	if err != nil {
		return err
	}
	res, err := observer.RetryQuarantine(c.Context, l, n, observer.RetryOptions{Approve: true, Now: now})
	var re *observer.RetryRefusedError
	if errors.As(err, &re) {
		return fmt.Errorf("quarantine approve %d: refused, nothing changed: %s (%s)", n, re.Msg, re.Reason)
	}
	if err != nil {
		return err
	}
	if c.Bool("json") {
		_, err := fmt.Fprintf(c.App.Writer, "%s\n", res.Line)
		return err
	}
	fmt.Fprintf(c.App.ErrWriter, "cortex: record %d approved and sent back to the buffer; the memorizer will memorize it\n", n)
	return nil
}
