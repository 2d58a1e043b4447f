package rules

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

// A run writes its changes in an order that lets a kill -9 between any two
// steps be finished or undone on the next run (the memorizer's discipline,
// observer/memorize.go):
//
//	manifest  observer/sleep.json, written atomically: every file the run
//	          writes with its new bytes, and its bytes before (what was in
//	          the working tree, a person's uncommitted change included)
//	place     each file written atomically; a move writes the new path,
//	          then removes the old one
//	commit    one commit of exactly those paths, whose Cortex-Sleep trailer
//	          is the run's fingerprint
//	index     index.db rows of the paths
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

const manifestVersion = 1

// fileOp is one file a run writes.
type fileOp struct {
	Path string `json:"path"`
	// From is the path the document leaves (a move), "" otherwise.
	From string      `json:"from,omitempty"`
	Mode fs.FileMode `json:"mode"`
	// Existed says whether the file was there before (at From for a move):
	// Original holds its bytes then.
	Existed     bool   `json:"existed"`
	Original    []byte `json:"original,omitempty"`
	OriginalSum string `json:"original_sha256,omitempty"`
	Data        []byte `json:"data"`
	Sum         string `json:"sha256"`
}

type manifest struct {
	Version     int      `json:"version"`
	Fingerprint string   `json:"fingerprint"`
	Ops         []fileOp `json:"ops"`
}

func (man *manifest) paths() []string {
	var ps []string
	for _, op := range man.Ops {
		ps = append(ps, op.Path)
		if op.From != "" {
			ps = append(ps, op.From)
		}
	}
	return ps
}

func manifestPath(l vault.Layout) string { return l.Path("observer", "sleep.json") }

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
// it planned from (and that a new file's path is still free).
func (s *Sleeper) unchanged(ops []fileOp) error {
	for _, op := range ops {
		src := op.Path
		if op.From != "" {
			src = op.From
		}
		cur, err := os.ReadFile(s.abs(src))
		switch {
		case errors.Is(err, fs.ErrNotExist) && !op.Existed:
		case err != nil:
			return fmt.Errorf("maintain %s: %w", src, ErrChanged)
		case !op.Existed || sum(cur) != op.OriginalSum:
			return fmt.Errorf("maintain %s: %w", src, ErrChanged)
		}
		if op.From != "" {
			if _, err := os.Lstat(s.abs(op.Path)); err == nil {
				return fmt.Errorf("maintain %s: %w", op.Path, ErrChanged)
			}
		}
	}
	return nil
}

// write carries out a run's file operations and commits them with message.
func (s *Sleeper) write(ctx context.Context, man *manifest, message string) (string, error) {
	if err := s.unchanged(man.Ops); err != nil {
		return "", err
	}
	tm := time.Now()
	data, err := json.Marshal(man)
	if err != nil {
		return "", fmt.Errorf("maintain: manifest: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(manifestPath(s.l)), 0o755); err != nil {
		return "", fmt.Errorf("maintain: manifest: %w", err)
	}
	if err := vault.WriteFileAtomic(manifestPath(s.l), data, 0o644); err != nil {
		return "", fmt.Errorf("maintain: manifest: %w", err)
	}
	if s.crashAfter == stepManifest {
		return "", errCrash
	}
	ctx = context.WithoutCancel(ctx) // the run is finished once started
	t0 := time.Now()
	if err := s.placeAll(man.Ops); err != nil {
		return "", err
	}
	if s.crashAfter == stepPlaced {
		return "", errCrash
	}
	t1 := time.Now()
	h, err := s.git.Commit(ctx, gitstore.CommitRequest{Paths: man.paths(), Message: message, AllowEmpty: true})
	if err != nil {
		return "", fmt.Errorf("maintain: %w (undone on the next run)", err)
	}
	if s.crashAfter == stepCommitted {
		return "", errCrash
	}
	t2 := time.Now()
	if err := s.ix.Update(ctx, man.paths()...); err != nil {
		s.log.Warn("index update failed; it is refreshed on the next run", "err", err)
	}
	s.log.Info("maintain: written", "manifest", t0.Sub(tm), "files", t1.Sub(t0), "commit", t2.Sub(t1), "index", time.Since(t2))
	if s.crashAfter == stepIndexed {
		return "", errCrash
	}
	if err := removeManifest(s.l); err != nil {
		return "", err
	}
	return h.String(), nil
}

// placeAll writes every operation's file (each atomically, their syncs
// together), then removes the paths moves leave and syncs their folders.
func (s *Sleeper) placeAll(ops []fileOp) error {
	writes := make([]vault.AtomicWrite, 0, len(ops))
	for _, op := range ops {
		if err := checkInside(s.l, op.Path); err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(s.abs(op.Path)), 0o755); err != nil {
			return fmt.Errorf("maintain %s: %w", op.Path, err)
		}
		writes = append(writes, vault.AtomicWrite{Path: s.abs(op.Path), Data: op.Data, Perm: op.Mode})
	}
	if s.crashAfter == stepPlacedOne && len(writes) > 0 {
		// As if killed after the first file.
		if err := vault.WriteFileAtomic(writes[0].Path, writes[0].Data, writes[0].Perm); err != nil {
			return err
		}
		return errCrash
	}
	if err := vault.WriteFilesAtomic(writes); err != nil {
		return fmt.Errorf("maintain: %w", err)
	}
	dirs := map[string]bool{}
	for _, op := range ops {
		if op.From == "" {
			continue
		}
		if err := os.Remove(s.abs(op.From)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("maintain %s: %w", op.From, err)
		}
		dirs[filepath.Dir(s.abs(op.From))] = true
	}
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		if err := vault.SyncDir(d); err != nil {
			return fmt.Errorf("maintain: %w", err)
		}
	}
	return nil
}

