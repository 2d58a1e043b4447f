package gitstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	gitconfig "github.com/go-git/go-git/v5/plumbing/format/config"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// The daemon's default commit identity (SPEC §5 step 8).
const (
	DaemonName  = "cortex-daemon"
	DaemonEmail = "daemon@cortex.local"
)

// Signature names the author or the committer of a commit.
type Signature struct {
	Name  string
	Email string
}

// DaemonSignature is the identity of the commits the memorizer makes unless
// the vault configures another.
func DaemonSignature() Signature {
	return Signature{Name: DaemonName, Email: DaemonEmail}
}

func (g Signature) validate() error {
	if strings.TrimSpace(g.Name) == "" || strings.TrimSpace(g.Email) == "" {
		return fmt.Errorf("signature %q <%s>: name and email are required", g.Name, g.Email)
	}
	if strings.ContainsAny(g.Name, "<>\n\x00") || strings.ContainsAny(g.Email, "<>\n\x00 ") {
		return fmt.Errorf("signature %q <%s>: no '<', '>', newline or NUL allowed", g.Name, g.Email)
	}
	return nil
}

// Options tunes a Store. Zero values take the defaults.
type Options struct {
	// Signature is the author and committer of a request that names none
	// (default DaemonSignature).
	Signature Signature
	// Now is the clock for commit and reflog times (default time.Now).
	Now func() time.Time
	// LockTimeout bounds the wait for .git/index.lock, which the git CLI
	// holds for the length of one command (default 10s).
	LockTimeout time.Duration
	// GitQuietWait bounds the wait, before a commit takes index.lock, for
	// no git process to have worked in the repository for GitQuietPeriod
	// (default 1s; negative: no wait). Git does not wait for index.lock: a
	// person's git command that starts while the store holds it fails.
	// Past the wait the lock is taken the instant git releases it
	// (quiet.go).
	GitQuietWait time.Duration
	// GitQuietPeriod is how long no git process must have worked in the
	// repository for a commit to go on (default 50ms: a script's git
	// commands follow each other within milliseconds).
	GitQuietPeriod time.Duration
	// RefLockTimeout bounds the wait for HEAD.lock and the branch's lock
	// (default 2s; git itself waits 100ms).
	RefLockTimeout time.Duration
	// StaleLockAge is the age past which a lock with no git process running
	// is reported as stale (default 10 minutes).
	StaleLockAge time.Duration
	// Attempts is how many times a commit is rebuilt on a branch that
	// another writer moved meanwhile (default 5).
	Attempts int
	// TrailerSearchLimit bounds the commits LastTrailer reads (default
	// 10,000).
	TrailerSearchLimit int
}

func (o Options) withDefaults() Options {
	if o.Signature == (Signature{}) {
		o.Signature = DaemonSignature()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.LockTimeout <= 0 {
		o.LockTimeout = 10 * time.Second
	}
	if o.GitQuietWait == 0 {
		o.GitQuietWait = time.Second
	}
	if o.GitQuietPeriod <= 0 {
		o.GitQuietPeriod = 50 * time.Millisecond
	}
	if o.RefLockTimeout <= 0 {
		o.RefLockTimeout = 2 * time.Second
	}
	if o.StaleLockAge <= 0 {
		o.StaleLockAge = 10 * time.Minute
	}
	if o.Attempts <= 0 {
		o.Attempts = 5
	}
	if o.TrailerSearchLimit <= 0 {
		o.TrailerSearchLimit = 10000
	}
	return o
}

// Store commits sets of vault paths to the git repository that holds the
// vault, one commit per set, beside people using the git CLI on the same
// repository: the commit's tree is HEAD's tree plus or minus exactly those
// paths, only their index entries change, and every write follows git's
// lock protocol (index.lock, the branch's lock) so neither side ever loses
// or corrupts the other's work. The vault may be the repository's root or a
// folder inside it. A Store is safe for concurrent use.
type Store struct {
	mu        sync.Mutex // go-git's Repository is not safe for concurrent use
	repo      *git.Repository
	workTree  string // the repository's working tree
	prefix    string // the vault's folder in the repository: "" or "a/b/"
	gitDir    string // this working tree's git folder (HEAD, index)
	commonDir string // the shared git folder (objects, refs, config)
	opts      Options
	packStamp time.Time      // objects/pack mtime when go-git last indexed it
	committed committedPaths // the latest paths committed, watched for a person's git dropping them
	// index is git's index as this store last read or published it:
	// while the file is unchanged, a Commit reads nothing (at 100,000
	// documents the file is 11 MB) and prepares the next index before it
	// takes index.lock.
	index *indexSnapshot

	trees    treeCache      // trees decoded lately, by hash (getTree)
	lockHeld atomic.Int64   // nanoseconds index.lock was held by this store's commits (LockHeld)
	compact  compactCounter // object bytes written since the last compaction (compact.go)
	gitSeen  time.Time      // when a git process was last seen at work in the repository (quiet.go)
	quietAt  time.Time      // when quiet was last confirmed (quiet.go)
	// aheadClean: when LookAhead last found no git at work (zero once a
	// wait has taken it, or a look has found git since).
	aheadClean time.Time
	// waitedOut: the caller's WaitGitQuiet ran out with git at work; the
	// next commit does not wait again.
	waitedOut bool

	gitRunning        func() (running, known bool) // gitProcessRunning; swapped in tests
	gitRunningHere    func() bool                  // nil: gitRunningIn the repository; swapped in tests
	beforeIndexLock   func()                       // test hook: the next index prepared, before index.lock is taken
	beforeIndexCommit func()                       // test hook: before publishing the index
	beforeRefPublish  func()                       // test hook: between publishing the index and moving the branch
}

// Open opens the repository that holds the vault at vaultRoot (the
// vault itself or any folder above it may hold .git) with default options.
func Open(vaultRoot string) (*Store, error) {
	return OpenWith(vaultRoot, Options{})
}

// objectCacheSize bounds the objects go-git keeps decoded between reads.
// Its default is 96 MB, and a long-lived store (the daemon's) reads at
// every commit the month folder's tree the last one wrote (about 100 KB at
// 20,000 documents), each version a new entry never read again once the
// next commit is made: the cache fills to its bound with them. A commit
// and the checks of its lines read only the few trees on HEAD's paths;
// 4 MB holds them many times over. At 16 MB the stale versions were 21 MB
// of a streamed daemon's 86 MB live heap after four minutes, and the
// collector, working under the daemon's soft memory limit, spent half the
// process's CPU (issue 28).
const objectCacheSize = 4 * cache.MiByte

// withObjectCache opens repo again on the same folders (as go-git's
// PlainOpen found them: a linked worktree's common folder included) with
// an object cache of objectCacheSize.
func withObjectCache(repo *git.Repository, wt *git.Worktree) (*git.Repository, error) {
	st, ok := repo.Storer.(*filesystem.Storage)
	if !ok {
		return repo, nil
	}
	return git.Open(filesystem.NewStorage(st.Filesystem(), cache.NewObjectLRU(objectCacheSize)), wt.Filesystem)
}

// OpenWith is Open with options.
func OpenWith(vaultRoot string, opts Options) (*Store, error) {
	root, err := filepath.Abs(vaultRoot)
	if err == nil {
		root, err = filepath.EvalSymlinks(root)
	}
	if err != nil {
		return nil, fmt.Errorf("open git store %s: %w", vaultRoot, err)
	}
	repo, err := git.PlainOpenWithOptions(root, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if err != nil {
		return nil, fmt.Errorf("open git store %s: %w", vaultRoot, err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		return nil, fmt.Errorf("open git store %s: the repository has no working tree: %w", vaultRoot, err)
	}
	if repo, err = withObjectCache(repo, wt); err != nil {
		return nil, fmt.Errorf("open git store %s: %w", vaultRoot, err)
	}
	s := &Store{repo: repo, workTree: wt.Filesystem.Root(), opts: opts.withDefaults(), gitRunning: gitProcessRunning}
	if s.workTree, err = filepath.EvalSymlinks(s.workTree); err != nil {
		return nil, fmt.Errorf("open git store %s: %w", vaultRoot, err)
	}
	rel, err := filepath.Rel(s.workTree, root)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("open git store %s: vault is outside the working tree %s", vaultRoot, s.workTree)
	}
	if rel != "." {
		s.prefix = filepath.ToSlash(rel) + "/"
	}
	if s.gitDir, s.commonDir, err = findGitDirs(s.workTree); err != nil {
		return nil, fmt.Errorf("open git store %s: %w", vaultRoot, err)
	}
	cfg := s.readConfig()
	if cfg.objectFormat != "" && !strings.EqualFold(cfg.objectFormat, "sha1") {
		return nil, fmt.Errorf("open git store %s: object format %s is not supported (sha1 only)", vaultRoot, cfg.objectFormat)
	}
	s.settleAbandonedLocks()
	// What a killed git of a dead Cortex left (a sync's index.lock) blocks
	// every commit: settled as soon as any command opens the store.
	_, _ = SettleChildren(s.gitRepo())
	// Leftovers are harmless but for their size: a failure to remove them
	// is no reason not to open.
	_, _ = s.RemoveLeftovers()
	return s, nil
}

// SettleChildren settles what git commands of a dead Cortex left in the
// store's repository (the package's SettleChildren): the opening does it
// once, and a long-lived holder of the store — the daemon's memorizer —
// again before each batch, since a git at work when the store opened (a
// person's, a check's) made that one wait, and a Cortex killed beside it
// since (a `cortex sync` killed with its git) leaves its locks to be
// settled (harness, session 19 world 562: a push's remote-tracking ref
// lock, left until the daemon stopped).
func (s *Store) SettleChildren() ([]string, error) {
	return SettleChildren(s.gitRepo())
}

// findGitDirs resolves the git folder of a working tree and the common
// folder it shares objects and refs with.
func findGitDirs(workTree string) (gitDir, commonDir string, err error) {
	r, err := RepoAt(workTree)
	if err != nil {
		return "", "", err
	}
	return r.GitDir, r.CommonDir, nil
}

// Prefix is the vault's folder inside the repository, slash-separated with a
// trailing slash, or "" when the vault is the repository's root.
func (s *Store) Prefix() string { return s.prefix }

// WorkTree is the repository's working tree.
func (s *Store) WorkTree() string { return s.workTree }

// GitDir is the working tree's git folder (where HEAD and the index are).
func (s *Store) GitDir() string { return s.gitDir }

// gitConfig holds the few repository settings the store honours.
type gitConfig struct {
	fileMode         bool
	logAllRefUpdates bool
	indexVersion     uint32
	objectFormat     string
	gcAuto           int // gc.auto (6,700)
	gcAutoPackLimit  int // gc.autoPackLimit (50)
}

// readConfig reads the repository's own config file. An unreadable file
// gives git's defaults, as the settings only refine what is written.
func (s *Store) readConfig() gitConfig {
	c := gitConfig{fileMode: true, logAllRefUpdates: true, gcAuto: 6700, gcAutoPackLimit: 50}
	f, err := os.Open(filepath.Join(s.commonDir, "config"))
	if err != nil {
		return c
	}
	defer f.Close()
	raw := gitconfig.New()
	if err := gitconfig.NewDecoder(f).Decode(raw); err != nil {
		return c
	}
	get := func(section, key string) (string, bool) {
		var v string
		var found bool
		for _, sec := range raw.Sections {
			if !sec.IsName(section) {
				continue
			}
			for _, o := range sec.Options {
				if o.IsKey(key) {
					v, found = o.Value, true
				}
			}
		}
		return v, found
	}
	if v, ok := get("core", "filemode"); ok {
		c.fileMode = gitBool(v, true)
	}
	if v, ok := get("core", "logallrefupdates"); ok {
		c.logAllRefUpdates = strings.EqualFold(v, "always") || gitBool(v, true)
	}
	if v, ok := get("core", "bare"); ok && gitBool(v, false) {
		c.logAllRefUpdates = false
	}
	if v, ok := get("index", "version"); ok {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n >= 2 && n <= 4 {
			c.indexVersion = uint32(n)
		}
	}
	c.objectFormat, _ = get("extensions", "objectformat")
	for key, to := range map[string]*int{"auto": &c.gcAuto, "autopacklimit": &c.gcAutoPackLimit} {
		if v, ok := get("gc", key); ok {
			if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				*to = n
			}
		}
	}
	return c
}

func gitBool(v string, def bool) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "true", "yes", "on", "1":
		return true
	case "false", "no", "off", "0":
		return false
	}
	return def
}

