// Package vaultsync brings a vault's memories in from its git remote and
// sends its own out (SPEC §10, `cortex sync`): git fetch and git push by
// the git CLI (the person's own ssh and credential setup), the merge in
// git's object store with `git merge-tree --write-tree` and the vault's
// merge driver (vault/docmerge), the branch moved by a compare-and-swap,
// and only the paths the merge changed written to git's index and the
// working tree — never a person's uncommitted or staged work, never a
// merge left in progress, never a force-push.
package vaultsync

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/docmerge"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// Options tune Sync.
type Options struct {
	// Remote is the git remote (default "origin").
	Remote string
	// Attempts bounds the rounds of fetch, merge and push when the remote
	// or the branch moves meanwhile (default 3).
	Attempts int
	// Locked says the caller holds the vault's memorizer lock already (the
	// daemon); otherwise Sync takes it.
	Locked bool
	Logger *slog.Logger
	// Updated is told the vault-relative paths the sync changed in the
	// working tree, so the caller brings its index up to date.
	Updated func(ctx context.Context, rels []string) error

	// killedInAdvance makes the sync stop between the two steps of its
	// branch's advance, as a kill -9 there would (tests: export_test.go).
	killedInAdvance bool
}

// errKilled is the stop killedInAdvance makes.
var errKilled = errors.New("killed (a test's kill -9)")

// Report says what a sync did.
type Report struct {
	Remote string `json:"remote"`
	Branch string `json:"branch"`
	// Head is the branch's commit after the sync.
	Head string `json:"head"`
	// Pulled is the number of files the remote's commits changed here;
	// Pushed reports that the remote's branch was moved to ours.
	Pulled  int  `json:"pulled"`
	Pushed  bool `json:"pushed"`
	Merged  bool `json:"merged"`
	Created bool `json:"created_remote_branch,omitempty"`
	// Folded are the documents removed because the same memory was created
	// on both sides under another path: each was folded into the one kept.
	Folded []string `json:"folded,omitempty"`
	// Paths are the vault-relative paths changed in the working tree.
	Paths []string `json:"paths,omitempty"`
	// Invalid are the memory documents among Paths that do not parse as a
	// document (the remote's commits skipped the pre-commit hook).
	Invalid []string  `json:"invalid,omitempty"`
	When    time.Time `json:"when"`
}

// Summary is the one line a person reads.
func (r *Report) Summary() string {
	if r.Pulled == 0 && !r.Pushed {
		return fmt.Sprintf("up to date with %s/%s", r.Remote, r.Branch)
	}
	var parts []string
	if r.Pulled > 0 {
		parts = append(parts, fmt.Sprintf("%d file(s) in", r.Pulled))
	}
	if len(r.Folded) > 0 {
		parts = append(parts, fmt.Sprintf("%d duplicate(s) folded", len(r.Folded)))
	}
	if r.Pushed {
		parts = append(parts, "pushed")
	}
	return fmt.Sprintf("synced with %s/%s: %s", r.Remote, r.Branch, strings.Join(parts, ", "))
}

// ErrBusy is returned when another process holds the vault's memorizer.
var ErrBusy = vault.ErrMemorizerBusy

// ErrInProgress is returned when a person's merge, rebase, cherry-pick or
// revert is in progress: a sync waits for it to end.
var ErrInProgress = errors.New("a git operation is in progress")

// Sync fetches the vault's remote, merges the remote's branch into the
// vault's branch, and pushes the result. See the package documentation.
func Sync(ctx context.Context, l vault.Layout, opts Options) (*Report, error) {
	if opts.Remote == "" {
		opts.Remote = "origin"
	}
	if opts.Attempts <= 0 {
		opts.Attempts = 3
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(nopWriter{}, nil))
	}
	repo, err := gitstore.FindRepo(l.Root)
	if err != nil {
		return nil, fmt.Errorf("sync: %w", err)
	}
	s := &syncer{l: l, opts: opts, repo: repo, rep: &Report{Remote: opts.Remote, When: time.Now().UTC()}}
	if rel, err := filepath.Rel(realPath(repo.WorkTree), realPath(l.Root)); err == nil && rel != "." {
		s.prefix = filepath.ToSlash(rel) + "/"
	}
	if !opts.Locked {
		unlock, err := LockMemorizer(l)
		if err != nil {
			return nil, fmt.Errorf("sync: %w", err)
		}
		defer unlock()
	}
	// The temp files a killed sync left (sync.json's, the journal's) were
	// settled by whoever took the memorizer lock (vault.TryLockMemorizer):
	// this sync above, or the daemon that syncs, when it started.
	err = s.run(ctx)
	if err != nil {
		err = fmt.Errorf("sync: %w", err)
	} else if opts.Updated != nil && len(s.rep.Paths) > 0 {
		if uerr := opts.Updated(ctx, s.rep.Paths); uerr != nil {
			err = fmt.Errorf("sync: update the index: %w", uerr)
		}
	}
	// The outcome is recorded here, under the memorizer lock: sync.json
	// has no other writer then, so a temp file of it that a holder of the
	// lock finds is a killed sync's (vault.TryLockMemorizer).
	if serr := saveStatus(l, s.rep, err); serr != nil {
		opts.Logger.Warn("sync: record the outcome for cortex status", "err", serr)
	}
	return s.rep, err
}

// LockMemorizer takes the vault's memorizer lock (the one the memorizer
// and the daemon hold) without waiting, so a sync and a batch never commit
// at once. The refusal wraps ErrBusy.
func LockMemorizer(l vault.Layout) (func(), error) {
	fl, err := vault.TryLockMemorizer(l, "sync")
	if err != nil {
		return nil, fmt.Errorf("%w (stop it, or let it finish, and sync again)", err)
	}
	return func() { _ = fl.Unlock() }, nil
}

type syncer struct {
	l      vault.Layout
	opts   Options
	repo   gitstore.Repo
	prefix string // the vault's folder in the repository ("" at its top)
	rep    *Report
}

// git runs the git CLI in the repository; paths given to it are paths,
// never patterns (a note named "a[1].md").
func (s *syncer) git(ctx context.Context, stdin []byte, args ...string) (string, error) {
	return s.gitEnv(ctx, nil, stdin, args...)
}

func (s *syncer) gitEnv(ctx context.Context, env []string, stdin []byte, args ...string) (string, error) {
	env = append([]string{"GIT_LITERAL_PATHSPECS=1"}, env...)
	// Recorded: a kill of the whole process tree leaves git's locks and
	// temp files, which the next run settles (gitstore.SettleChildren).
	out, err := gitstore.GitOwned(ctx, s.repo, s.repo.WorkTree, env, stdin, args...)
	return string(out), err
}

func (s *syncer) run(ctx context.Context) error {
	if op := s.repo.OperationInProgress(); op != "" {
		return fmt.Errorf("%w: a %s in %s; finish or abort it first (nothing changed)", ErrInProgress, op, s.repo.WorkTree)
	}
	settled, err := gitstore.SettleChildren(s.repo)
	if err != nil {
		return err
	}
	for _, p := range settled {
		s.opts.Logger.Warn("sync: removed what a killed git of ours left", "path", p)
	}
	// A Cortex commit killed while it moved the branch (a daemon's, a
	// `cortex process`) leaves git's locks with its records: opening a
	// store settles them (gitstore.OpenWith). Sync's own git commands
	// never take HEAD.lock, so without this one left there would stay
	// until the person's next `git commit` failed on it (harness, session
	// 15 world 109). After SettleChildren, whose findings are reported
	// above: the store's opening settles those too, silently.
	if _, err := gitstore.Open(s.l.Root); err != nil {
		s.opts.Logger.Warn("sync: "+err.Error(), "vault", s.l.Root)
	}
	// A daemon killed in its heartbeat's write left a temp file of
	// daemon.json (when the daemon itself syncs, this finds its lock held
	// and leaves the files to it: it settled them when it started).
	if removed, err := vault.SettleDaemonTemps(s.l); err != nil {
		s.opts.Logger.Warn("sync: "+err.Error(), "vault", s.l.Root)
	} else {
		for _, p := range removed {
			s.opts.Logger.Warn("sync: removed what a killed daemon left", "path", p)
		}
	}
	if err := gitstore.ExcludeMergeTemps(s.repo); err != nil {
		return err
	}
	s.removeCheckoutDirs()
	if err := s.finishJournal(ctx); err != nil {
		return err
	}
	branch, err := s.git(ctx, nil, "symbolic-ref", "--quiet", "--short", "HEAD")
	if err != nil {
		return errors.New("HEAD is detached: check out the vault's branch first (nothing changed)")
	}
	s.rep.Branch = strings.TrimSpace(branch)
	if _, err := s.git(ctx, nil, "remote", "get-url", s.opts.Remote); err != nil {
		return fmt.Errorf("no git remote %q: add one with `git remote add %s URL` (nothing changed)", s.opts.Remote, s.opts.Remote)
	}
	tracking := "refs/remotes/" + s.opts.Remote + "/" + s.rep.Branch
	for attempt := 1; ; attempt++ {
		remoteHas, err := s.fetch(ctx, tracking)
		if err != nil {
			return err
		}
		local, err := s.revParse(ctx, "HEAD")
		if err != nil {
			return err
		}
		remote := ""
		if remoteHas {
			if remote, err = s.revParse(ctx, tracking); err != nil {
				return err
			}
		} else if err := s.checkRelated(ctx, local); err != nil {
			return err
		}
		next, err := s.merge(ctx, local, remote)
		if err != nil {
			return err
		}
		if next != local {
			moved, err := s.advance(ctx, local, next)
			if err != nil {
				return err
			}
			if !moved {
				if attempt >= s.opts.Attempts {
					return errors.New("the branch kept moving during the sync (the memorizer committing?): nothing lost, sync again")
				}
				continue
			}
		}
		s.rep.Head = next
		if next == remote {
			return nil
		}
		pushed, err := s.push(ctx, next)
		if err != nil {
			return err
		}
		if pushed {
			s.rep.Pushed, s.rep.Created = true, remote == ""
			return nil
		}
		if attempt >= s.opts.Attempts {
			return fmt.Errorf("%s/%s kept moving during the sync: what is here is merged and kept; sync again", s.opts.Remote, s.rep.Branch)
		}
	}
}

