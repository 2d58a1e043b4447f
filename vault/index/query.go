package index

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// This file holds recall's queries (package mind): full-text search ranked
// by BM25 blended with importance and recency, the neighbours of a document
// in time, and the look-ups of `cortex get`.

// Term is one word or phrase of a full-text search, as the user wrote it.
// It reaches FTS5 only as a quoted string (see MatchExpr), so no text can
// be read as query syntax.
type Term struct {
	Text string
	// Prefix: the last word may be the start of a longer word.
	Prefix bool
	// Exclude: documents that have it are left out.
	Exclude bool
}

// MatchExpr turns terms into an FTS5 query: every term a quoted string
// (inner quotes doubled; a camelCase word as ("parseQuery" OR "parse
// Query"), see parts.go), joined by AND (or OR when any), then NOT for each
// excluded term. It returns "" when no term is to be looked for, and the
// expression of the excluded terms, joined by OR, for the caller to
// subtract. The tokenizer splits a quoted string the way it split the
// documents, so "foo-bar" is the phrase foo bar and "title:x" the phrase
// title x; FTS5 never sees an operator, a column filter or a parenthesis
// it did not get from here.
func MatchExpr(terms []Term, any bool) (match, excluded string) {
	var pos, neg []string
	for _, t := range terms {
		q := quoteFTS(t.Text)
		if t.Prefix {
			q += "*"
		}
		if parts := termParts(t.Text); parts != "" {
			// A camelCase word: whole, or the phrase of its parts
			// (parts.go).
			p := quoteFTS(parts)
			if t.Prefix {
				p += "*"
			}
			q = "(" + q + " OR " + p + ")"
		}
		if t.Exclude {
			neg = append(neg, q)
		} else {
			pos = append(pos, q)
		}
	}
	sep := " AND "
	if any {
		sep = " OR "
	}
	if len(pos) > 0 {
		match = strings.Join(pos, sep)
		if len(neg) > 0 {
			match = "(" + match + ") NOT (" + strings.Join(neg, " OR ") + ")"
		}
		return match, ""
	}
	return "", strings.Join(neg, " OR ")
}

// termParts is the parts of a term that is one camelCase word, as
// IdentifierParts splits it, and "" for any other term.
func termParts(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsFunc(s, func(r rune) bool { return !wordRune(r) }) {
		return ""
	}
	if parts := camelParts(s); len(parts) > 1 {
		return strings.Join(parts, " ")
	}
	return ""
}

// quoteFTS makes s one FTS5 string. NUL ends a C string inside SQLite's
// tokenizer, and a quote must be doubled; nothing else is special inside
// quotes.
func quoteFTS(s string) string {
	s = strings.ReplaceAll(s, "\x00", " ")
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// Rank is how search orders its results: a weighted sum of relevance,
// effective importance and recency, each in [0, 1].
//
//	score = Relevance·R + Importance·E + Recency·T
//	R = bm25 / best bm25 of the query's results (1 for the best match;
//	    1 for every document when the query has no words)
//	E = effective importance after decay (EffectiveImportanceSQL)
//	T = 0.5 ^ (age / HalfLife), age since last_reinforced, else created
//
// bm25 weighs the FTS columns title, aliases, body, tags, entities, parts
// by Columns.
type Rank struct {
	Relevance, Importance, Recency float64
	HalfLife                       time.Duration
	Columns                        [6]float64
}

// Recency is T of Rank for d at now, as Search computes it in SQL.
func Recency(d Doc, now time.Time, halfLife time.Duration) float64 {
	if d.DecayBaseMS <= 0 {
		return 0
	}
	half := max(halfLife.Milliseconds(), 1)
	return math.Pow(0.5, float64(max(0, now.UnixMilli()-d.DecayBaseMS))/float64(half))
}

// SearchParams is one search.
type SearchParams struct {
	Terms []Term
	// Any matches documents with any term rather than all of them.
	Any bool
	// Within, when it has a term, keeps to the documents that have one of
	// its terms (excluded ones aside): the others are not scored at all.
	// Terms still say what the kept ones are scored by, so a document's
	// BM25 is the same as without Within. An any-word search bounds its
	// cost with it (mind.Recall's any-word pass): the documents that have
	// only the commonest words are most of what it would score, and the
	// least likely to rank.
	Within []Term
	// Types keeps documents of one of these types; Tags documents having
	// every tag (or one nested below it); Statuses documents with one of
	// these statuses. Empty keeps all. Types, Tags and Statuses are
	// compared as given: pass them lower-cased.
	Types    []string
	Tags     []string
	Statuses []string
	// Since keeps documents created at or after it (zero: no bound);
	// Until those created before it (zero: no bound).
	Since, Until time.Time
	// Now is the clock of decay and recency.
	Now   time.Time
	Limit int
	Rank  Rank
}

// Hit is one search result: its row and how it was scored.
type Hit struct {
	Doc
	BM25      float64 // FTS5's bm25 (lower is better; 0 when the query has no words)
	Relevance float64 // R
	Effective float64 // E
	Recency   float64 // T
	Score     float64
}

// Search runs a full-text search and returns the best Limit documents by
// Rank, best first (ties: newer first, then by path). Documents that could
// not be parsed are never returned.
//
// With words to match, the ranking is found in two steps (searchRanked):
// FTS5 scores every match, and only the best of them by BM25 are joined
// with their documents — as many as it takes to prove that no other can
// reach the best Limit. A search without words ranks every document that
// passes its filters in one statement (searchSQL).
func (ix *Index) Search(ctx context.Context, p SearchParams) ([]Hit, error) {
	if p.Limit <= 0 {
		return nil, nil
	}
	if match, _ := MatchExpr(p.Terms, p.Any); match != "" {
		hits, _, err := ix.searchRanked(ctx, p, match, firstBatch)
		return hits, err
	}
	return ix.searchAll(ctx, p)
}

// searchAll is Search in one statement: every match (every document,
// without words) is joined with its row and scored, and SQLite keeps the
// best. Search uses it for searches without words; tests compare the two
// ways.
func (ix *Index) searchAll(ctx context.Context, p SearchParams) ([]Hit, error) {
	q, args := searchSQL(p)
	rows, err := ix.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("index search: %w", err)
	}
	defer rows.Close()
	var out []Hit
	for rows.Next() {
		var h Hit
		var err error
		h.Doc, err = scanDoc(scanWith(rows, &h.BM25, &h.Relevance, &h.Effective, &h.Recency, &h.Score))
		if err != nil {
			return nil, fmt.Errorf("index search: %w", err)
		}
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("index search: %w", err)
	}
	return out, nil
}

