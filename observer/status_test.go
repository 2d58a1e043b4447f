package observer

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/cortex-vault/cortex/vault"
)

func writeInfo(t *testing.T, l vault.Layout, info DaemonInfo) {
	t.Helper()
	data, err := json.Marshal(info)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(l.CacheDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(l.DaemonInfo(), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDaemonStatusStates(t *testing.T) {
	now := time.Date(2026, 2, 16, 15, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name   string
		info   *DaemonInfo
		locked bool
		want   string
	}{
		{"never run", nil, false, DaemonNever},
		{"running", &DaemonInfo{PID: 1, Started: now.Add(-time.Hour), Heartbeat: now.Add(-4 * time.Second), HeartbeatMS: 5000}, true, DaemonRunning},
		// Three periods of 5 s are 15 s: the floor.
		{"a heartbeat at the limit", &DaemonInfo{PID: 1, Heartbeat: now.Add(-15 * time.Second), HeartbeatMS: 5000}, true, DaemonRunning},
		{"hung", &DaemonInfo{PID: 1, Heartbeat: now.Add(-16 * time.Second), HeartbeatMS: 5000}, true, DaemonNotResponding},
		{"a slow heartbeat is not a hang", &DaemonInfo{PID: 1, Heartbeat: now.Add(-time.Minute), HeartbeatMS: 30000}, true, DaemonRunning},
		{"lock held, no daemon.json yet", nil, true, DaemonRunning},
		{"died", &DaemonInfo{PID: 1, Heartbeat: now.Add(-time.Hour)}, false, DaemonDied},
		{"stopped", &DaemonInfo{PID: 1, Heartbeat: now.Add(-time.Hour), Stopped: now.Add(-time.Hour)}, false, DaemonStopped},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := vault.Layout{Root: t.TempDir()}
			if tc.info != nil {
				writeInfo(t, l, *tc.info)
			}
			if tc.locked {
				os.MkdirAll(l.CacheDir(), 0o755)
				fl := flock.New(l.DaemonLock())
				if ok, err := fl.TryLock(); !ok || err != nil {
					t.Fatal(ok, err)
				}
				defer fl.Unlock()
			}
			ds, err := readDaemonStatus(l, now)
			if err != nil {
				t.Fatal(err)
			}
			if ds.State != tc.want || ds.LockHeld != tc.locked {
				t.Fatalf("state %s (lock held %v), want %s", ds.State, ds.LockHeld, tc.want)
			}
		})
	}
}

func TestIndexStatus(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	is, err := readIndexStatus(ctx, l, DaemonStatus{State: DaemonNever}, time.Now())
	if err != nil || is.State != IndexMissing {
		t.Fatalf("no index: %+v %v", is, err)
	}
	doc := l.Path("mind", "concepts", "2026-02", "a.md")
	os.MkdirAll(filepath.Dir(doc), 0o755)
	os.WriteFile(doc, []byte("x"), 0o644)
	os.WriteFile(l.Cortexignore(), []byte("drafts/\nmind/concepts/2026-02/ignored.md\n"), 0o644)
	os.MkdirAll(l.CacheDir(), 0o755)
	os.WriteFile(l.IndexDB(), []byte("db"), 0o644)
	at := time.Now().Add(-time.Minute)
	set := func(p string, when time.Time) {
		if err := os.Chtimes(p, when, when); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{doc, filepath.Dir(doc), l.Path("mind", "concepts"), l.Path("mind")} {
		set(p, at.Add(-time.Minute))
	}
	set(l.IndexDB(), at)
	if is, _ := readIndexStatus(ctx, l, DaemonStatus{State: DaemonNever}, time.Now()); is.State != IndexFresh {
		t.Fatalf("fresh: %+v", is)
	}
	// Ignored files and folders do not count.
	ign := l.Path("mind", "concepts", "2026-02", "ignored.md")
	os.WriteFile(ign, []byte("x"), 0o644)
	os.MkdirAll(l.Path("mind", "drafts"), 0o755)
	os.WriteFile(l.Path("mind", "drafts", "d.md"), []byte("x"), 0o644)
	os.WriteFile(l.Path("mind", "concepts", "2026-02", "notes.txt"), []byte("x"), 0o644)
	for _, p := range []string{filepath.Dir(doc), l.Path("mind")} {
		set(p, at.Add(-time.Minute))
	}
	if is, _ := readIndexStatus(ctx, l, DaemonStatus{State: DaemonNever}, time.Now()); is.State != IndexFresh {
		t.Fatalf("ignored changes: %+v", is)
	}
	// A document edited in place.
	set(doc, at.Add(time.Second))
	is, _ = readIndexStatus(ctx, l, DaemonStatus{State: DaemonNever}, time.Now())
	if is.State != IndexStale || is.NewestPath != "mind/concepts/2026-02/a.md" {
		t.Fatalf("edited: %+v", is)
	}
	// A document removed: its folder changed.
	set(doc, at.Add(-time.Minute))
	os.Remove(l.Path("mind", "concepts", "2026-02", "notes.txt"))
	set(filepath.Dir(doc), at.Add(2*time.Second))
	is, _ = readIndexStatus(ctx, l, DaemonStatus{State: DaemonNever}, time.Now())
	if is.State != IndexStale || is.NewestPath != "mind/concepts/2026-02/" {
		t.Fatalf("removed: %+v", is)
	}
}

// TestIndexStatusKeptByDaemon: with a live daemon the memory folders are
// not walked (the daemon indexes what changes there); without one, or with
// a daemon whose heartbeat is old, the same edit shows the index stale.
func TestIndexStatusKeptByDaemon(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	doc := l.Path("mind", "concepts", "2026-02", "a.md")
	os.MkdirAll(filepath.Dir(doc), 0o755)
	os.MkdirAll(l.CacheDir(), 0o755)
	os.WriteFile(l.IndexDB(), []byte("db"), 0o644)
	os.WriteFile(doc, []byte("x"), 0o644)
	at := time.Now()
	if err := os.Chtimes(l.IndexDB(), at.Add(-time.Minute), at.Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	fl := flock.New(l.DaemonLock())
	if ok, err := fl.TryLock(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	defer fl.Unlock()
	for _, tc := range []struct {
		name      string
		heartbeat time.Time
		want      string
		kept      bool
	}{
		{"live daemon", at.Add(-time.Second), IndexFresh, true},
		{"hung daemon", at.Add(-time.Hour), IndexStale, false},
	} {
		writeInfo(t, l, DaemonInfo{PID: 1, Started: at.Add(-2 * time.Hour), Heartbeat: tc.heartbeat, HeartbeatMS: 5000})
		ds, err := readDaemonStatus(l, at)
		if err != nil {
			t.Fatal(err)
		}
		is, err := readIndexStatus(ctx, l, ds, at)
		if err != nil || is.State != tc.want || is.KeptByDaemon != tc.kept {
			t.Errorf("%s: %+v %v, want %s (kept by daemon %v)", tc.name, is, err, tc.want, tc.kept)
		}
	}
	fl.Unlock()
	ds, err := readDaemonStatus(l, at)
	if err != nil {
		t.Fatal(err)
	}
	if is, _ := readIndexStatus(ctx, l, ds, at); is.State != IndexStale || is.KeptByDaemon {
		t.Errorf("no daemon: %+v, want stale", is)
	}
}

func TestStatusReportsALeftGitLock(t *testing.T) {
	l := newTestVault(t)
	lock := filepath.Join(l.Root, ".git", "index.lock")
	if err := os.WriteFile(lock, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := ReadStatus(context.Background(), l, time.Now().Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.GitLocks) != 1 || s.GitLocks[0].Path != lock || s.GitLocks[0].Cortex {
		t.Fatalf("git locks %+v, want git's %s", s.GitLocks, lock)
	}
}
