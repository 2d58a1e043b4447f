package index

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// defaultFullRelinkAt is the number of changed files from which an update loads
// every document's names once (a few hundred milliseconds at 100,000
// documents) instead of looking up the candidates of each link (a few
// queries per link).
const defaultFullRelinkAt = 2000

// resolvingKinds are the edge kinds with a document at the far end, as SQL.
const resolvingKinds = `('links_to', 'relates_to', 'supersedes', 'superseded_by')`

// apply writes recs and deletes the rows of gone, in one transaction, and
// keeps the graph exact without resolving every link again: the edges of
// recs are written anew, and of the other documents' edges only those that
// may name a document that came, went, or changed its file name, title,
// aliases or id are resolved again — found through edges.name_key and
// edges.key, matched against the old and new names of what changed.
func (ix *Index) apply(ctx context.Context, recs []*record, gone []string, tax *doc.Taxonomy, ig *vault.Ignore, full bool) (RebuildStats, error) {
	st, stats, err := ix.stage(ctx, recs, gone, tax, ig, full)
	if err != nil {
		return stats, err
	}
	return stats, st.Commit()
}

// applyTx does apply's work in a transaction it returns open (nil when
// there was nothing to write, or it could not begin one); the caller holds
// ix.wmu, and commits or rolls back (stage).
func (ix *Index) applyTx(ctx context.Context, recs []*record, gone []string, tax *doc.Taxonomy, ig *vault.Ignore, full bool) (RebuildStats, *sql.Tx, error) {
	var stats RebuildStats
	sig := decaySignature(tax)
	meta, err := readMeta(ctx, ix.db)
	if err != nil {
		return stats, nil, err
	}
	// The ignore decisions of every indexed path hold for ig when a full
	// refresh matched them all under it; otherwise they hold for the
	// patterns stored only while those are ig's (see Refresh).
	ignore := ignoreKey(ig)
	if !full && meta.ignore != ignore {
		ignore = ignoreStale
	}
	if len(recs) == 0 && len(gone) == 0 && meta.decay == sig && meta.ignore == ignore {
		return stats, nil, nil
	}
	tx, err := ix.db.BeginTx(ctx, nil)
	if err != nil {
		return stats, nil, fmt.Errorf("index update: %w", err)
	}
	if meta.decay != sig {
		if err := setDecayRates(ctx, tx, tax, sig); err != nil {
			return stats, tx, err
		}
	}
	if meta.ignore != ignore {
		if _, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO meta (key, value) VALUES ('ignore', ?)", ignore); err != nil {
			return stats, tx, fmt.Errorf("index update: %w", err)
		}
	}
	if err := newGeneration(ctx, tx); err != nil {
		return stats, tx, err
	}
	w, err := newWriter(ctx, tx, false)
	if err != nil {
		return stats, tx, err
	}
	defer w.close()

	// The names of what changes, before and after: the edges that may
	// resolve differently are those naming one of them.
	names := keySet{}
	removed := map[int64]bool{}
	var oldAliases []string // of the row old found last
	// Prepared once: a statement prepared at every call was a fifth of
	// the sleep cycle's update of 5,000 moved rows.
	oldRow, err := tx.PrepareContext(ctx, "SELECT rowid, name_key, title_key, id FROM documents WHERE path = ?")
	if err != nil {
		return stats, tx, fmt.Errorf("index: prepare: %w", err)
	}
	defer oldRow.Close()
	oldAliasRows, err := tx.PrepareContext(ctx, "SELECT key FROM aliases WHERE doc = ?")
	if err != nil {
		return stats, tx, fmt.Errorf("index: prepare: %w", err)
	}
	defer oldAliasRows.Close()
	old := func(p string) (int64, error) {
		oldAliases = oldAliases[:0]
		var rowid int64
		var nk, tk, id string
		err := oldRow.QueryRowContext(ctx, p).Scan(&rowid, &nk, &tk, &id)
		if err == sql.ErrNoRows {
			return 0, nil
		}
		if err != nil {
			return 0, fmt.Errorf("index %s: %w", p, err)
		}
		names.addName(nk)
		names.addKey(tk)
		names.addKey(strings.ToLower(id))
		rows, err := oldAliasRows.QueryContext(ctx, rowid)
		if err != nil {
			return 0, fmt.Errorf("index %s: %w", p, err)
		}
		defer rows.Close()
		for rows.Next() {
			var k string
			if err := rows.Scan(&k); err != nil {
				return 0, fmt.Errorf("index %s: %w", p, err)
			}
			names.addKey(k)
			oldAliases = append(oldAliases, k)
		}
		return rowid, rows.Err()
	}

	// The rows of gone are read at once, a few hundred paths a query: a
	// sleep's archive moves thousands of files, and two queries a path
	// (row, aliases) and two more to tell moves were a fifth of its update.
	prev, err := oldRows(ctx, tx, gone)
	if err != nil {
		return stats, tx, err
	}
	moves, err := findMoves(ctx, tx, recs, gone, prev)
	if err != nil {
		return stats, tx, err
	}
	var movePath, unlink *sql.Stmt
	if len(gone) > 0 {
		if movePath, err = tx.PrepareContext(ctx, "UPDATE documents SET path = ? WHERE rowid = ?"); err != nil {
			return stats, tx, fmt.Errorf("index: prepare: %w", err)
		}
		defer movePath.Close()
		if unlink, err = tx.PrepareContext(ctx, "UPDATE edges SET dst = NULL WHERE dst = ?"); err != nil {
			return stats, tx, fmt.Errorf("index: prepare: %w", err)
		}
		defer unlink.Close()
	}
	// moved are the rows of moves by their new path: the rec written there
	// below takes the row as read here, its old names already gathered.
	moved := make(map[string]*prevRow, len(moves))
	// A moved row's path is written by keepDoc with its other changed
	// columns, one statement rather than two (an archive changes path and
	// status), unless a rec below looks a row up at the old path, which
	// must find none by then.
	written := make(map[string]bool, len(recs))
	for _, r := range recs {
		written[r.doc.Path] = true
	}
	for _, p := range gone {
		o := prev[p]
		if o == nil {
			continue
		}
		delete(prev, p) // a path named twice is gone once
		o.gather(&names)
		rowid := o.rowid
		if to, ok := moves[p]; ok {
			// The row goes with the file: its names were gathered,
			// its path is the new one; the rec below writes what else
			// changed.
			if written[p] {
				if _, err := movePath.ExecContext(ctx, to, rowid); err != nil {
					return stats, tx, fmt.Errorf("index move %s: %w", p, err)
				}
				o.cols[0] = to // as movePath left it
			}
			moved[to] = o
			stats.Removed++
			continue
		}
		if err := w.clear(ctx, rowid); err != nil {
			return stats, tx, err
		}
		w.textDels = append(w.textDels, rowid)
		if _, err := w.del.ExecContext(ctx, rowid); err != nil {
			return stats, tx, fmt.Errorf("index delete %s: %w", p, err)
		}
		// Until resolved again below, nothing may point at a row that is
		// gone: its rowid may be given to a new document.
		if _, err := unlink.ExecContext(ctx, rowid); err != nil {
			return stats, tx, fmt.Errorf("index delete %s: %w", p, err)
		}
		removed[rowid] = true
		stats.Removed++
	}
	writtenRows := make(map[int64]bool, len(recs))
	srcs := make([]int64, len(recs))
	had := make([]bool, len(recs))
	for i, r := range recs {
		var rowid int64
		if o, ok := moved[r.doc.Path]; ok {
			delete(moved, r.doc.Path) // a path written twice is read again the second time
			rowid, oldAliases = o.rowid, o.aliases
			w.prev = o
		} else if rowid, err = old(r.doc.Path); err != nil {
			return stats, tx, err
		}
		// A row that was there keeps what is unchanged of it (put,
		// writeEdges): an archive's move changes its path and status.
		had[i] = rowid != 0
		rowid, err = w.put(ctx, rowid, r, oldAliases)
		w.prev = nil
		if err != nil {
			return stats, tx, err
		}
		srcs[i] = rowid
		writtenRows[rowid] = true
		names.addName(nameKey(r.doc.Path))
		names.addKey(r.titleKey)
		names.addKey(strings.ToLower(r.doc.ID))
		for _, k := range r.aliasKeys {
			names.addKey(k)
		}
		stats.Documents++
		if r.doc.ParseError != "" {
			stats.Errors++
		}
	}

	if err := w.flushTexts(ctx); err != nil {
		return stats, tx, err
	}
	var lk linker
	if len(recs)+len(gone) >= ix.fullRelinkAt {
		if lk, err = loadFullLinker(ctx, tx); err != nil {
			return stats, tx, err
		}
	} else {
		lk = newSQLLinker(tx)
	}
	// The edges of rows that were there, read together when they are
	// many (a sleep's archive rewrites thousands).
	if rewrites := rowsHad(srcs, had); len(rewrites) >= readEdgesAt {
		if err := w.readEdgesOf(ctx, rewrites); err != nil {
			return stats, tx, err
		}
	}
	for i, r := range recs {
		n, dangling, err := w.writeEdges(ctx, srcs[i], r.doc.Path, r.refs, lk, had[i])
		if err != nil {
			return stats, tx, err
		}
		stats.Edges += n
		stats.Dangling += dangling
	}
	n, err := relink(ctx, tx, lk, names, writtenRows)
	if err != nil {
		return stats, tx, err
	}
	stats.Relinked = n
	return stats, tx, nil
}

