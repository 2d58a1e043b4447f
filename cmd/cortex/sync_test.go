//go:build unix

package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// TestSyncTwoMachines: cortex sync over a bare remote by file path brings
// each machine's memories to the other, adds up reinforcements, folds one
// memory created on two days into one document, and never touches a
// person's uncommitted or staged work.
func TestSyncTwoMachines(t *testing.T) {
	cli := buildCLI(t)
	a, b, remote := twoMachines(t, cli)
	observe := func(dir, ts, body string) {
		cli.run(t, dir, "cortex", "observe", "--bucket", "explicit", "--attribution", "owner", "--session", "cli", "--type", "fact", "--timestamp", ts, "--body", body)
	}
	makeBody := "The build uses make, not just."
	observe(a, "2026-02-16T11:00:00Z", makeBody)
	observe(a, "2026-02-17T11:00:00Z", "Deploys go out on Tuesdays.")
	cli.run(t, a, "cortex", "process")
	observe(b, "2026-02-16T12:00:00Z", makeBody)
	observe(b, "2026-02-18T09:00:00Z", "Deploys go out on Tuesdays.") // another day: another path
	observe(b, "2026-02-18T10:00:00Z", "The staging database is read-only.")
	cli.run(t, b, "cortex", "process")

	// A person's work in A: a hand note edited and not committed, another
	// staged.
	note := filepath.Join(a, "notes.md")
	os.WriteFile(note, []byte("draft\n"), 0o644)
	os.WriteFile(filepath.Join(a, "staged.md"), []byte("staged\n"), 0o644)
	cli.run(t, a, "git", "add", "staged.md")
	os.WriteFile(filepath.Join(a, "staged.md"), []byte("staged, then edited\n"), 0o644)
	statusBefore := cli.run(t, a, "git", "status", "--porcelain")

	if out := cli.run(t, a, "cortex", "sync"); !strings.Contains(out, "pushed") {
		t.Errorf("first sync of A: %s", out)
	}
	if out := cli.run(t, b, "cortex", "sync"); !strings.Contains(out, "synced") {
		t.Errorf("sync of B: %s", out)
	}
	if out := cli.run(t, a, "cortex", "sync"); !strings.Contains(out, "in") {
		t.Errorf("second sync of A: %s", out)
	}
	if out := cli.run(t, a, "cortex", "sync"); !strings.Contains(out, "up to date") {
		t.Errorf("third sync of A: %s", out)
	}
	if got := cli.run(t, a, "git", "status", "--porcelain"); got != statusBefore {
		t.Errorf("a person's work changed:\n%s\nwas\n%s", got, statusBefore)
	}
	if data, _ := os.ReadFile(note); string(data) != "draft\n" {
		t.Errorf("notes.md = %q", data)
	}
	ta := cli.run(t, a, "git", "rev-parse", "HEAD^{tree}")
	tb := cli.run(t, b, "git", "rev-parse", "HEAD^{tree}")
	if ta != tb {
		t.Errorf("trees differ: %s %s", ta, tb)
	}
	for _, dir := range []string{a, b} {
		docs := docsOf(t, dir)
		if d := docs[doc.Hash(makeBody)]; len(d) != 1 || d[0].Reinforced != 2 {
			t.Errorf("%s: make memory %+v", dir, d)
		}
		if d := docs[doc.Hash("Deploys go out on Tuesdays.")]; len(d) != 1 || d[0].Reinforced != 1 || d[0].Created.Format("01-02") != "02-17" {
			t.Errorf("%s: deploy memory %+v", dir, d)
		}
		if d := docs[doc.Hash("The staging database is read-only.")]; len(d) != 1 {
			t.Errorf("%s: staging memory %+v", dir, d)
		}
		cli.run(t, dir, "git", "fsck", "--strict", "--no-progress")
		// The index sees the other machine's memories at once.
		if out := cli.run(t, dir, "cortex", "search", "staging database"); !strings.Contains(out, "read-only") {
			t.Errorf("%s: search after sync:\n%s", dir, out)
		}
	}
	if st := cli.run(t, b, "git", "status", "--porcelain"); st != "" {
		t.Errorf("B not clean after sync:\n%s", st)
	}

	// Offline: one clear line, nothing changed; back online, it catches up.
	observe(b, "2026-02-19T10:00:00Z", "Offline memories wait for the next sync.")
	cli.run(t, b, "cortex", "process")
	moved := remote + ".away"
	os.Rename(remote, moved)
	out, err := cli.try(b, "cortex", "sync")
	if err == nil || strings.Count(strings.TrimSpace(out), "\n") != 0 || !strings.HasPrefix(out, "cortex: sync: fetch from origin") {
		t.Errorf("offline sync: err=%v\n%s", err, out)
	}
	if out := cli.run(t, "", "cortex", "status", "--vault", b); !strings.Contains(out, "sync:       off (no sync: in cortex.yml); the last cortex sync by hand, ") || !strings.Contains(out, ": failed: sync: fetch from origin") || !strings.Contains(out, "1 commit(s) wait to be pushed") {
		t.Errorf("status after an offline sync:\n%s", out)
	}
	os.Rename(moved, remote)
	cli.run(t, b, "cortex", "sync")
	cli.run(t, a, "cortex", "sync")
	if d := docsOf(t, a)[doc.Hash("Offline memories wait for the next sync.")]; len(d) != 1 {
		t.Errorf("after coming back online: %+v", d)
	}
	if out := cli.run(t, "", "cortex", "status", "--vault", b); !strings.Contains(out, "sync") {
		t.Errorf("status does not show the last sync:\n%s", out)
	}
}

