package observer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/gofrs/flock"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/index"
)

// Defaults of DaemonOptions.
const (
	DefaultPollInterval = 30 * time.Second
	DefaultDebounce     = 10 * time.Millisecond
	DefaultMaxDelay     = 100 * time.Millisecond
	DefaultCommitGap    = time.Second
	DefaultStreamGap    = 330 * time.Millisecond
	DefaultHeartbeat    = 5 * time.Second
	DefaultMinBackoff   = time.Second
	DefaultMaxBackoff   = 2 * time.Minute
	DefaultLockWait     = time.Second
	DefaultReleaseAfter = 5 * time.Second
)

// DaemonOptions tunes a Daemon. Zero values take the defaults.
type DaemonOptions struct {
	// Logger receives the daemon's and the memorizer's logs (default
	// slog.Default()).
	Logger *slog.Logger
	// Now is the clock of the heartbeat and of the memorizer.
	Now func() time.Time
	// Memorizer is passed to Open; its Logger and Now default to the
	// daemon's.
	Memorizer Options
	// PollInterval is how often the buffer is looked at without a file
	// event: the fallback where fsnotify is silent (network file systems,
	// a full event queue).
	PollInterval time.Duration
	// Debounce is the quiet time after a change of the buffer before a batch
	// starts, so that a burst of appends becomes one batch; MaxDelay bounds
	// the wait under a steady stream of appends.
	Debounce, MaxDelay time.Duration
	// CommitGap bounds the gap kept between the end of one batch and the
	// start of the next: lockDutyFactor times what the last batch held
	// git's index.lock, so that it is held at most 5% of the time — a
	// person's git command fails on it, and does not wait. A stream of
	// observations (one every 40 ms, say) is thus committed a few at a
	// time rather than one commit each; a lone observation after a quiet
	// spell waits Debounce only. Negative: no gap.
	CommitGap time.Duration
	// StreamGap is the least gap kept between one batch and the next,
	// whatever the lock's hold: a batch costs a commit and an index update
	// (tens of milliseconds of CPU in a vault of 20,000 documents), and a
	// hold of a few milliseconds alone spaces batches less than a steady
	// stream of observations (14 a second) is spaced, so that each would
	// be a commit of its own. A lone observation after a quiet spell does
	// not wait for it. Negative: none.
	//
	// The default, 330 ms (200 before), spends on coalescing the 50 ms the
	// look ahead for a person's git took out of every batch's latency (see
	// ahead in Run): a line waits half a cycle (gap and batch) on average
	// before its batch starts, so the same observe → committed p50 (about
	// 225–245 ms at 14 observations a second into 20,000 documents, 2-core
	// VM) allows a cycle about 100 ms longer — a fifth fewer commits and a
	// fifth less daemon CPU in that stream (docs/benchmarks-speed.md,
	// session 22); p95 moved by −20 to +50 ms in the runs there.
	StreamGap time.Duration
	// IndexDebounce is the quiet time after a hand edit of a memory folder
	// before the index takes it, so that an editor's save (a write, or a
	// new file and a rename) and a burst of edits are one update;
	// IndexMaxDelay bounds the wait under a steady stream of edits.
	IndexDebounce, IndexMaxDelay time.Duration
	// Heartbeat is how often .cortex/daemon.json is rewritten.
	Heartbeat time.Duration
	// MinBackoff and MaxBackoff bound the wait before a failed batch is
	// tried again; it doubles with every failure in a row.
	MinBackoff, MaxBackoff time.Duration
	// RotateSize is the size past which a fully processed buffer is rotated
	// (default RotateSize; negative: never).
	RotateSize int64
	// LockWait is how long StartDaemon waits for the daemon lock, which a
	// status check may hold for an instant, before reporting another daemon.
	LockWait time.Duration
	// Sleep, when set, is called at every poll, between batches (so it
	// never writes while a batch does): the sleep cycle's schedule (package
	// rules, wired by the command) decides there whether a run is due.
	Sleep func(ctx context.Context)
	// Sync, when set, is run every SyncInterval between batches (so it
	// never commits at the same time as the memorizer, whose lock the
	// daemon holds), first SyncInterval/10 after the start. A failure
	// (offline, say) is logged and tried again after a backoff growing up
	// to 12 intervals; an error wrapping ErrSyncWait (a person's merge or
	// rebase in progress) waits one interval without counting as one.
	Sync         func(ctx context.Context) error
	SyncInterval time.Duration
	// ReleaseAfter is the quiet time after the last batch that memorized
	// something (or the last update of the index for hand edits) after
	// which the daemon hands the memory it no longer uses back to the
	// system (debug.FreeOSMemory): a daemon is idle most of its life, and
	// the Go runtime otherwise keeps what a stream of batches grew its
	// heap to for minutes (143 MB resident 20 s after a stream, 36 MB
	// before it). Once a quiet spell; a collection costs a few
	// milliseconds. Negative: never.
	ReleaseAfter time.Duration
	// release is what ReleaseAfter runs (tests count it); nil:
	// debug.FreeOSMemory.
	release func()
}

