package vault

import "fmt"

// IsVault reports whether dir holds a vault's marks (a taxonomy.yml file or
// an observer/ folder), the test Find applies on its way up.
func IsVault(dir string) (bool, error) { return isVaultDir(dir) }

// TooLargeProblem is the problem of a file of size bytes, over
// MaxDocumentSize, found without reading it (a staged blob, a file on disk):
// the problem Parse reports when given its content.
func TooLargeProblem(rel string, size int64) Problem {
	return Problem{Path: rel, Msg: fmt.Sprintf("file is %s; a memory document may be at most %s",
		sizeString(int(min(size, 1<<50))), sizeString(MaxDocumentSize))}
}
