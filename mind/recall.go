// Package mind is recall and time: search, timeline and get over the
// vault's index (SPEC §7, pull in three layers: an index of results, the
// entries around one in time, the full documents).
package mind

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
)

// RefreshMode says whether Open brings the index up to date first.
type RefreshMode int

const (
	// RefreshAuto refreshes unless a live daemon keeps the index fresh
	// (.cortex/daemon.json with a recent heartbeat).
	RefreshAuto RefreshMode = iota
	// RefreshAlways refreshes.
	RefreshAlways
	// RefreshNever uses the index as it is (it is still built when
	// missing).
	RefreshNever
)

// Options tune Open.
type Options struct {
	// Logger receives notices (an index rebuilt). Nil means slog.Default().
	Logger *slog.Logger
	// Now is the clock of decay, recency and relative dates (default
	// time.Now).
	Now     func() time.Time
	Refresh RefreshMode
	// WorkDir is the folder relative paths are tried against when they
	// name no file relative to the vault's root (a person in a subfolder
	// typing a file's name). Empty: the vault's root only.
	WorkDir string
	// Progress follows a build of the index from the working tree (the
	// first read of a vault), as index.Options.Progress.
	Progress func(done, found int)
	// ReadMapped reads the index through a memory map (see
	// index.Options.ReadMapped): for a command that answers once and
	// exits, not for a process that stays.
	ReadMapped bool
}

// Recall answers the three pull layers over one vault.
type Recall struct {
	l  vault.Layout
	ix *index.Index
	// exhaustive turns off what a search skips because it cannot change
	// its answer (the words of every-word results, the words of
	// neighbours out of reach): tests compare the two ways.
	exhaustive bool
	now        func() time.Time
	log        *slog.Logger
	wd         string
	// Refreshed tells whether Open refreshed the index, and Stats what the
	// refresh changed.
	Refreshed bool
	Stats     index.RebuildStats
}

// Open opens the vault's index (building it when missing, rebuilding it
// when corrupt or outdated) and, unless a live daemon keeps it fresh,
// refreshes it from the working tree: every read answers for the files as
// they are now.
func Open(ctx context.Context, l vault.Layout, opts Options) (*Recall, error) {
	r := &Recall{l: l, now: opts.Now, log: opts.Logger, wd: opts.WorkDir}
	if r.now == nil {
		r.now = time.Now
	}
	if r.log == nil {
		r.log = slog.Default()
	}
	if err := checkVault(l); err != nil {
		return nil, err
	}
	// A damaged page the refresh finds has the index rebuilt.
	ix, err := index.OpenChecked(ctx, l, index.Options{Logger: r.log, Progress: opts.Progress, ReadMapped: opts.ReadMapped}, func(ix *index.Index) error {
		r.ix = ix
		return r.Freshen(ctx, opts.Refresh)
	})
	if err != nil {
		return nil, err
	}
	r.ix = ix
	return r, nil
}

// checkVault refuses a folder that is no vault, rather than building an
// empty index in it and answering "nothing found".
func checkVault(l vault.Layout) error {
	for _, name := range append([]string{doc.TaxonomyFile, "observer"}, doc.MemoryDirs...) {
		if _, err := os.Stat(l.Path(name)); err == nil {
			return nil
		}
	}
	return fmt.Errorf("%s is not a vault (no taxonomy.yml, observer/, mind/, vault/ or rules/): run cortex init, or give --vault", l.Root)
}

// Close closes the index.
func (r *Recall) Close() error { return r.ix.Close() }

// Index is the index Recall reads.
func (r *Recall) Index() *index.Index { return r.ix }

// Layout is the vault Recall reads.
func (r *Recall) Layout() vault.Layout { return r.l }

