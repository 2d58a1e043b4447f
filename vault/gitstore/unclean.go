package gitstore

import (
	"bytes"
	"context"
	"fmt"
	"strings"
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
