// Package vaultfs is the one room through which Cortex writes, moves and
// deletes anything inside a vault: memories, the observer's buffer, state
// and staging, the caches and runtime files of .cortex/, configuration.
//
// A vault is shared through git, and git stores symbolic links: a clone
// can carry an `observer` or `.cortex` that is a link to anywhere. So every
// operation here first checks the path it is given, component by
// component below the vault's root, and refuses it (a *LinkError) when a
// component is a symbolic link leading outside the vault — before the
// path is touched. Links that stay inside the vault are followed. Nothing
// outside this package calls os.WriteFile, os.Rename, os.Remove and their
// kin on a vault path (a test of this package scans the module for it).
package vaultfs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// Root is a vault's folder as the room sees it. The zero value is not
// usable; New makes one. It is a small value: making one costs nothing
// and reads nothing.
type Root struct {
	dir string
}

// New returns the room of the vault whose folder is dir. Paths given to
// its methods are file system paths inside dir (as Layout.Path makes
// them), not relative ones.
func New(dir string) Root { return Root{dir: filepath.Clean(dir)} }

// Outside returns the room for files Cortex writes outside any vault, at
// a person's request — git hooks, agents' settings, service units — where
// a link may rightly be the person's own (a shared hooks folder, managed
// dotfiles): the same careful operations, without the vault's link
// checks. A call site that uses it says so in its name.
func Outside() Root { return Root{} }

// Dir is the vault's folder as given to New (cleaned).
func (r Root) Dir() string { return r.dir }

// LinkError says why a path inside the vault is refused: a symbolic link
// on its way leads outside the vault (or nowhere), or — for a memory,
// checked with NoLink — any link or a file where a folder should be.
type LinkError struct {
	// Path is the path that was to be touched, relative to the vault
	// (slash-separated).
	Path string
	// Link is the vault-relative path of the link (or the file) in its way.
	Link string
	// Target is what the link points to, as written in the link ("" for a
	// file in the way).
	Target string
	// Outside is set when the link leads outside the vault or nowhere.
	Outside bool
	// Dir is set when the link stands where a folder is expected (a
	// folder on Path's way, or a link to a folder).
	Dir bool
}

func (e *LinkError) Error() string {
	switch {
	case e.Target == "":
		return fmt.Sprintf("%s is not a folder, so %s cannot be written", e.Link, e.Path)
	case e.Outside:
		if e.Dir {
			return fmt.Sprintf("%s/ is a link to %s: refusing to write outside the vault; replace it with a folder", e.Link, quote(e.Target))
		}
		return fmt.Sprintf("%s is a link to %s: refusing to read or write outside the vault; replace it with a file", e.Link, quote(e.Target))
	case e.Link == e.Path:
		return fmt.Sprintf("%s is a symbolic link (to %s): Cortex never writes through or replaces a link", e.Link, quote(e.Target))
	}
	return fmt.Sprintf("%s is a symbolic link (to %s): Cortex never writes %s through it", e.Link, quote(e.Target), e.Path)
}

// OutsideError says that a path given to the room is not inside the vault
// at all: a caller's mistake, never a person's.
type OutsideError struct {
	Path, Root string
}

func (e *OutsideError) Error() string {
	return fmt.Sprintf("%s is not a path inside the vault %s", e.Path, e.Root)
}

// rel returns path relative to the root, slash-separated ("" for the root
// itself), or an *OutsideError.
func (r Root) rel(path string) (string, error) {
	p := filepath.Clean(path)
	if p == r.dir {
		return "", nil
	}
	rel, err := filepath.Rel(r.dir, p)
	if err != nil || !filepath.IsLocal(rel) {
		return "", &OutsideError{Path: path, Root: r.dir}
	}
	return filepath.ToSlash(rel), nil
}

// Check reports whether path (inside the vault) may be written, moved or
// deleted: nil unless a component of it below the root is a symbolic link
// that leads outside the vault or nowhere (a *LinkError), or path is not
// inside the vault (an *OutsideError). Components that do not exist are
// fine: they are created as real folders and files. It costs one lstat per
// component that exists.
func (r Root) Check(path string) error {
	if r.dir == "" {
		return nil // Outside
	}
	rel, err := r.rel(path)
	if err != nil {
		return err
	}
	return r.check(rel, nil)
}