func (s *syncer) revParse(ctx context.Context, rev string) (string, error) {
	out, err := s.git(ctx, nil, "rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err != nil {
		return "", fmt.Errorf("read %s: %w", rev, err)
	}
	return strings.TrimSpace(out), nil
}

// gitRetry runs a fetch or push again, a few times after a growing pause,
// while it fails on a ref another git holds locked — a fetch or push of an
// earlier sync that was killed and whose git still finishes, or a person's
// own git at the same moment.
func (s *syncer) gitRetry(ctx context.Context, args ...string) (string, error) {
	return s.gitRetryIn(ctx, nil, args...)
}

// gitRetryIn is gitRetry with stdin (git's index.lock, held by the git of
// a killed sync still finishing, is waited for the same way).
func (s *syncer) gitRetryIn(ctx context.Context, stdin []byte, args ...string) (string, error) {
	return retryLocked(ctx, func() (string, error) { return s.git(ctx, stdin, args...) })
}

// retryLocked runs git again, as gitRetry does, while it fails on a lock.
func retryLocked(ctx context.Context, run func() (string, error)) (string, error) {
	for try := 1; ; try++ {
		out, err := run()
		var ge *gitstore.GitError
		if err == nil || try == 5 || !errors.As(err, &ge) || !strings.Contains(ge.Stderr, "lock") {
			return out, err
		}
		select {
		case <-ctx.Done():
			return out, err
		case <-time.After(time.Duration(try) * 200 * time.Millisecond):
		}
	}
}

// fetch updates the remote-tracking branch; remoteHas is false when the
// remote has no such branch (an empty remote, a deleted branch).
func (s *syncer) fetch(ctx context.Context, tracking string) (remoteHas bool, err error) {
	_, err = s.gitRetry(ctx, "fetch", "--quiet", "--no-tags", "--no-write-fetch-head", s.opts.Remote,
		"+refs/heads/"+s.rep.Branch+":"+tracking)
	var ge *gitstore.GitError
	switch {
	case err == nil:
		return true, nil
	case errors.As(err, &ge) && strings.Contains(ge.Stderr, "couldn't find remote ref"):
		// The branch is not there (any more): ours creates it.
		_, _ = s.git(ctx, nil, "update-ref", "-d", tracking)
		return false, nil
	case errors.As(err, &ge):
		return false, fmt.Errorf("fetch from %s: %s (offline? nothing changed; the next sync catches up)", s.opts.Remote, ge.Message())
	}
	return false, fmt.Errorf("fetch from %s: %w", s.opts.Remote, err)
}

// checkRelated refuses to push local as a new branch of the remote when
// the remote holds the vault on another branch that shares no history
// with it (SPEC §10): a clone whose remote HEAD named no branch, and that
// started a history of its own on master while the vault lives on main,
// would otherwise put a second, unrelated vault next to the first — and
// neither machine would see the other's memories.
func (s *syncer) checkRelated(ctx context.Context, local string) error {
	ns := "refs/cortex-sync/" + s.opts.Remote + "/"
	if _, err := s.gitRetry(ctx, "fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--prune", s.opts.Remote,
		"+refs/heads/*:"+ns+"*"); err != nil {
		var ge *gitstore.GitError
		if errors.As(err, &ge) {
			return fmt.Errorf("fetch from %s: %s (offline? nothing changed; the next sync catches up)", s.opts.Remote, ge.Message())
		}
		return fmt.Errorf("fetch from %s: %w", s.opts.Remote, err)
	}
	out, err := s.git(ctx, nil, "for-each-ref", "--format=%(refname)", ns)
	if err != nil {
		return fmt.Errorf("list the branches of %s: %w", s.opts.Remote, err)
	}
	defer func() {
		for _, ref := range strings.Fields(out) {
			_, _ = s.git(ctx, nil, "update-ref", "-d", ref)
		}
	}()
	var unrelated []string
	for _, ref := range strings.Fields(out) {
		if _, err := s.git(ctx, nil, "cat-file", "-e", ref+":"+s.prefix+doc.TaxonomyFile); err != nil {
			continue // not a vault: a project's branch, say
		}
		if _, err := s.git(ctx, nil, "merge-base", local, ref); err == nil {
			return nil // the same vault's history: a new branch of it
		}
		unrelated = append(unrelated, strings.TrimPrefix(ref, ns))
	}
	if len(unrelated) == 0 {
		return nil
	}
	return fmt.Errorf("%s has no branch %s, and its vault (on %s) shares no history with %s here: pushing would split the memory in two (nothing pushed); to join it, clone it again and run cortex init there, then move what is only here by hand",
		s.opts.Remote, s.rep.Branch, strings.Join(unrelated, ", "), s.rep.Branch)
}

// push sends the branch without force; pushed is false when the remote
// refused because it moved meanwhile (fetch and merge again).
func (s *syncer) push(ctx context.Context, head string) (pushed bool, err error) {
	ref := "refs/heads/" + s.rep.Branch
	args := []string{"push", "--quiet", "--no-verify", s.opts.Remote, head + ":" + ref}
	env := []string{"GIT_LITERAL_PATHSPECS=1"}
	remoteDir := s.localRemote(ctx)
	_, err = retryLocked(ctx, func() (string, error) {
		if remoteDir == "" {
			return s.git(ctx, nil, args...)
		}
		// Recorded with the remote's ref: git's receive-pack runs in our
		// process group here, and what a kill leaves in the remote is ours
		// to settle (gitstore.SettleChildren).
		out, err := gitstore.GitOwnedPush(ctx, s.repo, s.repo.WorkTree, env,
			gitstore.RemoteRef{GitDir: remoteDir, Ref: ref, New: head}, args...)
		return string(out), err
	})
	var ge *gitstore.GitError
	switch {
	case err == nil:
		_, _ = s.git(ctx, nil, "update-ref", "refs/remotes/"+s.opts.Remote+"/"+s.rep.Branch, head)
		return true, nil
	case errors.As(err, &ge) && (strings.Contains(ge.Stderr, "[rejected]") || strings.Contains(ge.Stderr, "fetch first") || strings.Contains(ge.Stderr, "non-fast-forward")):
		return false, nil
	case errors.As(err, &ge):
		if lock, ok := ge.LockExists(); ok {
			// Not ours (ours were settled before this run's git): a push
			// at work there, or another machine's killed one. Only a
			// person can tell; the next sync would meet it again.
			return false, fmt.Errorf("push to %s: %s is there: a push to %s is at work, or was killed in its update (a killed cortex sync removes its own at its next sync, on its machine); if no git pushes there now, remove the file and sync again (what is here is merged and kept)",
				s.opts.Remote, filepath.Clean(lock), s.opts.Remote)
		}
		return false, fmt.Errorf("push to %s: %s (what is here is merged and kept; the next sync pushes it)", s.opts.Remote, ge.Message())
	}
	return false, fmt.Errorf("push to %s: %w", s.opts.Remote, err)
}

// localRemote returns the git folder of the push URL of the sync's remote
// when it is a folder on this machine (a path, or a file:// URL), "" for
// any other transport (ssh, https: there the remote's git runs on the
// server, out of reach of a kill here) or a folder git does not take for
// a repository.
func (s *syncer) localRemote(ctx context.Context) string {
	out, err := s.git(ctx, nil, "remote", "get-url", "--push", s.opts.Remote)
	if err != nil {
		return ""
	}
	dir, ok := localURLPath(strings.TrimSpace(out))
	if !ok {
		return ""
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(s.repo.WorkTree, dir) // git reads it from where it runs
	}
	gd, err := s.git(ctx, nil, "-C", dir, "rev-parse", "--path-format=absolute", "--git-common-dir")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(gd)
}

