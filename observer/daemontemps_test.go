package observer

import (
	"context"
	"os"
	"path/filepath"
	"testing"
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