// readEdgesAt is the number of rewritten rows from which an update reads
// their edges together (writer.readEdgesOf) rather than a row at a time;
// tests lower it.
var readEdgesAt = 64

// rowsHad are the srcs whose had is true.
func rowsHad(srcs []int64, had []bool) []int64 {
	var out []int64
	for i, h := range had {
		if h {
			out = append(out, srcs[i])
		}
	}
	return out
}

// prevRow is what an update needs of a row it replaces or moves: its id and
// the names other documents' links may use for it.
type prevRow struct {
	rowid             int64
	nameKey, titleKey string
	id                string
	parsed            bool // parse_error = ''
	aliases           []string
	// cols are the row's columns docCols[1:], as keepDoc compares them;
	// text its text, as queueText does (nil: none).
	cols []any
	text *textRow
}

// gather adds the row's names to names.
func (o *prevRow) gather(names *keySet) {
	names.addName(o.nameKey)
	names.addKey(o.titleKey)
	names.addKey(strings.ToLower(o.id))
	for _, k := range o.aliases {
		names.addKey(k)
	}
}

// oldRows reads the rows at paths, with their texts and aliases, by path.
func oldRows(ctx context.Context, tx *sql.Tx, paths []string) (map[string]*prevRow, error) {
	rows := make(map[string]*prevRow, len(paths))
	byRowid := make(map[int64]*prevRow, len(paths))
	err := eachIn(paths, func(in string, args []any) error {
		q, err := tx.QueryContext(ctx, "SELECT rowid, name_key, title_key, id, parse_error = '', "+
			strings.Join(docCols[1:], ", ")+" FROM documents WHERE path IN "+in, args...)
		if err != nil {
			return fmt.Errorf("index: read rows: %w", err)
		}
		defer q.Close()
		for q.Next() {
			o := &prevRow{cols: make([]any, len(docCols)-1)}
			ptrs := []any{&o.rowid, &o.nameKey, &o.titleKey, &o.id, &o.parsed}
			for i := range o.cols {
				ptrs = append(ptrs, &o.cols[i])
			}
			if err := q.Scan(ptrs...); err != nil {
				return fmt.Errorf("index: read rows: %w", err)
			}
			p, ok := o.cols[0].(string) // docCols[1], the path
			if !ok {
				return fmt.Errorf("index: read rows: path %v", o.cols[0])
			}
			rows[p], byRowid[o.rowid] = o, o
		}
		return q.Err()
	})
	if err != nil || len(byRowid) == 0 {
		return rows, err
	}
	rowids := slices.Sorted(maps.Keys(byRowid))
	err = eachIn(rowids, func(in string, args []any) error {
		q, err := tx.QueryContext(ctx, "SELECT rowid, title, aliases, body, tags, entities, parts FROM texts WHERE rowid IN "+in, args...)
		if err != nil {
			return fmt.Errorf("index: read texts: %w", err)
		}
		defer q.Close()
		for q.Next() {
			var rowid int64
			var t textRow
			if err := q.Scan(&rowid, &t.title, &t.aliases, &t.body, &t.tags, &t.entities, &t.parts); err != nil {
				return fmt.Errorf("index: read texts: %w", err)
			}
			if o := byRowid[rowid]; o != nil {
				o.text = &t
			}
		}
		return q.Err()
	})
	if err != nil {
		return rows, err
	}
	err = eachIn(rowids, func(in string, args []any) error {
		q, err := tx.QueryContext(ctx, "SELECT doc, key FROM aliases WHERE doc IN "+in, args...)
		if err != nil {
			return fmt.Errorf("index: read aliases: %w", err)
		}
		defer q.Close()
		for q.Next() {
			var rowid int64
			var k string
			if err := q.Scan(&rowid, &k); err != nil {
				return fmt.Errorf("index: read aliases: %w", err)
			}
			o := byRowid[rowid]
			o.aliases = append(o.aliases, k)
		}
		return q.Err()
	})
	return rows, err
}

