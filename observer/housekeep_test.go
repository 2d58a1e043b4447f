package observer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

// hkNow is the clock of the housekeeping tests (openTest's).
var hkNow = time.Date(2026, 2, 16, 15, 30, 0, 0, time.UTC)

// stageFile writes a file into observer/staging changed age ago.
func stageFile(t *testing.T, l vault.Layout, name string, data []byte, age time.Duration) {
	t.Helper()
	p := filepath.Join(l.Staging(), name)
	if err := os.MkdirAll(l.Staging(), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, hkNow.Add(-age), hkNow.Add(-age)); err != nil {
		t.Fatal(err)
	}
}

func stagingNames(t *testing.T, l vault.Layout) []string {
	t.Helper()
	ents, err := os.ReadDir(l.Staging())
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// staleRecords returns the stale_staging records of quarantine.jsonl and
// .1 by file name.
func staleRecords(t *testing.T, l vault.Layout) map[string][]QuarantineRecord {
	t.Helper()
	out := map[string][]QuarantineRecord{}
	for _, p := range []string{l.Quarantine() + ".1", l.Quarantine()} {
		recs, err := readQuarantineFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if r.Reason == ReasonStaleStaging {
				out[strings.TrimPrefix(r.File, "observer/staging/")] = append(out[strings.TrimPrefix(r.File, "observer/staging/")], r)
			}
		}
	}
	return out
}

// Contents that JSON must carry exactly: markdown with quotes, HTML
// characters JSON escapes, control characters, and bytes that are not
// UTF-8.
var staleContents = map[string][]byte{
	"note.md":    []byte("---\ntype: fact\n---\n\nUse \"quotes\", <tags> & a\ttab\r\n\x00 and ünïcode ✓\n"),
	"batch.old":  []byte(`{"version":1,"new":[]}`),
	"binary.bin": {0xff, 0xfe, 0x00, 'a', 0x80, '\n'},
	"empty":      {},
}

// TestHousekeepMovesStaleStaging: files the memorizer did not write, left
// 8 days, go to the quarantine byte for byte and leave staging; those of
// 6 days, and the memorizer's own files, stay. The memorizer logs one line.
func TestHousekeepMovesStaleStaging(t *testing.T) {
	l := newTestVault(t)
	for name, data := range staleContents {
		stageFile(t, l, name, data, 8*24*time.Hour)
	}
	stageFile(t, l, "fresh.md", []byte("six days\n"), 6*24*time.Hour)
	var log testLogger
	m := openTest(t, l, &log)
	m.Close()

	if got := stagingNames(t, l); !slices.Equal(got, []string{"fresh.md"}) {
		t.Fatalf("staging holds %v, want only fresh.md", got)
	}
	recs := staleRecords(t, l)
	if len(recs) != len(staleContents) {
		t.Fatalf("%d stale records, want %d: %v", len(recs), len(staleContents), recs)
	}
	all, err := ReadQuarantine(l)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != len(staleContents) {
		t.Fatalf("cortex quarantine list would show %d records, want %d", len(all), len(staleContents))
	}
	for name, data := range staleContents {
		rs := recs[name]
		if len(rs) != 1 {
			t.Fatalf("%s: %d records", name, len(rs))
		}
		r := rs[0]
		if got := r.StagedContent(); !bytes.Equal(got, data) {
			t.Errorf("%s: content %q, want %q", name, got, data)
		}
		if r.File != "observer/staging/"+name || !r.Time.Equal(hkNow) || !strings.Contains(r.Detail, "not written by the memorizer") {
			t.Errorf("%s: record %+v", name, r)
		}
	}
	if n := strings.Count(log.String(), "housekeeping: moved 4 file(s) left in observer/staging for 7 days"); n != 1 {
		t.Errorf("want one housekeeping line in the log:\n%s", log.String())
	}
	// A second run finds nothing more to do.
	log = testLogger{}
	m = openTest(t, l, &log)
	process(t, m)
	m.Close()
	if strings.Contains(log.String(), "housekeeping") {
		t.Errorf("second run:\n%s", log.String())
	}
	if got := staleRecords(t, l); len(got) != len(staleContents) {
		t.Errorf("second run: %d records", len(got))
	}
}

