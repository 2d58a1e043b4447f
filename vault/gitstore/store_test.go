package gitstore

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

var testWhen = time.Date(2026, 2, 16, 15, 23, 14, 0, time.FixedZone("", 3600))

func openStore(t testing.TB, root string, opts Options) *Store {
	t.Helper()
	s, err := OpenWith(root, opts)
	if err != nil {
		t.Fatalf("Open(%s): %v", root, err)
	}
	return s
}

func mustCommit(t testing.TB, s *Store, req CommitRequest) plumbing.Hash {
	t.Helper()
	if req.Message == "" {
		req.Message = "observe: test"
	}
	if req.When.IsZero() {
		req.When = testWhen
	}
	h, err := s.Commit(context.Background(), req)
	if err != nil {
		t.Fatalf("Commit(%v): %v", req.Paths, err)
	}
	return h
}

func TestGitStoreFirstCommitOnUnbornHead(t *testing.T) {
	for _, branch := range []string{"main", "trunk"} {
		t.Run(branch, func(t *testing.T) {
			t.Parallel()
			r := newTestRepo(t)
			if branch != "main" {
				r.git("symbolic-ref", "HEAD", "refs/heads/"+branch)
			}
			paths := []string{
				"mind/concepts/2026-02/2026-02-16-e7f4a2b9.md",
				"mind/concepts/2026-02/2026-02-16-0badcafe.md",
				"vault/decisions/2026-01/2026-01-31-12345678.md",
				"rules/always-test.md",
			}
			for i, p := range paths {
				r.write(p, fmt.Sprintf("---\nid: %d\n---\nbody %d\n", i, i))
			}
			s := openStore(t, r.dir, Options{})
			h := mustCommit(t, s, CommitRequest{Paths: paths, Message: "observe: 4 observations"})

			if got := r.rev("HEAD"); got != h.String() {
				t.Fatalf("HEAD = %s, Commit returned %s", got, h)
			}
			if got := strings.TrimSpace(r.git("symbolic-ref", "HEAD")); got != "refs/heads/"+branch {
				t.Fatalf("HEAD -> %s, want refs/heads/%s", got, branch)
			}
			stat := r.lines("log", "--format=%an <%ae>|%s", "--name-only")
			want := []string{"cortex-daemon <daemon@cortex.local>|observe: 4 observations", ""}
			sorted := slices.Clone(paths)
			slices.Sort(sorted)
			want = append(want, sorted...)
			if !slices.Equal(stat, want) {
				t.Fatalf("git log:\n%s\nwant:\n%s", strings.Join(stat, "\n"), strings.Join(want, "\n"))
			}
			if got := r.git("status", "--porcelain"); got != "" {
				t.Fatalf("git status --porcelain = %q, want clean", got)
			}
			// The cache tree is left invalid, never wrong: git recomputes
			// the same tree from the index.
			if got, want := strings.TrimSpace(r.git("write-tree")), r.rev("HEAD^{tree}"); got != want {
				t.Fatalf("git write-tree = %s, HEAD tree = %s", got, want)
			}
			for i, p := range paths {
				data, ok, err := s.HeadFile(p)
				if err != nil || !ok || string(data) != fmt.Sprintf("---\nid: %d\n---\nbody %d\n", i, i) {
					t.Fatalf("HeadFile(%s) = %q, %v, %v", p, data, ok, err)
				}
			}
			reflog := r.git("reflog", "--format=%gs", "refs/heads/"+branch)
			if !strings.Contains(reflog, "commit (initial): observe: 4 observations") {
				t.Fatalf("reflog = %q", reflog)
			}
			r.fsck()
		})
	}
}

func TestGitStoreKeepsAPersonsStagedChange(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	r.write("notes/a.md", "a1\n")
	r.write("notes/keep.md", "keep\n")
	r.write("mind/concepts/2026-01/old.md", "old\n")
	r.git("add", ".")
	r.git("commit", "-q", "-m", "person: start")
	// The person stages a change and a new file, and leaves one untracked
	// and one modified but unstaged.
	r.write("notes/a.md", "a2 staged\n")
	r.write("notes/b.md", "b staged\n")
	r.git("add", "notes/a.md", "notes/b.md")
	r.write("notes/keep.md", "keep, edited not staged\n")
	r.write("scratch.txt", "untracked\n")
	before := r.git("status", "--porcelain")

	s := openStore(t, r.dir, Options{})
	r.write("mind/concepts/2026-02/new.md", "new memory\n")
	r.write("mind/concepts/2026-01/old.md", "old, reinforced\n")
	h := mustCommit(t, s, CommitRequest{Paths: []string{"mind/concepts/2026-02/new.md", "mind/concepts/2026-01/old.md"}})

	files := r.lines("show", "--format=", "--name-status", h.String())
	if want := []string{"M\tmind/concepts/2026-01/old.md", "A\tmind/concepts/2026-02/new.md"}; !slices.Equal(files, want) {
		t.Fatalf("daemon commit changes %q, want %q", files, want)
	}
	if got := r.git("status", "--porcelain"); got != before {
		t.Fatalf("git status changed:\n%s\nwant:\n%s", got, before)
	}
	if got := r.lines("diff", "--cached", "--name-status"); !slices.Equal(got, []string{"M\tnotes/a.md", "A\tnotes/b.md"}) {
		t.Fatalf("staged = %q", got)
	}

	// The person's next commit holds their staged change and keeps ours:
	// a stale cache tree would have rebuilt the old tree here.
	r.git("commit", "-q", "-m", "person: staged work")
	tree := r.lines("ls-tree", "-r", "--name-only", "HEAD")
	want := []string{"mind/concepts/2026-01/old.md", "mind/concepts/2026-02/new.md", "notes/a.md", "notes/b.md", "notes/keep.md"}
	if !slices.Equal(tree, want) {
		t.Fatalf("tree after the person's commit = %q, want %q", tree, want)
	}
	if got := r.git("show", "HEAD:mind/concepts/2026-01/old.md"); got != "old, reinforced\n" {
		t.Fatalf("old.md = %q", got)
	}
	if got := r.lines("show", "--format=", "--name-only", "HEAD"); !slices.Equal(got, []string{"notes/a.md", "notes/b.md"}) {
		t.Fatalf("person's commit changes %q", got)
	}
	r.fsck()
}

