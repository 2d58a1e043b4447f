//go:build !windows

// Command runstat runs a command several times and prints the medians of
// its wall-clock time and CPU time (user + system) and the largest peak
// resident set size of the child, read from the child's rusage.
//
//	runstat [-n 5] [-warmup 1] [-label NAME] [-before 'CMD ARGS'] -- COMMAND [ARGS...]
//
// -before runs a shell command, untimed, before each run (to edit files
// between refreshes, say). The command's output is discarded; a failing
// run stops the benchmark with its stderr.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"syscall"
	"time"
)

func main() {
	n := flag.Int("n", 5, "timed runs")
	warmup := flag.Int("warmup", 1, "untimed runs first")
	label := flag.String("label", "", "name printed with the figures")
	before := flag.String("before", "", "shell command run, untimed, before every run")
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: runstat [-n N] [-warmup N] [-label NAME] [-before CMD] -- COMMAND [ARGS...]")
		os.Exit(2)
	}
	if *label == "" {
		*label = args[0]
	}
	var walls, cpus []time.Duration
	var peak int64
	for i := 0; i < *warmup+*n; i++ {
		if *before != "" {
			if out, err := exec.Command("sh", "-c", *before).CombinedOutput(); err != nil {
				fail(fmt.Errorf("-before: %v\n%s", err, out))
			}
		}
		wall, cpu, rss, err := runOnce(args)
		if err != nil {
			fail(err)
		}
		if i < *warmup {
			continue
		}
		walls = append(walls, wall)
		cpus = append(cpus, cpu)
		peak = max(peak, rss)
	}
	fmt.Printf("%-36s runs=%d  wall median=%s min=%s max=%s  cpu median=%s  peak RSS=%d MB\n",
		*label, len(walls), ms(median(walls)), ms(slicesMin(walls)), ms(slicesMax(walls)), ms(median(cpus)), peak>>20)
}

func runOnce(args []string) (wall, cpu time.Duration, rss int64, err error) {
	cmd := exec.Command(args[0], args[1:]...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err = cmd.Run()
	wall = time.Since(start)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("%v: %v\n%s", args, err, stderr.Bytes())
	}
	cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = int64(ru.Maxrss)
		if runtime.GOOS != "darwin" {
			rss *= 1024 // kilobytes everywhere but on macOS
		}
	}
	return wall, cpu, rss, nil
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func slicesMin(d []time.Duration) time.Duration {
	m := d[0]
	for _, x := range d {
		m = min(m, x)
	}
	return m
}

func slicesMax(d []time.Duration) time.Duration {
	m := d[0]
	for _, x := range d {
		m = max(m, x)
	}
	return m
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond)) }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "runstat:", err)
	os.Exit(1)
}
