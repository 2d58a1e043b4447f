package rules

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Near-duplicates (SPEC §9) are found without a model, precision first: a
// false merge hides a memory from every agent, a missed one only costs a
// line in the push block.
//
// A text becomes a note of three parts:
//
//   - anchors: the tokens that carry a precise meaning — anything with a
//     digit (numbers, versions, ports), a path or file name (a slash, or a
//     dot between letters), an identifier (snake_case, camelCase, a
//     --flag, a call(), a word in backticks), and the words of a contrast
//     (before/after, staging/production, add/remove, …). Two notes with
//     different anchor sets are different memories, however many words
//     they share: "migrations on staging" is not "migrations on
//     production", "Go 1.22" is not "Go 1.21".
//   - polarity: whether the text negates (not, never, don't, avoid, …).
//     "Always run the migrations on staging first" and "Never run the
//     migrations on staging first" differ only there.
//   - words: the other words, lower-cased, stop words dropped, lightly
//     stemmed, a few synonyms folded ("utilize" → "use").
//
// Two notes are near-duplicates when anchors and polarity are equal and
// they differ in weak words only (similar). Candidates come from a hash of
// those sets (key), so a vault of n notes costs n hashes and a hash table,
// never n² comparisons.

const stopWordsList = `a an the and or but if then else of to in on at by for with is are was were be been
being it its this that these those there here so such do does did done has have had i we you they he she them our your
their my me us also just very really can could should would will shall may might must need needs needed please only
when while where which who whom whose what why how all any each every some same than too about again once note
remember important always make sure ensure because so through per`

const negationsList = `not no never dont don't doesnt doesn't isnt isn't arent aren't wont won't cant can't cannot
shouldnt shouldn't mustnt mustn't didnt didn't neither nor none without avoid stop disable disabled forbid forbidden
unlocked unsafe n't`

// contrasts are words whose opposite makes another memory: kept as anchors.
const contrastsList = `before after first last staging production prod dev development test tests testing
add remove added removed enable enabled true false increase decrease min max minimum maximum sync async upper lower
uppercase lowercase open close allow deny block include exclude local remote global public private success fail
failure on off start up down left right old new older newer more less higher lower faster slower inside outside
required optional read write reads writes client server frontend backend debug release input output import export
push pull merge rebase head tail begin end sequential parallel optimistic pessimistic mutable immutable encrypt
decrypt compress decompress windows linux macos mac ipv4 ipv6 utc dark light admin user root primary secondary
master main odd even drop drops keep keeps locked`

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// vocabulary is the word lists that prepare and compare notes, built on
// first use: the lists are maps, and a command that never compares notes
// (every command but maintain) should not build them at start-up.
type vocabulary struct {
	stop, negations, contrasts, directions, numbers map[string]bool
	// weak holds each weak word and its stem: notes compare stemmed words.
	weak     map[string]bool
	synonyms map[string]string
	// lex is the lists above in one map, a word's classes as bits and its
	// synonym: newNote looks a word up once or twice instead of once per
	// list (eight lookups a word were a third of its time, and it
	// prepares every memory of a vault that never slept).
	lex map[string]lexeme
}

// lexeme is what the vocabulary says of one word.
type lexeme struct {
	is  wordClass
	syn string // the word it folds into, when is&isSynonym
}

type wordClass uint8

const (
	isStop wordClass = 1 << iota
	isNegation
	isContrast
	isDirection
	isNumber
	isWeak
	isSynonym
)

