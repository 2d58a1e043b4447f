package trust

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/ascii85"
	"encoding/base64"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// The sweep: encodings read ahead of the attacks (docs/trust.md, "Session
// 21: obfuscations read ahead of the attacks"). Each decoder is gated on a
// cheap necessary condition — a marker, a run of its alphabet, a density of
// separators — so an ordinary note pays a few byte scans; what a decoder
// finds goes through the same detection as decoded()'s payloads, alone and
// with the words around it.

// sweepLimit bounds the runs each decoder reads in one text, and
// sweepMaxRun the bytes of one run.
const (
	sweepLimit  = 8
	sweepMaxRun = 8192
)

// sweepDecoded lists the texts s hides in the encodings decoded() does not
// read itself.
func sweepDecoded(s string) []payload {
	// Which bytes the text holds, in one pass: most gates need a byte
	// most notes lack.
	var has [256]bool
	for i := 0; i < len(s); i++ {
		has[s[i]] = true
	}
	ascii := true
	for c := 0x80; c < 0x100; c++ {
		if has[c] {
			ascii = false
			break
		}
	}
	var out []payload
	add := func(text, via string, ok bool) {
		if ok && text != "" {
			out = append(out, payload{text, via})
		}
	}
	if has['.'] && has['-'] || !ascii {
		add(unmorsed(s))
	}
	if has['0'] && has['1'] {
		add(unbinary(s))
	}
	if has['3'] && has['2'] {
		add(decimalCodes(s))
	}
	if has['('] || has[']'] {
		add(charCalls(s))
	}
	if has['2'] && has['0'] {
		add(hexPairs(s))
	}
	if has['\\'] || has['%'] {
		add(unicodeEscapes(s))
	}
	if has['9'] || has['?'] || has['@'] {
		add(unrot47(s))
	}
	add(unvigenere(s))
	if has['`'] || has['b'] {
		add(uudecoded(s))
	}
	add(unnato(s))
	add(unseparated(s))
	if has['0'] || has['1'] || has['3'] || has['4'] || has['5'] || has['7'] || has['@'] || has['$'] {
		add(unleet(s))
	}
	if !ascii {
		add(lettersFolded(s))
	}
	if has['<'] && has['>'] {
		add(untagged(s))
	}
	add(wordsReversed(s))
	add(acrostic(s))
	out = append(out, tokenDecoded(s)...)
	if has['H'] || has['e'] {
		out = append(out, compressedBase64(s)...)
	}
	out = append(out, sweepWordplay(s, &has)...)
	return out
}

// ---- Morse code -------------------------------------------------------

var morseCodes = sync.OnceValue(func() map[string]byte {
	m := map[string]byte{}
	for c, code := range map[byte]string{
		'a': ".-", 'b': "-...", 'c': "-.-.", 'd': "-..", 'e': ".", 'f': "..-.", 'g': "--.", 'h': "....",
		'i': "..", 'j': ".---", 'k': "-.-", 'l': ".-..", 'm': "--", 'n': "-.", 'o': "---", 'p': ".--.",
		'q': "--.-", 'r': ".-.", 's': "...", 't': "-", 'u': "..-", 'v': "...-", 'w': ".--", 'x': "-..-",
		'y': "-.--", 'z': "--..", '0': "-----", '1': ".----", '2': "..---", '3': "...--", '4': "....-",
		'5': ".....", '6': "-....", '7': "--...", '8': "---..", '9': "----.", '.': ".-.-.-", ',': "--..--",
		'?': "..--..", '/': "-..-.", ':': "---...", '-': "-....-", '@': ".--.-.", '=': "-...-", '_': "..--.-",
	} {
		m[code] = c
	}
	return m
})

// morseRun is eight or more codes of dots and dashes, apart by spaces, a
// slash or a bar (a word break).
var morseRun = lazyRE(`[.\-]{1,7}(?:(?:[ \t]*[/|][ \t]*|\s+)[.\-]{1,7}){7,}`)

// unmorsed reads Morse code: letters apart by a space, words by a slash, a
// bar, two spaces or a line break. Gate: six dot-dash pairs (".-", "-.");
// most codes hold one, no ordinary text does.
func unmorsed(s string) (string, string, bool) {
	if strings.ContainsAny(s, "·•−–—") {
		s = strings.NewReplacer("·", ".", "•", ".", "−", "-", "–", "-", "—", "-").Replace(s)
	}
	if strings.Count(s, ".-")+strings.Count(s, "-.") < 6 {
		return "", "", false
	}
	var b strings.Builder
	known, all := 0, 0
	for _, run := range morseRun().FindAllString(s, sweepLimit) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		for i, word := range splitMorseWords(run) {
			if i > 0 {
				b.WriteByte(' ')
			}
			for _, code := range strings.Fields(word) {
				all++
				if c, ok := morseCodes()[code]; ok {
					known++
					b.WriteByte(c)
				}
			}
		}
	}
	if all < 8 || known*10 < all*9 {
		return "", "", false
	}
	return spacedWords(b.String()), "morse", true
}

// splitMorseWords splits a run at its word breaks: a slash, a bar, two
// spaces or a line break.
func splitMorseWords(run string) []string {
	run = strings.NewReplacer("|", "/", "\n", "/", "   ", "/", "  ", "/").Replace(run)
	return strings.Split(run, "/")
}

// ---- Binary octets, decimal codes, hex pairs ----------------------------

