package rules

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/index"
)

// A run with nothing to do remembers it (.cortex/sleep-idle.json, a
// cache): a hash of everything its plan read besides the clock — the
// index's generation (which a refresh, the daemon's updates and a rebuild
// all change), the vault's and the project's HEAD (the outdated check's
// history, MEMORY.md as committed), MEMORY.md and taxonomy.yml as they
// are — and the span of time its plan holds for: from its clock to the
// first moment the clock changes a decision, that is a memory's effective
// importance falling below ArchiveBelow or two memories of MEMORY.md's
// ranking changing places (effective importance is piecewise linear in
// time, so both are computed, not guessed). A later run whose refreshed
// index and inputs hash the same and whose clock is inside that span
// would plan the same nothing, so it skips planning and reports the
// remembered notes and candidates.

const idleVersion = 1

func idlePath(l vault.Layout) string { return l.Path(".cortex", "sleep-idle.json") }

type idleState struct {
	Version    int         `json:"version"`
	Inputs     string      `json:"inputs"`
	FromMS     int64       `json:"from_ms"`
	UntilMS    int64       `json:"until_ms"`
	Notes      []string    `json:"notes"`
	Candidates []Candidate `json:"candidates"`
}

// inputs hashes what a plan reads besides the index rows and the clock;
// "" when it cannot tell (an index without a generation).
func (s *Sleeper) inputs(ctx context.Context) (string, error) {
	gen, err := s.ix.Generation(ctx)
	if err != nil || gen == "" {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "generation %s\n", gen)
	fmt.Fprintf(h, "vault %s\n", gitHead(ctx, s.l.Root))
	if root, err := s.projectRoot(); err != nil {
		fmt.Fprintf(h, "project error %v\n", err)
	} else {
		fmt.Fprintf(h, "project %s %s\n", root, gitHead(ctx, root))
	}
	for _, f := range []string{ViewFile, "taxonomy.yml"} {
		data, err := os.ReadFile(s.abs(f))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			fmt.Fprintf(h, "%s absent\n", f)
		case err != nil:
			return "", err
		default:
			fmt.Fprintf(h, "%s %s\n", f, sum(data))
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// gitHead is the commit HEAD names in the repository at dir, or why there
// is none.
func gitHead(ctx context.Context, dir string) string {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "--verify", "-q", "HEAD")
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "none " + strings.TrimSpace(stderr.String())
	}
	return strings.TrimSpace(string(out))
}

// idle returns the report of the remembered run with nothing to do when it
// holds for inputs at the clock's time.
func (s *Sleeper) idle(inputs string, now time.Time) (*Report, bool) {
	data, err := os.ReadFile(idlePath(s.l))
	if err != nil {
		return nil, false
	}
	var st idleState
	if json.Unmarshal(data, &st) != nil || st.Version != idleVersion || st.Inputs != inputs {
		return nil, false
	}
	if ms := now.UnixMilli(); ms < st.FromMS || ms >= st.UntilMS {
		return nil, false
	}
	rep := &Report{Date: now.Format("2006-01-02"), Actions: []Action{}, Notes: st.Notes, Candidates: st.Candidates}
	if rep.Notes == nil {
		rep.Notes = []string{}
	}
	if rep.Candidates == nil {
		rep.Candidates = []Candidate{}
	}
	for _, n := range rep.Notes {
		s.log.Warn("maintain: " + n)
	}
	return rep, true
}

// saveIdle remembers a plan with nothing to do (p.ops empty) for inputs;
// forgetIdle forgets it. Both are a cache's: a failure costs the next run
// its planning, nothing else.
func (s *Sleeper) saveIdle(inputs string, p *planner) {
	st := idleState{Version: idleVersion, Inputs: inputs, FromMS: p.now.UnixMilli(), UntilMS: p.quietUntil(),
		Notes: p.report.Notes, Candidates: p.report.Candidates}
	data, err := json.Marshal(st)
	if err == nil {
		err = s.l.FS().MkdirAll(s.l.CacheDir(), 0o755)
	}
	if err == nil {
		err = s.l.FS().WriteFile(idlePath(s.l), data, 0o644)
	}
	if err != nil {
		s.log.Warn("maintain: the idle state is not saved; the next run plans in full", "err", err)
	}
}

func (s *Sleeper) forgetIdle() {
	if err := s.l.FS().Remove(idlePath(s.l)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		s.log.Warn("maintain: the idle state is not removed", "err", err)
	}
}

// quietUntil is the first moment (Unix ms) after the plan's clock at which
// the clock alone changes what a plan decides: a memory archive() looks at
// falls below ArchiveBelow, or two neighbours of MEMORY.md's ranking (the
// shown ones and the first not shown) may change places. A second before
// it, to stay clear of rounding.
func (p *planner) quietUntil() int64 {
	now := float64(p.now.UnixMilli())
	until := math.Inf(1)
	for _, m := range p.mems {
		if !decays(m) || m.d.SupersededBy != "" || m.d.PromotedTo != "" ||
			(m.d.Status != "active" && m.d.Status != "outdated") || m.d.DecayRate <= 0 {
			continue
		}
		t := float64(m.d.DecayBaseMS) + (importance(m.d)-ArchiveBelow)/m.d.DecayRate*index.MonthMS
		until = min(until, max(t, now))
	}
	top := p.ranked // the plan ends with renderView
	for i := 0; i+1 < len(top) && i < ViewMaxLines; i++ {
		until = min(until, swapTime(top[i].d, top[i+1].d, now))
	}
	if math.IsInf(until, 1) || until >= math.MaxInt64/2 {
		return math.MaxInt64
	}
	return int64(math.Floor(until)) - 1000
}

func importance(d index.Doc) float64 {
	if d.Importance != nil {
		return *d.Importance
	}
	return index.DefaultImportance
}

// effAt is index.EffectiveImportance at t (Unix ms, as a float), and
// slopeAt its rate of change just after t.
func effAt(d index.Doc, t float64) float64 {
	return max(0, importance(d)-d.DecayRate*max(0, (t-float64(d.DecayBaseMS))/index.MonthMS))
}

func slopeAt(d index.Doc, t float64) float64 {
	if d.DecayRate <= 0 || t < float64(d.DecayBaseMS) || effAt(d, t) <= 0 {
		return 0
	}
	return -d.DecayRate / index.MonthMS
}

// swapTime is the first moment from now at which a, ranked before b at
// now, may no longer be: their effective importances meet (or, tied now,
// part). Both are piecewise linear — constant until the decay base,
// falling, then zero — so between the breakpoints their difference is a
// line.
func swapTime(a, b index.Doc, now float64) float64 {
	pts := []float64{now}
	for _, d := range []index.Doc{a, b} {
		base := float64(d.DecayBaseMS)
		pts = append(pts, base)
		if d.DecayRate > 0 {
			pts = append(pts, base+importance(d)/d.DecayRate*index.MonthMS)
		}
	}
	slices.Sort(pts)
	pts = append(pts, math.Inf(1))
	for i := 0; i+1 < len(pts); i++ {
		t0, t1 := pts[i], pts[i+1]
		if t0 < now || t0 == t1 {
			continue
		}
		diff := effAt(a, t0) - effAt(b, t0)
		slope := slopeAt(a, t0) - slopeAt(b, t0)
		switch {
		case diff < 0:
			return t0
		case diff == 0:
			if slope != 0 {
				return t0
			}
		case slope < 0:
			if t := t0 + diff/-slope; t <= t1 {
				return t
			}
		}
	}
	return math.Inf(1)
}
