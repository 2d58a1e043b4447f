package observer

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

// syncBuffer is a log a test reads while the daemon writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestDaemonWaitsForDiskSpace: a daemon whose start fails on a full disk
// does not exit: it says so, one line a try, and tries again with its
// backoff until the disk has room (issue 22 item 5). The failure comes in
// at the memorizer's open, where a full disk meets the index first.
func TestDaemonWaitsForDiskSpace(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	var log syncBuffer
	opts := DaemonOptions{MinBackoff: time.Millisecond, MaxBackoff: 4 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(&log, nil))}
	d := &Daemon{l: l, opts: opts.withDefaults(), log: opts.Logger}
	fake := &fakeMemorizer{l: l}
	tries := 0
	d.open = func(context.Context) (processor, error) {
		if tries++; tries <= 3 {
			return nil, fmt.Errorf("memorizer: rebuild index: write %s: %w", l.IndexDB(), syscall.ENOSPC)
		}
		return fake, nil
	}
	if err := d.start(context.Background()); err != nil {
		t.Fatalf("start on a full disk: %v, want it to wait and begin", err)
	}
	defer d.Close()
	if tries != 4 {
		t.Errorf("%d opens, want 3 refused and 1 that began", tries)
	}
	if n := strings.Count(log.String(), "the vault's disk is full"); n != 3 {
		t.Errorf("%d log lines say the disk is full, want one a try (3):\n%s", n, log.String())
	}
	if info, known, err := ReadDaemonInfo(l); err != nil || !known || info.PID != os.Getpid() {
		t.Errorf("daemon.json after it began: %+v %v %v", info, known, err)
	}
}

// TestDaemonGivesUpOnOtherErrors: only a full disk is waited for; any
// other failure to begin ends the start, the lock let go.
func TestDaemonWaitsOnlyForSpace(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	d := &Daemon{l: l, opts: DaemonOptions{MinBackoff: time.Millisecond}.withDefaults(), log: daemonTestLogger(t)}
	tries := 0
	d.open = func(context.Context) (processor, error) {
		tries++
		return nil, fmt.Errorf("memorizer: %w", syscall.EACCES)
	}
	if err := d.start(context.Background()); err == nil || tries != 1 {
		t.Fatalf("start = %v after %d tries, want the error at once", err, tries)
	}
}
