package main

import (
	"io"
	"slices"
	"strings"
	"testing"
)

// TestHelpOrder: every command has its place in helpOrder (a new command
// is placed on purpose, not left at the end), helpOrder names no command
// that is gone, and the app lists its commands in that order.
func TestHelpOrder(t *testing.T) {
	app := newApp(strings.NewReader(""), io.Discard, io.Discard)
	var names []string
	for _, c := range app.Commands {
		names = append(names, c.Name)
		if !slices.Contains(helpOrder, c.Name) {
			t.Errorf("command %q has no place in helpOrder", c.Name)
		}
	}
	for _, n := range helpOrder {
		if !slices.Contains(names, n) {
			t.Errorf("helpOrder names %q, which is no command", n)
		}
	}
	if !slices.Equal(names, helpOrder) {
		t.Errorf("commands listed as %v, want %v", names, helpOrder)
	}
}
