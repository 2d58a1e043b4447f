package observer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/index"
)

// Options tune a Memorizer. Zero values take the defaults.
type Options struct {
	// Logger receives warnings (credentials redacted, text cut, a corrupt
	// state.json, an ignored calibration) and one line per batch. Nil means
	// slog.Default().
	Logger *slog.Logger
	// Now is the clock of commits, quarantine records and state.json
	// (default time.Now).
	Now func() time.Time
	// Author and AuthorEmail sign the memorizer's commits (default
	// cortex-daemon <daemon@cortex.local>).
	Author, AuthorEmail string
	// BatchLines is the most lines one batch (one commit) takes (default
	// DefaultBatchLines).
	BatchLines int
	// Role is written beside the pid in observer/memorizer.lock (see
	// vault.TryLockMemorizer): "daemon" for the daemon's memorizer.
	Role string
	// Progress, when set, is called as Process works through the buffer,
	// with the bytes accounted for and the bytes pending when it began.
	Progress func(done, total int64)
	// GitQuietWait bounds how long Process, with lines pending, waits for
	// a person's git commands to be quiet before it gathers them
	// (gitstore.Store.WaitGitQuiet), and each commit before it takes
	// index.lock (gitstore.Options.GitQuietWait); 0: gitstore's default
	// (1s) for the commit, no wait before gathering. The daemon's is
	// DaemonGitQuietWait.
	GitQuietWait time.Duration
	// GitQuietPeriod is how long no git process must have worked in the
	// vault's repository for a commit to go on (gitstore's default, 50ms;
	// the daemon's DaemonGitQuietPeriod).
	GitQuietPeriod time.Duration
}

// DaemonGitQuietWait is how long the daemon waits for a person's git
// commands to be quiet before it gathers pending lines into a commit, and
// before the commit takes index.lock (git fails, it does not wait, on the
// index.lock a commit holds): the lines are safe in the buffer meanwhile
// and land together in one commit, and a script's git loop (a rebase, a
// test harness) shorter than this never meets the daemon's lock. Past it
// the commit goes between two of git's commands.
const DaemonGitQuietWait = 2 * time.Minute

// DaemonGitQuietPeriod is the pause in a person's git commands the daemon
// takes for the end of them: a script's commands follow each other within
// milliseconds, but on a loaded machine (load 10 on 2 cores, measured) a
// loop pauses now and then for a few hundred; a person's commands are
// seconds apart.
const DaemonGitQuietPeriod = time.Second

// waitGitQuiet waits, at most until *deadline (set to quietWait from now
// at the first wait of a Process), for a person's git commands to be quiet
// (see DaemonGitQuietWait). again reports that git was at work: the lines
// are to be read again, since more may have come meanwhile.
func (m *Memorizer) waitGitQuiet(ctx context.Context, deadline *time.Time) (again bool) {
	w, ok := m.git.(interface {
		WaitGitQuiet(context.Context, time.Duration) (seen, busy bool)
	})
	if m.quietWait <= 0 || !ok {
		return false
	}
	// Real time, not the clock of the documents (a test's stands still).
	if deadline.IsZero() {
		*deadline = time.Now().Add(m.quietWait)
	}
	wait := time.Until(*deadline)
	if wait <= 0 {
		return false // waited long enough: the commit goes between two of git's commands
	}
	seen, busy := w.WaitGitQuiet(ctx, wait)
	if busy {
		m.log.Debug("memorizer: git kept working in the repository; committing between two of its commands", "waited", m.quietWait)
	}
	return seen && ctx.Err() == nil
}

// aheadStore is a committer that can look for a person's git ahead of a
// wait for quiet (gitstore.Store.LookAhead).
type aheadStore interface {
	QuietConfirm() time.Duration
	LookAhead()
}

// QuietLead is how long before its next batch a look for a person's git
// (LookAhead) spares that batch's wait for quiet its confirmation's sleep
// (gitstore.Store.LookAhead): 0 when the memorizer does not wait.
func (m *Memorizer) QuietLead() time.Duration {
	w, ok := m.git.(aheadStore)
	if m.quietWait <= 0 || !ok {
		return 0
	}
	return w.QuietConfirm()
}

