package gitstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// ErrLocked is matched (errors.Is) by a LockError: a git lock file is held by
// another process. Retrying later is the remedy.
var ErrLocked = errors.New("git lock held")

// LockError reports a git lock file (index.lock, a ref's .lock) that stayed
// in place for longer than the store waits.
type LockError struct {
	Path   string        // the lock file
	Waited time.Duration // how long the store waited
	Age    time.Duration // how old the lock file is
	// Stale is set when the lock is older than the stale threshold and no
	// git process runs: probably left behind by a crash. It is reported,
	// never removed: only a person can know that no git command is running.
	Stale bool
}

func (e *LockError) Error() string {
	if e.Stale {
		return fmt.Sprintf("git lock %s is stale (%s old, no git process running): remove it if no git command is running",
			e.Path, e.Age.Round(time.Second))
	}
	return fmt.Sprintf("git lock %s is held by another git process (waited %s, lock %s old); retry later",
		e.Path, e.Waited.Round(time.Millisecond), e.Age.Round(time.Second))
}

// Is makes errors.Is(err, ErrLocked) true.
func (e *LockError) Is(target error) bool { return target == ErrLocked }

// lockFile is git's lock protocol (lockfile.c): "<target>.lock" created with
// O_CREAT|O_EXCL is the lock, the new content is written into it, and a
// rename over the target both publishes the content and releases the lock.
type lockFile struct {
	target string
	path   string
	f      *os.File
	done   bool
	owner  *lockOwner // this process's record of the lock (gitlockowner.go)
	// replaced is the target as it was before publish, held open so that
	// freeing it (at 100,000 documents an index of 11 MB, its pages
	// dropped from the cache) happens in finish, not in the rename that
	// releases the lock.
	replaced *os.File
	gone     time.Time // when the lock file stopped being the lock (renamed or removed)
}

// lockPolicy bounds the wait for a lock.
type lockPolicy struct {
	timeout    time.Duration
	staleAge   time.Duration
	gitRunning func() (running, known bool) // gitProcessRunning; swapped in tests
	// ownerDir keeps the records that let a store settle a lock it
	// abandoned when killed (gitlockowner.go); "" keeps none. settleAll
	// settles every abandoned lock of the repository, in the order their
	// meaning needs, when one is found in the way.
	ownerDir  string
	settleAll func()
	// quickRelease leaves a released lock's record link for the next
	// claim to replace: a branch's lock is released between the branch
	// moving and the index following, where every system call widens the
	// window in which a person's `git commit` can read a stale index.
	quickRelease bool
	// fill is the lock's content, written and synced before the lock
	// exists (see createLock); nil for a lock written once taken.
	fill []byte
	// ready is called at the last moment before the lock file is made,
	// everything else done: the store waits there for git to be quiet.
	ready func()
}

// writeFill writes a lock file's content in one write, and syncs it; nil
// writes nothing.
func writeFill(f *os.File, data []byte, lockPath string) error {
	if data == nil {
		return nil
	}
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", lockPath, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", lockPath, err)
	}
	return nil
}

func acquireLock(ctx context.Context, target string, pol lockPolicy) (*lockFile, error) {
	path := target + ".lock"
	start := time.Now()
	delay := 2 * time.Millisecond
	for {
		f, owner, err := createLock(pol.ownerDir, path, pol.settleAll, pol.fill, pol.ready)
		if err == nil {
			if owner != nil {
				owner.quick = pol.quickRelease
			}
			return &lockFile{target: target, path: path, f: f, owner: owner}, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("create lock %s: %w", path, err)
		}
		waited := time.Since(start)
		if waited >= pol.timeout {
			return nil, lockBusy(path, waited, pol)
		}
		// Git holds its locks for milliseconds: poll fast first, then back off.
		t := time.NewTimer(min(delay, pol.timeout-waited))
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, fmt.Errorf("wait for lock %s: %w", path, ctx.Err())
		case <-t.C:
		}
		delay = min(delay*2, 100*time.Millisecond)
	}
}

