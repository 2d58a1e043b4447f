package conflict

import (
	"bufio"
	"fmt"
	"hash/maphash"
	"os"
	"strings"
	"testing"
)

type labelled struct {
	conflict bool
	a, b     string
}

func readPairs(t *testing.T) []labelled {
	t.Helper()
	f, err := os.Open("testdata/pairs.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []labelled
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 || (parts[0] != "conflict" && parts[0] != "alike") {
			t.Fatalf("pairs.tsv:%d: want label, a, b separated by tabs", n)
		}
		out = append(out, labelled{parts[0] == "conflict", parts[1], parts[2]})
	}
	return out
}

// TestLabelledPairs measures the detector on testdata/pairs.tsv (pairs
// that conflict, pairs that merely look alike, written before the
// detector and across fields) and holds it to its figures: precision
// first. Run with -v to see them and every miss.
func TestLabelledPairs(t *testing.T) {
	pairs := readPairs(t)
	if len(pairs) < 100 {
		t.Fatalf("%d labelled pairs; the set has at least 100", len(pairs))
	}
	tp, fp, fn, tn := 0, 0, 0, 0
	for _, p := range pairs {
		kind, detail, got := Disagree(p.a, p.b)
		// The order of a pair must not matter.
		if _, _, back := Disagree(p.b, p.a); back != got {
			t.Errorf("not symmetric: %q / %q", p.a, p.b)
		}
		switch {
		case got && p.conflict:
			tp++
		case got:
			fp++
			t.Errorf("false conflict (%s %s): %q / %q", kind, detail, p.a, p.b)
		case p.conflict:
			fn++
			t.Logf("missed: %q / %q", p.a, p.b)
		default:
			tn++
		}
	}
	precision := float64(tp) / float64(max(1, tp+fp))
	recall := float64(tp) / float64(max(1, tp+fn))
	t.Logf("%d pairs (%d conflicts, %d look-alikes): precision %.3f (%d/%d), recall %.3f (%d/%d)",
		len(pairs), tp+fn, fp+tn, precision, tp, tp+fp, recall, tp, tp+fn)
	// The baseline the rules improve on: statements of the same words
	// but for their polarity or any one word.
	ntp, nfp := 0, 0
	for _, p := range pairs {
		a, b := parse(p.a), parse(p.b)
		naive := false
		if len(a.toks) == len(b.toks) {
			d := 0
			for i := range a.toks {
				if a.toks[i].norm != b.toks[i].norm {
					d++
				}
			}
			naive = (d == 0 && a.neg != b.neg) || (d == 1 && a.neg == b.neg)
		}
		if naive && p.conflict {
			ntp++
		} else if naive {
			nfp++
		}
	}
	t.Logf("baseline (one word or the polarity apart): precision %.3f (%d/%d), recall %.3f (%d/%d)",
		float64(ntp)/float64(max(1, ntp+nfp)), ntp, ntp+nfp, float64(ntp)/float64(tp+fn), ntp, tp+fn)
	if precision < 0.95 || recall < 0.7 {
		t.Errorf("precision %.3f, recall %.3f: below 0.95 and 0.70", precision, recall)
	}
}

func TestFindBucketsAndOrders(t *testing.T) {
	mems := []Memory{
		{ID: "a", Created: "2026-01-01T00:00:00.000Z", SourceHash: "1", Body: "The API server listens on port 8443"},
		{ID: "b", Created: "2026-02-01T00:00:00.000Z", SourceHash: "2", Body: "The API server listens on port 9443"},
		{ID: "c", Created: "2026-03-01T00:00:00.000Z", SourceHash: "3", Body: "Always run the migrations on staging first"},
		{ID: "d", Created: "2026-01-15T00:00:00.000Z", SourceHash: "4", Body: "Never run the migrations on staging first"},
		{ID: "e", Created: "2026-01-16T00:00:00.000Z", SourceHash: "5", Body: "Issue 123 was fixed by adding an index"},
		{ID: "f", Created: "2026-01-17T00:00:00.000Z", SourceHash: "6", Body: "Issue 456 was fixed by adding an index"},
		{ID: "g", Created: "2026-01-18T00:00:00.000Z", SourceHash: "1", Body: "The API server listens on port 8443"},
	}
	got := Find(mems)
	var ids []string
	for _, p := range got {
		ids = append(ids, p.Kind+":"+p.A.ID+">"+p.B.ID)
	}
	want := "polarity:c>d value:b>a value:b>g"
	if strings.Join(ids, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(ids, " "), want)
	}
}

