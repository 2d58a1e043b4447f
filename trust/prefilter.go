package trust

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"sync/atomic"
)

// requiredLiterals returns strings one of which every match of expr
// contains, so a rule can be skipped with a few strings.Contains where none
// is in the text (the same idea as a secret scanner's keywords, derived
// from the expression instead of written by hand). nil means no such set
// was found: the rule is always tried. Literals are lower case; the texts
// matched against are lower case too.
func requiredLiterals(expr string) []string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	set := required(re.Simplify())
	for _, s := range set {
		if len(s) < 2 {
			return nil // too common to filter anything
		}
	}
	return set
}

// requiredSets returns sets of strings every match holds one of each:
// the literal sets of the parts of a top-level sequence ("whenever … you …
// read … this"), so a rule runs only where all its parts may be. nil: no
// set found.
func requiredSets(expr string) [][]string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	re = re.Simplify()
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	var sets [][]string
	if re.Op == syntax.OpConcat {
		for _, sub := range re.Sub {
			if set := required(sub); set != nil && minLen(set) >= 2 {
				sets = append(sets, set)
			}
		}
	}
	if len(sets) == 0 {
		if set := requiredLiterals(expr); set != nil {
			sets = [][]string{set}
		}
	}
	return sets
}

func required(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}
	case syntax.OpCapture:
		return required(re.Sub[0])
	case syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
		return nil
	case syntax.OpConcat:
		// Join adjacent literals first: "ignore" "\s+" ... keeps the longest
		// run of literal text; then the child whose shortest string is the
		// longest wins.
		var best []string
		bestLen := 0
		for _, sub := range re.Sub {
			set := required(sub)
			if set == nil {
				continue
			}
			if m := minLen(set); m > bestLen || m == bestLen && len(set) < len(best) {
				best, bestLen = set, m
			}
		}
		return best
	case syntax.OpAlternate:
		var all []string
		for _, sub := range re.Sub {
			set := required(sub)
			if set == nil {
				return nil
			}
			all = append(all, set...)
		}
		if len(all) > 96 {
			return nil
		}
		return all
	}
	return nil
}

func minLen(set []string) int {
	m := -1
	for _, s := range set {
		if m < 0 || len(s) < m {
			m = len(s)
		}
	}
	return m
}

// literalIndex finds which of a list of rules may match a text: a rule
// is a candidate when each of its literal sets has a member in the text.
// A rule without sets is always a candidate. A process that looks at a
// few short texts (`cortex observe` redacting one line) tries the literals
// one by one with strings.Contains; once the texts it has read would have
// paid for it, the index builds an Aho-Corasick automaton over every
// literal and finds them all in one pass (the daemon, a hook validating a
// commit's documents). Both ways give the same hits.
type literalIndex struct {
	slots [][]int // the slots (one per literal set) of each rule
	words int     // length of a slot bitset in uint64s
	lits  []slotLit
	// work counts what the direct scans did (text bytes times literals);
	// past budget, hits uses the automaton.
	work   atomic.Int64
	budget int64
	auto   func() []acNode
}

// slotLit is one literal and the slot of its set.
type slotLit struct {
	lit  string
	slot int
}

// directWorkPerLiteralByte sets the direct scans' budget: this many times
// the literals' total length, in text bytes times literals. The
// automaton's build costs 45–70 ns a literal byte and strings.Contains
// 0.14–0.21 ns a unit (BenchmarkLiteralIndex, on the credential, gitleaks
// and shape indexes): the direct scans stop once they have cost about what
// the build would have (a rent-or-buy rule, at most twice the better
// choice). A one-line observe scans directly (13 µs against a 0.2 ms build
// for the credential index); the daemon builds after its first dozen lines.
const directWorkPerLiteralByte = 300

type acNode struct {
	edges []acEdge
	fail  int32
	out   []int // slots with a literal ending here (or at a suffix)
}

type acEdge struct {
	b    byte
	next int32
}

func (n *acNode) child(b byte) int32 {
	for _, e := range n.edges {
		if e.b == b {
			return e.next
		}
	}
	return -1
}

