package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/doctor"
	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/rules"
	"github.com/cortex-vault/cortex/service"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vaultsync"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		return []*cli.Command{daemonCommand()}
	})
}

func daemonCommand() *cli.Command {
	return &cli.Command{
		Name:  "daemon",
		Usage: "memorize observations continuously as they arrive (one daemon per vault)",
		Description: `Runs the memorizer of cortex process continuously: it watches observer/ for
appends, turns each burst into one batch (one git commit), polls every --poll
as a fallback where file events are not delivered, and rotates the buffer
(kept: observations.jsonl.1 to .3) once it passes 2 MB and is fully processed.
It also watches mind/, vault/ and rules/ (every folder, skipping dot-folders
and what .cortexignore lists) and brings the index in step with files people
add, edit, rename or delete there about a tenth of a second after the last
change, so search sees hand edits at once; an index file replaced by cortex
rebuild-index, or deleted, is opened again.

One daemon runs per vault: a second one is refused with the running one's pid.
A failed batch is logged and retried with a growing delay (at most 2 minutes);
the daemon never stops on one. SIGINT or SIGTERM stop it after the batch in
hand (exit 0); a second signal stops it at once, and the next start recovers
the interrupted batch. Logs go to stderr; the daemon's pid and heartbeat are
in .cortex/daemon.json (see cortex status). Every --watchdog it runs the
checks of cortex doctor and records them (a failure confirmed twice in a row
is shown by cortex status and the push block).

cortex daemon install makes it a service (systemd, launchd) started at login
and after a crash; cortex daemon status says whether it is installed and
running; cortex daemon uninstall removes it.`,
		Subcommands: daemonServiceCommands(),
		Flags: []cli.Flag{
			obsVaultFlag(),
			&cli.StringFlag{Name: "log-format", Value: "text", Usage: "`FORMAT` of the logs on stderr: text or json"},
			&cli.StringFlag{Name: "log-level", Value: "info", Usage: "`LEVEL` of the logs: debug, info, warn or error"},
			&cli.DurationFlag{Name: "poll", Value: observer.DefaultPollInterval, Usage: "look at the buffer every `INTERVAL` even without a file event"},
			&cli.StringFlag{Name: "sleep-at", Value: rules.DefaultSleepAt, Usage: "run cortex maintain every day at `HH:MM` local time (and at start when the last run is over 24 h old), or off"},
			&cli.DurationFlag{Name: "watchdog", Value: doctor.DefaultInterval, Usage: "run the checks of cortex doctor every `INTERVAL` (0: never)"},
			// For tests and benchmarks.
			&cli.DurationFlag{Name: "heartbeat", Value: observer.DefaultHeartbeat, Hidden: true},
			&cli.DurationFlag{Name: "debounce", Value: observer.DefaultDebounce, Hidden: true},
			&cli.DurationFlag{Name: "max-backoff", Value: observer.DefaultMaxBackoff, Hidden: true},
			&cli.Int64Flag{Name: "rotate-size", Value: observer.RotateSize, Hidden: true},
			&cli.DurationFlag{Name: "sync-interval", Hidden: true, Usage: "sync every `INTERVAL` instead of cortex.yml's (tests)"},
		},
		Action: runDaemon,
	}
}

