package observer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault/doc"
)

// specExampleLine is SPEC §2's example as an observation (seed 001,
// Example 1, with the one entity SPEC keeps).
const specExampleLine = `{"timestamp":"2026-02-16T15:23:14.527Z","bucket":"explicit","type":"decision","body":"Use local git only — no remote push in daemon. Reduces complexity and eliminates network failure mode.","entities":[{"name":"owner","type":"person"}],"attribution":"owner","session_id":"022a598a-7ca8-4ccf-80bb-f1919386421e","confidence":0.95,"importance":0.9,"context":"Discussing observer daemon deployment and git sync strategy","source_quote":"Let's use local git only — no remote push in the daemon"}` + "\n"

// TestExample1Decision: an agent's decision is routed to vault/decisions/
// in a month folder, scored 0.95 / 0.9 + 0.1 by the default calibration,
// rendered exactly as SPEC §2 shows, and committed alone by the daemon.
func TestExample1Decision(t *testing.T) {
	l := newTestVault(t)
	appendRaw(t, l, specExampleLine)
	m := openTest(t, l, nil)
	res := process(t, m)
	if res.Lines != 1 || res.Memorized != 1 || len(res.Commits) != 1 {
		t.Fatalf("result %+v", res)
	}
	hash := doc.Hash("Use local git only — no remote push in daemon. Reduces complexity and eliminates network failure mode.")
	want := "vault/decisions/2026-02/2026-02-16-" + hash[:8] + ".md"
	if got := docFiles(t, l); len(got) != 1 || got[0] != want {
		t.Fatalf("documents %v, want [%s]", got, want)
	}
	data, err := os.ReadFile(l.Path(want))
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(filepath.Join("..", "vault", "doc", "testdata", "golden", "spec-example.md"))
	if err != nil {
		t.Fatal(err)
	}
	if withoutID(data) != withoutID(golden) {
		t.Errorf("document:\n%s\nwant (modulo id):\n%s", data, golden)
	}
	if !idRE.Match(data) {
		t.Errorf("no UUID id in\n%s", data)
	}
	log := git(t, l.Root, "log", "--format=%an <%ae>%n%B")
	wantLog := "cortex-daemon <daemon@cortex.local>\n" +
		"observe: Use local git only — no remote push in daemon. Reduces… (owner)\n\n" +
		"- observe " + want + ": Use local git only — no remote push in daemon. Reduces… (owner)\n\n" +
		"Cortex-Buffer: "
	if !strings.HasPrefix(log, wantLog) {
		t.Errorf("git log:\n%s\nwant prefix:\n%s", log, wantLog)
	}
	if !strings.Contains(log, "Cortex-Totals: lines=1 memorized=1 reinforced=0 operations=0 quarantined=0 skipped=0\n") {
		t.Errorf("no totals trailer in\n%s", log)
	}
	checkInvariants(t, l)
}

// TestExample2CLIWrite: `cortex write --type project` lands in
// vault/projects/ with the explicit bucket's defaults.
func TestExample2CLIWrite(t *testing.T) {
	l := newTestVault(t)
	appendRaw(t, l, `{"timestamp":"2026-02-16T15:30:00.000Z","bucket":"explicit","type":"project","body":"ExampleApp - AI-powered reading companion for teachers","attribution":"system","session_id":"cli"}`+"\n")
	m := openTest(t, l, nil)
	process(t, m)
	body := "ExampleApp - AI-powered reading companion for teachers"
	hash := doc.Hash(body)
	rel := "vault/projects/2026-02/2026-02-16-" + hash[:8] + ".md"
	data, err := os.ReadFile(l.Path(rel))
	if err != nil {
		t.Fatalf("%v (documents: %v)", err, docFiles(t, l))
	}
	want := `---
id: "<id>"
type: project
category: relation
created: 2026-02-16T15:30:00.000Z
source_hash: ` + hash + `

# ---

title: "ExampleApp - AI-powered reading companion for teachers"
bucket: explicit
attribution: system
confidence: 0.9
importance: 0.5
session_id: "cli"
---

ExampleApp - AI-powered reading companion for teachers
`
	if got := withoutID(data); got != want {
		t.Errorf("document:\n%s\nwant:\n%s", got, want)
	}
	if s := git(t, l.Root, "log", "-1", "--format=%s"); s != "observe: ExampleApp - AI-powered reading companion for teachers (system)\n" {
		t.Errorf("subject %q", s)
	}
	checkInvariants(t, l)
}

