package gitstore

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// SkippedEditing is what a command reports of a path it left alone because
// a person has uncommitted changes on it (SPEC §11).
const SkippedEditing = "a person is editing it"

// Unclean returns the vault-relative paths that hold a person's
// uncommitted work: staged (the index differs from HEAD), unstaged (the
// file differs from the index) or untracked. Such a path belongs to the
// person until it is committed: no command reads it as committed state,
// moves, rewrites or commits it (SPEC §11). With paths, only those are
// looked at (a folder stands for everything below it); without, the whole
// vault.
//
// It asks git itself (`git status`), which compares the index's stat data
// with the work tree and hashes only the files whose stat changed, walks
// for untracked files with git's own ignore rules and untracked cache,
// and compares the index with HEAD through the index's cache tree: one
// process, a fraction of a second at 100,000 documents, and exactly the
// answer the person's own `git status` gives. GIT_OPTIONAL_LOCKS=0 keeps
// it from refreshing the index, so it never takes index.lock from under a
// person's git.
func (s *Store) Unclean(ctx context.Context, paths ...string) (map[string]bool, error) {
	args := []string{"-c", "core.quotePath=false", "status", "--porcelain=v1", "-z",
		"--untracked-files=all", "--no-renames", "--ignore-submodules=all", "--"}
	switch {
	case len(paths) > 0:
		for _, p := range paths {
			args = append(args, s.prefix+strings.TrimSuffix(p, "/"))
		}
	case s.prefix != "":
		args = append(args, strings.TrimSuffix(s.prefix, "/"))
	default:
		args = append(args, ".")
	}
	out, err := GitEnv(ctx, s.workTree, []string{"GIT_OPTIONAL_LOCKS=0", "GIT_LITERAL_PATHSPECS=1"}, nil, args...)
	if err != nil {
		return nil, fmt.Errorf("find a person's uncommitted changes in %s: %w", s.workTree, err)
	}
	return parseStatusZ(out, s.prefix), nil
}

// parseStatusZ reads `git status --porcelain=v1 -z --no-renames`: entries
// "XY path\x00", paths relative to the repository's root; those inside
// the vault are returned relative to it.
func parseStatusZ(out []byte, prefix string) map[string]bool {
	dirty := map[string]bool{}
	for len(out) > 0 {
		entry, rest, _ := bytes.Cut(out, []byte{0})
		out = rest
		if len(entry) < 4 || entry[2] != ' ' {
			continue
		}
		p := string(entry[3:])
		if rel, ok := strings.CutPrefix(p, prefix); ok {
			dirty[rel] = true
		}
	}
	return dirty
}

// Uncommitted reports whether a person has uncommitted changes on one
// vault path: staged (its index entry differs from HEAD's, or is a
// conflict), unstaged (its file differs from the index entry) or
// untracked. It is Unclean for a single path without a git process, for
// callers that ask about a few documents at a time (the memorizer, before
// it edits one): it reads the index the store already keeps, compares the
// file's stat data with the entry's as git does and hashes the file only
// when they differ (or the entry is racily clean).
func (s *Store) Uncommitted(path string) (bool, error) {
	if err := checkVaultPath(path); err != nil {
		return false, fmt.Errorf("uncommitted changes of %s: %w", path, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	snap, err := s.loadIndex(s.readConfig())
	if err != nil {
		return false, fmt.Errorf("uncommitted changes of %s: %w", path, err)
	}
	name := s.prefix + path
	var entry *indexEntry
	es := snap.idx.entries
	if i, ok := slices.BinarySearchFunc(es, name, func(e indexEntry, n string) int { return strings.Compare(e.name, n) }); ok {
		entry = &es[i]
		if entry.stage() != 0 || i+1 < len(es) && es[i+1].name == name {
			return true, nil // a conflict in progress
		}
	}
	abs := filepath.Join(s.workTree, filepath.FromSlash(name))
	fi, err := os.Lstat(abs)
	exists := err == nil
	// A path under a file (ENOTDIR) is not there either.
	if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
		return false, fmt.Errorf("uncommitted changes of %s: %w", path, err)
	}
	s.refreshPacks(false)
	head, inHead, err := s.headEntry(path)
	if err != nil {
		s.refreshPacks(true)
		if head, inHead, err = s.headEntry(path); err != nil {
			return false, err
		}
	}
	indexed := ""
	if entry != nil {
		indexed = hex.EncodeToString(entry.hash[:])
	}
	switch {
	case entry == nil:
		return exists || inHead, nil // untracked, or its removal staged
	case !inHead || head.Hash.String() != indexed:
		return true, nil // staged
	case !exists:
		return true, nil // deleted, not staged
	}
	var cur indexEntry
	fillStat(&cur, fi)
	if cur.size == entry.size && cur.mtimeSec == entry.mtimeSec && cur.mtimeNsec == entry.mtimeNsec &&
		cur.ino == entry.ino && entry.mtimeSec < snap.mtime {
		return false, nil
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return false, fmt.Errorf("uncommitted changes of %s: %w", path, err)
	}
	return BlobID(data) != indexed, nil
}
