package vault

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofrs/flock"
)

// A git lock file (index.lock, HEAD.lock, a branch's .lock) left behind by a
// process killed in the middle of a commit blocks every later commit until
// someone removes it: git's protocol has no owner in the file. For its own
// locks the store keeps one: beside each lock it holds, an owner record in
// <common git dir>/cortex-locks/ (outside refs/, where git would read a
// stray file as a ref), flock'ed for as long as the lock is held, naming the
// lock file's identity (device, inode, size, modification time) after each
// write. The system drops the flock when the process dies, however it dies.
// A store that finds a lock in its way then reclaims it only when the
// record's flock is free (its owner is dead) and the lock file is still the
// very file the record names (a lock git created since, even on a reused
// inode, differs in time). Locks of git commands are never touched.

// lockOwner is the held owner record of one lock file.
type lockOwner struct {
	fl   *flock.Flock
	path string
}

// ownerRecord is where the owner of the lock file lockPath is recorded.
func ownerRecord(dir, lockPath string) string {
	sum := sha1.Sum([]byte(lockPath))
	return filepath.Join(dir, hex.EncodeToString(sum[:8])+"-"+filepath.Base(lockPath))
}

// lockIdentity names the file f as the record keeps it; "" where the system
// gives no inode.
func lockIdentity(fi os.FileInfo) string {
	var e indexEntry
	fillStat(&e, fi)
	if e.ino == 0 {
		return ""
	}
	return fmt.Sprintf("%d %d %d %d.%09d", e.dev, e.ino, fi.Size(), fi.ModTime().Unix(), fi.ModTime().Nanosecond())
}

// claimLock records this process as the owner of the lock file f just
// created at lockPath. It returns nil, and the lock is simply unrecorded
// (reported, never reclaimed, as git's own), when the record cannot be
// kept.
func claimLock(dir, lockPath string, f *os.File) *lockOwner {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil
	}
	o := &lockOwner{fl: flock.New(ownerRecord(dir, lockPath), flock.SetPermissions(0o666)), path: ownerRecord(dir, lockPath)}
	// The record is free unless another store is between removing the
	// same lock file and releasing its record: an instant.
	ok, err := o.fl.TryLock()
	for i := 0; err == nil && !ok && i < 20; i++ {
		time.Sleep(time.Millisecond)
		ok, err = o.fl.TryLock()
	}
	if err != nil || !ok {
		return nil
	}
	if !o.update(f) {
		o.fl.Unlock()
		return nil
	}
	return o
}

// update records the lock file's identity as it is now (after a write).
func (o *lockOwner) update(f *os.File) bool {
	if o == nil {
		return false
	}
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	id := lockIdentity(fi)
	if id == "" {
		return false
	}
	return os.WriteFile(o.path, []byte(id+"\n"), 0o666) == nil
}

// release forgets the lock (renamed into place or removed) and frees the
// record.
func (o *lockOwner) release() {
	if o == nil {
		return
	}
	_ = os.Truncate(o.path, 0)
	_ = o.fl.Unlock()
}

// reclaimAbandoned removes the lock file at lockPath when a store that died
// holding it left its record: the record's flock is free and the file is
// still the one recorded. It reports whether the lock file was removed.
func reclaimAbandoned(dir, lockPath string) bool {
	if dir == "" {
		return false
	}
	rec := ownerRecord(dir, lockPath)
	if _, err := os.Stat(rec); err != nil {
		return false
	}
	fl := flock.New(rec)
	ok, err := fl.TryLock()
	if err != nil || !ok {
		return false // its owner lives (or is between two steps)
	}
	defer fl.Unlock()
	data, err := os.ReadFile(rec)
	want := strings.TrimSpace(string(data))
	if err != nil || want == "" {
		return false
	}
	fi, err := os.Lstat(lockPath)
	if err != nil || lockIdentity(fi) != want {
		return false
	}
	if err := os.Remove(lockPath); err != nil {
		return false
	}
	_ = os.Truncate(rec, 0)
	return true
}

// lockOwners is the folder of the store's lock owner records.
func (s *GitStore) lockOwners() string { return filepath.Join(s.commonDir, "cortex-locks") }