// scored is one match of a search's words: its rowid and FTS5's bm25.
type scored struct {
	rid int64
	b   float64
}

// The batches of searchRanked: the first holds the best firstBatch
// matches (or twice the limit), each next one twice the last, up to
// maxBatch.
const (
	firstBatch = 64
	maxBatch   = 4096
)

// searchRanked is Search for a query with words, ranked without joining
// every match with its document. Joining is what a common word costs: at
// 100,000 generated documents a word found in 25,000 of them took 170 ms
// of CPU joined and scored, 45 ms for FTS5's bm25 alone, and the window
// that finds the best BM25 had to hold every row before any was ranked.
//
// A match's score is Relevance·R + Importance·E + Recency·T, where R =
// bm25 / (the best bm25 among the matches that pass the filters) and E
// and T are those of its row. So the matches are taken best BM25 first,
// in batches joined with their rows (filters applied, scores computed by
// the same SQL as searchAll's), and the walk stops once the Limit-th best
// score found beats what any match not yet taken could score: its R is at
// most that of the next in BM25 order, E at most the vault's greatest
// importance (decay only lowers it; decay rates are never negative, the
// taxonomy refuses them), T at most that of the most recent decay base
// (priorBounds). This is the threshold algorithm (Fagin, Lotem and Naor,
// 2003) over one sorted list and two bounds: exact, the same hits as
// searchAll's in the same order, and it stops early when relevance leads.
// The first batch holds the best first matches, or twice the limit;
// joined is how many matches were joined with their rows.
func (ix *Index) searchRanked(ctx context.Context, p SearchParams, match string, first int) (_ []Hit, joined int, _ error) {
	matches, err := ix.matchBM25(ctx, p, match)
	if err != nil {
		return nil, 0, err
	}
	// Best BM25 first (bm25 is lower for better matches); rowid breaks
	// ties only to make the walk repeatable.
	slices.SortFunc(matches, func(x, y scored) int { return cmp.Or(cmp.Compare(x.b, y.b), cmp.Compare(x.rid, y.rid)) })
	var (
		found []candidate
		// best is the best bm25 among the matches that pass the
		// filters: that of the first one found, as they come in order.
		best    sql.NullFloat64
		bounded bool
		eMax    float64
		tMax    float64
	)
	size := max(2*p.Limit, first)
	for next := 0; next < len(matches); {
		batch := matches[next:min(next+size, len(matches))]
		next += len(batch)
		joined = next
		size = min(2*size, maxBatch)
		hits, err := ix.scoreBatch(ctx, p, batch)
		if err != nil {
			return nil, 0, err
		}
		if !best.Valid && len(hits) > 0 {
			best = sql.NullFloat64{Float64: hits[0].BM25, Valid: true}
			for _, h := range hits[1:] {
				best.Float64 = min(best.Float64, h.BM25)
			}
		}
		for i := range hits {
			score(&hits[i].Hit, best.Float64, p.Rank)
		}
		found = append(found, hits...)
		if next == len(matches) || len(found) < p.Limit {
			continue
		}
		sortHits(found)
		found = found[:p.Limit]
		if !bounded {
			if eMax, tMax, err = ix.priorBounds(ctx, p); err != nil {
				return nil, 0, err
			}
			bounded = true
		}
		rel := 1.0
		if best.Float64 < 0 {
			rel = matches[next].b / best.Float64
		}
		// The margin covers rounding: the bound is summed in another
		// order than SQLite sums a score.
		if bound := p.Rank.Relevance*rel + p.Rank.Importance*eMax + p.Rank.Recency*tMax; found[p.Limit-1].Score > bound+1e-9 {
			break
		}
	}
	sortHits(found)
	hits, err := ix.withRows(ctx, found[:min(p.Limit, len(found))])
	if err != nil {
		return nil, 0, err
	}
	return hits, joined, nil
}