// TestHousekeepKeepsOwnStaging: a staged batch is recovery's; an old
// temporary file of the manifest is removed by recovery, never quarantined.
func TestHousekeepKeepsOwnStaging(t *testing.T) {
	l := newTestVault(t)
	stageFile(t, l, ".batch.json.tmp-123", []byte(`{"half`), 30*24*time.Hour)
	stageFile(t, l, "other.md", []byte("theirs\n"), time.Hour)
	m := openTest(t, l, nil)
	m.Close()
	if got := stagingNames(t, l); !slices.Equal(got, []string{"other.md"}) {
		t.Fatalf("staging holds %v, want only other.md", got)
	}
	if recs := staleRecords(t, l); len(recs) != 0 {
		t.Fatalf("records: %v", recs)
	}
	st, err := ReadStaging(l)
	if err != nil || st != (StagingStatus{Files: 1, Other: 1}) {
		t.Fatalf("status %+v, %v", st, err)
	}
	// The other file does not hold up the buffer's rotation.
	if busy, err := stagingBusy(l); busy || err != nil {
		t.Fatalf("stagingBusy = %v, %v", busy, err)
	}
}

// TestHousekeepCrash: a kill right after any record is appended (before its
// file is removed) — the next pass completes, with one record per file.
func TestHousekeepCrash(t *testing.T) {
	ctx := context.Background()
	for crash := 1; crash <= len(staleContents); crash++ {
		t.Run(fmt.Sprint(crash), func(t *testing.T) {
			l := vault.Layout{Root: t.TempDir()}
			for name, data := range staleContents {
				stageFile(t, l, name, data, 8*24*time.Hour)
			}
			if _, err := housekeepUpTo(ctx, l, hkNow, crash); !errors.Is(err, errCrash) {
				t.Fatalf("crash %d: %v", crash, err)
			}
			if got := len(stagingNames(t, l)); got != len(staleContents)-(crash-1) {
				t.Fatalf("after the crash staging holds %d files", got)
			}
			res, err := housekeep(ctx, l, hkNow.Add(time.Minute))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Moved) != len(staleContents)-(crash-1) {
				t.Errorf("moved %v", res.Moved)
			}
			if got := stagingNames(t, l); len(got) != 0 {
				t.Fatalf("staging holds %v", got)
			}
			recs := staleRecords(t, l)
			for name, data := range staleContents {
				if len(recs[name]) != 1 || !bytes.Equal(recs[name][0].StagedContent(), data) {
					t.Errorf("%s: %d records", name, len(recs[name]))
				}
			}
		})
	}
}

// TestHousekeepLeavesWhatItCannotMove: a folder and a file too large for a
// record stay, named in the result.
func TestHousekeepLeavesWhatItCannotMove(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	// Its bytes fit, its record (\u0001 six bytes a byte) does not; a
	// larger file is not even read.
	stageFile(t, l, "huge.txt", bytes.Repeat([]byte("\x01"), MaxLineBytes), 8*24*time.Hour)
	stageFile(t, l, "huger.txt", bytes.Repeat([]byte("x"), maxRecordBytes+1), 8*24*time.Hour)
	if err := os.Mkdir(filepath.Join(l.Staging(), "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(filepath.Join(l.Staging(), "dir"), hkNow.Add(-8*24*time.Hour), hkNow.Add(-8*24*time.Hour))
	res, err := housekeep(ctx, l, hkNow)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Moved) != 0 || len(res.Left) != 3 {
		t.Fatalf("result %+v", res)
	}
	if got := stagingNames(t, l); !slices.Equal(got, []string{"dir", "huge.txt", "huger.txt"}) {
		t.Fatalf("staging holds %v", got)
	}
}

// TestHousekeepBoundsTheQuarantine: many stale files, passes and buffer
// records never take quarantine.jsonl and .1 past their bound, and the
// latest records stay readable.
func TestHousekeepBoundsTheQuarantine(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	body := bytes.Repeat([]byte("stale staging line\n"), 5000) // ~95 KB
	bound := int64(2*QuarantineRotateSize + maxRecordBytes)
	for pass := range 120 {
		for i := range 3 {
			stageFile(t, l, fmt.Sprintf("f-%d-%d.md", pass, i), body, 8*24*time.Hour)
		}
		if err := AppendQuarantine(ctx, l, QuarantineRecord{Reason: ReasonInvalid, Line: string(body[:20000]), Offset: int64(pass)}); err != nil {
			t.Fatal(err)
		}
		res, err := housekeep(ctx, l, hkNow)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Moved) != 3 {
			t.Fatalf("pass %d moved %v", pass, res.Moved)
		}
		var total int64
		for _, p := range []string{l.Quarantine(), l.Quarantine() + ".1"} {
			if fi, err := os.Stat(p); err == nil {
				total += fi.Size()
			}
		}
		if total > bound {
			t.Fatalf("pass %d: the quarantine holds %d bytes, over %d", pass, total, bound)
		}
	}
	recs := staleRecords(t, l)
	if len(recs["f-119-2.md"]) != 1 {
		t.Fatal("the newest record is not in the quarantine")
	}
}

