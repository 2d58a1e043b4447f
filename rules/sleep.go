// Package rules is the sleep cycle (SPEC §9): one maintenance run plans,
// from the working tree and the index, every change time brings — decayed
// memories archived, near-duplicates merged, repeated memories promoted
// into rules/, memories about changed files marked outdated, local
// learnings of several agents made global, the MEMORY.md view regenerated
// — and writes them in one git commit. It never deletes a memory and
// never rewrites what a person wrote: edits change only the lines of the
// fields they set, moves are git renames, and `git revert` undoes a run.
package rules

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/index"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// ArchiveBelow is the effective importance (SPEC §3) under which a memory
// under mind/ is archived.
const ArchiveBelow = 0.3

// ArchiveDir is where archived memories go, at the same path below it as
// they had below mind/.
const ArchiveDir = "mind/archive/"

// The kinds of actions a run takes.
const (
	KindArchive  = "archive"
	KindRestore  = "restore"
	KindMerge    = "merge"
	KindPromote  = "promote"
	KindRule     = "rule"
	KindOutdated = "outdated"
	KindActive   = "active"
	KindGlobal   = "global"
	KindView     = "view"
)

// Action is one change of a run, as the commit body and --json list it.
type Action struct {
	Kind string `json:"kind"`
	// Path is the document's path after the run; From its path before
	// when it moves.
	Path   string `json:"path"`
	From   string `json:"from,omitempty"`
	ID     string `json:"id,omitempty"`
	Detail string `json:"detail,omitempty"`
}

func (a Action) String() string {
	p := a.Path
	if a.From != "" {
		p = a.From + " → " + a.Path
	}
	if a.Detail == "" {
		return a.Kind + " " + p
	}
	return a.Kind + " " + p + ": " + a.Detail
}

// Candidate is a memory just below the curator's bar: two occurrences, or
// three or more within one session. `cortex promote` promotes it by hand.
type Candidate struct {
	ID          string   `json:"id"`
	Path        string   `json:"path"`
	Type        string   `json:"type"`
	Title       string   `json:"title"`
	Occurrences int      `json:"occurrences"`
	Sessions    int      `json:"sessions"`
	Sources     []string `json:"sources"` // paths of the memories it counts
}

// Report is what a run planned and, unless it was a dry run, wrote.
type Report struct {
	Date    string   `json:"date"`
	DryRun  bool     `json:"dry_run"`
	Actions []Action `json:"actions"`
	Notes   []string `json:"notes"` // bad input met, nothing lost
	// Skipped are the documents left as they are because a person has
	// uncommitted changes on them (SPEC §11): a later run acts on them
	// once they are committed.
	Skipped     []Skip      `json:"skipped"`
	Candidates  []Candidate `json:"candidates"`
	Fingerprint string      `json:"fingerprint,omitempty"`
	Commit      string      `json:"commit,omitempty"`
}

// Skip is a document a run left alone, and why.
type Skip struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

func (k Skip) String() string { return "skipped " + k.Path + ": " + k.Reason }

// Counts is the number of actions of each kind.
func (r *Report) Counts() map[string]int {
	m := map[string]int{}
	for _, a := range r.Actions {
		m[a.Kind]++
	}
	return m
}

// Options configure a Sleeper.
type Options struct {
	// Now is the clock (time.Now when nil): decay, dates and
	// last_reinforced follow it.
	Now func() time.Time
	// Logger receives notices; slog.Default() when nil.
	Logger *slog.Logger
	// Project is the work tree whose history `files:` are checked against;
	// empty: the repository that holds the vault's parent folder when the
	// vault is nested in a project, else the vault's own.
	Project string
}

// Sleeper runs maintenance on one vault.
type Sleeper struct {
	l       vault.Layout
	git     *gitstore.Store
	ix      *index.Index
	tax     *doc.Taxonomy
	now     func() time.Time
	log     *slog.Logger
	project string
	owned   bool
	// hold is the sleep lock, held from Open to Close (nil for a Sleeper
	// made by New: its caller holds it).
	hold       *sleepHold
	crashAfter step
	// beforeCommit, for tests, runs between a run's writes and its commit
	// (a person's editor saving then).
	beforeCommit func()
}

