// Package doctor runs the vault's health checks (cortex doctor) and the
// daemon's watchdog over them: each check says ok, warn or fail, what it
// saw, and the one command that fixes it. A pass looks, it never repairs
// (the index is inspected, not rebuilt; a lock is reported, not removed).
//
// The checks read what the other rooms know — the observer's status, the
// hooks', the git store's locks, the index, the service — so they live in
// a room of their own above them; the state the watchdog keeps between
// passes is vault/watchdog's, which the push block reads too.
package doctor

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/service"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/index"
	"github.com/cortex-vault/cortex/vault/vaultfs"
	"github.com/cortex-vault/cortex/vault/watchdog"
)

// Defaults of Options.
const (
	// DefaultInterval is how often the daemon's watchdog runs the checks.
	DefaultInterval = 2 * time.Hour
	// DefaultBurst is how many new quarantine records since the last check
	// make a burst (fail); fewer are a warning.
	DefaultBurst = 10
	// DefaultSample is how many documents the index check compares.
	DefaultSample = 48
)

// Thresholds of the checks.
const (
	// lockAge: a git lock older than this with no live owner is stale.
	lockAge = time.Minute
	// backlogWarn and backlogFail: how long the oldest pending line may
	// wait before the buffer check warns, and fails.
	backlogWarn = 5 * time.Minute
	backlogFail = time.Hour
	// settle is how long after a change the daemon has to bring the index
	// and staging in step before a difference counts against it.
	settle = time.Minute
	// diskFail and diskWarn bound the free space of the vault's disk.
	diskFail = vaultfs.LowSpace
	diskWarn = 1 << 30
	// DefaultSettle is Options.Settle's default.
	DefaultSettle = time.Minute
)

// Options tune a pass.
type Options struct {
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Service says where the service manager's files are and how to ask
	// it (default: this machine's).
	Service service.Options
	// Home is the home folder for Claude Code's user settings (default
	// $HOME).
	Home string
	// Interval is the watchdog's period: without a previous check, the
	// quarantine's growth is counted over the last Interval.
	Interval time.Duration
	// Burst and Sample: see DefaultBurst and DefaultSample.
	Burst, Sample int
	// Logger receives the watchdog's notices (default slog.Default()).
	Logger *slog.Logger
	// GitRunning says whether a git process runs, so an unrecorded lock
	// may be live (default: a look at /proc).
	GitRunning func() (running, known bool)
	// Settle is how long Watch waits after it starts before its first
	// pass (default DefaultSettle).
	Settle time.Duration
}