// localURLPath tells whether git reads url as a folder on this machine,
// as git's transport does: file://PATH, or a URL with no scheme and no
// scp-like "host:" before its first slash.
func localURLPath(url string) (string, bool) {
	if rest, ok := strings.CutPrefix(url, "file://"); ok {
		// file:///path, or file://host/path (git takes only localhost).
		if i := strings.IndexByte(rest, '/'); i > 0 {
			if rest[:i] != "localhost" {
				return "", false
			}
			rest = rest[i:]
		}
		return rest, rest != ""
	}
	if url == "" || strings.Contains(url, "://") {
		return "", false
	}
	if colon := strings.IndexByte(url, ':'); colon >= 0 {
		if slash := strings.IndexByte(url, '/'); slash < 0 || colon < slash {
			return "", false // host:path, git's scp-like ssh address
		}
	}
	return url, true
}

// merge returns the commit the branch should point at: local itself when
// the remote has nothing new, remote on a fast-forward, else a merge
// commit of both.
func (s *syncer) merge(ctx context.Context, local, remote string) (string, error) {
	if remote == "" || remote == local {
		return local, nil
	}
	if s.isAncestor(ctx, remote, local) {
		return s.foldSpread(ctx, local, remote, local)
	}
	if s.isAncestor(ctx, local, remote) {
		return s.foldSpread(ctx, remote, local, local)
	}
	baseOut, err := s.git(ctx, nil, "merge-base", local, remote)
	if err != nil {
		return "", fmt.Errorf("%s/%s shares no history with %s (another repository, or a rewritten one?): nothing changed; check the remote's URL", s.opts.Remote, s.rep.Branch, s.rep.Branch)
	}
	base := strings.TrimSpace(baseOut)
	// Without directory renames: a sleep run that archives the only memory
	// of a folder looks to git like the folder renamed into mind/archive/,
	// and a memory the other machine wrote into that folder would follow
	// it there, a conflict. Memories stay where they were written.
	out, err := s.gitEnv(ctx, []string{"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=merge.directoryRenames", "GIT_CONFIG_VALUE_0=false"},
		nil, "merge-tree", "--write-tree", "-z", "--no-messages", local, remote)
	var ge *gitstore.GitError
	if err != nil && !(errors.As(err, &ge) && ge.Code == 1) {
		return "", fmt.Errorf("merge %s/%s: %w", s.opts.Remote, s.rep.Branch, err)
	}
	tree, conflicts := parseMergeTree(out)
	var edits []string
	if len(conflicts) > 0 {
		if edits, err = s.resolveFolded(ctx, base, local, remote, tree, conflicts); err != nil {
			return "", err
		}
	}
	more, err := s.foldDuplicates(ctx, base, local, remote, tree)
	if err != nil {
		return "", err
	}
	edits = append(edits, more...)
	if more, err = s.sameChanges(ctx, local, remote, tree); err != nil {
		return "", err
	}
	if tree, err = s.editTree(ctx, tree, append(edits, more...)); err != nil {
		return "", err
	}
	// Two copies of a memory one side brought in beside sync (a person's
	// rebase or pull) are folded too, as on a fast-forward (foldSpread).
	hashes, err := s.addedHashes(ctx, base, local, remote)
	if err != nil {
		return "", err
	}
	if more, err = s.foldSame(ctx, local, tree, hashes); err != nil {
		return "", err
	}
	if tree, err = s.editTree(ctx, tree, more); err != nil {
		return "", err
	}
	c, err := s.commitTree(ctx, tree, fmt.Sprintf("sync: merge %s/%s", s.opts.Remote, s.rep.Branch), local, remote)
	if err != nil {
		return "", fmt.Errorf("commit the merge: %w", err)
	}
	s.rep.Merged = true
	return c, nil
}

func (s *syncer) isAncestor(ctx context.Context, a, b string) bool {
	_, err := s.git(ctx, nil, "merge-base", "--is-ancestor", a, b)
	return err == nil
}

// conflict is one path merge-tree could not merge: its blob at each stage
// (1 base, 2 ours, 3 theirs; "" where the side has none).
type conflict struct {
	path   string
	stages [4]string
}

// parseMergeTree reads `git merge-tree --write-tree -z --no-messages`:
// the tree, then the conflicted entries "<mode> <object> <stage>\t<path>".
func parseMergeTree(out string) (tree string, conflicts []conflict) {
	fields := strings.Split(out, "\x00")
	tree = strings.TrimSpace(fields[0])
	at := map[string]int{}
	for _, f := range fields[1:] {
		if f == "" {
			break
		}
		tab := strings.IndexByte(f, '\t')
		meta := strings.Fields(f[:max(tab, 0)])
		if tab < 0 || len(meta) != 3 {
			continue
		}
		path := f[tab+1:]
		stage, _ := strconv.Atoi(meta[2])
		i, ok := at[path]
		if !ok {
			i = len(conflicts)
			at[path] = i
			conflicts = append(conflicts, conflict{path: path})
		}
		if stage >= 1 && stage <= 3 {
			conflicts[i].stages[stage] = meta[1]
		}
	}
	return tree, conflicts
}

// resolveFolded settles the one conflict Cortex's rules produce between
// machines: a document one side reinforced while the other side folded it
// into the same memory's other document (same source_hash, see
// foldDuplicates). The reinforcements move to the document kept, and the
// folded one goes. Two renderings of the generated view, and a memory a
// person rewrote on one side that the other side created again, are
// settled too, and a rules file the curator appended to on both machines
// (see resolveView, resolveRewritten and resolveRules). Any other conflict
// is a person's: the sync stops.
func (s *syncer) resolveFolded(ctx context.Context, base, local, remote, tree string, conflicts []conflict) ([]string, error) {
	var edits, left []string
	kept := map[string][]byte{} // the documents kept, as edited so far
	for _, c := range conflicts {
		edit, ok, err := s.resolveView(ctx, c)
		if err != nil {
			return nil, err
		}
		if !ok {
			edit, ok, err = s.resolveRewritten(ctx, local, remote, c)
			if err != nil {
				return nil, err
			}
		}
		if !ok {
			edit, ok, err = s.resolveMovedBoth(ctx, base, local, remote, c)
			if err != nil {
				return nil, err
			}
		}
		if !ok {
			edit, ok, err = s.resolveRules(ctx, c)
			if err != nil {
				return nil, err
			}
		}
		if ok {
			edits = append(edits, edit)
			continue
		}
		if c.stages[1] != "" && c.stages[2] != "" && c.stages[3] != "" && s.isMemoryPath(c.path) {
			data, ok, err := s.foldedInPlace(ctx, c, kept)
			if err != nil {
				return nil, err
			}
			if ok {
				kept[c.path] = data
				s.rep.Folded = append(s.rep.Folded, strings.TrimPrefix(c.path, s.prefix))
			} else {
				left = append(left, c.path)
			}
			continue
		}
		mod, deleter := c.stages[2], remote
		if mod == "" {
			mod, deleter = c.stages[3], local
		}
		if c.stages[1] == "" || (c.stages[2] != "") == (c.stages[3] != "") || !s.isMemoryPath(c.path) {
			left = append(left, c.path)
			continue
		}
		objs, err := s.blobs(ctx, []string{c.stages[1], mod})
		if err != nil {
			return nil, err
		}
		pb, errB := doc.Parse(objs[0])
		pm, errM := doc.Parse(objs[1])
		if errB != nil || errM != nil || pm.Doc.SourceHash == "" {
			left = append(left, c.path)
			continue
		}
		adds, err := s.addedDocs(ctx, base, deleter)
		if err != nil {
			return nil, err
		}
		keep, ok := adds[pm.Doc.SourceHash]
		if !ok {
			// Not folded: moved, perhaps, where git did not see it.
			ok, err = s.resolveMoved(ctx, c, objs[0], objs[1], &pb.Doc, adds, deleter == local, tree, kept)
			if err != nil {
				return nil, err
			}
			if ok {
				edits = append(edits, "0 0000000000000000000000000000000000000000\t"+c.path)
			} else {
				left = append(left, c.path)
			}
			continue
		}
		data, ok := kept[keep.path]
		if !ok {
			if data, err = s.blobAt(ctx, tree, keep.path); err != nil {
				return nil, err
			}
		}
		pk, err := doc.Parse(data)
		if err != nil {
			left = append(left, c.path)
			continue
		}
		data, err = docmerge.AddReinforcements(pk, &pb.Doc, &pm.Doc)
		if err != nil {
			left = append(left, c.path)
			continue
		}
		kept[keep.path] = data
		edits = append(edits, "0 0000000000000000000000000000000000000000\t"+c.path)
		s.rep.Folded = append(s.rep.Folded, strings.TrimPrefix(c.path, s.prefix))
	}
	if len(left) > 0 {
		byPath, ok, err := s.resolveByPath(ctx, base, local, remote, left, kept)
		if err != nil {
			return nil, err
		}
		if ok {
			edits, left = append(edits, byPath...), nil
		}
	}
	if len(left) > 0 {
		return nil, fmt.Errorf("a true conflict in %s (edited on both machines): nothing changed; merge with `git pull` and resolve it as usual, then sync again", strings.Join(left, ", "))
	}
	for path, data := range kept {
		edit, err := s.editFor(ctx, data, path)
		if err != nil {
			return nil, err
		}
		edits = append(edits, edit)
	}
	return edits, nil
}

