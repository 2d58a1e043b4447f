package trust

import "strings"

// Batch 23's obfuscations (docs/trust.md, "Session 21: batch 23, the
// reader named by what it does"): Pig Latin, a QWERTY keyboard shifted
// by one key, and the Polybius square. Each is gated by what a note must
// hold before any work is done, and its output must read as words of
// sweepVocabulary, so an essay on holidays or a table of grid references
// decodes to nothing.

// sweepWordplay is sweepDecoded's hook for them.
func sweepWordplay(s string, has *[256]bool) []payload {
	var out []payload
	add := func(text, via string, ok bool) {
		if ok && text != "" {
			out = append(out, payload{text, via})
		}
	}
	if has['y'] && has['a'] {
		add(unpiglatin(s))
	}
	if has['k'] || has['K'] || has['Q'] || has['q'] {
		add(unkeyshift(s))
	}
	if has['1'] && has['5'] || has['2'] && has['4'] || has['3'] && has['4'] {
		add(unpolybius(s))
	}
	if has['l'] || has['g'] {
		add(unrailfence(s))
	}
	if has[0xd0] || has[0xd1] {
		add(unphonetic(s))
	}
	if has['A'] && has['B'] || has['a'] && has['b'] {
		add(unbacon(s))
	}
	if has['e'] && has[' '] {
		add(uninterleaved(s))
	}
	if has['v'] || has['V'] {
		add(undvorak(s))
	}
	if has[' '] {
		add(unscrambled(s))
		add(undictated(s))
	}
	return out
}

// ---- Pig Latin ----------------------------------------------------------

// unpiglatin reads words written in Pig Latin ("ushpay otay ainmay"):
// each word ending in "ay" is turned back, its last one to three
// consonants moved to the front ("ethay" → "the"), or "way" dropped from
// a word that starts with a vowel ("andway" → "and"); the reading that
// is a known word wins. Gate: four words in "ay"; then three of them,
// and half, must turn back into known words of three letters or more.
func unpiglatin(s string) (string, string, bool) {
	// Four words ending in "ay" before anything is allocated.
	n := 0
	for i := strings.Index(s, "ay"); i >= 0 && n < 4; {
		if j := i + 2; j == len(s) || !(s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
			n++
		}
		k := strings.Index(s[i+2:], "ay")
		if k < 0 {
			break
		}
		i += 2 + k
	}
	if n < 4 {
		return "", "", false
	}
	fields := strings.Fields(s)
	var ay, known int
	seen := map[string]bool{}
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f
		lead := len(f) - len(strings.TrimLeft(f, "-\"'(["))
		core := strings.TrimRight(f[lead:], ".,;:!?\"')]")
		tail := f[lead+len(core):]
		w := strings.ToLower(core)
		if len(w) < 4 || !strings.HasSuffix(w, "ay") || strings.ContainsFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) {
			continue
		}
		ay++
		d, ok := pigWord(w)
		if ok && len(d) >= 3 {
			known++
			seen[d] = true
		}
		out[i] = f[:lead] + d + tail
	}
	if ay < 4 || len(seen) < 3 || known*2 < ay {
		return "", "", false
	}
	return strings.Join(out, " "), "pig-latin", true
}

// pigWord turns one Pig Latin word back; ok when the reading is known.
func pigWord(w string) (string, bool) {
	base := w[:len(w)-2]
	vocab := sweepVocabulary()
	for k := 1; k <= 3 && k < len(base); k++ {
		if !consonants(base[len(base)-k:]) {
			break
		}
		if c := base[len(base)-k:] + base[:len(base)-k]; vocab[c] {
			return c, true
		}
	}
	if strings.HasSuffix(w, "way") && len(w) > 4 {
		if c := w[:len(w)-3]; vocab[c] || strings.IndexByte("aeiou", c[0]) >= 0 {
			return c, vocab[c]
		}
	}
	if len(base) > 1 && consonants(base[len(base)-1:]) {
		return base[len(base)-1:] + base[:len(base)-1], false
	}
	return base, false
}

func consonants(s string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("aeiou", s[i]) >= 0 {
			return false
		}
	}
	return true
}

