//go:build unix

package rules

import (
	"context"
	"strings"
	"syscall"
	"testing"
)

// TestReadEditRefusesAFifo: a named pipe put where a memory was is left
// out with a note, never opened (an open of a pipe would wait for a
// writer forever).
func TestReadEditRefusesAFifo(t *testing.T) {
	f := newFixture(t)
	s := f.open(t)
	p, err := s.newPlanner(context.Background(), false, nil)
	if err != nil {
		t.Fatal(err)
	}
	rel := "mind/concepts/2026-01/2026-01-04-aaaa0005.md"
	if err := syscall.Unlink(s.abs(rel)); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(s.abs(rel), 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	ed, note := p.readEdit(rel)
	if ed != nil || !strings.Contains(note, "not a regular file") {
		t.Fatalf("readEdit of a pipe = %v, %q", ed, note)
	}
}
