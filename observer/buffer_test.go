package observer

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// childEnv makes the test binary an appending child process (see TestMain).
const childEnv = "CORTEX_TEST_APPEND_CHILD"

func TestMain(m *testing.M) {
	if root := os.Getenv(daemonChildEnv); root != "" {
		daemonChild(root) // never returns
	}
	if spec := os.Getenv(childEnv); spec != "" {
		if err := appendChild(spec); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// appendChild appends n observations for writer w to the vault at root, in
// batches of 1 to 4 lines: "root|w|n".
func appendChild(spec string) error {
	parts := strings.Split(spec, "|")
	if len(parts) != 3 {
		return fmt.Errorf("bad spec %q", spec)
	}
	w, _ := strconv.Atoi(parts[1])
	n, _ := strconv.Atoi(parts[2])
	buf := NewBuffer(vault.Layout{Root: parts[0]})
	buf.LockTimeout = time.Minute // the race detector makes children slow
	ctx := context.Background()
	for i, batch := 0, 0; i < n; batch++ {
		size := min(batch%4+1, n-i)
		lines := make([][]byte, 0, size)
		for k := 0; k < size; k++ {
			lines = append(lines, childLine(w, batch, k, i+k))
		}
		if err := buf.Append(ctx, lines...); err != nil {
			return err
		}
		i += size
	}
	return nil
}

func childLine(w, batch, k, seq int) []byte {
	o := Observation{
		Timestamp: time.Date(2026, 2, 16, 15, 0, 0, 0, time.UTC), Bucket: BucketAmbient,
		Type: "fact", Attribution: "writer " + strconv.Itoa(w), SessionID: SessionCLI,
		// The body is padded so lines are large enough that an unlocked
		// writer would be caught interleaving.
		Body: fmt.Sprintf("w=%d b=%d k=%d seq=%d %s", w, batch, k, seq, strings.Repeat("pad ", 60)),
	}
	b, err := o.Marshal()
	if err != nil {
		panic(err)
	}
	return b
}

func readBuffer(t *testing.T, l vault.Layout) []byte {
	t.Helper()
	b, err := os.ReadFile(l.Buffer())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestAppendCreatesBuffer(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	ctx := context.Background()
	if err := Append(ctx, l, []byte(seedLine)); err != nil {
		t.Fatal(err)
	}
	if err := Append(ctx, l, []byte(`{"a":1}`), []byte(`{"b":2}`)); err != nil {
		t.Fatal(err)
	}
	want := seedLine + "\n" + `{"a":1}` + "\n" + `{"b":2}` + "\n"
	if got := readBuffer(t, l); string(got) != want {
		t.Errorf("buffer =\n%s\nwant\n%s", got, want)
	}
	fi, err := os.Stat(l.Buffer())
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		t.Errorf("buffer mode %v: readable by others", perm)
	}
	if _, err := os.Stat(l.BufferLock()); err != nil {
		t.Errorf("lock file: %v", err)
	}
	if err := Append(ctx, l); err != nil {
		t.Errorf("empty append: %v", err)
	}
}

// TestAppendRefusesWholeBatch: one bad line and nothing is written, not even
// the good lines before it.
func TestAppendRefusesWholeBatch(t *testing.T) {
	ctx := context.Background()
	good := []byte(seedLine)
	tests := []struct {
		name    string
		lines   [][]byte
		wantErr string
	}{
		{"newline inside", [][]byte{good, []byte("{\"a\":1}\n{\"b\":2}")}, "line 2: contains a line break"},
		{"trailing newline", [][]byte{[]byte(seedLine + "\n")}, "line 1: contains a line break"},
		{"carriage return", [][]byte{good, []byte("{\"a\":\r1}")}, "line 2: contains a line break"},
		{"empty", [][]byte{good, {}}, "line 2: is empty"},
		{"not JSON", [][]byte{good, good, []byte("{nope")}, "line 3: is not valid JSON"},
		{"too long", [][]byte{[]byte(`"` + strings.Repeat("x", MaxLineBytes) + `"`)}, "line 1: is "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := vault.Layout{Root: t.TempDir()}
			if err := Append(ctx, l, good); err != nil {
				t.Fatal(err)
			}
			before := readBuffer(t, l)
			err := Append(ctx, l, tt.lines...)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), l.Buffer()) {
				t.Errorf("error does not name the buffer: %v", err)
			}
			if after := readBuffer(t, l); !bytes.Equal(before, after) {
				t.Errorf("buffer changed by a refused batch:\n%s", after)
			}
		})
	}
}

