package index

import (
	"context"
	"slices"
	"testing"

	"github.com/cortex-vault/cortex/vault"
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