// refreshPacks makes go-git look at objects/pack again when it changed: it
// indexes the packs once and would not see a pack written later (by us, or
// by a person's `git gc`, which also deletes the loose objects it packed).
func (s *Store) refreshPacks(force bool) {
	fi, err := os.Stat(filepath.Join(s.commonDir, "objects", "pack"))
	if err != nil {
		return
	}
	if !force && fi.ModTime().Equal(s.packStamp) {
		return
	}
	s.packStamp = fi.ModTime()
	if r, ok := s.repo.Storer.(interface{ Reindex() }); ok {
		r.Reindex()
	}
}

// hasObject reports a loose object that need not be written again, and
// freshens its mtime as git does (freshen_loose_object): `git gc` prunes
// only unreachable objects older than gc.pruneExpire, so an old unreachable
// object that a new commit is about to reference must look new. A packed
// object is written again as a loose one instead, which freshens it the same
// way; that is rare (identical content reappearing) and costs one object.
func (s *Store) hasObject(h plumbing.Hash) bool {
	hex := h.String()
	p := filepath.Join(s.objectsDir(), hex[:2], hex[2:])
	if _, err := os.Stat(p); err != nil {
		return false
	}
	now := time.Now()
	return os.Chtimes(p, now, now) == nil
}

// ErrNothingToCommit is returned by Commit when the paths leave HEAD's tree
// unchanged and the request does not allow an empty commit. The index
// entries of the paths are refreshed all the same.
var ErrNothingToCommit = errors.New("nothing to commit")

// ErrDetachedHead is returned by Commit when HEAD names a commit rather than
// a branch, as during a rebase or a bisect: a commit made there would leave
// the branch when the person's operation ends (and its files would leave
// the working tree with it), so the store waits for HEAD to be on a branch.
var ErrDetachedHead = errors.New("HEAD is detached (a rebase or bisect in progress?); commits go on a branch only")

// ErrPersonsOperation is returned by Commit while a person's rebase is in
// progress (PersonsOperation). Between two of its steps HEAD is detached
// (ErrDetachedHead), but not in its last one, the autostash's apply: a
// commit there, or the index.lock it takes, fails that step and leaves the
// rebase half done (harness, session 13 world 53). The store waits for it
// to end, as for a detached HEAD.
var ErrPersonsOperation = errors.New("a git operation is in progress")