// ErrSyncWait marks a Sync error that is no failure: the sync waits.
var ErrSyncWait = errors.New("sync waits")

func (o DaemonOptions) withDefaults() DaemonOptions {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Memorizer.Logger == nil {
		o.Memorizer.Logger = o.Logger
	}
	if o.Memorizer.Now == nil {
		o.Memorizer.Now = o.Now
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.PollInterval, DefaultPollInterval)
	def(&o.Debounce, DefaultDebounce)
	def(&o.MaxDelay, DefaultMaxDelay)
	if o.CommitGap == 0 {
		o.CommitGap = DefaultCommitGap
	}
	if o.StreamGap == 0 {
		o.StreamGap = DefaultStreamGap
	}
	def(&o.IndexDebounce, DefaultIndexDebounce)
	def(&o.IndexMaxDelay, DefaultIndexMaxDelay)
	def(&o.Heartbeat, DefaultHeartbeat)
	def(&o.MinBackoff, DefaultMinBackoff)
	def(&o.MaxBackoff, DefaultMaxBackoff)
	def(&o.LockWait, DefaultLockWait)
	if o.ReleaseAfter == 0 {
		o.ReleaseAfter = DefaultReleaseAfter
	}
	if o.release == nil {
		o.release = debug.FreeOSMemory
	}
	o.MaxDelay = max(o.MaxDelay, o.Debounce)
	o.IndexMaxDelay = max(o.IndexMaxDelay, o.IndexDebounce)
	o.MaxBackoff = max(o.MaxBackoff, o.MinBackoff)
	if o.RotateSize == 0 {
		o.RotateSize = RotateSize
	}
	return o
}

// DaemonInfo is .cortex/daemon.json (see vault.DaemonInfo).
type DaemonInfo = vault.DaemonInfo

// ReadDaemonInfo reads .cortex/daemon.json; false when there is none.
func ReadDaemonInfo(l vault.Layout) (DaemonInfo, bool, error) { return vault.ReadDaemonInfo(l) }

// DaemonRunningError is StartDaemon's answer when the vault already has a
// daemon.
type DaemonRunningError struct {
	Lock string
	// Info is the running daemon's daemon.json, when it could be read.
	Info  DaemonInfo
	Known bool
}

func (e *DaemonRunningError) Error() string {
	if !e.Known || e.Info.PID == 0 {
		return fmt.Sprintf("another cortex daemon is running for this vault (it holds %s)", e.Lock)
	}
	return fmt.Sprintf("another cortex daemon is running for this vault: pid %d, started %s (stop it with: kill %d)",
		e.Info.PID, e.Info.Started.Local().Format(time.DateTime), e.Info.PID)
}

