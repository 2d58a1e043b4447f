package index

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/cortex-vault/cortex/vault/doc"
)

// upsertDocSQL writes a documents row (rowid NULL picks a new one), or
// updates the row of a path already indexed in place, keeping its rowid
// (and so every edge that points at it).
var upsertDocSQL = insertSQL("documents", docCols) + `
ON CONFLICT(path) DO UPDATE SET name_key = excluded.name_key, id = excluded.id,
	type = excluded.type, category = excluded.category, created = excluded.created,
	created_ms = excluded.created_ms, source_hash = excluded.source_hash, title = excluded.title,
	title_key = excluded.title_key, bucket = excluded.bucket, attribution = excluded.attribution,
	confidence = excluded.confidence, importance = excluded.importance,
	session_id = excluded.session_id, agent = excluded.agent, scope = excluded.scope,
	status = excluded.status, aliases = excluded.aliases, reinforced = excluded.reinforced,
	last_reinforced = excluded.last_reinforced, supersedes = excluded.supersedes,
	superseded_by = excluded.superseded_by, promoted_to = excluded.promoted_to,
	files = excluded.files, sessions = excluded.sessions, seen_sessions = excluded.seen_sessions,
	seen_agents = excluded.seen_agents,
	decay_rate = excluded.decay_rate, decay_base_ms = excluded.decay_base_ms, size = excluded.size,
	mtime_ns = excluded.mtime_ns, parse_error = excluded.parse_error
RETURNING rowid`

func docArgs(rowid any, r *record) []any {
	d := &r.doc
	return []any{rowid, d.Path, nameKey(d.Path), d.ID, d.Type, d.Category, d.Created, d.CreatedMS,
		d.SourceHash, d.Title, r.titleKey, d.Bucket, d.Attribution, nullFloat(d.Confidence),
		nullFloat(d.Importance), d.SessionID, d.Agent, d.Scope, d.Status, strings.Join(d.Aliases, "\n"),
		d.Reinforced, d.LastReinforced, d.Supersedes, d.SupersededBy, d.PromotedTo, strings.Join(d.Files, "\n"),
		d.Sessions, strings.Join(d.SeenSessions, "\n"), strings.Join(d.SeenAgents, "\n"), d.DecayRate,
		d.DecayBaseMS, d.Size, d.MtimeNS, d.ParseError}
}

func nullFloat(f *float64) any {
	if f == nil {
		return nil
	}
	return *f
}

// writer holds the statements that write one transaction.
type writer struct {
	tx   *sql.Tx
	bulk bool // a rebuild: every row is new, written in batches
	// Single rows (updates and refreshes).
	doc, alias, edge          *sql.Stmt
	delAliases, delEdges, del *sql.Stmt
	// oldText reads a row's text, to leave an unchanged text alone;
	// oldDoc and oldEdges a row's columns and edges likewise.
	oldText, oldDoc, oldEdges *sql.Stmt
	edgeLine                  *sql.Stmt
	// updates holds the statements that set some columns of a row, by
	// their columns.
	updates map[string]*sql.Stmt
	// prev, when set, is the row the next put writes, its columns and
	// text read already (a move's, by oldRows): keepDoc and queueText do
	// not read them again.
	prev *prevRow
	// Batches (rebuild).
	docs, aliases, edges *batch
	// textSink receives the full text of each document in a rebuild.
	textSink func(ctx context.Context, rowid int64, t textRow) error
	// Text changes of an update, written together by flushTexts: FTS5
	// flushes what it holds to a new segment at every statement of the
	// transaction after its first write (its savepoint), so writing texts
	// row by row between the other rows' statements made a segment per
	// document, and merging them was most of an update's time.
	textDels []int64
	textPuts []queuedText
	// edgesOf holds the edges of rows an update rewrites, read together
	// by readEdgesOf for keepEdges (a query a row was a fifth of the
	// sleep cycle's index update): by src, a row's entry taken by its
	// first write.
	edgesOf map[int64][]oldEdge
}