// binaryRun is eight or more octets of bits, apart or not.
var binaryRun = lazyRE(`[01]{8}(?:[ ,]?[01]{8}){7,}`)

// unbinary reads octets of bits as ASCII. Gate: "0110" or "0111", the
// high bits of every lower-case letter.
func unbinary(s string) (string, string, bool) {
	if !strings.Contains(s, "0110") && !strings.Contains(s, "0111") {
		return "", "", false
	}
	var b strings.Builder
	for _, run := range binaryRun().FindAllString(s, sweepLimit) {
		bits := strings.NewReplacer(" ", "", ",", "").Replace(run)
		for i := 0; i+8 <= len(bits) && i < sweepMaxRun; i += 8 {
			n, _ := strconv.ParseUint(bits[i:i+8], 2, 8)
			b.WriteByte(byte(n))
		}
		b.WriteByte(' ')
	}
	return readableASCII(b.String(), "binary")
}

// decimalRun is eight or more decimal codes apart by white space (comma
// lists are decoded()'s).
var decimalRun = lazyRE(`\b\d{2,3}(?:[ \t]+\d{2,3}){7,}\b`)

// decimalCodes reads decimal character codes apart by spaces. Gate: the
// code of a space (32) between two others, which a message of words holds
// and a table of measurements rarely does.
func decimalCodes(s string) (string, string, bool) {
	if !strings.Contains(s, " 32 ") {
		return "", "", false
	}
	var b strings.Builder
	for _, run := range decimalRun().FindAllString(s, sweepLimit) {
		for _, f := range strings.Fields(run) {
			n, _ := strconv.Atoi(f)
			if n < 32 || n > 126 {
				n = 0
			}
			b.WriteByte(byte(n))
		}
		b.WriteByte(' ')
	}
	return readableASCII(b.String(), "decimal-codes")
}

// charCall is one character built from its code: chr(105), Chr$(105),
// ChrW(105), CHAR(105) in SQL, [char]105 in PowerShell.
var charCall = lazyRE(`(?i)(?:\bchrw?\$?|\bchar)\s*\(\s*(\d{1,3})\s*\)|\[char\]\s*\(?\s*(\d{1,3})`)

// charCalls reads characters built one call each and concatenated. Gate:
// "hr(", "HR(", "har(", "HAR(", "har]", "HAR]" or "hrW(".
func charCalls(s string) (string, string, bool) {
	if !strings.Contains(s, "hr(") && !strings.Contains(s, "HR(") && !strings.Contains(s, "hr$(") &&
		!strings.Contains(s, "hrW(") && !strings.Contains(s, "har(") && !strings.Contains(s, "HAR(") &&
		!strings.Contains(s, "har]") && !strings.Contains(s, "HAR]") && !strings.Contains(s, "Char]") {
		return "", "", false
	}
	var b strings.Builder
	for _, m := range charCall().FindAllStringSubmatch(s, 512) {
		d := m[1] + m[2]
		n, _ := strconv.Atoi(d)
		if n < 9 || n > 126 {
			continue
		}
		b.WriteByte(byte(n))
	}
	if b.Len() < 8 {
		return "", "", false
	}
	return b.String(), "char-calls", true
}

// hexPairRun is eight or more hex bytes apart by spaces, commas or colons,
// with or without 0x.
var hexPairRun = lazyRE(`(?i)\b(?:0x)?[0-9a-f]{2}(?:(?:[ ,:]|, )(?:0x)?[0-9a-f]{2}){7,}\b`)

// hexPairs reads hex bytes written apart: "69 67 6e …", "0x69, 0x67, …".
// Gate: a space's code (20) as a byte among others.
func hexPairs(s string) (string, string, bool) {
	if !strings.Contains(s, "20 ") && !strings.Contains(s, "20,") && !strings.Contains(s, "20:") {
		return "", "", false
	}
	var b strings.Builder
	for _, run := range hexPairRun().FindAllString(s, sweepLimit) {
		run = strings.NewReplacer("0x", " ", "0X", " ", ",", " ", ":", " ").Replace(run)
		for _, f := range strings.Fields(run) {
			n, _ := strconv.ParseUint(f, 16, 8)
			b.WriteByte(byte(n))
		}
		b.WriteByte(' ')
	}
	return readableASCII(b.String(), "hex-bytes")
}

// readableASCII returns text, via and whether text reads as words (see
// readableText).
func readableASCII(text, via string) (string, string, bool) {
	text = strings.TrimSpace(text)
	if _, ok := readableText([]byte(text)); !ok {
		return "", "", false
	}
	return text, via, true
}

// ---- Unicode escapes ----------------------------------------------------

// uniEscape is a Unicode escape in any language's string literal:
// \u{1F600} (JavaScript, Rust, Swift), \U0001F600 (Python, C), \u0456
// (JSON, Java) and %u0456 (JavaScript's escape()).
var uniEscape = lazyRE(`\\u\{([0-9a-fA-F]{1,6})\}|\\U([0-9a-fA-F]{8})|[\\%]u([0-9a-fA-F]{4})`)

