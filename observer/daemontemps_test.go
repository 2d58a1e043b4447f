package observer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A daemon killed while it wrote its heartbeat leaves a temp file of
// daemon.json; the next memorizer (cortex process) or daemon removes it,
// and nothing else in .cortex/.
func TestKilledDaemonTempsSettled(t *testing.T) {
	for _, next := range []string{"process", "daemon"} {
		t.Run(next, func(t *testing.T) {
			l := newTestVault(t)
			if err := os.MkdirAll(l.CacheDir(), 0o755); err != nil {
				t.Fatal(err)
			}
			// What the killed daemon left: its lock file and a temp file.
			plant := map[string]bool{
				"daemon.lock":           true,
				".daemon.json.tmp-4242": false,
				// Not a temp of our daemon.json: a person's, or another file's.
				".daemon.json.tmp-notes": true,
				"daemon.json.tmp-1":      true,
				".state.json.tmp-77":     true,
			}
			for name := range plant {
				if err := os.WriteFile(filepath.Join(l.CacheDir(), name), []byte("{"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			switch next {
			case "process":
				m, err := Open(context.Background(), l, Options{Logger: daemonTestLogger(t)})
				if err != nil {
					t.Fatal(err)
				}
				defer m.Close()
			case "daemon":
				d, err := StartDaemon(context.Background(), l, DaemonOptions{Logger: daemonTestLogger(t)})
				if err != nil {
					t.Fatal(err)
				}
				defer d.Close()
			}
			for name, stays := range plant {
				_, err := os.Lstat(filepath.Join(l.CacheDir(), name))
				if stays && err != nil {
					t.Errorf("%s: %v", name, err)
				}
				if !stays && err == nil {
					t.Errorf("%s is still there after %s", name, next)
				}
			}
		})
	}
}

// TestBatchSettlesAKilledGitsLocks: a memorizer that holds its store (the
// daemon's) settles, before each batch, what a Cortex killed with its git
// since the store opened left — a sync's push killed in its update of the
// remote-tracking ref leaves refs/remotes/origin/main.lock, which blocks
// every later fetch and push (harness, session 19 world 562: left until
// the daemon stopped, since the store's opening is the only settling).
func TestBatchSettlesAKilledGitsLocks(t *testing.T) {
	l := newTestVault(t)
	m := openTest(t, l, nil)
	git := filepath.Join(l.Root, ".git")
	// The record a killed `cortex sync` left of its push (free: its
	// process is gone), then the lock its git left.
	recs := filepath.Join(git, "cortex-locks")
	if err := os.MkdirAll(recs, 0o755); err != nil {
		t.Fatal(err)
	}
	rec := fmt.Sprintf(`{"pid":1,"started":%q,"dir":%q,"args":["push","--quiet","origin","HEAD:refs/heads/main"]}`,
		time.Now().Add(-time.Minute).UTC().Format(time.RFC3339Nano), l.Root)
	if err := os.WriteFile(filepath.Join(recs, "child-1.json"), []byte(rec), 0o600); err != nil {
		t.Fatal(err)
	}
	lock := filepath.Join(git, "refs", "remotes", "origin", "main.lock")
	if err := os.MkdirAll(filepath.Dir(lock), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lock, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	appendRaw(t, l, reviewLine("2026-02-16T10:00:00Z", "explicit", "owner", "The deploy runs from the release branch."))
	if res := process(t, m); res.Memorized != 1 {
		t.Fatalf("result %+v", res)
	}
	for _, p := range []string{lock, filepath.Join(recs, "child-1.json")} {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("%s left after the batch", p)
		}
	}
}