// check walks rel's components with component; known, when not nil,
// caches the folders found safe (true) or missing (false) for the run of a
// Checker.
func (r Root) check(rel string, known map[string]bool) error {
	if rel == "" {
		return nil
	}
	return walk(rel, known, func(part string, _ bool) (bool, error) { return r.component(rel, part) })
}

// walk calls probe on each component of rel (a slash-separated path), from
// the first folder to rel itself, and stops at the first that does not
// exist (nothing below it exists) or at an error. Folders already in known
// are not probed again; the folders probed are recorded there.
func walk(rel string, known map[string]bool, probe func(part string, last bool) (exists bool, err error)) error {
	for i := 0; i <= len(rel); i++ {
		if i < len(rel) && rel[i] != '/' {
			continue
		}
		part, last := rel[:i], i == len(rel)
		if !last && known != nil {
			if exists, ok := known[part]; ok {
				if !exists {
					return nil
				}
				continue
			}
		}
		exists, err := probe(part, last)
		if err != nil {
			return err
		}
		if !last && known != nil {
			known[part] = exists
		}
		if !exists {
			return nil
		}
	}
	return nil
}

// component checks one component (part) of rel and reports whether it
// exists.
func (r Root) component(rel, part string) (bool, error) {
	abs := filepath.Join(r.dir, filepath.FromSlash(part))
	fi, err := os.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("check %s: %w", rel, err)
	case fi.Mode()&fs.ModeSymlink == 0:
		return true, nil
	}
	target, err := filepath.EvalSymlinks(abs)
	if err == nil && r.inside(target) {
		return true, nil
	}
	le := &LinkError{Path: rel, Link: part, Outside: true, Dir: part != rel}
	le.Target, _ = os.Readlink(abs)
	if le.Target == "" {
		le.Target = "?"
	}
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		le.Dir = true
	}
	return false, le
}

// inside reports whether target (a resolved path) is the vault's folder or
// below it.
func (r Root) inside(target string) bool {
	root, err := filepath.EvalSymlinks(r.dir)
	if err != nil {
		return false
	}
	root, _ = filepath.Abs(root)
	target, _ = filepath.Abs(target)
	return target == root || strings.HasPrefix(target, root+string(filepath.Separator))
}

// NoLink checks, before rel (a slash-separated vault path of a memory) is
// written, moved or deleted, that neither rel nor any folder on the way to
// it is a symbolic link — wherever it leads, since git stores a memory's
// link as a link — and that every folder on the way that exists is a
// folder. Folders that do not exist yet are fine: they are created as real
// ones. The answer is a *LinkError, or an error reading the file system.
func (r Root) NoLink(rel string) error {
	if r.dir == "" {
		return nil // Outside
	}
	return r.noLink(rel, nil)
}

func (r Root) noLink(rel string, known map[string]bool) error {
	if !filepath.IsLocal(rel) {
		return &OutsideError{Path: rel, Root: r.dir}
	}
	rel = strings.TrimSuffix(filepath.ToSlash(rel), "/")
	return walk(rel, known, func(part string, last bool) (bool, error) {
		abs := filepath.Join(r.dir, filepath.FromSlash(part))
		fi, err := os.Lstat(abs)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return false, nil
		case err != nil:
			return false, fmt.Errorf("check %s: %w", rel, err)
		case fi.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(abs)
			if target == "" {
				target = "?"
			}
			return false, &LinkError{Path: rel, Link: part, Target: target, Dir: !last}
		case !last && !fi.IsDir():
			return false, &LinkError{Path: rel, Link: part}
		}
		return true, nil
	})
}

// Checker is NoLink for the many paths of one run (a maintenance run, a
// batch): each folder is looked at once, and found safe it stays so for
// the run. It is safe for concurrent use.
type Checker struct {
	r     Root
	mu    sync.Mutex
	known map[string]bool
}

// Checker returns a Checker for one run.
func (r Root) Checker() *Checker {
	return &Checker{r: r, known: map[string]bool{}}
}

// NoLink is Root.NoLink, with the folders above rel looked at once per run.
func (c *Checker) NoLink(rel string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.r.noLink(rel, c.known)
}

// quote shows a link's target as written, quoted when it holds anything
// that could bend a one-line message (a newline, a control character).
func quote(s string) string {
	for _, c := range s {
		if !unicode.IsPrint(c) || c == '"' {
			return strconv.Quote(s)
		}
	}
	return s
}
