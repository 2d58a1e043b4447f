//go:build unix

// Package harness is a randomized, seeded harness, in the spirit of
// SQLite's and FoundationDB's, that keeps trying to break Cortex's
// promises (issue 22): from a seed it interleaves a person's acts (hand
// edits, partial stages, commits, branch switches, stashes, rebases, cp -a
// of the vault, links planted in it, clones) with Cortex's commands
// (observe, write, process, a daemon, maintain, sync between two clones
// and a bare remote, restore, promote) and kill -9 of whole process trees,
// and checks the invariants after every step. See docs/harness.md.
package harness

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	flagSteps     = flag.Int("harness.steps", 0, "steps to run in all (0: the CI run's 120, 40 with -short)")
	flagSeed      = flag.Uint64("harness.seed", 0, "the seed (0: the CI run's fixed seed; see -harness.random)")
	flagRandom    = flag.Bool("harness.random", false, "draw the seed from the clock (printed) instead of the CI run's fixed one")
	flagWorld     = flag.Int("harness.world", 60, "steps per world: a fresh pair of vaults and a remote every N steps")
	flagAll       = flag.Bool("harness.all", false, "include the actions of the pending set (fixes not yet on main)")
	flagSkip      = flag.String("harness.skip", "", "comma-separated actions to leave out as well (e.g. one whose bug is known, to look for others)")
	flagKeepGoing = flag.Bool("harness.keepgoing", false, "after a failing world, go on with the next one (the long run), instead of stopping")
	flagShrink    = flag.Duration("harness.shrink", 10*time.Minute, "time spent shrinking one failure's step list (0: no shrinking)")
	flagReplay    = flag.String("harness.replay", "", "replay this step list (as a failure prints it) in one world, instead of drawing steps")
	flagFor       = flag.Duration("harness.for", 0, "stop starting worlds after this long and print the figures (0: run every step)")
	flagVerbose   = flag.Bool("harness.v", false, "log every step")
	flagClock     = flag.String("harness.clock", "", "observations' timestamps start at this RFC 3339 `TIME` in every world and go on with the clock (23:59:00Z plays each world across midnight)")
	flagKeep      = flag.String("harness.keep", "", "with -harness.replay: play in this folder and keep it, to look at the vaults after a failure")
	flagKeepFail  = flag.String("harness.keepfailed", "", "move each failing world's folder (its vaults, remote and steps.log) into this `DIR`, for a failure whose replay passes")
	flagParallel  = flag.Int("harness.parallel", 1, "play `N` worlds at once (a long run on a machine with cores to spare); each world stays its own seed, folders and figures")
)

// ciSeed is the seed of the short run in CI: fixed, so that CI is
// reproducible; the long run draws its own with -harness.random.
const ciSeed = 20261126

// stats are the run's figures.
type stats struct {
	steps, kills, daemons, converged, worlds int
	perAction                                map[string]int
	notes                                    map[string]int
	spent                                    map[string]time.Duration // by action and by check
	broken                                   map[string]int           // failing worlds by the invariant they broke
}

func newStats() *stats {
	return &stats{perAction: map[string]int{}, notes: map[string]int{}, spent: map[string]time.Duration{}, broken: map[string]int{}}
}

func (s *stats) note(n string) { s.notes[n]++ }

// add adds o's figures to s: each world counts into stats of its own,
// added to the run's once it ends, so worlds played at once share nothing.
func (s *stats) add(o *stats) {
	s.steps += o.steps
	s.kills += o.kills
	s.daemons += o.daemons
	s.converged += o.converged
	s.worlds += o.worlds
	for k, n := range o.perAction {
		s.perAction[k] += n
	}
	for k, n := range o.notes {
		s.notes[k] += n
	}
	for k, d := range o.spent {
		s.spent[k] += d
	}
	for k, n := range o.broken {
		s.broken[k] += n
	}
}

// timed adds the time since start to what name has spent.
func (s *stats) timed(name string, start time.Time) { s.spent[name] += time.Since(start) }

// world is one simulated setup: a bare remote, two clones (A: the
// person's machine, B: another), a sentinel tree outside them.
type world struct {
	tc           *toolchain
	root         string
	remote       string
	outside      string
	outsideSum   string
	outsideNames []string
	vaults       [2]*vaultState
	ledger       *ledger
	stats        *stats
	skip         map[string]bool // the actions left out (and "repeat-held")
}