// New makes a Sleeper over an open store and index. Its caller holds the
// sleep lock (Open takes it).
func New(l vault.Layout, git *gitstore.Store, ix *index.Index, opts Options) (*Sleeper, error) {
	tax, err := doc.LoadTaxonomy(l.Root)
	if err != nil {
		return nil, err
	}
	s := &Sleeper{l: l, git: git, ix: ix, tax: tax, now: opts.Now, log: opts.Logger, project: opts.Project}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	return s, nil
}

// Run recovers an interrupted run, plans, and (unless dryRun) writes the
// plan in one commit. A plan without actions writes nothing.
func (s *Sleeper) Run(ctx context.Context, dryRun bool) (*Report, error) {
	if !dryRun {
		if err := s.personsOperation(); err != nil {
			return nil, err
		}
		if err := s.recover(ctx); err != nil {
			return nil, err
		}
	}
	took := startSteps()
	t0 := time.Now()
	// git status walks the work tree in a process of its own while the
	// index is refreshed and the idle state's inputs are read: at 10,000
	// documents each is a tenth of a second or more.
	gitCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	type unclean struct {
		dirty map[string]bool
		err   error
	}
	status := make(chan unclean, 1)
	go func() {
		dirty, err := s.git.Unclean(gitCtx)
		status <- unclean{dirty, err}
	}()
	if err := s.refresh(ctx); err != nil {
		return nil, fmt.Errorf("maintain: %w", err)
	}
	t1 := time.Now()
	took.done("refresh")
	inputs, err := s.inputs(ctx)
	if err != nil {
		s.log.Warn("maintain: planning in full", "err", err)
	}
	st := <-status
	if st.err != nil {
		return nil, fmt.Errorf("maintain: %w", st.err)
	}
	dirty := st.dirty
	took.done("status")
	// A person's uncommitted work changes what a plan may touch without
	// changing anything the idle hash reads (a `git add`, a `git reset`):
	// only a vault without any plans from the idle record.
	if len(dirty) > 0 {
		inputs = ""
	}
	if inputs != "" {
		if rep, ok := s.idle(inputs, s.now()); ok {
			s.log.Info("maintain: nothing changed since the last run with nothing to do", "refresh", t1.Sub(t0), "check", time.Since(t1))
			rep.DryRun = dryRun
			return rep, s.saveLastRun(rep)
		}
	}
	p, err := s.plan(ctx, dirty)
	if err != nil {
		return nil, err
	}
	took.done("plan")
	s.log.Info("maintain: planned", took.steps...)
	rep := p.report
	rep.DryRun = dryRun
	if len(p.ops) == 0 {
		if inputs != "" {
			s.saveIdle(inputs, p)
		}
		return rep, s.saveLastRun(rep)
	}
	s.forgetIdle()
	ops := sortOps(p.ops)
	rep.Fingerprint = fingerprint(ops)
	if dryRun {
		return rep, nil
	}
	h, err := s.write(ctx, &manifest{Version: manifestVersion, Fingerprint: rep.Fingerprint, Ops: ops}, commitMessage(rep))
	if err != nil {
		return nil, err
	}
	rep.Commit = h
	s.log.Info("sleep: maintenance committed", "commit", h, "actions", len(rep.Actions))
	return rep, s.saveLastRun(rep)
}

// commitMessage is `sleep: maintenance YYYY-MM-DD`, a line per action and
// the trailers.
func commitMessage(rep *Report) string {
	return message("sleep: maintenance "+rep.Date, rep, gitstore.Trailer{Key: TrailerSleep, Value: rep.Fingerprint},
		gitstore.Trailer{Key: TrailerSleepSummary, Value: formatCounts(rep.Counts())})
}

// message is a run's commit message: the subject, a line per action, the
// trailers.
func message(subject string, rep *Report, trailers ...gitstore.Trailer) string {
	var b strings.Builder
	b.WriteString(subject + "\n\n")
	for _, a := range rep.Actions {
		b.WriteString("- " + oneLine(a.String()) + "\n")
	}
	tr, _ := gitstore.FormatTrailers(trailers)
	b.WriteString("\n" + tr)
	return b.String()
}

var kindOrder = []string{KindArchive, KindRestore, KindMerge, KindPromote, KindRule, KindOutdated, KindActive, KindGlobal, KindView}