// lockDutyFactor: a gap of this many times the index.lock hold after each
// hold keeps the lock held at most 1/(1+lockDutyFactor) = 5% of the time.
const lockDutyFactor = 19

// processor is the part of the memorizer the daemon drives (*Memorizer).
type processor interface {
	ProcessUntil(ctx context.Context, stop <-chan struct{}) (Result, error)
	Close() error
}

// lookAheader is a processor that looks for a person's git ahead of its
// next batch (Memorizer.LookAhead).
type lookAheader interface {
	QuietLead() time.Duration
	LookAhead()
}

// Daemon runs the memorizer continuously over one vault (SPEC §5 `cortex
// daemon`): it holds the vault's daemon lock, watches observer/ with
// fsnotify and polls as a fallback, turns bursts of appends into one batch,
// retries failed batches with a capped exponential backoff, rotates the
// buffer between batches, and beats in .cortex/daemon.json. It also keeps
// the index fresh for edits people make in the memory folders (SPEC §7; see
// handIndex), and opens the index again when `cortex rebuild-index` swaps
// a new file in.
type Daemon struct {
	l    vault.Layout
	opts DaemonOptions
	log  *slog.Logger
	open func(context.Context) (processor, error)

	lock    *flock.Flock
	proc    processor
	watcher *fsnotify.Watcher // nil when fsnotify is unavailable: polling only
	events  <-chan fsnotify.Event
	errs    <-chan error
	hand    handIndex

	abortCtx context.Context // the batch in hand's context; Abort cancels it
	abort    context.CancelFunc

	infoMu sync.Mutex // guards info and the writes of daemon.json
	info   DaemonInfo

	// lastHold is how long the last batch held git's index.lock (see
	// DaemonOptions.CommitGap); only Run's goroutine uses it.
	lastHold time.Duration
	// worked: the last batch accounted for lines or made commits (see
	// DaemonOptions.ReleaseAfter); only Run's goroutine uses it.
	worked bool

	closeOnce sync.Once
	closeErr  error
}

// StartDaemon takes the vault's daemon lock, opens the memorizer (which
// refuses an invalid taxonomy.yml) and writes .cortex/daemon.json. A vault
// whose lock is held gets a *DaemonRunningError naming the running pid. Run
// the daemon with Run; Close releases it when Run is never called.
func StartDaemon(ctx context.Context, l vault.Layout, opts DaemonOptions) (*Daemon, error) {
	opts = opts.withDefaults()
	d := &Daemon{l: l, opts: opts, log: opts.Logger}
	if opts.Memorizer.Role == "" {
		opts.Memorizer.Role = MemorizerRoleDaemon
	}
	if opts.Memorizer.GitQuietWait == 0 {
		opts.Memorizer.GitQuietWait = DaemonGitQuietWait
	}
	if opts.Memorizer.GitQuietPeriod == 0 {
		opts.Memorizer.GitQuietPeriod = DaemonGitQuietPeriod
	}
	d.open = func(ctx context.Context) (processor, error) {
		m, err := Open(ctx, l, opts.Memorizer)
		if err != nil {
			return nil, err
		}
		return m, nil
	}
	if err := d.start(ctx); err != nil {
		return nil, err
	}
	return d, nil
}

