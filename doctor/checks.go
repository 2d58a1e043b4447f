package doctor

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/hooks"
	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/service"
	"github.com/cortex-vault/cortex/trust"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/index"
	"github.com/cortex-vault/cortex/vault/vaultfs"
	"github.com/cortex-vault/cortex/vault/watchdog"
)

// checkVault: the taxonomy the daemon and the hook check documents
// against, and the calibration the scores go through.
func checkVault(_ context.Context, e *env) watchdog.Result {
	tx, err := doc.LoadTaxonomy(e.l.Root)
	if err != nil {
		return fail("fix taxonomy.yml where the message says (the daemon refuses to start on it), then run `cortex validate --vault "+e.root+"`",
			"%v", err)
	}
	if _, warns := vault.LoadCalibration(e.l.Root); len(warns) > 0 {
		return warn("fix calibration.yml where the message says", "%s", warns[0])
	}
	return ok("taxonomy.yml (%d types) and calibration.yml are valid", len(tx.TypeNames()))
}

// checkHook: the pre-commit hook is where git looks, is Cortex's, names
// this vault, is executable and finds a cortex to run.
func checkHook(_ context.Context, e *env) watchdog.Result {
	fix := "cortex hooks install --vault " + e.root
	h, err := hooks.CheckGitHook(e.l.Root)
	if err != nil {
		return fail("cortex init "+e.root, "%v", err)
	}
	switch {
	case !h.Present:
		return fail(fix, "no pre-commit hook at %s: memory files committed by hand are not checked", h.Hook)
	case !h.Ours:
		return fail(fix+" (it keeps the other hook, run first)", "%s is not Cortex's hook (another tool replaced it)", h.Hook)
	case !h.Covers:
		return fail(fix, "the pre-commit hook at %s does not check this vault", h.Hook)
	case !h.Executable:
		return fail("chmod +x "+shellWord(h.Hook), "%s is not executable: git skips it without a word", h.Hook)
	case !h.BinaryOK:
		return fail(fix, "the hook runs %s, which is gone, and there is no cortex on PATH: every commit fails", h.Binary)
	case h.Binary != "" && h.Runs != h.Binary:
		return warn(fix, "the hook records %s, which is gone: it runs %s from PATH instead", h.Binary, h.Runs)
	}
	return ok("pre-commit hook installed at %s, runs %s", h.Hook, h.Runs)
}

// startFix is the command that starts the daemon: the service's restart
// when it is installed, else the service's install.
func startFix(e *env) string {
	if e.svcErr == nil && e.svc.Installed != nil {
		return service.RestartCommand(e.svc.Platform, e.svc.Name)
	}
	if e.svcErr == nil {
		return "cortex daemon install --vault " + e.root + " (or run: cortex daemon --vault " + e.root + ")"
	}
	return "cortex daemon --vault " + e.root
}

