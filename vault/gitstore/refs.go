package gitstore

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// Refs are moved here with git's own protocol (a "<ref>.lock" created with
// O_EXCL, the old value verified under it, the new value renamed over the
// ref) instead of go-git's CheckAndSetReference: go-git opens the ref file in
// place, flocks it, truncates and rewrites it. git takes no flock, so a git
// process renaming its lock over the ref meanwhile wins silently and the
// daemon's commit is lost, and a git reader can see the ref empty between
// truncate and write. With git's protocol both sides exclude each other.

// errRefMoved means the ref no longer holds the value the commit was built
// on: build again on the new value.
var errRefMoved = errors.New("ref moved")

// headState is what HEAD names: a branch (possibly unborn) or, detached, a
// commit.
type headState struct {
	branch plumbing.ReferenceName // "" when detached
	hash   plumbing.Hash          // zero when the branch is unborn
}

// ref is the ref a commit moves: the branch, or HEAD itself when detached.
func (h headState) ref() plumbing.ReferenceName {
	if h.branch == "" {
		return plumbing.HEAD
	}
	return h.branch
}

// refFile is the file of a ref: HEAD and the per-worktree refs live in the
// worktree's git folder, every other ref in the common one.
func (s *Store) refFile(name plumbing.ReferenceName) string {
	n := string(name)
	if !strings.HasPrefix(n, "refs/") || strings.HasPrefix(n, "refs/worktree/") ||
		strings.HasPrefix(n, "refs/bisect/") || strings.HasPrefix(n, "refs/rewritten/") {
		return filepath.Join(s.gitDir, filepath.FromSlash(n))
	}
	return filepath.Join(s.commonDir, filepath.FromSlash(n))
}

// logFile is the reflog of a ref, placed as refFile places the ref.
func (s *Store) logFile(name plumbing.ReferenceName) string {
	dir := s.commonDir
	if name == plumbing.HEAD {
		dir = s.gitDir
	}
	return filepath.Join(dir, "logs", filepath.FromSlash(string(name)))
}

// HeadHash is the commit HEAD names, read from the ref files alone (no
// object is read, so no pack index is loaded); zero when the branch is
// unborn.
func (s *Store) HeadHash() (plumbing.Hash, error) {
	h, err := s.readHead()
	return h.hash, err
}

// Head is the commit HEAD names in r, read from the ref files alone, as
// Store.HeadHash, without opening a Store: opening settles what killed
// writers left and removes leftover temporary objects (a look into all
// 256 object folders), work for a writer, not for a reader such as
// cortex status. Zero when the branch is unborn.
func (r Repo) Head() (plumbing.Hash, error) {
	s := Store{gitDir: r.GitDir, commonDir: r.CommonDir}
	return s.HeadHash()
}

func (s *Store) readHead() (headState, error) {
	data, err := os.ReadFile(filepath.Join(s.gitDir, "HEAD"))
	if err != nil {
		return headState{}, fmt.Errorf("read HEAD: %w", err)
	}
	line := strings.TrimSpace(string(data))
	if target, ok := strings.CutPrefix(line, "ref:"); ok {
		h := headState{branch: plumbing.ReferenceName(strings.TrimSpace(target))}
		if !strings.HasPrefix(string(h.branch), "refs/") {
			return headState{}, fmt.Errorf("read HEAD: points at %q, not a ref under refs/", h.branch)
		}
		h.hash, _, err = s.readRef(h.branch)
		return h, err
	}
	hash, ok := parseHex(line)
	if !ok {
		return headState{}, fmt.Errorf("read HEAD: malformed content %q", line)
	}
	return headState{hash: hash}, nil
}

// readRef reads a ref from its loose file, else from packed-refs. A missing
// ref is the zero hash and false.
func (s *Store) readRef(name plumbing.ReferenceName) (plumbing.Hash, bool, error) {
	if name == plumbing.HEAD {
		h, err := s.readHead()
		if err != nil {
			return plumbing.ZeroHash, false, err
		}
		return h.hash, !h.hash.IsZero(), nil
	}
	data, err := os.ReadFile(s.refFile(name))
	switch {
	case err == nil:
		line := strings.TrimSpace(string(data))
		if strings.HasPrefix(line, "ref:") {
			return plumbing.ZeroHash, false, fmt.Errorf("read %s: symbolic refs other than HEAD are not supported", name)
		}
		hash, ok := parseHex(line)
		if !ok {
			return plumbing.ZeroHash, false, fmt.Errorf("read %s: malformed content %q", name, line)
		}
		return hash, true, nil
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR), errors.Is(err, syscall.EISDIR):
		return s.readPackedRef(name)
	default:
		return plumbing.ZeroHash, false, fmt.Errorf("read %s: %w", name, err)
	}
}

func (s *Store) readPackedRef(name plumbing.ReferenceName) (plumbing.Hash, bool, error) {
	data, err := os.ReadFile(filepath.Join(s.commonDir, "packed-refs"))
	if errors.Is(err, fs.ErrNotExist) {
		return plumbing.ZeroHash, false, nil
	}
	if err != nil {
		return plumbing.ZeroHash, false, fmt.Errorf("read packed-refs: %w", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' || line[0] == '^' {
			continue
		}
		hexPart, refName, ok := strings.Cut(line, " ")
		if !ok || refName != string(name) {
			continue
		}
		hash, ok := parseHex(hexPart)
		if !ok {
			return plumbing.ZeroHash, false, fmt.Errorf("read packed-refs: malformed line %q", line)
		}
		return hash, true, nil
	}
	return plumbing.ZeroHash, false, sc.Err()
}

