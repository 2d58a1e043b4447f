package vaultfs

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// The operations below are the os package's, each refused (before it
// touches anything) when Check refuses its path. Errors of the operation
// itself are the os package's own, so errors.Is(err, fs.ErrNotExist) and
// the like work as they do on os.

// guard checks path for op.
func (r Root) guard(op, path string) error {
	if err := r.Check(path); err != nil {
		return fmt.Errorf("%s %s: %w", op, path, err)
	}
	return nil
}

// Mkdir is os.Mkdir inside the vault.
func (r Root) Mkdir(path string, perm os.FileMode) error {
	if err := r.guard("mkdir", path); err != nil {
		return err
	}
	return os.Mkdir(path, perm)
}

// MkdirAll is os.MkdirAll inside the vault.
func (r Root) MkdirAll(path string, perm os.FileMode) error {
	if err := r.guard("mkdir", path); err != nil {
		return err
	}
	return os.MkdirAll(path, perm)
}

// Rename is os.Rename inside the vault: both names are checked.
func (r Root) Rename(from, to string) error {
	if err := r.guard("rename", from); err != nil {
		return err
	}
	if err := r.guard("rename", to); err != nil {
		return err
	}
	return os.Rename(from, to)
}

// Link is os.Link (a hard link) inside the vault: both names are checked.
func (r Root) Link(from, to string) error {
	if err := r.guard("link", from); err != nil {
		return err
	}
	if err := r.guard("link", to); err != nil {
		return err
	}
	return os.Link(from, to)
}

// Remove is os.Remove inside the vault.
func (r Root) Remove(path string) error {
	if err := r.guard("remove", path); err != nil {
		return err
	}
	return os.Remove(path)
}

// RemoveAll is os.RemoveAll inside the vault. Links below path are removed,
// not followed (os.RemoveAll's own rule).
func (r Root) RemoveAll(path string) error {
	if err := r.guard("remove", path); err != nil {
		return err
	}
	return os.RemoveAll(path)
}

// OpenFile is os.OpenFile inside the vault, for a file opened to be
// written, appended or created. (Reading needs no room.)
func (r Root) OpenFile(path string, flag int, perm os.FileMode) (*os.File, error) {
	if err := r.guard("open", path); err != nil {
		return nil, err
	}
	return os.OpenFile(path, flag, perm)
}

// CreateTemp is os.CreateTemp in the vault's folder dir.
func (r Root) CreateTemp(dir, pattern string) (*os.File, error) {
	if err := r.guard("create", dir); err != nil {
		return nil, err
	}
	return os.CreateTemp(dir, pattern)
}

// Truncate is os.Truncate inside the vault.
func (r Root) Truncate(path string, size int64) error {
	if err := r.guard("truncate", path); err != nil {
		return err
	}
	return os.Truncate(path, size)
}

// Chtimes is os.Chtimes inside the vault.
func (r Root) Chtimes(path string, atime, mtime time.Time) error {
	if err := r.guard("chtimes", path); err != nil {
		return err
	}
	return os.Chtimes(path, atime, mtime)
}

// Flock returns the lock on the lock file at path (created with perm when
// taken), once path is checked: taking a lock creates its file.
func (r Root) Flock(path string, perm os.FileMode) (*flock.Flock, error) {
	if err := r.guard("lock", path); err != nil {
		return nil, err
	}
	return flock.New(path, flock.SetPermissions(perm)), nil
}

// FlockIn is Flock for a lock file whose folder may not exist yet: the
// folder is made first, as MkdirAll makes it.
func (r Root) FlockIn(path string, perm os.FileMode) (*flock.Flock, error) {
	if err := r.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	return r.Flock(path, perm)
}

// Chmod is os.Chmod inside the vault.
func (r Root) Chmod(path string, mode os.FileMode) error {
	if err := r.guard("chmod", path); err != nil {
		return err
	}
	return os.Chmod(path, mode)
}

// Unlink removes the file or the symbolic link at path itself — a link is
// never followed, so whatever it points to, inside the vault or outside,
// stays as it is — or an empty folder. Only the folders on path's way are
// checked: removing a link to outside (one a merge deletes, as git's
// checkout would) writes nothing outside; writing through it would.
func (r Root) Unlink(path string) error {
	if r.dir == "" {
		return os.Remove(path)
	}
	rel, err := r.rel(path)
	if err != nil {
		return fmt.Errorf("remove %s: %w", path, err)
	}
	if rel == "" {
		return fmt.Errorf("remove %s: the vault's own folder is never removed", path)
	}
	if err := r.guard("remove", filepath.Dir(filepath.Clean(path))); err != nil {
		return err
	}
	return os.Remove(path)
}
