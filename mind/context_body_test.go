package mind

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestContextBodies: the push block uses its budget — a memory whose body
// says more than its 80-character title is shown whole under its line
// when the budget has room, highest stage first; a body never takes the
// place of an entry, is never cut, and a long note stays a title.
func TestContextBodies(t *testing.T) {
	v := newVault(t)
	advice := "Create the invoices index CONCURRENTLY outside a transaction: a plain CREATE INDEX locks the table for the whole build, and CONCURRENTLY cannot run inside one."
	v.mark(mark{name: "index", typ: "lesson", body: advice, attribution: "owner", importance: imp(0.9), created: ago(day)})
	task := "Backfill invoices.customer_id from the orders table in batches of 10,000 rows, pausing a second between batches so replication keeps up."
	v.mark(mark{typ: "task", body: task, attribution: "owner", importance: imp(0.9), created: ago(2 * day)})
	long := strings.Repeat("A long design note about the billing service. ", 20)
	v.mark(mark{typ: "decision", body: long, attribution: "owner", importance: imp(0.95), created: ago(3 * day)})
	short := "Billing runs in UTC."
	v.mark(mark{typ: "fact", body: short, attribution: "owner", importance: imp(0.9), created: ago(day)})
	r := v.open()

	full := buildContext(t, r, ContextRequest{})
	for _, want := range []string{"  > " + advice + "\n", "  > " + task + "\n"} {
		if !strings.Contains(full.Text, want) {
			t.Errorf("no body %q in\n%s", want, full.Text)
		}
	}
	if strings.Contains(full.Text, long) || strings.Count(full.Text, short) != 1 {
		t.Errorf("a long note shown whole, or a short body repeated:\n%s", full.Text)
	}
	if full.Tokens != (full.Used+3)/4 || full.Tokens == 0 {
		t.Errorf("tokens %d for %d characters", full.Tokens, full.Used)
	}

	// Without the bodies, and one character short of both: the first
	// stage's body (the task's) is shown, never the second's (the recent
	// lesson's) in its place, and no entry is lost for a body.
	bodies := 0
	entries := 0
	for _, st := range full.Stages {
		for _, e := range st.Entries {
			entries++
			if e.Body != "" {
				bodies += utf8.RuneCountInString(e.Body) + 1
			}
		}
	}
	b := buildContext(t, r, ContextRequest{Budget: full.Used - 1})
	n := 0
	for _, st := range b.Stages {
		for _, e := range st.Entries {
			n++
			if strings.Contains(e.Body, advice) {
				t.Errorf("the lesson's body shown before the task's:\n%s", b.Text)
			}
		}
	}
	if n != entries || !strings.Contains(b.Text, task) || strings.Contains(b.Text, advice) {
		t.Errorf("budget %d: %d entries of %d\n%s", b.Budget, n, entries, b.Text)
	}
	titles := buildContext(t, r, ContextRequest{Budget: full.Used - bodies})
	if strings.Contains(titles.Text, "\n  ") || titles.Used != titles.Budget {
		t.Errorf("budget %d: bodies shown, or entries lost:\n%s", titles.Budget, titles.Text)
	}
	// The same block twice.
	if again := buildContext(t, r, ContextRequest{}); again.Text != full.Text {
		t.Error("two blocks differ")
	}
}
