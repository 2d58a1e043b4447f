package index

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// writeDoc writes a D21 document with the given id and body at rel.
func writeDoc(t testing.TB, l vault.Layout, rel, id, typ, body string) {
	t.Helper()
	content := fmt.Sprintf(`---
id: "%s"
type: %s
category: concept
created: 2026-02-16T15:23:14.527Z
source_hash: %s

# ---

title: "%s"
importance: 0.8
---

%s
`, id, typ, doc.Hash(body), doc.Title(body), body)
	p := l.Path(filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func openTest(t *testing.T, l vault.Layout) *Index {
	t.Helper()
	ix, err := Open(context.Background(), l, Options{Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

const (
	id1 = "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b"
	id2 = "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0c"
	id3 = "019503a8-0000-7000-8000-000000000003"
)

func TestOpenBuildsFromWorkingTree(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	writeDoc(t, l, "vault/decisions/2026-02/2026-02-16-aaaaaaaa.md", id1, "decision", "Use local git only.")
	writeDoc(t, l, "mind/concepts/2026-02/2026-02-16-bbbbbbbb.md", id2, "preference", "The owner prefers honest feedback.")
	writeDoc(t, l, "mind/.obsidian/ignored.md", id3, "fact", "Never indexed.")
	ix := openTest(t, l)

	if n, err := ix.Count(ctx); err != nil || n != 2 {
		t.Fatalf("Count = %d, %v; want 2", n, err)
	}
	docs, err := ix.ByHash(ctx, doc.Hash("  use LOCAL git   only.\n"))
	if err != nil || len(docs) != 1 || docs[0].ID != id1 || docs[0].Path != "vault/decisions/2026-02/2026-02-16-aaaaaaaa.md" {
		t.Fatalf("ByHash = %+v, %v", docs, err)
	}
	if docs[0].Type != "decision" || docs[0].Importance == nil || *docs[0].Importance != 0.8 {
		t.Fatalf("row fields = %+v", docs[0])
	}
	if docs, err := ix.ByID(ctx, id2); err != nil || len(docs) != 1 || docs[0].Type != "preference" {
		t.Fatalf("ByID = %+v, %v", docs, err)
	}
	if docs, err := ix.ByIDPrefix(ctx, "019503A7", 10); err != nil || len(docs) != 2 {
		t.Fatalf("ByIDPrefix = %+v, %v; want 2 documents", docs, err)
	}
	if docs, err := ix.ByHash(ctx, doc.Hash("nothing like it")); err != nil || len(docs) != 0 {
		t.Fatalf("ByHash(unknown) = %+v, %v", docs, err)
	}
}

func TestRefreshSeesChangesAndDeletions(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	a := "mind/concepts/2026-02/a.md"
	b := "mind/concepts/2026-02/b.md"
	writeDoc(t, l, a, id1, "fact", "First body.")
	writeDoc(t, l, b, id2, "fact", "Second body.")
	ix := openTest(t, l)

	// Change a (a different size, so the change is seen whatever the clock
	// resolution), delete b, add c.
	writeDoc(t, l, a, id1, "fact", "First body, edited in Obsidian.")
	if err := os.Remove(l.Path(filepath.FromSlash(b))); err != nil {
		t.Fatal(err)
	}
	writeDoc(t, l, "rules/c.md", id3, "lesson", "Third body.")

	st, err := ix.Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Documents != 2 || st.Removed != 1 {
		t.Fatalf("Refresh stats = %+v; want 2 re-read, 1 removed", st)
	}
	if docs, _ := ix.ByHash(ctx, doc.Hash("First body.")); len(docs) != 0 {
		t.Fatalf("old hash still indexed: %+v", docs)
	}
	if docs, _ := ix.ByHash(ctx, doc.Hash("first body, edited in obsidian.")); len(docs) != 1 {
		t.Fatalf("new hash not indexed")
	}
	if docs, _ := ix.ByID(ctx, id2); len(docs) != 0 {
		t.Fatalf("deleted document still indexed: %+v", docs)
	}
	// A second refresh with nothing changed reads nothing.
	if st, err := ix.Refresh(ctx); err != nil || st.Documents != 0 || st.Removed != 0 {
		t.Fatalf("idle Refresh = %+v, %v", st, err)
	}
}

func TestUpdatePaths(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	ix := openTest(t, l)
	rel := "vault/tasks/2026-02/t.md"
	writeDoc(t, l, rel, id1, "task", "Ship the memorizer.")
	if err := ix.Update(ctx, rel, "README.md"); err != nil {
		t.Fatal(err)
	}
	if d, ok, err := ix.ByPath(ctx, rel); err != nil || !ok || d.ID != id1 {
		t.Fatalf("ByPath after Update = %+v, %v, %v", d, ok, err)
	}
	os.Remove(l.Path(filepath.FromSlash(rel)))
	if err := ix.Update(ctx, rel); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := ix.ByPath(ctx, rel); ok {
		t.Fatal("removed file still indexed after Update")
	}
}

func TestBrokenDocumentsAreRecordedNotFatal(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	for rel, content := range map[string]string{
		"mind/no-frontmatter.md": "just text\n",
		"mind/bad-yaml.md":       "---\nid: [unclosed\n---\nbody\n",
		"mind/binary.md":         "\x00\x01\x02",
	} {
		p := l.Path(filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ix := openTest(t, l)
	for _, rel := range []string{"mind/no-frontmatter.md", "mind/bad-yaml.md", "mind/binary.md"} {
		d, ok, err := ix.ByPath(ctx, rel)
		if err != nil || !ok || d.ParseError == "" {
			t.Errorf("%s: row %+v, %v, %v; want a row with its parse error", rel, d, ok, err)
		}
	}
}

func TestCorruptOrOutdatedIndexIsRebuilt(t *testing.T) {
	ctx := context.Background()
	for name, damage := range map[string]func(path string) error{
		"garbage": func(p string) error { return os.WriteFile(p, []byte(strings.Repeat("not a database ", 100)), 0o644) },
		"empty":   func(p string) error { return os.WriteFile(p, nil, 0o644) },
		"old schema": func(p string) error {
			ix, err := Open(ctx, vault.Layout{Root: filepath.Dir(filepath.Dir(p))}, Options{Logger: quiet()})
			if err != nil {
				return err
			}
			defer ix.Close()
			_, err = ix.db.Exec("PRAGMA user_version = 0")
			return err
		},
	} {
		t.Run(name, func(t *testing.T) {
			l := vault.Layout{Root: t.TempDir()}
			writeDoc(t, l, "mind/concepts/a.md", id1, "fact", "Body.")
			os.MkdirAll(l.CacheDir(), 0o755)
			if err := damage(l.IndexDB()); err != nil {
				t.Fatal(err)
			}
			var logged strings.Builder
			ix, err := Open(ctx, l, Options{Logger: slog.New(slog.NewTextHandler(&logged, nil))})
			if err != nil {
				t.Fatal(err)
			}
			defer ix.Close()
			if n, err := ix.Count(ctx); err != nil || n != 1 {
				t.Fatalf("Count after recovery = %d, %v", n, err)
			}
			if !strings.Contains(logged.String(), "rebuilding") {
				t.Fatalf("no notice logged: %q", logged.String())
			}
		})
	}
}

func TestRebuildSwapsWhileOpen(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	writeDoc(t, l, "mind/a.md", id1, "fact", "Alpha.")
	ix := openTest(t, l)
	writeDoc(t, l, "mind/b.md", id2, "fact", "Beta.")
	if err := Rebuild(ctx, l, RebuildOptions{Logger: quiet()}); err != nil {
		t.Fatal(err)
	}
	ix2 := openTest(t, l)
	if n, _ := ix2.Count(ctx); n != 2 {
		t.Fatalf("rebuilt index has %d documents, want 2", n)
	}
	// The old handle still reads its (old) file without error.
	if _, err := ix.Count(ctx); err != nil {
		t.Fatalf("old handle after swap: %v", err)
	}
	entries, _ := os.ReadDir(l.CacheDir())
	for _, e := range entries {
		if strings.Contains(e.Name(), ".new-") {
			t.Fatalf("temporary file left: %s", e.Name())
		}
	}
}

func BenchmarkRebuild1000(b *testing.B) {
	l := vault.Layout{Root: b.TempDir()}
	for i := range 1000 {
		id := fmt.Sprintf("019503a7-c18f-7b1d-a3b2-%012d", i)
		writeDoc(b, l, fmt.Sprintf("mind/concepts/2026-02/%04d.md", i), id, "fact", fmt.Sprintf("Body number %d with some words.", i))
	}
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		if err := Rebuild(ctx, l, RebuildOptions{Logger: quiet()}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkByHash(b *testing.B) {
	l := vault.Layout{Root: b.TempDir()}
	for i := range 200 {
		id := fmt.Sprintf("019503a7-c18f-7b1d-a3b2-%012d", i)
		writeDoc(b, l, fmt.Sprintf("mind/concepts/%04d.md", i), id, "fact", fmt.Sprintf("Body %d.", i))
	}
	ctx := context.Background()
	ix, err := Open(ctx, l, Options{Logger: quiet()})
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	h := doc.Hash("Body 7.")
	b.ResetTimer()
	for range b.N {
		if docs, err := ix.ByHash(ctx, h); err != nil || len(docs) != 1 {
			b.Fatal(docs, err)
		}
	}
}

// TestOddFolderName: a vault folder whose name holds characters a file:
// URI gives a meaning to.
func TestOddFolderName(t *testing.T) {
	l := vault.Layout{Root: filepath.Join(t.TempDir(), "My notes #2 ?100% sure")}
	writeDoc(t, l, "mind/concepts/a.md", id1, "fact", "Body.")
	ix := openTest(t, l)
	if n, err := ix.Count(context.Background()); err != nil || n != 1 {
		t.Fatalf("Count = %d, %v", n, err)
	}
	if _, err := os.Stat(l.IndexDB()); err != nil {
		t.Fatalf("the index is not where it belongs: %v", err)
	}
}

// TestRefreshIgnoreDecisions: a refresh keeps the ignore decision of an
// indexed path only while .cortexignore is the one it was made under.
func TestRefreshIgnoreDecisions(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	a := "mind/concepts/2026-02/a.md"
	draft := "mind/concepts/2026-02/d.md"
	writeDoc(t, l, a, id1, "fact", "First body.")
	writeDoc(t, l, draft, id2, "fact", "A draft.")
	ix := openTest(t, l)
	indexed := func(rel string) bool {
		t.Helper()
		_, ok, err := ix.ByPath(ctx, rel)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	refresh := func() {
		t.Helper()
		if _, err := ix.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		if got, want := dump(t, ix.db), rebuiltDump(t, l); got != want {
			t.Fatalf("refreshed index differs from a rebuild:\n%s\nwant\n%s", got, want)
		}
	}
	if !indexed(draft) {
		t.Fatal("draft not indexed")
	}

	// New patterns: every indexed path is matched again, even when an
	// update of another path came first. (A file pattern: an ignored
	// folder is never walked into.)
	writeRaw(t, l, ".cortexignore", "d.md\n")
	writeDoc(t, l, a, id1, "fact", "First body, edited.")
	if err := ix.Update(ctx, a); err != nil {
		t.Fatal(err)
	}
	refresh()
	if indexed(draft) || !indexed(a) {
		t.Fatalf("after ignoring d.md: draft indexed %v, a indexed %v", indexed(draft), indexed(a))
	}

	// An update under other patterns (d.md no longer ignored) takes
	// the draft in; when the patterns come back, the refresh must not
	// trust that the draft was matched under them.
	writeRaw(t, l, ".cortexignore", "# nothing\n")
	if err := ix.Update(ctx, draft); err != nil {
		t.Fatal(err)
	}
	if !indexed(draft) {
		t.Fatal("draft not indexed by Update")
	}
	writeRaw(t, l, ".cortexignore", "d.md\n")
	refresh()
	if indexed(draft) {
		t.Fatal("draft still indexed after the patterns that ignore it came back")
	}

	// Unchanged patterns: a new file is still matched.
	writeDoc(t, l, "mind/drafts/2026-02/e.md", id3, "fact", "Another draft.")
	writeDoc(t, l, "mind/concepts/2026-02/x.excalidraw.md", "019503a8-0000-7000-8000-000000000004", "fact", "A drawing.")
	writeRaw(t, l, ".cortexignore", "d.md\ndrafts/\n*.excalidraw.md\n")
	refresh()
	writeDoc(t, l, "mind/concepts/2026-02/y.excalidraw.md", "019503a8-0000-7000-8000-000000000005", "fact", "Another drawing.")
	refresh()
	if indexed("mind/drafts/2026-02/e.md") || indexed("mind/concepts/2026-02/y.excalidraw.md") {
		t.Fatal("a new ignored file was indexed")
	}
}

// TestRebuildLeavesNoBuildSettings: the full-text settings of a rebuild
// (a big term hash, no merging) must not stay with the index in use, and
// the full text must still answer.
func TestRebuildLeavesNoBuildSettings(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	for i := range 50 {
		writeDoc(t, l, fmt.Sprintf("mind/concepts/2026-02/n%02d.md", i), fmt.Sprintf("019503a8-0000-7000-8000-0000000001%02d", i), "fact", fmt.Sprintf("Body number %d about caching.", i))
	}
	ix := openTest(t, l)
	if got := queryLines(t, ix.db, "SELECT k, v FROM fts_config WHERE k IN "+ftsBuildConfig); got != "" {
		t.Fatalf("fts_config keeps the build's settings:\n%s", got)
	}
	var n int
	if err := ix.db.QueryRowContext(ctx, "SELECT count(*) FROM fts WHERE fts MATCH 'caching'").Scan(&n); err != nil || n != 50 {
		t.Fatalf("full text finds %d of 50 documents (%v)", n, err)
	}
	if _, err := ix.db.ExecContext(ctx, "INSERT INTO fts(fts, rank) VALUES ('integrity-check', 1)"); err != nil {
		t.Fatal(err)
	}
}