// start is StartDaemon after the processor is chosen (tests swap it).
func (d *Daemon) start(ctx context.Context) error {
	for failures := 1; ; failures++ {
		err := d.l.FS().MkdirAll(d.l.CacheDir(), 0o755)
		if err == nil {
			break
		}
		if err := d.waitForSpace(ctx, fmt.Errorf("daemon: %w", err), failures); err != nil {
			return err
		}
	}
	lock, err := d.l.FS().Flock(d.l.DaemonLock(), 0o644)
	if err != nil {
		return fmt.Errorf("daemon: %w", err)
	}
	d.lock = lock
	lctx, cancel := context.WithTimeout(ctx, d.opts.LockWait)
	ok, err := d.lock.TryLockContext(lctx, 20*time.Millisecond)
	cancel()
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		if ctx.Err() != nil {
			return fmt.Errorf("daemon: %w", ctx.Err())
		}
		return fmt.Errorf("daemon lock %s: %w", d.l.DaemonLock(), err)
	}
	if !ok {
		info, known, _ := ReadDaemonInfo(d.l)
		return &DaemonRunningError{Lock: d.l.DaemonLock(), Info: info, Known: known}
	}
	// The lock is ours, so the daemon.json temp files here are a killed
	// predecessor's (one killed in the middle of its heartbeat's write).
	if removed, err := vault.RemoveDaemonTemps(d.l); err != nil {
		d.log.Warn("daemon: "+err.Error(), "vault", d.l.Root)
	} else if len(removed) > 0 {
		d.log.Info("daemon: removed what a killed daemon left", "paths", removed)
	}
	// The folders are watched before the memorizer opens: its refresh of
	// the index sees every hand edit made before the watches, and the
	// watches every edit after.
	d.watch()
	d.watchMemory()
	fail := func(err error) error {
		if d.watcher != nil {
			d.watcher.Close()
		}
		d.closeHandIndex()
		d.lock.Unlock()
		return err
	}
	for failures := 1; ; failures++ {
		err := d.begin(ctx)
		if err == nil {
			break
		}
		if err := d.waitForSpace(ctx, err, failures); err != nil {
			return fail(err)
		}
	}
	d.abortCtx, d.abort = context.WithCancel(context.WithoutCancel(ctx))
	return nil
}

// waitForSpace waits before the next try when err says the disk is full,
// the failures-th time in a row, and returns nil; it returns the error to
// give up with otherwise, or when ctx ends. A full disk passes once space
// is freed: the daemon says so and tries again with a growing wait, rather
// than exiting for its service manager to give up on it after a few
// restarts. Meanwhile it holds the vault, and status and doctor say what
// it waits for (DaemonWaiting).
func (d *Daemon) waitForSpace(ctx context.Context, err error, failures int) error {
	if !index.IsDiskFull(err) {
		return err
	}
	wait := backoff(d.opts.MinBackoff, d.opts.MaxBackoff, failures)
	d.log.Error("daemon: cannot start: the vault's disk is full; free some space (cortex doctor shows how much is left); trying again",
		"vault", d.l.Root, "err", err, "retry_in", wait, "tries", failures)
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return fmt.Errorf("daemon: %w", ctx.Err())
	case <-t.C:
		return nil
	}
}

// begin opens the memorizer and the index for hand edits, and writes the
// first daemon.json; on failure nothing of it stays open.
func (d *Daemon) begin(ctx context.Context) error {
	proc, err := d.open(ctx)
	if err != nil {
		return fmt.Errorf("daemon: %w", err)
	}
	d.proc = proc
	d.openHandIndex(ctx)
	now := d.opts.Now().UTC()
	host, _ := os.Hostname()
	d.info = DaemonInfo{PID: os.Getpid(), Host: host, Started: now, Heartbeat: now, HeartbeatMS: d.opts.Heartbeat.Milliseconds()}
	if err := d.writeInfo(); err != nil {
		proc.Close()
		d.proc = nil
		d.closeHandIndex()
		return err
	}
	return nil
}

// watch starts fsnotify on observer/ (the folder: writers create the
// buffer, rotation renames it) and on the vault's root, for changes of
// taxonomy.yml and calibration.yml (a fix of the file a failing batch
// tripped on is tried at once, not after the backoff). Without fsnotify (no
// inotify instances left, an unsupported system) the daemon polls only.
func (d *Daemon) watch() {
	if err := d.l.FS().MkdirAll(d.l.ObserverDir(), 0o755); err != nil {
		d.log.Warn("daemon: cannot create observer/; polling only", "err", err)
		return
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		d.log.Warn("daemon: file events unavailable; polling only", "every", d.opts.PollInterval, "err", err)
		return
	}
	for _, dir := range []string{d.l.ObserverDir(), d.l.Root} {
		if err := w.Add(dir); err != nil {
			d.log.Warn("daemon: cannot watch folder; polling only", "dir", dir, "err", err)
			w.Close()
			return
		}
	}
	d.watcher, d.events, d.errs = w, w.Events, w.Errors
}

