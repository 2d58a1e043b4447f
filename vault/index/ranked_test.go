package index

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// rankedVault writes n documents of a few shared words in varied counts,
// fields and lengths, with importances (absent, in [0, 1], one of 3 and
// one below 0, as a hand edit can leave them), creation and reinforcement
// times over a year before 2026-03-01 (some within days of it), decaying
// and not (mind/ and vault/), statuses, types and tags, and one file that
// cannot be parsed. Without outliers, no importance is outside [0, 1].
func rankedVault(t *testing.T, n int, seed uint64, outliers bool) vault.Layout {
	t.Helper()
	l := vault.Layout{Root: t.TempDir()}
	r := rand.New(rand.NewPCG(seed, seed))
	words := []string{"lantern", "harbour", "ferry", "signal", "quiet", "anchor"}
	filler := []string{"the", "boat", "left", "early", "rain", "stone", "gull", "rope", "tide", "net"}
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		var body []string
		for range 3 + r.IntN(40) {
			if r.IntN(4) == 0 {
				// Zipf-like: lantern in most documents, anchor in few.
				body = append(body, words[min(r.IntN(len(words)), r.IntN(len(words)))])
			} else {
				body = append(body, filler[r.IntN(len(filler))])
			}
		}
		text := strings.Join(body, " ") + "."
		created := now.Add(-time.Duration(r.IntN(365*24)) * time.Hour)
		if r.IntN(10) == 0 {
			created = now.Add(-time.Duration(r.IntN(72)) * time.Hour)
		}
		var fm strings.Builder
		if r.IntN(3) == 0 {
			fmt.Fprintf(&fm, "title: %q\n", words[r.IntN(len(words))]+" "+filler[r.IntN(len(filler))])
		}
		switch k := r.IntN(10); {
		case outliers && i == 7:
			fm.WriteString("importance: 3\n")
		case outliers && i == 11:
			fm.WriteString("importance: -1\n")
		case k < 8:
			fmt.Fprintf(&fm, "importance: %.2f\n", r.Float64())
		}
		if r.IntN(4) == 0 {
			fmt.Fprintf(&fm, "reinforced: 1\nlast_reinforced: %s\n", created.Add(time.Duration(r.IntN(48))*time.Hour).Format("2006-01-02T15:04:05.000Z"))
		}
		fmt.Fprintf(&fm, "status: %s\n", []string{"active", "active", "active", "resolved", "superseded", "archived"}[r.IntN(6)])
		if r.IntN(3) == 0 {
			fmt.Fprintf(&fm, "tags: [%s]\n", []string{"sea", "sea/port", "land"}[r.IntN(3)])
		}
		typ := []string{"fact", "decision", "preference"}[r.IntN(3)]
		dir := "mind/concepts/2026-02"
		if r.IntN(3) == 0 {
			dir = "vault/decisions/2026-02"
		}
		writeRaw(t, l, fmt.Sprintf("%s/doc-%04d.md", dir, i), fmt.Sprintf("---\nid: \"0195e0c4-1c4b-7cc4-8d6a-%012x\"\ntype: %s\ncategory: concept\ncreated: %s\nsource_hash: %s\n\n# ---\n\n%s---\n\n%s\n",
			i, typ, created.Format("2006-01-02T15:04:05.000Z"), doc.Hash(text), fm.String(), text))
	}
	writeRaw(t, l, "mind/concepts/2026-02/broken.md", "---\ntype: [lantern\n---\n\nlantern lantern\n")
	return l
}

