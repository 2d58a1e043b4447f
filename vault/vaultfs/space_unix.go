//go:build linux || darwin

package vaultfs

import "syscall"

// LowSpace is the free space under which a vault's disk counts as full:
// a commit, a rebuild of the index or a batch may need this much, and
// fail with ENOSPC short of it.
const LowSpace = 100 << 20

// DiskSpace is the space free to this user and the size of the file system
// holding path.
func DiskSpace(path string) (free, total uint64, err error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return 0, 0, err
	}
	return uint64(st.Bavail) * uint64(st.Bsize), uint64(st.Blocks) * uint64(st.Bsize), nil
}
