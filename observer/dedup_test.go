package observer

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault/doc"
)

func TestEcho(t *testing.T) {
	created := mustTime("2026-02-16T10:00:00.123Z")
	last := mustTime("2026-02-17T08:00:00Z")
	d := &doc.Document{Created: created, SessionID: "s1", Attribution: "agent", LastReinforced: &last}
	tests := []struct {
		name string
		o    Observation
		want bool
	}{
		{"the creating line", Observation{Timestamp: created.Add(400 * time.Microsecond), SessionID: "s1", Attribution: "agent"}, true},
		{"same time, another session", Observation{Timestamp: created, SessionID: "s2", Attribution: "agent"}, false},
		{"same time, another attribution", Observation{Timestamp: created, SessionID: "s1", Attribution: "owner"}, false},
		{"the last reinforcing line", Observation{Timestamp: last, SessionID: "x", Attribution: "y"}, true},
		{"a new sighting", Observation{Timestamp: last.Add(time.Second), SessionID: "s1", Attribution: "agent"}, false},
	}
	for _, tt := range tests {
		if got := echo(d, &tt.o); got != tt.want {
			t.Errorf("%s: echo = %v", tt.name, got)
		}
	}
}

// TestDedupWithinBatch: a repeated line in one batch reinforces the
// document the first one creates; the very same line twice (same time,
// session, attribution) is one observation, not a reinforcement; an older
// sighting does not move last_reinforced back.
func TestDedupWithinBatch(t *testing.T) {
	l := newTestVault(t)
	appendRaw(t, l,
		obsLine("2026-02-16T10:00:00Z", "fact", "Backups run at 02:00 UTC.", "")+
			obsLine("2026-02-16T10:00:00Z", "fact", "Backups run at 02:00 UTC.", "")+
			obsLine("2026-02-16T12:00:00Z", "fact", "backups  run at 02:00 utc.", "")+
			obsLine("2026-02-16T11:00:00Z", "fact", "Backups run at 02:00 UTC.", ""))
	m := openTest(t, l, nil)
	res := process(t, m)
	if res.Memorized != 1 || res.Skipped != 1 || res.Reinforced != 2 || len(res.Commits) != 1 {
		t.Fatalf("result %+v", res)
	}
	docs := docFiles(t, l)
	if len(docs) != 1 {
		t.Fatalf("documents %v", docs)
	}
	p := readDoc(t, l, docs[0])
	if p.Doc.Reinforced != 2 || !p.Doc.LastReinforced.Equal(mustTime("2026-02-16T12:00:00Z")) {
		t.Errorf("reinforced %d, last %v", p.Doc.Reinforced, p.Doc.LastReinforced)
	}
	if s := git(t, l.Root, "log", "-1", "--format=%s"); s != "observe: 3 observations\n" {
		t.Errorf("subject %q", s)
	}
	checkInvariants(t, l)
}

// TestDedupPrefersLiveDocument: of two documents with the same body, the
// superseded one is passed over.
func TestDedupPrefersLiveDocument(t *testing.T) {
	l := newTestVault(t)
	body := "Same words twice."
	a := putDoc(t, l, "01940000-0000-7000-8000-0000000000a1", "fact", body)
	b := putDoc(t, l, "01940000-0000-7000-8000-0000000000b2", "fact", body)
	// Mark the first (by path) superseded.
	data := readDoc(t, l, a)
	if err := data.Set(doc.FieldStatus, StatusSuperseded); err != nil {
		t.Fatal(err)
	}
	writeAndCommit(t, l, a, data.Bytes())
	appendRaw(t, l, obsLine("2026-02-16T10:00:00Z", "fact", body, ""))
	m := openTest(t, l, nil)
	process(t, m)
	if readDoc(t, l, a).Doc.Reinforced != 0 || readDoc(t, l, b).Doc.Reinforced != 1 {
		t.Errorf("reinforced: a %d, b %d", readDoc(t, l, a).Doc.Reinforced, readDoc(t, l, b).Doc.Reinforced)
	}
}

