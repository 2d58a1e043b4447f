package trust

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault/doc"
)

// Batch 24's obfuscations (docs/trust.md, "Session 22: batch 24's
// classes"): a rail fence cipher, gated by the note naming it, and
// English written by ear in Cyrillic letters. Each output must read as
// words of sweepVocabulary, so a code or a Russian note decodes to
// nothing.

// unrailfence reads a rail fence cipher (two to six rails) in a run of
// sixteen letters or more, when the note names it ("rail fence",
// "zigzag"); the reading must split into known words.
func unrailfence(s string) (string, string, bool) {
	low := strings.ToLower(s)
	if !strings.Contains(low, "rail") && !strings.Contains(low, "zigzag") {
		return "", "", false
	}
	var out []string
	for _, tok := range strings.FieldsFunc(low, func(r rune) bool { return r < 'a' || r > 'z' }) {
		if len(tok) < 16 || len(tok) > 400 {
			continue
		}
		best, bestKnown := "", 2
		for rails := 2; rails <= 6; rails++ {
			seg, ok := segmentWords(railDecode(tok, rails))
			if !ok {
				continue
			}
			seg = strings.NewReplacer(" d o t ", " dot ", " do t ", " dot ").Replace(" " + seg + " ")
			if k := knownWords(seg); k > bestKnown {
				best, bestKnown = strings.TrimSpace(seg), k
			}
		}
		if best != "" {
			out = append(out, dottedHosts(best))
		}
	}
	if len(out) == 0 {
		return "", "", false
	}
	return strings.Join(out, "\n"), "rail-fence", true
}

// railDecode undoes a rail fence of n rails.
func railDecode(c string, n int) string {
	rail := make([]int, len(c))
	r, d := 0, 1
	for i := range c {
		rail[i] = r
		if n > 1 {
			if r == 0 {
				d = 1
			} else if r == n-1 {
				d = -1
			}
			r += d
		}
	}
	count := make([]int, n)
	for _, x := range rail {
		count[x]++
	}
	start := make([]int, n)
	for i := 1; i < n; i++ {
		start[i] = start[i-1] + count[i-1]
	}
	out := make([]byte, len(c))
	for i, x := range rail {
		out[i] = c[start[x]]
		start[x]++
	}
	return string(out)
}

// cyrillicLatin is how English written by ear in Cyrillic reads back.
var cyrillicLatin = map[rune]string{'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "yo", 'ж': "zh", 'з': "z", 'и': "i", 'й': "y", 'к': "k", 'л': "l", 'м': "m",
	'н': "n", 'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u", 'ф': "f", 'х': "h", 'ц': "ts", 'ч': "ch", 'ш': "sh", 'щ': "sh", 'ъ': "", 'ы': "i", 'ь': "", 'э': "e", 'ю': "yu", 'я': "ya"}

// phoneticExtra are words of the asks beside sweepVocabulary that an
// English note by ear spells.
const phoneticExtra = `two-factor authentication factor mention changelog note release checklist organization mfa enable grant admin owner guest
	disable deploy keys server logs public tell nobody delete everything`

// phoneticWords maps a word's sound skeleton to the words it may be.
var phoneticWords = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	add := func(w string) {
		k, _ := soundKey(w)
		if k != "" {
			m[k] = append(m[k], w)
		}
	}
	for w := range sweepVocabulary() {
		add(w)
	}
	for _, w := range strings.Fields(phoneticExtra) {
		add(w)
	}
	return m
})

var soundRules = strings.NewReplacer("tion", "Sn", "sion", "Sn", "dzh", "j", "th", "s", "ph", "f", "ck", "k", "ch", "C", "sh", "S", "zh", "j", "x", "ks", "qu", "kv",
	"ce", "se", "ci", "si", "cy", "sy", "ge", "je", "gi", "ji", "c", "k", "z", "s", "w", "u", "ou", "o")

// soundKey is a word's consonant skeleton (sounds English spells many
// ways made one) and its normal form with the vowels kept.
func soundKey(w string) (key, normal string) {
	normal = soundRules.Replace(strings.TrimSuffix(w, "e"))
	var b strings.Builder
	var last rune
	for _, r := range normal {
		if strings.ContainsRune("aeiouyh'", r) || r == last {
			continue
		}
		b.WriteRune(r)
		last = r
	}
	return b.String(), normal
}

