package gitstore

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// TestUncleanAndUncommitted: both tell a person's work — staged, unstaged,
// untracked, a removal — from committed files, as git status does, in a
// vault nested in a project.
func TestUncleanAndUncommitted(t *testing.T) {
	r := newTestRepo(t)
	for _, p := range []string{"clean.md", "edited.md", "staged.md", "removed.md", "unstaged-rm.md", "touched.md"} {
		r.write("v/mind/"+p, p+"\n")
	}
	r.write("outside.md", "not the vault's\n")
	r.git("add", "-A")
	r.git("commit", "-q", "-m", "start")
	r.write("v/mind/edited.md", "a person's edit\n")
	r.write("v/mind/staged.md", "staged\n")
	r.git("add", "v/mind/staged.md")
	r.git("rm", "-q", "v/mind/removed.md")
	os.Remove(filepath.Join(r.dir, "v/mind/unstaged-rm.md"))
	r.write("v/mind/draft.md", "untracked\n")
	r.write("outside.md", "changed outside the vault\n")
	r.write("v/mind/touched.md", "touched.md\n") // rewritten, same bytes

	s := openStore(t, filepath.Join(r.dir, "v"), Options{})
	want := []string{"mind/draft.md", "mind/edited.md", "mind/removed.md", "mind/staged.md", "mind/unstaged-rm.md"}
	got, err := s.Unclean(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if g := slices.Sorted(maps.Keys(got)); !slices.Equal(g, want) {
		t.Errorf("Unclean: %q, want %q", g, want)
	}
	if got, err := s.Unclean(context.Background(), "mind/edited.md", "mind/clean.md"); err != nil || len(got) != 1 || !got["mind/edited.md"] {
		t.Errorf("Unclean of two paths: %v, %v", got, err)
	}
	// Absent paths: in a folder HEAD lacks, under a file.
	for _, p := range append(want, "mind/clean.md", "mind/touched.md", "mind/absent.md", "nowhere/x.md", "mind/clean.md/x.md") {
		dirty, err := s.Uncommitted(p)
		if err != nil {
			t.Fatal(err)
		}
		if dirty != slices.Contains(want, p) {
			t.Errorf("Uncommitted(%s) = %v", p, dirty)
		}
	}
}

// TestTreeCacheBounded: the decoded trees kept stay within their bound of
// entries, and a tree over it alone is not kept.
func TestTreeCacheBounded(t *testing.T) {
	var c treeCache
	tree := func(n int) *object.Tree { return &object.Tree{Entries: make([]object.TreeEntry, n)} }
	h := func(i int) plumbing.Hash { return plumbing.Hash{byte(i), byte(i >> 8)} }
	for i := range 200 {
		c.put(h(i), tree(treeCacheEntries/10))
		if c.entries > treeCacheEntries {
			t.Fatalf("after %d trees the cache holds %d entries, over %d", i+1, c.entries, treeCacheEntries)
		}
		if c.get(h(i)) == nil {
			t.Fatalf("tree %d not kept", i)
		}
	}
	if c.get(h(0)) != nil {
		t.Error("the first tree is still kept after 200")
	}
	c.put(h(1000), tree(treeCacheEntries+1))
	if c.get(h(1000)) != nil {
		t.Error("a tree over the bound alone was kept")
	}
}
