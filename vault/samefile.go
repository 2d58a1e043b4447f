package vault

import "os"

// SameFile reports whether the paths a and b name one file (os.SameFile of
// what they resolve to); false when either cannot be read.
func SameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
