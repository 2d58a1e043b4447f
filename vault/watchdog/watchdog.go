// Package watchdog keeps the state of the vault's health checks between
// runs (.cortex/watchdog.json): per check, how many failed checks in a row
// it has seen and whether that makes a confirmed anomaly, and the last three
// snapshots of every check for diagnosis (seed 004: "requires 2 consecutive
// anomalies", "last3 snapshots").
//
// The rule that keeps the watchdog from crying wolf lives here, beside the
// file, so that the doctor (which runs the checks and records them) and the
// push block (which shows a confirmed anomaly as one line) read one state
// the same way. It knows nothing of what the checks look at.
package watchdog

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

// Version is the state file's format; a file of another version is reset
// with a notice.
const Version = 1

// Confirm is how many failed checks in a row make an anomaly confirmed.
const Confirm = 2

// KeepSnapshots is how many snapshots the file keeps.
const KeepSnapshots = 3

// maxStateBytes bounds the file read: a few KB in use.
const maxStateBytes = 1 << 20

// The statuses of a check.
const (
	OK   = "ok"
	Warn = "warn"
	Fail = "fail"
)

// Result is one check's outcome in one pass.
type Result struct {
	// Name is the check's stable key (daemon, hook, index, …).
	Name   string `json:"name"`
	Status string `json:"status"`
	// Seen is what the check saw, for a person.
	Seen string `json:"seen"`
	// Fix is the one command (or action) that fixes it; empty when ok.
	Fix string `json:"fix,omitempty"`
}

// Counter is the running record of one check.
type Counter struct {
	// Failed counts the failed checks in a row (0 after an ok or warn).
	Failed int `json:"failed"`
	// Checks and Failures count every check and every failed one.
	Checks   int `json:"checks"`
	Failures int `json:"failures"`
	// Since is when the current run of failures began.
	Since time.Time `json:"since,omitzero"`
	// Confirmed is set once Failed reaches Confirm, and cleared by the
	// first check that does not fail (a recovery).
	Confirmed   bool      `json:"confirmed,omitempty"`
	ConfirmedAt time.Time `json:"confirmed_at,omitzero"`
	// Seen and Fix are the last failure's.
	Seen string `json:"seen,omitempty"`
	Fix  string `json:"fix,omitempty"`
	// Recovered is when the last confirmed anomaly of this check cleared.
	Recovered time.Time `json:"recovered,omitzero"`
}

// Snapshot is one pass of every check.
type Snapshot struct {
	Time    time.Time `json:"time"`
	Results []Result  `json:"results"`
}

// State is .cortex/watchdog.json.
type State struct {
	Version int `json:"version"`
	// LastCheck is when the last pass was recorded.
	LastCheck time.Time `json:"last_check,omitzero"`
	// Checks are the counters by check name.
	Checks map[string]*Counter `json:"checks"`
	// Last are the last KeepSnapshots passes, oldest first.
	Last []Snapshot `json:"last3"`
}

// Anomaly is a confirmed anomaly: a check that failed Confirm times or more
// in a row.
type Anomaly struct {
	Check string    `json:"check"`
	Since time.Time `json:"since"`
	// Failed is the number of failed checks in a row.
	Failed int    `json:"failed"`
	Seen   string `json:"seen"`
	Fix    string `json:"fix,omitempty"`
}

// Path is the state file of the vault.
func Path(l vault.Layout) string { return filepath.Join(l.CacheDir(), "watchdog.json") }

func empty() State { return State{Version: Version, Checks: map[string]*Counter{}} }

