package vaultfs

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"
)

// syncFSAt is the number of files from which WriteFiles syncs whole
// file systems rather than each file: a syncfs also flushes what other
// programs wrote to the same file system, which costs more than a few
// fsyncs but far less than thousands.
const syncFSAt = 64

// File is one file for WriteFiles.
type File struct {
	Path string
	Data []byte
	// Perm applies to a new file; an existing one keeps its permissions.
	Perm os.FileMode
	// ModTime, when set, is the file's modification time, for a writer
	// that records it before the file is in place.
	ModTime time.Time
	// From, when set, is the file this one replaces at a new path (a
	// move with new bytes, as the sleep cycle's archive): it is gone once
	// WriteFiles returns. Where WriteFiles syncs whole file systems it
	// moves From's own file to the temporary name beside Path first and
	// writes Data into it, rather than making a new file and removing
	// From after: on ext4 a new inode costs up to half a millisecond
	// where many files were deleted lately, and an unlink with `discard`
	// trims the freed block at once. On error From may already be gone:
	// the caller keeps its bytes (the sleep cycle's manifest).
	From string
}

// WriteFiles replaces (or creates) several files the way WriteFile
// replaces one, in less time: the temporary files are
// written and fsynced concurrently (the file system commits those syncs
// together), then renamed into place, and each folder is fsynced once. Each
// file is replaced atomically; the set is not (a crash may leave some files
// new and others old). On error, the files not yet renamed are left as
// they were, but for the old paths of moves (File.From).
//
// From syncFSAt files on, where the system has syncfs(2) (Linux), the
// temporary files are written without a sync each and one syncfs of
// each file system they are on makes all their data durable before the
// first rename, and another after the renames makes the names durable:
// the same order of events as an fsync per file and folder (no rename
// can reach the disk before its file's data), for two journal commits
// instead of one per file.
//
// Every path is checked first, each folder once; one refused leaves all
// the files as they were.
func (r Root) WriteFiles(files []File) error {
	if err := r.checkMany(files); err != nil {
		return err
	}
	bulk := haveSyncFS && len(files) >= syncFSAt
	tmps := make([]string, len(files))
	targets := make([]string, len(files))
	errs := make([]error, len(files))
	// adopted[i]: tmps[i] is files[i].From's own file, moved there.
	adopted := make([]bool, len(files))
	if bulk {
		var moved []string
		for i, f := range files {
			if f.From != "" {
				if tmps[i], adopted[i] = adopt(f.From, f.Path); adopted[i] {
					moved = append(moved, filepath.Dir(f.From))
				}
			}
		}
		// The old names are durably gone before their files' bytes
		// change: a crash never leaves a file at From that holds
		// neither its old bytes nor its new ones.
		if len(moved) > 0 {
			if err := SyncFS(moved); err != nil {
				removeAll(tmps)
				return err
			}
		}
	}
	var wg sync.WaitGroup
	// Concurrency is for overlapping fsyncs; without them (bulk) it only
	// makes the writers contend for their folders' locks in the kernel.
	sem := make(chan struct{}, 16)
	if bulk {
		sem = make(chan struct{}, 1)
	}
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			path, perm := f.Path, f.Perm
			// Only a link at the file itself is written through (a
			// folder's link leads the temporary file and the rename to
			// the same place): one lstat for the usual file.
			fi, err := os.Lstat(path)
			if err == nil && fi.Mode()&os.ModeSymlink != 0 {
				if target, err := filepath.EvalSymlinks(path); err == nil {
					path = target
				}
				fi, err = os.Stat(path)
			}
			if err == nil {
				perm = fi.Mode().Perm()
			}
			targets[i] = path
			if adopted[i] {
				if errs[i] = overwriteFile(tmps[i], f.Data, perm, f.ModTime); errs[i] == nil {
					return
				}
				// A file this process may not write into (read-only,
				// another owner's): its bytes go to a new file, as any
				// other's. Its old name is gone already.
				os.Remove(tmps[i])
			}
			tmps[i], errs[i] = writeTemp(path, f.Data, perm, !bulk, f.ModTime)
		}()
	}
	wg.Wait()
	if bulk && errors.Join(errs...) == nil {
		// The temporary files are in their targets' folders.
		folders := map[string]bool{}
		for _, t := range targets {
			folders[filepath.Dir(t)] = true
		}
		if err := SyncFS(slices.Collect(maps.Keys(folders))); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		removeAll(tmps)
		return err
	}
	dirs := map[string]bool{}
	for i, t := range tmps {
		if err := os.Rename(t, targets[i]); err != nil {
			removeAll(tmps[i:])
			return fmt.Errorf("write %s: %w", targets[i], err)
		}
		dirs[filepath.Dir(targets[i])] = true
	}
	for i, f := range files {
		if f.From != "" && !adopted[i] {
			if err := os.Remove(f.From); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("write %s: %w", targets[i], err)
			}
			dirs[filepath.Dir(f.From)] = true
		}
	}
	if bulk {
		return SyncFS(slices.Collect(maps.Keys(dirs)))
	}
	var dirErrs []error
	for d := range dirs {
		if err := SyncDir(d); err != nil {
			dirErrs = append(dirErrs, err)
		}
	}
	return errors.Join(dirErrs...)
}

