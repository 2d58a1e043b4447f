//go:build !linux

package gitstore

import (
	"os"
	"path/filepath"
)

// readComm reads the comm of the process whose /proc folder is dir (where
// a /proc has one); false when the process is gone or not readable.
func readComm(dir string, _ []byte) ([]byte, bool) {
	comm, err := os.ReadFile(filepath.Join(dir, "comm"))
	return comm, err == nil
}
