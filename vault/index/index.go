// Package index is the vault's derived cache: a SQLite database in
// .cortex/index.db built from the working tree. It can be deleted at any time
// and is rebuilt from the markdown files, which stay the only source of truth.
//
// The memorizer uses it to find documents by source_hash (de-duplication) and
// by id (operations), the hook to check that ids are unique; recall grows it
// into the full-text index and graph.
package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// SchemaVersion is stored in PRAGMA user_version. A database with another
// version is rebuilt.
const SchemaVersion = 1

const schema = `
CREATE TABLE documents (
	path            TEXT PRIMARY KEY,
	id              TEXT NOT NULL DEFAULT '',
	type            TEXT NOT NULL DEFAULT '',
	category        TEXT NOT NULL DEFAULT '',
	created         TEXT NOT NULL DEFAULT '',
	source_hash     TEXT NOT NULL DEFAULT '',
	title           TEXT NOT NULL DEFAULT '',
	status          TEXT NOT NULL DEFAULT '',
	importance      REAL,
	reinforced      INTEGER NOT NULL DEFAULT 0,
	last_reinforced TEXT NOT NULL DEFAULT '',
	size            INTEGER NOT NULL,
	mtime_ns        INTEGER NOT NULL,
	parse_error     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX documents_source_hash ON documents(source_hash) WHERE source_hash <> '';
CREATE INDEX documents_id ON documents(id) WHERE id <> '';
`

// Doc is what the index knows of one document.
type Doc struct {
	Path           string // vault-relative, slash-separated
	ID             string
	Type           string
	Category       string
	Created        string
	SourceHash     string // the hash of the body as it is on disk
	Title          string
	Status         string
	Importance     *float64
	Reinforced     int
	LastReinforced string
	Size           int64
	MtimeNS        int64
	ParseError     string // why the file could not be read as a document
}

// Index is an open index database. It is safe for concurrent use.
type Index struct {
	db  *sql.DB
	l   vault.Layout
	log *slog.Logger
}

// Options tune Open.
type Options struct {
	// Logger receives notices (a rebuild after a corrupt or outdated file).
	// Nil means slog.Default().
	Logger *slog.Logger
}

// Open opens the vault's index, creating it from the working tree when it is
// missing, and rebuilding it (with a notice) when it is corrupt or of another
// schema version. It does not refresh an existing index: call Refresh.
func Open(ctx context.Context, l vault.Layout, opts Options) (*Index, error) {
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	path := l.IndexDB()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	_, statErr := os.Stat(path)
	if statErr == nil {
		db, err := openDB(path)
		if err == nil {
			if err = checkDB(ctx, db); err == nil {
				return &Index{db: db, l: l, log: log}, nil
			}
			db.Close()
		}
		log.Warn("index: rebuilding", "path", path, "reason", err)
	}
	if err := Rebuild(ctx, l, RebuildOptions{Logger: log}); err != nil {
		return nil, err
	}
	db, err := openDB(path)
	if err != nil {
		return nil, err
	}
	if err := checkDB(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("index %s: fresh index unusable: %w", path, err)
	}
	return &Index{db: db, l: l, log: log}, nil
}

func openDB(path string) (*sql.DB, error) {
	// busy_timeout lets the daemon and a read command share the file. The
	// rollback journal (not WAL) keeps every byte of the database in the one
	// file, so Rebuild can swap a new file in with a rename: a WAL file left
	// beside the old database would be replayed into the new one.
	dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(DELETE)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", path, err)
	}
	return db, nil
}

// checkDB verifies the file is a SQLite database of our schema version.
func checkDB(ctx context.Context, db *sql.DB) error {
	var v int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return fmt.Errorf("unreadable: %w", err)
	}
	if v != SchemaVersion {
		return fmt.Errorf("schema version %d, want %d", v, SchemaVersion)
	}
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM documents").Scan(&n); err != nil {
		return fmt.Errorf("unreadable: %w", err)
	}
	return nil
}

// Close closes the database.
func (ix *Index) Close() error { return ix.db.Close() }

// Layout is the vault the index describes.
func (ix *Index) Layout() vault.Layout { return ix.l }

const docColumns = `path, id, type, category, created, source_hash, title, status, importance,
	reinforced, last_reinforced, size, mtime_ns, parse_error`

func scanDoc(row interface{ Scan(...any) error }) (Doc, error) {
	var d Doc
	var imp sql.NullFloat64
	err := row.Scan(&d.Path, &d.ID, &d.Type, &d.Category, &d.Created, &d.SourceHash, &d.Title,
		&d.Status, &imp, &d.Reinforced, &d.LastReinforced, &d.Size, &d.MtimeNS, &d.ParseError)
	if imp.Valid {
		f := imp.Float64
		d.Importance = &f
	}
	return d, err
}

// The look-ups repeat the partial indexes' conditions (source_hash <> ”,
// id <> ”): SQLite uses a partial index only for a WHERE clause that
// implies its condition, which `= ?` with a bound value does not — without
// them every look-up scans the table.
const (
	qByHash     = "SELECT " + docColumns + " FROM documents WHERE source_hash = ? AND source_hash <> '' ORDER BY path"
	qByID       = "SELECT " + docColumns + " FROM documents WHERE id = ? AND id <> '' ORDER BY path"
	qByIDPrefix = "SELECT " + docColumns + " FROM documents WHERE id >= ? AND id < ? AND id <> '' ORDER BY id LIMIT ?"
)

