package observer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/cortex-vault/cortex/vault"
)

// fakeMemorizer stands in for the pipeline where the daemon's own behaviour
// is under test: it accounts for the complete lines after the offset as the
// real one does (state.json), commits nothing, and can be made to fail or
// to wait.
type fakeMemorizer struct {
	l       vault.Layout
	mu      sync.Mutex
	lines   []string // every line processed, in order
	calls   int      // Process calls that found lines
	fail    atomic.Int64
	panics  atomic.Int64
	gate    chan struct{} // when set, Process waits for it after reading
	entered chan struct{} // when set, signalled as Process starts
	left    chan struct{} // when set, signalled as Process returns
	closed  atomic.Int64
	held    time.Duration // the index.lock hold each Process reports
}

func (f *fakeMemorizer) ProcessUntil(ctx context.Context, _ <-chan struct{}) (Result, error) {
	if f.left != nil {
		defer func() {
			select {
			case f.left <- struct{}{}:
			default:
			}
		}()
	}
	if f.entered != nil {
		select {
		case f.entered <- struct{}{}:
		default:
		}
	}
	if f.fail.Load() > 0 {
		f.fail.Add(-1)
		return Result{}, errors.New("disk full (fake)")
	}
	if f.panics.Load() > 0 {
		f.panics.Add(-1)
		panic("a bug (fake)")
	}
	st, _, err := LoadState(f.l)
	if err != nil {
		return Result{}, err
	}
	file, err := os.Open(f.l.Buffer())
	if errors.Is(err, fs.ErrNotExist) {
		return Result{}, nil
	}
	if err != nil {
		return Result{}, err
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return Result{}, err
	}
	if id := bufferIDOf(fi); id != st.Buffer || fi.Size() < st.Offset {
		st.Buffer, st.Offset = id, 0
	}
	data, err := io.ReadAll(io.NewSectionReader(file, st.Offset, fi.Size()-st.Offset))
	if err != nil {
		return Result{}, err
	}
	end := bytes.LastIndexByte(data, '\n') + 1
	if end == 0 {
		return Result{}, nil
	}
	if f.gate != nil {
		select {
		case <-f.gate:
		case <-ctx.Done():
			return Result{}, ctx.Err()
		}
	}
	var res Result
	f.mu.Lock()
	for _, ln := range strings.Split(string(data[:end-1]), "\n") {
		f.lines = append(f.lines, ln)
		res.Lines++
	}
	f.calls++
	f.mu.Unlock()
	st.Offset += int64(end)
	st.Totals.Lines += int64(res.Lines)
	res.Memorized, res.Offset, res.LockHeld = res.Lines, st.Offset, f.held
	return res, SaveState(f.l, st)
}

func (f *fakeMemorizer) Close() error { f.closed.Add(1); return nil }

func (f *fakeMemorizer) processed() (lines, calls int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.lines), f.calls
}

func daemonTestLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// startFake starts a daemon over fake; tweak adjusts it before it starts.
func startFake(t *testing.T, l vault.Layout, fake *fakeMemorizer, opts DaemonOptions) *Daemon {
	t.Helper()
	opts.Logger = daemonTestLogger(t)
	d := &Daemon{l: l, opts: opts.withDefaults(), log: opts.Logger}
	d.open = func(context.Context) (processor, error) { return fake, nil }
	if err := d.start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// runDaemon runs d until the returned stop is called; stop returns Run's
// error.
func runDaemon(t *testing.T, d *Daemon) (stop func() error) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()
	var once sync.Once
	var err error
	stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case err = <-done:
			case <-time.After(time.Minute):
				err = errors.New("Run did not return within a minute of the stop")
			}
		})
		return err
	}
	t.Cleanup(func() { stop() })
	return stop
}

// waitFor polls cond until it holds; the limit only keeps a broken daemon
// from hanging the test, it asserts nothing about speed.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func testLine(i int) []byte {
	return fmt.Appendf(nil, `{"n":%d}`, i)
}

