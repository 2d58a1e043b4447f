package gitstore

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestLeftLocks(t *testing.T) {
	r := newStartedRepo(t)
	s := openStore(t, r.dir, Options{})
	now := time.Now()
	if got, err := LeftLocks(r.dir, now); err != nil || len(got) != 0 {
		t.Fatalf("clean repository: %v %v", got, err)
	}
	pol := lockPolicy{timeout: time.Second, staleAge: time.Hour, ownerDir: s.lockOwners()}
	ctx := context.Background()
	// A living store's lock is not reported; once its process died, it is,
	// as Cortex's.
	l, err := acquireLock(ctx, s.indexFile(), pol)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := LeftLocks(r.dir, now); err != nil || len(got) != 0 {
		t.Fatalf("a living store's lock: %v %v", got, err)
	}
	abandon(l)
	// git's own: reported once older than a command takes.
	branchLock := s.refFile("refs/heads/main") + ".lock"
	if err := os.WriteFile(branchLock, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := LeftLocks(r.dir, now)
	if err != nil || len(got) != 1 || got[0].Path != s.indexFile()+".lock" || !got[0].Cortex {
		t.Fatalf("after the kill: %+v %v; want index.lock, Cortex's", got, err)
	}
	got, err = LeftLocks(r.dir, now.Add(time.Minute))
	if err != nil || len(got) != 2 || got[1].Path != filepath.Clean(branchLock) || got[1].Cortex {
		t.Fatalf("a minute later: %+v %v; want the branch's lock too, git's", got, err)
	}
}
