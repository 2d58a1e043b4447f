package gitstore

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

func TestCommittedPathsRememberAndForget(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) change {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		c := change{path: name, mode: 0o100644, hash: plumbing.ComputeHash(plumbing.BlobObject, []byte(content))}
		fillStat(&c.entry, fi)
		return c
	}
	var r committedPaths
	kept, edited, gone := write("kept.md", "k\n"), write("edited.md", "e\n"), write("gone.md", "g\n")
	removed, back := change{path: "removed.md", remove: true}, change{path: "back.md", remove: true}
	skipped := write("skipped.md", "s\n")
	r.remember([]change{kept, edited, gone, removed, back, skipped})
	// After the commit: a person edits one, deletes one, restores a removed
	// one; the others stay as committed.
	write("edited.md", "edited by a person, longer\n")
	if err := os.Remove(filepath.Join(dir, "gone.md")); err != nil {
		t.Fatal(err)
	}
	write("back.md", "back\n")
	got := r.unchangedOnDisk(dir, map[string]bool{"skipped.md": true})
	var names []string
	for _, c := range got {
		names = append(names, c.path)
	}
	if want := []string{"kept.md", "removed.md"}; !slices.Equal(names, want) {
		t.Fatalf("unchangedOnDisk = %q, want %q", names, want)
	}
	if want := []string{"kept.md", "removed.md", "skipped.md"}; !slices.Equal(r.order, want) || len(r.byPath) != len(want) {
		t.Fatalf("remembered %q (%d), want %q: changed files are forgotten", r.order, len(r.byPath), want)
	}

	// Only the latest recentPathsCap paths are kept; remembering a path
	// again makes it the latest.
	var many []change
	for i := 0; i < recentPathsCap+10; i++ {
		many = append(many, change{path: fmt.Sprintf("m%04d.md", i), remove: true})
	}
	r.remember(many[:recentPathsCap])
	r.remember([]change{many[0]})
	r.remember(many[recentPathsCap:])
	if len(r.order) != recentPathsCap || len(r.byPath) != recentPathsCap {
		t.Fatalf("remembered %d (%d in the map), want %d", len(r.order), len(r.byPath), recentPathsCap)
	}
	if _, ok := r.byPath["m0000.md"]; !ok {
		t.Fatal("a path remembered again was dropped as the oldest")
	}
	if _, ok := r.byPath["m0001.md"]; ok {
		t.Fatal("the oldest path was kept")
	}
}

func TestDroppedFromIndex(t *testing.T) {
	blob := func(s string) plumbing.Hash { return plumbing.ComputeHash(plumbing.BlobObject, []byte(s)) }
	entry := func(name, content string, stage uint16) indexEntry {
		return indexEntry{name: name, mode: 0o100644, hash: [indexHashLen]byte(blob(content)), flags: stage << 12}
	}
	idx := &gitIndex{entries: []indexEntry{
		entry("a/intact.md", "intact", 0),
		entry("a/old.md", "old", 0),
		entry("a/resurrected.md", "r", 0),
		entry("b/conflict.md", "base", 1),
		entry("b/conflict.md", "ours", 2),
		entry("b/conflict.md", "theirs", 3),
	}}
	candidates := []change{
		{path: "a/intact.md", hash: blob("intact")},
		{path: "a/old.md", hash: blob("new")},
		{path: "a/missing.md", hash: blob("m")},
		{path: "a/resurrected.md", remove: true},
		{path: "a/removed.md", remove: true},
		{path: "b/conflict.md", hash: blob("resolved")},
	}
	got := droppedFromIndex(idx, candidates)
	if want := []string{"a/old.md", "a/missing.md", "a/resurrected.md"}; !slices.Equal(got, want) {
		t.Fatalf("droppedFromIndex = %q, want %q", got, want)
	}
}

