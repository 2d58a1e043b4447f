package mind

import (
	"testing"
	"time"
)

func TestDateIn(t *testing.T) {
	day := func(y int, m time.Month, d int) span {
		t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
		return span{t.AddDate(0, 0, -1), t.AddDate(0, 0, 2)}
	}
	month := func(y int, m time.Month) span {
		t := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
		return span{t, t.AddDate(0, 1, 0)}
	}
	year := func(y int) span {
		t := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
		return span{t, t.AddDate(1, 0, 0)}
	}
	cases := []struct {
		query string
		want  span
		strip []int // the terms that only wrote the date
		ok    bool
	}{
		{"What did Tim say about his injury on 16 November, 2023?", day(2023, time.November, 16), []int{8, 9, 10}, true},
		{"Who did Maria have dinner with on May 3, 2023?", day(2023, time.May, 3), []int{7, 8, 9}, true},
		{"which book on 8th December, 2023", day(2023, time.December, 8), []int{3, 4, 5}, true},
		{"the forest picture of December 1,2023", day(2023, time.December, 1), []int{4, 5}, true},
		{"What instrument in Dec 2023?", month(2023, time.December), []int{3, 4}, true},
		{"the release of 2024-02-29", day(2024, time.February, 29), nil, true},
		{"what happened in 2022", year(2022), nil, true},
		{"timeout 2000 ms", year(2000), nil, true},
		{"port 8080 and may we", span{}, nil, false},
		{`"May 3, 2023"`, span{}, nil, false},  // a phrase is words
		{"May 32 2023", year(2023), nil, true}, // no day 32: the year, kept
		{"last week", span{}, nil, false},
	}
	for _, c := range cases {
		q, _, err := ParseQuery(c.query, testNow)
		if err != nil {
			t.Fatal(err)
		}
		got, strip, ok := dateIn(q.Terms)
		if ok != c.ok || got != c.want || !equalInts(strip, c.strip) {
			t.Errorf("%q: %v %v %v, want %v %v %v", c.query, got, strip, ok, c.want, c.strip, c.ok)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestSearchDate: a date in a question ranks the memories created then
// that have its other words first; the date's words are not looked for.
func TestSearchDate(t *testing.T) {
	v := newVault(t)
	on := time.Date(2026, 3, 16, 14, 0, 0, 0, time.UTC)
	_, then := v.add(testDoc{body: "the injury kept me off the pitch", created: on, importance: imp(0.5)})
	_, other := v.add(testDoc{body: "my injury is much better now, the injury healed", created: on.AddDate(0, 1, 0), importance: imp(0.5)})
	_, noise := v.add(testDoc{body: "16 March 2026 was a Monday", created: on.AddDate(0, 2, 0), importance: imp(0.5)})
	r := v.open()
	res := search(t, r, "What did he say about his injury on 16 March, 2026?")
	got := ids(res)
	if len(got) != 2 || got[0] != then || got[1] != other {
		t.Errorf("order %s; want the injury of that day, then the other (and not %s)", titles(res), noise)
	}
	if h := res.Hits[0]; !near(h.Score, 0.6*h.Relevance+0.25*h.Effective+0.15*h.Recency) {
		t.Errorf("score %v off the formula", h.Score)
	}
	// Without the date the other injury matches better.
	if got := ids(search(t, r, "What did he say about his injury?")); len(got) != 2 || got[0] != other {
		t.Errorf("without the date: %v", got)
	}
}

// TestByTimeWords: a question that asks when lifts, among memories that
// match about as well, the one that says when; the same words asked
// otherwise leave the order to the index (the newer first on a tie).
func TestByTimeWords(t *testing.T) {
	v := newVault(t)
	_, dated := v.add(testDoc{body: "Ada visited the harbour last weekend", created: ago(2 * day)})
	_, undated := v.add(testDoc{body: "Ada visited the harbour with friends", created: ago(day)})
	r := v.open()
	for _, c := range []struct {
		query string
		first string
	}{
		{"When did Ada visit the harbour?", dated},
		{"when Ada visited the harbour", dated},
		{"Where did Ada visit the harbour?", undated},
		{"Ada visited the harbour when?", undated},
	} {
		res := search(t, r, c.query)
		if len(res.Hits) != 2 || res.Hits[0].ID != c.first {
			t.Errorf("%q: %s", c.query, titles(res))
		}
		for _, h := range res.Hits {
			if h.Relevance < 0 || h.Relevance > 1 {
				t.Errorf("%q: relevance %v outside [0, 1]", c.query, h.Relevance)
			}
		}
	}
}
