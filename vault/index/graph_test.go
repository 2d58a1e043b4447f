package index

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// linkVault is a vault with every way of naming a note.
func linkVault(t *testing.T) vault.Layout {
	l := vault.Layout{Root: t.TempDir()}
	note(t, l, "mind/concepts/Note.md", `title: "The Note"
aliases: ["NoteAlias", "Other Name"]`, "# Heading\n\nA note. ^block1")
	note(t, l, "mind/concepts/sub/Note.md", `title: "Sub note"`, "Same file name, one folder deeper.")
	note(t, l, "vault/decisions/Note.md", `title: "Decision note"`, "Same file name elsewhere.")
	note(t, l, "vault/decisions/a b.md", "", "A file name with a space.")
	note(t, l, "rules/Rule.md", `id: "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b"
title: "Rule one"
tags: [rules, Area/Git]
entities:
  - name: owner
    type: person
  - name: Cortex
    type: project
attribution: owner`, "Rules link nowhere. #inline-tag and #Area/git again.")
	return l
}

func TestLinkResolutionForms(t *testing.T) {
	l := linkVault(t)
	src := "mind/concepts/src.md"
	note(t, l, src, `relates_to: ["019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b", "[[Other Name]]", "Sub note", "019503a7-0000-7000-8000-00000000dead"]
supersedes: "019503A7-C18F-7B1D-A3B2-9C4F7E2D1A0B"`, strings.Join([]string{
		"[[Note]] [[note]] [[Note.md]] [[Note|shown]] [[Note#Heading]] [[Note#^block1]] ![[Note]]",
		"[[The Note]] [[the note]] [[NoteAlias]] [[other name]]",
		"[[sub/Note]] [[concepts/sub/Note]] [[vault/decisions/Note]] [[/vault/decisions/Note.md]]",
		"[x](Note.md) [y](sub/Note.md) [z](../../vault/decisions/Note.md) [w](<../../vault/decisions/a b.md>) [v](../../vault/decisions/a%20b.md#Top)",
		"[[#Own heading]] [[src]]",
		"[[Missing]] [m](missing.md) ![[picture.png]] [site](https://example.com/x.md)",
		"`[[In code span]]`",
		"",
		"```",
		"[[In fenced code]]",
		"```",
		"",
		"    [[In indented code]]",
	}, "\n"))
	ix := openTest(t, l)
	got := edgesOf(t, ix, src)
	want := []string{
		"links_to | Note → mind/concepts/Note.md",
		"links_to | note → mind/concepts/Note.md",
		"links_to | Note.md → mind/concepts/Note.md",
		"links_to | Note → mind/concepts/Note.md", // |shown
		"links_to | Note#Heading → mind/concepts/Note.md",
		"links_to | Note#^block1 → mind/concepts/Note.md",
		"links_to | Note → mind/concepts/Note.md", // embed
		"links_to | The Note → mind/concepts/Note.md",
		"links_to | the note → mind/concepts/Note.md",
		"links_to | NoteAlias → mind/concepts/Note.md",
		"links_to | other name → mind/concepts/Note.md",
		"links_to | sub/Note → mind/concepts/sub/Note.md",
		"links_to | concepts/sub/Note → mind/concepts/sub/Note.md",
		"links_to | vault/decisions/Note → vault/decisions/Note.md",
		"links_to | /vault/decisions/Note.md → vault/decisions/Note.md",
		"links_to | Note.md → mind/concepts/Note.md", // markdown, same folder
		"links_to | sub/Note.md → mind/concepts/sub/Note.md",
		"links_to | ../../vault/decisions/Note.md → vault/decisions/Note.md",
		"links_to | ../../vault/decisions/a b.md → vault/decisions/a b.md",
		"links_to | ../../vault/decisions/a b.md#Top → vault/decisions/a b.md",
		"links_to | #Own heading → mind/concepts/src.md",
		"links_to | src → mind/concepts/src.md",
		"links_to | Missing → ∅",
		"links_to | missing.md → ∅",
		"relates_to | 019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b → rules/Rule.md",
		"relates_to | Other Name → mind/concepts/Note.md",
		"relates_to | Sub note → mind/concepts/sub/Note.md",
		"relates_to | 019503a7-0000-7000-8000-00000000dead → ∅",
		"supersedes | 019503A7-C18F-7B1D-A3B2-9C4F7E2D1A0B → rules/Rule.md",
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("edges from %s:\n%s\nwant:\n%s", src, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	got = edgesOf(t, ix, "rules/Rule.md")
	want = []string{
		"attributed_to | owner → ∅",
		"mentions | Cortex → ∅",
		"mentions | owner → ∅",
		"tagged | Area/Git → ∅",
		"tagged | inline-tag → ∅",
		"tagged | rules → ∅",
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("edges from rules/Rule.md:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// owner is named by attribution and by entities: one node, the key.
	if n := queryLines(t, ix.db, "SELECT count(DISTINCT key) FROM edges WHERE lower(target) = 'owner'"); n != "1\n" {
		t.Errorf("owner nodes = %s, want 1", n)
	}
	if d := rebuiltDump(t, l); d != dump(t, ix.db) {
		t.Error("a second rebuild differs")
	}
}

// TestAmbiguousNames: among files of one name, the one in the linking
// note's folder wins, else the one with the shortest path.
func TestAmbiguousNames(t *testing.T) {
	l := linkVault(t)
	note(t, l, "mind/concepts/sub/from-sub.md", "", "[[Note]]")
	note(t, l, "vault/from-vault.md", "", "[[Note]]")
	note(t, l, "vault/decisions/from-decisions.md", "", "[[Note]]")
	ix := openTest(t, l)
	for src, dst := range map[string]string{
		"mind/concepts/sub/from-sub.md":     "mind/concepts/sub/Note.md",
		"vault/from-vault.md":               "mind/concepts/Note.md", // shortest: 3 segments both; fewer bytes
		"vault/decisions/from-decisions.md": "vault/decisions/Note.md",
	} {
		if got := edgesOf(t, ix, src); len(got) != 1 || !strings.HasSuffix(got[0], "→ "+dst) {
			t.Errorf("%s: %v, want → %s", src, got, dst)
		}
	}
}

// TestIncrementalMatchesRebuild applies edits one at a time, refreshing
// after each, and checks after each that the index equals one built from
// scratch on the same tree: same rows, text, aliases and edges.
func TestIncrementalMatchesRebuild(t *testing.T) {
	t.Run("candidates", func(t *testing.T) { testIncremental(t, defaultFullRelinkAt) })
	t.Run("all names", func(t *testing.T) { testIncremental(t, 1) })
}

func testIncremental(t *testing.T, fullRelinkAt int) {
	ctx := context.Background()
	l := linkVault(t)
	note(t, l, "mind/concepts/a.md", `aliases: [Alpha]`, "[[Note]] [[Beta]] [[b]] [[Gamma]] [[Sub note]] [[Rule one]]")
	note(t, l, "mind/concepts/b.md", `title: "Beta"
relates_to: ["[[a]]", "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b"]`, "[[Alpha]] [[Note]] [[Delta]]")
	ix := openTest(t, l)
	ix.fullRelinkAt = fullRelinkAt

	steps := []struct {
		name string
		do   func()
	}{
		{"edit a body", func() { note(t, l, "mind/concepts/a.md", `aliases: [Alpha]`, "Now [[Gamma]] only, and [[Missing]].") }},
		{"add the note a dangling link names", func() { note(t, l, "vault/Gamma.md", "", "Gamma at last.") }},
		{"add a nearer note of the same name", func() { note(t, l, "mind/concepts/Gamma.md", "", "A nearer Gamma.") }},
		{"retitle", func() { note(t, l, "mind/concepts/b.md", `title: "Delta"`, "Retitled; [[Delta]] is me now.") }},
		{"alias appears", func() { note(t, l, "vault/decisions/a b.md", `aliases: [Missing]`, "Answers to Missing now.") }},
		{"rename a linked note", func() { rename(t, l, "mind/concepts/Note.md", "mind/concepts/Renamed.md") }},
		{"delete the nearer note", func() { remove(t, l, "mind/concepts/Gamma.md") }},
		{"delete a rule named by id", func() { remove(t, l, "rules/Rule.md") }},
		{"the id comes back under another name", func() {
			note(t, l, "rules/Again.md", `id: "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b"`, "Back.")
		}},
		{"a note becomes unparsable", func() { writeRaw(t, l, "mind/concepts/sub/Note.md", "no frontmatter [[a]]\n") }},
		{"a document in an ignored folder", func() { note(t, l, "mind/.obsidian/x.md", "", "[[a]]") }},
		{"taxonomy changes a decay rate", func() {
			writeRaw(t, l, "taxonomy.yml", "types:\n  fact:\n    decay: 0.5\n")
		}},
	}
	for _, s := range steps {
		s.do()
		if _, err := ix.Refresh(ctx); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		got, want := dump(t, ix.db), rebuiltDump(t, l)
		if got != want {
			t.Fatalf("after %q the refreshed index differs from a rebuild:\n%s", s.name, diffLines(got, want))
		}
	}
	// The edges a refresh touched are only those naming what changed.
	note(t, l, "mind/concepts/unrelated.md", "", "Nobody links here.")
	st, err := ix.Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Documents != 1 || st.Relinked != 0 {
		t.Errorf("adding an unnamed note: %+v, want 1 document and no link resolved again", st)
	}
}

// diffLines shows the lines only in a (-) and only in b (+).
func diffLines(a, b string) string {
	as, bs := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for _, l := range as {
		if !slices.Contains(bs, l) {
			out = append(out, "- "+l)
		}
	}
	for _, l := range bs {
		if !slices.Contains(as, l) {
			out = append(out, "+ "+l)
		}
	}
	return strings.Join(out, "\n")
}

// TestReadBufferReuse: a record keeps nothing of the buffer its file was
// read into, which the next file overwrites.
func TestReadBufferReuse(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	note(t, l, "mind/a.md", `title: "First title"
aliases: [First alias]
tags: [first]`, "First body [[First link]] #firsttag")
	note(t, l, "mind/b.md", `title: "Other words here"
aliases: [Second alias]
tags: [second]`, "Second body that is longer than the first one [[Second link]] #secondtag")
	tax := doc.DefaultTaxonomy()
	stat := func(rel string) os.FileInfo {
		fi, err := os.Stat(l.Path(rel))
		if err != nil {
			t.Fatal(err)
		}
		return fi
	}
	fresh, _ := readRecord(l, "mind/a.md", stat("mind/a.md").Size(), stat("mind/a.md").ModTime().UnixNano(), tax, nil)
	reused, buf := readRecord(l, "mind/a.md", stat("mind/a.md").Size(), stat("mind/a.md").ModTime().UnixNano(), tax, nil)
	_, _ = readRecord(l, "mind/b.md", stat("mind/b.md").Size(), stat("mind/b.md").ModTime().UnixNano(), tax, buf)
	if !reflect.DeepEqual(fresh, reused) {
		t.Errorf("a record changed when its buffer was reused:\n%+v\n%+v", fresh, reused)
	}
}

// TestUpdateMatchesRebuild is TestIncrementalMatchesRebuild through Update,
// the memorizer's way: told which paths changed, it reads only those.
func TestUpdateMatchesRebuild(t *testing.T) {
	for _, at := range []int{readEdgesAt, 1} {
		t.Run(fmt.Sprintf("readEdgesAt=%d", at), func(t *testing.T) {
			defer func(was int) { readEdgesAt = was }(readEdgesAt)
			readEdgesAt = at // 1: the edges of every rewritten row read together
			testUpdateMatchesRebuild(t)
		})
	}
}

func testUpdateMatchesRebuild(t *testing.T) {
	ctx := context.Background()
	l := linkVault(t)
	note(t, l, "mind/concepts/a.md", `aliases: [Alpha]`, "[[Note]] [[Beta]] [[Gamma]] [[NoteAlias]]")
	ix := openTest(t, l)
	steps := []struct {
		name  string
		do    func()
		paths []string
	}{
		{"add a note", func() { note(t, l, "vault/Gamma.md", "", "Gamma [[a]].") }, []string{"vault/Gamma.md"}},
		{"retitle and realias", func() { note(t, l, "mind/concepts/Note.md", `title: "Beta"`, "Now I am Beta.") },
			[]string{"mind/concepts/Note.md"}},
		{"rename", func() { rename(t, l, "vault/Gamma.md", "vault/decisions/Gamma2.md") },
			[]string{"vault/Gamma.md", "vault/decisions/Gamma2.md"}},
		{"archive: move a linked note, only its status changed", func() {
			rename(t, l, "mind/concepts/Note.md", "mind/archive/concepts/Note.md")
			note(t, l, "mind/archive/concepts/Note.md", `title: "Beta"
status: archived`, "Now I am Beta.")
		}, []string{"mind/concepts/Note.md", "mind/archive/concepts/Note.md"}},
		{"a line added above the links (an archive's status line): only the edges' lines change", func() {
			note(t, l, "mind/concepts/a.md", "aliases: [Alpha]\nstatus: outdated", "[[Note]] [[Beta]] [[Gamma]] [[NoteAlias]]")
		}, []string{"mind/concepts/a.md"}},
		{"the same moved, its edges' lines back", func() {
			rename(t, l, "mind/concepts/a.md", "mind/archive/concepts/a.md")
			note(t, l, "mind/archive/concepts/a.md", "aliases: [Alpha]", "[[Note]] [[Beta]] [[Gamma]] [[NoteAlias]]")
		}, []string{"mind/concepts/a.md", "mind/archive/concepts/a.md"}},
		{"move back with another body", func() {
			rename(t, l, "mind/archive/concepts/Note.md", "mind/concepts/Note.md")
			note(t, l, "mind/concepts/Note.md", `title: "Beta"`, "Beta again, other words [[a]].")
		}, []string{"mind/archive/concepts/Note.md", "mind/concepts/Note.md"}},
		{"a copy under a new path while the old stays", func() {
			data, err := os.ReadFile(l.Path("mind", "concepts", "Note.md"))
			if err != nil {
				t.Fatal(err)
			}
			writeRaw(t, l, "vault/Copy.md", string(data))
		}, []string{"vault/Copy.md", "mind/concepts/Note.md"}},
		{"delete", func() { remove(t, l, "mind/concepts/sub/Note.md") }, []string{"mind/concepts/sub/Note.md"}},
		{"a path that is not memory", func() { writeRaw(t, l, "README.md", "# hi\n") }, []string{"README.md", "observer/x.md"}},
	}
	for _, s := range steps {
		s.do()
		if err := ix.Update(ctx, s.paths...); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if got, want := dump(t, ix.db), rebuiltDump(t, l); got != want {
			t.Fatalf("after %q Update differs from a rebuild:\n%s", s.name, diffLines(got, want))
		}
	}
}

// TestUpdateMoveKeepsRow: a document moved (the sleep cycle's archive)
// keeps its row and, its text unchanged, its text row: only the path and
// the changed fields are written.
func TestUpdateMoveKeepsRow(t *testing.T) {
	ctx := context.Background()
	l := linkVault(t)
	ix := openTest(t, l)
	rowOf := func(q, p string) string { return queryLines(t, ix.db, q, p) }
	const byPath = "SELECT rowid FROM documents WHERE path = ?"
	const textOf = "SELECT t.rowid, t.body FROM texts t JOIN documents d ON d.rowid = t.rowid WHERE d.path = ?"
	before, text := rowOf(byPath, "mind/concepts/Note.md"), rowOf(textOf, "mind/concepts/Note.md")
	if before == "" || text == "" {
		t.Fatal("fixture lacks mind/concepts/Note.md")
	}
	rename(t, l, "mind/concepts/Note.md", "mind/archive/concepts/Note.md")
	if err := ix.Update(ctx, "mind/concepts/Note.md", "mind/archive/concepts/Note.md"); err != nil {
		t.Fatal(err)
	}
	if got := rowOf(byPath, "mind/archive/concepts/Note.md"); got != before {
		t.Errorf("moved row %q, want the old row %q", got, before)
	}
	if got := rowOf(textOf, "mind/archive/concepts/Note.md"); got != text {
		t.Errorf("moved text %q, want %q", got, text)
	}
	if got, want := dump(t, ix.db), rebuiltDump(t, l); got != want {
		t.Fatalf("after the move Update differs from a rebuild:\n%s", diffLines(got, want))
	}
}

// TestGeneration: a refresh that finds nothing keeps the generation; one
// that writes a row, an Update and a rebuild give a new one.
func TestGeneration(t *testing.T) {
	ctx := context.Background()
	l := linkVault(t)
	ix := openTest(t, l)
	gen := func() string {
		t.Helper()
		g, err := ix.Generation(ctx)
		if err != nil || g == "" {
			t.Fatalf("generation %q, %v", g, err)
		}
		return g
	}
	g0 := gen()
	if _, err := ix.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if g := gen(); g != g0 {
		t.Errorf("a refresh that changed nothing moved the generation")
	}
	note(t, l, "mind/concepts/new.md", "", "new")
	if _, err := ix.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	g1 := gen()
	if g1 == g0 {
		t.Errorf("a refresh that wrote a row kept the generation")
	}
	if err := ix.Update(ctx, "mind/concepts/new.md"); err != nil {
		t.Fatal(err)
	}
	if gen() == g1 {
		t.Errorf("an update kept the generation")
	}
}