// oldEdge is an edge as keepEdges compares it: its rowid and its columns
// edgeCols[1:].
type oldEdge struct {
	rowid int64
	cols  []any
}

type queuedText struct {
	rowid int64
	t     textRow
}

// textChunk is how many rows one statement of flushTexts inserts (7
// columns a row, far below SQLite's 32,766 variables).
const textChunk = 500

var (
	textCols  = []string{"rowid", "title", "aliases", "body", "tags", "entities", "parts"}
	aliasCols = []string{"doc", "key"}
	edgeCols  = []string{"src", "kind", "dst", "target", "key", "name_key", "form", "subpath", "type", "line"}
	docCols   = []string{"rowid", "path", "name_key", "id", "type", "category", "created",
		"created_ms", "source_hash", "title", "title_key", "bucket", "attribution", "confidence", "importance",
		"session_id", "agent", "scope", "status", "aliases", "reinforced", "last_reinforced", "supersedes",
		"superseded_by", "promoted_to", "files", "sessions", "seen_sessions", "seen_agents", "decay_rate", "decay_base_ms", "size", "mtime_ns", "parse_error"}
)

func insertSQL(table string, cols []string) string {
	return "INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES (?" + strings.Repeat(",?", len(cols)-1) + ")"
}

// newWriter prepares the statements; bulk is for a rebuild, which only
// inserts.
func newWriter(ctx context.Context, tx *sql.Tx, bulk bool) (*writer, error) {
	w := &writer{tx: tx, bulk: bulk}
	if bulk {
		var err error
		for _, b := range []struct {
			b     **batch
			table string
			cols  []string
		}{{&w.docs, "documents", docCols}, {&w.aliases, "aliases", aliasCols}, {&w.edges, "edges", edgeCols}} {
			if *b.b, err = newBatch(ctx, tx, b.table, b.cols...); err != nil {
				w.close()
				return nil, err
			}
		}
		return w, nil
	}
	for _, s := range []struct {
		st **sql.Stmt
		q  string
	}{
		{&w.doc, upsertDocSQL},
		{&w.alias, insertSQL("aliases", aliasCols)},
		{&w.edge, insertSQL("edges", edgeCols)},
		{&w.oldText, "SELECT title, aliases, body, tags, entities, parts FROM texts WHERE rowid = ?"},
		{&w.oldDoc, "SELECT " + strings.Join(docCols[1:], ", ") + " FROM documents WHERE rowid = ?"},
		{&w.oldEdges, "SELECT rowid, " + strings.Join(edgeCols[1:], ", ") + " FROM edges WHERE src = ? ORDER BY rowid"},
		{&w.edgeLine, "UPDATE edges SET line = ? WHERE rowid = ?"},
		{&w.delAliases, "DELETE FROM aliases WHERE doc = ?"},
		{&w.delEdges, "DELETE FROM edges WHERE src = ?"},
		{&w.del, "DELETE FROM documents WHERE rowid = ?"},
	} {
		st, err := tx.PrepareContext(ctx, s.q)
		if err != nil {
			w.close()
			return nil, fmt.Errorf("index: prepare: %w", err)
		}
		*s.st = st
	}
	return w, nil
}

func (w *writer) close() {
	for _, st := range []*sql.Stmt{w.doc, w.alias, w.edge, w.oldText, w.oldDoc, w.oldEdges, w.edgeLine, w.delAliases, w.delEdges, w.del} {
		if st != nil {
			st.Close()
		}
	}
	for _, st := range w.updates {
		st.Close()
	}
	for _, b := range []*batch{w.docs, w.aliases, w.edges} {
		b.close()
	}
}

// flush writes what the batches hold.
func (w *writer) flush(ctx context.Context) error {
	for _, b := range []*batch{w.docs, w.aliases, w.edges} {
		if b != nil {
			if err := b.flush(ctx); err != nil {
				return err
			}
		}
	}
	return nil
}

