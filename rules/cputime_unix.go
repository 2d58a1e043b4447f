//go:build unix

package rules

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system) this process and the
// children it waited for have used so far: a run's log line gives each
// step's share of it beside its wall time, which says how many cores the
// step kept busy.
func processCPU() time.Duration {
	var self, kids syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &self) != nil || syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids) != nil {
		return 0
	}
	return time.Duration(self.Utime.Nano() + self.Stime.Nano() + kids.Utime.Nano() + kids.Stime.Nano())
}