// CommitRequest is one commit of a set of vault paths.
type CommitRequest struct {
	// Paths are vault-relative and slash-separated. Each names a file
	// already in place in the working tree; a path whose file is missing is
	// deleted from the commit.
	Paths []string
	// Removed are paths deleted from the commit whatever the working tree
	// holds at them: a writer that removes their files meanwhile (the
	// sleep cycle's moves) need not wait for that to commit. A path may not
	// be both in Paths and in Removed.
	Removed []string
	// BeforeLock, when set, is waited for before index.lock is taken,
	// after the blobs are written and the commit prepared: a writer
	// removing Removed's files finishes meanwhile, so that the commit is
	// published with those files gone. Its error ends the commit.
	BeforeLock func() error
	// Written, when set, holds the bytes the caller has just written at
	// some of Paths, with the mtime it gave them: such a path's blob is
	// taken from them, not read from the file, while the file's size and
	// mtime (to the nanosecond) are still those; otherwise it is read as
	// any other path. A writer of thousands of files (the sleep cycle's
	// run) is spared reading them all back.
	Written map[string]WrittenFile
	// KeepWritten commits Written's bytes at their paths even when the
	// file no longer has the size and mtime it was written with (or is
	// gone): someone else — a person's editor, their git — changed it
	// after the caller wrote it, and that change is theirs. It stays in
	// the working tree, uncommitted; the path's index entry gets no stat
	// data, so git compares the file with it and shows the change. (Read
	// instead, the file would put the person's change in the caller's
	// commit: SPEC §11.)
	KeepWritten bool
	// Blobs are blobs the caller had written ahead (WriteBlobs): the
	// commit takes them for written, as it takes objects already in the
	// repository.
	Blobs *Blobs
	// Message is the commit message. Trailers (FormatTrailers) end it.
	Message string
	// Author and Committer default to the store's signature; a zero
	// Committer is the Author.
	Author, Committer Signature
	// When is the commit's time (default: the store's clock).
	When time.Time
	// AllowEmpty makes a commit even when the tree does not change.
	AllowEmpty bool
}

// Blobs are blobs written ahead of the commit that names them
// (WriteBlobs, CommitRequest.Blobs).
type Blobs struct {
	ids map[plumbing.Hash]bool
	// packed are the blobs WriteBlobs wrote into the pack pack (its path
	// without .pack or .idx; "" when it wrote loose objects).
	packed map[plumbing.Hash]bool
	pack   string
}

// packThere reports whether the pack WriteBlobs wrote is still in the
// repository, and so every blob it holds: a person's `git repack -a -d`
// or `git gc` that dropped unreachable objects meanwhile removed it.
func (b *Blobs) packThere() bool {
	if b.pack == "" {
		return false
	}
	for _, ext := range []string{".pack", ".idx"} {
		if fi, err := os.Lstat(b.pack + ext); err != nil || !fi.Mode().IsRegular() {
			return false
		}
	}
	return true
}

// WriteBlobs writes data as blobs, durably — one pack when there are many,
// as Commit writes them — ahead of the commit that will name them, so that
// their hashing and compression run while the caller does something else
// (the sleep cycle writes its files meanwhile) and the commit, given them
// in CommitRequest.Blobs, only builds trees. A blob that no commit names
// in the end (the caller's commit failed, a crash) is harmless: git's gc
// prunes unreachable objects.
//
// The store's lock is not held while they are written (objects are
// content-addressed files, each written under a temporary name): the
// caller's other calls meanwhile (HasBlobs, for a manifest) do not wait.
func (s *Store) WriteBlobs(data [][]byte) (*Blobs, error) {
	objs := s.newObjects(len(data))
	b := &Blobs{ids: make(map[plumbing.Hash]bool, len(data))}
	for _, d := range data {
		h, err := objs.add(plumbing.BlobObject, d)
		if err != nil {
			objs.abort()
			return nil, fmt.Errorf("git: write blobs: %w", err)
		}
		b.ids[h] = true
	}
	if err := objs.finish(); err != nil {
		objs.abort()
		return nil, fmt.Errorf("git: write blobs: %w", err)
	}
	if objs.pack != nil {
		s.mu.Lock()
		s.refreshPacks(true)
		s.mu.Unlock()
		b.pack = objs.pack.name
		b.packed = make(map[plumbing.Hash]bool, len(objs.inPack))
		for _, h := range objs.inPack {
			b.packed[h] = true
		}
	}
	return b, nil
}

// WrittenFile is a file a committer has just written (CommitRequest.Written).
type WrittenFile struct {
	Data    []byte
	ModTime time.Time
	// Mode is the permission the file was written with (0: 0644); it is
	// the committed mode when the file is not read (KeepWritten).
	Mode fs.FileMode
}

// change is one path's new state in the commit.
type change struct {
	path   string // repository-relative
	remove bool
	mode   uint32 // git mode: 0o100644 or 0o100755
	hash   plumbing.Hash
	entry  indexEntry // stat data for the index
}

