//go:build unix

package index

import (
	"os"
	"syscall"
)

// readFileInto reads the file at path into buf (grown as needed) and
// returns its bytes; size is the size the walk saw, a hint. A rebuild reads
// every file of the vault once: straight system calls skip what os.ReadFile
// adds for files in general (a stat for the size, registration with the
// network poller, a fresh buffer per file), a good part of the cost of a
// small file.
func readFileInto(path string, size int64, buf []byte) ([]byte, error) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return buf[:0], &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	want := int(size) + 1 // one more byte, to see the end in one read
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
		if len(buf) >= maxFileBytes {
			return buf[:maxFileBytes], nil
		}
	}
}