func formatCounts(m map[string]int) string {
	var parts []string
	for _, k := range kindOrder {
		if m[k] > 0 {
			parts = append(parts, fmt.Sprintf("%s=%d", k, m[k]))
		}
	}
	return strings.Join(parts, " ")
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// mem is one document as the plan sees it: its index row, its body, and
// its edit when the plan changes it.
type mem struct {
	d    index.Doc
	body string
	ed   *edit
	// group is the canonical memory this one counts for (itself when
	// none), after merging.
	canon *mem
	// key is the near-duplicate key of its body (note.key), when keyed.
	key   uint64
	keyed bool
}

func (m *mem) active() bool {
	return m.d.Status == "active" && m.d.SupersededBy == "" && m.d.PromotedTo == ""
}

// edit is a document the run rewrites: parsed from the working tree, its
// original bytes kept for the manifest.
type edit struct {
	p    *doc.Parsed
	orig []byte
	mode fs.FileMode
	to   string
	seen *seen // the file's stat before it was read
}

type planner struct {
	s      *Sleeper
	now    time.Time
	mems   []*mem
	byID   map[string]*mem
	ops    map[string]*fileOp
	report *Report
	edits  map[string]*edit // by the path the file had
	// dirty are the paths with a person's uncommitted changes
	// (gitstore.Unclean): never read, moved, rewritten or committed.
	dirty map[string]bool
	// fetched are the files prefetch reads ahead, by path; fetching
	// runs its workers, ahead holds a token for each file they read that
	// the plan has not taken yet, and stop ends them.
	fetched  map[string]*fetch
	fetching sync.WaitGroup
	ahead    chan struct{}
	stop     chan struct{}
	inside   *insideCheck
	// history brings what outdated needs from the project's history
	// (readHistory).
	history chan history
	full    bool // MaxRunFiles reached
	rules   map[string]*ruleFile
	// ranked is viewOrder at the end of the plan, as renderView made it.
	ranked []*mem
}

func (p *planner) notef(format string, args ...any) {
	n := fmt.Sprintf(format, args...)
	p.report.Notes = append(p.report.Notes, n)
	p.s.log.Warn("maintain: " + n)
}

func (p *planner) act(a Action) { p.report.Actions = append(p.report.Actions, a) }

// editing reports whether a person has uncommitted changes on rel, and
// then records it as skipped (once).
func (p *planner) editing(rel string) bool {
	if !p.dirty[rel] {
		return false
	}
	if !slices.ContainsFunc(p.report.Skipped, func(k Skip) bool { return k.Path == rel }) {
		p.report.Skipped = append(p.report.Skipped, Skip{Path: rel, Reason: gitstore.SkippedEditing})
	}
	return true
}

// MaxRunFiles bounds the documents one run changes, and so its memory and
// its commit: a vault that never slept (or slept through months) catches
// up over several runs, each whole on its own.
const MaxRunFiles = 5000

// maxRunFiles is MaxRunFiles; tests lower it.
var maxRunFiles = MaxRunFiles

// edit returns the edit of m's file, reading and parsing it the first time
// (or taking what prefetch read); nil (with a note) when the file is gone,
// unreadable or changed since the index read it.
func (p *planner) edit(m *mem) *edit {
	if m.ed != nil {
		return m.ed
	}
	rel := m.d.Path
	if ed, ok := p.edits[rel]; ok {
		m.ed = ed
		return ed
	}
	if p.editing(rel) {
		return nil
	}
	if len(p.edits) >= maxRunFiles {
		if !p.full {
			p.full = true
			p.notef("this run changes %d documents, its limit: the rest waits for the next run", maxRunFiles)
		}
		return nil
	}
	var ed *edit
	var note string
	if f, ok := p.fetched[rel]; ok {
		delete(p.fetched, rel) // taken once: a file left out is read again
		if !f.read(p) {
			<-p.ahead // a worker read it: one more may be read ahead
		}
		ed, note = f.ed, f.note
	} else {
		ed, note = p.readEdit(rel)
	}
	if note != "" {
		p.notef("%s", note)
		return nil
	}
	if ed.p.Doc.ID != m.d.ID {
		p.notef("%s: changed since it was indexed; left out of this run", rel)
		return nil
	}
	p.edits[rel] = ed
	m.ed = ed
	return ed
}

// readEdit reads and parses the file at rel for an edit; a note says why
// it cannot be edited.
func (p *planner) readEdit(rel string) (*edit, string) {
	if err := p.inside.check(rel); err != nil {
		return nil, err.Error()
	}
	abs := p.s.abs(rel)
	at := time.Now()
	fi, err := os.Lstat(abs)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Sprintf("%s: deleted since it was indexed; left out of this run", rel)
		}
		return nil, fmt.Sprintf("%s: %v; left out of this run", rel, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Sprintf("%s: not a regular file (%s); left out of this run", rel, fi.Mode().Type())
	}
	data, err := vaultfs.ReadInto(abs, fi.Size(), nil, 0, true)
	if err != nil {
		return nil, fmt.Sprintf("%s: %v; left out of this run", rel, err)
	}
	parsed, err := doc.Parse(data)
	if err != nil {
		return nil, fmt.Sprintf("%s: %v; left out of this run", rel, err)
	}
	return &edit{p: parsed, orig: data, mode: fi.Mode().Perm(), to: rel, seen: &seen{fi: fi, at: at}}, ""
}