func TestDaemonProcessesAppendsAndStopsCleanly(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	appendLines(t, l, testLine(0)) // pending before the start
	fake := &fakeMemorizer{l: l}
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour})
	info, ok, err := ReadDaemonInfo(l)
	if err != nil || !ok || info.PID != os.Getpid() || info.Started.IsZero() || !info.Stopped.IsZero() {
		t.Fatalf("daemon.json after start = %+v, %v, %v", info, ok, err)
	}
	stop := runDaemon(t, d)
	waitFor(t, "the pending line", func() bool { n, _ := fake.processed(); return n == 1 })
	for i := 1; i <= 5; i++ {
		appendLines(t, l, testLine(i))
	}
	waitFor(t, "the appended lines", func() bool { n, _ := fake.processed(); return n == 6 })
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	for i, ln := range fake.lines {
		if ln != string(testLine(i)) {
			t.Fatalf("line %d processed as %q", i, ln)
		}
	}
	info, _, _ = ReadDaemonInfo(l)
	if info.Stopped.IsZero() || info.LastBatch.IsZero() {
		t.Fatalf("daemon.json after stop = %+v", info)
	}
	if fake.closed.Load() == 0 {
		t.Fatal("the memorizer was not closed")
	}
	// The lock is free again.
	startFake(t, l, &fakeMemorizer{l: l}, DaemonOptions{}).Close()
}

func TestSecondDaemonIsRefusedWithThePID(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	first := startFake(t, l, &fakeMemorizer{l: l}, DaemonOptions{})
	d := &Daemon{l: l, opts: DaemonOptions{LockWait: 50 * time.Millisecond}.withDefaults(), log: daemonTestLogger(t)}
	opened := false
	d.open = func(context.Context) (processor, error) { opened = true; return nil, nil }
	err := d.start(context.Background())
	var re *DaemonRunningError
	if !errors.As(err, &re) {
		t.Fatalf("second start: %v, want a DaemonRunningError", err)
	}
	want := fmt.Sprintf("another cortex daemon is running for this vault: pid %d, started ", os.Getpid())
	if !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), fmt.Sprintf("kill %d", os.Getpid())) {
		t.Fatalf("error %q, want it to start %q and say how to stop it", err, want)
	}
	if opened {
		t.Fatal("the second daemon opened the memorizer")
	}
	first.Close()
	startFake(t, l, &fakeMemorizer{l: l}, DaemonOptions{}).Close()
}

func TestDaemonRefusesToStartWhenTheMemorizerCannotOpen(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	d := &Daemon{l: l, opts: DaemonOptions{}.withDefaults(), log: daemonTestLogger(t)}
	d.open = func(context.Context) (processor, error) {
		return nil, errors.New("taxonomy.yml:3: type \"Bad\": not a valid type name")
	}
	err := d.start(context.Background())
	if err == nil || !strings.Contains(err.Error(), "taxonomy.yml:3") {
		t.Fatalf("start = %v", err)
	}
	// It let go of the lock.
	startFake(t, l, &fakeMemorizer{l: l}, DaemonOptions{}).Close()
}

func TestDaemonBatchesABurst(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l, left: make(chan struct{}, 1)}
	// A long quiet time: the whole burst lands before the batch starts.
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour, Debounce: 500 * time.Millisecond, MaxDelay: time.Minute})
	runDaemon(t, d)
	<-fake.left // the start-up batch, over an empty buffer
	const n = 20
	for i := range n {
		appendLines(t, l, testLine(i))
	}
	waitFor(t, "the burst", func() bool { got, _ := fake.processed(); return got == n })
	if _, calls := fake.processed(); calls != 1 {
		t.Fatalf("%d appends took %d batches, want 1", n, calls)
	}
}

