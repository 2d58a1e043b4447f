// Package conflict finds the active memories that disagree (SPEC §11):
// two memories that say the same thing with the opposite polarity ("Always
// run the migrations on staging first" / "Never …"), with the order of two
// names swapped ("prefer pnpm over npm" / "prefer npm over pnpm"), or
// about the same subject with another value — a port, a version, a
// limit, a date, a time, a person, a choice ("listens on port 8443" /
// "listens on port 9443"). They are shown to a person, never merged:
// only a person knows which one holds.
//
// Precision comes first: a false conflict costs a person's attention, a
// missed one is no worse than before. So two memories conflict only when
// their statements are the same word for word once stop words are
// dropped and words stemmed, except for the negation or the one value
// that differs; and a differing number counts only where it reads as a
// value (after a cue such as "port", "is" or "at", or last in the
// sentence, or with a unit), never as a name ("issue 123", "room 204",
// "floor 3", "web-01"). Without a model, recall is what it is: two
// wordings of one statement are not compared.
package conflict

import (
	"hash/fnv"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The kinds of disagreement.
const (
	KindPolarity  = "polarity"  // one says it, the other says it is not so
	KindDirection = "direction" // the same names, the other way round
	KindValue     = "value"     // the same subject, another value
)

// token is one word of a statement as the detector compares it.
type token struct {
	norm  string // lower-cased, stemmed, antonyms folded
	class string // a value's class (valueClass); "" for a word
	name  bool   // written with a capital (a name)
	// slot: the word reads as a value — after a cue (port, is, at, …),
	// last in the statement, or followed by its unit.
	slot bool
	// chosen: the word is what a choice verb (use, prefer, …) names.
	chosen bool
	// copula: the word follows is, are, was (its determiners aside).
	copula bool
	last   bool // the last word of the statement
}

// statement is a text prepared for comparison.
type statement struct {
	toks []token
	neg  bool // negated an odd number of times
	dir  bool // holds a direction word (over, instead of, than, …)
	role bool // holds a role word (owns, lead, approves, …)
}

// parse prepares text.
func parse(text string) statement {
	lx := lexicon()
	var st statement
	type raw struct {
		low, orig string
		start     bool // first word of a sentence
	}
	var words []raw
	start := true
	for _, f := range strings.Fields(text) {
		w := strings.TrimFunc(f, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '%'
		})
		if w != "" {
			words = append(words, raw{low: strings.ToLower(w), orig: w, start: start})
		}
		last, _ := utf8.DecodeLastRuneInString(f)
		start = strings.ContainsRune(".!?:;", last) && !isClock(w)
	}
	prevCue, prevChoice, prevCopula := false, false, false
	for i, w := range words {
		low := strings.TrimSuffix(strings.TrimSuffix(w.low, "'s"), "’s")
		switch {
		case lx.negations[low] || strings.HasSuffix(low, "n't") || strings.HasSuffix(low, "n’t"):
			st.neg = !st.neg
			continue
		case lx.directions[low]:
			st.dir = true
			prevCue = false
			continue
		case lx.months[low] && !w.start && w.orig != low:
			// "due in May": the month, not the verb.
		case lx.determiners[low]:
			continue // "is the disk": the cue reaches past it
		case lx.stop[low]:
			prevCue, prevCopula = lx.cues[low], lx.copulas[low]
			continue
		}
		if lx.roles[low] {
			st.role = true
		}
		if a, ok := lx.antonyms[low]; ok {
			if a.neg {
				st.neg = !st.neg
			}
			low = a.word
		}
		t := token{norm: low, class: valueClass(low, lx)}
		r, _ := utf8.DecodeRuneInString(w.orig)
		t.name = unicode.IsUpper(r)
		if t.class == "" {
			t.norm = stem(low)
		}
		// A number right after a word that names things by number
		// (issue 123, room 204, floor 3) is a name, not a value.
		if t.class != "" && t.class != classDate && t.class != classTime && len(st.toks) > 0 &&
			lx.numbered[st.toks[len(st.toks)-1].norm] {
			t.class = ""
		}
		// A number followed by what it counts (16 threads, two
		// approvals) is a quantity.
		counts := false
		if i+1 < len(words) {
			next := words[i+1].low
			counts = !lx.stop[next] && !lx.determiners[next] && !lx.negations[next]
		}
		t.slot = prevCue || (t.class != "" && counts)
		t.chosen, t.copula = prevChoice, prevCopula
		prevCue, prevChoice, prevCopula = lx.cues[low], lx.choices[low], false
		st.toks = append(st.toks, t)
	}
	if n := len(st.toks); n > 0 {
		st.toks[n-1].last = true
	}
	// The last word of the statement (its units aside) is its value.
	for i := len(st.toks) - 1; i >= 0; i-- {
		st.toks[i].slot = true
		if !lx.units[st.toks[i].norm] && !lx.units[st.toks[i].norm+"s"] {
			break
		}
	}
	return st
}

// Disagree reports whether two texts disagree, how (KindPolarity,
// KindDirection or KindValue), and, for a value, the two values.
func Disagree(a, b string) (kind, detail string, ok bool) {
	sa, sb := parse(a), parse(b)
	return disagree(&sa, &sb)
}

