//go:build unix

package vaultsync_test

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/vault/doc"
)

// gitDaemon serves the bare repositories under base over git:// on the
// loopback, pushes allowed.
type gitDaemon struct {
	base string
	port int
	cmd  *exec.Cmd
}

// startGitDaemon starts git daemon on a free loopback port (skipping the
// test when git daemon is not installed) and stops it when the test ends.
func startGitDaemon(t *testing.T, base string) *gitDaemon {
	t.Helper()
	exe, err := exec.Command("git", "--exec-path").Output()
	if err != nil {
		t.Skipf("git --exec-path: %v", err)
	}
	if _, err := os.Stat(filepath.Join(strings.TrimSpace(string(exe)), "git-daemon")); err != nil {
		t.Skip("git daemon is not installed")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	d := &gitDaemon{base: base, port: ln.Addr().(*net.TCPAddr).Port}
	ln.Close()
	d.start(t)
	t.Cleanup(d.stop)
	return d
}

func (d *gitDaemon) url(name string) string {
	return "git://127.0.0.1:" + strconv.Itoa(d.port) + "/" + name
}

// start runs git daemon in a process group of its own (it forks one child
// per connection) and waits until its port accepts.
func (d *gitDaemon) start(t *testing.T) {
	t.Helper()
	d.cmd = exec.Command("git", "daemon", "--reuseaddr", "--listen=127.0.0.1", "--port="+strconv.Itoa(d.port),
		"--base-path="+d.base, "--export-all", "--enable=receive-pack", d.base)
	d.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := d.cmd.Start(); err != nil {
		t.Skipf("git daemon: %v", err)
	}
	addr := "127.0.0.1:" + strconv.Itoa(d.port)
	for deadline := time.Now().Add(10 * time.Second); ; {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			d.stop()
			t.Fatalf("git daemon does not accept on %s: %v", addr, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stop kills git daemon and its children and waits for it.
func (d *gitDaemon) stop() {
	if d.cmd == nil {
		return
	}
	_ = syscall.Kill(-d.cmd.Process.Pid, syscall.SIGKILL)
	_ = d.cmd.Wait()
	d.cmd = nil
}

// TestSyncOverGitDaemon: two clones whose origin is a git:// remote served
// by git daemon on the loopback memorize different things and one thing
// in common, and sync until they converge: the same tree, the common
// memory one document counting both observations, git fsck --strict
// clean, and a sync with nothing to do moves nothing. With the daemon
// stopped a sync fails with one line and changes nothing; once it is back
// the next sync catches up.
func TestSyncOverGitDaemon(t *testing.T) {
	bin := buildCortex(t) // before gitEnv: the build cache is under HOME
	gitEnv(t)
	ms, remote := newMachines(t, bin, 2)
	d := startGitDaemon(t, filepath.Dir(remote))
	for _, m := range ms {
		git(t, m.l.Root, "remote", "set-url", "origin", d.url(filepath.Base(remote)))
	}
	a, b := ms[0], ms[1]
	memorize := func(m *machine, ts time.Time, bodies ...string) {
		t.Helper()
		var obs []observer.Observation
		for i, body := range bodies {
			obs = append(obs, observer.Observation{
				Timestamp: ts.Add(time.Duration(i) * time.Second),
				Bucket:    observer.BucketExplicit, Type: "fact", Body: body,
				Attribution: "owner", SessionID: observer.SessionCLI,
			})
		}
		if err := observer.AppendObservations(context.Background(), m.l, obs...); err != nil {
			t.Fatal(err)
		}
		m.process(t)
	}
	day := time.Date(2026, 2, 16, 9, 0, 0, 0, time.UTC)
	shared := "Both machines learned that the CI runs on two cores."
	memorize(a, day, "Machine A knows the release train leaves on Mondays.", shared)
	memorize(b, day.Add(time.Hour), "Machine B knows the staging database is read-only.", shared)

	// Sync around until a round moves nothing anywhere.
	converged := false
	for round := 0; round < 4 && !converged; round++ {
		converged = true
		for _, m := range ms {
			rep, err := m.sync(t)
			if err != nil {
				t.Fatalf("round %d: sync of %s: %v", round, filepath.Base(m.l.Root), err)
			}
			if rep.Pulled > 0 || rep.Pushed || rep.Merged || len(rep.Paths) > 0 {
				converged = false
			}
		}
	}
	if !converged {
		t.Fatal("the two clones do not converge in 4 rounds of sync")
	}
	tree := git(t, a.l.Root, "rev-parse", "HEAD^{tree}")
	for _, m := range ms {
		name := filepath.Base(m.l.Root)
		if got := git(t, m.l.Root, "rev-parse", "HEAD^{tree}"); got != tree {
			t.Errorf("%s: tree %s, want %s", name, got, tree)
		}
		if st := git(t, m.l.Root, "status", "--porcelain"); st != "" {
			t.Errorf("%s: git status:\n%s", name, st)
		}
		git(t, m.l.Root, "fsck", "--strict", "--no-progress")
		docs := readDocs(t, m.l.Root)
		if got := docs[doc.Hash(shared)]; len(got) != 1 || got[0].Reinforced != 1 {
			t.Errorf("%s: the shared memory is %d document(s): %+v", name, len(got), got)
		}
		for _, body := range []string{"Machine A knows the release train leaves on Mondays.", "Machine B knows the staging database is read-only."} {
			if got := docs[doc.Hash(body)]; len(got) != 1 || got[0].Reinforced != 0 {
				t.Errorf("%s: %q is %d document(s): %+v", name, body, len(got), got)
			}
		}
	}
	// The remote's branch is what both have.
	if got, want := git(t, remote, "rev-parse", "main^{tree}"), tree; got != want {
		t.Errorf("remote tree %s, want %s", got, want)
	}
	// Nothing to do: nothing moves.
	rep, err := a.sync(t)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pulled != 0 || rep.Pushed || rep.Merged || len(rep.Paths) != 0 || !strings.HasPrefix(rep.Summary(), "up to date with origin/main") {
		t.Errorf("sync with nothing to do: %+v (%s)", rep, rep.Summary())
	}

	// Offline: one line, the vault as it was.
	offline := "Memories made while the remote is down wait for the next sync."
	memorize(b, day.Add(2*time.Hour), offline)
	state := func(m *machine) string {
		return git(t, m.l.Root, "rev-parse", "HEAD", "HEAD^{tree}", "refs/remotes/origin/main") +
			git(t, m.l.Root, "status", "--porcelain", "--untracked-files=all")
	}
	before := state(b)
	d.stop()
	_, err = b.sync(t)
	if err == nil {
		t.Fatal("sync with the git daemon stopped: no error")
	}
	if msg := err.Error(); strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "sync: fetch from origin: ") {
		t.Errorf("sync with the git daemon stopped: %q", msg)
	} else {
		t.Logf("with the daemon stopped: %s", msg)
	}
	if after := state(b); after != before {
		t.Errorf("a failed sync changed the vault:\n%s\nwas\n%s", after, before)
	}

	// Back online: B sends it, A brings it in.
	d.start(t)
	if rep, err := b.sync(t); err != nil || !rep.Pushed {
		t.Fatalf("sync of B after the daemon restarted: %+v, %v", rep, err)
	}
	if rep, err := a.sync(t); err != nil || rep.Pulled == 0 {
		t.Fatalf("sync of A after the daemon restarted: %+v, %v", rep, err)
	}
	if got := readDocs(t, a.l.Root)[doc.Hash(offline)]; len(got) != 1 {
		t.Errorf("A after the daemon restarted: %+v", got)
	}
	if ta, tb := git(t, a.l.Root, "rev-parse", "HEAD^{tree}"), git(t, b.l.Root, "rev-parse", "HEAD^{tree}"); ta != tb {
		t.Errorf("trees differ after catching up: %s %s", ta, tb)
	}
}