// Commit makes one commit of the request's paths on the branch HEAD names
// (created when unborn) and returns its hash. The commit's tree is HEAD's
// tree with exactly these paths added, changed or removed; the index entries
// of these paths (and only these) are updated so `git status` shows them
// clean, leaving whatever a person has staged staged and out of the commit.
//
// Concurrency with the git CLI follows git's protocol: .git/index.lock is
// held from reading HEAD to writing the index, so a person's `git commit`
// runs entirely before or after; the branch is moved under its own lock with
// a compare-and-swap, and rebuilt on the new HEAD when another writer moved
// it. A held index.lock is waited for (LockTimeout), then reported as a
// *LockError. (git reads HEAD and the index before it takes index.lock, so
// a person's `git commit` racing with this one may fail its own
// compare-and-swap with "cannot lock ref 'HEAD'", exactly as when two git
// commits race; but it has already written back the index it read, without
// this commit's paths, and running it again undoes them. So each Commit
// also commits again, as they are on disk, the store's latest paths
// (recentPathsCap) whose file is unchanged since the store committed it
// but whose index entry no longer matches: a Commit without paths does
// only that. The cost: a person who unstages such a path and keeps its
// file, `git rm --cached`, sees it staged and committed again.)
//
// Commit is also the bulk path: a request of many paths (a first import, a
// generated benchmark vault) writes its objects as one pack rather than as
// loose objects, 100,000 files in one call.
func (s *Store) Commit(ctx context.Context, req CommitRequest) (plumbing.Hash, error) {
	paths, err := cleanPaths(append(slices.Clip(req.Paths), req.Removed...))
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
	}
	var removed map[string]bool
	if len(req.Removed) > 0 {
		removed = make(map[string]bool, len(req.Removed))
		for _, p := range req.Removed {
			removed[p] = true
		}
		for _, p := range req.Paths {
			if removed[p] {
				return plumbing.ZeroHash, fmt.Errorf("git commit: path %s: both written and removed", p)
			}
		}
	}
	if strings.TrimSpace(req.Message) == "" {
		return plumbing.ZeroHash, errors.New("git commit: empty commit message")
	}
	author := req.Author
	if author == (Signature{}) {
		author = s.opts.Signature
	}
	committer := req.Committer
	if committer == (Signature{}) {
		committer = author
	}
	for _, sig := range []Signature{author, committer} {
		if err := sig.validate(); err != nil {
			return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
		}
	}
	when := req.When
	if when.IsZero() {
		when = s.opts.Now()
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	requested := make(map[string]bool, len(paths))
	for _, p := range paths {
		requested[s.prefix+p] = true
	}
	watched := s.committed.unchangedOnDisk(s.workTree, requested)
	cfg := s.readConfig()
	if len(paths) == 0 && !req.AllowEmpty && !s.mayHaveDropped(cfg, watched) {
		head, err := s.readHead()
		if err != nil {
			return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
		}
		return head.hash, ErrNothingToCommit
	}
	s.refreshPacks(false)

	// Blobs first, outside the index lock: they are content-addressed, so
	// writing them early is harmless and keeps the lock short.
	blobs := s.newObjects(len(paths))
	if req.Blobs != nil {
		// A blob written ahead is taken for written while the repository
		// still has it: an unreachable object a person's `git repack -a
		// -d` dropped meanwhile is written again.
		// The blobs of the pack written ahead are there while the pack
		// is: one look at its files rather than a lookup a blob (a tenth
		// of a second of the sleep's commit at 5,000 blobs).
		has, packThere := blobs.exists, sync.OnceValue(req.Blobs.packThere)
		blobs.exists = func(h plumbing.Hash) bool {
			if req.Blobs.packed[h] && packThere() {
				return true
			}
			return req.Blobs.ids[h] && s.repo.Storer.HasEncodedObject(h) == nil || has(h)
		}
	}
	changes, err := s.readChanges(ctx, paths, removed, req.Written, req.KeepWritten, blobs)
	if err == nil {
		err = blobs.finish()
	}
	if err != nil {
		blobs.abort()
		return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
	}
	if blobs.pack != nil {
		s.refreshPacks(true)
	}

	// The index too, as far as it can be before the lock: the file as read
	// (or as this store published it, unchanged since), the paths a
	// person's git dropped from it (see committedPaths) added, the new
	// content encoded. That repair must never cost the request its
	// commit: paths that can no longer be read as committed (now beyond
	// a symbolic link, replaced meanwhile) are given up.
	requestedChanges := changes
	var (
		snap *indexSnapshot
		pre  *precommit
		next *gitIndex
		data []byte
	)
	// indexOn prepares the next index on the index file as it is, with the
	// paths base and those a person's git dropped from it.
	indexOn := func(base []change) error {
		var err error
		if snap, err = s.loadIndex(cfg); err != nil {
			return err
		}
		if changes, err = s.addDropped(ctx, snap.idx, watched, base); err != nil {
			return err
		}
		if len(changes) == 0 && !req.AllowEmpty {
			return ErrNothingToCommit
		}
		s.index = nil // the snapshot becomes the next index
		next = snap.idx
		data = s.prepareIndex(next, snap.mtime, changes, cfg)
		return nil
	}
	prepare := func() error {
		if err := indexOn(requestedChanges); err != nil {
			return err
		}
		// The trees and the commit too, built on HEAD as it is now:
		// objects nobody refers to yet, each written and synced, which
		// is most of a commit's time. Under the lock they are used as
		// they are when HEAD has not moved meanwhile and nothing was
		// added to the commit, and built again otherwise. (Without
		// core.fileMode the modes come from the index, which may change
		// until the lock is taken: nothing is built ahead then.)
		pre = nil
		if cfg.fileMode {
			pre = s.buildAhead(changes, req.Message, author, committer, when, req.AllowEmpty)
		}
		return nil
	}
	nothing := func() (plumbing.Hash, error) {
		head, err := s.readHead()
		if err != nil {
			return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
		}
		return head.hash, ErrNothingToCommit
	}
	if err := prepare(); errors.Is(err, ErrNothingToCommit) {
		return nothing()
	} else if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
	}
	// Wait for git to be quiet (quiet.go); a person's git that wrote the
	// index or moved HEAD meanwhile has the commit prepared again, so that
	// the lock is held only to put it in place.
	busy := s.waitGitQuiet(ctx)
	for try := 0; !busy && try < 3 && s.preparedIsStale(snap, pre); try++ {
		if err := prepare(); errors.Is(err, ErrNothingToCommit) {
			return nothing()
		} else if err != nil {
			return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
		}
		busy = s.waitGitQuiet(ctx)
	}

	// index.lock is born holding the new index, written and synced while
	// git sees no lock (lockPolicy.fill): from here to the branch's move, git
	// meets the lock. Git itself does not sync the index by default
	// (core.fsync's default is packs and their metadata); here the sync
	// costs the lock nothing, keeps the index as durable as the branch it
	// goes with, and spares the rename that publishes it (and releases the
	// lock) ext4's flush of a file replaced unsynced (auto_da_alloc).
	pol := lockPolicy{timeout: s.opts.LockTimeout, staleAge: s.opts.StaleLockAge, gitRunning: s.gitRunning, ownerDir: s.lockOwners(), settleAll: s.settleAbandonedLocks,
		fill: data, ready: func() {
			s.lastLook(ctx, busy, func() *precommit { return pre }, func() {
				pre = s.buildAhead(changes, req.Message, author, committer, when, req.AllowEmpty)
			})
		}}
	if req.BeforeLock != nil {
		if err := req.BeforeLock(); err != nil {
			return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
		}
	}
	if s.beforeIndexLock != nil {
		s.beforeIndexLock()
	}
	if op := s.PersonsOperation(); op != "" {
		return plumbing.ZeroHash, fmt.Errorf("git commit: %w (a %s)", ErrPersonsOperation, op)
	}
	lock, err := acquireLock(ctx, s.indexFile(), pol)
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
	}
	locked := time.Now()
	defer func() { s.lockHeld.Add(int64(lock.gone.Sub(locked))) }()
	defer lock.release()

	// A person's git may have written the index since it was read: then
	// all of it again, on that index, under the lock (the new index written
	// unsynced there, as git writes it).
	if fi, err := statIndex(s.indexFile()); err != nil || !sameIndexFile(fi, snap.stat) {
		had := len(changes)
		if err := indexOn(changes); err != nil {
			return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
		}
		if len(changes) != had {
			pre = nil
		}
		if err := lock.replace(data); err != nil {
			return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
		}
	}
	// The new index is ready (in index.lock) before the branch moves: once
	// the commit is visible, the index must follow, or a person's next
	// commit would be built from an index without our paths and undo them.
	// The lock file becomes the index by a rename: the same file, so a
	// later writer's index (always a new file) is told from it.
	published, _ := os.Stat(lock.path)

	var head headState
	var commit plumbing.Hash
	for attempt := 1; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
		}
		head, err = s.readHead()
		if err != nil {
			return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
		}
		if head.branch == "" {
			return plumbing.ZeroHash, fmt.Errorf("git commit: %w", ErrDetachedHead)
		}
		var unchanged bool
		if pre != nil && pre.head == head {
			commit, unchanged = pre.commit, pre.unchanged
		} else if commit, unchanged, err = s.writeCommit(head, changes, req.Message, author, committer, when, req.AllowEmpty); err != nil {
			return plumbing.ZeroHash, fmt.Errorf("git commit: %w", err)
		}
		pre = nil
		if unchanged {
			if err := lock.commit(); err != nil {
				return plumbing.ZeroHash, fmt.Errorf("git commit: update index: %w", err)
			}
			s.committed.remember(changes)
			s.keepIndex(published, next)
			return head.hash, ErrNothingToCommit
		}
		err = s.moveRef(ctx, head, commit, refLog{sig: committer, when: when, msg: reflogMessage(head, req.Message), follow: lock})
		if err == nil {
			break
		}
		var fe *followError
		if errors.As(err, &fe) {
			// The index could not be published: the branch did not
			// move, the paths stay uncommitted.
			return plumbing.ZeroHash, fmt.Errorf("git commit: update index: %w", fe.err)
		}
		if !errors.Is(err, errRefMoved) {
			return plumbing.ZeroHash, fmt.Errorf("git commit: move %s: %w", head.ref(), err)
		}
		if attempt >= s.opts.Attempts {
			return plumbing.ZeroHash, fmt.Errorf("git commit: %s kept moving under another writer (%d attempts); try again", head.ref(), attempt)
		}
	}
	s.committed.remember(changes)
	s.keepIndex(published, next)
	return commit, nil
}

// LockHeld is how long, in all, this store's commits have held git's
// index.lock (which a person's git command fails on) since it was opened:
// the daemon spaces its commits by it.
func (s *Store) LockHeld() time.Duration { return time.Duration(s.lockHeld.Load()) }

// precommit is a commit built ahead of the index lock on head.
type precommit struct {
	head      headState
	commit    plumbing.Hash
	unchanged bool
}

