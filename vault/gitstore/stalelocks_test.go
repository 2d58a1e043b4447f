package gitstore

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// TestStaleLocks: a lock a live store holds is never stale; the same lock
// once its store died is, named as a dead store's; an unrecorded lock is
// stale only while no git process runs, and only past the age asked for.
func TestStaleLocks(t *testing.T) {
	top := t.TempDir()
	gitDir := filepath.Join(top, ".git")
	if err := os.MkdirAll(filepath.Join(gitDir, "refs", "heads"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := Repo{WorkTree: top, GitDir: gitDir, CommonDir: gitDir}
	owners := filepath.Join(gitDir, "cortex-locks")
	branchLock := filepath.Join(gitDir, "refs", "heads", "main.lock")
	f, o, _, recorded, err := createOwnedLock(owners, branchLock, nil, nil)
	if err != nil || !recorded {
		t.Fatalf("lock: %v (recorded %v)", err, recorded)
	}
	f.Close()
	if err := os.WriteFile(filepath.Join(gitDir, "index.lock"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(10 * time.Minute)
	noGit := func() (bool, bool) { return false, true }
	gitRuns := func() (bool, bool) { return true, true }

	locks, known, err := StaleLocks(r, later, time.Minute, noGit)
	if err != nil || !known {
		t.Fatal(known, err)
	}
	// Only Linux says who holds a flock (/proc/locks); elsewhere an old
	// recorded lock is taken for a dead store's.
	if runtime.GOOS == "linux" && (len(locks) != 1 || locks[0].Path != filepath.Join(gitDir, "index.lock") || locks[0].Owner != OwnerUnknown) {
		t.Fatalf("live store: %+v", locks)
	}
	if locks, _, _ := StaleLocks(r, later, time.Minute, gitRuns); len(locks) != 0 {
		t.Errorf("git running: %+v", locks)
	}
	if locks, _, _ := StaleLocks(r, time.Now(), time.Minute, noGit); len(locks) != 0 {
		t.Errorf("young locks: %+v", locks)
	}
	// The store dies: its record's flock goes with it.
	if err := o.fl.Unlock(); err != nil {
		t.Fatal(err)
	}
	locks, _, err = StaleLocks(r, later, time.Minute, gitRuns)
	if err != nil || len(locks) != 1 || locks[0].Path != branchLock || locks[0].Owner != OwnerDeadStore {
		t.Fatalf("dead store: %+v %v", locks, err)
	}
}
