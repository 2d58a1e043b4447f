package conflict

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault/doc"
)

// Memory is one active memory the detector compares.
type Memory struct {
	ID         string `json:"id"`
	Path       string `json:"path"`
	Type       string `json:"type"`
	Title      string `json:"title"`
	Created    string `json:"created"` // RFC 3339; orders a pair newest first
	SourceHash string `json:"source_hash"`
	Body       string `json:"-"`
}

// Pair is two memories that disagree, the newer first.
type Pair struct {
	Kind string `json:"kind"` // KindPolarity, KindDirection or KindValue
	// Detail names the two values of a value conflict ("8443 / 9443"),
	// the two names of a direction ("pnpm ⇄ npm").
	Detail string `json:"detail,omitempty"`
	A      Memory `json:"a"`
	B      Memory `json:"b"`
}

// Find returns the pairs of mems that disagree, newest pair first. Only
// memories that share a key (statement.keys) are compared: one parse and
// a few hashes a memory, never n² comparisons. Two memories with the same
// body (the same source_hash) are one statement, never a conflict.
func Find(mems []Memory) []Pair {
	sts := make([]statement, len(mems))
	buckets := map[uint64][]int{}
	for i := range mems {
		sts[i] = parse(mems[i].Body)
		for _, k := range sts[i].keys() {
			if b := buckets[k]; len(b) < maxBucket {
				buckets[k] = append(b, i)
			}
		}
	}
	seen := map[[2]int]bool{}
	var out []Pair
	for _, ids := range buckets {
		for x := 1; x < len(ids); x++ {
			for y := range x {
				i, j := ids[y], ids[x]
				if i > j {
					i, j = j, i
				}
				if seen[[2]int{i, j}] || mems[i].SourceHash == mems[j].SourceHash && mems[i].SourceHash != "" {
					continue
				}
				seen[[2]int{i, j}] = true
				kind, detail, ok := disagree(&sts[i], &sts[j])
				if !ok {
					continue
				}
				a, b := mems[i], mems[j]
				if newer(b, a) {
					a, b = b, a
					kind, detail, _ = disagree(&sts[j], &sts[i]) // the detail in the pair's order
				}
				out = append(out, Pair{Kind: kind, Detail: detail, A: a, B: b})
			}
		}
	}
	slices.SortFunc(out, func(p, q Pair) int {
		return cmp.Or(-cmp.Compare(p.A.Created, q.A.Created), cmp.Compare(p.A.ID, q.A.ID), cmp.Compare(p.B.ID, q.B.ID))
	})
	return out
}

// maxBucket bounds the memories compared under one key: a statement
// repeated hundreds of times is compared with its first maxBucket.
const maxBucket = 128

// newer reports whether a was made after b (then by id, so that the order
// is the same on every run).
func newer(a, b Memory) bool {
	if a.Created != b.Created {
		return a.Created > b.Created
	}
	return a.ID > b.ID
}

// Display is text of a memory as a terminal or an agent may see it: one
// line, without control or invisible characters (SPEC §11, output is
// data).
func Display(s string) string {
	s = doc.ForDisplay(s)
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// Line is the push block's line of a pair: the two memories' short ids,
// newest first, what differs, and the two titles quoted.
func Line(p Pair, shortA, shortB string) string {
	what := p.Kind
	if p.Detail != "" {
		what += " " + p.Detail
	}
	return fmt.Sprintf("- ‹%s› %q disagrees with ‹%s› %q (%s)", shortA, clip(Display(p.A.Title), 70), shortB, clip(Display(p.B.Title), 70), Display(what))
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
