package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeDriverStashPoppedAfterAnotherReinforcement: a person's `git
// stash` caught the memorizer's reinforcement before its commit; the
// memorizer then committed it and reinforced the memory once more; the
// pop merges the stash's state into HEAD's through the driver. The
// stash's reinforcement is one HEAD's history went through: counted once
// (3), not added again (4) — the case session 12's harness notes left
// open.
func TestMergeDriverStashPoppedAfterAnotherReinforcement(t *testing.T) {
	c := buildCLI(t)
	dir := t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, c.env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	const rel = "mind/facts/2026-02/2026-02-16-a1b2c3d4.md"
	doc := func(reinforced int, last string) {
		t.Helper()
		text := fmt.Sprintf("---\nid: \"0195a000-0000-7000-8000-000000000001\"\ntype: fact\ncategory: fact\ncreated: 2026-02-16T08:00:00.000Z\n"+
			"source_hash: 3f1e0d6a09c1e7a5f0b3d2c4e6a8b0c2d4e6f8a0b2c4d6e8f0a2b4c6d8e0f2a4\n\n# ---\n\ntitle: \"t\"\n"+
			"last_reinforced: %s\nreinforced: %d\n---\n\nUse local git only.\n", last, reinforced)
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q", "-b", "main")
	git("config", "merge.cortex.driver", c.bin+" merge-driver %O %A %B %P")
	if err := os.WriteFile(filepath.Join(dir, ".gitattributes"), []byte("mind/**/*.md merge=cortex\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	doc(1, "2026-02-17T10:00:00.000Z")
	git("add", "-A")
	git("commit", "-qm", "memorized")

	doc(2, "2026-02-18T10:00:00.000Z") // the batch's write, not yet committed
	git("stash", "push", "-q")         // the person's stash catches it
	doc(2, "2026-02-18T10:00:00.000Z")
	git("commit", "-qam", "the batch's commit")
	doc(3, "2026-02-19T10:00:00.000Z")
	git("commit", "-qam", "one more reinforcement")

	git("stash", "pop", "-q")
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\nreinforced: 3\n") || !strings.Contains(string(data), "last_reinforced: 2026-02-19T10:00:00.000Z") {
		t.Errorf("after the pop, want reinforced 3 and the latest reinforcement:\n%s", data)
	}
}