// fetch is a file prefetch reads ahead of the plan: whoever takes it
// first (a prefetch worker, or edit when it needs the file before a
// worker came to it) reads it; done is closed when ed or note is set.
type fetch struct {
	rel   string
	taken atomic.Bool
	done  chan struct{}
	ed    *edit
	note  string
}

// read reads f's file unless somebody already took it, and waits until it
// is read. It reports whether this call read it.
func (f *fetch) read(p *planner) bool {
	if f.taken.CompareAndSwap(false, true) {
		f.ed, f.note = p.readEdit(f.rel)
		close(f.done)
		return true
	}
	<-f.done
	return false
}

// prefetchAhead bounds the files prefetch holds read but not yet taken by
// the plan (each some kilobytes parsed): without it, at 100,000 documents,
// reading all the run may change at once added 20 MB to the plan's peak.
// Tests lower it.
var prefetchAhead = 256

// prefetch reads and parses, on every core but one, the files of ms (in
// that order, at most prefetchAhead ahead of the plan) while the plan's
// other steps run; edit takes them from there. The plan calls it with the
// memories it is likely to change, and stopFetching when it is done.
func (p *planner) prefetch(ms []*mem) {
	p.fetched = make(map[string]*fetch, len(ms))
	p.ahead = make(chan struct{}, prefetchAhead)
	p.stop = make(chan struct{})
	var todo []*fetch // the workers' own list: the plan deletes from p.fetched
	for _, m := range ms {
		if _, ok := p.fetched[m.d.Path]; !ok && len(todo) < maxRunFiles {
			f := &fetch{rel: m.d.Path, done: make(chan struct{})}
			p.fetched[f.rel] = f
			todo = append(todo, f)
		}
	}
	workers := max(1, runtime.GOMAXPROCS(0)-1)
	var next atomic.Int64
	for range workers {
		p.fetching.Go(func() {
			for i := int(next.Add(1) - 1); i < len(todo); i = int(next.Add(1) - 1) {
				select {
				case p.ahead <- struct{}{}:
				case <-p.stop:
					return
				}
				if !todo[i].read(p) {
					<-p.ahead // the plan read it itself
				}
			}
		})
	}
}

// stopFetching ends prefetch and lets go of what the plan did not take.
func (p *planner) stopFetching() {
	if p.stop != nil {
		close(p.stop)
	}
	p.fetching.Wait()
	p.fetched = nil // what the plan took is in p.edits
}

// likelyChanged are the memories a plan will change unless it reaches its
// limit first, in the order it comes to them: those whose effective
// importance fell below the archive's bar (archived, or merged or promoted
// before that). Near-duplicates are left out: most members of a group
// that shares a key are never changed, and each would hold a token of
// prefetchAhead to the end.
func (p *planner) likelyChanged() []*mem {
	var low []*mem
	for _, m := range p.mems {
		if _, ok := p.archivable(m); ok {
			low = append(low, m)
		}
	}
	return low
}

// set writes a field of m's document, keeping the index row in step for
// the rest of the plan. It reports whether the field could be written.
func (p *planner) set(m *mem, field string, value any) bool {
	ed := p.edit(m)
	if ed == nil {
		return false
	}
	if err := ed.p.Set(field, value); err != nil {
		p.notef("%s: %v; left as it is", m.d.Path, err)
		return false
	}
	switch field {
	case doc.FieldStatus:
		m.d.Status = value.(string)
	case doc.FieldSupersededBy:
		m.d.SupersededBy = value.(string)
	case doc.FieldPromotedTo:
		m.d.PromotedTo = value.(string)
	case doc.FieldScope:
		m.d.Scope = value.(string)
	case doc.FieldReinforced:
		m.d.Reinforced = value.(int)
	case doc.FieldLastReinforced:
		t := value.(time.Time)
		m.d.LastReinforced = t.UTC().Format(time.RFC3339Nano)
		m.d.DecayBaseMS = t.UnixMilli()
	}
	return true
}

