package rules

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault/gitstore"
)

// TestSleepLockSettlesAKilledRunsTemps leaves what a run killed in the
// middle of its atomic writes leaves — the temporary files of the manifest
// and of the caches, and a lock file that still names it — and checks
// that the next run, once it holds the lock, removes them, and only them.
func TestSleepLockSettlesAKilledRunsTemps(t *testing.T) {
	f := newFixture(t)
	left := []string{
		"observer/.sleep.json.tmp-4711",
		".cortex/.sleep.json.tmp-12",
		".cortex/.sleep-keys.v1.tmp-998877",
		".cortex/.sleep-idle.json.tmp-3",
	}
	kept := []string{
		".cortex/.sleep.json.tmp-draft", // not the shape of ours
		"observer/sleep.json.tmp-5",
	}
	for _, rel := range append(append([]string{}, left...), kept...) {
		f.write(t, rel, "half written")
	}
	f.write(t, ".cortex/sleep.lock", "999999\n") // its holder was killed

	s := f.open(t)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, rel := range left {
		if _, err := os.Lstat(f.l.Path(filepath.FromSlash(rel))); err == nil {
			t.Errorf("%s: a killed run's temporary file is still there", rel)
		}
	}
	for _, rel := range kept {
		if _, err := os.Lstat(f.l.Path(filepath.FromSlash(rel))); err != nil {
			t.Errorf("%s: not ours, yet: %v", rel, err)
		}
	}
	if data, _ := os.ReadFile(sleepLockPath(f.l)); len(data) != 0 {
		t.Errorf("the lock file still names a holder once let go: %q", data)
	}
}

