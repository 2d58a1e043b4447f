package index

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
)

// TestOpenCheckedRepairsADamagedPage: a page damaged past the ones Open
// looks at (a kill -9 on a disk that reorders writes, a torn copy) is
// found by the first refresh; OpenChecked then rebuilds the index from the
// working tree and serves, where a plain Open and Refresh fail (issue 22).
func TestOpenCheckedRepairsADamagedPage(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	const n = 400
	for i := range n {
		note(t, l, fmt.Sprintf("mind/concepts/note-%03d.md", i), "", fmt.Sprintf("Note %d about the tide cache, with words enough to fill a page of the index %s.", i, bytes.Repeat([]byte("x"), 200)))
	}
	if err := Rebuild(ctx, l, RebuildOptions{}); err != nil {
		t.Fatal(err)
	}
	damage(t, l.IndexDB(), "documents_stamp")

	// Inspect (doctor's look) reads every page and says so.
	if in, err := Inspect(ctx, l, nil, nil); err != nil || !strings.HasPrefix(in.Problem, "damaged: ") && !strings.HasPrefix(in.Problem, "unreadable: ") {
		t.Errorf("Inspect of the damaged index: %+v, %v; want the damage named", in, err)
	}

	// As before: Open's look passes, the refresh fails.
	ix, err := Open(ctx, l, Options{})
	if err != nil {
		t.Fatalf("open: %v (the damage is past what Open reads; make it later)", err)
	}
	_, err = ix.Refresh(ctx)
	ix.Close()
	if !IsCorrupt(err) {
		t.Fatalf("refresh of the damaged index: %v, want an error IsCorrupt reports", err)
	}

	var used int
	ix, err = OpenChecked(ctx, l, Options{}, func(ix *Index) error {
		used++
		_, err := ix.Refresh(ctx)
		return err
	})
	if err != nil {
		t.Fatalf("OpenChecked: %v", err)
	}
	defer ix.Close()
	if used != 2 {
		t.Errorf("use ran %d times, want 2 (damaged, then rebuilt)", used)
	}
	if c, err := ix.Count(ctx); err != nil || c != n {
		t.Errorf("rebuilt index holds %d documents (%v), want %d", c, err, n)
	}
	if in, err := Inspect(ctx, l, nil, nil); err != nil || in.Problem != "" {
		t.Errorf("Inspect of the rebuilt index: %+v, %v", in, err)
	}
}

// damage overwrites the pages of one b-tree of the index (btree, a name of
// sqlite_master) with bytes that are no b-tree page. Open reads the
// header, the schema and the smallest index of documents; the refresh
// reads documents_stamp. (The second half of the file, as this was first
// written, held the smallest index once schema 8 added one.)
func damage(t *testing.T, path, btree string) {
	t.Helper()
	db, err := openDSN(path, "mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	// A b-tree built at once (a rebuild builds each index after the
	// last) holds the pages from its root to the next b-tree's root.
	var pageSize, root, next int64
	err = db.QueryRow(`SELECT (SELECT page_size FROM pragma_page_size), rootpage,
		(SELECT min(rootpage) FROM sqlite_master n WHERE n.rootpage > m.rootpage)
		FROM sqlite_master m WHERE name = ?`, btree).Scan(&pageSize, &root, &next)
	db.Close()
	if err != nil {
		t.Fatalf("pages of %s: %v", btree, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := (root - 1) * pageSize; i < (next-1)*pageSize; i++ {
		data[i] = 0xA5
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}