func TestGitStoreCacheTreeStaysExact(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	for i := 0; i < 30; i++ {
		r.write(fmt.Sprintf("d%d/e%d/f%d.md", i%3, i%5, i), "x\n")
	}
	r.git("add", ".")
	r.git("commit", "-q", "-m", "start")
	// A commit leaves a fully valid cache tree behind.
	if !strings.Contains(r.git("ls-files", "--debug"), "ctime") {
		t.Fatal("no stat data in ls-files --debug")
	}
	s := openStore(t, r.dir, Options{})
	r.write("d1/e1/new.md", "new\n")
	r.write("d9/new.md", "new dir\n")
	if err := os.Remove(r.path("d2/e2/f2.md")); err != nil {
		t.Fatal(err)
	}
	mustCommit(t, s, CommitRequest{Paths: []string{"d1/e1/new.md", "d9/new.md", "d2/e2/f2.md"}})
	idx, err := parseIndex(r.readIndex())
	if err != nil {
		t.Fatal(err)
	}
	if idx.tree == nil {
		t.Fatal("cache tree dropped; want it kept with the changed folders invalidated")
	}
	valid := map[string]bool{}
	var walk func(prefix string, c *cacheTree)
	walk = func(prefix string, c *cacheTree) {
		valid[prefix+c.name] = c.count >= 0
		p := prefix + c.name
		if p != "" {
			p += "/"
		}
		for _, ch := range c.children {
			walk(p, ch)
		}
	}
	walk("", idx.tree)
	for dir, want := range map[string]bool{"": false, "d1": false, "d1/e1": false, "d2": false, "d2/e2": false, "d0": true, "d0/e0": true, "d1/e2": true} {
		if got, ok := valid[dir]; !ok || got != want {
			t.Errorf("cache tree %q valid = %v (present %v), want %v", dir, got, ok, want)
		}
	}
	if got, want := strings.TrimSpace(r.git("write-tree")), r.rev("HEAD^{tree}"); got != want {
		t.Fatalf("git write-tree = %s, HEAD tree = %s", got, want)
	}
	r.fsck()
}

func TestGitStoreVaultInsideBiggerRepo(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	r.write("src/main.go", "package main\n")
	r.write("notes/cortex/taxonomy.yml", "types: {}\n")
	r.git("add", ".")
	r.git("commit", "-q", "-m", "project")
	r.write("src/main.go", "package main // edited\n")

	s := openStore(t, filepath.Join(r.dir, "notes", "cortex"), Options{})
	if s.Prefix() != "notes/cortex/" {
		t.Fatalf("Prefix() = %q", s.Prefix())
	}
	r.write("notes/cortex/mind/concepts/2026-02/x.md", "x\n")
	h := mustCommit(t, s, CommitRequest{Paths: []string{"mind/concepts/2026-02/x.md"}})
	if got := r.lines("show", "--format=", "--name-only", h.String()); !slices.Equal(got, []string{"notes/cortex/mind/concepts/2026-02/x.md"}) {
		t.Fatalf("commit changes %q", got)
	}
	if got := r.git("status", "--porcelain"); got != " M src/main.go\n" {
		t.Fatalf("status = %q", got)
	}
	data, ok, err := s.HeadFile("mind/concepts/2026-02/x.md")
	if err != nil || !ok || string(data) != "x\n" {
		t.Fatalf("HeadFile = %q %v %v", data, ok, err)
	}
	if _, ok, err := s.HeadFile("src/main.go"); ok || err != nil {
		t.Fatalf("HeadFile outside the vault: found %v, %v", ok, err)
	}
	// The store also opens from a folder deeper in the vault's repository.
	if _, err := Open(filepath.Join(r.dir, "notes")); err != nil {
		t.Fatal(err)
	}
	r.fsck()
}

func TestGitStoreDelete(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	s := openStore(t, r.dir, Options{})
	r.write("mind/a/2026-01/one.md", "1\n")
	r.write("mind/a/2026-01/two.md", "2\n")
	r.write("mind/b/2026-01/three.md", "3\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"mind/a/2026-01/one.md", "mind/a/2026-01/two.md", "mind/b/2026-01/three.md"}})

	for _, p := range []string{"mind/a/2026-01/one.md", "mind/b/2026-01/three.md"} {
		if err := os.Remove(r.path(p)); err != nil {
			t.Fatal(err)
		}
	}
	os.Remove(r.path("mind/b/2026-01"))
	h := mustCommit(t, s, CommitRequest{Paths: []string{"mind/a/2026-01/one.md", "mind/b/2026-01/three.md", "mind/never/existed.md"}, Message: "archive"})
	if got := r.lines("show", "--format=", "--name-status", h.String()); !slices.Equal(got, []string{"D\tmind/a/2026-01/one.md", "D\tmind/b/2026-01/three.md"}) {
		t.Fatalf("commit changes %q", got)
	}
	if got := r.lines("ls-tree", "-r", "-t", "--name-only", "HEAD"); !slices.Equal(got, []string{"mind", "mind/a", "mind/a/2026-01", "mind/a/2026-01/two.md"}) {
		t.Fatalf("tree = %q (an emptied folder must disappear)", got)
	}
	if got := r.git("status", "--porcelain"); got != "" {
		t.Fatalf("status = %q", got)
	}
	if got := r.lines("ls-files"); !slices.Equal(got, []string{"mind/a/2026-01/two.md"}) {
		t.Fatalf("index = %q", got)
	}
	// Deleting everything leaves a commit with the empty tree.
	os.Remove(r.path("mind/a/2026-01/two.md"))
	mustCommit(t, s, CommitRequest{Paths: []string{"mind/a/2026-01/two.md"}})
	if got := r.rev("HEAD^{tree}"); got != "4b825dc642cb6eb9a060e54bf8d69288fbee4904" {
		t.Fatalf("tree = %s, want the empty tree", got)
	}
	r.fsck()
}

func TestGitStoreModesSymlinksAndBadPaths(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	s := openStore(t, r.dir, Options{})
	r.write("bin/run.sh", "#!/bin/sh\n")
	if err := os.Chmod(r.path("bin/run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	r.write("plain.md", "plain\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"bin/run.sh", "plain.md"}})
	if got := r.lines("ls-files", "-s"); !strings.HasPrefix(got[0], "100755 ") || !strings.HasPrefix(got[1], "100644 ") {
		t.Fatalf("modes: %q", got)
	}
	if got := r.git("status", "--porcelain"); got != "" {
		t.Fatalf("status = %q", got)
	}

	if err := os.Symlink("plain.md", r.path("link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("bin", r.path("linkdir")); err != nil {
		t.Fatal(err)
	}
	head := r.rev("HEAD")
	for _, tc := range []struct {
		paths []string
		want  string
	}{
		{[]string{"link.md"}, "symbolic link"},
		{[]string{"linkdir/run.sh"}, "beyond a symbolic link"},
		{[]string{"bin"}, "not a regular file"},
		{[]string{"../escape.md"}, "'..'"},
		{[]string{"/abs.md"}, "vault-relative"},
		{[]string{"a//b.md"}, "empty"},
		{[]string{".git/config"}, ".git"},
		{[]string{"x\\y.md"}, "slash-separated"},
		{[]string{"dir", "dir/file.md"}, "also named as a file"},
		{[]string{""}, "empty path"},
	} {
		_, err := s.Commit(context.Background(), CommitRequest{Paths: tc.paths, Message: "bad"})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Commit(%q) error = %v, want it to mention %q", tc.paths, err, tc.want)
		}
	}
	if _, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"plain.md"}, Message: " \n"}); err == nil {
		t.Error("empty message accepted")
	}
	if _, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"plain.md"}, Message: "m", Author: Signature{Name: "a<b", Email: "x@y"}}); err == nil {
		t.Error("bad author accepted")
	}
	if got := r.rev("HEAD"); got != head {
		t.Fatalf("a refused commit moved HEAD")
	}
	if _, err := os.Stat(filepath.Join(r.dir, ".git", "index.lock")); !os.IsNotExist(err) {
		t.Fatalf("index.lock left behind: %v", err)
	}
}

