package doctor

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/cortex-vault/cortex/hooks"
	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/service"
	"github.com/cortex-vault/cortex/trust"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/index"
	"github.com/cortex-vault/cortex/vault/watchdog"
)

// fixture is a vault with its repository, the pre-commit hook, a built
// index, and a home and service folder of its own.
type fixture struct {
	t    *testing.T
	l    vault.Layout
	home string
	mgr  *fakeManager
	bin  string
	now  time.Time
	git  bool // a git process "runs"
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	tmp, err := filepath.EvalSymlinks(t.TempDir()) // macOS: /var is a link
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tmp, "v")
	if _, err := vault.Init(dir, vault.InitOptions{}); err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, l: vault.Layout{Root: dir}, home: t.TempDir(), mgr: &fakeManager{}, now: time.Now()}
	f.bin = filepath.Join(t.TempDir(), "cortex")
	if err := os.WriteFile(f.bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := hooks.Install(dir, hooks.InstallOptions{Binary: f.bin}); err != nil {
		t.Fatal(err)
	}
	f.write("mind/concepts/a.md", "---\ntype: decision\n---\n\nUse local git only.\n")
	if err := index.Rebuild(context.Background(), f.l, index.RebuildOptions{Logger: quiet()}); err != nil {
		t.Fatal(err)
	}
	return f
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func (f *fixture) write(rel, data string) {
	f.t.Helper()
	p := f.l.Path(rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) opts() Options {
	return Options{
		Now:        func() time.Time { return f.now },
		Home:       f.home,
		Logger:     quiet(),
		GitRunning: func() (bool, bool) { return f.git, true },
		Service:    service.Options{Platform: service.Systemd, Home: f.home, ConfigHome: filepath.Join(f.home, ".config"), Binary: f.bin, Manager: f.mgr},
	}
}

func (f *fixture) run() *Report {
	f.t.Helper()
	r, err := Run(context.Background(), f.l, f.opts())
	if err != nil {
		f.t.Fatal(err)
	}
	return r
}

func result(r *Report, name string) watchdog.Result {
	for _, c := range r.Checks {
		if c.Name == name {
			return c
		}
	}
	return watchdog.Result{}
}

// deadDaemon writes a daemon.json of a daemon that was killed: its pid is
// a process that has ended, it never stopped, nobody holds the lock.
func (f *fixture) deadDaemon() {
	f.t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		f.t.Fatal(err)
	}
	info := vault.DaemonInfo{PID: cmd.Process.Pid, Started: f.now.Add(-3 * time.Hour), Heartbeat: f.now.Add(-2 * time.Hour),
		HeartbeatMS: 5000, LastBatch: f.now.Add(-150 * time.Minute)}
	data, _ := json.Marshal(info)
	if err := os.WriteFile(f.l.DaemonInfo(), data, 0o644); err != nil {
		f.t.Fatal(err)
	}
}

func TestHealthy(t *testing.T) {
	f := newFixture(t)
	r := f.run()
	if !r.OK {
		t.Fatalf("a fresh vault fails: %+v", r.Checks)
	}
	if got := Names(); !slices.Equal(got, []string{"vault", "hook", "daemon", "service", "buffer", "staging", "quarantine", "index", "locks", "sleep", "conflicts", "sync", "claude", "disk"}) {
		t.Errorf("checks %v", got)
	}
	for _, c := range r.Checks {
		if c.Status == watchdog.Fail || c.Seen == "" {
			t.Errorf("%s: %+v", c.Name, c)
		}
	}
	// Never run: a warning with the command that starts it.
	if d := result(r, "daemon"); d.Status != watchdog.Warn || !strings.Contains(d.Fix, "cortex daemon install") {
		t.Errorf("daemon %+v", d)
	}
}

// TestFaults breaks one thing at a time: each time the check that looks
// at it fails, names what it saw, and says the fix.
func TestFaults(t *testing.T) {
	for _, tc := range []struct {
		name   string
		check  string
		seen   string
		fix    string
		break_ func(f *fixture)
	}{
		{"hook removed", "hook", "no pre-commit hook", "cortex hooks install", func(f *fixture) {
			if err := os.Remove(filepath.Join(f.l.Root, ".git", "hooks", "pre-commit")); err != nil {
				t.Fatal(err)
			}
		}},
		{"hook not executable", "hook", "not executable", "chmod +x", func(f *fixture) {
			if err := os.Chmod(filepath.Join(f.l.Root, ".git", "hooks", "pre-commit"), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"hook replaced", "hook", "not Cortex's hook", "cortex hooks install", func(f *fixture) {
			f.write(".git/hooks/pre-commit", "#!/bin/sh\nexit 0\n")
		}},
		{"daemon killed", "daemon", "ended without stopping: killed or crashed", "cortex daemon", func(f *fixture) { f.deadDaemon() }},
		{"stale lock", "locks", "index.lock", "rm ", func(f *fixture) {
			p := filepath.Join(f.l.Root, ".git", "index.lock")
			f.write(".git/index.lock", "")
			old := f.now.Add(-5 * time.Minute)
			if err := os.Chtimes(p, old, old); err != nil {
				t.Fatal(err)
			}
		}},
		{"sync never succeeded", "sync", "no sync has ever succeeded", "cortex sync", func(f *fixture) {
			f.write("cortex.yml", "sync:\n  remote: origin\n")
			f.write(".cortex/sync.json", `{"when":"`+f.now.Add(-time.Hour).UTC().Format(time.RFC3339)+`","ok":false,"error":"git fetch origin: offline","remote":"origin"}`)
		}},
		{"sync failing for long", "sync", "the last good one was", "cortex sync", func(f *fixture) {
			f.write("cortex.yml", "sync:\n  interval: 5m\n")
			f.write(".cortex/sync.json", `{"when":"`+f.now.Add(-time.Minute).UTC().Format(time.RFC3339)+`","ok":false,"error":"git push: rejected","remote":"origin","last_ok":"`+f.now.Add(-20*time.Minute).UTC().Format(time.RFC3339)+`"}`)
		}},
		{"sync configuration broken", "sync", "cortex.yml", "sync: section", func(f *fixture) {
			f.write("cortex.yml", "sync: [\n")
		}},
		{"corrupt index", "index", "cannot serve", "cortex rebuild-index", func(f *fixture) {
			f.write(".cortex/"+vault.IndexFile, strings.Repeat("not a database ", 512))
		}},
		{"broken taxonomy", "vault", "taxonomy", "taxonomy.yml", func(f *fixture) {
			f.write("taxonomy.yml", "types: [unclosed\n")
		}},
		{"quarantine burst", "quarantine", "12 lines quarantined", "cortex quarantine list", func(f *fixture) {
			var recs []observer.QuarantineRecord
			for i := range 12 {
				reason := "injection"
				if i%3 == 0 {
					reason = "schema"
				}
				recs = append(recs, observer.QuarantineRecord{Time: f.now.Add(-time.Minute), Reason: reason, Line: "{}", Offset: int64(i)})
			}
			if err := observer.AppendQuarantine(context.Background(), f.l, recs...); err != nil {
				t.Fatal(err)
			}
		}},
		{"backlog an hour old", "buffer", "2 lines pending", "cortex process", func(f *fixture) {
			old := f.now.Add(-3 * time.Hour).UTC().Format(time.RFC3339Nano)
			line := fmt.Sprintf(`{"timestamp":%q,"bucket":"explicit","type":"decision","body":"x"}`+"\n", old)
			f.write("observer/observations.jsonl", line+line)
			past := f.now.Add(-2 * time.Hour)
			if err := os.Chtimes(f.l.Buffer(), past, past); err != nil {
				t.Fatal(err)
			}
		}},
		{"claude hook removed", "claude", "SessionStart", "cortex claude install", func(f *fixture) {
			if _, err := hooks.ClaudeInstall(hooks.ClaudeOptions{Scope: hooks.ClaudeScopeProject, ProjectDir: f.l.Root, Binary: f.bin}); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(f.l.Root, ".claude", "settings.json")
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			var v map[string]map[string]any
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatal(err)
			}
			delete(v["hooks"], "SessionStart")
			data, _ = json.Marshal(v)
			f.write(".claude/settings.json", string(data))
		}},
		{"service binary deleted", "service", "which is gone", "cortex daemon install", func(f *fixture) {
			if _, err := service.Install(context.Background(), f.l, f.opts().Service); err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(f.bin); err != nil {
				t.Fatal(err)
			}
			if _, err := hooks.Install(f.l.Root, hooks.InstallOptions{Binary: "/bin/sh"}); err != nil {
				t.Fatal(err)
			}
		}},
		{"service stopped", "service", "installed but not running", "systemctl --user restart", func(f *fixture) {
			if _, err := service.Install(context.Background(), f.l, f.opts().Service); err != nil {
				t.Fatal(err)
			}
			f.mgr.state = service.State{Loaded: true, Detail: "failed (failed)"}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			tc.break_(f)
			r := f.run()
			c := result(r, tc.check)
			if r.OK || c.Status != watchdog.Fail || !slices.Contains(r.Failed, tc.check) {
				t.Fatalf("%s: report ok=%v failed=%v; %s = %+v", tc.name, r.OK, r.Failed, tc.check, c)
			}
			if !strings.Contains(c.Seen, tc.seen) || !strings.Contains(c.Fix, tc.fix) {
				t.Errorf("%s: seen %q (want %q), fix %q (want %q)", tc.check, c.Seen, tc.seen, c.Fix, tc.fix)
			}
		})
	}
}

// TestLockOfLiveGit: an old lock while git runs may be git's: not stale.
func TestLockOfLiveGit(t *testing.T) {
	f := newFixture(t)
	f.write(".git/index.lock", "")
	old := f.now.Add(-5 * time.Minute)
	if err := os.Chtimes(filepath.Join(f.l.Root, ".git", "index.lock"), old, old); err != nil {
		t.Fatal(err)
	}
	f.git = true
	if c := result(f.run(), "locks"); c.Status != watchdog.OK {
		t.Errorf("locks %+v", c)
	}
}

func TestQuarantineFew(t *testing.T) {
	f := newFixture(t)
	recs := []observer.QuarantineRecord{{Time: f.now.Add(-time.Minute), Reason: "schema", Line: "{}"}}
	if err := observer.AppendQuarantine(context.Background(), f.l, recs...); err != nil {
		t.Fatal(err)
	}
	if c := result(f.run(), "quarantine"); c.Status != watchdog.Warn || !strings.Contains(c.Seen, "1 schema") {
		t.Errorf("quarantine %+v", c)
	}
	// The next check counts from this one: nothing new.
	f.now = f.now.Add(time.Minute)
	if c := result(f.run(), "quarantine"); c.Status != watchdog.OK || !strings.Contains(c.Seen, "none new since") || !strings.Contains(c.Seen, "credential rules: gitleaks "+trust.GitleaksVersion+" (") {
		t.Errorf("second pass %+v: want nothing new and the credential rule set named", c)
	}
}

// A new vault's first check names no moment before the vault existed.
func TestQuarantineFirstCheck(t *testing.T) {
	f := newFixture(t)
	if c := result(f.run(), "quarantine"); c.Status != watchdog.OK || !strings.HasPrefix(c.Seen, "empty; credential rules: ") {
		t.Errorf("empty quarantine: %+v", c)
	}
	g := newFixture(t)
	recs := []observer.QuarantineRecord{{Time: g.now.Add(-48 * time.Hour), Reason: "schema", Line: "{}"}}
	if err := observer.AppendQuarantine(context.Background(), g.l, recs...); err != nil {
		t.Fatal(err)
	}
	if c := result(g.run(), "quarantine"); c.Status != watchdog.OK || strings.Contains(c.Seen, "since") {
		t.Errorf("first check: %+v", c)
	}
}

func TestIndexStale(t *testing.T) {
	f := newFixture(t)
	f.write("mind/concepts/b.md", "---\ntype: decision\n---\n\nAnother.\n")
	f.write("mind/concepts/ignored.excalidraw.md", "drawing")
	f.write(".cortexignore", "*.excalidraw.md\n")
	c := result(f.run(), "index")
	if c.Status != watchdog.Warn || !strings.Contains(c.Seen, "1 not indexed (mind/concepts/b.md)") || !strings.Contains(c.Seen, "the memory folders 2") {
		t.Errorf("index %+v", c)
	}
	if err := os.Remove(f.l.Path("mind/concepts/a.md")); err != nil {
		t.Fatal(err)
	}
	if c := result(f.run(), "index"); c.Status != watchdog.Warn || !strings.Contains(c.Seen, "indexed but gone (mind/concepts/a.md)") {
		t.Errorf("index after removal %+v", c)
	}
}

// TestMovedVault: the service names the vault's old path.
func TestMovedVault(t *testing.T) {
	f := newFixture(t)
	if _, err := service.Install(context.Background(), f.l, f.opts().Service); err != nil {
		t.Fatal(err)
	}
	old := f.l.Root
	moved := filepath.Join(filepath.Dir(old), "moved")
	if err := os.Rename(old, moved); err != nil {
		t.Fatal(err)
	}
	f.l = vault.Layout{Root: moved}
	c := result(f.run(), "service")
	if c.Status != watchdog.Fail || !strings.Contains(c.Seen, old+", which is no longer a vault") ||
		!strings.Contains(c.Fix, "cortex daemon uninstall --vault "+old) || !strings.Contains(c.Fix, "cortex daemon install --vault "+moved) {
		t.Errorf("service %+v", c)
	}
}

// TestWatchdogConfirms: with an injected clock, a killed daemon is an
// anomaly at the second failed pass, shown as the alert line, and cleared
// by the first pass that finds it running again.
func TestWatchdogConfirms(t *testing.T) {
	f := newFixture(t)
	f.deadDaemon()
	r := f.run()
	if len(r.Anomalies) != 0 || r.Alert != "" || watchdog.Alert(f.l) != "" {
		t.Fatalf("confirmed after one failure: %+v", r.Anomalies)
	}
	f.now = f.now.Add(2 * time.Hour)
	r = f.run()
	if len(r.Anomalies) != 1 || r.Anomalies[0].Check != "daemon" {
		t.Fatalf("not confirmed after two: %+v", r.Anomalies)
	}
	line := watchdog.Alert(f.l)
	if line != r.Alert || !strings.HasPrefix(line, "Cortex: the daemon has not run since ") || !strings.HasSuffix(line, "run `cortex doctor`") {
		t.Errorf("alert %q / %q", line, r.Alert)
	}
	st, _, err := watchdog.Load(f.l)
	if err != nil || len(st.Last) != 2 || st.Checks["daemon"].Failed != 2 {
		t.Fatalf("state %+v %v", st, err)
	}
	// The daemon stopped cleanly (restarted by hand, then stopped): a
	// warning, not a failure, so the anomaly clears.
	info := vault.DaemonInfo{PID: 1, Started: f.now, Heartbeat: f.now, Stopped: f.now, HeartbeatMS: 5000}
	data, _ := json.Marshal(info)
	f.write(".cortex/daemon.json", string(data))
	f.now = f.now.Add(2 * time.Hour)
	if r := f.run(); len(r.Anomalies) != 0 || watchdog.Alert(f.l) != "" {
		t.Errorf("not cleared: %+v", r.Anomalies)
	}
}

// TestWatchdogStateReset: a corrupt state file is reset with a notice.
func TestWatchdogStateReset(t *testing.T) {
	f := newFixture(t)
	f.write(".cortex/watchdog.json", "{garbage")
	r := f.run()
	if len(r.Notices) != 1 || !strings.Contains(r.Notices[0], "reset") {
		t.Errorf("notices %q", r.Notices)
	}
	if r := f.run(); len(r.Notices) != 0 {
		t.Errorf("notice again: %q", r.Notices)
	}
}

// TestWatch runs the loop with a short interval until two passes are
// recorded (no timing is asserted, only that passes happen and stop).
func TestWatch(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	o := f.opts()
	o.Now = time.Now
	o.Interval, o.Settle = time.Millisecond, time.Millisecond
	done := make(chan struct{})
	go func() { Watch(ctx, f.l, o); close(done) }()
	for {
		st, _, err := watchdog.Load(f.l)
		if err != nil {
			t.Fatal(err)
		}
		if len(st.Last) >= 2 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	<-done
}

// liveDaemon holds the daemon lock as a running daemon does, with a
// heartbeat at the fixture's now (heartbeatAgo before it).
func (f *fixture) liveDaemon(heartbeatAgo time.Duration) {
	f.t.Helper()
	fl := flock.New(f.l.DaemonLock())
	if err := fl.Lock(); err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { _ = fl.Unlock() })
	info := vault.DaemonInfo{PID: os.Getpid(), Started: f.now.Add(-time.Hour), Heartbeat: f.now.Add(-heartbeatAgo), HeartbeatMS: 5000}
	data, _ := json.Marshal(info)
	f.write(".cortex/daemon.json", string(data))
}

// TestWithLiveDaemon: what is only a warning without a daemon fails when a
// daemon that should have dealt with it runs.
func TestWithLiveDaemon(t *testing.T) {
	t.Run("running", func(t *testing.T) {
		f := newFixture(t)
		f.liveDaemon(time.Second)
		if c := result(f.run(), "daemon"); c.Status != watchdog.OK || !strings.Contains(c.Seen, "running (pid") {
			t.Errorf("daemon %+v", c)
		}
	})
	t.Run("caches deleted", func(t *testing.T) {
		// .cortex/ gone under a running daemon: its memorizer lock, held
		// and naming a daemon, says it runs.
		f := newFixture(t)
		h, err := vault.TryLockMemorizer(f.l, observer.MemorizerRoleDaemon)
		if err != nil {
			t.Fatal(err)
		}
		defer h.Unlock()
		os.RemoveAll(f.l.CacheDir())
		c := result(f.run(), "daemon")
		want := fmt.Sprintf("running (pid %d holds observer/memorizer.lock)", os.Getpid())
		if c.Status != watchdog.Warn || !strings.Contains(c.Seen, want) || !strings.HasPrefix(c.Fix, fmt.Sprintf("stop it (kill %d)", os.Getpid())) {
			t.Errorf("daemon %+v", c)
		}
	})
	t.Run("hung", func(t *testing.T) {
		f := newFixture(t)
		f.liveDaemon(10 * time.Minute)
		c := result(f.run(), "daemon")
		if c.Status != watchdog.Fail || !strings.Contains(c.Seen, "it is hung") || !strings.HasPrefix(c.Fix, "kill ") {
			t.Errorf("daemon %+v", c)
		}
	})
	t.Run("index stale", func(t *testing.T) {
		f := newFixture(t)
		f.write("mind/concepts/b.md", "---\ntype: decision\n---\n\nAnother.\n")
		f.now = f.now.Add(5 * time.Minute) // the edit is minutes old
		f.liveDaemon(time.Second)
		c := result(f.run(), "index")
		if c.Status != watchdog.Fail || !strings.Contains(c.Seen, "though the daemon keeps it in step") {
			t.Errorf("index %+v", c)
		}
	})
	t.Run("staging stuck", func(t *testing.T) {
		f := newFixture(t)
		f.write("observer/staging/batch.json", "{}")
		f.now = f.now.Add(10 * time.Minute)
		f.liveDaemon(time.Second)
		c := result(f.run(), "staging")
		if c.Status != watchdog.Fail || !strings.Contains(c.Seen, "keeps failing") {
			t.Errorf("staging %+v", c)
		}
	})
}

// TestUpgradedBinary: the service's daemon started before its binary was
// replaced runs the older cortex: a warning with the restart.
func TestUpgradedBinary(t *testing.T) {
	f := newFixture(t)
	if _, err := service.Install(context.Background(), f.l, f.opts().Service); err != nil {
		t.Fatal(err)
	}
	f.liveDaemon(time.Second) // started an hour before now
	upgraded := f.now.Add(-time.Minute)
	if err := os.Chtimes(f.bin, upgraded, upgraded); err != nil {
		t.Fatal(err)
	}
	c := result(f.run(), "service")
	if c.Status != watchdog.Warn || !strings.Contains(c.Seen, "the daemon runs an older cortex") || !strings.HasPrefix(c.Fix, "systemctl --user restart cortex-v-") {
		t.Errorf("service %+v", c)
	}
}

// TestWatchAfterRestart: a confirmed anomaly on record brings the first
// pass forward to Settle after start, though the last pass is recent: the
// restarted daemon clears the line without waiting the interval.
func TestWatchAfterRestart(t *testing.T) {
	f := newFixture(t)
	f.deadDaemon()
	f.run()
	f.run()
	if len(watchdogAnomalies(t, f)) != 1 {
		t.Fatal("not confirmed")
	}
	f.liveDaemon(0)
	ctx, cancel := context.WithCancel(context.Background())
	o := f.opts()
	o.Interval, o.Settle = time.Hour, time.Millisecond
	done := make(chan struct{})
	go func() { Watch(ctx, f.l, o); close(done) }()
	for len(watchdogAnomalies(t, f)) != 0 {
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	<-done
}

func watchdogAnomalies(t *testing.T, f *fixture) []watchdog.Anomaly {
	t.Helper()
	st, _, err := watchdog.Load(f.l)
	if err != nil {
		t.Fatal(err)
	}
	return st.Anomalies()
}

// TestSleepAndSync: the sleep and sync checks warn, never fail, while
// memory is still kept: no sleep yet, an old one, a sync failing since a
// short while; and say ok for a recent sleep, a recent sync, sync off.
func TestSleepAndSync(t *testing.T) {
	f := newFixture(t)
	r := f.run()
	if s := result(r, "sleep"); s.Status != watchdog.Warn || !strings.Contains(s.Seen, "no sleep recorded") || !strings.Contains(s.Fix, "cortex maintain") {
		t.Errorf("never slept: %+v", s)
	}
	if s := result(r, "sync"); s.Status != watchdog.OK || !strings.Contains(s.Seen, "off") {
		t.Errorf("sync off: %+v", s)
	}
	lastRun := func(at time.Time) {
		f.write(".cortex/sleep.json", `{"at":"`+at.UTC().Format(time.RFC3339)+`","counts":{}}`)
	}
	lastRun(f.now.Add(-3 * time.Hour))
	if s := result(f.run(), "sleep"); s.Status != watchdog.OK || !strings.Contains(s.Seen, "3h ago") {
		t.Errorf("slept 3 h ago: %+v", s)
	}
	lastRun(f.now.Add(-80 * time.Hour))
	if s := result(f.run(), "sleep"); s.Status != watchdog.Warn || !strings.Contains(s.Seen, "3d ago") {
		t.Errorf("slept 80 h ago: %+v", s)
	}
	f.write("cortex.yml", "sync: {}\n")
	if s := result(f.run(), "sync"); s.Status != watchdog.Warn || !strings.Contains(s.Seen, "never run") {
		t.Errorf("sync on, never ran: %+v", s)
	}
	f.write(".cortex/sync.json", `{"when":"`+f.now.Add(-time.Minute).UTC().Format(time.RFC3339)+`","ok":false,"error":"offline","remote":"origin","last_ok":"`+f.now.Add(-6*time.Minute).UTC().Format(time.RFC3339)+`"}`)
	if s := result(f.run(), "sync"); s.Status != watchdog.Warn || !strings.Contains(s.Seen, "failed: offline") {
		t.Errorf("offline for a while: %+v", s)
	}
	f.write(".cortex/sync.json", `{"when":"`+f.now.Add(-time.Minute).UTC().Format(time.RFC3339)+`","ok":true,"summary":"up to date with origin/main","remote":"origin"}`)
	if s := result(f.run(), "sync"); s.Status != watchdog.OK || !strings.Contains(s.Seen, "up to date") {
		t.Errorf("synced: %+v", s)
	}
}