func (o Options) withDefaults() Options {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Interval <= 0 {
		o.Interval = DefaultInterval
	}
	if o.Burst <= 0 {
		o.Burst = DefaultBurst
	}
	if o.Sample <= 0 {
		o.Sample = DefaultSample
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Settle <= 0 {
		o.Settle = DefaultSettle
	}
	return o
}

// Report is one pass of every check.
type Report struct {
	Vault  string            `json:"vault"`
	Time   time.Time         `json:"time"`
	Checks []watchdog.Result `json:"checks"`
	OK     bool              `json:"ok"`
	Failed []string          `json:"failed,omitempty"`
	Warned []string          `json:"warned,omitempty"`
	// Anomalies are the watchdog's confirmed anomalies after this pass:
	// checks that failed twice or more in a row.
	Anomalies []watchdog.Anomaly `json:"anomalies,omitempty"`
	// Alert is the line the push block shows for them ("" when none).
	Alert string `json:"alert,omitempty"`
	// Log is where the daemon's log is read.
	Log string `json:"log"`
	// Notices are things said on the way (a watchdog state reset).
	Notices []string `json:"notices,omitempty"`
	// MS is how long each check took, in milliseconds.
	MS map[string]float64 `json:"ms"`
}

// env is what the checks share in one pass.
type env struct {
	l      vault.Layout
	root   string // quoted for a command line
	now    time.Time
	opts   Options
	prev   watchdog.State
	daemon observer.DaemonStatus
	svc    service.Status
	svcErr error
	// inspected is what the index check found, for the checks after it
	// that read the index (nil until it ran).
	inspected *index.Inspection
}

// check is one check of a pass.
type check struct {
	name string
	run  func(ctx context.Context, e *env) watchdog.Result
}

// checks are every check, in the order they are printed.
var checks = []check{
	{"vault", checkVault},
	{"hook", checkHook},
	{"daemon", checkDaemon},
	{"service", checkService},
	{"buffer", checkBuffer},
	{"staging", checkStaging},
	{"quarantine", checkQuarantine},
	{"index", checkIndex},
	{"locks", checkLocks},
	{"sleep", checkSleep},
	{"conflicts", checkConflicts},
	{"sync", checkSync},
	{"claude", checkClaude},
	{"disk", checkDisk},
}

// Names are the checks' names, in order.
func Names() []string {
	out := make([]string, len(checks))
	for i, c := range checks {
		out[i] = c.name
	}
	return out
}

// Run makes one pass of every check and records it in the watchdog's state
// (.cortex/watchdog.json): the report carries the anomalies confirmed
// after it. A check that cannot look (an unreadable file) fails with why.
func Run(ctx context.Context, l vault.Layout, opts Options) (*Report, error) {
	o := opts.withDefaults()
	root, err := filepath.Abs(l.Root)
	if err != nil {
		return nil, fmt.Errorf("doctor: %w", err)
	}
	l.Root = root
	now := o.Now()
	st, notice, err := watchdog.Load(l)
	if err != nil {
		return nil, fmt.Errorf("doctor: %w", err)
	}
	r := &Report{Vault: root, Time: now, OK: true, MS: map[string]float64{}}
	if notice != "" {
		r.Notices = append(r.Notices, notice)
		o.Logger.Warn(notice)
	}
	e := &env{l: l, root: shellWord(root), now: now, opts: o, prev: st}
	start := time.Now()
	e.daemon, err = observer.ReadDaemonStatus(l, now)
	if err != nil {
		e.daemon = observer.DaemonStatus{State: "unknown"}
	}
	e.svc, e.svcErr = service.ReadStatus(ctx, root, o.Service)
	r.Log = logHint(e)
	r.MS["setup"] = float64(time.Since(start).Microseconds()) / 1000
	for _, c := range checks {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		start := time.Now()
		res := c.run(ctx, e)
		r.MS[c.name] = float64(time.Since(start).Microseconds()) / 1000
		res.Name = c.name
		switch res.Status {
		case watchdog.Fail:
			r.OK = false
			r.Failed = append(r.Failed, c.name)
		case watchdog.Warn:
			r.Warned = append(r.Warned, c.name)
		}
		r.Checks = append(r.Checks, res)
	}
	if n := st.Record(now, r.Checks); n != "" {
		r.Notices = append(r.Notices, n)
		o.Logger.Warn(n)
	}
	// The report comes first: a pass that cannot be recorded (a full disk,
	// a read-only vault) is still shown, with why it was not recorded —
	// the checks above say what is wrong.
	if err := watchdog.Save(l, st); err != nil {
		n := fmt.Sprintf("this pass was not recorded in the watchdog's state: %v", err)
		r.Notices = append(r.Notices, n)
		o.Logger.Warn(n)
	}
	r.Anomalies = st.Anomalies()
	r.Alert = watchdog.Line(r.Anomalies)
	return r, nil
}

// logHint says where the daemon's log is.
func logHint(e *env) string {
	if e.svcErr == nil && e.svc.Installed != nil {
		return e.svc.Log
	}
	return "the standard error of the `cortex daemon` process (not run as a service)"
}

// Watch runs a pass Settle after it starts (time for the daemon's first
// batch) when the last one is older than interval (or from the future: a
// clock set back) or left a confirmed anomaly — so a restart that cured it
// clears the push block's line soon — else when the interval since the
// last is over; then every interval, until ctx ends. A newly confirmed
// anomaly and a recovery are logged.
func Watch(ctx context.Context, l vault.Layout, opts Options) {
	o := opts.withDefaults()
	wait := time.Duration(0)
	before := map[string]bool{}
	if st, _, err := watchdog.Load(l); err == nil {
		if age := o.Now().Sub(st.LastCheck); !st.LastCheck.IsZero() && age >= 0 && age < o.Interval {
			wait = o.Interval - age
		}
		for _, a := range st.Anomalies() {
			before[a.Check] = true
		}
		if len(before) > 0 {
			wait = o.Settle
		}
	}
	wait = max(wait, o.Settle)
	t := time.NewTimer(wait)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		r, err := Run(ctx, l, o)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			o.Logger.Error("watchdog: check failed", "err", err)
		default:
			now := map[string]bool{}
			for _, a := range r.Anomalies {
				now[a.Check] = true
				if !before[a.Check] {
					o.Logger.Warn("watchdog: anomaly confirmed", "check", a.Check, "seen", a.Seen, "fix", a.Fix, "since", a.Since)
				}
			}
			for c := range before {
				if !now[c] {
					o.Logger.Info("watchdog: recovered", "check", c)
				}
			}
			before = now
			o.Logger.Info("watchdog: checks done", "failed", strings.Join(r.Failed, ","), "warned", strings.Join(r.Warned, ","))
		}
		t.Reset(o.Interval)
	}
}

// shellWord quotes s for a command line a person copies, only when needed.
func shellWord(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+:@,=", r))
	}) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func ok(seen string, args ...any) watchdog.Result {
	return watchdog.Result{Status: watchdog.OK, Seen: fmt.Sprintf(seen, args...)}
}

func warn(fix, seen string, args ...any) watchdog.Result {
	return watchdog.Result{Status: watchdog.Warn, Seen: fmt.Sprintf(seen, args...), Fix: fix}
}

func fail(fix, seen string, args ...any) watchdog.Result {
	return watchdog.Result{Status: watchdog.Fail, Seen: fmt.Sprintf(seen, args...), Fix: fix}
}

// Ago says how long before now t was, for people: "just now", "3s ago",
// "5m ago", "2h ago", "4d ago"; a time well after now (a clock set back)
// says so.
func Ago(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < -time.Second:
		return "in the future (clock?)"
	case d < time.Second:
		return "just now"
	case d < time.Minute:
		return fmt.Sprintf("%ds ago", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d.Hours()))
	}
	return fmt.Sprintf("%dd ago", int(d.Hours()/24))
}

func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

var errNoRepo = errors.New("no git repository")