// exec runs one row through the single-row statement st, or queues it on
// the batch b.
func (w *writer) exec(ctx context.Context, st *sql.Stmt, b *batch, args ...any) error {
	if w.bulk {
		return b.add(ctx, args...)
	}
	_, err := st.ExecContext(ctx, args...)
	return err
}

// put writes r's row, text and aliases; rowid 0 lets the database pick one
// (or keep the one of the path already indexed). A rebuild gives every
// rowid. It returns the rowid. An update's text is queued for flushTexts,
// and left alone when it is the row's text already.
//
// oldAliases are the alias keys of the row rowid of an update (non-zero:
// the row is there): its columns that hold what r's would are left alone,
// and its aliases when they are r's, since every index on a column that
// changes is written again (an archive changes a row's path and status
// only, and each of them is in a few of the documents table's indexes).
func (w *writer) put(ctx context.Context, rowid int64, r *record, oldAliases []string) (int64, error) {
	had := rowid != 0
	switch {
	case !w.bulk && had:
		if err := w.keepDoc(ctx, rowid, r); err != nil {
			return 0, err
		}
	case w.bulk:
		if err := w.docs.add(ctx, docArgs(rowid, r)...); err != nil {
			return 0, err
		}
	default:
		if err := w.doc.QueryRowContext(ctx, docArgs(nil, r)...).Scan(&rowid); err != nil {
			return 0, fmt.Errorf("index %s: %w", r.doc.Path, err)
		}
	}
	if r.doc.ParseError == "" {
		t := &r.text
		var err error
		if w.bulk {
			err = w.textSink(ctx, rowid, *t)
		} else {
			err = w.queueText(ctx, rowid, had, *t)
		}
		if err != nil {
			return 0, fmt.Errorf("index %s: text: %w", r.doc.Path, err)
		}
	} else if had {
		w.textDels = append(w.textDels, rowid)
	}
	if had && !w.bulk {
		if sameKeys(oldAliases, r.aliasKeys) {
			return rowid, nil
		}
		if _, err := w.delAliases.ExecContext(ctx, rowid); err != nil {
			return 0, fmt.Errorf("index %s: alias: %w", r.doc.Path, err)
		}
	}
	for _, k := range r.aliasKeys {
		if err := w.exec(ctx, w.alias, w.aliases, rowid, k); err != nil {
			return 0, fmt.Errorf("index %s: alias: %w", r.doc.Path, err)
		}
	}
	return rowid, nil
}

// keepDoc writes the columns of the row rowid that differ from r's.
func (w *writer) keepDoc(ctx context.Context, rowid int64, r *record) error {
	args := docArgs(rowid, r)[1:]
	cur := make([]any, len(args))
	if p := w.prev; p != nil && p.rowid == rowid && len(p.cols) == len(cur) {
		cur = p.cols
	} else {
		ptrs := make([]any, len(args))
		for i := range cur {
			ptrs[i] = &cur[i]
		}
		if err := w.oldDoc.QueryRowContext(ctx, rowid).Scan(ptrs...); err != nil {
			return fmt.Errorf("index %s: %w", r.doc.Path, err)
		}
	}
	var cols []string
	var set []any
	for i, a := range args {
		if !sameValue(cur[i], a) {
			cols = append(cols, docCols[i+1])
			set = append(set, a)
		}
	}
	if len(cols) == 0 {
		return nil
	}
	key := strings.Join(cols, ",")
	st := w.updates[key]
	if st == nil {
		var err error
		if st, err = w.tx.PrepareContext(ctx, "UPDATE documents SET "+strings.Join(cols, " = ?, ")+" = ? WHERE rowid = ?"); err != nil {
			return fmt.Errorf("index: prepare: %w", err)
		}
		if w.updates == nil {
			w.updates = map[string]*sql.Stmt{}
		}
		w.updates[key] = st
	}
	if _, err := st.ExecContext(ctx, append(set, rowid)...); err != nil {
		return fmt.Errorf("index %s: %w", r.doc.Path, err)
	}
	return nil
}

