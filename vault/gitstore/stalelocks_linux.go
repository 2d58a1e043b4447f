//go:build linux

package gitstore

import (
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// FlockHeld looks for a lock on the file fi in /proc/locks (by its inode:
// a lock on another file system's file of the same inode number only makes
// a dead holder's lock look live, never the other way). It takes no lock:
// a look that did, however briefly, could make a process locking the file
// at that instant take it as held by another. known is false where there
// is no /proc/locks to read.
func FlockHeld(fi fs.FileInfo) (held, known bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return false, false
	}
	data, err := os.ReadFile("/proc/locks")
	if err != nil {
		return false, false
	}
	ino := ":" + strconv.FormatUint(uint64(st.Ino), 10)
	for line := range strings.Lines(string(data)) {
		// "1: FLOCK  ADVISORY  WRITE 4576 fe:00:10608855 0 EOF"
		for _, f := range strings.Fields(line) {
			if strings.HasSuffix(f, ino) && strings.Count(f, ":") == 2 {
				return true, true
			}
		}
	}
	return false, true
}