// LookAhead looks for a person's git QuietLead before the next batch: the
// first of the two looks its wait for quiet makes (see QuietLead).
func (m *Memorizer) LookAhead() {
	if w, ok := m.git.(aheadStore); ok && m.quietWait > 0 {
		w.LookAhead()
	}
}

// MemorizerRoleDaemon is the Role of the daemon's memorizer.
const MemorizerRoleDaemon = "daemon"

// DefaultBatchLines is the default size of a batch. A batch is one commit:
// big enough that a backlog is memorized in few commits, small enough that a
// batch's documents and edits sit comfortably in memory.
const DefaultBatchLines = 1000

// Result says what one Process did. Lines = Memorized + Reinforced +
// Operations + Quarantined + Skipped.
type Result struct {
	// Lines is the number of buffer lines accounted for.
	Lines int
	// Memorized lines became new documents.
	Memorized int
	// Reinforced lines matched a document already known (same source_hash)
	// and reinforced it.
	Reinforced int
	// Operations are lines with an op (resolve, supersede, reinforce).
	Operations int
	// Quarantined lines were recorded in observer/quarantine.jsonl.
	Quarantined int
	// Skipped lines are empty, or repeat an observation already accounted
	// for (same content, same timestamp: a replay), and changed nothing.
	Skipped int
	// Commits are the hashes of the commits made, oldest first.
	Commits []string
	// Offset is the buffer offset accounted for when Process returned.
	Offset int64
	// LockHeld is how long the commits held git's index.lock.
	LockHeld time.Duration
	// Stopped reports that ProcessUntil's stop ended the run between two
	// batches, with lines still pending (nothing packed or rotated).
	Stopped bool
}

// personsOperation refuses a batch, before anything is written, while a
// person's rebase is in progress in the vault's repository
// (gitstore.Store.PersonsOperation): the working tree and the index are
// the rebase's until it ends (a new document at a path a later pick
// brings stops that pick; the commit's index.lock fails the step it
// meets), and the commit would be refused anyway. The lines wait in the
// buffer; the daemon waits for the rebase to end without counting a
// failure.
func (m *Memorizer) personsOperation() error {
	po, ok := m.git.(interface{ PersonsOperation() string })
	if !ok {
		return nil
	}
	if op := po.PersonsOperation(); op != "" {
		return fmt.Errorf("memorize: %w: a %s in %s; the observations wait in the buffer until it is finished or aborted",
			gitstore.ErrPersonsOperation, op, m.l.Root)
	}
	return nil
}

// lockHeld is what the git store says of its index.lock (see
// gitstore.Store.LockHeld); zero for a store that does not say.
func (m *Memorizer) lockHeld() time.Duration {
	if lh, ok := m.git.(interface{ LockHeld() time.Duration }); ok {
		return lh.LockHeld()
	}
	return 0
}

func (r *Result) add(t Totals) {
	r.Lines += int(t.Lines)
	r.Memorized += int(t.Memorized)
	r.Reinforced += int(t.Reinforced)
	r.Operations += int(t.Operations)
	r.Quarantined += int(t.Quarantined)
	r.Skipped += int(t.Skipped)
}

// committer is the part of the git store the memorizer uses; tests swap in
// one that fails.
type committer interface {
	Commit(ctx context.Context, req gitstore.CommitRequest) (plumbing.Hash, error)
	HeadFile(path string) ([]byte, bool, error)
	LastTrailer(ctx context.Context, key, authorEmail string) (string, plumbing.Hash, bool, error)
	Uncommitted(path string) (bool, error)
	SettleChildren() ([]string, error)
}