func newWorld(tc *toolchain, root string, st *stats) (*world, error) {
	w := &world{tc: tc, root: root, remote: filepath.Join(root, "remote.git"), outside: filepath.Join(root, "outside"),
		ledger: newLedger(clockOffset()), stats: st, skip: skipped()}
	if err := makeSentinel(w.outside); err != nil {
		return nil, err
	}
	var err error
	if w.outsideSum, w.outsideNames, err = hashTree(w.outside); err != nil {
		return nil, err
	}
	if _, err := tc.git(root, "init", "-q", "--bare", "-b", "main", w.remote); err != nil {
		return nil, err
	}
	a := filepath.Join(root, "A")
	if r := tc.run(root, nil, 0, "cortex", "init", a); r.err != nil {
		return nil, fmt.Errorf("cortex init A: %v\n%s", r.err, r.out)
	}
	if _, err := tc.git(a, "remote", "add", "origin", w.remote); err != nil {
		return nil, err
	}
	if _, err := tc.git(a, "push", "-q", "-u", "origin", "main"); err != nil {
		return nil, err
	}
	b := filepath.Join(root, "B")
	if _, err := tc.git(root, "clone", "-q", w.remote, b); err != nil {
		return nil, err
	}
	if r := tc.run(b, nil, 0, "cortex", "init", "."); r.err != nil {
		return nil, fmt.Errorf("cortex init B: %v\n%s", r.err, r.out)
	}
	for i, dir := range []string{a, b} {
		w.vaults[i] = &vaultState{name: vaultNames[i], dir: dir, person: map[string]pathState{}}
	}
	return w, nil
}

// close stops what still runs.
func (w *world) close() {
	for _, v := range w.vaults {
		if v != nil && v.daemon != nil {
			v.daemon.kill()
			v.daemon = nil
		}
	}
}

// failure is a world's first broken promise.
type failure struct {
	at         int // index of the step after which it was seen
	violations []violation
	daemonLogs string
}

// play runs steps in a fresh world under dir; it stops at the first step
// after which an invariant fails. With keep set, a failing world's folder
// is moved there, with the steps and what each did in steps.log: many
// failures depend on a kill's moment and pass when replayed, so the vaults
// as they failed are the evidence.
func play(tc *toolchain, dir string, steps []step, st *stats, logf func(string, ...any), keep string) (*failure, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if *flagKeep == "" {
		defer os.RemoveAll(dir)
	}
	w, err := newWorld(tc, dir, st)
	if err != nil {
		return nil, err
	}
	defer w.close()
	cat := actions()
	var done strings.Builder
	for i, s := range steps {
		a := cat[s.act]
		if a.onlyA {
			s.v = 0
		}
		start := time.Now()
		o := a.run(w, s)
		st.timed("act "+s.act, start)
		if o.ran {
			st.steps++
			st.perAction[s.act]++
			if s.kill && o.killed {
				st.perAction[s.act+"!"]++
			}
		}
		checked := time.Now()
		vs := w.check(s, o)
		st.timed("checks", checked)
		if logf != nil && *flagVerbose {
			logf("step %d %s: ran=%v killed=%v %s (%v)", i, s, o.ran, o.killed, o.note, time.Since(start).Round(time.Millisecond))
		}
		if keep != "" {
			fmt.Fprintf(&done, "step %d %s: ran=%v killed=%v %s (%v)\n", i, s, o.ran, o.killed, o.note, time.Since(start).Round(time.Millisecond))
		}
		if len(vs) > 0 {
			f := &failure{at: i, violations: vs}
			for _, v := range w.vaults {
				if v.daemon != nil {
					f.daemonLogs += fmt.Sprintf("--- daemon of %s:\n%s", v.name, tail(v.daemon.log()))
				}
			}
			if keep != "" {
				w.close()
				fmt.Fprintf(&done, "\n%s", describe(f))
				if err := os.WriteFile(filepath.Join(dir, "steps.log"), []byte(done.String()), 0o644); err != nil {
					return f, err
				}
				if err := os.MkdirAll(filepath.Dir(keep), 0o755); err != nil {
					return f, err
				}
				if err := os.Rename(dir, keep); err != nil {
					return f, fmt.Errorf("keep the failing world: %w", err)
				}
				logf("the failing world's folder: %s", keep)
			}
			return f, nil
		}
	}
	return nil, nil
}

