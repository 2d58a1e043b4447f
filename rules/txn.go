package rules

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
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
	"sync"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/index"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// A run writes its changes in an order that lets a kill -9 between any two
// steps be finished or undone on the next run (the memorizer's discipline,
// observer/memorize.go):
//
//	manifest  observer/sleep.json, written atomically: every file the run
//	          writes with the git blob id of its new bytes, and its bytes
//	          before (what was in the working tree, a person's uncommitted
//	          change included) or, when git's objects hold them, their
//	          blob id
//	place     each file written atomically; a move writes the new path,
//	          then removes the old one
//	commit    one commit of exactly those paths, whose Cortex-Sleep trailer
//	          is the run's fingerprint
//	index     index rows of the paths
//	clean     the manifest removed
//
// Recovery (before every run) reads the manifest: when the newest
// Cortex-Sleep trailer is its fingerprint, the run was committed and only
// the working tree is repaired from it; otherwise every file that still
// holds the run's bytes gets its old bytes back (a move is moved back), and
// the run is planned again from scratch.

// TrailerSleep is the trailer of a maintenance commit: the run's
// fingerprint, a hash of every file it wrote.
const TrailerSleep = "Cortex-Sleep"

// TrailerSleepSummary counts a maintenance commit's actions by kind
// ("archived=2 merged=1 …"); cortex status shows it.
const TrailerSleepSummary = "Cortex-Sleep-Summary"

// manifestVersion is the manifest's format: 2 names bytes git holds by
// their blob ids; 1 (still read) held every file's bytes.
const manifestVersion = 2

// fileOp is one file a run writes.
type fileOp struct {
	Path string `json:"path"`
	// From is the path the document leaves (a move), "" otherwise.
	From string      `json:"from,omitempty"`
	Mode fs.FileMode `json:"mode"`
	// Existed says whether the file was there before (at From for a move):
	// Original holds its bytes then, or OriginalBlob names them in git's
	// objects (and the manifest leaves Original out).
	Existed      bool   `json:"existed"`
	Original     []byte `json:"original,omitempty"`
	OriginalBlob string `json:"original_blob,omitempty"`
	OriginalSum  string `json:"original_sha256,omitempty"`
	// Data is the new bytes: in the manifest only by Blob, their blob id,
	// which the run's commit holds once there is one (a manifest of
	// version 1 holds Data itself).
	Data []byte `json:"data,omitempty"`
	Blob string `json:"blob,omitempty"`
	Sum  string `json:"sha256"`
	// parsed is Data parsed, where the plan has it (the index takes it).
	parsed *doc.Parsed
	// seen is the stat of the file the plan read the original from.
	seen *seen
}

// nameBlobs fills the operations' blob ids: always Blob, and OriginalBlob
// where git's objects hold the original bytes.
func nameBlobs(git *gitstore.Store, ops []fileOp) {
	origs := make([]string, len(ops))
	onEveryCore(len(ops), func(i int) {
		ops[i].Blob = gitstore.BlobID(ops[i].Data)
		if ops[i].Existed {
			origs[i] = gitstore.BlobID(ops[i].Original)
		}
	})
	for i, ok := range git.HasBlobs(origs) {
		if ok {
			ops[i].OriginalBlob = origs[i]
		}
	}
}

// onDisk is op as the manifest holds it: the bytes git holds left out.
func (op fileOp) onDisk() fileOp {
	op.Data = nil
	if op.OriginalBlob != "" {
		op.Original = nil
	}
	return op
}

// data is op's new bytes, read from git's objects when the manifest left
// them out.
func (s *Sleeper) data(op *fileOp) ([]byte, error) {
	if op.Data != nil || op.Blob == "" {
		return op.Data, nil
	}
	return s.blob(op.Blob, op.Sum, op.Path)
}

