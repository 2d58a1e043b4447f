package index

import (
	"context"
	"os"
	"testing"

	"github.com/cortex-vault/cortex/vault"
)

func TestReplaced(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	writeDoc(t, l, "mind/a.md", id1, "fact", "Alpha.")
	ix := openTest(t, l)
	replaced := func(ix *Index) bool {
		t.Helper()
		r, err := ix.Replaced()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if replaced(ix) {
		t.Fatal("a freshly opened index reads as replaced")
	}
	// Writes through the handle keep the file: the rollback journal
	// writes in place.
	writeDoc(t, l, "mind/b.md", id2, "fact", "Beta.")
	if err := ix.Update(ctx, "mind/b.md"); err != nil {
		t.Fatal(err)
	}
	if replaced(ix) {
		t.Fatal("an update made the index read as replaced")
	}

	// rebuild-index swaps a new file in.
	if err := Rebuild(ctx, l, RebuildOptions{Logger: quiet()}); err != nil {
		t.Fatal(err)
	}
	if !replaced(ix) {
		t.Fatal("the handle does not see that a rebuild swapped its file")
	}
	ix2 := openTest(t, l)
	if replaced(ix2) {
		t.Fatal("the reopened index reads as replaced")
	}

	// Deleted: the handle holds an unlinked file.
	if err := os.Remove(l.IndexDB()); err != nil {
		t.Fatal(err)
	}
	if !replaced(ix2) {
		t.Fatal("the handle does not see that its file was deleted")
	}
	// Open builds it again, and that one is not replaced.
	ix3 := openTest(t, l)
	if replaced(ix3) || !replaced(ix2) {
		t.Fatal("after a reopen of a deleted index")
	}
	if n, err := ix3.Count(ctx); err != nil || n != 2 {
		t.Fatalf("rebuilt index: %d documents, %v", n, err)
	}
}
