//go:build linux

package gitstore

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// startBlockedGit starts a real git in the repository that works until
// the returned function ends it, reading a pipe: `git update-index
// --stdin`, which holds index.lock meanwhile, as a person's git would.
func startBlockedGit(t *testing.T, r *testRepo, args ...string) (pid int, end func()) {
	t.Helper()
	if len(args) == 0 {
		args = []string{"update-index", "--stdin"}
	}
	cmd := exec.Command("git", append([]string{"-C", r.dir}, args...)...)
	cmd.Env = r.env
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ended := false
	end = func() {
		if !ended {
			ended = true
			in.Close()
			cmd.Wait()
		}
	}
	t.Cleanup(end)
	// Seen once it has changed to the repository (-C).
	for i := 0; !slices.Contains(gitProcessesIn(r.dir), cmd.Process.Pid) && !seenReading(cmd.Process.Pid, r.dir); i++ {
		if i == 5000 {
			t.Fatalf("git %d never seen at work in %s", cmd.Process.Pid, r.dir)
		}
		time.Sleep(time.Millisecond)
	}
	return cmd.Process.Pid, end
}

// TestWaitGitQuietSeesARealGit: a real git process at work in the
// repository (found in /proc by its folder) keeps WaitGitQuiet waiting
// until its bound (busy), and once it ends the wait is over (the pidfd
// wakes it) after the quiet period.
func TestWaitGitQuietSeesARealGit(t *testing.T) {
	r := newRepoWith(t, "README.md", "start\n")
	s := openStore(t, r.dir, Options{GitQuietPeriod: 10 * time.Millisecond})
	ctx := context.Background()
	if seen, busy := s.WaitGitQuiet(ctx, time.Minute); seen || busy {
		t.Fatalf("seen %v, busy %v with no git at work", seen, busy)
	}
	_, end := startBlockedGit(t, r)
	if seen, busy := s.WaitGitQuiet(ctx, 50*time.Millisecond); !seen || !busy {
		t.Fatalf("seen %v, busy %v while git works in the repository", seen, busy)
	}
	done := make(chan bool)
	go func() {
		seen, busy := s.WaitGitQuiet(ctx, time.Minute)
		if !seen {
			t.Error("git was at work, yet not seen")
		}
		done <- busy
	}()
	select {
	case busy := <-done:
		t.Fatalf("the wait ended (busy=%v) while git still worked", busy)
	case <-time.After(100 * time.Millisecond):
	}
	end()
	select {
	case busy := <-done:
		if busy {
			t.Fatal("busy after git ended")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("still waiting 30s after git ended")
	}
	// Another repository's git is none of this one's business, nor is a
	// git that only reads.
	other := newRepoWith(t, "README.md", "other\n")
	startBlockedGit(t, other)
	startBlockedGit(t, r, "hash-object", "--stdin")
	if _, busy := s.WaitGitQuiet(ctx, time.Minute); busy {
		t.Fatal("busy because of a git in another repository, or one that only reads")
	}
}

// seenReading reports whether pid is a git working in dir that
// gitProcessesIn passes over as read-only.
func seenReading(pid int, dir string) bool {
	cwd, err := os.Readlink(filepath.Join("/proc", strconv.Itoa(pid), "cwd"))
	if err != nil || cwd != dir {
		return false
	}
	args, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	return err == nil && readOnlyGit(strings.Split(strings.TrimSuffix(string(args), "\x00"), "\x00"))
}

// TestAwaitReleaseReturnsAtTheRelease: past the wait for quiet, a commit
// takes index.lock the moment git releases it — git renames its lock onto
// the index — and not before.
func TestAwaitReleaseReturnsAtTheRelease(t *testing.T) {
	dir := t.TempDir()
	lock := filepath.Join(dir, "index.lock")
	if err := os.WriteFile(lock, []byte("a person's index"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := watchIndexLock(dir)
	if w == nil {
		t.Skip("no inotify here")
	}
	defer w.close()
	ctx := context.Background()
	release := func() {
		t.Helper()
		if err := os.Rename(lock, filepath.Join(dir, "index")); err != nil {
			t.Fatal(err)
		}
	}
	// Held when the wait begins, and after a take seen by the wait: the
	// wait lasts until the release.
	for _, takenMeanwhile := range []bool{false, true} {
		done := make(chan struct{})
		go func() {
			w.awaitRelease(ctx, 50*time.Millisecond, time.Now().Add(time.Minute))
			close(done)
		}()
		if takenMeanwhile {
			time.Sleep(10 * time.Millisecond)
			if err := os.WriteFile(lock, []byte("the next command's index"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		select {
		case <-done:
			t.Fatalf("the wait ended while git held index.lock (taken meanwhile: %v)", takenMeanwhile)
		case <-time.After(150 * time.Millisecond):
		}
		release()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatal("still waiting 30s after git released index.lock")
		}
	}
	// Nothing happening to the lock for the idle time ends the wait too.
	start := time.Now()
	w.awaitRelease(ctx, 10*time.Millisecond, time.Now().Add(time.Minute))
	if time.Since(start) > 20*time.Second {
		t.Fatal("an idle lock kept the wait going")
	}
}
