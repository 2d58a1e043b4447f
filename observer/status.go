package observer

import (
	"bytes"
	"context"
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
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/vaultfs"
	"github.com/cortex-vault/cortex/vault/watchdog"
)

// Status is what `cortex status` shows (SPEC §5 "Status"): the totals of
// every line accounted for, what waits, what was refused, and whether the
// daemon and the index are alive and up to date. Reading it changes nothing
// and takes no lock that a writer or the daemon could wait on.
type Status struct {
	// Totals are state.json's running totals: Lines are the observations,
	// Reinforced the ones already known.
	Totals  Totals    `json:"totals"`
	LastRun time.Time `json:"last_run,omitzero"`
	// Pending is what the next batch will read.
	Pending PendingStatus `json:"pending"`
	Staging StagingStatus `json:"staging"`
	// Quarantine counts the records of observer/quarantine.jsonl.
	Quarantine QuarantineStatus `json:"quarantine"`
	// Security reports what the security layers found, per layer, by
	// rule and by field.
	Security SecurityStatus `json:"security"`
	Daemon   DaemonStatus   `json:"daemon"`
	Index    IndexStatus    `json:"index"`
	// GitLocks are git's lock files left in the repository (a process
	// killed mid-commit): git refuses to work until they go.
	GitLocks []gitstore.LeftLock `json:"git_locks,omitempty"`
	// Warnings are problems found on the way (a corrupt state.json).
	Warnings []string `json:"warnings,omitempty"`
	// Watchdog is the line of the watchdog's confirmed anomalies ("" when
	// there are none; see cortex doctor).
	Watchdog string `json:"watchdog,omitempty"`
}

// SecurityStatus is what each security layer found (SPEC §5 step 3).
// Injection counts the quarantine's injection records (retried ones
// included); Credentials counts the redactions the memorizer made, and as
// rule redacted-before-the-buffer the lines that arrived already redacted
// by observe, write or save_observation (which name the rule in their
// warning, on the writer's side).
type SecurityStatus struct {
	Injection   LayerTotals `json:"injection"`
	Credentials LayerTotals `json:"credentials"`
}

// PendingStatus counts the complete lines after the stored offset.
type PendingStatus struct {
	Lines int   `json:"lines"`
	Bytes int64 `json:"bytes"`
}

// StagingStatus describes observer/staging: a batch written but not yet
// accounted for. With a live daemon it is there only for the length of a
// batch; one that stays is a batch that keeps failing (see the daemon's
// last error).
type StagingStatus struct {
	// Batch is set when the batch manifest (batch.json) is present.
	Batch bool `json:"batch"`
	// Files counts the files in staging, the manifest included.
	Files int `json:"files"`
	// Other counts those of Files the memorizer did not write: housekeeping
	// moves each to the quarantine StaleStagingAge after its last change.
	Other int `json:"other"`
}

// QuarantineStatus counts quarantine records. ByReason counts the records
// not yet retried, by reason; Retried those sent back to the buffer.
type QuarantineStatus struct {
	Total    int            `json:"total"`
	Retried  int            `json:"retried"`
	ByReason map[string]int `json:"by_reason"`
}

// Reasons are ByReason's keys, most frequent first (then by name).
func (q QuarantineStatus) Reasons() []string {
	keys := make([]string, 0, len(q.ByReason))
	for k := range q.ByReason {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if d := q.ByReason[b] - q.ByReason[a]; d != 0 {
			return d
		}
		if a < b {
			return -1
		}
		return 1
	})
	return keys
}

// The states of a daemon.
const (
	DaemonRunning       = "running"        // lock held, heartbeat recent
	DaemonWaiting       = "waiting"        // lock held, not begun: the vault's disk is full
	DaemonNotResponding = "not_responding" // lock held, heartbeat old: hung
	DaemonStopped       = "stopped"        // stopped cleanly
	DaemonDied          = "died"           // gone without stopping (killed, crashed)
	DaemonNever         = "never_run"      // no daemon.json
)

