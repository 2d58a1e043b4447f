package main

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/doctor"
	"github.com/cortex-vault/cortex/service"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/watchdog"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		return []*cli.Command{doctorCommand(time.Now)}
	})
}

// serviceManager is the service manager the daemon's service commands and
// doctor ask; nil is the system's own (tests set a fake).
var serviceManager service.Manager

func doctorCommand(now func() time.Time) *cli.Command {
	return &cli.Command{
		Name:  "doctor",
		Usage: "check the vault's health: each check ok, warn or fail, what was seen, and the command that fixes it",
		Description: `Makes one pass of every check and prints, for each, ok, warn or FAIL, what it
saw and the one command that fixes it:

  vault       taxonomy.yml and calibration.yml are valid
  hook        the pre-commit hook is where git looks, is Cortex's and runs a cortex
  daemon      the daemon runs, its heartbeat is fresh, its batches succeed
  service     the systemd/launchd service, when installed: names this vault,
              its binary is there and current, it is active
  buffer      the lines waiting in the buffer, and since when
  staging     a batch left staged
  quarantine  lines quarantined since the last check, by reason (10 or more: a burst)
  index       the index opens, counts every document, and a sample matches the files
  locks       git locks older than a minute that no live process owns, and who left them
  claude      Claude Code's hooks and MCP server, where installed
  disk        free space on the vault's disk

Each pass is recorded in .cortex/watchdog.json (the daemon makes one every
--watchdog, 2 hours by default): a check that fails twice in a row is a
confirmed anomaly, shown here, in cortex status and at the top of the push
block, until a check passes again. Exit status 0 when no check fails, 1 when
one does. It repairs nothing.`,
		Flags: []cli.Flag{
			obsVaultFlag(),
			&cli.BoolFlag{Name: "json", Usage: "print the report as JSON"},
		},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return usageErrorf("doctor takes no arguments (got %s)", doc.Excerpt(c.Args().First()))
			}
			l, err := obsLayout(c)
			if err != nil {
				return err
			}
			// The notices are printed below, once: not logged as well.
			quiet := slog.New(slog.DiscardHandler)
			r, err := doctor.Run(c.Context, l, doctor.Options{Now: now, Logger: quiet, Service: service.Options{Manager: serviceManager}})
			if err != nil {
				return err
			}
			if c.Bool("json") {
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				if err := enc.Encode(r); err != nil {
					return err
				}
			} else {
				printDoctor(c.App.Writer, r)
			}
			for _, n := range r.Notices {
				fmt.Fprintf(c.App.ErrWriter, "cortex: notice: %s\n", n)
			}
			if !r.OK {
				return &exitError{code: 1}
			}
			return nil
		},
	}
}

// printDoctor writes the report for people: the confirmed anomalies first,
// then one line per check with its fix below, then the log and a count.
func printDoctor(w io.Writer, r *doctor.Report) {
	// Each check is one line: a name or an error holding a newline must
	// not break it (the JSON report keeps the text as it is).
	fmt.Fprintf(w, "Cortex doctor: %s\n", doc.QuoteName(r.Vault))
	if r.Alert != "" {
		fmt.Fprintf(w, "%s\n", r.Alert)
		for _, a := range r.Anomalies {
			fmt.Fprintf(w, "  confirmed: %s, %d failed checks in a row since %s\n", a.Check, a.Failed, a.Since.UTC().Format("2006-01-02 15:04 UTC"))
		}
	}
	for _, c := range r.Checks {
		mark := c.Status
		if mark == watchdog.Fail {
			mark = "FAIL"
		}
		fmt.Fprintf(w, "  %-4s  %-10s  %s\n", mark, c.Name, doc.OneLine(c.Seen))
		if c.Status != watchdog.OK && c.Fix != "" {
			fmt.Fprintf(w, "  %-4s  %-10s  fix: %s\n", "", "", doc.OneLine(c.Fix))
		}
	}
	fmt.Fprintf(w, "Daemon log: %s\n", r.Log)
	var tail []string
	if n := len(r.Failed); n > 0 {
		tail = append(tail, count(int64(n), "check failed", "checks failed")+" ("+strings.Join(r.Failed, ", ")+")")
	}
	if n := len(r.Warned); n > 0 {
		tail = append(tail, count(int64(n), "warning", "warnings")+" ("+strings.Join(r.Warned, ", ")+")")
	}
	if len(tail) == 0 {
		tail = []string{"all checks ok"}
	}
	fmt.Fprintf(w, "%s.\n", strings.Join(tail, "; "))
}
