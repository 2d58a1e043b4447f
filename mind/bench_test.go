package mind

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// benchVault writes n documents whose bodies draw from a vocabulary where
// "w0" is in about every document and "w999" in a few, and opens recall
// over it.
func benchVault(b *testing.B, n int) *Recall {
	b.Helper()
	v := newVault(b)
	r := rand.New(rand.NewPCG(1, 2))
	types := []string{"fact", "decision", "lesson", "warning", "task"}
	for i := range n {
		words := make([]string, 30)
		for j := range words {
			// Zipf-like: low numbers are common.
			words[j] = fmt.Sprintf("w%d", int(1000*r.Float64()*r.Float64()*r.Float64()))
		}
		v.add(testDoc{
			typ: types[i%len(types)], body: strings.Join(words, " "),
			importance: imp(r.Float64()), created: ago(time.Duration(r.IntN(400)) * day),
			session: fmt.Sprintf("0195%04x-0000-7000-8000-000000000000", i/20),
			tags:    []string{fmt.Sprintf("area/t%d", i%7)},
		})
	}
	return v.open()
}

func BenchmarkSearch(b *testing.B) {
	r := benchVault(b, 5000)
	ctx := context.Background()
	for _, qs := range []string{"w0", "w5", "w700", "w3 w9", "w0 type:decision", "type:task", "", "w1 w2 w3 w4 -w5", "when did w3 w9 w40"} {
		q, _, err := ParseQuery(qs, testNow)
		if err != nil {
			b.Fatal(err)
		}
		res, err := r.Search(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%q", qs), func(b *testing.B) {
			b.ReportMetric(float64(len(res.Hits)), "hits")
			for b.Loop() {
				if _, err := r.Search(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkTimeline(b *testing.B) {
	r := benchVault(b, 5000)
	ctx := context.Background()
	res, err := r.Search(ctx, Query{Limit: 1})
	if err != nil || len(res.Hits) == 0 {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := r.Timeline(ctx, res.Hits[0].ID, 5, 5); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseQuery(b *testing.B) {
	s := `"busy timeout" sqlite retr* -postgres type:decision tag:area/storage since:7d status:resolved`
	for b.Loop() {
		if _, _, err := ParseQuery(s, testNow); err != nil {
			b.Fatal(err)
		}
	}
}