// DaemonStatus says whether the vault's daemon runs. The daemon lock is the
// proof of life (the system releases it when the process dies, however it
// dies); the heartbeat tells a working daemon from a hung one.
type DaemonStatus struct {
	State string `json:"state"`
	// LockHeld: a process holds .cortex/daemon.lock.
	LockHeld bool `json:"lock_held"`
	// PIDAlive: the pid of daemon.json is a live process on this machine.
	PIDAlive bool `json:"pid_alive"`
	// Info is daemon.json as the daemon last wrote it.
	Info *DaemonInfo `json:"info,omitempty"`
	// MemorizerPID is the daemon found by observer/memorizer.lock alone
	// (its flock held, its file naming a daemon) when .cortex/daemon.lock
	// says nothing: .cortex/ was deleted under the running daemon, which
	// has no heartbeat to write until it restarts.
	MemorizerPID int `json:"memorizer_pid,omitempty"`
	// DiskFree is the space left on the vault's disk, in bytes, when
	// State is DaemonWaiting.
	DiskFree *uint64 `json:"disk_free,omitempty"`
}

// Running reports whether a daemon holds the vault (even a hung one, or
// one waiting for disk space to begin).
func (d DaemonStatus) Running() bool {
	return d.State == DaemonRunning || d.State == DaemonNotResponding || d.State == DaemonWaiting
}

// The states of the index.
const (
	IndexFresh   = "fresh"   // written after every memory file changed
	IndexStale   = "stale"   // a memory file changed after the index was written
	IndexMissing = "missing" // no index file: built by the next reader
)

// IndexStatus compares the index's modification time with the changes of
// the memory folders since (a document written, a document added or
// removed: its folder's time). The check is a stat walk, no parsing.
type IndexStatus struct {
	State string `json:"state"`
	// Updated is the index file's modification time.
	Updated time.Time `json:"updated,omitzero"`
	// Newest is the newest memory change after the index was written, and
	// NewestPath where: set when the index is stale.
	Newest     time.Time `json:"newest,omitzero"`
	NewestPath string    `json:"newest_path,omitempty"`
	// KeptByDaemon: a live daemon (lock held, heartbeat recent) keeps the
	// index fresh — it indexes what it commits and what it sees change in
	// the memory folders — so the folders were not walked. The readers
	// (search, context, the hooks) trust it the same way.
	KeptByDaemon bool `json:"kept_by_daemon,omitempty"`
}

// ReadStatus gathers the vault's status as of now.
func ReadStatus(ctx context.Context, l vault.Layout, now time.Time) (Status, error) {
	var s Status
	st, warning, err := LoadState(l)
	if err != nil {
		return s, fmt.Errorf("status: %w", err)
	}
	if warning != "" {
		s.Warnings = append(s.Warnings, warning)
	}
	s.Totals, s.LastRun = st.Totals, st.LastRun
	if s.Pending.Lines, s.Pending.Bytes, err = Pending(l); err != nil {
		return s, fmt.Errorf("status: %w", err)
	}
	if s.Staging, err = readStaging(l); err != nil {
		return s, fmt.Errorf("status: %w", err)
	}
	recs, err := ReadQuarantine(l)
	if err != nil {
		return s, fmt.Errorf("status: %w", err)
	}
	s.Quarantine = QuarantineStatus{Total: len(recs), ByReason: map[string]int{}}
	for _, r := range recs {
		if r.Reason == ReasonInjection {
			rule, field := r.Rule, r.Field
			if rule == "" { // a record older than the rule's name
				rule, field = "unnamed", "-"
			}
			s.Security.Injection.add(rule, field, 1)
		}
		if r.Retried != nil {
			s.Quarantine.Retried++
			continue
		}
		s.Quarantine.ByReason[r.Reason]++
	}
	if st.Security != nil {
		s.Security.Credentials = st.Security.Credentials
	}
	if s.Daemon, err = readDaemonStatus(l, now); err != nil {
		return s, fmt.Errorf("status: %w", err)
	}
	if s.Index, err = readIndexStatus(ctx, l, s.Daemon, now); err != nil {
		return s, fmt.Errorf("status: %w", err)
	}
	if s.GitLocks, err = gitstore.LeftLocks(l.Root, now); err != nil {
		s.Warnings = append(s.Warnings, err.Error())
	}
	s.Watchdog = watchdog.Alert(l)
	return s, nil
}

func readStaging(l vault.Layout) (StagingStatus, error) {
	entries, err := os.ReadDir(l.Staging())
	if errors.Is(err, fs.ErrNotExist) {
		return StagingStatus{}, nil
	}
	if err != nil {
		return StagingStatus{}, err
	}
	s := StagingStatus{Files: len(entries)}
	for _, e := range entries {
		switch {
		case e.Name() == manifestName:
			s.Batch = true
		case !ownStaging(e.Name()):
			s.Other++
		}
	}
	return s, nil
}