// checkDaemon: the daemon holds the vault, its heartbeat is fresh, and its
// batches do not keep failing.
func checkDaemon(_ context.Context, e *env) watchdog.Result {
	d, now := e.daemon, e.now
	info := d.Info
	committed := ""
	if info != nil && !info.LastBatch.IsZero() {
		// A time, not "2h ago": the words are kept and shown later (the
		// push block's line).
		committed = "; last commit " + stamp(info.LastBatch)
	}
	switch d.State {
	case observer.DaemonRunning:
		if info != nil && info.Failures > 0 {
			seen := fmt.Sprintf("the daemon (pid %d) has failed %d batches in a row: %s%s", info.PID, info.Failures, info.LastError, committed)
			if info.Failures >= 3 {
				return fail("read the daemon's log: "+logHint(e), "%s", seen)
			}
			return warn("read the daemon's log: "+logHint(e), "%s", seen)
		}
		if info != nil {
			return ok("running (pid %d, heartbeat %s%s)", info.PID, Ago(now, info.Heartbeat), committed)
		}
		if d.MemorizerPID > 0 {
			return warn(fmt.Sprintf("stop it (kill %d), then %s, for a heartbeat again", d.MemorizerPID, startFix(e)), "running (pid %d holds observer/memorizer.lock), but .cortex/daemon.json is gone: no heartbeat tells whether it works", d.MemorizerPID)
		}
		return ok("running")
	case observer.DaemonWaiting:
		return fail("free space on the vault's disk (df -h "+e.root+"); the daemon begins by itself once there is room",
			"started, but waiting for disk space: the vault's disk is full (%s free); it tries again with a growing wait", bytesize(*d.DiskFree))
	case observer.DaemonNotResponding:
		return fail(fmt.Sprintf("kill %d, then %s", info.PID, startFix(e)),
			"the daemon (pid %d) holds the vault but has not beaten since %s: it is hung%s", info.PID, stamp(info.Heartbeat), committed)
	case observer.DaemonDied:
		return fail(startFix(e), "the daemon has not run since %s (pid %d ended without stopping: killed or crashed)%s; nothing memorizes the buffer",
			stamp(info.Heartbeat), info.PID, committed)
	case observer.DaemonStopped:
		return warn(startFix(e), "the daemon is not running (stopped cleanly at %s%s)", stamp(info.Stopped), committed)
	case observer.DaemonNever:
		return warn(startFix(e), "the daemon has never run in this vault: observations wait until `cortex process` runs")
	}
	return fail(startFix(e), "the daemon's state cannot be read (%s)", d.State)
}

// checkService: the service, when installed, names this vault, runs a
// binary that is there (and the one running), and is active; a service of
// a vault that is gone (moved) is reported.
func checkService(_ context.Context, e *env) watchdog.Result {
	if e.svcErr != nil {
		return ok("no service manager: %v", e.svcErr)
	}
	s := e.svc
	var orphans []string
	for _, o := range s.Orphans {
		orphans = append(orphans, fmt.Sprintf("%s names %s, which is no longer a vault (moved or deleted?)", o.File, o.Vault))
	}
	orphanFix := func() string {
		fix := "cortex daemon uninstall --vault " + shellWord(s.Orphans[0].Vault)
		if s.Installed == nil {
			fix += " && cortex daemon install --vault " + e.root
		}
		return fix
	}
	in := s.Installed
	if in == nil {
		if len(orphans) > 0 {
			return fail(orphanFix(), "not installed for this vault; %s", strings.Join(orphans, "; "))
		}
		return ok("not installed (cortex daemon install starts the daemon at login and after a crash)")
	}
	restart := service.RestartCommand(s.Platform, s.Name)
	if in.BinaryGone {
		return fail("cortex daemon install --vault "+e.root, "the service %s runs %s, which is gone (deleted, or moved by an upgrade)", s.Name, in.Binary)
	}
	if s.StateError != "" {
		return warn(restart, "installed (%s), but the service manager cannot tell its state: %s", in.File, s.StateError)
	}
	if s.State == nil || !s.State.Active {
		detail := "not loaded"
		if s.State != nil && s.State.Detail != "" {
			detail = s.State.Detail
		}
		return fail(restart, "the service %s is installed but not running (%s); its log: %s", s.Name, detail, s.Log)
	}
	if older, why := runsOlder(e, in.Binary); older {
		return warn(restart, "the daemon runs an older cortex: %s", why)
	}
	if self, err := os.Executable(); err == nil && !vaultfs.SameFile(self, in.Binary) {
		return warn("cortex daemon install --vault "+e.root, "the service runs %s, not this cortex (%s)", in.Binary, self)
	}
	if len(orphans) > 0 {
		return warn(orphanFix(), "%s", strings.Join(orphans, "; "))
	}
	return ok("%s active (pid %d); log: %s", s.Name, s.State.PID, s.Log)
}

// runsOlder tells whether the running daemon started before its binary
// last changed (an upgrade in place), or runs a binary since deleted.
func runsOlder(e *env, bin string) (bool, string) {
	info := e.daemon.Info
	if !e.daemon.Running() || info == nil {
		return false, ""
	}
	if exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", info.PID)); err == nil && strings.HasSuffix(exe, " (deleted)") {
		return true, fmt.Sprintf("pid %d runs %s", info.PID, exe)
	}
	if fi, err := os.Stat(bin); err == nil && fi.ModTime().After(info.Started) {
		return true, fmt.Sprintf("%s changed %s, after the daemon (pid %d) started %s", bin, Ago(e.now, fi.ModTime()), info.PID, Ago(e.now, info.Started))
	}
	return false, ""
}

