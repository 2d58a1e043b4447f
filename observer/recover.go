package observer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// Recovery (on Open, before every Process, and when state.json turns out
// corrupt) makes the vault look as if the interrupted batch had either
// completed or never started:
//
//   - A manifest whose range the newest Cortex-Buffer trailer covers (same
//     buffer, same end offset) was committed: its index rows, quarantine
//     records and state are brought up to date — each idempotent — and
//     staging is emptied.
//   - A manifest not covered was not committed: the new documents it
//     placed are removed (only when they are still the bytes it wrote and
//     not in HEAD), the edited ones get their original bytes back (only
//     when they still hold the batch's edit), staging is emptied, and the
//     lines are processed again from the unchanged offset.
//   - The manifest's temporary files without a manifest are leftovers of a
//     batch that stopped before its manifest: removed (the lines are still
//     in the buffer). Other files in staging are not the memorizer's:
//     housekeeping moves them to the quarantine once they are old enough
//     (housekeep.go), after recovery.
//   - A lost state.json (missing or corrupt) is rebuilt from the newest
//     trailers: the offset the last commit covers, with its totals. Lines
//     after it are read again; quarantine records are never written twice,
//     and the documents of replayed lines are recognized (see echo).

// SettleInterrupted finishes or undoes the batch a killed memorizer left
// (its manifest in observer/staging), as the memorizer's own next start
// would, when no memorizer runs. It is for a command that commits the
// vault without memorizing (the sleep cycle's, sync): left alone, the
// batch's documents would look like a person's uncommitted work to it,
// and the temporary files of the batch's writes would stay until the next
// memorizer (harness, session 15 world 268: one left after a `cortex
// promote`). A running memorizer (the daemon) settles its own, and a
// manifest behind a link is the command's own to refuse: nothing is done
// then. The common case is one Lstat.
func SettleInterrupted(ctx context.Context, l vault.Layout, opts Options) error {
	if l.FS().Check(manifestPath(l)) != nil {
		return nil
	}
	if _, err := os.Lstat(manifestPath(l)); err != nil {
		return nil
	}
	m, err := Open(ctx, l, opts)
	if errors.Is(err, vault.ErrMemorizerBusy) {
		return nil
	}
	if err != nil {
		return err
	}
	return m.Close()
}

// trailerState is what the newest memorizer commit says.
type trailerState struct {
	ok        bool
	buffer    BufferID
	end       int64
	totals    Totals
	hasTotals bool
}

// lastTrailer reads the newest Cortex-Buffer and Cortex-Totals trailers.
// Commits by any author count: the author is configurable, the trailer key
// is the memorizer's own.
func (m *Memorizer) lastTrailer(ctx context.Context) (trailerState, error) {
	v, h, ok, err := m.git.LastTrailer(ctx, TrailerBuffer, "")
	if err != nil || !ok {
		return trailerState{}, err
	}
	id, end, err := parseBufferTrailer(v)
	if err != nil {
		m.log.Warn("ignoring a malformed trailer", "commit", h.String(), "err", err)
		return trailerState{}, nil
	}
	tr := trailerState{ok: true, buffer: id, end: end}
	tv, th, tok, err := m.git.LastTrailer(ctx, TrailerTotals, "")
	if err != nil {
		return trailerState{}, err
	}
	if tok && th == h {
		if t, err := parseTotals(tv); err == nil {
			tr.totals, tr.hasTotals = t, true
		} else {
			m.log.Warn("ignoring a malformed trailer", "commit", h.String(), "err", err)
		}
	}
	return tr, nil
}

// recover finishes or undoes an interrupted batch. With full set it also
// checks state.json against the history (on Open, and when state.json is
// found corrupt); otherwise it only looks at staging, which costs one
// folder read when there is nothing to do.
func (m *Memorizer) recover(ctx context.Context, full bool) error {
	if err := m.settle(ctx, full); err != nil {
		return err
	}
	// Housekeeping never stops the memorizer: what it could not do is
	// logged and tried again at the next run.
	res, err := housekeep(ctx, m.l, m.now())
	m.logHousekeeping(res)
	if err != nil {
		m.log.Warn("housekeeping failed; tried again at the next run", "err", err)
	}
	return nil
}