// TestDedupAfterRedaction: de-duplication compares bodies after redaction,
// which touches only secrets. Notes that differ in ordinary words stay two
// memories (over-eager redaction once made "The token refresh_scheduler…"
// and "The token cleanup_worker…" one); notes that differ only inside a
// secret are one memory, reinforced — the text kept is the same.
func TestDedupAfterRedaction(t *testing.T) {
	l := newTestVault(t)
	appendRaw(t, l,
		obsLine("2026-02-16T10:00:00Z", "fact", "The token refresh_scheduler runs every 15 minutes.", "")+
			obsLine("2026-02-16T10:01:00Z", "fact", "The token cleanup_worker runs every 15 minutes.", "")+
			obsLine("2026-02-16T10:02:00Z", "fact", "Basic authentication guards the staging ingress.", "")+
			obsLine("2026-02-16T10:03:00Z", "fact", "Basic authorization guards the staging ingress.", "")+
			obsLine("2026-02-16T10:04:00Z", "fact", "Staging runs with DB_PASSWORD=aaa111!x for now.", "")+
			obsLine("2026-02-16T10:05:00Z", "fact", "Staging runs with DB_PASSWORD=bbb222!y for now.", ""))
	m := openTest(t, l, nil)
	res := process(t, m)
	if res.Memorized != 5 || res.Reinforced != 1 {
		t.Fatalf("result %+v, want 5 memorized and 1 reinforced", res)
	}
	checkInvariants(t, l)
}

// TestReinforceRecordsSessions: the same warning recorded in three
// sessions by three agents keeps the count of its sessions, their ids and
// its agents, in a later batch as in the batch that created it; a repeat
// from a session already seen counts as a reinforcement only.
func TestReinforceRecordsSessions(t *testing.T) {
	l := newTestVault(t)
	line := func(ts, session, agent string) string {
		return fmt.Sprintf(`{"timestamp":%q,"bucket":"ambient","type":"warning","body":"The payment webhook retries three times","attribution":%q,"session_id":%q}`+"\n",
			ts, agent, session)
	}
	s1, s2, s3 := "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222", "33333333-3333-4333-8333-333333333333"
	appendRaw(t, l, line("2026-02-16T10:00:00Z", s1, "agentA")+line("2026-02-16T11:00:00Z", s2, "agentB"))
	m := openTest(t, l, nil)
	process(t, m)
	appendRaw(t, l, line("2026-02-17T10:00:00Z", s3, "agentC")+line("2026-02-17T11:00:00Z", s3, "agentC"))
	process(t, m)
	docs := docFiles(t, l)
	if len(docs) != 1 {
		t.Fatalf("documents %v", docs)
	}
	d := readDoc(t, l, docs[0]).Doc
	if d.Reinforced != 3 || d.Sessions != 3 || !slices.Equal(d.SeenSessions, []string{s1, s2, s3}) ||
		!slices.Equal(d.SeenAgents, []string{"agentA", "agentB", "agentC"}) {
		t.Errorf("reinforced %d, sessions %d %v, agents %v", d.Reinforced, d.Sessions, d.SeenSessions, d.SeenAgents)
	}
	checkInvariants(t, l)
}

// TestOlderRepeatLeavesLastReinforced: a repeat dated before the memory
// was created (or last reinforced) counts, but never moves
// last_reinforced back — the memory would decay from the old date.
func TestOlderRepeatLeavesLastReinforced(t *testing.T) {
	l := newTestVault(t)
	appendRaw(t, l, obsLine("2026-11-24T10:00:00Z", "fact", "The staging database is rebuilt every Sunday.", ""))
	m := openTest(t, l, nil)
	process(t, m)
	appendRaw(t, l, obsLine("2025-06-01T10:00:00Z", "fact", "The staging database is rebuilt every Sunday.", ""))
	process(t, m)
	d := readDoc(t, l, docFiles(t, l)[0]).Doc
	if d.Reinforced != 1 || d.LastReinforced != nil {
		t.Errorf("reinforced %d, last_reinforced %v; want 1 and none", d.Reinforced, d.LastReinforced)
	}
	appendRaw(t, l, obsLine("2026-11-25T10:00:00Z", "fact", "The staging database is rebuilt every Sunday.", "")+
		obsLine("2026-01-01T10:00:00Z", "fact", "The staging database is rebuilt every Sunday.", ""))
	process(t, m)
	d = readDoc(t, l, docFiles(t, l)[0]).Doc
	if d.Reinforced != 3 || d.LastReinforced == nil || !d.LastReinforced.Equal(mustTime("2026-11-25T10:00:00Z")) {
		t.Errorf("reinforced %d, last_reinforced %v", d.Reinforced, d.LastReinforced)
	}
	checkInvariants(t, l)
}
