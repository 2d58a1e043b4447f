package doc

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Invisible reports characters that render as nothing and can hide text
// from a person while an agent reads it: formatting characters (zero-width
// space and joiners, soft hyphen, bidi controls, Unicode tag characters),
// variation selectors, and the Hangul and Braille blanks.
func Invisible(r rune) bool {
	switch {
	case unicode.Is(unicode.Cf, r):
		return true
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF:
		return true
	case r == 0x034F, r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0, r == 0x2800:
		return true
	}
	return false
}

// StripInvisible removes the characters Invisible reports from s.
func StripInvisible(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	return strings.Map(func(r rune) rune {
		if Invisible(r) {
			return -1
		}
		return r
	}, s)
}

// StripHTMLComments removes <!-- … --> comments (an unclosed one to the end
// of s): markdown renders them as nothing, so what they say reaches an
// agent and not the person reading the note.
func StripHTMLComments(s string) string {
	for {
		i := strings.Index(s, "<!--")
		if i < 0 {
			return s
		}
		j := strings.Index(s[i+4:], "-->")
		if j < 0 {
			return strings.TrimRight(s[:i], " \t")
		}
		s = s[:i] + s[i+4+j+3:]
	}
}

// ForDisplay is a memory's text as Cortex shows it to an agent: without
// invisible characters and HTML comments, so an agent reads what a person
// sees, and with control characters escaped (EscapeControls), so none
// acts on the agent's terminal or renderer. The bidi controls are escaped
// before the invisible characters go, so their presence shows.
func ForDisplay(s string) string { return StripHTMLComments(StripInvisible(EscapeControls(s))) }