var vocab = sync.OnceValue(func() *vocabulary {
	v := &vocabulary{
		stop:       set(stopWordsList),
		negations:  set(negationsList),
		contrasts:  set(contrastsList),
		directions: set(directionsList),
		numbers:    set(numberWordsList),
		weak:       set(weakWordsList),
		synonyms: map[string]string{
			"utilize": "use", "utilise": "use", "employ": "use", "execute": "run", "launch": "run", "invoke": "call",
			"repair": "fix", "configuration": "config", "cfg": "config", "settings": "config",
			"repository": "repo", "directory": "dir", "folder": "dir", "function": "func", "method": "func",
			"dependency": "dep", "dependencies": "dep", "deps": "dep", "environment": "env", "database": "db",
			"error": "err", "errors": "err", "prefer": "favor", "prefers": "favor", "favour": "favor", "quick": "fast",
			"rapid": "fast", "crash": "panic", "crashes": "panic", "require": "need", "requires": "need",
			"breaks": "break", "broken": "break", "fails": "fail", "failing": "fail", "failed": "fail",
			"documentation": "docs", "doc": "docs", "auth": "authentication", "authenticate": "authentication",
			"perf": "performance", "js": "javascript", "ts": "typescript", "k8s": "kubernetes", "pkg": "package",
			"lib": "library", "libs": "library", "msg": "message", "args": "argument", "arg": "argument",
			"param": "parameter", "params": "parameter", "var": "variable", "vars": "variable",
			"delete": "remove", "deleted": "removed", "mandatory": "required", "reachable": "reach",
			"written": "write", "rebuilt": "rebuild", "nightly": "nightly", "merged": "merge", "lines": "line",
		},
	}
	for w := range set(weakWordsList) {
		v.weak[stem(w)] = true
	}
	v.lex = map[string]lexeme{}
	for _, l := range []struct {
		words map[string]bool
		is    wordClass
	}{{v.stop, isStop}, {v.negations, isNegation}, {v.contrasts, isContrast}, {v.directions, isDirection},
		{v.numbers, isNumber}, {v.weak, isWeak}} {
		for w := range l.words {
			x := v.lex[w]
			x.is |= l.is
			v.lex[w] = x
		}
	}
	for w, s := range v.synonyms {
		x := v.lex[w]
		x.is, x.syn = x.is|isSynonym, s
		v.lex[w] = x
	}
	return v
})

// note is one text prepared for comparison.
type note struct {
	words   []string // sorted, distinct
	anchors []string // sorted, distinct
	neg     bool
	// proper are the words written with a capital inside a sentence
	// (names: Chrome, Bazel, Kafka), compared like anchors.
	proper []string
	// after maps a direction word (instead, from, over, not, …) to the
	// first word after it: "pnpm instead of npm" is not "npm instead of
	// pnpm", though the words are the same.
	after map[string]string
}

// directions are the words after which the order of two names decides the
// meaning; negations count as one ("not").
const directionsList = `instead favor favour from than over rather versus vs into not`

const numberWordsList = `zero one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty
hundred thousand million once twice half double single triple dozen hourly daily nightly weekly monthly yearly
second seconds minute minutes hour hours day days week weeks month months year years ms millisecond milliseconds
microsecond microseconds nanosecond nanoseconds byte bytes kb mb gb tb percent monday mondays tuesday tuesdays
wednesday wednesdays thursday thursdays friday fridays saturday saturdays sunday sundays morning evening night
previous latest next current small large larger smaller short long`

// weak words may differ between two wordings of the same memory: verbs and
// fillers that carry no fact of their own. Any other word that one note has
// and the other lacks makes them different memories.
const weakWordsList = `use using used take takes hold holds live lives keep keeps stay stays go goes get gets put puts
need expect ever instead make makes give gives have come comes back way learned hard thing things actually basically
generally usually typically happen happens happened place where lot lots okay ok fine also still yet etc
expose exposes exposed done get got`