func TestGitStoreNothingToCommitAndAllowEmpty(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	s := openStore(t, r.dir, Options{})
	r.write("a.md", "a\n")
	first := mustCommit(t, s, CommitRequest{Paths: []string{"a.md"}})
	h, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"a.md"}, Message: "again"})
	if !errors.Is(err, ErrNothingToCommit) || h != first {
		t.Fatalf("Commit of an unchanged path = %s, %v; want %s, ErrNothingToCommit", h, err, first)
	}
	h = mustCommit(t, s, CommitRequest{Paths: []string{"a.md"}, AllowEmpty: true, Message: "offset only"})
	if h == first || r.rev("HEAD~1") != first.String() {
		t.Fatalf("AllowEmpty made no commit on top of the first")
	}
	h = mustCommit(t, s, CommitRequest{AllowEmpty: true, Message: "no paths"})
	if r.rev("HEAD") != h.String() {
		t.Fatal("empty commit without paths not made")
	}
	r.fsck()
}

func TestGitStoreAuthorAndTime(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	when := time.Date(2026, 3, 1, 8, 30, 0, 0, time.FixedZone("", -(5*3600+30*60)))
	s := openStore(t, r.dir, Options{Signature: Signature{Name: "Cortex Laptop", Email: "laptop@cortex.local"}, Now: func() time.Time { return when }})
	r.write("a.md", "a\n")
	h, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"a.md"}, Message: "m"})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.git("log", "-1", "--format=%an <%ae>|%cn <%ce>|%ad", "--date=raw", h.String()); got != "Cortex Laptop <laptop@cortex.local>|Cortex Laptop <laptop@cortex.local>|1772373600 -0530\n" {
		t.Fatalf("log = %q", got)
	}
	r.write("b.md", "b\n")
	h = mustCommit(t, s, CommitRequest{Paths: []string{"b.md"}, Author: Signature{Name: "Someone", Email: "s@example.com"}, Committer: DaemonSignature()})
	if got := r.git("log", "-1", "--format=%an|%cn", h.String()); got != "Someone|cortex-daemon\n" {
		t.Fatalf("log = %q", got)
	}
}