// DaemonKeepsIndex reports whether a live daemon keeps the index fresh:
// .cortex/daemon.json says the daemon has not stopped and beat recently.
// Anything unclear (no file, a torn file, a stopped daemon, an old
// heartbeat) is false: a refresh costs a stat walk, a stale answer costs
// a memory.
func DaemonKeepsIndex(l vault.Layout, now time.Time) bool {
	info, ok, err := vault.ReadDaemonInfo(l)
	return err == nil && ok && info.Beating(now)
}

// NotFoundError is a reference that names no document.
type NotFoundError struct {
	Ref  string
	What string // "id", "id prefix" or "path"
}

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("no document with %s %s (cortex search finds ids)", e.What, doc.Mention(e.Ref))
}

// AmbiguousError is an id prefix (or a duplicated id) that names several
// documents.
type AmbiguousError struct {
	Ref        string
	Candidates []index.Doc
	// More is set when there are more candidates than listed.
	More bool
}

func (e *AmbiguousError) Error() string {
	var b strings.Builder
	what := "id prefix"
	if len(e.Ref) == 36 {
		what = "id"
	}
	fmt.Fprintf(&b, "%s %s is ambiguous: it names ", what, e.Ref)
	if e.More {
		b.WriteString("more than ")
	}
	fmt.Fprintf(&b, "%d documents:", len(e.Candidates))
	for i, c := range e.Candidates {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s (%s)", c.ID, c.Path)
	}
	if what == "id" {
		b.WriteString("; give a path instead, and run cortex validate to find the duplicate")
	} else {
		b.WriteString("; give more characters")
	}
	return b.String()
}

// ShortPrefixError is an id prefix under MinPrefix characters. Like a
// prefix that names no document or several, it is a reference that does
// not name one document (not a query to rewrite): one kind of mistake,
// one exit status.
type ShortPrefixError struct{ Ref string }

func (e *ShortPrefixError) Error() string {
	return fmt.Sprintf("id prefix %s is too short: give %d or more characters", doc.Excerpt(e.Ref), MinPrefix)
}

// MinPrefix is the shortest id prefix Resolve accepts, and the shortest
// short id the index gives.
const MinPrefix = index.MinShortID

// ambiguousShown is how many candidates an ambiguous prefix lists.
const ambiguousShown = 5

// Resolve finds the one document ref names: a whole id, a unique id prefix
// of MinPrefix or more characters, or a path inside the vault (absolute,
// relative to the vault's root, or else relative to Options.WorkDir); any
// of them may end in "#^block".
func (r *Recall) Resolve(ctx context.Context, ref string) (index.Doc, error) {
	ref = strings.TrimSpace(ref)
	// A block reference (the push block's ‹id#^r-…› for a rule, an
	// Obsidian link's "#^block") names the document that holds the block.
	if i := strings.Index(ref, "#^"); i > 0 {
		ref = ref[:i]
	}
	if ref == "" {
		return index.Doc{}, &QueryError{Msg: "an empty id: give an id, an 8+ character prefix, or a path"}
	}
	if looksLikePath(ref) {
		return r.resolvePath(ctx, ref)
	}
	id := strings.ToLower(ref)
	if !isIDPrefix(id) {
		return index.Doc{}, &QueryError{Msg: fmt.Sprintf("%s is neither an id (hex digits and dashes) nor a path", doc.Excerpt(ref))}
	}
	if len(id) < MinPrefix {
		return index.Doc{}, &ShortPrefixError{Ref: ref}
	}
	what := "id prefix"
	if len(id) == 36 {
		what = "id"
	}
	docs, err := r.ix.ByIDPrefix(ctx, id, ambiguousShown+1)
	if err != nil {
		return index.Doc{}, err
	}
	switch {
	case len(docs) == 0:
		return index.Doc{}, &NotFoundError{Ref: ref, What: what}
	case len(docs) > 1:
		slices.SortFunc(docs, func(a, b index.Doc) int {
			return cmp.Or(strings.Compare(a.ID, b.ID), strings.Compare(a.Path, b.Path))
		})
		e := &AmbiguousError{Ref: ref, Candidates: docs}
		if len(docs) > ambiguousShown {
			e.Candidates, e.More = docs[:ambiguousShown], true
		}
		return index.Doc{}, e
	}
	return docs[0], nil
}

