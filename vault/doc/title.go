package doc

import (
	"strings"
	"unicode/utf8"
)

// TitleMax is the most characters (runes) a title has, the … included.
const TitleMax = 80

// Title is a document's title from its body (SPEC §2): the body's text,
// white space runs read as one space, whole when it fits in 80 characters;
// else cut at the last word boundary and ended with …, within the 80
// characters, as SPEC §2's example shows ("… Reduces complexity and…").
func Title(body string) string {
	s := strings.Join(strings.Fields(body), " ")
	if utf8.RuneCountInString(s) <= TitleMax {
		return s
	}
	t, _ := CutWords(s, TitleMax-1)
	return t + "…"
}
