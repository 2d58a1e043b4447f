// Package index is the vault's derived cache: a SQLite database in
// .cortex (vault.IndexFile, named by its schema version) built from the
// working tree. It can be deleted at any time
// and is rebuilt from the markdown files, which stay the only source of truth.
//
// It holds every document's fields (documents), their full text (texts and
// the FTS5 table fts), the graph of documents, entities and tags (edges),
// and what decay needs (see EffectiveImportanceSQL); schema.go documents
// each table and column. The memorizer finds documents in it by source_hash
// (de-duplication) and by id (operations); recall searches it; `cortex
// graph` prints its graph.
//
// Writes keep it exact without redoing the vault: Rebuild builds a new file
// from scratch and swaps it in; Refresh re-reads the files whose size or
// modification time changed; Update re-reads given paths. When a document
// changes, only its own edges are written again, plus the links of other
// documents that may name it (by its old or new file name, title, aliases
// or id): never every link of the vault.
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
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cortex-vault/cortex/vault"

	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/vaultfs"
	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// Doc is what the index knows of one document: a documents row (see the
// schema). Text fields are "" when the field is absent.
type Doc struct {
	Path           string // vault-relative, slash-separated
	ID             string
	Type           string
	Category       string
	Created        string // RFC 3339 UTC with milliseconds
	CreatedMS      int64  // Created in Unix milliseconds, 0 when absent
	SourceHash     string // the hash of the body as it is on disk
	Title          string // the frontmatter title, else the body's
	Bucket         string
	Attribution    string
	Confidence     *float64
	Importance     *float64
	SessionID      string
	Agent          string
	Scope          string // "global" when absent
	Status         string // "active" when absent
	Aliases        []string
	Reinforced     int
	LastReinforced string
	Supersedes     string
	SupersededBy   string
	PromotedTo     string
	Files          []string // the paths the memory is about (files:)
	// Sessions counts the distinct sessions the memory was seen in;
	// SeenSessions and SeenAgents are the last of them and its agents
	// (doc.Seen).
	Sessions     int
	SeenSessions []string
	SeenAgents   []string
	// DecayRate is the importance lost per month (0 outside mind/ and for
	// types that do not decay); DecayBaseMS is last_reinforced, else
	// created, in Unix milliseconds. See EffectiveImportance.
	DecayRate   float64
	DecayBaseMS int64
	Size        int64
	MtimeNS     int64
	ParseError  string // why the file could not be read as a document
}

// Index is an open index database. It is safe for concurrent use.
type Index struct {
	db  *sql.DB
	l   vault.Layout
	log *slog.Logger
	// wmu serializes this process's writers; other processes wait on the
	// database lock (busy_timeout, and transactions begin IMMEDIATE so a
	// reader never has to upgrade to a writer and deadlock).
	wmu sync.Mutex
	// fullRelinkAt is defaultFullRelinkAt; tests lower it to check that
	// both ways of resolving give the same graph.
	fullRelinkAt int
	// opened is the file at the path when it was opened (see Replaced).
	opened fs.FileInfo
	// stmts holds the push block's prepared statements by SQL text
	// (push.go): a long-lived reader builds the block again and again.
	stmts sync.Map
}

// Options tune Open.
type Options struct {
	// Logger receives notices (a rebuild after a corrupt or outdated file).
	// Nil means slog.Default().
	Logger *slog.Logger
	// Progress, when set, follows a build of the index from the working
	// tree (RebuildOptions.Progress): the first one is long in a big vault.
	Progress func(done, found int)
	// ReadMapped has reads go through a memory map of the file instead of
	// SQLite's page cache: for a command that opens the index, reads what
	// one answer needs and exits. Through the cache every page read is
	// copied into a buffer of its own, and closing hands the buffers back
	// one by one — with the pure-Go SQLite's allocator, a madvise call a
	// page, about a fifth of what `cortex context` spent. Not for a
	// process that stays (the daemon, the MCP server): the pages of the
	// map it reads count in its resident set for as long as the map
	// stays, while the cache is bounded.
	ReadMapped bool
}