func TestGitStoreIndexLockHeld(t *testing.T) {
	t.Parallel()
	r := newStartedRepo(t)
	lockPath := filepath.Join(r.dir, ".git", "index.lock")
	if err := os.WriteFile(lockPath, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	head, index := r.rev("HEAD"), r.readIndex()

	s := openStore(t, r.dir, Options{LockTimeout: 50 * time.Millisecond})
	r.write("b.md", "b\n")
	_, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"b.md"}, Message: "m"})
	var le *LockError
	if !errors.Is(err, ErrLocked) || !errors.As(err, &le) || le.Path != lockPath || le.Stale {
		t.Fatalf("Commit with index.lock held: %v", err)
	}
	if !strings.Contains(err.Error(), lockPath) || !strings.Contains(err.Error(), "held by another git process") {
		t.Fatalf("error does not name the lock: %v", err)
	}
	if r.rev("HEAD") != head || string(r.readIndex()) != string(index) {
		t.Fatal("HEAD or index changed while the lock was held")
	}
	if _, err := os.Stat(lockPath); err != nil {
		t.Fatalf("someone else's lock was removed: %v", err)
	}

	// A lock from a crash long ago, with no git running, is named stale.
	old := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(lockPath, old, old); err != nil {
		t.Fatal(err)
	}
	s.gitRunning = func() (bool, bool) { return false, true }
	_, err = s.Commit(context.Background(), CommitRequest{Paths: []string{"b.md"}, Message: "m"})
	if !errors.As(err, &le) || !le.Stale || !strings.Contains(err.Error(), "stale") {
		t.Fatalf("old lock: %v", err)
	}
	s.gitRunning = func() (bool, bool) { return true, true }
	_, err = s.Commit(context.Background(), CommitRequest{Paths: []string{"b.md"}, Message: "m"})
	if !errors.As(err, &le) || le.Stale {
		t.Fatalf("old lock while git runs must not be called stale: %v", err)
	}
	if _, err := os.Stat(lockPath); err != nil {
		t.Fatalf("a stale lock was removed: %v", err)
	}

	// A lock released while the store waits: the commit goes through.
	s.opts.LockTimeout = time.Minute
	done := make(chan error, 1)
	go func() {
		_, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"b.md"}, Message: "after wait"})
		done <- err
	}()
	time.Sleep(30 * time.Millisecond)
	if err := os.Remove(lockPath); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Commit after the lock was released: %v", err)
	}
	if got := r.git("log", "-1", "--format=%s"); got != "after wait\n" {
		t.Fatalf("HEAD subject = %q", got)
	}
	if got := r.git("status", "--porcelain"); got != "" {
		t.Fatalf("status = %q", got)
	}

	// A cancelled context stops the wait.
	if err := os.WriteFile(lockPath, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r.write("c.md", "c\n")
	if _, err := s.Commit(ctx, CommitRequest{Paths: []string{"c.md"}, Message: "m"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled Commit: %v", err)
	}
	os.Remove(lockPath)
	r.fsck()
}

// TestGitStoreBesideGitCLI runs a person's git (add, commit, gc, status) in a
// loop while the store commits in a loop from two goroutines and a second
// store (as a second process would): no commit may be lost, no file missing,
// and the index must stay valid throughout. (The person's refused commits
// drop store commits now and then, see committedPaths: the store's next
// commit restores them, which is what this test checks.)
func TestGitStoreBesideGitCLI(t *testing.T) {
	t.Parallel()
	r := newRepoWith(t, "README.md", "start\n")
	const personCommits, storeCommits = 25, 12

	var wg sync.WaitGroup
	errs := make(chan error, 16)
	retry := func(args ...string) error {
		for i := 0; ; i++ {
			out, err := r.run(r.dir, args...)
			if err == nil {
				return nil
			}
			// git reads HEAD (and the index) before it takes index.lock,
			// so a commit made meanwhile makes `git commit` fail its own
			// compare-and-swap ("cannot lock ref"), as between two git
			// processes. The refused commit has written back the index it
			// read, without the store's commit: the retried one undoes
			// it, and the store's next commit commits it again.
			if !strings.Contains(out, "index.lock") && !strings.Contains(out, "cannot lock ref") || i > 500 {
				return fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, out)
			}
			time.Sleep(time.Duration(1+i%5) * time.Millisecond)
		}
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < personCommits; i++ {
			name := fmt.Sprintf("person/p%02d.txt", i)
			if err := os.MkdirAll(r.path("person"), 0o755); err != nil {
				errs <- err
				return
			}
			if err := os.WriteFile(r.path(name), []byte(name+"\n"), 0o644); err != nil {
				errs <- err
				return
			}
			if err := retry("add", name); err != nil {
				errs <- err
				return
			}
			if err := retry("commit", "-q", "-m", "person "+name); err != nil {
				errs <- err
				return
			}
			if i%10 == 5 {
				// Packs loose objects and deletes them: the store must
				// find them in the new pack.
				if err := retry("gc", "-q"); err != nil {
					errs <- err
					return
				}
			}
			if _, err := r.run(r.dir, "status", "--porcelain"); err != nil {
				errs <- fmt.Errorf("git status: %v", err)
				return
			}
		}
	}()
	stores := []*Store{openStore(t, r.dir, Options{}), openStore(t, r.dir, Options{})}
	for w := 0; w < 3; w++ {
		s := stores[w%2]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < storeCommits; i++ {
				name := fmt.Sprintf("mind/w%d/2026-02/m%02d.md", w, i)
				if err := os.MkdirAll(filepath.Dir(r.path(name)), 0o755); err != nil {
					errs <- err
					return
				}
				if err := os.WriteFile(r.path(name), []byte(name+"\n"), 0o644); err != nil {
					errs <- err
					return
				}
				if _, err := s.Commit(context.Background(), CommitRequest{Paths: []string{name}, Message: "observe: " + name}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	// The daemon's next commit after the person's last one: it commits
	// again what the person's last commits may have dropped.
	sweeps := 0
	for _, s := range stores {
		_, err := s.Commit(context.Background(), CommitRequest{Message: "observe: sweep"})
		switch {
		case err == nil:
			sweeps++
		case !errors.Is(err, ErrNothingToCommit):
			t.Fatal(err)
		}
	}

	authors := r.lines("log", "--format=%ae")
	count := map[string]int{}
	for _, a := range authors {
		count[a]++
	}
	if count["test@example.com"] != personCommits+1 || count[DaemonEmail] != 3*storeCommits+sweeps {
		t.Fatalf("commits by author = %v, want %d by the person and %d by the daemon", count, personCommits+1, 3*storeCommits+sweeps)
	}
	tree := r.lines("ls-tree", "-r", "--name-only", "HEAD")
	if len(tree) != 1+personCommits+3*storeCommits {
		t.Logf("git log:\n%s\ngit status:\n%s", r.git("log", "--format=%h %ae %s", "--name-status"), r.git("status", "--porcelain", "--untracked-files=all"))
		t.Fatalf("HEAD has %d files, want %d: %q", len(tree), 1+personCommits+3*storeCommits, tree)
	}
	if got := r.git("status", "--porcelain"); got != "" {
		t.Fatalf("status = %q", got)
	}
	if got, want := strings.TrimSpace(r.git("write-tree")), r.rev("HEAD^{tree}"); got != want {
		t.Fatalf("git write-tree = %s, HEAD tree = %s", got, want)
	}
	r.fsck()
}

// TestGitStoreBranchMovedByAnotherWriter moves the branch the way writers
// that take no index.lock do (update-ref) between the store's reading of
// HEAD and its compare-and-swap: the store must rebuild on the new HEAD.
func TestGitStoreBranchMovedByAnotherWriter(t *testing.T) {
	t.Parallel()
	r := newStartedRepo(t)
	r.write("side.md", "side\n")
	blob := strings.TrimSpace(r.git("hash-object", "-w", "side.md"))
	os.Remove(r.path("side.md"))
	tree := strings.TrimSpace(r.runStdin(fmt.Sprintf("100644 blob %s\tside.md\n", blob), "mktree"))

	s := openStore(t, r.dir, Options{})
	h0, err := s.readHead()
	if err != nil {
		t.Fatal(err)
	}
	side := strings.TrimSpace(r.git("commit-tree", tree, "-p", "HEAD", "-m", "side"))
	r.git("update-ref", "refs/heads/main", side)
	err = s.moveRef(context.Background(), h0, plumbing.NewHash(strings.Repeat("1", 40)), refLog{sig: DaemonSignature(), when: testWhen, msg: "x"})
	if !errors.Is(err, errRefMoved) {
		t.Fatalf("moveRef on a moved branch: %v", err)
	}
	if r.rev("HEAD") != side {
		t.Fatal("the other writer's move was overwritten")
	}
	r.write("b.md", "b\n")
	h := mustCommit(t, s, CommitRequest{Paths: []string{"b.md"}})
	if got := r.rev(h.String() + "^"); got != side {
		t.Fatalf("parent = %s, want the moved branch %s", got, side)
	}
}

func (r *testRepo) runStdin(stdin string, args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = r.dir
	cmd.Env = r.env
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func TestGitStoreReadOnlyObjects(t *testing.T) {
	t.Parallel()
	r := newStartedRepo(t)
	head, index := r.rev("HEAD"), r.readIndex()
	objects := filepath.Join(r.dir, ".git", "objects")
	makeReadOnly(t, objects)

	s := openStore(t, r.dir, Options{})
	r.write("mind/new.md", "new\n")
	_, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"mind/new.md"}, Message: "m"})
	if err == nil {
		t.Fatal("Commit succeeded with read-only objects")
	}
	if r.rev("HEAD") != head || string(r.readIndex()) != string(index) {
		t.Fatal("HEAD or index moved by a failed commit")
	}
	if _, err := os.Stat(filepath.Join(r.dir, ".git", "index.lock")); !os.IsNotExist(err) {
		t.Fatalf("index.lock left behind: %v", err)
	}
	if got := r.git("status", "--porcelain"); got != "?? mind/\n" {
		t.Fatalf("status = %q", got)
	}
}

// makeReadOnly makes a folder tree unwritable, also for root (chattr +i),
// and undoes it at cleanup so the temp folder can be removed.
func makeReadOnly(t *testing.T, root string) {
	t.Helper()
	var dirs []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			dirs = append(dirs, p)
		}
		return nil
	})
	if os.Geteuid() != 0 {
		for _, d := range dirs {
			os.Chmod(d, 0o555)
		}
		t.Cleanup(func() {
			for _, d := range dirs {
				os.Chmod(d, 0o755)
			}
		})
		return
	}
	args := append([]string{"+i"}, dirs...)
	if out, err := exec.Command("chattr", args...).CombinedOutput(); err != nil {
		t.Skipf("running as root and chattr +i is unavailable: %v %s", err, out)
	}
	t.Cleanup(func() {
		exec.Command("chattr", append([]string{"-i"}, dirs...)...).Run()
	})
}

