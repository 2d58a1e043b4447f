//go:build unix

package vaultfs

import (
	"os"
	"syscall"
)

// ReadInto reads the file at path into buf (grown as needed; nil is fine)
// and returns its bytes: at most limit of them when limit > 0. size is the
// size a stat a moment before saw, a hint. noFollow refuses a link put in
// the file's place since it was checked (O_NOFOLLOW).
//
// Callers that read thousands of files in a run (the index's rebuild, the
// sleep cycle's plan) use it instead of os.ReadFile, which adds a stat, a
// registration with the network poller and a fresh buffer to every file
// — three system calls more and a good part of the cost of a small file.
func ReadInto(path string, size int64, buf []byte, limit int, noFollow bool) ([]byte, error) {
	flags := syscall.O_RDONLY | syscall.O_CLOEXEC
	if noFollow {
		flags |= syscall.O_NOFOLLOW
	}
	fd, err := syscall.Open(path, flags, 0)
	if err != nil {
		return buf[:0], &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	want := int(max(size, 0)) + 1 // one byte more, to see the end in one read
	if cap(buf) < want {
		buf = make([]byte, 0, max(want, 2*cap(buf)))
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return buf, &os.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			return buf, nil
		}
		buf = buf[:len(buf)+n]
		if limit > 0 && len(buf) >= limit {
			return buf[:limit], nil
		}
	}
}
