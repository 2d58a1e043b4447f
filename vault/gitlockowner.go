package vault

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
	"time"

	"github.com/gofrs/flock"
)

// A git lock file (index.lock, HEAD.lock, a branch's .lock) left behind by a
// process killed in the middle of a commit blocks every later git command
// until someone removes it — and removing index.lock by hand after the
// branch moved leaves an index without the commit's files, which the
// person's next commit would delete. Git's protocol has no owner in the
// file; for its own locks the store keeps one, in <common git dir>/
// cortex-locks/ (outside refs/, where git would read a stray file as a
// ref): for each lock path a record file, flock'ed for as long as the lock
// is held, naming the lock and, once the commit is written, the commit the
// lock's content belongs to; and a hard link to the lock file itself.
//
// The lock file is born linked (made under a temporary name in the records
// folder, linked from the record, then linked to the lock's name, which
// fails, as O_EXCL does, when the lock exists), so no kill leaves a lock
// without its record. The system drops the flock when the process dies,
// however it dies; the link pins the lock file's inode, so no other file can
// ever look like it. An abandoned lock — its record's flock free, the lock
// file the very file linked — is settled by the next store that meets it
// (on open, or in its way): an index.lock holding the complete index of the
// commit the branch now holds is renamed into place, as the dead store was
// about to; any other is removed, leaving git as it was before that
// commit. Locks of git commands are never touched.

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
// its owner, first settling the lock a dead store left there. Where no
// record can be kept (a file system without hard links) the lock is created
// as git creates it, unrecorded: reported when abandoned, never settled, as
// git's own.
func createLock(dir, lockPath string, settle settleFunc) (*os.File, *lockOwner, error) {
	if dir != "" {
		f, o, recorded, err := createOwnedLock(dir, lockPath, settle)
		if recorded || err != nil {
			return f, o, err
		}
	}
	f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
	return f, nil, err
}

// createOwnedLock is createLock with a record; recorded is false when the
// record could not be kept and nothing was done.
func createOwnedLock(dir, lockPath string, settle settleFunc) (f *os.File, o *lockOwner, recorded bool, err error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, nil, false, nil
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
		return nil, nil, false, nil
	}
	taken := func() (*os.File, *lockOwner, bool, error) {
		return nil, nil, true, fmt.Errorf("create %s: %w", lockPath, fs.ErrExist)
	}
	if !ok {
		return taken()
	}
	// Holding the record, this process is the only store at this lock: a
	// lock file in place is a dead store's, settled now, or somebody
	// else's.
	if !settleAbandoned(rec, lockPath, settle) {
		_ = o.fl.Unlock()
		return taken()
	}
	fail := func(recorded bool, err error) (*os.File, *lockOwner, bool, error) {
		_ = os.Remove(o.link)
		_ = writeRecord(rec, "", "")
		_ = o.fl.Unlock()
		return nil, nil, recorded, err
	}
	if writeRecord(rec, lockPath, "") != nil {
		return fail(false, nil)
	}
	// A temporary file left by a store killed between the steps below is
	// junk now: no live store is in them while the record is held.
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

// intend records the commit the lock's content belongs to: written once
// the content is complete and synced, before the commit becomes visible.
func (o *lockOwner) intend(commit string) {
	if o != nil {
		_ = writeRecord(o.rec, o.lockPath, commit)
	}
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
func (s *GitStore) lockOwners() string { return filepath.Join(s.commonDir, "cortex-locks") }

// settleLock decides an abandoned lock of this store: only an index.lock
// holding a complete index, left after the branch moved to the commit it
// was written for, is completed.
func (s *GitStore) settleLock(lockPath, intent string) bool {
	if lockPath != s.indexFile()+".lock" {
		return false
	}
	head, err := s.readHead()
	if err != nil || head.hash.String() != intent {
		return false
	}
	data, err := os.ReadFile(lockPath)
	if err != nil {
		return false
	}
	_, err = parseIndex(data)
	return err == nil
}

// settleAbandonedLocks settles every lock a dead store of this repository
// left, so that git works again as soon as a store opens, not only at its
// next commit.
func (s *GitStore) settleAbandonedLocks() {
	dir := s.lockOwners()
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if !isRecordName(e.Name()) {
			continue
		}
		rec := filepath.Join(dir, e.Name())
		lockPath, _ := readRecord(rec)
		if lockPath == "" {
			continue
		}
		fl := flock.New(rec)
		if ok, err := fl.TryLock(); err != nil || !ok {
			continue // held: a live store
		}
		settleAbandoned(rec, lockPath, s.settleLock)
		_ = fl.Unlock()
	}
}
