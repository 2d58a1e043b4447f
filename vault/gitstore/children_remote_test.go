package gitstore

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestSettleChildrenRemovesItsKilledPushsRemoteLocks (issue 22, item 3):
// a push to a remote on this machine killed in the remote's ref update
// leaves refs/heads/main.lock (holding the commit pushed) and an empty
// HEAD.lock there. The next run settles them when the dead record names
// that push, and leaves a lock another machine's push holds, with the
// HEAD.lock beside it.
func TestSettleChildrenRemovesItsKilledPushsRemoteLocks(t *testing.T) {
	r := newStartedRepo(t)
	rp, err := RepoAt(r.dir)
	if err != nil {
		t.Fatal(err)
	}
	remote := filepath.Join(t.TempDir(), "remote.git")
	if out, err := exec.Command("git", "init", "-q", "--bare", "-b", "main", remote).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	head := r.rev("HEAD")
	mainLock := filepath.Join(remote, "refs", "heads", "main.lock")
	headLock := filepath.Join(remote, "HEAD.lock")
	deadPush := func(pushed string) {
		t.Helper()
		rec := childRecord{PID: 1 << 22, Started: time.Now().Add(-time.Minute), Dir: r.dir,
			Args:   []string{"push", "origin", "HEAD:refs/heads/main"},
			Remote: &RemoteRef{GitDir: remote, Ref: "refs/heads/main", New: pushed}}
		data, _ := json.Marshal(rec)
		dir := filepath.Join(rp.CommonDir, "cortex-locks")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, childRecordPrefix+"push.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	leave := func(path, content string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exists := func(path string) bool { _, err := os.Lstat(path); return err == nil }

	// Killed in its update: both locks ours.
	deadPush(head)
	leave(mainLock, head+"\n")
	leave(headLock, "")
	removed, err := SettleChildren(rp)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(removed)
	if want := []string{headLock, mainLock}; !slices.Equal(removed, want) {
		t.Errorf("settled %q, want %q", removed, want)
	}

	// Another machine's push holds the branch (its own commit in the
	// lock): nothing of it is ours, whatever our dead record says.
	const other = "0123456789abcdef0123456789abcdef01234567"
	deadPush(head)
	leave(mainLock, other+"\n")
	leave(headLock, "")
	if removed, _ := SettleChildren(rp); len(removed) != 0 {
		t.Errorf("settled another push's locks: %q", removed)
	}
	if !exists(mainLock) || !exists(headLock) {
		t.Error("another push's locks removed")
	}
	os.Remove(mainLock)
	os.Remove(headLock)

	// Killed after its update landed and before HEAD.lock went: the
	// branch holds our commit, no lock on it; HEAD.lock is ours.
	if out, err := exec.Command("git", "-C", r.dir, "push", "-q", remote, "HEAD:refs/heads/main").CombinedOutput(); err != nil {
		t.Fatalf("git push: %v\n%s", err, out)
	}
	deadPush(head)
	leave(headLock, "")
	if removed, _ := SettleChildren(rp); !slices.Equal(removed, []string{headLock}) {
		t.Errorf("settled %q, want the HEAD.lock left after the update", removed)
	}

	// The same HEAD.lock when the branch holds another commit: not ours.
	leave(headLock, "")
	deadPush(other)
	if removed, _ := SettleChildren(rp); len(removed) != 0 || !exists(headLock) {
		t.Errorf("settled %q: a HEAD.lock our push did not take", removed)
	}
	os.Remove(headLock)

	// Killed between taking the branch's lock and writing the commit into
	// it (session 13's long run, world 51): an empty lock, made since the
	// push started, that no live git would leave empty this long.
	deadPush(head)
	leave(mainLock, "")
	made := time.Now().Add(-30 * time.Second)
	if err := os.Chtimes(mainLock, made, made); err != nil {
		t.Fatal(err)
	}
	if removed, _ := SettleChildren(rp); !slices.Equal(removed, []string{mainLock}) {
		t.Errorf("settled %q, want the empty lock our killed push left", removed)
	}

	// The same empty lock, there before our push started: not ours.
	deadPush(head)
	leave(mainLock, "")
	made = time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(mainLock, made, made); err != nil {
		t.Fatal(err)
	}
	if removed, _ := SettleChildren(rp); len(removed) != 0 || !exists(mainLock) {
		t.Errorf("settled %q: an empty lock older than our push", removed)
	}
	os.Remove(mainLock)
	if recs, _ := filepath.Glob(filepath.Join(rp.CommonDir, "cortex-locks", childRecordPrefix+"*")); len(recs) != 0 {
		t.Errorf("records left: %q", recs)
	}
}