// rewatch watches observer/ again when it was removed and made anew (its
// watch ends with the folder), and .cortex/ likewise; after a failure to
// watch every memory folder, it tries them again.
func (d *Daemon) rewatch() {
	if d.watcher == nil {
		return
	}
	list := d.watcher.WatchList()
	if !slices.Contains(list, d.l.ObserverDir()) && d.l.FS().MkdirAll(d.l.ObserverDir(), 0o755) == nil {
		if err := d.watcher.Add(d.l.ObserverDir()); err == nil {
			d.log.Info("daemon: watching observer/ again")
		}
	}
	if !slices.Contains(list, d.l.CacheDir()) && d.l.FS().MkdirAll(d.l.CacheDir(), 0o755) == nil {
		d.watcher.Add(d.l.CacheDir())
	}
	if d.hand.partial {
		d.watchTops()
	}
}

// Abort cancels the batch in hand, for a second interrupt: the memorizer's
// recovery finishes or rolls it back on the next start.
func (d *Daemon) Abort() {
	if d.abort != nil {
		d.abort()
	}
}

// Close stops watching, closes the memorizer, marks daemon.json stopped and
// releases the daemon lock. Run calls it; it is safe to call again.
func (d *Daemon) Close() error {
	d.closeOnce.Do(func() {
		var errs []error
		if d.watcher != nil {
			errs = append(errs, d.watcher.Close())
		}
		if d.proc != nil {
			errs = append(errs, d.proc.Close())
		}
		errs = append(errs, d.closeHandIndex())
		d.infoMu.Lock()
		d.info.Stopped = d.opts.Now().UTC()
		d.info.NextRetry = time.Time{}
		d.infoMu.Unlock()
		errs = append(errs, d.writeInfo())
		if d.abort != nil {
			d.abort()
		}
		errs = append(errs, d.lock.Unlock())
		d.closeErr = errors.Join(errs...)
	})
	return d.closeErr
}

// writeInfo writes daemon.json atomically, so a reader never sees half.
func (d *Daemon) writeInfo() error {
	d.infoMu.Lock()
	defer d.infoMu.Unlock()
	data, err := json.MarshalIndent(d.info, "", "  ")
	if err != nil {
		return fmt.Errorf("daemon info: %w", err)
	}
	if err := d.l.FS().WriteFile(d.l.DaemonInfo(), append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("daemon info: %w", err)
	}
	return nil
}

