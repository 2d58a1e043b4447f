package observer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/trust"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// The pipeline of one batch (SPEC §5 steps 2–6) decides, line by line, what
// becomes of each: a new document, a reinforcement, an operation, a
// quarantine record or nothing (an empty line, a replay). It only plans:
// documents are built in memory and edits applied to parsed copies, so a
// batch that fails before its manifest leaves no trace. memorize.go then
// writes the plan down (steps 7–10).

// outcome is what became of one line.
type outcome int

const (
	outMemorized outcome = iota + 1
	outReinforced
	outOperation
	outQuarantined
	outSkipped
)

// count adds one line with outcome o to t.
func (t *Totals) count(o outcome) {
	t.Lines++
	switch o {
	case outMemorized:
		t.Memorized++
	case outReinforced:
		t.Reinforced++
	case outOperation:
		t.Operations++
	case outQuarantined:
		t.Quarantined++
	case outSkipped:
		t.Skipped++
	}
}

// batch is the plan of one batch.
type batch struct {
	buffer     BufferID
	start, end int64
	now        time.Time

	news      []*newDoc
	newByHash map[string]*newDoc
	edits     map[string]*editDoc // existing documents read, by path
	editOrder []string
	taken     map[string]bool // paths of this batch's new documents

	quarantine []QuarantineRecord
	// approved holds the lines a person approved after a review hold,
	// read on the first line that would be held (nil until then).
	approved map[string]bool
	totals   Totals
	security SecurityTotals
	notes    []note // one per line that changed a document, for the message
}

func newBatch(id BufferID, lines []rawLine, now time.Time) *batch {
	return &batch{
		buffer: id, start: lines[0].Offset, end: lines[len(lines)-1].End, now: now,
		newByHash: map[string]*newDoc{}, edits: map[string]*editDoc{}, taken: map[string]bool{},
	}
}

// newDoc is a document this batch creates.
type newDoc struct {
	path string
	doc  *doc.Document
}

// editDoc is an existing document this batch read, and maybe edits in place.
type editDoc struct {
	path string
	orig []byte
	mode fs.FileMode
	p    *doc.Parsed
}

func (e *editDoc) changed() bool { return !bytes.Equal(e.orig, e.p.Bytes()) }

// target is a document a line acts on: new in this batch or existing.
type target struct {
	nd *newDoc
	ed *editDoc
}

func (t target) doc() *doc.Document {
	if t.nd != nil {
		return t.nd.doc
	}
	return &t.ed.p.Doc
}

func (t target) path() string {
	if t.nd != nil {
		return t.nd.path
	}
	return t.ed.path
}

// note is one line of the commit message.
type note struct {
	verb, path, title, attribution string
}

func (b *batch) note(verb string, t target, attribution string) {
	d := t.doc()
	title := d.Title
	if title == "" {
		title = doc.Title(d.Body)
	}
	b.notes = append(b.notes, note{verb: verb, path: t.path(), title: title, attribution: attribution})
}

// planLine runs one line through the pipeline and records its outcome. An
// error is a failure of the machinery (the index, the disk), not of the
// line: the batch is then abandoned and retried whole.
func (m *Memorizer) planLine(ctx context.Context, b *batch, ln rawLine) error {
	out, err := m.lineOutcome(ctx, b, ln)
	var pe *editingError
	switch {
	case errors.As(err, &pe) && m.seen.has(ln):
		// Accounted for before (read again from a copied buffer): it
		// acts on nothing now, so a person's edit of its document is no
		// reason to hold it.
		out, err = outSkipped, nil
	case errors.As(err, &pe):
		// A person's work is theirs (SPEC §11): the line waits in the
		// quarantine, whole, until they commit it; then the memorizer
		// sends it again by itself (retryHeld).
		out, err = m.quarantine(b, ln, ReasonEditing, fmt.Sprintf("%s: skipped: %s; it is sent again by itself once committed", pe.path, gitstore.SkippedEditing)), nil
		b.quarantine[len(b.quarantine)-1].Path = pe.path
	}
	if err != nil {
		return err
	}
	b.totals.count(out)
	return nil
}

