package vaultfs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// WriteFile replaces (or creates) the file at path with data so that a
// crash leaves either the old content or the new, never a mix: a temporary
// file in the same folder, fsync, rename over path, fsync the folder. An
// existing file keeps its permissions (perm applies to a new one), and a
// symbolic link that stays inside the vault is written through, not
// replaced by a regular file.
func (r Root) WriteFile(path string, data []byte, perm os.FileMode) error {
	if err := r.Check(path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	if fi, err := os.Stat(path); err == nil {
		perm = fi.Mode().Perm()
	}
	tmp, err := writeTemp(path, data, perm, true, time.Time{})
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return SyncDir(filepath.Dir(path))
}

// CreateFile writes a new file at path like WriteFile, but never
// replaces one: when path exists — even if it appeared a moment ago, written
// by a person or another process — it is left alone and the error wraps
// fs.ErrExist. The complete file appears at path in one step (a hard link of
// the synced temporary file), so no reader ever sees it half written.
func (r Root) CreateFile(path string, data []byte, perm os.FileMode) error {
	_, err := r.create(path, data, perm, true)
	return err
}

// CreateFileUnsynced is CreateFile for a batch that flushes its files
// together afterwards (SyncFS): the file still appears whole at path — a
// kill leaves it complete or absent, never empty — but neither it nor its
// folder is synced here. It returns the file's mtime as written.
func (r Root) CreateFileUnsynced(path string, data []byte, perm os.FileMode) (time.Time, error) {
	return r.create(path, data, perm, false)
}

func (r Root) create(path string, data []byte, perm os.FileMode, sync bool) (time.Time, error) {
	if err := r.Check(path); err != nil {
		return time.Time{}, fmt.Errorf("create %s: %w", path, err)
	}
	tmp, err := writeTemp(path, data, perm, sync, time.Time{})
	if err != nil {
		return time.Time{}, err
	}
	defer os.Remove(tmp)
	fi, err := os.Lstat(tmp)
	if err != nil {
		return time.Time{}, fmt.Errorf("create %s: %w", path, err)
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return time.Time{}, fmt.Errorf("create %s: %w", path, fs.ErrExist)
		}
		// Some file systems have no hard links: fall back to a rename, which
		// could only replace a file created in the instant since this check.
		if _, lerr := os.Lstat(path); lerr == nil {
			return time.Time{}, fmt.Errorf("create %s: %w", path, fs.ErrExist)
		}
		if err := os.Rename(tmp, path); err != nil {
			return time.Time{}, fmt.Errorf("create %s: %w", path, err)
		}
	}
	if !sync {
		return fi.ModTime(), nil
	}
	return fi.ModTime(), SyncDir(filepath.Dir(path))
}

// writeTemp writes data to a new temporary file next to path, synced when
// sync is set, with mtime as its modification time unless that is zero,
// and returns its name. The name starts with a dot: were a crash to leave it
// behind, it is never read as memory.
func writeTemp(path string, data []byte, perm os.FileMode, sync bool, mtime time.Time) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), tempPrefix(path)+"*")
	if err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	fail := func(err error) (string, error) {
		f.Close()
		os.Remove(tmp)
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Chmod(perm); err != nil {
		return fail(err)
	}
	if !mtime.IsZero() {
		if err := os.Chtimes(tmp, time.Time{}, mtime); err != nil {
			return fail(err)
		}
	}
	if sync {
		if err := f.Sync(); err != nil {
			return fail(err)
		}
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return tmp, nil
}

// tempPrefix is how the names of path's temporary files begin; os.CreateTemp
// ends them with a decimal number.
func tempPrefix(path string) string { return "." + filepath.Base(path) + ".tmp-" }

// TempPattern is the os.CreateTemp pattern of path's temporary files, for a
// writer of its own (the memorizer's): what it leaves is then what IsTempOf
// and RemoveTempsOf recognise.
func TempPattern(path string) string { return tempPrefix(path) + "*" }

// IsTempOf reports whether name, a file in path's folder, is a temporary
// file WriteFile or CreateFile made for path — what a kill -9 in the middle
// of an atomic write leaves behind. Only that exact shape matches, so that
// a settling run never takes a person's file for one of ours.
func IsTempOf(path, name string) bool {
	rest, ok := strings.CutPrefix(name, tempPrefix(path))
	if !ok || rest == "" {
		return false
	}
	for _, r := range rest {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// RemoveTempsOf removes the temporary files IsTempOf recognises for path:
// what killed atomic writes of path left. The caller knows no writer of
// path is alive (it holds the lock under which alone path is written). A
// file another settling run removed a moment ago is not an error. It
// returns the files removed.
func (r Root) RemoveTempsOf(path string) ([]string, error) {
	dir := filepath.Dir(path)
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, e := range ents {
		if !e.Type().IsRegular() || !IsTempOf(path, e.Name()) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if err := r.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, err
		}
		removed = append(removed, p)
	}
	return removed, nil
}

// SyncDir fsyncs a folder so that the names created or renamed in it survive
// a crash.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	defer d.Close()
	// Some systems (and Windows) refuse to sync a folder; the rename itself
	// is done either way.
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, errors.ErrUnsupported) {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}

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