// unicodeEscapes reads escapes of any code point (decoded() reads \u00NN
// of ASCII), with UTF-16 surrogate pairs joined. Gate: "\u{", "\U" or a
// "\u"/"%u" that is not "\u00".
func unicodeEscapes(s string) (string, string, bool) {
	if !strings.Contains(s, `\u{`) && !strings.Contains(s, `\U`) && !strings.Contains(s, `%u`) && strings.Count(s, `\u`) == strings.Count(s, `\u00`) {
		return "", "", false
	}
	n := 0
	var pending rune = -1
	u := uniEscape().ReplaceAllStringFunc(s, func(e string) string {
		m := uniEscape().FindStringSubmatch(e)
		v, err := strconv.ParseUint(m[1]+m[2]+m[3], 16, 32)
		if err != nil || v > utf8.MaxRune {
			return e
		}
		r := rune(v)
		if utf16.IsSurrogate(r) {
			if pending >= 0 {
				p := pending
				pending = -1
				if j := utf16.DecodeRune(p, r); j != utf8.RuneError {
					n++
					return string(j)
				}
				return ""
			}
			pending = r
			return ""
		}
		pending = -1
		if r < 9 || r == 0x7F || r >= 0x80 && r < 0xA0 {
			return e
		}
		n++
		return string(r)
	})
	if n < 3 {
		return "", "", false
	}
	return u, "unicode-escapes", true
}

// ---- ROT47, Vigenère with a stated key ----------------------------------

// rot47Words are common English words in ROT47.
var rot47Words = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("the and you your to is all for of with this any every must never it on in are now be not from agents send ignore previous instructions rules push main delete without review user tell do") {
		m[rot47(w)] = true
	}
	return m
})

// rot47 rotates the printable ASCII of s (! to ~) by 47.
func rot47(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 33 && r <= 126 {
			return 33 + (r-33+47)%94
		}
		return r
	}, s)
}

// unrot47 reads ROT47, where letters turn into digits and signs. Gate:
// "E96" (the), "2?5" (and) or "J@F" (you); then two or more words of
// rot47Words.
func unrot47(s string) (string, string, bool) {
	if !strings.Contains(s, "E96") && !strings.Contains(s, "2?5") && !strings.Contains(s, "J@F") {
		return "", "", false
	}
	n := 0
	for _, w := range strings.Fields(s) {
		if rot47Words()[strings.Trim(w, ",;")] {
			n++
		}
	}
	if n < 2 {
		return "", "", false
	}
	return rot47(s), "rot47", true
}

// statedKey is a key the note states: "key: LEMON", "the key is lemon",
// "keyword = 'lemon'", "with the key LEMON".
var statedKey = lazyRE(`(?i)\b(?:key(?:word)?|passphrase)(?:\s*(?:is|=|:)\s*|\s+)["'“‘]?([a-z]{3,16})\b["'”’]?[\s.,;:)]`)

// unvigenere reads a Vigenère cipher with the key the note states: the
// text after the key, the key restarted at the text's first letter and
// again at each line's. Gate: the cipher named ("Vigenère", "cipher",
// "decrypt", "encrypt", "decode") and a key stated.
func unvigenere(s string) (string, string, bool) {
	if !strings.Contains(s, "igen") && !strings.Contains(s, "IGEN") && !strings.Contains(s, "ipher") && !strings.Contains(s, "crypt") && !strings.Contains(s, "ecode") {
		return "", "", false
	}
	if !strings.Contains(s, "key") && !strings.Contains(s, "Key") && !strings.Contains(s, "KEY") && !strings.Contains(s, "assphrase") {
		return "", "", false
	}
	var b strings.Builder
	for _, m := range statedKey().FindAllStringSubmatchIndex(s, 2) {
		key := strings.ToLower(s[m[2]:m[3]])
		if key == "is" || key == "the" {
			continue
		}
		rest := s[m[1]:min(len(s), m[1]+sweepMaxRun)]
		b.WriteString(vigenere(rest, key))
		for _, line := range strings.SplitAfter(rest, "\n")[1:] {
			b.WriteByte(' ')
			b.WriteString(vigenere(line, key))
		}
		b.WriteByte('\n')
	}
	if b.Len() == 0 {
		return "", "", false
	}
	return b.String(), "vigenere", true
}

// vigenere decodes the ASCII letters of s with key (lower-case letters),
// the key advancing over letters only.
func vigenere(s, key string) string {
	i := 0
	return strings.Map(func(r rune) rune {
		var base rune
		switch {
		case r >= 'a' && r <= 'z':
			base = 'a'
		case r >= 'A' && r <= 'Z':
			base = 'A'
		default:
			return r
		}
		k := rune(key[i%len(key)] - 'a')
		i++
		return base + (r-base-k+26)%26
	}, s)
}

// ---- uuencode -------------------------------------------------------------

var uuBlock = lazyRE("(?m)^begin [0-7]{3,4} [^\n]+\n((?:[ -`]+\n)+)")

// uudecoded reads uuencoded text. Gate: "begin " then the block's header.
func uudecoded(s string) (string, string, bool) {
	if !strings.Contains(s, "begin ") {
		return "", "", false
	}
	var b bytes.Buffer
	for _, m := range uuBlock().FindAllStringSubmatch(s, 2) {
		for _, line := range strings.Split(m[1][:min(len(m[1]), sweepMaxRun)], "\n") {
			if line == "" || len(line) > 61 {
				continue
			}
			n := int(line[0]-' ') & 63
			var got []byte
			for i := 1; i+4 <= len(line)+3 && len(got) < n; i += 4 {
				var q [4]byte
				for j := range 4 {
					if i+j < len(line) {
						q[j] = (line[i+j] - ' ') & 63
					}
				}
				got = append(got, q[0]<<2|q[1]>>4, q[1]<<4|q[2]>>2, q[2]<<6|q[3])
			}
			b.Write(got[:min(n, len(got))])
		}
	}
	if text, ok := readableText(b.Bytes()); ok {
		return text, "uuencode", true
	}
	return "", "", false
}

