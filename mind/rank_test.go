package mind

import (
	"context"
	"fmt"
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
			// A title the body starts with (here the derived one) is
			// not counted again: where a word stands in the body does
			// not make a better match.
			name:   "a title that repeats the body counts once, importance decides",
			first:  testDoc{typ: "decision", body: "the old crossing near the zebra", importance: imp(0.6), created: ago(10 * day)},
			second: testDoc{typ: "decision", body: "zebra near the old crossing now", importance: imp(0.5), created: ago(10 * day)},
			query:  "zebra",
		},
		{
			// The any-word ranking has the second first (three zebras in
			// three words); every word halves the distance to 1.
			name:   "every word before some words",
			first:  testDoc{typ: "decision", body: "the zebra crossing by the old village school", importance: imp(0.6), created: ago(10 * day)},
			second: testDoc{typ: "decision", body: "zebra zebra zebra", importance: imp(0.6), created: ago(10 * day)},
			query:  "zebra crossing",
		},
		{
			name:   "stop words are not looked for",
			first:  testDoc{typ: "decision", body: "zebra lights", importance: imp(0.6), created: ago(10 * day)},
			second: testDoc{typ: "decision", body: "what did the zebra do with the lights", importance: imp(0.6), created: ago(10 * day)},
			query:  "what did the zebra do with the lights?",
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
				if strings.Contains(c.name, "decides") && !strings.Contains(c.name, "bm25 decides") && !near(a.Relevance, b.Relevance) {
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

// TestRankNeighbours: a search of two or more words lends
// neighbourShare of a hit's relevance to the memories up to neighbourSpan
// before and after it in its session, which rank after it with the
// formula's score; the hit lends its relevance without the bonus for
// having every word (R/2 of coordinate), and a neighbour that has none
// of the query's words gets strangerShare of that and says via which hit
// it came. Other sessions, one-word searches and the push block's search
// get nothing lent.
func TestRankNeighbours(t *testing.T) {
	v := newVault(t)
	const sess = "0195e0c4-1c4b-7cc4-8d6a-000000000001"
	body := []string{
		"we met at the harbour",           // 3 before: too far
		"the weather was cold",            // 2 before
		"what did you bring?",             // 1 before
		"I brought the kestrel lantern",   // the match: every word
		"it lights the whole deck",        // 1 after
		"and runs all night",              // 2 after
		"good night",                      // 3 after: too far
		"kestrel kestrel kestrel kestrel", // elsewhere: the rarer word, often
	}
	idOf := map[string]string{}
	for i, b := range body {
		s := sess
		if i == 7 {
			s = "0195e0c4-1c4b-7cc4-8d6a-000000000003"
		}
		_, id := v.add(testDoc{body: b, session: s, importance: imp(0.5), created: ago(day - time.Duration(i)*time.Minute)})
		idOf[b] = id
	}
	_, other := v.add(testDoc{body: "another session's note", session: "0195e0c4-1c4b-7cc4-8d6a-000000000002", created: ago(day - 3*time.Minute + time.Second)})
	// Lanterns elsewhere, so that "lantern" is the commoner word.
	for i := range 3 {
		v.add(testDoc{body: fmt.Sprintf("a lantern, number %d", i), created: ago(2 * day)})
	}
	r := v.open()

	res := search(t, r, "kestrel lantern")
	got := map[string]Hit{}
	rank := map[string]int{}
	for i, h := range res.Hits {
		got[h.ID], rank[h.ID] = h, i
	}
	match, ok := got[idOf[body[3]]]
	if !ok || res.Hits[0].ID != match.ID || match.Relevance < 0.5 {
		t.Fatalf("the match first, with the bonus for every word: %s", titles(res))
	}
	// What the match lends: its relevance less the bonus, (b + g)/(1 + g)/2
	// for R = (1 + b)/2 (coordinate: it has every word, c = 1).
	b := 2*match.Relevance - 1
	lends := (b + coordinationWeight) / (1 + coordinationWeight) / 2
	for _, i := range []int{1, 2, 4, 5} {
		h, ok := got[idOf[body[i]]]
		if !ok {
			t.Errorf("%q: not lent to (%s)", body[i], titles(res))
			continue
		}
		if want := neighbourShare * strangerShare * lends; !near(h.Relevance, want) {
			t.Errorf("%q: relevance %v, want %v", body[i], h.Relevance, want)
		}
		if h.Via == nil || h.Via.ID != match.ID || len(h.Matched) > 0 {
			t.Errorf("%q: via %+v, matched %q; want via the match", body[i], h.Via, h.Matched)
		}
		if s := 0.6*h.Relevance + 0.25*h.Effective + 0.15*h.Recency; !near(h.Score, s) || h.Score >= match.Score {
			t.Errorf("%q: score %v, want %v, below the match's %v", body[i], h.Score, s, match.Score)
		}
		if !near(h.Recency, recencyOf(h.Created)) || !near(h.Effective, 0.5-0.02*float64(testNow.Sub(h.Created).Milliseconds())/index.MonthMS) {
			t.Errorf("%q: effective %v, recency %v", body[i], h.Effective, h.Recency)
		}
	}
	// The memory that has the rarer word, often, but not every word, ranks
	// above the match's neighbours: they borrow no bonus it lacks.
	if k, ok := rank[idOf[body[7]]]; !ok || k != 1 {
		t.Errorf("%q at %d, want right after the match: %s", body[7], k, titles(res))
	}
	for _, id := range []string{idOf[body[0]], idOf[body[6]], other} {
		if _, ok := got[id]; ok {
			t.Errorf("%s: lent to, beyond the span or in another session (%s)", id, titles(res))
		}
	}
	for i := 1; i < len(res.Hits); i++ {
		if res.Hits[i].Score > res.Hits[i-1].Score {
			t.Errorf("hit %d scores above hit %d", i, i-1)
		}
	}
	// One word is a look-up: only what has it.
	if res := search(t, r, "kestrel"); len(res.Hits) != 2 {
		t.Errorf("kestrel: %s", titles(res))
	}
	// The push block's search lends nothing.
	hits, _, _, _, err := r.rank(context.Background(), nil, index.SearchParams{
		Terms: matchTerms([]Term{{Text: "kestrel"}, {Text: "lantern"}}), Now: testNow, Limit: 10, Rank: DefaultRank,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if strings.Contains(h.Title, "kestrel") || strings.Contains(h.Title, "lantern") {
			continue
		}
		t.Errorf("rank without neighbours: %q lent to", h.Title)
	}
}

// TestRankAnswerFollowsQuestion: the memory right after one that asks
// (its body ends with a question mark) borrows the question's whole
// relevance, not neighbourShare of it: the reply answers what the
// question's words ask, and, newer, ranks before it.
func TestRankAnswerFollowsQuestion(t *testing.T) {
	v := newVault(t)
	sessions := []string{"0195e0c4-1c4b-7cc4-8d6a-000000000001", "0195e0c4-1c4b-7cc4-8d6a-000000000002"}
	opening := []string{"Did you see the kestrel by the quay?", "I saw the kestrel by the quay."}
	var question, reply [2]string
	for k, sess := range sessions {
		_, question[k] = v.add(testDoc{body: opening[k], session: sess, created: ago(day + time.Duration(k)*time.Hour)})
		_, reply[k] = v.add(testDoc{body: "Yes, and a lantern too " + strings.Repeat("on the water ", k+3), session: sess, created: ago(day + time.Duration(k)*time.Hour - time.Minute)})
	}
	// Lanterns elsewhere, so that the replies match weakly by themselves.
	for i := range 6 {
		v.add(testDoc{body: fmt.Sprintf("a lantern, number %d", i), created: ago(2 * day)})
	}
	res := search(t, v.open(), "kestrel lantern")
	at := map[string]int{}
	for i, h := range res.Hits {
		at[h.ID] = i
	}
	rel := func(id string) float64 { return res.Hits[at[id]].Relevance }
	for _, id := range append(question[:], reply[:]...) {
		if _, ok := at[id]; !ok {
			t.Fatalf("%s not found: %s", id, titles(res))
		}
	}
	if !near(rel(reply[0]), rel(question[0])) || at[reply[0]] != at[question[0]]-1 {
		t.Errorf("the answer to %q: relevance %v at %d, want the question's %v, right before it: %s", opening[0], rel(reply[0]), at[reply[0]], rel(question[0]), titles(res))
	}
	if got := rel(reply[1]); !near(got, neighbourShare*rel(question[1])) {
		t.Errorf("the reply to %q: relevance %v, want %v: %s", opening[1], got, neighbourShare*rel(question[1]), titles(res))
	}
}

// TestMatchTerms: the words a search looks for.
func TestMatchTerms(t *testing.T) {
	cases := []struct {
		query string
		want  string // index terms: text, * for a prefix, - for excluded
	}{
		{"When did Caroline go to the LGBTQ support group?", "Caroline|go|LGBTQ|support|group?"},
		{"What is Caroline's identity?", "Caroline|identity?"},
		{"what did the", "what|did|the"}, // only stop words: all of them
		{`"what is" it`, `what is`},      // a phrase is kept as written
		{"the* -the kestrel", "the*|-the|kestrel"},
		{"it's a kestrel", "kestrel"},
		{"Kestrel kestrel KESTREL's", "Kestrel"},
		{"busy_timeout sqlite", "busy_timeout|sqlite"},
		{"a b c", "a|b|c"},
	}
	for _, c := range cases {
		q, _, err := ParseQuery(c.query, testNow)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, term := range matchTerms(q.Terms) {
			s := term.Text
			if term.Prefix {
				s += "*"
			}
			if term.Exclude {
				s = "-" + s
			}
			got = append(got, s)
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("%q: %q, want %q", c.query, strings.Join(got, "|"), c.want)
		}
	}
}

// TestRankNeighboursBySpeaker: a match lends its neighbours what it
// matched, not who said it: a turn next to Melanie's match, said by
// Caroline, borrows the match's share before Melanie's lift and is
// lowered as Caroline's (the question names Melanie), so the chat around
// the named speaker's words does not ride on her name.
func TestRankNeighboursBySpeaker(t *testing.T) {
	v := newVault(t)
	const sess = "0195e0c4-1c4b-7cc4-8d6a-000000000001"
	turns := []struct{ who, body string }{
		{"Caroline", "we went out to the quay early"},
		{"Melanie", "I brought the kestrel lantern"},
		{"Caroline", "it lights the whole deck"},
	}
	var id [3]string
	for i, tu := range turns {
		_, id[i] = v.add(testDoc{body: tu.body, attribution: tu.who, session: sess, created: ago(day - time.Duration(i)*time.Minute)})
	}
	for i := range 3 {
		v.add(testDoc{body: fmt.Sprintf("a lantern, number %d", i), created: ago(2 * day)})
	}
	// No memory has every word ("bring" is not "brought"): no bonus to
	// take off what the match lends.
	res := search(t, v.open(), "what did Melanie bring kestrel lantern")
	at := map[string]int{}
	for i, h := range res.Hits {
		at[h.ID] = i
	}
	for _, x := range id {
		if _, ok := at[x]; !ok {
			t.Fatalf("%s not found: %s", x, titles(res))
		}
	}
	match := res.Hits[at[id[1]]]
	if at[id[1]] != 0 {
		t.Fatalf("the match at %d: %s", at[id[1]], titles(res))
	}
	// The match's relevance R was lifted: (R0 + w)/(1 + w). Its neighbours
	// borrow neighbourShare·R0, lowered as Caroline's, halved as strangers.
	w := speakerWeight
	r0 := match.Relevance*(1+w) - w
	want := strangerShare * neighbourShare * r0 / (1 + w)
	for _, k := range []int{0, 2} {
		if h := res.Hits[at[id[k]]]; !near(h.Relevance, want) {
			t.Errorf("%q (Caroline) next to Melanie's match (relevance %v): relevance %v, want %v", turns[k].body, match.Relevance, h.Relevance, want)
		}
	}
}

// TestBySpeaker: a memory whose attribution the query names gains a bounded
// share of relevance; the others keep their order among themselves, and
// every relevance stays in [0, 1].
func TestBySpeaker(t *testing.T) {
	hits := []index.Hit{
		{Doc: index.Doc{Path: "a", Attribution: "Caroline"}, Relevance: 1},
		{Doc: index.Doc{Path: "b", Attribution: "Melanie"}, Relevance: 0.9},
		{Doc: index.Doc{Path: "c", Attribution: "Ada Lovelace"}, Relevance: 0.5},
		{Doc: index.Doc{Path: "d", Attribution: "melanie"}, Relevance: 0},
		{Doc: index.Doc{Path: "e"}, Relevance: 0.8},
	}
	bySpeaker(hits, []index.Term{{Text: "Melanie"}, {Text: "read"}, {Text: "lovelace"}, {Text: "Caroline", Exclude: true}}, nil)
	want := map[string]float64{
		"a": 1 / 1.15, "b": (0.9 + 0.15) / 1.15, "c": (0.5 + 0.15) / 1.15, "d": 0.15 / 1.15, "e": 0.8 / 1.15,
	}
	for _, h := range hits {
		if math.Abs(h.Relevance-want[h.Path]) > 1e-9 {
			t.Errorf("%s (%q): relevance %.4f, want %.4f", h.Path, h.Attribution, h.Relevance, want[h.Path])
		}
		if h.Relevance < 0 || h.Relevance > 1 {
			t.Errorf("%s: relevance %v outside [0, 1]", h.Path, h.Relevance)
		}
	}
	// No speaker named, or none of the hits by one: nothing changes.
	for _, terms := range [][]index.Term{{{Text: "melanie", Prefix: true}}, {{Text: "grace"}}} {
		before := hits[1].Relevance
		bySpeaker(hits, terms, nil)
		if hits[1].Relevance != before {
			t.Errorf("%+v: relevance %v → %v", terms, before, hits[1].Relevance)
		}
	}
}

// TestCoordinate: the any-word ranking counts the share of the query's
// words a document has beside its BM25, R = (b + g·c)/(1 + g); when some
// documents have every word they come first, (1 + b)/2, the others
// halved, and they lend what they would have without that bonus.
func TestCoordinate(t *testing.T) {
	g := coordinationWeight
	anyHits := []index.Hit{
		{Doc: index.Doc{Path: "one word, often"}, Relevance: 1},
		{Doc: index.Doc{Path: "two words"}, Relevance: 0.8},
		{Doc: index.Doc{Path: "every word"}, Relevance: 0.5},
	}
	has := map[string][]int{"one word, often": {2}, "two words": {0, 1}, "every word": {0, 1, 2}}

	out, lends := coordinate(nil, anyHits, 3, has)
	want := []float64{(1 + g/3) / (1 + g), (0.8 + g*2/3) / (1 + g), (0.5 + g) / (1 + g)}
	for i, h := range out {
		if !near(h.Relevance, want[i]) {
			t.Errorf("none has every word: %s: relevance %v, want %v", h.Path, h.Relevance, want[i])
		}
	}
	if lends != nil {
		t.Errorf("none has every word: lends %v, want none (each lends its own)", lends)
	}
	if anyHits[0].Relevance != 1 {
		t.Error("coordinate changed its argument")
	}

	out, lends = coordinate(anyHits[2:], anyHits, 3, has)
	want = []float64{want[0] / 2, want[1] / 2, (1 + 0.5) / 2}
	for i, h := range out {
		if !near(h.Relevance, want[i]) {
			t.Errorf("one has every word: %s: relevance %v, want %v", h.Path, h.Relevance, want[i])
		}
	}
	if l := lends["every word"]; len(lends) != 1 || !near(l, (0.5+g)/(1+g)/2) {
		t.Errorf("lends %v, want every word → %v", lends, (0.5+g)/(1+g)/2)
	}
}

// TestRankCoordination: when no memory has every word, one that has more
// of them ranks before one that has fewer, said more often — where BM25
// alone ranks the other way.
func TestRankCoordination(t *testing.T) {
	v := newVault(t)
	for i := range 20 {
		v.add(testDoc{body: fmt.Sprintf("a note, number %d", i), importance: imp(0.6), created: ago(3 * day)})
	}
	for i := range 3 {
		v.add(testDoc{body: fmt.Sprintf("zebra sighting %d", i), importance: imp(0.6), created: ago(3 * day)})
		v.add(testDoc{body: fmt.Sprintf("crossing guard %d", i), importance: imp(0.6), created: ago(3 * day)})
	}
	_, more := v.add(testDoc{body: "the zebra crossing by the old village school", importance: imp(0.6), created: ago(2 * day)})
	_, often := v.add(testDoc{body: "the warden at the gate", importance: imp(0.6), created: ago(2 * day)})
	res := search(t, v.open(), "zebra crossing warden")
	if res.Match != MatchAny || len(res.Hits) < 2 {
		t.Fatalf("match %s: %s", res.Match, titles(res))
	}
	if got := ids(res)[:2]; got[0] != more || got[1] != often {
		t.Errorf("order %s: want the two words, then the one", titles(res))
	}
}

// TestBoundAny: the any-word pass scores every word's documents while they
// are few; past the budget, the rarest words' (words found nowhere count
// for nothing), and a commoner word's only while the rarer ones are in
// fewer documents than the pass needs. The commonest word of a question
// brings no documents when enough rarer-word documents exist.
func TestBoundAny(t *testing.T) {
	terms := []index.Term{{Text: "common"}, {Text: "rare"}, {Text: "middling"}, {Text: "nowhere"}}
	texts := func(ts []index.Term) string {
		var s []string
		for _, t := range ts {
			s = append(s, t.Text)
		}
		return strings.Join(s, " ")
	}
	for _, c := range []struct {
		counts []int
		need   int
		within string
	}{
		{counts: []int{900, 40, 300, 0}, need: 30, within: ""},                // 1,240 ≤ 2,000: all
		{counts: []int{2001, 40, 300, 0}, need: 30, within: "rare middling"},  // common left out
		{counts: []int{2001, 40, 1990, 0}, need: 30, within: "rare"},          // middling would pass the budget
		{counts: []int{2001, 10, 1990, 0}, need: 30, within: "rare middling"}, // rare alone is too few
		{counts: []int{2001, 10, 2001, 0}, need: 30, within: "rare common"},   // ties: in the query's order
		{counts: []int{2001, 0, 0, 0}, need: 30, within: ""},                  // one word: nothing to leave out
		{counts: []int{2001, 2001, 2001, 2001}, need: 30, within: "common"},   // the first is enough
	} {
		if got := texts(boundAny(terms, c.counts, c.need, 2000)); got != c.within {
			t.Errorf("boundAny(%v, need %d) = %q, want %q", c.counts, c.need, got, c.within)
		}
	}
}
