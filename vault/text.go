package vault

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
