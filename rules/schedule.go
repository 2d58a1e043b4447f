package rules

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

// DefaultSleepAt is when the daemon runs maintenance each day, local time.
const DefaultSleepAt = "03:00"

// Schedule is when the daemon sleeps: every day at a local time of day,
// and at any moment the last run is more than a day old (a laptop asleep
// at 03:00 catches up when the daemon next looks).
type Schedule struct {
	Off          bool
	Hour, Minute int
}

// ParseSchedule reads "HH:MM" (local time) or "off".
func ParseSchedule(s string) (Schedule, error) {
	if strings.EqualFold(strings.TrimSpace(s), "off") {
		return Schedule{Off: true}, nil
	}
	t, err := time.Parse("15:04", strings.TrimSpace(s))
	if err != nil {
		return Schedule{}, fmt.Errorf("sleep time %q: want HH:MM (local time) or off", s)
	}
	return Schedule{Hour: t.Hour(), Minute: t.Minute()}, nil
}

// Due reports whether a run is due at now, given the last one (ok false:
// never ran): more than 24 hours ago, or before today's slot when the slot
// has passed.
func (sc Schedule) Due(now time.Time, last time.Time, ok bool) bool {
	if sc.Off {
		return false
	}
	if !ok || now.Sub(last) > 24*time.Hour {
		return true
	}
	slot := time.Date(now.Year(), now.Month(), now.Day(), sc.Hour, sc.Minute, 0, 0, now.Location())
	if slot.After(now) {
		slot = slot.AddDate(0, 0, -1)
	}
	return last.Before(slot)
}

// Scheduled returns the daemon's Sleep hook: at each call it settles what
// a killed run left (Settle) and runs maintenance when sc says it is due. A failed run is logged, never fatal,
// and tried again at the next slot or catch-up. done, when set, is called
// after each run that succeeded (the daemon refreshes the project's
// AGENTS.md there, as cortex maintain does).
func Scheduled(l vault.Layout, sc Schedule, log *slog.Logger, now func() time.Time, done func(context.Context, *Report)) func(ctx context.Context) {
	if now == nil {
		now = time.Now
	}
	var failedAt time.Time
	// A vault that never slept counts from the daemon's start: its first
	// run is at the next slot, not at once (a new vault has nothing to
	// decay, and a daemon started for a moment writes nothing of its own).
	started := now()
	historyRead := false // the history was searched once: no need again
	var settleFailedAt time.Time
	return func(ctx context.Context) {
		// A run killed while the daemon runs (a `cortex maintain` beside
		// it) left half-written files and temporary files the memorizer
		// would take for a person's: settled at every poll, as a command
		// settles them before it starts (two folder reads when there is
		// nothing), whether or not the daemon's own runs are on.
		if t := now(); settleFailedAt.IsZero() || t.Sub(settleFailedAt) >= time.Hour {
			if err := Settle(ctx, l, Options{Now: now, Logger: log}); err != nil {
				log.Warn("sleep: cannot settle what a killed run left; tried again in an hour", "err", err)
				settleFailedAt = t
			}
		}
		if sc.Off {
			return
		}
		t := now()
		if !failedAt.IsZero() && t.Sub(failedAt) < time.Hour {
			return // a failing run is not retried at every poll
		}
		// .cortex/sleep.json first: a file read at each poll; the
		// history only when it is gone.
		last, ok, err := readLastRun(l)
		if !ok && err == nil && !historyRead {
			historyRead = true
			git, gerr := gitstore.Open(l.Root)
			if gerr != nil {
				log.Warn("sleep: cannot open the git store", "err", gerr)
				failedAt = t
				return
			}
			last, ok, err = LastSleep(ctx, l, git)
		}
		if err != nil {
			log.Warn("sleep: cannot read the last run", "err", err)
		}
		if !ok {
			last.At, ok = started, true
		}
		if !sc.Due(t, last.At, ok) {
			return
		}
		s, err := Open(ctx, l, Options{Now: now, Logger: log})
		if err != nil {
			log.Warn("sleep: maintenance cannot start", "err", err)
			failedAt = t
			return
		}
		defer s.Close()
		rep, err := s.Run(ctx, false)
		if err != nil {
			log.Warn("sleep: maintenance failed; tried again later", "err", err)
			failedAt = t
			return
		}
		failedAt = time.Time{}
		log.Info("sleep: maintenance done", "actions", len(rep.Actions), "commit", rep.Commit, "notes", len(rep.Notes))
		if done != nil {
			done(ctx, rep)
		}
	}
}