// Memorizer turns the buffer's lines into committed documents (SPEC §5). It
// holds the vault's memorizer lock from Open to Close: one memorizer per
// vault, so the exactly-once bookkeeping has a single writer.
type Memorizer struct {
	l     vault.Layout
	log   *slog.Logger
	now   func() time.Time
	sig   gitstore.Signature
	lines int
	role  string // Options.Role
	// quietWait is Options.GitQuietWait.
	quietWait time.Duration
	// progress is Options.Progress.
	progress func(done, total int64)
	tx       *doc.Taxonomy
	cal      *vault.Calibration
	calMsg   string // the calibration warnings last logged
	git      committer
	ix       *index.Index
	lock     *vault.MemorizerHold

	// died is set when the previous memorizer ended without Close: the
	// next batches are smaller (see shrinkBatch).
	died bool
	// warm is set once a batch of this memorizer has finished.
	warm bool
	// committed is when this memorizer last committed, maintained when it
	// last ran the git store's maintenance (see maintain).
	committed, maintained time.Time
	maintainTook          time.Duration // the last maintenance's length
	compacted             time.Time     // when this memorizer last compacted the repository
	compactTook           time.Duration // the last compaction's length
	opened                time.Time     // when Open returned: a stream's maintenance waits maintainBusyEvery from it
	// released is the commit time as of which memory was last handed back
	// to the system (see releaseMemory).
	released time.Time

	refreshed time.Time // when the index was last refreshed from the working tree
	newID     func() string
	// beforeRead, for tests, runs as loadDoc is about to read a document
	// it found committed: a person's editor writing at that moment.
	beforeRead func(rel string)
	// beforePlace, for tests, runs as a batch is about to be written in
	// place.
	beforePlace func()

	// seen are the keys of the buffer's lines accounted for (seen.go).
	seen seenLines
	// held are the quarantine's records by offset (requarantine.go).
	held heldLines

	// leftWarned names the staging files housekeeping could not move that
	// were already logged, so each is logged once per memorizer.
	leftWarned map[string]bool

	// waiting is the last look at the quarantine for lines waiting for a
	// person's commit; heldRefused the records among them this memorizer
	// leaves to a person (heldretry.go).
	waiting     heldCheck
	heldRefused map[heldKey]bool

	// crashAfter stops a batch right after the named step, as a kill -9
	// would, leaving every file as it is; tests only.
	crashAfter step
}

// step names the points between the stages of a batch.
type step int

const (
	stepNone        step = iota
	stepStaged           // documents and originals written to observer/staging
	stepManifest         // batch.json written
	stepMoved            // documents in place, edits applied
	stepCommitted        // the commit made
	stepIndexed          // index updated
	stepQuarantined      // quarantine records appended
	stepSaved            // state.json advanced
)

// errCrash is what a batch stopped by crashAfter returns.
var errCrash = errors.New("simulated crash")

// indexRefreshEvery bounds how stale the index may be about documents
// people add or edit by hand: Process refreshes it (a stat walk) at most
// this often. The memorizer's own changes are indexed as they commit; under
// a daemon, hand edits are indexed as they happen (see handIndex), and this
// refresh is the fallback where file events do not arrive.
const indexRefreshEvery = time.Minute

