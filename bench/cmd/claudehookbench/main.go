//go:build !windows

// Command claudehookbench times `cortex claude hook EVENT` as Claude Code
// runs it: a whole process, the payload piped to its stdin. Every run must
// answer (a hook that fails prints nothing and exits 0, and would look
// fast); the wall-clock time and the CPU time (user + system) of each run
// are reported as median and p95.
//
//	claudehookbench [-n 50] [-warmup 3] [-label NAME] -payload FILE -- COMMAND [ARGS...]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/bench/measure"
)

func main() {
	n := flag.Int("n", 50, "timed runs")
	warmup := flag.Int("warmup", 3, "untimed runs first")
	label := flag.String("label", "", "name printed with the figures")
	payload := flag.String("payload", "", "the file piped to each run's stdin")
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 || *n < 1 || *payload == "" {
		fmt.Fprintln(os.Stderr, "usage: claudehookbench [-n N] [-warmup N] [-label NAME] -payload FILE -- COMMAND [ARGS...]")
		os.Exit(2)
	}
	in, err := os.ReadFile(*payload)
	if err != nil {
		fail(err)
	}
	if *label == "" {
		*label = strings.Join(args, " ")
	}
	for range *warmup {
		if _, _, _, err := runOnce(args, in); err != nil {
			fail(err)
		}
	}
	var runs measure.Series
	size := 0
	for range *n {
		wall, cpu, out, err := runOnce(args, in)
		if err != nil {
			fail(err)
		}
		runs.Add(wall, cpu)
		size = out
	}
	q, ms := measure.Percentile, measure.MS
	fmt.Printf("%-40s runs=%d  wall p50=%s p95=%s  cpu p50=%s p95=%s  answer=%d bytes\n",
		*label, *n, ms(q(runs.Wall, 0.5)), ms(q(runs.Wall, 0.95)), ms(q(runs.CPU, 0.5)), ms(q(runs.CPU, 0.95)), size)
}

// runOnce runs the hook once; a run that does not answer is an error.
func runOnce(args []string, in []byte) (wall, cpu time.Duration, size int, err error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if wall, cpu, err = measure.Run(cmd); err != nil {
		return 0, 0, 0, fmt.Errorf("%v: %w\n%s", args, err, stderr.Bytes())
	}
	if !bytes.HasPrefix(stdout.Bytes(), []byte(`{"hookSpecificOutput":`)) {
		return 0, 0, 0, fmt.Errorf("%v: no answer (stdout %q, stderr %q): run it with CORTEX_DEBUG=1", args, stdout.Bytes(), stderr.Bytes())
	}
	return wall, cpu, stdout.Len(), nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "claudehookbench:", err)
	os.Exit(1)
}