func disagree(a, b *statement) (kind, detail string, ok bool) {
	if len(a.toks) != len(b.toks) || len(a.toks) < minWords {
		return "", "", false
	}
	var diff []int
	for i := range a.toks {
		if a.toks[i].norm != b.toks[i].norm {
			diff = append(diff, i)
		}
	}
	switch {
	case len(diff) == 0:
		if a.neg != b.neg {
			return KindPolarity, "", true
		}
		return "", "", false
	case a.neg != b.neg:
		return "", "", false
	case len(diff) == 1:
		x, y := a.toks[diff[0]], b.toks[diff[0]]
		if isValue(x, y, a.role && b.role) {
			return KindValue, x.norm + " / " + y.norm, true
		}
		return "", "", false
	}
	// The same words in another order around a direction word: "pnpm
	// over npm" and "npm over pnpm".
	if !a.dir || !b.dir || len(diff) != 2 {
		return "", "", false
	}
	i, j := diff[0], diff[1]
	if a.toks[i].norm == b.toks[j].norm && a.toks[j].norm == b.toks[i].norm {
		return KindDirection, a.toks[i].norm + " ⇄ " + a.toks[j].norm, true
	}
	return "", "", false
}

// minWords: a statement of fewer words says too little to contradict.
const minWords = 2

// isValue reports whether x and y, the only words in which two statements
// differ, are two values of one subject.
func isValue(x, y token, role bool) bool {
	switch {
	case x.class != "" || y.class != "":
		return x.class == y.class && (x.slot || y.slot)
	case x.name && y.name && role:
		return true // a person in a role: "Alice owns billing"
	case x.chosen && y.chosen:
		return true // a choice: "use tabs" / "use spaces"
	}
	// "the default branch is main" / "… is master": the word after a
	// copula, last in the statement.
	return x.copula && y.copula && x.last && y.last
}

// The classes of values.
const (
	classNumber  = "number"
	classVersion = "version"
	classTime    = "time"
	classDate    = "date"
)

// valueClass says what kind of value w (lower-cased) is, or "" for a
// word. A number with a unit glued to it (30s, 10mb) keeps the unit in
// its class: 30s and 45s compare, 30s and 45mb do not.
func valueClass(w string, lx *lexicons) string {
	switch {
	case lx.numbers[w]:
		return classNumber
	case lx.weekdays[w], lx.months[w]:
		return classDate
	case lx.daytimes[w]:
		return classTime
	case w == "":
		return ""
	}
	if isClock(w) {
		return classTime
	}
	digits, dots, dashes, letters := 0, 0, 0, 0
	for _, r := range w {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.' || r == ',':
			dots++
		case r == '-':
			dashes++
		case unicode.IsLetter(r) || r == '%':
			letters++
		default:
			return ""
		}
	}
	if digits == 0 {
		return ""
	}
	switch {
	case dashes == 2 && letters == 0 && len(w) == 10: // 2026-03-01
		return classDate
	case dashes > 0:
		return "" // web-01, jira-481: names
	case letters == 0 && dots == 0:
		return classNumber
	case letters == 0:
		if dots == 1 && strings.Contains(w, ",") {
			return classNumber // 1,000
		}
		return classVersion // 1.22, 2.3.1
	case w[0] == 'v' && letters == 1:
		return classVersion // v2, v1.4
	}
	// Digits then letters: an ordinal (1st) or a number with its unit
	// (30s, 10mb, 200mg, 50%); anything else mixes them as a name does
	// (lh1234, a1b2c3d, 12b, arm64).
	i := strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || r == '%' })
	num, unit := w[:i], w[i:]
	if strings.IndexFunc(unit, unicode.IsDigit) >= 0 || strings.Trim(num, "0123456789.,") != "" {
		return ""
	}
	switch unit {
	case "st", "nd", "rd", "th":
		return classDate
	}
	if lx.units[unit] || lx.shortUnits[unit] {
		return classNumber + "/" + unit
	}
	return ""
}

// isClock reports whether w is a time of day: 9:30, 07:40, 10am, 5pm.
func isClock(w string) bool {
	w = strings.ToLower(w)
	digits := func(s string, lo, hi int) bool {
		return len(s) >= lo && len(s) <= hi && strings.Trim(s, "0123456789") == ""
	}
	if h, m, ok := strings.Cut(w, ":"); ok {
		m = strings.TrimSuffix(strings.TrimSuffix(m, "am"), "pm")
		return digits(h, 1, 2) && digits(m, 2, 2)
	}
	for _, suf := range []string{"am", "pm"} {
		if h, ok := strings.CutSuffix(w, suf); ok {
			return digits(h, 1, 2)
		}
	}
	return false
}

// stem cuts the commonest English endings, enough for "approvals" and
// "approval", "needs" and "need" to meet.
func stem(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

// key hashes the words of a statement with the word at skip (-1: none)
// replaced by its class: statements that may disagree share a key.
func (st *statement) key(skip int) uint64 {
	h := fnv.New64a()
	for i, t := range st.toks {
		if i == skip {
			h.Write([]byte{1})
			h.Write([]byte(t.class))
		} else {
			h.Write([]byte(t.norm))
		}
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// keys are the keys under which st meets the statements it may disagree
// with: its words as they are (polarity), its words in order with one
// value-like word left out (a value), and its words sorted (a direction).
func (st *statement) keys() []uint64 {
	if len(st.toks) < minWords {
		return nil
	}
	out := []uint64{st.key(-1)}
	for i, t := range st.toks {
		if t.class != "" || t.name || t.chosen || t.slot {
			out = append(out, st.key(i))
		}
	}
	if st.dir {
		words := make([]string, len(st.toks))
		for i, t := range st.toks {
			words[i] = t.norm
		}
		slices.Sort(words)
		h := fnv.New64a()
		h.Write([]byte{2})
		for _, w := range words {
			h.Write([]byte(w))
			h.Write([]byte{0})
		}
		out = append(out, h.Sum64())
	}
	return out
}
