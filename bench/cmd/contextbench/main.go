// Command contextbench times whole `cortex context` processes over a vault:
// the push block as a session start or a sub-agent start builds it.
//
//	contextbench -vault DIR -cortex BIN [-runs 50] [-seed 1] [-mode session-start|subagent] [-label NAME]
//
// Each run asks for another session, drawn from the vault's documents (the
// same seed gives the same runs); in subagent mode it also names an agent
// and a task of eight words of a document's body. After a few untimed runs
// (page cache), it prints the p50 and p95 of the runs' wall times and CPU
// times (user + system).
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"unicode"

	"github.com/cortex-vault/cortex/bench/measure"
	"github.com/cortex-vault/cortex/bench/vaultgen"
)

// request is one run's flags.
type request struct {
	session, task string
}

func main() {
	dir := flag.String("vault", "", "the vault")
	cortex := flag.String("cortex", "", "the cortex binary to time")
	runs := flag.Int("runs", 50, "timed runs")
	seed := flag.Uint64("seed", 1, "seed of the sessions and tasks")
	mode := flag.String("mode", "session-start", "session-start (a session id) or subagent (also an agent and a task)")
	label := flag.String("label", "", "name printed with the figures")
	flag.Parse()
	if *dir == "" || *cortex == "" || *runs < 1 || (*mode != "session-start" && *mode != "subagent") {
		fmt.Fprintln(os.Stderr, "usage: contextbench -vault DIR -cortex BIN [-runs N] [-seed S] [-mode session-start|subagent] [-label NAME]")
		os.Exit(2)
	}
	reqs, err := pickRequests(*dir, *runs, *seed)
	if err != nil {
		fail(err)
	}
	if *label == "" {
		*label = "cortex context (" + *mode + ")"
	}
	cmd := func(q request) *exec.Cmd {
		args := []string{"context", "--vault", *dir, "--session", q.session}
		if *mode == "subagent" {
			args = append(args, "--agent", "a81f0c2e", "--agent-type", "general-purpose", "--task", q.task)
		}
		return exec.Command(*cortex, args...)
	}
	for range 3 {
		if _, _, err := measure.Run(cmd(reqs[0])); err != nil {
			fail(err)
		}
	}
	var timed measure.Series
	for _, q := range reqs {
		wall, cpu, err := measure.Run(cmd(q))
		if err != nil {
			fail(fmt.Errorf("%+v: %w", q, err))
		}
		timed.Add(wall, cpu)
	}
	fmt.Println(timed.Line(*label, "runs"))
}

// pickRequests draws n requests from documents chosen at random: the
// document's session, and eight words of its body as the task.
func pickRequests(dir string, n int, seed uint64) ([]request, error) {
	files, err := vaultgen.Documents(dir)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(seed, seed^0xc0de))
	var out []request
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		data, err := os.ReadFile(files[r.IntN(len(files))])
		if err != nil {
			return nil, err
		}
		session, words := sessionAndWords(string(data))
		if session == "" || len(words) < 8 {
			continue
		}
		i := r.IntN(len(words) - 7)
		out = append(out, request{session: session, task: strings.Join(words[i:i+8], " ")})
	}
	if len(out) < n {
		return nil, fmt.Errorf("found only %d documents with a session in %s", len(out), dir)
	}
	return out, nil
}

// sessionAndWords returns the document's session_id and the words of its
// body.
func sessionAndWords(doc string) (string, []string) {
	session := ""
	if strings.HasPrefix(doc, "---\n") {
		if i := strings.Index(doc[4:], "\n---\n"); i >= 0 {
			for _, line := range strings.Split(doc[4:4+i], "\n") {
				if v, ok := strings.CutPrefix(line, "session_id: "); ok {
					session = strings.Trim(v, `"`)
				}
			}
			doc = doc[4+i+5:]
		}
	}
	return session, strings.FieldsFunc(doc, func(r rune) bool { return !unicode.IsLetter(r) })
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "contextbench:", err)
	os.Exit(1)
}
