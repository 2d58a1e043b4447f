package gitstore

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Maintain keeps the repository compact as git itself would: it runs `git
// gc --auto` (in the foreground), which packs loose objects once there are
// more than gc.auto (6,700) of them and merges packs past gc.autoPackLimit
// (50), and does nothing otherwise. Every commit adds a few loose objects —
// the document, and the trees on its path, rewritten whole — so without
// this `.git` grows several times faster than it would after a `git gc`.
//
// It never runs beside a person's git: not while a git process works in
// the repository (where that can be seen: /proc), nor while a lock file of
// git's is in it. ran reports whether gc ran; a missing git binary is not
// an error (nothing ran). The store's commits wait while it runs.
func (s *Store) Maintain(ctx context.Context) (ran bool, err error) {
	return s.runMaintenance(ctx, "git gc --auto", "-c", "gc.autoDetach=false", "gc", "--auto", "--quiet")
}

// runMaintenance runs git with args in the working tree, holding the store,
// when maintenanceAllowed; ran is false when it did not run. what names it
// in an error. Packs were made and loose objects removed: go-git looks
// again afterwards.
func (s *Store) runMaintenance(ctx context.Context, what string, args ...string) (ran bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	git, ok := s.maintenanceAllowed()
	if !ok {
		return false, nil
	}
	cmd := exec.CommandContext(ctx, git, args...)
	cmd.Dir = s.workTree
	out, err := cmd.CombinedOutput()
	s.refreshPacks(true)
	if err != nil {
		return true, fmt.Errorf("%s in %s: %w: %s", what, s.workTree, err, strings.TrimSpace(string(out)))
	}
	return true, nil
}

// maintenanceAllowed tells whether git's maintenance may run now, and the
// git binary to run: not while a git process works in the repository
// (where that can be seen: /proc), nor while a lock file of git's is in it
// (index.lock, HEAD.lock, packed-refs.lock, or gc.pid of a running gc),
// nor without git.
func (s *Store) maintenanceAllowed() (git string, ok bool) {
	if s.gitWorksHere() {
		return "", false
	}
	for _, p := range []string{s.indexFile() + ".lock", filepath.Join(s.gitDir, "HEAD.lock"),
		filepath.Join(s.commonDir, "packed-refs.lock"), filepath.Join(s.commonDir, "gc.pid")} {
		if _, err := os.Lstat(p); err == nil || !errors.Is(err, fs.ErrNotExist) {
			return "", false
		}
	}
	git, err := exec.LookPath("git")
	if err != nil {
		return "", false
	}
	return git, true
}

// MaintenanceDue tells, without running git, whether `git gc --auto`
// would do something: more packs than gc.autoPackLimit (50), or more loose
// objects than gc.auto (6,700), estimated as git estimates them (the
// objects/17 folder times 256). gc.auto=0 (or a negative limit) turns it
// off, as for git. Only the repository's own config is read: `git gc
// --auto` itself, which Maintain runs, honours every level.
func (s *Store) MaintenanceDue() bool {
	cfg := s.readConfig()
	auto, packs := cfg.gcAuto, cfg.gcAutoPackLimit
	if auto <= 0 {
		return false
	}
	if packs > 0 {
		if ents, err := os.ReadDir(filepath.Join(s.objectsDir(), "pack")); err == nil {
			n := 0
			for _, e := range ents {
				if strings.HasSuffix(e.Name(), ".pack") {
					n++
				}
			}
			if n > packs {
				return true
			}
		}
	}
	ents, err := os.ReadDir(filepath.Join(s.objectsDir(), "17"))
	if err != nil {
		return false
	}
	n := 0
	for _, e := range ents {
		if len(e.Name()) == 38 {
			n++
		}
	}
	return n > (auto+255)/256
}

// gitWorksHere reports whether a git process works in the repository
// (gitRunningIn; gitRunningHere in tests).
func (s *Store) gitWorksHere() bool {
	if s.gitRunningHere != nil {
		return s.gitRunningHere()
	}
	return gitRunningIn(s.workTree, s.commonDir)
}

// gitRunningIn reports whether a git process works in the repository: its
// current folder (where git has changed to, -C included) is inside the
// work tree or the git folder. False where processes cannot be seen.
func gitRunningIn(dirs ...string) bool {
	return len(gitProcessesIn(dirs...)) > 0
}

// gitProcessesIn lists the git processes at work in the repository (see
// gitRunningIn); none where processes cannot be seen. A git command that
// only reads (log, status, diff, rev-parse, …: readOnlyGit) is not at work:
// it never fails on the store's locks, nor makes the store's commit fail,
// so a loop of them — an editor's, a test's polling — is no reason to wait.
func gitProcessesIn(dirs ...string) []int {
	var pids []int
	findGitProcess(func(procDir string) bool {
		cwd, err := os.Readlink(filepath.Join(procDir, "cwd"))
		if err != nil {
			// Another user's: not at work in this user's repository
			// (and git's lock files are looked at as well).
			return false
		}
		for _, d := range dirs {
			if rel, err := filepath.Rel(d, cwd); err == nil && filepath.IsLocal(rel) || cwd == d {
				if args, err := os.ReadFile(filepath.Join(procDir, "cmdline")); err == nil && readOnlyGit(strings.Split(strings.TrimSuffix(string(args), "\x00"), "\x00")) {
					return false
				}
				if pid, err := strconv.Atoi(filepath.Base(procDir)); err == nil {
					pids = append(pids, pid)
				}
				return false // and look on
			}
		}
		return false
	})
	return pids
}

// readOnlyGits are git's commands that write neither the index nor a ref
// (status and diff refresh the index only when they can take its lock,
// and go on without it when not).
var readOnlyGits = map[string]bool{
	"blame": true, "cat-file": true, "check-attr": true, "check-ignore": true, "count-objects": true,
	"describe": true, "diff": true, "diff-files": true, "diff-index": true, "diff-tree": true, "fsck": true,
	"for-each-ref": true, "grep": true, "hash-object": true, "help": true, "log": true, "ls-files": true,
	"ls-tree": true, "merge-base": true, "name-rev": true, "rev-list": true, "rev-parse": true,
	"shortlog": true, "show": true, "show-ref": true, "status": true, "var": true, "version": true,
}

// readOnlyGit reports whether argv (a process's command line) is git
// running one of readOnlyGits. Anything else — another command, an alias,
// a command line not understood — is taken as at work.
func readOnlyGit(argv []string) bool {
	if len(argv) < 2 || filepath.Base(argv[0]) != "git" {
		return false
	}
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "-C" || a == "-c" || a == "--git-dir" || a == "--work-tree" || a == "--namespace" || a == "--config-env":
			i++ // and its value
		case strings.HasPrefix(a, "-"):
			// -p, --no-pager, --literal-pathspecs, --git-dir=…: no value apart
		default:
			return readOnlyGits[a]
		}
	}
	return false
}
