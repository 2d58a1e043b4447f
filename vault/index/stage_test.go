package index

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// stageVault is a vault of three documents (one linking to another by
// name) and the changes a sleep run makes to it: a move with a changed
// status, an edit in place, a new document and a generated file that is
// no document.
func stageVault(t *testing.T) (vault.Layout, *Index, []File, []string) {
	t.Helper()
	l := vault.Layout{Root: t.TempDir()}
	note(t, l, "mind/facts/2026-01/a.md", "status: active", "Alpha runs the migrations.")
	note(t, l, "mind/facts/2026-01/b.md", "status: active", "Beta, see [[a]].")
	note(t, l, "mind/facts/2026-01/c.md", "status: active", "Gamma.")
	ix := openTest(t, l)
	read := func(rel string) string {
		data, err := os.ReadFile(l.Path(filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	mtime := time.Date(2026, 6, 1, 3, 0, 0, 123456789, time.UTC)
	files := []File{
		{Path: "mind/archive/facts/2026-01/a.md", Data: []byte(strings.Replace(read("mind/facts/2026-01/a.md"), "status: active", "status: archived", 1)), ModTime: mtime},
		{Path: "mind/facts/2026-01/b.md", Data: []byte(strings.Replace(read("mind/facts/2026-01/b.md"), "Beta,", "Beta again,", 1)), ModTime: mtime},
		{Path: "mind/facts/2026-01/d.md", Data: []byte(strings.Replace(read("mind/facts/2026-01/c.md"), "Gamma.", "Delta.", 1)), ModTime: mtime},
		{Path: "MEMORY.md", Data: []byte("# generated\n"), ModTime: mtime},
	}
	// A writer that has parsed a file passes it along.
	parsed, err := doc.Parse(files[1].Data)
	if err != nil {
		t.Fatal(err)
	}
	files[1].Parsed = parsed
	return l, ix, files, []string{"mind/facts/2026-01/a.md", "mind/facts/2026-01/c.md"}
}

// place writes files as a writer does, with their times, and removes gone.
func place(t *testing.T, l vault.Layout, files []File, gone []string) {
	t.Helper()
	var ws []vaultfs.File
	for _, f := range files {
		p := l.Path(filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		ws = append(ws, vaultfs.File{Path: p, Data: f.Data, Perm: 0o644, ModTime: f.ModTime})
	}
	if err := l.FS().WriteFiles(ws); err != nil {
		t.Fatal(err)
	}
	for _, g := range gone {
		remove(t, l, g)
	}
}

func TestStageIsUpdateOfFilesNotYetWritten(t *testing.T) {
	ctx := context.Background()
	l, ix, files, gone := stageVault(t)
	before := dump(t, ix.db)
	st, err := ix.Stage(ctx, files, gone)
	if err != nil {
		t.Fatal(err)
	}
	// Until committed, readers see the index as it was.
	if _, ok, err := ix.ByPath(ctx, "mind/archive/facts/2026-01/a.md"); err != nil || ok {
		t.Fatalf("a staged row is visible before Commit (%v, %v)", ok, err)
	}
	place(t, l, files, gone)
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := st.Commit(); err == nil {
		t.Error("a second Commit succeeded")
	}
	after := dump(t, ix.db)
	if after == before {
		t.Fatal("Commit changed nothing")
	}
	if want := rebuiltDump(t, l); after != want {
		t.Fatalf("staged update differs from a rebuild of the tree:\n got: %s\nwant: %s", after, want)
	}
	// The rows carry the files' sizes and times: a refresh reads nothing.
	stats, err := ix.Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Documents != 0 || stats.Removed != 0 {
		t.Fatalf("refresh after the staged update re-read %d documents and removed %d; want none", stats.Documents, stats.Removed)
	}
}

func TestStageAbortLeavesTheIndexAndFreesIt(t *testing.T) {
	ctx := context.Background()
	_, ix, files, gone := stageVault(t)
	before := dump(t, ix.db)
	st, err := ix.Stage(ctx, files, gone)
	if err != nil {
		t.Fatal(err)
	}
	st.Abort()
	st.Abort()
	if got := dump(t, ix.db); got != before {
		t.Fatalf("Abort changed the index:\n got: %s\nwant: %s", got, before)
	}
	// The writer's lock is free again: an update goes through.
	if err := ix.Update(ctx, "mind/facts/2026-01/c.md"); err != nil {
		t.Fatal(err)
	}
	if err := st.Commit(); err == nil {
		t.Error("Commit after Abort succeeded")
	}
}

// TestStageMovesAsRebuild: the rows of moved files are read all at once
// (oldRows) and taken over by their new paths; the update equals a
// rebuild with a moved memory's aliases linked to, a file moved onto the
// path of another (no move: the row there is rewritten, the old one
// dropped), and a path named twice among those gone.
func TestStageMovesAsRebuild(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	note(t, l, "mind/facts/2026-01/a.md", "status: active\naliases: [Alpha runner, The runner]", "Alpha runs the migrations.")
	note(t, l, "mind/facts/2026-01/b.md", "status: active", "Beta, see [[Alpha runner]] and [[a]].")
	note(t, l, "mind/facts/2026-01/e.md", "status: active\naliases: [Epsilon]", "Epsilon.")
	note(t, l, "mind/facts/2026-01/f.md", "status: active", "Phi, see [[Epsilon]].")
	ix := openTest(t, l)
	read := func(rel string) string {
		data, err := os.ReadFile(l.Path(filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	mtime := time.Date(2026, 6, 1, 3, 0, 0, 0, time.UTC)
	files := []File{
		{Path: "mind/archive/facts/2026-01/a.md", Data: []byte(strings.Replace(read("mind/facts/2026-01/a.md"), "status: active", "status: archived", 1)), ModTime: mtime},
		{Path: "mind/facts/2026-01/f.md", Data: []byte(read("mind/facts/2026-01/e.md")), ModTime: mtime},
	}
	gone := []string{"mind/facts/2026-01/a.md", "mind/facts/2026-01/e.md", "mind/facts/2026-01/a.md"}
	st, err := ix.Stage(ctx, files, gone)
	if err != nil {
		t.Fatal(err)
	}
	place(t, l, files, gone[:2])
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, want := dump(t, ix.db), rebuiltDump(t, l); got != want {
		t.Fatalf("staged moves differ from a rebuild of the tree:\n got: %s\nwant: %s", got, want)
	}
	// The moved memory kept its row: what linked to it by alias still does.
	d, ok, err := ix.ByPath(ctx, "mind/archive/facts/2026-01/a.md")
	if err != nil || !ok || d.Status != "archived" {
		t.Fatalf("moved row: %+v, %v, %v", d, ok, err)
	}
}

// TestStageMoveAndNewFileAtOldPath: a memory moved and another file
// written at the path it left, in one update. The moved row's path is
// written before the new file's row is looked up at that path, so the new
// file gets a row of its own: the update equals a rebuild.
func TestStageMoveAndNewFileAtOldPath(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	note(t, l, "mind/facts/2026-01/a.md", "status: active\naliases: [Alpha]", "Alpha runs the migrations.")
	note(t, l, "mind/facts/2026-01/b.md", "status: active", "Beta, see [[Alpha]] and [[a]].")
	ix := openTest(t, l)
	data, err := os.ReadFile(l.Path("mind", "facts", "2026-01", "a.md"))
	if err != nil {
		t.Fatal(err)
	}
	const byPath = "SELECT rowid FROM documents WHERE path = ?"
	row := queryLines(t, ix.db, byPath, "mind/facts/2026-01/a.md")
	mtime := time.Date(2026, 6, 1, 3, 0, 0, 0, time.UTC)
	// The new file at the old path first: its row is looked up before the
	// moved one's is written.
	files := []File{
		{Path: "mind/facts/2026-01/a.md", Data: []byte("---\nid: \"01940000-0000-7000-8000-00000000aaaa\"\ntype: fact\nstatus: active\n---\n\nAnother memory at a's old path.\n"), ModTime: mtime},
		{Path: "mind/archive/facts/2026-01/a.md", Data: []byte(strings.Replace(string(data), "status: active", "status: archived", 1)), ModTime: mtime},
	}
	gone := []string{"mind/facts/2026-01/a.md"}
	st, err := ix.Stage(ctx, files, gone)
	if err != nil {
		t.Fatal(err)
	}
	place(t, l, files, nil)
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, want := dump(t, ix.db), rebuiltDump(t, l); got != want {
		t.Fatalf("a move and a new file at its old path differ from a rebuild:\n%s", diffLines(got, want))
	}
	if got := queryLines(t, ix.db, byPath, "mind/archive/facts/2026-01/a.md"); got != row {
		t.Errorf("the moved memory's row %q, want its own %q", got, row)
	}
}