// TestAppendEndsBrokenLine: a line left without its newline by a crashed
// writer is ended before the batch, so the batch stays whole.
func TestAppendEndsBrokenLine(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	if err := os.MkdirAll(l.ObserverDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(l.Buffer(), []byte(`{"timestamp":"2026-02-16T1`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Append(context.Background(), l, []byte(seedLine)); err != nil {
		t.Fatal(err)
	}
	want := `{"timestamp":"2026-02-16T1` + "\n" + seedLine + "\n"
	if got := readBuffer(t, l); string(got) != want {
		t.Errorf("buffer =\n%q\nwant\n%q", got, want)
	}
}

func TestAppendLockTimeout(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	holder := NewBuffer(l)
	unlock, err := holder.Lock(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()

	b := NewBuffer(l)
	b.LockTimeout = 30 * time.Millisecond
	err = b.Append(context.Background(), []byte(seedLine))
	if err == nil || !strings.Contains(err.Error(), "still held by another process after 30ms") || !strings.Contains(err.Error(), l.BufferLock()) {
		t.Errorf("err = %v, want a timeout naming the lock", err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = NewBuffer(l).Append(ctx, []byte(seedLine))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v, want context.Canceled", err)
	}
	if _, err := os.Stat(l.Buffer()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("buffer written without the lock: %v", err)
	}

	if err := unlock(); err != nil {
		t.Fatal(err)
	}
	if err := b.Append(context.Background(), []byte(seedLine)); err != nil {
		t.Errorf("after unlock: %v", err)
	}
}

func TestAppendObservations(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	o, _, err := ParseLine([]byte(seedLine), doc.DefaultTaxonomy())
	if err != nil {
		t.Fatal(err)
	}
	if err := AppendObservations(context.Background(), l, o, o); err != nil {
		t.Fatal(err)
	}
	line, _ := o.Marshal()
	if got := readBuffer(t, l); string(got) != string(line)+"\n"+string(line)+"\n" {
		t.Errorf("buffer = %s", got)
	}
}

// TestAppendConcurrentProcesses: 8 real processes append 500 lines each at
// once, in batches of 1 to 4; every line lands whole, exactly once, each
// batch contiguous, each writer's lines in order.
func TestAppendConcurrentProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	const writers, perWriter = 8, 500
	root := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmds := make([]*exec.Cmd, writers)
	for w := range cmds {
		cmd := exec.Command(exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s|%d|%d", childEnv, root, w, perWriter))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds[w] = cmd
		t.Cleanup(func() {
			if t.Failed() && stderr.Len() > 0 {
				t.Logf("writer %d: %s", w, stderr.String())
			}
		})
	}
	for w, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("writer %d: %v", w, err)
		}
	}

	l := vault.Layout{Root: root}
	tx := doc.DefaultTaxonomy()
	f, err := os.Open(l.Buffer())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, MaxLineBytes)
	next := make([]int, writers) // next seq expected from each writer
	type pos struct{ w, batch, k int }
	var prev pos
	n := 0
	for sc.Scan() {
		n++
		o, _, err := ParseLine(sc.Bytes(), tx)
		if err != nil {
			t.Fatalf("line %d torn or invalid: %v\n%.200s", n, err, sc.Text())
		}
		var p pos
		var seq int
		if _, err := fmt.Sscanf(o.Body, "w=%d b=%d k=%d seq=%d", &p.w, &p.batch, &p.k, &seq); err != nil {
			t.Fatalf("line %d: body %.40q: %v", n, o.Body, err)
		}
		if p.w < 0 || p.w >= writers {
			t.Fatalf("line %d: writer %d", n, p.w)
		}
		if seq != next[p.w] {
			t.Fatalf("line %d: writer %d seq %d, want %d (lost, repeated or reordered)", n, p.w, seq, next[p.w])
		}
		next[p.w]++
		if p.k > 0 && (prev.w != p.w || prev.batch != p.batch || prev.k != p.k-1) {
			t.Fatalf("line %d: batch %d of writer %d split by another writer's line", n, p.batch, p.w)
		}
		prev = p
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for w, got := range next {
		if got != perWriter {
			t.Errorf("writer %d: %d lines, want %d", w, got, perWriter)
		}
	}
	if n != writers*perWriter {
		t.Errorf("%d lines, want %d", n, writers*perWriter)
	}
}

func BenchmarkAppend(b *testing.B) {
	l := vault.Layout{Root: b.TempDir()}
	line := []byte(seedLine)
	ctx := context.Background()
	buf := NewBuffer(l)
	b.SetBytes(int64(len(line) + 1))
	for b.Loop() {
		if err := buf.Append(ctx, line); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendParallel: writers in one process contend for the lock as
// separate processes would (each Buffer locks its own descriptor).
func BenchmarkAppendParallel(b *testing.B) {
	l := vault.Layout{Root: b.TempDir()}
	line := []byte(seedLine)
	b.SetBytes(int64(len(line) + 1))
	b.RunParallel(func(pb *testing.PB) {
		buf := NewBuffer(l)
		for pb.Next() {
			if err := buf.Append(context.Background(), line); err != nil {
				b.Error(err)
				return
			}
		}
	})
	if info, err := os.Stat(filepath.Join(l.Root, "observer", "observations.jsonl")); err == nil && info.Size()%int64(len(line)+1) != 0 {
		b.Errorf("buffer size %d is not a whole number of lines", info.Size())
	}
}
