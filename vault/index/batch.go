package index

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// batchRows is how many rows one INSERT of a batch writes. Every statement
// executed costs a round through database/sql and the driver; a rebuild
// writes hundreds of thousands of rows, so it writes them many at a time.
const batchRows = 64

// batch inserts rows into one table, batchRows at a time.
type batch struct {
	tx     *sql.Tx
	prefix string // INSERT INTO t (cols) VALUES
	cols   int
	full   *sql.Stmt
	args   []any
	what   string
}

func newBatch(ctx context.Context, tx *sql.Tx, table string, cols ...string) (*batch, error) {
	b := &batch{tx: tx, cols: len(cols), what: table,
		prefix: "INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES "}
	st, err := tx.PrepareContext(ctx, b.query(batchRows))
	if err != nil {
		return nil, fmt.Errorf("index: prepare %s: %w", table, err)
	}
	b.full = st
	b.args = make([]any, 0, batchRows*len(cols))
	return b, nil
}

func (b *batch) query(rows int) string {
	one := "(?" + strings.Repeat(",?", b.cols-1) + ")"
	return b.prefix + one + strings.Repeat(","+one, rows-1)
}

// add queues one row (cols values), writing a full batch when there is one.
func (b *batch) add(ctx context.Context, vals ...any) error {
	b.args = append(b.args, vals...)
	if len(b.args) < batchRows*b.cols {
		return nil
	}
	_, err := b.full.ExecContext(ctx, b.args...)
	b.args = b.args[:0]
	if err != nil {
		return fmt.Errorf("index: insert %s: %w", b.what, err)
	}
	return nil
}

// flush writes the rows queued.
func (b *batch) flush(ctx context.Context) error {
	if len(b.args) == 0 {
		return nil
	}
	_, err := b.tx.ExecContext(ctx, b.query(len(b.args)/b.cols), b.args...)
	b.args = b.args[:0]
	if err != nil {
		return fmt.Errorf("index: insert %s: %w", b.what, err)
	}
	return nil
}

func (b *batch) close() {
	if b != nil && b.full != nil {
		b.full.Close()
	}
}

// inChunk is how many values one IN (…) list of eachIn holds (far below
// SQLite's 32,766 variables).
const inChunk = 500

// eachIn calls fn for vals in chunks of at most inChunk, with the chunk's
// placeholder list for an IN clause, "(?,?,…)", and its arguments.
func eachIn[T any](vals []T, fn func(in string, args []any) error) error {
	for len(vals) > 0 {
		part := vals[:min(inChunk, len(vals))]
		vals = vals[len(part):]
		args := make([]any, len(part))
		for i, v := range part {
			args[i] = v
		}
		if err := fn("(?"+strings.Repeat(",?", len(part)-1)+")", args); err != nil {
			return err
		}
	}
	return nil
}