func parseHex(s string) (plumbing.Hash, bool) {
	if len(s) != 40 {
		return plumbing.ZeroHash, false
	}
	for _, c := range []byte(s) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return plumbing.ZeroHash, false
		}
	}
	return plumbing.NewHash(s), true
}

// refLog is one reflog line's identity and message.
type refLog struct {
	sig  Signature
	when time.Time
	msg  string
	// follow is published just before the ref, while the ref's lock is
	// held (the index of the commit). `git commit` reads HEAD, then the
	// index, and takes index.lock only after: published the other way
	// round, a person's commit that read HEAD after the branch moved and
	// the index before it followed would commit a stale index, undoing the
	// commit's files. This way a commit that read the old HEAD fails its
	// compare-and-swap on the ref (held, then moved), and one that read
	// the new HEAD reads the new index. A failure to publish it is a
	// *followError: nothing moved.
	follow *lockFile
}

// followError is a refLog.follow that could not be published; the ref did
// not move.
type followError struct{ err error }

func (e *followError) Error() string { return e.err.Error() }
func (e *followError) Unwrap() error { return e.err }

// moveRef moves the ref head names from head.hash (zero: must not exist) to
// to (zero: delete it, which only undoing a first commit does), as a git
// commit does: it holds HEAD.lock (when HEAD is symbolic) and
// the ref's lock, checks that HEAD still names the same branch and the branch
// still holds head.hash, writes the reflogs and renames the lock into place.
// errRefMoved reports that someone else moved either meanwhile.
func (s *Store) moveRef(ctx context.Context, head headState, to plumbing.Hash, log refLog) error {
	pol := lockPolicy{timeout: s.opts.RefLockTimeout, staleAge: s.opts.StaleLockAge, gitRunning: s.gitRunning, ownerDir: s.lockOwners(), settleAll: s.settleAbandonedLocks, quickRelease: true}
	headLock, err := acquireLock(ctx, filepath.Join(s.gitDir, "HEAD"), pol)
	if err != nil {
		return err
	}
	defer headLock.release()
	now, err := s.readHead()
	if err != nil {
		return err
	}
	if now.branch != head.branch || now.hash != head.hash {
		return errRefMoved
	}
	target := headLock
	if head.branch != "" {
		file := s.refFile(head.branch)
		if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
			return fmt.Errorf("create folder of %s: %w", head.branch, err)
		}
		if target, err = acquireLock(ctx, file, pol); err != nil {
			return err
		}
		defer target.release()
		// Read again under the branch's own lock: a writer that locks only
		// the branch (update-ref, fetch, push) may have moved it.
		cur, _, err := s.readRef(head.branch)
		if err != nil {
			return err
		}
		if cur != head.hash {
			return errRefMoved
		}
	}
	if to.IsZero() {
		if head.branch == "" {
			return fmt.Errorf("delete HEAD: refused")
		}
		if err := os.Remove(s.refFile(head.branch)); err != nil {
			return fmt.Errorf("delete %s: %w", head.branch, err)
		}
		return nil
	}
	if err := target.write([]byte(to.String() + "\n")); err != nil {
		return err
	}
	// Should this process die from here on, the next store moves the ref
	// if the index was published, and drops the lock if not.
	target.owner.intend(to.String())
	if err := s.writeRefLogs(head, to, log); err != nil {
		return err
	}
	if log.follow == nil {
		return target.commit()
	}
	if err := log.follow.closeFile(); err != nil {
		return &followError{err}
	}
	if s.beforeIndexCommit != nil {
		s.beforeIndexCommit()
	}
	if err := log.follow.publish(); err != nil {
		return &followError{err}
	}
	if s.beforeRefPublish != nil {
		s.beforeRefPublish()
	}
	err = target.publish()
	log.follow.finish()
	if err != nil {
		return fmt.Errorf("%w (the index already holds the commit's paths: the next commit of them settles it)", err)
	}
	target.finish()
	return nil
}

// writeRefLogs appends the reflog lines git writes for a commit: the
// branch's and HEAD's. core.logAllRefUpdates=false keeps only logs that
// already exist, as git does.
func (s *Store) writeRefLogs(head headState, to plumbing.Hash, log refLog) error {
	cfg := s.readConfig()
	names := []plumbing.ReferenceName{plumbing.HEAD}
	if head.branch != "" {
		names = append([]plumbing.ReferenceName{head.branch}, names...)
	}
	msg := strings.Join(strings.Fields(log.msg), " ")
	line := fmt.Sprintf("%s %s %s <%s> %d %s\t%s\n", head.hash, to,
		log.sig.Name, log.sig.Email, log.when.Unix(), log.when.Format("-0700"), msg)
	for _, name := range names {
		file := s.logFile(name)
		flags := os.O_WRONLY | os.O_APPEND
		if cfg.logAllRefUpdates {
			if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
				return fmt.Errorf("create reflog folder of %s: %w", name, err)
			}
			flags |= os.O_CREATE
		}
		f, err := os.OpenFile(file, flags, 0o666)
		if errors.Is(err, fs.ErrNotExist) && !cfg.logAllRefUpdates {
			continue
		}
		if err != nil {
			return fmt.Errorf("open reflog of %s: %w", name, err)
		}
		// One write: git's readers and writers never see half a line.
		_, err = f.Write([]byte(line))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("write reflog of %s: %w", name, err)
		}
	}
	return nil
}