// checkMany is Check for every file to write (and every file a move
// leaves), with each folder on the way looked at once: a batch of a
// thousand memories in a few folders costs a few lstats more than the
// writes themselves.
func (r Root) checkMany(files []File) error {
	if r.dir == "" {
		return nil // Outside
	}
	known := map[string]bool{}
	for _, f := range files {
		for _, p := range []string{f.Path, f.From} {
			if p == "" {
				continue
			}
			rel, err := r.rel(p)
			if err == nil {
				err = r.check(rel, known)
			}
			if err != nil {
				return fmt.Errorf("write %s: %w", p, err)
			}
		}
	}
	return nil
}

// adopt moves the file at from to a temporary name beside path, for
// WriteFiles to write path's bytes into, and returns that name. It does
// so only for a regular file with no other name (whose inode may change
// without another name showing it), by a link and an unlink, so that no
// file of that name is ever replaced; false leaves from as it was.
func adopt(from, path string) (string, bool) {
	if _, err := os.Lstat(path); err == nil {
		return "", false // not a move to a free path: written as any other
	}
	fi, err := os.Lstat(from)
	if err != nil || !fi.Mode().IsRegular() || !singleLink(fi) {
		return "", false
	}
	for range 10 {
		tmp := filepath.Join(filepath.Dir(path), tempPrefix(path)+strconv.FormatUint(uint64(rand.Uint32()), 10))
		err := os.Link(from, tmp)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", false
		}
		if err := os.Remove(from); err != nil {
			os.Remove(tmp)
			return "", false
		}
		return tmp, true
	}
	return "", false
}

// overwriteFile is overwrite; tests make it fail.
var overwriteFile = overwrite

// overwrite replaces the bytes of the file tmp (one adopt moved) with
// data, its permissions with perm and its modification time with mtime
// (unless zero). The file's blocks are written over, not freed.
func overwrite(tmp string, data []byte, perm os.FileMode, mtime time.Time) error {
	f, err := os.OpenFile(tmp, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("write %s: %w", tmp, err)
	}
	fail := func(err error) error {
		f.Close()
		return fmt.Errorf("write %s: %w", tmp, err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Truncate(int64(len(data))); err != nil {
		return fail(err)
	}
	if err := f.Chmod(perm); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", tmp, err)
	}
	if !mtime.IsZero() {
		if err := os.Chtimes(tmp, time.Time{}, mtime); err != nil {
			return fmt.Errorf("write %s: %w", tmp, err)
		}
	}
	return nil
}

// removeAll removes the temporary files named in tmps.
func removeAll(tmps []string) {
	for _, t := range tmps {
		if t != "" {
			os.Remove(t)
		}
	}
}

// RemoveFiles is Remove for many files: every path is checked first, the
// folders above them once for the whole set (a sleep's archive removes
// thousands of files from a few dozen folders), and none is removed when
// one is refused. A path already gone is passed over.
func (r Root) RemoveFiles(paths []string) error {
	if r.dir != "" {
		known := map[string]bool{}
		for _, p := range paths {
			rel, err := r.rel(p)
			if err == nil {
				err = r.check(rel, known)
			}
			if err != nil {
				return fmt.Errorf("remove %s: %w", p, err)
			}
		}
	}
	for _, p := range paths {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}