// Open opens the memorizer of the vault l: it takes the memorizer lock,
// loads the taxonomy (an invalid one is an error) and the calibration
// (problems are logged as warnings, the defaults apply), opens the git
// store and the index (a corrupt or missing index is rebuilt), and recovers
// a batch a crash interrupted.
func Open(ctx context.Context, l vault.Layout, opts Options) (*Memorizer, error) {
	m := &Memorizer{l: l, log: opts.Logger, now: opts.Now, lines: opts.BatchLines, newID: doc.NewID, progress: opts.Progress,
		role: opts.Role, leftWarned: map[string]bool{}, heldRefused: map[heldKey]bool{}, quietWait: opts.GitQuietWait, seen: seenLines{fs: l.FS(), path: seenPath(l)}}
	if m.log == nil {
		m.log = slog.Default()
	}
	if m.now == nil {
		m.now = time.Now
	}
	if m.lines <= 0 {
		m.lines = DefaultBatchLines
	}
	m.sig = gitstore.DaemonSignature()
	if opts.Author != "" {
		m.sig.Name = opts.Author
	}
	if opts.AuthorEmail != "" {
		m.sig.Email = opts.AuthorEmail
	}
	// What can be checked without writing comes first: a refused Open
	// leaves no trace in the folder.
	if err := m.loadConfig(); err != nil {
		return nil, err
	}
	gs, err := gitstore.OpenWith(l.Root, gitstore.Options{Signature: m.sig, Now: m.now, GitQuietWait: opts.GitQuietWait, GitQuietPeriod: opts.GitQuietPeriod})
	if err != nil {
		return nil, fmt.Errorf("memorizer: %w", err)
	}
	m.git = gs
	if err := m.takeLock(); err != nil {
		return nil, err
	}
	// A daemon killed while it wrote its heartbeat left a temp file of
	// daemon.json that no one else removes; settled here when no daemon
	// runs, as git's leftovers are when the store opens. It is harmless
	// but for the clutter: a failure is only logged.
	if removed, err := vault.SettleDaemonTemps(l); err != nil {
		m.log.Warn("memorizer: "+err.Error(), "vault", l.Root)
	} else if len(removed) > 0 {
		m.log.Info("memorizer: removed what a killed daemon left", "paths", removed)
	}
	ok := false
	defer func() {
		if !ok {
			m.Close()
		}
	}()
	if err := m.openIndex(ctx); err != nil {
		return nil, err
	}
	if err := m.recover(ctx, true); err != nil {
		return nil, err
	}
	if err := m.shrinkBatch(); err != nil {
		return nil, err
	}
	ok = true
	m.opened = m.now()
	return m, nil
}

// shrinkBatch quarters the size of the next batch (down to one line) when
// the previous memorizer died — whether recovery then undid its batch or
// it was killed while it planned, before anything was staged: when kills
// come faster than a batch takes, a batch of the full size would be undone
// every time and nothing would ever be committed again. (A batch undone
// after a failed commit in a living memorizer keeps its size: time was not
// what it lacked.) The size is kept in state.json,
// so each restart starts below what the last one could finish (half of a
// size that committed and was then doubled), and each batch that commits
// doubles it back (see batchLimit).
func (m *Memorizer) shrinkBatch() error {
	if !m.died {
		return nil
	}
	m.died = false
	st, warn, err := LoadState(m.l)
	if err != nil || warn != "" {
		return err // a corrupt state.json is reported by Process
	}
	if next := max(1, m.batchLimit(st)/4); next != st.BatchLines {
		st.BatchLines = next
		if err := SaveState(m.l, st); err != nil {
			return err
		}
		m.log.Info("memorizer: the last batch did not finish; the next ones start smaller", "lines", next)
	}
	return nil
}

// batchLimit is the most lines the next batch takes: state.json's size,
// and, until a batch of this memorizer has finished, no more than an
// eighth of the configured size — a restart with a backlog commits
// something soon, even when it is killed again before a full batch could
// finish.
func (m *Memorizer) batchLimit(st State) int {
	n := m.lines
	if st.BatchLines > 0 && st.BatchLines < n {
		n = st.BatchLines
	}
	if first := m.lines / 8; !m.warm && first > 0 {
		n = min(n, first)
	}
	return n
}

// grownBatch is the BatchLines to save after a batch that committed.
func (m *Memorizer) grownBatch(st State) int {
	if st.BatchLines <= 0 || st.BatchLines*2 >= m.lines {
		return 0
	}
	return st.BatchLines * 2
}

// takeLock takes the memorizer lock without waiting (see
// vault.TryLockMemorizer). A holder that ended without Close (its pid is
// left in the file) means the previous memorizer died.
func (m *Memorizer) takeLock() error {
	fl, err := vault.TryLockMemorizer(m.l, m.role)
	if err != nil {
		return err
	}
	// A pid left in the file is that of a memorizer that died without
	// Close (which empties it).
	m.died = fl.Stale
	m.lock = fl
	return nil
}

