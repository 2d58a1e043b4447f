package observer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

func TestReadLines(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b.jsonl")
	content := "one\r\ntwo\n\nthree without newline"
	os.WriteFile(path, []byte(content), 0o600)

	lines, id, err := readLines(path, 0, 100, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if id == (BufferID{}) {
		t.Error("no identity")
	}
	var got []string
	for _, l := range lines {
		got = append(got, string(l.Data))
	}
	if strings.Join(got, "|") != "one|two|" {
		t.Errorf("lines %q", got)
	}
	if lines[1].Offset != 5 || lines[1].End != 9 || lines[2].End != 10 {
		t.Errorf("offsets %+v", lines)
	}
	// From an offset; at most n lines.
	lines, _, _ = readLines(path, 5, 1, 1<<20)
	if len(lines) != 1 || string(lines[0].Data) != "two" {
		t.Errorf("from 5: %+v", lines)
	}
	// maxBytes stops after the line that passes it, never before the first.
	lines, _, _ = readLines(path, 0, 100, 1)
	if len(lines) != 1 {
		t.Errorf("maxBytes 1: %d lines", len(lines))
	}
	// The unfinished line is read once it ends.
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString("\n")
	f.Close()
	lines, _, _ = readLines(path, 10, 100, 1<<20)
	if len(lines) != 1 || string(lines[0].Data) != "three without newline" {
		t.Errorf("after the newline: %+v", lines)
	}
	// A missing buffer has no lines.
	if lines, _, err := readLines(filepath.Join(dir, "none"), 0, 10, 10); err != nil || lines != nil {
		t.Errorf("missing: %v %v", lines, err)
	}
}

func TestReadTooLongLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.jsonl")
	os.WriteFile(path, []byte(strings.Repeat("x", MaxLineBytes+10)+"\nok\n"), 0o600)
	lines, _, err := readLines(path, 0, 10, maxBatchBytes)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 2 || !lines[0].TooLong || lines[0].Data != nil || lines[0].End != MaxLineBytes+11 || string(lines[1].Data) != "ok" {
		t.Errorf("lines: %d, first too long %v, end %d", len(lines), lines[0].TooLong, lines[0].End)
	}
}

func TestStartOffset(t *testing.T) {
	a, b := BufferID{1, 2}, BufferID{1, 3}
	tests := []struct {
		name     string
		st       State
		v        bufferView
		from     int64
		replaced bool
	}{
		{"fresh", State{}, bufferView{ID: a, Size: 10, Exists: true}, 0, false},
		{"same file", State{Buffer: a, Offset: 4}, bufferView{ID: a, Size: 10}, 4, false},
		{"at the end", State{Buffer: a, Offset: 10}, bufferView{ID: a, Size: 10}, 10, false},
		{"rotated", State{Buffer: a, Offset: 4}, bufferView{ID: b, Size: 10}, 0, true},
		{"truncated", State{Buffer: a, Offset: 12}, bufferView{ID: a, Size: 10}, 0, true},
		{"no identity known", State{Offset: 4}, bufferView{ID: b, Size: 10}, 4, false},
	}
	for _, tt := range tests {
		from, replaced := startOffset(tt.st, tt.v)
		if from != tt.from || replaced != tt.replaced {
			t.Errorf("%s: %d %v, want %d %v", tt.name, from, replaced, tt.from, tt.replaced)
		}
	}
}

func TestPending(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	if n, b, err := Pending(l); n != 0 || b != 0 || err != nil {
		t.Errorf("no buffer: %d %d %v", n, b, err)
	}
	appendRaw(t, l, "a\nbb\n\nccc")
	if n, b, err := Pending(l); n != 3 || b != 6 || err != nil {
		t.Errorf("pending %d %d %v, want 3 6", n, b, err)
	}
	fi, _ := os.Stat(l.Buffer())
	SaveState(l, State{Buffer: bufferIDOf(fi), Offset: 2})
	if n, b, _ := Pending(l); n != 2 || b != 4 {
		t.Errorf("pending %d %d, want 2 4", n, b)
	}
	// Another file than the offset's: everything is pending again.
	SaveState(l, State{Buffer: BufferID{Dev: 1, Inode: 1}, Offset: 2})
	if n, _, _ := Pending(l); n != 3 {
		t.Errorf("pending %d, want 3", n)
	}
}

