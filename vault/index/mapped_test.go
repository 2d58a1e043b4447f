package index

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

// A ReadMapped index maps the file and answers as one read through the
// page cache; it still writes (a refresh without a daemon). An index
// opened without it maps nothing: a process that stays keeps a bounded
// cache.
func TestReadMapped(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	writeDoc(t, l, "mind/concepts/2026-02/a.md", id1, "fact", "The parser caches tokens.")
	writeDoc(t, l, "mind/concepts/2026-02/b.md", id2, "fact", "Deploys retry the migration.")
	plain := openTest(t, l)
	mapped, err := Open(ctx, l, Options{Logger: quiet(), ReadMapped: true})
	if err != nil {
		t.Fatal(err)
	}
	defer mapped.Close()

	mapSize := func(ix *Index) int64 {
		t.Helper()
		var n int64
		if err := ix.db.QueryRowContext(ctx, "PRAGMA mmap_size").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := mapSize(mapped); n != mapIndexBytes {
		t.Errorf("ReadMapped: mmap_size = %d, want %d", n, mapIndexBytes)
	}
	if n := mapSize(plain); n != 0 {
		t.Errorf("not ReadMapped: mmap_size = %d, want 0", n)
	}

	search := func(ix *Index) []Hit {
		t.Helper()
		hits, err := ix.Search(ctx, SearchParams{Terms: []Term{{Text: "migration"}}, Limit: 10, Now: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		return hits
	}
	if a, b := search(mapped), search(plain); len(a) != 1 || !reflect.DeepEqual(a, b) {
		t.Fatalf("mapped search = %+v\nplain search = %+v", a, b)
	}

	// A write through the mapped index, read back by both.
	writeDoc(t, l, "mind/concepts/2026-02/c.md", id3, "fact", "The migration of the cache.")
	if err := os.Remove(filepath.Join(l.Root, "mind/concepts/2026-02/b.md")); err != nil {
		t.Fatal(err)
	}
	if st, err := mapped.Refresh(ctx); err != nil || st.Documents != 1 || st.Removed != 1 {
		t.Fatalf("Refresh through the map = %+v, %v", st, err)
	}
	if a, b := search(mapped), search(plain); len(a) != 1 || a[0].Path != "mind/concepts/2026-02/c.md" || !reflect.DeepEqual(a, b) {
		t.Fatalf("after the refresh: mapped search = %+v\nplain search = %+v", a, b)
	}
	if got, want := dump(t, mapped.db), rebuiltDump(t, l); got != want {
		t.Fatalf("mapped index after a refresh:\n%s\nrebuilt:\n%s", got, want)
	}
}