// loadConfig reads the taxonomy (an invalid one is an error: the memorizer
// never falls back to the defaults behind a person's back) and the
// calibration (read on every batch; its warnings are logged when they
// change, not on every batch).
func (m *Memorizer) loadConfig() error {
	tx, err := doc.LoadTaxonomy(m.l.Root)
	if err != nil {
		return fmt.Errorf("memorizer: %w", err)
	}
	m.tx = tx
	cal, warns := vault.LoadCalibration(m.l.Root)
	if msg := strings.Join(warns, "; "); msg != m.calMsg {
		for _, w := range warns {
			m.log.Warn(w)
		}
		m.calMsg = msg
	}
	m.cal = cal
	return nil
}

// refreshIndex brings the index up to date with the working tree. A
// damaged page the refresh finds (a kill -9 on a disk that reorders
// writes) has the index rebuilt: it is derived, and a daemon failing every
// batch on it would never recover.
func (m *Memorizer) refreshIndex(ctx context.Context) error {
	_, err := m.ix.Refresh(ctx)
	if index.IsCorrupt(err) {
		m.ix.Close()
		m.ix = nil
		return m.openIndex(ctx)
	}
	if err != nil {
		return fmt.Errorf("memorizer: %w", err)
	}
	m.refreshed = m.now()
	return nil
}

// openIndex opens the index and refreshes it, rebuilding it when the
// refresh finds it damaged (index.OpenChecked).
func (m *Memorizer) openIndex(ctx context.Context) error {
	ix, err := index.OpenChecked(ctx, m.l, index.Options{Logger: m.log}, func(ix *index.Index) error {
		_, err := ix.Refresh(ctx)
		return err
	})
	if err != nil {
		return fmt.Errorf("memorizer: %w", err)
	}
	m.ix, m.refreshed = ix, m.now()
	return nil
}

// reopenIndex opens the index again when its file is no longer the one
// opened: `cortex rebuild-index` swapped a new one in, or it was deleted
// (Open builds it again). Writes into the old file would be lost to every
// reader. The reopened index is refreshed: what was written into the old
// file after the rebuild walked the tree is not in the new one.
func (m *Memorizer) reopenIndex(ctx context.Context) error {
	if m.ix != nil {
		replaced, err := m.ix.Replaced()
		if err != nil {
			return fmt.Errorf("memorizer: %w", err)
		}
		if !replaced {
			return nil
		}
		m.log.Info("memorizer: the index file was replaced or removed; opening it again", "path", m.l.IndexDB())
		m.ix.Close()
		m.ix = nil
	}
	return m.openIndex(ctx)
}

// repairMessage is the message of a commit that puts back documents a
// person's git dropped (see repairCommits).
const repairMessage = "memorize: commit again documents a concurrent git commit dropped"

// repairCommits runs, once nothing is pending, a commit without paths: the
// git store then commits again any document it committed lately that a
// person's racing `git commit` dropped from the index (gitstore.Store.Commit
// says how), which a batch's commit would otherwise do only when the next
// observation comes. It costs a stat of the recent documents and, only
// when somebody else wrote git's index since, a read of it. A failure is
// logged: the next batch's commit repairs as well.
func (m *Memorizer) repairCommits(ctx context.Context, res *Result) {
	h, err := m.git.Commit(ctx, gitstore.CommitRequest{Message: repairMessage})
	switch {
	case errors.Is(err, gitstore.ErrNothingToCommit):
	case err != nil:
		m.log.Warn("memorizer: could not commit again what a concurrent git commit dropped; the next batch will", "err", err)
	default:
		m.log.Warn("memorizer: committed again documents a concurrent git commit had dropped from git's index", "commit", h.String())
		res.Commits = append(res.Commits, h.String())
	}
}

// Maintenance of the git repository (packing, see gitstore.Store.Maintain)
// runs at quiet times: when Process finds nothing pending, at least
// maintainQuiet after the last commit, and at most every maintainEvery.
// Under a stream that never leaves a quiet time, it runs when the store
// says git's thresholds are passed (gitstore.Store.MaintenanceDue), at
// most every maintainBusyEvery and, like the commit gap, no sooner than
// lockDutyFactor times its last run's length after it: the store waits
// while git gc runs, at most 1/20 of the time.
const (
	maintainQuiet     = time.Minute
	maintainEvery     = 10 * time.Minute
	maintainBusyEvery = time.Minute
)

