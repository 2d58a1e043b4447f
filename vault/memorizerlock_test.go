package vault

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMemorizerLockSettlesStateTemps: a memorizer killed while it wrote
// observer/state.json or the batch manifest leaves the atomic write's
// temp file; whoever takes
// the memorizer lock next (process, the daemon, sync) removes it — only
// the lock's holder writes them, so a temp file there is a dead
// writer's — and nothing else. One who cannot take the lock removes
// nothing: the holder may be writing it right now.
func TestMemorizerLockSettlesStateTemps(t *testing.T) {
	l := Layout{Root: t.TempDir()}
	if err := os.MkdirAll(l.ObserverDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(l.Staging(), 0o755); err != nil {
		t.Fatal(err)
	}
	plant := map[string]bool{ // path in observer/ → stays
		".state.json.tmp-1598609104":        false,
		".state.json.tmp-notes":             true,
		"state.json":                        true,
		".batch.json.tmp-12":                true, // not the manifest's folder
		"staging/.batch.json.tmp-110038654": false,
		"staging/.batch.json.tmp-notes":     true,
		"staging/batch.json":                true,
		"staging/.state.json.tmp-12":        true,
	}
	write := func() {
		for name := range plant {
			if err := os.WriteFile(filepath.Join(l.ObserverDir(), name), []byte("{"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	write()
	h, err := TryLockMemorizer(l, "")
	if err != nil {
		t.Fatal(err)
	}
	for name, stays := range plant {
		_, err := os.Lstat(filepath.Join(l.ObserverDir(), name))
		if stays != (err == nil) {
			t.Errorf("%s: stays=%v, lstat: %v", name, stays, err)
		}
	}
	write()
	if _, err := TryLockMemorizer(l, "sync"); err == nil {
		t.Fatal("took the memorizer lock twice")
	}
	if _, err := os.Lstat(filepath.Join(l.ObserverDir(), ".state.json.tmp-1598609104")); err != nil {
		t.Errorf("a refused taker removed the holder's temp file: %v", err)
	}
	if err := h.Unlock(); err != nil {
		t.Fatal(err)
	}
}
