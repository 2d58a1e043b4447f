package rules

import (
	"hash/fnv"
	"slices"
	"strings"
	"unicode"
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
// their words overlap enough (similar). Candidates come from MinHash with
// banding (LSH) over anchors and words, so a vault of n notes costs about
// n × the number of hashes, never n²: only pairs that share a band are
// compared.

var stopWords = set(`a an the and or but if then else of to in on at by for with is are was were be been
being it its this that these those there here so such do does did done has have had i we you they he she them our your
their my me us also just very really can could should would will shall may might must need needs needed please only
when while where which who whom whose what why how all any each every some same than too about again once note
remember important always make sure ensure because so through per`)

var negations = set(`not no never dont don't doesnt doesn't isnt isn't arent aren't wont won't cant can't cannot
shouldnt shouldn't mustnt mustn't didnt didn't neither nor none without avoid stop disable disabled forbid forbidden
unlocked unsafe n't`)

// contrasts are words whose opposite makes another memory: kept as anchors.
var contrasts = set(`before after first last staging production prod dev development test tests testing
add remove added removed enable enabled true false increase decrease min max minimum maximum sync async upper lower
uppercase lowercase open close allow deny block include exclude local remote global public private success fail
failure on off start up down left right old new older newer more less higher lower faster slower inside outside
required optional read write reads writes client server frontend backend debug release input output import export
push pull merge rebase head tail begin end sequential parallel optimistic pessimistic mutable immutable encrypt
decrypt compress decompress windows linux macos mac ipv4 ipv6 utc dark light admin user root primary secondary
master main odd even drop drops keep keeps locked`)

var synonyms = map[string]string{
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
}

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

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
var directions = set(`instead favor favour from than over rather versus vs into not`)

var numberWords = set(`zero one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty
hundred thousand million once twice half double single triple dozen hourly daily nightly weekly monthly yearly
second seconds minute minutes hour hours day days week weeks month months year years ms millisecond milliseconds
microsecond microseconds nanosecond nanoseconds byte bytes kb mb gb tb percent monday mondays tuesday tuesdays
wednesday wednesdays thursday thursdays friday fridays saturday saturdays sunday sundays morning evening night
previous latest next current small large larger smaller short long`)

// weak words may differ between two wordings of the same memory: verbs and
// fillers that carry no fact of their own. Any other word that one note has
// and the other lacks makes them different memories.
var weakWords = set(`use using used take takes hold holds live lives keep keeps stay stays go goes get gets put puts
need expect ever instead make makes give gives have come comes back way learned hard thing things actually basically
generally usually typically happen happens happened place where lot lots okay ok fine also still yet etc
expose exposes exposed done get got`)

func init() {
	for w := range weakWords {
		weakWords[stem(w)] = true
	}
}

// newNote prepares text.
func newNote(text string) note {
	n := note{after: map[string]string{}}
	words, anchors, proper := map[string]bool{}, map[string]bool{}, map[string]bool{}
	inTick := false
	first := true // the next token starts a sentence
	pending := "" // a direction word waiting for the word after it
	emit := func(w string) {
		if pending != "" {
			if _, ok := n.after[pending]; !ok {
				n.after[pending] = w
			}
			pending = ""
		}
	}
	for _, raw := range strings.FieldsFunc(text, func(r rune) bool { return unicode.IsSpace(r) }) {
		ticked := inTick || strings.HasPrefix(raw, "`")
		if strings.Count(raw, "`")%2 == 1 {
			inTick = !inTick
		}
		startsSentence := first
		first = strings.ContainsAny(raw[len(raw)-1:], ".!?:;")
		tok := strings.TrimFunc(raw, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '/' && r != '_' && r != '-' && r != '(' && r != ')' && r != '\''
		})
		tok = strings.Trim(tok, "'()-")
		if strings.HasPrefix(strings.TrimLeft(raw, "`\"'("), "--") {
			tok = "--" + strings.TrimLeft(tok, "-")
		}
		if tok == "" {
			continue
		}
		low := strings.ToLower(tok)
		// A contraction's "n't" negates; its stem is a stop word.
		if strings.HasSuffix(low, "n't") || negations[low] {
			n.neg = true
			pending = "not"
			continue
		}
		if directions[low] {
			pending = low
			continue
		}
		if stopWords[low] {
			continue
		}
		if ticked || isAnchor(tok) || numberWords[low] {
			a := strings.TrimSuffix(low, "()")
			anchors[a] = true
			emit(a)
			continue
		}
		capital := unicode.IsUpper([]rune(tok)[0])
		// Words joined by hyphens count one by one ("read-only").
		for _, w := range strings.Split(strings.Trim(low, "'"), "-") {
			w = strings.Trim(w, "'")
			if w == "" || stopWords[w] {
				continue
			}
			if negations[w] {
				n.neg = true
				continue
			}
			w = strings.TrimSuffix(w, "'s")
			if contrasts[w] || numberWords[w] {
				w = stem(w)
				anchors[w] = true
				emit(w)
				continue
			}
			if s, ok := synonyms[w]; ok {
				w = s
			}
			w = stem(w)
			if contrasts[w] {
				anchors[w] = true
				emit(w)
				continue
			}
			words[w] = true
			if capital && !startsSentence {
				proper[w] = true
			}
			emit(w)
		}
	}
	n.words = sortedKeys(words)
	n.anchors = sortedKeys(anchors)
	n.proper = sortedKeys(proper)
	return n
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
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
			if !weakWords[a.words[i]] {
				strong++
			}
			i++
		default:
			if !weakWords[b.words[j]] {
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

// LSH parameters: bands × rows hashes. With 3 rows a pair of Jaccard 0.5
// shares a band with probability 1 − (1 − 0.5³)^24 ≈ 0.96; at 0.7, 0.9999.
const (
	lshBands = 24
	lshRows  = 3
	// maxBucket bounds the notes compared within one band bucket: a bucket
	// larger than this holds notes made of the same few common words, and
	// comparing them all would make the run quadratic again. Its notes are
	// compared with their neighbours in the bucket only.
	maxBucket = 256
)

var lshSeeds = func() [lshBands * lshRows][2]uint64 {
	var s [lshBands * lshRows][2]uint64
	x := uint64(0x9e3779b97f4a7c15)
	for i := range s {
		for j := range 2 {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			s[i][j] = x | 1
		}
	}
	return s
}()

func tokenHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// signature is the note's MinHash: for each hash function, the least hash
// of its anchors and words.
func (n *note) signature(sig *[lshBands * lshRows]uint64) {
	for i := range sig {
		sig[i] = ^uint64(0)
	}
	add := func(t string) {
		x := tokenHash(t)
		for i := range sig {
			v := (x ^ lshSeeds[i][0]) * lshSeeds[i][1]
			v ^= v >> 29
			if v < sig[i] {
				sig[i] = v
			}
		}
	}
	// Weak words may differ between near-duplicates (see similar): they
	// are left out, so that such pairs share their signature.
	for _, t := range n.words {
		if !weakWords[t] {
			add(t)
		}
	}
	for _, t := range n.anchors {
		add("\x00" + t)
	}
}

// pair is two indexes into a slice of notes, a < b.
type pair struct{ a, b int32 }

// nearPairs returns the pairs of notes (of the same group: group[i]) that
// are similar, sorted. Only pairs that share a LSH band are compared.
func nearPairs(notes []note, group []string) []pair {
	buckets := make(map[uint64][]int32, len(notes)*2)
	var sig [lshBands * lshRows]uint64
	for i := range notes {
		if len(notes[i].words)+len(notes[i].anchors) == 0 {
			continue
		}
		notes[i].signature(&sig)
		g := tokenHash(group[i])
		for b := range lshBands {
			h := g ^ uint64(b)*0x100000001b3
			for r := range lshRows {
				h = (h ^ sig[b*lshRows+r]) * 0x100000001b3
			}
			buckets[h] = append(buckets[h], int32(i))
		}
	}
	seen := make(map[pair]bool)
	var out []pair
	check := func(a, b int32) {
		if a > b {
			a, b = b, a
		}
		p := pair{a, b}
		if seen[p] {
			return
		}
		seen[p] = true
		if group[a] == group[b] && similar(&notes[a], &notes[b]) {
			out = append(out, p)
		}
	}
	for _, ids := range buckets {
		if len(ids) < 2 {
			continue
		}
		if len(ids) > maxBucket {
			for k := 1; k < len(ids); k++ {
				check(ids[k-1], ids[k])
			}
			continue
		}
		for x := range ids {
			for y := x + 1; y < len(ids); y++ {
				check(ids[x], ids[y])
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
