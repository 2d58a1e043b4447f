package mind

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault/index"
)

// recencyOf is T of the documented formula.
func recencyOf(base time.Time) float64 {
	age := testNow.Sub(base)
	return math.Pow(0.5, float64(age)/float64(DefaultRank.HalfLife))
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestRankFormula checks every part of a score against the README's
// formula, computed here in Go from the documents' fields.
func TestRankFormula(t *testing.T) {
	v := newVault(t)
	type want struct{ eff, rec float64 }
	wants := map[string]want{}
	add := func(d testDoc, eff float64, base time.Time) {
		_, id := v.add(d)
		wants[id] = want{eff, recencyOf(base)}
	}
	// A decision (vault/: no decay), a lesson (mind/: 0.02 a month), a
	// reinforced warning, a document without importance (0.5), a
	// preference (no decay even in mind/).
	add(testDoc{typ: "decision", body: "Kestrel cache: use SQLite", importance: imp(0.9), created: ago(40 * day)}, 0.9, ago(40*day))
	created := ago(300 * day)
	add(testDoc{typ: "lesson", body: "Kestrel tests need the race detector", importance: imp(0.8), created: created},
		0.8-0.02*float64(testNow.Sub(created).Milliseconds())/index.MonthMS, created)
	rein := ago(2 * day)
	add(testDoc{typ: "warning", body: "Kestrel fetcher: check the error field", importance: imp(0.7), created: ago(200 * day), reinforced: &rein},
		0.7-0.02*float64(testNow.Sub(rein).Milliseconds())/index.MonthMS, rein)
	add(testDoc{typ: "fact", body: "Kestrel runs on a Raspberry Pi", created: ago(5 * day)},
		0.5-0.02*float64(5*day/time.Millisecond)/index.MonthMS, ago(5*day))
	add(testDoc{typ: "preference", body: "Kestrel: table-driven tests, hand-written fakes", importance: imp(0.6), created: ago(900 * day)}, 0.6, ago(900*day))

	res := search(t, v.open(), "kestrel")
	if len(res.Hits) != len(wants) {
		t.Fatalf("got %d hits, want %d: %s", len(res.Hits), len(wants), titles(res))
	}
	best := 0
	for i, h := range res.Hits {
		w := wants[h.ID]
		if !near(h.Effective, w.eff) {
			t.Errorf("%s: effective importance %v, want %v", h.Title, h.Effective, w.eff)
		}
		if !near(h.Recency, w.rec) {
			t.Errorf("%s: recency %v, want %v", h.Title, h.Recency, w.rec)
		}
		if h.Relevance <= 0 || h.Relevance > 1 {
			t.Errorf("%s: relevance %v outside (0, 1]", h.Title, h.Relevance)
		}
		if h.Relevance == 1 {
			best++
		}
		if s := 0.6*h.Relevance + 0.25*h.Effective + 0.15*h.Recency; !near(h.Score, s) {
			t.Errorf("%s: score %v, want 0.6·%v + 0.25·%v + 0.15·%v = %v", h.Title, h.Score, h.Relevance, h.Effective, h.Recency, s)
		}
		if i > 0 && h.Score > res.Hits[i-1].Score {
			t.Errorf("hit %d (%s, %v) scores above hit %d (%v)", i, h.Title, h.Score, i-1, res.Hits[i-1].Score)
		}
	}
	if best == 0 {
		t.Errorf("no hit has relevance 1: the best match must")
	}
}

// TestRankOrder: pairs of documents that tie on all but one part of the
// score, in both orders of writing, so neither file order nor path order
// can pass for ranking.
func TestRankOrder(t *testing.T) {
	cases := []struct {
		name          string
		first, second testDoc // first must rank first
		query         string
	}{
		{
			name:   "bm25 ties, importance decides",
			first:  testDoc{typ: "decision", body: "zebra crossing alpha", importance: imp(0.9), created: ago(10 * day)},
			second: testDoc{typ: "decision", body: "zebra crossing bravo", importance: imp(0.4), created: ago(10 * day)},
			query:  "zebra",
		},
		{
			name:   "bm25 ties, recency decides",
			first:  testDoc{typ: "decision", body: "zebra crossing alpha", importance: imp(0.6), created: ago(2 * day)},
			second: testDoc{typ: "decision", body: "zebra crossing bravo", importance: imp(0.6), created: ago(60 * day)},
			query:  "zebra",
		},
		{
			name:   "bm25 ties, a reinforcement is recent",
			first:  testDoc{typ: "decision", body: "zebra crossing alpha", importance: imp(0.6), created: ago(90 * day), reinforced: ptr(ago(day))},
			second: testDoc{typ: "decision", body: "zebra crossing bravo", importance: imp(0.6), created: ago(90 * day)},
			query:  "zebra",
		},
		{
			// 0.8 less 0.02 a month for a year is 0.56 < 0.7: decay
			// under mind/, none under vault/.
			name:   "bm25 ties, importance after decay decides",
			first:  testDoc{typ: "decision", body: "zebra crossing alpha", importance: imp(0.7), created: ago(365 * day)},
			second: testDoc{typ: "lesson", body: "zebra crossing bravo", importance: imp(0.8), created: ago(365 * day)},
			query:  "zebra",
		},
		{
			name:   "importance and recency tie, bm25 decides",
			first:  testDoc{typ: "decision", body: "zebra zebra crossing", importance: imp(0.6), created: ago(10 * day)},
			second: testDoc{typ: "decision", body: "zebra crossing with a long tail of other words in it", importance: imp(0.6), created: ago(10 * day)},
			query:  "zebra",
		},
		{
			name:   "a title match counts more than a body match",
			first:  testDoc{typ: "decision", title: "Zebra crossing", body: "the crossing near the school gets lights", importance: imp(0.6), created: ago(10 * day)},
			second: testDoc{typ: "decision", title: "Crossing lights", body: "the zebra near the school gets lights", importance: imp(0.6), created: ago(10 * day)},
			query:  "zebra",
		},
	}
	for _, c := range cases {
		for _, reversed := range []bool{false, true} {
			name := c.name
			if reversed {
				name += " (written in reverse)"
			}
			t.Run(name, func(t *testing.T) {
				v := newVault(t)
				var firstID, secondID string
				if reversed {
					_, secondID = v.add(c.second)
					_, firstID = v.add(c.first)
				} else {
					_, firstID = v.add(c.first)
					_, secondID = v.add(c.second)
				}
				res := search(t, v.open(), c.query)
				got := ids(res)
				if len(got) != 2 || got[0] != firstID || got[1] != secondID {
					t.Fatalf("order %v (%s), want %s then %s", got, titles(res), firstID, secondID)
				}
				a, b := res.Hits[0], res.Hits[1]
				if a.Score <= b.Score {
					t.Errorf("scores %v, %v: the first must score higher", a.Score, b.Score)
				}
				if c.name != "importance and recency tie, bm25 decides" && c.name != "a title match counts more than a body match" && !near(a.Relevance, b.Relevance) {
					t.Errorf("relevance %v and %v: the case needs a bm25 tie", a.Relevance, b.Relevance)
				}
			})
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestRankRelevanceLeads: the weights let relevance lead. A document that
// matches half as well loses to the best match even at full importance
// and brand new, against the best at the threshold importance and a month
// old: 0.6·1 + 0.25·0.5 + 0.15·0.5 = 0.8 > 0.6·0.5 + 0.25 + 0.15 = 0.7.
// Between two documents that have every word in their titles, BM25 rarely
// differs that much (FTS5 weighs a column by multiplying its term count,
// and BM25 saturates with counts): among good matches importance and
// recency do reorder, which is the point of blending.
func TestRankRelevanceLeads(t *testing.T) {
	v := newVault(t)
	_, strong := v.add(testDoc{typ: "decision", body: "heron heron heron", importance: imp(0.5), created: ago(30 * day)})
	// The weak one names the heron once, past its title, after many
	// other words.
	_, weak := v.add(testDoc{typ: "decision", body: strings.Repeat("and a great many other words that dilute the one match ", 10) + "heron", importance: imp(1), created: testNow})
	res := search(t, v.open(), "heron")
	if got := ids(res); len(got) != 2 || got[0] != strong || got[1] != weak {
		t.Fatalf("order %s", titles(res))
	}
	if r := res.Hits[1].Relevance; r > 0.5 {
		t.Fatalf("the weak match has relevance %v; the case needs ≤ 0.5", r)
	}
}
