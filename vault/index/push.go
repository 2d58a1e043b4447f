package index

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// This file holds the queries of the push block (package mind, `cortex
// context`, SPEC §7 "Push"). Each is one indexed statement with a LIMIT:
// the block is built when every session or sub-agent starts, so no stage
// may read the whole vault, whatever its size. Stages that order by time
// read at most a window of the newest rows (PushWindow).

// PushWindow is how many of the most recently active documents (last
// reinforced, else created) the time-ordered stages look at: the recent
// stage and the recency fallback never read further back, so their cost
// does not grow with the vault.
const PushWindow = 1000

// PushFilter is what every stage of the push block requires of a document
// (SPEC §7): it parses; its status is active (resolved, outdated,
// superseded and archived memories are not pushed); nothing supersedes it
// (superseded_by) and it was not promoted to a rule (promoted_to); and a
// local memory only for an agent it names.
type PushFilter struct {
	// Agents are the names the agent answers to (its name and its type);
	// a local memory is pushed only when its agent is one of them. Empty
	// names are ignored, so a local memory without an agent reaches no one.
	Agents []string
}

// sql is PushFilter as SQL over documents d, with its arguments.
func (f PushFilter) sql() (string, []any) {
	agents := f.names()
	local := "0"
	var args []any
	if len(agents) > 0 {
		local = "d.agent IN (" + placeholders("agent", len(agents)) + ")"
		for i, a := range agents {
			args = append(args, sql.Named(fmt.Sprintf("agent%d", i), a))
		}
	}
	return `d.parse_error = '' AND d.status = 'active' AND d.superseded_by = '' AND d.promoted_to = ''
		AND (d.scope <> 'local' OR ` + local + `)`, args
}

