//go:build !linux

package observer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// syncFiles makes the data of files written without fsync durable, one
// fsync each where the system has no syncfs(2). A file no longer there
// (removed by a rollback) needs none.
func syncFiles(_ string, paths []string) error {
	for _, p := range paths {
		f, err := os.Open(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue // removed by a rollback
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
