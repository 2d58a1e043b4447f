//go:build !linux

package vault

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// statter stats the files of one folder by their paths.
type statter struct{ dir string }

func newStatter(_ *os.File, dir string) statter { return statter{dir} }

// stat returns the size and modification time of the regular file name;
// ok is false when it is gone or no longer a regular file.
func (s statter) stat(name string) (size, mtimeNS int64, ok bool, err error) {
	fi, err := os.Lstat(filepath.Join(s.dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, err
	}
	if !fi.Mode().IsRegular() {
		return 0, 0, false, nil
	}
	return fi.Size(), fi.ModTime().UnixNano(), true, nil
}
