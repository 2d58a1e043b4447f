package index

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Code-aware words. The tokenizer (unicode61) already splits snake_case,
// dotted.names, paths/like/this.go and Function() at their punctuation, so
// their parts are words of the index and the whole is a phrase of them.
// A camelCase or PascalCase word is one token to it: IdentifierParts gives
// the index its parts too (the fts column parts), and MatchExpr looks for
// a camelCase query word whole or as the phrase of its parts, so that
// parseQuery, ParseQuery, parse_query and "parse query" find each other.

// IdentifierParts returns the parts of every camelCase or PascalCase word
// of s, one word's parts a line, separated by spaces: "parseQuery and
// HTTPServer" gives "parse Query\nHTTP Server". Words are what the
// tokenizer keeps (runs of letters and digits); a word splits before an
// upper-case letter that follows a lower-case letter or a digit, and before the last
// of a run of upper-case letters followed by a lower-case one.
func IdentifierParts(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if !wordRune(r) {
			i += size
			continue
		}
		j := i
		for j < len(s) {
			r, size := rune(s[j]), 1
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRuneInString(s[j:])
			}
			if !wordRune(r) {
				break
			}
			j += size
		}
		if !hasCaseChange(s[i:j]) {
			i = j
			continue
		}
		if parts := camelParts(s[i:j]); len(parts) > 1 {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(strings.Join(parts, " "))
		}
		i = j
	}
	return b.String()
}

func wordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Co, r)
}

// hasCaseChange reports whether camelParts could split the word w: it
// has an upper-case letter after a digit, or after its first letter
// while it has a lower-case one too. Most words have none, and this
// costs no allocation.
func hasCaseChange(w string) bool {
	lower, upperInside, prevDigit := false, false, false
	for i, r := range w {
		var isUpper, isLower, isDigit bool
		if r < utf8.RuneSelf {
			isUpper, isLower, isDigit = 'A' <= r && r <= 'Z', 'a' <= r && r <= 'z', '0' <= r && r <= '9'
		} else {
			isUpper, isLower, isDigit = unicode.IsUpper(r), unicode.IsLower(r), unicode.IsDigit(r)
		}
		if isUpper && prevDigit {
			return true
		}
		lower = lower || isLower
		upperInside = upperInside || isUpper && i > 0
		if lower && upperInside {
			return true
		}
		prevDigit = isDigit
	}
	return false
}

// camelParts splits one word at its case changes (see IdentifierParts);
// a word without one is returned whole.
func camelParts(w string) []string {
	rs := []rune(w)
	var out []string
	start := 0
	for i := 1; i < len(rs); i++ {
		prev, cur := rs[i-1], rs[i]
		split := (unicode.IsLower(prev) || unicode.IsDigit(prev)) && unicode.IsUpper(cur) ||
			unicode.IsUpper(prev) && unicode.IsUpper(cur) && i+1 < len(rs) && unicode.IsLower(rs[i+1])
		if split {
			out = append(out, string(rs[start:i]))
			start = i
		}
	}
	return append(out, string(rs[start:]))
}