// TestFindIsEveryPairwiseConflict holds Find, which compares only the
// memories that share a key, to comparing every two memories: over the
// texts of testdata/pairs.tsv, each a memory, it finds exactly the pairs
// Disagree finds, with memories repeated (same hash: never a pair) and
// without a hash.
func TestFindIsEveryPairwiseConflict(t *testing.T) {
	var mems []Memory
	for n, p := range readPairs(t) {
		for k, body := range []string{p.a, p.b} {
			mems = append(mems, Memory{ID: fmt.Sprintf("m%d-%d", n, k), SourceHash: fmt.Sprintf("h%d-%d", n, k),
				Created: fmt.Sprintf("2026-01-%02dT00:00:00.000Z", 1+(7*n+k)%28), Body: body})
		}
	}
	again := mems[3]
	again.ID += "-again"
	mems = append(mems, again, Memory{ID: "nohash-1", Body: mems[5].Body}, Memory{ID: "nohash-2", Body: mems[5].Body})
	want := map[string]bool{}
	for i := range mems {
		for j := i + 1; j < len(mems); j++ {
			if mems[i].SourceHash == mems[j].SourceHash && mems[i].SourceHash != "" {
				continue
			}
			if _, _, ok := Disagree(mems[i].Body, mems[j].Body); ok {
				want[pairKey(mems[i].ID, mems[j].ID)] = true
			}
		}
	}
	got := map[string]bool{}
	for _, p := range Find(mems) {
		k := pairKey(p.A.ID, p.B.ID)
		if got[k] {
			t.Errorf("pair %s found twice", k)
		}
		got[k] = true
	}
	if len(want) < 50 {
		t.Fatalf("only %d pairwise conflicts in the set", len(want))
	}
	for k := range want {
		if !got[k] {
			t.Errorf("Find misses %s", k)
		}
	}
	for k := range got {
		if !want[k] {
			t.Errorf("Find finds %s, which Disagree does not", k)
		}
	}
}

func pairKey(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + "/" + b
}

// TestFindWithCachedKeys: a scan that takes the keys of bodies it parsed
// before finds what a scan that parses everything finds, also after a
// body was edited into a conflict and after one was edited out of it.
func TestFindWithCachedKeys(t *testing.T) {
	mems := benchMemories(500)
	mems = append(mems,
		Memory{ID: "a", SourceHash: "a", Created: "2026-02-01T00:00:00.000Z", Body: "The staging API listens on port 8443."},
		Memory{ID: "b", SourceHash: "b", Created: "2026-02-02T00:00:00.000Z", Body: "The billing worker runs every hour."})
	c := &keyCache{seed: maphash.MakeSeed()}
	same := func(when string) {
		t.Helper()
		want, got := Find(mems), find(mems, c)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: cached keys found %v, parsing everything %v", when, got, want)
		}
	}
	same("first scan")
	same("second scan")
	mems[len(mems)-1].Body = "The staging API listens on port 9443."
	same("after an edit into a conflict")
	if len(Find(mems)) == 0 {
		t.Fatal("the edit made no conflict: the test proves nothing")
	}
	mems[len(mems)-1].Body = "The billing worker runs every hour."
	same("after an edit out of it")
	if len(c.keys) > len(mems) {
		t.Errorf("the cache holds %d bodies for %d memories: bodies no scan saw stay", len(c.keys), len(mems))
	}
}
