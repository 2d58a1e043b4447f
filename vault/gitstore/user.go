package gitstore

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/config"
)

// UserName returns git's user.name for the repository holding dir: the
// repository's own config first, then the person's global config, as git
// reads them. It returns "" when neither sets one; dir need not be in a
// repository. The name is read with go-git's config parser, never by running
// git.
func UserName(dir string) (string, error) {
	local, err := repoConfigPath(dir)
	if err != nil {
		return "", err
	}
	if local != "" {
		name, err := readUserName(local)
		if err != nil || name != "" {
			return name, err
		}
	}
	return globalGitUserName()
}

// repoConfigPath finds the config file of the repository holding dir, or ""
// when dir is in none; a linked worktree's config is its main repository's.
func repoConfigPath(dir string) (string, error) {
	r, err := FindRepo(dir)
	if errors.Is(err, ErrNoRepo) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return filepath.Join(r.CommonDir, "config"), nil
}

// globalGitUserName reads user.name from the global config files in git's
// order, the later winning: $XDG_CONFIG_HOME/git/config (or
// ~/.config/git/config), then ~/.gitconfig; $GIT_CONFIG_GLOBAL replaces both.
func globalGitUserName() (string, error) {
	var files []string
	if f := os.Getenv("GIT_CONFIG_GLOBAL"); f != "" {
		files = []string{f}
	} else {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", nil // no home, no global config: git itself sees none
		}
		xdg := os.Getenv("XDG_CONFIG_HOME")
		if xdg == "" {
			xdg = filepath.Join(home, ".config")
		}
		files = []string{filepath.Join(xdg, "git", "config"), filepath.Join(home, ".gitconfig")}
	}
	name := ""
	for _, p := range files {
		n, err := readUserName(p)
		if err != nil {
			return "", err
		}
		if n != "" {
			name = n
		}
	}
	return name, nil
}

// readUserName reads user.name from one git config file; a missing file sets
// nothing.
func readUserName(p string) (string, error) {
	f, err := os.Open(p)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read git config %s: %w", p, err)
	}
	defer f.Close()
	cfg, err := config.ReadConfig(f)
	if err != nil {
		return "", fmt.Errorf("read git config %s: %w", p, err)
	}
	return strings.TrimSpace(cfg.User.Name), nil
}
