//go:build !unix

package rules

import "os"

// readFile reads the file at abs (size is a hint, unused here).
func readFile(abs string, _ int64) ([]byte, error) { return os.ReadFile(abs) }