// A stream of appends, each followed by a quiet time longer than the
// debounce, is committed a few at a time: after a batch that held git's
// index.lock for 50 ms, the next waits 19 times that (capped by CommitGap),
// so the lock is held at most 5% of the time.
func TestDaemonSpacesCommitsUnderAStream(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l, left: make(chan struct{}, 1), held: 50 * time.Millisecond}
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour, Debounce: 5 * time.Millisecond, MaxDelay: time.Minute, CommitGap: time.Minute})
	runDaemon(t, d)
	appendLines(t, l, testLine(0))
	waitFor(t, "the first line", func() bool { got, _ := fake.processed(); return got == 1 })
	const n = 10
	for i := 1; i <= n; i++ {
		appendLines(t, l, testLine(i))
		time.Sleep(20 * time.Millisecond) // four debounces of quiet
	}
	waitFor(t, "the stream", func() bool { got, _ := fake.processed(); return got == n+1 })
	if _, calls := fake.processed(); calls != 2 {
		t.Fatalf("the stream of %d took %d batches after the first, want 1", n, calls-1)
	}
}

// A stream of appends is committed a few at a time even when a batch holds
// git's index.lock for no time at all: StreamGap spaces the batches.
func TestDaemonCoalescesAStreamOfShortBatches(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l, left: make(chan struct{}, 1)}
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour, Debounce: 5 * time.Millisecond, MaxDelay: time.Minute, StreamGap: 3 * time.Second})
	runDaemon(t, d)
	appendLines(t, l, testLine(0))
	waitFor(t, "the first line", func() bool { got, _ := fake.processed(); return got == 1 })
	const n = 10
	for i := 1; i <= n; i++ {
		appendLines(t, l, testLine(i))
		time.Sleep(20 * time.Millisecond) // four debounces of quiet
	}
	waitFor(t, "the stream", func() bool { got, _ := fake.processed(); return got == n+1 })
	if _, calls := fake.processed(); calls != 2 {
		t.Fatalf("the stream of %d took %d batches after the first, want 1", n, calls-1)
	}
}

// aheadMemorizer is a fakeMemorizer that looks for a person's git ahead
// of its batches (Memorizer.LookAhead): it records when it was asked to,
// and when each batch began and ended.
type aheadMemorizer struct {
	*fakeMemorizer
	lead  time.Duration
	mu    sync.Mutex
	looks []time.Time
	began []time.Time
	ended []time.Time
}

func (a *aheadMemorizer) QuietLead() time.Duration { return a.lead }

func (a *aheadMemorizer) LookAhead() {
	a.mu.Lock()
	a.looks = append(a.looks, time.Now())
	a.mu.Unlock()
}

func (a *aheadMemorizer) ProcessUntil(ctx context.Context, stop <-chan struct{}) (Result, error) {
	a.mu.Lock()
	a.began = append(a.began, time.Now())
	a.mu.Unlock()
	res, err := a.fakeMemorizer.ProcessUntil(ctx, stop)
	a.mu.Lock()
	a.ended = append(a.ended, time.Now())
	a.mu.Unlock()
	return res, err
}

