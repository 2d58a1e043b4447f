package gitstore

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/gofrs/flock"
)

// A git lock file (index.lock, HEAD.lock, a branch's .lock) left behind by a
// process killed in the middle of a commit blocks every later git command
// until someone removes it, and removing the wrong one by hand can leave
// the index and the branch disagreeing. Git's protocol has no owner in the
// file; for its own locks the store keeps one, in <common git dir>/
// cortex-locks/ (outside refs/, where git would read a stray file as a
// ref): for each lock path a record file, flock'ed for as long as the lock
// is held, naming the lock and, for a branch's lock, the commit it moves
// the branch to; and a hard link to the lock file itself.
//
// The lock file is born linked (made under a temporary name in the records
// folder, linked from the record, then linked to the lock's name, which
// fails, as O_EXCL does, when the lock exists), so no kill leaves a lock
// without its record. The system drops the flock when the process dies,
// however it dies; the link pins the lock file's inode, so no other file can
// ever look like it. Abandoned locks — record flock free, lock file the very
// file linked — are settled by the next store (when it opens, or when one
// is in its way), as the dead store's commit would have ended: the index is
// published before the branch moves (see refLog.follow), so a branch lock
// whose index was published is completed (the branch moves to the
// recorded commit) and every other lock is removed (nothing happened).
// Locks of git commands are never touched.

// lockOwner is this process's held record of one lock file.
type lockOwner struct {
	fl       *flock.Flock
	rec      string
	link     string
	lockPath string
	quick    bool // release only unlocks (see lockPolicy.quickRelease)
}

// settleFunc decides an abandoned lock whose record names intent (the
// commit its content belongs to): true renames it over its target.
type settleFunc func(lockPath, intent string) bool

// ownerRecord is the record of the lock file lockPath; its link is the
// record's name plus ".link".
func ownerRecord(dir, lockPath string) string {
	sum := sha1.Sum([]byte(lockPath))
	return filepath.Join(dir, hex.EncodeToString(sum[:8])+"-"+filepath.Base(lockPath))
}

// isRecordName tells a record from its link and its temporary file.
func isRecordName(name string) bool {
	return !strings.HasSuffix(name, ".link") && !strings.HasSuffix(name, ".tmp")
}

func writeRecord(rec, lockPath, intent string) error {
	data := ""
	if lockPath != "" {
		data = lockPath + "\n"
		if intent != "" {
			data += intent + "\n"
		}
	}
	return os.WriteFile(rec, []byte(data), 0o666)
}

