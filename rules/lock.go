package rules

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/vaultfs"
	"github.com/gofrs/flock"
)

// The sleep lock. Every run of the sleep cycle — maintain, restore,
// promote, resolve-conflict, the daemon's nightly run, and the curator's
// lookups, which write the key cache — holds .cortex/sleep.lock from Open
// to Close, so that two runs never write the manifest, the caches or a
// memory at once, and so that whoever takes the lock knows that no run is
// alive: what a killed holder left (the temporary files of its atomic
// writes, a manifest of a run cut short) is dead and may be settled. The
// flock is what excludes; the pid in the file is for messages only.

// sleepLockPath is the sleep lock's file. The memorizer holds it shared
// for each of its batches: a run waits for the batch in hand, and a batch
// for the run, so that a reinforcement is never written into a memory a
// run has planned from its older bytes (and then archives without it:
// harness, session 12 world 117).
func sleepLockPath(l vault.Layout) string { return l.SleepLock() }

// lockRetry is how often a run waiting for the sleep lock tries again.
const lockRetry = 50 * time.Millisecond

// sleepHold is the sleep lock as held by one run.
type sleepHold struct {
	fl   *flock.Flock
	path string
	fs   vaultfs.Root
}

// openSleepLock makes the lock's folder and returns the lock, not taken.
func openSleepLock(l vault.Layout) (*flock.Flock, string, error) {
	path := sleepLockPath(l)
	fl, err := l.FS().FlockIn(path, 0o644)
	if err != nil {
		return nil, path, fmt.Errorf("sleep lock: %w", err)
	}
	return fl, path, nil
}

// lockSleep takes the sleep lock, waiting while another run holds it (a
// run takes seconds; a holder that dies lets go at once), then settles the
// temporary files the runs' atomic writes of the files the lock guards may
// have been left by a killed holder. It gives up when ctx ends.
func lockSleep(ctx context.Context, l vault.Layout, log *slog.Logger) (*sleepHold, error) {
	fl, path, err := openSleepLock(l)
	if err != nil {
		return nil, err
	}
	ok, err := fl.TryLock()
	if err == nil && !ok {
		log.Info("sleep: waiting for the sleep lock (another run, or a batch of the memorizer)", "holder", sleepHolder(path))
		ok, err = fl.TryLockContext(ctx, lockRetry)
		if !ok && ctx.Err() != nil {
			return nil, fmt.Errorf("sleep: another run (%s) holds %s: %w", sleepHolder(path), path, ctx.Err())
		}
	}
	if err != nil {
		return nil, fmt.Errorf("sleep lock %s: %w", path, err)
	}
	h := &sleepHold{fl: fl, path: path, fs: l.FS()}
	h.mark()
	settleSleepTemps(l)
	return h, nil
}

// trySleepLock takes the sleep lock when no run holds it; ok is false when
// one does (it settles its own leftovers).
func trySleepLock(l vault.Layout) (h *sleepHold, ok bool, err error) {
	fl, path, err := openSleepLock(l)
	if err != nil {
		return nil, false, err
	}
	ok, err = fl.TryLock()
	if err != nil {
		return nil, false, fmt.Errorf("sleep lock %s: %w", path, err)
	}
	if !ok {
		return nil, false, nil
	}
	h = &sleepHold{fl: fl, path: path, fs: l.FS()}
	h.mark()
	settleSleepTemps(l)
	return h, true, nil
}

// mark writes the holder's pid into the lock file, for messages.
func (h *sleepHold) mark() {
	if f, err := h.fs.OpenFile(h.path, os.O_WRONLY|os.O_TRUNC, 0); err == nil {
		_, _ = f.WriteString(strconv.Itoa(os.Getpid()) + "\n")
		f.Close()
	}
}

// unlock empties the file and lets go of the lock.
func (h *sleepHold) unlock() error {
	if h == nil {
		return nil
	}
	_ = h.fs.Truncate(h.path, 0)
	return h.fl.Unlock()
}

// sleepHolder names the holder the lock file records.
func sleepHolder(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return "another run"
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || pid <= 0 {
		return "another run"
	}
	return fmt.Sprintf("process %d", pid)
}

// guardedFiles are the files only a holder of the sleep lock writes
// (atomically, through a temporary file beside each): the manifest and
// the sleep's caches. The memories and rules a run writes are named by
// its manifest, whose recovery settles their temporary files.
func guardedFiles(l vault.Layout) []string {
	return []string{manifestPath(l), lastRunPath(l), keyCachePath(l), idlePath(l)}
}

// settleSleepTemps removes the temporary files a killed holder left of the
// guarded files' atomic writes. Best effort: they are clutter, never read
// (a leftover inside mind/ or rules/ is ignored by git, see vault's
// .gitignore lines), and a folder the room refuses is reported by the
// run's own writes.
func settleSleepTemps(l vault.Layout) {
	for _, p := range guardedFiles(l) {
		_, _ = l.FS().RemoveTempsOf(p)
	}
}

// Settle finishes or undoes a sleep run a kill cut short, when no run is
// alive: the sleep's temporary files are removed and, when a manifest is
// left, the files it names are put back as the run committed them or as
// they were before it. A command that commits memories itself (process,
// sync, the daemon at its start) calls it first, so that what a killed
// run left half written in the working tree is never taken for a
// person's uncommitted work. When a run holds the lock, Settle does
// nothing: that run settles its own.
func Settle(ctx context.Context, l vault.Layout, opts Options) error {
	if !leftBehind(l) {
		return nil // the common case: two folder reads, nothing written
	}
	h, ok, err := trySleepLock(l)
	if err != nil || !ok {
		return err
	}
	defer h.unlock()
	if _, err := os.Lstat(manifestPath(l)); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	s, err := open(ctx, l, opts, h)
	if err != nil {
		return err
	}
	defer s.Close()
	return s.recover(ctx)
}

// leftBehind reports whether a run may have left something to settle: a
// manifest, or a temporary file of a guarded file.
// A folder that leads outside the vault is the command's own to refuse
// (with its one line); nothing is read through it here.
func leftBehind(l vault.Layout) bool {
	for _, p := range guardedFiles(l) {
		if l.FS().Check(p) != nil {
			return false
		}
	}
	if _, err := os.Lstat(manifestPath(l)); !errors.Is(err, fs.ErrNotExist) {
		return true
	}
	names := map[string][]string{}
	for _, p := range guardedFiles(l) {
		names[filepath.Dir(p)] = append(names[filepath.Dir(p)], p)
	}
	for dir, paths := range names {
		ents, err := os.ReadDir(dir)
		if err != nil {
			continue // no folder, no leftovers; a folder that does not read is the run's to report
		}
		for _, e := range ents {
			for _, p := range paths {
				if vaultfs.IsTempOf(p, e.Name()) {
					return true
				}
			}
		}
	}
	return false
}
