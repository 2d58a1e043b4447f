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

// TestSettleMemorizerTemps: a command that does not memorize (maintain,
// promote) removes what a killed memorizer or sync left of the files
// written under the memorizer lock when the lock is free, and nothing
// while a memorizer holds it; the holder's file keeps naming the dead
// holder, so the next memorizer still knows its predecessor was killed.
func TestSettleMemorizerTemps(t *testing.T) {
	l := Layout{Root: t.TempDir()}
	for _, dir := range []string{l.Staging(), l.CacheDir()} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	temps := []string{
		filepath.Join(l.Staging(), ".batch.json.tmp-42"),
		filepath.Join(l.CacheDir(), ".sync.json.tmp-1769453531"),
		filepath.Join(l.CacheDir(), ".sync-journal.json.tmp-7"),
		filepath.Join(l.ObserverDir(), ".state.json.tmp-9"),
	}
	plant := func() {
		for _, p := range temps {
			if err := os.WriteFile(p, []byte("{"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	left := func() (n int) {
		for _, p := range temps {
			if _, err := os.Lstat(p); err == nil {
				n++
			}
		}
		return n
	}
	plant()
	SettleMemorizerTemps(l) // no memorizer ever ran: nothing to settle against
	if n := left(); n != len(temps) {
		t.Fatalf("%d of %d temp files left with no lock file at all", n, len(temps))
	}
	h, err := TryLockMemorizer(l, "daemon")
	if err != nil {
		t.Fatal(err)
	}
	plant()
	SettleMemorizerTemps(l)
	if n := left(); n != len(temps) {
		t.Fatalf("a live memorizer's temp files removed: %d of %d left", n, len(temps))
	}
	// The holder dies without unlocking: its pid stays in the file.
	if err := h.fl.Unlock(); err != nil {
		t.Fatal(err)
	}
	SettleMemorizerTemps(l)
	if n := left(); n != 0 {
		t.Fatalf("%d temp files of a dead memorizer left", n)
	}
	h2, err := TryLockMemorizer(l, "")
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Unlock()
	if !h2.Stale {
		t.Error("the next memorizer no longer knows its predecessor was killed")
	}
}

// TestMemorizerLockSettlesSyncCheckouts: the folder a killed sync checked
// files out into is removed by whoever takes the memorizer lock next (a
// `cortex process`, a daemon), not only by the next sync; a refused taker
// leaves the holder's, and another folder of .cortex/ stays (harness,
// session 19 world 607).
func TestMemorizerLockSettlesSyncCheckouts(t *testing.T) {
	l := Layout{Root: t.TempDir()}
	left := filepath.Join(l.CacheDir(), SyncCheckoutPrefix+"587769409", "mind", "concepts")
	other := filepath.Join(l.CacheDir(), "graph")
	for _, dir := range []string{left, other, l.ObserverDir()} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(left, "a.md"), []byte("---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := TryLockMemorizer(l, "process")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(l.CacheDir(), SyncCheckoutPrefix+"587769409")); err == nil {
		t.Error("a killed sync's checkout folder left after the memorizer lock was taken")
	}
	if _, err := os.Lstat(other); err != nil {
		t.Errorf("another folder of .cortex/ removed: %v", err)
	}
	// The holder's own (a live sync's) stays when another is refused.
	if err := os.MkdirAll(left, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := TryLockMemorizer(l, "sync"); err == nil {
		t.Fatal("took the memorizer lock twice")
	}
	if _, err := os.Lstat(left); err != nil {
		t.Errorf("a refused taker removed the holder's checkout folder: %v", err)
	}
	if err := h.Unlock(); err != nil {
		t.Fatal(err)
	}
}
