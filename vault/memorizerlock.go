package vault

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault/vaultfs"
	"github.com/gofrs/flock"
)

// ErrMemorizerBusy is wrapped by TryLockMemorizer's refusal.
var ErrMemorizerBusy = errors.New("the vault's memorizer is already running")

// MemorizerHold is the memorizer lock (Layout.MemorizerLock) as held by
// whoever commits memories: the open memorizer (cortex process, the daemon)
// or cortex sync, so that they never commit at once.
type MemorizerHold struct {
	fl   *flock.Flock
	path string
	fs   vaultfs.Root
	// Stale is set when the file still named a holder when the lock was
	// taken: that holder ended without Unlock (a kill -9).
	Stale bool
}

// TryLockMemorizer takes the memorizer lock without waiting and writes this
// process's pid into the file, and role (who holds it: "daemon" for a
// daemon's memorizer, "" for a `cortex process`), so that a refusal can
// name the holder and `cortex status` can tell a daemon from its lock when
// .cortex/ is gone. The refusal wraps ErrMemorizerBusy and names the
// holder's pid. Taken, the lock settles what a killed holder left of
// observer/state.json's atomic writes (settleStateTemps).
func TryLockMemorizer(l Layout, role string) (*MemorizerHold, error) {
	path, vfs := l.MemorizerLock(), l.FS()
	fl, err := vfs.FlockIn(path, 0o644)
	if err != nil {
		return nil, fmt.Errorf("memorizer lock: %w", err)
	}
	ok, err := fl.TryLock()
	// A settler (SettleMemorizerTemps) holds the lock for the time of a
	// folder read: wait that long before refusing.
	for i := 0; err == nil && !ok && i < 20; i++ {
		time.Sleep(time.Millisecond)
		ok, err = fl.TryLock()
	}
	if err != nil {
		return nil, fmt.Errorf("memorizer lock %s: %w", path, err)
	}
	if !ok {
		holder := "another process"
		if data, err := os.ReadFile(path); err == nil {
			if pid, _ := ParseMemorizerLock(data); pid > 0 {
				holder = fmt.Sprintf("process %d", pid)
			}
		}
		return nil, fmt.Errorf("%w in %s (a `cortex daemon`?): %s is locked", ErrMemorizerBusy, holder, path)
	}
	h := &MemorizerHold{fl: fl, path: path, fs: vfs}
	if data, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(data))) > 0 {
		h.Stale = true
	}
	// The pid is informative only; the flock is what excludes.
	if f, err := vfs.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0); err == nil {
		_, _ = f.WriteString(strings.TrimSpace(strconv.Itoa(os.Getpid())+" "+role) + "\n")
		f.Close()
	}
	settleStateTemps(l)
	return h, nil
}

// settleStateTemps removes the temporary files of the atomic writes of
// observer/state.json and of the batch manifest (vaultfs.IsTempOf): a
// memorizer killed in the middle of one leaves its temp file, and nothing
// else would ever remove it — a `cortex sync` after a killed daemon
// left the manifest's (harness, session 14 world 129). Only a holder of
// the memorizer lock writes either file, so once the lock is taken every
// such file is a dead holder's. Best effort: the files are clutter, not
// state, and a folder the room refuses is reported by the command's own
// writes.
func settleStateTemps(l Layout) {
	for _, path := range []string{l.State(), l.BatchManifest(), l.SyncStatus(), l.SyncJournal()} {
		_, _ = l.FS().RemoveTempsOf(path) // clutter, not state: best effort
	}
	_, _ = SettleSyncCheckouts(l)
}

// SyncCheckoutPrefix begins the names of the folders in .cortex/ a sync
// checks files out into before each is renamed into place (vaultsync's
// writeWhole).
const SyncCheckoutPrefix = "sync-checkout-"

// SettleSyncCheckouts removes the checkout folders a killed sync left and
// returns their paths. A sync holds the memorizer lock for its whole run,
// so for a holder of that lock every such folder is a dead sync's: the
// next `cortex process`, daemon or sync removes it, not only the next sync
// (harness, session 19 world 607: a folder left after the `cortex
// process` that followed a killed sync).
func SettleSyncCheckouts(l Layout) ([]string, error) {
	if l.FS().Check(l.CacheDir()) != nil {
		return nil, nil // a link out of the vault: not read, and refused where it is written
	}
	entries, err := os.ReadDir(l.CacheDir())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil // no .cortex/ yet
	}
	if err != nil {
		return nil, fmt.Errorf("settle a killed sync's checkout folders: %w", err)
	}
	var removed []string
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), SyncCheckoutPrefix) {
			p := filepath.Join(l.CacheDir(), e.Name())
			if err := l.FS().RemoveAll(p); err != nil {
				return removed, err
			}
			removed = append(removed, p)
		}
	}
	return removed, nil
}

// SettleMemorizerTemps is the settling of TryLockMemorizer for a command
// that does not memorize (the sleep cycle's): when the memorizer lock is
// free, it takes it for the time of the folders' reads, removes what a
// killed holder left of the files written under it, and lets it go; when
// a memorizer holds it, that one settles them itself. A memorizer
// starting meanwhile waits that long (TryLockMemorizer). Found by the long
// harness runs of session 14: a killed daemon's temp files were left
// after a `cortex promote`, which settles everything else.
func SettleMemorizerTemps(l Layout) {
	path := l.MemorizerLock()
	if _, err := os.Lstat(path); err != nil {
		return // no memorizer ever ran here (or the folder is not ours to read)
	}
	fl, err := l.FS().FlockIn(path, 0o644)
	if err != nil {
		return
	}
	if ok, err := fl.TryLock(); err != nil || !ok {
		return
	}
	defer fl.Unlock()
	settleStateTemps(l)
}

// ParseMemorizerLock reads the memorizer lock file's content: the holder's
// pid and role (0 and "" when it names none: free, or left by one that
// ended cleanly).
func ParseMemorizerLock(data []byte) (pid int, role string) {
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return 0, ""
	}
	pid, err := strconv.Atoi(f[0])
	if err != nil || pid <= 0 {
		return 0, ""
	}
	if len(f) > 1 {
		role = f[1]
	}
	return pid, role
}

// Unlock empties the file, which tells the next holder this one ended
// cleanly, and lets go of the lock.
func (h *MemorizerHold) Unlock() error {
	_ = h.fs.Truncate(h.path, 0)
	return h.fl.Unlock()
}
