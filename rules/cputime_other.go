//go:build !unix

package rules

import "time"

// processCPU is not measured here: the log shows wall times only.
func processCPU() time.Duration { return 0 }