// place writes one operation's file, then removes the path a move leaves.
func (s *Sleeper) place(op *fileOp) error {
	abs := s.abs(op.Path)
	if err := checkInside(s.l, op.Path); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return fmt.Errorf("maintain %s: %w", op.Path, err)
	}
	if err := vault.WriteFileAtomic(abs, op.Data, op.Mode); err != nil {
		return fmt.Errorf("maintain %s: %w", op.Path, err)
	}
	if op.From != "" {
		if err := os.Remove(s.abs(op.From)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("maintain %s: %w", op.From, err)
		}
		if err := vault.SyncDir(filepath.Dir(s.abs(op.From))); err != nil {
			return fmt.Errorf("maintain %s: %w", op.From, err)
		}
	}
	return nil
}

func (s *Sleeper) abs(rel string) string { return s.l.Path(filepath.FromSlash(rel)) }

// checkInside refuses a path that leaves the vault or passes through a
// symbolic link (which may point anywhere).
func checkInside(l vault.Layout, rel string) error {
	if !filepath.IsLocal(filepath.FromSlash(rel)) {
		return fmt.Errorf("maintain %s: not a path inside the vault", rel)
	}
	dir := l.Root
	parts := strings.Split(rel, "/")
	for _, p := range parts {
		dir = filepath.Join(dir, p)
		fi, err := os.Lstat(dir)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("maintain %s: %w", rel, err)
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			return fmt.Errorf("maintain %s: passes through a symbolic link; left alone", rel)
		}
	}
	return nil
}

func removeManifest(l vault.Layout) error {
	if err := os.Remove(manifestPath(l)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("maintain: %w", err)
	}
	return vault.SyncDir(filepath.Dir(manifestPath(l)))
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
	if err := json.Unmarshal(data, &man); err != nil || man.Version != manifestVersion {
		return fmt.Errorf("maintain: recover: %s is unreadable: check `git status` in the vault, then remove it", manifestPath(s.l))
	}
	for _, op := range man.Ops {
		if checkInside(s.l, op.Path) != nil || op.From != "" && checkInside(s.l, op.From) != nil ||
			sum(op.Data) != op.Sum || op.Existed && sum(op.Original) != op.OriginalSum {
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
// vault.WriteFileAtomic) a kill between a write and its rename left beside
// the run's files: never read as memory, but git status shows them.
func (s *Sleeper) clearTemps(man *manifest) error {
	for _, op := range man.Ops {
		abs := s.abs(op.Path)
		dir, prefix := filepath.Dir(abs), "."+filepath.Base(abs)+".tmp-"
		ents, err := os.ReadDir(dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("maintain: recover: %w", err)
		}
		for _, de := range ents {
			if de.Type().IsRegular() && strings.HasPrefix(de.Name(), prefix) {
				if err := os.Remove(filepath.Join(dir, de.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
					return fmt.Errorf("maintain: recover: %w", err)
				}
			}
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
		if err := s.place(&fileOp{Path: op.Path, Mode: op.Mode, Data: op.Data}); err != nil {
			return err
		}
	}
	if op.From != "" && s.holdsOriginal(op.From, op) {
		if err := os.Remove(s.abs(op.From)); err != nil && !errors.Is(err, fs.ErrNotExist) {
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
// file still holds the run's bytes (or a move is half done).
func (s *Sleeper) undo(op fileOp) error {
	ok, exists, err := s.holds(op.Path, op.Sum)
	if err != nil {
		return err
	}
	if exists && !ok {
		return nil // never written, or changed since: not the run's
	}
	if op.From == "" {
		switch {
		case !exists:
			return nil
		case op.Existed:
			if err := vault.WriteFileAtomic(s.abs(op.Path), op.Original, op.Mode); err != nil {
				return fmt.Errorf("maintain: recover %s: %w", op.Path, err)
			}
			return nil
		default:
			return s.remove(op.Path)
		}
	}
	// A move: the old path back first, then the new one goes.
	if _, err := os.Lstat(s.abs(op.From)); errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(s.abs(op.From)), 0o755); err != nil {
			return fmt.Errorf("maintain: recover %s: %w", op.From, err)
		}
		if err := vault.WriteFileAtomic(s.abs(op.From), op.Original, op.Mode); err != nil {
			return fmt.Errorf("maintain: recover %s: %w", op.From, err)
		}
	}
	if exists {
		return s.remove(op.Path)
	}
	return nil
}

func (s *Sleeper) remove(rel string) error {
	err := os.Remove(s.abs(rel))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("maintain: recover %s: %w", rel, err)
	}
	return vault.SyncDir(filepath.Dir(s.abs(rel)))
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