// foldedInPlace settles a conflict at one path where one side holds base's
// document changed (reinforced, promoted) and the other side another
// document of the same memory (the same source_hash, another id): that
// side folded base's document into its own, which took the path — the
// memory created on both machines on one day has one name (harness,
// session 16 world 311: one machine folded the other's copy into its own
// and promoted it, the other promoted its copy). As when the folded
// document is gone from its path (resolveFolded), what the changing side
// did since base moves to the document kept (docmerge.AddReinforcements),
// and the folded one goes. Any other conflict at the path is left.
func (s *syncer) foldedInPlace(ctx context.Context, c conflict, kept map[string][]byte) ([]byte, bool, error) {
	objs, err := s.blobs(ctx, []string{c.stages[1], c.stages[2], c.stages[3]})
	if err != nil {
		return nil, false, err
	}
	var ps [3]*doc.Parsed
	for i, o := range objs {
		p, err := doc.Parse(o)
		if err != nil {
			return nil, false, nil
		}
		ps[i] = p
	}
	pb, ours, theirs := ps[0], ps[1], ps[2]
	if pb.Doc.ID == "" || ours.Doc.ID == theirs.Doc.ID || ours.Doc.SourceHash == "" || ours.Doc.SourceHash != theirs.Doc.SourceHash {
		return nil, false, nil
	}
	keep, mod := theirs, ours
	switch pb.Doc.ID {
	case ours.Doc.ID:
	case theirs.Doc.ID:
		keep, mod = ours, theirs
	default:
		return nil, false, nil
	}
	if data, ok := kept[c.path]; ok {
		if keep, err = doc.Parse(data); err != nil {
			return nil, false, nil
		}
	}
	data, err := docmerge.AddReinforcements(keep, &pb.Doc, &mod.Doc)
	if err != nil {
		return nil, false, nil
	}
	return data, true, nil
}

// resolveByPath settles the conflicts left, all of them or none, by
// path: what base, local and remote hold at each path, with no move
// paired. git pairs a move by content, Cortex's documents by their id, and
// a move git paired with the wrong document reads as a conflict Cortex's
// rules do not know: a memory moved by both machines to one path, one of
// which also made a document with the memory's old bytes (a person
// rewrote it and a repeat created it again, and that machine's sleep
// archived both), is a rename to two names beside an add/add (the
// harness, session 14 world 243). By path, a move is a delete and an add,
// and an add on both sides pairs by id (resolveMovedBoth). Only memory
// documents no other rule edited are settled this way; ok is false when
// one path cannot be.
func (s *syncer) resolveByPath(ctx context.Context, base, local, remote string, paths []string, kept map[string][]byte) (edits []string, ok bool, err error) {
	for _, p := range paths {
		if _, edited := kept[p]; edited || !s.isMemoryPath(p) {
			return nil, false, nil
		}
	}
	at := map[string][4]string{} // per path: its mode, then its blob in base, local, remote
	for i, rev := range []string{base, local, remote} {
		out, err := s.git(ctx, nil, append([]string{"ls-tree", "-r", "-z", "--full-tree", rev, "--"}, paths...)...)
		if err != nil {
			return nil, false, err
		}
		for _, e := range strings.Split(out, "\x00") {
			tab := strings.IndexByte(e, '\t')
			meta := strings.Fields(e[:max(tab, 0)])
			if tab < 0 || len(meta) != 3 || meta[1] != "blob" {
				continue
			}
			st := at[e[tab+1:]]
			st[0], st[i+1] = meta[0], meta[2]
			at[e[tab+1:]] = st
		}
	}
	for _, p := range paths {
		st := at[p]
		b, o, t := st[1], st[2], st[3]
		take := ""
		switch {
		case o == t, b == t:
			take = o
		case b == o:
			take = t
		default:
			c := conflict{path: p, stages: [4]string{"", b, o, t}}
			var edit string
			switch {
			case b == "":
				edit, ok, err = s.resolveMovedBoth(ctx, base, local, remote, c)
			case o != "" && t != "":
				edit, ok, err = s.mergeStages(ctx, c)
			}
			if err != nil || !ok {
				return nil, false, err
			}
			edits = append(edits, edit)
			continue
		}
		if take == "" {
			edits = append(edits, "0 0000000000000000000000000000000000000000\t"+p)
		} else {
			edits = append(edits, st[0]+" "+take+"\t"+p)
		}
	}
	return edits, true, nil
}

// mergeStages merges a conflict's two sides (and its base, when it has
// one) by Cortex's rules (docmerge.MergePath) into an index edit; ok is
// false when a person's conflict is left.
func (s *syncer) mergeStages(ctx context.Context, c conflict) (edit string, ok bool, err error) {
	names := []string{c.stages[2], c.stages[3]}
	if c.stages[1] != "" {
		names = append(names, c.stages[1])
	}
	objs, err := s.blobs(ctx, names)
	if err != nil {
		return "", false, err
	}
	var base []byte
	if len(objs) == 3 {
		base = objs[2]
	}
	r, err := docmerge.MergePath(ctx, c.path, base, objs[0], objs[1], docmerge.DefaultLabels)
	if err != nil || !r.Clean {
		return "", false, err
	}
	edit, err = s.editFor(ctx, r.Data, c.path)
	return edit, err == nil, err
}

// resolveMoved settles a memory changed on one side (mod, from base) and
// gone from its path on the other, where that side added a document of
// the same id elsewhere: a move git did not pair with its origin, because
// too little of the content was left — the sleep archived the memory and
// a person then rewrote it in their own words (harness, session 12 world
// 16). The change merges into the moved document as it would had git
// paired the two (docmerge.Merge: the person's body, the other side's
// reinforcements and fields), and the old path goes; a merge that
// conflicts is the person's. kept holds the documents edited so far by
// path, and gets the merged one; ok is false when no such move is found
// or its merge conflicts.
func (s *syncer) resolveMoved(ctx context.Context, c conflict, base, mod []byte, baseDoc *doc.Document, adds map[string]added, movedHere bool, tree string, kept map[string][]byte) (ok bool, err error) {
	if baseDoc.ID == "" {
		return false, nil
	}
	var moved []string
	for _, a := range adds {
		if a.id == baseDoc.ID && a.path != c.path {
			moved = append(moved, a.path)
		}
	}
	if len(moved) != 1 {
		return false, nil // none, or the id in two documents: the person's to sort out
	}
	to := moved[0]
	data, ok := kept[to]
	if !ok {
		if data, err = s.blobAt(ctx, tree, to); err != nil {
			return false, err
		}
	}
	ours, theirs := data, mod // ours: this machine's side, as git's merge orders them
	if !movedHere {
		ours, theirs = mod, data
	}
	r, err := docmerge.Merge(ctx, base, ours, theirs, docmerge.DefaultLabels)
	if err != nil {
		return false, fmt.Errorf("merge %s into %s: %w", c.path, to, err)
	}
	if !r.Clean {
		return false, nil
	}
	kept[to] = r.Data
	return true, nil
}

// resolveView settles a conflict on the generated view, MEMORY.md at the
// vault's root, changed on both sides: git merges it through the merge
// driver where the vault's .gitattributes says so, but a vault whose
// .gitattributes predates that line (or a repository without the driver)
// leaves it to the sync. Both sides' renderings must carry the view's
// header — a MEMORY.md a person wrote is theirs — and ours is kept, as the
// merge driver keeps it; the next maintain renders the merged memories.
func (s *syncer) resolveView(ctx context.Context, c conflict) (edit string, ok bool, err error) {
	if c.path != s.prefix+doc.ViewFile || c.stages[2] == "" || c.stages[3] == "" {
		return "", false, nil
	}
	objs, err := s.blobs(ctx, []string{c.stages[2], c.stages[3]})
	if err != nil {
		return "", false, err
	}
	if !docmerge.IsView(objs[0]) || !docmerge.IsView(objs[1]) {
		return "", false, nil
	}
	return "100644 " + c.stages[2] + "\t" + c.path, true, nil
}

// resolveRewritten settles the one add/add conflict a person's rewrite
// makes: both sides created the memory from the same observation (one
// path: the path names the created body's day and hash), and a person on
// one side then rewrote its body in their own words and committed it, so
// the two no longer share a source_hash. The merge driver settles it from
// the path (docmerge.MergePath); where the driver does not run (not
// registered in this clone) a line merge of the two bodies conflicts, and
// the sync settles it from the history instead. The side
// whose document, as that side first added it, had the other side's
// source_hash is the rewritten one: its document — the person's body and
// fields — is kept, and the other side's creation counts as one more
// reinforcement, with that side's own reinforcements and sessions (as
// docmerge.FoldInto folds any second creation of a memory).
func (s *syncer) resolveRewritten(ctx context.Context, local, remote string, c conflict) (edit string, ok bool, err error) {
	_, ours, theirs, ok, err := s.bothAdded(ctx, c)
	if !ok || ours.Doc.SourceHash == "" || theirs.Doc.SourceHash == "" || ours.Doc.SourceHash == theirs.Doc.SourceHash {
		return "", false, err
	}
	for _, side := range []struct {
		rev         string
		keep, other *doc.Parsed
	}{{local, ours, theirs}, {remote, theirs, ours}} {
		was, err := s.addedAs(ctx, side.rev, c.path)
		if err != nil {
			return "", false, err
		}
		if was == nil || was.Doc.SourceHash != side.other.Doc.SourceHash || was.Doc.ID != side.keep.Doc.ID {
			continue
		}
		data, err := docmerge.FoldInto(side.keep, side.other)
		if err != nil {
			return "", false, nil // a person's conflict after all
		}
		edit, err := s.editFor(ctx, data, c.path)
		return edit, err == nil, err
	}
	return "", false, nil
}

