//go:build unix

package gitstore

import (
	"errors"
	"syscall"
)

// processAlive reports whether pid is a live process on this machine.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	// EPERM: alive, but another user's.
	return err == nil || errors.Is(err, syscall.EPERM)
}
