package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/rules"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vaultsync"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		return []*cli.Command{statusCommand(time.Now)}
	})
}

func statusCommand(now func() time.Time) *cli.Command {
	return &cli.Command{
		Name:  "status",
		Usage: "show the memorizer at a glance: totals, pending lines, quarantine, daemon, index",
		Description: `Prints what the memorizer has done ("Cortex: 15 observations, 13 memorized,
2 already known"), what waits in the buffer and in staging, the quarantine by
reason, the last run, whether the daemon runs, and whether the index is up to
date with the memory files. Reading the status changes nothing.`,
		Flags: []cli.Flag{
			obsVaultFlag(),
			&cli.BoolFlag{Name: "json", Usage: "print the status as JSON"},
		},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return usageErrorf("status takes no arguments (got %s)", doc.Excerpt(c.Args().First()))
			}
			l, err := obsLayout(c)
			if err != nil {
				return err
			}
			t := now()
			s, err := observer.ReadStatus(c.Context, l, t)
			if err != nil {
				return err
			}
			git := vault.Repository(l.Root)
			last, err := vaultsync.LoadStatus(l)
			if err != nil {
				s.Warnings = append(s.Warnings, err.Error())
			}
			if last != nil {
				if n, ok := vaultsync.Unpushed(c.Context, l, last.Remote); ok {
					last.Unpushed = &n
				}
			}
			sleep := lastSleep(c, l)
			if c.Bool("json") {
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				return enc.Encode(struct {
					observer.Status
					Git   vault.RepoInfo    `json:"git"`
					Sync  *vaultsync.Status `json:"sync"`
					Sleep *rules.LastRun    `json:"last_sleep"`
				}{s, git, last, sleep})
			}
			printStatus(c.App.Writer, s, t)
			fmt.Fprintf(c.App.Writer, "  %-11s %s\n", "git:", gitLine(git))
			if last != nil {
				line := fmt.Sprintf("%s (%s)", last.Summary, last.When.Local().Format("2006-01-02 15:04:05"))
				// With sync off, a sync is a person's one-off: its outcome is
				// told as that, beside what doctor says (sync off), not as
				// the state of a sync that does not run.
				if sc, err := vaultsync.LoadConfig(l); err == nil && !sc.On {
					line = fmt.Sprintf("off (no sync: in %s); the last cortex sync by hand, %s: %s", vaultsync.ConfigFile, last.When.Local().Format("2006-01-02 15:04:05"), last.Summary)
				}
				if !last.OK && last.LastOK != nil {
					line += fmt.Sprintf("; last good sync %s", last.LastOK.Local().Format("2006-01-02 15:04:05"))
				}
				if last.Unpushed != nil && *last.Unpushed > 0 {
					line += fmt.Sprintf("; %d commit(s) wait to be pushed", *last.Unpushed)
				}
				fmt.Fprintf(c.App.Writer, "  %-11s %s\n", "sync:", line)
			}
			printSleep(c.App.Writer, sleep, t)
			for _, w := range s.Warnings {
				fmt.Fprintf(c.App.ErrWriter, "cortex: warning: %s\n", w)
			}
			return nil
		},
	}
}

// lastSleep is the last maintenance run, nil when none (or unreadable:
// status never fails on it).
func lastSleep(c *cli.Context, l vault.Layout) *rules.LastRun {
	repo, err := gitstore.FindRepo(l.Root)
	if err != nil {
		return nil
	}
	lr, ok, err := rules.LastSleepIn(c.Context, l, repo)
	if err != nil || !ok {
		return nil
	}
	return &lr
}

func printSleep(w io.Writer, lr *rules.LastRun, now time.Time) {
	v := "never (cortex maintain, or the daemon at 03:00)"
	if lr != nil {
		v = fmt.Sprintf("%s (%s)", lr.At.Local().Format(time.DateTime), ago(now, lr.At))
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(lr.Counts)) {
			parts = append(parts, fmt.Sprintf("%s %d", k, lr.Counts[k]))
		}
		if len(parts) == 0 {
			v += ": nothing to do"
		} else {
			v += ": " + strings.Join(parts, ", ")
		}
	}
	fmt.Fprintf(w, "  %-11s %s\n", "last sleep:", v)
}