func lockBusy(path string, waited time.Duration, pol lockPolicy) error {
	e := &LockError{Path: path, Waited: waited}
	if fi, err := os.Stat(path); err == nil {
		e.Age = time.Since(fi.ModTime())
		if e.Age > pol.staleAge && pol.gitRunning != nil {
			running, known := pol.gitRunning()
			e.Stale = known && !running
		}
	}
	return e
}

// gitProcessRunning looks for a running git in /proc. known is false where
// there is no /proc to read.
func gitProcessRunning() (running, known bool) {
	return findGitProcess(func(string) bool { return true })
}

// findGitProcess looks through /proc for a running git (or git-*) process
// for which match, given its /proc folder, is true. known is false where
// there is no /proc to read.
//
// The daemon looks several times a batch (quiet.go), each look a read of
// every process's comm — 14% of its CPU under a stream of observations
// (issue 28) — so a read here is the least the system allows (readComm).
func findGitProcess(match func(procDir string) bool) (found, known bool) {
	d, err := os.Open("/proc")
	if err != nil {
		return false, false
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil && len(names) == 0 {
		return false, false
	}
	var buf [64]byte
	for _, name := range names {
		if name[0] < '0' || name[0] > '9' {
			continue
		}
		dir := "/proc/" + name
		comm, ok := readComm(dir, buf[:])
		if !ok {
			continue
		}
		if isGitComm(comm) && match(dir) {
			return true, true
		}
	}
	return false, true
}

// isGitComm reports whether a process's comm (its first line) names git or
// one of its git-* programs.
func isGitComm(comm []byte) bool {
	comm = bytes.TrimSpace(comm)
	return string(comm) == "git" || bytes.HasPrefix(comm, []byte("git-"))
}

// write puts the new content into the lock file and syncs it; the target is
// unchanged until commit.
func (l *lockFile) write(data []byte) error {
	if _, err := l.f.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", l.path, err)
	}
	if err := l.f.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", l.path, err)
	}
	return nil
}

// replace puts other content into the lock file in place of what it holds,
// in one write, unsynced: it is written under the lock, which a sync would
// lengthen (git does not sync the index by default either); the target is
// unchanged until commit.
func (l *lockFile) replace(data []byte) error {
	if err := l.f.Truncate(0); err != nil {
		return fmt.Errorf("truncate %s: %w", l.path, err)
	}
	if _, err := l.f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("write %s: %w", l.path, err)
	}
	if _, err := l.f.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", l.path, err)
	}
	return nil
}

// commit renames the lock file over the target. The error reports only a
// target left unchanged: once the rename is done the new content is what
// every reader sees, so the folder's sync after it is best effort (the
// content itself was synced by write).
func (l *lockFile) commit() error {
	if err := l.publish(); err != nil {
		return err
	}
	l.finish()
	return nil
}

// closeFile closes the lock file ahead of publish, so that publishing is
// the rename alone.
func (l *lockFile) closeFile() error {
	if l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	if err != nil {
		return fmt.Errorf("close %s: %w", l.path, err)
	}
	return nil
}

// publish renames the lock file over the target: the new content is what
// every reader sees, and the lock is released. finish does the rest.
func (l *lockFile) publish() error {
	if err := l.closeFile(); err != nil {
		return err
	}
	if old, err := os.Open(l.target); err == nil {
		l.replaced = old
	}
	if err := os.Rename(l.path, l.target); err != nil {
		l.closeReplaced()
		return fmt.Errorf("rename %s: %w", l.path, err)
	}
	l.done, l.gone = true, time.Now()
	return nil
}

// finish, after publish, frees the owner record and syncs the folder.
func (l *lockFile) finish() {
	l.owner.release()
	syncDir(filepath.Dir(l.target))
	l.closeReplaced()
}

func (l *lockFile) closeReplaced() {
	if l.replaced != nil {
		l.replaced.Close()
		l.replaced = nil
	}
}

// release drops the lock without touching the target; a no-op after commit.
func (l *lockFile) release() {
	if l.done {
		return
	}
	l.done = true
	l.closeFile()
	os.Remove(l.path)
	l.gone = time.Now()
	l.owner.release()
}