func (m *Memorizer) lineOutcome(ctx context.Context, b *batch, ln rawLine) (outcome, error) {
	if ln.TooLong {
		return m.quarantine(b, ln, ReasonTooLong, fmt.Sprintf("line of %d bytes is over the limit of %d", ln.End-ln.Offset, MaxLineBytes)), nil
	}
	if len(bytes.TrimSpace(ln.Data)) == 0 {
		return outSkipped, nil
	}
	if rec, ok := m.held.find(ln); ok {
		// Read again from a copied vault's buffer: the line is the
		// quarantine's already (recorded once: AppendQuarantine).
		return m.quarantine(b, ln, rec.Reason, rec.Detail), nil
	}
	// Step 2, and security layers 1 (schema) and 2 (caps: ParseLine cuts).
	// Layer 5, credentials, is part of the parse: every text field is
	// redacted before anything is kept, and the line of a quarantine is
	// redacted again as a whole.
	o, warns, redacted, err := parseLine(ln.Data, m.tx)
	if err != nil {
		return m.quarantine(b, ln, parseReason(err), err.Error()), nil
	}
	for _, w := range warns {
		m.log.Warn("observation cut to the length limit", "offset", ln.Offset, "detail", w)
	}
	for _, f := range redacted {
		m.log.Warn("security: credential redacted from an observation", "offset", ln.Offset, "rule", f.Rule, "field", f.Field)
		b.security.add(f)
	}
	if len(redacted) == 0 && alreadyRedacted(&o) {
		b.security.add(Finding{Layer: LayerCredentials, Rule: RuleRedactedAtSource, Field: "-"})
	}
	// Layer 3: instruction injection; and a directive to agents from a
	// source not trusted, held for a person's review unless one approved
	// this very line.
	v := checkObservation(&o, m.cal)
	if f := v.Injection; f != nil {
		return m.quarantineFinding(b, ln, &o, ReasonInjection, Finding{Layer: LayerInjection, Rule: f.String(), Field: f.Field}), nil
	}
	if f := v.Review; f != nil {
		ok, err := m.approved(b, &o)
		if err != nil {
			return 0, err
		}
		if !ok {
			return m.quarantineFinding(b, ln, &o, ReasonReview, Finding{Layer: LayerInjection, Rule: f.String(), Field: f.Field}), nil
		}
	}
	// Layer 4 and step 4.
	sc := score(&o, m.cal)
	if o.Op != "" {
		return m.operate(ctx, b, ln, &o, sc)
	}
	if sc.Importance < m.cal.Threshold {
		return m.quarantine(b, ln, ReasonBelowThreshold,
			fmt.Sprintf("importance %s is below the threshold %s", formatFloat(sc.Importance), formatFloat(m.cal.Threshold))), nil
	}
	// Step 5: de-duplication.
	h := doc.Hash(o.Body)
	t, err := m.findByHash(ctx, b, h)
	if err != nil {
		return 0, err
	}
	if t == nil {
		if t, err = m.atOwnPath(ctx, b, &o, sc, h); err != nil {
			return 0, err
		}
	}
	if t != nil {
		return m.reinforce(b, ln, *t, &o, "reinforce", outReinforced), nil
	}
	// A line accounted for before (read again from a copied or restored
	// buffer, seen.go) that finds no document of its body created one
	// that a person has since rewritten, merged or removed: writing it
	// again would undo their work.
	if m.seen.has(ln) {
		return outSkipped, nil
	}
	// Step 6: route and build.
	if err := m.resolveRelates(ctx, b, &o); err != nil {
		return 0, err
	}
	d := m.buildDocument(&o, sc, h, "")
	p, reason, problem, err := m.routeDocument(b, d)
	if err != nil {
		return 0, err
	}
	if problem != "" {
		return m.quarantine(b, ln, reason, problem), nil
	}
	b.note("observe", target{nd: b.addNew(p, d)}, o.Attribution)
	return outMemorized, nil
}

