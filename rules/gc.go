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
// than 100%. A run keeps most of what it allocates to its end, so a
// collection frees little: at 10,000 documents half as many take ~0.1 s
// off the first run for ~10 MB more; at 100,000 the limit, not the
// percentage, paces the collector, and the peak stays under 290 MB.
// GOMEMLIMIT and GOGC, when set, win.
func TuneGC() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(MemoryLimit)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
}
