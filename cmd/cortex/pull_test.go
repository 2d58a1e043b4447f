//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault/doc"
)

// twoMachines makes a vault A with one memory, a bare remote it pushes to,
// and a machine B that joins with git clone and cortex init.
func twoMachines(t *testing.T, cli *realCLI) (a, b, remote string) {
	t.Helper()
	a = cli.newVault(t).Root
	cli.run(t, a, "cortex", "observe", "--bucket", "explicit", "--attribution", "owner", "--session", "cli", "--type", "fact", "--timestamp", "2026-02-16T10:00:00Z", "--body", "The build uses make, not just.")
	cli.run(t, a, "cortex", "process")
	remote = filepath.Join(t.TempDir(), "remote.git")
	cli.run(t, "", "git", "init", "-q", "--bare", "-b", "main", remote)
	cli.run(t, a, "git", "remote", "add", "origin", remote)
	cli.run(t, a, "git", "push", "-q", "-u", "origin", "main")
	b = filepath.Join(t.TempDir(), "b")
	cli.run(t, "", "git", "clone", "-q", remote, b)
	head := cli.run(t, b, "git", "rev-parse", "HEAD")
	out := cli.run(t, "", "cortex", "init", b)
	// Joining commits nothing that is already there, and sets up the rest.
	if got := cli.run(t, b, "git", "rev-parse", "HEAD"); got != head {
		t.Errorf("init on a clone committed:\n%s", out)
	}
	if st := cli.run(t, b, "git", "status", "--porcelain"); st != "" {
		t.Errorf("git status after init on a clone:\n%s", st)
	}
	for _, want := range []string{"registered merge driver cortex", "installed git hook"} {
		if !strings.Contains(out, want) {
			t.Errorf("init on a clone did not say %q:\n%s", want, out)
		}
	}
	for _, p := range []string{".cortex", "observer/staging"} {
		if fi, err := os.Stat(filepath.Join(b, p)); err != nil || !fi.IsDir() {
			t.Errorf("%s after init on a clone: %v", p, err)
		}
	}
	cli.run(t, b, "git", "config", "pull.rebase", "false")
	return a, b, remote
}

// docsOf reads every memory document of a vault by source_hash.
func docsOf(t *testing.T, root string) map[string][]*doc.Document {
	t.Helper()
	out, err := readDocs(t, root)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// docsSettled is docsOf for a condition polled while a daemon works in
// the vault: git writes the files of a checkout or merge in place, so a
// read may meet one half written; that poll is not yet true.
func docsSettled(t *testing.T, root string) map[string][]*doc.Document {
	t.Helper()
	out, err := readDocs(t, root)
	if err != nil {
		return nil
	}
	return out
}

// readDocs reads every memory document of a vault by source_hash; the
// first document that does not parse is the error.
func readDocs(t *testing.T, root string) (map[string][]*doc.Document, error) {
	t.Helper()
	out := map[string][]*doc.Document{}
	var bad error
	for _, top := range []string{"mind", "vault", "rules"} {
		filepath.WalkDir(filepath.Join(root, top), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				if bad == nil {
					bad = err
				}
				return nil
			}
			if strings.Contains(string(data), "<<<<<<<") {
				t.Errorf("conflict markers in %s", p)
			}
			pd, err := doc.Parse(data)
			if err != nil {
				if bad == nil {
					bad = fmt.Errorf("%s: %w", p, err)
				}
				return nil
			}
			out[pd.Doc.SourceHash] = append(out[pd.Doc.SourceHash], &pd.Doc)
			return nil
		})
	}
	return out, bad
}

