package vault

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cortex-vault/cortex/vault/doc"
)

// Find returns the vault that start is in: the nearest folder, from start up
// to the file system root, holding a taxonomy.yml file or an observer/
// folder. When there is none, start itself is the vault, so a command run in
// a fresh folder works there, as `git init` does. start is made absolute.
func Find(start string) (Layout, error) {
	abs, err := filepath.Abs(start)
	if err != nil {
		return Layout{}, fmt.Errorf("find vault from %s: %w", start, err)
	}
	if fi, err := os.Stat(abs); err != nil {
		return Layout{}, fmt.Errorf("find vault: %w", err)
	} else if !fi.IsDir() {
		return Layout{}, fmt.Errorf("find vault: %s is not a folder", abs)
	}
	for dir := abs; ; {
		ok, err := isVaultDir(dir)
		if err != nil {
			return Layout{}, fmt.Errorf("find vault from %s: %w", start, err)
		}
		if ok {
			return Layout{Root: dir}, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return Layout{Root: abs}, nil
		}
		dir = parent
	}
}

// isVaultDir reports whether dir holds a vault's marks. A folder that cannot
// be read is an error, not "no vault": walking past a vault we may not look
// into would silently write to the wrong one.
func isVaultDir(dir string) (bool, error) {
	if fi, err := os.Stat(filepath.Join(dir, doc.TaxonomyFile)); err == nil {
		if !fi.IsDir() {
			return true, nil
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return false, err
	}
	fi, err := os.Stat(filepath.Join(dir, "observer"))
	switch {
	case err == nil:
		return fi.IsDir(), nil
	case errors.Is(err, os.ErrNotExist):
		return false, nil
	}
	return false, err
}

// IsVault reports whether dir holds a vault's marks (a taxonomy.yml file or
// an observer/ folder), the test Find applies on its way up.
func IsVault(dir string) (bool, error) { return isVaultDir(dir) }
