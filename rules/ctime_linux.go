//go:build linux

package rules

import (
	"io/fs"
	"syscall"
	"time"
)

// changeTime is a file's ctime, which every write, chmod and rename moves
// and no program can set.
func changeTime(fi fs.FileInfo) (time.Time, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return time.Time{}, false
	}
	return time.Unix(st.Ctim.Sec, st.Ctim.Nsec), true
}