func (r *Recall) resolvePath(ctx context.Context, ref string) (index.Doc, error) {
	var tries []string
	if filepath.IsAbs(ref) {
		rel, ok := r.inVault(ref)
		if !ok {
			return index.Doc{}, &QueryError{Msg: fmt.Sprintf("%s is outside the vault %s", doc.Mention(ref), r.l.Root)}
		}
		tries = append(tries, rel)
	} else {
		tries = append(tries, filepath.ToSlash(filepath.Clean(filepath.FromSlash(ref))))
		if r.wd != "" {
			if rel, ok := r.inVault(filepath.Join(r.wd, filepath.FromSlash(ref))); ok {
				tries = append(tries, rel)
			}
		}
	}
	for _, rel := range tries {
		for _, p := range []string{rel, rel + ".md"} {
			if p != rel && strings.HasSuffix(strings.ToLower(rel), ".md") {
				continue
			}
			d, ok, err := r.ix.ByPath(ctx, p)
			if err != nil {
				return index.Doc{}, err
			}
			if ok {
				return d, nil
			}
		}
	}
	return index.Doc{}, &NotFoundError{Ref: ref, What: "path"}
}

// inVault returns the vault-relative, slash-separated form of the
// absolute path p, and false when p is outside the vault. Symbolic links
// are resolved on both sides (a vault under /tmp on macOS is under
// /private/tmp).
func (r *Recall) inVault(p string) (string, bool) {
	root, err := filepath.EvalSymlinks(r.l.Root)
	if err != nil {
		root = r.l.Root
	}
	if q, err := filepath.EvalSymlinks(p); err == nil {
		p = q
	} else if q, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil {
		p = filepath.Join(q, filepath.Base(p))
	}
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// looksLikePath: ids never hold a slash or a dot.
func looksLikePath(s string) bool {
	return strings.ContainsAny(s, `/\.`)
}

// isIDPrefix reports whether s could start a lower-case UUID.
func isIDPrefix(s string) bool {
	if len(s) > 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
				return false
			}
		}
	}
	return true
}

// Document is a whole document as `cortex get` shows it: the file as it
// is on disk, and what it says.
type Document struct {
	Path string `json:"path"`
	// Doc is the parsed document; nil when the file cannot be parsed
	// (ParseError says why). Its Body is the markdown after the
	// frontmatter.
	Doc        *doc.Document `json:"-"`
	ParseError string        `json:"parse_error,omitempty"`
	// Effective is the importance after decay, now.
	Effective float64 `json:"effective_importance"`
	// Content is the file's text.
	Content string `json:"-"`
}

// Get resolves every ref (see Resolve) and reads the documents from the
// working tree, in the order given (a document named twice is returned
// once). One ref that names nothing, or names several documents, is an
// error and nothing is returned.
func (r *Recall) Get(ctx context.Context, refs ...string) ([]Document, error) {
	docs := make([]index.Doc, 0, len(refs))
	seen := map[string]bool{}
	for _, ref := range refs {
		d, err := r.Resolve(ctx, ref)
		if err != nil {
			return nil, err
		}
		if !seen[d.Path] {
			seen[d.Path] = true
			docs = append(docs, d)
		}
	}
	now := r.now()
	out := make([]Document, 0, len(docs))
	for _, d := range docs {
		data, err := os.ReadFile(r.l.Path(filepath.FromSlash(d.Path)))
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("get %s: the file is gone since the index was refreshed; try again", d.Path)
		}
		if err != nil {
			return nil, fmt.Errorf("get %s: %w", d.Path, err)
		}
		document := Document{Path: d.Path, Content: string(data), Effective: index.EffectiveImportance(d, now)}
		if p, err := doc.Parse(data); err != nil {
			document.ParseError = err.Error()
		} else {
			document.Doc = &p.Doc
		}
		out = append(out, document)
	}
	return out, nil
}

