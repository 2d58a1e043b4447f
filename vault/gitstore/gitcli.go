package gitstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// The git CLI is used where go-git cannot do the job as git does: a text
// three-way merge with git's own conflict markers (git merge-file), a tree
// merge that honours the repository's merge drivers and renames (git
// merge-tree --write-tree), and the transport, which must honour a
// person's ssh and credential setup exactly as their own git push does.

// GitError is a git command that failed: its arguments, exit status and
// the last line it printed on stderr.
type GitError struct {
	Args   []string
	Code   int
	Stderr string
}

func (e *GitError) Error() string {
	msg := lastLine(e.Stderr)
	if lock, ok := e.LockExists(); ok {
		// git's own last line ("remove the file manually to continue.")
		// names no file; what is left here is not ours (ours are settled
		// before git runs: SettleChildren).
		msg = fmt.Sprintf("%s exists (not ours): another git may be running; check with 'ps aux | grep git', remove it if none", lock)
	}
	if msg == "" {
		msg = fmt.Sprintf("exit status %d", e.Code)
	}
	return fmt.Sprintf("git %s: %s", strings.Join(e.Args, " "), msg)
}

// LockExists reports the lock file git found in its way ("Unable to create
// '…/index.lock': File exists."), if that is why it failed.
func (e *GitError) LockExists() (string, bool) {
	const pre = "Unable to create '"
	i := strings.Index(e.Stderr, pre)
	if i < 0 {
		return "", false
	}
	rest := e.Stderr[i+len(pre):]
	j := strings.Index(rest, "': File exists")
	if j < 0 {
		return "", false
	}
	return rest[:j], true
}

// Message is the last line git printed on stderr, without "fatal: ".
func (e *GitError) Message() string {
	return strings.TrimPrefix(lastLine(e.Stderr), "fatal: ")
}

// lastLine returns the last line of s that is not blank and not a hint.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if l != "" && !strings.HasPrefix(l, "hint:") {
			return l
		}
	}
	return ""
}

// Git runs the git CLI in dir with args and stdin, and returns its stdout.
// A non-zero exit is a *GitError. The environment is the process's:
// the person's ssh-agent, ~/.ssh/config and credential helpers apply.
func Git(ctx context.Context, dir string, stdin []byte, args ...string) ([]byte, error) {
	out, _, err := gitRun(ctx, dir, stdin, nil, args...)
	return out, err
}

// GitEnv is Git with extra environment variables (NAME=value).
func GitEnv(ctx context.Context, dir string, env []string, stdin []byte, args ...string) ([]byte, error) {
	out, _, err := gitRun(ctx, dir, stdin, env, args...)
	return out, err
}

// gitRun is Git with extra environment variables.
func gitRun(ctx context.Context, dir string, stdin []byte, env []string, args ...string) ([]byte, int, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return stdout.Bytes(), ee.ExitCode(), &GitError{Args: args, Code: ee.ExitCode(), Stderr: stderr.String()}
	}
	if err != nil {
		return nil, -1, fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return stdout.Bytes(), 0, nil
}

// CatFile reads objects (a blob's name, or rev:path) in the work tree at
// dir with one `git cat-file --batch`, in the order named.
func CatFile(ctx context.Context, dir string, names []string) ([][]byte, error) {
	var in bytes.Buffer
	for _, n := range names {
		in.WriteString(n + "\n")
	}
	out, err := Git(ctx, dir, in.Bytes(), "cat-file", "--batch")
	if err != nil {
		return nil, err
	}
	res := make([][]byte, 0, len(names))
	for range names {
		nl := bytes.IndexByte(out, '\n')
		if nl < 0 {
			return nil, errors.New("cat-file: short output")
		}
		head := strings.Fields(string(out[:nl]))
		if len(head) != 3 {
			return nil, fmt.Errorf("cat-file: %s", out[:nl])
		}
		n, err := strconv.Atoi(head[2])
		if err != nil || nl+1+n > len(out) {
			return nil, fmt.Errorf("cat-file: %s", out[:nl])
		}
		res = append(res, out[nl+1:nl+1+n])
		out = bytes.TrimPrefix(out[nl+1+n:], []byte("\n"))
	}
	return res, nil
}

// MergeFile merges ours and theirs, both changed from base, line by line
// as git merge-file does (and so as git merge does without a driver):
// clean is false when the result holds conflict markers, labelled with
// labels (ours, base, theirs).
func MergeFile(ctx context.Context, base, ours, theirs []byte, labels [3]string) (out []byte, clean bool, err error) {
	dir, err := os.MkdirTemp("", "cortex-merge-")
	if err != nil {
		return nil, false, fmt.Errorf("merge-file: %w", err)
	}
	defer os.RemoveAll(dir)
	names := [3]string{"ours", "base", "theirs"}
	for i, data := range [][]byte{ours, base, theirs} {
		if err := os.WriteFile(filepath.Join(dir, names[i]), data, 0o600); err != nil {
			return nil, false, fmt.Errorf("merge-file: %w", err)
		}
	}
	out, code, err := gitRun(ctx, dir, nil, nil, "merge-file", "-p",
		"-L", labels[0], "-L", labels[1], "-L", labels[2], names[0], names[1], names[2])
	switch {
	case err == nil:
		return out, true, nil
	case code > 0 && code < 128:
		return out, false, nil // the number of conflicts
	}
	return nil, false, fmt.Errorf("merge-file: %w", err)
}

// MergeDriverName is the merge driver the vault's .gitattributes names for
// the memory folders (merge=cortex).
const MergeDriverName = "cortex"

// MergeDriverCommand is the shell command git runs for the driver: the
// cortex at bin (else the one on PATH) with git's %O %A %B %P; where there
// is no cortex at all, git merge-file merges the file as git would without
// a driver, so a machine without cortex still merges normally.
func MergeDriverCommand(bin string) string {
	q := "'" + strings.ReplaceAll(bin, "'", `'\''`) + "'"
	return `c=` + q + `; [ -x "$c" ] || c=$(command -v cortex) || { git merge-file -L ours -L base -L theirs %A %O %B; exit $?; }; exec "$c" merge-driver %O %A %B %P`
}

// RegisterMergeDriver records the driver in the git config of the
// repository whose work tree holds dir (the repository's own config, never
// committed, never the person's global one). It reports whether it changed
// anything; a second run with the same bin changes nothing.
func RegisterMergeDriver(ctx context.Context, dir, bin string) (bool, error) {
	want := map[string]string{
		"merge." + MergeDriverName + ".name":   "Cortex memory documents (reinforcements add up; see cortex merge-driver --help)",
		"merge." + MergeDriverName + ".driver": MergeDriverCommand(bin),
	}
	changed := false
	for _, k := range []string{"merge." + MergeDriverName + ".name", "merge." + MergeDriverName + ".driver"} {
		out, err := Git(ctx, dir, nil, "config", "--local", "--get", k)
		if err == nil && strings.TrimSuffix(string(out), "\n") == want[k] {
			continue
		}
		if _, err := Git(ctx, dir, nil, "config", "--local", k, want[k]); err != nil {
			return changed, fmt.Errorf("register the merge driver: %w", err)
		}
		changed = true
	}
	return changed, nil
}
