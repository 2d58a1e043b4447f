package doc

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// CutWords shortens s to at most max runes, cutting at the last word
// boundary (white space) inside the limit, and reports whether it cut. A
// single word longer than max is cut at max runes. Trailing white space and
// punctuation left dangling before the cut are dropped.
func CutWords(s string, max int) (string, bool) {
	if utf8.RuneCountInString(s) <= max {
		return s, false
	}
	// Byte offset just past the max-th rune.
	end, n := 0, 0
	for i := range s {
		if n == max {
			end = i
			break
		}
		n++
	}
	head := s[:end]
	next, _ := utf8.DecodeRuneInString(s[end:])
	if !unicode.IsSpace(next) {
		if i := strings.LastIndexFunc(head, unicode.IsSpace); i > 0 {
			head = head[:i]
		}
	}
	return strings.TrimRightFunc(head, unicode.IsSpace), true
}

// DidYouMean returns the candidate nearest to s (compared in lower case) when
// it is within two edits, a likely typo, else "". It is meant for short names
// (types, fields): inputs over 64 runes never match.
func DidYouMean(s string, candidates []string) string {
	best, bestD := "", 3
	ls := strings.ToLower(s)
	for _, c := range candidates {
		if d := EditDistance(ls, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// EditDistance is the Levenshtein distance between a and b in runes; for
// inputs over 64 runes it gives up and returns a distance larger than any.
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		return 1 << 30
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