func (s *Sleeper) plan(ctx context.Context, dirty map[string]bool) (*planner, error) {
	took := startSteps()
	p, err := s.newPlanner(ctx, true, dirty)
	if err != nil {
		return nil, err
	}
	p.prefetch(p.likelyChanged())
	defer p.stopFetching()
	took.done("load")
	if err := p.outdated(ctx); err != nil {
		return nil, err
	}
	took.done("outdated")
	if err := p.merge(ctx); err != nil {
		return nil, err
	}
	took.done("merge")
	p.curate(nil, false)
	p.globals()
	took.done("curate")
	p.archive()
	took.done("archive")
	if err := p.view(ctx); err != nil {
		return nil, err
	}
	took.done("view")
	p.collect()
	took.done("collect")
	s.log.Info("maintain: plan steps", took.steps...)
	return p, nil
}

// newPlanner starts a plan at the clock's time, with the index loaded;
// a whole run's (full) also starts reading the project's history. dirty
// are the paths a person has uncommitted changes on (gitstore.Unclean).
func (s *Sleeper) newPlanner(ctx context.Context, full bool, dirty map[string]bool) (*planner, error) {
	now := s.now()
	p := &planner{s: s, now: now, byID: map[string]*mem{}, ops: map[string]*fileOp{}, inside: newInsideCheck(s.l),
		edits: map[string]*edit{}, rules: map[string]*ruleFile{}, dirty: dirty,
		report: &Report{Date: now.Format("2006-01-02"), Actions: []Action{}, Notes: []string{}, Skipped: []Skip{}, Candidates: []Candidate{}}}
	if err := p.load(ctx, full); err != nil {
		return nil, err
	}
	return p, nil
}

// collect turns the edits into file operations.
func (p *planner) collect() {
	for from, ed := range p.edits {
		data := ed.p.Bytes()
		if ed.to == from && string(data) == string(ed.orig) {
			continue
		}
		op := &fileOp{Path: ed.to, Mode: ed.mode, Existed: true, Original: ed.orig, OriginalSum: sum(ed.orig),
			Data: data, Sum: sum(data), parsed: ed.p, seen: ed.seen}
		if ed.to != from {
			op.From = from
		}
		p.ops[ed.to] = op
	}
	for rel, rf := range p.rules {
		if rf == nil || rf.data == nil || string(rf.data) == string(rf.orig) {
			continue
		}
		op := &fileOp{Path: rel, Mode: 0o644, Data: rf.data, Sum: sum(rf.data)}
		if rf.orig != nil {
			op.Existed, op.Original, op.OriginalSum, op.Mode = true, rf.orig, sum(rf.orig), rf.mode
		}
		p.ops[rel] = op
	}
}

// decays reports whether m is a memory time acts on: under mind/, outside
// the archive.
func decays(m *mem) bool {
	return doc.Decays(m.d.Path) && !strings.HasPrefix(m.d.Path, ArchiveDir)
}

// archive moves every active or outdated memory under mind/ whose
// effective importance fell below ArchiveBelow to mind/archive/, with
// status: archived.
func (p *planner) archive() {
	taken := map[string]bool{}
	for _, m := range p.mems {
		eff, ok := p.archivable(m)
		if !ok {
			continue
		}
		to := archivePath(m.d.Path, func(c string) bool {
			if taken[c] {
				return true
			}
			_, err := os.Lstat(p.s.abs(c))
			return err == nil
		})
		if !p.set(m, doc.FieldStatus, "archived") {
			continue
		}
		taken[to] = true
		m.ed.to = to
		p.act(Action{Kind: KindArchive, Path: to, From: m.d.Path, ID: m.d.ID,
			Detail: fmt.Sprintf("effective importance %.2f", eff)})
	}
}

// archivable reports whether m is an active or outdated memory under
// mind/ whose effective importance (returned) fell below ArchiveBelow.
func (p *planner) archivable(m *mem) (float64, bool) {
	if !decays(m) || m.d.SupersededBy != "" || m.d.PromotedTo != "" ||
		(m.d.Status != "active" && m.d.Status != "outdated") {
		return 0, false
	}
	eff := index.EffectiveImportance(m.d, p.now)
	return eff, eff < ArchiveBelow
}