// Open opens the vault's index, creating it from the working tree when it is
// missing, and rebuilding it (with a notice) when it is corrupt or of an
// older schema version. A file of a newer schema is a newer cortex's: Open
// returns ErrNewerSchema and leaves it as it is. It does not refresh an
// existing index: call Refresh.
func Open(ctx context.Context, l vault.Layout, opts Options) (*Index, error) {
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	path := l.IndexDB()
	if err := l.FS().MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	// SQLite creates and writes the file (and its journal) itself: the
	// room checks the way to it first.
	if err := l.FS().Check(path); err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	opened, statErr := os.Stat(path)
	if statErr == nil {
		db, err := openDB(path, opts.ReadMapped)
		if err == nil {
			if err = checkDB(ctx, db); err == nil {
				return &Index{db: db, l: l, log: log, fullRelinkAt: defaultFullRelinkAt, opened: opened}, nil
			}
			db.Close()
			if errors.Is(err, ErrNewerSchema) {
				return nil, fmt.Errorf("index %s: %w", path, err)
			}
		}
		log.Warn("index: rebuilding", "path", path, "reason", err)
	}
	if err := Rebuild(ctx, l, RebuildOptions{Logger: log, Progress: opts.Progress}); err != nil {
		return nil, err
	}
	opened, _ = os.Stat(path)
	db, err := openDB(path, opts.ReadMapped)
	if err != nil {
		return nil, err
	}
	if err := checkDB(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("index %s: fresh index unusable: %w", path, err)
	}
	return &Index{db: db, l: l, log: log, fullRelinkAt: defaultFullRelinkAt, opened: opened}, nil
}

func openDB(path string, mapped bool) (*sql.DB, error) {
	// busy_timeout lets the daemon and a read command share the file. The
	// rollback journal (not WAL) keeps every byte of the database in the one
	// file, so Rebuild can swap a new file in with a rename: a WAL file left
	// beside the old database would be replayed into the new one. An 8 MB
	// page cache (SQLite's default is 2 MB) holds what an update of a few
	// thousand documents touches, and temp_store keeps the statement
	// journals of its statements in memory: with the defaults, an update
	// of 8,000 paths wrote ~130,000 pages to a temporary file and re-read
	// spilled pages.
	pragmas := "_pragma=busy_timeout(10000)&_pragma=journal_mode(DELETE)&_pragma=synchronous(NORMAL)&_pragma=cache_size(-8192)&_pragma=temp_store(MEMORY)&_txlock=immediate"
	if mapped {
		// SQLite maps at most the file's size, and at most this: 100,000
		// documents make an index of about 300 MB. Pages a write changes
		// still go through the cache.
		pragmas += fmt.Sprintf("&_pragma=mmap_size(%d)", mapIndexBytes)
	}
	return openDSN(path, pragmas)
}

// mapIndexBytes is the most of the index file a ReadMapped Index maps.
const mapIndexBytes = 1 << 30

// openBuildDB opens the file a rebuild writes. Nobody else sees it until
// it is complete, fsynced and renamed into place, so it needs neither a
// journal nor syncs along the way: with them, every spill of SQLite's page
// cache during the one long transaction would fsync the journal. One
// connection, so the pragmas hold for every statement.
func openBuildDB(path string, cacheKB int) (*sql.DB, error) {
	db, err := openDSN(path, fmt.Sprintf("_pragma=page_size(16384)&_pragma=journal_mode(OFF)&_pragma=synchronous(OFF)&_pragma=cache_size(-%d)&_pragma=locking_mode(EXCLUSIVE)", cacheKB))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	return db, nil
}

func openDSN(path, pragmas string) (*sql.DB, error) {
	// A file: URI: SQLite decodes %XX in the path, and would end it at a
	// '?' or '#', which a folder's name may hold.
	dsn := "file:" + strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path) + "?" + pragmas
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
	if v > SchemaVersion {
		return fmt.Errorf("%w (schema %d; this one reads %d): upgrade cortex", ErrNewerSchema, v, SchemaVersion)
	}
	if v != SchemaVersion {
		return fmt.Errorf("schema version %d, want %d", v, SchemaVersion)
	}
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM (SELECT 1 FROM documents LIMIT 1)").Scan(&n); err != nil {
		return fmt.Errorf("unreadable: %w", err)
	}
	return nil
}