// bothAdded reads an add/add conflict at a memory path (no base, both
// sides): the two sides' bytes (ours, theirs) and documents. ok is false
// when c is no such conflict or a side is no document.
func (s *syncer) bothAdded(ctx context.Context, c conflict) (objs [][]byte, ours, theirs *doc.Parsed, ok bool, err error) {
	if c.stages[1] != "" || c.stages[2] == "" || c.stages[3] == "" || !s.isMemoryPath(c.path) {
		return nil, nil, nil, false, nil
	}
	if objs, err = s.blobs(ctx, []string{c.stages[2], c.stages[3]}); err != nil {
		return nil, nil, nil, false, err
	}
	ours, errO := doc.Parse(objs[0])
	theirs, errT := doc.Parse(objs[1])
	if errO != nil || errT != nil {
		return nil, nil, nil, false, nil
	}
	return objs, ours, theirs, true, nil
}

// editFor writes data as a blob and returns the index edit that puts it
// at path.
func (s *syncer) editFor(ctx context.Context, data []byte, path string) (string, error) {
	blob, err := s.git(ctx, data, "hash-object", "-w", "--stdin")
	if err != nil {
		return "", err
	}
	return "100644 " + strings.TrimSpace(blob) + "\t" + path, nil
}

// resolveMovedBoth settles an add/add of one memory: both sides moved
// the same document (the same id) to the same path — both archived it,
// say — and git paired the move on one side only, the other side having
// changed too much of it on the way (a person's rewrite), so that the
// merge has no base for the path. The base is that id's document where
// the merge base held it, at the path a side deleted; the two sides then
// merge by Cortex's rules, as the merge driver would have had git found
// the base. Anything the rules leave is the person's conflict.
func (s *syncer) resolveMovedBoth(ctx context.Context, base, local, remote string, c conflict) (edit string, ok bool, err error) {
	objs, ours, theirs, ok, err := s.bothAdded(ctx, c)
	if !ok || ours.Doc.ID == "" || ours.Doc.ID != theirs.Doc.ID {
		return "", false, err
	}
	was, err := s.deletedDoc(ctx, base, []string{local, remote}, ours.Doc.ID)
	if err != nil || was == nil {
		return "", false, err
	}
	r, err := docmerge.MergePath(ctx, c.path, was, objs[0], objs[1], docmerge.DefaultLabels)
	if err != nil {
		return "", false, fmt.Errorf("merge %s: %w", c.path, err)
	}
	if !r.Clean {
		return "", false, nil
	}
	edit, err = s.editFor(ctx, r.Data, c.path)
	return edit, err == nil, err
}

// deletedDoc is the document with id as base held it, at a path one of
// revs deleted since base; nil when there is no such document, or more
// than one.
func (s *syncer) deletedDoc(ctx context.Context, base string, revs []string, id string) ([]byte, error) {
	blobs, err := s.deletedDocs(ctx, base, revs)
	if err != nil {
		return nil, err
	}
	var found []byte
	for _, b := range blobs {
		if pd, err := doc.Parse(b); err == nil && pd.Doc.ID == id {
			if found != nil {
				return nil, nil // the id in two documents: the person's to sort out
			}
			found = b
		}
	}
	return found, nil
}

// deletedDocs is what base held at the memory paths one of revs deleted
// since base.
func (s *syncer) deletedDocs(ctx context.Context, base string, revs []string) ([][]byte, error) {
	seen := map[string]bool{}
	var names []string
	for _, rev := range revs {
		out, err := s.git(ctx, nil, "diff-tree", "-r", "-z", "--no-renames", "--diff-filter=D", "--name-only", base, rev, "--",
			s.prefix+doc.MindDir, s.prefix+doc.VaultDir)
		if err != nil {
			return nil, err
		}
		for _, p := range strings.Split(out, "\x00") {
			if strings.HasSuffix(p, ".md") && !seen[p] {
				seen[p] = true
				names = append(names, base+":"+p)
			}
		}
	}
	if len(names) == 0 {
		return nil, nil
	}
	return s.blobs(ctx, names)
}

// resolveRules settles a rules file (rules/<type>s.md) the curator
// appended to, or started, on both machines: the merge driver merges it
// (docmerge.MergePath keeps both sides' entries, each once), and where the
// driver does not run (not registered in this clone) git's line merge
// reads the two appends as a conflict, so the sync merges it by the
// driver's rule itself. A conflict that rule leaves — a person's edits —
// stays the person's.
func (s *syncer) resolveRules(ctx context.Context, c conflict) (edit string, ok bool, err error) {
	rel, inVault := strings.CutPrefix(c.path, s.prefix)
	if !inVault || path.Dir(rel) != doc.RulesDir || c.stages[2] == "" || c.stages[3] == "" {
		return "", false, nil
	}
	return s.mergeStages(ctx, c)
}

// addedAs is the document at path as the last commit of rev's history
// that added it wrote it; nil when that is not a document.
func (s *syncer) addedAs(ctx context.Context, rev, path string) (*doc.Parsed, error) {
	out, err := s.git(ctx, nil, "log", "-1", "--format=%H", "--diff-filter=A", rev, "--", path)
	if err != nil {
		return nil, fmt.Errorf("find where %s was added: %w", path, err)
	}
	added := strings.TrimSpace(out)
	if added == "" {
		return nil, nil
	}
	data, err := s.blobAt(ctx, added, path)
	if err != nil {
		return nil, err
	}
	p, err := doc.Parse(data)
	if err != nil {
		return nil, nil
	}
	return p, nil
}

// sameChanges counts twice the reinforcements both sides made to one
// document when they happen to leave it byte for byte the same (two
// reinforcements by observations older than its last_reinforced: the same
// count, the same date) — git takes an identical change once, without
// asking the merge driver. With one merge base the two changes are
// necessarily made by different commits, so both count. With several
// bases (criss-cross history) nothing is done: git's virtual base may hold
// either.
func (s *syncer) sameChanges(ctx context.Context, local, remote, tree string) ([]string, error) {
	out, err := s.git(ctx, nil, "merge-base", "--all", local, remote)
	if err != nil {
		return nil, err
	}
	bases := strings.Fields(out)
	if len(bases) != 1 {
		return nil, nil
	}
	ours, err := s.modified(ctx, bases[0], local)
	if err != nil || len(ours) == 0 {
		return nil, err
	}
	theirs, err := s.modified(ctx, bases[0], remote)
	if err != nil {
		return nil, err
	}
	var edits []string
	for path, m := range ours {
		if t, ok := theirs[path]; !ok || t.new != m.new || t.old != m.old {
			continue
		}
		objs, err := s.blobs(ctx, []string{m.old, m.new, tree + ":" + path})
		if err != nil {
			return nil, err
		}
		pb, err1 := doc.Parse(objs[0])
		pm, err2 := doc.Parse(objs[1])
		pt, err3 := doc.Parse(objs[2])
		if errors.Join(err1, err2, err3) != nil || pm.Doc.Reinforced <= pb.Doc.Reinforced {
			continue
		}
		data, err := docmerge.AddReinforcements(pt, &pb.Doc, &pm.Doc)
		if err != nil {
			continue
		}
		edit, err := s.editFor(ctx, data, path)
		if err != nil {
			return nil, err
		}
		edits = append(edits, edit)
	}
	return edits, nil
}

type change struct{ old, new string }

// modified maps the memory documents modified between a and b to their
// blobs before and after.
func (s *syncer) modified(ctx context.Context, a, b string) (map[string]change, error) {
	out, err := s.git(ctx, nil, "diff-tree", "-r", "-z", "--no-renames", "--diff-filter=M", a, b, "--",
		s.prefix+doc.MindDir, s.prefix+doc.VaultDir, s.prefix+doc.RulesDir)
	if err != nil {
		return nil, err
	}
	m := map[string]change{}
	f := strings.Split(out, "\x00")
	for i := 0; i+1 < len(f); i += 2 {
		meta := strings.Fields(f[i])
		if len(meta) == 5 && s.isMemoryPath(f[i+1]) {
			m[f[i+1]] = change{old: meta[2], new: meta[3]}
		}
	}
	return m, nil
}

