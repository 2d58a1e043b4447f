package index

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
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
// read. fn's error stops the scan and is returned.
func (ix *Index) Each(ctx context.Context, prefix string, withBody bool, fn func(d Doc, body string) error) error {
	q := "SELECT " + qualified("d")
	if withBody {
		q += ", t.body FROM documents d LEFT JOIN texts t ON t.rowid = d.rowid"
	} else {
		q += ", '' FROM documents d"
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
		var body *string
		d, err := scanDoc(scanWith(rows, &body))
		if err != nil {
			return fmt.Errorf("index scan: %w", err)
		}
		b := ""
		if body != nil {
			b = *body
		}
		if err := fn(d, b); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Bodies returns the bodies of the documents at paths (those indexed), by
// path.
func (ix *Index) Bodies(ctx context.Context, paths []string) (map[string]string, error) {
	out := make(map[string]string, len(paths))
	const chunk = 500
	for i := 0; i < len(paths); i += chunk {
		part := paths[i:min(i+chunk, len(paths))]
		args := make([]any, len(part))
		for j, p := range part {
			args[j] = p
		}
		q := "SELECT d.path, t.body FROM documents d JOIN texts t ON t.rowid = d.rowid WHERE d.path IN (?" +
			strings.Repeat(",?", len(part)-1) + ")"
		rows, err := ix.db.QueryContext(ctx, q, args...)
		if err != nil {
			return nil, fmt.Errorf("index bodies: %w", err)
		}
		for rows.Next() {
			var p, b string
			if err := rows.Scan(&p, &b); err != nil {
				rows.Close()
				return nil, fmt.Errorf("index bodies: %w", err)
			}
			out[p] = b
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("index bodies: %w", err)
		}
	}
	return out, nil
}
