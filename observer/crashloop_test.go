package observer

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

// daemonChildEnv makes the test binary a daemon over the vault it names
// (see TestMain), which says "ready" on stdout once it runs and runs until
// it is killed.
const daemonChildEnv = "CORTEX_TEST_DAEMON_CHILD"

func daemonChild(root string) {
	ctx := context.Background()
	d, err := StartDaemon(ctx, vault.Layout{Root: root}, DaemonOptions{
		Logger: childLogger(),
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "daemon child:", err)
		os.Exit(1)
	}
	fmt.Println("ready")
	if err := d.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "daemon child:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// startDaemonChild starts a daemon process over l and waits until it
// runs.
func startDaemonChild(t *testing.T, l vault.Layout) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), daemonChildEnv+"="+l.Root)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "ready\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("daemon child did not start: %q %v", line, err)
	}
	return cmd
}

// committedLines is the number of buffer lines the newest memorizer
// commit accounts for (its Cortex-Totals trailer).
func committedLines(t *testing.T, l vault.Layout) int64 {
	t.Helper()
	v := strings.TrimSpace(git(t, l.Root, "log", "-1", "--format=%(trailers:key="+TrailerTotals+",valueonly)"))
	if v == "" {
		return 0
	}
	tt, err := parseTotals(v)
	if err != nil {
		t.Fatal(err)
	}
	return tt.Lines
}

// Daemons killed (kill -9) again and again must still make progress: an
// interrupted batch makes the next one smaller, and a restart's first
// batch is small, so a daemon that lives only a little while after each
// start still commits. The kills follow the daemons' own steps, never a
// clock (a loaded machine only makes the test slower): odd rounds kill a
// daemon as soon as it has staged a batch (mid-batch, before its commit),
// even rounds right after its first commit.
func TestProgressUnderRepeatedKills(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 12 daemon processes")
	}
	const backlog, rounds = 4000, 12
	l := newTestVault(t)
	var b strings.Builder
	for i := range backlog {
		b.WriteString(obsLine("2026-02-16T10:00:00Z", "fact", fmt.Sprintf("Observation %d of the backlog: %s", i, strings.Repeat("words ", 20)), ""))
	}
	appendRaw(t, l, b.String())
	manifest := manifestPath(l)
	var last int64
	for round := 1; round <= rounds; round++ {
		before := committedLines(t, l)
		cmd := startDaemonChild(t, l)
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		midBatch := round%2 == 1
		for {
			if midBatch {
				if _, err := os.Stat(manifest); err == nil {
					break
				}
			} else if committedLines(t, l) > before {
				break
			}
			select {
			case err := <-exited:
				t.Fatalf("round %d: the daemon ended by itself: %v", round, err)
			case <-time.After(5 * time.Millisecond): // a poll interval, not a bound
			}
		}
		cmd.Process.Signal(syscall.SIGKILL)
		<-exited
		n := committedLines(t, l)
		t.Logf("round %d (killed %s): %d of %d lines committed", round, map[bool]string{true: "mid-batch", false: "after a commit"}[midBatch], n, backlog)
		if n < last {
			t.Fatalf("round %d: %d lines committed, fewer than %d after the round before", round, n, last)
		}
		if !midBatch {
			// The first batch after a restart that followed a death is
			// small: at most an eighth of a full batch.
			if first := firstCommitAfter(t, l, before); first > DefaultBatchLines/8 {
				t.Fatalf("round %d: the first batch after the restart took %d lines, want at most %d", round, first, DefaultBatchLines/8)
			}
		}
		last = n
	}
	if last == 0 {
		t.Fatal("no line committed in any round")
	}
	// Recovery (undoing the last interrupted batch) leaves exactly the
	// committed documents, each once.
	m := openTest(t, l, nil)
	m.Close()
	head := strings.Count(git(t, l.Root, "ls-tree", "-r", "--name-only", "HEAD", "mind/concepts"), "\n")
	if files := len(docFiles(t, l)); int64(head) != last || int64(files) != last {
		t.Fatalf("%d lines committed, %d documents in HEAD, %d in the working tree", last, head, files)
	}
	if s := git(t, l.Root, "status", "--porcelain"); s != "" {
		t.Fatalf("git status not clean:\n%s", s)
	}
}

// firstCommitAfter is the number of lines the first memorizer commit
// after the one accounting for before lines took.
func firstCommitAfter(t *testing.T, l vault.Layout, before int64) int {
	t.Helper()
	out := git(t, l.Root, "log", "--reverse", "--format=%(trailers:key="+TrailerTotals+",valueonly,separator=%x00)")
	for _, v := range strings.Split(out, "\n") {
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		tt, err := parseTotals(v)
		if err != nil {
			t.Fatal(err)
		}
		if tt.Lines > before {
			return int(tt.Lines - before)
		}
	}
	return 0
}

