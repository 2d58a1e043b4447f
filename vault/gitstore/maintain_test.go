package gitstore

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
