//go:build unix

package harness

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// toolchain is what every world shares: the cortex binary built once and
// the environment its processes and git run in (a HOME of its own with a
// git identity, no system or global git configuration of the machine).
type toolchain struct {
	bin string
	env []string
}

func newToolchain(dir string) (*toolchain, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, fmt.Errorf("git is not installed: %w", err)
	}
	bin := filepath.Join(dir, "cortex")
	// The module root is the parent of this package's folder.
	build := exec.Command("go", "build", "-o", bin, "./cmd/cortex")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build ./cmd/cortex: %v\n%s", err, out)
	}
	env, err := toolEnv(dir)
	if err != nil {
		return nil, err
	}
	return &toolchain{bin: bin, env: env}, nil
}

// toolEnv is the environment of the processes a run starts: a HOME of
// its own in dir with a git identity, the machine's settings left out.
func toolEnv(dir string) ([]string, error) {
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		return nil, err
	}
	gitconfig := "[user]\n\tname = Harness Person\n\temail = person@example.com\n[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n"
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte(gitconfig), 0o644); err != nil {
		return nil, err
	}
	var env []string
	for _, kv := range os.Environ() {
		// The machine's vault and git settings must not leak in.
		if strings.HasPrefix(kv, "CORTEX_") || strings.HasPrefix(kv, "GIT_") {
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+filepath.Join(home, ".gitconfig"), "TZ=UTC")
	return env, nil
}

// result is how one process ended.
type result struct {
	out    string
	err    error // nil: exit 0
	killed bool  // ended by the harness's SIGKILL of its process group
	hung   bool  // outlived the harness's patience and was killed for it
}

// commandTimeout is how long a command may run before the harness calls it
// hung, kills its tree and reports a violation. It is not a speed bound:
// a correct command on the harness's small vaults takes a second or two
// even on a loaded machine; one that waits here waits forever.
const commandTimeout = 2 * time.Minute

// run runs name (cortex for the built binary) in dir with stdin, in a
// process group of its own. killAfter > 0 sends SIGKILL to the whole group
// (git children included) after that long, as a crash or an OOM killer
// would.
func (tc *toolchain) run(dir string, stdin []byte, killAfter time.Duration, name string, args ...string) result {
	if name == "cortex" {
		name = tc.bin
	}
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, tc.env
	cmd.SysProcAttr = procAttr()
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return result{err: err}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var killC <-chan time.Time
	if killAfter > 0 {
		t := time.NewTimer(killAfter)
		defer t.Stop()
		killC = t.C
	}
	hang := time.NewTimer(commandTimeout)
	defer hang.Stop()
	var r result
	select {
	case err := <-done:
		r.err = err
	case <-killC:
		killGroup(cmd.Process.Pid)
		r.err = <-done
		r.killed = signalled(r.err)
	case <-hang.C:
		killGroup(cmd.Process.Pid)
		r.err = <-done
		r.hung = true
	}
	// A tree killed before its leader ended may still have git children
	// that escaped the group's kill by a hair; a second kill is harmless.
	if r.killed || r.hung {
		killGroup(cmd.Process.Pid)
	}
	r.out = out.String()
	return r
}

func killGroup(pgid int) { _ = syscall.Kill(-pgid, syscall.SIGKILL) }

// signalled says whether a process ended by SIGKILL (and not by itself
// before the kill arrived).
func signalled(err error) bool {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return false
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL
}

// git runs the git CLI in dir; a failure is an error carrying the output.
func (tc *toolchain) git(dir string, args ...string) (string, error) {
	r := tc.run(dir, nil, 0, "git", args...)
	if r.err != nil || r.hung {
		return r.out, fmt.Errorf("git %s in %s: %v: %s", strings.Join(args, " "), dir, r.err, strings.TrimSpace(r.out))
	}
	return r.out, nil
}

// daemon is a `cortex daemon` running in the background, in a process
// group of its own.
type daemon struct {
	cmd  *exec.Cmd
	done chan struct{}
	err  error // once done is closed
	mu   sync.Mutex
	logs bytes.Buffer
}

func (d *daemon) Write(p []byte) (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	// The tail is what a failure report needs; a daemon that logs a lot
	// must not grow the harness without bound.
	if d.logs.Len() > 1<<20 {
		rest := d.logs.Bytes()[d.logs.Len()-(1<<19):]
		d.logs = *bytes.NewBuffer(append([]byte(nil), rest...))
	}
	return d.logs.Write(p)
}

func (d *daemon) log() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.logs.String()
}

func (d *daemon) alive() bool {
	select {
	case <-d.done:
		return false
	default:
		return true
	}
}

func (tc *toolchain) startDaemon(dir string) (*daemon, error) {
	cmd := exec.Command(tc.bin, "daemon", "--poll", "200ms", "--heartbeat", "200ms", "--max-backoff", "500ms",
		"--sleep-at", "off", "--watchdog", "0")
	cmd.Dir, cmd.Env = dir, tc.env
	cmd.SysProcAttr = procAttr()
	d := &daemon{cmd: cmd, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = d, d
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() { d.err = cmd.Wait(); close(d.done) }()
	return d, nil
}

// stop ends the daemon with SIGTERM, as systemd does, and waits; a daemon
// that does not stop is killed and reported.
func (d *daemon) stop() error {
	if !d.alive() {
		return nil
	}
	_ = d.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-d.done:
		return nil
	case <-time.After(commandTimeout):
		killGroup(d.cmd.Process.Pid)
		<-d.done
		return errors.New("the daemon did not stop on SIGTERM")
	}
}

// kill ends the daemon's whole process tree with SIGKILL; it reports
// whether the daemon was still running (a real kill).
func (d *daemon) kill() bool {
	was := d.alive()
	killGroup(d.cmd.Process.Pid)
	<-d.done
	return was
}