// findMoves pairs paths that are gone with new paths of the same document
// (same id, the old path's row, prev, and no row at the new one): a file
// moved, as the sleep cycle's archive and restore move them. Such a row
// keeps its rowid, and so its text (FTS5's most costly write) when that is
// unchanged. It returns the new path by the old one.
func findMoves(ctx context.Context, tx *sql.Tx, recs []*record, gone []string, prev map[string]*prevRow) (map[string]string, error) {
	if len(recs) == 0 || len(gone) == 0 {
		return nil, nil
	}
	byID := map[string]string{}
	for _, r := range recs {
		if r.doc.ID != "" && r.doc.ParseError == "" {
			if _, dup := byID[r.doc.ID]; dup {
				byID[r.doc.ID] = "" // two new paths claim it: neither is a move
			} else {
				byID[r.doc.ID] = r.doc.Path
			}
		}
	}
	if len(byID) == 0 {
		return nil, nil
	}
	var tos []string
	for _, p := range gone {
		if o := prev[p]; o != nil && o.parsed && o.id != "" && byID[o.id] != "" {
			tos = append(tos, byID[o.id])
		}
	}
	taken := map[string]bool{}
	err := eachIn(tos, func(in string, args []any) error {
		q, err := tx.QueryContext(ctx, "SELECT path FROM documents WHERE path IN "+in, args...)
		if err != nil {
			return fmt.Errorf("index: read rows: %w", err)
		}
		defer q.Close()
		for q.Next() {
			var p string
			if err := q.Scan(&p); err != nil {
				return fmt.Errorf("index: read rows: %w", err)
			}
			taken[p] = true
		}
		return q.Err()
	})
	if err != nil {
		return nil, err
	}
	moves := map[string]string{}
	for _, p := range gone {
		o := prev[p]
		if o == nil || !o.parsed || o.id == "" {
			continue
		}
		to := byID[o.id]
		if to == "" || taken[to] {
			continue
		}
		moves[p] = to
		byID[o.id] = "" // one move per document
	}
	return moves, nil
}