// worldSeed derives the seed of world n of a run (splitmix64), so a world
// can be replayed alone.
func worldSeed(seed uint64, n int) uint64 {
	z := seed + uint64(n+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// skipped is the set of actions the run leaves out: the pending set
// unless -harness.all.
func skipped() map[string]bool {
	skip := map[string]bool{}
	for _, a := range strings.Split(*flagSkip, ",") {
		if a != "" {
			skip[a] = true
		}
	}
	if *flagAll {
		return skip
	}
	for _, p := range pending {
		for _, a := range p.actions {
			skip[a] = true
		}
	}
	return skip
}

func TestHarness(t *testing.T) {
	total := *flagSteps
	if total == 0 {
		// A few hundred steps would be more, but CI runs on a loaded
		// two-core box where a step takes about a second.
		total = 120
		if testing.Short() {
			total = 40
		}
	}
	if *flagClock != "" {
		if _, err := time.Parse(time.RFC3339, *flagClock); err != nil {
			t.Fatalf("-harness.clock: %v", err)
		}
	}
	seed := *flagSeed
	switch {
	case *flagRandom:
		seed = uint64(time.Now().UnixNano())
	case seed == 0:
		seed = ciSeed
	}
	perWorld := max(*flagWorld, 1)
	dir := t.TempDir()
	tc, err := newToolchain(dir)
	if err != nil {
		t.Skip(err)
	}
	st := newStats()
	skip := skipped()
	t.Logf("seed %d, %d steps, %d per world, left out: %s", seed, total, perWorld, describeSkip(skip))
	start := time.Now()

	if *flagReplay != "" {
		var steps []step
		for _, f := range strings.Fields(*flagReplay) {
			s, err := parseStep(f)
			if err != nil {
				t.Fatal(err)
			}
			steps = append(steps, s)
		}
		where := filepath.Join(dir, "replay")
		if *flagKeep != "" {
			where = *flagKeep
		}
		f, err := play(tc, where, steps, st, t.Logf, "")
		if err != nil {
			t.Fatal(err)
		}
		if f != nil {
			t.Fatalf("replay: after step %d (%s):\n%s", f.at, steps[f.at], describe(f))
		}
		t.Logf("replay: no violation in %d steps", len(steps))
		return
	}

	worlds := (total + perWorld - 1) / perWorld
	results := playWorlds(worlds, max(*flagParallel, 1), start, func(n int, claim func(string) bool) worldResult {
		ws := worldSeed(seed, n)
		rng := rand.New(rand.NewPCG(ws, seed))
		steps := generate(rng, min(perWorld, total-n*perWorld), skip)
		// Every world ends converged, so that every world gets the
		// exact count, not only those that drew a converge.
		steps = append(steps, step{act: "converge", arg: rng.Uint64()})
		keep := ""
		if *flagKeepFail != "" {
			keep = filepath.Join(*flagKeepFail, fmt.Sprintf("w%d", n))
		}
		r := worldResult{n: n, steps: steps, st: newStats()}
		r.st.worlds = 1
		r.f, r.err = play(tc, filepath.Join(dir, fmt.Sprintf("w%d", n)), steps, r.st, t.Logf, keep)
		if r.f == nil || r.err != nil {
			return r
		}
		// Shrink the first failure of each invariant: a long run that
		// breaks one promise in many worlds would spend its time on
		// shrinking the same bug again.
		r.min = steps[:r.f.at+1]
		if claim(r.f.violations[0].invariant) {
			r.min = shrink(tc, filepath.Join(dir, fmt.Sprintf("shrink-w%d", n)), r.min, r.f, t.Logf)
		}
		return r
	})
	failures, done := 0, 0
	for r := range results.c {
		if r.err != nil {
			results.stop()
			t.Errorf("world %d: %v", r.n, r.err)
			continue
		}
		st.add(r.st)
		done++
		if done%10 == 0 {
			t.Logf("progress: %d worlds, %d steps, %d kills, %d failing worlds, %v", st.worlds, st.steps, st.kills, failures, time.Since(start).Round(time.Second))
		}
		if r.f == nil {
			continue
		}
		failures++
		seen := map[string]bool{}
		for _, v := range r.f.violations {
			if !seen[v.invariant] {
				seen[v.invariant] = true
				st.broken[v.invariant]++
			}
		}
		t.Errorf("seed %d, world %d: after step %d (%s):\n%s\nshortest step list found (%d of %d steps); replay with\n  go test ./harness -run Harness -harness.replay='%s'",
			seed, r.n, r.f.at, r.steps[r.f.at], describe(r.f), len(r.min), r.f.at+1, joinSteps(r.min))
		if !*flagKeepGoing {
			results.stop()
		}
	}
	if results.timedOut() {
		t.Logf("stopped after %v (-harness.for) with %d of %d steps drawn", time.Since(start).Round(time.Second), st.worlds*perWorld, total)
	}
	t.Logf("%s", report(st, seed, failures, time.Since(start)))
}

// worldResult is how one world of a run ended.
type worldResult struct {
	n     int
	steps []step
	st    *stats
	f     *failure // nil: every promise kept
	min   []step   // the shortest failing list found (f's steps when not shrunk)
	err   error    // the harness itself failed
}

// worldRun hands out a run's worlds to its players and their results to
// the test, in the order they end.
type worldRun struct {
	c       chan worldResult
	mu      sync.Mutex
	next    int  // the next world to start
	halted  bool // no new world is started
	expired bool // because -harness.for ran out
	shrunk  map[string]bool
}

// playWorlds plays worlds 0..worlds-1, parallel of them at once, each by
// play (given claim, which says whether its failure is the first of its
// invariant: the one shrunk), until stop or -harness.for. Each world has
// its own seed, folders and stats, so playing them at once changes
// nothing but the load; only the order the results come in varies.
func playWorlds(worlds, parallel int, start time.Time, play func(n int, claim func(invariant string) bool) worldResult) *worldRun {
	r := &worldRun{c: make(chan worldResult), shrunk: map[string]bool{}}
	var wg sync.WaitGroup
	for range max(min(parallel, worlds), 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				n, ok := r.take(worlds, start)
				if !ok {
					return
				}
				r.c <- play(n, r.claim)
			}
		}()
	}
	go func() {
		wg.Wait()
		close(r.c)
	}()
	return r
}