// Run processes what is pending, then every change of the buffer, until
// ctx ends; the batch in hand when it ends is finished first (Abort cuts it
// short). A failed batch never stops the daemon: it is logged and tried
// again after a backoff. Run returns after Close, with Close's error.
func (d *Daemon) Run(ctx context.Context) error {
	hbDone := make(chan struct{})
	hbStopped := make(chan struct{})
	go d.heartbeat(hbDone, hbStopped)
	// The heartbeat stops before Close marks daemon.json stopped and lets
	// go of the lock: a late beat would overwrite the next daemon's file.
	var stopOnce sync.Once
	stopHeartbeat := func() {
		stopOnce.Do(func() {
			close(hbDone)
			<-hbStopped
		})
	}
	defer stopHeartbeat()
	closeAll := func() error {
		stopHeartbeat()
		return d.Close()
	}

	events, errs := d.events, d.errs
	poll := time.NewTicker(d.opts.PollInterval)
	defer poll.Stop()

	d.log.Info("daemon: started", "vault", d.l.Root, "pid", os.Getpid(),
		"watching", d.watcher != nil, "poll", d.opts.PollInterval)

	// pending: something may wait in the buffer. first: when the earliest
	// unprocessed change was seen; quiet: fires Debounce after the latest.
	pending := true
	var first time.Time
	quiet := time.NewTimer(0)
	defer quiet.Stop()
	var retry <-chan time.Time // set while backing off
	waiting := false           // the last batch waited for a person's git operation (logged once)
	failures := 0
	var lastBatch time.Time // when the last batch ended (see CommitGap)

	// Sync with the git remote, when configured: its own timer and backoff.
	var syncC <-chan time.Time
	syncFailures := 0
	if d.opts.Sync != nil && d.opts.SyncInterval > 0 {
		syncC = time.After(d.opts.SyncInterval / 10)
	}

	// The same for hand edits of the memory folders, on their own timer:
	// they are indexed even while a batch backs off.
	idxPending := false
	var idxFirst time.Time
	idxQuiet := time.NewTimer(time.Hour)
	idxQuiet.Stop()
	defer idxQuiet.Stop()
	kickIndex := func() {
		now := time.Now()
		if !idxPending {
			idxPending, idxFirst = true, now
		}
		wait := min(d.opts.IndexDebounce, d.opts.IndexMaxDelay-now.Sub(idxFirst))
		idxQuiet.Reset(max(wait, 0))
	}

	// After work, the memory it grew to is handed back once the daemon
	// has been quiet for ReleaseAfter (see DaemonOptions.ReleaseAfter).
	release := time.NewTimer(time.Hour)
	release.Stop()
	defer release.Stop()
	worked := func() {
		if d.opts.ReleaseAfter > 0 {
			release.Reset(d.opts.ReleaseAfter)
		}
	}

	// ahead fires QuietLead before a batch that waits at least that long
	// (a stream's, spaced by the gaps): the batch's wait for a person's
	// git to be quiet takes two looks QuietLead apart, and the first is
	// made then, while the daemon waits anyway, instead of sleeping
	// QuietLead inside the batch — about 50 ms of every batch's latency,
	// which StreamGap spends on coalescing.
	ahead := time.NewTimer(time.Hour)
	ahead.Stop()
	defer ahead.Stop()

	kick := func() {
		now := time.Now()
		if !pending {
			pending, first = true, now
		}
		if retry != nil {
			return // backing off: the retry timer runs the batch
		}
		wait := min(d.opts.Debounce, d.opts.MaxDelay-now.Sub(first))
		gap := max(min(d.opts.CommitGap, lockDutyFactor*d.lastHold), d.opts.StreamGap)
		wait = max(wait, gap-now.Sub(lastBatch))
		quiet.Reset(max(wait, 0))
		ahead.Stop()
		if la, ok := d.proc.(lookAheader); ok {
			if lead := la.QuietLead(); lead > 0 && wait > lead {
				ahead.Reset(wait - lead)
			}
		}
	}

	for {
		select {
		case <-ctx.Done():
			d.log.Info("daemon: stopping")
			return closeAll()
		case ev, ok := <-events:
			if !ok {
				events = nil
				continue
			}
			switch {
			case ev.Op == fsnotify.Chmod:
			case d.isBufferEvent(ev.Name):
				kick()
			case d.isConfigEvent(ev.Name):
				// The memorizer reads both files on every batch; a
				// change matters now only to a batch waiting out a
				// backoff, which may be the change that fixes it.
				if retry != nil {
					d.log.Info("daemon: configuration changed; retrying now", "file", filepath.Base(ev.Name))
					retry = nil
					kick()
				}
			case d.handEvent(ev):
				kickIndex()
			}
			continue
		case err, ok := <-errs:
			if !ok {
				errs = nil
				continue
			}
			// A full event queue means events were dropped: look again.
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				d.log.Warn("daemon: file events overflowed; rescanning")
			} else {
				d.log.Warn("daemon: file events", "err", err)
			}
			d.hand.full = true
			kick()
			kickIndex()
			continue
		case <-poll.C:
			// Each poll looks whether the index file was replaced; where
			// some folder is not watched, it refreshes the index.
			if d.hand.partial {
				d.hand.full = true
			}
			d.rewatch()
			if d.opts.Sleep != nil {
				d.opts.Sleep(d.abortCtx)
			}
			kick()
			kickIndex()
			continue
		case <-idxQuiet.C:
			idxPending = false
			if d.applyHand(d.abortCtx) {
				worked()
			}
			continue
		case <-release.C:
			if pending {
				worked() // a batch is due: after it
				continue
			}
			d.opts.release()
			continue
		case <-syncC:
			wait := d.opts.SyncInterval
			switch err := d.opts.Sync(d.abortCtx); {
			case err == nil:
				syncFailures = 0
			case errors.Is(err, ErrSyncWait):
				d.log.Info("daemon: sync waits", "err", err, "retry_in", wait)
			default:
				syncFailures++
				wait = backoff(d.opts.SyncInterval, 12*d.opts.SyncInterval, syncFailures+1)
				d.log.Warn("daemon: sync failed; will retry", "err", err, "failures", syncFailures, "retry_in", wait.Round(time.Second))
			}
			syncC = time.After(wait)
			kick() // what the sync brought may be what a pending line reinforces
			continue
		case <-ahead.C:
			if la, ok := d.proc.(lookAheader); ok && pending && retry == nil {
				la.LookAhead()
			}
			continue
		case <-retry:
			retry = nil
		case <-quiet.C:
			if retry != nil || !pending {
				continue
			}
		}

		pending = false
		err := d.batch(ctx.Done())
		lastBatch = time.Now()
		if d.worked {
			worked()
		}
		if err == nil && ctx.Err() != nil {
			// Stopped during the batch: it is finished, and nothing
			// more is done — no further batch, no rotation.
			d.log.Info("daemon: stopping after the batch in hand")
			return closeAll()
		}
		if err == nil {
			failures, waiting = 0, false
			d.rotate(ctx)
			continue
		}
		if d.abortCtx.Err() != nil {
			d.log.Warn("daemon: batch aborted", "err", err)
			return errors.Join(err, closeAll())
		}
		if errors.Is(err, gitstore.ErrPersonsOperation) {
			// Nothing was written: the batch waits for the person's
			// rebase to end, looked for again after the shortest backoff
			// (the poll interval, 30 s, would leave the lines waiting that
			// long after it ended), and that counts as no failure.
			if !waiting {
				d.log.Info("daemon: waiting", "err", err)
				waiting = true
			}
			pending = true
			retry = time.After(d.opts.MinBackoff)
			continue
		}
		failures++
		wait := backoff(d.opts.MinBackoff, d.opts.MaxBackoff, failures)
		d.log.Error("daemon: batch failed; will retry", "err", err, "failures", failures, "retry_in", wait.Round(time.Millisecond))
		d.setInfo(func(i *DaemonInfo) {
			i.Failures, i.LastError, i.NextRetry = failures, err.Error(), d.opts.Now().UTC().Add(wait)
		})
		if werr := d.writeInfo(); werr != nil {
			d.log.Warn("daemon: heartbeat", "err", werr)
		}
		// The memorizer is opened afresh for the retry: whatever it
		// holds (the index, the taxonomy) may be what failed.
		d.closeProc()
		pending = true
		retry = time.After(wait)
	}
}