// documentJSON is a Document as `cortex get --json` prints it: the
// frontmatter's fields under their own names, the body, and the
// importance after decay.
type documentJSON struct {
	Path           string       `json:"path"`
	ID             string       `json:"id,omitempty"`
	Type           string       `json:"type,omitempty"`
	Category       string       `json:"category,omitempty"`
	Created        *time.Time   `json:"created,omitempty"`
	SourceHash     string       `json:"source_hash,omitempty"`
	Title          string       `json:"title,omitempty"`
	Bucket         string       `json:"bucket,omitempty"`
	Attribution    string       `json:"attribution,omitempty"`
	Confidence     *float64     `json:"confidence,omitempty"`
	Importance     *float64     `json:"importance,omitempty"`
	Effective      float64      `json:"effective_importance"`
	Entities       []entityJSON `json:"entities,omitempty"`
	Context        string       `json:"context,omitempty"`
	SourceQuote    string       `json:"source_quote,omitempty"`
	SessionID      string       `json:"session_id,omitempty"`
	Tags           []string     `json:"tags,omitempty"`
	Aliases        []string     `json:"aliases,omitempty"`
	Status         string       `json:"status,omitempty"`
	LastReinforced *time.Time   `json:"last_reinforced,omitempty"`
	Reinforced     int          `json:"reinforced,omitempty"`
	RelatesTo      []string     `json:"relates_to,omitempty"`
	Supersedes     string       `json:"supersedes,omitempty"`
	SupersededBy   string       `json:"superseded_by,omitempty"`
	PromotedTo     string       `json:"promoted_to,omitempty"`
	Scope          string       `json:"scope,omitempty"`
	Agent          string       `json:"agent,omitempty"`
	Files          []string     `json:"files,omitempty"`
	Body           string       `json:"body"`
	ParseError     string       `json:"parse_error,omitempty"`
}

type entityJSON struct {
	Name string `json:"name"`
	Type string `json:"type,omitempty"`
}

// MarshalJSON writes the document's fields, not its file: a program
// reading `cortex get --json` wants values, not YAML to parse again.
func (d Document) MarshalJSON() ([]byte, error) {
	j := documentJSON{Path: d.Path, Effective: Round3(d.Effective), ParseError: d.ParseError}
	if d.Doc == nil {
		j.Body = d.Content
		return json.Marshal(j)
	}
	x := d.Doc
	j.ID, j.Type, j.Category, j.SourceHash = x.ID, x.Type, string(x.Category), x.SourceHash
	if !x.Created.IsZero() {
		t := x.Created.UTC()
		j.Created = &t
	}
	j.Title, j.Bucket, j.Attribution = x.Title, x.Bucket, x.Attribution
	if j.Title == "" {
		j.Title = doc.Title(x.Body)
	}
	j.Confidence, j.Importance = x.Confidence, x.Importance
	for _, e := range x.Entities {
		j.Entities = append(j.Entities, entityJSON{e.Name, e.Type})
	}
	j.Context, j.SourceQuote, j.SessionID = x.Context, x.SourceQuote, x.SessionID
	j.Tags, j.Aliases, j.Status = x.Tags, x.Aliases, x.Status
	if x.LastReinforced != nil {
		t := x.LastReinforced.UTC()
		j.LastReinforced = &t
	}
	j.Reinforced, j.RelatesTo = x.Reinforced, x.RelatesTo
	j.Supersedes, j.SupersededBy, j.PromotedTo = x.Supersedes, x.SupersededBy, x.PromotedTo
	j.Scope, j.Agent, j.Files, j.Body = x.Scope, x.Agent, x.Files, x.Body
	return json.Marshal(j)
}
