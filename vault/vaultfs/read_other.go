//go:build !unix

package vaultfs

import (
	"io"
	"os"
)

// ReadInto reads the file at path and returns its bytes: at most limit of
// them when limit > 0 (size, buf and noFollow are for the unix version).
func ReadInto(path string, _ int64, _ []byte, limit int, _ bool) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if limit > 0 {
		r = io.LimitReader(f, int64(limit))
	}
	return io.ReadAll(r)
}
