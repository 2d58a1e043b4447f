package watchdog

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

var t0 = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

func pass(status string) []Result {
	r := Result{Name: "daemon", Status: status}
	if status == Fail {
		r.Seen, r.Fix = "the daemon has not committed since 08:00", "cortex daemon"
	}
	return []Result{r, {Name: "disk", Status: OK, Seen: "12 GB free"}}
}

// TestConfirmAfterTwo walks the rule with an injected clock: one failure is
// noise, the second in a row confirms, a recovery clears, and a failure
// between two oks never confirms.
func TestConfirmAfterTwo(t *testing.T) {
	st := empty()
	steps := []struct {
		status    string
		confirmed bool
	}{
		{Fail, false}, // transient: not yet
		{OK, false},   // recovered before confirmation
		{Fail, false},
		{Fail, true}, // 2 in a row
		{Fail, true},
		{Warn, false}, // a warn is a recovery
		{Fail, false},
		{Fail, true},
		{OK, false},
	}
	now := t0
	for i, s := range steps {
		st.Record(now, pass(s.status))
		got := len(st.Anomalies()) == 1
		if got != s.confirmed {
			t.Fatalf("step %d (%s): confirmed %v, want %v (counter %+v)", i, s.status, got, s.confirmed, *st.Checks["daemon"])
		}
		now = now.Add(2 * time.Hour)
	}
	c := st.Checks["daemon"]
	if c.Checks != len(steps) || c.Failures != 6 {
		t.Errorf("counts: %d checks, %d failures; want %d, 6", c.Checks, c.Failures, len(steps))
	}
	if c.Recovered.IsZero() {
		t.Error("the last recovery is not recorded")
	}
	if len(st.Last) != KeepSnapshots || !st.Last[2].Time.Equal(now.Add(-2*time.Hour)) {
		t.Errorf("snapshots: %d, last at %v", len(st.Last), st.Last[len(st.Last)-1].Time)
	}
}

// TestClockJump: a clock set back neither confirms nor clears anything by
// itself, is noticed, and the run's start is never after the check.
func TestClockJump(t *testing.T) {
	st := empty()
	if n := st.Record(t0, pass(Fail)); n != "" {
		t.Fatalf("notice on first pass: %s", n)
	}
	back := t0.Add(-36 * time.Hour)
	n := st.Record(back, pass(Fail))
	if !strings.Contains(n, "clock went back") {
		t.Errorf("notice %q", n)
	}
	as := st.Anomalies()
	if len(as) != 1 || as[0].Since.After(back) {
		t.Fatalf("anomalies %+v: want one, since at most %v", as, back)
	}
	// A jump forward of days is one more pass, nothing else.
	st.Record(back.Add(30*24*time.Hour), pass(OK))
	if len(st.Anomalies()) != 0 {
		t.Error("recovery after a jump forward did not clear")
	}
}

func TestLoadSaveReset(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	st, notice, err := Load(l)
	if err != nil || notice != "" || len(st.Checks) != 0 {
		t.Fatalf("missing file: %+v %q %v", st, notice, err)
	}
	st.Record(t0, pass(Fail))
	st.Record(t0.Add(time.Hour), pass(Fail))
	if err := Save(l, st); err != nil {
		t.Fatal(err)
	}
	back, notice, err := Load(l)
	if err != nil || notice != "" {
		t.Fatal(notice, err)
	}
	if got := Line(back.Anomalies()); !strings.HasPrefix(got, "Cortex: the daemon has not committed since 08:00 (since 2026-03-01 10:00 UTC)") || !strings.HasSuffix(got, "run `cortex doctor`") {
		t.Errorf("line %q", got)
	}
	if Alert(l) == "" {
		t.Error("Alert empty with a confirmed anomaly")
	}
	for name, data := range map[string]string{
		"corrupt":       `{"version": 1, "checks": [`,
		"other version": `{"version": 7, "checks": {}}`,
		"not json":      "\x00\x01garbage",
		"wrong shape":   `{"version": 1, "checks": {"daemon": 3}}`,
	} {
		if err := os.WriteFile(Path(l), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		st, notice, err := Load(l)
		if err != nil || !strings.Contains(notice, "reset") || len(st.Checks) != 0 {
			t.Errorf("%s: %+v %q %v", name, st, notice, err)
		}
		if Alert(l) != "" {
			t.Errorf("%s: alert from a reset state", name)
		}
	}
}

func TestLineMany(t *testing.T) {
	as := []Anomaly{{Check: "a", Seen: "one.", Since: t0}, {Check: "b"}, {Check: "c"}}
	if got := Line(as); got != "Cortex: one (since 2026-03-01 10:00 UTC) and 2 more problems; run `cortex doctor`" {
		t.Errorf("%q", got)
	}
	if Line(nil) != "" {
		t.Error("line without anomalies")
	}
}
