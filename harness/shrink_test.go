//go:build unix

package harness

import (
	"fmt"
	"path/filepath"
	"time"
)

// shrink looks for a shorter step list that breaks the same invariant as
// f (delta debugging: remove chunks of steps, halving the chunk size when
// no chunk can go), within the -harness.shrink budget. Timing (kills, the
// daemon) makes a replay differ a little from the run; a candidate counts
// as failing when any replay of it breaks the invariant.
func shrink(tc *toolchain, dir string, steps []step, f *failure, logf func(string, ...any)) []step {
	budget := *flagShrink
	if budget <= 0 {
		return steps
	}
	want := map[string]bool{}
	for _, v := range f.violations {
		want[v.invariant] = true
	}
	deadline := time.Now().Add(budget)
	tries := 0
	fails := func(cand []step) bool {
		tries++
		st := newStats()
		g, err := play(tc, filepath.Join(dir, fmt.Sprint(tries)), cand, st, nil, "")
		if err != nil || g == nil {
			return false
		}
		for _, v := range g.violations {
			if want[v.invariant] {
				return true
			}
		}
		return false
	}
	best := steps
	// First whole kinds of step, and the other machine's steps: one
	// replay each, and most of a failing list is usually neither here
	// nor there.
	last := steps[len(steps)-1]
	groups := []func(step) bool{func(s step) bool { return s.v != last.v && s.act != "converge" }}
	for _, name := range sortedActions() {
		groups = append(groups, func(s step) bool { return s.act == name })
	}
	for _, drop := range groups {
		if !time.Now().Before(deadline) {
			break
		}
		var cand []step
		for _, s := range best[:len(best)-1] {
			if !drop(s) {
				cand = append(cand, s)
			}
		}
		cand = append(cand, last)
		if len(cand) < len(best) && fails(cand) {
			best = cand
		}
	}
	for chunk := max(len(best)/2, 1); chunk >= 1 && time.Now().Before(deadline); {
		removed := false
		for start := 0; start < len(best) && time.Now().Before(deadline); {
			end := min(start+chunk, len(best))
			cand := append(append([]step(nil), best[:start]...), best[end:]...)
			if len(cand) > 0 && fails(cand) {
				best, removed = cand, true
				continue // the same start now holds the next chunk
			}
			start = end
		}
		if !removed {
			if chunk == 1 {
				break
			}
			chunk /= 2
		}
	}
	logf("shrink: %d → %d steps in %d replays", len(steps), len(best), tries)
	return best
}
