//go:build !linux

package gitstore

import "io/fs"

// FlockHeld cannot tell here (no /proc/locks): known is false.
func FlockHeld(fs.FileInfo) (held, known bool) { return false, false }
