package mind

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault/index"
)

// FuzzSearchQuery: any query string gives results or a *QueryError, never
// an error from SQLite; and any text, handed to the index as a term of
// each kind, is a valid FTS5 query. (Under -fuzz, SQLite's instrumented
// code runs a few searches a second: let it run for minutes.)
func FuzzSearchQuery(f *testing.F) {
	for _, s := range []string{
		"", " ", `"`, `""`, `"""`, `*`, `"*"`, `-`, `--`, `- -x`, `^`, `:`,
		`sqlite cache`, `"busy timeout" sqlite`, `retr* -postgres`, `-"read replica"`,
		`a AND b`, `a OR b`, `NOT a`, `a NOT`, `AND`, `OR OR`, `NEAR(a b, 2)`, `NEAR`, `a + b`,
		`((a)`, `a)) (`, `{a b}`, `title:x`, `body:"y z"`, `fts:x`, `rank:1`, `rowid:1`, `-title:x`,
		`type:decision`, `type:`, `tag:#a/b`, `tag:a//b`, `since:7d`, `since:99999999999999999999d`,
		`status:all`, `status:x`, "nul\x00byte", "\xff\xfe", "tab\there", "é*", `"é"*`, `x*y`, `**x`,
		`\"`, `'`, `''`, `;DROP TABLE documents;--`, `"a" "b"*`, `a -a`, `-a a`,
		strings.Repeat("word ", 2048), strings.Repeat(`"`, 1000), strings.Repeat("(", 10240),
	} {
		f.Add(s)
	}
	v := newVault(f)
	v.add(testDoc{typ: "decision", body: "Use SQLite for the cache: busy timeout set", tags: []string{"area/storage"}})
	v.add(testDoc{typ: "lesson", body: "Retry the fetcher AND log the NEAR misses (title:x)", tags: []string{"a/b"}})
	v.add(testDoc{typ: "fact", body: "é accents and \"quotes\" and * stars", status: StatusResolved})
	r := v.open()
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, s string) {
		q, _, err := ParseQuery(s, testNow)
		if err != nil {
			var qe *QueryError
			if !errors.As(err, &qe) {
				t.Fatalf("ParseQuery(%q): %v is not a QueryError", s, err)
			}
			return
		}
		if _, err := r.Search(ctx, q); err != nil {
			var qe *QueryError
			if !errors.As(err, &qe) {
				t.Fatalf("Search(%q): %v", s, err)
			}
		}
		// Each kind of term, and exclusions alone (another path of the
		// SQL). SQLite under the fuzzer's instrumentation is slow: few
		// calls, each covering much.
		for i, terms := range [][]index.Term{
			{{Text: s}, {Text: s, Prefix: true}, {Text: s, Exclude: true}},
			{{Text: "cache"}, {Text: s, Prefix: true}},
			{{Text: s, Exclude: true}, {Text: s, Prefix: true, Exclude: true}},
		} {
			p := index.SearchParams{Terms: terms, Any: i == 1, Now: testNow, Limit: 5, Rank: DefaultRank}
			if _, err := r.Index().Search(ctx, p); err != nil {
				t.Fatalf("index.Search(%+v): %v", terms, err)
			}
		}
	})
}
