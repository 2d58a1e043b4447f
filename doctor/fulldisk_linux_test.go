package doctor

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/watchdog"
)

// TestFullDisk: on a full disk doctor reports every check — the disk's
// among them — and says the pass could not be recorded, instead of
// failing on its own write. With root it fills a small tmpfs; otherwise
// the watchdog's folder refuses writes (the same path in Run).
func TestFullDisk(t *testing.T) {
	dir := t.TempDir()
	mnt := filepath.Join(dir, "mnt")
	if err := os.Mkdir(mnt, 0o755); err != nil {
		t.Fatal(err)
	}
	full := syscall.Mount("tmpfs", mnt, "tmpfs", 0, "size=4m") == nil
	if full {
		t.Cleanup(func() { syscall.Unmount(mnt, syscall.MNT_DETACH) })
	}
	v := filepath.Join(mnt, "v")
	if _, err := vault.Init(v, vault.InitOptions{}); err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, l: vault.Layout{Root: v}, home: t.TempDir(), mgr: &fakeManager{}, now: time.Now()}
	if full {
		// A daemon holds the vault, waiting for space to begin.
		lk, err := f.l.FS().Flock(f.l.DaemonLock(), 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := lk.TryLock(); !ok || err != nil {
			t.Fatalf("daemon lock: %v %v", ok, err)
		}
		t.Cleanup(func() { lk.Unlock() })
		// Fill the file system to its last block.
		fill, err := os.Create(filepath.Join(mnt, "fill"))
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 64<<10)
		for {
			if _, err := fill.Write(buf); err != nil {
				break
			}
		}
		fill.Close()
	} else {
		if err := os.Chmod(f.l.CacheDir(), 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(f.l.CacheDir(), 0o755) })
	}
	r, err := Run(context.Background(), f.l, f.opts())
	if err != nil {
		t.Fatalf("doctor failed instead of reporting: %v", err)
	}
	if len(r.Checks) != len(Names()) {
		t.Errorf("%d checks reported, want %d", len(r.Checks), len(Names()))
	}
	if !slices.ContainsFunc(r.Notices, func(n string) bool { return strings.Contains(n, "this pass was not recorded") }) {
		t.Errorf("notices %q: the unrecorded pass is not said", r.Notices)
	}
	if full {
		if d := result(r, "disk"); d.Status != watchdog.Fail || !strings.Contains(d.Seen, "commits and the index will fail") {
			t.Errorf("disk check: %+v", d)
		}
		if d := result(r, "daemon"); d.Status != watchdog.Fail || !strings.Contains(d.Seen, "waiting for disk space") {
			t.Errorf("daemon check: %+v", d)
		}
	}
}
