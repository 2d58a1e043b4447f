package vault

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

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
	for _, path := range []string{l.State(), l.BatchManifest()} {
		_, _ = l.FS().RemoveTempsOf(path) // clutter, not state: best effort
	}
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
