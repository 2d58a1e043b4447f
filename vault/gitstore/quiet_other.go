//go:build !linux

package gitstore

import (
	"context"
	"time"
)

// waitExit waits until every process of pids has ended, deadline has
// passed or ctx is done.
func waitExit(ctx context.Context, pids []int, deadline time.Time) {
	pollExit(ctx, pids, deadline)
}

// releaseWatch tells when git releases index.lock where the system tells
// it (Linux); here it cannot.
type releaseWatch struct{}

func watchIndexLock(string) *releaseWatch { return nil }

func (*releaseWatch) awaitRelease(context.Context, time.Duration, time.Time) {}

func (*releaseWatch) close() {}
