package mcpserver

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/rules"
	"github.com/cortex-vault/cortex/vault/doc"
)

func TestCandidatesAndPromote(t *testing.T) {
	l := newVault(t)
	body := "The payment webhook retries three times with exponential backoff"
	data := "---\nid: \"01940000-0000-7000-8000-000000000006\"\ntype: warning\ncategory: concept\ncreated: 2026-01-05T10:00:00.000Z\nsource_hash: " +
		doc.Hash(body) + "\n\n# ---\n\nimportance: 0.8\nsession_id: \"44444444-4444-4444-8444-444444444444\"\nreinforced: 1\nlast_reinforced: 2026-01-05T11:00:00.000Z\n---\n\n" + body + "\n"
	rel := "mind/code/2026-01/2026-01-05-aaaa0006.md"
	p := l.Path(filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, l.Root, "add", "-A")
	git(t, l.Root, "commit", "-qm", "a warning")
	_, cs := newServer(t, l)

	out, _ := ok[CandidatesResult](t, cs, ToolCandidates, map[string]any{})
	if len(out.Candidates) != 1 || out.Candidates[0].Path != rel || out.Candidates[0].Occurrences != 2 {
		t.Fatalf("candidates: %+v", out.Candidates)
	}
	if res := call(t, cs, ToolPromote, map[string]any{"ids": []string{}}); !res.IsError || !strings.Contains(text(res), "give at least one id") {
		t.Errorf("no ids: %v %s", res.IsError, text(res))
	}
	rep, _ := ok[rules.Report](t, cs, ToolPromote, map[string]any{"ids": []string{out.Candidates[0].ID[:13]}})
	if rep.Commit == "" || len(rep.Actions) != 2 {
		t.Fatalf("promote: %+v", rep)
	}
	got, err := os.ReadFile(l.Path("rules", "warnings.md"))
	if err != nil || !strings.Contains(string(got), body+" (from [[2026-01-05-aaaa0006]]) ^r-") {
		t.Errorf("rules/warnings.md: %v\n%s", err, got)
	}
	if st := git(t, l.Root, "status", "--porcelain"); st != "" {
		t.Errorf("git status:\n%s", st)
	}
}

func TestListConflicts(t *testing.T) {
	l := newVault(t)
	for i, body := range []string{"The API server listens on port 8443", "The API server listens on port 9443"} {
		id := fmt.Sprintf("01940000-0000-7000-8000-00000000010%d", i)
		data := "---\nid: \"" + id + "\"\ntype: fact\ncategory: concept\ncreated: 2026-01-0" + fmt.Sprint(i+1) + "T10:00:00.000Z\nsource_hash: " +
			doc.Hash(body) + "\n\n# ---\n\nimportance: 0.8\n---\n\n" + body + "\n"
		p := l.Path("mind", "concepts", fmt.Sprintf("port-%d.md", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git(t, l.Root, "add", "-A")
	git(t, l.Root, "commit", "-qm", "two ports")
	_, cs := newServer(t, l)
	out, _ := ok[ConflictsResult](t, cs, ToolConflicts, map[string]any{})
	if len(out.Conflicts) != 1 || out.Conflicts[0].Kind != "value" || out.Conflicts[0].A.Path != "mind/concepts/port-1.md" {
		t.Fatalf("conflicts: %+v", out.Conflicts)
	}
}
