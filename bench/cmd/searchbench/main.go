// Command searchbench times whole `cortex search` processes over a vault
// with different queries, and `grep -ril` for the same words beside them.
//
//	searchbench -vault DIR -cortex BIN [-queries 50] [-seed 1] [-words N] [-label NAME]
//	searchbench -vault DIR -grep [-queries 50] [-seed 1]
//
// The queries are words drawn from the vault's own documents (the same
// seed gives the same queries): one word, or two for a third of them; with
// -words N, questions of N words of a document after "what did" (the stop
// words a search leaves out, and the any-word ranking of many words). Each
// query runs once, after a few untimed runs of the first (page cache); the
// figures are the median (p50), p95 and the extremes of the runs' wall
// times, and the p50 and p95 of their CPU times.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/cortex-vault/cortex/bench/measure"
	"github.com/cortex-vault/cortex/bench/vaultgen"
)

func main() {
	dir := flag.String("vault", "", "the vault")
	cortex := flag.String("cortex", "", "the cortex binary to time")
	useGrep := flag.Bool("grep", false, "time grep -ril for the same words instead")
	n := flag.Int("queries", 50, "number of different queries")
	seed := flag.Uint64("seed", 1, "seed of the query choice")
	label := flag.String("label", "", "name printed with the figures")
	show := flag.Bool("show", false, "print the queries")
	words := flag.Int("words", 0, "questions of N words (0: one or two words)")
	flag.Parse()
	if *dir == "" || (*cortex == "") == !*useGrep || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: searchbench -vault DIR (-cortex BIN | -grep) [-queries N] [-seed S] [-label NAME]")
		os.Exit(2)
	}
	queries, err := pickQueries(*dir, *n, *seed, *words)
	if err != nil {
		fail(err)
	}
	if *show {
		for _, q := range queries {
			fmt.Println(strings.Join(q, " "))
		}
	}
	run := func(q []string) *exec.Cmd {
		return exec.Command(*cortex, append([]string{"search", "--vault", *dir, "--"}, q...)...)
	}
	if *useGrep {
		run = func(q []string) *exec.Cmd { return grepCmd(*dir, q) }
		if *label == "" {
			*label = "grep -ril"
		}
	}
	if *label == "" {
		*label = "cortex search"
	}
	for range 3 {
		if _, _, err := measure.Run(run(queries[0])); err != nil {
			fail(err)
		}
	}
	var runs measure.Series
	for _, q := range queries {
		wall, cpu, err := measure.Run(run(q))
		if err != nil {
			fail(fmt.Errorf("%q: %w", q, err))
		}
		runs.Add(wall, cpu)
	}
	fmt.Println(runs.Line(*label, "queries"))
}

// grepCmd lists the files holding every word, case-insensitively: grep for
// the first, then the files found for each next word.
func grepCmd(dir string, q []string) *exec.Cmd {
	var roots []string
	for _, d := range []string{"mind", "vault", "rules"} {
		if _, err := os.Stat(filepath.Join(dir, d)); err == nil {
			roots = append(roots, filepath.Join(dir, d))
		}
	}
	script := `grep -rilZ -e "$1" -- ` + strings.Join(quoteAll(roots), " ")
	for i := range q[1:] {
		script += fmt.Sprintf(` | xargs -0 -r grep -ilZ -e "$%d"`, i+2)
	}
	script += ` | tr '\0' '\n'; exit 0`
	return exec.Command("sh", append([]string{"-c", script, "grep"}, q...)...)
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return out
}

// pickQueries draws n distinct queries of words of 5+ letters from the
// bodies of documents chosen at random.
func pickQueries(dir string, n int, seed uint64, question int) ([][]string, error) {
	files, err := vaultgen.Documents(dir)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	seen := map[string]bool{}
	var out [][]string
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		data, err := os.ReadFile(files[r.IntN(len(files))])
		if err != nil {
			return nil, err
		}
		words := bodyWords(string(data))
		if len(words) < max(2, question) {
			continue
		}
		var q []string
		if question > 0 {
			i := r.IntN(len(words) - question + 1)
			q = append([]string{"what", "did"}, words[i:i+question]...)
		} else {
			i := r.IntN(len(words) - 1)
			q = []string{words[i]}
			if r.IntN(3) == 0 {
				q = append(q, words[i+1])
			}
		}
		key := strings.Join(q, " ")
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, q)
	}
	if len(out) < n {
		return nil, fmt.Errorf("found only %d distinct queries in %s", len(out), dir)
	}
	return out, nil
}

// bodyWords returns the lower-case words of 5+ letters after the
// frontmatter.
func bodyWords(doc string) []string {
	if strings.HasPrefix(doc, "---\n") {
		if i := strings.Index(doc[4:], "\n---\n"); i >= 0 {
			doc = doc[4+i+5:]
		}
	}
	var out []string
	for _, w := range strings.FieldsFunc(doc, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) >= 5 {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "searchbench:", err)
	os.Exit(1)
}
