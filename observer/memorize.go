package observer

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// Memorizing a batch (SPEC §5 steps 7–10), in an order that lets a crash
// between any two steps be recovered exactly once (see recover.go):
//
//	stage       observer/staging/batch.json, the manifest, written atomically
//	            (temp + fsync + rename): the buffer range, every new document
//	            and every edit with its original bytes, the quarantine records,
//	            the totals
//	move        new documents created in place (never over an existing
//	            file), edits written in place, their folders synced
//	commit      one commit of exactly the batch's paths, with the trailers
//	            Cortex-Buffer: <dev>:<inode>:<end offset> and Cortex-Totals
//	index       index rows of the batch's paths
//	quarantine  the batch's records appended (idempotent per buffer line)
//	advance     state.json: offset = end, totals += the batch's
//	clean       the documents' data flushed, then the manifest removed
//
// The documents are staged inside the manifest rather than as a file each:
// one fsync stages the whole batch, where a file per document would cost a
// journal commit per document (measured: ~3 ms each, the bulk of a batch).
// The files in place are not fsynced one by one either: the manifest holds
// every byte until the batch is done, recovery repairs from it, and one
// flush (syncfs on Linux) makes them durable before the manifest goes.
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

// manifestNew is a new document: its vault path and its bytes.
type manifestNew struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Data   []byte `json:"data"`
}

