package rules

import (
	"bufio"
	"hash/fnv"
	"os"
	"strings"
	"testing"
)

// TestLabelledPairs measures near-duplicate detection on the labelled set
// (testdata/pairs.tsv): precision must stay at 0.98 or above; recall is
// reported.
func TestLabelledPairs(t *testing.T) {
	f, err := os.Open("testdata/pairs.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tp, fp, fn, tn int
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 {
			t.Fatalf("bad line %q", line)
		}
		a, b := newNote(parts[1]), newNote(parts[2])
		got := similar(&a, &b)
		if got != similar(&b, &a) {
			t.Errorf("not symmetric: %q / %q", parts[1], parts[2])
		}
		switch {
		case got && parts[0] == "1":
			tp++
		case got:
			fp++
			t.Logf("false merge: %q / %q", parts[1], parts[2])
		case parts[0] == "1":
			fn++
			if testing.Verbose() {
				t.Logf("missed: %q / %q (%v %v | %v %v)", parts[1], parts[2], a.words, a.anchors, b.words, b.anchors)
			}
		default:
			tn++
		}
	}
	total := tp + fp + fn + tn
	if total < 300 {
		t.Fatalf("%d pairs, want at least 300", total)
	}
	precision := float64(tp) / float64(max(1, tp+fp))
	recall := float64(tp) / float64(max(1, tp+fn))
	t.Logf("%d pairs: precision %.3f (%d/%d), recall %.3f (%d/%d)", total, precision, tp, tp+fp, recall, tp, tp+fn)
	if precision < 0.98 {
		t.Errorf("precision %.3f, want ≥ 0.98", precision)
	}
}

// TestKeyIsFNV: note.key is FNV-1a as hash/fnv computes it, so the keys
// cached in .cortex/sleep-keys.v1 by earlier builds still hold.
func TestKeyIsFNV(t *testing.T) {
	notes, groups := benchNotes(200)
	for i := range notes {
		n := &notes[i]
		h := fnv.New64a()
		h.Write([]byte(groups[i]))
		for _, w := range n.words {
			if !vocab().weak[w] {
				h.Write([]byte{0})
				h.Write([]byte(w))
			}
		}
		h.Write([]byte{1})
		for _, a := range n.anchors {
			h.Write([]byte{0})
			h.Write([]byte(a))
		}
		if got, want := n.key(groups[i]), h.Sum64(); got != want {
			t.Fatalf("note %d: key %x, hash/fnv %x", i, got, want)
		}
	}
}
