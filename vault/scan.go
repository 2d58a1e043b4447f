package vault

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/cortex-vault/cortex/vault/doc"
)

// Found is a memory document found by Scan, with what its stat says.
type Found struct {
	Rel     string // vault-relative, slash-separated
	Size    int64
	MtimeNS int64 // modification time, Unix nanoseconds
}

// ScanOptions tune Scan.
type ScanOptions struct {
	// Unmatched leaves files unmatched against .cortexignore's patterns
	// (folders are still matched, and dot-names always skipped): for a
	// caller that already knows the decision for most paths, made under
	// patterns of the same Hash, and calls Ignored for the others.
	Unmatched bool
}

// Scan finds what Walk finds, in Walk's order, with each file's size and
// modification time: the folders are read and the files stat'ed by
// several goroutines, each stat relative to its open folder. It is what a
// refresh needs of the tree. A file or folder removed while it runs is left
// out; a missing memory folder is not an error.
func Scan(ctx context.Context, l Layout, ig *Ignore, opts ScanOptions) ([]Found, error) {
	s := &scanner{ctx: ctx, ig: ig, match: !opts.Unmatched,
		sem: make(chan struct{}, 2*runtime.GOMAXPROCS(0))}
	roots := make([]*scanDir, len(doc.MemoryDirs))
	for i, top := range doc.MemoryDirs {
		roots[i] = s.spawn(l.Path(top), top, true)
	}
	s.wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := errors.Join(s.errs...); err != nil {
		return nil, err
	}
	out := make([]Found, 0, s.files)
	for _, d := range roots {
		out = d.flatten(out)
	}
	return out, nil
}

type scanner struct {
	ctx   context.Context
	ig    *Ignore
	match bool
	sem   chan struct{}
	wg    sync.WaitGroup
	mu    sync.Mutex
	errs  []error
	files int
}

// scanDir is one folder read by Scan: its files and subfolders in name
// order, as WalkDir visits them.
type scanDir struct {
	items []scanItem
}

type scanItem struct {
	file Found
	dir  *scanDir // nil for a file
}

func (d *scanDir) flatten(out []Found) []Found {
	for _, it := range d.items {
		if it.dir != nil {
			out = it.dir.flatten(out)
		} else {
			out = append(out, it.file)
		}
	}
	return out
}

// spawn reads the folder at abs (rel in the vault) on a goroutine of its
// own, at most cap(sem) at a time.
func (s *scanner) spawn(abs, rel string, top bool) *scanDir {
	d := &scanDir{}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		select {
		case s.sem <- struct{}{}:
		case <-s.ctx.Done():
			return
		}
		err := s.read(d, abs, rel, top)
		<-s.sem
		if err != nil {
			s.mu.Lock()
			s.errs = append(s.errs, err)
			s.mu.Unlock()
		}
	}()
	return d
}

func (s *scanner) read(d *scanDir, abs, rel string, top bool) error {
	f, err := os.Open(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // a missing memory folder, or one removed meanwhile
	}
	if err != nil {
		return fmt.Errorf("walk %s: %w", abs, err)
	}
	defer f.Close()
	if top {
		// As Walk: the memory folder itself must be a folder, not a link.
		if fi, err := os.Lstat(abs); err != nil || !fi.IsDir() {
			return nil
		}
	}
	entries, err := f.ReadDir(-1)
	if err != nil {
		return fmt.Errorf("walk %s: %w", abs, err)
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	st := newStatter(f, abs)
	n := 0
	for _, e := range entries {
		name := e.Name()
		if name[0] == '.' {
			continue // a dot-name: every path under it is ignored too
		}
		sub := rel + "/" + name
		switch {
		case e.IsDir():
			if s.ig.Ignored(sub + "/") {
				continue
			}
			d.items = append(d.items, scanItem{dir: s.spawn(abs+string(filepath.Separator)+name, sub, false)})
		case e.Type().IsRegular() && strings.HasSuffix(name, ".md"):
			if s.match && s.ig.Ignored(sub) {
				continue
			}
			size, mtime, ok, err := st.stat(name)
			if err != nil {
				return fmt.Errorf("walk %s: %w", sub, err)
			}
			if ok {
				d.items = append(d.items, scanItem{file: Found{Rel: sub, Size: size, MtimeNS: mtime}})
				n++
			}
		}
		if s.ctx.Err() != nil {
			return nil
		}
	}
	s.mu.Lock()
	s.files += n
	s.mu.Unlock()
	return nil
}
