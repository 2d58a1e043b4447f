package index

import (
	"errors"
	"syscall"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// IsDiskFull reports whether err says that the disk, or the user's quota
// on it, is full: ENOSPC or EDQUOT from the system, SQLITE_FULL from the
// index. Such a failure passes once space is freed, so a daemon waits and
// tries again rather than exiting.
func IsDiskFull(err error) bool {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return true
	}
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_FULL
}
