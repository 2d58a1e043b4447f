package rules

import (
	"os"
	"runtime/debug"
)

// MemoryLimit is the soft heap limit TuneGC sets: a run holds a row of
// every document, and the collector works harder rather than let a large
// vault's run grow past it.
const MemoryLimit = 200 << 20

// TuneGC sets the garbage collector for a process whose work is one run
// (`cortex maintain`, the benchmarks' profiler): the soft heap limit
// MemoryLimit, and a collection when the heap has grown by 200% rather
// than 100% (a run keeps most of what it allocates to its end, so a
// collection frees little; half as many cost a tenth of a run's CPU time
// at 10,000 documents for some 30 MB more, within the limit). GOMEMLIMIT
// and GOGC, when set, win.
func TuneGC() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(MemoryLimit)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
}