// atOwnPath looks for o's memory at the path a new document of it would
// take (its type's folder, its day, its body's hash), and where the sleep
// would have archived it, when the index knows none: the index may not
// have seen a file a person's git has just put back (a rebase
// --autostash, a checkout), or a sleep run's move, and a second document
// would be written beside it (…-2.md) or at its old path. A document
// found is indexed again.
func (m *Memorizer) atOwnPath(ctx context.Context, b *batch, o *Observation, sc scores, h string) (*target, error) {
	d := m.buildDocument(o, sc, h, "")
	def, _ := m.tx.Type(d.Type)
	p := doc.DocPath(def.Dir, d.Created, h, func(string) bool { return false })
	if b.taken[p] {
		return nil, nil // this batch's own new document: findByHash knows it
	}
	for _, c := range []string{p, archiveTwin(p)} {
		if c == "" || b.taken[c] {
			continue
		}
		ed, err := m.loadDoc(b, c)
		if err != nil {
			return nil, err
		}
		if ed == nil || doc.Hash(ed.p.Doc.Body) != h {
			continue
		}
		m.fixIndex(ctx, c)
		return &target{ed: ed}, nil
	}
	return nil, nil
}

// archiveTwin is where the sleep cycle archives a memory at rel (the same
// path below mind/archive/), or "" for a path that does not decay: a
// `cortex maintain` beside the daemon may have moved the memory there and
// not yet indexed the move (harness, session 12 branch run, world 8).
func archiveTwin(rel string) string {
	rest, ok := strings.CutPrefix(rel, doc.MindDir+"/")
	if !ok || strings.HasPrefix(rel, doc.ArchiveDir+"/") {
		return ""
	}
	return doc.ArchiveDir + "/" + rest
}

// parseReason is the quarantine reason of a ParseLine error: a broken rule
// of the schema, or a line that is not one JSON object at all.
func parseReason(err error) string {
	var fe *FieldError
	if errors.As(err, &fe) {
		return ReasonInvalid
	}
	return ReasonMalformedJSON
}

// quarantine records the line with its reason. The raw line is stored with
// its credentials redacted: quarantine.jsonl is read by people and kept.
func (m *Memorizer) quarantine(b *batch, ln rawLine, reason, detail string) outcome {
	raw := trust.RedactLine(ln.Data)
	detail, _ = trust.Redact(detail)
	b.quarantine = append(b.quarantine, QuarantineRecord{
		Time: b.now, Reason: reason, Detail: detail, Line: raw, Buffer: b.buffer, Offset: ln.Offset,
	})
	m.log.Warn("observation quarantined", "reason", reason, "offset", ln.Offset, "detail", detail)
	return outQuarantined
}

// quarantineFinding quarantines a parsed line for what a security layer
// found: the record names the rule and the field, and keeps the line as the
// canonical line of o, whose credentials are already redacted.
func (m *Memorizer) quarantineFinding(b *batch, ln rawLine, o *Observation, reason string, f Finding) outcome {
	raw := quarantineLine(ln, o)
	detail := fmt.Sprintf("instruction injection (%s) in %s", f.Rule, f.Field)
	if reason == ReasonReview {
		detail = fmt.Sprintf("held for review: %s in %s, from %s %q (cortex quarantine approve N lets it through)",
			f.Rule, f.Field, o.Bucket, o.Attribution)
	}
	b.quarantine = append(b.quarantine, QuarantineRecord{
		Time: b.now, Reason: reason, Detail: detail, Rule: f.Rule, Field: f.Field,
		Line: raw, Buffer: b.buffer, Offset: ln.Offset,
	})
	m.log.Warn("observation quarantined", "reason", reason, "offset", ln.Offset, "detail", detail, "rule", f.Rule, "field", f.Field)
	return outQuarantined
}

// quarantineLine is the line a record keeps for o: its canonical form
// (its credentials already redacted), redacted again as a whole.
func quarantineLine(ln rawLine, o *Observation) string {
	line := string(ln.Data)
	if canon, err := o.Marshal(); err == nil {
		line = string(canon)
	}
	return trust.RedactLine([]byte(line))
}

