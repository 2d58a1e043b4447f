package observer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

// consumer plays the memorizer's part in the rotation tests: it reads the
// complete lines after the stored offset and advances the state, as a batch
// does, without committing anything.
type consumer struct {
	l    vault.Layout
	seen map[string]int
}

func (c *consumer) consume(t *testing.T) {
	t.Helper()
	st, _, err := LoadState(c.l)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(c.l.Buffer())
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	id := bufferIDOf(fi)
	if id != st.Buffer || fi.Size() < st.Offset {
		st.Buffer, st.Offset = id, 0
	}
	data, err := io.ReadAll(io.NewSectionReader(f, st.Offset, fi.Size()-st.Offset))
	if err != nil {
		t.Fatal(err)
	}
	end := bytes.LastIndexByte(data, '\n') + 1
	if end == 0 && id == st.Buffer {
		return
	}
	for _, ln := range bytes.Split(data[:end], []byte("\n")) {
		if len(ln) > 0 {
			c.seen[string(ln)]++
			st.Totals.Lines++
		}
	}
	st.Offset += int64(end)
	if err := SaveState(c.l, st); err != nil {
		t.Fatal(err)
	}
}

func rotLine(w, i int) []byte {
	return fmt.Appendf(nil, `{"w":%d,"i":%d,"pad":"%s"}`, w, i, strings.Repeat("x", 100))
}

func appendLines(t *testing.T, l vault.Layout, lines ...[]byte) {
	t.Helper()
	if err := Append(context.Background(), l, lines...); err != nil {
		t.Fatal(err)
	}
}

func TestRotateConditions(t *testing.T) {
	ctx := context.Background()
	fill := func(t *testing.T, l vault.Layout, n int) {
		for i := range n {
			appendLines(t, l, rotLine(0, i))
		}
	}
	processed := func(t *testing.T, l vault.Layout) {
		c := &consumer{l: l, seen: map[string]int{}}
		c.consume(t)
	}
	for _, tc := range []struct {
		name   string
		setup  func(t *testing.T, l vault.Layout)
		reason string
	}{
		{"no buffer", func(*testing.T, vault.Layout) {}, "no buffer"},
		{"below size", func(t *testing.T, l vault.Layout) { fill(t, l, 2); processed(t, l) }, "below size"},
		{"never processed", func(t *testing.T, l vault.Layout) { fill(t, l, 20) }, "not fully processed"},
		{"lines after the offset, but less processed than the size", func(t *testing.T, l vault.Layout) {
			fill(t, l, 5)
			processed(t, l)
			fill(t, l, 10)
		}, "not fully processed"},
		{"as much after the offset as the size", func(t *testing.T, l vault.Layout) {
			fill(t, l, 10)
			processed(t, l)
			fill(t, l, 10)
		}, "not fully processed"},
		{"another buffer's offset", func(t *testing.T, l vault.Layout) {
			fill(t, l, 20)
			processed(t, l)
			st, _, _ := LoadState(l)
			st.Buffer.Inode++
			if err := SaveState(l, st); err != nil {
				t.Fatal(err)
			}
		}, "not fully processed"},
		{"corrupt state", func(t *testing.T, l vault.Layout) {
			fill(t, l, 20)
			os.WriteFile(l.State(), []byte("{"), 0o644)
		}, "not fully processed"},
		{"a batch in staging", func(t *testing.T, l vault.Layout) {
			fill(t, l, 20)
			processed(t, l)
			os.MkdirAll(l.Staging(), 0o755)
			os.WriteFile(l.Path("observer", "staging", "batch.json"), []byte("{}"), 0o644)
		}, "batch in staging"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := vault.Layout{Root: t.TempDir()}
			tc.setup(t, l)
			before, _ := os.ReadFile(l.Buffer())
			res, err := Rotate(ctx, l, 1000)
			if err != nil {
				t.Fatal(err)
			}
			if res.Rotated || res.Reason != tc.reason {
				t.Fatalf("Rotate = %+v, want not rotated because %q", res, tc.reason)
			}
			after, _ := os.ReadFile(l.Buffer())
			if !bytes.Equal(before, after) {
				t.Fatal("the buffer changed")
			}
			if _, err := os.Stat(RotatedPath(l, 1)); err == nil {
				t.Fatal(".1 appeared")
			}
		})
	}
}

func TestRotateShiftsAndKeepsThree(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	c := &consumer{l: l, seen: map[string]int{}}
	last := time.Date(2026, 2, 16, 15, 0, 0, 0, time.UTC)
	var contents [][]byte
	for round := range 5 {
		for i := range 10 {
			appendLines(t, l, rotLine(round, i))
		}
		c.consume(t)
		st, _, _ := LoadState(l)
		st.LastRun = last
		SaveState(l, st)
		contents = append(contents, readBuffer(t, l))
		res, err := Rotate(ctx, l, 100)
		if err != nil || !res.Rotated {
			t.Fatalf("round %d: Rotate = %+v, %v", round, res, err)
		}
		if _, err := os.Stat(l.Buffer()); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("round %d: the buffer is still there (%v)", round, err)
		}
		st, warn, err := LoadState(l)
		if err != nil || warn != "" {
			t.Fatal(err, warn)
		}
		want := State{LastRun: last, Totals: Totals{Lines: int64(10 * (round + 1))}}
		if st != want {
			t.Fatalf("round %d: state %+v, want %+v", round, st, want)
		}
	}
	// .1 is the newest; the two oldest were dropped.
	for n := 1; n <= RotatedBuffers; n++ {
		got, err := os.ReadFile(RotatedPath(l, n))
		if err != nil {
			t.Fatal(err)
		}
		if want := contents[len(contents)-n]; !bytes.Equal(got, want) {
			t.Fatalf(".%d holds the wrong buffer", n)
		}
	}
	if _, err := os.Stat(RotatedPath(l, RotatedBuffers+1)); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf(".%d exists", RotatedBuffers+1)
	}
	// The next writer starts a new buffer, read from 0.
	appendLines(t, l, rotLine(9, 9))
	c.consume(t)
	if c.seen[string(rotLine(9, 9))] != 1 || len(c.seen) != 51 {
		t.Fatalf("after rotation: %d lines seen", len(c.seen))
	}
}

