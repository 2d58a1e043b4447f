package gitstore

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
)

// Compaction keeps .git within about twice what `git gc` makes while
// commits come in a stream, between the `git gc --auto` runs of Maintain.
//
// Why it is needed: a commit writes its document and every tree on its
// path again, whole. The month folder's tree holds one entry per document
// of that month (40,000 entries, 2 MB, 1.1 MB compressed, after a 40,000-
// observation stream), so each commit adds up to a megabyte of loose
// objects, almost all of it the same tree as the commit before with a few
// entries more. Packed with deltas, a version of that tree costs a few
// kilobytes.
//
// What it runs: `git repack --geometric=2 -d -l`, which packs the loose
// objects (with deltas among them: successive versions of a month tree,
// of about the same size, sit next to each other in pack-objects' window)
// and rolls up the smallest packs — the new one and the small packs of the
// store's big batches (objects.go) — until each pack holds at least twice
// as many objects as all smaller ones together. The large pack of history
// is rewritten only when the new ones have grown to half of it, so a run
// costs about what was written since the last one (tens to hundreds of
// milliseconds), not the whole repository as `git gc` does. It walks no
// history: loose objects are packed whatever their reachability (`git gc`
// prunes what is unreachable later, at quiet times), so nothing reachable
// is ever dropped, and it takes none of git's locks (no index.lock,
// HEAD.lock, refs or gc.pid). A kill at any point leaves a valid
// repository: git writes tmp_pack_* first, renames it in place, and only
// then deletes the packed loose objects and the rolled-up packs
// (RemoveLeftovers removes a killed run's temp files).
//
// When: CompactDue says so once the object bytes the store itself wrote
// since the last compaction (loose objects, and its own packs of big
// batches, which hold no deltas) pass 1/compactShare of the bytes of the
// packs, and at least
// compactMinBytes — a trigger by what was written, not by the clock; the
// memorizer adds a duty limit (observer). Like Maintain, it never runs
// while a git process works in the repository nor while one of git's
// lock files is there.
const (
	// compactShare: written bytes ≥ 1/compactShare of the packs' bytes.
	// With 4, the loose and unmerged bytes stay under a quarter of the
	// packed repository, plus a few full month trees in the geometric
	// packs: within 2× of `git gc`.
	compactShare = 4
	// compactMinBytes keeps a small repository from being repacked for
	// every few kilobytes (each run starts git, ~30 ms).
	compactMinBytes = 128 << 10
)

// compactCounter counts the object bytes the store wrote since the last
// compaction. (A `git gc` in between leaves it: the next compaction then
// finds little to do, which costs one short git run.)
type compactCounter struct {
	written atomic.Int64
}

// newObjects starts a batch of new objects whose bytes count towards the
// next compaction.
func (s *Store) newObjects(expected int) *objectBatch {
	b := newObjectBatch(s.objectsDir(), expected, s.hasObject)
	b.counter = &s.compact.written
	return b
}

// Written reports the object bytes the store wrote since it last compacted
// the repository, as CompactDue weighs them.
func (s *Store) Written() int64 { return s.compact.written.Load() }

// CompactDue tells whether Compact should run: the store wrote at least
// compactMinBytes of objects since the last compaction, and at least
// 1/compactShare of the bytes the packs hold. gc.auto=0 in the
// repository's config turns it off, as it turns off `git gc --auto`.
func (s *Store) CompactDue() bool {
	written := s.compact.written.Load()
	if written < compactMinBytes {
		return false
	}
	if s.readConfig().gcAuto <= 0 {
		return false
	}
	return written*compactShare >= s.packBytes()
}

// packBytes is the size of the repository's .pack files.
func (s *Store) packBytes() int64 {
	ents, err := os.ReadDir(filepath.Join(s.objectsDir(), "pack"))
	if err != nil {
		return 0
	}
	var n int64
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".pack") || !strings.HasPrefix(e.Name(), "pack-") {
			continue
		}
		if fi, err := e.Info(); err == nil {
			n += fi.Size()
		}
	}
	return n
}

// Compact packs the loose objects and rolls up the small packs (`git
// repack --geometric=2 -d -l`, see above). It does nothing while a git
// process works in the repository or a lock file of git's is there, nor
// without a git binary (ran is false then). The store's commits wait
// while it runs.
func (s *Store) Compact(ctx context.Context) (ran bool, err error) {
	ran, err = s.runMaintenance(ctx, "git repack --geometric=2", "-c", "repack.writeBitmaps=false", "-c", "pack.writeBitmapHashCache=false",
		"repack", "--geometric=2", "-d", "-l", "-n", "-q")
	if ran && err == nil {
		s.compact.written.Store(0)
	}
	return ran, err
}
