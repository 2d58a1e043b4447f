//go:build unix

package gitstore

import (
	"errors"
	"syscall"
)

// ProcessAlive reports whether pid is a live process on this machine.
func ProcessAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	// EPERM: alive, but another user's.
	return err == nil || errors.Is(err, syscall.EPERM)
}