// readDaemonStatus decides whether the daemon runs: the lock first (held
// means a live process has it), daemon.json for who and how recently.
func readDaemonStatus(l vault.Layout, now time.Time) (DaemonStatus, error) {
	var ds DaemonStatus
	held, err := daemonLockHeld(l)
	if err != nil {
		return ds, err
	}
	ds.LockHeld = held
	info, known, err := ReadDaemonInfo(l)
	if err != nil && !held {
		// A daemon.json torn by a full disk, with no daemon: report what
		// is known rather than fail the whole status.
		known = false
	} else if err != nil {
		return ds, err
	}
	if !held {
		if pid, ok := memorizerDaemon(l); ok {
			held, ds.MemorizerPID = true, pid
			known = known && info.PID == pid
		}
	}
	if known {
		ds.Info = &info
		ds.PIDAlive = gitstore.ProcessAlive(info.PID)
	}
	// A daemon that holds the lock without a daemon.json of its own (none,
	// a stopped one's, or one with an old heartbeat) has not begun; on a
	// full disk it cannot write one, and waits for space (StartDaemon).
	begun := known && info.Stopped.IsZero() && now.Sub(info.Heartbeat) <= info.StaleAfter()
	if held && !begun {
		if free, _, err := vaultfs.DiskSpace(l.Root); err == nil && free < vaultfs.LowSpace {
			ds.State, ds.DiskFree = DaemonWaiting, &free
			return ds, nil
		}
	}
	switch {
	case held && known && info.Stopped.IsZero() && now.Sub(info.Heartbeat) > info.StaleAfter():
		ds.State = DaemonNotResponding
	case held:
		ds.State = DaemonRunning
	case !known:
		ds.State = DaemonNever
	case info.Stopped.IsZero():
		ds.State = DaemonDied
	default:
		ds.State = DaemonStopped
	}
	return ds, nil
}

// memorizerDaemon finds a daemon by the memorizer lock, which lives beside
// the memorizer's state rather than in .cortex/: the pid and role its file
// names, held as /proc/locks shows (no lock is taken: a look that took it
// could refuse a memorizer opening at that instant), or where that cannot
// be read, the pid alive.
func memorizerDaemon(l vault.Layout) (int, bool) {
	path := l.MemorizerLock()
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	pid, role := vault.ParseMemorizerLock(data)
	if pid == 0 || role != MemorizerRoleDaemon {
		return 0, false
	}
	fi, err := os.Stat(path)
	if err != nil {
		return 0, false
	}
	if held, known := gitstore.FlockHeld(fi); known {
		return pid, held
	}
	return pid, gitstore.ProcessAlive(pid)
}

// daemonLockHeld tries the daemon lock shared, without waiting: refused
// means a daemon holds it. A daemon starting at this instant waits for the
// shared lock to go (DaemonOptions.LockWait), so looking never stops one.
func daemonLockHeld(l vault.Layout) (bool, error) {
	if _, err := os.Stat(l.DaemonLock()); errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	fl, err := l.FS().Flock(l.DaemonLock(), 0o600)
	if err != nil {
		return false, err
	}
	ok, err := fl.TryRLock()
	if err != nil {
		return false, fmt.Errorf("daemon lock %s: %w", l.DaemonLock(), err)
	}
	if ok {
		return false, fl.Unlock()
	}
	return true, nil
}

// readIndexStatus compares the index file's time with the changes in the memory
// folders, unless a live daemon keeps the index fresh: then the walk, which
// is most of what status costs in a large vault, would only say what the
// daemon already does.
func readIndexStatus(ctx context.Context, l vault.Layout, ds DaemonStatus, now time.Time) (IndexStatus, error) {
	fi, err := os.Stat(l.IndexDB())
	if errors.Is(err, fs.ErrNotExist) {
		return IndexStatus{State: IndexMissing}, nil
	}
	if err != nil {
		return IndexStatus{}, fmt.Errorf("index %s: %w", l.IndexDB(), err)
	}
	is := IndexStatus{State: IndexFresh, Updated: fi.ModTime()}
	if ds.State == DaemonRunning && ds.Info != nil && ds.Info.Beating(now) {
		is.KeptByDaemon = true
		return is, nil
	}
	is.Newest, is.NewestPath, err = changedSince(ctx, l, fi.ModTime())
	if err != nil {
		return is, err
	}
	if is.NewestPath != "" {
		is.State = IndexStale
	}
	return is, nil
}

