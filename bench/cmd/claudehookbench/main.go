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
	"sort"
	"strings"
	"time"
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
	var walls, cpus []time.Duration
	size := 0
	for range *n {
		wall, cpu, out, err := runOnce(args, in)
		if err != nil {
			fail(err)
		}
		walls, cpus, size = append(walls, wall), append(cpus, cpu), out
	}
	fmt.Printf("%-40s runs=%d  wall p50=%s p95=%s  cpu p50=%s p95=%s  answer=%d bytes\n",
		*label, *n, ms(q(walls, 0.5)), ms(q(walls, 0.95)), ms(q(cpus, 0.5)), ms(q(cpus, 0.95)), size)
}

func runOnce(args []string, in []byte) (wall, cpu time.Duration, size int, err error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err = cmd.Run()
	wall = time.Since(start)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("%v: %v\n%s", args, err, stderr.Bytes())
	}
	if !bytes.HasPrefix(stdout.Bytes(), []byte(`{"hookSpecificOutput":`)) {
		return 0, 0, 0, fmt.Errorf("%v: no answer (stdout %q, stderr %q): run it with CORTEX_DEBUG=1", args, stdout.Bytes(), stderr.Bytes())
	}
	cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return wall, cpu, stdout.Len(), nil
}

func q(ds []time.Duration, p float64) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[int(p*float64(len(s)-1)+0.5)]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond)) }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "claudehookbench:", err)
	os.Exit(1)
}