// isMemoryPath reports whether a repository path is a document of the
// vault's memory folders.
func (s *syncer) isMemoryPath(p string) bool {
	rel, ok := strings.CutPrefix(p, s.prefix)
	if !ok || !strings.HasSuffix(rel, ".md") {
		return false
	}
	top, _, _ := strings.Cut(rel, "/")
	return top == doc.MindDir || top == doc.VaultDir || top == doc.RulesDir
}

// foldDuplicates makes one document of a memory both sides created under
// different paths (created on different days): the one docmerge.Fold
// keeps takes the other's reinforcements and one more, the other goes.
func (s *syncer) foldDuplicates(ctx context.Context, base, local, remote, tree string) ([]string, error) {
	ours, err := s.addedDocs(ctx, base, local)
	if err != nil || len(ours) == 0 {
		return nil, err
	}
	theirs, err := s.addedDocs(ctx, base, remote)
	if err != nil {
		return nil, err
	}
	// A document added at a path that holds an id base held elsewhere is
	// a move, not a creation: the memory the other side may have rewritten
	// (changing its source_hash) and then created again from a repeat of
	// the old wording — two memories on that side, which stay two
	// (session 14 world 243).
	moved := map[string]map[string]bool{} // rev → ids it moved
	movedIn := func(rev, id string) (bool, error) {
		if moved[rev] == nil {
			blobs, err := s.deletedDocs(ctx, base, []string{rev})
			if err != nil {
				return false, err
			}
			moved[rev] = map[string]bool{}
			for _, b := range blobs {
				if pd, err := doc.Parse(b); err == nil && pd.Doc.ID != "" {
					moved[rev][pd.Doc.ID] = true
				}
			}
		}
		return moved[rev][id], nil
	}
	var edits []string // update-index --index-info lines
	for hash, pa := range ours {
		pb, ok := theirs[hash]
		if !ok || pa.path == pb.path {
			continue
		}
		movedA, err := movedIn(local, pa.id)
		if err != nil {
			return nil, err
		}
		movedB, err := movedIn(remote, pb.id)
		if err != nil {
			return nil, err
		}
		if movedA || movedB {
			continue
		}
		// Read both as merged (the other side may have reinforced them).
		da, err := s.blobAt(ctx, tree, pa.path)
		if err != nil {
			return nil, err
		}
		db, err := s.blobAt(ctx, tree, pb.path)
		if err != nil {
			return nil, err
		}
		a, errA := doc.Parse(da)
		b, errB := doc.Parse(db)
		if errA != nil || errB != nil {
			continue
		}
		keepPath, gonePath := pa.path, pb.path
		keep, other := docmerge.Fold(a, b)
		if keep == b {
			keepPath, gonePath = pb.path, pa.path
		}
		data, err := docmerge.FoldInto(keep, other)
		if err != nil {
			continue // left as two documents, as a plain git merge would
		}
		edit, err := s.editFor(ctx, data, keepPath)
		if err != nil {
			return nil, err
		}
		edits = append(edits, edit, "0 0000000000000000000000000000000000000000\t"+gonePath)
		s.rep.Folded = append(s.rep.Folded, strings.TrimPrefix(gonePath, s.prefix))
	}
	return edits, nil
}

// foldSpread returns tip, or a commit on it that makes one document of
// each memory two documents of tip's tree hold, one of them added since
// from: the history this sync moves a branch over (local is the working
// tree's commit, one of the two). A person's own git
// brings such copies together beside sync — a rebase onto the other
// machine's history, a plain pull — where no merge of sync's folds them
// (harness, session 16 world 374: one machine archived its copy of a
// memory the other machine, never having seen it, memorized anew; after
// the person's rebase both were in the history), and sync would
// otherwise spread them to every machine.
func (s *syncer) foldSpread(ctx context.Context, tip, from, local string) (string, error) {
	hashes, err := s.addedHashes(ctx, from, tip)
	if err != nil {
		return "", err
	}
	edits, err := s.foldSame(ctx, local, tip, hashes)
	if err != nil || len(edits) == 0 {
		return tip, err
	}
	tree, err := s.editTree(ctx, tip+"^{tree}", edits)
	if err != nil {
		return "", err
	}
	folded := 0
	for _, e := range edits {
		if strings.HasPrefix(e, "0 ") {
			folded++
		}
	}
	c, err := s.commitTree(ctx, tree, fmt.Sprintf("sync: fold %d duplicate document(s)", folded), tip)
	if err != nil {
		return "", fmt.Errorf("commit the fold: %w", err)
	}
	return c, nil
}

// addedHashes is the set of the source_hash of every memory document
// added between base and each of tips.
func (s *syncer) addedHashes(ctx context.Context, base string, tips ...string) (map[string]bool, error) {
	hashes := map[string]bool{}
	for _, tip := range tips {
		added, err := s.addedDocs(ctx, base, tip)
		if err != nil {
			return nil, err
		}
		for h := range added {
			hashes[h] = true
		}
	}
	return hashes, nil
}

// foldSame returns the index edits that make one document of every
// memory of hashes that more than one document under mind/ or vault/ of
// tree holds: the one docmerge.Fold keeps takes the others'
// reinforcements and one more for each, the others go. A document's file
// name carries the first 8 characters of its source_hash (doc.DocPath),
// so the candidates are found by name, and only they are read. A copy a
// person has changed and not committed since local (the working tree's
// commit) stops the sync, as any path it must change does (checkClean).
func (s *syncer) foldSame(ctx context.Context, local, tree string, hashes map[string]bool) ([]string, error) {
	if len(hashes) == 0 {
		return nil, nil
	}
	short := make(map[string]bool, len(hashes))
	for h := range hashes {
		if len(h) >= 8 {
			short[h[:8]] = true
		}
	}
	out, err := s.git(ctx, nil, "ls-tree", "-r", "-z", "--name-only", tree, "--", s.prefix+doc.MindDir, s.prefix+doc.VaultDir)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, p := range strings.Split(out, "\x00") {
		// YYYY-MM-DD-<8 of the hash>.md, or …-N.md after a collision.
		if b := path.Base(p); strings.HasSuffix(b, ".md") && len(b) >= 22 && short[b[11:19]] {
			paths = append(paths, p)
		}
	}
	if len(paths) < 2 {
		return nil, nil
	}
	blobs, err := s.blobsAt(ctx, tree, paths)
	if err != nil {
		return nil, err
	}
	type copyOf struct {
		path string
		d    *doc.Parsed
	}
	groups := map[string][]copyOf{}
	for i, p := range paths {
		if pd, err := doc.Parse(blobs[i]); err == nil && hashes[pd.Doc.SourceHash] {
			groups[pd.Doc.SourceHash] = append(groups[pd.Doc.SourceHash], copyOf{p, pd})
		}
	}
	var twice []string
	for _, g := range groups {
		if len(g) > 1 {
			for _, c := range g {
				twice = append(twice, c.path)
			}
		}
	}
	// Sent out as they are, the copies would be on every machine, and no
	// later sync would see them added: the sync waits for the person.
	dirty, err := s.dirtyPaths(ctx, local, twice)
	if err != nil {
		return nil, err
	}
	if len(dirty) > 0 {
		return nil, fmt.Errorf("%s: changed here and not committed, and a second document of the same memory is in the history this sync sends or brings (a rebase or a plain git pull brought them together); sync folds the two into one: commit (or stash) the change, then sync again (nothing changed)",
			strings.Join(dirty, ", "))
	}
	var edits []string
	for _, h := range slices.Sorted(maps.Keys(groups)) {
		g := groups[h]
		if len(g) < 2 {
			continue
		}
		keep := g[0]
		var gone []string
		ok := true
		for _, c := range g[1:] {
			other := c
			if k, _ := docmerge.Fold(keep.d, c.d); k == c.d {
				keep, other = c, keep
			}
			// One document at two paths (a move half seen) is not a
			// memory created twice: its reinforcements are not two
			// machines' to add up.
			if keep.d.Doc.ID == "" || keep.d.Doc.ID == other.d.Doc.ID {
				ok = false
				break
			}
			if _, err := docmerge.FoldInto(keep.d, other.d); err != nil {
				ok = false // left as they are, as a plain git merge would
				break
			}
			gone = append(gone, other.path)
		}
		if !ok {
			continue
		}
		edit, err := s.editFor(ctx, keep.d.Bytes(), keep.path)
		if err != nil {
			return nil, err
		}
		edits = append(edits, edit)
		for _, p := range gone {
			edits = append(edits, "0 0000000000000000000000000000000000000000\t"+p)
			s.rep.Folded = append(s.rep.Folded, strings.TrimPrefix(p, s.prefix))
		}
	}
	return edits, nil
}

// editTree applies update-index --index-info lines to tree in a
// temporary index, and returns the new tree.
func (s *syncer) editTree(ctx context.Context, tree string, edits []string) (string, error) {
	if len(edits) == 0 {
		return tree, nil
	}
	tmp, err := os.CreateTemp("", "cortex-sync-index-")
	if err != nil {
		return "", err
	}
	tmp.Close()
	os.Remove(tmp.Name()) // git wants to create it
	defer os.Remove(tmp.Name())
	env := []string{"GIT_INDEX_FILE=" + tmp.Name()}
	if _, err := s.gitEnv(ctx, env, nil, "read-tree", tree); err != nil {
		return "", err
	}
	if _, err := s.gitEnv(ctx, env, []byte(strings.Join(edits, "\n")+"\n"), "update-index", "--index-info"); err != nil {
		return "", err
	}
	out, err := s.gitEnv(ctx, env, nil, "write-tree")
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(out), nil
}

