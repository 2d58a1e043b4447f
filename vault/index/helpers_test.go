package index

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// note writes a document at rel with the extra frontmatter lines fm (YAML,
// one field a line) and body.
func note(t testing.TB, l vault.Layout, rel, fm, body string) {
	t.Helper()
	id := fmt.Sprintf("%08x-0000-7000-8000-000000000000", len(rel)*7919+int(rel[len(rel)-4]))
	if strings.Contains(fm, "id:") {
		id = ""
	}
	var b strings.Builder
	b.WriteString("---\n")
	if id != "" {
		fmt.Fprintf(&b, "id: %q\n", id)
	}
	fmt.Fprintf(&b, "type: fact\ncategory: concept\ncreated: 2026-02-16T15:23:14.527Z\nsource_hash: %s\n\n# ---\n\n", doc.Hash(body))
	if fm != "" {
		b.WriteString(strings.TrimSpace(fm) + "\n")
	}
	b.WriteString("---\n\n" + body + "\n")
	writeRaw(t, l, rel, b.String())
}

func writeRaw(t testing.TB, l vault.Layout, rel, content string) {
	t.Helper()
	p := l.Path(filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func remove(t testing.TB, l vault.Layout, rel string) {
	t.Helper()
	if err := os.Remove(l.Path(filepath.FromSlash(rel))); err != nil {
		t.Fatal(err)
	}
}

func rename(t testing.TB, l vault.Layout, from, to string) {
	t.Helper()
	dst := l.Path(filepath.FromSlash(to))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(l.Path(filepath.FromSlash(from)), dst); err != nil {
		t.Fatal(err)
	}
}

// dump renders every table of the index as sorted text, rowids replaced by
// paths, so that two indexes of one tree compare equal however they were
// built. Size and mtime are left out: a copied tree has other mtimes.
func dump(t testing.TB, db *sql.DB) string {
	t.Helper()
	var b strings.Builder
	for _, q := range []string{
		`SELECT 'doc', path, name_key, id, type, category, created, created_ms, source_hash, title,
			title_key, bucket, attribution, quote(confidence), quote(importance), session_id, agent,
			scope, status, aliases, reinforced, last_reinforced, supersedes, superseded_by,
			promoted_to, files, decay_rate, decay_base_ms, parse_error != '' FROM documents`,
		`SELECT 'text', d.path, t.title, t.aliases, t.body, t.tags, t.entities FROM texts t JOIN documents d ON d.rowid = t.rowid`,
		`SELECT 'alias', d.path, a.key FROM aliases a JOIN documents d ON d.rowid = a.doc`,
		`SELECT 'edge', s.path, e.kind, coalesce(t.path, '∅'), e.target, e.key, e.name_key, e.form, e.subpath, e.type, e.line
			FROM edges e JOIN documents s ON s.rowid = e.src LEFT JOIN documents t ON t.rowid = e.dst`,
		`SELECT 'orphan text', rowid FROM texts WHERE rowid NOT IN (SELECT rowid FROM documents)`,
		`SELECT 'orphan alias', doc FROM aliases WHERE doc NOT IN (SELECT rowid FROM documents)`,
		`SELECT 'orphan edge', src FROM edges WHERE src NOT IN (SELECT rowid FROM documents)`,
		`SELECT 'stale dst', dst FROM edges WHERE dst IS NOT NULL AND dst NOT IN (SELECT rowid FROM documents)`,
		`SELECT 'meta', key, value FROM meta WHERE key <> 'generation'`,
	} {
		b.WriteString(queryLines(t, db, q))
	}
	if _, err := db.Exec("INSERT INTO fts(fts, rank) VALUES ('integrity-check', 1)"); err != nil {
		t.Fatalf("fts out of step with texts: %v", err)
	}
	return b.String()
}

// queryLines runs q and returns its rows, one a line, sorted.
func queryLines(t testing.TB, db *sql.DB, q string, args ...any) string {
	t.Helper()
	rows, err := db.Query(q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var lines []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		parts := make([]string, len(vals))
		for i, v := range vals {
			if bs, ok := v.([]byte); ok {
				v = string(bs)
			}
			parts[i] = fmt.Sprint(v)
		}
		lines = append(lines, strings.Join(parts, " | "))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(lines)
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// rebuiltDump copies the vault's memory folders and taxonomy to a new
// folder, builds an index there from scratch and dumps it.
func rebuiltDump(t testing.TB, l vault.Layout) string {
	t.Helper()
	c := vault.Layout{Root: t.TempDir()}
	err := filepath.WalkDir(l.Root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(l.Root, p)
		if d.IsDir() {
			if rel == ".cortex" {
				return fs.SkipDir
			}
			return os.MkdirAll(filepath.Join(c.Root, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(c.Root, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RebuildStatsOf(context.Background(), c, RebuildOptions{Logger: quiet()}); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(context.Background(), c, Options{Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	return dump(t, ix.db)
}

// edgesOf lists the edges from the document at src: "kind target → dst".
func edgesOf(t testing.TB, ix *Index, src string) []string {
	t.Helper()
	out := queryLines(t, ix.db, `SELECT e.kind || ' | ' || e.target || e.subpath || ' → ' || coalesce(d.path, '∅')
		FROM edges e JOIN documents s ON s.rowid = e.src LEFT JOIN documents d ON d.rowid = e.dst
		WHERE s.path = ?`, src)
	if out == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}
