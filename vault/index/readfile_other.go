//go:build !unix

package index

import (
	"io"
	"os"
)

// readFileInto reads the file at path into buf and returns its bytes.
func readFileInto(path string, _ int64, buf []byte) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return buf[:0], err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxFileBytes))
}