// Load reads the state. A missing file is an empty state; a corrupt file, or
// one of another version, is an empty state and a notice saying it was
// reset (the file itself is replaced at the next Save). An error is only a
// file that cannot be read.
func Load(l vault.Layout) (st State, notice string, err error) {
	p := Path(l)
	// Stat first: a FIFO in its place would block the push block.
	fi, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return empty(), "", nil
	}
	if err != nil {
		return empty(), "", fmt.Errorf("watchdog state %s: %w", p, err)
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxStateBytes {
		return empty(), fmt.Sprintf("watchdog state %s is not a regular file of at most %d bytes: reset, its counters start again", p, maxStateBytes), nil
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return empty(), "", fmt.Errorf("watchdog state %s: %w", p, err)
	}
	var probe struct {
		Version int `json:"version"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return empty(), fmt.Sprintf("watchdog state %s is corrupt (%v): reset, its counters start again", p, err), nil
	}
	if probe.Version != Version {
		return empty(), fmt.Sprintf("watchdog state %s is of version %d, not %d: reset, its counters start again", p, probe.Version, Version), nil
	}
	if err := json.Unmarshal(data, &st); err != nil {
		return empty(), fmt.Sprintf("watchdog state %s is corrupt (%v): reset, its counters start again", p, err), nil
	}
	if st.Checks == nil {
		st.Checks = map[string]*Counter{}
	}
	for k, c := range st.Checks {
		if c == nil {
			delete(st.Checks, k)
		}
	}
	return st, "", nil
}

// Save writes the state atomically (temp file, fsync, rename, fsync the
// folder).
func Save(l vault.Layout, st State) error {
	st.Version = Version
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("watchdog state: %w", err)
	}
	if err := l.FS().MkdirAll(l.CacheDir(), 0o755); err != nil {
		return fmt.Errorf("watchdog state: %w", err)
	}
	if err := l.FS().WriteFile(Path(l), append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("watchdog state: %w", err)
	}
	return nil
}

// Record adds one pass of the checks, taken at now, to the state: a failed
// check adds to its run of failures and is confirmed at the Confirm-th in a
// row; a check that does not fail (ok or warn) ends the run and clears a
// confirmed anomaly. Checks count by pass, not by time, so a clock that
// jumps changes no count. It returns a notice when now is before the last
// pass (the clock was set back): the pass still counts, and the times of a
// run that would end before it began are brought to now.
func (st *State) Record(now time.Time, results []Result) (notice string) {
	if st.Checks == nil {
		st.Checks = map[string]*Counter{}
	}
	if !st.LastCheck.IsZero() && now.Before(st.LastCheck) {
		notice = fmt.Sprintf("watchdog: the clock went back %s since the last check (%s): counting by checks, not by time",
			st.LastCheck.Sub(now).Round(time.Second), st.LastCheck.UTC().Format(time.RFC3339))
	}
	for _, r := range results {
		c := st.Checks[r.Name]
		if c == nil {
			c = &Counter{}
			st.Checks[r.Name] = c
		}
		c.Checks++
		if r.Status != Fail {
			if c.Confirmed {
				c.Recovered = now
			}
			c.Failed, c.Since, c.Confirmed, c.ConfirmedAt = 0, time.Time{}, false, time.Time{}
			continue
		}
		c.Failures++
		c.Failed++
		c.Seen, c.Fix = r.Seen, r.Fix
		if c.Since.IsZero() || c.Since.After(now) {
			c.Since = now
		}
		if c.Failed >= Confirm && !c.Confirmed {
			c.Confirmed, c.ConfirmedAt = true, now
		}
		if c.ConfirmedAt.After(now) {
			c.ConfirmedAt = now
		}
	}
	st.LastCheck = now
	st.Last = append(st.Last, Snapshot{Time: now, Results: slices.Clone(results)})
	if n := len(st.Last); n > KeepSnapshots {
		st.Last = slices.Clone(st.Last[n-KeepSnapshots:])
	}
	return notice
}

// Anomalies are the confirmed anomalies, by check name.
func (st State) Anomalies() []Anomaly {
	var out []Anomaly
	for name, c := range st.Checks {
		if c.Confirmed {
			out = append(out, Anomaly{Check: name, Since: c.Since, Failed: c.Failed, Seen: c.Seen, Fix: c.Fix})
		}
	}
	slices.SortFunc(out, func(a, b Anomaly) int { return strings.Compare(a.Check, b.Check) })
	return out
}

// Line is the one line the push block and status show for the confirmed
// anomalies ("" when there are none): the first anomaly's words, how many
// more, and the command that explains them all.
func Line(as []Anomaly) string {
	if len(as) == 0 {
		return ""
	}
	a := as[0]
	s := fmt.Sprintf("Cortex: %s (since %s)", strings.TrimSuffix(a.Seen, "."), a.Since.UTC().Format("2006-01-02 15:04 UTC"))
	if len(as) > 1 {
		s += fmt.Sprintf(" and %d more problem", len(as)-1)
		if len(as) > 2 {
			s += "s"
		}
	}
	return s + "; run `cortex doctor`"
}

// Alert reads the state and returns Line of its confirmed anomalies: ""
// when there are none or the state cannot be read (the push block must
// never fail for the watchdog's sake).
func Alert(l vault.Layout) string {
	st, _, err := Load(l)
	if err != nil {
		return ""
	}
	return Line(st.Anomalies())
}