// ---- NATO phonetic spelling -----------------------------------------------

var natoWords = sync.OnceValue(func() map[string]byte {
	m := map[string]byte{}
	for i, w := range strings.Fields("alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey x-ray yankee zulu") {
		m[w] = byte('a' + i)
	}
	for w, c := range map[string]byte{"alpha": 'a', "juliet": 'j', "whisky": 'w', "xray": 'x', "zero": '0', "one": '1', "two": '2', "three": '3', "four": '4', "five": '5', "six": '6', "seven": '7', "eight": '8', "nine": '9', "niner": '9', "dot": '.', "period": '.', "slash": '/', "colon": ':', "dash": '-', "hyphen": '-', "underscore": '_', "at": '@'} {
		m[w] = c
	}
	return m
})

// natoGate are pieces of the NATO words; a spelled text holds several.
var natoGate = []string{"lfa", "lpha", "ravo", "harlie", "elta", "cho", "oxtrot", "otel", "ndia", "ulie", "ilo", "ima", "ike", "ovember", "scar", "apa", "uebec", "omeo", "ierra", "ango", "niform", "ictor", "hisk", "ankee", "ulu"}

// unnato reads letters spelled in the NATO alphabet ("delta echo lima
// echo …"): a run of six spelled letters or more; a word break is a slash,
// a comma, a line break or "space"/"stop"/"break". Gate: "echo", then
// five of the pieces of natoGate.
func unnato(s string) (string, string, bool) {
	// Two stages: e is the commonest letter, so a spelled text says
	// "echo"; then four more of the words' pieces.
	if !strings.Contains(s, "echo") && !strings.Contains(s, "Echo") && !strings.Contains(s, "ECHO") {
		return "", "", false
	}
	hits := 0
	for _, g := range natoGate {
		if strings.Contains(s, g) {
			if hits++; hits >= 5 {
				break
			}
		}
	}
	if hits < 5 {
		return "", "", false
	}
	var b, run strings.Builder
	letters, total := 0, 0
	flush := func() {
		if letters >= 6 {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strings.TrimSpace(run.String()))
			total += letters
		}
		run.Reset()
		letters = 0
	}
	word := func(w string) {
		lw := strings.ToLower(w)
		if c, ok := natoWords()[lw]; ok && !(len(lw) <= 3 && letters == 0) {
			run.WriteByte(c)
			letters++
			return
		}
		switch lw {
		case "space", "stop", "break", "/", "|", "--":
			if letters > 0 {
				run.WriteByte(' ')
			}
			return
		}
		flush()
	}
	start := -1
	for i := 0; i <= len(s); i++ {
		c := byte(' ')
		if i < len(s) {
			c = s[i]
		}
		isW := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' && start >= 0
		if isW {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			word(strings.TrimRight(s[start:i], "-"))
			start = -1
		}
		switch c {
		case '/', '|', '\n', ',', ';':
			if letters > 0 {
				run.WriteByte(' ')
			}
		}
	}
	flush()
	if total < 6 {
		return "", "", false
	}
	return spacedWords(b.String()), "nato", true
}

// ---- Letters spelled apart ----------------------------------------------

// isSpellSep is a sign that spells a word apart: "d-e-l-e-t-e",
// "d_e_l_e_t_e", "d*e*l*e*t*e", "d,e,l,e,t,e".
func isSpellSep(c byte) bool {
	return c == '-' || c == '.' || c == '_' || c == '*' || c == ',' || c == '/' || c == '|' || c == '+' || c == '~' || c == ':' || c == ' '
}

// unseparated joins characters spelled apart by one repeated sign or by
// single spaces (two spaces between words), signs and digits included
// (the skeleton view joins letters apart by " .-/|" only, and stops at a
// sign: "h t t p s : / / …"). Gate: three places where a character, a
// sign, a character, the same sign and a character follow each other.
func unseparated(s string) (string, string, bool) {
	n := 0
	for i := 0; i+4 < len(s) && n < 3; i++ {
		c := s[i+1]
		if isSpellSep(c) && s[i+3] == c && s[i] != c && s[i+2] != c && s[i+4] != c &&
			s[i] > ' ' && s[i+2] > ' ' && s[i+4] > ' ' && (c != ' ' || !isSpellSep(s[i]) && !isSpellSep(s[i+2])) {
			n++
			i += 3
		}
	}
	if n < 3 {
		return "", "", false
	}
	var b strings.Builder
	joined := 0
	for li, line := range strings.Split(s, "\n") {
		if li > 0 {
			b.WriteByte('\n')
		}
		// Single characters apart by single spaces, two spaces a word break.
		if strings.Contains(line, "  ") {
			if j, ok := joinSingles(line); ok {
				line = j
				joined++
			}
		}
		for wi, w := range strings.Split(line, " ") {
			if wi > 0 {
				b.WriteByte(' ')
			}
			if j, ok := joinSpelled(w); ok {
				w = j
				joined++
			}
			b.WriteString(w)
		}
	}
	if joined == 0 {
		return "", "", false
	}
	return spacedWords(b.String()), "separated-letters", true
}

