//go:build !linux

package rules

import (
	"io/fs"
	"time"
)

// changeTime is unknown here: the write reads every file again.
func changeTime(fs.FileInfo) (time.Time, bool) { return time.Time{}, false }
