package doctor

import (
	"context"
	"time"

	"github.com/cortex-vault/cortex/rules"
	"github.com/cortex-vault/cortex/vault/watchdog"
	"github.com/cortex-vault/cortex/vaultsync"
)

// sleepLate is how old the last sleep may be before the check warns: the
// daemon sleeps every day, and catches up at start after 24 h.
const sleepLate = 48 * time.Hour

// checkSleep: when the sleep cycle last ran, from its record in .cortex/
// (the history is not read: doctor stays fast). A missing sleep is a
// warning, never a failure: memory is still kept without it.
func checkSleep(_ context.Context, e *env) watchdog.Result {
	fix := "cortex maintain --vault " + e.root
	lr, found, err := rules.ReadLastRun(e.l)
	if err != nil {
		return warn(fix, "the record of the last sleep cannot be read: %v", err)
	}
	if !found {
		return warn(fix, "no sleep recorded here: nothing decays, merges or becomes a rule until one runs (the daemon runs one at 03:00)")
	}
	seen := "the last sleep ran " + Ago(e.now, lr.At)
	if e.now.Sub(lr.At) > sleepLate {
		if e.daemon.Running() {
			return warn("read the daemon's log: "+logHint(e), "%s, though the daemon runs (started with --sleep-at off?)", seen)
		}
		return warn(fix, "%s", seen)
	}
	return ok("%s", seen)
}

// checkSync: when cortex.yml turns sync on, the last sync and whether it
// failed. A failure is a warning while the last good sync is recent (an
// offline laptop), and fails after three intervals without one.
func checkSync(_ context.Context, e *env) watchdog.Result {
	cfg, err := vaultsync.LoadConfig(e.l)
	if err != nil {
		return fail("fix the sync: section of "+vaultsync.ConfigFile, "%v", err)
	}
	if !cfg.On {
		return ok("off (local git only; turn it on in %s)", vaultsync.ConfigFile)
	}
	fix := "cortex sync --vault " + e.root
	if e.daemon.Running() {
		fix = "read the daemon's log: " + logHint(e)
	}
	st, err := vaultsync.LoadStatus(e.l)
	if err != nil {
		return warn("cortex sync --vault "+e.root, "the record of the last sync cannot be read: %v", err)
	}
	if st == nil {
		return warn(fix, "sync with %s is on but has never run", cfg.Remote)
	}
	late := 3 * cfg.Interval
	if !st.OK {
		seen := "the last sync " + Ago(e.now, st.When) + " failed: " + st.Error
		if st.LastOK == nil {
			return fail(fix, "%s; no sync has ever succeeded", seen)
		}
		if e.now.Sub(*st.LastOK) > late {
			return fail(fix, "%s; the last good one was %s", seen, Ago(e.now, *st.LastOK))
		}
		return warn(fix, "%s", seen)
	}
	seen := "the last sync with " + st.Remote + " " + Ago(e.now, st.When) + ": " + st.Summary
	if e.daemon.Running() && e.now.Sub(st.When) > late {
		return warn(fix, "%s, though the daemon should sync every %s", seen, cfg.Interval)
	}
	return ok("%s", seen)
}