func TestGitStoreLinkedWorktree(t *testing.T) {
	t.Parallel()
	r := newStartedRepo(t)
	wt := filepath.Join(filepath.Dir(r.dir), "wt2")
	r.git("worktree", "add", "-q", "-b", "other", wt)
	mainIndex := r.readIndex()

	s := openStore(t, filepath.Join(wt), Options{})
	if err := os.WriteFile(filepath.Join(wt, "b.md"), []byte("b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := mustCommit(t, s, CommitRequest{Paths: []string{"b.md"}})
	if got := r.rev("refs/heads/other"); got != h.String() {
		t.Fatalf("branch other = %s, want %s", got, h)
	}
	if r.rev("refs/heads/main") == h.String() {
		t.Fatal("main moved")
	}
	if string(r.readIndex()) != string(mainIndex) {
		t.Fatal("the main worktree's index changed")
	}
	if out, err := r.run(wt, "status", "--porcelain"); err != nil || out != "" {
		t.Fatalf("worktree status = %q, %v", out, err)
	}
	r.fsck()
}

// TestGitStoreUndoesTheBranchWhenTheIndexCannotMove makes the last step,
// renaming index.lock over the index, fail: the branch must be put back (or
// deleted again, for a first commit) so HEAD and the index still agree.
func TestGitStoreUndoesTheBranchWhenTheIndexCannotMove(t *testing.T) {
	for _, born := range []bool{false, true} {
		t.Run(fmt.Sprintf("born=%v", born), func(t *testing.T) {
			t.Parallel()
			r := newTestRepo(t)
			if born {
				r.write("a.md", "a\n")
				r.git("add", "a.md")
				r.git("commit", "-q", "-m", "start")
			}
			s := openStore(t, r.dir, Options{})
			index := filepath.Join(r.dir, ".git", "index")
			s.beforeIndexCommit = func() {
				// A folder where the index goes makes the rename fail.
				os.Remove(index)
				if err := os.Mkdir(index, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(index, "x"), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r.write("b.md", "b\n")
			_, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"b.md"}, Message: "m"})
			if err == nil || !strings.Contains(err.Error(), "update index") {
				t.Fatalf("Commit = %v, want an index update error", err)
			}
			if out, _ := r.run(r.dir, "rev-parse", "-q", "--verify", "refs/heads/main"); born != (strings.TrimSpace(out) != "") {
				t.Fatalf("main after the undo: %q (born %v)", out, born)
			}
			if born && r.git("log", "-1", "--format=%s") != "start\n" {
				t.Fatal("the branch was not moved back")
			}
			if _, err := os.Stat(index + ".lock"); !os.IsNotExist(err) {
				t.Fatalf("index.lock left behind: %v", err)
			}
		})
	}
}

func TestGitStoreRefusesDetachedHead(t *testing.T) {
	t.Parallel()
	r := newStartedRepo(t)
	r.git("checkout", "-q", "--detach")
	head, index := r.rev("HEAD"), r.readIndex()
	s := openStore(t, r.dir, Options{})
	r.write("b.md", "b\n")
	_, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"b.md"}, Message: "m"})
	if !errors.Is(err, ErrDetachedHead) {
		t.Fatalf("Commit on a detached HEAD: %v", err)
	}
	if r.rev("HEAD") != head || string(r.readIndex()) != string(index) {
		t.Fatal("a refused commit changed HEAD or the index")
	}
	r.git("checkout", "-q", "main")
	mustCommit(t, s, CommitRequest{Paths: []string{"b.md"}})
}

// TestGitStoreWaitsForAPersonsRebase: a rebase's last step (its
// autostash's apply) runs with HEAD back on the branch; a commit then, or
// the index.lock it takes, fails that step and leaves the rebase half done
// (session 13's long run, world 53, whose rebase-merge/ held only the
// autostash). The store refuses while the rebase is in progress.
func TestGitStoreWaitsForAPersonsRebase(t *testing.T) {
	t.Parallel()
	r := newStartedRepo(t)
	r.write("a.md", "the person's edit\n")
	stash := strings.TrimSpace(r.git("stash", "create"))
	r.git("checkout", "-q", "--", "a.md")
	state := filepath.Join(r.dir, ".git", "rebase-merge")
	if err := os.Mkdir(state, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, "autostash"), []byte(stash+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	head, index := r.rev("HEAD"), r.readIndex()
	s := openStore(t, r.dir, Options{})
	r.write("b.md", "b\n")
	_, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"b.md"}, Message: "m"})
	if !errors.Is(err, ErrPersonsOperation) || !strings.Contains(err.Error(), "a rebase") {
		t.Fatalf("Commit during a person's rebase: %v", err)
	}
	if r.rev("HEAD") != head || string(r.readIndex()) != string(index) {
		t.Fatal("a refused commit changed HEAD or the index")
	}
	r.git("rebase", "--quit")
	mustCommit(t, s, CommitRequest{Paths: []string{"b.md"}})
}