// maintain runs the git store's maintenance when its time has come (see
// above); a failure is logged and tried again later.
func (m *Memorizer) maintain(ctx context.Context) {
	gs, ok := m.git.(interface {
		Maintain(context.Context) (bool, error)
	})
	if !ok {
		return
	}
	now := m.now()
	quiet := now.Sub(m.committed) >= maintainQuiet && (m.maintained.IsZero() || now.Sub(m.maintained) >= maintainEvery)
	if !quiet {
		due, ok := m.git.(interface{ MaintenanceDue() bool })
		last := m.maintained
		if last.IsZero() {
			last = m.opened
		}
		if !ok || now.Sub(last) < max(maintainBusyEvery, lockDutyFactor*m.maintainTook) || !due.MaintenanceDue() {
			return
		}
	}
	m.runTimed(ctx, gs.Maintain, now, &m.maintained, &m.maintainTook,
		"memorizer: git maintenance failed; tried again later", "memorizer: git maintenance (git gc --auto)", "quiet", quiet)
}

// runTimed runs one of the store's maintenance steps and keeps when (now)
// and how long it ran in *last and *took; a step that failed counts as run
// (tried again after its interval), one that did not run (a person's git
// at work) leaves them, to be looked at again next time.
func (m *Memorizer) runTimed(ctx context.Context, run func(context.Context) (bool, error), now time.Time, last *time.Time, took *time.Duration, failed, done string, attrs ...any) {
	start := time.Now()
	ran, err := run(ctx)
	switch {
	case err != nil:
		m.log.Warn(failed, "err", err)
	case ran:
		*took = time.Since(start)
		m.log.Info(done, append([]any{"took", took.Round(time.Millisecond)}, attrs...)...)
	default:
		return
	}
	*last = now
}

// compactDutyFactor: after a compaction of length d, the next waits at
// least compactDutyFactor·d (see compact).
const compactDutyFactor = 4

// compact packs what the git store wrote lately once it asks for it
// (gitstore.Store.CompactDue: the bytes it wrote since the last compaction
// against the bytes of the packs — a trigger by what was written, not by
// the clock), when Process has caught up with what was pending when it
// began (after each batch of a stream; once after a backlog, not between
// its batches), so that .git stays within about twice what `git gc` makes
// while a stream lasts. It runs no sooner than
// compactDutyFactor times its last run's length after it: the store's
// commits wait while it runs, at most 1/5 of the time. That is more than
// the 1/20 of index.lock (lockDutyFactor) because it holds none of git's
// locks — a person's git goes on — and because a run costs about what was
// written since the last one (~25 ms a MB of loose trees here): a tighter
// limit lets the loose bytes grow faster than runs can follow under a
// dense stream into a large month folder (measured: with 19×, each run
// took longer than the last, 0.15 s to 2 s within a minute, and .git grew
// to 6× git gc's). Meanwhile observations gather into the next batch,
// which makes fewer commits. A failure is logged and tried again after
// the next batch.
func (m *Memorizer) compact(ctx context.Context) {
	gs, ok := m.git.(interface {
		CompactDue() bool
		Compact(context.Context) (bool, error)
	})
	if !ok {
		return
	}
	now := m.now()
	if !m.compacted.IsZero() && now.Sub(m.compacted) < compactDutyFactor*m.compactTook || !gs.CompactDue() {
		return
	}
	m.runTimed(ctx, gs.Compact, now, &m.compacted, &m.compactTook,
		"memorizer: packing the git repository failed; tried again later", "memorizer: packed the git repository (git repack --geometric=2)")
}

