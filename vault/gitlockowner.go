package vault

import (
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// A git lock file (index.lock, HEAD.lock, a branch's .lock) left behind by a
// process killed in the middle of a commit blocks every later commit until
// someone removes it: git's protocol has no owner in the file. For its own
// locks the store keeps one, in <common git dir>/cortex-locks/ (outside
// refs/, where git would read a stray file as a ref): for each lock path, a
// record file flock'ed for as long as the lock is held, and a hard link to
// the lock file itself. The lock file is born linked (made under a
// temporary name in the records folder, linked from the record, then linked
// to the lock's name, which fails, as O_EXCL does, when the lock exists),
// so there is no
// instant in which a killed store leaves a lock without its record. The
// system drops the flock when the process dies, however it dies; the link
// pins the lock file's inode, so no other file can ever look like it. A
// store that finds a lock in its way takes it back only when the record's
// flock is free (its owner is dead) and the lock file is the very file
// linked. Locks of git commands are never touched.

// lockOwner is this process's held record of one lock file.
type lockOwner struct {
	fl   *flock.Flock
	link string
}

// ownerRecord is the record of the lock file lockPath; its link is the
// record's name plus ".link".
func ownerRecord(dir, lockPath string) string {
	sum := sha1.Sum([]byte(lockPath))
	return filepath.Join(dir, hex.EncodeToString(sum[:8])+"-"+filepath.Base(lockPath))
}

// createLock creates the lock file lockPath (an error wrapping fs.ErrExist
// when it exists) and, with a records folder dir, records this process as
// its owner. Where no record can be kept (a file system without hard
// links) the lock is created as git creates it, unrecorded: reported when
// abandoned, never reclaimed, as git's own.
func createLock(dir, lockPath string) (*os.File, *lockOwner, error) {
	if dir != "" {
		f, o, recorded, err := createOwnedLock(dir, lockPath)
		if recorded || err != nil {
			return f, o, err
		}
	}
	f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
	return f, nil, err
}

// createOwnedLock is createLock with a record; recorded is false when the
// record could not be kept and nothing was done.
func createOwnedLock(dir, lockPath string) (f *os.File, o *lockOwner, recorded bool, err error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, nil, false, nil
	}
	rec := ownerRecord(dir, lockPath)
	o = &lockOwner{fl: flock.New(rec, flock.SetPermissions(0o666)), link: rec + ".link"}
	// The record is free unless another store holds this very lock, or is
	// between two of the steps below: wait a little, then report the lock
	// as taken (the caller waits and retries).
	ok, ferr := o.fl.TryLock()
	for i := 0; ferr == nil && !ok && i < 10; i++ {
		time.Sleep(time.Millisecond)
		ok, ferr = o.fl.TryLock()
	}
	if ferr != nil {
		return nil, nil, false, nil
	}
	if !ok {
		return nil, nil, true, fmt.Errorf("create %s: %w", lockPath, fs.ErrExist)
	}
	// Holding the record, this process is the only store at this lock. A
	// lock file in place is either one a store abandoned (dead: its record
	// was free) and still linked — reclaimed — or somebody else's.
	if cur, err := os.Lstat(lockPath); err == nil {
		linked, lerr := os.Lstat(o.link)
		if lerr != nil || !os.SameFile(cur, linked) || os.Remove(lockPath) != nil {
			_ = o.fl.Unlock()
			return nil, nil, true, fmt.Errorf("create %s: %w", lockPath, fs.ErrExist)
		}
	}
	fail := func(recorded bool, err error) (*os.File, *lockOwner, bool, error) {
		_ = os.Remove(o.link)
		_ = o.fl.Unlock()
		return nil, nil, recorded, err
	}
	// The lock file is made in the records folder (never beside a ref,
	// where git would read it as one); a temporary file left by a store
	// killed between the steps below is junk now, since no live store is
	// in them while the record is held.
	tmp := rec + ".tmp"
	_ = os.Remove(tmp)
	f, err = os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return fail(false, nil)
	}
	_ = os.Remove(o.link) // left by a store killed after its lock was renamed into place
	if err := os.Link(tmp, o.link); err != nil {
		f.Close()
		os.Remove(tmp)
		return fail(false, nil)
	}
	if err := os.Link(tmp, lockPath); err != nil {
		f.Close()
		os.Remove(tmp)
		if errors.Is(err, fs.ErrExist) {
			return fail(true, fmt.Errorf("create %s: %w", lockPath, fs.ErrExist))
		}
		return fail(false, nil)
	}
	_ = os.Remove(tmp)
	return f, o, true, nil
}

// release forgets the lock (renamed into place or removed) and frees the
// record.
func (o *lockOwner) release() {
	if o == nil {
		return
	}
	_ = os.Remove(o.link)
	_ = o.fl.Unlock()
}

// lockOwners is the folder of the store's lock owner records.
func (s *GitStore) lockOwners() string { return filepath.Join(s.commonDir, "cortex-locks") }