// metaState holds the meta facts a write compares with the vault.
type metaState struct {
	decay  string // decaySignature of the taxonomy the decay rates are of
	ignore string // ignoreKey of the .cortexignore every indexed path was matched with
}

func readMeta(ctx context.Context, db *sql.DB) (metaState, error) {
	var m metaState
	rows, err := db.QueryContext(ctx, "SELECT key, value FROM meta WHERE key IN ('decay_rates', 'ignore')")
	if err != nil {
		return m, fmt.Errorf("index: meta: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return m, fmt.Errorf("index: meta: %w", err)
		}
		if k == "ignore" {
			m.ignore = v
		} else {
			m.decay = v
		}
	}
	if err := rows.Err(); err != nil {
		return m, fmt.Errorf("index: meta: %w", err)
	}
	return m, nil
}

// ignoreKey names the patterns of ig in meta "ignore". ignoreStale names
// none: an update wrote paths under other patterns than those stored, so
// the next refresh matches every path again.
func ignoreKey(ig *vault.Ignore) string {
	if h := ig.Hash(); h != "" {
		return "sha256:" + h
	}
	return "none"
}

const ignoreStale = "stale"

// keySet gathers the names of changed documents: file names (matched
// against edges.name_key) and titles, aliases and ids (against edges.key).
type keySet struct{ names, keys []string }