// settle is recover's first part: the batch and state.json.
func (m *Memorizer) settle(ctx context.Context, full bool) error {
	man, found, err := readManifest(m.l)
	if err != nil {
		return err
	}
	if !found {
		if err := m.clearStray(); err != nil {
			return err
		}
		if !full {
			return nil
		}
	}
	st, warn, err := LoadState(m.l)
	if err != nil {
		return err
	}
	_, serr := os.Stat(m.l.State())
	lost := warn != "" || errors.Is(serr, fs.ErrNotExist) && st == (State{})
	if warn != "" {
		m.log.Warn(warn)
	}
	tr, err := m.lastTrailer(ctx)
	if err != nil {
		return fmt.Errorf("recover: %w", err)
	}
	if found {
		covered := tr.ok && tr.buffer == man.Buffer && tr.end == man.End
		if !covered {
			committed, err := m.personCommitted(man)
			if err != nil {
				return err
			}
			if committed {
				if tr, err = m.commitInterrupted(ctx, man, st); err != nil {
					return err
				}
				covered = true
			}
		}
		if covered {
			if err := m.finishCommitted(ctx, man, tr, st, lost); err != nil {
				return err
			}
		} else if err := m.rollback(ctx, man); err != nil {
			return err
		}
		if err := m.clearTemps(man); err != nil {
			return err
		}
		if err := m.finish(man); err != nil {
			return err
		}
		if st, _, err = LoadState(m.l); err != nil {
			return err
		}
	}
	if lost {
		return m.rebuildState(st, tr)
	}
	return nil
}

