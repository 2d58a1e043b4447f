package main

import (
	"context"
	"math"
	"runtime/debug"
	"testing"

	"github.com/cortex-vault/cortex/rules"
)

// The daemon's soft memory limit is set unless GOMEMLIMIT is, and lifted
// to cortex maintain's while the sleep cycle runs in the daemon.
func TestDaemonMemoryLimitLiftedForSleep(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	t.Cleanup(func() { debug.SetMemoryLimit(math.MaxInt64); daemonLimited.Store(false) })
	limitDaemonMemory()
	if got := debug.SetMemoryLimit(-1); got != daemonMemoryLimit {
		t.Fatalf("limit %d after limitDaemonMemory, want %d", got, daemonMemoryLimit)
	}
	var during int64
	liftedForSleep(func(context.Context) { during = debug.SetMemoryLimit(-1) })(context.Background())
	if during != rules.MemoryLimit {
		t.Fatalf("limit %d during the sleep, want %d", during, rules.MemoryLimit)
	}
	if got := debug.SetMemoryLimit(-1); got != daemonMemoryLimit {
		t.Fatalf("limit %d after the sleep, want %d", got, daemonMemoryLimit)
	}
}

// A GOMEMLIMIT a person set wins, during the sleep too.
func TestDaemonMemoryLimitLeavesGOMEMLIMIT(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "1GiB")
	t.Cleanup(func() { debug.SetMemoryLimit(math.MaxInt64); daemonLimited.Store(false) })
	before := debug.SetMemoryLimit(-1)
	limitDaemonMemory()
	var during int64
	liftedForSleep(func(context.Context) { during = debug.SetMemoryLimit(-1) })(context.Background())
	if after := debug.SetMemoryLimit(-1); after != before || during != before {
		t.Fatalf("limit %d, %d during the sleep, %d after; want %d throughout", before, during, after, before)
	}
}
