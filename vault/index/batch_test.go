package index

import (
	"slices"
	"strings"
	"testing"
)

// eachIn hands out every value once, in order, at most inChunk a call,
// each call's placeholders matching its arguments.
func TestEachIn(t *testing.T) {
	vals := make([]int, 2*inChunk+1)
	for i := range vals {
		vals[i] = i
	}
	var sizes []int
	next := 0
	err := eachIn(vals, func(in string, args []any) error {
		if want := "(?" + strings.Repeat(",?", len(args)-1) + ")"; in != want {
			t.Errorf("placeholders %.20q… for %d arguments", in, len(args))
		}
		for _, a := range args {
			if a != next {
				t.Fatalf("argument %v, want %d", a, next)
			}
			next++
		}
		sizes = append(sizes, len(args))
		return nil
	})
	if err != nil || next != len(vals) || !slices.Equal(sizes, []int{inChunk, inChunk, 1}) {
		t.Fatalf("eachIn: err %v, %d values in chunks %v", err, next, sizes)
	}
	if err := eachIn([]string(nil), func(string, []any) error { t.Fatal("called for no values"); return nil }); err != nil {
		t.Fatal(err)
	}
}