// changedSince returns the newest change after since among the memory
// documents and their folders (a removed document shows as its folder's
// change), and where; "" when there is none. It stats every document but
// matches .cortexignore only against folders and the few files changed
// since: the ignore patterns cost more than the stat.
func changedSince(ctx context.Context, l vault.Layout, since time.Time) (time.Time, string, error) {
	ig, err := vault.LoadIgnore(l)
	if err != nil {
		return time.Time{}, "", err
	}
	var newest time.Time
	var where string
	note := func(t time.Time, rel string) {
		if t.After(since) && t.After(newest) {
			newest, where = t, rel
		}
	}
	n := 0
	for _, top := range doc.MemoryDirs {
		base := l.Path(top)
		err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if p == base && errors.Is(err, fs.ErrNotExist) {
					return fs.SkipDir
				}
				return nil // gone while walking: its folder's time shows it
			}
			if n++; n%4096 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			rel, err := filepath.Rel(l.Root, p)
			if err != nil {
				return err
			}
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				if p != base && ig.Ignored(rel+"/") {
					return fs.SkipDir
				}
			} else if !d.Type().IsRegular() || !strings.HasSuffix(rel, ".md") {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return nil
			}
			if info.ModTime().After(since) && info.ModTime().After(newest) && (d.IsDir() || !ig.Ignored(rel)) {
				if d.IsDir() {
					rel += "/"
				}
				note(info.ModTime(), rel)
			}
			return nil
		})
		if err != nil && !errors.Is(err, fs.SkipDir) {
			return time.Time{}, "", fmt.Errorf("index status: walk %s: %w", base, err)
		}
	}
	return newest, where, nil
}

// ReadDaemonStatus says whether the vault's daemon runs (the daemon part of
// ReadStatus, for cortex doctor).
func ReadDaemonStatus(l vault.Layout, now time.Time) (DaemonStatus, error) {
	return readDaemonStatus(l, now)
}

// ReadStaging describes observer/staging (the staging part of ReadStatus).
func ReadStaging(l vault.Layout) (StagingStatus, error) { return readStaging(l) }

// Backlog is what waits in the buffer: the complete lines after the stored
// offset and since when the oldest has waited.
type Backlog struct {
	PendingStatus
	// Since is when the oldest pending line was written, as best known:
	// its timestamp, kept between the last run and the buffer's last
	// change (an agent's clock, or a line replayed, may say otherwise).
	Since time.Time `json:"since,omitzero"`
}

// ReadBacklog counts the pending lines and dates the oldest.
func ReadBacklog(l vault.Layout) (Backlog, error) {
	var b Backlog
	st, _, err := LoadState(l)
	if err != nil {
		return b, fmt.Errorf("backlog: %w", err)
	}
	v, err := statBuffer(l.Buffer())
	if err != nil || !v.Exists {
		return b, err
	}
	from, _ := startOffset(st, v)
	if b.Lines, b.Bytes, err = countLines(l.Buffer(), from); err != nil || b.Lines == 0 {
		return b, err
	}
	fi, err := os.Stat(l.Buffer())
	if err != nil {
		return b, fmt.Errorf("backlog: %w", err)
	}
	b.Since = fi.ModTime()
	f, err := os.Open(l.Buffer())
	if err != nil {
		return b, fmt.Errorf("backlog: %w", err)
	}
	defer f.Close()
	line := make([]byte, 4096)
	n, _ := f.ReadAt(line, from)
	var head struct {
		Timestamp time.Time `json:"timestamp"`
	}
	if i := bytes.IndexByte(line[:n], '\n'); i >= 0 && json.Unmarshal(line[:i], &head) == nil && !head.Timestamp.IsZero() {
		t := head.Timestamp
		if t.Before(st.LastRun) {
			t = st.LastRun
		}
		if t.Before(b.Since) {
			b.Since = t
		}
	} else if !st.LastRun.IsZero() && st.LastRun.Before(b.Since) {
		b.Since = st.LastRun
	}
	return b, nil
}