// sortHits orders candidates as Search returns them: best score first,
// then newer, then by path (byte order, as SQLite compares text).
func sortHits(hits []candidate) {
	slices.SortFunc(hits, func(x, y candidate) int {
		return cmp.Or(cmp.Compare(y.Score, x.Score), cmp.Compare(y.CreatedMS, x.CreatedMS), strings.Compare(x.Path, y.Path))
	})
}

// matchBM25 returns every document that matches the words of p (match,
// within p.Within) with its bm25, from the full-text index alone.
func (ix *Index) matchBM25(ctx context.Context, p SearchParams, match string) ([]scored, error) {
	w := p.Rank.Columns
	q := fmt.Sprintf(`SELECT rowid, bm25(fts, %g, %g, %g, %g, %g, %g) FROM fts WHERE fts MATCH @match`,
		w[0], w[1], w[2], w[3], w[4], w[5])
	args := []any{sql.Named("match", match)}
	if within, _ := MatchExpr(positive(p.Within), true); within != "" {
		q += " AND +rowid IN (SELECT rowid FROM fts WHERE fts MATCH @within)"
		args = append(args, sql.Named("within", within))
	}
	rows, err := ix.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("index search: %w", err)
	}
	defer rows.Close()
	var out []scored
	for rows.Next() {
		var s scored
		if err := rows.Scan(&s.rid, &s.b); err != nil {
			return nil, fmt.Errorf("index search: %w", err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("index search: %w", err)
	}
	return out, nil
}

// scoreBatch joins a batch of matches with their rows and returns those
// that pass the filters of p, with what ranks them: E and T, computed by
// the SQL of searchSQL (the rest of the score is the caller's: score),
// the creation time and path that break ties. The other columns are read
// for the best only (withRows).
func (ix *Index) scoreBatch(ctx context.Context, p SearchParams, batch []scored) ([]candidate, error) {
	where, args := searchWhere(p)
	ids := make([]byte, 0, 12*len(batch))
	ids = append(ids, '[')
	bm25 := make(map[int64]float64, len(batch))
	for i, s := range batch {
		if i > 0 {
			ids = append(ids, ',')
		}
		ids = strconv.AppendInt(ids, s.rid, 10)
		bm25[s.rid] = s.b
	}
	ids = append(ids, ']')
	// The rowids go in as one JSON array, an exact text for integers:
	// thousands of parameters would cost SQLite a search of their names
	// each.
	args = append(args, sql.Named("ids", string(ids)))
	q := `SELECT d.rowid, d.created_ms, d.path, ` + EffectiveImportanceSQL("d") + `, ` + recencySQL + `
		FROM json_each(@ids) j JOIN documents d ON d.rowid = j.value
		WHERE ` + strings.Join(where, " AND ")
	rows, err := ix.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("index search: %w", err)
	}
	defer rows.Close()
	var out []candidate
	for rows.Next() {
		var c candidate
		if err := rows.Scan(&c.rid, &c.CreatedMS, &c.Path, &c.Effective, &c.Recency); err != nil {
			return nil, fmt.Errorf("index search: %w", err)
		}
		c.BM25 = bm25[c.rid]
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("index search: %w", err)
	}
	return out, nil
}

// candidate is a match searchRanked scores: the hit as scoreBatch reads
// it, and its rowid.
type candidate struct {
	Hit
	rid int64
}

