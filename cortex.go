// Package cortex holds the defaults embedded into the binary: the taxonomy,
// the scoring calibration and the .cortexignore that `cortex init` writes
// into a new vault and that apply wherever a vault has none of its own.
package cortex

import _ "embed"

// DefaultTaxonomy is the default taxonomy.yml (SPEC §3).
//
//go:embed taxonomy.yml
var DefaultTaxonomy []byte

// DefaultCalibration is the default calibration.yml (SPEC §5.4).
//
//go:embed calibration.yml
var DefaultCalibration []byte

// DefaultCortexignore is the default .cortexignore.
//
//go:embed cortexignore.default
var DefaultCortexignore []byte