type added struct{ path, id string }

// addedDocs maps the source_hash of each memory document added between
// base and c to its repository path (and id).
func (s *syncer) addedDocs(ctx context.Context, base, c string) (map[string]added, error) {
	out, err := s.git(ctx, nil, "diff-tree", "-r", "-z", "--no-renames", "--diff-filter=A", "--name-only", base, c, "--",
		s.prefix+doc.MindDir, s.prefix+doc.VaultDir, s.prefix+doc.RulesDir)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, p := range strings.Split(out, "\x00") {
		if strings.HasSuffix(p, ".md") {
			paths = append(paths, p)
		}
	}
	if len(paths) == 0 {
		return nil, nil
	}
	blobs, err := s.blobsAt(ctx, c, paths)
	if err != nil {
		return nil, err
	}
	m := make(map[string]added, len(paths))
	for i, p := range paths {
		if pd, err := doc.Parse(blobs[i]); err == nil && pd.Doc.SourceHash != "" {
			m[pd.Doc.SourceHash] = added{path: p, id: pd.Doc.ID}
		}
	}
	return m, nil
}

func (s *syncer) blobAt(ctx context.Context, tree, path string) ([]byte, error) {
	b, err := s.blobs(ctx, []string{tree + ":" + path})
	if err != nil {
		return nil, err
	}
	return b[0], nil
}

// blobsAt reads the blobs at paths of rev (a commit or a tree).
func (s *syncer) blobsAt(ctx context.Context, rev string, paths []string) ([][]byte, error) {
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = rev + ":" + p
	}
	return s.blobs(ctx, names)
}

// commitTree makes a commit of tree with parents, by Cortex's signature
// (a sync's commits are the daemon's, as the memorizer's), and returns it.
func (s *syncer) commitTree(ctx context.Context, tree, msg string, parents ...string) (string, error) {
	sig := gitstore.DaemonSignature()
	env := []string{
		"GIT_AUTHOR_NAME=" + sig.Name, "GIT_AUTHOR_EMAIL=" + sig.Email,
		"GIT_COMMITTER_NAME=" + sig.Name, "GIT_COMMITTER_EMAIL=" + sig.Email,
	}
	args := []string{"commit-tree", tree}
	for _, p := range parents {
		args = append(args, "-p", p)
	}
	c, err := s.gitEnv(ctx, env, []byte(msg+"\n"), args...)
	return strings.TrimSpace(c), err
}

// blobs reads objects (a blob's name, or rev:path) with one git cat-file
// --batch.
func (s *syncer) blobs(ctx context.Context, names []string) ([][]byte, error) {
	return gitstore.CatFile(ctx, s.repo.WorkTree, names)
}

// journal records a branch move in progress: the working tree and git's
// index are brought to To first, then the branch is moved from From, as
// git's own merge does. A kill -9 between the two leaves the merge's
// changes staged, with the branch where it was — never the branch ahead of
// a working tree that git shows as changes, which a person's `git add -A`
// and commit would then take back (the other machine's memories and
// reinforcements lost on both machines: harness, session 10 worlds 78 and
// 94). The next sync puts such staged changes back (finishJournal) and
// merges again.
type journal struct {
	From  string   `json:"from"`
	To    string   `json:"to"`
	Paths []string `json:"paths"`
}

func (s *syncer) journalPath() string { return journalPath(s.l) }

// journalPath is the sync journal's file in the vault of l.
func journalPath(l vault.Layout) string { return l.SyncJournal() }

// advance brings git's index and the working tree to next for the paths
// that changed, after checking that a person has no work of their own
// there, then moves the branch from local to next with a compare-and-swap
// (see journal). moved is false when the branch moved meanwhile: the
// paths are then put back as the branch has them.
func (s *syncer) advance(ctx context.Context, local, next string) (moved bool, err error) {
	out, err := s.git(ctx, nil, "diff-tree", "-r", "-z", "--no-renames", "--name-only", local, next)
	if err != nil {
		return false, err
	}
	var paths []string
	for _, p := range strings.Split(out, "\x00") {
		if p != "" {
			paths = append(paths, p)
		}
	}
	if err := s.checkClean(ctx, local, paths); err != nil {
		return false, err
	}
	j := journal{From: local, To: next, Paths: paths}
	data, _ := json.Marshal(j)
	if err := s.l.FS().WriteFile(s.journalPath(), data, 0o644); err != nil {
		return false, fmt.Errorf("write %s: %w", s.journalPath(), err)
	}
	if err := s.checkout(ctx, j); err != nil {
		return false, err
	}
	if s.opts.killedInAdvance {
		return false, errKilled
	}
	if _, err := s.git(ctx, nil, "update-ref", "-m", "cortex sync: "+s.opts.Remote+"/"+s.rep.Branch,
		"refs/heads/"+s.rep.Branch, next, local); err != nil {
		// A person's commit moved the branch meanwhile: the paths go
		// back to what it holds, and the sync merges again.
		if err := s.undoCheckout(ctx, j); err != nil {
			return false, err
		}
		return false, s.removeJournal()
	}
	if err := s.removeJournal(); err != nil {
		return true, err
	}
	s.rep.Pulled = len(paths)
	return true, nil
}

