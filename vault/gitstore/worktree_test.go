package gitstore

import (
	"path/filepath"
	"testing"
)

// TestMainWorkTree: from the main work tree, a linked worktree and a
// folder inside one, the repository's main work tree is the one `git
// worktree list` names first; a bare repository's linked worktree has none.
func TestMainWorkTree(t *testing.T) {
	r := newStartedRepo(t)
	base := filepath.Dir(r.dir)
	linked := filepath.Join(base, "linked")
	r.git("worktree", "add", "-q", "-b", "feature", linked)
	bare := filepath.Join(base, "bare.git")
	r.git("clone", "-q", "--bare", r.dir, bare)
	bareLinked := filepath.Join(base, "bare-linked")
	if _, err := r.run(bare, "worktree", "add", "-q", "-b", "other", bareLinked); err != nil {
		t.Fatal(err)
	}
	r.write("sub/dir/file", "x")
	main := realDir(t, r.dir)
	for _, c := range []struct {
		dir, main string
		linked    bool
	}{
		{r.dir, main, false},
		{r.path("sub/dir"), main, false},
		{linked, main, true},
		{bareLinked, "", true},
	} {
		got, err := FindRepo(c.dir)
		if err != nil {
			t.Fatal(err)
		}
		if got.Linked() != c.linked {
			t.Errorf("FindRepo(%s).Linked() = %v, want %v", c.dir, got.Linked(), c.linked)
		}
		if m := got.MainWorkTree(); m != c.main {
			t.Errorf("FindRepo(%s).MainWorkTree() = %q, want %q", c.dir, m, c.main)
		}
	}
}

func realDir(t *testing.T, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
