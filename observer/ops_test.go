package observer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// putDoc writes and commits a document with the given id and body.
func putDoc(t *testing.T, l vault.Layout, id, typ, body string) string {
	t.Helper()
	tx := doc.DefaultTaxonomy()
	def, _ := tx.Type(typ)
	d := &doc.Document{
		ID: id, Type: typ, Category: def.Category, Created: mustTime("2026-01-10T09:00:00Z"),
		SourceHash: doc.Hash(body), Title: doc.Title(body), Body: body,
	}
	rel := doc.DocPath(def.Dir, d.Created, d.SourceHash, func(p string) bool {
		_, err := os.Stat(l.Path(p))
		return err == nil
	})
	os.MkdirAll(filepath.Dir(l.Path(rel)), 0o755)
	if err := os.WriteFile(l.Path(rel), doc.Render(d), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, l.Root, "add", rel)
	git(t, l.Root, "commit", "-qm", "add "+rel)
	return rel
}

func opLine(ts, op, id, body string) string {
	return obsLine(ts, "decision", body, `"op":"`+op+`","id":"`+id+`"`)
}

func TestOps(t *testing.T) {
	const (
		idA = "01940000-0000-7000-8000-00000000000a"
		idB = "01940000-0000-7000-8000-00000000000b"
		idC = "01941111-0000-7000-8000-00000000000c"
	)
	tests := []struct {
		name  string
		lines func(l vault.Layout) string
		want  Totals
		check func(t *testing.T, l vault.Layout, a, b, c string)
	}{
		{
			name:  "resolve by whole id",
			lines: func(vault.Layout) string { return opLine("2026-02-16T10:00:00Z", "resolve", idC, "shipped") },
			want:  Totals{Lines: 1, Operations: 1},
			check: func(t *testing.T, l vault.Layout, _, _, c string) {
				if p := readDoc(t, l, c); p.Doc.Status != StatusResolved {
					t.Errorf("status %q", p.Doc.Status)
				}
			},
		},
		{
			name: "resolve twice is one edit",
			lines: func(vault.Layout) string {
				return opLine("2026-02-16T10:00:00Z", "resolve", "01941111", "shipped") + opLine("2026-02-16T10:01:00Z", "resolve", "01941111", "shipped")
			},
			want: Totals{Lines: 2, Operations: 2},
			check: func(t *testing.T, l vault.Layout, _, _, c string) {
				if s := git(t, l.Root, "log", "-1", "--format=%s"); !strings.HasPrefix(s, "resolve: ") {
					t.Errorf("subject %q", s)
				}
			},
		},
		{
			name:  "ambiguous prefix",
			lines: func(vault.Layout) string { return opLine("2026-02-16T10:00:00Z", "resolve", "01940000", "shipped") },
			want:  Totals{Lines: 1, Quarantined: 1},
			check: func(t *testing.T, l vault.Layout, _, _, _ string) {
				qs, _ := ReadQuarantine(l)
				if len(qs) != 1 || qs[0].Reason != ReasonUnknownID || !strings.Contains(qs[0].Detail, "names more than one document") {
					t.Errorf("quarantine %+v", qs)
				}
			},
		},
		{
			name: "unknown id",
			lines: func(vault.Layout) string {
				return opLine("2026-02-16T10:00:00Z", "reinforce", "0123abcd-0000", "again")
			},
			want: Totals{Lines: 1, Quarantined: 1},
			check: func(t *testing.T, l vault.Layout, _, _, _ string) {
				qs, _ := ReadQuarantine(l)
				if len(qs) != 1 || qs[0].Reason != ReasonUnknownID || qs[0].Detail != "op reinforce: no document has the id 0123abcd-0000" {
					t.Errorf("quarantine %+v", qs)
				}
			},
		},
		{
			name:  "reinforce op",
			lines: func(vault.Layout) string { return opLine("2026-02-16T10:00:00Z", "reinforce", idA, "still true") },
			want:  Totals{Lines: 1, Operations: 1},
			check: func(t *testing.T, l vault.Layout, a, _, _ string) {
				p := readDoc(t, l, a)
				if p.Doc.Reinforced != 1 || p.Doc.LastReinforced == nil || !p.Doc.LastReinforced.Equal(mustTime("2026-02-16T10:00:00Z")) {
					t.Errorf("reinforced %d, last %v", p.Doc.Reinforced, p.Doc.LastReinforced)
				}
			},
		},
		{
			name: "supersede with a new body",
			lines: func(vault.Layout) string {
				return opLine("2026-02-16T10:00:00Z", "supersede", idA, "Use Postgres 17, not 16.")
			},
			want: Totals{Lines: 1, Operations: 1},
			check: func(t *testing.T, l vault.Layout, a, _, _ string) {
				old := readDoc(t, l, a)
				var newRel string
				for _, rel := range docFiles(t, l) {
					if strings.Contains(rel, doc.Hash("Use Postgres 17, not 16.")[:8]) {
						newRel = rel
					}
				}
				if newRel == "" {
					t.Fatalf("no new document: %v", docFiles(t, l))
				}
				nd := readDoc(t, l, newRel)
				if nd.Doc.Supersedes != idA || old.Doc.SupersededBy != nd.Doc.ID || old.Doc.Status != StatusSuperseded {
					t.Errorf("new supersedes %q; old superseded_by %q status %q", nd.Doc.Supersedes, old.Doc.SupersededBy, old.Doc.Status)
				}
				if s := git(t, l.Root, "log", "-1", "--format=%s"); s != "supersede: Use Postgres 17, not 16. (owner)\n" {
					t.Errorf("subject %q", s)
				}
			},
		},
		{
			name: "supersede by a known body",
			lines: func(vault.Layout) string {
				return opLine("2026-02-16T10:00:00Z", "supersede", idA, "Use Postgres 16.1 everywhere.")
			},
			want: Totals{Lines: 1, Operations: 1},
			check: func(t *testing.T, l vault.Layout, a, b, _ string) {
				old, nb := readDoc(t, l, a), readDoc(t, l, b)
				if nb.Doc.Supersedes != idA || old.Doc.SupersededBy != idB || old.Doc.Status != StatusSuperseded {
					t.Errorf("b supersedes %q; a superseded_by %q status %q", nb.Doc.Supersedes, old.Doc.SupersededBy, old.Doc.Status)
				}
				if n := len(docFiles(t, l)); n != 3 {
					t.Errorf("%d documents", n)
				}
			},
		},
		{
			name:  "supersede by its own body",
			lines: func(vault.Layout) string { return opLine("2026-02-16T10:00:00Z", "supersede", idA, "use postgres 16") },
			want:  Totals{Lines: 1, Quarantined: 1},
		},
		{
			name: "supersede replayed",
			lines: func(vault.Layout) string {
				return opLine("2026-02-16T10:00:00Z", "supersede", idA, "Use Postgres 17, not 16.") + opLine("2026-02-16T10:00:00Z", "supersede", idA, "Use Postgres 17, not 16.")
			},
			want: Totals{Lines: 2, Operations: 2},
			check: func(t *testing.T, l vault.Layout, a, _, _ string) {
				if n := len(docFiles(t, l)); n != 4 {
					t.Errorf("%d documents", n)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newTestVault(t)
			a := putDoc(t, l, idA, "decision", "Use Postgres 16")
			b := putDoc(t, l, idB, "decision", "Use Postgres 16.1 everywhere.")
			c := putDoc(t, l, idC, "task", "Ship the importer")
			appendRaw(t, l, tt.lines(l))
			m := openTest(t, l, nil)
			process(t, m)
			if st := loadState(t, l); st.Totals != tt.want {
				t.Errorf("totals %+v, want %+v", st.Totals, tt.want)
			}
			if tt.check != nil {
				tt.check(t, l, a, b, c)
			}
			checkInvariants(t, l)
		})
	}
}

// TestOpOnDocumentOfSameBatch: an op may name a document created earlier in
// the same batch (a retried quarantine line, say).
func TestOpOnDocumentOfSameBatch(t *testing.T) {
	l := newTestVault(t)
	appendRaw(t, l, obsLine("2026-02-16T10:00:00Z", "task", "Write the migration.", ""))
	m := openTest(t, l, nil)
	m.newID = func() string { return "01949999-0000-7000-8000-000000000001" }
	appendRaw(t, l, opLine("2026-02-16T10:01:00Z", "resolve", "01949999", "done"))
	res := process(t, m)
	if res.Memorized != 1 || res.Operations != 1 || len(res.Commits) != 1 {
		t.Fatalf("result %+v", res)
	}
	docs := docFiles(t, l)
	if len(docs) != 1 {
		t.Fatalf("documents %v", docs)
	}
	if p := readDoc(t, l, docs[0]); p.Doc.Status != StatusResolved {
		t.Errorf("status %q", p.Doc.Status)
	}
	if s := git(t, l.Root, "log", "-1", "--format=%s"); s != "observe: 2 observations\n" {
		t.Errorf("subject %q", s)
	}
	checkInvariants(t, l)
}

// TestEditFailedQuarantines: a document that cannot be edited line by line
// (its frontmatter is one flow mapping) quarantines the reinforcement that
// names it; nothing is lost, nothing half written.
func TestEditFailedQuarantines(t *testing.T) {
	l := newTestVault(t)
	body := "Flow style frontmatter."
	rel := "vault/tasks/2026-01/2026-01-10-" + doc.Hash(body)[:8] + ".md"
	os.MkdirAll(filepath.Dir(l.Path(rel)), 0o755)
	document := `---
{id: "01940000-0000-7000-8000-00000000000f", type: task, category: entity, created: 2026-01-10T09:00:00.000Z, source_hash: ` + doc.Hash(body) + `}
---

` + body + "\n"
	os.WriteFile(l.Path(rel), []byte(document), 0o644)
	git(t, l.Root, "add", "-A")
	git(t, l.Root, "commit", "-qm", "flow")
	appendRaw(t, l, obsLine("2026-02-16T10:00:00Z", "task", body, ""))
	m := openTest(t, l, nil)
	res := process(t, m)
	if res.Quarantined != 1 || len(res.Commits) != 0 {
		t.Fatalf("result %+v", res)
	}
	qs, _ := ReadQuarantine(l)
	if len(qs) != 1 || qs[0].Reason != ReasonEditFailed {
		t.Errorf("quarantine %+v", qs)
	}
	if got, _ := os.ReadFile(l.Path(rel)); string(got) != document {
		t.Errorf("document changed:\n%s", got)
	}
	checkInvariants(t, l)
}

func writeAndCommit(t *testing.T, l vault.Layout, rel string, data []byte) {
	t.Helper()
	if err := os.WriteFile(l.Path(rel), data, 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, l.Root, "commit", "-qam", "edit "+rel)
}
