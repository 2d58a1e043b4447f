package gitstore

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Repo is where git keeps a work tree's repository.
type Repo struct {
	// WorkTree is the top folder of the work tree.
	WorkTree string
	// GitDir is the work tree's git folder (.git, or the folder a .git file
	// names for a linked worktree or a submodule).
	GitDir string
	// CommonDir is the folder shared by every worktree of the repository:
	// GitDir itself, except for a linked worktree. Objects, refs, hooks and
	// the config live there.
	CommonDir string
}

// OperationInProgress names a person's git operation that spans several
// commands and is not finished — "merge", "rebase", "cherry-pick",
// "revert" — or is "" when there is none. While one is, HEAD and the
// index are the operation's: a commit or a checkout of Cortex's in the
// middle would either fail the person's next step on git's index.lock or
// land in what the operation rewrites.
func (r Repo) OperationInProgress() string {
	for _, op := range [...]struct{ name, op string }{
		{"rebase-merge", "rebase"}, {"rebase-apply", "rebase"}, {"MERGE_HEAD", "merge"},
		{"CHERRY_PICK_HEAD", "cherry-pick"}, {"REVERT_HEAD", "revert"},
	} {
		if _, err := os.Lstat(filepath.Join(r.GitDir, op.name)); err == nil {
			return op.op
		}
	}
	return ""
}

// Linked reports whether the work tree is a linked worktree (`git worktree
// add`), not the repository's main work tree.
func (r Repo) Linked() bool {
	return filepath.Clean(r.GitDir) != filepath.Clean(r.CommonDir) && filepath.Base(filepath.Dir(r.GitDir)) == "worktrees"
}

// MainWorkTree returns the top folder of the repository's main work tree —
// the one `git worktree list` shows first — found as git finds it: the
// common folder without its trailing /.git. For the main work tree (and a
// submodule's) that is WorkTree itself; "" when the repository has no main
// work tree git could name (a bare repository with linked worktrees, or a
// git folder kept apart with --separate-git-dir).
func (r Repo) MainWorkTree() string {
	if !r.Linked() {
		return r.WorkTree
	}
	if filepath.Base(r.CommonDir) == ".git" {
		return filepath.Dir(r.CommonDir)
	}
	return ""
}

// ErrNoRepo is returned by FindRepo for a folder in no repository.
var ErrNoRepo = errors.New("not in a git repository")

// FindRepo finds the repository whose work tree holds dir, as git does:
// the nearest .git folder or .git file from dir up. It does not run git.
// The error wraps ErrNoRepo when there is none.
func FindRepo(dir string) (Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Repo{}, fmt.Errorf("find git repository of %s: %w", dir, err)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	for d := abs; ; {
		r, err := RepoAt(d)
		if err == nil {
			return r, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return Repo{}, fmt.Errorf("find git repository of %s: %w", dir, err)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return Repo{}, fmt.Errorf("%s: %w", dir, ErrNoRepo)
		}
		d = parent
	}
}

// RepoAt resolves the repository of the work tree whose top folder is
// workTree: its .git folder, or the folder its .git file names, and the
// common folder. The error wraps fs.ErrNotExist when workTree has no .git.
func RepoAt(workTree string) (Repo, error) {
	dot := filepath.Join(workTree, ".git")
	fi, err := os.Stat(dot)
	if err != nil {
		return Repo{}, err
	}
	gitDir := dot
	if !fi.IsDir() {
		if gitDir, err = readGitFile(dot); err != nil {
			return Repo{}, err
		}
	}
	return Repo{WorkTree: workTree, GitDir: filepath.Clean(gitDir), CommonDir: commonGitDir(gitDir)}, nil
}

// commonGitDir follows a linked worktree's commondir file to the main git
// folder.
func commonGitDir(gitDir string) string {
	data, err := os.ReadFile(filepath.Join(gitDir, "commondir"))
	if err != nil {
		return filepath.Clean(gitDir)
	}
	c := strings.TrimSpace(string(data))
	if c == "" {
		return filepath.Clean(gitDir)
	}
	if !filepath.IsAbs(c) {
		c = filepath.Join(gitDir, c)
	}
	return filepath.Clean(c)
}

// readGitFile reads a "gitdir: PATH" file and returns PATH made absolute.
func readGitFile(p string) (string, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", p, err)
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	rest, ok := strings.CutPrefix(strings.TrimSpace(string(line)), "gitdir:")
	if !ok {
		return "", fmt.Errorf("%s: not a gitdir file", p)
	}
	gitdir := strings.TrimSpace(rest)
	if !filepath.IsAbs(gitdir) {
		gitdir = filepath.Join(filepath.Dir(p), gitdir)
	}
	return filepath.Clean(gitdir), nil
}
