package gitstore

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// testRepo is a real git repository driven by the real git CLI, isolated
// from the machine's configuration.
type testRepo struct {
	t   testing.TB
	dir string
	env []string
}

func gitTestEnv(home string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") && !strings.HasPrefix(kv, "HOME=") && !strings.HasPrefix(kv, "XDG_CONFIG_HOME=") {
			env = append(env, kv)
		}
	}
	return append(env,
		"GIT_CONFIG_NOSYSTEM=1",
		"HOME="+home,
		"XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"GIT_AUTHOR_NAME=Test Person",
		"GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=Test Person",
		"GIT_COMMITTER_EMAIL=test@example.com",
	)
}

// newTestRepo makes an empty repository (no commit) on branch main.
func newTestRepo(t testing.TB) *testRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git CLI not installed")
	}
	base := t.TempDir()
	home := filepath.Join(base, "home")
	dir := filepath.Join(base, "repo")
	for _, d := range []string{home, dir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	r := &testRepo{t: t, dir: dir, env: gitTestEnv(home)}
	r.git("init", "-q", "-b", "main")
	// Keep git from packing or pruning on its own in the middle of a test.
	r.git("config", "gc.auto", "0")
	return r
}

func (r *testRepo) run(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = r.env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if err != nil {
		return out.String() + errb.String(), err
	}
	return out.String(), nil
}

// git runs git in the repository and fails the test on error.
func (r *testRepo) git(args ...string) string {
	r.t.Helper()
	out, err := r.run(r.dir, args...)
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// write puts a file in the working tree, creating its folders.
func (r *testRepo) write(rel, content string) {
	r.t.Helper()
	p := filepath.Join(r.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

func (r *testRepo) path(rel string) string { return filepath.Join(r.dir, filepath.FromSlash(rel)) }

// fsck runs `git fsck --strict` and fails on any complaint.
func (r *testRepo) fsck() {
	r.t.Helper()
	out, err := r.run(r.dir, "fsck", "--strict", "--no-dangling")
	if err != nil || strings.TrimSpace(out) != "" {
		r.t.Fatalf("git fsck --strict: %v\n%s", err, out)
	}
}

func (r *testRepo) lines(args ...string) []string {
	r.t.Helper()
	out := strings.TrimRight(r.git(args...), "\n")
	if out == "" {
		return nil
	}
	return strings.Split(out, "\n")
}

func (r *testRepo) rev(name string) string {
	r.t.Helper()
	return strings.TrimSpace(r.git("rev-parse", name))
}

func (r *testRepo) readIndex() []byte {
	r.t.Helper()
	data, err := os.ReadFile(filepath.Join(r.dir, ".git", "index"))
	if err != nil {
		r.t.Fatal(err)
	}
	return data
}

// newStartedRepo is a test repository with one commit, "start", of a.md.
func newStartedRepo(t testing.TB) *testRepo {
	t.Helper()
	return newRepoWith(t, "a.md", "a\n")
}

// newRepoWith is a test repository with one commit, "start", of one file.
func newRepoWith(t testing.TB, path, content string) *testRepo {
	t.Helper()
	r := newTestRepo(t)
	r.write(path, content)
	r.git("add", path)
	r.git("commit", "-q", "-m", "start")
	return r
}