// original is op's bytes before the run, read from git's objects when the
// manifest left them out.
func (s *Sleeper) original(op *fileOp) ([]byte, error) {
	if op.Original != nil || op.OriginalBlob == "" {
		return op.Original, nil
	}
	return s.blob(op.OriginalBlob, op.OriginalSum, op.Path)
}

func (s *Sleeper) blob(id, want, rel string) ([]byte, error) {
	data, err := s.git.ReadBlob(id)
	if err != nil {
		return nil, fmt.Errorf("maintain: recover %s: %w", rel, err)
	}
	if sum(data) != want {
		return nil, fmt.Errorf("maintain: recover %s: blob %s does not hold the bytes the manifest names", rel, id)
	}
	return data, nil
}

type manifest struct {
	Version     int      `json:"version"`
	Fingerprint string   `json:"fingerprint"`
	Ops         []fileOp `json:"ops"`
}

// written are the paths the run writes.
func (man *manifest) written() []string {
	ps := make([]string, len(man.Ops))
	for i, op := range man.Ops {
		ps[i] = op.Path
	}
	return ps
}

// froms are the paths the run's moves leave.
func (man *manifest) froms() []string {
	var ps []string
	for _, op := range man.Ops {
		if op.From != "" {
			ps = append(ps, op.From)
		}
	}
	return ps
}

// paths are every path the run touches: those it writes and those its
// moves leave.
func (man *manifest) paths() []string { return append(man.written(), man.froms()...) }

func manifestPath(l vault.Layout) string { return l.SleepManifest() }