// buildAhead builds the commit of changes on HEAD as it is, before the
// index lock is taken; nil when it cannot (a detached HEAD, an error: the
// commit is then built under the lock, where the error is reported).
func (s *Store) buildAhead(changes []change, message string, author, committer Signature, when time.Time, allowEmpty bool) *precommit {
	head, err := s.readHead()
	if err != nil || head.branch == "" {
		return nil
	}
	commit, unchanged, err := s.writeCommit(head, changes, message, author, committer, when, allowEmpty)
	if err != nil {
		return nil
	}
	return &precommit{head: head, commit: commit, unchanged: unchanged}
}

// mayHaveDropped is the cheap look of a Commit without paths: whether the
// index may have lost a watched path. No lock is taken (a person's git must
// not meet an index.lock every time the daemon looks), and the index is
// read only when it changed since the store last read or published it; a
// Commit that goes on takes the lock and looks again.
func (s *Store) mayHaveDropped(cfg gitConfig, watched []change) bool {
	if len(watched) == 0 {
		return false
	}
	snap, err := s.loadIndex(cfg)
	if err != nil {
		return true
	}
	return len(droppedFromIndex(snap.idx, watched)) > 0
}

// addDropped adds to changes (sorted by path) the watched paths idx lost
// and changes do not hold yet, read from the working tree; a path that
// cannot be read as committed is given up (forgotten), the request keeps
// its commit.
func (s *Store) addDropped(ctx context.Context, idx *gitIndex, watched, changes []change) ([]change, error) {
	var lost []string
	for _, p := range droppedFromIndex(idx, watched) {
		if _, found := slices.BinarySearchFunc(changes, p, func(c change, p string) int { return strings.Compare(c.path, p) }); !found {
			lost = append(lost, p)
		}
	}
	if len(lost) == 0 {
		return changes, nil
	}
	all, err := s.readMoreChanges(ctx, changes, lost)
	switch {
	case err == nil:
		// What is read now must be what the store committed. The look at
		// the files' stat data that made them watched came before the
		// wait for git to be quiet, and a person may have written one
		// since and staged it: its index entry then reads as dropped, and
		// committing the file as it is would commit the person's work
		// (harness, session 15 world 175).
		was := make(map[string]change, len(watched))
		for _, c := range watched {
			was[c.path] = c
		}
		isLost := make(map[string]bool, len(lost))
		for _, p := range lost {
			isLost[p] = true
		}
		return slices.DeleteFunc(all, func(c change) bool {
			w := was[c.path]
			if !isLost[c.path] || c.remove == w.remove && (c.remove || c.hash == w.hash) {
				return false
			}
			s.committed.forget(c.path)
			return true
		}), nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	}
	for _, p := range lost {
		s.committed.forget(p)
	}
	return changes, nil
}

// readMoreChanges reads the repository-relative paths more (not among
// changes) from the working tree and returns all the changes sorted by
// path, as readChanges returns them.
func (s *Store) readMoreChanges(ctx context.Context, changes []change, more []string) ([]change, error) {
	rel := make([]string, len(more))
	for i, p := range more {
		rel[i] = strings.TrimPrefix(p, s.prefix)
	}
	blobs := s.newObjects(len(rel))
	extra, err := s.readChanges(ctx, rel, nil, nil, false, blobs)
	if err == nil {
		err = blobs.finish()
	}
	if err != nil {
		blobs.abort()
		return nil, err
	}
	if blobs.pack != nil {
		s.refreshPacks(true)
	}
	all := append(slices.Clone(changes), extra...)
	slices.SortFunc(all, func(a, b change) int { return strings.Compare(a.path, b.path) })
	return all, nil
}

func reflogMessage(head headState, message string) string {
	subject, _, _ := strings.Cut(strings.TrimSpace(message), "\n")
	if head.hash.IsZero() {
		return "commit (initial): " + subject
	}
	return "commit: " + subject
}

func (s *Store) objectsDir() string { return filepath.Join(s.commonDir, "objects") }

// PersonsOperation names the person's git operation in progress that
// Cortex's writers wait for, "" when there is none: a rebase, which owns
// the working tree and the index from its start to its end. A merge,
// cherry-pick or revert stopped on a conflict keeps HEAD on the branch,
// and what Cortex commits meanwhile the person's concluding commit keeps
// (TestIndexCommitKeepsEverythingElse): the memory goes on being written.
func (s *Store) PersonsOperation() string {
	if op := s.gitRepo().OperationInProgress(); op == "rebase" {
		return op
	}
	return ""
}

// gitRepo is the store's repository as the package's functions take it.
func (s *Store) gitRepo() Repo {
	return Repo{WorkTree: s.workTree, GitDir: s.gitDir, CommonDir: s.commonDir}
}

func (s *Store) indexFile() string { return filepath.Join(s.gitDir, "index") }

// cleanPaths validates vault-relative paths and returns them sorted and
// unique.
func cleanPaths(paths []string) ([]string, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	seen := make(map[string]bool, len(paths))
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if err := checkVaultPath(p); err != nil {
			return nil, err
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, p := range out {
		for i := strings.IndexByte(p, '/'); i >= 0; i = nextSlash(p, i) {
			if seen[p[:i]] {
				return nil, fmt.Errorf("path %s: %s is also named as a file", p, p[:i])
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

func checkVaultPath(p string) error {
	if p == "" {
		return errors.New("empty path")
	}
	if strings.ContainsAny(p, "\\\x00") || strings.HasPrefix(p, "/") {
		return fmt.Errorf("path %q: want a vault-relative, slash-separated path", p)
	}
	for _, part := range strings.Split(p, "/") {
		switch {
		case part == "" || part == "." || part == "..":
			return fmt.Errorf("path %q: empty, '.' or '..' element", p)
		case strings.EqualFold(part, ".git"):
			return fmt.Errorf("path %q: a .git element cannot be committed", p)
		}
	}
	return nil
}

// readChanges reads each path from the working tree: its blob goes into the
// batch and its stat data into the index entry. The stat data comes from the
// open file before it is read, as git does: if the file changes meanwhile,
// its new mtime makes git see it as modified, never wrongly clean. A path
// of written whose file still has the size and mtime it was written with
// is not read: its bytes are those. With keep, a path of written whose
// file has changed since (or is gone) is not read either: its bytes are
// still those, with no stat data (keptChange).
func (s *Store) readChanges(ctx context.Context, paths []string, removed map[string]bool, written map[string]WrittenFile, keep bool, objs *objectBatch) ([]change, error) {
	changes := make([]change, 0, len(paths))
	dirOK := make(map[string]error)
	var data []byte
	for i, p := range paths {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		c := change{path: s.prefix + p}
		if removed[p] {
			c.remove = true
			changes = append(changes, c)
			continue
		}
		w, isWritten := written[p]
		if isWritten && keep && !s.stillWritten(c.path, w) {
			if err := keptChange(&c, w, objs); err != nil {
				return nil, err
			}
			changes = append(changes, c)
			continue
		}
		if err := s.checkParents(c.path, dirOK); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				c.remove = true
				changes = append(changes, c)
				continue
			}
			return nil, err
		}
		full := filepath.Join(s.workTree, filepath.FromSlash(c.path))
		lfi, err := os.Lstat(full)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
				c.remove = true
				changes = append(changes, c)
				continue
			}
			return nil, fmt.Errorf("read %s: %w", p, err)
		}
		switch {
		case lfi.Mode()&fs.ModeSymlink != 0:
			return nil, fmt.Errorf("read %s: is a symbolic link; only regular files are committed", p)
		case !lfi.Mode().IsRegular():
			return nil, fmt.Errorf("read %s: not a regular file (%s)", p, lfi.Mode().Type())
		}
		if isWritten && lfi.Size() == int64(len(w.Data)) && lfi.ModTime().Equal(w.ModTime) {
			c.mode = fileMode(lfi)
			fillStat(&c.entry, lfi)
			if c.hash, err = objs.add(plumbing.BlobObject, w.Data); err != nil {
				return nil, err
			}
			changes = append(changes, c)
			continue
		}
		f, err := os.Open(full)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", p, err)
		}
		fi, err := f.Stat()
		if err == nil && !os.SameFile(lfi, fi) {
			err = errors.New("replaced while being read; try again")
		}
		if err == nil {
			data, err = readAllInto(data[:0], f, fi.Size())
		}
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", p, err)
		}
		c.mode = fileMode(fi)
		fillStat(&c.entry, fi)
		if c.hash, err = objs.add(plumbing.BlobObject, data); err != nil {
			return nil, err
		}
		changes = append(changes, c)
	}
	return changes, nil
}