// releaseMemory hands the memory of the batches back to the system once the
// memorizer finds nothing pending after a commit: a commit reads git's
// index and the trees on its paths (tens of MB at 100,000 documents),
// little of which stays live, and Go would otherwise return the rest only
// slowly — an idle daemon would keep the size of its last commit.
func (m *Memorizer) releaseMemory() {
	if !m.committed.After(m.released) {
		return
	}
	m.released = m.committed
	debug.FreeOSMemory()
}

// Process runs the pipeline over everything pending, batch after batch, and
// returns once every line that was complete when it started is accounted
// for. An error leaves the batch in hand staged and the offset where it
// was: the next Process recovers it first, so calling Process again (with a
// backoff) is always the right response. A cancelled ctx stops Process
// between batches; a batch whose commit has begun is always finished.
// Calls must not overlap (the daemon calls it from one goroutine).
func (m *Memorizer) Process(ctx context.Context) (res Result, err error) {
	return m.ProcessUntil(ctx, nil)
}

// ProcessUntil is Process that also ends between two batches once stop is
// closed — a person's first Ctrl-C, a daemon's SIGTERM: the batch in hand
// is finished and committed, the next is not started, and nothing else
// (packing the repository, the memory handed back) is done; res.Stopped
// says so. Cancelling ctx still cuts the batch in hand short.
func (m *Memorizer) ProcessUntil(ctx context.Context, stop <-chan struct{}) (res Result, err error) {
	held := m.lockHeld()
	defer func() { res.LockHeld = m.lockHeld() - held }()
	if err := m.personsOperation(); err != nil {
		return res, err
	}
	if err := m.reopenIndex(ctx); err != nil {
		return res, err
	}
	if err := m.recover(ctx, false); err != nil {
		return res, err
	}
	if removed, err := m.git.SettleChildren(); err != nil {
		m.log.Warn("memorizer: "+err.Error(), "vault", m.l.Root)
	} else if len(removed) > 0 {
		m.log.Warn("memorizer: removed what a killed git of ours left", "paths", removed)
	}
	if m.now().Sub(m.refreshed) >= indexRefreshEvery {
		if err := m.refreshIndex(ctx); err != nil {
			return res, err
		}
	}
	// Before the buffer is looked at: the lines sent again are read in
	// this very run.
	if _, err := m.retryHeld(ctx); err != nil {
		return res, err
	}
	start, err := statBuffer(m.l.Buffer())
	if err != nil {
		return res, err
	}
	var quietUntil time.Time // see waitGitQuiet
	replans := 0             // batches planned again: a person saved a document as it was written
	progress := func(int64) {}
	if p := m.progress; p != nil {
		if st, _, err := LoadState(m.l); err == nil && start.Size > st.Offset {
			base := st.Offset
			progress = func(off int64) { p(max(off-base, 0), start.Size-base) }
		}
	}
	for {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		select {
		case <-stop:
			res.Stopped = true
			return res, nil
		default:
		}
		// Both files are read for every batch: an edit applies from the
		// next batch, without a restart.
		if err := m.loadConfig(); err != nil {
			return res, err
		}
		st, warn, err := LoadState(m.l)
		if err != nil {
			return res, err
		}
		if warn != "" {
			m.log.Warn(warn)
			if err := m.recover(ctx, true); err != nil {
				return res, err
			}
			if st, _, err = LoadState(m.l); err != nil {
				return res, err
			}
		}
		if err := m.seen.sync(); err != nil {
			return res, err
		}
		if st, err = m.healSeen(st); err != nil {
			return res, err
		}
		v, err := statBuffer(m.l.Buffer())
		if err != nil {
			return res, err
		}
		from, replaced := startOffset(st, v)
		if replaced {
			m.log.Warn("buffer replaced or truncated since the last run: reading it again from the start (known observations are recognized, not duplicated)",
				"buffer", m.l.Buffer(), "offset", st.Offset, "size", v.Size)
		}
		res.Offset = from
		if !v.Exists {
			return res, nil
		}
		if err := m.personsOperation(); err != nil {
			return res, err
		}
		lines, id, err := readLines(m.l.Buffer(), from, m.batchLimit(st), maxBatchBytes)
		if err != nil {
			return res, err
		}
		if id != v.ID { // replaced between the stat and the open: look again
			continue
		}
		if len(lines) == 0 {
			if replaced {
				// Remember the new file, so the next run does not warn again.
				st.Buffer, st.Offset, st.KeyedTo = id, 0, 0
				if err := SaveState(m.l, st); err != nil {
					return res, err
				}
			}
			m.repairCommits(ctx, &res)
			m.maintain(ctx)
			m.releaseMemory()
			return res, nil
		}
		if m.waitGitQuiet(ctx, &quietUntil) {
			continue
		}
		if replaced {
			st.Offset, st.KeyedTo = 0, 0
		}
		release, err := m.shareSleepLock(ctx)
		if err != nil {
			return res, err
		}
		t, commit, err := m.runBatch(ctx, st, id, lines)
		release()
		var pe *editingError
		if errors.As(err, &pe) && replans < maxReplans {
			// A person saved a document of the batch while it was being
			// written: undone, and planned again from the same offset.
			m.log.Info("a document changed as its batch was written; the batch is planned again", "path", pe.path)
			if err := m.recover(ctx, false); err != nil {
				return res, err
			}
			replans++
			continue
		}
		if err != nil {
			return res, err
		}
		m.warm = true
		if commit != "" {
			m.committed = m.now()
		}
		res.add(t)
		if commit != "" {
			res.Commits = append(res.Commits, commit)
		}
		res.Offset = lines[len(lines)-1].End
		progress(res.Offset)
		if id == start.ID && res.Offset >= start.Size {
			// Caught up: a stream's one batch, or a backlog's last (a
			// backlog is packed once, not between its batches). Asked to
			// stop, the memorizer leaves the packing to the next run.
			select {
			case <-stop:
				return res, nil
			default:
			}
			if len(res.Commits) > 0 {
				m.compact(ctx)
			}
			m.maintain(ctx)
			return res, nil
		}
	}
}