func count(n int64, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// securityLine sums up the security layers' findings by rule, most frequent
// first ("" when they found nothing).
func securityLine(s observer.SecurityStatus) string {
	byRule := func(t observer.LayerTotals) string {
		rules := make([]string, 0, len(t.ByRule))
		for r := range t.ByRule {
			rules = append(rules, r)
		}
		slices.SortFunc(rules, func(a, b string) int {
			if d := cmp.Compare(t.ByRule[b], t.ByRule[a]); d != 0 {
				return d
			}
			return strings.Compare(a, b)
		})
		parts := make([]string, len(rules))
		for i, r := range rules {
			parts[i] = fmt.Sprintf("%d %s", t.ByRule[r], r)
		}
		return strings.Join(parts, ", ")
	}
	var out []string
	if t := s.Injection; t.Found > 0 {
		out = append(out, fmt.Sprintf("%s (%s)", count(t.Found, "injection refused", "injections refused"), byRule(t)))
	}
	if t := s.Credentials; t.Found > 0 {
		out = append(out, fmt.Sprintf("%s (%s)", count(t.Found, "credential redacted", "credentials redacted"), byRule(t)))
	}
	return strings.Join(out, "; ")
}

// printStatus writes the status for people: the seed's headline, then one
// line per part.
func printStatus(w io.Writer, s observer.Status, now time.Time) {
	t := s.Totals
	head := []string{count(t.Lines, "observation", "observations"), fmt.Sprintf("%d memorized", t.Memorized), fmt.Sprintf("%d already known", t.Reinforced)}
	if t.Operations > 0 {
		head = append(head, count(t.Operations, "operation", "operations"))
	}
	if t.Quarantined > 0 {
		head = append(head, fmt.Sprintf("%d quarantined", t.Quarantined))
	}
	if t.Skipped > 0 {
		head = append(head, fmt.Sprintf("%d skipped", t.Skipped))
	}
	fmt.Fprintf(w, "Cortex: %s\n", strings.Join(head, ", "))
	if s.Watchdog != "" {
		fmt.Fprintf(w, "%s\n", s.Watchdog)
	}

	row := func(label, value string) { fmt.Fprintf(w, "  %-11s %s\n", label+":", value) }

	if s.Pending.Lines == 0 {
		row("pending", "nothing")
	} else {
		row("pending", fmt.Sprintf("%s (%s) in the buffer", count(int64(s.Pending.Lines), "line", "lines"), byteSize(s.Pending.Bytes)))
	}

	own := s.Staging.Files - s.Staging.Other
	var staged []string
	switch {
	case s.Staging.Batch:
		staged = append(staged, fmt.Sprintf("a batch is staged (%s): it is finished or rolled back by the next run", count(int64(own), "file", "files")))
	case own > 0:
		staged = append(staged, fmt.Sprintf("%s left by an interrupted batch (removed by the next run)", count(int64(own), "file", "files")))
	}
	if s.Staging.Other > 0 {
		staged = append(staged, fmt.Sprintf("%s not written by the memorizer: moved to the quarantine once unchanged for %d days",
			count(int64(s.Staging.Other), "file", "files"), int(observer.StaleStagingAge.Hours()/24)))
	}
	if len(staged) == 0 {
		staged = append(staged, "empty")
	}
	row("staging", strings.Join(staged, "; "))

	q := s.Quarantine
	if q.Total == 0 {
		row("quarantine", "empty")
	} else {
		var parts []string
		open := 0
		for _, r := range q.Reasons() {
			parts = append(parts, fmt.Sprintf("%d %s", q.ByReason[r], r))
			open += q.ByReason[r]
		}
		v := "nothing waiting"
		if open > 0 {
			v = count(int64(open), "line", "lines") + " (" + strings.Join(parts, ", ") + ")"
		}
		if q.Retried > 0 {
			v += fmt.Sprintf(", %d retried", q.Retried)
		}
		row("quarantine", v+"; see cortex quarantine list")
	}

	if sec := securityLine(s.Security); sec != "" {
		row("security", sec)
	}

	if s.LastRun.IsZero() {
		row("last run", "never")
	} else {
		row("last run", fmt.Sprintf("%s (%s)", s.LastRun.Local().Format(time.DateTime), ago(now, s.LastRun)))
	}

	row("daemon", daemonLine(s.Daemon, now))

	for _, lk := range s.GitLocks {
		who := "left by a git command (killed?): remove it if no git command runs"
		if lk.Cortex {
			who = "left by a killed cortex: settled when the daemon (or cortex process) next starts"
		}
		row("git lock", fmt.Sprintf("%s since %s, %s", lk.Path, lk.Since.Local().Format(time.DateTime), who))
	}

	switch s.Index.State {
	case observer.IndexMissing:
		row("index", "missing (built by the next command that reads it)")
	case observer.IndexStale:
		row("index", fmt.Sprintf("stale: %s changed after it (refreshed by the daemon, or by the next command that reads it)", s.Index.NewestPath))
	case observer.IndexFresh:
		if s.Index.KeptByDaemon {
			row("index", "fresh (kept by the daemon)")
		} else {
			row("index", "fresh")
		}
	}
}

func daemonLine(d observer.DaemonStatus, now time.Time) string {
	info := d.Info
	var v string
	switch d.State {
	case observer.DaemonRunning:
		v = "running"
		switch {
		case info != nil && info.Stopped.IsZero():
			v = fmt.Sprintf("running (pid %d, up %s, heartbeat %s)", info.PID, strings.TrimSuffix(ago(now, info.Started), " ago"), ago(now, info.Heartbeat))
		case d.MemorizerPID > 0:
			v = fmt.Sprintf("running (pid %d holds observer/memorizer.lock; .cortex/daemon.json is gone, so no heartbeat until the daemon restarts)", d.MemorizerPID)
		}
	case observer.DaemonWaiting:
		v = fmt.Sprintf("started, waiting for disk space: the vault's disk is full (%s free); it tries again with a growing wait", byteSize(int64(*d.DiskFree)))
		return v
	case observer.DaemonNotResponding:
		v = fmt.Sprintf("not responding (pid %d holds the lock; last heartbeat %s)", info.PID, ago(now, info.Heartbeat))
	case observer.DaemonStopped:
		v = fmt.Sprintf("not running (stopped %s)", ago(now, info.Stopped))
	case observer.DaemonDied:
		v = fmt.Sprintf("not running (pid %d ended without stopping; last heartbeat %s)", info.PID, ago(now, info.Heartbeat))
	default:
		v = "not running (start it with: cortex daemon)"
	}
	if d.Running() && info != nil && info.Failures > 0 {
		v += fmt.Sprintf("; failing: %s (%d in a row", info.LastError, info.Failures)
		if !info.NextRetry.IsZero() {
			if wait := info.NextRetry.Sub(now); wait > 0 {
				v += fmt.Sprintf(", next try in %s", wait.Round(time.Second))
			}
		}
		v += ")"
	}
	return v
}

// byteSize is n bytes for people: 512 B, 1.5 KB, 2.0 MB.
func byteSize(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

// gitLine says where the vault's commits go, and what a branch switch does
// to its memories; and what waits for a person's operation in progress.
func gitLine(g vault.RepoInfo) string {
	line := repoLine(g)
	switch g.Operation {
	case "":
	case "rebase":
		line += "; a rebase is in progress: memorizing and the sleep wait for it to be finished or aborted"
	default:
		line += "; a " + g.Operation + " is in progress: sync waits for it to be concluded or aborted"
	}
	return line
}

// repoLine is gitLine without the operation in progress.
func repoLine(g vault.RepoInfo) string {
	branch := g.Branch
	if branch == "" {
		branch = "detached HEAD"
	}
	switch g.Mode {
	case vault.RepoNested:
		return fmt.Sprintf("the vault's own repository (branch %s), inside the project %s: the same memories on every branch of the project", branch, g.Project)
	case vault.RepoInProject:
		return fmt.Sprintf("in the project's repository %s, on branch %s: memories are committed on the branch checked out, and a branch switch shows that branch's memories only", g.Project, branch)
	case vault.RepoNone:
		return "no git repository (run cortex init)"
	}
	return fmt.Sprintf("the vault's own repository (branch %s)", branch)
}
