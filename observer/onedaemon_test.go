package observer

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// Deleting .cortex/ (the README says it can go at any time) under a running
// daemon must not let a second memorizer in.
func TestSecondDaemonIsRefusedAfterTheCachesAreDeleted(t *testing.T) {
	l := newTestVault(t)
	opts := DaemonOptions{Logger: daemonTestLogger(t)}
	first, err := StartDaemon(context.Background(), l, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	if err := os.RemoveAll(l.CacheDir()); err != nil {
		t.Fatal(err)
	}
	// status still sees the daemon, by its memorizer lock.
	st, err := ReadStatus(context.Background(), l, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if st.Daemon.State != DaemonRunning || st.Daemon.MemorizerPID != os.Getpid() {
		t.Fatalf("status after rm -rf .cortex under a running daemon: %+v (want running, pid %d by the memorizer lock)", st.Daemon, os.Getpid())
	}
	second, err := StartDaemon(context.Background(), l, opts)
	if err == nil {
		second.Close()
		t.Fatal("a second daemon started beside the first once .cortex/ was deleted")
	}
	if want := fmt.Sprintf("process %d", os.Getpid()); !strings.Contains(err.Error(), want) {
		t.Fatalf("refusal %q does not name the running pid (%s)", err, want)
	}
	// cortex process is refused too.
	if m, err := Open(context.Background(), l, Options{}); err == nil {
		m.Close()
		t.Fatal("a memorizer opened beside the daemon")
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	if st, err := ReadStatus(context.Background(), l, time.Now()); err != nil || st.Daemon.Running() {
		t.Fatalf("status after the daemon stopped: %+v, %v", st.Daemon, err)
	}
	third, err := StartDaemon(context.Background(), l, opts)
	if err != nil {
		t.Fatalf("after the first stopped: %v", err)
	}
	third.Close()
}
