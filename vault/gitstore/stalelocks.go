package gitstore

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Who left a lock (StaleLock.Owner).
const (
	// OwnerDeadStore: a Cortex store that died holding it; the next store
	// to open the repository settles it (see lockowner.go).
	OwnerDeadStore = "cortex-dead"
	// OwnerUnknown: no record names it and no git process runs: a git
	// command (or another tool) that died.
	OwnerUnknown = "unknown"
)

// StaleLock is a git lock file older than the age asked for, with no live
// owner.
type StaleLock struct {
	Path  string        `json:"path"`
	Age   time.Duration `json:"age_ns"`
	Owner string        `json:"owner"`
}

// StaleLocks lists the lock files of the repository (index.lock, HEAD.lock,
// packed-refs.lock, config.lock and the refs' .lock files) older than
// minAge at now that no live process owns: a lock a live Cortex store
// records is skipped, and so is every unrecorded one while a git process
// runs (it may be that git's). It changes nothing. known is false where
// running git processes cannot be listed (no /proc): unrecorded locks are
// then reported, as possibly live. gitRunning, when not nil, says whether a
// git process runs (tests; default: a look at /proc).
func StaleLocks(r Repo, now time.Time, minAge time.Duration, gitRunning func() (running, known bool)) (locks []StaleLock, known bool, err error) {
	var candidates []string
	dirs := []string{r.GitDir}
	if r.CommonDir != r.GitDir {
		dirs = append(dirs, r.CommonDir)
	}
	for _, dir := range dirs {
		for _, name := range []string{"index.lock", "HEAD.lock", "packed-refs.lock", "config.lock", "shallow.lock"} {
			candidates = append(candidates, filepath.Join(dir, name))
		}
	}
	refs := filepath.Join(r.CommonDir, "refs")
	err = filepath.WalkDir(refs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == refs && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipDir
			}
			return nil
		}
		if !d.IsDir() && strings.HasSuffix(p, ".lock") {
			candidates = append(candidates, p)
		}
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	if gitRunning == nil {
		gitRunning = gitProcessRunning
	}
	running, known := gitRunning()
	owners := filepath.Join(r.CommonDir, "cortex-locks")
	for _, p := range candidates {
		fi, err := os.Lstat(p)
		if err != nil {
			continue
		}
		age := now.Sub(fi.ModTime())
		if age < minAge {
			continue
		}
		owner := OwnerUnknown
		switch recordedOwner(owners, p, fi) {
		case ownerLive:
			continue
		case ownerDead:
			owner = OwnerDeadStore
		default:
			if running {
				continue
			}
		}
		locks = append(locks, StaleLock{Path: p, Age: age, Owner: owner})
	}
	return locks, known, nil
}

const (
	ownerNone = iota
	ownerLive
	ownerDead
)

// recordedOwner tells whether a Cortex store's record names the lock file
// (the record's link is the very file) and whether that store lives: a
// flock on its record, read from /proc/locks. It takes no lock itself — a
// look that took the record's flock, however briefly, could make a store
// settling its abandoned locks at that instant take a dead store's lock
// for a live one's. Where /proc/locks cannot be read, a recorded lock old
// enough to be asked about is a dead store's: a live store holds its locks
// for milliseconds.
func recordedOwner(dir, lockPath string, cur fs.FileInfo) int {
	rec := ownerRecord(dir, lockPath)
	linked, err := os.Lstat(rec + ".link")
	if err != nil || !os.SameFile(cur, linked) {
		return ownerNone
	}
	if fi, err := os.Stat(rec); err == nil {
		if held, known := FlockHeld(fi); known && held {
			return ownerLive
		}
	}
	return ownerDead
}