// checkBuffer: the lines waiting in the buffer, and for how long.
func checkBuffer(_ context.Context, e *env) watchdog.Result {
	b, err := observer.ReadBacklog(e.l)
	if err != nil {
		return fail("cortex status --vault "+e.root, "the buffer cannot be read: %v", err)
	}
	if b.Lines == 0 {
		return ok("nothing pending")
	}
	fix := "cortex process --vault " + e.root
	if e.daemon.Running() {
		fix = "read the daemon's log: " + logHint(e)
	}
	wait := e.now.Sub(b.Since)
	seen := fmt.Sprintf("%d lines pending, the oldest since %s", b.Lines, stamp(b.Since))
	switch {
	case wait >= backlogFail:
		return fail(fix, "%s: nothing memorizes them", seen)
	case wait >= backlogWarn:
		return warn(fix, "%s", seen)
	}
	return ok("%s", seen)
}

// checkStaging: a batch left staged.
func checkStaging(_ context.Context, e *env) watchdog.Result {
	s, err := observer.ReadStaging(e.l)
	if err != nil {
		return fail("cortex status --vault "+e.root, "staging cannot be read: %v", err)
	}
	if s.Files == s.Other {
		if s.Other > 0 {
			return ok("%d files not written by the memorizer (moved to the quarantine after %d days)", s.Other, int(observer.StaleStagingAge.Hours()/24))
		}
		return ok("empty")
	}
	var age time.Duration
	if fi, err := os.Stat(e.l.Staging()); err == nil {
		age = e.now.Sub(fi.ModTime())
	}
	if age < settle {
		return ok("a batch of %d files in hand", s.Files-s.Other)
	}
	if e.daemon.Running() {
		return fail("read the daemon's log: "+logHint(e), "%d files have stayed staged for %s: the daemon's batch keeps failing", s.Files-s.Other, age.Round(time.Second))
	}
	return warn("cortex process --vault "+e.root, "%d files left staged by an interrupted batch", s.Files-s.Other)
}

// checkQuarantine: how many lines were quarantined since the last check,
// by reason.
func checkQuarantine(_ context.Context, e *env) watchdog.Result {
	recs, err := observer.ReadQuarantine(e.l)
	if err != nil {
		return fail("cortex quarantine list --vault "+e.root, "the quarantine cannot be read: %v", err)
	}
	since := e.prev.LastCheck
	if since.IsZero() || since.After(e.now) || e.now.Sub(since) > 7*24*time.Hour {
		since = e.now.Add(-e.opts.Interval)
	}
	by := map[string]int{}
	n := 0
	for _, r := range recs {
		if r.Time.After(since) && r.Retried == nil {
			by[r.Reason]++
			n++
		}
	}
	// The rule set that decided, so a report says which one redacted.
	rules := "; credential rules: " + trust.RuleSet()
	switch {
	case len(recs) == 0:
		return ok("empty%s", rules)
	case n == 0 && e.prev.LastCheck.IsZero():
		// No check before this one: "since" would be a moment picked
		// for the count, which may predate the vault itself.
		return ok("%d records, none in the last %s%s", len(recs), shortDuration(e.opts.Interval), rules)
	case n == 0:
		return ok("%d records, none new since %s%s", len(recs), stamp(since), rules)
	}
	reasons := make([]string, 0, len(by))
	for k := range by {
		reasons = append(reasons, k)
	}
	slices.SortFunc(reasons, func(a, b string) int { return cmp.Or(by[b]-by[a], strings.Compare(a, b)) })
	var parts []string
	for _, k := range reasons {
		parts = append(parts, fmt.Sprintf("%d %s", by[k], k))
	}
	seen := fmt.Sprintf("%d lines quarantined since %s (%s)", n, stamp(since), strings.Join(parts, ", "))
	fix := "cortex quarantine list --vault " + e.root
	if n >= e.opts.Burst {
		return fail(fix, "%s: a burst", seen)
	}
	return warn(fix, "%s%s", seen, rules)
}

