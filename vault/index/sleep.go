package index

import (
	"context"
	"fmt"
)

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