// stillWritten says whether the working tree's file at rel (repository-
// relative) is the regular file w describes: its size and mtime, to the
// nanosecond, those it was written with.
func (s *Store) stillWritten(rel string, w WrittenFile) bool {
	fi, err := os.Lstat(filepath.Join(s.workTree, filepath.FromSlash(rel)))
	return err == nil && fi.Mode().IsRegular() && fi.Size() == int64(len(w.Data)) && fi.ModTime().Equal(w.ModTime)
}

// keptChange makes c the commit of w's bytes at a path whose file has
// changed since they were written (CommitRequest.KeepWritten). The index
// entry keeps no stat data, as git's own smudged racy entries, so that
// git reads the file and finds the change: it would take the file for
// clean at these bytes if the entry held the file's stat.
func keptChange(c *change, w WrittenFile, objs *objectBatch) error {
	c.mode = 0o100644
	if w.Mode&0o100 != 0 {
		c.mode = 0o100755
	}
	c.entry = indexEntry{}
	var err error
	c.hash, err = objs.add(plumbing.BlobObject, w.Data)
	return err
}

// fileMode is the git mode of a regular file.
func fileMode(fi fs.FileInfo) uint32 {
	if fi.Mode()&0o100 != 0 {
		return 0o100755
	}
	return 0o100644
}

