//go:build darwin

package gitstore

import (
	"os"
	"syscall"
)

// fillStat copies the stat data git records in an index entry, truncated to
// 32 bits as git truncates them, so `git status` finds the entry clean
// without re-reading the file.
func fillStat(e *indexEntry, fi os.FileInfo) {
	e.size = uint32(fi.Size())
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		fillStatPortable(e, fi)
		return
	}
	e.ctimeSec, e.ctimeNsec = uint32(st.Ctimespec.Sec), uint32(st.Ctimespec.Nsec)
	e.mtimeSec, e.mtimeNsec = uint32(st.Mtimespec.Sec), uint32(st.Mtimespec.Nsec)
	e.dev, e.ino = uint32(st.Dev), uint32(st.Ino)
	e.uid, e.gid = st.Uid, st.Gid
}