func readRecord(rec string) (lockPath, intent string) {
	data, err := os.ReadFile(rec)
	if err != nil {
		return "", ""
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	if sc.Scan() {
		lockPath = sc.Text()
	}
	if sc.Scan() {
		intent = sc.Text()
	}
	return lockPath, intent
}

// createLock creates the lock file lockPath (an error wrapping fs.ErrExist
// when it exists) and, with a records folder dir, records this process as
// its owner; an abandoned lock in the way is settled first (settleAll).
// fill, when not nil, is the lock's content, in the file (synced) before
// it is the lock: written while git sees no lock, it does not lengthen the
// hold. ready, when not nil, is called just before the lock is made (see
// lockPolicy.ready).
// Where no record can be kept (a file system without hard links) the lock
// is created as git creates it, unrecorded: reported when abandoned, never
// settled, as git's own.
func createLock(dir, lockPath string, settleAll func(), fill []byte, ready func()) (*os.File, *lockOwner, error) {
	if dir != "" {
		for try := 0; ; try++ {
			f, o, abandoned, recorded, err := createOwnedLock(dir, lockPath, fill, ready)
			if abandoned && try == 0 {
				if settleAll != nil {
					settleAll()
				}
				// A record that no longer names its lock (cut short by
				// a kill while it was written) is passed over by
				// settleAll, which learns the lock from the record: this
				// lock's record is known by name, and such a lock was
				// never put in place.
				dropAbandoned(dir, lockPath)
				continue
			}
			if recorded || err != nil {
				return f, o, err
			}
			break
		}
	}
	if ready != nil {
		ready()
	}
	f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
	if err == nil {
		if err = writeFill(f, fill, lockPath); err != nil {
			f.Close()
			os.Remove(lockPath)
		}
	}
	return f, nil, err
}

// createOwnedLock is createLock with a record; recorded is false when the
// record could not be kept and nothing was done, abandoned is set (with
// the lock taken) when the lock in the way is one a dead store left.
func createOwnedLock(dir, lockPath string, fill []byte, ready func()) (f *os.File, o *lockOwner, abandoned, recorded bool, err error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, nil, false, false, nil
	}
	rec := ownerRecord(dir, lockPath)
	o = &lockOwner{fl: flock.New(rec, flock.SetPermissions(0o666)), rec: rec, link: rec + ".link", lockPath: lockPath}
	// The record is free unless another store holds this very lock, or is
	// between two of the steps below: wait a little, then report the lock
	// as taken (the caller waits and retries).
	ok, ferr := o.fl.TryLock()
	for i := 0; ferr == nil && !ok && i < 10; i++ {
		time.Sleep(time.Millisecond)
		ok, ferr = o.fl.TryLock()
	}
	if ferr != nil {
		return nil, nil, false, false, nil
	}
	taken := fmt.Errorf("create %s: %w", lockPath, fs.ErrExist)
	if !ok {
		return nil, nil, false, true, taken
	}
	// Holding the record, this process is the only store at this lock: a
	// lock file in place is a dead store's, or somebody else's.
	if cur, err := os.Lstat(lockPath); err == nil {
		linked, lerr := os.Lstat(o.link)
		_ = o.fl.Unlock()
		return nil, nil, lerr == nil && os.SameFile(cur, linked), true, taken
	}
	fail := func(recorded bool, err error) (*os.File, *lockOwner, bool, bool, error) {
		_ = os.Remove(o.link)
		_ = writeRecord(rec, "", "")
		_ = o.fl.Unlock()
		return nil, nil, false, recorded, err
	}
	// Failures from here on are errors, not a fall back to an unrecorded
	// lock, which a kill would leave for a person to remove; only a file
	// system without hard links falls back.
	if err := writeRecord(rec, lockPath, ""); err != nil {
		return fail(true, fmt.Errorf("create %s: %w", lockPath, err))
	}
	// A temporary file left by a store killed between the steps below is
	// junk now: no live store is in them while the record is held.
	tmp := rec + ".tmp"
	_ = os.Remove(tmp)
	f, err = os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return fail(true, fmt.Errorf("create %s: %w", lockPath, err))
	}
	if err := writeFill(f, fill, lockPath); err != nil {
		f.Close()
		os.Remove(tmp)
		return fail(true, err)
	}
	_ = os.Remove(o.link) // left by a store killed, or released quickly, after its lock was renamed into place
	if err := os.Link(tmp, o.link); err != nil {
		f.Close()
		os.Remove(tmp)
		if noHardLinks(err) {
			return fail(false, nil)
		}
		return fail(true, fmt.Errorf("create %s: %w", lockPath, err))
	}
	if ready != nil {
		ready()
	}
	if err := os.Link(tmp, lockPath); err != nil {
		f.Close()
		os.Remove(tmp)
		switch {
		case errors.Is(err, fs.ErrExist):
			return fail(true, taken)
		case noHardLinks(err):
			return fail(false, nil)
		}
		return fail(true, fmt.Errorf("create %s: %w", lockPath, err))
	}
	_ = os.Remove(tmp)
	return f, o, false, true, nil
}

// noHardLinks reports a link refused because the file system has none
// (or the records folder is on another one).
func noHardLinks(err error) bool {
	return errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.ENOTSUP) ||
		errors.Is(err, syscall.EOPNOTSUPP) || errors.Is(err, syscall.EXDEV) || errors.Is(err, syscall.EMLINK)
}

// settleAbandoned settles the lock file at lockPath if a dead store left
// it; the caller holds the record's flock. It reports whether the lock
// path is free now.
func settleAbandoned(rec, lockPath string, settle settleFunc) bool {
	cur, err := os.Lstat(lockPath)
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	if err != nil {
		return false
	}
	link := rec + ".link"
	linked, err := os.Lstat(link)
	if err != nil || !os.SameFile(cur, linked) {
		return false // somebody else's
	}
	recLock, intent := readRecord(rec)
	if recLock == lockPath && intent != "" && settle != nil && settle(lockPath, intent) {
		target := strings.TrimSuffix(lockPath, ".lock")
		if err := os.Rename(lockPath, target); err != nil {
			return false
		}
		syncDir(filepath.Dir(target))
	} else if err := os.Remove(lockPath); err != nil {
		return false
	}
	_ = os.Remove(link)
	_ = writeRecord(rec, "", "")
	return true
}