// A batch a stream's gap holds back is looked ahead for QuietLead before
// it starts (the first of its wait's two looks for a person's git, made
// while the daemon waits anyway), and not before: a lone line after a
// quiet spell, which waits less than QuietLead, is not looked ahead for.
func TestDaemonLooksAheadOfAStreamsBatch(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	const gap, lead = time.Second, 300 * time.Millisecond
	fake := &aheadMemorizer{fakeMemorizer: &fakeMemorizer{l: l}, lead: lead}
	opts := DaemonOptions{PollInterval: time.Hour, Debounce: 5 * time.Millisecond, MaxDelay: time.Minute, StreamGap: gap, CommitGap: -1, Logger: daemonTestLogger(t)}
	d := &Daemon{l: l, opts: opts.withDefaults(), log: opts.Logger}
	d.open = func(context.Context) (processor, error) { return fake, nil }
	if err := d.start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	runDaemon(t, d)
	// The start's batch (nothing pending), then a quiet spell.
	waitFor(t, "the first batch", func() bool { fake.mu.Lock(); defer fake.mu.Unlock(); return len(fake.ended) == 1 })
	time.Sleep(gap + 100*time.Millisecond)
	appendLines(t, l, testLine(0))
	waitFor(t, "the first line", func() bool { got, _ := fake.processed(); return got == 1 })
	fake.mu.Lock()
	looks := len(fake.looks)
	fake.mu.Unlock()
	if looks != 0 {
		t.Fatalf("%d looks ahead of a lone line's batch, want none", looks)
	}
	appendLines(t, l, testLine(1)) // within the gap
	waitFor(t, "the second line", func() bool { got, _ := fake.processed(); return got == 2 })
	fake.mu.Lock()
	defer fake.mu.Unlock()
	if len(fake.looks) != 1 || len(fake.began) != 3 {
		t.Fatalf("%d looks ahead and %d batches, want 1 and 3", len(fake.looks), len(fake.began))
	}
	look, next := fake.looks[0], fake.began[2]
	if !look.Before(next) {
		t.Fatalf("the look ahead came %v after the batch began", look.Sub(next))
	}
	// Timers fire late, never early: the look is no sooner than lead
	// before the gap's end.
	if earliest := fake.ended[1].Add(gap - lead); look.Before(earliest) {
		t.Fatalf("looked ahead %v before the gap's end, want at most %v", fake.ended[1].Add(gap).Sub(look), lead)
	}
}

func TestDaemonRetriesFailuresWithBackoff(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l}
	fake.fail.Store(3)
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour, MinBackoff: time.Millisecond, MaxBackoff: 4 * time.Millisecond})
	opens := atomic.Int64{}
	d.open = func(context.Context) (processor, error) { opens.Add(1); return fake, nil }
	appendLines(t, l, testLine(0))
	stop := runDaemon(t, d)
	waitFor(t, "the line after three failures", func() bool { n, _ := fake.processed(); return n == 1 })
	if fake.fail.Load() != 0 {
		t.Fatal("not every failure was met")
	}
	// The memorizer is reopened after each failure.
	if opens.Load() != 3 || fake.closed.Load() != 3 {
		t.Fatalf("opened %d times and closed %d after 3 failures, want 3 and 3", opens.Load(), fake.closed.Load())
	}
	waitFor(t, "the failure count to clear", func() bool {
		d.infoMu.Lock()
		defer d.infoMu.Unlock()
		return d.info.Failures == 0
	})
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	info, _, _ := ReadDaemonInfo(l)
	if info.Failures != 0 || info.LastError != "" {
		t.Fatalf("daemon.json after recovery = %+v", info)
	}
}

func TestDaemonSurvivesAMemorizerPanic(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l}
	fake.panics.Store(2)
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour, MinBackoff: time.Millisecond, MaxBackoff: time.Millisecond})
	appendLines(t, l, testLine(0))
	stop := runDaemon(t, d)
	waitFor(t, "the line after two panics", func() bool { n, _ := fake.processed(); return n == 1 })
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if fake.closed.Load() < 2 {
		t.Fatalf("the memorizer was closed %d times after 2 panics", fake.closed.Load())
	}
}

func TestDaemonRecordsTheFailureItRetries(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l}
	fake.fail.Store(1 << 30)
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour, MinBackoff: time.Hour})
	appendLines(t, l, testLine(0))
	stop := runDaemon(t, d)
	waitFor(t, "the failure in daemon.json", func() bool {
		info, _, _ := ReadDaemonInfo(l)
		return info.Failures == 1
	})
	info, _, _ := ReadDaemonInfo(l)
	if info.LastError != "disk full (fake)" || info.NextRetry.IsZero() {
		t.Fatalf("daemon.json = %+v", info)
	}
	// Backing off, the daemon still stops at once.
	if err := stop(); err != nil {
		t.Fatal(err)
	}
}

