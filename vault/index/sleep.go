package index

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math"
	"strings"
)

// Generation names the index's content: a random token (meta
// "generation") that every write (an update or refresh that changes a
// row, a rebuild) replaces. The same generation means the same rows, so
// the sleep cycle (package rules) can tell that nothing it plans from
// changed since its last plan. "" for an index written before it was kept.
func (ix *Index) Generation(ctx context.Context) (string, error) {
	var g string
	err := ix.db.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = 'generation'").Scan(&g)
	if err == sql.ErrNoRows {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("index: generation: %w", err)
	}
	return g, nil
}

// newGeneration gives the index a new generation inside the transaction
// that changes it.
func newGeneration(ctx context.Context, tx *sql.Tx) error {
	var b [16]byte
	rand.Read(b[:])
	if _, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO meta (key, value) VALUES ('generation', ?)", hex.EncodeToString(b[:])); err != nil {
		return fmt.Errorf("index: generation: %w", err)
	}
	return nil
}

// Each calls fn for every parsed document whose path starts with prefix
// ("" for all), in path order, with its body when withBody is set (else
// ""). The sleep cycle (package rules) plans from it: one scan of the
// documents table (and of texts when bodies are asked for), never a file
// read. It fills only the fields the sleep cycle reads (eachColumns); the
// others (Category, Bucket, Confidence, Aliases, Supersedes, Size,
// MtimeNS, ParseError) are left zero, so that a scan of 100,000 rows
// makes a third fewer strings. fn's error stops the scan and is returned.
func (ix *Index) Each(ctx context.Context, prefix string, withBody bool, fn func(d Doc, body string) error) error {
	q := "SELECT " + eachColumns
	if withBody {
		q += ", t.body FROM documents d LEFT JOIN texts t ON t.rowid = d.rowid"
	} else {
		q += ", NULL FROM documents d"
	}
	q += " WHERE d.parse_error = '' AND d.path >= ? AND (? = '' OR d.path < ?) ORDER BY d.path"
	hi := ""
	if prefix != "" {
		hi = prefix[:len(prefix)-1] + string(prefix[len(prefix)-1]+1)
	}
	rows, err := ix.db.QueryContext(ctx, q, prefix, hi, hi)
	if err != nil {
		return fmt.Errorf("index scan: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var d Doc
		var imp sql.NullFloat64
		var files, seenSessions, seenAgents string
		var body sql.NullString
		if err := rows.Scan(&d.Path, &d.ID, &d.Type, &d.Created, &d.CreatedMS, &d.SourceHash, &d.Title,
			&d.Attribution, &imp, &d.SessionID, &d.Agent, &d.Scope, &d.Status, &d.Reinforced,
			&d.LastReinforced, &d.SupersededBy, &d.PromotedTo, &files, &d.Sessions, &seenSessions, &seenAgents, &d.DecayRate, &d.DecayBaseMS, &body); err != nil {
			return fmt.Errorf("index scan: %w", err)
		}
		if imp.Valid {
			f := imp.Float64
			d.Importance = &f
		}
		if files != "" {
			d.Files = strings.Split(files, "\n")
		}
		d.SeenSessions, d.SeenAgents = splitLines(seenSessions), splitLines(seenAgents)
		if err := fn(d, body.String); err != nil {
			return err
		}
	}
	return rows.Err()
}

// eachColumns are the documents columns Each reads, in its Scan's order.
const eachColumns = `d.path, d.id, d.type, d.created, d.created_ms, d.source_hash, d.title, d.attribution,
	d.importance, d.session_id, d.agent, d.scope, d.status, d.reinforced, d.last_reinforced,
	d.superseded_by, d.promoted_to, d.files, d.sessions, d.seen_sessions, d.seen_agents, d.decay_rate, d.decay_base_ms`

// Bodies returns the bodies of the documents at paths (those indexed), by
// path: ShortBodies without a bound.
func (ix *Index) Bodies(ctx context.Context, paths []string) (map[string]string, error) {
	return ix.ShortBodies(ctx, paths, math.MaxInt)
}