func TestGitStorePackedBranchAndFileDirSwap(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	r.write("x", "file x\n")
	r.write("d/y.md", "y\n")
	r.write("d/z.md", "z\n")
	r.git("add", ".")
	r.git("commit", "-q", "-m", "start")
	r.git("pack-refs", "--all")
	r.git("gc", "-q")
	s := openStore(t, r.dir, Options{})
	// x becomes a folder, d becomes a file.
	os.Remove(r.path("x"))
	r.write("x/inner.md", "inner\n")
	os.RemoveAll(r.path("d"))
	r.write("d", "now a file\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"x/inner.md", "d"}})
	if got := r.lines("ls-tree", "-r", "--name-only", "HEAD"); !slices.Equal(got, []string{"d", "x/inner.md"}) {
		t.Fatalf("tree = %q", got)
	}
	if got := r.lines("ls-files"); !slices.Equal(got, []string{"d", "x/inner.md"}) {
		t.Fatalf("index = %q", got)
	}
	if got := r.git("status", "--porcelain"); got != "" {
		t.Fatalf("status = %q", got)
	}
	r.fsck()
}

func TestGitStoreLastTrailer(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	s := openStore(t, r.dir, Options{})
	if _, _, found, err := s.LastTrailer(context.Background(), "Cortex-Offset", DaemonEmail); found || err != nil {
		t.Fatalf("unborn HEAD: found %v, %v", found, err)
	}
	var want plumbing.Hash
	for i, off := range []string{"120", "480"} {
		r.write(fmt.Sprintf("m%d.md", i), "x\n")
		tr, err := FormatTrailers([]Trailer{{"Cortex-Offset", off}, {"Cortex-Buffer", "observations.jsonl"}})
		if err != nil {
			t.Fatal(err)
		}
		want = mustCommit(t, s, CommitRequest{Paths: []string{fmt.Sprintf("m%d.md", i)}, Message: "observe: batch\n\n" + tr})
	}
	// A person's commit on top, with a look-alike trailer, is skipped.
	r.write("p.md", "p\n")
	r.git("add", "p.md")
	r.git("commit", "-q", "-m", "person\n\nCortex-Offset: 999")
	if got := r.git("log", "-1", "--format=%(trailers:key=Cortex-Offset,valueonly)", want.String()); got != "480\n\n" {
		t.Fatalf("git reads the trailer as %q", got)
	}
	v, h, found, err := s.LastTrailer(context.Background(), "cortex-offset", DaemonEmail)
	if err != nil || !found || v != "480" || h != want {
		t.Fatalf("LastTrailer = %q %s %v %v, want 480 %s", v, h, found, err, want)
	}
	if v, _, _, _ := s.LastTrailer(context.Background(), "Cortex-Offset", ""); v != "999" {
		t.Fatalf("any author: %q", v)
	}
	if _, _, found, _ := s.LastTrailer(context.Background(), "Cortex-Missing", DaemonEmail); found {
		t.Fatal("found a trailer no commit has")
	}
}

func TestTrailers(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want []Trailer
	}{
		{"subject", nil},
		{"subject\n\nKey: v", []Trailer{{"Key", "v"}}},
		{"subject\n\nbody line\n\nA: 1\nB-2: two words\n", []Trailer{{"A", "1"}, {"B-2", "two words"}}},
		{"subject\n\nA: 1\n  continued\n", []Trailer{{"A", "1 continued"}}},
		{"subject\n\nA: 1\nnot a trailer\n", nil},
		{"subject\n\nBad Key: 1\n", nil},
		{"A: 1", nil},
	} {
		if got := ParseTrailers(tc.msg); !slices.Equal(got, tc.want) {
			t.Errorf("ParseTrailers(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
	out, err := FormatTrailers([]Trailer{{"Cortex-Offset", " 42 "}, {"X", "y"}})
	if err != nil || out != "Cortex-Offset: 42\nX: y\n" {
		t.Fatalf("FormatTrailers = %q, %v", out, err)
	}
	for _, bad := range [][]Trailer{{{"", "v"}}, {{"Bad Key", "v"}}, {{"K", "two\nlines"}}, {{"K", " "}}, {{"-K", "v"}}} {
		if _, err := FormatTrailers(bad); err == nil {
			t.Errorf("FormatTrailers(%v) accepted", bad)
		}
	}
}

func TestOpenGitStoreErrors(t *testing.T) {
	t.Parallel()
	if _, err := Open(t.TempDir()); err == nil {
		t.Fatal("opened a folder outside any repository")
	}
	r := newTestRepo(t)
	sha256 := filepath.Join(t.TempDir(), "sha256")
	if out, err := r.run(r.dir, "init", "-q", "--object-format=sha256", sha256); err != nil {
		t.Fatalf("git init --object-format=sha256: %v %s", err, out)
	}
	if _, err := Open(sha256); err == nil || !strings.Contains(err.Error(), "sha256") {
		t.Fatalf("sha256 repository: %v", err)
	}
}

// TestGitStoreBulkCommitWritesOnePack commits more paths than go loose in
// one call: blobs and trees go into packs that git verifies, and the next
// commits read HEAD from them.
func TestGitStoreBulkCommitWritesOnePack(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	var paths []string
	for i := 0; i < 300; i++ {
		month := fmt.Sprintf("%d-%02d", 2024+i%24/12, 1+i%12) // 120 month folders: the trees go into a pack too
		p := fmt.Sprintf("mind/t%d/%s/%s-01-%08x.md", i%5, month, month, i)
		r.write(p, strings.Repeat(fmt.Sprintf("memory %d ", i), 1+i%50)+"\n")
		paths = append(paths, p)
	}
	r.write("same-a.md", "same content\n")
	r.write("same-b.md", "same content\n")
	paths = append(paths, "same-a.md", "same-b.md")
	s := openStore(t, r.dir, Options{})
	mustCommit(t, s, CommitRequest{Paths: paths, Message: "import: 302 memories"})

	if n := len(r.lines("ls-tree", "-r", "--name-only", "HEAD")); n != 302 {
		t.Fatalf("HEAD has %d files, want 302", n)
	}
	if got := r.git("status", "--porcelain"); got != "" {
		t.Fatalf("status = %q", got)
	}
	packs, _ := filepath.Glob(filepath.Join(r.dir, ".git", "objects", "pack", "pack-*.idx"))
	if len(packs) != 2 {
		t.Fatalf("packs = %q, want one for the blobs and one for the trees and commit", packs)
	}
	for _, p := range packs {
		out := r.git("verify-pack", "-v", p)
		if !strings.Contains(out, "ok") && !strings.Contains(out, ": ok") {
			t.Fatalf("verify-pack %s:\n%s", p, out)
		}
	}
	if loose := r.git("count-objects"); !strings.HasPrefix(loose, "0 objects") {
		t.Fatalf("loose objects after a bulk commit: %q", loose)
	}
	r.fsck()

	// The next commits build on trees read from the packs.
	r.write(paths[7], "changed\n")
	mustCommit(t, s, CommitRequest{Paths: []string{paths[7]}})
	if got := r.git("show", "HEAD:"+paths[7]); got != "changed\n" {
		t.Fatalf("%s = %q", paths[7], got)
	}
	data, ok, err := s.HeadFile(paths[8])
	if err != nil || !ok || !strings.HasPrefix(string(data), "memory 8 ") {
		t.Fatalf("HeadFile from a pack = %q %v %v", data, ok, err)
	}
	r.fsck()
}

func TestGitStoreHonoursRepositoryConfig(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	r.git("config", "core.fileMode", "false")
	r.git("config", "index.version", "4")
	r.git("config", "core.logAllRefUpdates", "false")
	s := openStore(t, r.dir, Options{})
	r.write("tool.sh", "#!/bin/sh\n")
	os.Chmod(r.path("tool.sh"), 0o755)
	mustCommit(t, s, CommitRequest{Paths: []string{"tool.sh"}})
	if got := r.git("ls-files", "-s"); !strings.HasPrefix(got, "100644 ") {
		t.Fatalf("core.fileMode=false: %q, want the executable bit ignored", got)
	}
	if v := binary.BigEndian.Uint32(r.readIndex()[4:8]); v != 4 {
		t.Fatalf("new index version %d, want index.version 4", v)
	}
	if _, err := os.Stat(filepath.Join(r.dir, ".git", "logs", "refs", "heads", "main")); !os.IsNotExist(err) {
		t.Fatalf("core.logAllRefUpdates=false wrote a reflog: %v", err)
	}
	// A mode the index already has is kept when the file system cannot
	// tell.
	r.git("update-index", "--chmod=+x", "tool.sh")
	r.git("commit", "-q", "-m", "executable")
	os.Chmod(r.path("tool.sh"), 0o644)
	r.write("tool.sh", "#!/bin/sh\necho\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"tool.sh"}})
	if got := r.git("ls-tree", "HEAD", "tool.sh"); !strings.HasPrefix(got, "100755 ") {
		t.Fatalf("core.fileMode=false lost the index's mode: %q", got)
	}
	if got := r.git("status", "--porcelain"); got != "" {
		t.Fatalf("status = %q", got)
	}
	r.fsck()
}

// A move as the sleep cycle makes it: the new file written, the old one
// named in Removed while it is still on disk, removed by BeforeLock. The
// commit deletes it whatever the disk held when it was read, and waits
// for BeforeLock before it takes the lock.
func TestGitStoreRemovedWhileTheCommitIsPrepared(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	s := openStore(t, r.dir, Options{})
	r.write("mind/a/2026-01/one.md", "1\n")
	r.write("mind/a/2026-01/two.md", "2\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"mind/a/2026-01/one.md", "mind/a/2026-01/two.md"}})

	r.write("mind/archive/a/2026-01/one.md", "1 archived\n")
	var lockSeen bool
	before := func() error {
		_, err := os.Stat(filepath.Join(r.dir, ".git", "index.lock"))
		lockSeen = err == nil
		return os.Remove(r.path("mind/a/2026-01/one.md"))
	}
	h := mustCommit(t, s, CommitRequest{Paths: []string{"mind/archive/a/2026-01/one.md"},
		Removed: []string{"mind/a/2026-01/one.md"}, BeforeLock: before, Message: "archive"})
	if lockSeen {
		t.Error("BeforeLock ran while index.lock was held")
	}
	if got := r.lines("show", "--format=", "--name-status", "--no-renames", h.String()); !slices.Equal(got, []string{"D\tmind/a/2026-01/one.md", "A\tmind/archive/a/2026-01/one.md"}) {
		t.Fatalf("commit changes %q", got)
	}
	if got := r.git("status", "--porcelain"); got != "" {
		t.Fatalf("status = %q", got)
	}

	// BeforeLock's error ends the commit; a path both written and removed
	// is refused.
	r.write("mind/a/2026-01/three.md", "3\n")
	head := r.rev("HEAD")
	_, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"mind/a/2026-01/three.md"}, Removed: []string{"mind/a/2026-01/two.md"},
		BeforeLock: func() error { return errors.New("cannot remove") }, Message: "x", When: testWhen})
	if err == nil || !strings.Contains(err.Error(), "cannot remove") {
		t.Fatalf("Commit with a failing BeforeLock = %v", err)
	}
	if _, err := s.Commit(context.Background(), CommitRequest{Paths: []string{"mind/a/2026-01/two.md"}, Removed: []string{"mind/a/2026-01/two.md"}, Message: "x", When: testWhen}); err == nil {
		t.Fatal("a path both written and removed was committed")
	}
	if got := r.rev("HEAD"); got != head {
		t.Fatalf("HEAD moved to %s by refused commits", got)
	}
	r.fsck()
}

func TestGitStoreBlobs(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	s := openStore(t, r.dir, Options{})
	// Enough files for a pack, and one loose object after it.
	var paths []string
	for i := range 80 {
		p := fmt.Sprintf("mind/a/2026-01/n%02d.md", i)
		r.write(p, fmt.Sprintf("note %d\n", i))
		paths = append(paths, p)
	}
	mustCommit(t, s, CommitRequest{Paths: paths})
	r.write("mind/a/2026-01/loose.md", "loose\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"mind/a/2026-01/loose.md"}})
	if m, _ := filepath.Glob(filepath.Join(r.dir, ".git", "objects", "pack", "*.pack")); len(m) == 0 {
		t.Fatal("no pack written")
	}

	packed, loose := []byte("note 7\n"), []byte("loose\n")
	for _, data := range [][]byte{packed, loose} {
		id := BlobID(data)
		if want := strings.TrimSpace(r.runStdin(string(data), "hash-object", "--stdin")); id != want {
			t.Fatalf("BlobID(%q) = %s, git hash-object %s", data, id, want)
		}
		got, err := s.ReadBlob(id)
		if err != nil || string(got) != string(data) {
			t.Fatalf("ReadBlob(%s) = %q, %v", id, got, err)
		}
	}
	absent := BlobID([]byte("never written\n"))
	has := s.HasBlobs([]string{BlobID(packed), BlobID(loose), absent, "not an id", ""})
	if !slices.Equal(has, []bool{true, true, false, false, false}) {
		t.Fatalf("HasBlobs = %v", has)
	}
	// A blob only the index names (staged by a person) is there too.
	r.write("mind/a/2026-01/staged.md", "staged\n")
	r.git("add", "mind/a/2026-01/staged.md")
	if has := s.HasBlobs([]string{BlobID([]byte("staged\n")), BlobID(loose), absent}); !slices.Equal(has, []bool{true, true, false}) {
		t.Fatalf("HasBlobs after git add = %v", has)
	}
	if _, err := s.ReadBlob(absent); err == nil {
		t.Fatal("ReadBlob of an absent blob succeeded")
	}
	if _, err := s.ReadBlob("../../etc/passwd"); err == nil {
		t.Fatal("ReadBlob of a bad id succeeded")
	}
}

// TestGitStoreCommitWritten: a path of CommitRequest.Written whose file
// still has the size and mtime it was written with is committed from the
// bytes given, unread; one changed since (another mtime) is read.
func TestGitStoreCommitWritten(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	s := openStore(t, r.dir, Options{})
	mtime := time.Date(2026, 3, 1, 2, 3, 4, 567891234, time.UTC)
	written := map[string]WrittenFile{}
	var paths []string
	for i, c := range []struct{ disk, given string }{
		{"one\n", "one\n"},
		// The bytes given, not the file's, show the file was not read.
		{"two\n", "TWO\n"},
		{"three\n", "THREE\n"},
	} {
		p := fmt.Sprintf("mind/a/2026-01/n%d.md", i)
		r.write(p, c.disk)
		if i < 2 {
			if err := os.Chtimes(r.path(p), mtime, mtime); err != nil {
				t.Fatal(err)
			}
		}
		written[p] = WrittenFile{Data: []byte(c.given), ModTime: mtime}
		paths = append(paths, p)
	}
	h := mustCommit(t, s, CommitRequest{Paths: paths, Written: written})
	for i, want := range []string{"one\n", "TWO\n", "three\n"} {
		if got := r.git("show", fmt.Sprintf("%s:mind/a/2026-01/n%d.md", h, i)); got != want {
			t.Errorf("n%d committed as %q, want %q", i, got, want)
		}
	}
	r.fsck()
}

// TestGitStoreCommitKeepWritten: with KeepWritten, a file changed or
// removed after its writer wrote it (a person's editor, between the write
// and the commit) is not read: the commit holds the writer's bytes, and
// the change stays the person's, uncommitted, as git status shows it.
func TestGitStoreCommitKeepWritten(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	s := openStore(t, r.dir, Options{})
	mtime := time.Date(2026, 3, 1, 2, 3, 4, 567891234, time.UTC)
	cases := []struct{ name, disk, given, status string }{
		{"kept", "one\n", "one\n", ""},
		{"edited", "two, and the person's line\n", "two\n", " M"},
		{"same size", "TWO\n", "two\n", " M"},
		{"removed", "", "three\n", " D"},
	}
	written := map[string]WrittenFile{}
	var paths []string
	for i, c := range cases {
		p := fmt.Sprintf("mind/a/2026-01/n%d.md", i)
		r.write(p, c.given)
		if err := os.Chtimes(r.path(p), mtime, mtime); err != nil {
			t.Fatal(err)
		}
		switch {
		case c.status == " D":
			if err := os.Remove(r.path(p)); err != nil {
				t.Fatal(err)
			}
		case c.disk != c.given:
			r.write(p, c.disk) // the person's save: a new mtime
		}
		written[p] = WrittenFile{Data: []byte(c.given), ModTime: mtime}
		paths = append(paths, p)
	}
	h := mustCommit(t, s, CommitRequest{Paths: paths, Written: written, KeepWritten: true})
	for i, c := range cases {
		p := fmt.Sprintf("mind/a/2026-01/n%d.md", i)
		if got := r.git("show", fmt.Sprintf("%s:%s", h, p)); got != c.given {
			t.Errorf("%s: committed %q, want the writer's %q", c.name, got, c.given)
		}
		want := ""
		if c.status != "" {
			want = c.status + " " + p + "\n"
		}
		if got := r.git("status", "--porcelain", "--", p); got != want {
			t.Errorf("%s: git status %q, want %q", c.name, got, want)
		}
		if c.status == " M" {
			if got, _ := os.ReadFile(r.path(p)); string(got) != c.disk {
				t.Errorf("%s: the file now %q, want the person's %q", c.name, got, c.disk)
			}
		}
	}
	r.fsck()
}

// TestGitStoreWriteBlobsAhead: blobs written ahead of their commit
// (WriteBlobs) go into one pack git verifies, and the commit given them
// (CommitRequest.Blobs) writes none of them again: its only pack holds the
// trees and the commit. A blob given but not written ahead (the file
// changed since) is written by the commit as always.
func TestGitStoreWriteBlobsAhead(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	s := openStore(t, r.dir, Options{})
	mtime := time.Date(2026, 3, 1, 2, 3, 4, 5, time.UTC)
	var (
		paths []string
		data  [][]byte
	)
	written := map[string]WrittenFile{}
	for i := range 200 {
		p := fmt.Sprintf("mind/t%d/2026-%02d/n%03d.md", i%3, 1+i%12, i)
		b := []byte(strings.Repeat(fmt.Sprintf("memory %d ", i), 1+i%20) + "\n")
		r.write(p, string(b))
		if err := os.Chtimes(r.path(p), mtime, mtime); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
		data = append(data, b)
		written[p] = WrittenFile{Data: b, ModTime: mtime}
	}
	blobs, err := s.WriteBlobs(data)
	if err != nil {
		t.Fatal(err)
	}
	ahead, _ := filepath.Glob(filepath.Join(r.dir, ".git", "objects", "pack", "pack-*.idx"))
	if len(ahead) != 1 {
		t.Fatalf("packs after WriteBlobs = %q, want one", ahead)
	}
	if n := strings.Count(r.git("verify-pack", "-v", ahead[0]), " blob "); n != 200 {
		t.Fatalf("the pack written ahead holds %d blobs, want 200", n)
	}
	r.fsck() // unreachable blobs are no damage

	// One file changed after its bytes were written ahead: read, and its
	// blob written by the commit.
	r.write(paths[0], "changed\n")
	h := mustCommit(t, s, CommitRequest{Paths: paths, Written: written, Blobs: blobs, Message: "200 memories"})
	// The blobs the commit wrote, packed or loose: the changed file's only.
	again := 0
	packs, _ := filepath.Glob(filepath.Join(r.dir, ".git", "objects", "pack", "pack-*.idx"))
	for _, p := range packs {
		if p != ahead[0] {
			again += strings.Count(r.git("verify-pack", "-v", p), " blob ")
		}
	}
	loose, _ := filepath.Glob(filepath.Join(r.dir, ".git", "objects", "??", "*"))
	for _, o := range loose {
		id := filepath.Base(filepath.Dir(o)) + filepath.Base(o)
		if r.git("cat-file", "-t", id) == "blob\n" {
			again++
		}
	}
	if again != 1 {
		t.Fatalf("the commit wrote %d blobs, want 1 (the changed file's)", again)
	}
	if got := r.git("show", h.String()+":"+paths[0]); got != "changed\n" {
		t.Fatalf("%s committed as %q", paths[0], got)
	}
	if got := r.git("show", h.String()+":"+paths[9]); got != string(data[9]) {
		t.Fatalf("%s committed as %q", paths[9], got)
	}
	if got := r.git("status", "--porcelain"); got != "" {
		t.Fatalf("status = %q", got)
	}
	r.fsck()
}

// TestGitStoreWriteBlobsAheadDropped: blobs written ahead that left the
// repository before their commit (a person's `git repack -a -d` drops
// unreachable objects) are written by the commit again, never named
// missing.
func TestGitStoreWriteBlobsAheadDropped(t *testing.T) {
	t.Parallel()
	r := newTestRepo(t)
	s := openStore(t, r.dir, Options{})
	var (
		paths []string
		data  [][]byte
	)
	for i := range 100 {
		p := fmt.Sprintf("mind/t/2026-01/n%03d.md", i)
		b := []byte(fmt.Sprintf("memory %d\n", i))
		r.write(p, string(b))
		paths, data = append(paths, p), append(data, b)
	}
	blobs, err := s.WriteBlobs(data)
	if err != nil {
		t.Fatal(err)
	}
	r.git("repack", "-a", "-d", "-q")
	h := mustCommit(t, s, CommitRequest{Paths: paths, Blobs: blobs, Message: "100 memories"})
	r.fsck()
	if got := r.git("show", h.String()+":"+paths[42]); got != string(data[42]) {
		t.Fatalf("%s committed as %q", paths[42], got)
	}
}
