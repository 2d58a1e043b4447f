package hooks

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// isolate keeps the machine's git configuration out of a test and gives it
// an identity.
func isolate(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_AUTHOR_NAME", "Test Person")
	t.Setenv("GIT_AUTHOR_EMAIL", "test@example.com")
	t.Setenv("GIT_COMMITTER_NAME", "Test Person")
	t.Setenv("GIT_COMMITTER_EMAIL", "test@example.com")
	for _, v := range []string{"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY"} {
		t.Setenv(v, "")
		os.Unsetenv(v)
	}
	return home
}

// gitRun runs git in dir and returns its trimmed stdout.
func gitRun(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
	return strings.TrimSpace(string(out))
}

func newRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	gitRun(t, dir, "init", "-q", "-b", "main")
	return dir
}

func writeFile(t testing.TB, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFindRepo(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	sub := filepath.Join(repo, "docs", "memory")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	r, err := FindRepo(sub)
	if err != nil {
		t.Fatal(err)
	}
	if r.WorkTree != repo || r.GitDir != filepath.Join(repo, ".git") || r.CommonDir != r.GitDir {
		t.Errorf("main work tree: %+v", r)
	}

	// A linked worktree: its own git folder, the main one's common folder.
	gitRun(t, repo, "commit", "-q", "--allow-empty", "-m", "first")
	wt := filepath.Join(t.TempDir(), "wt")
	gitRun(t, repo, "worktree", "add", "-q", wt)
	if real, err := filepath.EvalSymlinks(wt); err == nil {
		wt = real
	}
	r, err = FindRepo(wt)
	if err != nil {
		t.Fatal(err)
	}
	if r.WorkTree != wt || r.CommonDir != filepath.Join(repo, ".git") || !strings.HasPrefix(r.GitDir, filepath.Join(repo, ".git", "worktrees")) {
		t.Errorf("linked worktree: %+v", r)
	}
	dir, fromConfig, err := r.HooksDir()
	if err != nil || dir != filepath.Join(repo, ".git", "hooks") || fromConfig {
		t.Errorf("linked worktree hooks: %s %v %v", dir, fromConfig, err)
	}

	if _, err := FindRepo(t.TempDir()); err == nil || !strings.Contains(err.Error(), "not in a git repository") {
		t.Errorf("no repository: %v", err)
	}
}

func TestHooksDir(t *testing.T) {
	home := isolate(t)
	repo := newRepo(t)
	r, err := FindRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	check := func(name, want string, wantConfig bool) {
		t.Helper()
		got, fromConfig, err := r.HooksDir()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got != want || fromConfig != wantConfig {
			t.Errorf("%s: got %s (config %v), want %s (config %v)", name, got, fromConfig, want, wantConfig)
		}
		// Whatever we read, git must agree.
		if gitPath := gitRun(t, repo, "rev-parse", "--path-format=absolute", "--git-path", "hooks"); gitPath != want {
			t.Errorf("%s: git says %s, we say %s", name, gitPath, want)
		}
	}
	check("default", filepath.Join(repo, ".git", "hooks"), false)

	gitRun(t, repo, "config", "core.hooksPath", ".githooks")
	check("relative", filepath.Join(repo, ".githooks"), true)

	abs := filepath.Join(t.TempDir(), "hooks")
	gitRun(t, repo, "config", "core.hooksPath", abs)
	check("absolute", abs, true)

	// The global config, read when the repository's sets nothing; ~/ is the
	// home folder.
	gitRun(t, repo, "config", "--unset", "core.hooksPath")
	writeFile(t, filepath.Join(home, ".gitconfig"), "[core]\n\thooksPath = ~/global-hooks\n")
	check("global", filepath.Join(home, "global-hooks"), true)
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, "other.gitconfig"))
	writeFile(t, filepath.Join(home, "other.gitconfig"), "[core]\n\thooksPath = /from/git-config-global\n")
	check("GIT_CONFIG_GLOBAL", "/from/git-config-global", true)

	// The repository's config wins over the global one, the last setting
	// over earlier ones, even in a repeated section.
	f, err := os.OpenFile(filepath.Join(repo, ".git", "config"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("[core]\n\thooksPath = first\n[user]\n\tname = x\n[core]\n\tHooksPath = second\n")
	f.Close()
	check("repeated section", filepath.Join(repo, "second"), true)

	// The worktree's own config, with extensions.worktreeConfig.
	gitRun(t, repo, "config", "extensions.worktreeConfig", "true")
	gitRun(t, repo, "config", "--worktree", "core.hooksPath", "wt-hooks")
	check("worktree config", filepath.Join(repo, "wt-hooks"), true)
}
