//go:build unix

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/observer"
)

// TestDaemonBesideAPersonsGit runs the real daemon while a person works in
// the same repository with the real git CLI: commits of their own files
// (git commit -- PATH, which keeps the rest of the index staged), git status
// and git add, all while observations arrive. A change the person staged
// and never committed must stay staged, in the index as it was, and out of
// every daemon commit; no commit of either side may be lost; git fsck must
// pass.
func TestDaemonBesideAPersonsGit(t *testing.T) {
	cli := buildCLI(t)
	l := cli.newVault(t)
	git := func(args ...string) string { return cli.run(t, l.Root, "git", args...) }

	// The person's state before the daemon starts: a tracked file modified
	// and staged, a new file staged.
	if err := os.WriteFile(l.Path("notes.md"), []byte("notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "notes.md")
	git("commit", "-qm", "notes")
	if err := os.WriteFile(l.Path("notes.md"), []byte("notes, edited and staged\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(l.Path("draft.md"), []byte("a draft, staged, not committed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "notes.md", "draft.md")
	staged := git("ls-files", "--stage", "notes.md", "draft.md")
	stagedNames := git("diff", "--cached", "--name-status")

	d := cli.startDaemon(t, l, "--poll", "100ms", "--max-backoff", "200ms")
	defer d.cmd.Process.Kill()

	lines, people := 200, 30
	if testing.Short() {
		lines, people = 60, 10
	}
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 2)

	// An agent's observations, a few at a time.
	wg.Add(1)
	go func() {
		defer wg.Done()
		r := rand.New(rand.NewPCG(1, 2))
		base := time.Date(2026, 2, 16, 15, 0, 0, 0, time.UTC)
		for i := 0; i < lines; {
			n := min(1+r.IntN(3), lines-i)
			var batch []observer.Observation
			for k := range n {
				batch = append(batch, observer.Observation{
					Timestamp: base.Add(time.Duration(i+k) * time.Second), Bucket: observer.BucketAmbient, Type: "fact",
					Body: fmt.Sprintf("Observation %d made while a person commits.", i+k), Attribution: "agent", SessionID: observer.SessionCLI,
				})
			}
			if err := observer.AppendObservations(ctx, l, batch...); err != nil {
				errs <- err
				return
			}
			i += n
			time.Sleep(time.Duration(r.IntN(15)) * time.Millisecond)
		}
	}()

	// The person: a file of their own per commit, committed by path; a
	// git status now and then.
	wg.Add(1)
	go func() {
		defer wg.Done()
		gitRetry := func(args ...string) error {
			for try := 0; ; try++ {
				out, err := cli.try(l.Root, "git", args...)
				if err == nil {
					return nil
				}
				// git refuses while the daemon holds index.lock or the
				// branch's lock, and its compare-and-swap fails when the
				// daemon's commit landed after it read HEAD ("cannot lock
				// ref"), as between two git commands: nothing was
				// written, and a person runs it again.
				retryable := strings.Contains(out, "index.lock") || strings.Contains(out, "cannot lock ref") || strings.Contains(out, ".lock': File exists")
				if !retryable || try > 500 {
					return fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, out)
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
		for i := range people {
			rel := filepath.Join("people", "note-"+strconv.Itoa(i)+".md")
			if err := os.MkdirAll(l.Path("people"), 0o755); err != nil {
				errs <- err
				return
			}
			if err := os.WriteFile(l.Path(rel), []byte("a person's note "+strconv.Itoa(i)+"\n"), 0o644); err != nil {
				errs <- err
				return
			}
			steps := [][]string{
				{"add", rel},
				{"commit", "-q", "-m", "person commit " + strconv.Itoa(i), "--", rel},
			}
			if i%3 == 0 {
				steps = append(steps, []string{"status", "--porcelain"})
			}
			for _, s := range steps {
				if err := gitRetry(s...); err != nil {
					errs <- err
					return
				}
			}
		}
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}

	waitState(t, l, int64(lines), d)
	waitLog(t, d, `msg="daemon: started"`)
	if err := d.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := <-d.done; err != nil {
		t.Fatalf("daemon exit: %v\n%s", err, d.logs())
	}

	// The person's staged change: still staged, byte for byte.
	if got := git("ls-files", "--stage", "notes.md", "draft.md"); got != staged {
		t.Errorf("the staged entries changed:\n%s\nwant\n%s", got, staged)
	}
	if got := git("diff", "--cached", "--name-status"); got != stagedNames {
		t.Errorf("staged changes now:\n%s\nwant\n%s", got, stagedNames)
	}
	if got := git("status", "--porcelain"); got != "A  draft.md\nM  notes.md\n" {
		t.Errorf("git status:\n%s", got)
	}

	// The daemon's commits hold memory documents only.
	for _, p := range strings.Fields(git("log", "--author=cortex-daemon", "--invert-grep", "--grep=^cortex init:", "--name-only", "--format=")) {
		if !strings.HasPrefix(p, "mind/") && !strings.HasPrefix(p, "vault/") {
			t.Errorf("a daemon commit holds %s", p)
		}
	}
	// No commit lost: every person's commit, every batch's commit, every
	// file of both in HEAD.
	var personCommits, daemonCommits int
	for _, s := range strings.Split(strings.TrimSpace(git("log", "--format=%an|%s")), "\n") {
		who, subject, _ := strings.Cut(s, "|")
		switch {
		case who == "cortex-daemon" && strings.HasPrefix(subject, "cortex init:"):
			// init's own commit of the files it wrote
		case who == "cortex-daemon":
			daemonCommits++
		case strings.HasPrefix(subject, "person commit "):
			personCommits++
		}
	}
	if personCommits != people {
		t.Errorf("%d person commits in the history, want %d", personCommits, people)
	}
	if batches := strings.Count(d.logs(), `msg="batch memorized"`); daemonCommits != batches {
		t.Errorf("%d daemon commits in the history, %d batches memorized", daemonCommits, batches)
	}
	tracked := strings.Fields(git("ls-tree", "-r", "--name-only", "HEAD"))
	var docs, notes int
	for _, p := range tracked {
		switch {
		case strings.HasPrefix(p, "people/"):
			notes++
		case strings.HasPrefix(p, "mind/") || strings.HasPrefix(p, "vault/"):
			if strings.HasSuffix(p, ".md") {
				docs++
			}
		}
	}
	if notes != people || docs != lines {
		t.Errorf("HEAD holds %d notes and %d documents, want %d and %d", notes, docs, people, lines)
	}
	if slices.Contains(tracked, "draft.md") {
		t.Error("the staged draft was committed")
	}
	st, _, _ := observer.LoadState(l)
	if st.Totals.Memorized != int64(lines) {
		t.Errorf("state totals %+v", st.Totals)
	}
	if out, err := cli.try(l.Root, "git", "fsck", "--strict", "--no-progress", "--no-dangling"); err != nil || strings.TrimSpace(out) != "" {
		t.Errorf("git fsck --strict: %v\n%s", err, out)
	}
	t.Logf("%d observations in %d daemon commits beside %d person commits", lines, daemonCommits, personCommits)
}
