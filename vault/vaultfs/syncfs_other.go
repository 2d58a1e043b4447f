//go:build !linux

package vaultfs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// haveSyncFS: without syncfs(2), WriteFiles fsyncs every file and
// folder, concurrently.
const haveSyncFS = false

// SyncFS makes the paths (files or folders) durable, one fsync each. A path no longer there is passed over.
func SyncFS(paths []string) error {
	for _, p := range paths {
		f, err := os.Open(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue // removed since it was written: nothing to keep
		}
		if err != nil {
			return fmt.Errorf("sync %s: %w", p, err)
		}
		err = f.Sync()
		f.Close()
		if err != nil {
			return fmt.Errorf("sync %s: %w", p, err)
		}
	}
	return nil
}

// singleLink: WriteFiles writes into a moved file's inode only where it
// syncs whole file systems (Linux).
func singleLink(fs.FileInfo) bool { return false }
