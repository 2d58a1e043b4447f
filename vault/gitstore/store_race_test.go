package gitstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// pausedGitCommit starts `git commit -q -m msg` and returns once git has
// read the index but not yet taken index.lock: a core.fsmonitor hook, which
// git runs right after reading the index, waits there until resume is
// called. resume lets git go on and returns its output and error.
func pausedGitCommit(t *testing.T, r *testRepo, msg string) (resume func() (string, error)) {
	t.Helper()
	ctl := t.TempDir()
	hook := filepath.Join(ctl, "fsmonitor.sh")
	script := fmt.Sprintf("#!/bin/sh\nif [ -e %[1]s/armed ]; then\n  rm -f %[1]s/armed\n  : > %[1]s/paused\n  while [ ! -e %[1]s/resume ]; do sleep 0.01; done\nfi\nexit 1\n", ctl)
	if err := os.WriteFile(hook, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ctl, "armed"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "-c", "core.fsmonitor="+hook, "commit", "-q", "-m", msg)
	cmd.Dir = r.dir
	cmd.Env = r.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	for {
		if _, err := os.Stat(filepath.Join(ctl, "paused")); err == nil {
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("git commit ended before its index was read: %v\n%s", err, out.String())
		case <-time.After(2 * time.Millisecond):
		}
	}
	return func() (string, error) {
		if err := os.WriteFile(filepath.Join(ctl, "resume"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		err := <-exited
		return out.String(), err
	}
}

// TestGitStoreRecommitsWhatARefusedGitCommitDropped reproduces, step by
// step, what a person's `git commit` does when the store commits between
// git's reading of the index and its taking of index.lock (git 2.39 reads
// HEAD, then the index, then locks it): git writes the index it read, which
// lacks the store's new entries, and only then fails its compare-and-swap on
// HEAD. The person runs `git commit` again and commits from that index, so
// the store's file is deleted by the person's commit, still on disk,
// untracked. The store cannot see git's read; it notices at its next commit
// that a path it committed is no longer in the index while the file is as it
// committed it, and commits it again.
func TestGitStoreRecommitsWhatARefusedGitCommitDropped(t *testing.T) {
	for _, tc := range []struct {
		name string
		// personFirst: the person's retried commit comes before the store's
		// next commit (the dropped file is deleted in HEAD); otherwise the
		// store's next commit comes first and repairs the index only.
		personFirst bool
	}{{"person commits again first", true}, {"store commits again first", false}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := newTestRepo(t)
			r.write("README.md", "start\n")
			r.write("mind/a/2026-02/changed.md", "v1\n")
			r.write("mind/a/2026-02/archived.md", "archived\n")
			r.git("add", ".")
			r.git("commit", "-q", "-m", "start")
			s := openStore(t, r.dir, Options{})

			r.write("person/p.txt", "person\n")
			r.git("add", "person/p.txt")
			resume := pausedGitCommit(t, r, "person: p")

			// The store adds a file, changes one and removes one while git
			// holds the index it read.
			r.write("mind/a/2026-02/new.md", "new\n")
			r.write("mind/a/2026-02/changed.md", "v2\n")
			if err := os.Remove(r.path("mind/a/2026-02/archived.md")); err != nil {
				t.Fatal(err)
			}
			mustCommit(t, s, CommitRequest{Paths: []string{"mind/a/2026-02/new.md", "mind/a/2026-02/changed.md", "mind/a/2026-02/archived.md"}, Message: "observe: first"})
			out, err := resume()
			if err == nil || !strings.Contains(out, "cannot lock ref") {
				t.Fatalf("the paused git commit: %v\n%s\nwant it refused (HEAD moved)", err, out)
			}
			// git's behaviour, not ours: the refused commit has put back the
			// index it read before the store's commit.
			if got := r.lines("ls-files"); !slices.Equal(got, []string{"README.md", "mind/a/2026-02/archived.md", "mind/a/2026-02/changed.md", "person/p.txt"}) {
				t.Fatalf("index after the refused commit = %q (git 2.39 writes the index it read before locking)", got)
			}
			if got := r.git("show", ":mind/a/2026-02/changed.md"); got != "v1\n" {
				t.Fatalf("index changed.md = %q, want git's stale v1", got)
			}

			if tc.personFirst {
				r.git("commit", "-q", "-m", "person: p again")
				if got := r.lines("show", "--format=", "--name-status", "HEAD"); !slices.Equal(got, []string{"A\tmind/a/2026-02/archived.md", "M\tmind/a/2026-02/changed.md", "D\tmind/a/2026-02/new.md", "A\tperson/p.txt"}) {
					t.Fatalf("the person's retried commit changes %q", got)
				}
			}
			r.write("mind/b/2026-02/next.md", "next\n")
			h := mustCommit(t, s, CommitRequest{Paths: []string{"mind/b/2026-02/next.md"}, Message: "observe: next"})
			if !tc.personFirst {
				r.git("commit", "-q", "-m", "person: p again")
				if got := r.lines("show", "--format=", "--name-status", "HEAD"); !slices.Equal(got, []string{"A\tperson/p.txt"}) {
					t.Fatalf("the person's retried commit changes %q, want only their file", got)
				}
			}
			want := []string{"README.md", "mind/a/2026-02/changed.md", "mind/a/2026-02/new.md", "mind/b/2026-02/next.md", "person/p.txt"}
			if got := r.lines("ls-tree", "-r", "--name-only", "HEAD"); !slices.Equal(got, want) {
				t.Fatalf("HEAD tree = %q, want %q", got, want)
			}
			if got := r.git("show", "HEAD:mind/a/2026-02/changed.md"); got != "v2\n" {
				t.Fatalf("HEAD changed.md = %q, want the store's v2", got)
			}
			if got := r.git("status", "--porcelain"); got != "" {
				t.Fatalf("status = %q, want clean", got)
			}
			if got, want := strings.TrimSpace(r.git("write-tree")), r.rev("HEAD^{tree}"); got != want {
				t.Fatalf("git write-tree = %s, HEAD tree = %s", got, want)
			}
			// The store's next commit puts back what the person's commit
			// undid, or (the person not having committed yet) only the
			// index entries.
			want = []string{"A\tmind/b/2026-02/next.md"}
			if tc.personFirst {
				want = []string{"D\tmind/a/2026-02/archived.md", "M\tmind/a/2026-02/changed.md", "A\tmind/a/2026-02/new.md", "A\tmind/b/2026-02/next.md"}
			}
			if got := r.lines("show", "--format=", "--name-status", h.String()); !slices.Equal(got, want) {
				t.Fatalf("the store's next commit changes %q, want %q", got, want)
			}
			r.fsck()

			// Once repaired, nothing more is recommitted.
			if _, err := s.Commit(context.Background(), CommitRequest{Message: "observe: sweep"}); !errors.Is(err, ErrNothingToCommit) {
				t.Fatalf("Commit with nothing lost = %v, want ErrNothingToCommit", err)
			}
		})
	}
}
