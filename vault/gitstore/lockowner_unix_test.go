//go:build unix

package gitstore

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// dieEnv makes TestHelperCommitThenDie commit in the repository it names
// and kill itself at the point dieAtEnv names: "index" (before the index
// is published) or "ref" (after the index, before the branch moves).
const (
	dieEnv   = "CORTEX_TEST_COMMIT_THEN_DIE"
	dieAtEnv = "CORTEX_TEST_DIE_AT"
)

// TestHelperCommitThenDie is the child process of
// TestGitStoreSettlesAKillMidCommit; run alone it does nothing.
func TestHelperCommitThenDie(t *testing.T) {
	dir := os.Getenv(dieEnv)
	if dir == "" {
		t.Skip("a child process of TestGitStoreSettlesAKillMidCommit")
	}
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	die := func() { syscall.Kill(os.Getpid(), syscall.SIGKILL) }
	if os.Getenv(dieAtEnv) == "index" {
		s.beforeIndexCommit = die
	} else {
		s.beforeRefPublish = die
	}
	s.Commit(context.Background(), CommitRequest{Paths: []string{"b.md"}, Message: "the commit of a process killed"})
	t.Fatal("still alive")
}

// TestGitStoreSettlesAKillMidCommit kills a process in the middle of its
// commit, its locks held: the next store to open settles them as the
// commit would have ended — not at all when the index was not published
// yet, completely (the branch moved) when it was — and git works again at
// once, the index agreeing with HEAD.
func TestGitStoreSettlesAKillMidCommit(t *testing.T) {
	for _, tc := range []struct {
		at        string
		committed bool
	}{{"index", false}, {"ref", true}} {
		t.Run(tc.at, func(t *testing.T) {
			t.Parallel()
			r := newStartedRepo(t)
			r.write("b.md", "b\n")
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperCommitThenDie$")
			cmd.Env = append(r.env, dieEnv+"="+r.dir, dieAtEnv+"="+tc.at)
			out, err := cmd.CombinedOutput()
			if ee, ok := err.(*exec.ExitError); !ok || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("the child was not killed: %v\n%s", err, out)
			}
			lock := filepath.Join(r.dir, ".git", "refs", "heads", "main.lock")
			if _, err := os.Stat(lock); err != nil {
				t.Fatalf("the killed process left no branch lock: %v", err)
			}
			openStore(t, r.dir, Options{})
			for _, l := range []string{lock, filepath.Join(r.dir, ".git", "index.lock"), filepath.Join(r.dir, ".git", "HEAD.lock")} {
				if _, err := os.Stat(l); !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("%s after a store opened: %v", l, err)
				}
			}
			subject, status := "start\n", "?? b.md\n"
			if tc.committed {
				subject, status = "the commit of a process killed\n", ""
			}
			if got := r.git("log", "-1", "--format=%s"); got != subject {
				t.Fatalf("HEAD subject = %q, want %q", got, subject)
			}
			if got := r.git("status", "--porcelain"); got != status {
				t.Fatalf("status = %q, want %q (the index and HEAD disagree)", got, status)
			}
			// git commits again.
			r.write("c.md", "c\n")
			r.git("add", "c.md")
			r.git("commit", "-q", "-m", "a person")
			r.fsck()
		})
	}
}
