//go:build !linux

package gitstore

import "io/fs"

// flockHeld cannot tell here (no /proc/locks).
func flockHeld(fs.FileInfo) (held, known bool) { return false, false }