// ByHash returns the documents whose body hashes to hash, in path order.
func (ix *Index) ByHash(ctx context.Context, hash string) ([]Doc, error) {
	return ix.query(ctx, qByHash, hash)
}

// ByID returns the documents carrying id, in path order (more than one means
// the vault has a duplicate id).
func (ix *Index) ByID(ctx context.Context, id string) ([]Doc, error) {
	return ix.query(ctx, qByID, id)
}

// ByIDPrefix returns the documents whose id starts with prefix (at most limit).
func (ix *Index) ByIDPrefix(ctx context.Context, prefix string, limit int) ([]Doc, error) {
	prefix = strings.ToLower(prefix)
	// A range scan on the id index; prefix holds only hex digits and dashes
	// when it comes from a user, so there is nothing to escape.
	return ix.query(ctx, qByIDPrefix, prefix, prefix+"\U0010FFFF", limit)
}

// ByPath returns the document at the vault-relative path.
func (ix *Index) ByPath(ctx context.Context, rel string) (Doc, bool, error) {
	docs, err := ix.query(ctx, "SELECT "+docColumns+" FROM documents WHERE path = ?", rel)
	if err != nil || len(docs) == 0 {
		return Doc{}, false, err
	}
	return docs[0], true, nil
}

// Count returns the number of indexed documents.
func (ix *Index) Count(ctx context.Context) (int, error) {
	var n int
	err := ix.db.QueryRowContext(ctx, "SELECT count(*) FROM documents").Scan(&n)
	return n, err
}

func (ix *Index) query(ctx context.Context, q string, args ...any) ([]Doc, error) {
	rows, err := ix.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("index query: %w", err)
	}
	defer rows.Close()
	var out []Doc
	for rows.Next() {
		d, err := scanDoc(rows)
		if err != nil {
			return nil, fmt.Errorf("index query: %w", err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// Update re-reads the given vault-relative paths from the working tree and
// brings their rows up to date; a path whose file is gone (or is no longer a
// memory document) is removed. The memorizer calls it after each commit.
func (ix *Index) Update(ctx context.Context, rels ...string) error {
	ig, err := vault.LoadIgnore(ix.l)
	if err != nil {
		return err
	}
	var docs []Doc
	var gone []string
	for _, rel := range rels {
		if !vault.IsMemoryPath(rel) || ig.Ignored(rel) {
			gone = append(gone, rel)
			continue
		}
		info, err := os.Lstat(ix.l.Path(filepath.FromSlash(rel)))
		if errors.Is(err, fs.ErrNotExist) || (err == nil && !info.Mode().IsRegular()) {
			gone = append(gone, rel)
			continue
		}
		if err != nil {
			return fmt.Errorf("index %s: %w", rel, err)
		}
		docs = append(docs, readDoc(ix.l, rel, info))
	}
	return ix.apply(ctx, docs, gone)
}

// apply writes docs and deletes the rows of gone, in one transaction.
func (ix *Index) apply(ctx context.Context, docs []Doc, gone []string) error {
	if len(docs) == 0 && len(gone) == 0 {
		return nil
	}
	tx, err := ix.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("index update: %w", err)
	}
	defer tx.Rollback()
	if err := insertDocs(ctx, tx, docs); err != nil {
		return err
	}
	for _, rel := range gone {
		if _, err := tx.ExecContext(ctx, "DELETE FROM documents WHERE path = ?", rel); err != nil {
			return fmt.Errorf("index delete %s: %w", rel, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("index update: %w", err)
	}
	return nil
}

func insertDocs(ctx context.Context, tx *sql.Tx, docs []Doc) error {
	if len(docs) == 0 {
		return nil
	}
	stmt, err := tx.PrepareContext(ctx, "INSERT OR REPLACE INTO documents ("+docColumns+
		") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
	if err != nil {
		return fmt.Errorf("index insert: %w", err)
	}
	defer stmt.Close()
	for _, d := range docs {
		var imp any
		if d.Importance != nil {
			imp = *d.Importance
		}
		if _, err := stmt.ExecContext(ctx, d.Path, d.ID, d.Type, d.Category, d.Created, d.SourceHash,
			d.Title, d.Status, imp, d.Reinforced, d.LastReinforced, d.Size, d.MtimeNS, d.ParseError); err != nil {
			return fmt.Errorf("index insert %s: %w", d.Path, err)
		}
	}
	return nil
}

// readDoc reads and parses one file into its row. A file that cannot be read
// or parsed still gets a row, with ParseError set, so that a refresh does
// not re-read it until it changes.
func readDoc(l vault.Layout, rel string, info fs.FileInfo) Doc {
	d := Doc{Path: rel, Size: info.Size(), MtimeNS: info.ModTime().UnixNano()}
	data, err := os.ReadFile(l.Path(filepath.FromSlash(rel)))
	if err != nil {
		d.ParseError = err.Error()
		return d
	}
	fillDoc(&d, data)
	return d
}

// formatTime renders a time for the index: RFC 3339 UTC with milliseconds,
// which sorts as text.
func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02T15:04:05.000Z07:00")
}
