package mind

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault/index"
)

// TestSearchPrunedAsExhaustive asks a synthetic vault (a Zipf-like
// vocabulary, sessions of twenty memories, some that ask, speakers) many
// queries of one to six words, and compares every answer with the one of
// the exhaustive search (Recall.exhaustive): the words of every-word
// results taken as known, and the words of neighbours out of reach not
// asked, must change nothing — not the results, their order, their
// scores, their matched words nor how they came.
func TestSearchPrunedAsExhaustive(t *testing.T) {
	v := newVault(t)
	r := rand.New(rand.NewPCG(7, 11))
	word := func() string { return fmt.Sprintf("w%d", int(300*r.Float64()*r.Float64()*r.Float64())) }
	speakers := []string{"Ada", "Grace", "Linus", ""}
	for i := range 300 {
		words := make([]string, 12+r.IntN(20))
		for j := range words {
			words[j] = word()
		}
		body := strings.Join(words, " ")
		if r.IntN(5) == 0 {
			body += "?"
		}
		if r.IntN(7) == 0 {
			body += " last week"
		}
		v.add(testDoc{
			body: body, importance: imp(r.Float64()), created: ago(time.Duration(i) * time.Hour),
			session:     fmt.Sprintf("0195%04x-0000-7000-8000-000000000000", i/20),
			attribution: speakers[i%len(speakers)],
		})
	}
	rc := v.open()
	ctx := context.Background()
	for n := range 160 {
		var q []string
		switch n % 4 {
		case 1:
			q = append(q, "what", "did")
		case 2:
			q = append(q, "when", "did")
		case 3:
			q = append(q, speakers[r.IntN(3)])
		}
		for range 1 + r.IntN(6) {
			q = append(q, word())
		}
		if n%9 == 0 {
			q = append(q, "-"+word())
		}
		qs := strings.Join(q, " ")
		query, _, err := ParseQuery(qs, testNow)
		if err != nil {
			t.Fatal(err)
		}
		rc.exhaustive = false
		pruned, err := rc.Search(ctx, query)
		if err != nil {
			t.Fatal(err)
		}
		rc.exhaustive = true
		whole, err := rc.Search(ctx, query)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(pruned, whole) {
			t.Errorf("%q: pruned search differs from the exhaustive one:\n%+v\n%+v", qs, pruned.Hits, whole.Hits)
		}
	}
}

// TestReachable: a neighbour is asked about when, given a word, it could
// be among the first keep; the hits' scores and the strangers' least
// scores set the bar.
func TestReachable(t *testing.T) {
	rk := DefaultRank
	hits := hitsOf(0.9, 0.8, 0.7)
	added := hitsOf(0.95, 0.75, 0.5, 0.2)
	// keep 3: the bar is the third best of 0.9, 0.8, 0.7 and the halves
	// 0.475, 0.375, 0.25, 0.1: 0.7 — 0.95 and 0.75 could reach it.
	if got := reachable(hits, added, 3, rk); !reflect.DeepEqual(got, []int{0, 1}) {
		t.Errorf("keep 3: %v, want [0 1]", got)
	}
	// keep 0, or room for every candidate: all of them.
	if got := reachable(hits, added, 0, rk); len(got) != 4 {
		t.Errorf("keep 0: %v", got)
	}
	if got := reachable(hits, added, 7, rk); len(got) != 4 {
		t.Errorf("keep 7: %v", got)
	}
	// keep 1: the bar is 0.9; 0.95 alone.
	if got := reachable(hits, added, 1, rk); !reflect.DeepEqual(got, []int{0}) {
		t.Errorf("keep 1: %v, want [0]", got)
	}
}

// hitsOf returns hits of these relevances, of no importance nor recency.
func hitsOf(rels ...float64) []index.Hit {
	out := make([]index.Hit, len(rels))
	for i, rel := range rels {
		out[i].Relevance = rel
	}
	return out
}
