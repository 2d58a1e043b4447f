package index

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Replaced reports whether the file at the index's path is no longer the
// file this Index opened: `cortex rebuild-index` renamed a new one over it,
// or it was deleted. Such an Index still works, but on a file nobody else
// reads: whatever it writes is lost to every other reader, and an unlinked
// file keeps its disk space until closed. A long-lived holder (the daemon,
// the memorizer) asks before it writes, and on true closes the Index and
// opens it again (Open builds a missing index).
//
// The comparison is of file identities (device and inode on Unix, as
// os.SameFile does), taken when Open began: a swap during Open reads as
// replaced, which costs one needless reopen, never a missed one.
func (ix *Index) Replaced() (bool, error) {
	path := ix.l.IndexDB()
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("index %s: %w", path, err)
	}
	if ix.opened == nil {
		return false, nil
	}
	return !os.SameFile(ix.opened, fi), nil
}