// TestPersonsGitPullMergesMemory: a person's plain git pull (and git pull
// --rebase) by the real git CLI merges concurrent reinforcements of one
// memory, and one memory created on both machines, without a conflict.
func TestPersonsGitPullMergesMemory(t *testing.T) {
	cli := buildCLI(t)
	a, b, _ := twoMachines(t, cli)
	observe := func(dir, ts, body string) {
		cli.run(t, dir, "cortex", "observe", "--bucket", "explicit", "--attribution", "owner", "--session", "cli", "--type", "fact", "--timestamp", ts, "--body", body)
	}
	// A reinforces once; B twice; both learn the same new thing.
	observe(a, "2026-02-16T11:00:00Z", "The build uses make, not just.")
	observe(a, "2026-02-16T11:30:00Z", "Tests need the race detector on.")
	cli.run(t, a, "cortex", "process")
	observe(b, "2026-02-16T12:00:00Z", "The build uses make, not just.")
	observe(b, "2026-02-16T12:30:00Z", "The build uses make, not just.")
	observe(b, "2026-02-16T09:30:00Z", "Tests need the race detector on.")
	cli.run(t, b, "cortex", "process")
	cli.run(t, a, "git", "push", "-q")

	out := cli.run(t, b, "git", "pull", "--no-edit")
	if strings.Contains(out, "CONFLICT") {
		t.Fatalf("git pull conflicted:\n%s", out)
	}
	docs := docsOf(t, b)
	make1 := docs[doc.Hash("The build uses make, not just.")]
	race := docs[doc.Hash("Tests need the race detector on.")]
	if len(make1) != 1 || make1[0].Reinforced != 3 || !strings.HasPrefix(make1[0].LastReinforced.Format("15:04"), "12:30") {
		t.Errorf("make memory after pull: %+v", make1)
	}
	// One memory created on both machines: one document, reinforced once
	// more, the earlier creation (B's, 09:30) kept.
	if len(race) != 1 || race[0].Reinforced != 1 || race[0].Created.Format("15:04") != "09:30" {
		t.Errorf("race memory after pull: %+v", race)
	}
	if st := cli.run(t, b, "git", "status", "--porcelain"); st != "" {
		t.Errorf("git status after pull:\n%s", st)
	}
	cli.run(t, b, "git", "fsck", "--strict", "--no-progress")

	// Back to A with git pull --rebase, after one more reinforcement each.
	observe(a, "2026-02-16T13:00:00Z", "The build uses make, not just.")
	cli.run(t, a, "cortex", "process")
	cli.run(t, b, "git", "push", "-q")
	out = cli.run(t, a, "git", "pull", "--rebase")
	if strings.Contains(out, "CONFLICT") {
		t.Fatalf("git pull --rebase conflicted:\n%s", out)
	}
	if d := docsOf(t, a)[doc.Hash("The build uses make, not just.")]; len(d) != 1 || d[0].Reinforced != 4 {
		t.Errorf("make memory after pull --rebase: %+v", d)
	}
}

// TestGitPullWithoutTheDriver: a clone where cortex init was not run merges
// as git always does — the reinforcement lines conflict, nothing breaks.
func TestGitPullWithoutTheDriver(t *testing.T) {
	cli := buildCLI(t)
	a := cli.newVault(t).Root
	cli.run(t, a, "cortex", "observe", "--bucket", "explicit", "--attribution", "owner", "--session", "cli", "--type", "fact", "--timestamp", "2026-02-16T10:00:00Z", "--body", "One memory.")
	cli.run(t, a, "cortex", "process")
	remote := filepath.Join(t.TempDir(), "remote.git")
	cli.run(t, "", "git", "clone", "-q", "--bare", a, remote)
	b := filepath.Join(t.TempDir(), "b")
	cli.run(t, "", "git", "clone", "-q", remote, b)
	cli.run(t, a, "git", "remote", "add", "origin", remote)
	cli.run(t, a, "git", "fetch", "-q", "origin")
	cli.run(t, a, "cortex", "observe", "--bucket", "explicit", "--attribution", "owner", "--session", "cli", "--type", "fact", "--timestamp", "2026-02-16T11:00:00Z", "--body", "One memory.")
	cli.run(t, a, "cortex", "process")
	cli.run(t, a, "git", "push", "-q", "origin", "main")
	// B edits the same lines by hand, without the driver.
	var p string
	filepath.WalkDir(filepath.Join(b, "mind"), func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".md") {
			p = path
		}
		return nil
	})
	data, _ := os.ReadFile(p)
	pd, err := doc.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := pd.Set(doc.FieldReinforced, 5); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(p, pd.Bytes(), 0o644)
	cli.run(t, b, "git", "commit", "-qam", "by hand", "--no-verify")
	out, err := cli.try(b, "git", "pull", "--no-rebase", "--no-edit")
	if err == nil || !strings.Contains(out, "CONFLICT") {
		t.Errorf("git pull without the driver: err=%v\n%s", err, out)
	}
}