// newNote prepares text.
func newNote(text string) note {
	v := vocab()
	var n note // n.after is made at its first entry
	var words, anchors, proper []string
	inTick := false
	first := true // the next token starts a sentence
	pending := "" // a direction word waiting for the word after it
	emit := func(w string) {
		if pending != "" {
			if n.after == nil {
				n.after = map[string]string{}
			}
			if _, ok := n.after[pending]; !ok {
				n.after[pending] = w
			}
			pending = ""
		}
	}
	for raw := range strings.FieldsFuncSeq(text, unicode.IsSpace) {
		ticked := inTick || strings.HasPrefix(raw, "`")
		if strings.Count(raw, "`")%2 == 1 {
			inTick = !inTick
		}
		startsSentence := first
		switch raw[len(raw)-1] {
		case '.', '!', '?', ':', ';':
			first = true
		default:
			first = false
		}
		tok := strings.TrimFunc(raw, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '/' && r != '_' && r != '-' && r != '(' && r != ')' && r != '\''
		})
		tok = trimASCII(tok, "'()-")
		if strings.HasPrefix(trimLeftASCII(raw, "`\"'("), "--") {
			tok = "--" + strings.TrimLeft(tok, "-")
		}
		if tok == "" {
			continue
		}
		low := strings.ToLower(tok)
		lx := v.lex[low]
		lw := lx.is
		// A contraction's "n't" negates; its stem is a stop word.
		if strings.HasSuffix(low, "n't") || lw&isNegation != 0 {
			n.neg = true
			pending = "not"
			continue
		}
		if lw&isDirection != 0 {
			pending = low
			continue
		}
		if lw&isStop != 0 {
			continue
		}
		if ticked || isAnchor(tok) || lw&isNumber != 0 {
			a := strings.TrimSuffix(low, "()")
			anchors = append(anchors, a)
			emit(a)
			continue
		}
		r0, _ := utf8.DecodeRuneInString(tok)
		capital := unicode.IsUpper(r0)
		// Words joined by hyphens count one by one ("read-only").
		for w := range strings.SplitSeq(strings.Trim(low, "'"), "-") {
			w = strings.Trim(w, "'")
			if w == "" {
				continue
			}
			x := lx // the token is mostly one word
			if w != low {
				x = v.lex[w]
			}
			if x.is&isStop != 0 {
				continue
			}
			if x.is&isNegation != 0 {
				n.neg = true
				continue
			}
			if t := strings.TrimSuffix(w, "'s"); len(t) != len(w) {
				w, x = t, v.lex[t]
			}
			if x.is&(isContrast|isNumber) != 0 {
				w = stem(w)
				anchors = append(anchors, w)
				emit(w)
				continue
			}
			if x.is&isSynonym != 0 {
				w = x.syn
			}
			// Whether the stem is a contrast: known already when neither
			// the synonym nor the stem changed the word.
			if s := stem(w); s != w || x.is&isSynonym != 0 {
				w, x = s, v.lex[s]
			}
			if x.is&isContrast != 0 {
				anchors = append(anchors, w)
				emit(w)
				continue
			}
			words = append(words, w)
			if capital && !startsSentence {
				proper = append(proper, w)
			}
			emit(w)
		}
	}
	n.words = sortedSet(words)
	n.anchors = sortedSet(anchors)
	n.proper = sortedSet(proper)
	return n
}

// trimASCII is strings.Trim for a cutset of ASCII bytes, which never occur
// inside a multi-byte character: strings.Trim builds its set of a cutset
// longer than a byte at every call, a twentieth of newNote's time.
func trimASCII(s, cutset string) string {
	return trimRightASCII(trimLeftASCII(s, cutset), cutset)
}

func trimLeftASCII(s, cutset string) string {
	for len(s) > 0 && strings.IndexByte(cutset, s[0]) >= 0 {
		s = s[1:]
	}
	return s
}

func trimRightASCII(s, cutset string) string {
	for len(s) > 0 && strings.IndexByte(cutset, s[len(s)-1]) >= 0 {
		s = s[:len(s)-1]
	}
	return s
}

func sortedSet(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// isAnchor reports whether a token (as written) names something precise.
func isAnchor(tok string) bool {
	upperInside := false
	for i, r := range tok {
		switch {
		case unicode.IsDigit(r), r == '/', r == '_', r == '(':
			return true
		case r == '.' && i > 0 && i < len(tok)-1:
			return true
		case unicode.IsUpper(r) && i > 0:
			upperInside = true
		}
	}
	if strings.HasPrefix(tok, "--") {
		return true
	}
	// An acronym (LRU, LFU, EU, VPN) names one thing; camelCase an
	// identifier.
	return upperInside
}

// stem cuts the commonest English endings, enough for "runs"/"running"/
// "run" to meet.
func stem(w string) string {
	if len(w) == 4 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") {
		return w[:3]
	}
	if len(w) == 4 && strings.HasSuffix(w, "e") {
		return w[:3]
	}
	if len(w) <= 4 {
		return w
	}
	if strings.HasSuffix(w, "e") {
		return w[:len(w)-1]
	}
	for _, suf := range []string{"ies", "ing", "ed", "es", "s"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 {
			w = strings.TrimSuffix(w, suf)
			if suf == "ies" {
				w += "y"
			}
			if suf == "ing" || suf == "ed" {
				// "running" → "runn" → "run"
				if n := len(w); n >= 2 && w[n-1] == w[n-2] && w[n-1] != 's' && w[n-1] != 'l' {
					w = w[:n-1]
				}
			}
			return w
		}
	}
	return w
}

// Thresholds of similar: measured on testdata/pairs.tsv (precision first).
const (
	minJaccard = 0.5  // shared words over all words
	minOverlap = 0.75 // shared words over the shorter note's words
	minWords   = 3    // fewer words than this say too little to merge
)