// withRows returns the candidates' hits with their documents read whole.
func (ix *Index) withRows(ctx context.Context, cs []candidate) ([]Hit, error) {
	if len(cs) == 0 {
		return nil, nil
	}
	hits := make([]Hit, len(cs))
	at := make(map[int64]int, len(cs))
	ids := make([]int64, len(cs))
	for i, c := range cs {
		hits[i], at[c.rid], ids[i] = c.Hit, i, c.rid
	}
	return hits, eachIn(ids, func(in string, args []any) error {
		rows, err := ix.db.QueryContext(ctx, `SELECT d.rowid, `+qualified("d")+` FROM documents d WHERE d.rowid IN `+in, args...)
		if err != nil {
			return fmt.Errorf("index search: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var rid int64
			d, err := scanDoc(scanFirst(rows, &rid))
			if err != nil {
				return fmt.Errorf("index search: %w", err)
			}
			hits[at[rid]].Doc = d
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("index search: %w", err)
		}
		return nil
	})
}

// score sets h's Relevance and Score as searchSQL computes them, best
// being the best bm25 among the matches: R = bm25/best when best is
// negative (1 otherwise), then the weighted sum, one rounded operation at
// a time in SQLite's order — the explicit conversions keep the compiler
// from fusing a multiply and an add, which would round once where SQLite
// rounds twice.
func score(h *Hit, best float64, rk Rank) {
	h.Relevance = 1.0
	if best < 0 {
		h.Relevance = h.BM25 / best
	}
	h.Score = float64(float64(rk.Relevance*h.Relevance)+float64(rk.Importance*h.Effective)) + float64(rk.Recency*h.Recency)
}

// priorBounds returns bounds of E and T over every document of the index
// at p.Now: the greatest importance (DefaultImportance for a document
// without one; decay only lowers it) and the recency of the latest decay
// base (T grows with the base). Both are index look-ups
// (documents_importance, documents_activity).
func (ix *Index) priorBounds(ctx context.Context, p SearchParams) (eMax, tMax float64, err error) {
	var imp sql.NullFloat64
	err = ix.db.QueryRowContext(ctx, `SELECT (SELECT max(importance) FROM documents),
		(SELECT CASE WHEN m > 0 THEN pow(0.5, max(0.0, @now_ms - m) * 1.0 / @half_ms) ELSE 0.0 END
		FROM (SELECT max(decay_base_ms) AS m FROM documents))`,
		sql.Named("now_ms", p.Now.UnixMilli()), sql.Named("half_ms", max(p.Rank.HalfLife.Milliseconds(), 1))).Scan(&imp, &tMax)
	if err != nil {
		return 0, 0, fmt.Errorf("index search bounds: %w", err)
	}
	eMax = DefaultImportance
	if imp.Valid {
		eMax = max(eMax, imp.Float64)
	}
	return eMax, tMax, nil
}

// recencySQL is T of Rank for the documents row d at @now_ms, with a
// half-life of @half_ms.
const recencySQL = `CASE WHEN d.decay_base_ms > 0 THEN pow(0.5, max(0.0, @now_ms - d.decay_base_ms) * 1.0 / @half_ms) ELSE 0.0 END`

// searchWhere is the filters of p as SQL conditions on the documents row
// d, with their arguments and those of EffectiveImportanceSQL and
// recencySQL.
func searchWhere(p SearchParams) ([]string, []any) {
	args := []any{
		sql.Named("now_ms", p.Now.UnixMilli()),
		sql.Named("half_ms", max(p.Rank.HalfLife.Milliseconds(), 1)),
	}
	var where []string
	where = append(where, "d.parse_error = ''")
	if len(p.Types) > 0 {
		where = append(where, "d.type IN ("+placeholders("type", len(p.Types))+")")
		for i, t := range p.Types {
			args = append(args, sql.Named(fmt.Sprintf("type%d", i), t))
		}
	}
	if len(p.Statuses) > 0 {
		where = append(where, "d.status IN ("+placeholders("status", len(p.Statuses))+")")
		for i, s := range p.Statuses {
			args = append(args, sql.Named(fmt.Sprintf("status%d", i), s))
		}
	}
	for i, t := range p.Tags {
		// A tag or one nested below it: key = t, or t/ <= key < t0 ('0'
		// follows '/'), a range the edges_key index answers.
		where = append(where, fmt.Sprintf(`EXISTS (SELECT 1 FROM edges e WHERE e.src = d.rowid AND e.kind = '%s'
			AND (e.key = @tag%[2]d OR (e.key >= @tag%[2]d || '/' AND e.key < @tag%[2]d || '0')))`, EdgeTagged, i))
		args = append(args, sql.Named(fmt.Sprintf("tag%d", i), t))
	}
	if !p.Since.IsZero() {
		where = append(where, "d.created_ms >= @since_ms")
		args = append(args, sql.Named("since_ms", p.Since.UnixMilli()))
	}
	if !p.Until.IsZero() {
		where = append(where, "d.created_ms < @until_ms")
		args = append(args, sql.Named("until_ms", p.Until.UnixMilli()))
	}
	return where, args
}

// searchSQL builds searchAll's query and its arguments.
func searchSQL(p SearchParams) (string, []any) {
	match, excluded := MatchExpr(p.Terms, p.Any)
	where, args := searchWhere(p)
	args = append(args,
		sql.Named("w_rel", p.Rank.Relevance),
		sql.Named("w_imp", p.Rank.Importance),
		sql.Named("w_rec", p.Rank.Recency),
		sql.Named("limit", p.Limit))
	if excluded != "" {
		where = append(where, "d.rowid NOT IN (SELECT rowid FROM fts WHERE fts MATCH @excluded)")
		args = append(args, sql.Named("excluded", excluded))
	}

	// hits: the matching rows with their raw bm25 (0 without words) and
	// the parts of the score that depend on the row alone, computed in
	// the one pass over documents. Only the best Limit rows are joined
	// with documents again for their columns: carrying every column of
	// every match through the sort costs far more than the ranking.
	parts := `d.rowid AS rid, d.created_ms AS created_ms, d.path AS path,
			` + EffectiveImportanceSQL("d") + ` AS eff, ` + recencySQL + ` AS rec`
	var hits string
	if match != "" {
		w := p.Rank.Columns
		hits = fmt.Sprintf(`SELECT %s, bm25(fts, %g, %g, %g, %g, %g, %g) AS b
			FROM fts JOIN documents d ON d.rowid = fts.rowid
			WHERE fts MATCH @match AND %s`, parts, w[0], w[1], w[2], w[3], w[4], w[5], strings.Join(where, " AND "))
		args = append(args, sql.Named("match", match))
		if within, _ := MatchExpr(positive(p.Within), true); within != "" {
			// A filter on the rowids FTS5 yields, before each is joined
			// with documents and scored: the match's posting lists are
			// still read whole, which costs little beside the scoring.
			hits += " AND +fts.rowid IN (SELECT rowid FROM fts WHERE fts MATCH @within)"
			args = append(args, sql.Named("within", within))
		}
	} else {
		hits = `SELECT ` + parts + `, 0.0 AS b FROM documents d WHERE ` + strings.Join(where, " AND ")
	}
	q := `WITH top AS (
		SELECT rid, b, rel, eff, rec, @w_rel * rel + @w_imp * eff + @w_rec * rec AS score, created_ms, path
		FROM (
			SELECT h.*, CASE WHEN min(h.b) OVER () < 0 THEN h.b / min(h.b) OVER () ELSE 1.0 END AS rel
			FROM (` + hits + `) h
		)
		ORDER BY score DESC, created_ms DESC, path
		LIMIT @limit
	)
	SELECT ` + qualified("d") + `, t.b, t.rel, t.eff, t.rec, t.score
	FROM top t JOIN documents d ON d.rowid = t.rid
	ORDER BY t.score DESC, t.created_ms DESC, t.path`
	return q, args
}

// positive is terms less the excluded ones.
func positive(terms []Term) []Term {
	out := make([]Term, 0, len(terms))
	for _, t := range terms {
		if !t.Exclude {
			out = append(out, t)
		}
	}
	return out
}

// NeighborParams asks for the documents nearest in time to Anchor.
type NeighborParams struct {
	Anchor Doc
	// After: documents created after the anchor (else before it).
	After bool
	// Session: only documents of this session_id when SameSession, else
	// only documents of any other session (or none); with Session empty,
	// SameSession returns nothing and otherwise every document counts.
	Session     string
	SameSession bool
	Limit       int
}

// Neighbors returns up to Limit parsed documents created just before (or
// after) the anchor, nearest first. Documents created at the same
// millisecond are ordered by path, so every document has one place in
// time.
func (ix *Index) Neighbors(ctx context.Context, p NeighborParams) ([]Doc, error) {
	if p.Limit <= 0 || (p.SameSession && p.Session == "") {
		return nil, nil
	}
	cmp, order := "<", "DESC"
	if p.After {
		cmp, order = ">", "ASC"
	}
	sess := "d.session_id = @session"
	switch {
	case !p.SameSession && p.Session == "":
		sess = "1"
	case !p.SameSession:
		sess = "d.session_id <> @session"
	}
	q := fmt.Sprintf(`SELECT %s FROM documents d
		WHERE d.parse_error = '' AND %s AND d.path <> @path
		AND d.created_ms %s= @created AND (d.created_ms %s @created OR d.path %s @path)
		ORDER BY d.created_ms %s, d.path %s LIMIT @limit`,
		qualified("d"), sess, cmp, cmp, cmp, order, order)
	return ix.query(ctx, q,
		sql.Named("session", p.Session),
		sql.Named("path", p.Anchor.Path),
		sql.Named("created", p.Anchor.CreatedMS),
		sql.Named("limit", p.Limit))
}

// SessionNeighbors is Neighbors with SameSession for many anchors at once:
// for each anchor, up to span documents of its session created just before
// it (before[i], nearest first) and just after it (after[i]). One query
// for them all: a search's lenders are ten, and twenty statements cost
// twenty parses (and as many re-parses once their values are bound, which
// SQLite does to plan with them) — a third of a LoCoMo search. An anchor
// without a session has none.
func (ix *Index) SessionNeighbors(ctx context.Context, anchors []Doc, span int) (before, after [][]Doc, err error) {
	before, after = make([][]Doc, len(anchors)), make([][]Doc, len(anchors))
	var values []string
	args := []any{sql.Named("span", span)}
	for i, a := range anchors {
		if a.SessionID == "" {
			continue
		}
		values = append(values, fmt.Sprintf("(%d, @path%[1]d, @created%[1]d, @session%[1]d)", i))
		args = append(args, sql.Named(fmt.Sprintf("path%d", i), a.Path),
			sql.Named(fmt.Sprintf("created%d", i), a.CreatedMS),
			sql.Named(fmt.Sprintf("session%d", i), a.SessionID))
	}
	if span <= 0 || len(values) == 0 {
		return before, after, nil
	}
	// Each side is Neighbors' query, correlated with its anchor.
	side := func(dir int, op, order string) string {
		return fmt.Sprintf(`SELECT %s, a.k, %d FROM a JOIN documents d ON d.rowid IN (
			SELECT x.rowid FROM documents x
			WHERE x.parse_error = '' AND x.session_id = a.session AND x.path <> a.path
			AND x.created_ms %s= a.created AND (x.created_ms %s a.created OR x.path %s a.path)
			ORDER BY x.created_ms %s, x.path %s LIMIT @span)`,
			qualified("d"), dir, op, op, op, order, order)
	}
	q := "WITH a(k, path, created, session) AS (VALUES " + strings.Join(values, ", ") + ")\n" +
		side(0, "<", "DESC") + "\nUNION ALL\n" + side(1, ">", "ASC")
	rows, err := ix.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, nil, fmt.Errorf("index session neighbours: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k, dir int
		d, err := scanDoc(scanWith(rows, &k, &dir))
		if err != nil {
			return nil, nil, fmt.Errorf("index session neighbours: %w", err)
		}
		if dir == 0 {
			before[k] = append(before[k], d)
		} else {
			after[k] = append(after[k], d)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("index session neighbours: %w", err)
	}
	// A union's rows come in no promised order: nearest first, as
	// Neighbors orders them (created, then path).
	for i := range anchors {
		slices.SortFunc(before[i], func(x, y Doc) int {
			return cmp.Or(cmp.Compare(y.CreatedMS, x.CreatedMS), strings.Compare(y.Path, x.Path))
		})
		slices.SortFunc(after[i], func(x, y Doc) int {
			return cmp.Or(cmp.Compare(x.CreatedMS, y.CreatedMS), strings.Compare(x.Path, y.Path))
		})
	}
	return before, after, nil
}

// placeholders returns "@name0, @name1, …" for n values.
func placeholders(name string, n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = fmt.Sprintf("@%s%d", name, i)
	}
	return strings.Join(ps, ", ")
}

// qualified returns docColumns with every column prefixed by table, for
// queries that join documents with tables whose columns share its names.
func qualified(table string) string {
	cols := strings.Split(docColumns, ",")
	for i, c := range cols {
		cols[i] = table + "." + strings.TrimSpace(c)
	}
	return strings.Join(cols, ", ")
}

// scanWith lets scanDoc read a row that has more columns after the
// document's: they go to extra.
type extraScanner struct {
	row   interface{ Scan(...any) error }
	extra []any
}

func scanWith(row interface{ Scan(...any) error }, extra ...any) extraScanner {
	return extraScanner{row: row, extra: extra}
}

func (s extraScanner) Scan(dest ...any) error {
	return s.row.Scan(append(dest, s.extra...)...)
}

// scanFirst lets scanDoc read a row that has more columns before the
// document's: they go to first.
func scanFirst(row interface{ Scan(...any) error }, first ...any) firstScanner {
	return firstScanner{row: row, first: first}
}

type firstScanner struct {
	row   interface{ Scan(...any) error }
	first []any
}

func (s firstScanner) Scan(dest ...any) error {
	return s.row.Scan(append(s.first, dest...)...)
}

// MinShortID is the fewest characters of a short id (ShortIDs), and so
// of an id prefix cortex get accepts.
const MinShortID = 8

// ShortIDs returns, for each id, its shortest prefix of at least min
// characters (minLen) that no other document's id starts with — how git abbreviates
// hashes. UUIDv7 ids begin with their millisecond, so documents memorized
// in one batch share far more than 8 characters; a fixed-length prefix
// would name several of them. An id that two documents carry is returned
// whole. Ids not in the index are returned as the shortest prefix that
// names no indexed document (at least minLen).
//
// more are ids of documents not indexed yet that will be (a plan's new
// files): the prefixes are unique among the indexed ids and those, as they
// will be once the plan is written, so that the index gives every id the
// same prefix afterwards.
func (ix *Index) ShortIDs(ctx context.Context, ids []string, minLen int, more ...string) (map[string]string, error) {
	out := make(map[string]string, len(ids))
	more = slices.Sorted(slices.Values(more))
	stmt, err := ix.db.PrepareContext(ctx, `SELECT
		(SELECT id FROM documents WHERE id <> '' AND id < @id ORDER BY id DESC LIMIT 1),
		(SELECT id FROM documents WHERE id <> '' AND id > @id ORDER BY id LIMIT 1),
		(SELECT count(*) FROM documents WHERE id <> '' AND id = @id)`)
	if err != nil {
		return nil, fmt.Errorf("index short ids: %w", err)
	}
	defer stmt.Close()
	for _, id := range ids {
		if _, done := out[id]; done || id == "" {
			continue
		}
		var prev, next sql.NullString
		var same int
		if err := stmt.QueryRowContext(ctx, sql.Named("id", id)).Scan(&prev, &next, &same); err != nil {
			return nil, fmt.Errorf("index short ids: %w", err)
		}
		// The neighbours among more, and how many of them are id.
		i, _ := slices.BinarySearch(more, id)
		j := i
		for j < len(more) && more[j] == id {
			j++
		}
		same += j - i
		if i > 0 && (!prev.Valid || more[i-1] > prev.String) {
			prev = sql.NullString{String: more[i-1], Valid: true}
		}
		if j < len(more) && (!next.Valid || more[j] < next.String) {
			next = sql.NullString{String: more[j], Valid: true}
		}
		n := minLen
		if same > 1 {
			n = len(id)
		}
		for _, o := range []sql.NullString{prev, next} {
			if o.Valid {
				n = max(n, commonPrefix(id, o.String)+1)
			}
		}
		out[id] = id[:min(n, len(id))]
	}
	return out, nil
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// SearchSQL is searchSQL for benchmarks and query plans.
func SearchSQL(p SearchParams) (string, []any) { return searchSQL(p) }

// Which of a search's few candidates have a word is asked two ways
// (inCandidates). termRowsSQL selects those of a list of rowids (a JSON
// array, its second argument) whose document matches the full-text query
// of its first: FTS5 reads the query's posting lists once, and each rowid
// it yields is looked up in the few of the list (the unary + keeps SQLite
// from handing the list to FTS5 as one "rowid =" look-up per value: FTS5
// finds a rowid by reading its posting lists from their start). Its cost
// is that of the posting lists — a word in 20,000 of 100,000 generated
// documents, 9 ms. For several words, the candidates' texts are indexed
// instead, in a temporary full-text table tokenized as fts is
// (candidatesFTS), and each word asked of it: the cost is that of
// tokenizing thirty documents, however common the words. Either way
// nothing of the index is written: the earlier form, paths led by the path
// index and the match's rowids read into a list (+rowid IN (SELECT rowid
// FROM fts …)), built a temporary b-tree of every document of each word,
// a third of a search's time at 100,000 generated documents.
const termRowsSQL = `SELECT rowid FROM fts WHERE fts MATCH ? AND +rowid IN (SELECT value FROM json_each(?))`

// candidatesFTS is the temporary full-text table of inCandidates, one a
// connection: contentless, without column sizes, tokenized as fts.
const candidatesFTS = `CREATE VIRTUAL TABLE IF NOT EXISTS temp.candidates USING fts5(
	title, aliases, body, tags, entities, parts,
	content = '', columnsize = 0,
	tokenize = 'porter unicode61 remove_diacritics 2'
)`

// candidatesClear empties candidatesFTS (a contentless table has no rows
// to DELETE).
const candidatesClear = `INSERT INTO temp.candidates(candidates) VALUES ('delete-all')`

// inCandidates calls fn(q, path) for each of paths whose document matches
// the full-text query matches[q] (MatchExpr's): through the candidates'
// texts (candidatesFTS) when byText, else through termRowsSQL.
func (ix *Index) inCandidates(ctx context.Context, paths []string, matches []string, byText bool, fn func(q int, path string)) (err error) {
	if len(paths) == 0 || len(matches) == 0 {
		return nil
	}
	at := make(map[int64]string, len(paths))
	list := make([]byte, 0, 8*len(paths)+2)
	list = append(list, '[')
	err = eachIn(paths, func(in string, args []any) error {
		rows, err := ix.db.QueryContext(ctx, `SELECT rowid, path FROM documents WHERE path IN `+in, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var rid int64
			var p string
			if err := rows.Scan(&rid, &p); err != nil {
				return err
			}
			if len(at) > 0 {
				list = append(list, ',')
			}
			list = strconv.AppendInt(list, rid, 10)
			at[rid] = p
		}
		return rows.Err()
	})
	if err != nil || len(at) == 0 {
		return err
	}
	ids := string(append(list, ']'))
	type querier interface {
		QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	}
	var db querier = ix.db
	q := termRowsSQL
	if byText {
		// The table is the connection's: hold it for the time of the
		// questions.
		conn, err := ix.db.Conn(ctx)
		if err != nil {
			return err
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, candidatesFTS); err != nil {
			return err
		}
		// Emptied first too: a search cancelled before its clearing
		// must not leave its texts to the next.
		if _, err := conn.ExecContext(ctx, candidatesClear); err != nil {
			return err
		}
		defer func() {
			if _, cerr := conn.ExecContext(context.WithoutCancel(ctx), candidatesClear); err == nil {
				err = cerr
			}
		}()
		if _, err := conn.ExecContext(ctx, `INSERT INTO temp.candidates(rowid, title, aliases, body, tags, entities, parts)
			SELECT rowid, title, aliases, body, tags, entities, parts FROM texts WHERE rowid IN (SELECT value FROM json_each(?))`, ids); err != nil {
			return err
		}
		db, q = conn, `SELECT rowid FROM temp.candidates WHERE candidates MATCH ?`
	}
	for k, match := range matches {
		args := []any{match}
		if !byText {
			args = append(args, ids)
		}
		err := rowsOf(ctx, db, q, args, func(rid int64) {
			if p, ok := at[rid]; ok {
				fn(k, p)
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// rowsOf calls fn with the rowid of each row of q.
func rowsOf(ctx context.Context, db interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, q string, args []any, fn func(rid int64)) error {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var rid int64
		if err := rows.Scan(&rid); err != nil {
			return err
		}
		fn(rid)
	}
	return rows.Err()
}

// Matches reports, for each of paths, which of terms its document has: the
// indexes into terms, in order. Excluded terms are never reported. One
// full-text query per term, limited to the paths' documents
// (inCandidates).
func (ix *Index) Matches(ctx context.Context, terms []Term, paths []string) (map[string][]int, error) {
	out := make(map[string][]int, len(paths))
	var matches []string
	var which []int
	for i, t := range terms {
		if t.Exclude || strings.TrimSpace(t.Text) == "" {
			continue
		}
		match, _ := MatchExpr([]Term{t}, false)
		matches, which = append(matches, match), append(which, i)
	}
	err := ix.inCandidates(ctx, paths, matches, len(matches) > 1, func(q int, p string) {
		out[p] = append(out[p], which[q])
	})
	if err != nil {
		return nil, fmt.Errorf("index matches of %d terms: %w", len(matches), err)
	}
	return out, nil
}

// HaveAny reports which of paths hold a document that has any of terms
// (excluded terms are ignored): for a yes or no about each path, one
// full-text query of them all, limited to the paths' documents — of the
// candidates' texts for two terms or more (inCandidates).
func (ix *Index) HaveAny(ctx context.Context, terms []Term, paths []string) (map[string]bool, error) {
	out := make(map[string]bool, len(paths))
	pos := make([]Term, 0, len(terms))
	for _, t := range terms {
		if !t.Exclude && strings.TrimSpace(t.Text) != "" {
			pos = append(pos, t)
		}
	}
	if len(pos) == 0 {
		return out, nil
	}
	match, _ := MatchExpr(pos, true)
	err := ix.inCandidates(ctx, paths, []string{match}, len(pos) > 1, func(_ int, p string) { out[p] = true })
	if err != nil {
		return nil, fmt.Errorf("index have any of %d terms: %w", len(pos), err)
	}
	return out, nil
}

// Asking reports which of paths hold a document whose body ends with a
// question mark (white space aside): one that asks. One query for every
// inChunk paths, on the stored text; nothing is tokenized.
func (ix *Index) Asking(ctx context.Context, paths []string) (map[string]bool, error) {
	out := make(map[string]bool, len(paths))
	err := eachIn(paths, func(in string, args []any) error {
		rows, err := ix.db.QueryContext(ctx, `SELECT d.path FROM documents d JOIN texts t ON t.rowid = d.rowid
			WHERE rtrim(t.body, ' '||char(9, 10, 13)) LIKE '%?' AND d.path IN `+in, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p string
			if err := rows.Scan(&p); err != nil {
				return err
			}
			out[p] = true
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("index asking: %w", err)
	}
	return out, nil
}
