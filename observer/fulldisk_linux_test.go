package observer

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

// TestDaemonOnAFullDisk starts the real daemon on a small tmpfs filled to
// its last block (root only): it stays up, logs what is wrong, status says
// it waits for space; once space is freed it begins and memorizes the
// line that waited.
func TestDaemonOnAFullDisk(t *testing.T) {
	mnt := filepath.Join(t.TempDir(), "mnt")
	if err := os.Mkdir(mnt, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", mnt, "tmpfs", 0, "size=8m"); err != nil {
		t.Skipf("no tmpfs to fill (mount needs root): %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(mnt, syscall.MNT_DETACH) })
	t.Setenv("GIT_CONFIG_GLOBAL", "/dev/null")
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_AUTHOR_NAME", "Test Person")
	t.Setenv("GIT_AUTHOR_EMAIL", "test@example.com")
	t.Setenv("GIT_COMMITTER_NAME", "Test Person")
	t.Setenv("GIT_COMMITTER_EMAIL", "test@example.com")
	l := vault.Layout{Root: filepath.Join(mnt, "v")}
	if _, err := vault.Init(l.Root, vault.InitOptions{}); err != nil {
		t.Fatal(err)
	}
	appendLines(t, l, []byte(`{"timestamp":"2026-02-16T15:23:14Z","bucket":"explicit","type":"decision","body":"Use local git only","attribution":"owner","session_id":"cli"}`))
	fill := filepath.Join(mnt, "fill")
	f, err := os.Create(fill)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64<<10)
	for {
		if _, err := f.Write(buf); err != nil {
			break
		}
	}
	f.Close()

	var log syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started := make(chan error, 1)
	var d *Daemon
	go func() {
		var err error
		d, err = StartDaemon(ctx, l, DaemonOptions{MinBackoff: 20 * time.Millisecond, MaxBackoff: 100 * time.Millisecond,
			Logger: slog.New(slog.NewTextHandler(&log, nil))})
		started <- err
	}()
	waitFor(t, "the full-disk log line", func() bool { return strings.Contains(log.String(), "the vault's disk is full") })
	ds, err := ReadDaemonStatus(l, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if ds.State != DaemonWaiting || !ds.Running() {
		t.Errorf("status while the disk is full: %+v, want %s", ds, DaemonWaiting)
	}
	select {
	case err := <-started:
		t.Fatalf("the daemon ended on a full disk: %v", err)
	default:
	}

	if err := os.Remove(fill); err != nil {
		t.Fatal(err)
	}
	if err := <-started; err != nil {
		t.Fatalf("start after space was freed: %v", err)
	}
	defer d.Close()
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()
	waitFor(t, "the line memorized", func() bool {
		st, _, err := LoadState(l)
		return err == nil && st.Totals.Memorized == 1
	})
	cancel()
	if err := <-done; err != nil {
		t.Errorf("run: %v", err)
	}
	if ds, _ := ReadDaemonStatus(l, time.Now()); ds.State == DaemonWaiting {
		t.Errorf("status after the daemon began: %+v", ds)
	}
}
