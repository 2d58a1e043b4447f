// Package measure times whole processes for the benchmark helpers in
// bench/cmd: wall-clock and CPU time of one run, and the percentiles of a
// series of runs. CPU time (user + system of the process and its
// children) is reported beside the wall time because on a busy, shared
// machine it moves much less.
package measure

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// Run runs cmd and returns its wall time and CPU time. A failing command
// is an error carrying its stderr.
func Run(cmd *exec.Cmd) (wall, cpu time.Duration, err error) {
	var stderr bytes.Buffer
	if cmd.Stderr == nil {
		cmd.Stderr = &stderr
	}
	start := time.Now()
	err = cmd.Run()
	wall = time.Since(start)
	if err != nil {
		return wall, 0, fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

// Series is the timings of several runs.
type Series struct {
	Wall, CPU []time.Duration
}

// Add records one run.
func (s *Series) Add(wall, cpu time.Duration) {
	s.Wall = append(s.Wall, wall)
	s.CPU = append(s.CPU, cpu)
}

// Percentile is the p-th quantile (0 ≤ p ≤ 1) of ds, nearest rank; 0 for
// none.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[int(p*float64(len(s)-1)+0.5)]
}

// Line is the series as the helpers print it: the label, how many runs
// (named by what), the wall p50, p95, min and max, and the CPU p50 and p95.
func (s Series) Line(label, what string) string {
	return fmt.Sprintf("%-40s %s=%d  p50=%s  p95=%s  min=%s  max=%s  cpu p50=%s p95=%s",
		label, what, len(s.Wall), MS(Percentile(s.Wall, 0.5)), MS(Percentile(s.Wall, 0.95)),
		MS(Percentile(s.Wall, 0)), MS(Percentile(s.Wall, 1)), MS(Percentile(s.CPU, 0.5)), MS(Percentile(s.CPU, 0.95)))
}

// MS prints d in milliseconds with two decimals.
func MS(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }
