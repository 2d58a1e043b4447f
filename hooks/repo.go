// Package hooks holds Cortex's hooks: the git pre-commit hook (install,
// chain, uninstall, and the check-and-fix it runs) and `cortex validate`,
// which runs the same checks over the working tree.
//
// The rules themselves live in package vault (Check, Fix) and vault/index
// (id uniqueness): the hook, `validate` and the daemon apply the one rule.
package hooks

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	format "github.com/go-git/go-git/v5/plumbing/format/config"

	"github.com/cortex-vault/cortex/vault/gitstore"
)

// Repo is where git keeps a work tree's repository.
type Repo gitstore.Repo

// FindRepo finds the repository whose work tree holds dir, as git does:
// the nearest .git folder or .git file from dir up. It does not run git.
func FindRepo(dir string) (Repo, error) {
	r, err := gitstore.FindRepo(dir)
	if errors.Is(err, gitstore.ErrNoRepo) {
		return Repo{}, fmt.Errorf("%s is not in a git repository (run `cortex init` or `git init` first)", dir)
	}
	return Repo(r), err
}

// HooksDir returns the folder git runs this repository's hooks from:
// core.hooksPath when set (a relative path is taken from the top of the work
// tree, where git runs hooks; `~/` is the home folder), else hooks/ in the
// common git folder. The config is read as git reads it — system, global,
// the repository's, then the worktree's, the last setting winning — with
// go-git's config parser (go-git itself ignores core.hooksPath). `include`
// directives are not followed. fromConfig reports that core.hooksPath set it.
func (r Repo) HooksDir() (dir string, fromConfig bool, err error) {
	v, set, err := r.configValue("core", "hookspath")
	if err != nil {
		return "", false, err
	}
	if !set || v == "" {
		return filepath.Join(r.CommonDir, "hooks"), false, nil
	}
	if rest, ok := strings.CutPrefix(v, "~/"); ok || v == "~" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", false, fmt.Errorf("core.hooksPath %s: %w", v, err)
		}
		v = filepath.Join(home, rest)
	}
	if !filepath.IsAbs(v) {
		v = filepath.Join(r.WorkTree, v)
	}
	return filepath.Clean(v), true, nil
}

// configFiles lists the config files git reads for this repository, in
// order (the later wins).
func (r Repo) configFiles() []string {
	var files []string
	// As git: a variable set, even to "", replaces the default file.
	if !isTrue(os.Getenv("GIT_CONFIG_NOSYSTEM")) {
		if f, ok := os.LookupEnv("GIT_CONFIG_SYSTEM"); ok {
			files = append(files, f)
		} else {
			files = append(files, "/etc/gitconfig")
		}
	}
	if f, ok := os.LookupEnv("GIT_CONFIG_GLOBAL"); ok {
		files = append(files, f)
	} else if home, err := os.UserHomeDir(); err == nil {
		xdg := os.Getenv("XDG_CONFIG_HOME")
		if xdg == "" {
			xdg = filepath.Join(home, ".config")
		}
		files = append(files, filepath.Join(xdg, "git", "config"), filepath.Join(home, ".gitconfig"))
	}
	return append(files, filepath.Join(r.CommonDir, "config"))
}

// configValue returns the last value of section.key over the config files.
func (r Repo) configValue(section, key string) (string, bool, error) {
	value, set := "", false
	files := r.configFiles()
	local := files[len(files)-1]
	for _, f := range files {
		cfg, err := readConfig(f)
		if err != nil {
			return "", false, err
		}
		if v, ok := lastOption(cfg, section, key); ok {
			value, set = v, true
		}
		if f == local {
			if wt, _ := lastOption(cfg, "extensions", "worktreeconfig"); isTrue(wt) {
				c, err := readConfig(filepath.Join(r.GitDir, "config.worktree"))
				if err != nil {
					return "", false, err
				}
				if v, ok := lastOption(c, section, key); ok {
					value, set = v, true
				}
			}
		}
	}
	return value, set, nil
}

func readConfig(p string) (*format.Config, error) {
	if p == "" {
		return format.New(), nil
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return format.New(), nil // git skips what it cannot read, too
	}
	if err != nil {
		return nil, fmt.Errorf("read git config %s: %w", p, err)
	}
	cfg := format.New()
	if err := format.NewDecoder(bytes.NewReader(data)).Decode(cfg); err != nil {
		return nil, fmt.Errorf("read git config %s: %w", p, err)
	}
	return cfg, nil
}

// lastOption returns the last value of key over every [section] of cfg (a
// file may repeat a section).
func lastOption(cfg *format.Config, section, key string) (string, bool) {
	value, set := "", false
	for _, s := range cfg.Sections {
		if !s.IsName(section) {
			continue
		}
		for _, o := range s.Options {
			if o.IsKey(key) {
				value, set = o.Value, true
			}
		}
	}
	return value, set
}

func isTrue(v string) bool {
	switch strings.ToLower(v) {
	case "true", "yes", "on", "1":
		return true
	}
	return false
}

// inside reports whether p is dir or below it.
func inside(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