// ---- A keyboard shifted by one key ------------------------------------------

const qwertyRows = "qwertyuiop[ asdfghjkl;' zxcvbnm,./"

// unkeyshift reads a text typed with the hands one key off on a QWERTY
// keyboard ("ip;psf yjr" for "upload the"), in either direction: each
// word not known as it stands is read shifted. Gate: the note names the
// keyboard ("QWERTY", "keyboard"), as a cipher's note names its key; then
// four words or more must turn into known ones.
func unkeyshift(s string) (string, string, bool) {
	if !strings.Contains(s, "werty") && !strings.Contains(s, "WERTY") && !strings.Contains(s, "eyboard") && !strings.Contains(s, "EYBOARD") {
		return "", "", false
	}
	l := strings.ToLower(s)
	vocab := sweepVocabulary()
	fields := strings.Fields(l)
	best, bestN := "", 3
	for _, dir := range []int{-1, 1} {
		out := make([]string, len(fields))
		n := 0
		for i, w := range fields {
			out[i] = w
			if vocab[strings.Trim(w, ".,:!?\"()")] {
				continue
			}
			b := []byte(w)
			var edge []int // keys at a row's end, often typed as themselves
			for k, c := range b {
				if j := strings.IndexByte(qwertyRows, c); j >= 0 && j+dir >= 0 && j+dir < len(qwertyRows) && qwertyRows[j+dir] != ' ' {
					if c == 'p' || c == 'q' || c == 'a' || c == 'z' {
						edge = append(edge, k)
					}
					b[k] = qwertyRows[j+dir]
				}
			}
			if !vocab[string(b)] && len(edge) > 0 && len(edge) <= 3 {
				// Try each edge key as typed.
				for mask := 1; mask < 1<<len(edge); mask++ {
					c := []byte(string(b))
					for e, k := range edge {
						if mask&(1<<e) != 0 {
							c[k] = w[k]
						}
					}
					if vocab[string(c)] {
						b = c
						break
					}
				}
			}
			if vocab[string(b)] {
				n++
			}
			out[i] = string(b)
		}
		if n > bestN {
			best, bestN = dottedHosts(strings.Join(out, " ")), n
		}
	}
	if best == "" {
		return "", "", false
	}
	return best, "keyboard-shift", true
}

// knownWords counts the words of s in sweepVocabulary.
func knownWords(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		if sweepVocabulary()[strings.Trim(w, ".,;:!?\"'()")] {
			n++
		}
	}
	return n
}

// dottedHosts writes "paste dot rs" as "paste.rs", so a destination
// spelled in words is one again.
func dottedHosts(s string) string {
	if !strings.Contains(s, " dot ") {
		return s
	}
	return dotWord().ReplaceAllString(s, "$1.$2")
}

var dotWord = lazyRE(`([a-z0-9-]+) dot ([a-z0-9-]+)`)

// ---- The Polybius square ---------------------------------------------------

const polybiusGrid = "abcdefghiklmnopqrstuvwxyz" // I and J share a cell

var polybiusRun = lazyRE(`(?:^|[^0-9])[1-5][1-5](?:[ \t]+(?:/[ \t]+)?[1-5][1-5]){7,}(?:$|[^0-9])`)

// unpolybius reads a run of eight or more two-digit cells of the 5×5
// square (row, then column; "/" between words); the reading must hold
// two known words.
func unpolybius(s string) (string, string, bool) {
	run := polybiusRun().FindString(s)
	if run == "" {
		return "", "", false
	}
	var b strings.Builder
	for _, w := range strings.Split(run, "/") {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		for _, c := range strings.Fields(w) {
			c = strings.Trim(c, "^$ \t")
			if len(c) != 2 || c[0] < '1' || c[0] > '5' || c[1] < '1' || c[1] > '5' {
				continue
			}
			b.WriteByte(polybiusGrid[int(c[0]-'1')*5+int(c[1]-'1')])
		}
	}
	t := b.String()
	if !strings.Contains(t, " ") {
		t = spacedWords(t)
	}
	if knownWords(t) < 2 {
		return "", "", false
	}
	return t, "polybius", true
}
