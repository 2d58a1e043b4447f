package observer

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
)

// Defaults of DaemonOptions for hand edits.
const (
	DefaultIndexDebounce = 100 * time.Millisecond
	DefaultIndexMaxDelay = time.Second
)

// handRefreshAt is the number of changed paths in one batch from which a
// refresh (one walk of the vault) replaces the look-up of every path: a
// branch switched or a folder of notes pasted in.
const handRefreshAt = 1000

// handIndex is the daemon's side of the index (SPEC §7: the daemon keeps
// the index fresh as people edit files): it watches every memory folder
// (fsnotify does not recurse: one watch a folder, added as folders come
// and dropped as they go), gathers the markdown files that changed, and
// brings the index in step with them after a short quiet time. It has its
// own handle on the index, so hand edits are indexed even while the
// memorizer waits out a backoff; the Run loop calls both in turn, never at
// once.
type handIndex struct {
	ix *index.Index // nil until opened, and after a reopen failed
	ig *vault.Ignore
	// dirs are the memory folders watched, by absolute path.
	dirs map[string]bool
	// paths are the vault-relative markdown files with events since the
	// last apply.
	paths map[string]bool
	// full asks for a refresh (a walk) instead of an update of paths:
	// events were lost, a folder was moved or removed (its files had no
	// events of their own), .cortexignore changed, or a write failed.
	full bool
	// partial: a folder could not be watched (no inotify watches left,
	// too many open files); every poll refreshes until all are.
	partial, warned bool
}

// watchMemory sets up the hand-edit watches: every memory folder not
// ignored, and .cortex/, where `cortex rebuild-index` renames a new
// index file over the one the daemon has open.
func (d *Daemon) watchMemory() {
	h := &d.hand
	h.dirs, h.paths = map[string]bool{}, map[string]bool{}
	d.loadIgnore()
	if d.watcher == nil {
		h.partial = true
		return
	}
	if err := d.watcher.Add(d.l.CacheDir()); err != nil {
		d.log.Warn("daemon: cannot watch .cortex/; a replaced index is seen at the next poll", "err", err)
	}
	d.watchTops()
}

// watchTops watches the memory folders that exist, and what is under them.
func (d *Daemon) watchTops() {
	d.hand.partial = false
	for _, top := range doc.MemoryDirs {
		d.addTree(d.l.Path(top), nil)
	}
}

// loadIgnore reads .cortexignore; one that cannot be read ignores only
// dot-paths here, and the index's own reads report it.
func (d *Daemon) loadIgnore() {
	ig, err := vault.LoadIgnore(d.l)
	if err != nil {
		d.log.Warn("daemon: "+err.Error(), "err", err)
		ig = &vault.Ignore{}
	}
	d.hand.ig = ig
}

// addTree watches dir and every folder under it that is not ignored (dot
// folders such as .obsidian/ among them); found, when set, receives the
// markdown files already there, which had no events of their own.
func (d *Daemon) addTree(dir string, found func(rel string)) {
	h := &d.hand
	if d.watcher == nil {
		return
	}
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return fs.SkipDir // gone already, or a missing memory folder
			}
			return nil
		}
		rel, ok := d.memoryRel(p)
		if !ok {
			return fs.SkipDir
		}
		if e.IsDir() {
			if strings.Contains(rel, "/") && h.ig.Ignored(rel+"/") {
				return fs.SkipDir
			}
			if h.dirs[p] {
				return nil
			}
			if err := d.watcher.Add(p); err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return fs.SkipDir
				}
				h.partial = true
				if !h.warned {
					h.warned = true
					d.log.Warn("daemon: cannot watch every memory folder; hand edits are indexed at each poll instead",
						"dir", p, "poll", d.opts.PollInterval, "err", err)
				}
				return fs.SkipAll
			}
			h.dirs[p] = true
			return nil
		}
		if found != nil && e.Type().IsRegular() && strings.HasSuffix(rel, ".md") && !h.ig.Ignored(rel) {
			found(rel)
		}
		return nil
	})
}

// dropTree forgets the watches of dir and of every folder under it: a
// folder moved keeps its inotify watch, which would report its files under
// the old name.
func (d *Daemon) dropTree(dir string) {
	h := &d.hand
	for p := range h.dirs {
		if p == dir || strings.HasPrefix(p, dir+string(filepath.Separator)) {
			delete(h.dirs, p)
			if d.watcher != nil {
				d.watcher.Remove(p) // gone with its folder, often
			}
		}
	}
}