// TestSearchStopsEarlyExactly: Search, which joins the best matches by
// BM25 with their rows only until no other can reach the limit, returns
// what ranking every match in one statement returns (searchAll) — the same
// documents, scores and order — for common and rare words, all or any of
// them, a bound (Within), every filter, and limits from 1 to past the
// matches; and for the common word with a small limit it does stop early.
func TestSearchStopsEarlyExactly(t *testing.T) {
	ctx := context.Background()
	plain, odd := openTest(t, rankedVault(t, 300, 1, false)), openTest(t, rankedVault(t, 300, 1, true))
	rk := Rank{Relevance: 0.6, Importance: 0.25, Recency: 0.15, HalfLife: 30 * 24 * time.Hour, Columns: [6]float64{4, 4, 1, 2, 2, 1}}
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	terms := map[string][]Term{
		"common":      {{Text: "lantern"}},
		"rare":        {{Text: "anchor"}},
		"two":         {{Text: "lantern"}, {Text: "harbour"}},
		"not":         {{Text: "lantern"}, {Text: "ferry", Exclude: true}},
		"prefix":      {{Text: "harb", Prefix: true}},
		"phrase":      {{Text: "lantern harbour"}},
		"none":        {{Text: "kraken"}},
		"filler only": {{Text: "boat"}},
	}
	type variant struct {
		name string
		edit func(*SearchParams)
	}
	variants := []variant{
		{"plain", func(*SearchParams) {}},
		{"statuses", func(p *SearchParams) { p.Statuses = []string{"active", "resolved"} }},
		{"type", func(p *SearchParams) { p.Types = []string{"decision"} }},
		{"tag", func(p *SearchParams) { p.Tags = []string{"sea"} }},
		{"since", func(p *SearchParams) { p.Since = now.Add(-30 * 24 * time.Hour) }},
		{"until", func(p *SearchParams) { p.Until = now.Add(-200 * 24 * time.Hour) }},
		{"any", func(p *SearchParams) {
			p.Any = true
			p.Terms = append(p.Terms, Term{Text: "signal"}, Term{Text: "quiet"})
		}},
		{"any within", func(p *SearchParams) {
			p.Any = true
			p.Terms = append(p.Terms, Term{Text: "signal"}, Term{Text: "quiet"})
			p.Within = []Term{{Text: "quiet"}, {Text: "signal"}}
		}},
		{"recency only", func(p *SearchParams) { p.Rank.Relevance, p.Rank.Importance, p.Rank.Recency = 0.1, 0, 0.9 }},
		{"later", func(p *SearchParams) { p.Now = now.Add(400 * 24 * time.Hour) }},
	}
	for name, ts := range terms {
		for _, v := range variants {
			for _, limit := range []int{1, 3, 10, 1000} {
				ix := plain
				if limit == 3 {
					ix = odd
				}
				p := SearchParams{Terms: ts, Now: now, Limit: limit, Rank: rk}
				v.edit(&p)
				want, err := ix.searchAll(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				// Batches of Search's size, and from one match on, so
				// that the bound is checked after every few.
				for _, first := range []int{firstBatch, 1} {
					match, _ := MatchExpr(p.Terms, p.Any)
					got, _, err := ix.searchRanked(ctx, p, match, first)
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Errorf("%s, %s, limit %d, first batch %d: %d hits differ from ranking every match's %d:\n%s", name, v.name, limit, first, len(got), len(want), hitDiff(got, want))
					}
				}
				if got, err := ix.Search(ctx, p); err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("%s, %s, limit %d: Search: %v\n%s", name, v.name, limit, err, hitDiff(got, want))
				}
			}
		}
	}

	// An importance of 3 could lift any match past the others: the walk
	// must take them all. Without it, a common word stops early.
	for _, outliers := range []bool{true, false} {
		ix := plain
		if outliers {
			ix = odd
		}
		p := SearchParams{Terms: terms["common"], Now: now, Limit: 3, Rank: rk}
		match, _ := MatchExpr(p.Terms, false)
		got, joined, err := ix.searchRanked(ctx, p, match, firstBatch)
		if err != nil {
			t.Fatal(err)
		}
		if want, err := ix.searchAll(ctx, p); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("outliers %v: %v\n%s", outliers, err, hitDiff(got, want))
		}
		all, err := ix.matchBM25(ctx, p, match)
		if err != nil {
			t.Fatal(err)
		}
		if early := joined < len(all); early == outliers {
			t.Errorf("outliers %v: the common word joined %d of its %d matches", outliers, joined, len(all))
		}
	}
}

func hitDiff(got, want []Hit) string {
	var b strings.Builder
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = fmt.Sprintf("%s %.17g", got[i].Path, got[i].Score)
		}
		if i < len(want) {
			w = fmt.Sprintf("%s %.17g", want[i].Path, want[i].Score)
		}
		mark := " "
		if g != w || (i < len(got) && i < len(want) && !reflect.DeepEqual(got[i], want[i])) {
			mark = "!"
		}
		fmt.Fprintf(&b, "%s %2d got %-50s want %s\n", mark, i, g, w)
	}
	return b.String()
}
