//go:build !linux

package vault

import (
	"fmt"
	"os"
)

// haveSyncFS: without syncfs(2), WriteFilesAtomic fsyncs every file and
// folder, concurrently.
const haveSyncFS = false

// syncFS makes the paths (files or folders) durable, one fsync each.
func syncFS(paths []string) error {
	for _, p := range paths {
		f, err := os.Open(p)
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
