package doc

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Control reports a character a terminal or an agent's renderer acts on
// instead of showing: the C0 controls but tab and line feed (ESC opens
// colour codes, cursor moves and OSC 52 clipboard writes; BEL rings; CR
// rewrites the line), DEL, the C1 controls (U+009B is a one-character
// CSI), the line and paragraph separators, and the bidi controls that
// reorder what is shown (Trojan Source).
func Control(r rune) bool {
	switch {
	case r == '\t', r == '\n':
		return false
	case r < 0x20, r == 0x7F, r >= 0x80 && r <= 0x9F:
		return true
	case r == 0x2028, r == 0x2029:
		return true
	case r == 0x061C, r == 0x200E, r == 0x200F, r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true
	case r == utf8.RuneError:
		return false
	}
	return false
}

// EscapeControls returns s with each character Control reports written
// out as a visible escape (`\x1b`, `\u202e`), so that a person or an agent
// sees that it is there and nothing acts on it; a CR right before a line
// feed (a CRLF line end) is dropped. Bytes that are not UTF-8 are written
// as `\xNN` too. Text without any is returned as it is, at no cost.
func EscapeControls(s string) string {
	if !hasControl(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\r' && strings.HasPrefix(s[i+1:], "\n"):
			// CRLF: the line end, not a carriage return.
		case Control(r) && r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case Control(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// OneLine is EscapeControls for text shown on one line of a listing: a
// line feed is escaped too (`\n`).
func OneLine(s string) string {
	return strings.ReplaceAll(EscapeControls(s), "\n", `\n`)
}

func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\t' && c != '\n' || c == 0x7F {
			return true
		}
		if c >= utf8.RuneSelf {
			return strings.ContainsFunc(s[i:], func(r rune) bool { return Control(r) || r == utf8.RuneError })
		}
	}
	return false
}

// EscapeJSONControls rewrites encoded JSON so that it holds no character
// Control reports raw: encoding/json writes DEL, the C1 controls and the
// bidi controls as they are (only C0 and U+2028/9 are escaped), and a
// terminal showing the JSON would act on them. They become \uXXXX
// escapes, which decode to the same string: the data is unchanged for the
// program that reads it. Outside strings JSON holds only ASCII, so every
// such character is inside a string.
func EscapeJSONControls(data []byte) []byte {
	clean := true
	for _, c := range data {
		if c == 0x7F || c >= utf8.RuneSelf {
			clean = false
			break
		}
	}
	if clean {
		return data
	}
	out := make([]byte, 0, len(data)+16)
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if Control(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, data[i:i+size]...)
		}
		i += size
	}
	return out
}