// TestRotateLosesNoLineUnderConcurrentWriters rotates as often as it can
// while writers append: a line written in the instant of a rotation must
// land in the new buffer, and every line must be read exactly once. Writers
// go on until enough rotations happened among them.
func TestRotateLosesNoLineUnderConcurrentWriters(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	const writers = 4
	minLines, wantRotations := 200, int64(6)
	if testing.Short() {
		minLines, wantRotations = 50, 3
	}
	maxLines := 50 * minLines
	var rotations atomic.Int64
	written := make([]int, writers)
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := NewBuffer(l)
			b.LockTimeout = time.Minute
			for i := 0; i < minLines || rotations.Load() < wantRotations; i++ {
				if i == maxLines {
					t.Errorf("writer %d: %d lines and only %d rotations", w, i, rotations.Load())
					return
				}
				if err := b.Append(ctx, rotLine(w, i)); err != nil {
					t.Error(err)
					return
				}
				written[w] = i + 1
				// Pauses of varying length let the reader catch up now and
				// then, as it does between bursts in real use, so rotations
				// happen while other writers are appending.
				time.Sleep(time.Duration(rand.IntN(1500)) * time.Microsecond)
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()

	c := &consumer{l: l, seen: map[string]int{}}
	for finished := false; !finished; {
		select {
		case <-done:
			finished = true
		default:
		}
		c.consume(t)
		res, err := Rotate(ctx, l, 500)
		if err != nil {
			t.Fatal(err)
		}
		if res.Rotated {
			rotations.Add(1)
		}
	}
	c.consume(t)
	total := 0
	for w := range writers {
		for i := range written[w] {
			if n := c.seen[string(rotLine(w, i))]; n != 1 {
				t.Fatalf("writer %d line %d read %d times (%d rotations)", w, i, n, rotations.Load())
			}
		}
		total += written[w]
	}
	if len(c.seen) != total {
		t.Fatalf("%d distinct lines read, want %d", len(c.seen), total)
	}
	t.Logf("%d lines, %d rotations", total, rotations.Load())
}

// A buffer that writers keep appending to is never fully processed when
// the daemon looks between batches: it rotates all the same, the lines
// after the offset carried into the new buffer, read once.
func TestRotateCarriesTheLinesAfterTheOffset(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	c := &consumer{l: l, seen: map[string]int{}}
	rotations, maxSize := 0, int64(0)
	const lines, minSize = 300, 2000
	for i := range lines {
		c.consume(t)
		appendLines(t, l, rotLine(0, i)) // always one line more than read
		res, err := Rotate(ctx, l, minSize)
		if err != nil {
			t.Fatal(err)
		}
		if res.Rotated {
			rotations++
			data, err := os.ReadFile(l.Buffer())
			if err != nil || string(data) != string(rotLine(0, i))+"\n" {
				t.Fatalf("after rotation %d the buffer holds %q (%v), want the line after the offset", rotations, data, err)
			}
			old, err := os.ReadFile(RotatedPath(l, 1))
			if err != nil || !bytes.HasSuffix(old, data) {
				t.Fatalf(".1 does not hold the whole old buffer: %v", err)
			}
		}
		maxSize = max(maxSize, res.Size)
	}
	c.consume(t)
	for i := range lines {
		if n := c.seen[string(rotLine(0, i))]; n != 1 {
			t.Fatalf("line %d read %d times", i, n)
		}
	}
	if rotations < 10 || maxSize > 2*minSize {
		t.Fatalf("%d rotations, the buffer grew to %d bytes: want it kept near %d", rotations, maxSize, minSize)
	}
	if stale, _ := filepath.Glob(filepath.Join(l.ObserverDir(), ".observations.jsonl.rotate-*")); len(stale) > 0 {
		t.Fatalf("temporary files left: %v", stale)
	}
}

// quarantine.jsonl is rotated between batches once it passes its size: the
// two files stay bounded however many lines are refused.
func TestRotateBoundsTheQuarantine(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	rec := QuarantineRecord{Reason: ReasonMalformedJSON, Detail: "not JSON", Line: strings.Repeat("junk ", 200)}
	var written int
	for batch := range 60 {
		recs := make([]QuarantineRecord, 200)
		for i := range recs {
			recs[i] = rec
			recs[i].Offset = int64(batch*1000 + i)
		}
		if err := AppendQuarantine(ctx, l, recs...); err != nil {
			t.Fatal(err)
		}
		written += len(recs)
		if _, err := Rotate(ctx, l, RotateSize); err != nil {
			t.Fatal(err)
		}
		var total int64
		for _, p := range []string{l.Quarantine(), l.Quarantine() + ".1"} {
			if fi, err := os.Stat(p); err == nil {
				total += fi.Size()
			}
		}
		if total > 2*QuarantineRotateSize+300_000 {
			t.Fatalf("after %d records the quarantine files hold %d bytes", written, total)
		}
	}
	if _, err := os.Stat(l.Quarantine() + ".1"); err != nil {
		t.Fatalf("never rotated: %v", err)
	}
	if recs, err := ReadQuarantine(l); err != nil || len(recs) == 0 || len(recs) >= written {
		t.Fatalf("current file: %d records, %v", len(recs), err)
	}
}