// checkIndex: the index opens as it is, counts as many documents as the
// memory folders hold (the paths are compared only when the counts
// differ), and a sample of its rows matches the files.
func checkIndex(ctx context.Context, e *env) watchdog.Result {
	fix := "cortex rebuild-index --vault " + e.root
	ig, err := vault.LoadIgnore(e.l)
	if err != nil {
		return fail("fix .cortexignore", "%v", err)
	}
	var tree []string
	if err := vault.WalkUnmatched(e.l, ig, func(rel string, _ fs.DirEntry) error {
		tree = append(tree, rel)
		return nil
	}); err != nil {
		return fail(fix, "the memory folders cannot be read: %v", err)
	}
	in, err := index.Inspect(ctx, e.l, tree, sample(e.l, ig, tree, e.opts.Sample))
	if err == nil {
		e.inspected = &in
	}
	switch {
	case err != nil:
		return fail(fix, "%v", err)
	case in.Missing:
		return warn(fix, "no index yet (%d documents): the next command that reads builds it", len(tree))
	case in.Problem != "":
		return fail(fix, "%s cannot serve: %s", e.l.IndexDB(), in.Problem)
	}
	// Files the tree lists but the patterns leave out are not missing.
	unindexed := slices.DeleteFunc(in.Unindexed, ig.Ignored)
	files := len(tree) - (len(in.Unindexed) - len(unindexed))
	if len(unindexed) == 0 && len(in.Gone) == 0 && len(in.Stale) == 0 {
		return ok("%d documents indexed; a sample of %d matches the files", in.Count, min(e.opts.Sample, len(tree)))
	}
	seen := fmt.Sprintf("the index has %d documents, the memory folders %d", in.Count, files)
	var newest time.Time
	note := func(what string, rels []string) {
		if len(rels) == 0 {
			return
		}
		seen += fmt.Sprintf("; %d %s (%s)", len(rels), what, doc.QuoteName(rels[0]))
		for _, rel := range rels {
			if fi, err := os.Stat(e.l.Path(rel)); err == nil && fi.ModTime().After(newest) {
				newest = fi.ModTime()
			}
		}
	}
	note("not indexed", unindexed)
	note("of the sample changed since indexed", in.Stale)
	if len(in.Gone) > 0 {
		seen += fmt.Sprintf("; %d indexed but gone (%s)", len(in.Gone), doc.QuoteName(in.Gone[0]))
		newest = e.now // a removal leaves no time to read
	}
	if e.daemon.Running() && e.now.Sub(newest) > settle {
		return fail(fix, "%s, though the daemon keeps it in step", seen)
	}
	return warn(fix, "%s: stale (the daemon, or the next command that reads it, brings it in step)", seen)
}

// sample stats n documents spread evenly over the tree (files the
// patterns of .cortexignore leave out are passed over).
func sample(l vault.Layout, ig *vault.Ignore, tree []string, n int) []vault.Found {
	step := max(len(tree)/max(n, 1), 1)
	var out []vault.Found
	for i := 0; i < len(tree) && len(out) < n; i += step {
		if ig.Ignored(tree[i]) {
			continue
		}
		fi, err := os.Stat(l.Path(tree[i]))
		if err != nil {
			continue // gone since the walk: the next pass sees it
		}
		out = append(out, vault.Found{Rel: tree[i], Size: fi.Size(), MtimeNS: fi.ModTime().UnixNano()})
	}
	return out
}

