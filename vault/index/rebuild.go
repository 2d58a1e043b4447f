package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// RebuildOptions tune Rebuild.
type RebuildOptions struct {
	Logger *slog.Logger
	// Progress, when set, is called now and then with the number of files
	// read so far and the number found by the walk so far.
	Progress func(done, found int)
	// Stage, when set, is told what the rebuild does once every file is
	// read — RebuildResolving, RebuildSorting, RebuildFinishing — work
	// with no count to show that takes, in a large vault, about as long
	// again as the reading.
	Stage func(stage string)
}

// The stages of a rebuild after the files are read (RebuildOptions.Stage).
const (
	RebuildResolving = "resolving links"
	RebuildSorting   = "sorting indexes"
	RebuildFinishing = "finishing the full text"
)

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
	dir := filepath.Dir(final)
	vfs := l.FS()
	if err := vfs.MkdirAll(dir, 0o755); err != nil {
		return RebuildStats{}, fmt.Errorf("rebuild index: %w", err)
	}
	removeStale(vfs, dir)
	removeOlderSchemas(vfs, dir)
	name := filepath.Base(final)
	tmpPath, err := tempFile(vfs, dir, name+".new-*")
	if err != nil {
		return RebuildStats{}, err
	}
	defer vfs.Remove(tmpPath)
	textPath, err := tempFile(vfs, dir, name+".text-*")
	if err != nil {
		return RebuildStats{}, err
	}
	defer vfs.Remove(textPath)

	stats, err := build(ctx, tmpPath, textPath, l, opts)
	if err != nil {
		return stats, err
	}
	if err := syncFile(vfs, tmpPath); err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	// A journal left by a crashed writer belongs to the old file; it must not
	// be replayed into the new one.
	vfs.Remove(final + "-journal")
	if err := vfs.Rename(tmpPath, final); err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	if err := vaultfs.SyncDir(dir); err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	return stats, nil
}

func tempFile(vfs vaultfs.Root, dir, pattern string) (string, error) {
	f, err := vfs.CreateTemp(dir, pattern)
	if err != nil {
		return "", fmt.Errorf("rebuild index: %w", err)
	}
	f.Close()
	return f.Name(), nil
}

// staleAfter is the age from which a rebuild's temporary file is taken
// for the leftover of a rebuild that was killed: a rebuild of 100,000
// documents takes well under a minute.
const staleAfter = time.Hour

// removeStale deletes what killed rebuilds left in dir, of any schema.
func removeStale(vfs vaultfs.Root, dir string) {
	for _, pat := range []string{"index.*.new-*", "index.*.text-*"} {
		names, _ := filepath.Glob(filepath.Join(dir, pat))
		for _, n := range names {
			if fi, err := os.Stat(n); err == nil && time.Since(fi.ModTime()) > staleAfter {
				vfs.Remove(n)
			}
		}
	}
}

