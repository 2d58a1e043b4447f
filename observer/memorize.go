package observer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cortex-vault/cortex/vault"
)

// Memorizing a batch (SPEC §5 steps 7–10), in an order that lets a crash
// between any two steps be recovered exactly once (see recover.go):
//
//	stage     new documents, and the originals of edited ones, into
//	          observer/staging/ (temp + fsync + rename)
//	manifest  observer/staging/batch.json, atomically: the buffer range, the
//	          paths, the quarantine records and the totals of the batch
//	move      new documents linked into place, edits written in place
//	commit    one commit of exactly the batch's paths, with the trailer
//	          Cortex-Buffer: <dev>:<inode>:<end offset>
//	index     index.db rows of the batch's paths
//	quarantine  the batch's records appended (idempotent per buffer line)
//	advance   state.json: offset = end, totals += the batch's
//	clean     staging emptied, the manifest removed last
//
// A batch that changes no document (only quarantined, skipped or no-op
// lines) has no commit and no manifest: its quarantine records are
// idempotent and the offset moves after them.

// Trailer keys of the memorizer's commits.
const (
	// TrailerBuffer is the buffer range a commit covers:
	// "<dev>:<inode>:<end offset>".
	TrailerBuffer = "Cortex-Buffer"
	// TrailerTotals carries state.json's totals as of the commit, so a lost
	// state.json is rebuilt from the history.
	TrailerTotals = "Cortex-Totals"
)

// manifestVersion is the version of batch.json this code writes.
const manifestVersion = 1

// manifest is observer/staging/batch.json: everything recovery needs to
// finish or undo a batch.
type manifest struct {
	Version    int                `json:"version"`
	Buffer     BufferID           `json:"buffer"`
	Start      int64              `json:"start"`
	End        int64              `json:"end"`
	New        []manifestNew      `json:"new,omitempty"`
	Edited     []manifestEdit     `json:"edited,omitempty"`
	Quarantine []QuarantineRecord `json:"quarantine,omitempty"`
	Totals     Totals             `json:"totals"`
}

// manifestNew is a new document: its vault path, its file in staging, and
// the SHA-256 of its bytes (so recovery removes only what it wrote).
type manifestNew struct {
	Path   string `json:"path"`
	Staged string `json:"staged"`
	SHA256 string `json:"sha256"`
}

// manifestEdit is an edited document: its original bytes saved in staging
// (restored if the batch is undone: what was in the working tree, a
// person's uncommitted changes included, not HEAD's version) and the
// SHA-256 of both versions.
type manifestEdit struct {
	Path           string `json:"path"`
	Original       string `json:"original"`
	OriginalSHA256 string `json:"original_sha256"`
	SHA256         string `json:"sha256"`
}

func (man *manifest) paths() []string {
	var ps []string
	for _, n := range man.New {
		ps = append(ps, n.Path)
	}
	for _, e := range man.Edited {
		ps = append(ps, e.Path)
	}
	return ps
}

func manifestPath(l vault.Layout) string { return filepath.Join(l.Staging(), "batch.json") }

