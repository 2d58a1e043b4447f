package mind

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault/watchdog"
)

// TestContextAlert: a confirmed anomaly of the watchdog is the block's
// first line after the header, within the budget; none, no line; a budget
// too small for it and the block gives the block without it.
func TestContextAlert(t *testing.T) {
	v := pushVault(t)
	r := v.open()
	plain := buildContext(t, r, agentReq)
	if plain.Alert != "" || strings.Contains(plain.Text, "cortex doctor") {
		t.Fatalf("an alert without anomaly: %q", plain.Alert)
	}
	st, _, err := watchdog.Load(v.l)
	if err != nil {
		t.Fatal(err)
	}
	bad := []watchdog.Result{{Name: "daemon", Status: watchdog.Fail, Seen: "the daemon has not committed since 2026-03-01 08:00", Fix: "cortex daemon"}}
	st.Record(testNow, bad)
	st.Record(testNow.Add(2*time.Hour), bad)
	if err := watchdog.Save(v.l, st); err != nil {
		t.Fatal(err)
	}
	b := buildContext(t, r, agentReq)
	want := contextHeader + "Cortex: the daemon has not committed since 2026-03-01 08:00 (since " + testNow.UTC().Format("2006-01-02 15:04") + " UTC); run `cortex doctor`\n\n"
	if !strings.HasPrefix(b.Text, want) || b.Alert == "" {
		t.Fatalf("block starts %q, want %q", b.Text[:min(len(b.Text), len(want)+20)], want)
	}
	if b.Budget != plain.Budget {
		t.Errorf("budget %d, want %d", b.Budget, plain.Budget)
	}
	// A budget that holds the header, the closing line and the alert but
	// no entry.
	fixed := utf8.RuneCountInString(contextHeader) + utf8.RuneCountInString(contextClose)
	small := buildContext(t, r, ContextRequest{SessionID: agentReq.SessionID, Budget: fixed + utf8.RuneCountInString(b.Alert) + 2})
	if small.Alert == "" || !strings.Contains(small.Text, "run `cortex doctor`") {
		t.Errorf("small budget: %q", small.Text)
	}
	tiny := buildContext(t, r, ContextRequest{SessionID: agentReq.SessionID, Budget: fixed})
	if tiny.Alert != "" || tiny.Text != contextHeader+contextClose {
		t.Errorf("tiny budget: %q", tiny.Text)
	}
	// A recovery clears it.
	st.Record(testNow.Add(4*time.Hour), []watchdog.Result{{Name: "daemon", Status: watchdog.OK}})
	if err := watchdog.Save(v.l, st); err != nil {
		t.Fatal(err)
	}
	if b := buildContext(t, r, agentReq); b.Alert != "" || b.Text != plain.Text {
		t.Errorf("after recovery: %q", b.Alert)
	}
}