func sum(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// fingerprint hashes what the run writes: the same changes give the same
// fingerprint.
func fingerprint(ops []fileOp) string {
	h := sha256.New()
	for _, op := range ops {
		fmt.Fprintf(h, "%s\x00%s\x00%s\n", op.Path, op.From, op.Sum)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// step names a point of a run, for tests that stop it there as a kill -9
// would.
type step int

const (
	stepNone step = iota
	stepManifest
	stepPlacedOne
	stepPlaced
	stepCommitted
	stepIndexed
)

var errCrash = errors.New("simulated crash")

// ErrChanged is returned when a file the run planned to change was changed
// by someone else (a person, the daemon) before the run wrote anything:
// nothing is written, and the next run plans again.
var ErrChanged = errors.New("changed since the run planned; nothing written, run again")

// unchanged checks that every file the run changes still holds the bytes
// it planned from (and that a new file's path is still free): by its stat
// when that tells (seen.still), else by its bytes.
func (s *Sleeper) unchanged(ops []fileOp) error {
	for _, op := range ops {
		src := op.Path
		if op.From != "" {
			src = op.From
		}
		if op.Existed && op.seen.still(s.abs(src)) {
			if err := s.destFree(op); err != nil {
				return err
			}
			continue
		}
		cur, err := os.ReadFile(s.abs(src))
		switch {
		case errors.Is(err, fs.ErrNotExist) && !op.Existed:
		case err != nil:
			return fmt.Errorf("maintain %s: %w", src, ErrChanged)
		case !op.Existed || sum(cur) != op.OriginalSum:
			return fmt.Errorf("maintain %s: %w", src, ErrChanged)
		}
		if err := s.destFree(op); err != nil {
			return err
		}
	}
	return nil
}

// destFree checks that a move's new path is still free.
func (s *Sleeper) destFree(op fileOp) error {
	if op.From != "" {
		if _, err := os.Lstat(s.abs(op.Path)); err == nil {
			return fmt.Errorf("maintain %s: %w", op.Path, ErrChanged)
		}
	}
	return nil
}

// write carries out a run's file operations and commits them with message.
// The index's rows of the new files are prepared meanwhile, from the
// files' bytes (the files carry the time their rows record), and made
// visible after the commit.
func (s *Sleeper) write(ctx context.Context, man *manifest, message string) (string, error) {
	took := startSteps()
	mtime := time.Now()
	staged := make(chan *index.Staged, 1)
	files, gone := indexFiles(man.Ops, mtime), man.froms()
	go func() {
		st, err := s.ix.Stage(context.WithoutCancel(ctx), files, gone)
		if err != nil {
			s.log.Warn("index update failed; it is refreshed on the next run", "err", err)
		}
		staged <- st
	}()
	hash, err := s.commitRun(ctx, man, message, mtime, took)
	ixs := <-staged
	took.done("index")
	if err != nil {
		if ixs != nil {
			ixs.Abort()
		}
		return "", err
	}
	if ixs != nil {
		if err := ixs.Commit(); err != nil {
			s.log.Warn("index update failed; it is refreshed on the next run", "err", err)
		}
	}
	took.done("index commit")
	s.log.Info("maintain: written", took.steps...)
	if s.crashAfter == stepIndexed {
		return "", errCrash
	}
	if err := removeManifest(s.l); err != nil {
		return "", err
	}
	return hash, nil
}

// personsOperation refuses a run while a person's rebase is in progress
// (gitstore.Store.PersonsOperation): it owns the working tree and the
// index until it ends, so the run would move files under it and its
// commit be refused. Nothing is touched.
func (s *Sleeper) personsOperation() error {
	if op := s.git.PersonsOperation(); op != "" {
		return fmt.Errorf("%w: a %s in %s; nothing changed — run it again once that is finished or aborted",
			gitstore.ErrPersonsOperation, op, s.l.Root)
	}
	return nil
}

// commitRun checks that the run's files are as planned, writes the
// manifest, then the files with mtime, and commits them.
func (s *Sleeper) commitRun(ctx context.Context, man *manifest, message string, mtime time.Time, took *stepTimes) (string, error) {
	if err := s.personsOperation(); err != nil {
		return "", err
	}
	if err := s.unchanged(man.Ops); err != nil {
		return "", err
	}
	took.done("check")
	// The commit's blobs are hashed, compressed and written beside the
	// manifest and the files (whose syncs leave a core waiting), not
	// after them: the commit then only builds its trees. Blobs no commit
	// names, when the run stops before its commit, are garbage git's gc
	// prunes.
	blobs := make(chan *gitstore.Blobs, 1)
	go func() {
		data := make([][]byte, len(man.Ops))
		for i := range man.Ops {
			data[i] = man.Ops[i].Data
		}
		b, err := s.git.WriteBlobs(data)
		if err != nil {
			s.log.Warn("maintain: blobs not written ahead; the commit writes them", "err", err)
		}
		blobs <- b
	}()
	placing := false
	defer func() {
		if !placing {
			<-blobs // no writer left behind a run that stops here
		}
	}()
	nameBlobs(s.git, man.Ops)
	disk := manifest{Version: man.Version, Fingerprint: man.Fingerprint, Ops: make([]fileOp, len(man.Ops))}
	for i, op := range man.Ops {
		disk.Ops[i] = op.onDisk()
	}
	data, err := json.Marshal(disk)
	if err != nil {
		return "", fmt.Errorf("maintain: manifest: %w", err)
	}
	if err := s.l.FS().MkdirAll(filepath.Dir(manifestPath(s.l)), 0o755); err != nil {
		return "", fmt.Errorf("maintain: manifest: %w", err)
	}
	if err := s.l.FS().WriteFile(manifestPath(s.l), data, 0o644); err != nil {
		return "", fmt.Errorf("maintain: manifest: %w", err)
	}
	if s.crashAfter == stepManifest {
		return "", errCrash
	}
	took.done("manifest")
	// placeAndCommit waits for the blobs from here on.
	placing = true
	return s.placeAndCommit(context.WithoutCancel(ctx), man, message, mtime, blobs, took) // the run is finished once started
}

// placeAndCommit writes the run's files with mtime, the paths moves leave
// removed, and commits them.
func (s *Sleeper) placeAndCommit(ctx context.Context, man *manifest, message string, mtime time.Time, blobs <-chan *gitstore.Blobs, took *stepTimes) (string, error) {
	written := sync.OnceValue(func() *gitstore.Blobs { return <-blobs })
	defer written() // no writer left behind the run
	if err := s.placeAll(man.Ops, mtime); err != nil {
		return "", err
	}
	placed := time.Now()
	if s.crashAfter == stepPlaced {
		return "", errCrash
	}
	took.done("files")
	files := make(map[string]gitstore.WrittenFile, len(man.Ops))
	for _, op := range man.Ops {
		files[op.Path] = gitstore.WrittenFile{Data: op.Data, ModTime: mtime, Mode: op.Mode}
	}
	b := written()
	took.done("blobs")
	if s.beforeCommit != nil {
		s.beforeCommit()
	}
	// KeepWritten: a person's editor that saves one of these files after
	// the run wrote it made a change of theirs; the commit holds the run's
	// bytes and theirs stays uncommitted (SPEC §11), as the memorizer's.
	h, err := s.git.Commit(ctx, gitstore.CommitRequest{Paths: man.written(), Removed: man.froms(),
		Written: files, KeepWritten: true, Blobs: b, Message: message, AllowEmpty: true})
	if err != nil {
		return "", fmt.Errorf("maintain: %w (undone on the next run)", err)
	}
	if s.crashAfter == stepCommitted {
		return "", errCrash
	}
	s.putBackUndone(man, mtime, placed)
	took.done("commit")
	return h.String(), nil
}

// putBackUndone finishes, once committed, each operation whose write a
// person's git undid before the commit: `git stash` takes every tracked
// change into the stash — the run's edits and the removals of the paths
// its moves left — and puts the committed bytes back; `git checkout -- .`
// discards them. Left so, the working tree shows the run taken back (a
// memory at its old path beside its archived copy, an edit undone): a
// change nobody made, which the person's next `git add -A` commits. repair
// acts only where a file holds exactly what the run read (a person's save
// holds something else, and stays theirs), as the memorizer does
// (harness, session 12 world 10). A failure costs nothing committed: the
// next run's recovery looks again.
//
// A file the run wrote with mtime that nobody touched after placed (the
// end of placeAll) is not read again: its stat tells (stillPlaced).
func (s *Sleeper) putBackUndone(man *manifest, mtime, placed time.Time) {
	for i := range man.Ops {
		if s.stillPlaced(&man.Ops[i], mtime, placed) {
			continue
		}
		if err := s.repair(&man.Ops[i]); err != nil {
			s.log.Warn("maintain: put back a write a person's git undid before its commit", "path", man.Ops[i].Path, "err", err)
		}
	}
}

// stillPlaced reports whether op's file is, by its stat, the one the run
// placed, and a move's old path is gone: so repair would find nothing to
// do. The run wrote the file with mtime (its own clock reading, to the
// nanosecond) and the file's change time, which no program can set, is
// no later than placed; git, an editor or a stash that writes the path
// after it makes a new file with its own mtime, or moves the change time
// past placed when it sets the mtime. Reading and hashing 5,000 files
// again was a tenth of a second of the first run's CPU. False means
// "read it to know".
func (s *Sleeper) stillPlaced(op *fileOp, mtime, placed time.Time) bool {
	fi, err := os.Lstat(s.abs(op.Path))
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != int64(len(op.Data)) || !fi.ModTime().Equal(mtime) {
		return false
	}
	if ct, ok := changeTime(fi); !ok || ct.After(placed) {
		return false
	}
	if op.From != "" {
		if _, err := os.Lstat(s.abs(op.From)); !errors.Is(err, fs.ErrNotExist) {
			return false
		}
	}
	return true
}

// stepTimes times a run's steps for its log line, as slog's key-value
// pairs: each step, how long it took since the one before and the CPU the
// process used meanwhile (on every core, git's processes included): a
// step whose CPU is twice its wall time kept both cores of a small machine
// busy, one whose CPU is below its wall time waited.
type stepTimes struct {
	at    time.Time
	cpu   time.Duration
	steps []any
}

func startSteps() *stepTimes { return &stepTimes{at: time.Now(), cpu: processCPU()} }

// done records how long step took.
func (t *stepTimes) done(step string) {
	now, cpu := time.Now(), processCPU()
	if cpu == 0 {
		t.steps = append(t.steps, step, now.Sub(t.at))
	} else {
		t.steps = append(t.steps, slog.Group(step, "wall", now.Sub(t.at), "cpu", cpu-t.cpu))
	}
	t.at, t.cpu = now, cpu
}

// indexFiles are the files of ops as the index stages them. The parsed
// documents go with them, and only with them: once staged, they are
// garbage (at 100,000 documents, some 20 MB of the run's peak).
func indexFiles(ops []fileOp, mtime time.Time) []index.File {
	files := make([]index.File, len(ops))
	for i := range ops {
		op := &ops[i]
		files[i] = index.File{Path: op.Path, Data: op.Data, ModTime: mtime, Parsed: op.parsed}
		op.parsed = nil
	}
	return files
}

// placeAll writes every operation's file (each atomically, their syncs
// together) with mtime as its modification time, and removes the paths
// moves leave: a moved memory's own file, where it can, moved to a
// temporary name beside its new path and written into there
// (vaultfs.File.From). Whatever a failure or a crash leaves, the manifest
// holds the old bytes that recovery puts back.
func (s *Sleeper) placeAll(ops []fileOp, mtime time.Time) error {
	writes := make([]vaultfs.File, 0, len(ops))
	vfs := s.l.FS()
	inside := newInsideCheck(s.l)
	made := map[string]bool{}
	for _, op := range ops {
		if err := inside.check(op.Path); err != nil {
			return err
		}
		from := ""
		if op.From != "" {
			if err := inside.check(op.From); err != nil {
				return err
			}
			from = s.abs(op.From)
		}
		if dir := path.Dir(op.Path); !made[dir] {
			if err := vfs.MkdirAll(s.abs(dir), 0o755); err != nil {
				return fmt.Errorf("maintain %s: %w", op.Path, err)
			}
			made[dir] = true
		}
		writes = append(writes, vaultfs.File{Path: s.abs(op.Path), Data: op.Data, Perm: op.Mode, ModTime: mtime, From: from})
	}
	if s.crashAfter == stepPlacedOne && len(writes) > 0 {
		// As if killed after the first file.
		if err := vfs.WriteFile(writes[0].Path, writes[0].Data, writes[0].Perm); err != nil {
			return err
		}
		return errCrash
	}
	if err := vfs.WriteFiles(writes); err != nil {
		return fmt.Errorf("maintain: %w", err)
	}
	return nil
}

// place writes one operation's file, then removes the path a move leaves.
func (s *Sleeper) place(op *fileOp) error {
	abs := s.abs(op.Path)
	if err := checkInside(s.l, op.Path); err != nil {
		return err
	}
	if err := s.l.FS().MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return fmt.Errorf("maintain %s: %w", op.Path, err)
	}
	if err := s.l.FS().WriteFile(abs, op.Data, op.Mode); err != nil {
		return fmt.Errorf("maintain %s: %w", op.Path, err)
	}
	if op.From != "" {
		if err := s.l.FS().Remove(s.abs(op.From)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("maintain %s: %w", op.From, err)
		}
		if err := vaultfs.SyncDir(filepath.Dir(s.abs(op.From))); err != nil {
			return fmt.Errorf("maintain %s: %w", op.From, err)
		}
	}
	return nil
}

func (s *Sleeper) abs(rel string) string { return s.l.Path(filepath.FromSlash(rel)) }

// checkInside refuses a path that leaves the vault or passes through a
// symbolic link (which may point anywhere).
func checkInside(l vault.Layout, rel string) error {
	return newInsideCheck(l).check(rel)
}

// insideCheck is checkInside for many paths: each folder is looked at
// once (the room's Checker).
type insideCheck struct{ c *vaultfs.Checker }

func newInsideCheck(l vault.Layout) *insideCheck { return &insideCheck{c: l.FS().Checker()} }

func (c *insideCheck) check(rel string) error {
	if err := c.c.NoLink(rel); err != nil {
		return fmt.Errorf("maintain %s: %w; left alone", rel, err)
	}
	return nil
}

func removeManifest(l vault.Layout) error {
	if err := l.FS().Remove(manifestPath(l)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("maintain: %w", err)
	}
	return vaultfs.SyncDir(filepath.Dir(manifestPath(l)))
}

// recover finishes or undoes a run a crash interrupted.
func (s *Sleeper) recover(ctx context.Context) error {
	data, err := os.ReadFile(manifestPath(s.l))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("maintain: recover: %w", err)
	}
	var man manifest
	if err := json.Unmarshal(data, &man); err != nil || (man.Version != manifestVersion && man.Version != 1) {
		return fmt.Errorf("maintain: recover: %s is unreadable: check `git status` in the vault, then remove it", manifestPath(s.l))
	}
	for _, op := range man.Ops {
		if checkInside(s.l, op.Path) != nil || op.From != "" && checkInside(s.l, op.From) != nil ||
			op.Blob == "" && sum(op.Data) != op.Sum ||
			op.Existed && op.OriginalBlob == "" && sum(op.Original) != op.OriginalSum {
			return fmt.Errorf("maintain: recover: %s is damaged (%s)", manifestPath(s.l), op.Path)
		}
	}
	v, _, ok, err := s.git.LastTrailer(ctx, TrailerSleep, "")
	if err != nil {
		return fmt.Errorf("maintain: recover: %w", err)
	}
	if ok && v == man.Fingerprint {
		for i := range man.Ops {
			if err := s.repair(&man.Ops[i]); err != nil {
				return err
			}
		}
		s.log.Info("maintain: recover: finished a run committed before an interruption", "files", len(man.Ops))
	} else {
		for _, op := range slices.Backward(man.Ops) {
			if err := s.undo(op); err != nil {
				return err
			}
		}
		s.log.Warn("maintain: recover: undid a run interrupted before its commit", "files", len(man.Ops))
	}
	if err := s.clearTemps(&man); err != nil {
		return err
	}
	if err := s.ix.Update(ctx, man.paths()...); err != nil {
		s.log.Warn("index update failed; it is refreshed on the next run", "err", err)
	}
	return removeManifest(s.l)
}

// clearTemps removes the temporary files (".<name>.tmp-…", see
// vaultfs.Root.WriteFile) a kill between a write and its rename left beside
// the run's files — at the new path of a move and at its old one, which an
// undo writes back (harness, session 15 world 268: a recovery killed in
// its undo of an archive left one beside the old path, which no later
// recovery looked at): never read as memory, but git status shows them.
func (s *Sleeper) clearTemps(man *manifest) error {
	for _, rel := range man.paths() {
		if _, err := s.l.FS().RemoveTempsOf(s.abs(rel)); err != nil {
			return fmt.Errorf("maintain: recover: %w", err)
		}
	}
	return nil
}

// holds reports whether rel's file holds exactly the bytes summed as want.
func (s *Sleeper) holds(rel, want string) (bool, bool, error) {
	cur, err := os.ReadFile(s.abs(rel))
	if errors.Is(err, fs.ErrNotExist) {
		return false, false, nil
	}
	if err != nil {
		return false, false, fmt.Errorf("maintain: recover %s: %w", rel, err)
	}
	return sum(cur) == want, true, nil
}

// repair puts a committed operation's result back in the working tree
// where a crash left it unfinished: the new file missing, or the old path
// of a move still there with its old bytes. A file changed since is left.
func (s *Sleeper) repair(op *fileOp) error {
	ok, exists, err := s.holds(op.Path, op.Sum)
	if err != nil {
		return err
	}
	if !ok && (!exists || op.From == "" && op.Existed && s.holdsOriginal(op.Path, op)) {
		data, err := s.data(op)
		if err != nil {
			return err
		}
		if err := s.place(&fileOp{Path: op.Path, Mode: op.Mode, Data: data}); err != nil {
			return err
		}
	}
	if op.From != "" && s.holdsOriginal(op.From, op) {
		if err := s.l.FS().Remove(s.abs(op.From)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("maintain: recover %s: %w", op.From, err)
		}
	}
	return nil
}

func (s *Sleeper) holdsOriginal(rel string, op *fileOp) bool {
	ok, _, err := s.holds(rel, op.OriginalSum)
	return err == nil && ok && op.Existed
}

// undo gives back an uncommitted operation's old bytes, only where the
// file still holds the run's bytes (or a move is half done) and HEAD does
// not: a person who committed the run's bytes after the kill (a `git add
// -A`) made them their own history, and undoing them would leave changes
// nobody made uncommitted, which sync and the memorizer take for a
// person's work in progress. A move half done when it was committed (both
// paths in HEAD: the memory twice) is undone all the same.
func (s *Sleeper) undo(op fileOp) error {
	ok, exists, err := s.holds(op.Path, op.Sum)
	if err != nil {
		return err
	}
	if ok && s.committedWhole(op) {
		return nil
	}
	if exists && !ok {
		return nil // never written, or changed since: not the run's
	}
	if op.From == "" {
		switch {
		case !exists:
			return nil
		case op.Existed:
			orig, err := s.original(&op)
			if err != nil {
				return err
			}
			if err := s.l.FS().WriteFile(s.abs(op.Path), orig, op.Mode); err != nil {
				return fmt.Errorf("maintain: recover %s: %w", op.Path, err)
			}
			return nil
		default:
			return s.remove(op.Path)
		}
	}
	// A move: the old path back first, then the new one goes.
	if _, err := os.Lstat(s.abs(op.From)); errors.Is(err, fs.ErrNotExist) {
		if err := s.l.FS().MkdirAll(filepath.Dir(s.abs(op.From)), 0o755); err != nil {
			return fmt.Errorf("maintain: recover %s: %w", op.From, err)
		}
		orig, err := s.original(&op)
		if err != nil {
			return err
		}
		if err := s.l.FS().WriteFile(s.abs(op.From), orig, op.Mode); err != nil {
			return fmt.Errorf("maintain: recover %s: %w", op.From, err)
		}
	}
	if exists {
		return s.remove(op.Path)
	}
	return nil
}

// committedWhole reports whether HEAD holds op's result: its new bytes at
// its path and, for a move, nothing left at the path it leaves.
func (s *Sleeper) committedWhole(op fileOp) bool {
	data, found, err := s.git.HeadFile(op.Path)
	if err != nil || !found || sum(data) != op.Sum {
		return false
	}
	if op.From == "" {
		return true
	}
	_, found, err = s.git.HeadFile(op.From)
	return err == nil && !found
}

func (s *Sleeper) remove(rel string) error {
	err := s.l.FS().Remove(s.abs(rel))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("maintain: recover %s: %w", rel, err)
	}
	return vaultfs.SyncDir(filepath.Dir(s.abs(rel)))
}

// sortOps orders operations by path, so the fingerprint and the commit
// body do not depend on the plan's order.
func sortOps(ops map[string]*fileOp) []fileOp {
	var out []fileOp
	for _, k := range slices.Sorted(maps.Keys(ops)) {
		out = append(out, *ops[k])
	}
	return out
}
