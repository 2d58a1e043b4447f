package index

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

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
	Removed   int // rows deleted (refresh and update only)
	Errors    int // files that could not be read as documents
	Edges     int // edges written
	Dangling  int // of those, links and references no document answers
	// Relinked is the number of edges of unchanged documents resolved
	// again because they may name a document that changed (refresh and
	// update only).
	Relinked int
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

// walked is a file found by a walk, numbered in walk order.
type walked struct {
	seq  int
	rel  string
	info fs.FileInfo
}

// parseAll reads and parses the files sent on in across every core and
// sends their records on out, closing it when in is closed and drained (or
// ctx is done). Records leave in no particular order.
func parseAll(ctx context.Context, l vault.Layout, tax *vault.Taxonomy, in <-chan walked, out chan<- parsed) {
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range in {
				select {
				case out <- parsed{it.seq, readRecord(l, it.rel, it.info, tax)}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(out) }()
}

type parsed struct {
	seq int
	rec *record
}

// linkable is what a rebuild keeps of a document once its row is written:
// the names it answers links by and its edges to write, not its text.
type linkable struct {
	rowid     int64
	path, id  string
	titleKey  string
	aliasKeys []string
	refs      []ref
}

func build(ctx context.Context, db *sql.DB, l vault.Layout, opts RebuildOptions) (RebuildStats, error) {
	var stats RebuildStats
	if _, err := db.ExecContext(ctx, schema); err != nil {
		return stats, fmt.Errorf("rebuild index: schema: %w", err)
	}
	if _, err := db.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion)); err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	ig, err := vault.LoadIgnore(l)
	if err != nil {
		return stats, err
	}
	tax, err := vault.LoadTaxonomy(l.Root)
	if err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	work := make(chan walked, 256)
	out := make(chan parsed, 256)
	var walkErr error
	var found atomic.Int64
	go func() {
		defer close(work)
		walkErr = vault.Walk(l, ig, func(rel string, d fs.DirEntry) error {
			info, err := d.Info()
			if err != nil {
				return err
			}
			seq := int(found.Add(1))
			select {
			case work <- walked{seq, rel, info}:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
	}()
	parseAll(ctx, l, tax, work, out)

	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	defer tx.Rollback()
	w, err := newWriter(ctx, tx)
	if err != nil {
		return stats, err
	}
	defer w.close()
	var docs []linkable
	for p := range out {
		r := p.rec
		// The walk's order numbers the rows, so that two rebuilds of one
		// tree give the same rowids.
		rowid := int64(p.seq)
		if _, err := w.put(ctx, rowid, r); err != nil {
			return stats, err
		}
		docs = append(docs, linkable{rowid: rowid, path: r.doc.Path, id: r.doc.ID,
			titleKey: r.titleKey, aliasKeys: r.aliasKeys, refs: r.refs})
		stats.Documents++
		if r.doc.ParseError != "" {
			stats.Errors++
		}
		if opts.Progress != nil && stats.Documents%512 == 0 {
			opts.Progress(stats.Documents, int(found.Load()))
		}
	}
	if walkErr != nil {
		return stats, walkErr
	}
	if err := ctx.Err(); err != nil {
		return stats, err
	}

	slices.SortFunc(docs, func(a, b linkable) int { return cmp.Compare(a.rowid, b.rowid) })
	lk := newFullLinker(len(docs))
	names := make([]vault.Linkable, len(docs))
	for i, d := range docs {
		lk.add(d.rowid, d.path, d.id)
		names[i] = vault.Linkable{Path: d.path, Title: d.titleKey, Aliases: d.aliasKeys}
	}
	lk.res = vault.NewLinkResolver(names)
	for _, d := range docs {
		n, dangling, err := w.edges(ctx, d.rowid, &record{doc: Doc{Path: d.path}, refs: d.refs}, lk)
		if err != nil {
			return stats, err
		}
		stats.Edges += n
		stats.Dangling += dangling
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO meta (key, value) VALUES ('decay_rates', ?)", decaySignature(tax)); err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
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
// files that changed (in parallel), dropping the rows of files that are
// gone, and resolving again only the links that may name what changed.
func (ix *Index) Refresh(ctx context.Context) (RebuildStats, error) {
	type stamp struct{ size, mtime int64 }
	rows, err := ix.db.QueryContext(ctx, "SELECT path, size, mtime_ns FROM documents")
	if err != nil {
		return RebuildStats{}, fmt.Errorf("refresh index: %w", err)
	}
	known := map[string]stamp{}
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
	tax, err := vault.LoadTaxonomy(ix.l.Root)
	if err != nil {
		return RebuildStats{}, fmt.Errorf("refresh index: %w", err)
	}
	var changed []walked
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
		changed = append(changed, walked{len(changed), rel, info})
		return ctx.Err()
	})
	if err != nil {
		return RebuildStats{}, fmt.Errorf("refresh index: %w", err)
	}
	gone := make([]string, 0, len(known))
	for p := range known {
		gone = append(gone, p)
	}
	slices.Sort(gone)

	recs := make([]*record, len(changed))
	if len(changed) > 0 {
		work := make(chan walked, len(changed))
		for _, c := range changed {
			work <- c
		}
		close(work)
		out := make(chan parsed, 64)
		parseAll(ctx, ix.l, tax, work, out)
		for p := range out {
			recs[p.seq] = p.rec
		}
		if err := ctx.Err(); err != nil {
			return RebuildStats{}, err
		}
	}
	return ix.apply(ctx, recs, gone, tax)
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
