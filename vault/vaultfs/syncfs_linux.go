//go:build linux

package vaultfs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

const haveSyncFS = true

// SyncFS makes the paths (files or folders) durable, with everything else
// written to the file systems they are on: one syncfs(2) per file system. A path no longer there is passed over.
func SyncFS(paths []string) error {
	done := map[uint64]bool{}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue // removed since it was written: nothing to keep
		}
		if err != nil {
			return fmt.Errorf("sync %s: %w", p, err)
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok {
			return fmt.Errorf("sync %s: no device number", p)
		}
		if done[uint64(st.Dev)] {
			continue
		}
		f, err := os.Open(p)
		if err != nil {
			return fmt.Errorf("sync %s: %w", p, err)
		}
		err = unix.Syncfs(int(f.Fd()))
		f.Close()
		if err != nil {
			return fmt.Errorf("sync %s: %w", p, err)
		}
		done[uint64(st.Dev)] = true
	}
	return nil
}

// singleLink reports whether fi is a file with one name only: its inode
// may be written in place without another name showing the change.
func singleLink(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && st.Nlink == 1
}