// names are the non-empty, distinct Agents.
func (f PushFilter) names() []string {
	var out []string
	for _, a := range f.Agents {
		if a != "" && !contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// Allows reports whether the filter lets d be pushed: the same rule as the
// SQL of the stages, for documents found another way (a search).
func (f PushFilter) Allows(d Doc) bool {
	if d.ParseError != "" || d.Status != "active" || d.SupersededBy != "" || d.PromotedTo != "" {
		return false
	}
	return d.Scope != "local" || (d.Agent != "" && contains(f.names(), d.Agent))
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// RulesPrefix is where promoted rules live: every document under it is
// pushed first.
const RulesPrefix = "rules/"

// PushRules returns up to limit pushable documents under rules/, the most
// important first, then by path. A range of the path index: rules are few,
// and their order is sorted here.
func (ix *Index) PushRules(ctx context.Context, f PushFilter, limit int) ([]Doc, error) {
	if limit <= 0 {
		return nil, nil
	}
	q, args := pushRulesSQL(f, limit)
	return ix.pushQuery(ctx, "rules", q, args)
}

func pushRulesSQL(f PushFilter, limit int) (string, []any) {
	where, args := f.sql()
	q := `SELECT ` + qualified("d") + ` FROM documents d
		WHERE d.path >= @lo AND d.path < @hi AND ` + where + `
		ORDER BY coalesce(d.importance, @default_imp) DESC, d.path LIMIT @limit`
	args = append(args,
		sql.Named("lo", RulesPrefix),
		sql.Named("hi", strings.TrimSuffix(RulesPrefix, "/")+"0"), // '0' follows '/'
		sql.Named("default_imp", DefaultImportance),
		sql.Named("limit", limit))
	return q, args
}

// PushTasks returns the limit newest pushable documents of the given types
// (open tasks and commitments) that are for the agent: whose agent field
// is empty or one of f.Agents. Newest first (created), ties by path,
// descending. One index range per type and agent name (the
// documents_push index), each cut at limit, so the cost is a few index
// probes however many tasks the vault holds.
func (ix *Index) PushTasks(ctx context.Context, f PushFilter, types []string, limit int) ([]Doc, error) {
	if limit <= 0 || len(types) == 0 {
		return nil, nil
	}
	q, args := pushTasksSQL(f, types, limit)
	return ix.pushQuery(ctx, "tasks", q, args)
}

func pushTasksSQL(f PushFilter, types []string, limit int) (string, []any) {
	where, args := f.sql()
	owners := append([]string{""}, f.names()...)
	var parts []string
	for i, t := range types {
		args = append(args, sql.Named(fmt.Sprintf("type%d", i), t))
		for j := range owners {
			parts = append(parts, fmt.Sprintf(`SELECT * FROM (SELECT d.rowid AS rid, d.created_ms AS c, d.path AS p FROM documents d
				WHERE d.type = @type%d AND d.status = 'active' AND d.agent = @owner%d AND %s
				ORDER BY d.created_ms DESC, d.path DESC LIMIT @limit)`, i, j, where))
		}
	}
	for j, o := range owners {
		args = append(args, sql.Named(fmt.Sprintf("owner%d", j), o))
	}
	args = append(args, sql.Named("limit", limit))
	q := `SELECT ` + qualified("d") + ` FROM (` + strings.Join(parts, " UNION ALL ") + `) t
		JOIN documents d ON d.rowid = t.rid ORDER BY t.c DESC, t.p DESC LIMIT @limit`
	return q, args
}

// PushSession returns up to limit pushable documents of the session, the
// newest first (created; ties by path, descending). The session index
// gives the order.
func (ix *Index) PushSession(ctx context.Context, f PushFilter, session string, limit int) ([]Doc, error) {
	if session == "" || limit <= 0 {
		return nil, nil
	}
	q, args := pushSessionSQL(f, session, limit)
	return ix.pushQuery(ctx, "session", q, args)
}

func pushSessionSQL(f PushFilter, session string, limit int) (string, []any) {
	where, args := f.sql()
	q := `SELECT ` + qualified("d") + ` FROM documents d
		WHERE d.session_id = @session AND ` + where + `
		ORDER BY d.created_ms DESC, d.path DESC LIMIT @limit`
	args = append(args, sql.Named("session", session), sql.Named("limit", limit))
	return q, args
}

// RecentParams chooses among the most recently active documents.
type RecentParams struct {
	Filter PushFilter
	// ExcludeSession leaves out documents of this session ("" leaves out
	// none).
	ExcludeSession string
	// MinEffective keeps documents whose importance after decay at Now is
	// at least this (0 keeps all).
	MinEffective float64
	// ByImportance orders by importance after decay, highest first, then
	// by recency; otherwise by recency alone. Recency is last_reinforced,
	// else created; ties by path, descending.
	ByImportance bool
	Now          time.Time
	Limit        int
}

// PushRecent returns up to Limit pushable documents among the PushWindow
// most recently active ones (last reinforced, else created), filtered and
// ordered by p. The window is a backward walk of the documents_activity
// index, so the cost is bounded whatever the vault's size and however few
// documents pass the filter.
func (ix *Index) PushRecent(ctx context.Context, p RecentParams) ([]Doc, error) {
	if p.Limit <= 0 {
		return nil, nil
	}
	if !p.ByImportance {
		q, args := pushRecentSQL(p)
		return ix.pushQuery(ctx, "recent", q, args)
	}
	// By importance: every row of the window must be ranked, but the
	// ranking needs only what the documents_activity index holds. So the
	// window is ranked on the index alone, and the rows are then read in
	// that order, a chunk at a time, until Limit of them pass the filter:
	// a few dozen rows read rather than the whole window.
	q, args := pushRankedSQL(p)
	rows, err := ix.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("push recent: %w", err)
	}
	var ranked []int64
	for rows.Next() {
		var rid int64
		if err := rows.Scan(&rid); err != nil {
			rows.Close()
			return nil, fmt.Errorf("push recent: %w", err)
		}
		ranked = append(ranked, rid)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("push recent: %w", err)
	}
	var out []Doc
	chunk := max(p.Limit*2, 16)
	for len(ranked) > 0 && len(out) < p.Limit {
		batch := ranked[:min(chunk, len(ranked))]
		ranked = ranked[len(batch):]
		docs, err := ix.pushRows(ctx, p, batch)
		if err != nil {
			return nil, err
		}
		out = append(out, docs[:min(len(docs), p.Limit-len(out))]...)
	}
	return out, nil
}

// pushRows reads the rows rids that pass p's filter, in the order of rids.
func (ix *Index) pushRows(ctx context.Context, p RecentParams, rids []int64) ([]Doc, error) {
	where, args := p.Filter.sql()
	if p.ExcludeSession != "" {
		where += " AND d.session_id <> @session"
		args = append(args, sql.Named("session", p.ExcludeSession))
	}
	for i, rid := range rids {
		args = append(args, sql.Named(fmt.Sprintf("rid%d", i), rid))
	}
	q := `SELECT ` + qualified("d") + `, d.rowid FROM documents d
		WHERE d.rowid IN (` + placeholders("rid", len(rids)) + `) AND ` + where
	rows, err := ix.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("push recent: %w", err)
	}
	defer rows.Close()
	byRid := make(map[int64]Doc, len(rids))
	for rows.Next() {
		var rid int64
		d, err := scanDoc(scanWith(rows, &rid))
		if err != nil {
			return nil, fmt.Errorf("push recent: %w", err)
		}
		byRid[rid] = d
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("push recent: %w", err)
	}
	out := make([]Doc, 0, len(byRid))
	for _, rid := range rids {
		if d, ok := byRid[rid]; ok {
			out = append(out, d)
		}
	}
	return out, nil
}

// pushRankedSQL ranks the window by importance after decay (at least
// MinEffective), then recency, then path, on the documents_activity index
// alone; it returns rowids.
func pushRankedSQL(p RecentParams) (string, []any) {
	q := `SELECT rid FROM (
			SELECT rowid AS rid, decay_base_ms AS b, path AS p, ` + EffectiveImportanceSQL("") + ` AS e
			FROM documents ORDER BY decay_base_ms DESC, path DESC LIMIT @window
		) WHERE e >= @min_eff ORDER BY e DESC, b DESC, p DESC`
	return q, []any{
		sql.Named("window", PushWindow),
		sql.Named("now_ms", p.Now.UnixMilli()),
		sql.Named("min_eff", p.MinEffective),
	}
}

// pushRecentSQL is PushRecent by recency: a backward walk of the activity
// index that stops at Limit rows passing the filter, or at the window's
// oldest row.
func pushRecentSQL(p RecentParams) (string, []any) {
	where, args := p.Filter.sql()
	if p.ExcludeSession != "" {
		where += " AND d.session_id <> @session"
		args = append(args, sql.Named("session", p.ExcludeSession))
	}
	args = append(args,
		sql.Named("window", PushWindow),
		sql.Named("now_ms", p.Now.UnixMilli()),
		sql.Named("min_eff", p.MinEffective),
		sql.Named("limit", p.Limit))
	q := `SELECT ` + qualified("d") + ` FROM documents d
		WHERE d.decay_base_ms >= coalesce((SELECT decay_base_ms FROM documents
			ORDER BY decay_base_ms DESC, path DESC LIMIT 1 OFFSET @window - 1), -9223372036854775808)
		AND ` + EffectiveImportanceSQL("d") + ` >= @min_eff AND ` + where + `
		ORDER BY d.decay_base_ms DESC, d.path DESC LIMIT @limit`
	return q, args
}

func (ix *Index) pushQuery(ctx context.Context, stage, q string, args []any) ([]Doc, error) {
	docs, err := ix.query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("push %s: %w", stage, err)
	}
	return docs, nil
}

// TermDocs counts, for each term alone, the documents that have it, up to
// limit: a count of limit means limit or more. Each count reads at most
// limit entries of the term's posting list, so it costs little however
// common the term. The push block uses it to leave out words too common to
// say what a memory is about: an any-word search costs in proportion to
// the documents its words match, and a word in a tenth of the vault would
// make it read a tenth of the vault.
func (ix *Index) TermDocs(ctx context.Context, terms []Term, limit int) ([]int, error) {
	out := make([]int, len(terms))
	if len(terms) == 0 || limit <= 0 {
		return out, nil
	}
	stmt, err := ix.db.PrepareContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM fts WHERE fts MATCH @match LIMIT @limit)`)
	if err != nil {
		return nil, fmt.Errorf("index term counts: %w", err)
	}
	defer stmt.Close()
	for i, t := range terms {
		t.Exclude = false
		match, _ := MatchExpr([]Term{t}, false)
		if err := stmt.QueryRowContext(ctx, sql.Named("match", match), sql.Named("limit", limit)).Scan(&out[i]); err != nil {
			return nil, fmt.Errorf("index term counts: %w", err)
		}
	}
	return out, nil
}
