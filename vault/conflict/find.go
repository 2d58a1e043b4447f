package conflict

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
	"sync"
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
//
// The keys are gathered first and the statements dropped: a statement
// holds a token for every word of its memory, and most memories share no
// key with any other, so holding them all at once only weighed on the
// daemon, whose watchdog runs this over the whole vault (over 100 MB of
// heap at 20,000 memories). The memories that do share a key are parsed
// again, once each.
func Find(mems []Memory) []Pair { return find(mems, nil) }

// keyCache keeps each body's keys from one scan to the next in a process:
// the daemon's watchdog scans the whole vault at every doctor pass, and
// parsing every memory again was most of a pass (2 s of CPU at 20,000
// memories) though few change between two passes. Keyed by a hash of the
// body, so an edit is parsed again whoever made it; a body no scan saw
// last time is dropped.
type keyCache struct {
	mu   sync.Mutex
	seed maphash.Seed
	keys map[uint64][]uint64
}

// scanKeys is the cache of the process's scans (Scan).
var scanKeys = &keyCache{seed: maphash.MakeSeed()}

// find is Find, with the keys of bodies already parsed taken from c (nil:
// every body parsed).
func find(mems []Memory, c *keyCache) []Pair {
	type keyed struct {
		key uint64
		i   int
	}
	var ks []keyed
	var next map[uint64][]uint64
	if c != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		next = make(map[uint64][]uint64, len(mems))
	}
	for i := range mems {
		var keys []uint64
		if c == nil {
			st := parse(mems[i].Body)
			keys = st.keys()
		} else {
			h := maphash.String(c.seed, mems[i].Body)
			var ok bool
			if keys, ok = c.keys[h]; !ok {
				st := parse(mems[i].Body)
				keys = st.keys()
			}
			next[h] = keys
		}
		for _, k := range keys {
			ks = append(ks, keyed{k, i})
		}
	}
	if c != nil {
		c.keys = next
	}
	// In key order, each key's memories in the order of mems: a key's
	// first maxBucket memories are compared.
	slices.SortFunc(ks, func(a, b keyed) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.i, b.i)) })
	ks = slices.Compact(ks)
	sts := map[int]*statement{}
	statementOf := func(i int) *statement {
		st := sts[i]
		if st == nil {
			s := parse(mems[i].Body)
			st = &s
			sts[i] = st
		}
		return st
	}
	seen := map[[2]int]bool{}
	var out []Pair
	for len(ks) > 0 {
		n := 1
		for n < len(ks) && ks[n].key == ks[0].key {
			n++
		}
		bucket := ks[:min(n, maxBucket)]
		ks = ks[n:]
		for x := 1; x < len(bucket); x++ {
			for y := range x {
				i, j := bucket[y].i, bucket[x].i // i < j: sorted, no repeats
				if seen[[2]int{i, j}] || mems[i].SourceHash == mems[j].SourceHash && mems[i].SourceHash != "" {
					continue
				}
				seen[[2]int{i, j}] = true
				kind, detail, ok := disagree(statementOf(i), statementOf(j))
				if !ok {
					continue
				}
				a, b := mems[i], mems[j]
				if newer(b, a) {
					a, b = b, a
					kind, detail, _ = disagree(statementOf(j), statementOf(i)) // the detail in the pair's order
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