// joinSpelled joins a token spelled apart by one repeated sign: four
// characters at least, the sign at every other place.
func joinSpelled(w string) (string, bool) {
	if len(w) < 7 || len(w)%2 == 0 {
		return "", false
	}
	sep := w[1]
	if !isSpellSep(sep) || sep == ' ' {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if i%2 == 1 {
			if w[i] != sep {
				return "", false
			}
			continue
		}
		if w[i] >= utf8.RuneSelf {
			return "", false
		}
		b.WriteByte(w[i])
	}
	return b.String(), true
}

// joinSingles joins the single characters of a line apart by single
// spaces, where two spaces part words: "s e n d  t h e  . e n v". Words
// written whole in the line stay.
func joinSingles(line string) (string, bool) {
	words := strings.Split(line, "  ")
	singles := 0
	for i, w := range words {
		f := strings.Split(strings.TrimSpace(w), " ")
		if len(f) < 2 {
			continue
		}
		ok := true
		for _, c := range f {
			if utf8.RuneCountInString(c) != 1 {
				ok = false
				break
			}
		}
		if ok {
			singles += len(f)
			words[i] = strings.Join(f, "")
		}
	}
	return strings.Join(words, " "), singles >= 8
}

// ---- Leetspeak, the signs the skeleton view leaves --------------------

