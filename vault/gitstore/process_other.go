//go:build !unix

package gitstore

import "os"

// ProcessAlive reports whether pid is a live process on this machine. Where
// a process cannot be probed without a handle, finding it is the answer.
func ProcessAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