func TestPendingAfterProcess(t *testing.T) {
	l := newTestVault(t)
	appendRaw(t, l, obsLine("2026-02-16T10:00:00Z", "fact", "One.", "")+obsLine("2026-02-16T10:01:00Z", "fact", "Two.", ""))
	if n, _, _ := Pending(l); n != 2 {
		t.Errorf("pending %d", n)
	}
	m := openTest(t, l, nil)
	process(t, m)
	if n, b, _ := Pending(l); n != 0 || b != 0 {
		t.Errorf("pending after Process: %d %d", n, b)
	}
	appendRaw(t, l, `{"half":`)
	if n, _, _ := Pending(l); n != 0 {
		t.Errorf("an unfinished line counts as pending")
	}
	if res := process(t, m); res.Lines != 0 {
		t.Errorf("an unfinished line was processed: %+v", res)
	}
}

func TestCommitMessage(t *testing.T) {
	id := BufferID{Dev: 2049, Inode: 77}
	tot := Totals{Lines: 3, Memorized: 2, Reinforced: 1}
	one := []note{{"observe", "mind/concepts/2026-02/x.md", "Use local git only — no remote push in daemon. Reduces complexity and…", "owner"}}
	msg, err := commitMessage(one, id, 480, tot)
	if err != nil {
		t.Fatal(err)
	}
	want := "observe: Use local git only — no remote push in daemon. Reduces… (owner)\n\n" +
		"- observe mind/concepts/2026-02/x.md: Use local git only — no remote push in daemon. Reduces… (owner)\n\n" +
		"Cortex-Buffer: 2049:77:480\nCortex-Totals: lines=3 memorized=2 reinforced=1 operations=0 quarantined=0 skipped=0\n"
	if msg != want {
		t.Errorf("message:\n%s\nwant:\n%s", msg, want)
	}
	two := append(one, note{"reinforce", "mind/concepts/2026-01/y.md", "Short", "agent"})
	msg, _ = commitMessage(two, id, 480, tot)
	if !strings.HasPrefix(msg, "observe: 2 observations\n\n- observe ") || !strings.Contains(msg, "\n- reinforce mind/concepts/2026-01/y.md: Short (agent)\n") {
		t.Errorf("message:\n%s", msg)
	}
	msg, _ = commitMessage([]note{two[1], two[1]}, id, 480, tot)
	if !strings.HasPrefix(msg, "reinforce: 2 observations\n") {
		t.Errorf("message:\n%s", msg)
	}
	for _, tr := range gitstore.ParseTrailers(msg) {
		switch tr.Key {
		case TrailerBuffer:
			gid, end, err := parseBufferTrailer(tr.Value)
			if err != nil || gid != id || end != 480 {
				t.Errorf("buffer trailer %q: %v %v %v", tr.Value, gid, end, err)
			}
		case TrailerTotals:
			if got, err := parseTotals(tr.Value); err != nil || got != tot {
				t.Errorf("totals trailer %q: %+v %v", tr.Value, got, err)
			}
		}
	}
	for _, bad := range []string{"1:2", "a:b:c", "1:2:-3"} {
		if _, _, err := parseBufferTrailer(bad); err == nil {
			t.Errorf("parseBufferTrailer(%q) accepted", bad)
		}
	}
	for _, bad := range []string{"lines=1", "lines=x memorized=0 reinforced=0 operations=0 quarantined=0 skipped=0", "bogus=1"} {
		if _, err := parseTotals(bad); err == nil {
			t.Errorf("parseTotals(%q) accepted", bad)
		}
	}
}

// TestTruncatedBufferWarnsOnce: a buffer emptied by hand is noticed once.
func TestTruncatedBufferWarnsOnce(t *testing.T) {
	l := newTestVault(t)
	appendRaw(t, l, obsLine("2026-02-16T10:00:00Z", "fact", "One.", ""))
	var log testLogger
	m := openTest(t, l, &log)
	process(t, m)
	os.Truncate(l.Buffer(), 0)
	process(t, m)
	process(t, m)
	if n := strings.Count(log.String(), "buffer replaced or truncated"); n != 1 {
		t.Errorf("%d warnings:\n%s", n, log.String())
	}
	appendRaw(t, l, obsLine("2026-02-16T10:01:00Z", "fact", "Two.", ""))
	if res := process(t, m); res.Memorized != 1 {
		t.Errorf("result %+v", res)
	}
}