// TestSyncTrueConflict: a hand-written note's body edited on both machines
// stops the sync with a clear line, changes nothing, leaves no merge in
// progress; git pull then shows the person the conflict as usual.
func TestSyncTrueConflict(t *testing.T) {
	cli := buildCLI(t)
	a, b, _ := twoMachines(t, cli)
	cli.run(t, a, "cortex", "sync")
	write := func(dir, body string) {
		p := filepath.Join(dir, "vault", "hand.md")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("---\ntype: fact\n---\n\n"+body+"\n"), 0o644)
		cli.run(t, dir, "git", "add", "vault/hand.md")
		cli.run(t, dir, "git", "commit", "-qm", "hand note")
	}
	write(a, "Line one.\nLine two.")
	cli.run(t, a, "cortex", "sync")
	cli.run(t, b, "cortex", "sync")
	write(a, "Line one.\nLine two, as A says.")
	write(b, "Line one.\nLine two, as B says.")
	cli.run(t, a, "cortex", "sync")
	head := cli.run(t, b, "git", "rev-parse", "HEAD")
	out, err := cli.try(b, "cortex", "sync")
	if err == nil || !strings.Contains(out, "true conflict in vault/hand.md") {
		t.Errorf("sync with a true conflict: err=%v\n%s", err, out)
	}
	if got := cli.run(t, b, "git", "rev-parse", "HEAD"); got != head {
		t.Error("the branch moved")
	}
	if _, err := os.Stat(filepath.Join(b, ".git", "MERGE_HEAD")); err == nil {
		t.Error("a merge was left in progress")
	}
	if st := cli.run(t, b, "git", "status", "--porcelain"); st != "" {
		t.Errorf("git status:\n%s", st)
	}
}

