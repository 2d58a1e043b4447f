package gitstore

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
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
	for _, p := range append(want, "mind/clean.md", "mind/touched.md", "mind/absent.md") {
		dirty, err := s.Uncommitted(p)
		if err != nil {
			t.Fatal(err)
		}
		if dirty != slices.Contains(want, p) {
			t.Errorf("Uncommitted(%s) = %v", p, dirty)
		}
	}
}
