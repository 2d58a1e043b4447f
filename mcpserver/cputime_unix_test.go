//go:build unix

package mcpserver

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used: on a loaded machine it
// says what a call costs better than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