func TestDaemonFinishesTheBatchInHandOnStop(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l, gate: make(chan struct{}), entered: make(chan struct{}, 1)}
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour})
	appendLines(t, l, testLine(0), testLine(1))
	stop := runDaemon(t, d)
	<-fake.entered
	stopped := make(chan error, 1)
	go func() { stopped <- stop() }()
	// Run has been told to stop while the batch waits; let the batch go.
	time.Sleep(20 * time.Millisecond)
	select {
	case err := <-stopped:
		t.Fatalf("Run returned (%v) with the batch in hand", err)
	default:
	}
	close(fake.gate)
	if err := <-stopped; err != nil {
		t.Fatal(err)
	}
	if n, _ := fake.processed(); n != 2 {
		t.Fatalf("%d lines processed, want the batch's 2", n)
	}
	st, _, _ := LoadState(l)
	if fi, _ := os.Stat(l.Buffer()); st.Offset != fi.Size() {
		t.Fatalf("offset %d after the stop, want %d", st.Offset, fi.Size())
	}
}

func TestDaemonAbortCutsTheBatchShort(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l, gate: make(chan struct{}), entered: make(chan struct{}, 1)}
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour})
	appendLines(t, l, testLine(0))
	stop := runDaemon(t, d)
	<-fake.entered
	d.Abort()
	if err := stop(); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run after Abort = %v, want the batch's context.Canceled", err)
	}
	if n, _ := fake.processed(); n != 0 {
		t.Fatalf("%d lines processed by an aborted batch", n)
	}
}

func TestDaemonPollsWithoutEvents(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l}
	d := startFake(t, l, fake, DaemonOptions{PollInterval: 10 * time.Millisecond})
	d.watcher.Close()
	d.watcher, d.events, d.errs = nil, nil, nil
	runDaemon(t, d)
	appendLines(t, l, testLine(0))
	waitFor(t, "the poll to find the line", func() bool { n, _ := fake.processed(); return n == 1 })
}

func TestDaemonRescansOnEventOverflow(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l, left: make(chan struct{}, 1)}
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour})
	d.watcher.Close()
	errs := make(chan error)
	events := make(chan fsnotify.Event)
	d.watcher, d.events, d.errs = nil, events, errs
	runDaemon(t, d)
	<-fake.left // the start-up batch, over an empty buffer
	appendLines(t, l, testLine(0))
	// Changes of other files of observer/ (the memorizer's own) start no
	// batch...
	events <- fsnotify.Event{Name: l.State(), Op: fsnotify.Write}
	events <- fsnotify.Event{Name: l.Quarantine(), Op: fsnotify.Create}
	events <- fsnotify.Event{Name: l.Buffer(), Op: fsnotify.Chmod}
	time.Sleep(50 * time.Millisecond)
	if n, _ := fake.processed(); n != 0 {
		t.Fatal("a batch ran on an event of another file")
	}
	// ...an overflow does.
	errs <- fsnotify.ErrEventOverflow
	waitFor(t, "the rescan", func() bool { n, _ := fake.processed(); return n == 1 })
}

func TestDaemonRetriesAtOnceWhenTheConfigurationChanges(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l}
	fake.fail.Store(1)
	// A backoff so long that only the change can end it.
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour, MinBackoff: time.Hour})
	appendLines(t, l, testLine(0))
	runDaemon(t, d)
	waitFor(t, "the failure", func() bool { return fake.fail.Load() == 0 })
	if err := os.WriteFile(l.Taxonomy(), []byte("types: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the retry", func() bool { n, _ := fake.processed(); return n == 1 })
}

func TestDaemonWatchesARecreatedObserverFolder(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l, left: make(chan struct{}, 1)}
	d := startFake(t, l, fake, DaemonOptions{PollInterval: 20 * time.Millisecond})
	runDaemon(t, d)
	<-fake.left
	if err := os.RemoveAll(l.ObserverDir()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the folder's watch to end and come back", func() bool {
		return slices.Contains(d.watcher.WatchList(), l.ObserverDir()) && dirExists(l.ObserverDir())
	})
	appendLines(t, l, testLine(0))
	waitFor(t, "the line in the new folder", func() bool { n, _ := fake.processed(); return n == 1 })
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

