//go:build unix

package observer

import (
	"os"
	"syscall"
)

// bufferIDOf returns the identity of an open or stated buffer file.
func bufferIDOf(fi os.FileInfo) BufferID {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return BufferID{Dev: uint64(st.Dev), Inode: uint64(st.Ino)}
	}
	return BufferID{}
}