// unphonetic reads English written by ear in Cyrillic ("дисэйбл ту-фэктор
// оусентикейшн"): each word is transliterated and matched to the known
// word of the same sound skeleton nearest in spelling. Gate: eight
// Cyrillic words; then two thirds of them must be known words.
func unphonetic(s string) (string, string, bool) {
	cyr := 0
	for _, f := range strings.Fields(s) {
		if r, _ := utf8.DecodeRuneInString(f); unicode.Is(unicode.Cyrillic, r) {
			cyr++
		}
	}
	if cyr < 8 {
		return "", "", false
	}
	words, known := 0, 0
	var b strings.Builder
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.Is(unicode.Cyrillic, r) {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		j := i
		for j < len(s) {
			r2, n2 := utf8.DecodeRuneInString(s[j:])
			if !unicode.Is(unicode.Cyrillic, r2) && r2 != '-' {
				break
			}
			j += n2
		}
		var t strings.Builder
		for _, c := range strings.ToLower(s[i:j]) {
			if l, ok := cyrillicLatin[c]; ok {
				t.WriteString(l)
			} else {
				t.WriteRune(c)
			}
		}
		word := t.String()
		words++
		if w, ok := nearestSound(word); ok {
			known++
			word = w
			if w == "dont" {
				word = "don't"
			}
		}
		b.WriteString(word)
		i = j
	}
	if known < 6 || known*3 < words*2 {
		return "", "", false
	}
	return b.String(), "phonetic-cyrillic", true
}

// nearestSound is the known word of w's sound skeleton nearest to w.
func nearestSound(w string) (string, bool) {
	k, norm := soundKey(w)
	best, bestD := "", 3+len(norm)/5
	for _, c := range phoneticWords()[k] {
		_, cn := soundKey(c)
		if d := doc.EditDistance(norm, cn); d < bestD || d == bestD && best != "" && len(c) > len(best) {
			best, bestD = c, d
		}
	}
	return best, best != ""
}

// unbacon reads Bacon's cipher: groups of five letters of a two-letter
// alphabet (A/B, or any two signs written as five-letter groups), each a
// letter, in the 26-letter alphabet (A=AAAAA … Z=BBAAB) or the older
// 24-letter one (I=J, U=V). Gate: eight groups of five of two signs.
// Words are split where the text splits them ("/" or a wider gap), else
// by the sweep's segmenter; the reading must hold known words.
func unbacon(s string) (string, string, bool) {
	groups := baconGroups(s)
	if len(groups) < 8 {
		return "", "", false
	}
	best, bestKnown := "", 1
	for _, alpha := range []string{"abcdefghijklmnopqrstuvwxyz", "abcdefghiklmnopqrstuwxyz"} {
		for _, aSign := range []byte{'a', 'b'} {
			var b strings.Builder
			prev := -1
			ok := true
			for _, g := range groups {
				if prev >= 0 && baconWordBreak(s[prev:g[0]]) {
					b.WriteByte(' ')
				}
				prev = g[1]
				n := 0
				for _, c := range strings.ToLower(s[g[0]:g[1]]) {
					n <<= 1
					if byte(c) != aSign {
						n |= 1
					}
				}
				if n >= len(alpha) {
					ok = false
					break
				}
				b.WriteByte(alpha[n])
			}
			if !ok {
				continue
			}
			var words []string
			for _, w := range strings.Fields(b.String()) {
				if seg, ok := segmentWords(w); ok {
					words = append(words, seg)
				} else {
					words = append(words, w)
				}
			}
			text := strings.Join(words, " ")
			if k := knownWords(" " + text + " "); k > bestKnown {
				best, bestKnown = text, k
			}
		}
	}
	if best == "" {
		return "", "", false
	}
	return best, "bacon", true
}

// baconGroups are the spans of the words of s that are five of A and B
// (either case).
func baconGroups(s string) [][2]int {
	var out [][2]int
	start := -1
	for i := 0; i <= len(s); i++ {
		letter := i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z')
		if letter {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start == 5 && strings.Trim(s[start:i], "abAB") == "" {
			out = append(out, [2]int{start, i})
		}
		start = -1
	}
	return out
}

// baconWordBreak reports a gap between two groups that ends a word: a
// slash, a bar, a line break or two spaces.
func baconWordBreak(gap string) bool {
	return strings.ContainsAny(gap, "/|\n") || strings.Contains(gap, "  ")
}
