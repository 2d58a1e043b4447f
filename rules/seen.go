package rules

import (
	"io/fs"
	"os"
	"time"
)

// seen is a file's stat as the plan read it, so that the write can tell
// the file is still that one without reading it again (at 5,000 files,
// their opens, reads and hashes were a tenth of a run's CPU).
type seen struct {
	fi fs.FileInfo
	// at is the time just before the stat: a change git would call racy,
	// one in the same tick of the file system's clock as the stat,
	// would leave the stat as it was.
	at time.Time
}

// racyWindow (tests lower it) is how long before a stat a file's last change must be for
// any later change to show in its times. The file system's clock ticks
// every few milliseconds; a second leaves room for a clock read a little
// apart from ours.
var racyWindow = time.Second

// still reports whether the file at abs is, by its stat, the one seen:
// the same file, size, mtime and change time (which no one can set back),
// changed last well before the plan looked. False means "read it to
// know", not "changed".
func (s *seen) still(abs string) bool {
	if s == nil || s.fi == nil {
		return false
	}
	was, ok := changeTime(s.fi)
	if !ok || !was.Before(s.at.Add(-racyWindow)) {
		return false
	}
	fi, err := os.Lstat(abs)
	if err != nil || !fi.Mode().IsRegular() || !os.SameFile(fi, s.fi) || fi.Size() != s.fi.Size() ||
		!fi.ModTime().Equal(s.fi.ModTime()) || fi.Mode() != s.fi.Mode() {
		return false
	}
	now, ok := changeTime(fi)
	return ok && now.Equal(was)
}