func (k *keySet) addName(s string) {
	if s != "" {
		k.names = append(k.names, s)
	}
}

func (k *keySet) addKey(s string) {
	if s != "" {
		k.keys = append(k.keys, s)
	}
}

// relink resolves again the edges of documents not in skip that may name
// one of names, and returns how many it looked at.
func relink(ctx context.Context, tx *sql.Tx, lk linker, names keySet, skip map[int64]bool) (int, error) {
	type edge struct {
		dst                      sql.NullInt64
		form, target, nk, k, src string
	}
	found := map[int64]edge{}
	collect := func(col string, keys []string) error {
		slices.Sort(keys)
		return eachIn(slices.Compact(keys), func(in string, args []any) error {
			q := `SELECT e.rowid, e.src, e.dst, e.form, e.target, e.name_key, e.key, d.path
				FROM edges e JOIN documents d ON d.rowid = e.src
				WHERE e.` + col + ` IN ` + in + ` AND e.kind IN ` + resolvingKinds
			rows, err := tx.QueryContext(ctx, q, args...)
			if err != nil {
				return fmt.Errorf("index relink: %w", err)
			}
			for rows.Next() {
				var id, src int64
				var e edge
				if err := rows.Scan(&id, &src, &e.dst, &e.form, &e.target, &e.nk, &e.k, &e.src); err != nil {
					rows.Close()
					return fmt.Errorf("index relink: %w", err)
				}
				if !skip[src] {
					found[id] = e
				}
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return fmt.Errorf("index relink: %w", err)
			}
			return nil
		})
	}
	if err := collect("name_key", names.names); err != nil {
		return 0, err
	}
	if err := collect("key", names.keys); err != nil {
		return 0, err
	}
	ids := make([]int64, 0, len(found))
	for id := range found {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	upd, err := tx.PrepareContext(ctx, "UPDATE edges SET dst = ? WHERE rowid = ?")
	if err != nil {
		return 0, fmt.Errorf("index relink: %w", err)
	}
	defer upd.Close()
	for _, id := range ids {
		e := found[id]
		row, err := lk.resolve(ctx, e.form, e.target, e.nk, e.k, e.src)
		if err != nil {
			return 0, err
		}
		if row == e.dst.Int64 && (row != 0) == e.dst.Valid {
			continue
		}
		var dst any
		if row != 0 {
			dst = row
		}
		if _, err := upd.ExecContext(ctx, dst, id); err != nil {
			return 0, fmt.Errorf("index relink: %w", err)
		}
	}
	return len(ids), nil
}

// setDecayRates gives every document the decay rate of its type in tax,
// after taxonomy.yml changed, and records sig.
func setDecayRates(ctx context.Context, tx *sql.Tx, tax *doc.Taxonomy, sig string) error {
	// Only documents under mind/ decay (doc.Decays); '0' follows '/'.
	if _, err := tx.ExecContext(ctx, "UPDATE documents SET decay_rate = 0 WHERE decay_rate <> 0"); err != nil {
		return fmt.Errorf("index decay rates: %w", err)
	}
	for _, t := range tax.Types() {
		if t.Decay == 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, "UPDATE documents SET decay_rate = ? WHERE type = ? AND path >= 'mind/' AND path < 'mind0' AND parse_error = ''",
			t.Decay, t.Name); err != nil {
			return fmt.Errorf("index decay rates: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO meta (key, value) VALUES ('decay_rates', ?)", sig); err != nil {
		return fmt.Errorf("index decay rates: %w", err)
	}
	return nil
}
