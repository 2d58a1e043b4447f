package trust

import (
	"slices"
	"strings"
	"sync"
	"unicode"
)

// Batches 27 and 28's obfuscations (docs/trust.md, "Session 23"): a text
// whose words keep their first and last letters but scramble the rest
// (typoglycemia — people read it without effort, and so does a model),
// and a command dictated aloud, its signs spelled as words ("curl dash s
// h t t p s colon slash slash …"). Each decoder is gated by what its
// input must hold, and its reading must be known words or signs, so an
// ordinary note decodes to nothing.

// ---- Typoglycemia -------------------------------------------------------

// scrambleVocabulary are the words a scrambled note is read back into:
// sweepVocabulary and every word of four letters or more in the shape's
// lexicons (the acts and objects an attack must name), keyed by their
// scrambled signature.
var scrambleVocabulary = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	add := func(w string) {
		if len(w) < 4 {
			return
		}
		sig := scrambleSignature(w)
		if prev, ok := m[sig]; ok && prev != w {
			// Two words of one signature ("salt", "slat"): ambiguous,
			// read as neither.
			m[sig] = ""
			return
		}
		m[sig] = w
	}
	for w := range sweepVocabulary() {
		add(w)
	}
	for _, p := range shapeSet().parts {
		for _, w := range lexiconWord().FindAllString(p.expr, -1) {
			add(w)
		}
	}
	for _, w := range strings.Fields(extraScrambleWords) {
		add(w)
	}
	return m
})

// extraScrambleWords are common words of a note's frame that the
// lexicons spell only in part (their stems end in a group).
const extraScrambleWords = `whenever wherever yourself contents comment comments outside support contractor debug billing waits
	pipeline pipelines deploy deployment approve approval people team agreed would rather asked into with the
	release token tokens credentials paste issue issues github public private every always never`

var lexiconWord = lazyRE(`[a-z]{4,}`)

// scrambleSignature is a word's first and last letters around its inner
// letters sorted: "approve" and "apvproe" both read "a-opprv-e".
func scrambleSignature(w string) string {
	inner := []byte(w[1 : len(w)-1])
	slices.Sort(inner)
	return string(w[0]) + string(inner) + string(w[len(w)-1])
}

// unscrambled reads a note written in typoglycemia: each word of four
// letters or more that is no known word is replaced by the known word
// of its signature. Gate: five words read back so, and a third of the
// note's long words; a note with few long words or mostly known ones is
// no scramble.
func unscrambled(s string) (string, string, bool) {
	vocab, known := scrambleVocabulary(), sweepVocabulary()
	var b strings.Builder
	long, read := 0, 0
	i := 0
	for i < len(s) {
		if !isASCIILetter(s[i]) {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && isASCIILetter(s[j]) {
			j++
		}
		w := s[i:j]
		i = j
		lw := strings.ToLower(w)
		if len(lw) < 4 {
			b.WriteString(w)
			continue
		}
		long++
		if known[lw] {
			b.WriteString(w)
			continue
		}
		if v := vocab[scrambleSignature(lw)]; v != "" && v != lw {
			b.WriteString(v)
			read++
			continue
		}
		b.WriteString(w)
	}
	if read < 5 || read*3 < long {
		return "", "", false
	}
	return b.String(), "scrambled-letters", true
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// ---- Signs dictated as words --------------------------------------------

// dictatedSigns are the signs a dictation spells, and how each joins its
// neighbours: glued to both sides ("dot", "slash"), to the next only
// ("dash", "tilde"), or set apart ("pipe").
var dictatedSigns = map[string]struct {
	sign       string
	glueBefore bool
	glueAfter  bool
}{
	"dash": {"-", false, true}, "hyphen": {"-", false, true}, "minus": {"-", false, true},
	"slash": {"/", true, true}, "backslash": {`\`, true, true}, "dot": {".", true, true}, "period": {".", true, true},
	"colon": {":", true, true}, "underscore": {"_", true, true}, "tilde": {"~", false, true},
	"pipe": {"|", false, false}, "equals": {"=", true, true}, "ampersand": {"&", false, false},
	"semicolon": {";", true, false}, "dollar": {"$", false, true}, "asterisk": {"*", true, true}, "star": {"*", true, true},
}

// undictated writes a dictated command back with its signs: "git push
// dash dash force origin capital H E A D colon main" is "git push
// --force origin HEAD:main". "capital X" is X; a run of single letters
// is a word spelled out ("h t t p s"). Gate: four sign words, of two
// kinds at least.
func undictated(s string) (string, string, bool) {
	lower := strings.ToLower(s)
	signs, kinds := 0, map[string]bool{}
	for _, w := range strings.FieldsFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if d, ok := dictatedSigns[w]; ok {
			signs++
			kinds[d.sign] = true
		}
	}
	if signs < 4 || len(kinds) < 2 {
		return "", "", false
	}
	words := strings.Fields(s)
	var out []string
	glue := false       // a sign before asks the next word to join it
	prevSingle := false // the last word ends in a spelled letter
	for k := 0; k < len(words); k++ {
		core := strings.TrimRight(words[k], ",;")
		if d, ok := dictatedSigns[strings.ToLower(core)]; ok {
			// A dash after a flag's word continues the flag: "dash dash no
			// dash verify" is "--no-verify".
			inFlag := d.sign == "-" && len(out) > 0 && len(out[len(out)-1]) > 1 && out[len(out)-1][0] == '-'
			if (d.glueBefore || glue || inFlag) && len(out) > 0 {
				out[len(out)-1] += d.sign
			} else {
				out = append(out, d.sign)
			}
			glue, prevSingle = d.glueAfter, false
			continue
		}
		if strings.EqualFold(core, "capital") && k+1 < len(words) {
			k++
			core = strings.ToUpper(strings.TrimRight(words[k], ",;"))
		}
		single := len(core) == 1 && isASCIILetter(core[0])
		if len(out) > 0 && (glue || single && prevSingle) {
			out[len(out)-1] += core
		} else {
			out = append(out, core)
		}
		glue, prevSingle = false, single
	}
	return strings.Join(out, " "), "dictated-signs", true
}
