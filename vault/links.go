package vault

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// LinkError says that a vault path goes through a symbolic link (or that
// one of its folders is a file): Cortex never writes, moves or deletes
// through a link, nor replaces one, since a link may point anywhere — out
// of the vault included — and git stores links, so a shared vault can
// carry one.
type LinkError struct {
	// Path is the vault path that was to be touched (slash-separated).
	Path string
	// Link is the vault path of the link (or the file) in its way.
	Link string
	// Target is what the link points to ("" for a file in the way).
	Target string
}

func (e *LinkError) Error() string {
	if e.Target == "" {
		return fmt.Sprintf("%s is not a folder, so %s cannot be written", e.Link, e.Path)
	}
	if e.Link == e.Path {
		return fmt.Sprintf("%s is a symbolic link (to %s): Cortex never writes through or replaces a link", e.Link, e.Target)
	}
	return fmt.Sprintf("%s is a symbolic link (to %s): Cortex never writes %s through it", e.Link, e.Target, e.Path)
}

// CheckNoLink checks, before rel (a slash-separated vault path) is written,
// moved or deleted, that neither rel nor any folder on the way to it is a
// symbolic link, and that every folder on the way that exists is a folder.
// Folders that do not exist yet are fine: they are created as real ones.
// The answer is a *LinkError, or an error reading the file system.
func (l Layout) CheckNoLink(rel string) error {
	rel = strings.Trim(filepath.ToSlash(rel), "/")
	for i := 0; i <= len(rel); i++ {
		if i < len(rel) && rel[i] != '/' {
			continue
		}
		part := rel[:i]
		fi, err := os.Lstat(l.Path(filepath.FromSlash(part)))
		if errors.Is(err, fs.ErrNotExist) {
			return nil // nothing below a missing folder exists
		}
		if err != nil {
			return fmt.Errorf("check %s: %w", rel, err)
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(l.Path(filepath.FromSlash(part)))
			if target == "" {
				target = "?"
			}
			return &LinkError{Path: rel, Link: part, Target: target}
		}
		if i < len(rel) && !fi.IsDir() {
			return &LinkError{Path: rel, Link: part}
		}
	}
	return nil
}
