//go:build linux

package gitstore

import "golang.org/x/sys/unix"

// readComm reads the comm of the process whose /proc folder is dir into
// buf, with one open, one read and one close (os.ReadFile adds two stats
// and a second read); false when the process is gone or not readable.
func readComm(dir string, buf []byte) ([]byte, bool) {
	fd, err := unix.Open(dir+"/comm", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, false
	}
	n, err := unix.Read(fd, buf)
	unix.Close(fd)
	if err != nil || n <= 0 {
		return nil, false
	}
	return buf[:n], true
}
