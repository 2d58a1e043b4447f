package index

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/cortex-vault/cortex/vault"
)

// RebuildOptions tune Rebuild.
type RebuildOptions struct {
	Logger *slog.Logger
	// Progress, when set, is called now and then with the number of files
	// read so far and the number found by the walk so far.
	Progress func(done, found int)
}

// RebuildStats says what a rebuild or refresh did.
type RebuildStats struct {
	Documents int // rows written
	Removed   int // rows deleted (refresh only)
	Errors    int // files that could not be read as documents
}

// Rebuild builds the index from the working tree from scratch into a new
// file, then swaps it in with a rename: readers see the old index or the new
// one, never half of one.
func Rebuild(ctx context.Context, l vault.Layout, opts RebuildOptions) error {
	_, err := RebuildStatsOf(ctx, l, opts)
	return err
}

// RebuildStatsOf is Rebuild that also reports what it wrote.
func RebuildStatsOf(ctx context.Context, l vault.Layout, opts RebuildOptions) (RebuildStats, error) {
	final := l.IndexDB()
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return RebuildStats{}, fmt.Errorf("rebuild index: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(final), "index.db.new-*")
	if err != nil {
		return RebuildStats{}, fmt.Errorf("rebuild index: %w", err)
	}
	tmpPath := tmp.Name()
	tmp.Close()
	defer os.Remove(tmpPath)
	defer os.Remove(tmpPath + "-journal")

	db, err := openDB(tmpPath)
	if err != nil {
		return RebuildStats{}, err
	}
	stats, err := build(ctx, db, l, opts)
	if cerr := db.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("rebuild index: %w", cerr)
	}
	if err != nil {
		return stats, err
	}
	if err := syncFile(tmpPath); err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	// A journal left by a crashed writer belongs to the old file; it must not
	// be replayed into the new one.
	os.Remove(final + "-journal")
	if err := os.Rename(tmpPath, final); err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	if err := vault.SyncDir(filepath.Dir(final)); err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	return stats, nil
}

func build(ctx context.Context, db *sql.DB, l vault.Layout, opts RebuildOptions) (RebuildStats, error) {
	if _, err := db.ExecContext(ctx, schema); err != nil {
		return RebuildStats{}, fmt.Errorf("rebuild index: schema: %w", err)
	}
	if _, err := db.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion)); err != nil {
		return RebuildStats{}, fmt.Errorf("rebuild index: %w", err)
	}
	ig, err := vault.LoadIgnore(l)
	if err != nil {
		return RebuildStats{}, err
	}
	type item struct {
		rel  string
		info fs.FileInfo
	}
	work := make(chan item, 256)
	out := make(chan Doc, 256)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	var walkErr error
	var found int
	var mu sync.Mutex // guards found for the progress callback
	go func() {
		defer close(work)
		walkErr = vault.Walk(l, ig, func(rel string, d fs.DirEntry) error {
			info, err := d.Info()
			if err != nil {
				return err
			}
			mu.Lock()
			found++
			mu.Unlock()
			select {
			case work <- item{rel, info}:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
	}()
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range work {
				select {
				case out <- readDoc(l, it.rel, it.info):
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(out) }()

	var stats RebuildStats
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	defer tx.Rollback()
	batch := make([]Doc, 0, 512)
	flush := func() error {
		err := insertDocs(ctx, tx, batch)
		batch = batch[:0]
		return err
	}
	for d := range out {
		stats.Documents++
		if d.ParseError != "" {
			stats.Errors++
		}
		batch = append(batch, d)
		if len(batch) == cap(batch) {
			if err := flush(); err != nil {
				return stats, err
			}
			if opts.Progress != nil {
				mu.Lock()
				f := found
				mu.Unlock()
				opts.Progress(stats.Documents, f)
			}
		}
	}
	if err := flush(); err != nil {
		return stats, err
	}
	if walkErr != nil {
		return stats, walkErr
	}
	if err := ctx.Err(); err != nil {
		return stats, err
	}
	if opts.Progress != nil {
		opts.Progress(stats.Documents, stats.Documents)
	}
	if err := tx.Commit(); err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	return stats, nil
}

// Refresh brings the index in step with the working tree: a walk compared
// with the indexed paths by size and modification time, re-reading only the
// files that changed and dropping the rows of files that are gone.
func (ix *Index) Refresh(ctx context.Context) (RebuildStats, error) {
	type stamp struct{ size, mtime int64 }
	known := map[string]stamp{}
	rows, err := ix.db.QueryContext(ctx, "SELECT path, size, mtime_ns FROM documents")
	if err != nil {
		return RebuildStats{}, fmt.Errorf("refresh index: %w", err)
	}
	for rows.Next() {
		var p string
		var s stamp
		if err := rows.Scan(&p, &s.size, &s.mtime); err != nil {
			rows.Close()
			return RebuildStats{}, fmt.Errorf("refresh index: %w", err)
		}
		known[p] = s
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return RebuildStats{}, fmt.Errorf("refresh index: %w", err)
	}

	ig, err := vault.LoadIgnore(ix.l)
	if err != nil {
		return RebuildStats{}, err
	}
	var changed []Doc
	var stats RebuildStats
	err = vault.Walk(ix.l, ig, func(rel string, d fs.DirEntry) error {
		info, err := d.Info()
		if err != nil {
			return err
		}
		s, ok := known[rel]
		delete(known, rel)
		if ok && s.size == info.Size() && s.mtime == info.ModTime().UnixNano() {
			return nil
		}
		doc := readDoc(ix.l, rel, info)
		if doc.ParseError != "" {
			stats.Errors++
		}
		changed = append(changed, doc)
		return ctx.Err()
	})
	if err != nil {
		return stats, fmt.Errorf("refresh index: %w", err)
	}
	gone := make([]string, 0, len(known))
	for p := range known {
		gone = append(gone, p)
	}
	stats.Documents, stats.Removed = len(changed), len(gone)
	return stats, ix.apply(ctx, changed, gone)
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