// TestRotatedBuffersBounded: under many rotations of buffers of every size
// the rotated buffers never hold more than the bound (or .1 alone, when
// the buffer just rotated was bigger), .1 is always the newest, and never
// more than RotatedBuffers are kept.
func TestRotatedBuffersBounded(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	c := &consumer{l: l, seen: map[string]int{}}
	const maxKept = 8_000
	for round := range 40 {
		n := 5 + (round*7)%60 // 5..64 lines of ~100 bytes
		for i := range n {
			appendLines(t, l, rotLine(round, i))
		}
		c.consume(t)
		want := readBuffer(t, l)
		res, err := rotate(ctx, l, 100, maxKept)
		if err != nil || !res.Rotated {
			t.Fatalf("round %d: %+v, %v", round, res, err)
		}
		got, err := os.ReadFile(RotatedPath(l, 1))
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("round %d: .1 is not the buffer just rotated (%v)", round, err)
		}
		var total int64
		for k := 1; k <= RotatedBuffers+1; k++ {
			if fi, err := os.Stat(RotatedPath(l, k)); err == nil {
				if k > RotatedBuffers {
					t.Fatalf("round %d: .%d exists", round, k)
				}
				total += fi.Size()
			}
		}
		if total > max(maxKept, int64(len(want))) {
			t.Fatalf("round %d: rotated buffers hold %d bytes", round, total)
		}
	}
}

// BenchmarkHousekeepIdle: what housekeeping adds to every run when there is
// nothing to move (a small quarantine, staging empty).
func BenchmarkHousekeepIdle(b *testing.B) {
	ctx := context.Background()
	l := vault.Layout{Root: b.TempDir()}
	if err := os.MkdirAll(l.Staging(), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := AppendQuarantine(ctx, l, QuarantineRecord{Reason: ReasonInvalid, Line: "x", Offset: 1}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := housekeep(ctx, l, hkNow); err != nil {
			b.Fatal(err)
		}
	}
}

// TestHousekeepRewrittenFile: a file rewritten after its record was written
// (and before it was removed) is not removed with bytes nobody recorded:
// the next pass records the new bytes too, then removes it.
func TestHousekeepRewrittenFile(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	stageFile(t, l, "a.md", []byte("first\n"), 8*24*time.Hour)
	if _, err := housekeepUpTo(ctx, l, hkNow, 1); !errors.Is(err, errCrash) {
		t.Fatal(err)
	}
	stageFile(t, l, "a.md", []byte("second\n"), 8*24*time.Hour)
	if _, err := housekeep(ctx, l, hkNow); err != nil {
		t.Fatal(err)
	}
	recs := staleRecords(t, l)["a.md"]
	if len(recs) != 2 || recs[0].Line != "first\n" || recs[1].Line != "second\n" {
		t.Fatalf("records %+v", recs)
	}
	if got := stagingNames(t, l); len(got) != 0 {
		t.Fatalf("staging holds %v", got)
	}
}
