package index

import "testing"

func TestIdentifierParts(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""},
		{"plain words only", ""},
		{"parseQuery", "parse Query"},
		{"call ParseQuery() in mind/query.go", "Parse Query"},
		{"HTTPServer and getHTTPResponse", "HTTP Server\nget HTTP Response"},
		{"snake_case dotted.name path/to/file.go", ""},
		{"x.toLowerCase(); ÉtéBrûlant", "to Lower Case\nÉté Brûlant"},
		{"URL ID iOS", "i OS"},
		{"utf8Decode v2Beta", "utf8 Decode\nv2 Beta"},
	}
	for _, c := range cases {
		if got := IdentifierParts(c.in); got != c.want {
			t.Errorf("IdentifierParts(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
