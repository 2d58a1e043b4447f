package vault

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cortex-vault/cortex/vault/doc"
	ignore "github.com/sabhiram/go-gitignore"
)

// Ignore decides which vault paths are never read as memory: every dot-file
// and dot-folder (Obsidian's .obsidian/ among them) and whatever the vault's
// .cortexignore lists (gitignore syntax).
type Ignore struct {
	gi   *ignore.GitIgnore
	hash string
}

// LoadIgnore reads the vault's .cortexignore; a vault without one ignores
// only dot-paths.
func LoadIgnore(l Layout) (*Ignore, error) {
	data, err := os.ReadFile(l.Cortexignore())
	if errors.Is(err, fs.ErrNotExist) {
		return &Ignore{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", l.Cortexignore(), err)
	}
	sum := sha256.Sum256(data)
	// As ignore.CompileIgnoreFile splits the file, from the bytes hashed.
	return &Ignore{gi: ignore.CompileIgnoreLines(strings.Split(string(data), "\n")...),
		hash: hex.EncodeToString(sum[:])}, nil
}

// Hash names the patterns: the SHA-256 of the .cortexignore they were read
// from, "" when the vault has none. Two Ignores of one Hash decide every
// path alike, so a decision made under one can be kept for the other (the
// index does, rather than match every known path again: matching is most
// of the cost of a walk).
func (ig *Ignore) Hash() string { return ig.hash }

// Ignored reports whether the vault-relative, slash-separated path rel is
// never memory. A folder is ignored when rel names it with a trailing slash
// and a pattern matches it.
func (ig *Ignore) Ignored(rel string) bool {
	return dotPath(rel) || ig.gi != nil && ig.gi.MatchesPath(rel)
}

// dotPath reports whether a segment of rel starts with a dot.
func dotPath(rel string) bool {
	for i := 0; i < len(rel); i++ {
		if rel[i] == '.' && (i == 0 || rel[i-1] == '/') {
			return true
		}
	}
	return false
}

// IsMemoryPath reports whether the vault-relative, slash-separated path rel is
// a markdown file inside one of the memory folders (mind/, vault/, rules/).
// It does not consult .cortexignore.
func IsMemoryPath(rel string) bool {
	if !strings.HasSuffix(rel, ".md") {
		return false
	}
	top, _, ok := strings.Cut(rel, "/")
	if !ok {
		return false
	}
	for _, d := range doc.MemoryDirs {
		if top == d {
			return true
		}
	}
	return false
}

// WalkFunc receives each memory document found by Walk: its vault-relative,
// slash-separated path and its directory entry.
type WalkFunc func(rel string, d fs.DirEntry) error

// Walk calls fn for every markdown document under the memory folders, in
// lexical order, skipping dot-paths, .cortexignore matches and symbolic
// links (a link may point out of the vault). A missing memory folder is not
// an error.
func Walk(l Layout, ig *Ignore, fn WalkFunc) error { return walk(l, ig, true, false, fn) }

// WalkWithLinks is Walk that also gives fn the symbolic links named like a
// document (d.Type() says which): for a check that reports them, since a
// link is never read as memory yet git commits it.
func WalkWithLinks(l Layout, ig *Ignore, fn WalkFunc) error { return walk(l, ig, true, true, fn) }

// WalkUnmatched is Walk without matching the files against .cortexignore
// (folders still are, and dot-paths and links are still skipped): for a
// caller that needs only the few files it cannot account for matched (a
// count checked against the index's).
func WalkUnmatched(l Layout, ig *Ignore, fn WalkFunc) error { return walk(l, ig, false, false, fn) }

func walk(l Layout, ig *Ignore, matchFiles, links bool, fn WalkFunc) error {
	for _, top := range doc.MemoryDirs {
		base := l.Path(top)
		// Every p WalkDir gives starts with base: the path in the vault
		// is top and the rest of p, without filepath.Rel's cleaning of
		// both paths for every file.
		err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if p == base && errors.Is(err, fs.ErrNotExist) {
					return fs.SkipDir
				}
				return err
			}
			rel := top + filepath.ToSlash(p[len(base):])
			if d.IsDir() {
				if p != base && ig.Ignored(rel+"/") {
					return fs.SkipDir
				}
				return nil
			}
			kind := d.Type()
			if !(kind.IsRegular() || links && kind&fs.ModeSymlink != 0) || !strings.HasSuffix(rel, ".md") || matchFiles && ig.Ignored(rel) {
				return nil
			}
			return fn(rel, d)
		})
		if err != nil && !errors.Is(err, fs.SkipDir) {
			return fmt.Errorf("walk %s: %w", base, err)
		}
	}
	return nil
}