func TestDaemonHeartbeats(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	var tick atomic.Int64
	base := time.Date(2026, 2, 16, 15, 0, 0, 0, time.UTC)
	now := func() time.Time { return base.Add(time.Duration(tick.Add(1)) * time.Second) }
	d := startFake(t, l, &fakeMemorizer{l: l}, DaemonOptions{PollInterval: time.Hour, Heartbeat: 5 * time.Millisecond, Now: now})
	first, _, _ := ReadDaemonInfo(l)
	if first.HeartbeatMS != 5 {
		t.Fatalf("heartbeat_ms = %d", first.HeartbeatMS)
	}
	runDaemon(t, d)
	waitFor(t, "a heartbeat", func() bool {
		info, _, err := ReadDaemonInfo(l)
		return err == nil && info.Heartbeat.After(first.Heartbeat)
	})
}

func TestDaemonRotatesAfterABatch(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l}
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour, RotateSize: 100})
	runDaemon(t, d)
	for i := range 20 {
		appendLines(t, l, testLine(i))
	}
	waitFor(t, "the rotation", func() bool {
		_, err := os.Stat(RotatedPath(l, 1))
		return err == nil
	})
	for i := 20; i < 25; i++ {
		appendLines(t, l, testLine(i))
	}
	waitFor(t, "the lines after the rotation", func() bool { n, _ := fake.processed(); return n == 25 })
	seen := map[string]int{}
	for _, ln := range fake.lines {
		seen[ln]++
	}
	for i := range 25 {
		if seen[string(testLine(i))] != 1 {
			t.Fatalf("line %d processed %d times", i, seen[string(testLine(i))])
		}
	}
}

func TestBackoff(t *testing.T) {
	lo, hi := time.Second, time.Minute
	for _, tc := range []struct {
		n    int
		want time.Duration // before jitter
	}{
		{1, time.Second}, {2, 2 * time.Second}, {3, 4 * time.Second}, {6, 32 * time.Second},
		{7, time.Minute}, {50, time.Minute}, {1 << 20, time.Minute},
	} {
		for range 20 {
			got := backoff(lo, hi, tc.n)
			if got > tc.want || got < tc.want-tc.want/5 {
				t.Fatalf("backoff(%d) = %v, want within [%v, %v]", tc.n, got, tc.want-tc.want/5, tc.want)
			}
		}
	}
}

// After a stream of batches, the daemon hands its unused memory back once,
// when it has been quiet for ReleaseAfter — not after every batch, and not
// again while it stays idle.
func TestDaemonReleasesMemoryOnceAfterWork(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l, left: make(chan struct{}, 1)}
	var released atomic.Int64
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour, Debounce: 5 * time.Millisecond, StreamGap: -1, CommitGap: -1,
		ReleaseAfter: 300 * time.Millisecond, release: func() { released.Add(1) }})
	runDaemon(t, d)
	<-fake.left // the start-up batch, over an empty buffer: no work
	time.Sleep(400 * time.Millisecond)
	if n := released.Load(); n != 0 {
		t.Fatalf("released %d times before any work", n)
	}
	start := time.Now()
	for i := range 5 {
		appendLines(t, l, testLine(i))
		time.Sleep(20 * time.Millisecond)
	}
	waitFor(t, "the lines", func() bool { got, _ := fake.processed(); return got == 5 })
	// (Asserted only when the machine kept up: a stall longer than the
	// quiet time is a quiet time.)
	if n := released.Load(); n != 0 && time.Since(start) < 250*time.Millisecond {
		t.Fatalf("released %d times while the lines came", n)
	}
	waitFor(t, "the release after the quiet time", func() bool { return released.Load() >= 1 })
	n0 := released.Load()
	time.Sleep(700 * time.Millisecond)
	if n := released.Load(); n != n0 {
		t.Fatalf("released %d times over an idle spell, want 1", n)
	}
}
