package rules

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

// TestLastSleepRemembersNone: a search of the history that finds no
// maintenance commit is remembered with the HEAD it searched from, and
// trusted while HEAD stays; a commit moves HEAD and the history is read
// again, finding the maintenance run it records.
func TestLastSleepRemembersNone(t *testing.T) {
	ctx := context.Background()
	dir, l := cachedVault(t)
	open := func() *gitstore.Store {
		s, err := gitstore.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if _, ok, err := LastSleep(ctx, l, open()); ok || err != nil {
		t.Fatalf("a vault that never slept: ok %v, %v", ok, err)
	}
	head := strings.TrimSpace(git(t, dir, "rev-parse", "HEAD"))
	if data, err := os.ReadFile(noSleepPath(l)); err != nil || strings.TrimSpace(string(data)) != head {
		t.Fatalf("sleep-none: %q %v, want %s", data, err, head)
	}

	// A maintenance commit moves HEAD: found.
	git(t, dir, "-c", "core.hooksPath=/dev/null", "commit", "-q", "--allow-empty", "-m",
		"maintain: 1 merge\n\n"+TrailerSleepSummary+": merge=1")
	lr, ok, err := LastSleep(ctx, l, open())
	if err != nil || !ok || lr.Counts["merge"] != 1 {
		t.Fatalf("after a maintenance commit: %+v %v %v", lr, ok, err)
	}

	// What sleep-none says is trusted while HEAD is the commit it names:
	// the history is not read (here it would contradict it).
	head = strings.TrimSpace(git(t, dir, "rev-parse", "HEAD"))
	if err := os.WriteFile(noSleepPath(l), []byte(head+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := LastSleep(ctx, l, open()); ok || err != nil {
		t.Fatalf("sleep-none naming HEAD: ok %v, %v; want the history left unread", ok, err)
	}
}

// TestLastSleepInOpensNoStore: LastSleepIn answers as LastSleep, and
// while a cache answers (sleep-none naming HEAD, or sleep.json) it does
// not open the git store — whose opening removes what killed stores left
// (here a dead store's temporary object), work cortex status must not do.
func TestLastSleepInOpensNoStore(t *testing.T) {
	ctx := context.Background()
	dir, l := cachedVault(t)
	repo, err := gitstore.FindRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	// A dead store's temporary object: the next store opened removes it.
	leftover := filepath.Join(repo.CommonDir, "objects", "pack", "tmp_pack_cortex-999999999-1")
	if err := os.WriteFile(leftover, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	stays := func(when string) {
		t.Helper()
		if _, err := os.Stat(leftover); err != nil {
			t.Fatalf("%s: the store was opened (its leftovers removed): %v", when, err)
		}
	}

	// No cache: the history is read (the store opened) and sleep-none
	// written.
	if _, ok, err := LastSleepIn(ctx, l, repo); ok || err != nil {
		t.Fatalf("a vault that never slept: ok %v, %v", ok, err)
	}
	if _, err := os.Stat(leftover); err == nil {
		t.Fatal("no cache: want the store opened and its leftover removed")
	}
	if err := os.WriteFile(leftover, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	// sleep-none names HEAD: answered without the store.
	if _, ok, err := LastSleepIn(ctx, l, repo); ok || err != nil {
		t.Fatalf("sleep-none naming HEAD: ok %v, %v", ok, err)
	}
	stays("sleep-none naming HEAD")

	// A maintenance commit moves HEAD: the history is read again, and
	// finds it as LastSleep does.
	git(t, dir, "-c", "core.hooksPath=/dev/null", "commit", "-q", "--allow-empty", "-m",
		"maintain: 1 merge\n\n"+TrailerSleepSummary+": merge=1")
	lr, ok, err := LastSleepIn(ctx, l, repo)
	if err != nil || !ok || lr.Counts["merge"] != 1 {
		t.Fatalf("after a maintenance commit: %+v %v %v", lr, ok, err)
	}

	// sleep.json answers first: no store, whatever HEAD is.
	if err := os.WriteFile(leftover, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lastRunPath(l), []byte(`{"at":"2026-02-16T03:00:00Z","counts":{"archive":2},"notes":0}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if lr, ok, err := LastSleepIn(ctx, l, repo); err != nil || !ok || lr.Counts["archive"] != 2 {
		t.Fatalf("with sleep.json: %+v %v %v", lr, ok, err)
	}
	stays("sleep.json")
}

// cachedVault makes a vault with its cache folder, as a command leaves it.
func cachedVault(t *testing.T) (string, vault.Layout) {
	t.Helper()
	gitEnv(t)
	dir := t.TempDir()
	if _, err := vault.Init(dir, vault.InitOptions{}); err != nil {
		t.Fatal(err)
	}
	l := vault.Layout{Root: dir}
	if err := os.MkdirAll(l.CacheDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, l
}