// manifestEdit is an edited document: its new bytes and its original ones,
// restored if the batch is undone — what was in the working tree, a
// person's uncommitted change included, not HEAD's version.
type manifestEdit struct {
	Path           string      `json:"path"`
	Mode           fs.FileMode `json:"mode"`
	OriginalSHA256 string      `json:"original_sha256"`
	SHA256         string      `json:"sha256"`
	Original       []byte      `json:"original"`
	Data           []byte      `json:"data"`
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

// manifestName is the manifest's name in observer/staging.
const manifestName = "batch.json"

func manifestPath(l vault.Layout) string { return l.BatchManifest() }

func sum(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// runBatch plans the lines, then memorizes the plan. It returns the batch's
// totals and its commit ("" when none).
func (m *Memorizer) runBatch(ctx context.Context, st State, id BufferID, lines []rawLine) (Totals, string, error) {
	b := newBatch(id, lines, m.now())
	if err := m.held.load(m.l); err != nil {
		return Totals{}, "", err
	}
	for _, ln := range lines {
		if err := m.planLine(ctx, b, ln); err != nil {
			return Totals{}, "", err
		}
	}
	next := st
	next.Buffer, next.Offset, next.LastRun = id, b.end, b.now
	if st.KeyedTo >= st.Offset {
		next.KeyedTo = b.end // the lines before st.Offset are keyed; these are keyed below
	}
	next.Totals.Add(b.totals)
	next.BatchLines = m.grownBatch(st)

	if b.security.Credentials.Found > 0 {
		sec := SecurityTotals{}
		if st.Security != nil {
			sec.Add(*st.Security)
		}
		sec.Add(b.security)
		next.Security = &sec
	}

	type file struct {
		path string
		data []byte
	}
	var news []file
	for _, nd := range b.news {
		news = append(news, file{nd.path, doc.Render(nd.doc)})
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
		if err := m.seen.add(accounted(lines, b.quarantine)); err != nil {
			return Totals{}, "", err
		}
		if err := SaveState(m.l, next); err != nil {
			return Totals{}, "", err
		}
		m.logBatch(b, "")
		return b.totals, "", nil
	}

	// Stage.
	man := &manifest{Version: manifestVersion, Buffer: id, Start: b.start, End: b.end, Quarantine: b.quarantine, Totals: b.totals}
	for _, f := range news {
		man.New = append(man.New, manifestNew{Path: f.path, SHA256: sum(f.data), Data: f.data})
	}
	for _, ed := range edits {
		man.Edited = append(man.Edited, manifestEdit{Path: ed.path, Mode: ed.mode, OriginalSHA256: sum(ed.orig),
			SHA256: sum(ed.p.Bytes()), Original: ed.orig, Data: ed.p.Bytes()})
	}
	if m.crashAfter == stepStaged {
		return Totals{}, "", errCrash
	}
	if err := ensureDir(m.l.FS(), m.l.Staging()); err != nil {
		return Totals{}, "", fmt.Errorf("memorize: staging: %w", err)
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
	if m.beforePlace != nil {
		m.beforePlace()
	}
	written, err := m.placeFiles(man)
	if err != nil {
		return Totals{}, "", err
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
	// uncommitted. KeepWritten: a person's editor that saves one of these
	// files between its placing and this commit made a change of theirs,
	// on top of the batch's; the commit holds the batch's bytes, and
	// theirs stays uncommitted (harness, session 10 world 31).
	h, err := m.git.Commit(ctx, gitstore.CommitRequest{Paths: paths, Message: msg, AllowEmpty: true,
		Written: written, KeepWritten: true})
	if err != nil {
		return Totals{}, "", fmt.Errorf("memorize: %w (the batch stays staged and is retried)", err)
	}
	if m.crashAfter == stepCommitted {
		return Totals{}, "", errCrash
	}
	m.putBackUndone(man)
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
	// Keyed once committed: keys of a batch that is undone would pass its
	// lines over when read again.
	if err := m.seen.add(accounted(lines, b.quarantine)); err != nil {
		return Totals{}, "", err
	}
	if err := SaveState(m.l, next); err != nil {
		return Totals{}, "", err
	}
	if m.crashAfter == stepSaved {
		return Totals{}, "", errCrash
	}
	if err := m.finish(man); err != nil {
		return Totals{}, "", err
	}
	m.logBatch(b, h.String())
	return b.totals, h.String(), nil
}

// accounted are the lines of a batch that were not quarantined: their
// keys mark them as memorized, reinforced or done (seen.go). A quarantined
// line is left unkeyed, so that its retry, the very same bytes, is
// memorized as if new.
func accounted(lines []rawLine, q []QuarantineRecord) []rawLine {
	if len(q) == 0 {
		return lines
	}
	out := make([]rawLine, 0, len(lines))
	for _, ln := range lines {
		if !slices.ContainsFunc(q, func(r QuarantineRecord) bool { return r.Offset == ln.Offset }) {
			out = append(out, ln)
		}
	}
	return out
}

func (m *Memorizer) logBatch(b *batch, commit string) {
	t := b.totals
	m.log.Info("batch memorized", "lines", t.Lines, "memorized", t.Memorized, "reinforced", t.Reinforced,
		"operations", t.Operations, "quarantined", t.Quarantined, "skipped", t.Skipped, "offset", b.end, "commit", commit)
}

// placeFiles writes a batch's documents in place: new ones created (never
// over a file a person has made at that path since the batch was planned),
// edited ones replaced atomically; then each folder touched is synced so
// the names survive a crash. The data itself is flushed by finish. It
// returns what it wrote, for the commit.
func (m *Memorizer) placeFiles(man *manifest) (map[string]gitstore.WrittenFile, error) {
	// Checked again here, not only when routed: a link may have appeared
	// since. The batch then fails and is undone; planned again, its lines
	// are quarantined naming the link.
	for _, p := range man.paths() {
		if err := m.l.FS().NoLink(p); err != nil {
			return nil, fmt.Errorf("memorize %s: %w", p, err)
		}
	}
	vfs := m.l.FS()
	dirs := map[string]bool{}
	written := make(map[string]gitstore.WrittenFile, len(man.New)+len(man.Edited))
	for _, n := range man.New {
		abs := m.l.Path(filepath.FromSlash(n.Path))
		if err := mkdirAllSynced(vfs, filepath.Dir(abs)); err != nil {
			return nil, fmt.Errorf("memorize %s: %w", n.Path, err)
		}
		mtime, err := createFile(vfs, abs, n.Data, 0o644)
		if err != nil {
			return nil, fmt.Errorf("memorize %s: %w", n.Path, err)
		}
		written[n.Path] = gitstore.WrittenFile{Data: n.Data, ModTime: mtime, Mode: 0o644}
		dirs[filepath.Dir(abs)] = true
	}
	for _, e := range man.Edited {
		abs := m.l.Path(filepath.FromSlash(e.Path))
		// A person's editor may have saved (or removed) the document
		// since the batch read it: replaced, their change would be lost.
		// The batch is undone and planned again (ProcessUntil), which
		// holds the line for them.
		if cur, err := os.ReadFile(abs); err != nil || !bytes.Equal(cur, e.Original) {
			return nil, fmt.Errorf("memorize %s: %w", e.Path, &editingError{path: e.Path})
		}
		mtime, err := replaceFile(vfs, abs, e.Data, e.Mode)
		if err != nil {
			return nil, fmt.Errorf("memorize %s: %w", e.Path, err)
		}
		written[e.Path] = gitstore.WrittenFile{Data: e.Data, ModTime: mtime, Mode: e.Mode}
		dirs[filepath.Dir(abs)] = true
	}
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		if err := vaultfs.SyncDir(d); err != nil {
			return nil, fmt.Errorf("memorize: %w", err)
		}
	}
	return written, nil
}

// putBackUndone writes the batch's bytes again, once committed, at each
// edited document whose file holds exactly what the batch read: a
// person's git undid the write between placing and committing — `git
// stash` takes every tracked change into the stash, the batch's write
// among them, and puts the committed bytes back; `git checkout -- .`
// discards it. Left so, the file shows the reinforcement taken back, a
// change nobody made that the person's next `git commit -a` commits
// (harness, session 12 world 10). Those bytes are nobody's work (a
// person's save holds something else: theirs stays, KeepWritten), and
// the reinforcement is already in HEAD and in a stash that pops cleanly
// over it. A failure costs nothing committed: it is logged.
func (m *Memorizer) putBackUndone(man *manifest) {
	vfs := m.l.FS()
	for _, e := range man.Edited {
		abs := m.l.Path(filepath.FromSlash(e.Path))
		cur, err := os.ReadFile(abs)
		if err != nil || !bytes.Equal(cur, e.Original) || bytes.Equal(cur, e.Data) {
			continue
		}
		if _, err := replaceFile(vfs, abs, e.Data, e.Mode); err != nil {
			m.log.Warn("put back a reinforcement a person's git undid before its commit", "path", e.Path, "err", err)
			continue
		}
		m.log.Info("put back a write a person's git undid before its commit (git stash?)", "path", e.Path)
	}
}

// finish flushes the batch's documents to disk and removes the manifest:
// until then, a power loss that emptied a document is repaired from it.
func (m *Memorizer) finish(man *manifest) error {
	var abs []string
	for _, p := range man.paths() {
		abs = append(abs, m.l.Path(filepath.FromSlash(p)))
	}
	// One syncfs(2) where the system has it (Linux): a batch of a thousand
	// documents costs one flush, not a journal commit per file.
	if err := vaultfs.SyncFS(abs); err != nil {
		return fmt.Errorf("memorize: %w", err)
	}
	return clearStaging(m.l)
}

// createFile writes a new file, failing when path exists, and returns the
// mtime it wrote it with. The file appears whole: a kill leaves it written
// or absent, never empty at its path (the harness, session 12 world 120:
// a new memory of 0 bytes until the next run's recovery); the batch's
// syncfs flushes it.
func createFile(vfs vaultfs.Root, path string, data []byte, perm fs.FileMode) (time.Time, error) {
	return vfs.CreateFileUnsynced(path, data, perm)
}

// writtenAt is the mtime of f, just written, when err (the write's) is
// nil: taken from the open file, not the path, which a person's editor may
// have saved over already.
func writtenAt(f *os.File, err error) (time.Time, error) {
	if err != nil {
		return time.Time{}, err
	}
	fi, err := f.Stat()
	if err != nil {
		return time.Time{}, err
	}
	return fi.ModTime(), nil
}

// replaceFile replaces path's content in one rename, so a reader (or a
// crash) sees the old bytes or the new, never a mix, and returns the mtime
// it wrote them with. Not synced: see finish.
func replaceFile(vfs vaultfs.Root, path string, data []byte, perm fs.FileMode) (time.Time, error) {
	if perm == 0 {
		perm = 0o644
	}
	f, err := vfs.CreateTemp(filepath.Dir(path), vaultfs.TempPattern(path))
	if err != nil {
		return time.Time{}, err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	// The rename keeps the mtime.
	mtime, err := writtenAt(f, err)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = vfs.Rename(tmp, path)
	}
	if err != nil {
		vfs.Remove(tmp)
		return time.Time{}, err
	}
	return mtime, nil
}

// mkdirAllSynced creates dir and its missing parents, syncing each parent
// so the new folders survive a crash with the files placed in them.
func mkdirAllSynced(vfs vaultfs.Root, dir string) error {
	if _, err := os.Stat(dir); err == nil {
		return nil
	}
	if err := mkdirAllSynced(vfs, filepath.Dir(dir)); err != nil {
		return err
	}
	if err := vfs.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return vaultfs.SyncDir(filepath.Dir(dir))
}

// writeManifest writes batch.json atomically.
func writeManifest(l vault.Layout, man *manifest) error {
	data, err := json.MarshalIndent(man, "", "  ")
	if err != nil {
		return fmt.Errorf("memorize: manifest: %w", err)
	}
	if err := l.FS().WriteFile(manifestPath(l), append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("memorize: manifest: %w", err)
	}
	return nil
}

// subjectMax is the most characters of a title in a commit subject.
const subjectMax = 60

// shortTitle cuts a title for a commit subject at a word boundary.
func shortTitle(t string) string {
	t = strings.TrimSuffix(t, "…")
	if c, cut := doc.CutWords(t, subjectMax-1); cut || c != t {
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
	tr, err := gitstore.FormatTrailers([]gitstore.Trailer{
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
