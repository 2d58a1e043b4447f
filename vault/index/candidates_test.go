package index

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// TestHaveAnyAndAsking: the two yes-or-no questions recall asks about its
// candidates only — whether a document has any of some words (through
// the full-text index: stemmed, case folded, excluded terms ignored), and
// whether its body ends with a question mark — answer for the paths given
// and no others.
func TestHaveAnyAndAsking(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	paths := map[string]string{
		"a": "mind/concepts/2026-02/2026-02-16-aaaaaaaa.md",
		"b": "mind/concepts/2026-02/2026-02-16-bbbbbbbb.md",
		"c": "mind/concepts/2026-02/2026-02-16-cccccccc.md",
		"d": "mind/concepts/2026-02/2026-02-16-dddddddd.md",
	}
	writeDoc(t, l, paths["a"], id1, "fact", "We met at the harbour LAST Weeks.")
	writeDoc(t, l, paths["b"], id2, "fact", "Did you bring the lantern?  \n\n")
	writeDoc(t, l, paths["c"], id3, "fact", "Is it a question? No, it is not.")
	writeDoc(t, l, paths["d"], "0195e0c4-1c4b-7cc4-8d6a-0000000000dd", "fact", "Did you see the harbour last week?")
	ix := openTest(t, l)
	abc := []string{paths["a"], paths["b"], paths["c"]}

	yes := func(m map[string]bool) []string {
		var out []string
		for p, ok := range m {
			if ok {
				out = append(out, p)
			}
		}
		slices.Sort(out)
		return out
	}
	has, err := ix.HaveAny(ctx, []Term{{Text: "week"}, {Text: "lantern"}, {Text: "question", Exclude: true}}, abc)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := yes(has), []string{paths["a"], paths["b"]}; !slices.Equal(got, want) {
		t.Errorf("HaveAny = %v, want %v (d has the word but was not asked about)", got, want)
	}
	if has, err := ix.HaveAny(ctx, []Term{{Text: "question", Exclude: true}}, abc); err != nil || len(has) != 0 {
		t.Errorf("HaveAny of an excluded term only = %v, %v; want nothing", has, err)
	}
	asking, err := ix.Asking(ctx, nil)
	if err != nil || len(asking) != 0 {
		t.Errorf("Asking of no paths = %v, %v", asking, err)
	}
	if asking, err = ix.Asking(ctx, abc); err != nil {
		t.Fatal(err)
	}
	if got, want := yes(asking), []string{paths["b"]}; !slices.Equal(got, want) {
		t.Errorf("Asking = %v, want %v (white space after the mark aside; a mark inside is no ending)", got, want)
	}
}

// TestSearchWithin: an any-word search bounded to the documents of some of
// its words scores only those — a document that has only the other words
// is left out — and scores them as the unbounded search does: every word
// still counts in their BM25.
func TestSearchWithin(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	paths := map[string]string{
		"rare":   "mind/concepts/2026-02/2026-02-16-aaaaaaaa.md",
		"both":   "mind/concepts/2026-02/2026-02-16-bbbbbbbb.md",
		"common": "mind/concepts/2026-02/2026-02-16-cccccccc.md",
	}
	writeDoc(t, l, paths["rare"], id1, "fact", "The lantern hangs by the door.")
	writeDoc(t, l, paths["both"], id2, "fact", "The lantern lit the harbour.")
	writeDoc(t, l, paths["common"], id3, "fact", "The harbour was quiet.")
	// Documents with neither word, so that both are rare enough for BM25
	// to weigh (FTS5 floors the idf of a word in half the documents).
	for i := range 6 {
		writeDoc(t, l, fmt.Sprintf("mind/concepts/2026-02/2026-02-16-dddddd%02d.md", i), fmt.Sprintf("0195e0c4-1c4b-7cc4-8d6a-0000000000%02x", 0xd0+i), "fact", "Nothing to see here.")
	}
	ix := openTest(t, l)
	p := SearchParams{
		Terms: []Term{{Text: "lantern"}, {Text: "harbour"}}, Any: true, Limit: 10, Now: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC),
		Rank: Rank{Relevance: 1, Columns: [6]float64{1, 1, 1, 1, 1, 1}},
	}
	bm25 := func(p SearchParams) map[string]float64 {
		t.Helper()
		hits, err := ix.Search(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, h := range hits {
			out[h.Path] = h.BM25
		}
		return out
	}
	all := bm25(p)
	if len(all) != 3 {
		t.Fatalf("unbounded: %v, want the three documents with a word", all)
	}
	p.Within = []Term{{Text: "lantern"}, {Text: "harbour", Exclude: true}}
	within := bm25(p)
	if _, ok := within[paths["common"]]; ok || len(within) != 2 {
		t.Errorf("within lantern: %v, want the two documents with lantern (an excluded term bounds nothing)", within)
	}
	for _, k := range []string{"rare", "both"} {
		if b := within[paths[k]]; b >= 0 || b != all[paths[k]] {
			t.Errorf("%s: BM25 %g within lantern, %g unbounded: the bound changed the score", k, within[paths[k]], all[paths[k]])
		}
	}
}