func runDaemon(c *cli.Context) error {
	if c.Args().Present() {
		return usageErrorf("daemon takes no arguments (got %s)", doc.Excerpt(c.Args().First()))
	}
	log, err := newLogger(c.App.ErrWriter, c.String("log-format"), c.String("log-level"))
	if err != nil {
		return err
	}
	for _, name := range []string{"poll", "heartbeat", "debounce", "max-backoff"} {
		if c.Duration(name) <= 0 {
			return usageErrorf("--%s: want a positive duration such as 30s, got %s", name, c.Duration(name))
		}
	}
	if c.Duration("watchdog") < 0 {
		return usageErrorf("--watchdog: want a duration such as 2h (0: never), got %s", c.Duration("watchdog"))
	}
	l, err := obsLayout(c)
	if err != nil {
		return err
	}
	sched, err := rules.ParseSchedule(c.String("sleep-at"))
	if err != nil {
		return usageErrorf("--sleep-at: %v", err)
	}
	// The first signal stops the daemon after the batch in hand; a second
	// one cuts the batch short. They are caught from here on, before the
	// first write: a SIGTERM while the settling below wrote a document
	// killed the daemon with the signal's default action, mid-write, and
	// left the write's temp file (the long harness run of session 14,
	// world 324: a daemon stopped 59 ms after it started, beside a killed
	// sleep run).
	ctx, stop := context.WithCancel(c.Context)
	defer stop()
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)

	// What a killed sleep run left is settled before the memorizer reads
	// the working tree; the nightly run would try again.
	if err := rules.Settle(c.Context, l, rules.Options{Logger: log}); err != nil {
		log.Warn("daemon: "+err.Error(), "vault", l.Root)
	}

	opts := observer.DaemonOptions{
		Logger:       log,
		PollInterval: c.Duration("poll"),
		Heartbeat:    c.Duration("heartbeat"),
		Debounce:     c.Duration("debounce"),
		MaxBackoff:   c.Duration("max-backoff"),
		RotateSize:   c.Int64("rotate-size"),
		Sleep: liftedForSleep(rules.Scheduled(l, sched, log, nil, func(context.Context, *rules.Report) {
			maintainAgentsMD(l, func(warning bool, msg string) {
				if warning {
					log.Warn("sleep: " + msg)
				} else {
					log.Info("sleep: " + msg)
				}
			})
		})),
	}
	limitDaemonMemory()
	sc, err := vaultsync.LoadConfig(l)
	if err != nil {
		return err
	}
	if sc.On {
		opts.Sync, opts.SyncInterval = daemonSync(l, sc, log), sc.Interval
		if c.Duration("sync-interval") > 0 {
			opts.SyncInterval = c.Duration("sync-interval")
		}
		log.Info("daemon: syncing with the git remote", "remote", sc.Remote, "every", opts.SyncInterval)
	}
	// Signals are handled from here on: a daemon waiting for disk space
	// to start stops on the first one.
	var running atomic.Pointer[observer.Daemon]
	var aborted atomic.Bool
	go func() {
		n := 0
		for s := range sigs {
			n++
			if n == 1 {
				log.Info("daemon: signal received; finishing the batch in hand", "signal", s.String())
				stop()
				continue
			}
			log.Warn("daemon: second signal; stopping now (the next start recovers the batch)", "signal", s.String())
			aborted.Store(true)
			if d := running.Load(); d != nil {
				d.Abort()
			}
		}
	}()
	d, err := observer.StartDaemon(ctx, l, opts)
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, context.Canceled) {
			log.Info("daemon: stopped before it started")
			return nil
		}
		return err
	}
	running.Store(d)
	if every := c.Duration("watchdog"); every > 0 {
		go doctor.Watch(ctx, l, doctor.Options{Interval: every, Logger: log, Service: service.Options{Manager: serviceManager}})
	}
	if err := d.Run(ctx); err != nil {
		return fmt.Errorf("daemon: %w", err)
	}
	// A sleep run killed beside the daemon since its last poll left what
	// only the next holder of the sleep lock settles: the daemon settles
	// it as it stops, as it did when it started (two folder reads when
	// nothing was left; skipped when a second signal asked to stop now).
	if !aborted.Load() {
		if err := rules.Settle(c.Context, l, rules.Options{Logger: log}); err != nil {
			log.Warn("daemon: "+err.Error(), "vault", l.Root)
		}
	}
	log.Info("daemon: stopped")
	return nil
}

// daemonMemoryLimit is the daemon's soft heap limit. The daemon lives
// long and mostly idles, so what it keeps resident matters more than a
// few collections more: left to GOGC alone, its heap grew to twice what it
// holds live (about 50 MB at 20,000 documents, half of it the security
// rules) at every spike — the rules compiled at the first observation, a
// stream of batches — and stayed there (a peak of 167–178 MB resident
// under a stream of 14 observations a second, issue 28; 132 MB with this
// limit). A soft limit: a heap that needs more gets it, collected more
// often.
const daemonMemoryLimit = 100 << 20

// daemonLimited: limitDaemonMemory set the limit (GOMEMLIMIT was unset).
var daemonLimited atomic.Bool

// limitDaemonMemory sets daemonMemoryLimit unless GOMEMLIMIT is set.
func limitDaemonMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(daemonMemoryLimit)
		daemonLimited.Store(true)
	}
}

// liftedForSleep runs sleep (called at every poll; it runs the sleep
// cycle when due) under the limit of cortex maintain (rules.MemoryLimit)
// rather than the daemon's: a run holds a row of every document, which at
// 100,000 documents is more than the daemon's limit.
func liftedForSleep(sleep func(context.Context)) func(context.Context) {
	return func(ctx context.Context) {
		if daemonLimited.Load() {
			debug.SetMemoryLimit(rules.MemoryLimit)
			defer debug.SetMemoryLimit(daemonMemoryLimit)
		}
		sleep(ctx)
	}
}

// daemonSync is the daemon's sync: under the memorizer lock the daemon
// holds (the sync records its outcome for cortex status); a person's merge or rebase in
// progress makes it wait.
func daemonSync(l vault.Layout, sc vaultsync.Config, log *slog.Logger) func(context.Context) error {
	return func(ctx context.Context) error {
		// As cortex sync: what a killed sleep run left is settled first.
		if err := rules.Settle(ctx, l, rules.Options{Logger: log}); err != nil {
			return err
		}
		rep, err := vaultsync.Sync(ctx, l, vaultsync.Options{
			Remote: sc.Remote, Locked: true, Logger: log,
			Updated: func(ctx context.Context, rels []string) error { return updateIndex(ctx, l, rels) },
		})
		if errors.Is(err, vaultsync.ErrInProgress) {
			return fmt.Errorf("%w: %v", observer.ErrSyncWait, err)
		}
		if err == nil && (rep.Pulled > 0 || rep.Pushed) {
			log.Info("daemon: "+rep.Summary(), "paths", len(rep.Paths), "folded", len(rep.Folded))
		}
		return err
	}
}

// newLogger is the daemon's slog logger on w.
func newLogger(w io.Writer, format, level string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, usageErrorf("--log-level: want debug, info, warn or error, got %s", doc.Excerpt(level))
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch strings.ToLower(format) {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, usageErrorf("--log-format: want text or json, got %s", doc.Excerpt(format))
}

// ago says how long before now t was, for people: "3s ago", "5m ago".
func ago(now, t time.Time) string { return doctor.Ago(now, t) }
