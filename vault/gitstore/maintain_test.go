package gitstore

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// objectsSize is the bytes of .git/objects, and the loose objects in it.
func objectsSize(t *testing.T, dir string) (size int64, loose int) {
	t.Helper()
	filepath.Walk(filepath.Join(dir, ".git", "objects"), func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return nil
		}
		size += fi.Size()
		if len(filepath.Base(filepath.Dir(p))) == 2 {
			loose++
		}
		return nil
	})
	return size, loose
}

// A stream of small commits leaves loose objects (a document, and each
// tree on its path) that Maintain packs as `git gc --auto` would — here
// with gc.auto lowered so that a test-sized stream reaches it — keeping
// .git within twice what a full `git gc` makes; never while git runs.
func TestMaintainKeepsTheRepositoryCompact(t *testing.T) {
	r := newTestRepo(t)
	r.git("config", "gc.auto", "50")
	r.write("mind/concepts/2026-02/seed.md", "seed\n")
	r.git("add", "-A")
	r.git("commit", "-q", "-m", "start")
	s := openStore(t, r.dir, Options{})
	ctx := context.Background()
	for i := range 120 {
		p := fmt.Sprintf("mind/concepts/2026-02/doc-%03d.md", i)
		r.write(p, fmt.Sprintf("document %d %s\n", i, strings.Repeat("words ", 40)))
		mustCommit(t, s, CommitRequest{Paths: []string{p}, Message: fmt.Sprintf("doc %d", i)})
	}
	before, looseBefore := objectsSize(t, r.dir)

	s.gitRunningHere = func() bool { return true }
	if ran, err := s.Maintain(ctx); ran || err != nil {
		t.Fatalf("beside a running git: ran=%v err=%v", ran, err)
	}
	if err := os.WriteFile(filepath.Join(r.dir, ".git", "index.lock"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	s.gitRunningHere = func() bool { return false }
	if ran, err := s.Maintain(ctx); ran || err != nil {
		t.Fatalf("with index.lock in place: ran=%v err=%v", ran, err)
	}
	os.Remove(filepath.Join(r.dir, ".git", "index.lock"))

	if ran, err := s.Maintain(ctx); !ran || err != nil {
		t.Fatalf("ran=%v err=%v", ran, err)
	}
	after, looseAfter := objectsSize(t, r.dir)
	// The store goes on committing over the packs.
	r.write("mind/concepts/2026-02/after.md", "after\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"mind/concepts/2026-02/after.md"}, Message: "after"})
	r.fsck()
	r.git("gc", "-q")
	gc, _ := objectsSize(t, r.dir)
	t.Logf(".git/objects: %d bytes in %d loose objects before, %d bytes (%d loose) after, %d after git gc", before, looseBefore, after, looseAfter, gc)
	if looseAfter >= 50 || after > 2*gc {
		t.Fatalf("after Maintain: %d bytes, %d loose objects; git gc makes %d bytes", after, looseAfter, gc)
	}
}

func TestGitRunningIn(t *testing.T) {
	r := newTestRepo(t)
	other := t.TempDir()
	// A git that writes (it holds index.lock until its input ends); one
	// that only reads is not at work (TestReadOnlyGit).
	cmd := exec.Command("git", "update-index", "--stdin")
	cmd.Dir = r.dir
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { in.Close(); cmd.Wait() }()
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("no /proc")
	}
	// Seen once it runs git's code in the folder (a moment after Start).
	for i := 0; !gitRunningIn(r.dir); i++ {
		if i == 5000 {
			t.Fatal("a git at work in the repository was not seen")
		}
		time.Sleep(time.Millisecond)
	}
	if gitRunningIn(other) {
		t.Fatal("a git in another folder was taken for one in this repository")
	}
}

func TestReadOnlyGit(t *testing.T) {
	for _, c := range []struct {
		argv string
		want bool
	}{
		{"git log -1", true},
		{"git -C /v -c core.pager=cat --no-pager status --porcelain", true},
		{"/usr/lib/git-core/git --literal-pathspecs diff --cached --raw", true},
		{"git --git-dir /v/.git rev-parse HEAD", true},
		{"git add notes/a.md", false},
		{"git -C /v commit -q -m log", false},
		{"git -c alias.st=status st", false}, // an alias: not understood, at work
		{"git", false},
		{"git-upload-pack /v", false},
		{"cortex hook pre-commit", false},
	} {
		if got := readOnlyGit(strings.Fields(c.argv)); got != c.want {
			t.Errorf("readOnlyGit(%q) = %v, want %v", c.argv, got, c.want)
		}
	}
}

// A stream of one-document commits into a month folder of thousands of
// documents rewrites that folder's tree whole each time; compacting when
// CompactDue says so keeps .git/objects within twice what `git gc` makes
// after every commit of the stream (without it: ~6× here), never beside a
// running git, and leaves a repository git finds sound.
func TestCompactKeepsAStreamWithinTwiceGitGC(t *testing.T) {
	r := newTestRepo(t)
	const seeded, stream = 3000, 60
	for i := range seeded {
		// Documents of ~300 compressed bytes, about what the memorizer's
		// documents take in a pack.
		var body strings.Builder
		fmt.Fprintf(&body, "---\nid: %d\n---\n\nSeeded document %d:", i, i)
		sum := sha256.Sum256([]byte(strconv.Itoa(i)))
		for range 10 {
			fmt.Fprintf(&body, " %x", sum)
			sum = sha256.Sum256(sum[:])
		}
		r.write(fmt.Sprintf("mind/concepts/2026-02/2026-02-01-%08x.md", i), body.String())
	}
	r.git("add", "-A")
	r.git("commit", "-q", "-m", "seed")
	r.git("gc", "-q")
	s := openStore(t, r.dir, Options{})
	ctx := context.Background()
	seed := func(i int) {
		p := fmt.Sprintf("mind/concepts/2026-02/2026-02-16-%08x.md", i)
		r.write(p, fmt.Sprintf("document %d of the stream\n", i))
		mustCommit(t, s, CommitRequest{Paths: []string{p}, Message: fmt.Sprintf("doc %d", i)})
	}
	// The test repository says gc.auto=0: no automatic packing, as for git.
	for i := range 8 {
		seed(stream + i)
	}
	if s.CompactDue() {
		t.Fatalf("due with gc.auto=0 after %d bytes written", s.Written())
	}
	r.git("config", "--unset", "gc.auto")
	if !s.CompactDue() {
		t.Fatalf("not due after %d bytes written", s.Written())
	}

	s.gitRunningHere = func() bool { return true }
	if ran, err := s.Compact(ctx); ran || err != nil {
		t.Fatalf("beside a running git: ran=%v err=%v", ran, err)
	}
	s.gitRunningHere = func() bool { return false }

	var peak int64
	runs := 0
	for i := range stream {
		seed(i)
		if s.CompactDue() {
			if ran, err := s.Compact(ctx); !ran || err != nil {
				t.Fatalf("commit %d: ran=%v err=%v", i, ran, err)
			}
			runs++
			if w := s.Written(); w != 0 {
				t.Fatalf("after Compact, %d bytes still counted as written", w)
			}
		}
		size, _ := objectsSize(t, r.dir)
		peak = max(peak, size)
	}
	r.fsck()
	r.git("gc", "-q")
	gc, _ := objectsSize(t, r.dir)
	t.Logf(".git/objects: peak %d bytes over %d commits (%d compactions), %d after git gc", peak, stream, runs, gc)
	if peak > 2*gc {
		t.Fatalf(".git/objects reached %d bytes (%.1f× the %d bytes of git gc)", peak, float64(peak)/float64(gc), gc)
	}
}

// Compact killed (SIGKILL, through its context) at any point of its git
// run leaves a sound repository that still holds every commit; the store
// commits on, and the next Compact finishes the job.
func TestCompactKilledLeavesASoundRepository(t *testing.T) {
	r := newTestRepo(t)
	for i := range 400 {
		r.write(fmt.Sprintf("mind/concepts/2026-02/seed-%04d.md", i), fmt.Sprintf("seeded document %d\n", i))
	}
	r.git("add", "-A")
	r.git("commit", "-q", "-m", "seed")
	s := openStore(t, r.dir, Options{})
	n := 0
	for _, after := range []time.Duration{0, time.Millisecond, 3 * time.Millisecond, 8 * time.Millisecond, 15 * time.Millisecond, 30 * time.Millisecond, 60 * time.Millisecond} {
		for range 5 {
			p := fmt.Sprintf("mind/concepts/2026-02/doc-%04d.md", n)
			r.write(p, fmt.Sprintf("document %d\n", n))
			mustCommit(t, s, CommitRequest{Paths: []string{p}, Message: fmt.Sprintf("doc %d", n)})
			n++
		}
		ctx, cancel := context.WithTimeout(context.Background(), after)
		s.Compact(ctx) // killed or not: either is fine
		cancel()
		r.fsck()
		if got := strings.TrimSpace(r.git("rev-list", "--count", "HEAD")); got != strconv.Itoa(n+1) {
			t.Fatalf("killed after %v: %s commits, want %d", after, got, n+1)
		}
	}
	if ran, err := s.Compact(context.Background()); !ran || err != nil {
		t.Fatalf("ran=%v err=%v", ran, err)
	}
	r.fsck()
	if _, loose := objectsSize(t, r.dir); loose != 0 {
		t.Errorf("%d loose objects left after a full Compact", loose)
	}
}
