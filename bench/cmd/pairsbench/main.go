//go:build unix

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
	"syscall"
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
	m := min(n, *naiveMax)
	var keyed, naive, keyedSub [][2]int
	kw, kc := measure(func() { keyed = rules.NearDuplicatePairs(texts, groups, false) })
	nw, nc := measure(func() { naive = rules.NearDuplicatePairs(texts[:m], groups[:m], true) })
	measure(func() { keyedSub = rules.NearDuplicatePairs(texts[:m], groups[:m], false) })
	scale := float64(n) * float64(n) / float64(m) / float64(m)
	fmt.Printf("memories %d: keyed %v wall, %v CPU (%d pairs); all pairs on %d: %v wall, %v CPU (%d pairs; keyed finds %d of them)",
		n, kw.Round(time.Millisecond), kc.Round(time.Millisecond), len(keyed), m, nw.Round(time.Millisecond), nc.Round(time.Millisecond), len(naive), len(keyedSub))
	if m < n {
		fmt.Printf("; all pairs extrapolated to %d: %v CPU", n, time.Duration(float64(nc)*scale).Round(time.Millisecond))
	}
	fmt.Printf("; CPU ratio all pairs / keyed %.1fx\n", float64(nc)*scale/float64(kc))
}

// measure runs f and returns its wall time and the process's CPU time
// (user + system) meanwhile.
func measure(f func()) (wall, cpu time.Duration) {
	var a, b syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &a)
	t0 := time.Now()
	f()
	wall = time.Since(t0)
	syscall.Getrusage(syscall.RUSAGE_SELF, &b)
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return wall, tv(b.Utime) - tv(a.Utime) + tv(b.Stime) - tv(a.Stime)
}
