package index

import (
	"context"
	"fmt"
	"strings"
)

// ShortBodies returns the body of each of the paths the index knows whose
// body has at most maxChars characters, by path: the push block shows a
// short memory whole. One query, whatever the number of paths.
func (ix *Index) ShortBodies(ctx context.Context, paths []string, maxChars int) (map[string]string, error) {
	out := make(map[string]string, len(paths))
	if len(paths) == 0 {
		return out, nil
	}
	args := make([]any, 0, len(paths)+1)
	args = append(args, maxChars)
	for _, p := range paths {
		args = append(args, p)
	}
	q := `SELECT d.path, t.body FROM documents d JOIN texts t ON t.rowid = d.rowid
		WHERE length(t.body) <= ? AND d.path IN (?` + strings.Repeat(",?", len(paths)-1) + `)`
	rows, err := ix.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("index: short bodies: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p, body string
		if err := rows.Scan(&p, &body); err != nil {
			return nil, fmt.Errorf("index: short bodies: %w", err)
		}
		out[p] = body
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("index: short bodies: %w", err)
	}
	return out, nil
}