// readAllInto reads r to its end into buf (reused from file to file).
func readAllInto(buf []byte, r io.Reader, size int64) ([]byte, error) {
	if int64(cap(buf)) < size+1 {
		buf = make([]byte, 0, size+512)
	}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// checkParents refuses a path under a symbolic link or a non-folder, as git
// does ("beyond a symbolic link"); fs.ErrNotExist means a parent is missing.
func (s *Store) checkParents(path string, cache map[string]error) error {
	for i := strings.IndexByte(path, '/'); i >= 0; i = nextSlash(path, i) {
		dir := path[:i]
		err, done := cache[dir]
		if !done {
			fi, lerr := os.Lstat(filepath.Join(s.workTree, filepath.FromSlash(dir)))
			switch {
			case lerr != nil && (errors.Is(lerr, fs.ErrNotExist) || errors.Is(lerr, syscall.ENOTDIR)):
				err = fs.ErrNotExist
			case lerr != nil:
				err = fmt.Errorf("read %s: %w", dir, lerr)
			case fi.Mode()&fs.ModeSymlink != 0:
				err = fmt.Errorf("path %s is beyond a symbolic link (%s)", path, dir)
			case !fi.IsDir():
				err = fs.ErrNotExist
			}
			cache[dir] = err
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// indexSnapshot is git's index file as read (or written) at one time.
type indexSnapshot struct {
	stat  fs.FileInfo // nil: there is no index file
	idx   *gitIndex
	mtime uint32 // the file's mtime, which racily clean entries are judged by
}

// statIndex stats the index file; nil (no error) when there is none.
func statIndex(path string) (fs.FileInfo, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return fi, err
}

// sameIndexFile tells whether two stats of the index are of the same,
// unchanged file. Git and this store replace the index by renaming a new
// file over it, so a new index is a new inode; the size and the mtime (to
// the nanosecond) catch a file rewritten in place. (Not the ctime: the
// rename that publishes a file moves it.)
func sameIndexFile(a, b fs.FileInfo) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// loadIndex returns the index as it is: the snapshot the store keeps when
// the file is still that one, else the file read and decoded (and kept).
// The index is replaced only whole, by a rename, so it can be read without
// index.lock; Commit checks under the lock that it is still the same file.
func (s *Store) loadIndex(cfg gitConfig) (*indexSnapshot, error) {
	fi, err := statIndex(s.indexFile())
	if err != nil {
		return nil, fmt.Errorf("read index: %w", err)
	}
	if s.index != nil && sameIndexFile(fi, s.index.stat) {
		return s.index, nil
	}
	s.index = nil
	snap, err := s.readIndex(cfg)
	if err != nil {
		return nil, err
	}
	s.index = snap
	return snap, nil
}

// readIndex reads and decodes the index file, its stat taken from the very
// file read.
func (s *Store) readIndex(cfg gitConfig) (*indexSnapshot, error) {
	snap := &indexSnapshot{}
	var data []byte
	f, err := os.Open(s.indexFile())
	switch {
	case err == nil:
		defer f.Close()
		fi, err := f.Stat()
		if err == nil {
			data, err = readAllInto(nil, f, fi.Size())
		}
		if err != nil {
			return nil, fmt.Errorf("read index: %w", err)
		}
		snap.stat, snap.mtime = fi, indexMtime(fi)
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("read index: %w", err)
	}
	idx, err := parseIndex(data)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", s.indexFile(), err)
	}
	if data == nil && cfg.indexVersion != 0 {
		idx.version = cfg.indexVersion
	}
	snap.idx = idx
	return snap, nil
}

// indexMtime is a file's mtime in the index's own terms.
func indexMtime(fi fs.FileInfo) uint32 {
	var e indexEntry
	fillStat(&e, fi)
	return e.mtimeSec
}

// keepIndex remembers the index this store published (stat taken before
// the rename) as the snapshot of the next Commit.
func (s *Store) keepIndex(published fs.FileInfo, idx *gitIndex) {
	s.index = nil
	if published != nil {
		s.index = &indexSnapshot{stat: published, idx: idx, mtime: indexMtime(published)}
	}
}

// prepareIndex applies the changes to idx (changing it) and returns the
// new index file's content.
func (s *Store) prepareIndex(idx *gitIndex, mtime uint32, changes []change, cfg gitConfig) []byte {
	if !cfg.fileMode {
		// Without a trustworthy executable bit, git keeps the mode the index
		// already has.
		byName := make(map[string]uint32)
		for i := range idx.entries {
			if e := &idx.entries[i]; e.stage() == 0 && e.mode&0o170000 == 0o100000 {
				byName[e.name] = e.mode
			}
		}
		for i := range changes {
			if m, ok := byName[changes[i].path]; ok && !changes[i].remove {
				changes[i].mode = m
			} else {
				changes[i].mode = 0o100644
			}
		}
	}
	updates := make([]indexUpdate, len(changes))
	for i, c := range changes {
		u := indexUpdate{name: c.path, remove: c.remove, entry: c.entry}
		u.entry.mode = c.mode
		u.entry.hash = c.hash
		updates[i] = u
	}
	idx.apply(updates, mtime)
	return idx.encode()
}

// writeCommit builds the tree of HEAD plus the changes and the commit on
// it. unchanged reports a tree equal to HEAD's when allowEmpty is false;
// then nothing is written.
func (s *Store) writeCommit(head headState, changes []change, message string, author, committer Signature, when time.Time, allowEmpty bool) (plumbing.Hash, bool, error) {
	var baseTree plumbing.Hash
	if !head.hash.IsZero() {
		c, err := s.getCommit(head.hash)
		if err != nil {
			return plumbing.ZeroHash, false, fmt.Errorf("read HEAD commit %s: %w", head.hash, err)
		}
		baseTree = c.TreeHash
	}
	objs := s.newObjects(treesTouched(changes) + 1)
	tb := &treeBuilder{store: s, objs: objs}
	tree, _, err := tb.build(baseTree, "", changes)
	if err == nil && tree.IsZero() {
		tree, err = objs.add(plumbing.TreeObject, nil)
	}
	if err != nil {
		objs.abort()
		return plumbing.ZeroHash, false, err
	}
	if tree == baseTree && !allowEmpty {
		objs.abort()
		return plumbing.ZeroHash, true, nil
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "tree %s\n", tree)
	if !head.hash.IsZero() {
		fmt.Fprintf(&buf, "parent %s\n", head.hash)
	}
	fmt.Fprintf(&buf, "author %s\n", formatSignature(author, when))
	fmt.Fprintf(&buf, "committer %s\n\n", formatSignature(committer, when))
	buf.WriteString(strings.TrimRight(message, "\n"))
	buf.WriteByte('\n')
	commit, err := objs.add(plumbing.CommitObject, buf.Bytes())
	if err == nil {
		err = objs.finish()
	}
	if err != nil {
		objs.abort()
		return plumbing.ZeroHash, false, err
	}
	if objs.pack != nil {
		s.refreshPacks(true)
	}
	return commit, false, nil
}

// treesTouched counts the folders on the changed paths (the root included):
// at most that many trees are written.
func treesTouched(changes []change) int {
	dirs := map[string]bool{"": true}
	for _, c := range changes {
		for i := strings.IndexByte(c.path, '/'); i >= 0; i = nextSlash(c.path, i) {
			dirs[c.path[:i]] = true
		}
	}
	return len(dirs)
}

func formatSignature(sig Signature, when time.Time) string {
	return fmt.Sprintf("%s <%s> %d %s", sig.Name, sig.Email, when.Unix(), when.Format("-0700"))
}

// getCommit reads a commit, looking at the packs again once on failure: a
// `git gc` may have packed it (deleting the loose copy) or replaced the pack
// go-git had indexed since go-git last looked.
func (s *Store) getCommit(h plumbing.Hash) (*object.Commit, error) {
	c, err := object.GetCommit(s.repo.Storer, h)
	if err != nil {
		s.refreshPacks(true)
		c, err = object.GetCommit(s.repo.Storer, h)
	}
	return c, err
}

// getBlob reads a blob, retrying once as getCommit does.
func (s *Store) getBlob(h plumbing.Hash) (*object.Blob, error) {
	b, err := object.GetBlob(s.repo.Storer, h)
	if err != nil {
		s.refreshPacks(true)
		b, err = object.GetBlob(s.repo.Storer, h)
	}
	return b, err
}

// getTree reads a tree, retrying once as getCommit does. A tree is
// immutable, so one decoded lately is taken from s.trees: the memorizer
// asks whether each new document's path is in HEAD before it commits the
// batch on that HEAD, and each ask decoded HEAD's month folder again
// (1,500 entries at 20,000 documents: 15% of a streamed daemon's CPU,
// issue 28). The trees a commit builds are put there too (treeBuilder).
// The caller reads only the tree's Entries, and changes nothing: a tree
// from the cache may have no storer to read its children through.
func (s *Store) getTree(h plumbing.Hash) (*object.Tree, error) {
	if t := s.trees.get(h); t != nil {
		return t, nil
	}
	t, err := object.GetTree(s.repo.Storer, h)
	if err != nil {
		s.refreshPacks(true)
		t, err = object.GetTree(s.repo.Storer, h)
	}
	if err == nil {
		s.trees.put(h, t)
	}
	return t, err
}

// treeCache keeps the trees decoded lately, up to treeCacheEntries
// entries in all (a few MB), forgetting them all when full: the trees
// worth keeping are those on HEAD's paths, read again within a batch.
type treeCache struct {
	mu      sync.Mutex
	trees   map[plumbing.Hash]*object.Tree
	entries int
}

// treeCacheEntries bounds the entries of the cached trees.
const treeCacheEntries = 50_000

func (c *treeCache) get(h plumbing.Hash) *object.Tree {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.trees[h]
}

func (c *treeCache) put(h plumbing.Hash, t *object.Tree) {
	n := len(t.Entries)
	if n > treeCacheEntries {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.trees == nil || c.entries+n > treeCacheEntries {
		c.trees, c.entries = map[plumbing.Hash]*object.Tree{}, 0
	}
	if _, ok := c.trees[h]; !ok {
		c.trees[h] = t
		c.entries += n
	}
}

// treeBuilder rewrites only the trees on the changed paths; every other
// subtree keeps its hash.
type treeBuilder struct {
	store *Store
	objs  *objectBatch
}

type treeEntry struct {
	name string
	mode uint32
	hash plumbing.Hash
}

const (
	modeTree    = 0o040000
	modeGitlink = 0o160000
)

// build applies changes (sorted, all under dir) to the tree base (zero: none)
// and returns the new tree's hash, zero when it is empty.
func (b *treeBuilder) build(base plumbing.Hash, dir string, changes []change) (plumbing.Hash, bool, error) {
	entries := make(map[string]treeEntry)
	if !base.IsZero() {
		t, err := b.store.getTree(base)
		if err != nil {
			return plumbing.ZeroHash, false, fmt.Errorf("read tree %q: %w", strings.TrimSuffix(dir, "/"), err)
		}
		for _, e := range t.Entries {
			entries[e.Name] = treeEntry{name: e.Name, mode: uint32(e.Mode), hash: e.Hash}
		}
	}
	for i := 0; i < len(changes); {
		rel := changes[i].path[len(dir):]
		name, _, nested := strings.Cut(rel, "/")
		if !nested {
			c := changes[i]
			i++
			old, exists := entries[name]
			switch {
			case c.remove && exists && old.mode != modeTree:
				delete(entries, name)
			case !c.remove:
				entries[name] = treeEntry{name: name, mode: c.mode, hash: c.hash}
			}
			continue
		}
		sub := dir + name + "/"
		j := i
		for j < len(changes) && strings.HasPrefix(changes[j].path, sub) {
			j++
		}
		old, exists := entries[name]
		var subBase plumbing.Hash
		if exists {
			switch old.mode {
			case modeTree:
				subBase = old.hash
			case modeGitlink:
				return plumbing.ZeroHash, false, fmt.Errorf("path %s is inside submodule %s", changes[i].path, strings.TrimSuffix(sub, "/"))
			}
		}
		h, _, err := b.build(subBase, sub, changes[i:j])
		if err != nil {
			return plumbing.ZeroHash, false, err
		}
		switch {
		case !h.IsZero():
			entries[name] = treeEntry{name: name, mode: modeTree, hash: h}
		case exists && old.mode == modeTree:
			delete(entries, name) // git keeps no empty folder
		}
		i = j
	}
	if len(entries) == 0 {
		return plumbing.ZeroHash, true, nil
	}
	list := make([]treeEntry, 0, len(entries))
	for _, e := range entries {
		list = append(list, e)
	}
	sort.Slice(list, func(i, j int) bool { return treeSortName(list[i]) < treeSortName(list[j]) })
	var buf bytes.Buffer
	for _, e := range list {
		buf.WriteString(strconv.FormatUint(uint64(e.mode), 8))
		buf.WriteByte(' ')
		buf.WriteString(e.name)
		buf.WriteByte(0)
		buf.Write(e.hash[:])
	}
	h, err := b.objs.add(plumbing.TreeObject, buf.Bytes())
	if err == nil {
		// The next batch reads this tree, HEAD's once the commit lands:
		// kept decoded, it is not read back from disk.
		t := &object.Tree{Hash: h, Entries: make([]object.TreeEntry, len(list))}
		for i, e := range list {
			t.Entries[i] = object.TreeEntry{Name: e.name, Mode: filemode.FileMode(e.mode), Hash: e.hash}
		}
		b.store.trees.put(h, t)
	}
	return h, false, err
}

// treeSortName is git's tree order: a folder sorts as if its name ended in
// '/'.
func treeSortName(e treeEntry) string {
	if e.mode == modeTree {
		return e.name + "/"
	}
	return e.name
}

// HeadFile returns the content of a vault-relative path in HEAD's tree;
// false when HEAD is unborn or has no such file.
func (s *Store) HeadFile(path string) ([]byte, bool, error) {
	if err := checkVaultPath(path); err != nil {
		return nil, false, fmt.Errorf("git show HEAD: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refreshPacks(false)
	data, found, err := s.headFile(path)
	if err != nil {
		s.refreshPacks(true)
		data, found, err = s.headFile(path)
	}
	return data, found, err
}

func (s *Store) headFile(path string) ([]byte, bool, error) {
	e, found, err := s.headEntry(path)
	if err != nil || !found {
		return nil, false, err
	}
	b, err := s.getBlob(e.Hash)
	if err != nil {
		return nil, false, fmt.Errorf("git show HEAD:%s: %w", path, err)
	}
	data, err := blobBytes(b)
	if err != nil {
		return nil, false, fmt.Errorf("git show HEAD:%s: %w", path, err)
	}
	return data, true, nil
}

// headEntry returns the entry of a vault-relative path in HEAD's tree when
// it is a file (a regular file, an executable or a link); false when HEAD
// is unborn or has no such file. The trees on the way are read through
// getTree's cache and searched without changing them.
func (s *Store) headEntry(path string) (object.TreeEntry, bool, error) {
	head, err := s.readHead()
	if err != nil {
		return object.TreeEntry{}, false, fmt.Errorf("git show HEAD:%s: %w", path, err)
	}
	if head.hash.IsZero() {
		return object.TreeEntry{}, false, nil
	}
	c, err := s.getCommit(head.hash)
	if err != nil {
		return object.TreeEntry{}, false, fmt.Errorf("git show HEAD:%s: %w", path, err)
	}
	tree, err := s.getTree(c.TreeHash)
	if err != nil {
		return object.TreeEntry{}, false, fmt.Errorf("git show HEAD:%s: %w", path, err)
	}
	rest := s.prefix + path
	for {
		name, sub, nested := strings.Cut(rest, "/")
		i := slices.IndexFunc(tree.Entries, func(e object.TreeEntry) bool { return e.Name == name })
		if i < 0 {
			return object.TreeEntry{}, false, nil
		}
		e := tree.Entries[i]
		if !nested {
			return e, e.Mode.IsFile(), nil
		}
		if e.Mode != filemode.Dir {
			return object.TreeEntry{}, false, nil
		}
		if tree, err = s.getTree(e.Hash); err != nil {
			return object.TreeEntry{}, false, fmt.Errorf("git show HEAD:%s: %w", path, err)
		}
		rest = sub
	}
}

// blobBytes reads a blob's content whole.
func blobBytes(b *object.Blob) ([]byte, error) {
	r, err := b.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// LastTrailer finds the newest commit reachable from HEAD whose author email
// is authorEmail (any author when empty) and whose message carries the
// trailer key (compared case-insensitively, as git does), and returns the
// trailer's value (the last one when repeated) and the commit. Commits are
// read newest first by commit time, at most TrailerSearchLimit of them. The
// memorizer reconciles its state after a crash with it.
func (s *Store) LastTrailer(ctx context.Context, key, authorEmail string) (string, plumbing.Hash, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refreshPacks(false)
	head, err := s.readHead()
	if err != nil {
		return "", plumbing.ZeroHash, false, fmt.Errorf("find trailer %s: %w", key, err)
	}
	if head.hash.IsZero() {
		return "", plumbing.ZeroHash, false, nil
	}
	start, err := s.getCommit(head.hash)
	if err != nil {
		return "", plumbing.ZeroHash, false, fmt.Errorf("find trailer %s: %w", key, err)
	}
	iter := object.NewCommitIterCTime(start, nil, nil)
	defer iter.Close()
	var value string
	var found plumbing.Hash
	n := 0
	err = iter.ForEach(func(c *object.Commit) error {
		if n++; n > s.opts.TrailerSearchLimit {
			return storer.ErrStop
		}
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if authorEmail != "" && !strings.EqualFold(c.Author.Email, authorEmail) {
			return nil
		}
		ok := false
		for _, t := range ParseTrailers(c.Message) {
			if strings.EqualFold(t.Key, key) {
				value, ok = t.Value, true
			}
		}
		if ok {
			found = c.Hash
			return storer.ErrStop
		}
		return nil
	})
	if err != nil {
		return "", plumbing.ZeroHash, false, fmt.Errorf("find trailer %s: %w", key, err)
	}
	return value, found, !found.IsZero(), nil
}

// fillStatPortable records the stat data every platform's FileInfo has.
func fillStatPortable(e *indexEntry, fi os.FileInfo) {
	e.size = uint32(fi.Size())
	t := fi.ModTime()
	e.mtimeSec, e.mtimeNsec = uint32(t.Unix()), uint32(t.Nanosecond())
	e.ctimeSec, e.ctimeNsec = e.mtimeSec, e.mtimeNsec
}

// CommitTime returns a commit's committer time.
func (s *Store) CommitTime(h plumbing.Hash) (time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refreshPacks(false)
	c, err := s.getCommit(h)
	if err != nil {
		return time.Time{}, fmt.Errorf("commit %s: %w", h, err)
	}
	return c.Committer.When, nil
}

// BlobID is the id git gives a file of these bytes (`git hash-object`).
func BlobID(data []byte) string {
	return plumbing.ComputeHash(plumbing.BlobObject, data).String()
}

// HasBlobs reports, for each blob id, whether the repository's objects
// hold it.
//
// A blob git's index names is there without a look: git writes an
// object before the entry naming it, and gc keeps what the index names.
// The usual caller asks about files as committed (the sleep cycle, of
// the thousands of memories it rewrites), whose blobs the index names;
// go-git looks for each of the others, a loose object's three stats and
// an open each (at 5,000 files a fifth of a second of CPU).
func (s *Store) HasBlobs(ids []string) []bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	has := make([]bool, len(ids))
	want := make(map[plumbing.Hash][]int, len(ids))
	for i, id := range ids {
		if h, ok := blobHash(id); ok {
			want[h] = append(want[h], i)
		}
	}
	if snap, err := s.loadIndex(s.readConfig()); err == nil {
		for i := range snap.idx.entries {
			e := &snap.idx.entries[i]
			// An intent-to-add entry names the empty blob whatever
			// the file holds, written or not.
			if e.flags&idxFlagExtended != 0 && e.extFlags&idxExtITA != 0 {
				continue
			}
			if at, ok := want[plumbing.Hash(e.hash)]; ok {
				for _, j := range at {
					has[j] = true
				}
				delete(want, plumbing.Hash(e.hash))
			}
		}
	}
	if len(want) == 0 {
		return has
	}
	s.refreshPacks(false)
	for h, at := range want {
		if s.repo.Storer.HasEncodedObject(h) == nil {
			for _, j := range at {
				has[j] = true
			}
		}
	}
	return has
}

// ReadBlob returns the bytes of the blob id (`git cat-file blob`).
func (s *Store) ReadBlob(id string) ([]byte, error) {
	h, ok := blobHash(id)
	if !ok {
		return nil, fmt.Errorf("git cat-file %q: not a blob id", id)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refreshPacks(false)
	b, err := s.getBlob(h)
	var data []byte
	if err == nil {
		data, err = blobBytes(b)
	}
	if err != nil {
		return nil, fmt.Errorf("git cat-file blob %s: %w", id, err)
	}
	return data, nil
}

func blobHash(id string) (plumbing.Hash, bool) {
	if len(id) != 40 || strings.Trim(id, "0123456789abcdef") != "" {
		return plumbing.ZeroHash, false
	}
	return plumbing.NewHash(id), true
}