// leetFold maps leetspeak's signs to letters; multi-sign letters first.
var leetFold = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer(`|<`, "k", `|-|`, "h", `/\/\`, "m", `|\/|`, "m", `|\|`, "n", `\/\/`, "w", `\/`, "v", `|)`, "d", `|2`, "r", `()`, "o", `><`, "x",
		"0", "o", "1", "i", "3", "e", "4", "a", "5", "s", "7", "t", "8", "b", "9", "g", "6", "g", "@", "a", "$", "s", "+", "t", "€", "e", "!", "i", "|", "l")
})

// unleet reads a text dense with leetspeak in full: a word's last sign
// ("rul3$"), words of signs only ("70" for to, "4" for a), multi-sign
// letters ("|<" for k). The skeleton view folds only a sign followed by
// a letter, so that versions, prices and numbers stay. Gate: three words
// or more, and a fifth of all, that mix letters with leet digits or signs.
func unleet(s string) (string, string, bool) {
	mixed, words := 0, 0
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != ' ' && s[i] != '\n' && s[i] != '\t' {
			continue
		}
		if i > start {
			words++
			if leetWord(s[start:i]) {
				mixed++
			}
		}
		start = i + 1
	}
	if mixed < 3 || mixed*5 < words {
		return "", "", false
	}
	return leetFold().Replace(s), "leetspeak", true
}

// leetWord is a word of letters and leet signs only, with both, that is
// no hex literal ("1gn0r3", "rul3$", "pu5h"; not "0xc0", "b64", "v1.2").
func leetWord(w string) bool {
	for len(w) > 0 && strings.IndexByte(",;:.!?\"')", w[len(w)-1]) >= 0 {
		w = w[:len(w)-1]
	}
	for len(w) > 0 && strings.IndexByte("\"'(.", w[0]) >= 0 {
		w = w[1:]
	}
	if i := strings.Index(w, "://"); i >= 0 {
		w = w[:i] // the scheme of a URL: "h77p$://"
	}
	if len(w) < 2 || strings.HasPrefix(w, "0x") {
		return false
	}
	letter, sign := false, false
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			letter = true
		case c == '0' || c == '1' || c == '3' || c == '4' || c == '5' || c == '7' || c == '@' || c == '$':
			sign = true
		default:
			return false
		}
	}
	return letter && sign
}

// ---- Letters of other blocks: Braille, negative squared and circled
// letters, homoglyphs the confusables table lacks ---------------------------

// braille maps Grade-1 Braille cells (U+2800 + dots) to letters and signs.
var braille = sync.OnceValue(func() map[rune]rune {
	m := map[rune]rune{0x2800: ' '}
	for i, dots := range []rune{1, 3, 9, 25, 17, 11, 27, 19, 10, 26, 5, 7, 13, 29, 21, 15, 31, 23, 14, 30, 37, 39, 58, 45, 61, 53} {
		m[0x2800+dots] = 'a' + rune(i)
	}
	for r, c := range map[rune]rune{0x2832: '.', 0x2802: ',', 0x2824: '-', 0x280C: '/', 0x2812: ':', 0x2826: '?', 0x2816: '!', 0x2806: ';'} {
		m[r] = c
	}
	return m
})

// homoglyphs are letters that pass for Latin ones and that NFKC and the
// confusables table (injection.go) leave: Lisu, Armenian, Cherokee's small
// letters, Latin small capitals and a few Cyrillic ones.
var homoglyphs = sync.OnceValue(func() map[rune]rune {
	return map[rune]rune{
		'ꓮ': 'a', 'ꓐ': 'b', 'ꓚ': 'c', 'ꓓ': 'd', 'ꓰ': 'e', 'ꓝ': 'f', 'ꓖ': 'g', 'ꓧ': 'h', 'ꓲ': 'i', 'ꓙ': 'j',
		'ꓗ': 'k', 'ꓡ': 'l', 'ꓟ': 'm', 'ꓠ': 'n', 'ꓳ': 'o', 'ꓑ': 'p', 'ꓣ': 'r', 'ꓢ': 's', 'ꓔ': 't', 'ꓴ': 'u',
		'ꓦ': 'v', 'ꓪ': 'w', 'ꓫ': 'x', 'ꓬ': 'y', 'ꓜ': 'z',
		'օ': 'o', 'ս': 'u', 'հ': 'h', 'ո': 'n', 'ց': 'g', 'ա': 'w', 'զ': 'q', 'ք': 'p', 'ɾ': 'r',
		'ꭺ': 'a', 'ꭼ': 'e', 'ꮃ': 'w', 'ꮇ': 'm', 'ꮋ': 'h', 'ꮓ': 'z', 'ꮪ': 's', 'ꮯ': 'c', 'ꮲ': 'p', 'ꮶ': 'k', 'ꮤ': 't',
		'ꜰ': 'f', 'ǫ': 'q', 'ᴌ': 'l', 'ᴎ': 'n', 'ᴙ': 'r',
		'һ': 'h', 'ӏ': 'l', 'ԍ': 'g', 'ԗ': 'r', 'ԝ': 'w', 'ѡ': 'w', 'ʋ': 'u', 'ɒ': 'a',
	}
})

// beside are the homoglyphs that are letters of a living script
// (Armenian, Cyrillic): counted only beside a Latin letter, so a note in
// Armenian is no mixed-script word.
var beside = map[rune]bool{'օ': true, 'ս': true, 'հ': true, 'ո': true, 'ց': true, 'ա': true, 'զ': true, 'ք': true, 'һ': true, 'ӏ': true, 'ԍ': true, 'ԗ': true, 'ѡ': true}

// latinBeside reports whether the rune r at s[i] has an ASCII letter
// right before or after it.
func latinBeside(s string, i int, r rune) bool {
	isL := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	j := i + utf8.RuneLen(r)
	return i > 0 && isL(s[i-1]) || j < len(s) && isL(s[j])
}

// letterFold maps one rune of another block to the letter it shows, or -1.
func letterFold(r rune) rune {
	switch {
	case r >= 0x1F150 && r <= 0x1F169: // negative circled 🅐
		return 'a' + r - 0x1F150
	case r >= 0x1F170 && r <= 0x1F189: // negative squared 🅰
		return 'a' + r - 0x1F170
	case r >= 0x2800 && r <= 0x28FF:
		if c, ok := braille()[r]; ok {
			return c
		}
		return -1
	}
	if c, ok := homoglyphs()[r]; ok {
		return c
	}
	return -1
}

// lettersFolded reads letters of other blocks as the Latin letters they
// show: Braille cells, negative squared and circled letters (🅳🅴🅻, 🅓🅔🅛),
// homoglyphs. Gate: a byte outside ASCII; then three such letters.
func lettersFolded(s string) (string, string, bool) {
	if isPlainASCII(s) {
		return "", "", false
	}
	n, first := 0, -1
	for i, r := range s {
		if r >= 0x80 && letterFold(r) >= 0 && (!beside[r] || latinBeside(s, i, r)) {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	if n < 3 {
		return "", "", false
	}
	var b strings.Builder
	b.WriteString(s[:first])
	for _, r := range s[first:] {
		if c := letterFold(r); r >= 0x80 && c >= 0 {
			r = c
		} else if r == 0xFE0F { // an emoji presentation selector after 🅰
			continue
		}
		b.WriteRune(r)
	}
	return b.String(), "letter-blocks", true
}

// ---- Words split by markup, words reversed each, an acrostic ------------

// tagInWord is markup between two letters: "de<b></b>lete",
// "<span>d</span><span>e</span>…", "ig<!-- -->nore".
var tagInWord = lazyRE(`\pL((?:<!--[^>]{0,80}-->|</?[a-zA-Z][^<>\n]{0,80}>|</[a-zA-Z]+>)+)\pL`)

var markupTag = lazyRE(`<!--[^>]{0,80}-->|</?[a-zA-Z][^<>\n]{0,80}>`)

// untagged reads words split by markup as the page shows them: the tags
// between two letters dropped. Gate: "<" and ">".
func untagged(s string) (string, string, bool) {
	if !strings.Contains(s, "<") || !strings.Contains(s, ">") {
		return "", "", false
	}
	// A letter or two per element (<span>d</span><span>e</span>…): the
	// text as the page shows it, every tag dropped.
	if strings.Count(s, "><") >= 6 {
		return markupTag().ReplaceAllString(s, ""), "split-by-markup", true
	}
	ms := tagInWord().FindAllStringSubmatchIndex(s, -1)
	if ms == nil {
		return "", "", false
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		b.WriteString(s[last:m[2]])
		last = m[3]
	}
	b.WriteString(s[last:])
	u := b.String()
	// Matches overlap at their letters: a second pass drops what the
	// first one skipped ("<span>a</span><span>b</span><span>c</span>").
	if tagInWord().MatchString(u) {
		ms = tagInWord().FindAllStringSubmatchIndex(u, -1)
		b.Reset()
		last = 0
		for _, m := range ms {
			b.WriteString(u[last:m[2]])
			last = m[3]
		}
		b.WriteString(u[last:])
		u = b.String()
	}
	return u, "split-by-markup", true
}

// wordsReversed reads a text whose every word is written backwards in
// place ("erongi ruoy selur"): unshifted() reverses the whole text, which
// turns such a sentence's word order around. Gate: "eht", "dna", "ruoy" or
// "uoy"; then two words of shiftedWords' reversed ones.
func wordsReversed(s string) (string, string, bool) {
	if !strings.Contains(s, "eht") && !strings.Contains(s, "dna") && !strings.Contains(s, "uoy") && !strings.Contains(s, "EHT") {
		return "", "", false
	}
	n := 0
	for _, w := range strings.Fields(strings.ToLower(s)) {
		if shiftedWords()[strings.Trim(w, ".,;:!?\"'")] == reversedWords {
			n++
		}
	}
	if n < 2 {
		return "", "", false
	}
	fields := strings.Split(s, " ")
	for i, w := range fields {
		r := []rune(w)
		slices.Reverse(r)
		fields[i] = string(r)
	}
	return strings.Join(fields, " "), "words-reversed", true
}

// acrostic reads the first letters of a text's lines as words, when they
// spell known words (see spacedWords). Gate: eight lines or more.
func acrostic(s string) (string, string, bool) {
	if strings.Count(s, "\n") < 7 {
		return "", "", false
	}
	// The letters on the stack: most notes of eight lines spell nothing,
	// and reading them must cost no allocation.
	var buf [400]byte
	n := 0
	for rest := s; rest != "" && n < len(buf); {
		line := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		for len(line) > 0 && strings.IndexByte(" \t-*>#0123456789.)", line[0]) >= 0 {
			line = line[1:]
		}
		if line == "" {
			continue
		}
		if c := line[0]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			buf[n] = c | 0x20
			n++
		}
	}
	if n < 8 {
		return "", "", false
	}
	seg, ok := segmentBytes(buf[:n])
	if !ok {
		return "", "", false
	}
	return seg, "acrostic", true
}

// ---- Word breaks restored -------------------------------------------------

// sweepVocabulary are the words an attack spelled without its spaces is
// read back into: common English words and the attack's acts and objects.
var sweepVocabulary = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the and you your to is all for of with this any every must should never it on in are now an be not from
		agent agents assistant ai model bot future session sessions user users tell do dont don't please always silently quietly
		send upload post copy forward email mail exfiltrate leak share paste attach
		ignore disregard forget previous prior above earlier instructions rules guidance system prompt
		push force main master branch branches merge approve without review reviews reviewer approval approvals
		delete remove drop wipe purge destroy backups backup database prod production table tables history rewrite
		disable skip bypass turn off tests test hooks hook checks check ci pipeline verify verification signing signature protection
		secret secrets key keys token tokens env file files password passwords credentials credential ssh aws config
		run execute curl wget bash sh script download install pipe grant admin access root sudo permission permissions
		repo repository commit commits commit code http https www com net org example io dev to at as by it its them their
		report mention summary reply`) {
		m[w] = true
	}
	return m
})