func sum(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// runBatch plans the lines, then memorizes the plan. It returns the batch's
// totals and its commit ("" when none).
func (m *Memorizer) runBatch(ctx context.Context, st State, id BufferID, lines []rawLine) (Totals, string, error) {
	b := newBatch(id, lines, m.now())
	for _, ln := range lines {
		if err := m.planLine(ctx, b, ln); err != nil {
			return Totals{}, "", err
		}
	}
	next := st
	next.Buffer, next.Offset, next.LastRun = id, b.end, b.now
	next.Totals.Add(b.totals)

	type file struct {
		path string
		data []byte
	}
	var news []file
	for _, nd := range b.news {
		news = append(news, file{nd.path, vault.Render(nd.doc)})
	}
	var edits []*editDoc
	for _, p := range b.editOrder {
		if ed := b.edits[p]; ed.changed() {
			edits = append(edits, ed)
		}
	}

	if len(news) == 0 && len(edits) == 0 {
		if err := AppendQuarantine(context.WithoutCancel(ctx), m.l, b.quarantine...); err != nil {
			return Totals{}, "", err
		}
		if m.crashAfter == stepQuarantined {
			return Totals{}, "", errCrash
		}
		if err := SaveState(m.l, next); err != nil {
			return Totals{}, "", err
		}
		m.logBatch(b, "")
		return b.totals, "", nil
	}

	// Stage.
	man := &manifest{Version: manifestVersion, Buffer: id, Start: b.start, End: b.end, Quarantine: b.quarantine, Totals: b.totals}
	if err := ensureDir(m.l.Staging()); err != nil {
		return Totals{}, "", fmt.Errorf("memorize: staging: %w", err)
	}
	for i, f := range news {
		name := fmt.Sprintf("new-%04d-%s", i+1, filepath.Base(f.path))
		if err := vault.WriteFileAtomic(filepath.Join(m.l.Staging(), name), f.data, 0o644); err != nil {
			return Totals{}, "", fmt.Errorf("memorize: stage %s: %w", f.path, err)
		}
		man.New = append(man.New, manifestNew{Path: f.path, Staged: name, SHA256: sum(f.data)})
	}
	for i, ed := range edits {
		name := fmt.Sprintf("orig-%04d-%s", i+1, filepath.Base(ed.path))
		if err := vault.WriteFileAtomic(filepath.Join(m.l.Staging(), name), ed.orig, 0o644); err != nil {
			return Totals{}, "", fmt.Errorf("memorize: stage %s: %w", ed.path, err)
		}
		man.Edited = append(man.Edited, manifestEdit{Path: ed.path, Original: name, OriginalSHA256: sum(ed.orig), SHA256: sum(ed.p.Bytes())})
	}
	if m.crashAfter == stepStaged {
		return Totals{}, "", errCrash
	}
	if err := writeManifest(m.l, man); err != nil {
		return Totals{}, "", err
	}
	if m.crashAfter == stepManifest {
		return Totals{}, "", errCrash
	}

	// From here on the batch is finished even if ctx is cancelled: a daemon
	// stops after the batch in hand.
	ctx = context.WithoutCancel(ctx)

	// Move into place.
	dirs := map[string]bool{}
	for _, n := range man.New {
		dst := m.l.Path(filepath.FromSlash(n.Path))
		if err := mkdirAllSynced(filepath.Dir(dst)); err != nil {
			return Totals{}, "", fmt.Errorf("memorize %s: %w", n.Path, err)
		}
		// A link, not a rename: it never replaces a file a person created
		// at that path since the batch was planned.
		if err := os.Link(filepath.Join(m.l.Staging(), n.Staged), dst); err != nil {
			return Totals{}, "", fmt.Errorf("memorize %s: %w", n.Path, err)
		}
		dirs[filepath.Dir(dst)] = true
	}
	for _, ed := range edits {
		if err := vault.WriteFileAtomic(m.l.Path(filepath.FromSlash(ed.path)), ed.p.Bytes(), ed.mode); err != nil {
			return Totals{}, "", fmt.Errorf("memorize %s: %w", ed.path, err)
		}
	}
	for _, d := range slices.Sorted(mapKeys(dirs)) {
		if err := vault.SyncDir(d); err != nil {
			return Totals{}, "", fmt.Errorf("memorize: %w", err)
		}
	}
	if m.crashAfter == stepMoved {
		return Totals{}, "", errCrash
	}

	// Commit.
	msg, err := commitMessage(b.notes, id, b.end, next.Totals)
	if err != nil {
		return Totals{}, "", err
	}
	paths := man.paths()
	// AllowEmpty: the trailer must land even when a person has committed
	// the same content meanwhile, or recovery would take the batch for
	// uncommitted.
	h, err := m.git.Commit(ctx, vault.CommitRequest{Paths: paths, Message: msg, AllowEmpty: true})
	if err != nil {
		return Totals{}, "", fmt.Errorf("memorize: %w (the batch stays staged and is retried)", err)
	}
	if m.crashAfter == stepCommitted {
		return Totals{}, "", errCrash
	}
	if err := m.ix.Update(ctx, paths...); err != nil {
		// The index is a cache: a failed update costs a refresh, not a line.
		m.log.Warn("index update failed; it is refreshed on the next run", "err", err)
		m.refreshed = m.now().Add(-indexRefreshEvery)
	}
	if m.crashAfter == stepIndexed {
		return Totals{}, "", errCrash
	}
	if err := AppendQuarantine(ctx, m.l, b.quarantine...); err != nil {
		return Totals{}, "", err
	}
	if m.crashAfter == stepQuarantined {
		return Totals{}, "", errCrash
	}
	if err := SaveState(m.l, next); err != nil {
		return Totals{}, "", err
	}
	if m.crashAfter == stepSaved {
		return Totals{}, "", errCrash
	}
	if err := clearStaging(m.l); err != nil {
		return Totals{}, "", err
	}
	m.logBatch(b, h.String())
	return b.totals, h.String(), nil
}

func (m *Memorizer) logBatch(b *batch, commit string) {
	t := b.totals
	m.log.Info("batch memorized", "lines", t.Lines, "memorized", t.Memorized, "reinforced", t.Reinforced,
		"operations", t.Operations, "quarantined", t.Quarantined, "skipped", t.Skipped, "offset", b.end, "commit", commit)
}

func mapKeys(m map[string]bool) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// mkdirAllSynced creates dir and its missing parents, syncing each parent
// so the new folders survive a crash with the files moved into them.
func mkdirAllSynced(dir string) error {
	if _, err := os.Stat(dir); err == nil {
		return nil
	}
	if err := mkdirAllSynced(filepath.Dir(dir)); err != nil {
		return err
	}
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return vault.SyncDir(filepath.Dir(dir))
}

// writeManifest writes batch.json atomically.
func writeManifest(l vault.Layout, man *manifest) error {
	data, err := json.MarshalIndent(man, "", "  ")
	if err != nil {
		return fmt.Errorf("memorize: manifest: %w", err)
	}
	if err := vault.WriteFileAtomic(manifestPath(l), append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("memorize: manifest: %w", err)
	}
	return nil
}

// subjectMax is the most characters of a title in a commit subject.
const subjectMax = 60

// shortTitle cuts a title for a commit subject at a word boundary.
func shortTitle(t string) string {
	t = strings.TrimSuffix(t, "…")
	if c, cut := vault.CutWords(t, subjectMax-1); cut || c != t {
		return c + "…"
	}
	return t
}

// commitMessage writes the batch's commit message (SPEC §5 step 8): for one
// change `<verb>: <title, 60 chars> (<attribution>)`; for more `<verb>: N
// observations` (observe when the verbs differ) and a line per change; then
// the trailers.
func commitMessage(notes []note, id BufferID, end int64, totals Totals) (string, error) {
	var b strings.Builder
	switch len(notes) {
	case 0:
		b.WriteString("observe: update documents")
	case 1:
		n := notes[0]
		fmt.Fprintf(&b, "%s: %s (%s)", n.verb, shortTitle(n.title), n.attribution)
	default:
		verb := notes[0].verb
		for _, n := range notes {
			if n.verb != verb {
				verb = "observe"
			}
		}
		fmt.Fprintf(&b, "%s: %d observations", verb, len(notes))
	}
	b.WriteString("\n\n")
	for _, n := range notes {
		fmt.Fprintf(&b, "- %s %s: %s (%s)\n", n.verb, n.path, shortTitle(n.title), n.attribution)
	}
	tr, err := vault.FormatTrailers([]vault.Trailer{
		{Key: TrailerBuffer, Value: formatBufferTrailer(id, end)},
		{Key: TrailerTotals, Value: formatTotals(totals)},
	})
	if err != nil {
		return "", fmt.Errorf("memorize: %w", err)
	}
	b.WriteString("\n")
	b.WriteString(tr)
	return b.String(), nil
}

func formatBufferTrailer(id BufferID, end int64) string {
	return fmt.Sprintf("%d:%d:%d", id.Dev, id.Inode, end)
}

func parseBufferTrailer(v string) (BufferID, int64, error) {
	parts := strings.Split(strings.TrimSpace(v), ":")
	if len(parts) != 3 {
		return BufferID{}, 0, fmt.Errorf("%s %q: want <dev>:<inode>:<offset>", TrailerBuffer, v)
	}
	dev, err1 := strconv.ParseUint(parts[0], 10, 64)
	ino, err2 := strconv.ParseUint(parts[1], 10, 64)
	end, err3 := strconv.ParseInt(parts[2], 10, 64)
	if err := errors.Join(err1, err2, err3); err != nil || end < 0 {
		return BufferID{}, 0, fmt.Errorf("%s %q: want <dev>:<inode>:<offset>", TrailerBuffer, v)
	}
	return BufferID{Dev: dev, Inode: ino}, end, nil
}

// formatTotals writes totals as "lines=15 memorized=12 …".
func formatTotals(t Totals) string {
	return fmt.Sprintf("lines=%d memorized=%d reinforced=%d operations=%d quarantined=%d skipped=%d",
		t.Lines, t.Memorized, t.Reinforced, t.Operations, t.Quarantined, t.Skipped)
}

func parseTotals(v string) (Totals, error) {
	var t Totals
	fields := map[string]*int64{
		"lines": &t.Lines, "memorized": &t.Memorized, "reinforced": &t.Reinforced,
		"operations": &t.Operations, "quarantined": &t.Quarantined, "skipped": &t.Skipped,
	}
	seen := 0
	for _, f := range strings.Fields(v) {
		k, val, ok := strings.Cut(f, "=")
		p, known := fields[k]
		n, err := strconv.ParseInt(val, 10, 64)
		if !ok || !known || err != nil || n < 0 {
			return Totals{}, fmt.Errorf("%s %q: bad field %q", TrailerTotals, v, f)
		}
		*p = n
		seen++
	}
	if seen != len(fields) {
		return Totals{}, fmt.Errorf("%s %q: want %d fields", TrailerTotals, v, len(fields))
	}
	return t, nil
}