// archivePath is where a memory at rel goes: the same path below
// mind/archive/, with -2, -3, … before .md when taken.
func archivePath(rel string, taken func(string) bool) string {
	base := ArchiveDir + strings.TrimPrefix(rel, "mind/")
	c := base
	for i := 2; taken(c); i++ {
		c = strings.TrimSuffix(base, ".md") + fmt.Sprintf("-%d.md", i)
	}
	return c
}

// restorePath is where an archived memory goes back to.
func restorePath(rel string, taken func(string) bool) string {
	base := "mind/" + strings.TrimPrefix(rel, ArchiveDir)
	c := base
	for i := 2; taken(c); i++ {
		c = strings.TrimSuffix(base, ".md") + fmt.Sprintf("-%d.md", i)
	}
	return c
}

func fileStem(p string) string { return strings.TrimSuffix(path.Base(p), ".md") }

// sortMems orders memories oldest first (created), then by path: the
// canonical memory of a group is the oldest, the one every other repeats.
func sortMems(ms []*mem) {
	slices.SortFunc(ms, func(a, b *mem) int {
		if a.d.CreatedMS != b.d.CreatedMS {
			if a.d.CreatedMS < b.d.CreatedMS {
				return -1
			}
			return 1
		}
		return strings.Compare(a.d.Path, b.d.Path)
	})
}

// baseTime is when m's decay clock started (last_reinforced, else created).
func baseTime(m *mem) time.Time {
	if m.d.DecayBaseMS == 0 {
		return time.Time{}
	}
	return time.UnixMilli(m.d.DecayBaseMS).UTC()
}

// Open takes the sleep lock (waiting while another run holds it, see
// lockSleep) and opens the vault's git store and index for a run of its
// own (the CLI's, the daemon's nightly one); Close releases them and the
// lock.
func Open(ctx context.Context, l vault.Layout, opts Options) (*Sleeper, error) {
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	hold, err := lockSleep(ctx, l, log)
	if err != nil {
		return nil, err
	}
	s, err := open(ctx, l, opts, hold)
	if err != nil {
		hold.unlock()
		return nil, err
	}
	return s, nil
}

// open is Open once the sleep lock is held; the Sleeper lets go of hold
// when it is closed.
func open(ctx context.Context, l vault.Layout, opts Options, hold *sleepHold) (*Sleeper, error) {
	git, err := gitstore.Open(l.Root)
	if err != nil {
		return nil, err
	}
	// As opening the store settles a killed git's leftovers: a daemon
	// killed in its heartbeat's write left a temp file of daemon.json
	// (removed only while no daemon runs). Harmless but for the clutter.
	if _, err := vault.SettleDaemonTemps(l); err != nil && opts.Logger != nil {
		opts.Logger.Warn("maintain: "+err.Error(), "vault", l.Root)
	}
	// And a killed memorizer's or sync's (the batch manifest's, sync.json's),
	// when no memorizer runs.
	vault.SettleMemorizerTemps(l)
	ix, err := index.Open(ctx, l, index.Options{Logger: opts.Logger})
	if err != nil {
		return nil, err
	}
	s, err := New(l, git, ix, opts)
	if err != nil {
		ix.Close()
		return nil, err
	}
	s.owned, s.hold = true, hold
	return s, nil
}

// refresh brings the index up to date with the working tree. A damaged
// page it finds has the index rebuilt when this Sleeper opened it (the
// CLI's run); a daemon's memorizer, whose index a Sleeper borrows,
// rebuilds its own.
func (s *Sleeper) refresh(ctx context.Context) error {
	_, err := s.ix.Refresh(ctx)
	if !s.owned || !index.IsCorrupt(err) {
		return err
	}
	s.ix.Close()
	ix, err := index.OpenChecked(ctx, s.l, index.Options{Logger: s.log}, func(ix *index.Index) error {
		_, err := ix.Refresh(ctx)
		return err
	})
	if err != nil {
		return err
	}
	s.ix = ix
	return nil
}

// Close closes what Open opened and lets go of the sleep lock. Closing
// again does nothing.
func (s *Sleeper) Close() error {
	if !s.owned {
		return nil
	}
	s.owned = false
	err := s.ix.Close()
	if uerr := s.hold.unlock(); err == nil {
		err = uerr
	}
	return err
}