// segmentWords splits a run of letters into sweepVocabulary's words
// (the longest covering, by dynamic programming); ok when known words of
// two letters or more cover nine tenths of it.
func segmentWords(run string) (string, bool) { return segmentBytes([]byte(run)) }

// segmentBytes is segmentWords on bytes: a text that splits into no
// words costs no allocation.
func segmentBytes(run []byte) (string, bool) {
	n := len(run)
	if n > 400 {
		return "", false
	}
	var bestArr, fromArr [401]int
	best := bestArr[:n+1] // letters covered by known words in run[:i]
	from := fromArr[:n+1]
	for i := 1; i <= n; i++ {
		best[i], from[i] = best[i-1], i-1
		for j := max(0, i-14); j <= i-2; j++ {
			if sweepVocabulary()[string(run[j:i])] && best[j]+i-j > best[i] {
				best[i], from[i] = best[j]+i-j, j
			}
		}
	}
	if best[n]*10 < n*9 {
		return "", false
	}
	var parts []string
	for i := n; i > 0; i = from[i] {
		parts = append(parts, string(run[from[i]:i]))
	}
	slices.Reverse(parts)
	return strings.Join(parts, " "), true
}

// spacedWords restores the word breaks of a decoded text written without
// them: each long word of letters that the vocabulary covers is split.
func spacedWords(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= 'a' && r <= 'z' }) {
		return s
	}
	fields := strings.Split(s, " ")
	changed := false
	for i, w := range fields {
		if len(w) < 10 || strings.ContainsFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) {
			continue
		}
		if seg, ok := segmentWords(w); ok {
			fields[i] = seg
			changed = true
		}
	}
	if !changed {
		return s
	}
	return strings.Join(fields, " ")
}

// ---- Tokens of other alphabets: Ascii85, base85 (RFC 1924), Z85, base58,
// UTF-16 base64 -----------------------------------------------------------

const (
	b85Alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"
	z85Alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"
	b58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
)