// TestSessionNeighbors: the neighbours of many anchors in one query are
// what Neighbors gives for each one alone — the same session only, nearest
// first, documents of one millisecond ordered by path, never the anchor —
// and an anchor without a session has none.
func TestSessionNeighbors(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	write := func(name, session, created string) {
		t.Helper()
		body := "Turn " + name + "."
		fm := ""
		if session != "" {
			fm = "session_id: " + session + "\n"
		}
		writeRaw(t, l, "mind/concepts/2026-02/"+name+".md", fmt.Sprintf("---\nid: \"0195e0c4-1c4b-7cc4-8d6a-%012x\"\ntype: fact\ncategory: concept\ncreated: %s\nsource_hash: %s\n\n# ---\n\n%s---\n\n%s\n",
			len(name)*1000+int(name[len(name)-1]), created, doc.Hash(body), fm, body))
	}
	// s1: a, b and c one minute apart, d and e at c's millisecond; s2
	// between them in time; f has no session.
	write("a", "s1", "2026-02-16T10:00:00.000Z")
	write("b", "s1", "2026-02-16T10:01:00.000Z")
	write("x", "s2", "2026-02-16T10:01:30.000Z")
	write("c", "s1", "2026-02-16T10:02:00.000Z")
	write("d", "s1", "2026-02-16T10:02:00.000Z")
	write("e", "s1", "2026-02-16T10:02:00.000Z")
	write("y", "s2", "2026-02-16T10:03:00.000Z")
	write("f", "", "2026-02-16T10:04:00.000Z")
	ix := openTest(t, l)
	all, err := ix.query(ctx, "SELECT "+docColumns+" FROM documents ORDER BY path")
	if err != nil || len(all) != 8 {
		t.Fatalf("documents: %d, %v", len(all), err)
	}
	names := func(ds []Doc) string {
		var s []string
		for _, d := range ds {
			s = append(s, strings.TrimSuffix(path.Base(d.Path), ".md"))
		}
		return strings.Join(s, " ")
	}
	before, after, err := ix.SessionNeighbors(ctx, all, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range all {
		for k, side := range [][]Doc{before[i], after[i]} {
			want, err := ix.Neighbors(ctx, NeighborParams{Anchor: a, After: k == 1, Session: a.SessionID, SameSession: true, Limit: 2})
			if err != nil {
				t.Fatal(err)
			}
			if names(side) != names(want) {
				t.Errorf("%s, after %v: %q, Neighbors gives %q", a.Path, k == 1, names(side), names(want))
			}
		}
	}
	// Spelled out for one anchor, so that both cannot be wrong alike.
	for i, a := range all {
		if strings.HasSuffix(a.Path, "/d.md") {
			if got := names(before[i]) + " | " + names(after[i]); got != "c b | e" {
				t.Errorf("d: %q, want \"c b | e\"", got)
			}
		}
	}
}

// TestInCandidatesBothWays: whether a candidate has a word is answered
// the same through the vault's posting lists and through the candidates'
// own texts indexed apart — stems, case, diacritics, phrases, prefixes,
// camelCase parts, the title, tags, a word of no letters — and both as
// the whole full-text index answers, for the candidates alone.
func TestInCandidatesBothWays(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	bodies := []string{
		"We met at the harbour LAST Weeks, near the café.",
		"Did you bring the lantern? parseQuery failed twice",
		"The lanterns were lit; a quick brown fox.",
		"Nothing to see here: 42 boxes, résumé attached.",
		"quick-brown foxes run; the harbour master parse query",
		"A cafe and a resume, no harbour.",
	}
	var paths []string
	for i, b := range bodies {
		p := fmt.Sprintf("mind/concepts/2026-02/2026-02-16-%08x.md", i+10)
		writeDoc(t, l, p, fmt.Sprintf("0195e0c4-1c4b-7cc4-8d6a-%012x", i+10), "fact", b)
		paths = append(paths, p)
	}
	ix := openTest(t, l)
	terms := []Term{
		{Text: "week"}, {Text: "lantern"}, {Text: "cafe"}, {Text: "résumé"}, {Text: "quick brown"},
		{Text: "harb", Prefix: true}, {Text: "parseQuery"}, {Text: "42"}, {Text: "!!"}, {Text: "fox"},
		{Text: "concepts"}, {Text: "nowhere"},
	}
	asked := []string{paths[0], paths[1], paths[2], paths[4], paths[5], "mind/none.md"}
	var matches []string
	for _, term := range terms {
		m, _ := MatchExpr([]Term{term}, false)
		matches = append(matches, m)
	}
	both := [2]map[string][]int{{}, {}}
	for k, byText := range []bool{false, true} {
		err := ix.inCandidates(ctx, asked, matches, byText, func(q int, p string) { both[k][p] = append(both[k][p], q) })
		if err != nil {
			t.Fatal(err)
		}
	}
	// The whole index's answer, for the paths asked about.
	want := map[string][]int{}
	for q, m := range matches {
		rows, err := ix.db.QueryContext(ctx, `SELECT d.path FROM fts JOIN documents d ON d.rowid = fts.rowid WHERE fts MATCH ?`, m)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var p string
			if err := rows.Scan(&p); err != nil {
				t.Fatal(err)
			}
			if slices.Contains(asked, p) {
				want[p] = append(want[p], q)
			}
		}
		rows.Close()
	}
	if len(want) < 4 {
		t.Fatalf("the words match too little to test: %v", want)
	}
	for k, got := range both {
		for _, p := range asked {
			if !slices.Equal(got[p], want[p]) {
				t.Errorf("byText %v, %s: terms %v, want %v", k == 1, p, got[p], want[p])
			}
		}
	}
	// Matches and HaveAny take either way by the number of terms; a
	// second question on the connection finds no texts of the first.
	m1, err := ix.Matches(ctx, terms, asked)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range asked {
		if !slices.Equal(m1[p], want[p]) {
			t.Errorf("Matches %s: %v, want %v", p, m1[p], want[p])
		}
	}
	m2, err := ix.Matches(ctx, terms[:2], paths[3:4])
	if err != nil || len(m2) != 0 {
		t.Errorf("Matches of week, lantern in document 3 = %v, %v; want none", m2, err)
	}
	has, err := ix.HaveAny(ctx, []Term{{Text: "fox"}, {Text: "cafe"}}, asked)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range asked {
		if want := len(want[p]) > 0 && (slices.Contains(want[p], 9) || slices.Contains(want[p], 2)); has[p] != want {
			t.Errorf("HaveAny fox, cafe %s = %v, want %v", p, has[p], want)
		}
	}
}
