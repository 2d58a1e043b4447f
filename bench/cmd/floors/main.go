//go:build !windows

// Command floors times a command beside its floor — the cheapest process
// doing the same kind of work (git --version for start-up, cat >> file for
// an append, git status for a status) — their runs alternating so that
// both meet the same machine load, and prints one row of a markdown table:
// the medians, the ratio and the goal; with -base, a second build of the
// command (main's) measured in the same rounds, with its ratio.
//
//	floors -n 30 -label 'cortex --version' -goal 3 \
//	    -cmd 'cortex --version' -floor 'git --version' [-base 'cortex-main --version']
//
// A command is split at spaces (no quoting); a word "<FILE" gives it FILE
// on stdin and ">>FILE" appends its stdout to FILE; "{q}" is replaced by
// the next of -queries, the same word for each command of a round. Without
// -floor the row has no ratio (rebuild-index), and -goal-ms / -goal-mb set
// an absolute goal for the wall time and the peak RSS instead. -header
// prints the table's header and exits.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

func main() {
	n := flag.Int("n", 30, "timed rounds")
	warmup := flag.Int("warmup", 2, "untimed rounds first")
	label := flag.String("label", "", "the row's name")
	cmdLine := flag.String("cmd", "", "the command measured")
	floorLine := flag.String("floor", "", "its floor")
	floorLabel := flag.String("floor-label", "", "the floor's name (default: -floor's first two words)")
	baseLine := flag.String("base", "", "another build of the command, measured alternately")
	goal := flag.Float64("goal", 0, "the goal: the most the ratio to the floor may be")
	goalMS := flag.Float64("goal-ms", 0, "without -floor: the most the median wall time may be (ms)")
	goalMB := flag.Int64("goal-mb", 0, "without -floor: the most the peak RSS may be (MB)")
	queries := flag.String("queries", "", "words, one for each round in turn, put where a command says {q}")
	header := flag.Bool("header", false, "print the table's header and exit")
	flag.Parse()
	if *header {
		fmt.Println("| command | cortex (new) | floor, same run | ratio new | goal | main | ratio main |")
		fmt.Println("|---|---|---|---|---|---|---|")
		return
	}
	if *cmdLine == "" || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: floors [-n N] -label NAME -cmd CMD [-floor CMD] [-base CMD] [-goal X | -goal-ms MS -goal-mb MB]")
		os.Exit(2)
	}
	words := strings.Fields(*queries)
	runners := []*runner{{line: *cmdLine}}
	if *floorLine != "" {
		runners = append(runners, &runner{line: *floorLine})
	}
	if *baseLine != "" {
		runners = append(runners, &runner{line: *baseLine})
	}
	for i := 0; i < *warmup+*n; i++ {
		q := ""
		if len(words) > 0 {
			q = words[i%len(words)]
		}
		// Alternate which command goes first, so neither always runs
		// right after the other's page cache and CPU boost.
		order := slices.Clone(runners)
		if i%2 == 1 {
			slices.Reverse(order)
		}
		for _, r := range order {
			wall, rss, err := runOnce(strings.ReplaceAll(r.line, "{q}", q))
			if err != nil {
				fail(fmt.Errorf("%s: %w", r.line, err))
			}
			if i >= *warmup {
				r.walls = append(r.walls, wall)
				r.peak = max(r.peak, rss)
			}
		}
	}
	newR := runners[0]
	cell := func(r *runner) string {
		s := ms(median(r.walls))
		if r.peak >= 64<<20 {
			s += fmt.Sprintf(", %d MB", r.peak>>20)
		}
		return s
	}
	floorCell, ratioNew, goalCell, baseCell, ratioBase := "—", "—", "—", "—", "—"
	var floor *runner
	if *floorLine != "" {
		floor = runners[1]
		name := *floorLabel
		if name == "" {
			f := strings.Fields(*floorLine)
			name = strings.Join(f[:min(2, len(f))], " ")
		}
		floorCell = fmt.Sprintf("`%s` %s", name, ms(median(floor.walls)))
		ratioNew = ratio(newR, floor)
	}
	switch {
	case *goal > 0:
		goalCell = fmt.Sprintf("≤ %g×", *goal)
		if floor != nil {
			goalCell += verdict(float64(median(newR.walls)) <= *goal*float64(median(floor.walls)))
		}
	case *goalMS > 0 || *goalMB > 0:
		var parts []string
		ok := true
		if *goalMS > 0 {
			parts = append(parts, fmt.Sprintf("≤ %g s", *goalMS/1000))
			ok = ok && float64(median(newR.walls))/1e6 <= *goalMS
		}
		if *goalMB > 0 {
			parts = append(parts, fmt.Sprintf("≤ %d MB", *goalMB))
			ok = ok && newR.peak>>20 <= *goalMB
		}
		goalCell = strings.Join(parts, ", ") + verdict(ok)
	}
	if *baseLine != "" {
		base := runners[len(runners)-1]
		baseCell = cell(base)
		if floor != nil {
			ratioBase = ratio(base, floor)
		}
	}
	fmt.Printf("| %s | %s | %s | %s | %s | %s | %s |\n", *label, cell(newR), floorCell, ratioNew, goalCell, baseCell, ratioBase)
}

// runner is one command line and its timed runs.
type runner struct {
	line  string
	walls []time.Duration
	peak  int64 // bytes
}

func verdict(ok bool) string {
	if ok {
		return " ✓"
	}
	return " ✗"
}

func ratio(a, b *runner) string {
	return fmt.Sprintf("%.2f×", float64(median(a.walls))/float64(median(b.walls)))
}

// runOnce runs one command line and returns its wall time and the child's
// peak RSS in bytes.
func runOnce(line string) (time.Duration, int64, error) {
	var args []string
	var stdin io.Reader
	var stdout io.Writer = io.Discard
	for _, w := range strings.Fields(line) {
		switch {
		case strings.HasPrefix(w, "<"):
			f, err := os.Open(w[1:])
			if err != nil {
				return 0, 0, err
			}
			defer f.Close()
			stdin = f
		case strings.HasPrefix(w, ">>"):
			f, err := os.OpenFile(w[2:], os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
			if err != nil {
				return 0, 0, err
			}
			defer f.Close()
			stdout = f
		default:
			args = append(args, w)
		}
	}
	if len(args) == 0 {
		return 0, 0, errors.New("no command")
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout = stdin, stdout
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return 0, 0, fmt.Errorf("%v\n%s", err, stderr.String())
	}
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss << 10 // KB on Linux
	}
	return wall, rss, nil
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) string {
	if d >= time.Second {
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
	return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "floors:", err)
	os.Exit(1)
}
