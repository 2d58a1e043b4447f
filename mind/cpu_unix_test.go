//go:build unix

package mind

import (
	"syscall"
	"time"
)

// cpuTime is the process's CPU time so far (user + system): on a shared
// machine it moves much less than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
