package gitstore

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"syscall"
)

// recentPathsCap bounds how many of its latest committed paths a store
// watches for a person's git having dropped them (see committedPaths).
const recentPathsCap = 256

// committedPaths remembers the state the store last committed for each of
// its latest paths, oldest first, so that a later Commit can notice one of
// them dropped from the index by somebody else's git and commit it again.
//
// Why this is needed: git 2.39's `git commit` reads HEAD, then reads the
// index, and only then takes index.lock and writes back the index it read.
// When the store's whole commit (index and branch) lands between git's
// reading of the index and its locking, git writes the index as it was
// before the store's commit, and then fails its compare-and-swap on HEAD
// ("cannot lock ref 'HEAD'"). The person's next `git commit` is built from
// that index and so undoes the store's commit: added files deleted (left on
// disk, untracked), changed files reverted, removed files back. No lock can
// prevent it, since git reads without one; the store can only repair it.
type committedPaths struct {
	order  []string          // repository-relative paths, oldest first
	byPath map[string]change // the state committed (stat data included)
}

// remember records the changes the store has just published.
func (r *committedPaths) remember(changes []change) {
	if r.byPath == nil {
		r.byPath = make(map[string]change)
	}
	if len(changes) > recentPathsCap {
		changes = changes[len(changes)-recentPathsCap:]
	}
	for _, c := range changes {
		if _, ok := r.byPath[c.path]; ok {
			r.order = slices.DeleteFunc(r.order, func(p string) bool { return p == c.path })
		}
		r.byPath[c.path] = c
		r.order = append(r.order, c.path)
	}
	for len(r.order) > recentPathsCap {
		delete(r.byPath, r.order[0])
		r.order = r.order[1:]
	}
}

// forget drops a path whose file has changed since the store committed it:
// what is on disk now is no longer the store's to defend.
func (r *committedPaths) forget(path string) {
	delete(r.byPath, path)
	r.order = slices.DeleteFunc(r.order, func(p string) bool { return p == path })
}

// unchangedOnDisk returns the remembered changes, outside skip, whose
// working-tree file is still exactly as committed (same stat data; still
// missing for a removal), and forgets the others.
func (r *committedPaths) unchangedOnDisk(workTree string, skip map[string]bool) []change {
	var out []change
	for _, p := range slices.Clone(r.order) {
		c := r.byPath[p]
		if skip[p] {
			continue
		}
		fi, err := os.Lstat(filepath.Join(workTree, filepath.FromSlash(p)))
		missing := err != nil && (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR))
		same := false
		switch {
		case c.remove:
			same = missing
		case err == nil && fi.Mode().IsRegular():
			var e indexEntry
			fillStat(&e, fi)
			same = e.size == c.entry.size && e.mtimeSec == c.entry.mtimeSec && e.mtimeNsec == c.entry.mtimeNsec &&
				e.ctimeSec == c.entry.ctimeSec && e.ctimeNsec == c.entry.ctimeNsec && e.ino == c.entry.ino && e.dev == c.entry.dev
		}
		if !same {
			r.forget(p)
			continue
		}
		out = append(out, c)
	}
	return out
}

// droppedFromIndex returns the paths among candidates (unchanged on disk
// since the store committed them) whose index entry no longer says what the
// store committed: gone or holding another blob for a file, back for a
// removal. Paths in a merge conflict are the person's to resolve and left
// alone.
func droppedFromIndex(idx *gitIndex, candidates []change) []string {
	var lost []string
	for _, c := range candidates {
		i := sort.Search(len(idx.entries), func(i int) bool { return idx.entries[i].name >= c.path })
		var staged *indexEntry
		conflicted := false
		for ; i < len(idx.entries) && idx.entries[i].name == c.path; i++ {
			if idx.entries[i].stage() != 0 {
				conflicted = true
			} else {
				staged = &idx.entries[i]
			}
		}
		switch {
		case conflicted:
		case c.remove && staged != nil:
			lost = append(lost, c.path)
		case !c.remove && (staged == nil || staged.hash != [indexHashLen]byte(c.hash)):
			lost = append(lost, c.path)
		}
	}
	return lost
}