// personCommitted says whether HEAD holds, at some path of the batch, the
// bytes the batch wrote there: a person committed what an interrupted
// batch had written (their `git add -A` after a kill). Undone, the batch's
// lines would count again beside what the person committed.
func (m *Memorizer) personCommitted(man *manifest) (bool, error) {
	check := func(rel, want string) (bool, error) {
		data, ok, err := m.git.HeadFile(rel)
		if err != nil {
			return false, fmt.Errorf("recover: %w", err)
		}
		return ok && sum(data) == want, nil
	}
	for _, n := range man.New {
		if ok, err := check(n.Path, n.SHA256); err != nil || ok {
			return ok, err
		}
	}
	for _, e := range man.Edited {
		if ok, err := check(e.Path, e.SHA256); err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// commitInterrupted completes a batch a person committed (part of) after
// it was interrupted: its documents still at their old bytes (or absent)
// are written, and the batch is committed with its trailers — empty when
// the person's commit holds it all — so that it reads as committed from
// now on. A document with other bytes is the person's and left as it is.
func (m *Memorizer) commitInterrupted(ctx context.Context, man *manifest, st State) (trailerState, error) {
	for _, n := range man.New {
		if _, inHead, err := m.git.HeadFile(n.Path); err != nil {
			return trailerState{}, fmt.Errorf("recover: %w", err)
		} else if !inHead {
			if err := m.writeBack(n.Path, n.SHA256, "", n.Data, 0o644); err != nil {
				return trailerState{}, err
			}
		}
	}
	for _, e := range man.Edited {
		// Only over the old bytes: a file gone or changed is the person's.
		if cur, err := os.ReadFile(m.l.Path(filepath.FromSlash(e.Path))); err == nil && sum(cur) == e.OriginalSHA256 {
			if err := m.writeBack(e.Path, e.SHA256, e.OriginalSHA256, e.Data, e.Mode); err != nil {
				return trailerState{}, err
			}
		}
	}
	totals := st.Totals
	if st.Buffer != man.Buffer || st.Offset < man.End {
		totals.Add(man.Totals)
	}
	msg, err := commitMessage(nil, man.Buffer, man.End, totals)
	if err != nil {
		return trailerState{}, err
	}
	var paths []string
	for _, p := range man.paths() {
		if data, err := os.ReadFile(m.l.Path(filepath.FromSlash(p))); err == nil {
			if sum(data) == manifestSum(man, p) {
				paths = append(paths, p)
			}
		}
	}
	if _, err := m.git.Commit(ctx, gitstore.CommitRequest{Paths: paths, Message: msg, AllowEmpty: true}); err != nil {
		return trailerState{}, fmt.Errorf("recover: %w", err)
	}
	m.log.Info("recover: completed a batch a person committed after an interruption", "offset", man.End)
	return trailerState{ok: true, buffer: man.Buffer, end: man.End, totals: totals, hasTotals: true}, nil
}

// manifestSum is the SHA-256 of what the batch wrote at p.
func manifestSum(man *manifest, p string) string {
	for _, n := range man.New {
		if n.Path == p {
			return n.SHA256
		}
	}
	for _, e := range man.Edited {
		if e.Path == p {
			return e.SHA256
		}
	}
	return ""
}

// finishCommitted redoes steps 8–10 of a committed batch, after putting
// back any document a power loss emptied or reverted.
func (m *Memorizer) finishCommitted(ctx context.Context, man *manifest, tr trailerState, st State, lost bool) error {
	for _, n := range man.New {
		if err := m.repair(n.Path, n.SHA256, "", n.Data, 0o644); err != nil {
			return err
		}
	}
	for _, e := range man.Edited {
		if err := m.repair(e.Path, e.SHA256, e.OriginalSHA256, e.Data, e.Mode); err != nil {
			return err
		}
	}
	if err := m.ix.Update(ctx, man.paths()...); err != nil {
		m.log.Warn("index update failed; it is refreshed on the next run", "err", err)
		m.refreshed = m.now().Add(-indexRefreshEvery)
	}
	if err := AppendQuarantine(ctx, m.l, man.Quarantine...); err != nil {
		return fmt.Errorf("recover: %w", err)
	}
	if lost || st.Buffer != man.Buffer || st.Offset < man.End {
		if tr.hasTotals {
			st.Totals = tr.totals
		} else {
			st.Totals.Add(man.Totals)
		}
		st.Buffer, st.Offset, st.LastRun = man.Buffer, man.End, m.now()
		if err := SaveState(m.l, st); err != nil {
			return fmt.Errorf("recover: %w", err)
		}
	}
	m.log.Info("recover: finished a batch committed before an interruption", "offset", man.End)
	return nil
}

// repair writes a committed document's bytes back when the file is
// missing, empty (data lost with the power) or still holds the version
// from before the batch (old, when not ""); a file a person changed since
// is theirs and left alone, and so is a document HEAD no longer holds as
// the batch wrote it: a later commit moved it (the sleep cycle's
// archive), removed or changed it, and writing it back would make one
// memory two documents (harness, session 11 world 41).
func (m *Memorizer) repair(rel, want, old string, data []byte, perm fs.FileMode) error {
	if head, ok, err := m.git.HeadFile(rel); err != nil {
		return fmt.Errorf("recover %s: %w", rel, err)
	} else if !ok || sum(head) != want {
		return nil
	}
	return m.writeBack(rel, want, old, data, perm)
}

// writeBack is repair without the look at HEAD.
func (m *Memorizer) writeBack(rel, want, old string, data []byte, perm fs.FileMode) error {
	if err := m.l.FS().NoLink(rel); err != nil {
		m.log.Warn("recover: a committed document is behind a symbolic link; not written through it", "path", rel, "err", err)
		return nil
	}
	abs := m.l.Path(filepath.FromSlash(rel))
	cur, err := os.ReadFile(abs)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("recover %s: %w", rel, err)
	}
	if err == nil && (sum(cur) == want || len(cur) > 0 && sum(cur) != old) {
		return nil
	}
	if err := mkdirAllSynced(m.l.FS(), filepath.Dir(abs)); err != nil {
		return fmt.Errorf("recover %s: %w", rel, err)
	}
	if err := m.l.FS().WriteFile(abs, data, perm); err != nil {
		return fmt.Errorf("recover %s: %w", rel, err)
	}
	m.log.Warn("recover: rewrote a committed document lost from the working tree", "path", rel)
	return nil
}

// rollback undoes the working tree changes of a batch that was not
// committed.
func (m *Memorizer) rollback(ctx context.Context, man *manifest) error {
	// Nothing is removed or restored through a symbolic link: a path that
	// now goes through one was never written by this batch (placeFiles
	// checks) or belongs to whoever made the link.
	linked := func(rel string) bool {
		err := m.l.FS().NoLink(rel)
		if err != nil {
			m.log.Warn("recover: a document of the interrupted batch is behind a symbolic link; left as it is", "path", rel, "err", err)
		}
		return err != nil
	}
	for _, n := range man.New {
		if linked(n.Path) {
			continue
		}
		abs := m.l.Path(filepath.FromSlash(n.Path))
		data, err := os.ReadFile(abs)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("recover %s: %w", n.Path, err)
		}
		if len(data) > 0 && sum(data) != n.SHA256 {
			m.log.Warn("recover: a document of the interrupted batch was changed since; left as it is", "path", n.Path)
			continue
		}
		if _, inHead, err := m.git.HeadFile(n.Path); err != nil {
			return fmt.Errorf("recover: %w", err)
		} else if inHead {
			continue // committed by a person meanwhile: it is theirs now
		}
		if err := m.l.FS().Remove(abs); err != nil {
			return fmt.Errorf("recover %s: %w", n.Path, err)
		}
		removeEmptyParents(m.l, filepath.Dir(abs))
	}
	for _, e := range man.Edited {
		if linked(e.Path) {
			continue
		}
		abs := m.l.Path(filepath.FromSlash(e.Path))
		data, err := os.ReadFile(abs)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("recover %s: %w", e.Path, err)
		}
		if err == nil && len(data) > 0 && sum(data) != e.SHA256 {
			continue // the edit never landed, or the file changed since
		}
		if err := m.l.FS().WriteFile(abs, e.Original, e.Mode); err != nil {
			return fmt.Errorf("recover %s: %w", e.Path, err)
		}
	}
	if err := m.ix.Update(ctx, man.paths()...); err != nil {
		m.log.Warn("index update failed; it is refreshed on the next run", "err", err)
		m.refreshed = m.now().Add(-indexRefreshEvery)
	}
	m.log.Warn("recover: undid a batch interrupted before its commit; its lines are processed again",
		"offset", man.Start, "documents", len(man.New), "edits", len(man.Edited))
	return nil
}