// newLiteralIndex makes the index of sets[i], the literal sets of rule i;
// the automaton is built on first need.
func newLiteralIndex(sets [][][]string) *literalIndex {
	x := &literalIndex{slots: make([][]int, len(sets))}
	slot := 0
	litBytes := 0
	for r, rs := range sets {
		for _, set := range rs {
			x.slots[r] = append(x.slots[r], slot)
			for _, lit := range set {
				x.lits = append(x.lits, slotLit{lit, slot})
				litBytes += len(lit)
			}
			slot++
		}
	}
	x.words = (slot + 63) / 64
	x.budget = int64(directWorkPerLiteralByte * litBytes)
	x.auto = sync.OnceValue(func() []acNode { return buildAutomaton(x.lits) })
	return x
}

// buildAutomaton builds the Aho-Corasick automaton of lits.
func buildAutomaton(lits []slotLit) []acNode {
	nodes := []acNode{{}}
	for _, sl := range lits {
		at := int32(0)
		for i := 0; i < len(sl.lit); i++ {
			next := nodes[at].child(sl.lit[i])
			if next < 0 {
				next = int32(len(nodes))
				nodes = append(nodes, acNode{})
				nodes[at].edges = append(nodes[at].edges, acEdge{sl.lit[i], next})
			}
			at = next
		}
		nodes[at].out = append(nodes[at].out, sl.slot)
	}
	// Failure links, breadth first; outputs merged along them.
	queue := []int32{}
	for _, e := range nodes[0].edges {
		queue = append(queue, e.next)
	}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, e := range nodes[at].edges {
			f := nodes[at].fail
			fc := int32(-1)
			for {
				if fc = nodes[f].child(e.b); fc >= 0 || f == 0 {
					break
				}
				f = nodes[f].fail
			}
			if fc < 0 || fc == e.next {
				fc = 0
			}
			nodes[e.next].fail = fc
			nodes[e.next].out = append(nodes[e.next].out, nodes[fc].out...)
			queue = append(queue, e.next)
		}
	}
	return nodes
}

// hits returns the bitset of the slots with a literal in s.
func (x *literalIndex) hits(s string) []uint64 {
	if x.work.Load() < x.budget {
		x.work.Add(int64(len(s)) * int64(len(x.lits)))
		return x.directHits(s)
	}
	return x.automatonHits(s)
}

// directHits is hits by one strings.Contains a literal.
func (x *literalIndex) directHits(s string) []uint64 {
	set := make([]uint64, x.words)
	if s == "" {
		return set // as the automaton: no byte, no literal, even an empty one
	}
	for _, sl := range x.lits {
		if set[sl.slot/64]&(1<<(sl.slot%64)) == 0 && strings.Contains(s, sl.lit) {
			set[sl.slot/64] |= 1 << (sl.slot % 64)
		}
	}
	return set
}

// automatonHits is hits in one pass of the automaton.
func (x *literalIndex) automatonHits(s string) []uint64 {
	nodes := x.auto()
	set := make([]uint64, x.words)
	at := int32(0)
	for i := 0; i < len(s); i++ {
		b := s[i]
		for {
			if next := nodes[at].child(b); next >= 0 {
				at = next
				break
			}
			if at == 0 {
				break
			}
			at = nodes[at].fail
		}
		for _, sl := range nodes[at].out {
			set[sl/64] |= 1 << (sl % 64)
		}
	}
	return set
}

// candidate reports whether rule r may match the text whose hits are given.
func (x *literalIndex) candidate(hits []uint64, r int) bool {
	for _, sl := range x.slots[r] {
		if hits[sl/64]&(1<<(sl%64)) == 0 {
			return false
		}
	}
	return true
}

// lazyRE compiles expr on first use: a rule set costs nothing to a command
// that never scans a text (cortex --version, a hook that only reads).
func lazyRE(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// lazySkeletonRE is lazyRE for the skeleton view, where l reads as i.
func lazySkeletonRE(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(strings.ReplaceAll(expr, "l", "i")) })
}
