package gitstore

import (
	"os"
	"path/filepath"
	"testing"
)

func TestGitUserName(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("GIT_CONFIG_GLOBAL", "")
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	vaultDir := filepath.Join(repo, "notes", "vault")
	writeFile(t, filepath.Join(repo, ".git", "config"), "[core]\n\tbare = false\n")
	if err := os.MkdirAll(vaultDir, 0o755); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(base, "outside")
	if err := os.MkdirAll(outside, 0o755); err != nil {
		t.Fatal(err)
	}

	check := func(dir, want string) {
		t.Helper()
		got, err := UserName(dir)
		if err != nil {
			t.Fatalf("UserName(%s): %v", dir, err)
		}
		if got != want {
			t.Errorf("UserName(%s) = %q, want %q", dir, got, want)
		}
	}

	check(vaultDir, "") // nothing set anywhere
	check(outside, "")

	writeFile(t, filepath.Join(home, ".config", "git", "config"), "[user]\n\tname = Xdg Person\n")
	check(outside, "Xdg Person")
	writeFile(t, filepath.Join(home, ".gitconfig"), "[user]\n\tname = Home Person\n\temail = h@example.com\n")
	check(outside, "Home Person") // ~/.gitconfig is read after the XDG file
	check(vaultDir, "Home Person")

	writeFile(t, filepath.Join(repo, ".git", "config"), "[core]\n\tbare = false\n[user]\n\tname = Repo Person\n")
	check(vaultDir, "Repo Person") // the repository's config wins
	check(outside, "Home Person")

	// A linked worktree reads its main repository's config.
	wt := filepath.Join(base, "wt")
	gitdir := filepath.Join(repo, ".git", "worktrees", "wt")
	writeFile(t, filepath.Join(gitdir, "commondir"), "../..\n")
	writeFile(t, filepath.Join(wt, ".git"), "gitdir: "+gitdir+"\n")
	check(wt, "Repo Person")

	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(base, "other.gitconfig"))
	writeFile(t, filepath.Join(base, "other.gitconfig"), "[user]\n\tname = Env Person\n")
	check(outside, "Env Person")

	writeFile(t, filepath.Join(base, "other.gitconfig"), "[user\n")
	if _, err := UserName(outside); err == nil {
		t.Error("broken global config: no error")
	}
}

func writeFile(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
