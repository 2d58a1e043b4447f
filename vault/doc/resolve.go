package doc

import (
	"bytes"
	"path"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Linkable is what a link may name a document by: its vault-relative path
// (forward slashes, "vault/decisions/2026-02/x.md"), its title and aliases.
type Linkable struct {
	Path    string
	Title   string
	Aliases []string
}

// LinkResolver finds the document a link points to, as Obsidian does. It is
// kept up to date one document at a time (Add, Remove), so a changed note
// never makes every link be resolved again. It is safe for concurrent use.
type LinkResolver struct {
	mu   sync.RWMutex
	docs map[string]Linkable // by clean path
	// Each index maps a lower-cased key to the paths that answer to it,
	// sorted by preference (see comparePaths), so the usual answer is the
	// first element.
	byPath  map[string][]string // path without ".md"
	byName  map[string][]string // file name without ".md"
	byTitle map[string][]string
	byAlias map[string][]string
}

// NewLinkResolver returns a resolver over docs. A path given twice keeps
// the last.
func NewLinkResolver(docs []Linkable) *LinkResolver {
	r := &LinkResolver{
		docs:    make(map[string]Linkable, len(docs)),
		byPath:  make(map[string][]string, len(docs)),
		byName:  make(map[string][]string, len(docs)),
		byTitle: make(map[string][]string, len(docs)),
		byAlias: make(map[string][]string),
	}
	for _, d := range docs {
		r.add(d)
	}
	return r
}

// Len returns the number of documents known.
func (r *LinkResolver) Len() int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return len(r.docs)
}

// Add adds a document, or replaces the one at the same path (its title or
// aliases may have changed).
func (r *LinkResolver) Add(d Linkable) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.add(d)
}

// Remove forgets the document at path p; an unknown path is ignored.
func (r *LinkResolver) Remove(p string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.remove(cleanVaultPath(p))
}

func (r *LinkResolver) add(d Linkable) {
	d.Path = cleanVaultPath(d.Path)
	if d.Path == "" {
		return
	}
	r.remove(d.Path)
	d.Aliases = slices.Clone(d.Aliases)
	r.docs[d.Path] = d
	insertPath(r.byPath, pathKey(d.Path), d.Path)
	insertPath(r.byName, pathKey(path.Base(d.Path)), d.Path)
	if t := nameKey(d.Title); t != "" {
		insertPath(r.byTitle, t, d.Path)
	}
	for _, a := range d.Aliases {
		if k := nameKey(a); k != "" {
			insertPath(r.byAlias, k, d.Path)
		}
	}
}

func (r *LinkResolver) remove(p string) {
	d, ok := r.docs[p]
	if !ok {
		return
	}
	delete(r.docs, p)
	deletePath(r.byPath, pathKey(p), p)
	deletePath(r.byName, pathKey(path.Base(p)), p)
	if t := nameKey(d.Title); t != "" {
		deletePath(r.byTitle, t, p)
	}
	for _, a := range d.Aliases {
		if k := nameKey(a); k != "" {
			deletePath(r.byAlias, k, p)
		}
	}
}

// Resolve returns the path of the document that target (a link target as
// written, without its #heading) names when written in the document at
// from, as Obsidian resolves it:
//
//  1. by file name, case-insensitive, with or without ".md": "Note" and
//     "note.md" name ".../Note.md". Among several files of that name the
//     one in from's folder wins, else the one with the shortest path
//     (fewest folders, then fewest bytes, then byte order);
//  2. by path, with or without ".md": relative to from's folder when it
//     starts with "./" or "../", else from the vault root, else from
//     from's folder, else as the end of a longer path ("b/Note" names
//     "a/b/Note.md"), ties broken as above;
//  3. by title, then 4. by alias, both case-insensitive, ties broken as
//     above.
//
// An empty target names from itself ([[#Heading]]). ok is false when no
// document answers: the caller keeps the link as a dangling edge.
func (r *LinkResolver) Resolve(target, from string) (string, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.resolve(target, from, false)
}

// ResolveLink resolves l written in the document at from. A markdown
// link's path is read relative to from's folder first, as Obsidian writes
// it; every other link as Resolve does.
func (r *LinkResolver) ResolveLink(l Link, from string) (string, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.resolve(l.Target, from, l.Kind == LinkMarkdown)
}

