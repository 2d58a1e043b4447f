package gitstore

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// abandon leaves the lock as a process killed while holding it does: the
// lock file and its owner record stay, the file and the record's flock are
// closed (the system closes them for a dead process).
func abandon(l *lockFile) {
	l.f.Close()
	if l.owner != nil {
		l.owner.fl.Close()
	}
}

func TestAbandonedLockIsReclaimedOnlyWhenItIsOurs(t *testing.T) {
	dir := t.TempDir()
	owners := filepath.Join(dir, "cortex-locks")
	target := filepath.Join(dir, "index")
	pol := lockPolicy{timeout: 50 * time.Millisecond, staleAge: time.Hour, ownerDir: owners}
	ctx := context.Background()

	// Ours, its owner dead: reclaimed, even after the content was written.
	l, err := acquireLock(ctx, target, pol)
	if err != nil {
		t.Fatal(err)
	}
	if l.owner == nil {
		t.Fatal("the lock was not recorded")
	}
	if err := l.write([]byte("half an index")); err != nil {
		t.Fatal(err)
	}
	abandon(l)
	l2, err := acquireLock(ctx, target, pol)
	if err != nil {
		t.Fatalf("an abandoned lock of ours was not reclaimed: %v", err)
	}

	// Ours, its owner alive: waited for, never taken.
	if _, err := acquireLock(ctx, target, pol); !errors.Is(err, ErrLocked) {
		t.Fatalf("a live lock: %v", err)
	}
	if err := l2.commit(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(ownerRecord(owners, target+".lock")); len(data) != 0 {
		t.Fatalf("record left after commit: %q", data)
	}

	// Git's (no record): never taken.
	if err := os.WriteFile(target+".lock", []byte("git's"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := acquireLock(ctx, target, pol); !errors.Is(err, ErrLocked) {
		t.Fatalf("git's lock: %v", err)
	}
	os.Remove(target + ".lock")

	// Ours abandoned, then removed by a person and created again by git:
	// the record names another file, which is left alone.
	l3, err := acquireLock(ctx, target, pol)
	if err != nil {
		t.Fatal(err)
	}
	abandon(l3)
	os.Remove(target + ".lock")
	if err := os.WriteFile(target+".lock", []byte("git's, later"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := acquireLock(ctx, target, pol); !errors.Is(err, ErrLocked) {
		t.Fatalf("git's lock after ours: %v", err)
	}
	if data, _ := os.ReadFile(target + ".lock"); string(data) != "git's, later" {
		t.Fatalf("git's lock was touched: %q", data)
	}

	// Without a records folder nothing is recorded or reclaimed.
	os.Remove(target + ".lock")
	plain := lockPolicy{timeout: 50 * time.Millisecond, staleAge: time.Hour}
	l4, err := acquireLock(ctx, target, plain)
	if err != nil || l4.owner != nil {
		t.Fatalf("plain lock: %v, owner %v", err, l4.owner)
	}
	abandon(l4)
	if _, err := acquireLock(ctx, target, plain); !errors.Is(err, ErrLocked) {
		t.Fatalf("plain abandoned lock: %v", err)
	}
}

// TestGitStoreCommitsAfterAKillMidCommit leaves index.lock and the branch's
// lock as a store killed in the middle of a commit leaves them: the next
// store commits all the same, and git agrees with the result.
func TestGitStoreCommitsAfterAKillMidCommit(t *testing.T) {
	t.Parallel()
	r := newStartedRepo(t)
	s := openStore(t, r.dir, Options{LockTimeout: 200 * time.Millisecond, RefLockTimeout: 200 * time.Millisecond})
	pol := lockPolicy{timeout: time.Second, staleAge: time.Hour, ownerDir: s.lockOwners()}
	ctx := context.Background()
	for _, target := range []string{s.indexFile(), filepath.Join(s.gitDir, "HEAD"), s.refFile("refs/heads/main")} {
		l, err := acquireLock(ctx, target, pol)
		if err != nil {
			t.Fatal(err)
		}
		abandon(l)
	}
	commitAfterTheKill(t, r, s)
	if got := r.git("status", "--porcelain"); got != "" {
		t.Fatalf("status = %q", got)
	}
	// Nothing beside the refs or in the git folder's root but git's own.
	if got := r.git("for-each-ref", "--format=%(refname)"); got != "refs/heads/main\n" {
		t.Fatalf("refs = %q", got)
	}
	if stray, _ := filepath.Glob(filepath.Join(s.gitDir, "*.lock*")); len(stray) > 0 {
		t.Fatalf("left in the git folder: %v", stray)
	}
	// git itself works on: the records are nothing it reads.
	r.write("c.md", "c\n")
	r.git("add", "c.md")
	r.git("commit", "-q", "-m", "a person")
	r.fsck()
}

// TestGitStoreDropsALockOfACommitNeverMade leaves a complete index.lock of
// a dead store: it is dropped, HEAD and the index stay.
func TestGitStoreDropsALockOfACommitNeverMade(t *testing.T) {
	t.Parallel()
	r := newStartedRepo(t)
	s := openStore(t, r.dir, Options{})
	index := r.readIndex()
	pol := lockPolicy{timeout: time.Second, staleAge: time.Hour, ownerDir: s.lockOwners(), settleAll: s.settleAbandonedLocks}
	l, err := acquireLock(context.Background(), s.indexFile(), pol)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.write(index); err != nil {
		t.Fatal(err)
	}
	abandon(l)
	openStore(t, r.dir, Options{})
	if _, err := os.Stat(s.indexFile() + ".lock"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("index.lock after a store opened: %v", err)
	}
	if string(r.readIndex()) != string(index) {
		t.Fatal("the index changed")
	}
	if got := r.git("status", "--porcelain"); got != "" {
		t.Fatalf("status = %q", got)
	}
}

// TestGitStoreSettlesALockWhoseIntentWasCutShort leaves a branch's lock as
// a store killed while writing the commit into its record leaves it: the
// record cut short (empty, or the commit half written). The commit never
// became visible, so the next store drops the lock and commits.
func TestGitStoreSettlesALockWhoseIntentWasCutShort(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cut  func(rec string, full []byte) []byte
	}{
		{"empty", func(string, []byte) []byte { return nil }},
		{"half the commit", func(_ string, full []byte) []byte { return full[:len(full)-20] }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newStartedRepo(t)
			head := r.git("rev-parse", "HEAD")
			s := openStore(t, r.dir, Options{LockTimeout: 300 * time.Millisecond, RefLockTimeout: 300 * time.Millisecond})
			pol := lockPolicy{timeout: time.Second, staleAge: time.Hour, ownerDir: s.lockOwners()}
			l, err := acquireLock(context.Background(), s.refFile("refs/heads/main"), pol)
			if err != nil {
				t.Fatal(err)
			}
			if err := l.write([]byte(head)); err != nil {
				t.Fatal(err)
			}
			l.owner.intend(head[:len(head)-1])
			full, err := os.ReadFile(l.owner.rec)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(l.owner.rec, tc.cut(l.owner.rec, full), 0o666); err != nil {
				t.Fatal(err)
			}
			abandon(l)
			commitAfterTheKill(t, r, s)
			if _, err := os.Stat(s.refFile("refs/heads/main") + ".lock"); !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("main.lock after the commit: %v", err)
			}
			r.fsck()
		})
	}
}

// commitAfterTheKill commits b.md with s and checks that HEAD is that commit.
func commitAfterTheKill(t *testing.T, r *testRepo, s *Store) {
	t.Helper()
	r.write("b.md", "b\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"b.md"}, Message: "after the kill"})
	if got := r.git("log", "-1", "--format=%s"); got != "after the kill\n" {
		t.Fatalf("HEAD subject = %q", got)
	}
}
