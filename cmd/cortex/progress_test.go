package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestProgressStage: once the counts are full, the line names the step
// that follows them, drawn at once (not held back by the ten-a-second
// limit), and clears what a longer line left; off a terminal nothing is
// drawn.
func TestProgressStage(t *testing.T) {
	var buf bytes.Buffer
	p := &progress{w: &buf, on: true, label: "indexing"}
	p.update(10, 10)
	p.stage("resolving links")
	p.stage("sorting indexes")
	lines := strings.Split(buf.String(), "\r")[1:]
	if len(lines) != 3 {
		t.Fatalf("drew %d lines, want 3: %q", len(lines), buf.String())
	}
	for i, want := range []string{"10/10\033[K", "10/10, resolving links\033[K", "10/10, sorting indexes\033[K"} {
		if !strings.HasPrefix(lines[i], "indexing ") || !strings.HasSuffix(lines[i], want) {
			t.Errorf("line %d = %q, want it to end %q", i, lines[i], want)
		}
	}

	buf.Reset()
	off := &progress{w: &buf, label: "indexing"}
	off.update(10, 10)
	off.stage("sorting indexes")
	off.done()
	if buf.Len() != 0 {
		t.Errorf("off a terminal, progress drew %q", buf.String())
	}
}