// Close closes the database.
func (ix *Index) Close() error {
	ix.closeStmts()
	return ix.db.Close()
}

// Layout is the vault the index describes.
func (ix *Index) Layout() vault.Layout { return ix.l }

// docColumns are the documents columns Doc holds, in scanDoc's order.
const docColumns = `path, id, type, category, created, created_ms, source_hash, title, bucket,
	attribution, confidence, importance, session_id, agent, scope, status, aliases, reinforced,
	last_reinforced, supersedes, superseded_by, promoted_to, files, sessions, seen_sessions, seen_agents,
	decay_rate, decay_base_ms, size,
	mtime_ns, parse_error`

func scanDoc(row interface{ Scan(...any) error }) (Doc, error) {
	var d Doc
	var conf, imp sql.NullFloat64
	var aliases, files, seenSessions, seenAgents string
	err := row.Scan(&d.Path, &d.ID, &d.Type, &d.Category, &d.Created, &d.CreatedMS, &d.SourceHash,
		&d.Title, &d.Bucket, &d.Attribution, &conf, &imp, &d.SessionID, &d.Agent, &d.Scope,
		&d.Status, &aliases, &d.Reinforced, &d.LastReinforced, &d.Supersedes, &d.SupersededBy,
		&d.PromotedTo, &files, &d.Sessions, &seenSessions, &seenAgents, &d.DecayRate, &d.DecayBaseMS, &d.Size, &d.MtimeNS, &d.ParseError)
	if conf.Valid {
		f := conf.Float64
		d.Confidence = &f
	}
	if imp.Valid {
		f := imp.Float64
		d.Importance = &f
	}
	if aliases != "" {
		d.Aliases = strings.Split(aliases, "\n")
	}
	if files != "" {
		d.Files = strings.Split(files, "\n")
	}
	d.SeenSessions, d.SeenAgents = splitLines(seenSessions), splitLines(seenAgents)
	return d, err
}

// The look-ups state that the value is not empty: SQLite uses a partial
// index only for a WHERE clause that implies its condition, which "= ?"
// with a bound value does not. The indexes are no longer partial (see
// schemaIndexes), but files built while they were stay fast.
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

// Count returns the number of indexed files (documents rows, parsed or not).
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
// brings their rows, text and edges up to date; a path whose file is gone
// (or is no longer a memory document) is removed. Links of other documents
// are resolved again only where they may name one of these paths. The
// memorizer calls it after each commit.
func (ix *Index) Update(ctx context.Context, rels ...string) error {
	if len(rels) == 0 {
		return nil
	}
	ig, tax, err := ix.settings()
	if err != nil {
		return err
	}
	var recs []*record
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
		r, _ := readRecord(ix.l, rel, info.Size(), info.ModTime().UnixNano(), tax, nil)
		recs = append(recs, r)
	}
	_, err = ix.apply(ctx, recs, gone, tax, ig, false)
	return err
}

// maxFileBytes is as much of a file as is read: one byte over the largest
// document, enough for doc.Parse to refuse it as too large without
// reading a stray huge file whole.
const maxFileBytes = doc.MaxDocumentSize + 1

// readRecord reads and parses one file into its record, reading into buf
// (which it may grow, and returns for the next file; nothing of the record
// refers to it). A file that cannot be read or parsed still gets a row, with
// ParseError set, so that a refresh does not re-read it until it changes,
// and so that links to it resolve: Obsidian links to any markdown file.
func readRecord(l vault.Layout, rel string, size, mtimeNS int64, tax *doc.Taxonomy, buf []byte) (*record, []byte) {
	r := &record{doc: Doc{Path: rel, Size: size, MtimeNS: mtimeNS}}
	data, err := vaultfs.ReadInto(l.Path(filepath.FromSlash(rel)), size, buf, maxFileBytes, false)
	if err != nil {
		r.doc.ParseError = err.Error()
		return r, data
	}
	fillDoc(r, data, tax)
	return r, data
}