// example3Doc is seed 001's existing preference, written by hand.
const example3Doc = `---
id: "019234a7-f1e8-7b2d-a9c3-4f5e6a7b8c9d"
type: preference
category: concept
created: 2026-01-15T10:23:00.000Z
source_hash: %s

# ---

title: "The owner prefers honest feedback"
bucket: ambient
attribution: Agent
confidence: 0.8
importance: 0.8   # set by hand
last_reinforced: 2026-01-15T10:23:00.000Z
---

The owner prefers honest feedback over sugar-coated responses
`

// TestExample3Reinforcement: an observation whose body is already known
// (other capitals and spacing) edits only last_reinforced and reinforced
// of the existing document, in a commit of that one file.
func TestExample3Reinforcement(t *testing.T) {
	l := newTestVault(t)
	body := "The owner prefers honest feedback over sugar-coated responses"
	rel := "mind/concepts/2026-01/2026-01-15-7c8d9e0f.md"
	orig := strings.Replace(example3Doc, "%s", doc.Hash(body), 1)
	if err := os.MkdirAll(filepath.Dir(l.Path(rel)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(l.Path(rel), []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, l.Root, "add", "-A")
	git(t, l.Root, "commit", "-qm", "hand-written")

	appendRaw(t, l, `{"timestamp":"2026-02-16T15:35:00Z","bucket":"ambient","type":"preference","body":"the owner prefers  honest feedback over Sugar-coated responses","attribution":"Agent","session_id":"022a598a-7ca8-4ccf-80bb-f1919386421e"}`+"\n")
	m := openTest(t, l, nil)
	res := process(t, m)
	if res.Reinforced != 1 || res.Memorized != 0 || len(res.Commits) != 1 {
		t.Fatalf("result %+v", res)
	}
	// The hand-written note names no session: the repeat's is the first
	// one it was seen in (sessions, seen_sessions; issue 26).
	want := strings.Replace(orig, "last_reinforced: 2026-01-15T10:23:00.000Z\n", "last_reinforced: 2026-02-16T15:35:00.000Z\nreinforced: 1\nsessions: 1\nseen_sessions:\n  - 022a598a-7ca8-4ccf-80bb-f1919386421e\n", 1)
	got, _ := os.ReadFile(l.Path(rel))
	if string(got) != want {
		t.Errorf("document:\n%s\nwant:\n%s", got, want)
	}
	if got := docFiles(t, l); len(got) != 1 {
		t.Errorf("documents %v", got)
	}
	stat := git(t, l.Root, "show", "--stat", "--format=%s", "HEAD")
	if !strings.HasPrefix(stat, "reinforce: The owner prefers honest feedback (Agent)\n") || !strings.Contains(stat, "1 file changed, 5 insertions(+), 1 deletion(-)") {
		t.Errorf("HEAD:\n%s", stat)
	}
	checkInvariants(t, l)

	// The same line once more is a replay of the reinforcement, not a
	// second one.
	appendRaw(t, l, `{"timestamp":"2026-02-16T15:35:00Z","bucket":"ambient","type":"preference","body":"The owner prefers honest feedback over sugar-coated responses","attribution":"Agent","session_id":"022a598a-7ca8-4ccf-80bb-f1919386421e"}`+"\n")
	res = process(t, m)
	if res.Skipped != 1 || len(res.Commits) != 0 {
		t.Errorf("replayed reinforcement: %+v", res)
	}
	// A later sighting reinforces again.
	appendRaw(t, l, `{"timestamp":"2026-03-01T09:00:00Z","bucket":"ambient","type":"preference","body":"The owner prefers honest feedback over sugar-coated responses","attribution":"Agent","session_id":"cli"}`+"\n")
	process(t, m)
	p := readDoc(t, l, rel)
	if p.Doc.Reinforced != 2 || p.Doc.LastReinforced.Format(doc.TimeLayout) != "2026-03-01T09:00:00.000Z" {
		t.Errorf("reinforced %d, last %v", p.Doc.Reinforced, p.Doc.LastReinforced)
	}
	checkInvariants(t, l)
}