// TestDaemonSyncs: with sync: in cortex.yml the daemon brings the other
// machine's memories in and sends its own out on its own; a person's merge
// in progress makes it wait; cortex status shows the last sync.
func TestDaemonSyncs(t *testing.T) {
	cli := buildCLI(t)
	a, b, _ := twoMachines(t, cli)
	observe := func(dir, ts, body string) {
		cli.run(t, dir, "cortex", "observe", "--bucket", "explicit", "--attribution", "owner", "--session", "cli", "--type", "fact", "--timestamp", ts, "--body", body)
	}
	os.WriteFile(filepath.Join(a, "cortex.yml"), []byte("sync:\n  remote: origin\n"), 0o644)
	d := cli.startDaemon(t, vaultLayout(a), "--poll", "100ms", "--sync-interval", "300ms")
	defer d.cmd.Process.Kill()

	observe(b, "2026-02-20T10:00:00Z", "B's memory reaches A through the daemon.")
	cli.run(t, b, "cortex", "process")
	cli.run(t, b, "cortex", "sync")
	observe(a, "2026-02-20T11:00:00Z", "A's memory leaves through the daemon.")
	waitFor(t, d, func() bool {
		return len(docsSettled(t, a)[doc.Hash("B's memory reaches A through the daemon.")]) == 1 &&
			strings.Contains(cli.run(t, a, "git", "log", "--format=%s", "origin/main"), "A's memory leaves")
	})
	cli.run(t, b, "cortex", "sync")
	if d := docsOf(t, b)[doc.Hash("A's memory leaves through the daemon.")]; len(d) != 1 {
		t.Errorf("B after the daemon pushed: %+v", d)
	}
	// The index of A sees B's memory.
	if out := cli.run(t, a, "cortex", "search", "reaches"); !strings.Contains(out, "B's memory") {
		t.Errorf("search on A:\n%s", out)
	}
	// A person's merge in progress: the daemon waits and says so.
	os.WriteFile(filepath.Join(a, ".git", "MERGE_HEAD"), []byte(cli.run(t, a, "git", "rev-parse", "HEAD")), 0o644)
	waitFor(t, d, func() bool {
		return strings.Contains(cli.run(t, "", "cortex", "status", "--vault", a), "merge in")
	})
	os.Remove(filepath.Join(a, ".git", "MERGE_HEAD"))
	waitFor(t, d, func() bool {
		return strings.Contains(cli.run(t, "", "cortex", "status", "--vault", a), "up to date with origin/main (")
	})
	d.cmd.Process.Signal(syscall.SIGTERM)
	<-d.done
}

func vaultLayout(dir string) vault.Layout { return vault.Layout{Root: dir} }

