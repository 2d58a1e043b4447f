// Command pairsbench times the near-duplicate search of the sleep cycle on
// a vault's memories under mind/ (package rules), beside the naive
// baseline that compares every pair of the same type.
//
//	pairsbench -dir VAULT [-naive-max 20000]
//
// The baseline is run on at most -naive-max memories (the first ones, in
// path order); past that its time is extrapolated (n²).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/rules"
	"github.com/cortex-vault/cortex/vault/doc"
)

func main() {
	dir := flag.String("dir", "", "the vault")
	naiveMax := flag.Int("naive-max", 20000, "run the all-pairs baseline on at most this many memories")
	flag.Parse()
	var texts, groups []string
	err := filepath.WalkDir(filepath.Join(*dir, "mind"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		parsed, err := doc.Parse(data)
		if err != nil {
			return nil
		}
		texts = append(texts, parsed.Doc.Body)
		groups = append(groups, parsed.Doc.Type)
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "pairsbench:", err)
		os.Exit(1)
	}
	n := len(texts)
	t0 := time.Now()
	lsh := rules.NearDuplicatePairs(texts, groups, false)
	dl := time.Since(t0)
	m := min(n, *naiveMax)
	t0 = time.Now()
	naive := rules.NearDuplicatePairs(texts[:m], groups[:m], true)
	dn := time.Since(t0)
	lshSub := rules.NearDuplicatePairs(texts[:m], groups[:m], false)
	est := time.Duration(float64(dn) * float64(n) * float64(n) / float64(m) / float64(m))
	fmt.Printf("memories %d: LSH %v (%d pairs); all pairs on %d: %v (%d pairs; LSH finds %d of them); all pairs extrapolated to %d: %v; ratio %.0fx\n",
		n, dl.Round(time.Millisecond), len(lsh), m, dn.Round(time.Millisecond), len(naive), len(lshSub), n, est.Round(time.Millisecond), float64(est)/float64(dl))
}