func (r *LinkResolver) resolve(target, from string, relativeFirst bool) (string, bool) {
	from = cleanVaultPath(from)
	target = strings.TrimSpace(target)
	if target == "" {
		_, ok := r.docs[from]
		return from, ok && from != ""
	}
	dir := parentDir(from)
	relative := strings.HasPrefix(target, "./") || strings.HasPrefix(target, "../")
	if relativeFirst || relative {
		if p, ok := r.exactPath(joinVaultPath(dir, target)); ok {
			return p, true
		}
		if relative {
			return r.byNames(target, dir)
		}
	}
	var buf [keyBufSize]byte
	if !strings.ContainsRune(target, '/') {
		if p, ok := nearestPath(r.byName[string(appendLower(buf[:0], trimMD(target)))], dir); ok {
			return p, true
		}
		return r.byNames(target, dir)
	}
	if p, ok := r.exactPath(strings.TrimLeft(target, "/")); ok {
		return p, true
	}
	if p, ok := r.exactPath(joinVaultPath(dir, target)); ok {
		return p, true
	}
	// A partial path: the end of a longer one ("b/Note" for "a/b/Note.md").
	key := appendLower(buf[:0], trimMD(strings.TrimLeft(target, "/")))
	if i := bytes.LastIndexByte(key, '/'); i >= 0 && i < len(key)-1 {
		for _, p := range r.byName[string(key[i+1:])] {
			if k := pathKey(p); len(k) > len(key) && k[len(k)-len(key)-1] == '/' && k[len(k)-len(key):] == string(key) {
				return p, true
			}
		}
	}
	return r.byNames(target, dir)
}

// exactPath looks up the vault path p (with or without ".md"). When paths
// differ only in case, the one spelled as written wins.
func (r *LinkResolver) exactPath(p string) (string, bool) {
	p = cleanVaultPath(p)
	if p == "" || p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	var buf [keyBufSize]byte
	cands := r.byPath[string(appendLower(buf[:0], trimMD(p)))]
	switch len(cands) {
	case 0:
		return "", false
	case 1:
		return cands[0], true
	}
	for _, c := range cands {
		if trimMD(c) == trimMD(p) {
			return c, true
		}
	}
	return cands[0], true
}

// byNames resolves target by title, then by alias.
func (r *LinkResolver) byNames(target, dir string) (string, bool) {
	var buf [keyBufSize]byte
	key := appendLower(buf[:0], strings.TrimSpace(target))
	if p, ok := nearestPath(r.byTitle[string(key)], dir); ok {
		return p, true
	}
	return nearestPath(r.byAlias[string(key)], dir)
}

// closest picks, among paths sorted by preference, the first in folder dir,
// else the first.
func nearestPath(paths []string, dir string) (string, bool) {
	switch len(paths) {
	case 0:
		return "", false
	case 1:
		return paths[0], true
	}
	for _, p := range paths {
		if parentDir(p) == dir {
			return p, true
		}
	}
	return paths[0], true
}

// parentDir is the folder of a clean vault path, "" at the root.
func parentDir(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return ""
}

func joinVaultPath(dir, p string) string {
	if dir == "" {
		return p
	}
	return dir + "/" + p
}

// keyBufSize fits most keys on the stack; appendLower grows past it.
const keyBufSize = 128

// appendLower appends s lower-cased to dst, as strings.ToLower would, but
// without allocating for ASCII keys that fit dst. Looking a map up by
// string(bytes) does not allocate either.
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return append(dst[:0], strings.ToLower(s)...)
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// comparePaths orders candidate paths: fewer folders, then fewer bytes,
// then byte order. Ties between equally near files are thus settled the
// same way on every machine.
func comparePaths(a, b string) int {
	if da, db := strings.Count(a, "/"), strings.Count(b, "/"); da != db {
		return da - db
	}
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}

func insertPath(m map[string][]string, key, p string) {
	s := m[key]
	i, _ := slices.BinarySearchFunc(s, p, comparePaths)
	m[key] = slices.Insert(s, i, p)
}

func deletePath(m map[string][]string, key, p string) {
	s := m[key]
	i, found := slices.BinarySearchFunc(s, p, comparePaths)
	if !found {
		return
	}
	if len(s) == 1 {
		delete(m, key)
		return
	}
	m[key] = slices.Delete(s, i, i+1)
}

// cleanVaultPath makes p a clean vault-relative path: forward slashes, no
// "./", no leading "/". It returns "" for the root itself.
func cleanVaultPath(p string) string {
	if isCleanVaultPath(p) {
		return p
	}
	p = path.Clean(strings.TrimLeft(p, "/"))
	if p == "." || p == "/" {
		return ""
	}
	return p
}

// isCleanVaultPath is the quick test that spares path.Clean on the paths
// the index passes, which are clean already.
func isCleanVaultPath(p string) bool {
	if p == "" {
		return true
	}
	if p[0] == '/' || p[len(p)-1] == '/' {
		return false
	}
	for seg := range strings.SplitSeq(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

// trimMD drops a final ".md", in any case.
func trimMD(p string) string {
	if len(p) >= 3 && strings.EqualFold(p[len(p)-3:], ".md") {
		return p[:len(p)-3]
	}
	return p
}

// pathKey is the lookup key of a path or file name: lower case, no ".md".
func pathKey(p string) string { return strings.ToLower(trimMD(p)) }

// nameKey is the lookup key of a title or alias.
func nameKey(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
