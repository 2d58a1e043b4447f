//go:build !linux && !darwin

package gitstore

import "os"

// fillStat records what the portable FileInfo offers; git re-reads a file
// whose other stat fields it cannot match, so the entry stays correct.
func fillStat(e *indexEntry, fi os.FileInfo) {
	fillStatPortable(e, fi)
}
