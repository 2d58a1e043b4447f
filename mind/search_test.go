package mind

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
)

func TestParseQuery(t *testing.T) {
	cases := []struct {
		in    string
		terms []Term
		check func(t *testing.T, q Query)
	}{
		{in: "", terms: nil},
		{in: "   ", terms: nil},
		{in: "sqlite cache", terms: []Term{{Text: "sqlite"}, {Text: "cache"}}},
		{in: `"busy timeout" sqlite`, terms: []Term{{Text: "busy timeout", Phrase: true}, {Text: "sqlite"}}},
		{in: `retr* -postgres`, terms: []Term{{Text: "retr", Prefix: true}, {Text: "postgres", Exclude: true}}},
		{in: `-"read replica"`, terms: []Term{{Text: "read replica", Phrase: true, Exclude: true}}},
		{in: `"fetch"*`, terms: []Term{{Text: "fetch", Phrase: true, Prefix: true}}},
		{in: `"unbalanced quote`, terms: []Term{{Text: "unbalanced quote", Phrase: true}}},
		{in: `( ) * - -- "" ** "()"`, terms: nil},
		{in: `a AND b OR NOT c NEAR(d)`, terms: []Term{{Text: "a"}, {Text: "AND"}, {Text: "b"}, {Text: "OR"}, {Text: "NOT"}, {Text: "c"}, {Text: "NEAR(d)"}}},
		{in: `title:x body:"y z"`, terms: []Term{{Text: "title:x"}, {Text: `body:"y`}, {Text: `z"`}}},
		{in: "Cache cache CACHE", terms: []Term{{Text: "Cache"}}},
		{in: `type:decision TYPE:Lesson sqlite`, terms: []Term{{Text: "sqlite"}}, check: func(t *testing.T, q Query) {
			if !slices.Equal(q.Types, []string{"decision", "lesson"}) {
				t.Errorf("types %v", q.Types)
			}
		}},
		{in: `tag:#Area/Git tag:testing/ x`, terms: []Term{{Text: "x"}}, check: func(t *testing.T, q Query) {
			if !slices.Equal(q.Tags, []string{"area/git", "testing"}) {
				t.Errorf("tags %v", q.Tags)
			}
		}},
		{in: `status:resolved status:outdated`, check: func(t *testing.T, q Query) {
			if !slices.Equal(q.StatusSet(), []string{"resolved", "outdated"}) {
				t.Errorf("statuses %v", q.StatusSet())
			}
		}},
		{in: `status:all`, check: func(t *testing.T, q Query) {
			if q.StatusSet() != nil {
				t.Errorf("statuses %v, want every one (nil)", q.StatusSet())
			}
		}},
		{in: `since:7d since:2026-05-30`, check: func(t *testing.T, q Query) {
			if want := time.Date(2026, 5, 30, 0, 0, 0, 0, time.UTC); !q.Since.Equal(want) {
				t.Errorf("since %v, want the later bound %v", q.Since, want)
			}
		}},
		{in: `"type:decision"`, terms: []Term{{Text: "type:decision", Phrase: true}}},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			q, _, err := ParseQuery(c.in, testNow)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(q.Terms, c.terms) {
				t.Errorf("terms %+v, want %+v", q.Terms, c.terms)
			}
			if c.check != nil {
				c.check(t, q)
			}
		})
	}
}

func TestParseQueryErrors(t *testing.T) {
	for in, want := range map[string]string{
		"type:":             `filter "type:" needs a value (e.g. type:decision)`,
		"since:":            `filter "since:" needs a value`,
		"since:tomorrowish": `since filter "tomorrowish": expected a date`,
		"since:7x":          `since filter "7x"`,
		"tag:a//b":          `tag filter "a//b": empty nesting segment`,
		"tag:123":           `tag filter "123"`,
		"status:done":       `status filter "done": expected one of active, resolved, outdated, superseded, archived, or all`,
	} {
		_, _, err := ParseQuery(in, testNow)
		var qe *QueryError
		if !errors.As(err, &qe) || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseQuery(%q) = %v, want a QueryError containing %q", in, err, want)
		}
	}
}

