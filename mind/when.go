package mind

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/cortex-vault/cortex/vault/index"
)

// A date in a question ("what did Tim say on 16 November, 2023?", "in
// May 2023", "in 2022") says when the answer was said: Search looks for
// the question's other words among the memories created then as well
// (README, Design: Recall). Only absolute dates are read: a relative one
// ("last week") is relative to when it was said, which a search does not
// know.

// span is a stretch of time: [from, to).
type span struct{ from, to time.Time }

// month reads a month's name, whole or in three letters ("sept" too). A
// loop over twelve names rather than a map built at start-up.
func month(w string) (time.Month, bool) {
	if w == "sept" {
		return time.September, true
	}
	for m := time.January; m <= time.December; m++ {
		name := m.String()
		if (len(w) == len(name) || len(w) == 3) && strings.EqualFold(w, name[:len(w)]) {
			return m, true
		}
	}
	return 0, false
}

// dateIn finds the first absolute date in the terms' words: a day ("16
// November 2023", "November 16th, 2023", "2023-11-16"), a month
// ("November 2023") or a year ("2023", from 1900 to 2199). It returns the
// day, month or year it names (a day widened by one on each side, for
// time zones) and the indexes of the terms that wrote it, when they are
// only a date to look in: a month's name and its numbers. A year alone
// or 2023-11-16 may be a word of the memory too ("port 2000"), and stays
// one.
func dateIn(terms []Term) (span, []int, bool) {
	type word struct {
		text string
		term int
	}
	var ws []word
	for i, t := range terms {
		if t.Exclude || t.Phrase || t.Prefix {
			continue
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(t.Text), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsNumber(r) && r != '-'
		}) {
			ws = append(ws, word{w, i})
		}
	}
	day := func(s string) (int, bool) {
		s = strings.TrimRight(s, "stndrh") // 1st 2nd 3rd 8th
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= 1 && n <= 31
	}
	year := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		return n, err == nil && len(s) == 4 && n >= 1900 && n < 2200
	}
	idx := func(ws ...word) []int {
		var out []int
		for _, w := range ws {
			if len(out) == 0 || out[len(out)-1] != w.term {
				out = append(out, w.term)
			}
		}
		return out
	}
	dayspan := func(y int, m time.Month, d int) span {
		t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
		return span{t.AddDate(0, 0, -1), t.AddDate(0, 0, 2)}
	}
	for i, w := range ws {
		if t, err := time.Parse("2006-01-02", w.text); err == nil {
			return dayspan(t.Year(), t.Month(), t.Day()), nil, true
		}
		m, isMonth := month(w.text)
		if isMonth && i+2 < len(ws) {
			if d, ok := day(ws[i+1].text); ok {
				if y, ok := year(ws[i+2].text); ok {
					return dayspan(y, m, d), idx(w, ws[i+1], ws[i+2]), true
				}
			}
		}
		if isMonth && i+1 < len(ws) {
			if y, ok := year(ws[i+1].text); ok {
				t := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
				return span{t, t.AddDate(0, 1, 0)}, idx(w, ws[i+1]), true
			}
		}
		if d, ok := day(w.text); ok && i+2 < len(ws) {
			if m, ok := month(ws[i+1].text); ok {
				if y, ok := year(ws[i+2].text); ok {
					return dayspan(y, m, d), idx(w, ws[i+1], ws[i+2]), true
				}
			}
		}
	}
	for _, w := range ws {
		if y, ok := year(w.text); ok {
			t := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
			return span{t, t.AddDate(1, 0, 0)}, nil, true
		}
	}
	return span{}, nil, false
}

// inSpan ranks again the memories created in when: the question's words
// are looked for among them (any word), and the relevance R of a memory
// found so becomes (1 + R')/2, R' its relevance among them; the others'
// R is halved.
func (r *Recall) inSpan(ctx context.Context, p index.SearchParams, when span, hits []index.Hit) ([]index.Hit, error) {
	q := p
	q.Any = true
	if q.Since.Before(when.from) {
		q.Since = when.from
	}
	q.Until = when.to
	in, err := r.ix.Search(ctx, q)
	if err != nil {
		return nil, err
	}
	if len(in) == 0 {
		return hits, nil
	}
	at := make(map[string]int, len(hits))
	for i := range hits {
		at[hits[i].Path] = i
		hits[i].Relevance /= 2
	}
	for _, h := range in {
		rel := (1 + h.Relevance) / 2
		if i, ok := at[h.Path]; ok {
			hits[i].Relevance = max(hits[i].Relevance, rel)
			continue
		}
		h.Relevance = rel
		hits = append(hits, h)
	}
	return hits, nil
}

// A question that asks when ("When did Melanie go camping?") is answered
// by a memory that says when: "last weekend", "two years ago", "on
// Friday", "in May". Among a pull search's candidates, those that have such
// a word gain timeWeight of relevance (byTimeWords): the form of the
// question says what kind of word the answer holds, not which — the
// answer-type matching of lexical question answering. The answer's own
// words still lead: the lift reorders memories that match about as well.

// timeWeight is the share of relevance a memory with a time word gains
// for a question that asks when. Measured on LoCoMo's development
// conversations (bench/run.sh recall): temporal recall@5 78.5% → 81.1% at
// 0.1, and nothing else moved; 0.25 gives no more.
const timeWeight = 0.1

// timeWords are the words that place what a memory tells in time (the
// porter stemmer of the index finds "weeks" and "months" too), built on
// first use.
var timeWords = sync.OnceValue(func() []index.Term {
	var ts []index.Term
	for _, w := range strings.Fields(`yesterday today tomorrow ago last next recently week weekend month year
		monday tuesday wednesday thursday friday saturday sunday`) {
		ts = append(ts, index.Term{Text: w})
	}
	for m := time.January; m <= time.December; m++ {
		ts = append(ts, index.Term{Text: strings.ToLower(m.String())})
	}
	return ts
})

// asksWhen reports whether the query is a question that asks when: its
// first term is the bare word "when".
func asksWhen(terms []Term) bool {
	if len(terms) == 0 {
		return false
	}
	t := terms[0]
	return !t.Phrase && !t.Prefix && !t.Exclude && strings.EqualFold(strings.TrimRight(t.Text, "?,.!"), "when")
}

// byTimeWords gives the hits that have a time word timeWeight of
// relevance (lift); lends follows.
func (r *Recall) byTimeWords(ctx context.Context, hits []index.Hit, lends map[string]float64) error {
	paths := make([]string, len(hits))
	for i, h := range hits {
		paths[i] = h.Path
	}
	has, err := r.ix.HaveAny(ctx, timeWords(), paths)
	if err != nil {
		return err
	}
	lift(hits, lends, timeWeight, func(h index.Hit) bool { return has[h.Path] })
	return nil
}