// rebuildState replaces a lost state.json with what the newest trailer
// says: the offset its commit covers, when the buffer is still that file
// and the offset still ends a line in it, and the totals as of that commit.
func (m *Memorizer) rebuildState(st State, tr trailerState) error {
	if !tr.ok {
		return nil
	}
	v, err := statBuffer(m.l.Buffer())
	if err != nil {
		return err
	}
	changed := false
	if v.Exists && v.ID == tr.buffer && tr.end <= v.Size && endsLine(m.l.Buffer(), tr.end) &&
		(st.Buffer == (BufferID{}) || st.Buffer == tr.buffer) && st.Offset < tr.end {
		st.Buffer, st.Offset = tr.buffer, tr.end
		changed = true
	}
	if tr.hasTotals && (changed || st.Totals == (Totals{})) && st.Totals != tr.totals {
		st.Totals = tr.totals
		changed = true
	}
	if !changed {
		return nil
	}
	if err := SaveState(m.l, st); err != nil {
		return fmt.Errorf("recover: %w", err)
	}
	m.log.Warn("state.json rebuilt from the last commit's trailers", "offset", st.Offset, "lines", st.Totals.Lines)
	return nil
}

// endsLine reports whether the byte before off in the file is a newline.
func endsLine(path string, off int64) bool {
	if off == 0 {
		return true
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [1]byte
	_, err = f.ReadAt(b[:], off-1)
	return err == nil && b[0] == '\n'
}

// readManifest reads batch.json; found is false when there is none.
func readManifest(l vault.Layout) (*manifest, bool, error) {
	data, err := os.ReadFile(manifestPath(l))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("recover: %w", err)
	}
	var man manifest
	if err := json.Unmarshal(data, &man); err != nil || man.Version != manifestVersion {
		why := fmt.Sprintf("version %d", man.Version)
		if err != nil {
			why = err.Error()
		}
		// Written atomically, so never half written: this is damage from
		// outside, and guessing could lose or duplicate lines.
		return nil, false, fmt.Errorf("recover: %s is unreadable (%s): check `git status` in the vault, then move the file away",
			manifestPath(l), why)
	}
	for _, p := range man.paths() {
		if !filepath.IsLocal(filepath.FromSlash(p)) || !vault.IsMemoryPath(p) {
			return nil, false, fmt.Errorf("recover: %s names %q: not a memory document of the vault", manifestPath(l), p)
		}
	}
	for _, n := range man.New {
		if sum(n.Data) != n.SHA256 {
			return nil, false, fmt.Errorf("recover: %s is damaged (%s does not match its checksum)", manifestPath(l), n.Path)
		}
	}
	for _, e := range man.Edited {
		if sum(e.Data) != e.SHA256 || sum(e.Original) != e.OriginalSHA256 {
			return nil, false, fmt.Errorf("recover: %s is damaged (%s does not match its checksum)", manifestPath(l), e.Path)
		}
	}
	return &man, true, nil
}

