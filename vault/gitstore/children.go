package gitstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofrs/flock"
)

// A git command Cortex starts (sync's update-index, checkout-index,
// merge-tree, update-ref, fetch) takes git's own lock files and may write
// temp files into the work tree (.merge_file_XXXXXX, the versions a merge
// driver reads). Killed together with Cortex — a kill -9 of the process
// group, a service stopped hard — it leaves them behind, and git removes
// neither: every later git command in the repository refuses to work.
// git's lock files name no owner, so Cortex records its intent before it
// spawns one: a record in <common git dir>/cortex-locks/ naming the
// command, the folder it runs in and when it started, flock'ed for as long
// as the command runs and removed when it ends. A record whose flock is
// free belongs to a Cortex that died with its git: the next run removes
// the lock files and temp files made since that record (when no git is at
// work in the repository: then they are no one's), and the record.
// Anything else stays, and the error that meets it says it is not ours.

// childRecordPrefix begins the names of the records of git commands;
// isRecordName (the store's own lock records) never matches them.
const childRecordPrefix = "child-"

// MergeTempPattern matches the temp files git writes for a merge driver in
// the folder it runs in.
const MergeTempPattern = ".merge_file_*"

// childRecord is what a record says of the git command it was made for.
type childRecord struct {
	PID     int        `json:"pid"`
	Started time.Time  `json:"started"`
	Dir     string     `json:"dir"`
	Args    []string   `json:"args"`
	Remote  *RemoteRef `json:"remote,omitempty"`
}

// RemoteRef is the branch a push moves in a remote that is a folder on
// this machine (a path or file:// URL, a bare repository on a mounted
// drive): there git's receive-pack runs as the push's child, in Cortex's
// process group, and a kill of the group that meets it in its ref update
// leaves the branch's lock file (and HEAD's) in the remote — where every
// later push, from any machine, fails on it.
type RemoteRef struct {
	// GitDir is the remote's git folder (absolute).
	GitDir string `json:"git_dir"`
	// Ref is the ref pushed to, refs/heads/<branch>.
	Ref string `json:"ref"`
	// New is the commit pushed: the content of the lock file a killed
	// update leaves, which no other machine's push can write (nobody else
	// holds the commit until the push lands).
	New string `json:"new"`
}

// GitOwned is GitEnv for a git command that may take the repository's
// locks or write temp files into dir: its intent is recorded first, so
// that what it leaves when killed is settled by the next run
// (SettleChildren).
func GitOwned(ctx context.Context, r Repo, dir string, env []string, stdin []byte, args ...string) ([]byte, error) {
	return gitOwned(ctx, r, dir, env, stdin, nil, args...)
}

// GitOwnedPush is GitOwned for a git push to a remote on this machine's
// file system: the record also names the remote's ref and the commit
// pushed, so that the next run removes the remote's locks a killed push
// left there (and no one else's).
func GitOwnedPush(ctx context.Context, r Repo, dir string, env []string, remote RemoteRef, args ...string) ([]byte, error) {
	return gitOwned(ctx, r, dir, env, nil, &remote, args...)
}

func gitOwned(ctx context.Context, r Repo, dir string, env []string, stdin []byte, remote *RemoteRef, args ...string) ([]byte, error) {
	done, err := recordChild(r, dir, args, remote)
	if err != nil {
		return nil, fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	defer done()
	out, _, err := gitRun(ctx, dir, stdin, env, args...)
	return out, err
}

// recordChild writes and flocks the record of a git command about to
// start in dir; done removes it.
func recordChild(r Repo, dir string, args []string, remote *RemoteRef) (done func(), err error) {
	recs := filepath.Join(r.CommonDir, "cortex-locks")
	if err := os.MkdirAll(recs, 0o755); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(recs, childRecordPrefix+"*.json")
	if err != nil {
		return nil, err
	}
	name := f.Name()
	fl := flock.New(name)
	// Locked before it says anything: a settling run that finds it free
	// and empty takes it for a dead one's, with nothing to settle.
	if err := fl.Lock(); err != nil {
		f.Close()
		os.Remove(name)
		return nil, err
	}
	data, _ := json.Marshal(childRecord{PID: os.Getpid(), Started: time.Now().Add(-time.Second), Dir: dir, Args: args, Remote: remote})
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = fl.Unlock()
		os.Remove(name)
		return nil, err
	}
	return func() {
		os.Remove(name)
		_ = fl.Unlock()
	}, nil
}

// SettleChildren removes what git commands of a dead Cortex left in the
// repository: the lock files and .merge_file_* temp files made since their
// records, then the records. It does nothing while a git process is at
// work in the repository (the files may be its). It returns the files
// removed.
func SettleChildren(r Repo) ([]string, error) {
	recs := filepath.Join(r.CommonDir, "cortex-locks")
	ents, err := os.ReadDir(recs)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("settle git's leftovers: %w", err)
	}
	var removed []string
	checked, busy := false, false
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), childRecordPrefix) {
			continue
		}
		rec := filepath.Join(recs, e.Name())
		fl := flock.New(rec)
		if ok, err := fl.TryLock(); err != nil || !ok {
			continue // a live Cortex's git
		}
		if !checked {
			checked, busy = true, gitRunningIn(r.WorkTree, r.GitDir, r.CommonDir)
		}
		if busy {
			_ = fl.Unlock()
			return removed, nil
		}
		var c childRecord
		data, err := os.ReadFile(rec)
		if err == nil && json.Unmarshal(data, &c) == nil {
			removed = append(removed, settleChild(r, c)...)
		}
		os.Remove(rec)
		_ = fl.Unlock()
	}
	return removed, nil
}

