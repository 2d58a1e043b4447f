// Command watchbench times how soon a hand edit is searchable while a
// `cortex daemon` runs on the vault: it appends a new, unique word to a
// document chosen at random (as an editor would save it), then runs
// `cortex search WORD --json` again and again until the edited document is
// among the results.
//
//	watchbench -vault DIR -cortex BIN [-n 20] [-seed 1]
//
// The figures are the median (p50) and p95 of the wall time from the save
// to the end of the first search that finds the word, beside the time of
// one search process alone (the resolution of the measure: the probe can
// only see the word at the end of a search).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/bench/measure"
	"github.com/cortex-vault/cortex/bench/vaultgen"
)

func main() {
	dir := flag.String("vault", "", "the vault, with a live cortex daemon")
	cortex := flag.String("cortex", "", "the cortex binary")
	n := flag.Int("n", 20, "number of probes")
	seed := flag.Uint64("seed", 1, "seed of the documents and words chosen")
	limit := flag.Duration("limit", time.Minute, "give up on a probe after this long")
	flag.Parse()
	if *dir == "" || *cortex == "" || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: watchbench -vault DIR -cortex BIN [-n N] [-seed S]")
		os.Exit(2)
	}
	docs, err := vaultgen.Documents(*dir)
	if err != nil {
		fail(err)
	}
	r := rand.New(rand.NewPCG(*seed, *seed^0x5bd1e995))
	search := func(word string) (bool, time.Duration, error) {
		start := time.Now()
		out, err := exec.Command(*cortex, "search", "--vault", *dir, "--json", word).Output()
		took := time.Since(start)
		if err != nil {
			return false, took, fmt.Errorf("cortex search %s: %w", word, err)
		}
		var res struct {
			Results []struct{ Path string } `json:"results"`
		}
		if err := json.Unmarshal(out, &res); err != nil {
			return false, took, fmt.Errorf("cortex search %s: %w", word, err)
		}
		return len(res.Results) > 0, took, nil
	}

	var lat, alone []time.Duration
	searches := 0
	for i := range *n {
		word := uniqueWord(r, i)
		p := docs[r.IntN(len(docs))]
		if found, took, err := search(word); err != nil {
			fail(err)
		} else if found {
			fail(fmt.Errorf("%s found before the edit", word))
		} else {
			alone = append(alone, took)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			fail(err)
		}
		data = append(data, []byte("\nEdited by hand: "+word+".\n")...)
		start := time.Now()
		if err := os.WriteFile(p, data, 0o644); err != nil {
			fail(err)
		}
		for {
			found, _, err := search(word)
			searches++
			if err != nil {
				fail(err)
			}
			if found {
				lat = append(lat, time.Since(start))
				break
			}
			if time.Since(start) > *limit {
				fail(fmt.Errorf("%s not searchable %v after the edit of %s", word, *limit, p))
			}
		}
	}
	pct := measure.Percentile
	ms := func(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond)) }
	fmt.Printf("%-44s p50 %s  p95 %s  max %s  (%d probes, %.1f searches each)\n", "hand edit -> found by cortex search",
		ms(pct(lat, 0.5)), ms(pct(lat, 0.95)), ms(pct(lat, 1)), len(lat), float64(searches)/float64(len(lat)))
	fmt.Printf("%-44s p50 %s  p95 %s\n", "one cortex search process (resolution)", ms(pct(alone, 0.5)), ms(pct(alone, 0.95)))
}

// uniqueWord is a word no document holds: letters only, so that the
// search's tokenizer keeps it whole.
func uniqueWord(r *rand.Rand, i int) string {
	var b strings.Builder
	b.WriteString("zqx")
	for range 8 {
		b.WriteByte(byte('a' + r.IntN(26)))
	}
	b.WriteByte(byte('a' + i%26))
	return b.String()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "watchbench:", err)
	os.Exit(1)
}
