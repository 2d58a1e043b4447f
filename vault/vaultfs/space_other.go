//go:build !(linux || darwin)

package vaultfs

import "errors"

// LowSpace: see space_unix.go.
const LowSpace = 100 << 20

// DiskSpace is not measured on this system.
func DiskSpace(string) (free, total uint64, err error) {
	return 0, 0, errors.New("not measured on this system")
}
