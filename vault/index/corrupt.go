package index

import (
	"context"
	"errors"
	"log/slog"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/cortex-vault/cortex/vault"
)

// IsCorrupt reports whether err says the index file is damaged
// (SQLITE_CORRUPT, SQLITE_NOTADB): a page torn by a kill -9 on a disk that
// reorders writes, a truncated or half-copied file. The index is derived
// from the working tree, so the cure is a rebuild, never a failure.
func IsCorrupt(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return true
	}
	return false
}

// OpenChecked is Open followed by use, the caller's first work on the
// index (a refresh reads every document's row). Open looks only at the
// file's first pages; when use finds a damaged page past them (IsCorrupt),
// the index is closed, rebuilt from the working tree with a notice, opened
// again, and use runs once more. On any other error of use the index is
// closed and the error returned.
func OpenChecked(ctx context.Context, l vault.Layout, opts Options, use func(*Index) error) (*Index, error) {
	ix, err := Open(ctx, l, opts)
	if err != nil {
		return nil, err
	}
	err = use(ix)
	if err == nil {
		return ix, nil
	}
	ix.Close()
	if !IsCorrupt(err) {
		return nil, err
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	log.Warn("index: rebuilding", "path", l.IndexDB(), "reason", "damaged: "+err.Error())
	if err := Rebuild(ctx, l, RebuildOptions{Logger: log, Progress: opts.Progress}); err != nil {
		return nil, err
	}
	if ix, err = Open(ctx, l, opts); err != nil {
		return nil, err
	}
	if err := use(ix); err != nil {
		ix.Close()
		return nil, err
	}
	return ix, nil
}