// tokenDecoded reads long tokens (20 bytes or more, no white space) of
// the base85 alphabets and of base58, Ascii85 between <~ and ~>, and
// base64 of UTF-16 text (PowerShell's -EncodedCommand). Gate, per token:
// its alphabet — a base85 token holds three signs or more and no "://",
// a base58 token letters of both cases and a digit, a UTF-16 one "A" at
// every other place or so.
func tokenDecoded(s string) []payload {
	var out []payload
	if i := strings.Index(s, "<~"); i >= 0 {
		if j := strings.Index(s[i:], "~>"); j > 2 {
			raw := make([]byte, 4*(j-2)/5+4)
			if n, _, err := ascii85.Decode(raw, []byte(s[i+2:i+j]), true); err == nil {
				if text, ok := readableText(raw[:n]); ok {
					out = append(out, payload{text, "ascii85"})
				}
			}
		}
	}
	tokens := 0
	for i := 0; i < len(s) && tokens < sweepLimit; {
		if s[i] <= ' ' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] > ' ' {
			j++
		}
		tok := s[i:j]
		i = j
		if len(tok) < 20 || len(tok) > sweepMaxRun || !isPlainASCII(tok) {
			continue
		}
		signs, upper, lower, digit, as := 0, false, false, false, 0
		for k := 0; k < len(tok); k++ {
			c := tok[k]
			switch {
			case c >= 'A' && c <= 'Z':
				upper = true
				if c == 'A' {
					as++
				}
			case c >= 'a' && c <= 'z':
				lower = true
			case c >= '0' && c <= '9':
				digit = true
			default:
				signs++
			}
		}
		switch {
		case signs >= 3 && !strings.Contains(tok, "://"):
			tokens++
			t := strings.TrimSuffix(strings.TrimPrefix(tok, "<~"), "~>")
			raw := make([]byte, len(t))
			if n, _, err := ascii85.Decode(raw, []byte(t), true); err == nil {
				if text, ok := readableText(raw[:n]); ok {
					out = append(out, payload{text, "ascii85"})
					continue
				}
			}
			if text, ok := readableText(base85Decode(tok, b85Alphabet)); ok {
				out = append(out, payload{text, "base85"})
				continue
			}
			if text, ok := readableText(base85Decode(tok, z85Alphabet)); ok {
				out = append(out, payload{text, "z85"})
			}
		case signs == 0 && upper && lower && digit && !strings.ContainsAny(tok, "0OIl"):
			tokens++
			if text, ok := readableText(base58Decode(tok)); ok {
				out = append(out, payload{text, "base58"})
			}
		case as*6 >= len(tok) && strings.Contains(tok, "AA"):
			// UTF-16LE text in base64: a zero byte after every ASCII one.
			tokens++
			if text, ok := utf16Base64(tok); ok {
				out = append(out, payload{text, "utf16-base64"})
			}
		}
	}
	return out
}

// base85Decode decodes s in an 85-letter alphabet, groups of five to
// four bytes, a last short group padded as Python's b85decode does; nil
// on a letter outside the alphabet.
func base85Decode(s, alphabet string) []byte {
	var out []byte
	for i := 0; i < len(s); i += 5 {
		group := s[i:min(i+5, len(s))]
		pad := 5 - len(group)
		var v uint64
		for k := 0; k < 5; k++ {
			d := 84
			if k < len(group) {
				if d = strings.IndexByte(alphabet, group[k]); d < 0 {
					return nil
				}
			}
			v = v*85 + uint64(d)
		}
		if v > 0xFFFFFFFF {
			return nil
		}
		b := []byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}
		out = append(out, b[:4-pad]...)
	}
	return out
}

// base58Decode decodes s in Bitcoin's base58 alphabet; nil on a letter
// outside it.
func base58Decode(s string) []byte {
	n := new(big.Int)
	radix := big.NewInt(58)
	for i := 0; i < len(s); i++ {
		d := strings.IndexByte(b58Alphabet, s[i])
		if d < 0 {
			return nil
		}
		n.Mul(n, radix).Add(n, big.NewInt(int64(d)))
	}
	return n.Bytes()
}

// utf16Base64 decodes a base64 token of UTF-16LE text.
func utf16Base64(tok string) (string, bool) {
	raw, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(tok, "="))
	if err != nil || len(raw) < 24 {
		return "", false
	}
	u := make([]uint16, len(raw)/2)
	for i := range u {
		u[i] = uint16(raw[2*i]) | uint16(raw[2*i+1])<<8
	}
	return readableText([]byte(string(utf16.Decode(u))))
}

// ---- Compressed base64 ------------------------------------------------------

// compressedBase64 reads gzip or zlib streams in base64 (H4sI…, eJ…),
// inflated to 4 KB at most. Gate: the stream's header in base64.
func compressedBase64(s string) []payload {
	if !strings.Contains(s, "H4sI") && !strings.Contains(s, "eJ") && !strings.Contains(s, "eN") && !strings.Contains(s, "eAE") && !strings.Contains(s, "eF") {
		return nil
	}
	var out []payload
	for _, run := range base64Run().FindAllString(s, sweepLimit) {
		gz := strings.HasPrefix(run, "H4sI")
		if !gz && !(strings.HasPrefix(run, "eJ") || strings.HasPrefix(run, "eN") || strings.HasPrefix(run, "eAE") || strings.HasPrefix(run, "eF")) {
			continue
		}
		raw, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(run[:min(len(run), sweepMaxRun)], "="))
		if err != nil {
			raw, err = base64.RawURLEncoding.DecodeString(strings.TrimRight(run[:min(len(run), sweepMaxRun)], "="))
			if err != nil {
				continue
			}
		}
		var r io.Reader
		if gz {
			zr, err := gzip.NewReader(bytes.NewReader(raw))
			if err != nil {
				continue
			}
			r = zr
		} else {
			zr, err := zlib.NewReader(bytes.NewReader(raw))
			if err != nil {
				continue
			}
			r = zr
		}
		plain, _ := io.ReadAll(io.LimitReader(r, 4096))
		if text, ok := readableText(plain); ok {
			out = append(out, payload{text, "compressed-base64"})
		}
	}
	return out
}
