// Command repeat runs a command many times and prints the distribution of its
// wall-clock time: the whole-process cost a caller (an agent's tool call, a
// hook) pays, start-up included.
//
//	repeat [-n 200] [-warmup 5] [-label NAME] -- COMMAND [ARGS...]
//
// The command's stdout and stderr are discarded; a failing run stops the
// benchmark with its stderr.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"time"
)

func main() {
	n := flag.Int("n", 200, "timed runs")
	warmup := flag.Int("warmup", 5, "untimed runs first (page cache, file system)")
	label := flag.String("label", "", "name printed with the figures")
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: repeat [-n N] [-warmup N] [-label NAME] -- COMMAND [ARGS...]")
		os.Exit(2)
	}
	if *label == "" {
		*label = args[0]
	}
	for i := 0; i < *warmup; i++ {
		if _, err := runOnce(args); err != nil {
			fail(err)
		}
	}
	times := make([]time.Duration, 0, *n)
	for i := 0; i < *n; i++ {
		d, err := runOnce(args)
		if err != nil {
			fail(err)
		}
		times = append(times, d)
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	q := func(p float64) time.Duration { return times[int(p*float64(len(times)-1))] }
	fmt.Printf("%-28s runs=%d  median=%s  p10=%s  p90=%s  min=%s  max=%s\n",
		*label, len(times), ms(q(0.5)), ms(q(0.1)), ms(q(0.9)), ms(times[0]), ms(times[len(times)-1]))
}

func runOnce(args []string) (time.Duration, error) {
	cmd := exec.Command(args[0], args[1:]...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		return 0, fmt.Errorf("%v: %v\n%s", args, err, stderr.Bytes())
	}
	return d, nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond)) }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "repeat:", err)
	os.Exit(1)
}
