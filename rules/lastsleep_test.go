package rules

import (
	"context"
	"os"
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
	gitEnv(t)
	dir := t.TempDir()
	if _, err := vault.Init(dir, vault.InitOptions{}); err != nil {
		t.Fatal(err)
	}
	l := vault.Layout{Root: dir}
	if err := os.MkdirAll(l.CacheDir(), 0o755); err != nil {
		t.Fatal(err)
	}
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
