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
// MemoryLimit, unless GOMEMLIMIT is set. (Collecting less often, GOGC=200,
// saved a tenth of the CPU time at 10,000 documents but took the first run
// at 100,000 past 300 MB and cost it more CPU than it saved.)
func TuneGC() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(MemoryLimit)
	}
}
