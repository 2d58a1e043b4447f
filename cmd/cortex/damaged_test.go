package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/index"
)

// TestDamagedPageRebuilt: a page of the index that only a query reads (the
// full-text table's), damaged after a kill -9, makes the command rebuild
// the index and answer, instead of failing on "database disk image is
// malformed" until a person runs rebuild-index (issue 22).
func TestDamagedPageRebuilt(t *testing.T) {
	t.Setenv("GIT_CONFIG_GLOBAL", "/dev/null")
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	ctx := context.Background()
	v := filepath.Join(t.TempDir(), "v")
	if _, err := vault.Init(v, vault.InitOptions{}); err != nil {
		t.Fatal(err)
	}
	l := vault.Layout{Root: v}
	for i := range 3 {
		body := fmt.Sprintf("Tide table %d comes from the harbour API.", i)
		doc := fmt.Sprintf("---\ntype: fact\n---\n\n%s\n", body)
		if err := os.WriteFile(filepath.Join(v, "mind", "concepts", fmt.Sprintf("tide-%d.md", i)), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := index.Rebuild(ctx, l, index.RebuildOptions{}); err != nil {
		t.Fatal(err)
	}
	damageTable(t, l.IndexDB(), "fts_data")

	var stdout, stderr bytes.Buffer
	code := run([]string{"cortex", "search", "--vault", v, "harbour"}, strings.NewReader(""), &stdout, &stderr)
	if code != 0 || strings.Count(stdout.String(), "Tide table") != 3 {
		t.Fatalf("search over a damaged index: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stderr.String(), "the index is damaged") {
		t.Errorf("the rebuild is not said:\n%s", stderr.String())
	}
	if in, err := index.Inspect(ctx, l, nil, nil); err != nil || in.Problem != "" {
		t.Errorf("index after the command: %+v %v", in, err)
	}
}

// damageTable overwrites the root page of table in the database at path
// with bytes that are no b-tree page.
func damageTable(t *testing.T, path, table string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	var root, size int64
	err = db.QueryRow("SELECT rootpage FROM sqlite_master WHERE name = ?", table).Scan(&root)
	if err == nil {
		err = db.QueryRow("PRAGMA page_size").Scan(&size)
	}
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt(bytes.Repeat([]byte{0xA5}, int(size)), (root-1)*size); err != nil {
		t.Fatal(err)
	}
}
