package main

import (
	"testing"
	"time"
)

func TestMeanMedian(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		ts           []time.Duration
		mean, median float64
	}{
		{nil, 0, 0},
		{[]time.Duration{30 * ms, 10 * ms, 20 * ms}, 20, 20},
		{[]time.Duration{40 * ms, 10 * ms, 100 * ms, 20 * ms}, 42.5, 30},
	} {
		mean, median := meanMedian(c.ts)
		if mean != c.mean || median != c.median {
			t.Errorf("meanMedian(%v) = %v, %v; want %v, %v", c.ts, mean, median, c.mean, c.median)
		}
	}
}
