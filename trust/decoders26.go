package trust

import "strings"

// Batch 26's obfuscations (docs/trust.md, "Session 22: batch 26's
// classes"): letters interleaved with filler (read every second one) and
// a text typed on the wrong keyboard layout (Dvorak for QWERTY, or the
// reverse). Each is gated, as a cipher's note names its key, by the note
// naming the scheme, and its reading must hold known words.

// uninterleaved reads a line whose every other character is filler:
// "read every second letter: dheslbektgef …" is "delete …". Gate: the
// note says "every second/other letter" or "alternate letters"; the text
// after the colon (or the note's longest line) is read from its first
// and from its second character, spaces counted, and the reading with
// more known words wins, three at least and half its words.
func uninterleaved(s string) (string, string, bool) {
	l := strings.ToLower(s)
	if !strings.Contains(l, "letter") && !strings.Contains(l, "character") {
		return "", "", false
	}
	if !strings.Contains(l, "every second") && !strings.Contains(l, "every other") && !strings.Contains(l, "alternate") && !strings.Contains(l, "every 2nd") {
		return "", "", false
	}
	best, bestN := "", 2
	for _, line := range strings.Split(l, "\n") {
		if i := strings.LastIndex(line, ": "); i >= 0 {
			line = line[i+2:]
		}
		line = strings.TrimSpace(line)
		if len(line) < 16 {
			continue
		}
		for phase := range 2 {
			var b strings.Builder
			for i := phase; i < len(line); i += 2 {
				b.WriteByte(line[i])
			}
			out := strings.Join(strings.Fields(b.String()), " ")
			n := knownWords(out)
			if n > bestN && 2*n >= len(strings.Fields(out)) {
				best, bestN = out, n
			}
		}
	}
	if best == "" {
		return "", "", false
	}
	return best, "interleaved", true
}

// The keys of the two layouts, position by position.
const (
	dvorakKeys = "`1234567890[]',.pyfgcrl/=aoeuidhtns-;qjkxbmwvz"
	qwertyKeys = "`1234567890-=qwertyuiop[]asdfghjkl;'zxcvbnm,./"
)

// undvorak reads a text typed on a Dvorak layout by hands that meant
// QWERTY (or the reverse): "ygpb ruu" is "turn off". Gate: the note names
// Dvorak; four words at least must read as known ones.
func undvorak(s string) (string, string, bool) {
	l := strings.ToLower(s)
	if !strings.Contains(l, "dvorak") {
		return "", "", false
	}
	best, bestN := "", 3
	for _, dir := range [][2]string{{dvorakKeys, qwertyKeys}, {qwertyKeys, dvorakKeys}} {
		fields := strings.Fields(l)
		for i, w := range fields {
			if sweepVocabulary()[strings.Trim(w, ".,:!?\"()")] {
				continue
			}
			fields[i] = strings.Map(func(r rune) rune {
				if i := strings.IndexRune(dir[0], r); i >= 0 {
					return rune(dir[1][i])
				}
				return r
			}, w)
		}
		out := strings.Join(fields, " ")
		if n := knownWords(out); n > bestN {
			best, bestN = out, n
		}
	}
	if best == "" {
		return "", "", false
	}
	return best, "keyboard-layout", true
}

// decodeHint is a note telling its reader how to read what it hides:
// "read every second letter", "map the keys back to QWERTY to read it",
// "decode the following". Whoever is taught to decode a text is the one
// it speaks to: soft, it needs an act of risk in the text or its reading.
const decodeHint = `\bmap (?:the )?keys back\b|\bread (?:every|each) (?:second|other|2nd|third|3rd) (?:letter|character)s?\b|\b(?:decode|decipher|unscramble|decrypt|de-?interleave) (?:it|this|the (?:following|line|text|message|string|rest))\b|\bto read it\b`