// waitFor polls cond; the limit only keeps a broken daemon from hanging
// the test.
func waitFor(t *testing.T, d *daemonProc, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("timed out; daemon logs:\n%s", d.logs())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestSyncKill9: cortex sync killed with SIGKILL at a random moment, again
// and again; each next sync completes, nothing is lost or counted twice,
// git status stays clean, no merge is left in progress, fsck passes.
func TestSyncKill9(t *testing.T) {
	cli := buildCLI(t)
	a, b, _ := twoMachines(t, cli)
	rounds := 8
	if testing.Short() {
		rounds = 4
	}
	r := rand.New(rand.NewPCG(9, 9))
	seen := map[string]int{doc.Hash("The build uses make, not just."): 1}
	tick := 0
	observe := func(dir, body string) {
		tick++
		ts := time.Date(2026, 3, 1+tick%3, 10, 0, tick, 0, time.UTC).Format(time.RFC3339)
		cli.run(t, dir, "cortex", "observe", "--bucket", "explicit", "--attribution", "owner", "--session", "cli", "--type", "fact", "--timestamp", ts, "--body", body)
		seen[doc.Hash(body)]++
	}
	for round := range rounds {
		observe(b, fmt.Sprintf("Made on B in round %d.", round))
		observe(b, "The build uses make, not just.")
		observe(b, fmt.Sprintf("Made on both in round %d.", round))
		cli.run(t, b, "cortex", "process")
		cli.run(t, b, "cortex", "sync")
		observe(a, fmt.Sprintf("Made on A in round %d.", round))
		observe(a, "The build uses make, not just.")
		observe(a, fmt.Sprintf("Made on both in round %d.", round))
		cli.run(t, a, "cortex", "process")
		cmd := cli.command(a, "cortex", "sync")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(r.IntN(250)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		if out, err := cli.try(a, "cortex", "sync"); err != nil {
			t.Fatalf("round %d: the sync after a kill -9: %v\n%s", round, err, out)
		}
		if st := cli.run(t, a, "git", "status", "--porcelain"); st != "" {
			t.Fatalf("round %d: git status after the kill and a sync:\n%s", round, st)
		}
		if _, err := os.Stat(filepath.Join(a, ".cortex", "sync-journal.json")); err == nil {
			t.Fatalf("round %d: journal left", round)
		}
	}
	cli.run(t, b, "cortex", "sync")
	if ta, tb := cli.run(t, a, "git", "rev-parse", "HEAD^{tree}"), cli.run(t, b, "git", "rev-parse", "HEAD^{tree}"); ta != tb {
		t.Errorf("trees differ")
	}
	for _, dir := range []string{a, b} {
		docs := docsOf(t, dir)
		for h, n := range seen {
			if d := docs[h]; len(d) != 1 || d[0].Reinforced+1 != n {
				t.Errorf("%s: %s seen %d times: %d documents %+v", dir, h[:8], n, len(d), d)
			}
		}
		cli.run(t, dir, "git", "fsck", "--strict", "--no-progress")
		if _, err := os.Stat(filepath.Join(dir, ".git", "MERGE_HEAD")); err == nil {
			t.Errorf("%s: merge in progress", dir)
		}
	}
}

// TestSyncRemoteFaults: a deleted remote branch gets ours again; a remote
// that was force-pushed to an older commit gets our commits back through a
// merge (never a force-push); a remote with unrelated history is refused
// with one line, nothing changed; an invalid document from the remote is
// named.
func TestSyncRemoteFaults(t *testing.T) {
	cli := buildCLI(t)
	a, b, remote := twoMachines(t, cli)
	cli.run(t, a, "cortex", "observe", "--bucket", "explicit", "--attribution", "owner", "--session", "cli", "--type", "fact", "--timestamp", "2026-03-01T10:00:00Z", "--body", "A second memory.")
	cli.run(t, a, "cortex", "process")
	cli.run(t, a, "cortex", "sync")
	head := strings.TrimSpace(cli.run(t, a, "git", "rev-parse", "HEAD"))

	// Deleted: the next sync creates it again.
	cli.run(t, "", "git", "--git-dir", remote, "update-ref", "-d", "refs/heads/main")
	if out := cli.run(t, a, "cortex", "sync"); !strings.Contains(out, "pushed") {
		t.Errorf("sync after the branch was deleted: %s", out)
	}
	if got := strings.TrimSpace(cli.run(t, "", "git", "--git-dir", remote, "rev-parse", "main")); got != head {
		t.Errorf("remote main = %s, want %s", got, head)
	}
	// Force-pushed back one commit: ours come back, merged.
	cli.run(t, "", "git", "--git-dir", remote, "update-ref", "refs/heads/main", head+"~1")
	cli.run(t, a, "cortex", "sync")
	if !strings.Contains(cli.run(t, "", "git", "--git-dir", remote, "log", "--format=%s", "main"), "A second memory") {
		t.Error("the force-pushed remote did not get our commit back")
	}
	// An invalid document from the remote: merged, and named.
	cli.run(t, b, "cortex", "sync")
	os.WriteFile(filepath.Join(b, "mind", "broken.md"), []byte("no frontmatter\n"), 0o644)
	cli.run(t, b, "git", "add", "mind/broken.md")
	cli.run(t, b, "git", "commit", "-qm", "broken", "--no-verify")
	cli.run(t, b, "cortex", "sync")
	if out := cli.run(t, a, "cortex", "sync"); !strings.Contains(out, "mind/broken.md") || !strings.Contains(out, "not a valid document") {
		t.Errorf("sync of an invalid document:\n%s", out)
	}
	// Unrelated history: refused, nothing changed.
	// (Not a second `cortex init`: two inits in the same second make the
	// very same root commit — same tree, author and time — so their
	// histories are one.)
	other := filepath.Join(t.TempDir(), "other.git")
	cli.run(t, "", "git", "init", "-q", "--bare", "-b", "main", other)
	o := t.TempDir()
	cli.run(t, o, "git", "init", "-q", "-b", "main")
	os.WriteFile(filepath.Join(o, "unrelated.txt"), []byte("another project\n"), 0o644)
	cli.run(t, o, "git", "add", "unrelated.txt")
	cli.run(t, o, "git", "-c", "user.name=Other", "-c", "user.email=other@example.com", "commit", "-qm", "another project")
	cli.run(t, o, "git", "push", "-q", other, "main")
	cli.run(t, a, "git", "remote", "add", "other", other)
	head = cli.run(t, a, "git", "rev-parse", "HEAD")
	out, err := cli.try(a, "cortex", "sync", "--remote", "other")
	if err == nil || !strings.Contains(out, "shares no history") || strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Errorf("sync with an unrelated remote: err=%v\n%s", err, out)
	}
	if got := cli.run(t, a, "git", "rev-parse", "HEAD"); got != head {
		t.Error("the branch moved")
	}
}
