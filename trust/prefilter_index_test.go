package trust

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/trust/trusttest"
)

// allLiteralIndexes are the package's literal indexes: gitleaks' keywords,
// our credential classes', the injection rule sets' and the shape's.
func allLiteralIndexes() map[string]*literalIndex {
	m := map[string]*literalIndex{
		"gitleaks":    leakRules().index,
		"credentials": credIndex(),
		"shape":       shapeSet().index,
	}
	for r, set := range ruleSets() {
		m["injection "+r.id] = set.index
	}
	return m
}

// TestLiteralIndexWaysAgree: the direct scan a short-lived process uses
// and the automaton a long-lived one builds find the same literals, on
// every corpus note and on random texts built from the literals
// themselves (overlaps, prefixes, a literal cut short).
func TestLiteralIndexWaysAgree(t *testing.T) {
	var texts []string
	for _, name := range []string{"injections.txt", "benign.txt", "credentials.tsv"} {
		for _, e := range trusttest.Read(t, name) {
			texts = append(texts, strings.ToLower(e.Text), e.Text)
		}
	}
	for _, b := range trusttest.Batches() {
		for _, e := range trusttest.Read(t, b+"-injections.txt") {
			texts = append(texts, strings.ToLower(e.Text))
		}
	}
	texts = append(texts, "", "a", "ab")
	rnd := rand.New(rand.NewPCG(21, 7))
	for name, x := range allLiteralIndexes() {
		if len(x.lits) == 0 {
			t.Fatalf("%s: no literals", name)
		}
		mixed := slices.Clone(texts)
		for range 300 {
			var b strings.Builder
			for range 1 + rnd.IntN(6) {
				lit := x.lits[rnd.IntN(len(x.lits))].lit
				switch rnd.IntN(3) {
				case 0:
					lit = lit[:rnd.IntN(len(lit)+1)]
				case 1:
					lit = lit[rnd.IntN(len(lit)+1):]
				}
				b.WriteString(lit)
				if rnd.IntN(2) == 0 {
					b.WriteByte(" -_x"[rnd.IntN(4)])
				}
			}
			mixed = append(mixed, b.String())
		}
		found := 0
		for _, s := range mixed {
			direct, auto := x.directHits(s), x.automatonHits(s)
			if !slices.Equal(direct, auto) {
				t.Fatalf("%s: %q: direct scan %x, automaton %x", name, s, direct, auto)
			}
			for _, w := range direct {
				if w != 0 {
					found++
					break
				}
			}
		}
		if found == 0 {
			t.Errorf("%s: no text hit any literal: the comparison proves nothing", name)
		}
	}
}

// TestLiteralIndexSwitchesToAutomaton: the direct scans stop at their
// budget, and the hits stay the same after the switch.
func TestLiteralIndexSwitchesToAutomaton(t *testing.T) {
	x := newLiteralIndex([][][]string{{{"password", "passwd"}}, {{"token"}, {"bearer"}}, nil})
	text := "the bearer token and the passwd"
	first := x.hits(text)
	calls := 1
	for x.work.Load() < x.budget {
		if got := x.hits(text); !slices.Equal(got, first) {
			t.Fatalf("direct hits changed: %x, then %x", first, got)
		}
		calls++
	}
	if calls > 1+int(x.budget)/len(text) {
		t.Fatalf("%d direct scans for a budget of %d", calls, x.budget)
	}
	if got := x.hits(text); !slices.Equal(got, first) {
		t.Fatalf("after the switch: %x, want %x", got, first)
	}
	for r, want := range []bool{true, true, true} {
		if got := x.candidate(first, r); got != want {
			t.Errorf("rule %d candidate %t, want %t", r, got, want)
		}
	}
	if x.candidate(x.hits("a token alone"), 1) {
		t.Error("rule 1 is a candidate without its second set")
	}
}

// BenchmarkLiteralIndex: what the first text costs a process — the direct
// scan of a line against the automaton's build — and what a text costs
// either way after. directWorkPerLiteralByte comes from these.
func BenchmarkLiteralIndex(b *testing.B) {
	line := strings.ToLower(`{"timestamp":"2026-02-16T15:00:00.000Z","bucket":"explicit","type":"fact","body":"One line through observe, as an agent sends it.","attribution":"bench"}`)
	for name, x := range map[string]*literalIndex{"credentials": credIndex(), "gitleaks": leakRules().index, "shape": shapeSet().index} {
		b.Run(name+"/build", func(b *testing.B) {
			for b.Loop() {
				buildAutomaton(x.lits)
			}
		})
		b.Run(name+"/direct", func(b *testing.B) {
			for b.Loop() {
				x.directHits(line)
			}
		})
		b.Run(name+"/automaton", func(b *testing.B) {
			for b.Loop() {
				x.automatonHits(line)
			}
		})
	}
}
