package observer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
)

// startReal starts a daemon with the real memorizer on l. The poll is an
// hour away, and the memorizer runs only at the start: whatever reaches
// the index after that comes from the file events.
func startReal(t *testing.T, l vault.Layout) *Daemon {
	t.Helper()
	d, err := StartDaemon(context.Background(), l, DaemonOptions{Logger: daemonTestLogger(t), PollInterval: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// indexedAt reads the document at rel through a new handle on the file now
// at the index's path, as a read command would (without a refresh).
func indexedAt(t *testing.T, l vault.Layout, rel string) (index.Doc, bool) {
	t.Helper()
	ix, err := index.Open(context.Background(), l, index.Options{Logger: daemonTestLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	document, ok, err := ix.ByPath(context.Background(), rel)
	if err != nil {
		t.Fatal(err)
	}
	return document, ok
}

// handNote writes a note as a person would in Obsidian: a type and a body.
func handNote(t *testing.T, l vault.Layout, rel, body string) {
	t.Helper()
	p := l.Path(filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("---\ntype: fact\n---\n\n"+body+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// waitIndexed waits until the index holds rel with body; waitGone until it
// no longer holds rel.
func waitIndexed(t *testing.T, l vault.Layout, rel, body string) {
	t.Helper()
	want := doc.Hash(body + "\n")
	waitFor(t, rel+" indexed with its new body", func() bool {
		document, ok := indexedAt(t, l, rel)
		return ok && document.SourceHash == want
	})
}

func waitGone(t *testing.T, l vault.Layout, rel string) {
	t.Helper()
	waitFor(t, rel+" gone from the index", func() bool {
		_, ok := indexedAt(t, l, rel)
		return !ok
	})
}

func TestDaemonIndexesHandEdits(t *testing.T) {
	l := newTestVault(t)
	handNote(t, l, "mind/notes/before.md", "Written before the daemon started.")
	d := startReal(t, l)
	runDaemon(t, d)
	waitIndexed(t, l, "mind/notes/before.md", "Written before the daemon started.")

	// An edit in place.
	handNote(t, l, "mind/notes/before.md", "Edited by hand while the daemon runs.")
	waitIndexed(t, l, "mind/notes/before.md", "Edited by hand while the daemon runs.")

	// An editor's save: a new file renamed over the old one.
	tmp := l.Path("mind", "notes", ".before.md.swp")
	if err := os.WriteFile(tmp, []byte("---\ntype: fact\n---\n\nSaved by rename.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, l.Path("mind", "notes", "before.md")); err != nil {
		t.Fatal(err)
	}
	waitIndexed(t, l, "mind/notes/before.md", "Saved by rename.")

	// A file in new folders, two deep, made at once: the file may land
	// before the folder's watch does.
	handNote(t, l, "vault/projects/tidepool/plan.md", "A plan in a new folder.")
	waitIndexed(t, l, "vault/projects/tidepool/plan.md", "A plan in a new folder.")
	// ...and the new folder is watched from then on.
	handNote(t, l, "vault/projects/tidepool/later.md", "Added to the new folder later.")
	waitIndexed(t, l, "vault/projects/tidepool/later.md", "Added to the new folder later.")

	// A rename.
	if err := os.Rename(l.Path("mind", "notes", "before.md"), l.Path("mind", "notes", "after.md")); err != nil {
		t.Fatal(err)
	}
	waitIndexed(t, l, "mind/notes/after.md", "Saved by rename.")
	waitGone(t, l, "mind/notes/before.md")

	// A deletion.
	if err := os.Remove(l.Path("mind", "notes", "after.md")); err != nil {
		t.Fatal(err)
	}
	waitGone(t, l, "mind/notes/after.md")

	// A folder renamed: its files move with it, and its watch follows the
	// new name (an edit in it afterwards is indexed under the new path).
	if err := os.Rename(l.Path("vault", "projects"), l.Path("vault", "archive")); err != nil {
		t.Fatal(err)
	}
	waitIndexed(t, l, "vault/archive/tidepool/plan.md", "A plan in a new folder.")
	waitGone(t, l, "vault/projects/tidepool/plan.md")
	handNote(t, l, "vault/archive/tidepool/later.md", "Edited after the folder moved.")
	waitIndexed(t, l, "vault/archive/tidepool/later.md", "Edited after the folder moved.")

	// A folder removed.
	if err := os.RemoveAll(l.Path("vault", "archive")); err != nil {
		t.Fatal(err)
	}
	waitGone(t, l, "vault/archive/tidepool/later.md")
	waitGone(t, l, "vault/archive/tidepool/plan.md")

	// Obsidian's own folder is not memory: a note there is not indexed
	// (the note written after it is, so it had its chance).
	handNote(t, l, "mind/.obsidian/plugins/x.md", "Never memory.")
	handNote(t, l, "mind/notes/sync.md", "A marker.")
	waitIndexed(t, l, "mind/notes/sync.md", "A marker.")
	if _, ok := indexedAt(t, l, "mind/.obsidian/plugins/x.md"); ok {
		t.Fatal("a note under .obsidian/ was indexed")
	}
	for p := range d.hand.dirs {
		if strings.Contains(p, ".obsidian") {
			t.Fatalf("watching %s", p)
		}
	}
}

func TestDaemonFollowsCortexignore(t *testing.T) {
	l := newTestVault(t)
	handNote(t, l, "mind/drafts/a.md", "A draft.")
	d := startReal(t, l)
	runDaemon(t, d)
	waitIndexed(t, l, "mind/drafts/a.md", "A draft.")
	if err := os.WriteFile(l.Cortexignore(), []byte("mind/drafts/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitGone(t, l, "mind/drafts/a.md")
	if err := os.WriteFile(l.Cortexignore(), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	waitIndexed(t, l, "mind/drafts/a.md", "A draft.")
}

func TestDaemonReopensARebuiltIndex(t *testing.T) {
	ctx := context.Background()
	l := newTestVault(t)
	d := startReal(t, l)
	runDaemon(t, d)

	// cortex rebuild-index swaps a new file in under the running daemon.
	if err := index.Rebuild(ctx, l, index.RebuildOptions{Logger: daemonTestLogger(t)}); err != nil {
		t.Fatal(err)
	}
	// A hand edit lands in the new file...
	handNote(t, l, "mind/notes/after-rebuild.md", "Edited after the rebuild.")
	waitIndexed(t, l, "mind/notes/after-rebuild.md", "Edited after the rebuild.")
	// ...and so does what the memorizer commits.
	body := "The daemon memorizes into the rebuilt index."
	appendRaw(t, l, obsLine("2026-02-16T15:23:14Z", "fact", body, ""))
	waitFor(t, "the observation in the rebuilt index", func() bool {
		ix, err := index.Open(ctx, l, index.Options{Logger: daemonTestLogger(t)})
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		docs, err := ix.ByHash(ctx, doc.Hash(body))
		return err == nil && len(docs) == 1
	})

	// The index file deleted: the daemon builds a new one rather than
	// writing into the unlinked file.
	if err := os.Remove(l.IndexDB()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "a new index file", func() bool { _, err := os.Stat(l.IndexDB()); return err == nil })
	handNote(t, l, "mind/notes/after-delete.md", "Edited after the index was deleted.")
	waitIndexed(t, l, "mind/notes/after-delete.md", "Edited after the index was deleted.")
}

func TestMemorizerReopensARebuiltIndex(t *testing.T) {
	ctx := context.Background()
	l := newTestVault(t)
	m := openTest(t, l, nil)
	body := "Memorized after a rebuild."
	for _, swap := range []func() error{
		func() error { return index.Rebuild(ctx, l, index.RebuildOptions{Logger: daemonTestLogger(t)}) },
		func() error { return os.Remove(l.IndexDB()) },
	} {
		if err := swap(); err != nil {
			t.Fatal(err)
		}
		body += " Again."
		appendRaw(t, l, obsLine("2026-02-16T15:23:14Z", "fact", body, ""))
		if res := process(t, m); res.Memorized != 1 {
			t.Fatalf("Process = %+v", res)
		}
		// No refresh: the memorizer itself must have written it into
		// the file now at the path.
		ix, err := index.Open(ctx, l, index.Options{Logger: daemonTestLogger(t)})
		if err != nil {
			t.Fatal(err)
		}
		docs, err := ix.ByHash(ctx, doc.Hash(body))
		ix.Close()
		if err != nil || len(docs) != 1 {
			t.Fatalf("the memorized document in the index now at the path: %+v, %v", docs, err)
		}
	}
}

func TestDaemonRefreshesTheIndexOnEventOverflow(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l}
	d := startFake(t, l, fake, DaemonOptions{PollInterval: time.Hour})
	d.watcher.Close()
	errs := make(chan error)
	d.watcher, d.events, d.errs = nil, nil, errs
	runDaemon(t, d)
	// An edit whose event was lost...
	handNote(t, l, "rules/lost.md", "Its event was dropped.")
	// ...is found by the refresh an overflow asks for.
	errs <- fsnotify.ErrEventOverflow
	waitIndexed(t, l, "rules/lost.md", "Its event was dropped.")
}

func TestDaemonRefreshesAtEachPollWhereFoldersAreNotWatched(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	fake := &fakeMemorizer{l: l}
	d := startFake(t, l, fake, DaemonOptions{PollInterval: 10 * time.Millisecond})
	// As when fsnotify is unavailable, or a folder could not be watched.
	d.watcher.Close()
	d.watcher, d.events, d.errs = nil, nil, nil
	d.hand.partial = true
	runDaemon(t, d)
	handNote(t, l, "vault/unwatched.md", "Seen by a poll.")
	waitIndexed(t, l, "vault/unwatched.md", "Seen by a poll.")
}
