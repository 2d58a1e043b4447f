package docmerge

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault/doc"
)

// rulesFile writes a rules file the way the curator starts and appends to
// one: the heading, the intro, then one entry per rule.
func rulesFile(id, created string, entries ...string) []byte {
	body := "# Facts\n\n" + doc.RulesIntro + "\n"
	if len(entries) > 0 {
		body += "\n" + strings.Join(entries, "\n") + "\n"
	}
	return []byte("---\nid: \"" + id + "\"\ntype: fact\ncategory: concept\ncreated: " + created +
		"\nsource_hash: " + doc.Hash(body) + "\n\n# ---\n\ntitle: \"Facts (rules)\"\nimportance: 1.0\n---\n\n" + body)
}

const (
	ruleA = "- The build cache holds 51 parallel jobs. (from [[2026-11-26-e9bd14b2]]) ^r-c5e6eda7"
	ruleB = "- The search index skips 88 minutes of warm-up. (from [[2026-11-26-7459f8dc]]) ^r-c5f7fb50"
	ruleC = "- The backup job uses 10 workers. (from [[2026-11-26-b778ff88]]) ^r-0a1b2c3d"
)

func mergeRulesPath(t *testing.T, p string, o, a, b []byte) Result {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	r, err := MergePath(context.Background(), p, o, a, b, DefaultLabels)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// checkRules fails unless r is a clean, valid rules document whose
// entries are want (in any order), each once, with source_hash in step
// with its body.
func checkRules(t *testing.T, r Result, want ...string) {
	t.Helper()
	if !r.Clean {
		t.Fatalf("not clean (rule %s):\n%s", r.Rule, r.Data)
	}
	p, err := doc.Parse(r.Data)
	if err != nil {
		t.Fatalf("%v\n%s", err, r.Data)
	}
	if p.Doc.SourceHash != doc.Hash(p.Doc.Body) {
		t.Errorf("source_hash %s does not follow the merged body\n%s", p.Doc.SourceHash, r.Data)
	}
	got := doc.RuleEntries(p.Doc.Body)
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d:\n%s", len(got), len(want), r.Data)
	}
	for _, w := range want {
		if strings.Count(string(r.Data), w) != 1 {
			t.Errorf("entry %q not there exactly once:\n%s", w, r.Data)
		}
	}
}

// TestRulesFileCreatedOnBothMachines: two machines each promote a memory
// before they sync, so each creates rules/facts.md (its own id and
// creation time) with its own entry. The merge is one rules file with both
// entries, the same bytes whichever side is ours (issue 22, harness world
// 21: "a true conflict in rules/facts.md").
func TestRulesFileCreatedOnBothMachines(t *testing.T) {
	a := rulesFile(id1, "2026-11-26T21:43:34.920Z", ruleB)
	b := rulesFile(id2, "2026-11-26T21:43:35.441Z", ruleA)
	r := mergeRulesPath(t, "rules/facts.md", nil, a, b)
	checkRules(t, r, ruleA, ruleB)
	if d := parse(t, r.Data); d.ID != id1 {
		t.Errorf("kept %s, want the file created first (%s)", d.ID, id1)
	}
	if r2 := mergeRulesPath(t, "rules/facts.md", nil, b, a); string(r2.Data) != string(r.Data) {
		t.Errorf("the other way round differs:\n%s\n---\n%s", r.Data, r2.Data)
	}
	// The same memory promoted on both machines is one entry.
	same := mergeRulesPath(t, "rules/facts.md", nil, rulesFile(id1, "2026-11-26T21:43:34.920Z", ruleA), rulesFile(id2, "2026-11-26T21:43:35.441Z", ruleA))
	checkRules(t, same, ruleA)
	// A nested vault: git names the path from the repository's top.
	checkRules(t, mergeRulesPath(t, "notes/vault/rules/facts.md", nil, a, b), ruleA, ruleB)
}

// TestRulesAppendedOnBothMachines: both machines append entries to a
// rules file they share; both sides' entries are kept, one that both
// appended once, and a person's edit on one side stays.
func TestRulesAppendedOnBothMachines(t *testing.T) {
	const created = "2026-11-26T21:43:34.920Z"
	o := rulesFile(id1, created, ruleA)
	a := rulesFile(id1, created, ruleA, ruleB)
	b := rulesFile(id1, created, ruleA, ruleC, ruleB)
	r := mergeRulesPath(t, "rules/facts.md", o, a, b)
	checkRules(t, r, ruleA, ruleB, ruleC)
	if r2 := mergeRulesPath(t, "rules/facts.md", o, b, a); string(r2.Data) != string(r.Data) {
		t.Errorf("the other way round differs:\n%s\n---\n%s", r.Data, r2.Data)
	}

	// A person edits the first rule's words on one machine; the other
	// machine appends: both kept.
	edited := strings.Replace(ruleA, "51 parallel jobs", "52 parallel jobs", 1)
	pa := rulesFile(id1, created, edited, ruleB)
	r = mergeRulesPath(t, "rules/facts.md", o, pa, b)
	checkRules(t, r, edited, ruleB, ruleC)
}

// TestRulesPersonsTextIsTheirs: what a person appended on both machines
// (not the curator's entries) is a true conflict, left to the person; and
// a file outside rules/ is never merged as a rules file.
func TestRulesPersonsTextIsTheirs(t *testing.T) {
	const created = "2026-11-26T21:43:34.920Z"
	o := rulesFile(id1, created, ruleA)
	a := rulesFile(id1, created, ruleA, "Never deploy on Fridays.")
	b := rulesFile(id1, created, ruleA, "Deploy whenever the tests pass.")
	if r := mergeRulesPath(t, "rules/facts.md", o, a, b); r.Clean {
		t.Errorf("a person's two texts merged silently:\n%s", r.Data)
	}
	if r := mergeRulesPath(t, "mind/concepts/facts.md", nil, rulesFile(id1, created, ruleB), rulesFile(id2, "2026-11-26T21:43:35.441Z", ruleA)); r.Clean {
		t.Errorf("a memory outside rules/ merged as a rules file:\n%s", r.Data)
	}
}