// shareSleepLock takes the vault's sleep lock shared for one batch (see
// vault.Layout.SleepLock), waiting while a run of the sleep cycle — a
// `cortex maintain` beside the daemon — holds it: the run plans from the
// memories' bytes and writes them later, and a reinforcement committed in
// between was lost in the run's archive (harness, session 12 world 117).
// Batches hold it for their length only; the daemon's own runs come
// between batches.
func (m *Memorizer) shareSleepLock(ctx context.Context) (release func(), err error) {
	path := m.l.SleepLock()
	fl, err := m.l.FS().FlockIn(path, 0o644)
	if err != nil {
		return nil, fmt.Errorf("memorize: sleep lock: %w", err)
	}
	ok, err := fl.TryRLock()
	if err == nil && !ok {
		m.log.Info("memorizer: waiting for the sleep cycle's run to end", "lock", path)
		ok, err = fl.TryRLockContext(ctx, sleepLockRetry)
	}
	if err != nil || !ok {
		if err == nil {
			err = ctx.Err()
		}
		return nil, fmt.Errorf("memorize: sleep lock %s: %w", path, err)
	}
	return func() { _ = fl.Unlock() }, nil
}

// sleepLockRetry is how often a batch waiting for a sleep run tries the
// lock again.
const sleepLockRetry = 20 * time.Millisecond

// maxReplans bounds the batches one run plans again because a person
// saved one of their documents as it was written: planned again, such a
// document is the person's and its line waits, so one more is the rule;
// past the bound, the error ends the run and the next one recovers.
const maxReplans = 3

// Close releases the index and the memorizer lock. A batch left staged
// stays staged for the next Open.
func (m *Memorizer) Close() error {
	var err error
	if m.ix != nil {
		err = m.ix.Close()
		m.ix = nil
	}
	if m.lock != nil {
		// Unlock empties the file: the next memorizer sees this one ended
		// cleanly.
		if uerr := m.lock.Unlock(); uerr != nil && err == nil {
			err = uerr
		}
		m.lock = nil
	}
	return err
}
