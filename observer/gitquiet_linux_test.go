//go:build linux

package observer

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault/gitstore"
)

// TestProcessWaitsForAPersonsGit: with GitQuietWait set (the daemon's
// DaemonGitQuietWait), lines pending while a person's git works in the
// vault wait for it to end — nothing is committed meanwhile, so the
// person's next command cannot meet the memorizer's index.lock — and what
// came during the wait lands in the same commit.
func TestProcessWaitsForAPersonsGit(t *testing.T) {
	l := newTestVault(t)
	clock := &testClock{t: time.Date(2026, 2, 16, 15, 30, 0, 0, time.UTC)}
	m, err := Open(context.Background(), l, Options{Now: clock.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), GitQuietWait: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	before := strings.TrimSpace(git(t, l.Root, "rev-parse", "HEAD"))

	// A person's git at work in the vault until the test ends it.
	person := gitCmd(l.Root, "update-index", "--stdin")
	in, err := person.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := person.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close(); person.Wait() })
	// The store sees it once it runs in the vault's folder.
	gs, err := gitstore.OpenWith(l.Root, gitstore.Options{GitQuietPeriod: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		if _, busy := gs.WaitGitQuiet(context.Background(), 0); busy {
			break
		}
		if i == 5000 {
			t.Fatal("the person's git is never seen at work")
		}
		time.Sleep(time.Millisecond)
	}

	appendRaw(t, l, obsLine("2026-02-16T15:00:00Z", "fact", "The staging database is rebuilt every night at two.", ""))
	done := make(chan Result, 1)
	go func() {
		res, err := m.Process(context.Background())
		if err != nil {
			t.Errorf("Process: %v", err)
		}
		done <- res
	}()
	time.Sleep(100 * time.Millisecond)
	appendRaw(t, l, obsLine("2026-02-16T15:00:01Z", "fact", "The release branch is cut on Thursdays after the standup.", ""))
	select {
	case <-done:
		t.Fatal("Process ended while the person's git still worked")
	case <-time.After(200 * time.Millisecond):
	}
	if now := strings.TrimSpace(git(t, l.Root, "rev-parse", "HEAD")); now != before {
		t.Fatalf("committed while the person's git worked: HEAD %s, was %s", now, before)
	}

	in.Close()
	var res Result
	select {
	case res = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Process still waiting 30s after the person's git ended")
	}
	if res.Lines != 2 || len(res.Commits) != 1 {
		t.Fatalf("Process: %d lines in %d commits, want both lines in one commit", res.Lines, len(res.Commits))
	}
}
