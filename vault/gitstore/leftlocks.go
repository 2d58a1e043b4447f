package gitstore

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// LeftLock is a git lock file found in the repository: git refuses to
// work while it is there and does not wait for it to go.
type LeftLock struct {
	// Path is the lock file's path.
	Path string `json:"path"`
	// Since is its modification time.
	Since time.Time `json:"since"`
	// Cortex is set when a Cortex process that has died left it: the next
	// store to open (the daemon's start, `cortex process`) settles it.
	// Otherwise it is git's: a git command at work, or one killed.
	Cortex bool `json:"cortex"`
}

// minLockAge is how old a lock of git's must be before it counts as left:
// a younger one is most likely a git command at work.
const minLockAge = 5 * time.Second

// LeftLocks lists the lock files that block git in the repository holding
// vaultRoot (index.lock, HEAD.lock, packed-refs.lock, config.lock, the refs'
// .lock files), leaving out those a living Cortex holds and git's younger
// than a few seconds (a command at work). It only looks: nothing is
// removed, nothing waited for.
func LeftLocks(vaultRoot string, now time.Time) ([]LeftLock, error) {
	r, err := FindRepo(vaultRoot)
	if err != nil {
		return nil, fmt.Errorf("git locks: %w", err)
	}
	var paths []string
	for _, name := range []string{"index.lock", "HEAD.lock"} {
		paths = append(paths, filepath.Join(r.GitDir, name))
	}
	for _, name := range []string{"packed-refs.lock", "config.lock"} {
		paths = append(paths, filepath.Join(r.CommonDir, name))
	}
	err = filepath.WalkDir(filepath.Join(r.CommonDir, "refs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // a folder gone meanwhile, or unreadable: not a lock
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".lock") {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("git locks: %w", err)
	}
	owners := filepath.Join(r.CommonDir, "cortex-locks")
	var left []LeftLock
	for _, p := range paths {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("git locks: %w", err)
		}
		ours, held := cortexLock(owners, p, fi)
		switch {
		case held:
			continue // a living store's, for the moment of a commit
		case !ours && now.Sub(fi.ModTime()) < minLockAge:
			continue
		}
		left = append(left, LeftLock{Path: p, Since: fi.ModTime(), Cortex: ours})
	}
	return left, nil
}

// cortexLock reports whether the lock file fi at lockPath was made by a
// Cortex store (its record links this very file), and whether that store
// still holds it. It takes no lock itself (see recordedOwner): a look that
// took the record's flock, even shared, could make a store settling its
// abandoned locks at that instant take a dead store's lock for a live one's.
func cortexLock(owners, lockPath string, fi fs.FileInfo) (ours, held bool) {
	switch recordedOwner(owners, lockPath, fi) {
	case ownerLive:
		return true, true
	case ownerDead:
		return true, false
	}
	return false, false
}