// take hands out the next world to start, if any may.
func (r *worldRun) take(worlds int, start time.Time) (int, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.halted && *flagFor > 0 && time.Since(start) > *flagFor {
		r.halted, r.expired = true, true
	}
	if r.halted || r.next >= worlds {
		return 0, false
	}
	r.next++
	return r.next - 1, true
}

// stop starts no new world; those under way end and report.
func (r *worldRun) stop() {
	r.mu.Lock()
	r.halted = true
	r.mu.Unlock()
}

func (r *worldRun) timedOut() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.expired
}

// claim says whether a failure of invariant is the run's first.
func (r *worldRun) claim(invariant string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.shrunk[invariant] {
		return false
	}
	r.shrunk[invariant] = true
	return true
}

func describe(f *failure) string {
	var b strings.Builder
	for _, v := range f.violations {
		fmt.Fprintf(&b, "  %s\n", strings.ReplaceAll(v.String(), "\n", "\n    "))
	}
	if f.daemonLogs != "" {
		b.WriteString(f.daemonLogs)
	}
	return b.String()
}

func joinSteps(steps []step) string {
	s := make([]string, len(steps))
	for i, st := range steps {
		s[i] = st.String()
	}
	return strings.Join(s, " ")
}

func describeSkip(skip map[string]bool) string {
	if len(skip) == 0 {
		return "nothing"
	}
	var names []string
	for n := range skip {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// report is the run's figures, for the closing note of a long run.
func report(st *stats, seed uint64, failures int, took time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d: %d steps in %d worlds, %d tree kills, %d daemons started, %d converged checks, %d failing worlds, %v\n",
		seed, st.steps, st.worlds, st.kills, st.daemons, st.converged, failures, took.Round(time.Second))
	var names []string
	for n := range st.perAction {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "  %-12s %d\n", n, st.perAction[n])
	}
	names = names[:0]
	for n := range st.broken {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "  broken: %-12s in %d worlds\n", n, st.broken[n])
	}
	names = names[:0]
	for n := range st.spent {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "  time: %-16s %v\n", n, st.spent[n].Round(time.Millisecond))
	}
	names = names[:0]
	for n := range st.notes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "  note: %s ×%d\n", n, st.notes[n])
	}
	return b.String()
}

// clockOffset is how far the observations' timestamps of a world starting
// now are from the clock: -harness.clock's time less now, or 0. Only the
// observations are dated so; cortex itself keeps the machine's clock, as
// with an agent whose clock is off (the memorizer names a memory by its
// first observation's day).
func clockOffset() time.Duration {
	if *flagClock == "" {
		return 0
	}
	at, err := time.Parse(time.RFC3339, *flagClock)
	if err != nil {
		return 0 // checked when the run starts
	}
	return time.Until(at)
}