// batch runs the memorizer once over what is pending, opening it first when
// a failure closed it. A panic of the memorizer is a failure like another:
// the batch is left as a crash would leave it, and the memorizer, opened
// afresh for the retry, recovers it.
func (d *Daemon) batch(stop <-chan struct{}) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("memorizer panic: %v\n%s", r, debug.Stack())
		}
	}()
	ctx := d.abortCtx
	if d.proc == nil {
		proc, err := d.open(ctx)
		if err != nil {
			return err
		}
		d.proc = proc
	}
	start := time.Now()
	res, err := d.proc.ProcessUntil(ctx, stop)
	d.lastHold = res.LockHeld
	d.worked = res.Lines > 0 || len(res.Commits) > 0
	if err != nil {
		return err
	}
	if res.Lines > 0 || len(res.Commits) > 0 {
		d.log.Debug("daemon: batch",
			"lines", res.Lines, "memorized", res.Memorized, "reinforced", res.Reinforced,
			"operations", res.Operations, "quarantined", res.Quarantined, "skipped", res.Skipped,
			"commits", len(res.Commits), "took", time.Since(start).Round(time.Microsecond))
	}
	d.setInfo(func(i *DaemonInfo) {
		if res.Lines > 0 {
			i.LastBatch = d.opts.Now().UTC()
		}
		i.Failures, i.LastError, i.NextRetry = 0, "", time.Time{}
	})
	return nil
}