// settleChild removes the lock files of r and the merge temp files of c's
// folder made since c started; a lock a Cortex store records is the
// store's to settle (lockowner.go).
func settleChild(r Repo, c childRecord) []string {
	var removed []string
	owners := filepath.Join(r.CommonDir, "cortex-locks")
	rm := func(p string) {
		fi, err := os.Lstat(p)
		if err != nil || fi.ModTime().Before(c.Started) || recordedOwner(owners, p, fi) != ownerNone {
			return
		}
		if os.Remove(p) == nil {
			removed = append(removed, p)
		}
	}
	for _, p := range lockCandidates(r) {
		rm(p)
	}
	if c.Dir != "" {
		temps, _ := filepath.Glob(filepath.Join(c.Dir, MergeTempPattern))
		for _, p := range temps {
			rm(p)
		}
	}
	if c.Remote != nil {
		removed = append(removed, settleRemote(*c.Remote, c.Started)...)
	}
	return removed
}

// settleRemote removes the locks a push killed in its update left in the
// remote rr names. Other machines push there too, so a lock is taken for
// ours only by what it holds: the branch's lock holding the very commit
// pushed (receive-pack writes the new value into it as soon as it takes
// it), or empty since our push started and for longer than a live push
// leaves it so (deadEmptyLock); and HEAD.lock, which receive-pack takes after the branch's (for
// HEAD's reflog, when HEAD names the branch) and leaves empty, when it
// was made since the push started and either the branch's lock was ours
// or the branch already holds the commit (killed between renaming the
// one and removing the other) with no lock on it — a live push of
// another machine holds the branch's lock before it takes HEAD's, so
// it is never either case.
func settleRemote(rr RemoteRef, started time.Time) []string {
	if rr.GitDir == "" || rr.New == "" || !strings.HasPrefix(rr.Ref, "refs/") {
		return nil
	}
	var removed []string
	refLock := filepath.Join(rr.GitDir, filepath.FromSlash(rr.Ref)) + ".lock"
	oursGone := false
	if data, err := os.ReadFile(refLock); err == nil && strings.TrimSpace(string(data)) == rr.New {
		if os.Remove(refLock) == nil {
			removed = append(removed, refLock)
			oursGone = true
		}
	}
	if !oursGone {
		if _, err := os.Lstat(refLock); err == nil {
			if !deadEmptyLock(refLock, started) || os.Remove(refLock) != nil {
				return removed // another push's, live or dead: not ours to touch
			}
			removed = append(removed, refLock)
		}
		data, err := os.ReadFile(filepath.Join(rr.GitDir, filepath.FromSlash(rr.Ref)))
		if err != nil || strings.TrimSpace(string(data)) != rr.New {
			return removed
		}
	}
	if head, err := os.ReadFile(filepath.Join(rr.GitDir, "HEAD")); err != nil || strings.TrimSpace(string(head)) != "ref: "+rr.Ref {
		return removed // HEAD names another branch: our push took no lock on it
	}
	headLock := filepath.Join(rr.GitDir, "HEAD.lock")
	if fi, err := os.Lstat(headLock); err == nil && fi.Mode().IsRegular() && fi.Size() == 0 && !fi.ModTime().Before(started) {
		if os.Remove(headLock) == nil {
			removed = append(removed, headLock)
		}
	}
	return removed
}

// emptyLockGrace is how long a ref's lock may stay empty in a live push:
// receive-pack writes the new commit into the lock as soon as it has
// created it, so one empty for longer was left by a killed push.
const emptyLockGrace = 2 * time.Second

// deadEmptyLock reports whether the lock at path is one a push killed
// between creating it and writing the commit into it, made since started
// (when our push began; a second's slack for the file system's coarser
// clock): empty, and still empty and unchanged after emptyLockGrace. It
// names no commit, so a push of another machine killed in the same
// instant would pass too: dead all the same, and no one else removes it.
func deadEmptyLock(path string, started time.Time) bool {
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != 0 || fi.ModTime().Before(started.Add(-time.Second)) {
		return false
	}
	if age := time.Since(fi.ModTime()); age < emptyLockGrace {
		time.Sleep(emptyLockGrace - age)
		again, err := os.Lstat(path)
		if err != nil || !os.SameFile(fi, again) || again.Size() != 0 || !again.ModTime().Equal(fi.ModTime()) {
			return false
		}
	}
	return true
}

// lockCandidates lists the lock files git may hold in r that exist:
// index.lock, HEAD.lock, packed-refs.lock, config.lock, shallow.lock and
// the refs' .lock files.
func lockCandidates(r Repo) []string {
	var out []string
	dirs := []string{r.GitDir}
	if r.CommonDir != r.GitDir {
		dirs = append(dirs, r.CommonDir)
	}
	for _, dir := range dirs {
		for _, name := range []string{"index.lock", "HEAD.lock", "packed-refs.lock", "config.lock", "shallow.lock"} {
			out = append(out, filepath.Join(dir, name))
		}
	}
	refs := filepath.Join(r.CommonDir, "refs")
	_ = filepath.WalkDir(refs, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".lock") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// ExcludeMergeTemps makes git ignore the temp files of a merge driver in
// this repository (.git/info/exclude), so that one a kill left is never
// committed by a person's `git add -A` before the next run removes it.
func ExcludeMergeTemps(r Repo) error {
	path := filepath.Join(r.CommonDir, "info", "exclude")
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("read %s: %w", path, err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == MergeTempPattern {
			return nil
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	add := "# temp files of git's merge drivers, left when a merge is killed (cortex)\n" + MergeTempPattern + "\n"
	if len(data) > 0 && !strings.HasSuffix(string(data), "\n") {
		add = "\n" + add
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	_, err = f.WriteString(add)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
