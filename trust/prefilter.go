package trust

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
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

// literalIndex finds, in one pass over a text, which of a list of rules
// may match it (an Aho-Corasick automaton over every literal of every
// rule): a rule is a candidate when each of its literal sets has a member
// in the text. A rule without sets is always a candidate.
type literalIndex struct {
	nodes []acNode
	slots [][]int // the slots (one per literal set) of each rule
	words int     // length of a slot bitset in uint64s
}

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

// newLiteralIndex builds the index of sets[i], the literal sets of rule i.
func newLiteralIndex(sets [][][]string) *literalIndex {
	x := &literalIndex{nodes: []acNode{{}}, slots: make([][]int, len(sets))}
	slot := 0
	for r, rs := range sets {
		for _, set := range rs {
			x.slots[r] = append(x.slots[r], slot)
			for _, lit := range set {
				at := int32(0)
				for i := 0; i < len(lit); i++ {
					next := x.nodes[at].child(lit[i])
					if next < 0 {
						next = int32(len(x.nodes))
						x.nodes = append(x.nodes, acNode{})
						x.nodes[at].edges = append(x.nodes[at].edges, acEdge{lit[i], next})
					}
					at = next
				}
				x.nodes[at].out = append(x.nodes[at].out, slot)
			}
			slot++
		}
	}
	x.words = (slot + 63) / 64
	// Failure links, breadth first; outputs merged along them.
	queue := []int32{}
	for _, e := range x.nodes[0].edges {
		queue = append(queue, e.next)
	}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, e := range x.nodes[at].edges {
			f := x.nodes[at].fail
			fc := int32(-1)
			for {
				if fc = x.nodes[f].child(e.b); fc >= 0 || f == 0 {
					break
				}
				f = x.nodes[f].fail
			}
			if fc < 0 || fc == e.next {
				fc = 0
			}
			x.nodes[e.next].fail = fc
			x.nodes[e.next].out = append(x.nodes[e.next].out, x.nodes[fc].out...)
			queue = append(queue, e.next)
		}
	}
	return x
}

// hits returns the bitset of the slots with a literal in s.
func (x *literalIndex) hits(s string) []uint64 {
	set := make([]uint64, x.words)
	at := int32(0)
	for i := 0; i < len(s); i++ {
		b := s[i]
		for {
			if next := x.nodes[at].child(b); next >= 0 {
				at = next
				break
			}
			if at == 0 {
				break
			}
			at = x.nodes[at].fail
		}
		for _, sl := range x.nodes[at].out {
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