// closeProc closes the memorizer after a failure; it may be in any state,
// so a panic while closing is logged, not fatal.
func (d *Daemon) closeProc() {
	if d.proc == nil {
		return
	}
	defer func() {
		d.proc = nil
		if r := recover(); r != nil {
			d.log.Error("daemon: memorizer panic while closing", "panic", fmt.Sprint(r))
		}
	}()
	if err := d.proc.Close(); err != nil {
		d.log.Warn("daemon: close memorizer", "err", err)
	}
}

// rotate rotates the buffer when it is past the size and fully processed.
// A failure is logged; the next batch tries again.
func (d *Daemon) rotate(ctx context.Context) {
	if d.opts.RotateSize < 0 {
		return
	}
	res, err := Rotate(context.WithoutCancel(ctx), d.l, d.opts.RotateSize)
	switch {
	case err != nil:
		d.log.Warn("daemon: rotation failed; will try after the next batch", "err", err)
	case res.Rotated:
		d.log.Info("daemon: buffer rotated", "size", res.Size, "to", filepath.Base(RotatedPath(d.l, 1)))
	}
}

func (d *Daemon) setInfo(f func(*DaemonInfo)) {
	d.infoMu.Lock()
	f(&d.info)
	d.infoMu.Unlock()
}

// heartbeat rewrites daemon.json every Heartbeat until done closes. It runs
// beside the batches, so a long batch does not look like a hung daemon.
func (d *Daemon) heartbeat(done <-chan struct{}, stopped chan<- struct{}) {
	defer close(stopped)
	t := time.NewTicker(d.opts.Heartbeat)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			d.setInfo(func(i *DaemonInfo) { i.Heartbeat = d.opts.Now().UTC() })
			if err := d.writeInfo(); err != nil {
				d.log.Warn("daemon: heartbeat", "err", err)
			}
		}
	}
}

// isBufferEvent reports whether an event names the buffer (written,
// created, renamed or removed).
func (d *Daemon) isBufferEvent(name string) bool {
	return filepath.Clean(name) == filepath.Clean(d.l.Buffer())
}

// isConfigEvent reports whether an event names taxonomy.yml or
// calibration.yml.
func (d *Daemon) isConfigEvent(name string) bool {
	name = filepath.Clean(name)
	return name == filepath.Clean(d.l.Taxonomy()) || name == filepath.Clean(d.l.Calibration())
}

// backoff is the wait before try n+1 after n failures in a row: min doubled
// n-1 times, capped at max, less up to a fifth at random so that several
// daemons failing on a shared cause do not retry in step.
func backoff(lo, hi time.Duration, n int) time.Duration {
	d := lo
	for i := 1; i < n && d < hi; i++ {
		d *= 2
	}
	d = min(d, hi)
	return d - time.Duration(rand.Int64N(int64(d)/5+1))
}