func childLogger() *slog.Logger {
	if os.Getenv("CORTEX_TEST_CHILD_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// A memorizer that died (its pid left in the lock file) makes the next
// batches a quarter of the size; each batch that commits doubles it back;
// a clean Close leaves the size alone.
func TestBatchSizeShrinksAfterADeathAndGrowsBack(t *testing.T) {
	l := newTestVault(t)
	var b strings.Builder
	for i := range 100 {
		b.WriteString(obsLine("2026-02-16T10:00:00Z", "fact", fmt.Sprintf("Fact %d.", i), ""))
	}
	appendRaw(t, l, b.String())
	open := func() *Memorizer {
		m, err := Open(context.Background(), l, Options{BatchLines: 64, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	m := open()
	m.Close()
	if st := loadState(t, l); st.BatchLines != 0 {
		t.Fatalf("after a clean close: batch_lines %d, want 0", st.BatchLines)
	}
	if err := os.WriteFile(l.MemorizerLock(), []byte("99999999\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m = open()
	defer m.Close()
	if st := loadState(t, l); st.BatchLines != 2 { // a quarter of the first batch (64/8)
		t.Fatalf("after a death: batch_lines %d, want 2", st.BatchLines)
	}
	res, err := m.Process(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int
	prev := 0
	for _, h := range res.Commits {
		tt, err := parseTotals(strings.TrimSpace(git(t, l.Root, "log", "-1", "--format=%(trailers:key="+TrailerTotals+",valueonly)", h)))
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, int(tt.Lines)-prev)
		prev = int(tt.Lines)
	}
	if want := []int{2, 4, 8, 16, 32, 38}; fmt.Sprint(sizes) != fmt.Sprint(want) {
		t.Fatalf("batch sizes %v, want %v", sizes, want)
	}
	if st := loadState(t, l); st.BatchLines != 0 {
		t.Fatalf("grown back: batch_lines %d, want 0", st.BatchLines)
	}
}

// At a quiet time (nothing pending, a minute after the last commit) the
// memorizer packs the repository as `git gc --auto` would.
func TestMemorizerPacksTheRepositoryAtQuietTimes(t *testing.T) {
	l := newTestVault(t)
	git(t, l.Root, "config", "gc.auto", "30")
	m, clock, log := openLogged(t, l)
	loose := func() int {
		n := 0
		ents, _ := os.ReadDir(filepath.Join(l.Root, ".git", "objects"))
		for _, e := range ents {
			if len(e.Name()) == 2 {
				sub, _ := os.ReadDir(filepath.Join(l.Root, ".git", "objects", e.Name()))
				n += len(sub)
			}
		}
		return n
	}
	for i := range 20 {
		appendRaw(t, l, obsLine("2026-02-16T10:00:00Z", "fact", fmt.Sprintf("Fact number %d of the stream.", i), ""))
		process(t, m)
	}
	if n := loose(); n < 30 {
		t.Fatalf("only %d loose objects: the test needs more than gc.auto", n)
	}
	process(t, m) // nothing pending, but the last commit is recent
	if n := loose(); n < 30 || strings.Contains(log.String(), "git maintenance") {
		t.Fatalf("maintenance right after a commit (%d loose objects left): not a quiet time", n)
	}
	clock.mu.Lock()
	clock.t = clock.t.Add(2 * time.Minute)
	clock.mu.Unlock()
	process(t, m)
	// Whether git gc --auto packs is git's call (it estimates the loose
	// objects from one of their 256 folders): what is ours is that it ran.
	if !strings.Contains(log.String(), "git maintenance (git gc --auto)") {
		t.Fatalf("no maintenance at a quiet time; log:\n%s", log)
	}
	checkInvariants(t, l)
}

// Under a stream that never leaves a quiet time, the repository is still
// maintained once git's thresholds are passed (here gc.autoPackLimit, each
// batch of many documents being a pack), but not before a minute of it.
func TestMemorizerPacksTheRepositoryUnderAStream(t *testing.T) {
	l := newTestVault(t)
	git(t, l.Root, "config", "gc.autoPackLimit", "2")
	m, clock, log := openLogged(t, l)
	packs := func() int {
		ps, _ := filepath.Glob(filepath.Join(l.Root, ".git", "objects", "pack", "*.pack"))
		return len(ps)
	}
	for round := range 4 {
		var b strings.Builder
		for i := range 70 {
			b.WriteString(obsLine("2026-02-16T10:00:00Z", "fact", fmt.Sprintf("Fact %d of burst %d of the stream.", i, round), ""))
		}
		appendRaw(t, l, b.String())
		process(t, m)
		if round < 3 && strings.Contains(log.String(), "git maintenance") {
			t.Fatalf("maintenance in the stream's first minute (round %d, %d packs)", round, packs())
		}
		clock.mu.Lock()
		clock.t = clock.t.Add(25 * time.Second) // never a minute without a commit
		clock.mu.Unlock()
	}
	if !strings.Contains(log.String(), "git maintenance (git gc --auto)") || !strings.Contains(log.String(), "quiet=false") {
		t.Fatalf("no maintenance under the stream with %d packs; log:\n%s", packs(), log)
	}
	if n := packs(); n > 2 {
		t.Errorf("%d packs after the maintenance, gc.autoPackLimit 2", n)
	}
	checkInvariants(t, l)
}

// openLogged opens a memorizer on l with a test clock and a logger whose
// output the test reads; it is closed with the test.
func openLogged(t *testing.T, l vault.Layout) (*Memorizer, *testClock, *testLogger) {
	t.Helper()
	clock := &testClock{t: time.Date(2026, 2, 16, 15, 30, 0, 0, time.UTC)}
	log := &testLogger{}
	m, err := Open(context.Background(), l, Options{Now: clock.Now, Logger: slog.New(slog.NewTextHandler(log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m, clock, log
}
