package mind

import (
	"slices"
	"testing"
)

// TestSearchCodeWords is a small recall set of coding memories: an
// identifier is found whole (ranked first when written exactly) and by its
// parts, whatever its spelling — camelCase, PascalCase, snake_case,
// dotted.names, paths, Function().
func TestSearchCodeWords(t *testing.T) {
	v := newVault(t)
	docs := map[string]string{
		"camel":  "parseQuery reads the search string before the index sees it.",
		"snake":  "The parse_query helper of the old Python tool was dropped.",
		"pascal": "Call ParseSince for since: values; it knows 7d and 2w.",
		"path":   "mind/search.go holds Search() and the ranking of results.",
		"dotted": "strings.ToLower folds case the Unicode way, not SQLite's lower().",
		"acro":   "HTTPServer timeouts: set ReadHeaderTimeout or a slow client hangs it.",
		"plain":  "We parse the query of a person as words, never as FTS5 syntax.",
	}
	id := map[string]string{}
	for _, k := range []string{"camel", "snake", "pascal", "path", "dotted", "acro", "plain"} {
		_, id[k] = v.add(testDoc{typ: "discovery", body: docs[k], created: ago(day), importance: imp(0.5)})
	}
	r := v.open()
	cases := []struct {
		query string
		first string   // the memory ranked first ("" for no check)
		found []string // memories that must be among the results
	}{
		// Exact identifiers stay first.
		{"parseQuery", "camel", []string{"snake"}},
		{"parse_query", "snake", []string{"camel"}},
		{"ParseSince", "pascal", nil},
		{"mind/search.go", "path", nil},
		{"Search()", "path", nil},
		{"strings.ToLower", "dotted", nil},
		{"HTTPServer", "acro", nil},
		{"ReadHeaderTimeout", "acro", nil},
		// By their parts.
		{"parse query", "", []string{"camel", "snake", "plain"}},
		{"since", "pascal", nil},
		{"search.go", "path", nil},
		{"ToLower", "dotted", nil},
		{"lower", "dotted", nil},
		{"http server", "acro", nil},
		{"header timeout", "acro", nil},
		{"ParseQuery", "camel", []string{"snake"}},
	}
	for _, c := range cases {
		res := search(t, r, c.query)
		got := ids(res)
		if c.first != "" && (len(got) == 0 || got[0] != id[c.first]) {
			t.Errorf("%q: %s first, want %q", c.query, titles(res), docs[c.first])
		}
		for _, k := range c.found {
			if !slices.Contains(got, id[k]) {
				t.Errorf("%q: %q not found (%s)", c.query, docs[k], titles(res))
			}
		}
	}
}
