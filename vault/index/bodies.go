package index

import (
	"context"
	"fmt"
)

// ShortBodies returns the body of each of the paths the index knows whose
// body has at most maxChars characters, by path: the push block shows a
// short memory whole. One query for every inChunk paths.
func (ix *Index) ShortBodies(ctx context.Context, paths []string, maxChars int) (map[string]string, error) {
	out := make(map[string]string, len(paths))
	err := eachIn(paths, func(in string, args []any) error {
		rows, err := ix.db.QueryContext(ctx, `SELECT d.path, t.body FROM documents d JOIN texts t ON t.rowid = d.rowid
			WHERE length(t.body) <= ? AND d.path IN `+in, append([]any{maxChars}, args...)...)
		if err != nil {
			return fmt.Errorf("index: bodies: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var p, body string
			if err := rows.Scan(&p, &body); err != nil {
				return fmt.Errorf("index: bodies: %w", err)
			}
			out[p] = body
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("index: bodies: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