// clearStray removes the manifest's temporary files left without a
// manifest.
func (m *Memorizer) clearStray() error {
	ents, err := os.ReadDir(m.l.Staging())
	if errors.Is(err, fs.ErrNotExist) || err == nil && len(ents) == 0 {
		return nil
	}
	if err != nil {
		return fmt.Errorf("recover: %w", err)
	}
	n := 0
	for _, e := range ents {
		if ownStaging(e.Name()) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	m.log.Warn("recover: removing the temporary files of a batch interrupted before its manifest", "files", n)
	return clearStaging(m.l)
}

// clearStaging removes the memorizer's files from observer/staging, the
// manifest last: while it exists, recovery can still finish or undo the
// batch. Files it did not write are left to housekeeping.
func clearStaging(l vault.Layout) error {
	ents, err := os.ReadDir(l.Staging())
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("clear staging: %w", err)
	}
	for _, e := range ents {
		if e.Name() == manifestName || !ownStaging(e.Name()) {
			continue
		}
		if err := l.FS().Remove(filepath.Join(l.Staging(), e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("clear staging: %w", err)
		}
	}
	if err := l.FS().Remove(manifestPath(l)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("clear staging: %w", err)
	}
	return vaultfs.SyncDir(l.Staging())
}

// removeEmptyParents removes dir and its parents while they are empty
// folders, stopping at the memory folders themselves (mind/, vault/,
// rules/) and at a symbolic link (os.Remove would delete the link).
func removeEmptyParents(l vault.Layout, dir string) {
	for {
		rel, err := filepath.Rel(l.Root, dir)
		if err != nil || !strings.Contains(filepath.ToSlash(rel), "/") {
			return
		}
		if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
			return
		}
		if l.FS().Remove(dir) != nil {
			return
		}
		dir = filepath.Dir(dir)
	}
}

// clearTemps removes the temporary files replaceFile and createFile may
// have left beside the batch's documents when the process died between
// writing one and renaming or linking it into place: dot-files that are
// never read as memory, but that git status would show as untracked.
func (m *Memorizer) clearTemps(man *manifest) error {
	for _, rel := range man.paths() {
		if m.l.FS().NoLink(rel) != nil {
			continue // nothing is removed through a link
		}
		removed, err := m.l.FS().RemoveTempsOf(m.l.Path(filepath.FromSlash(rel)))
		if err != nil {
			return fmt.Errorf("recover: %w", err)
		}
		for _, p := range removed {
			m.log.Info("recover: removed a temporary file of the interrupted batch", "path", filepath.ToSlash(filepath.Join(filepath.Dir(rel), filepath.Base(p))))
		}
	}
	return nil
}
