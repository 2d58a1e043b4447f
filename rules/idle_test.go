package rules

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestIdleMatchesFullPlan moves the clock over three years in steps of
// five days and, at each step, compares the report of a run that may use
// the remembered idle state with that of a run planned in full: the same
// actions, notes and candidates. Whatever the clock changes (archives,
// MEMORY.md's ranking) must end the idle span; a real run then writes it.
// A person's committed edit ends it too.
func TestIdleMatchesFullPlan(t *testing.T) {
	f := newFixture(t)
	// More memories of other types and importances, so MEMORY.md's
	// ranking changes as they decay at their types' rates.
	for i, m := range []struct{ typ, imp, body string }{
		{"opinion", "0.95", "Short functions read better than long ones"},
		{"preference", "0.7", "The team prefers squash merges on main"},
		{"fact", "0.6", "The staging database is reset every Sunday night"},
		{"goal_short", "0.85", "Ship the importer before the March release"},
		{"commitment", "0.4", "Review the backup script every quarter"},
	} {
		id := "01940000-0000-7000-8000-00000000010" + string(rune('0'+i))
		f.write(t, "mind/extra/"+id+".md", memDoc(id, m.typ, "2026-02-1"+string(rune('0'+i))+"T10:00:00.000Z",
			"88888888-8888-4888-8888-88888888888"+string(rune('0'+i)), "agentD", m.body, m.imp))
	}
	git(t, f.l.Root, "add", "-A")
	git(t, f.l.Root, "-c", "core.hooksPath=/dev/null", "commit", "-qm", "more")

	now := fixtureNow.AddDate(0, -6, 0)
	var logs bytes.Buffer
	s, err := Open(context.Background(), f.l, Options{Now: func() time.Time { return now }, Project: f.l.Root,
		Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	run := func(dry bool) *Report {
		t.Helper()
		rep, err := s.Run(ctx, dry)
		if err != nil {
			t.Fatalf("%s: %v", now.Format(time.DateOnly), err)
		}
		return rep
	}
	skipped, changes := 0, 0
	for end := now.AddDate(3, 0, 0); now.Before(end); now = now.Add(5 * 24 * time.Hour) {
		saved, err := os.ReadFile(idlePath(f.l))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		os.Remove(idlePath(f.l))
		full := run(true)
		if saved != nil {
			if err := os.WriteFile(idlePath(f.l), saved, 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			os.Remove(idlePath(f.l))
		}
		logs.Reset()
		got := run(true)
		if strings.Contains(logs.String(), "nothing changed since") {
			skipped++
		}
		for _, r := range []*Report{full, got} {
			r.Fingerprint = ""
		}
		if !reflect.DeepEqual(got, full) {
			t.Fatalf("%s: with the idle state\n%+v\nplanned in full\n%+v", now.Format(time.DateOnly), got, full)
		}
		if len(full.Actions) > 0 {
			changes++
			run(false)
			if rep := run(false); len(rep.Actions) != 0 {
				t.Fatalf("%s: a second run acts: %v", now.Format(time.DateOnly), rep.Actions)
			}
		}
	}
	if skipped < 20 || changes < 3 {
		t.Fatalf("%d runs skipped planning, %d changed the vault: the test shows nothing", skipped, changes)
	}
	t.Logf("%d runs skipped planning, %d changed the vault", skipped, changes)

	// A person's edit (importance lowered) ends the idle span at once.
	run(false)
	rel := "mind/extra/01940000-0000-7000-8000-000000000101.md"
	data, err := os.ReadFile(f.l.Path(rel))
	if err != nil {
		t.Skipf("%s was archived along the way", rel)
	}
	f.write(t, rel, strings.Replace(string(data), "importance: 0.7", "importance: 0.05", 1))
	// Committed: an uncommitted edit is the person's, left for a later run.
	git(t, f.l.Root, "-c", "core.hooksPath=/dev/null", "commit", "-qam", "lowered")
	rep := run(false)
	if len(rep.Actions) == 0 || rep.Actions[0].Kind != KindArchive || rep.Actions[0].From != rel {
		t.Errorf("after a person lowered its importance: %v, want %s archived", rep.Actions, rel)
	}
}