// removeOlderSchemas deletes the index files of older schemas in dir —
// index.db (schemas 1 to 7) and index.vN.db for N below SchemaVersion —
// with their journals: disk space nothing of this cortex reads again. An
// older cortex still in use builds its own once more, and from then on
// each keeps to its file. A newer schema's file is a newer cortex's, left
// alone. What cannot be removed is only space: the rebuild goes on.
func removeOlderSchemas(vfs vaultfs.Root, dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		db := strings.TrimSuffix(e.Name(), "-journal")
		older := db == "index.db"
		if v, ok := strings.CutPrefix(db, "index.v"); ok {
			if v, ok := strings.CutSuffix(v, ".db"); ok {
				n, err := strconv.Atoi(v)
				older = err == nil && n < SchemaVersion
			}
		}
		if older {
			vfs.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// walked is a file found by a walk, numbered in walk order.
type walked struct {
	seq     int
	rel     string
	size    int64
	mtimeNS int64
}

// parseAll reads and parses the files sent on in across every core and
// sends their records on out, closing it when in is closed and drained (or
// ctx is done). Records leave in no particular order.
func parseAll(ctx context.Context, l vault.Layout, tax *doc.Taxonomy, in <-chan walked, out chan<- parsed) {
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for it := range in {
				var r *record
				r, buf = readRecord(l, it.rel, it.size, it.mtimeNS, tax, buf)
				select {
				case out <- parsed{it.seq, r}:
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
// the names it answers links by and its edges still to resolve, not its
// text nor the edges to entities and tags, written at once.
type linkable struct {
	rowid     int64
	path, id  string
	titleKey  string
	aliasKeys []string
	refs      []ref
}

// linkables holds the linkable of each document at its rowid, in chunks.
// The rowids are the walk's numbering, 1 to n, so each document's place is
// known when it arrives (the parsers send them in no order) and no sort is
// needed after. Chunks rather than one slice: a slice grown by append to
// 100,000 documents (10 MB) is copied a dozen times on the way, each copy
// onto fresh pages, and a page's first touch is a fault (about 35 µs on
// the VM of docs/benchmarks-speed.md): a tenth of a rebuild's faults.
type linkables struct {
	chunks [][]linkable
}

// linkableChunk is the number of documents in a chunk of linkables.
const linkableChunk = 1024

func (s *linkables) put(d linkable) {
	i := int(d.rowid - 1)
	c := i / linkableChunk
	for len(s.chunks) <= c {
		s.chunks = append(s.chunks, nil)
	}
	if s.chunks[c] == nil {
		s.chunks[c] = make([]linkable, linkableChunk)
	}
	s.chunks[c][i%linkableChunk] = d
}

// all yields every document put, in rowid order.
func (s *linkables) all() iter.Seq[*linkable] {
	return func(yield func(*linkable) bool) {
		for _, c := range s.chunks {
			for i := range c {
				if c[i].rowid != 0 && !yield(&c[i]) {
					return
				}
			}
		}
	}
}

// build writes a new index into the empty file at path. The full text is
// built at the same time by another goroutine into the file at textPath
// (SQLite writes one file from one connection at a time, and tokenizing is
// a good third of the work), then copied in: its tables, FTS5's shadow
// tables among them, are the same in both files, so a copy of the rows is
// a copy of the index.
func build(ctx context.Context, path, textPath string, l vault.Layout, opts RebuildOptions) (RebuildStats, error) {
	var stats RebuildStats
	ig, err := vault.LoadIgnore(l)
	if err != nil {
		return stats, err
	}
	tax, err := doc.LoadTaxonomy(l.Root)
	if err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	// A small page cache: the build appends, and what it writes out goes
	// to the file system's cache, not to disk (no syncs until the end), so
	// a bigger cache saves little time, and it costs more memory than it
	// says (each page carries its header in the allocator's next size
	// class up): at 32 MB the peak RSS of a rebuild of 100,000 documents
	// was 100 MB higher, for no gain in time.
	db, err := openBuildDB(path, buildCacheKB)
	if err != nil {
		return stats, err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, schemaTables); err != nil {
		return stats, fmt.Errorf("rebuild index: schema: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	text := startText(ctx, textPath)
	defer func() {
		cancel() // first, so that a failed build does not finish the text
		text.wait()
	}()

	work := make(chan walked, 256)
	out := make(chan parsed, 256)
	var walkErr error
	var found atomic.Int64
	go func() {
		defer close(work)
		walkErr = vault.Walk(l, ig, func(rel string, d fs.DirEntry) error {
			info, err := d.Info()
			if errors.Is(err, fs.ErrNotExist) {
				return nil // removed since the folder was read
			}
			if err != nil {
				return err
			}
			seq := int(found.Add(1))
			select {
			case work <- walked{seq, rel, info.Size(), info.ModTime().UnixNano()}:
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
	w, err := newWriter(ctx, tx, true)
	if err != nil {
		return stats, err
	}
	defer w.close()
	w.textSink = text.add
	var docs linkables
	for p := range out {
		r := p.rec
		// The walk's order numbers the rows, so that two rebuilds of one
		// tree give the same rowids.
		rowid := int64(p.seq)
		if _, err := w.put(ctx, rowid, r, nil); err != nil {
			return stats, err
		}
		// Kept until every document is read, so cloned: a string of the
		// parser may be a slice of a larger one (the whole frontmatter),
		// which would stay alive with it.
		var links []ref
		for _, e := range r.refs {
			if resolves(e.kind) {
				t := strings.Clone(e.target)
				if e.key == e.target {
					e.key = t // the same bytes when nothing was folded
				} else {
					e.key = strings.Clone(e.key)
				}
				e.target, e.subpath, e.nk = t, strings.Clone(e.subpath), strings.Clone(e.nk)
				links = append(links, e)
			}
		}
		aliasKeys := make([]string, len(r.aliasKeys))
		for i, k := range r.aliasKeys {
			aliasKeys[i] = strings.Clone(k)
		}
		n, _, err := w.writeEdges(ctx, rowid, r.doc.Path, slices.DeleteFunc(r.refs, func(e ref) bool { return resolves(e.kind) }), nil, false)
		if err != nil {
			return stats, err
		}
		stats.Edges += n
		docs.put(linkable{rowid: rowid, path: r.doc.Path, id: strings.Clone(r.doc.ID),
			titleKey: strings.Clone(r.titleKey), aliasKeys: aliasKeys, refs: links})
		stats.Documents++
		if r.doc.ParseError != "" {
			stats.Errors++
		}
		if opts.Progress != nil && stats.Documents%512 == 0 {
			opts.Progress(stats.Documents, int(found.Load()))
		}
	}
	text.close()
	if walkErr != nil {
		return stats, walkErr
	}
	if err := ctx.Err(); err != nil {
		return stats, err
	}

	stage := func(string) {}
	if opts.Stage != nil {
		stage = opts.Stage
	}
	stage(RebuildResolving)
	lk := newFullLinker(stats.Documents)
	names := make([]doc.Linkable, 0, stats.Documents)
	for d := range docs.all() {
		lk.add(d.rowid, d.path, d.id)
		names = append(names, doc.Linkable{Path: d.path, Title: d.titleKey, Aliases: d.aliasKeys})
	}
	lk.res = doc.NewLinkResolver(names)
	names = nil
	for d := range docs.all() {
		n, dangling, err := w.writeEdges(ctx, d.rowid, d.path, d.refs, lk, false)
		if err != nil {
			return stats, err
		}
		d.refs = nil
		stats.Edges += n
		stats.Dangling += dangling
	}
	docs, lk = linkables{}, nil
	// The names and links held for resolving are garbage now; hand their
	// memory back before SQLite sorts the indexes, so that the two do not
	// add up in the peak the rebuild needs.
	debug.FreeOSMemory()
	if _, err := tx.ExecContext(ctx, "INSERT INTO meta (key, value) VALUES ('decay_rates', ?), ('ignore', ?)", decaySignature(tax), ignoreKey(ig)); err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	if err := newGeneration(ctx, tx); err != nil {
		return stats, err
	}
	if err := w.flush(ctx); err != nil {
		return stats, err
	}
	// Indexes last: one sort each instead of keeping them in order row by
	// row.
	stage(RebuildSorting)
	if _, err := tx.ExecContext(ctx, schemaIndexes); err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	w.close()
	if err := tx.Commit(); err != nil {
		return stats, fmt.Errorf("rebuild index: %w", err)
	}
	stage(RebuildFinishing)
	if err := text.wait(); err != nil {
		return stats, err
	}
	if err := copyText(ctx, db, textPath); err != nil {
		return stats, err
	}
	if opts.Progress != nil {
		opts.Progress(stats.Documents, stats.Documents)
	}
	return stats, nil
}

// copyText copies the full text built in the file at textPath into db,
// and adds the triggers that keep it in step from then on.
func copyText(ctx context.Context, db *sql.DB, textPath string) error {
	if _, err := db.ExecContext(ctx, "ATTACH DATABASE ? AS text", textPath); err != nil {
		return fmt.Errorf("rebuild index: %w", err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("rebuild index: %w", err)
	}
	defer tx.Rollback()
	for _, q := range []string{
		"INSERT INTO main.texts SELECT * FROM text.texts",
		// The new fts table's own structure and config rows give way to
		// the built index's.
		"DELETE FROM main.fts_data",
		"DELETE FROM main.fts_config",
		"INSERT INTO main.fts_data SELECT * FROM text.fts_data",
		"INSERT INTO main.fts_idx SELECT * FROM text.fts_idx",
		"INSERT INTO main.fts_docsize SELECT * FROM text.fts_docsize",
		"INSERT INTO main.fts_config SELECT * FROM text.fts_config WHERE k NOT IN " + ftsBuildConfig,
		schemaTriggers,
		fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion),
	} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("rebuild index: full text: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("rebuild index: %w", err)
	}
	if _, err := db.ExecContext(ctx, "DETACH DATABASE text"); err != nil {
		return fmt.Errorf("rebuild index: %w", err)
	}
	return nil
}

// buildCacheKB is the page cache of each file a rebuild writes.
const buildCacheKB = 4 << 10

// ftsBuildHash is the memory FTS5 gathers terms in during a rebuild (8
// times its default; it is filled while the links are resolved, when the
// rebuild needs the most memory, so not more); the fts_config keys of
// ftsBuildConfig are the settings of the build only.
const (
	ftsBuildHash   = 8 << 20
	ftsBuildConfig = "('hashsize', 'automerge')"
)

// textBuilder writes the full text of a rebuild into a side file from its
// own goroutine and connection.
type textBuilder struct {
	rows chan textItem
	done chan error
	err  error
	once sync.Once
	// closed guards close against a second call.
	closed bool
}

type textItem struct {
	rowid int64
	t     textRow
}

func startText(ctx context.Context, path string) *textBuilder {
	b := &textBuilder{rows: make(chan textItem, 256), done: make(chan error, 1)}
	go func() { b.done <- b.run(ctx, path) }()
	return b
}

func (b *textBuilder) run(ctx context.Context, path string) (err error) {
	defer func() {
		// Drain, so that the writer never blocks on a builder that failed.
		for range b.rows {
		}
	}()
	db, err := openBuildDB(path, buildCacheKB)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := db.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("rebuild index: full text: %w", cerr)
		}
	}()
	if _, err := db.ExecContext(ctx, schemaText); err != nil {
		return fmt.Errorf("rebuild index: full text: %w", err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("rebuild index: full text: %w", err)
	}
	defer tx.Rollback()
	bt, err := newBatch(ctx, tx, "texts", textCols...)
	if err != nil {
		return err
	}
	defer bt.close()
	for it := range b.rows {
		t := &it.t
		if err := bt.add(ctx, it.rowid, t.title, t.aliases, t.body, t.tags, t.entities, t.parts); err != nil {
			return err
		}
	}
	if err := bt.flush(ctx); err != nil {
		return err
	}
	bt.close()
	// One pass over texts builds fts far faster than a trigger per row.
	// FTS5 gathers terms in memory (hashsize) and writes them out as a
	// segment whenever they fill it, merging segments as they pile up
	// (automerge): with the default 1 MB, a rebuild of 100,000 documents
	// spends a quarter of its full-text time merging. A bigger hash and no
	// merging along the way leave one or two segments, as fast to query.
	// Both are settings kept in fts_config: copyText leaves them behind,
	// so the index in use writes with the defaults.
	for _, q := range []string{
		fmt.Sprintf("INSERT INTO fts(fts, rank) VALUES ('hashsize', %d)", ftsBuildHash),
		"INSERT INTO fts(fts, rank) VALUES ('automerge', 0)",
		"INSERT INTO fts(fts) VALUES ('rebuild')",
	} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("rebuild index: full text: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("rebuild index: full text: %w", err)
	}
	return nil
}

// add queues the text of a document.
func (b *textBuilder) add(ctx context.Context, rowid int64, t textRow) error {
	select {
	case b.rows <- textItem{rowid, t}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// close says every text was added.
func (b *textBuilder) close() {
	if !b.closed {
		b.closed = true
		close(b.rows)
	}
}

// wait closes the builder if need be and returns its outcome.
func (b *textBuilder) wait() error {
	b.close()
	b.once.Do(func() { b.err = <-b.done })
	return b.err
}

type stamp struct{ size, mtime int64 }

// indexedState is what a refresh compares the tree with: the stamp of
// every indexed file and the meta facts apply keeps.
type indexedState struct {
	known map[string]stamp
	meta  metaState
	err   error
}

// indexed reads the size and modification time of every indexed file (a
// scan of the covering index documents_stamp) and the meta facts.
func (ix *Index) indexed(ctx context.Context) (st indexedState) {
	if st.meta, st.err = readMeta(ctx, ix.db); st.err != nil {
		return st
	}
	// The map is sized once: rowids are dense after a rebuild, so the
	// largest (found at once) is about the number of rows.
	var n sql.NullInt64
	if err := ix.db.QueryRowContext(ctx, "SELECT max(rowid) FROM documents").Scan(&n); err != nil {
		st.err = fmt.Errorf("refresh index: %w", err)
		return st
	}
	rows, err := ix.db.QueryContext(ctx, "SELECT path, size, mtime_ns FROM documents")
	if err != nil {
		st.err = fmt.Errorf("refresh index: %w", err)
		return st
	}
	defer rows.Close()
	st.known = make(map[string]stamp, min(n.Int64, 1<<22))
	for rows.Next() {
		var p string
		var s stamp
		if err := rows.Scan(&p, &s.size, &s.mtime); err != nil {
			st.err = fmt.Errorf("refresh index: %w", err)
			return st
		}
		st.known[p] = s
	}
	if err := rows.Err(); err != nil {
		st.err = fmt.Errorf("refresh index: %w", err)
	}
	return st
}

// Refresh brings the index in step with the working tree: a walk compared
// with the indexed paths by size and modification time, re-reading only the
// files that changed (in parallel), dropping the rows of files that are
// gone, and resolving again only the links that may name what changed.
//
// A path already indexed is not matched against .cortexignore again while
// the file is the one the index was last brought in step with (meta
// "ignore"): its answer was "not ignored" then, and the patterns are the
// same. Only new paths are matched, unless .cortexignore changed.
func (ix *Index) Refresh(ctx context.Context) (RebuildStats, error) {
	// The indexed stamps are read while the tree is walked and stat'ed.
	state := make(chan indexedState, 1)
	go func() { state <- ix.indexed(ctx) }()
	ig, err := vault.LoadIgnore(ix.l)
	if err != nil {
		<-state
		return RebuildStats{}, err
	}
	tax, err := doc.LoadTaxonomy(ix.l.Root)
	if err != nil {
		<-state
		return RebuildStats{}, fmt.Errorf("refresh index: %w", err)
	}
	found, err := vault.Scan(ctx, ix.l, ig, vault.ScanOptions{Unmatched: true})
	st := <-state
	if err != nil {
		return RebuildStats{}, fmt.Errorf("refresh index: %w", err)
	}
	if st.err != nil {
		return RebuildStats{}, st.err
	}
	known := st.known
	decided := st.meta.ignore == ignoreKey(ig)
	var changed []walked
	for _, f := range found {
		s, ok := known[f.Rel]
		if !(ok && decided) && ig.Ignored(f.Rel) {
			continue // if indexed, its row goes below with the gone
		}
		delete(known, f.Rel)
		if ok && s.size == f.Size && s.mtime == f.MtimeNS {
			continue
		}
		changed = append(changed, walked{len(changed), f.Rel, f.Size, f.MtimeNS})
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
	return ix.apply(ctx, recs, gone, tax, ig, true)
}

func syncFile(vfs vaultfs.Root, path string) error {
	f, err := vfs.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
