package gitstore

import (
	"context"
	"testing"
	"time"
)

// TestLookAheadIsTheWaitsFirstLook: a look ahead that found no git, made
// QuietConfirm or more before a wait for quiet (and no longer than
// 4×QuietConfirm), is the first of the wait's two looks — the wait makes
// one look, and does not sleep for the confirmation; an older one is not
// taken, nor one that is taken already; and a look ahead that finds git
// counts as seen, so the wait that follows keeps the quiet period from it.
func TestLookAheadIsTheWaitsFirstLook(t *testing.T) {
	r := newRepoWith(t, "README.md", "start\n")
	// Confirm: 50 ms (the daemon's, from its 1 s quiet period).
	s := openStore(t, r.dir, Options{GitQuietPeriod: time.Second})
	confirm := s.QuietConfirm()
	if confirm != 50*time.Millisecond {
		t.Fatalf("QuietConfirm %v, want 50ms", confirm)
	}
	ctx := context.Background()
	looks, git := 0, false
	s.gitRunningHere = func() bool { looks++; return git }
	wait := func() (n int, seen, busy bool) {
		looks = 0
		seen, busy = s.WaitGitQuiet(ctx, time.Minute)
		return looks, seen, busy
	}

	// No look ahead: two looks, confirm apart.
	if n, seen, busy := wait(); n != 2 || seen || busy {
		t.Fatalf("without a look ahead: %d looks (want 2), seen %v, busy %v", n, seen, busy)
	}

	// A look ahead confirm before the wait: one look more, in the wait.
	s.quietAt = time.Time{} // as after a stream's gap, long past the last confirmation
	s.LookAhead()
	if s.aheadClean.IsZero() {
		t.Fatal("a look ahead that found no git was not kept")
	}
	s.aheadClean = time.Now().Add(-confirm) // made confirm ago
	before := time.Now()
	n, seen, busy := wait()
	if seen || busy {
		t.Fatalf("after a look ahead: seen %v, busy %v", seen, busy)
	}
	// (A machine that stalled this goroutine 3×confirm between the two
	// lines makes the look ahead too old: not this test's business.)
	if n != 1 && time.Since(before) < 3*confirm {
		t.Fatalf("after a look ahead: %d looks, want 1", n)
	}
	if !s.aheadClean.IsZero() {
		t.Fatal("the look ahead was not taken by the wait")
	}

	// Too old to be taken: two looks again.
	s.quietAt = time.Time{}
	s.aheadClean = time.Now().Add(-5 * confirm)
	if n, _, _ := wait(); n != 2 {
		t.Fatalf("after a look ahead 5×confirm old: %d looks, want 2", n)
	}

	// Taken once only.
	s.quietAt = time.Time{}
	if n, _, _ := wait(); n != 2 {
		t.Fatalf("a second wait after one look ahead: %d looks, want 2", n)
	}

	// A look ahead that finds git: seen, and the wait keeps the quiet
	// period from it though git is gone by then.
	git = true
	s.LookAhead()
	git = false
	if !s.aheadClean.IsZero() {
		t.Fatal("a look ahead that found git was kept as clean")
	}
	start := time.Now()
	if _, seen, busy := wait(); !seen || busy {
		t.Fatalf("after a look ahead that found git: seen %v, busy %v", seen, busy)
	}
	if took := time.Since(start); took < 900*time.Millisecond {
		t.Fatalf("after a look ahead that found git the wait took %v, less than the quiet period", took)
	}
}