// similar reports whether two notes say the same thing.
func similar(a, b *note) bool {
	v := vocab()
	if a.neg != b.neg || !slices.Equal(a.anchors, b.anchors) {
		return false
	}
	if len(a.words)+len(a.anchors) < minWords || len(b.words)+len(b.anchors) < minWords {
		return false
	}
	inter, strong := 0, 0
	i, j := 0, 0
	for i < len(a.words) || j < len(b.words) {
		c := 0
		switch {
		case i == len(a.words):
			c = 1
		case j == len(b.words):
			c = -1
		default:
			c = strings.Compare(a.words[i], b.words[j])
		}
		switch c {
		case 0:
			inter++
			i++
			j++
		case -1:
			if !v.weak[a.words[i]] {
				strong++
			}
			i++
		default:
			if !v.weak[b.words[j]] {
				strong++
			}
			j++
		}
	}
	if strong > 0 {
		return false
	}
	for _, p := range a.proper {
		if !slices.Contains(b.words, p) {
			return false
		}
	}
	for _, p := range b.proper {
		if !slices.Contains(a.words, p) {
			return false
		}
	}
	for d, w := range a.after {
		if v, ok := b.after[d]; ok && v != w {
			return false
		}
	}
	union := len(a.words) + len(b.words) - inter
	short := min(len(a.words), len(b.words))
	return float64(inter) >= minJaccard*float64(union) && float64(inter) >= minOverlap*float64(short)
}

// key is what every near-duplicate of the note shares: similar accepts
// only notes whose anchors and non-weak words are the same sets, so those
// sets, hashed with the group, are an exact key. Candidates are the notes
// of one key: one hash a note and a hash table, never n² comparisons.
func (n *note) key(group string) uint64 {
	v := vocab()
	h := fnv64a(fnvOffset, group)
	for _, w := range n.words {
		if v.lex[w].is&isWeak == 0 {
			h = fnv64a(fnvByte(h, 0), w)
		}
	}
	h = fnvByte(h, 1)
	for _, a := range n.anchors {
		h = fnv64a(fnvByte(h, 0), a)
	}
	return h
}

// fnv64a continues the FNV-1a hash h (hash/fnv's New64a, without an
// allocation a write) over s; fnvByte over one byte.
func fnv64a(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = fnvByte(h, s[i])
	}
	return h
}

func fnvByte(h uint64, b byte) uint64 { return (h ^ uint64(b)) * fnvPrime }

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// maxBucket bounds the notes compared pairwise under one key: past it (a
// memory repeated hundreds of times in other words) each note is compared
// with the first maxBucket of its key only, which still links it to its
// oldest near-duplicates.
const maxBucket = 256

// pair is two indexes into a slice of notes, a < b.
type pair struct{ a, b int32 }

// nearPairs returns the pairs of notes (of the same group: group[i]) that
// are similar, sorted; only notes of the same key are compared.
func nearPairs(notes []note, group []string) []pair {
	buckets := make(map[uint64][]int32, len(notes))
	for i := range notes {
		if len(notes[i].words)+len(notes[i].anchors) == 0 {
			continue
		}
		k := notes[i].key(group[i])
		buckets[k] = append(buckets[k], int32(i))
	}
	var out []pair
	for _, ids := range buckets {
		for x := 1; x < len(ids); x++ {
			for y := range min(x, maxBucket) {
				a, b := ids[y], ids[x]
				if group[a] == group[b] && similar(&notes[a], &notes[b]) {
					out = append(out, pair{a, b})
				}
			}
		}
	}
	slices.SortFunc(out, func(p, q pair) int {
		if p.a != q.a {
			return int(p.a - q.a)
		}
		return int(p.b - q.b)
	})
	return out
}

// allPairs is the naive baseline: every pair of the same group compared.
// Benchmarks run it beside nearPairs.
func allPairs(notes []note, group []string) []pair {
	var out []pair
	for a := range notes {
		for b := a + 1; b < len(notes); b++ {
			if group[a] == group[b] && similar(&notes[a], &notes[b]) {
				out = append(out, pair{int32(a), int32(b)})
			}
		}
	}
	return out
}

// NearDuplicatePairs returns the pairs of texts (indexes, a < b) of the same
// group that say the same thing: compared only where their MinHash bands
// meet, or, with naive, every pair of the group compared — the baseline
// the benchmarks run beside it.
func NearDuplicatePairs(texts, groups []string, naive bool) [][2]int {
	notes := make([]note, len(texts))
	for i, t := range texts {
		notes[i] = newNote(t)
	}
	var ps []pair
	if naive {
		ps = allPairs(notes, groups)
	} else {
		ps = nearPairs(notes, groups)
	}
	out := make([][2]int, len(ps))
	for i, p := range ps {
		out[i] = [2]int{int(p.a), int(p.b)}
	}
	return out
}