// TestCommitWithoutPathsLooksCheaply: while git's index is the file the
// store published, a Commit without paths reads nothing and commits
// nothing; after another writer's index that still holds every path, it
// reads that index once, commits nothing, and takes it as the clean one.
func TestCommitWithoutPathsLooksCheaply(t *testing.T) {
	r := newRepoWith(t, "README.md", "start\n")
	s := openStore(t, r.dir, Options{})
	r.write("mind/a.md", "a\n")
	if _, err := s.Commit(t.Context(), CommitRequest{Paths: []string{"mind/a.md"}, Message: "observe: a"}); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(r.dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	if s.index == nil || !os.SameFile(fi, s.index.stat) {
		t.Fatalf("the published index is not the one remembered as clean")
	}
	head := r.rev("HEAD")
	if _, err := s.Commit(t.Context(), CommitRequest{Message: "repair"}); err != ErrNothingToCommit {
		t.Fatalf("Commit without paths on the published index: %v", err)
	}

	r.write("other.txt", "a person's file\n")
	r.git("add", "other.txt") // a new index file, still holding mind/a.md
	if _, err := s.Commit(t.Context(), CommitRequest{Message: "repair"}); err != ErrNothingToCommit {
		t.Fatalf("Commit without paths after a person's git add: %v", err)
	}
	fi, err = os.Stat(filepath.Join(r.dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	if s.index == nil || !os.SameFile(fi, s.index.stat) {
		t.Errorf("the person's index, found clean, is not remembered")
	}
	if got := r.rev("HEAD"); got != head {
		t.Errorf("HEAD moved from %s to %s", head, got)
	}
	if got := r.git("diff", "--cached", "--name-only"); got != "other.txt\n" {
		t.Errorf("staged: %q (the person's staged file must stay staged, and only it)", got)
	}
}

// TestCommitKeepsTheIndexItPublished: the index the store published is
// kept (the next Commit reads no file), and a person's git writing the
// index between the store's preparing the next one and taking index.lock
// makes the store start again on the person's index under the lock: what
// the person staged stays staged, what the person's git dropped of the
// store's paths is committed again, nothing of either is lost.
func TestCommitKeepsTheIndexItPublished(t *testing.T) {
	r := newRepoWith(t, "README.md", "start\n")
	s := openStore(t, r.dir, Options{})
	r.write("mind/a.md", "a\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"mind/a.md"}, Message: "observe: a"})
	kept := s.index
	if kept == nil {
		t.Fatal("the published index is not kept")
	}
	r.write("mind/b.md", "b\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"mind/b.md"}, Message: "observe: b"})
	if s.index == nil || s.index == kept {
		t.Fatal("the second commit's index is not the one kept")
	}
	if got := r.git("status", "--porcelain"); got != "" {
		t.Fatalf("git status after two commits from the kept index: %q", got)
	}

	// The person's git in the window: stages a file of its own and, as a
	// racing `git commit` would, writes back an index without mind/b.md.
	r.write("mind/c.md", "c\n")
	r.write("person.txt", "the person's\n")
	s.beforeIndexLock = func() {
		s.beforeIndexLock = nil
		r.git("rm", "-q", "--cached", "mind/b.md")
		r.git("add", "person.txt")
	}
	h := mustCommit(t, s, CommitRequest{Paths: []string{"mind/c.md"}, Message: "observe: c"})
	if got := r.git("ls-tree", "-r", "--name-only", h.String()); got != "README.md\nmind/a.md\nmind/b.md\nmind/c.md\n" {
		t.Errorf("committed tree:\n%s", got)
	}
	if got := r.git("diff", "--cached", "--name-only"); got != "person.txt\n" {
		t.Errorf("staged after the commit: %q (the person's file, and only it)", got)
	}
	if got := r.git("status", "--porcelain"); got != "A  person.txt\n" {
		t.Errorf("git status: %q", got)
	}
}

// TestCommitTakesIndexLockBetweenGitCommands: while a git process works in
// the repository, and for GitQuietPeriod after, the store does not take
// index.lock (git would fail on it, not wait), and a git that keeps running
// past GitQuietWait does not stop the commit.
func TestCommitTakesIndexLockBetweenGitCommands(t *testing.T) {
	r := newRepoWith(t, "README.md", "start\n")
	s := openStore(t, r.dir, Options{GitQuietWait: time.Minute, GitQuietPeriod: 20 * time.Millisecond})
	lock := filepath.Join(r.dir, ".git", "index.lock")
	looks := 0
	s.gitRunningHere = func() bool {
		looks++
		if _, err := os.Lstat(lock); err == nil {
			t.Errorf("index.lock taken while a git process works in the repository (look %d)", looks)
		}
		return looks < 4 // a person's git, three looks long
	}
	r.write("mind/a.md", "a\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"mind/a.md"}, Message: "observe: a"})
	// Three while it ran; one within the quiet period after it, one past
	// it and one that confirms it; the last look before the lock.
	if looks != 7 {
		t.Errorf("looked %d times for a git process, want 7", looks)
	}

	s = openStore(t, r.dir, Options{GitQuietWait: 5 * time.Millisecond})
	s.gitRunningHere = func() bool { return true } // a pager that never ends
	r.write("mind/b.md", "b\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"mind/b.md"}, Message: "observe: b"})
	if got := r.git("log", "-1", "--format=%s"); got != "observe: b\n" {
		t.Errorf("HEAD is %q, want the commit made past the wait", got)
	}
}

// TestCommitNeverTakesAPersonsStagedRewrite: one of the store's paths,
// unchanged on disk when a commit starts, is rewritten and staged by a
// person while the commit waits for git to be quiet. Its index entry then
// holds another blob, as when a person's git drops the path, but the file
// is the person's now: it stays staged and out of the store's commit
// (harness, session 15 world 175).
func TestCommitNeverTakesAPersonsStagedRewrite(t *testing.T) {
	r := newRepoWith(t, "README.md", "start\n")
	s := openStore(t, r.dir, Options{})
	r.write("mind/a.md", "a\n")
	mustCommit(t, s, CommitRequest{Paths: []string{"mind/a.md"}, Message: "observe: a"})
	r.write("mind/b.md", "b\n")
	s.beforeIndexLock = func() {
		s.beforeIndexLock = nil
		r.write("mind/a.md", "a, in my own words\n")
		r.git("add", "mind/a.md")
	}
	h := mustCommit(t, s, CommitRequest{Paths: []string{"mind/b.md"}, Message: "observe: b"})
	if got := r.git("show", h.String()+":mind/a.md"); got != "a\n" {
		t.Errorf("the store's commit holds the person's staged rewrite: %q", got)
	}
	if got := r.git("diff", "--cached", "--name-only"); got != "mind/a.md\n" {
		t.Errorf("staged after the commit: %q (the person's rewrite, and only it)", got)
	}
}