func TestParseQueryCapsTerms(t *testing.T) {
	var b strings.Builder
	for i := range 100 {
		b.WriteString("w")
		b.WriteString(strings.Repeat("x", i%7+1))
		b.WriteString(string(rune('a' + i%26)))
		b.WriteString(string(rune('a' + i/26)))
		b.WriteString(" ")
	}
	q, notes, err := ParseQuery(b.String(), testNow)
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Terms) != MaxTerms || len(notes) != 1 || !strings.Contains(notes[0], "68 dropped") {
		t.Errorf("%d terms, notes %q", len(q.Terms), notes)
	}
}

func TestParseSince(t *testing.T) {
	for in, want := range map[string]time.Time{
		"2026-02-01":                time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC),
		"2026-02-01T10:00:00Z":      time.Date(2026, 2, 1, 10, 0, 0, 0, time.UTC),
		"2026-02-01T10:00:00+02:00": time.Date(2026, 2, 1, 8, 0, 0, 0, time.UTC),
		"today":                     time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC),
		"Yesterday":                 time.Date(2026, 5, 31, 0, 0, 0, 0, time.UTC),
		"12h":                       testNow.Add(-12 * time.Hour),
		"7d":                        testNow.Add(-7 * day),
		"2W":                        testNow.Add(-14 * day),
		"3m":                        testNow.Add(-90 * day),
		"1y":                        testNow.Add(-365 * day),
		"0d":                        testNow,
		"99999999999999999999y":     testNow.Add(-200 * 365 * day),
	} {
		got, err := ParseSince(in, testNow)
		if err != nil || !got.Equal(want) {
			t.Errorf("ParseSince(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
}

func TestMatchExpr(t *testing.T) {
	cases := []struct {
		terms          []index.Term
		any            bool
		match, exclude string
	}{
		{nil, false, "", ""},
		{[]index.Term{{Text: "a"}, {Text: `b"c`}}, false, `"a" AND "b""c"`, ""},
		{[]index.Term{{Text: "a"}, {Text: "b"}}, true, `"a" OR "b"`, ""},
		{[]index.Term{{Text: "fe", Prefix: true}, {Text: "x", Exclude: true}, {Text: "y z", Exclude: true}}, false, `("fe"*) NOT ("x" OR "y z")`, ""},
		{[]index.Term{{Text: "x", Exclude: true}, {Text: "nul\x00byte", Exclude: true}}, false, "", `"x" OR "nul byte"`},
		// A camelCase word: whole or as the phrase of its parts.
		{[]index.Term{{Text: "parseQuery"}, {Text: "HTTPServer", Prefix: true}}, false, `("parseQuery" OR "parse Query") AND ("HTTPServer"* OR "HTTP Server"*)`, ""},
		{[]index.Term{{Text: "go"}, {Text: "parse_query"}, {Text: "a.b"}, {Text: "x parseQuery"}}, true, `"go" OR "parse_query" OR "a.b" OR "x parseQuery"`, ""},
		{[]index.Term{{Text: "a"}, {Text: "fooBar", Exclude: true}}, false, `("a") NOT (("fooBar" OR "foo Bar"))`, ""},
	}
	for _, c := range cases {
		m, e := index.MatchExpr(c.terms, c.any)
		if m != c.match || e != c.exclude {
			t.Errorf("MatchExpr(%+v, %v) = %q, %q; want %q, %q", c.terms, c.any, m, e, c.match, c.exclude)
		}
	}
}

// filterVault is a small vault for the filter tests: titles say what each
// document is.
func filterVault(t *testing.T) *Recall {
	v := newVault(t)
	v.add(testDoc{typ: "decision", body: "heron decision storage", tags: []string{"area/storage"}, created: ago(2 * day)})
	v.add(testDoc{typ: "decision", body: "heron decision api", tags: []string{"area/api", "Release"}, created: ago(20 * day)})
	v.add(testDoc{typ: "lesson", body: "heron lesson testing", tags: []string{"testing"}, created: ago(3 * day)})
	v.add(testDoc{typ: "warning", body: "heron warning storage api", tags: []string{"area/storage", "area/api"}, created: ago(40 * day)})
	v.add(testDoc{typ: "task", body: "heron task resolved", status: StatusResolved, created: ago(1 * day)})
	v.add(testDoc{typ: "fact", body: "heron fact superseded", status: StatusSuperseded, created: ago(1 * day)})
	v.add(testDoc{typ: "fact", body: "heron fact archived", status: StatusArchived, created: ago(1 * day)})
	v.add(testDoc{typ: "fact", body: "heron fact outdated", status: StatusOutdated, created: ago(1 * day)})
	v.add(testDoc{typ: "fact", body: "egret fact alone", created: ago(1 * day)})
	v.add(testDoc{typ: "fact", body: "heron and egret fact", created: ago(1 * day), entities: []doc.EntityRef{{Name: "Night Watch", Type: "team"}}})
	v.add(testDoc{typ: "fact", body: "the herons are fishing", created: ago(1 * day), aliases: []string{"Grey visitor"}})
	v.add(testDoc{typ: "fact", body: "a great blue heron fact", created: ago(1 * day)})
	v.write("mind/broken.md", "---\ntype: [unclosed\n---\n\nheron broken\n")
	return v.open()
}

func TestSearchFilters(t *testing.T) {
	r := filterVault(t)
	cases := []struct {
		query string
		want  []string // titles, any order
		// more: documents with some of the words may follow want's,
		// which have every word and come first.
		more bool
	}{
		{"type:decision heron", []string{"heron decision storage", "heron decision api"}, false},
		{"type:decision type:lesson heron", []string{"heron decision storage", "heron decision api", "heron lesson testing"}, false},
		{"tag:area/storage", []string{"heron decision storage", "heron warning storage api"}, false},
		{"tag:area", []string{"heron decision storage", "heron decision api", "heron warning storage api"}, false},
		{"tag:area/storage tag:area/api", []string{"heron warning storage api"}, false},
		{"tag:release", []string{"heron decision api"}, false},
		{"tag:are", nil, false},
		{"type:decision since:7d", []string{"heron decision storage"}, false},
		{"heron since:2026-05-25 type:lesson", []string{"heron lesson testing"}, false},
		{"status:resolved", []string{"heron task resolved"}, false},
		{"status:superseded status:archived", []string{"heron fact superseded", "heron fact archived"}, false},
		{"heron fact", []string{"heron fact outdated", "heron and egret fact", "a great blue heron fact"}, true},
		{"heron fact status:all", []string{"heron fact superseded", "heron fact archived", "heron fact outdated", "heron and egret fact", "a great blue heron fact"}, true},
		{"heron fact type:fact", []string{"heron fact outdated", "heron and egret fact", "a great blue heron fact"}, true},
		{"egret", []string{"egret fact alone", "heron and egret fact"}, false},
		{"egret -heron", []string{"egret fact alone"}, false},
		{`-heron -herons type:fact`, []string{"egret fact alone"}, false},
		{`"blue heron"`, []string{"a great blue heron fact"}, false},
		{`"heron blue"`, nil, false},
		{"eg*", []string{"egret fact alone", "heron and egret fact"}, false},
		{"night watch", []string{"heron and egret fact"}, false},
		{"grey visitor", []string{"the herons are fishing"}, false},
		{"broken", nil, false},
	}
	for _, c := range cases {
		res := search(t, r, c.query)
		var got []string
		for _, h := range res.Hits {
			got = append(got, h.Title)
		}
		if c.more && len(got) > len(c.want) {
			for _, h := range res.Hits[len(c.want):] {
				if strings.Contains(h.Title, "fact") && strings.Contains(h.Title, "heron") {
					t.Errorf("%s: %q has every word, after documents with some", c.query, h.Title)
				}
				if strings.Contains(c.query, "type:fact") && h.Type != "fact" {
					t.Errorf("%s: %q is a %s", c.query, h.Title, h.Type)
				}
			}
			got = got[:len(c.want)]
		}
		slices.Sort(got)
		want := slices.Clone(c.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %q, want %q", c.query, got, want)
		}
	}
}

func TestSearchDefaults(t *testing.T) {
	r := filterVault(t)
	// Resolved memories are in a pull search by default (SPEC §7).
	if res := search(t, r, "heron task"); len(res.Hits) == 0 || res.Hits[0].Status != StatusResolved {
		t.Errorf("heron task: %s", titles(res))
	}
	// The stemmer: "herons" finds "heron" and the other way round.
	if res := search(t, r, "herons fishing"); len(res.Hits) == 0 || res.Hits[0].Title != "the herons are fishing" || res.Hits[0].Relevance != 1 {
		t.Errorf("herons fishing: %s", titles(res))
	}
	// The limit.
	q, _, _ := ParseQuery("heron", testNow)
	q.Limit = 3
	res, err := r.Search(context.Background(), q)
	if err != nil || len(res.Hits) != 3 {
		t.Errorf("limit 3: %v, %v", err, res)
	}
	// No words: everything the statuses allow, by importance and recency,
	// relevance 1.
	res = search(t, r, "")
	if res.Match != MatchNoTerms || len(res.Hits) != DefaultLimit {
		t.Errorf("empty query: match %q, %d hits", res.Match, len(res.Hits))
	}
	for _, h := range res.Hits {
		if h.Relevance != 1 {
			t.Errorf("empty query: %s has relevance %v", h.Title, h.Relevance)
		}
	}
}

func TestSearchFallsBackToAny(t *testing.T) {
	r := filterVault(t)
	res := search(t, r, "egret pelican")
	if res.Match != MatchAny || len(res.Hits) != 2 || len(res.Notes) != 1 {
		t.Errorf("egret pelican: match %q, notes %q, %s", res.Match, res.Notes, titles(res))
	}
	res = search(t, r, "pelican")
	if res.Match != MatchAll || len(res.Hits) != 0 {
		t.Errorf("pelican: match %q, %s", res.Match, titles(res))
	}
	// The words all match: no fallback note; the document with both comes
	// first, those with one of them after it.
	res = search(t, r, "heron egret")
	if res.Match != MatchAll || len(res.Hits) < 2 || res.Hits[0].Title != "heron and egret fact" || len(res.Notes) != 0 {
		t.Errorf("heron egret: match %q, %s", res.Match, titles(res))
	}
}

func TestSearchUnknownType(t *testing.T) {
	r := filterVault(t)
	q, _, _ := ParseQuery("type:decisoin heron", testNow)
	_, err := r.Search(context.Background(), q)
	var qe *QueryError
	if !errors.As(err, &qe) || !strings.Contains(err.Error(), `type filter "decisoin": not a type of the taxonomy (did you mean "decision"?); the types are aspiration, belief,`) {
		t.Errorf("err = %v", err)
	}
}

// TestSearchFollowsFiles: the index is a cache of the files, refreshed by
// every Open.
func TestSearchFollowsFiles(t *testing.T) {
	v := newVault(t)
	rel, _ := v.add(testDoc{typ: "decision", body: "osprey nests on the mast"})
	moved, _ := v.add(testDoc{typ: "decision", body: "osprey fishes at dawn"})
	if res := search(t, v.open(), "osprey"); len(res.Hits) != 2 {
		t.Fatalf("before: %s", titles(res))
	}
	// An edit by hand (a new body), a rename, and the index deleted.
	v.add(testDoc{typ: "decision", name: strings.TrimSuffix(rel[len("vault/decisions/"):], ".md"), id: "01900001-0000-7000-8000-000000000001", body: "kestrel nests on the mast"})
	if err := osRename(v.l, moved, "vault/decisions/renamed.md"); err != nil {
		t.Fatal(err)
	}
	res := search(t, v.open(), "osprey")
	if len(res.Hits) != 1 || res.Hits[0].Path != "vault/decisions/renamed.md" {
		t.Fatalf("after edit and rename: %+v", res.Hits)
	}
	if res := search(t, v.open(), "kestrel"); len(res.Hits) != 1 {
		t.Fatalf("kestrel: %s", titles(res))
	}
}