// checkLocks: git lock files older than a minute that no live process owns.
func checkLocks(_ context.Context, e *env) watchdog.Result {
	repo, err := gitstore.FindRepo(e.l.Root)
	if err != nil {
		return fail("cortex init "+e.root, "%v", errors.Join(errNoRepo, err))
	}
	locks, known, err := gitstore.StaleLocks(repo, e.now, lockAge, e.opts.GitRunning)
	if err != nil {
		return fail("ls "+shellWord(repo.GitDir), "the git folder cannot be read: %v", err)
	}
	if len(locks) == 0 {
		return ok("no stale git lock")
	}
	var seen []string
	fix := ""
	for _, lk := range locks {
		who := "left by a process that died (no git runs)"
		if !known {
			who = "no owner on record (a running git cannot be ruled out here)"
		}
		if lk.Owner == gitstore.OwnerDeadStore {
			who = "left by a cortex process that died (the next cortex commit settles it)"
		}
		seen = append(seen, fmt.Sprintf("%s, %s old, %s", lk.Path, lk.Age.Round(time.Second), who))
		if fix == "" {
			if lk.Owner == gitstore.OwnerDeadStore {
				fix = "cortex process --vault " + e.root
			} else {
				fix = "rm " + shellWord(lk.Path)
			}
		}
	}
	return fail(fix, "%s", strings.Join(seen, "; "))
}

// checkClaude: the Claude Code hooks and MCP server, where installed (the
// project holding the vault, the person's own settings), are all there and
// run a cortex that exists.
func checkClaude(_ context.Context, e *env) watchdog.Result {
	var scopes []hooks.ClaudeOptions
	if repo, err := gitstore.FindRepo(e.l.Root); err == nil {
		scopes = append(scopes, hooks.ClaudeOptions{Scope: hooks.ClaudeScopeProject, ProjectDir: repo.WorkTree})
		// A vault with its own repository inside a project: the project.
		if outer, err := gitstore.FindRepo(filepath.Dir(repo.WorkTree)); err == nil {
			scopes = append(scopes, hooks.ClaudeOptions{Scope: hooks.ClaudeScopeProject, ProjectDir: outer.WorkTree})
		}
	}
	home := e.opts.Home
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	if home != "" {
		scopes = append(scopes, hooks.ClaudeOptions{Scope: hooks.ClaudeScopeUser, Home: home})
	}
	var wired []string
	for _, opts := range scopes {
		h, err := hooks.CheckClaude(opts)
		if err != nil {
			return fail("fix the file by hand", "%v", err)
		}
		if !h.Installed {
			continue
		}
		fix := "cortex claude install"
		if h.Scope == hooks.ClaudeScopeUser {
			fix += " --scope user"
		} else {
			fix += " --project " + shellWord(opts.ProjectDir)
		}
		switch {
		case len(h.Missing) > 0:
			return fail(fix, "%s lacks Cortex's %s hook: sessions start without memory", h.Settings, strings.Join(h.Missing, " and "))
		case !h.Server:
			return fail(fix, "%s lacks the cortex MCP server", h.MCP)
		case !h.CommandOK:
			return fail(fix, "the Claude Code entries in %s run %s, which cannot be found", h.Settings, h.Command)
		}
		wired = append(wired, h.Settings)
	}
	if len(wired) == 0 {
		return ok("not installed (cortex claude install wires Claude Code)")
	}
	return ok("hooks and MCP server wired in %s", strings.Join(wired, ", "))
}

// checkDisk: the free space of the vault's disk.
func checkDisk(_ context.Context, e *env) watchdog.Result {
	free, total, err := vaultfs.DiskSpace(e.l.Root)
	if err != nil {
		return warn("df -h "+e.root, "free space unknown: %v", err)
	}
	seen := fmt.Sprintf("%s free of %s", bytesize(free), bytesize(total))
	switch {
	case free < diskFail:
		return fail("free space on the vault's disk (df -h "+e.root+")", "%s: commits and the index will fail", seen)
	case free < diskWarn || (total > 0 && free < total/20):
		return warn("free space on the vault's disk (df -h "+e.root+")", "%s", seen)
	}
	return ok("%s", seen)
}

func bytesize(n uint64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KB", n>>10)
}

// shortDuration writes d without its zero units: 2h, 90m, 1h30m.
func shortDuration(d time.Duration) string {
	s := d.Round(time.Second).String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
