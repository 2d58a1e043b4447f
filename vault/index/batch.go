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