// formatTime renders a time for the index: RFC 3339 UTC with milliseconds,
// which sorts as text.
func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02T15:04:05.000Z07:00")
}

func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// Inspection is what Inspect found of the index file, without repairing
// anything (for cortex doctor).
type Inspection struct {
	// Missing: there is no index file.
	Missing bool `json:"missing,omitempty"`
	// Problem says why the file cannot serve (unreadable, another schema
	// version): the next reader rebuilds it.
	Problem string `json:"problem,omitempty"`
	// Count is the number of indexed files.
	Count int `json:"count"`
	// Stale lists the files of the sample whose row is missing or whose
	// size or modification time differ from the file's.
	Stale []string `json:"stale,omitempty"`
	// Unindexed lists the files of the tree without a row, and Gone the
	// rows of files not in the tree: compared only when the counts differ.
	Unindexed []string `json:"unindexed,omitempty"`
	Gone      []string `json:"gone,omitempty"`
}

// Inspect opens the vault's index as it is — never rebuilding nor
// refreshing it — and compares it with the tree: its row count with the
// number of files tree lists (and, when they differ, the paths), and the
// rows of the sample with the files' size and modification time.
func Inspect(ctx context.Context, l vault.Layout, tree []string, sample []vault.Found) (Inspection, error) {
	var in Inspection
	path := l.IndexDB()
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		in.Missing = true
		return in, nil
	} else if err != nil {
		return in, fmt.Errorf("index %s: %w", path, err)
	}
	db, err := openDSN(path, "mode=ro&_pragma=busy_timeout(2000)")
	if err != nil {
		return in, err
	}
	defer db.Close()
	unreadable := func(err error) (Inspection, error) {
		in.Problem = "unreadable: " + err.Error()
		return in, nil
	}
	if err := checkDB(ctx, db); err != nil {
		in.Problem = err.Error()
		return in, nil
	}
	// checkDB reads the first pages only; a page damaged past them (a
	// kill -9 on a disk that reorders writes, a torn copy) shows only when
	// read, and a command would fail on it: look at every page. This is
	// the one full read of the file a pass makes.
	var verdict string
	if err := db.QueryRowContext(ctx, "PRAGMA quick_check(1)").Scan(&verdict); err != nil {
		return unreadable(err)
	}
	if verdict != "ok" {
		in.Problem = "damaged: " + verdict
		return in, nil
	}
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM documents").Scan(&in.Count); err != nil {
		return unreadable(err)
	}
	stmt, err := db.PrepareContext(ctx, "SELECT size, mtime_ns FROM documents WHERE path = ?")
	if err != nil {
		return unreadable(err)
	}
	defer stmt.Close()
	for _, f := range sample {
		var size, mtime int64
		err := stmt.QueryRowContext(ctx, f.Rel).Scan(&size, &mtime)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			in.Stale = append(in.Stale, f.Rel)
		case err != nil:
			return unreadable(err)
		case size != f.Size || mtime != f.MtimeNS:
			in.Stale = append(in.Stale, f.Rel)
		}
	}
	if in.Count == len(tree) {
		return in, nil
	}
	rows, err := db.QueryContext(ctx, "SELECT path FROM documents")
	if err != nil {
		return unreadable(err)
	}
	defer rows.Close()
	indexed := make(map[string]bool, in.Count)
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return unreadable(err)
		}
		indexed[p] = true
	}
	if err := rows.Err(); err != nil {
		return unreadable(err)
	}
	for _, rel := range tree {
		if indexed[rel] {
			delete(indexed, rel)
		} else {
			in.Unindexed = append(in.Unindexed, rel)
		}
	}
	for p := range indexed {
		in.Gone = append(in.Gone, p)
	}
	slices.Sort(in.Gone)
	return in, nil
}

// splitLines splits a column of values joined with "\n"; nil for "".
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// ErrNewerSchema is Open's error for an index file of a newer schema than
// SchemaVersion. The file is named by its schema, so this is a file copied
// or renamed by hand, or a newer cortex that kept the name: either way not
// this cortex's to rebuild over.
var ErrNewerSchema = errors.New("made by a newer cortex")