// TestSleepRunsExcludeEachOther: while one run holds the vault, another
// waits; one that stops waiting says who holds it, and writes nothing.
func TestSleepRunsExcludeEachOther(t *testing.T) {
	f := newFixture(t)
	first := f.open(t)
	f.last = nil // both stay open
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Open(ctx, f.l, Options{Now: func() time.Time { return fixtureNow }, Project: f.l.Root})
	if err == nil || !strings.Contains(err.Error(), "sleep.lock") || !strings.Contains(err.Error(), "process") {
		t.Fatalf("a second run while one holds the vault: %v", err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	second, err := Open(context.Background(), f.l, Options{Now: func() time.Time { return fixtureNow }, Project: f.l.Root})
	if err != nil {
		t.Fatalf("once the first run let go: %v", err)
	}
	second.Close()
}

// TestSettleFinishesAKilledRun: a run killed while it placed its files
// leaves the working tree changed and a manifest; Settle — what process
// and sync call first — undoes it, so that nothing of it is taken for a
// person's work, and removes what its cut writes left beside the memories.
// While a run holds the lock, Settle leaves everything to that run.
func TestSettleFinishesAKilledRun(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	head := git(t, f.l.Root, "rev-parse", "HEAD")
	s, man := f.crashedRun(t, stepPlacedOne)
	first := s.abs(man.Ops[0].Path) // the one file placed
	cut := filepath.Join(filepath.Dir(first), "."+filepath.Base(first)+".tmp-31337")
	if err := os.WriteFile(cut, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}

	// The run is alive (its Sleeper holds the lock): Settle waits for
	// nothing and touches nothing.
	if err := Settle(ctx, f.l, Options{Project: f.l.Root}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(manifestPath(f.l)); err != nil {
		t.Fatalf("Settle beside a live run: %v", err)
	}

	s.Close() // the kill: the lock is let go, the manifest stays
	if st := git(t, f.l.Root, "status", "--porcelain", "--untracked-files=all"); st == "" {
		t.Fatal("the cut run changed nothing: the test tests nothing")
	}
	if err := Settle(ctx, f.l, Options{Project: f.l.Root}); err != nil {
		t.Fatal(err)
	}
	if st := git(t, f.l.Root, "status", "--porcelain", "--untracked-files=all", "--ignored", "mind", "rules"); st != "" {
		t.Errorf("after Settle, git status:\n%s", st)
	}
	if _, err := os.Stat(manifestPath(f.l)); err == nil {
		t.Error("manifest left")
	}
	if got := git(t, f.l.Root, "rev-parse", "HEAD"); got != head {
		t.Error("Settle committed")
	}
}

// TestSettleLeavesWhatAPersonCommitted: a run killed once its files were
// placed, then a person's `git add -A` and commit took them into history.
// They are the person's commit now: recovery does not undo them, which
// would leave changes nobody made uncommitted (a sync would then refuse
// them as a person's work in progress).
func TestSettleLeavesWhatAPersonCommitted(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	s := f.open(t)
	s.crashAfter = stepPlaced
	if _, err := s.Run(ctx, false); !errors.Is(err, errCrash) {
		t.Fatal(err)
	}
	s.Close()
	git(t, f.l.Root, "add", "-A")
	git(t, f.l.Root, "-c", "core.hooksPath=/dev/null", "commit", "-qm", "my edits")
	head := git(t, f.l.Root, "rev-parse", "HEAD")
	if err := Settle(ctx, f.l, Options{Project: f.l.Root}); err != nil {
		t.Fatal(err)
	}
	if st := git(t, f.l.Root, "status", "--porcelain", "--untracked-files=all"); st != "" {
		t.Errorf("after Settle, git status:\n%s", st)
	}
	if got := git(t, f.l.Root, "rev-parse", "HEAD"); got != head {
		t.Error("Settle committed")
	}
	if _, err := os.Stat(manifestPath(f.l)); err == nil {
		t.Error("manifest left")
	}
}

// TestSettleUndoesAHalfMoveAPersonCommitted: killed between writing a
// move's new path and removing its old one, then both committed by a
// person's `git add -A`: the memory is in two documents. Recovery undoes
// that move (one document again) rather than keep what was committed.
func TestSettleUndoesAHalfMoveAPersonCommitted(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	s, man := f.crashedRun(t, stepPlaced)
	s.Close()
	var move fileOp
	for _, op := range man.Ops {
		if op.From != "" {
			move = op
			break
		}
	}
	if move.From == "" {
		t.Fatal("the run moves nothing: the test tests nothing")
	}
	git(t, f.l.Root, "checkout", "--", move.From) // its removal had not happened yet
	git(t, f.l.Root, "add", "-A")
	git(t, f.l.Root, "-c", "core.hooksPath=/dev/null", "commit", "-qm", "my edits")
	if err := Settle(ctx, f.l, Options{Project: f.l.Root}); err != nil {
		t.Fatal(err)
	}
	_, errTo := os.Stat(f.l.Path(filepath.FromSlash(move.Path)))
	_, errFrom := os.Stat(f.l.Path(filepath.FromSlash(move.From)))
	if errTo == nil && errFrom == nil {
		t.Errorf("%s and %s both hold the memory after Settle", move.From, move.Path)
	}
}

// TestScheduledSettlesAKilledRun: a `cortex maintain` killed beside a
// running daemon leaves its half-written files until a command settles
// them; the daemon's hook settles them at its next poll, its own runs off
// (session 13's long run, world 68: temporary files of the killed run left
// when the daemon stopped).
func TestScheduledSettlesAKilledRun(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	s := f.open(t)
	s.crashAfter = stepPlacedOne
	if _, err := s.Run(ctx, false); !errors.Is(err, errCrash) {
		t.Fatal(err)
	}
	s.Close() // the kill: the lock is let go, the manifest stays
	if _, err := os.Stat(manifestPath(f.l)); err != nil {
		t.Fatalf("the cut run left no manifest: the test tests nothing: %v", err)
	}
	sc, err := ParseSchedule("off")
	if err != nil {
		t.Fatal(err)
	}
	Scheduled(f.l, sc, slog.New(slog.DiscardHandler), func() time.Time { return fixtureNow }, nil)(ctx)
	if _, err := os.Stat(manifestPath(f.l)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the killed run's manifest after the daemon's poll: %v", err)
	}
	if st := git(t, f.l.Root, "status", "--porcelain", "--untracked-files=all", "--ignored", "mind", "rules"); st != "" {
		t.Errorf("after the daemon's poll, git status:\n%s", st)
	}
}

// TestRunWaitsForAPersonsRebase: a sleep run during a person's rebase
// (here one left in its last step, as session 13's world 53 found it)
// touches nothing and says why; once the rebase is over it runs.
func TestRunWaitsForAPersonsRebase(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	head := git(t, f.l.Root, "rev-parse", "HEAD")
	state := filepath.Join(f.l.Root, ".git", "rebase-merge")
	if err := os.Mkdir(state, 0o755); err != nil {
		t.Fatal(err)
	}
	s := f.open(t)
	_, err := s.Run(ctx, false)
	s.Close()
	if !errors.Is(err, gitstore.ErrPersonsOperation) || !strings.Contains(err.Error(), "a rebase") {
		t.Fatalf("a run during a person's rebase: %v", err)
	}
	if got := git(t, f.l.Root, "rev-parse", "HEAD"); got != head {
		t.Error("a run during a person's rebase committed")
	}
	if st := git(t, f.l.Root, "status", "--porcelain", "--untracked-files=all"); st != "" {
		t.Errorf("a run during a person's rebase changed the working tree:\n%s", st)
	}
	if err := os.Remove(state); err != nil {
		t.Fatal(err)
	}
	s = f.open(t)
	defer s.Close()
	if _, err := s.Run(ctx, false); err != nil {
		t.Fatalf("the run once the rebase is over: %v", err)
	}
	if got := git(t, f.l.Root, "rev-parse", "HEAD"); got == head {
		t.Error("the run once the rebase is over committed nothing: the test tests nothing")
	}
}