func (s *syncer) removeJournal() error {
	if err := s.l.FS().Remove(s.journalPath()); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// checkClean refuses paths that a person changed in the working tree or
// staged, or an untracked file where the merge adds one.
func (s *syncer) checkClean(ctx context.Context, local string, paths []string) error {
	dirty, err := s.dirtyPaths(ctx, local, paths)
	if err != nil {
		return err
	}
	if len(dirty) > 0 {
		return fmt.Errorf("%s: changed here and not committed, and the remote changed it too: commit (or stash) it, then sync again (nothing changed)", strings.Join(dirty, ", "))
	}
	return nil
}

// dirtyPaths are those of paths that a person changed in the working tree
// or staged since local, or holds untracked.
func (s *syncer) dirtyPaths(ctx context.Context, local string, paths []string) ([]string, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	// git diff refreshes the stat data it reads (in memory), as git status
	// does: a file whose stat changed and whose content did not is clean.
	var dirty []string
	for _, mode := range [][]string{{"--cached"}, nil} {
		args := append(append([]string{"diff", "--no-ext-diff", "--no-renames", "--name-only", "-z"}, mode...), local, "--")
		out, err := s.git(ctx, nil, append(args, paths...)...)
		if err != nil {
			return nil, err
		}
		for _, p := range strings.Split(out, "\x00") {
			if p != "" && !slices.Contains(dirty, p) {
				dirty = append(dirty, p)
			}
		}
	}
	// An untracked file where the merge writes one: on disk, not in git's
	// index (one ls-files for all the paths on disk).
	var onDisk []string
	for _, p := range paths {
		if _, err := os.Lstat(filepath.Join(s.repo.WorkTree, filepath.FromSlash(p))); err == nil {
			onDisk = append(onDisk, p)
		}
	}
	if len(onDisk) > 0 {
		out, err := s.git(ctx, nil, append([]string{"ls-files", "-z", "--"}, onDisk...)...)
		if err != nil {
			return nil, err
		}
		tracked := map[string]bool{}
		for _, p := range strings.Split(out, "\x00") {
			tracked[p] = true
		}
		for _, p := range onDisk {
			if !tracked[p] && !slices.Contains(dirty, p) {
				dirty = append(dirty, p)
			}
		}
	}
	return dirty, nil
}

// checkout writes the journal's paths into git's index and the working
// tree as they are in j.To.
func (s *syncer) checkout(ctx context.Context, j journal) error {
	if len(j.Paths) > 0 {
		args := append([]string{"ls-tree", "-r", "-z", "--full-tree", j.To, "--"}, j.Paths...)
		out, err := s.git(ctx, nil, args...)
		if err != nil {
			return err
		}
		present := map[string]bool{}
		var info bytes.Buffer
		for _, e := range strings.Split(strings.TrimRight(out, "\x00"), "\x00") {
			if e == "" {
				continue
			}
			tab := strings.IndexByte(e, '\t')
			meta := strings.Fields(e[:tab])
			path := e[tab+1:]
			present[path] = true
			info.WriteString(meta[0] + " " + meta[2] + "\t" + path + "\x00")
		}
		var gone, write []string
		for _, p := range j.Paths {
			if present[p] {
				write = append(write, p)
			} else {
				gone = append(gone, p)
				info.WriteString("0 0000000000000000000000000000000000000000\t" + p + "\x00")
			}
		}
		if _, err := s.gitRetryIn(ctx, info.Bytes(), "update-index", "-z", "--index-info"); err != nil {
			return fmt.Errorf("update git's index: %w", err)
		}
		if err := s.writeWhole(ctx, write); err != nil {
			return fmt.Errorf("write the working tree: %w", err)
		}
		for _, p := range gone {
			full := filepath.Join(s.repo.WorkTree, filepath.FromSlash(p))
			// Unlink: a committed link the merge deletes goes itself,
			// wherever it points (as git's own checkout removes it).
			if err := vaultfs.New(s.repo.WorkTree).Unlink(full); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			for d := filepath.Dir(full); d != s.repo.WorkTree && strings.HasPrefix(d, s.repo.WorkTree); d = filepath.Dir(d) {
				if vaultfs.New(s.repo.WorkTree).Remove(d) != nil {
					break
				}
			}
		}
		for _, p := range j.Paths {
			if rel, ok := strings.CutPrefix(p, s.prefix); ok {
				s.rep.Paths = append(s.rep.Paths, rel)
			}
			if present[p] && s.isMemoryPath(p) {
				if data, err := os.ReadFile(filepath.Join(s.repo.WorkTree, filepath.FromSlash(p))); err == nil {
					if _, err := doc.Parse(data); err != nil {
						s.rep.Invalid = append(s.rep.Invalid, strings.TrimPrefix(p, s.prefix))
					}
				}
			}
		}
	}
	return nil
}

// writeWhole writes paths into the working tree as git's index has them,
// each file whole or not at all. Git writes a file in place: a kill -9 in
// its write leaves the file torn — the start of a memory, no frontmatter,
// in a person's editor and their next `git add -A` until the next sync
// puts it right (harness, session 17 world 92). Git checks the files out
// into a folder of its own beside them instead (its filters, modes and
// links applied as for the file itself), and each is renamed into place.
// A folder a killed sync left is removed by the next holder of the
// memorizer lock (vault.SettleSyncCheckouts).
func (s *syncer) writeWhole(ctx context.Context, paths []string) error {
	if len(paths) == 0 {
		return nil
	}
	fsys := vaultfs.New(s.repo.WorkTree)
	// MkdirAll refuses a .cortex/ that is a link out of the vault.
	if err := s.l.FS().MkdirAll(s.l.CacheDir(), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(s.l.CacheDir(), vault.SyncCheckoutPrefix)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if _, err := s.gitRetryIn(ctx, []byte(strings.Join(paths, "\x00")+"\x00"), "checkout-index", "-u", "-z", "--stdin", "--prefix="+tmp+string(filepath.Separator)); err != nil {
		return err
	}
	for _, p := range paths {
		rel := filepath.FromSlash(p)
		dst := filepath.Join(s.repo.WorkTree, rel)
		if err := fsys.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		// A folder where the file goes (a path that was a folder of
		// memories on one side): git's own checkout removes it when empty.
		if fi, err := os.Lstat(dst); err == nil && fi.IsDir() {
			if err := fsys.Remove(dst); err != nil {
				return err
			}
		}
		// The folders are checked, not the file: a link the history
		// holds is moved itself, as git writes it (a rename never
		// follows its last component).
		if err := fsys.Check(filepath.Dir(dst)); err != nil {
			return err
		}
		if err := os.Rename(filepath.Join(tmp, rel), dst); err != nil {
			return err
		}
	}
	return nil
}

// removeCheckoutDirs removes the folders writeWhole of a killed sync left
// (taking the memorizer lock did, unless the caller held it already).
func (s *syncer) removeCheckoutDirs() {
	removed, err := vault.SettleSyncCheckouts(s.l)
	if err != nil {
		s.opts.Logger.Warn("sync: "+err.Error(), "vault", s.l.Root)
	}
	for _, p := range removed {
		s.opts.Logger.Warn("sync: removed what a killed sync left", "path", p)
	}
}

// undoCheckout puts back, as HEAD has them, the paths of j that checkout
// wrote and nobody changed since: git's index at j.To, and the file at
// j.To (written), still at j.From (not yet), or torn (the start of j.To's
// blob: the kill came while git wrote it). A path with other content is a
// person's and stays as it is.
func (s *syncer) undoCheckout(ctx context.Context, j journal) error {
	if len(j.Paths) == 0 {
		return nil
	}
	differ := func(args ...string) (map[string]bool, error) {
		args = append(append([]string{"diff", "--no-ext-diff", "--no-renames", "--name-only", "-z"}, args...), "--")
		out, err := s.git(ctx, nil, append(args, j.Paths...)...)
		if err != nil {
			return nil, err
		}
		set := map[string]bool{}
		for _, p := range strings.Split(out, "\x00") {
			if p != "" {
				set[p] = true
			}
		}
		return set, nil
	}
	indexed, err := differ("--cached", j.To)
	if err != nil {
		return err
	}
	notTo, err := differ(j.To)
	if err != nil {
		return err
	}
	notFrom, err := differ(j.From)
	if err != nil {
		return err
	}
	var ours, torn []string
	for _, p := range j.Paths {
		switch {
		case indexed[p]:
		case !notTo[p] || !notFrom[p]:
			ours = append(ours, p)
		default:
			torn = append(torn, p)
		}
	}
	// A file git's checkout-index was writing when the kill came holds
	// the start of j.To's blob (0 bytes, or a part): our write, torn, not
	// a person's edit.
	for _, p := range torn {
		data, err := os.ReadFile(filepath.Join(s.repo.WorkTree, filepath.FromSlash(p)))
		if err != nil {
			continue
		}
		blobs, err := s.blobs(ctx, []string{j.To + ":" + p})
		if err != nil {
			return err
		}
		if len(data) < len(blobs[0]) && bytes.HasPrefix(blobs[0], data) {
			ours = append(ours, p)
		}
	}
	head, err := s.revParse(ctx, "HEAD")
	if err != nil {
		return err
	}
	// Not what this sync brings in: kept out of its report.
	paths, invalid := s.rep.Paths, s.rep.Invalid
	err = s.checkout(ctx, journal{From: j.To, To: head, Paths: ours})
	s.rep.Paths, s.rep.Invalid = paths, invalid
	return err
}

// finishJournal settles a sync a kill -9 interrupted in its advance: when
// the branch was moved, the working tree was written before, and the
// journal is only dropped; otherwise what it wrote is put back as the
// branch has it, and this sync merges again.
func (s *syncer) finishJournal(ctx context.Context) error {
	data, err := os.ReadFile(s.journalPath())
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var j journal
	if err := json.Unmarshal(data, &j); err != nil {
		s.opts.Logger.Warn("sync: unreadable journal dropped", "path", s.journalPath(), "err", err)
		return s.l.FS().Remove(s.journalPath())
	}
	head, err := s.revParse(ctx, "HEAD")
	if err != nil {
		return err
	}
	if head == j.To || s.isAncestor(ctx, j.To, head) {
		return s.removeJournal()
	}
	if joined, err := s.joinCommitted(ctx, j, head); err != nil || joined {
		return err
	}
	s.opts.Logger.Info("sync: putting back what an interrupted sync had written; merging again", "paths", len(j.Paths))
	if err := s.undoCheckout(ctx, j); err != nil {
		return err
	}
	return s.removeJournal()
}

// joinCommitted settles a killed sync whose staged changes a person then
// committed (their `git add -A` and commit): the merge's changes are on the
// branch, but not the merge, so the next one would take the remote's
// changes as made on both sides — and count their reinforcements twice
// (sameChanges, the merge driver). When every path of j holds on head what
// it holds in j.To, head is joined to j.To by a merge commit of head's own
// tree, and the journal dropped. joined is false when it is not so (the
// paths are then put back and merged again).
func (s *syncer) joinCommitted(ctx context.Context, j journal, head string) (joined bool, err error) {
	if len(j.Paths) == 0 || !s.isAncestor(ctx, j.From, head) {
		return false, nil
	}
	args := append([]string{"diff", "--no-ext-diff", "--no-renames", "--name-only", "-z", j.To, head, "--"}, j.Paths...)
	if out, err := s.git(ctx, nil, args...); err != nil || out != "" {
		return false, err
	}
	c, err := s.commitTree(ctx, head+"^{tree}", "sync: join the merge an interrupted sync had staged, committed since", head, j.To)
	if err != nil {
		return false, fmt.Errorf("join an interrupted sync's merge: %w", err)
	}
	branch, err := s.git(ctx, nil, "symbolic-ref", "--quiet", "HEAD")
	if err != nil {
		return false, errors.New("HEAD is detached: check out the vault's branch first (nothing changed)")
	}
	if _, err := s.git(ctx, nil, "update-ref", "-m", "cortex sync: join an interrupted sync's merge",
		strings.TrimSpace(branch), strings.TrimSpace(c), head); err != nil {
		return false, errors.New("the branch moved while an interrupted sync was settled (a commit of the person's?): nothing lost, sync again")
	}
	s.opts.Logger.Info("sync: joined the merge an interrupted sync had staged and a person committed", "commit", strings.TrimSpace(c))
	return true, s.removeJournal()
}

func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

type nopWriter struct{}

func (nopWriter) Write(p []byte) (int, error) { return len(p), nil }