// dropAbandoned removes the lock file at lockPath if a dead store left it.
func dropAbandoned(dir, lockPath string) {
	rec := ownerRecord(dir, lockPath)
	fl := flock.New(rec)
	if ok, err := fl.TryLock(); err != nil || !ok {
		return
	}
	settleAbandoned(rec, lockPath, nil)
	_ = fl.Unlock()
}

// intend records the commit the lock's content belongs to: written once
// the content is complete and synced, before the commit becomes visible.
// The commit is written after the lock's line, which stays as it is: a
// kill in the middle leaves the lock named and the commit cut short (a
// commit the lock does not hold, so the lock is dropped), never an empty
// record, which would name no lock to settle.
func (o *lockOwner) intend(commit string) {
	if o == nil {
		return
	}
	f, err := os.OpenFile(o.rec, os.O_WRONLY, 0)
	if err != nil {
		return
	}
	_, _ = f.WriteAt([]byte(o.lockPath+"\n"+commit+"\n"), 0)
	_ = f.Close()
}

// release forgets the lock (renamed into place or removed) and frees the
// record.
func (o *lockOwner) release() {
	if o == nil {
		return
	}
	if !o.quick {
		// A link left by a quick release names a file that is no lock
		// any more (renamed into place, or removed): never the lock
		// file a later store meets, so it is harmless until replaced.
		_ = os.Remove(o.link)
		_ = writeRecord(o.rec, "", "")
	}
	_ = o.fl.Unlock()
}

// lockOwners is the folder of the store's lock owner records.
func (s *Store) lockOwners() string { return filepath.Join(s.commonDir, "cortex-locks") }

// settleLock decides an abandoned lock of this repository: a branch's lock
// holding the commit its record names is completed when the dead store
// published the index first (its index.lock is no longer pending); every
// other lock is removed.
func (s *Store) settleLock(lockPath, intent string) bool {
	if intent == "" || lockPath == s.indexFile()+".lock" || lockPath == filepath.Join(s.gitDir, "HEAD.lock") {
		return false
	}
	data, err := os.ReadFile(lockPath)
	if err != nil || strings.TrimSpace(string(data)) != intent {
		return false
	}
	return !s.indexPending()
}

// indexPending reports whether index.lock is a dead store's: in place,
// linked from its record, the record's flock free. A live store's (this
// one's among them) is not: a live store publishes or drops it itself.
func (s *Store) indexPending() bool {
	lockPath := s.indexFile() + ".lock"
	rec := ownerRecord(s.lockOwners(), lockPath)
	cur, err := os.Lstat(lockPath)
	if err != nil {
		return false
	}
	linked, err := os.Lstat(rec + ".link")
	if err != nil || !os.SameFile(cur, linked) {
		return false
	}
	fl := flock.New(rec)
	ok, err := fl.TryLock()
	if err != nil || !ok {
		return false
	}
	_ = fl.Unlock()
	return true
}

// settleAbandonedLocks settles every lock a dead store of this repository
// left — branch locks first, whose fate depends on the index lock — so
// that git works again as soon as a store opens, not only at its next
// commit.
func (s *Store) settleAbandonedLocks() {
	dir := s.lockOwners()
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	index := s.indexFile() + ".lock"
	var recs, last []string
	for _, e := range ents {
		if !isRecordName(e.Name()) {
			continue
		}
		rec := filepath.Join(dir, e.Name())
		switch lockPath, _ := readRecord(rec); lockPath {
		case "":
		case index:
			last = append(last, rec)
		default:
			recs = append(recs, rec)
		}
	}
	for _, rec := range append(recs, last...) {
		fl := flock.New(rec)
		if ok, err := fl.TryLock(); err != nil || !ok {
			continue // held: a live store
		}
		if lockPath, _ := readRecord(rec); lockPath != "" {
			settleAbandoned(rec, lockPath, s.settleLock)
		}
		_ = fl.Unlock()
	}
}