// approved reports whether a person approved o's line after it was held
// for review. The quarantine is read once per batch, and only when a line
// would be held, which is rare.
func (m *Memorizer) approved(b *batch, o *Observation) (bool, error) {
	if b.approved == nil {
		recs, err := readQuarantine(m.l)
		if err != nil {
			return false, err
		}
		b.approved = map[string]bool{}
		for _, r := range recs {
			if r.Reason == ReasonReview && r.Approved != nil {
				b.approved[r.Line] = true
			}
		}
	}
	return b.approved[quarantineLine(rawLine{}, o)], nil
}

// toMillis is a time as the frontmatter keeps it.
func toMillis(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// buildDocument makes the document of an observation (SPEC §2): the Cortex
// part from the type and the body, the application part from the line and
// its scores. created is the observation's timestamp: when it was said, not
// when the daemon got to it.
func (m *Memorizer) buildDocument(o *Observation, sc scores, hash, supersedes string) *doc.Document {
	def, _ := m.tx.Type(o.Type)
	conf, imp := sc.Confidence, sc.Importance
	d := &doc.Document{
		ID:          m.newID(),
		Type:        o.Type,
		Category:    def.Category,
		Created:     toMillis(o.Timestamp),
		SourceHash:  hash,
		Title:       doc.Title(o.Body),
		Bucket:      o.Bucket,
		Attribution: o.Attribution,
		Confidence:  &conf,
		Importance:  &imp,
		Context:     o.Context,
		SourceQuote: o.SourceQuote,
		SessionID:   o.SessionID,
		Tags:        slices.Clone(o.Tags),
		RelatesTo:   slices.Clone(o.RelatesTo),
		Supersedes:  supersedes,
		Scope:       o.Scope,
		Agent:       o.Agent,
		Files:       slices.Clone(o.Files),
		Body:        o.Body,
	}
	for _, e := range o.Entities {
		d.Entities = append(d.Entities, doc.EntityRef{Name: e.Name, Type: e.Type})
	}
	return d
}

// routeDocument finds d's path (SPEC §5 step 6: the type's dir, DocPath,
// a -2, -3 … suffix when the path is taken in the working tree or in this
// batch) and checks d as the pre-commit hook would, and that no symbolic
// link lies on its way (Cortex never writes through one: the line is
// quarantined, naming the link, and can be retried once it is gone).
// problem says why a document would not pass, reason is its quarantine
// reason; err is a failure to read the file system.
//
// A path git tracks but the working tree lacks for the moment — a
// person's git between two states (a rebase with --autostash, a
// checkout), or their deletion not committed — holds the memory, very
// likely this very one (a path is its day and its body's hash): the line
// waits as for a person's edit (an editingError), rather than a second
// document be written beside it once git puts the file back.
func (m *Memorizer) routeDocument(b *batch, d *doc.Document) (path, reason, problem string, err error) {
	def, _ := m.tx.Type(d.Type)
	held := ""
	p := doc.DocPath(def.Dir, d.Created, d.SourceHash, func(p string) bool {
		if b.taken[p] {
			return true
		}
		if _, err := os.Lstat(m.l.Path(filepath.FromSlash(p))); err == nil {
			return true
		}
		if dirty, err := m.git.Uncommitted(p); err == nil && dirty {
			held = p
			return true
		}
		return false
	})
	if held != "" {
		return "", "", "", &editingError{path: held}
	}
	if probs := doc.Check(p, doc.Render(d), m.tx); len(probs) > 0 {
		msgs := make([]string, len(probs))
		for i, pr := range probs {
			msgs[i] = pr.String()
		}
		return "", ReasonCheckFailed, "the document would not pass validation: " + strings.Join(msgs, "; "), nil
	}
	if err := m.l.FS().NoLink(p); err != nil {
		var le *vaultfs.LinkError
		if errors.As(err, &le) {
			return "", ReasonSymlink, le.Error(), nil
		}
		return "", "", "", fmt.Errorf("memorize: %w", err)
	}
	return p, "", "", nil
}

// addNew adds a routed document to the batch.
func (b *batch) addNew(path string, d *doc.Document) *newDoc {
	nd := &newDoc{path: path, doc: d}
	b.taken[path] = true
	b.news = append(b.news, nd)
	if _, ok := b.newByHash[d.SourceHash]; !ok {
		b.newByHash[d.SourceHash] = nd
	}
	return nd
}

// loadDoc reads an existing document of the working tree into the batch
// (once per batch); nil when the file is gone or is not a document that
// can be read.
func (m *Memorizer) loadDoc(b *batch, rel string) (*editDoc, error) {
	if ed, ok := b.edits[rel]; ok {
		return ed, nil
	}
	if err := m.l.FS().NoLink(rel); err != nil {
		var le *vaultfs.LinkError
		if errors.As(err, &le) {
			m.log.Warn("document behind a symbolic link; not used for de-duplication or operations", "path", rel, "link", le.Link)
			return nil, nil
		}
		return nil, fmt.Errorf("memorize: %w", err)
	}
	abs := m.l.Path(filepath.FromSlash(rel))
	fi, err := os.Lstat(abs)
	if errors.Is(err, fs.ErrNotExist) || err == nil && !fi.Mode().IsRegular() {
		return nil, nil
	}
	// Never read as committed state, nor edited, while a person has
	// uncommitted changes on it.
	if dirty, err := m.git.Uncommitted(rel); err != nil {
		return nil, fmt.Errorf("memorize: %w", err)
	} else if dirty {
		return nil, &editingError{path: rel}
	}
	if err != nil {
		return nil, fmt.Errorf("memorize: read %s: %w", rel, err)
	}
	if m.beforeRead != nil {
		m.beforeRead(rel)
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("memorize: read %s: %w", rel, err)
	}
	// A person's editor may have written the file since the check above
	// (truncated it, or saved their change): asked again, so that the
	// bytes read are the committed document's, never a torn file taken
	// for "no document" (a second document created beside it) nor a
	// person's change taken for committed state.
	if dirty, err := m.git.Uncommitted(rel); err != nil {
		return nil, fmt.Errorf("memorize: %w", err)
	} else if dirty {
		return nil, &editingError{path: rel}
	}
	p, err := doc.Parse(data)
	if err != nil {
		m.log.Warn("document cannot be read; not used for de-duplication or operations", "path", rel, "err", err)
		return nil, nil
	}
	ed := &editDoc{path: rel, orig: data, mode: fi.Mode().Perm(), p: p}
	b.edits[rel] = ed
	b.editOrder = append(b.editOrder, rel)
	return ed, nil
}

// editingError is a document a line would act on that a person has
// uncommitted changes on.
type editingError struct{ path string }

func (e *editingError) Error() string { return e.path + ": " + gitstore.SkippedEditing }

// edit applies fn, which edits the given existing documents with Set (and
// may then change new documents of the batch), all or nothing: when fn
// fails, or an edited document would fail a check it passed before, every
// document is put back as it was and the error says why.
func (m *Memorizer) edit(fn func() error, eds ...*editDoc) error {
	saved := make([][]byte, len(eds))
	before := make([]int, len(eds))
	for i, ed := range eds {
		saved[i] = slices.Clone(ed.p.Bytes())
		before[i] = len(ed.p.Check(ed.path, m.tx))
	}
	err := fn()
	if err == nil {
		// A body a person edited and committed past the hook keeps the
		// title of the body it replaced: the memorizer re-derives it as
		// it writes the document anyway.
		for _, ed := range eds {
			if _, err = ed.p.RetitleStale(); err != nil {
				err = fmt.Errorf("%s: re-derive the title: %w", ed.path, err)
				break
			}
		}
	}
	if err == nil {
		for i, ed := range eds {
			if probs := ed.p.Check(ed.path, m.tx); len(probs) > before[i] {
				err = fmt.Errorf("%s would not pass validation: %v", ed.path, probs[len(probs)-1])
				break
			}
		}
	}
	if err != nil {
		for i, ed := range eds {
			p, perr := doc.Parse(saved[i])
			if perr != nil {
				return fmt.Errorf("memorize: restore %s: %w", ed.path, perr)
			}
			ed.p = p
		}
	}
	return err
}