// sameValue reports whether the column value cur, as read, is the value
// v (an argument of docArgs or an edge's) would be stored as. Any doubt
// answers no: the column is written.
func sameValue(cur, v any) bool {
	switch v := v.(type) {
	case nil:
		return cur == nil
	case string:
		c, ok := cur.(string)
		return ok && c == v
	case int:
		c, ok := cur.(int64)
		return ok && c == int64(v)
	case int64:
		c, ok := cur.(int64)
		return ok && c == v
	case float64:
		c, ok := cur.(float64)
		return ok && c == v
	}
	return false
}

// sameKeys reports whether a and b hold the same keys, in any order.
func sameKeys(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// queueText queues the text of the row rowid (had: the row was there
// before this write, so it may have a text) unless it is unchanged.
func (w *writer) queueText(ctx context.Context, rowid int64, had bool, t textRow) error {
	if had {
		var o textRow
		var err error
		if p := w.prev; p != nil && p.rowid == rowid && p.text != nil {
			o = *p.text
		} else {
			err = w.oldText.QueryRowContext(ctx, rowid).Scan(&o.title, &o.aliases, &o.body, &o.tags, &o.entities, &o.parts)
		}
		switch {
		case err == sql.ErrNoRows:
		case err != nil:
			return err
		case o == t:
			return nil
		default:
			w.textDels = append(w.textDels, rowid)
		}
	}
	w.textPuts = append(w.textPuts, queuedText{rowid, t})
	return nil
}

// flushTexts writes the queued text changes: the deletes, then the
// inserts, a chunk of rows a statement.
func (w *writer) flushTexts(ctx context.Context) error {
	slices.Sort(w.textDels)
	err := eachIn(slices.Compact(w.textDels), func(in string, args []any) error {
		if _, err := w.tx.ExecContext(ctx, "DELETE FROM texts WHERE rowid IN "+in, args...); err != nil {
			return fmt.Errorf("index: delete texts: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	puts := w.textPuts
	for len(puts) > 0 {
		part := puts[:min(textChunk, len(puts))]
		puts = puts[len(part):]
		args := make([]any, 0, len(part)*len(textCols))
		for _, q := range part {
			args = append(args, q.rowid, q.t.title, q.t.aliases, q.t.body, q.t.tags, q.t.entities, q.t.parts)
		}
		one := "(?" + strings.Repeat(",?", len(textCols)-1) + ")"
		q := "INSERT INTO texts (" + strings.Join(textCols, ", ") + ") VALUES " + one + strings.Repeat(","+one, len(part)-1)
		if _, err := w.tx.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("index: insert texts: %w", err)
		}
	}
	w.textDels, w.textPuts = nil, nil
	return nil
}

// clear deletes what hangs off a documents row: aliases, edges (its text
// is put's, or queued for deletion by drop).
func (w *writer) clear(ctx context.Context, rowid int64) error {
	for _, st := range []*sql.Stmt{w.delAliases, w.delEdges} {
		if _, err := st.ExecContext(ctx, rowid); err != nil {
			return fmt.Errorf("index: delete: %w", err)
		}
	}
	return nil
}

// writeEdges resolves the refs of the document src (at path from) and
// writes them; it returns how many it wrote and how many of those dangle.
// lk may be nil when no ref resolves. had says src may have edges already
// (an update of a row that was there): they are left alone when they are
// exactly these, else replaced.
func (w *writer) writeEdges(ctx context.Context, src int64, from string, refs []ref, lk linker, had bool) (n, dangling int, err error) {
	rows := make([][]any, 0, len(refs))
	for i := range refs {
		e := &refs[i]
		key, nk := e.key, e.nk
		var dst any
		if resolves(e.kind) {
			row, err := lk.resolve(ctx, e.form, e.target, nk, key, from)
			if err != nil {
				return n, dangling, err
			}
			if row != 0 {
				dst = row
			} else {
				dangling++
			}
		}
		rows = append(rows, []any{src, e.kind, dst, e.target, key, nk, e.form, e.subpath, e.typ, e.line})
	}
	if had {
		kept, err := w.keepEdges(ctx, src, rows)
		if err != nil {
			return n, dangling, fmt.Errorf("index %s: edge: %w", from, err)
		}
		if kept {
			return len(rows), dangling, nil
		}
		if _, err := w.delEdges.ExecContext(ctx, src); err != nil {
			return n, dangling, fmt.Errorf("index %s: edge: %w", from, err)
		}
	}
	for _, args := range rows {
		if err := w.exec(ctx, w.edge, w.edges, args...); err != nil {
			return n, dangling, fmt.Errorf("index %s: edge: %w", from, err)
		}
		n++
	}
	return n, dangling, nil
}

// keepEdges leaves the edges of src alone when they are rows (in order),
// or differ from them in their line only (a line added to the
// frontmatter above the links, as an archive's status line is), which it
// updates; it reports false, having written nothing, when the edges differ
// otherwise.
func (w *writer) keepEdges(ctx context.Context, src int64, rows [][]any) (bool, error) {
	cur, ok := w.edgesOf[src]
	if ok {
		delete(w.edgesOf, src) // as read before any write of src: a row written twice is read again
	} else {
		var err error
		if cur, err = w.queryEdges(ctx, src); err != nil {
			return false, err
		}
	}
	if len(cur) != len(rows) {
		return false, nil
	}
	type move struct{ rowid, line int64 }
	var lines []move
	last := len(edgeCols) - 2 // line is the last column
	for i, e := range cur {
		for j, v := range rows[i][1:] {
			if !sameValue(e.cols[j], v) {
				if j != last {
					return false, nil
				}
				lines = append(lines, move{e.rowid, int64(v.(int))})
			}
		}
	}
	for _, m := range lines {
		if _, err := w.edgeLine.ExecContext(ctx, m.line, m.rowid); err != nil {
			return false, err
		}
	}
	return true, nil
}

// queryEdges reads the edges of src, in rowid order.
func (w *writer) queryEdges(ctx context.Context, src int64) ([]oldEdge, error) {
	q, err := w.oldEdges.QueryContext(ctx, src)
	if err != nil {
		return nil, err
	}
	defer q.Close()
	var out []oldEdge
	for q.Next() {
		e := oldEdge{cols: make([]any, len(edgeCols)-1)}
		ptrs := append(make([]any, 0, len(e.cols)+1), &e.rowid)
		for i := range e.cols {
			ptrs = append(ptrs, &e.cols[i])
		}
		if err := q.Scan(ptrs...); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, q.Err()
}

// readEdgesOf reads the edges of the rows srcs into w.edgesOf, a few
// hundred rows a query, for the keepEdges of an update that rewrites
// them. The edges read are those before the update writes any of them.
func (w *writer) readEdgesOf(ctx context.Context, srcs []int64) error {
	srcs = slices.Compact(slices.Sorted(slices.Values(srcs)))
	w.edgesOf = make(map[int64][]oldEdge, len(srcs))
	for _, s := range srcs {
		w.edgesOf[s] = nil // no edges, unless read below
	}
	return eachIn(srcs, func(in string, args []any) error {
		q, err := w.tx.QueryContext(ctx, "SELECT rowid, "+strings.Join(edgeCols, ", ")+
			" FROM edges WHERE src IN "+in+" ORDER BY src, rowid", args...)
		if err != nil {
			return fmt.Errorf("index: read edges: %w", err)
		}
		defer q.Close()
		for q.Next() {
			var src int64
			e := oldEdge{cols: make([]any, len(edgeCols)-1)}
			ptrs := append(make([]any, 0, len(e.cols)+2), &e.rowid, &src)
			for i := range e.cols {
				ptrs = append(ptrs, &e.cols[i])
			}
			if err := q.Scan(ptrs...); err != nil {
				return fmt.Errorf("index: read edges: %w", err)
			}
			w.edgesOf[src] = append(w.edgesOf[src], e)
		}
		if err := q.Err(); err != nil {
			return fmt.Errorf("index: read edges: %w", err)
		}
		return nil
	})
}

// linker finds the document a document-edge names.
type linker interface {
	// resolve returns the rowid of the document that target (written in
	// form, with the keys made by fillDoc) names from the document at
	// from, or 0 when none does.
	resolve(ctx context.Context, form, target, nameKey, key, from string) (int64, error)
}

// resolveWith resolves as every linker must: links as Obsidian does;
// values of relates_to, supersedes and superseded_by first as an id (as
// written, then lower-cased), then as a link.
func resolveWith(res *doc.LinkResolver, form, target, from string, byID func(string) (string, bool)) (string, bool) {
	switch form {
	case formWikilink, formEmbed:
		return res.ResolveLink(doc.Link{Kind: doc.LinkWiki, Target: target}, from)
	case formMarkdown:
		return res.ResolveLink(doc.Link{Kind: doc.LinkMarkdown, Target: target}, from)
	}
	if p, ok := byID(target); ok {
		return p, true
	}
	if low := strings.ToLower(target); low != target {
		if p, ok := byID(low); ok {
			return p, true
		}
	}
	return res.Resolve(target, from)
}

// fullLinker resolves against every document, held in memory: what a
// rebuild (and a refresh of many files) uses.
type fullLinker struct {
	res  *doc.LinkResolver
	rows map[string]int64
	ids  map[string]string // id → the first path (byte order) carrying it
}

func newFullLinker(n int) *fullLinker {
	return &fullLinker{rows: make(map[string]int64, n), ids: make(map[string]string, n)}
}

// add records a document; call finish when all are added.
func (f *fullLinker) add(rowid int64, path, id string) {
	f.rows[path] = rowid
	if id != "" {
		if p, ok := f.ids[id]; !ok || path < p {
			f.ids[id] = path
		}
	}
}

func (f *fullLinker) resolve(_ context.Context, form, target, _, _, from string) (int64, error) {
	p, ok := resolveWith(f.res, form, target, from, func(id string) (string, bool) {
		p, ok := f.ids[id]
		return p, ok
	})
	if !ok {
		return 0, nil
	}
	return f.rows[p], nil
}

// loadFullLinker reads every document's names from the database.
func loadFullLinker(ctx context.Context, tx *sql.Tx) (*fullLinker, error) {
	aliases := map[int64][]string{}
	rows, err := tx.QueryContext(ctx, "SELECT doc, key FROM aliases")
	if err != nil {
		return nil, fmt.Errorf("index: load links: %w", err)
	}
	for rows.Next() {
		var document int64
		var k string
		if err := rows.Scan(&document, &k); err != nil {
			rows.Close()
			return nil, fmt.Errorf("index: load links: %w", err)
		}
		aliases[document] = append(aliases[document], k)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("index: load links: %w", err)
	}
	rows, err = tx.QueryContext(ctx, "SELECT rowid, path, title_key, id FROM documents")
	if err != nil {
		return nil, fmt.Errorf("index: load links: %w", err)
	}
	defer rows.Close()
	f := newFullLinker(1024)
	var docs []doc.Linkable
	for rows.Next() {
		var rowid int64
		var p, title, id string
		if err := rows.Scan(&rowid, &p, &title, &id); err != nil {
			return nil, fmt.Errorf("index: load links: %w", err)
		}
		f.add(rowid, p, id)
		docs = append(docs, doc.Linkable{Path: p, Title: title, Aliases: aliases[rowid]})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("index: load links: %w", err)
	}
	f.res = doc.NewLinkResolver(docs)
	return f, nil
}

// sqlLinker resolves against the few documents that may answer a target,
// found through the name_key, title_key and alias indexes: a link's answer
// depends only on the documents whose file name, title or alias equals
// what it names, and a small resolver over those gives the answer the
// whole vault's would. What a refresh of a few files uses.
type sqlLinker struct {
	tx    *sql.Tx
	cands map[[2]string]candSet
}

type candSet struct {
	docs []doc.Linkable
	rows map[string]int64
}

func newSQLLinker(tx *sql.Tx) *sqlLinker {
	return &sqlLinker{tx: tx, cands: map[[2]string]candSet{}}
}

func (s *sqlLinker) candidates(ctx context.Context, nk, key string) (candSet, error) {
	if c, ok := s.cands[[2]string{nk, key}]; ok {
		return c, nil
	}
	c := candSet{rows: map[string]int64{}}
	byPath := map[string]int{}
	add := func(rowid int64, p, title, alias string) {
		i, ok := byPath[p]
		if !ok {
			i = len(c.docs)
			byPath[p] = i
			c.docs = append(c.docs, doc.Linkable{Path: p, Title: title})
			c.rows[p] = rowid
		}
		if alias != "" {
			c.docs[i].Aliases = append(c.docs[i].Aliases, alias)
		}
	}
	scan := func(q string, alias string, args ...any) error {
		rows, err := s.tx.QueryContext(ctx, q, args...)
		if err != nil {
			return fmt.Errorf("index: resolve: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var rowid int64
			var p, title string
			if err := rows.Scan(&rowid, &p, &title); err != nil {
				return fmt.Errorf("index: resolve: %w", err)
			}
			add(rowid, p, title, alias)
		}
		return rows.Err()
	}
	if nk != "" {
		if err := scan("SELECT rowid, path, title_key FROM documents WHERE name_key = ?", "", nk); err != nil {
			return c, err
		}
	}
	if key != "" {
		if err := scan("SELECT rowid, path, title_key FROM documents WHERE title_key = ?", "", key); err != nil {
			return c, err
		}
		if err := scan("SELECT d.rowid, d.path, d.title_key FROM aliases a JOIN documents d ON d.rowid = a.doc WHERE a.key = ?", key, key); err != nil {
			return c, err
		}
	}
	s.cands[[2]string{nk, key}] = c
	return c, nil
}

func (s *sqlLinker) resolve(ctx context.Context, form, target, nk, key, from string) (int64, error) {
	c, err := s.candidates(ctx, nk, key)
	if err != nil {
		return 0, err
	}
	docs := c.docs
	var fromRow int64
	if _, ok := c.rows[from]; !ok {
		// A link to a heading of its own note ([[#H]]) names from.
		if err := s.tx.QueryRowContext(ctx, "SELECT rowid FROM documents WHERE path = ?", from).Scan(&fromRow); err != nil && err != sql.ErrNoRows {
			return 0, fmt.Errorf("index: resolve: %w", err)
		}
		if fromRow != 0 {
			docs = append(docs[:len(docs):len(docs)], doc.Linkable{Path: from})
		}
	}
	var idRow int64
	var idPath string
	var idErr error
	byID := func(id string) (string, bool) {
		err := s.tx.QueryRowContext(ctx, "SELECT rowid, path FROM documents WHERE id = ? ORDER BY path LIMIT 1", id).Scan(&idRow, &idPath)
		if err != nil && err != sql.ErrNoRows {
			idErr = err
		}
		return idPath, err == nil
	}
	p, ok := resolveWith(doc.NewLinkResolver(docs), form, target, from, byID)
	switch {
	case idErr != nil:
		return 0, fmt.Errorf("index: resolve: %w", idErr)
	case !ok:
		return 0, nil
	case p == idPath && idRow != 0:
		return idRow, nil
	case p == from && fromRow != 0:
		return fromRow, nil
	}
	return c.rows[p], nil
}