// memoryRel returns the vault-relative, slash-separated form of the
// absolute path p when it is a memory folder or inside one.
func (d *Daemon) memoryRel(p string) (string, bool) {
	rel, err := filepath.Rel(d.l.Root, p)
	if err != nil {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	top, _, _ := strings.Cut(rel, "/")
	return rel, slices.Contains(doc.MemoryDirs, top)
}

// handEvent takes a file event and reports whether it is work for the
// index: a markdown file of a memory folder created, written, renamed or
// removed (editors save by renaming a new file over the old), a folder
// created (watched at once; the files already in it are queued), moved or
// removed (a refresh: its files have no events of their own), a change of
// .cortexignore, or the index file replaced or removed.
func (d *Daemon) handEvent(ev fsnotify.Event) bool {
	h := &d.hand
	name := filepath.Clean(ev.Name)
	switch {
	case name == filepath.Clean(d.l.CacheDir()):
		return ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename)
	case filepath.Dir(name) == filepath.Clean(d.l.CacheDir()):
		// A rebuild renames a new file in (Create); rm removes it.
		// Writes to the index file are the index's own.
		return filepath.Base(name) == filepath.Base(d.l.IndexDB()) &&
			(ev.Has(fsnotify.Create) || ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename))
	case name == filepath.Clean(d.l.Cortexignore()):
		// What is watched and what is indexed both change: watch
		// afresh, then refresh (which sees what the new rules add or
		// drop, and whatever changed while the watches were renewed).
		d.loadIgnore()
		d.dropTree(d.l.Root)
		d.watchTops()
		h.full = true
		return true
	}
	rel, ok := d.memoryRel(name)
	if !ok {
		return false
	}
	if (ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename)) && h.dirs[name] {
		d.dropTree(name)
		h.full = true
		return true
	}
	if ev.Has(fsnotify.Create) {
		if fi, err := os.Lstat(name); err == nil && fi.IsDir() {
			if strings.Contains(rel, "/") && h.ig.Ignored(rel+"/") {
				return false
			}
			d.addTree(name, func(r string) { h.paths[r] = true })
			return true
		}
	}
	if !strings.Contains(rel, "/") || !strings.HasSuffix(rel, ".md") || h.ig.Ignored(rel) {
		return false
	}
	h.paths[rel] = true
	return true
}

// openHandIndex opens the daemon's index handle. The memorizer opened (and
// refreshed) the index just before, so this finds it ready; a failure is
// tried again at the next batch of hand edits.
func (d *Daemon) openHandIndex(ctx context.Context) {
	ix, err := index.Open(ctx, d.l, index.Options{Logger: d.log})
	if err != nil {
		d.log.Warn("daemon: cannot open the index for hand edits; will try again", "err", err)
		d.hand.full = true
		return
	}
	d.hand.ix = ix
}

// applyHand brings the index in step with the hand edits gathered since
// the last call: an update of the paths whose size or modification time
// differs from the index's (the memorizer's own writes, indexed as it
// commits, are skipped there), or a refresh when one is due. First the
// index is opened again if its file was replaced (`cortex rebuild-index`)
// or removed, and then refreshed: edits made before the reopen may have
// gone into the old file. A failure is logged and leaves a refresh due at
// the next poll. It reports whether it read documents into the index: work
// whose memory the daemon hands back after a quiet time.
func (d *Daemon) applyHand(ctx context.Context) (indexed bool) {
	h := &d.hand
	start := time.Now()
	if h.ix != nil {
		replaced, err := h.ix.Replaced()
		switch {
		case err != nil:
			d.log.Warn("daemon: index", "err", err)
		case replaced:
			d.log.Info("daemon: the index file was replaced or removed; opening it again", "path", d.l.IndexDB())
			h.ix.Close()
			h.ix = nil
		}
	}
	if h.ix == nil {
		d.openHandIndex(ctx)
		if h.ix == nil {
			return false
		}
		h.full = true
	}
	paths, full := h.paths, h.full || len(h.paths) >= handRefreshAt
	h.paths, h.full = map[string]bool{}, false
	if full {
		st, err := h.ix.Refresh(ctx)
		if err != nil {
			d.log.Warn("daemon: index refresh failed; will try again at the next poll", "err", err)
			h.full = true
			return false
		}
		d.log.Debug("daemon: index refreshed", "updated", st.Documents, "removed", st.Removed,
			"took", time.Since(start).Round(100*time.Microsecond))
		return true
	}
	if len(paths) == 0 {
		return false
	}
	changed, err := d.changedPaths(ctx, paths)
	if err == nil && len(changed) > 0 {
		err = h.ix.Update(ctx, changed...)
	}
	if err != nil {
		d.log.Warn("daemon: indexing hand edits failed; the index is refreshed at the next poll", "err", err)
		h.full = true
		return false
	}
	if len(changed) == 0 {
		return false
	}
	shown := changed
	if len(shown) > 3 {
		shown = append(shown[:3:3], "…")
	}
	d.log.Debug("daemon: indexed hand edits", "files", len(changed),
		"took", time.Since(start).Round(100*time.Microsecond), "paths", strings.Join(shown, " "))
	return true
}

// changedPaths returns, sorted, the paths whose file differs from what the
// index holds: a size or modification time not the indexed one, a file
// not indexed, an indexed file gone.
func (d *Daemon) changedPaths(ctx context.Context, paths map[string]bool) ([]string, error) {
	var out []string
	for rel := range paths {
		document, indexed, err := d.hand.ix.ByPath(ctx, rel)
		if err != nil {
			return nil, err
		}
		fi, err := os.Lstat(d.l.Path(filepath.FromSlash(rel)))
		exists := err == nil && fi.Mode().IsRegular()
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			exists = true // unreadable now: let Update say why
		}
		switch {
		case !exists && !indexed:
		case exists && indexed && fi != nil && document.Size == fi.Size() && document.MtimeNS == fi.ModTime().UnixNano():
		default:
			out = append(out, rel)
		}
	}
	slices.Sort(out)
	return out, nil
}

// closeHandIndex closes the daemon's index handle.
func (d *Daemon) closeHandIndex() error {
	if d.hand.ix == nil {
		return nil
	}
	err := d.hand.ix.Close()
	d.hand.ix = nil
	return err
}
