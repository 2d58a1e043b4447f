//go:build !(linux || darwin)

package hooks

import (
	"fmt"
	"io"
	"os"
)

// readDocFile reads the regular file at p for checking: its content (nil
// when over limit bytes, then only the size is known), its size and its
// modification time. A symbolic link is refused, as the walk refuses it.
func readDocFile(p string, limit int64) (data []byte, size, mtime int64, err error) {
	if fi, err := os.Lstat(p); err != nil {
		return nil, 0, 0, err
	} else if !fi.Mode().IsRegular() {
		return nil, 0, 0, fmt.Errorf("%s: not a regular file", p)
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, 0, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, 0, err
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, 0, fmt.Errorf("%s: not a regular file", p)
	}
	if fi.Size() > limit {
		return nil, fi.Size(), fi.ModTime().UnixNano(), nil
	}
	data, err = io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, 0, 0, err
	}
	if int64(len(data)) > limit {
		return nil, int64(len(data)), fi.ModTime().UnixNano(), nil
	}
	return data, int64(len(data)), fi.ModTime().UnixNano(), nil
}
