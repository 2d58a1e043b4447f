package gitstore

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// This file reads and writes git's index (.git/index) itself instead of going
// through go-git's plumbing/format/index, because a round trip through go-git
// damages an index written by the git CLI: its encoder writes no extension at
// all (REUC lost, cache tree lost), drops the assume-unchanged flag (0x8000),
// re-sorts entries by name only with an unstable sort (conflict stages may be
// reordered, which git rejects), and its decoder drops invalidated cache-tree
// nodes, which corrupts the subtree counts of the ones it keeps.
//
// The codec here keeps every bit of every entry, rewrites the cache tree (TREE)
// with the changed directories invalidated exactly as git's
// cache_tree_invalidate_path does, keeps REUC byte for byte, drops the
// optional caches that are only valid for the exact index they were computed
// for (UNTR, FSMN, EOIE, IEOT and any optional extension it does not know:
// git rebuilds them), and refuses indexes it cannot rewrite safely (split
// index, sparse index, unknown mandatory extensions).

const (
	indexSignature   = "DIRC"
	indexHeaderLen   = 12
	indexEntryFixed  = 62 // stat data, mode, ids, size, hash, flags
	indexHashLen     = sha1.Size
	idxFlagValid     = 0x8000 // assume-unchanged
	idxFlagExtended  = 0x4000
	idxFlagStageMask = 0x3000
	idxFlagNameMask  = 0x0fff
	idxExtSkipWT     = 0x4000
	idxExtITA        = 0x2000
)

// ErrIndexFormat reports an index file this package cannot read or cannot
// rewrite without losing information.
var ErrIndexFormat = errors.New("git index")

// indexEntry is one entry of git's index with every on-disk field kept.
type indexEntry struct {
	ctimeSec, ctimeNsec uint32
	mtimeSec, mtimeNsec uint32
	dev, ino            uint32
	mode                uint32
	uid, gid            uint32
	size                uint32
	hash                [indexHashLen]byte
	flags               uint16 // assume-valid, extended, stage, name length
	extFlags            uint16 // meaningful only when flags has idxFlagExtended
	name                string
}

func (e *indexEntry) stage() int { return int(e.flags&idxFlagStageMask) >> 12 }

// cacheTree is one node of the TREE extension. count is the number of index
// entries the node covers, -1 when invalidated (then hash is meaningless).
type cacheTree struct {
	name     string
	count    int
	subtrees int // as read; rewritten from len(children)
	hash     [indexHashLen]byte
	children []*cacheTree
}

// gitIndex is a decoded index file.
type gitIndex struct {
	version uint32
	entries []indexEntry
	tree    *cacheTree // nil when the index has no TREE extension
	reuc    []byte     // raw REUC payload, nil when absent
	dropped []string   // signatures of the extensions left out on write
	// scratch is the last encode's buffer, reused by the next: the daemon
	// keeps its index between commits, and each commit encoded the whole
	// file into a new one (1.9 MB at 20,000 documents).
	scratch []byte
}

// parseIndex decodes an index file. An empty data slice is an empty index,
// which is how git treats a missing one.
func parseIndex(data []byte) (*gitIndex, error) {
	if len(data) == 0 {
		return &gitIndex{version: 2}, nil
	}
	if len(data) < indexHeaderLen+indexHashLen {
		return nil, fmt.Errorf("%w: file too short (%d bytes)", ErrIndexFormat, len(data))
	}
	if string(data[:4]) != indexSignature {
		return nil, fmt.Errorf("%w: bad signature %q", ErrIndexFormat, data[:4])
	}
	body, sum := data[:len(data)-indexHashLen], data[len(data)-indexHashLen:]
	// An all-zero checksum is git's index.skipHash: nothing to verify.
	if !bytes.Equal(sum, make([]byte, indexHashLen)) {
		if got := sha1.Sum(body); !bytes.Equal(got[:], sum) {
			return nil, fmt.Errorf("%w: checksum mismatch", ErrIndexFormat)
		}
	}
	idx := &gitIndex{version: binary.BigEndian.Uint32(data[4:8])}
	if idx.version < 2 || idx.version > 4 {
		return nil, fmt.Errorf("%w: unsupported version %d", ErrIndexFormat, idx.version)
	}
	count := binary.BigEndian.Uint32(data[8:12])
	if uint64(count)*uint64(indexEntryFixed) > uint64(len(body)) {
		return nil, fmt.Errorf("%w: %d entries cannot fit in %d bytes", ErrIndexFormat, count, len(body))
	}
	idx.entries = make([]indexEntry, 0, count)
	off := indexHeaderLen
	// Names go into one arena turned into one string at the end: a 100,000
	// entry index costs one allocation for its names, not 100,000.
	arena := make([]byte, 0, len(body))
	spans := make([][2]int, 0, count)
	var prev []byte
	prevStage := -1
	emptyName := -1
	for i := uint32(0); i < count; i++ {
		if off+indexEntryFixed > len(body) {
			return nil, fmt.Errorf("%w: entry %d truncated", ErrIndexFormat, i)
		}
		b := body[off:]
		e := indexEntry{
			ctimeSec:  binary.BigEndian.Uint32(b[0:]),
			ctimeNsec: binary.BigEndian.Uint32(b[4:]),
			mtimeSec:  binary.BigEndian.Uint32(b[8:]),
			mtimeNsec: binary.BigEndian.Uint32(b[12:]),
			dev:       binary.BigEndian.Uint32(b[16:]),
			ino:       binary.BigEndian.Uint32(b[20:]),
			mode:      binary.BigEndian.Uint32(b[24:]),
			uid:       binary.BigEndian.Uint32(b[28:]),
			gid:       binary.BigEndian.Uint32(b[32:]),
			size:      binary.BigEndian.Uint32(b[36:]),
			flags:     binary.BigEndian.Uint16(b[60:]),
		}
		copy(e.hash[:], b[40:60])
		n := indexEntryFixed
		if e.flags&idxFlagExtended != 0 {
			if idx.version < 3 {
				return nil, fmt.Errorf("%w: entry %d has extended flags in a version %d index", ErrIndexFormat, i, idx.version)
			}
			if len(b) < n+2 {
				return nil, fmt.Errorf("%w: entry %d truncated", ErrIndexFormat, i)
			}
			e.extFlags = binary.BigEndian.Uint16(b[n:])
			n += 2
		}
		if idx.version == 4 {
			strip, w := decodeIndexVarint(b[n:])
			if w == 0 || strip > uint64(len(prev)) {
				return nil, fmt.Errorf("%w: entry %d has a bad name prefix", ErrIndexFormat, i)
			}
			n += w
			end := bytes.IndexByte(b[n:], 0)
			if end < 0 {
				return nil, fmt.Errorf("%w: entry %d name unterminated", ErrIndexFormat, i)
			}
			arena = append(arena, prev[:len(prev)-int(strip)]...)
			arena = append(arena, b[n:n+end]...)
			n += end + 1
		} else {
			nameLen := int(e.flags & idxFlagNameMask)
			if nameLen == idxFlagNameMask {
				nameLen = bytes.IndexByte(b[n:], 0)
				if nameLen < 0 {
					return nil, fmt.Errorf("%w: entry %d name unterminated", ErrIndexFormat, i)
				}
			}
			if len(b) < n+nameLen+1 {
				return nil, fmt.Errorf("%w: entry %d truncated", ErrIndexFormat, i)
			}
			arena = append(arena, b[n:n+nameLen]...)
			n = (n + nameLen + 8) &^ 7 // NUL padding to a multiple of 8
			if n > len(b) {
				return nil, fmt.Errorf("%w: entry %d truncated", ErrIndexFormat, i)
			}
		}
		start := 0
		if len(spans) > 0 {
			start = spans[len(spans)-1][1]
		}
		name := arena[start:]
		switch c := bytes.Compare(name, prev); {
		case len(name) == 0:
			if emptyName < 0 {
				// A split index's entries may have no name; the "link"
				// extension below tells.
				emptyName = int(i)
			}
		case i > 0 && (c < 0 || c == 0 && e.stage() <= prevStage):
			return nil, fmt.Errorf("%w: entry %d (%q) out of order", ErrIndexFormat, i, name)
		}
		spans = append(spans, [2]int{start, len(arena)})
		idx.entries = append(idx.entries, e)
		prev, prevStage = name, e.stage()
		off += n
	}
	names := string(arena)
	for i := range idx.entries {
		idx.entries[i].name = names[spans[i][0]:spans[i][1]]
	}
	for off < len(body) {
		if off+8 > len(body) {
			return nil, fmt.Errorf("%w: extension header truncated", ErrIndexFormat)
		}
		sig := string(body[off : off+4])
		size := int(binary.BigEndian.Uint32(body[off+4:]))
		off += 8
		if size < 0 || off+size > len(body) {
			return nil, fmt.Errorf("%w: extension %q truncated", ErrIndexFormat, sig)
		}
		payload := body[off : off+size]
		off += size
		switch sig {
		case "TREE":
			t, rest, err := parseCacheTree(payload)
			if err != nil {
				return nil, err
			}
			if len(rest) != 0 {
				return nil, fmt.Errorf("%w: %d stray bytes after the cache tree", ErrIndexFormat, len(rest))
			}
			idx.tree = t
		case "REUC":
			idx.reuc = append([]byte(nil), payload...)
		case "link":
			return nil, fmt.Errorf("%w: split index is not supported; run `git update-index --no-split-index`", ErrIndexFormat)
		case "sdir":
			return nil, fmt.Errorf("%w: sparse index is not supported; run `git sparse-checkout init --no-sparse-index`", ErrIndexFormat)
		default:
			if sig[0] < 'A' || sig[0] > 'Z' {
				return nil, fmt.Errorf("%w: unknown mandatory extension %q", ErrIndexFormat, sig)
			}
			idx.dropped = append(idx.dropped, sig)
		}
	}
	if emptyName >= 0 {
		return nil, fmt.Errorf("%w: entry %d has an empty name", ErrIndexFormat, emptyName)
	}
	return idx, nil
}

// encode writes the index in its version (2 and 3 chosen as git does: 3 only
// when an entry needs extended flags), with the checksum appended. The
// bytes are idx's scratch: valid until the next encode of idx.
func (idx *gitIndex) encode() []byte {
	version := idx.version
	if version == 2 || version == 3 {
		version = 2
		for i := range idx.entries {
			if idx.entries[i].flags&idxFlagExtended != 0 {
				version = 3
				break
			}
		}
	}
	size := indexHeaderLen + indexHashLen
	for i := range idx.entries {
		size += indexEntryFixed + 2 + len(idx.entries[i].name) + 8
	}
	buf := idx.scratch[:0]
	if cap(buf) < size {
		buf = make([]byte, 0, size+size/16)
	}
	buf = append(buf, indexSignature...)
	buf = binary.BigEndian.AppendUint32(buf, version)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(idx.entries)))
	prev := ""
	for i := range idx.entries {
		e := &idx.entries[i]
		start := len(buf)
		for _, v := range [...]uint32{e.ctimeSec, e.ctimeNsec, e.mtimeSec, e.mtimeNsec, e.dev, e.ino, e.mode, e.uid, e.gid, e.size} {
			buf = binary.BigEndian.AppendUint32(buf, v)
		}
		buf = append(buf, e.hash[:]...)
		flags := e.flags &^ idxFlagNameMask
		if len(e.name) < idxFlagNameMask {
			flags |= uint16(len(e.name))
		} else {
			flags |= idxFlagNameMask
		}
		buf = binary.BigEndian.AppendUint16(buf, flags)
		if flags&idxFlagExtended != 0 {
			buf = binary.BigEndian.AppendUint16(buf, e.extFlags)
		}
		if version == 4 {
			common := commonPrefix(prev, e.name)
			buf = appendIndexVarint(buf, uint64(len(prev)-common))
			buf = append(buf, e.name[common:]...)
			buf = append(buf, 0)
		} else {
			buf = append(buf, e.name...)
			pad := 8 - (len(buf)-start)%8 // at least one NUL
			buf = append(buf, make([]byte, pad)...)
		}
		prev = e.name
	}
	if idx.tree != nil {
		buf = appendExtension(buf, "TREE", idx.tree.appendTo(nil))
	}
	if idx.reuc != nil {
		buf = appendExtension(buf, "REUC", idx.reuc)
	}
	sum := sha1.Sum(buf)
	buf = append(buf, sum[:]...)
	idx.scratch = buf
	return buf
}

func appendExtension(buf []byte, sig string, payload []byte) []byte {
	buf = append(buf, sig...)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(payload)))
	return append(buf, payload...)
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// decodeIndexVarint reads git's offset varint (varint.c), which differs from
// LEB128: each continuation adds one before shifting. It returns the value and
// the bytes consumed, 0 when the input ends early or overflows.
func decodeIndexVarint(b []byte) (uint64, int) {
	if len(b) == 0 {
		return 0, 0
	}
	c := b[0]
	val := uint64(c & 127)
	i := 1
	for c&128 != 0 {
		if i >= len(b) || val+1 > (1<<57) {
			return 0, 0
		}
		val++
		c = b[i]
		i++
		val = val<<7 + uint64(c&127)
	}
	return val, i
}

func appendIndexVarint(buf []byte, v uint64) []byte {
	var tmp [16]byte
	pos := len(tmp) - 1
	tmp[pos] = byte(v & 127)
	for v >>= 7; v != 0; v >>= 7 {
		v--
		pos--
		tmp[pos] = 128 | byte(v&127)
	}
	return append(buf, tmp[pos:]...)
}

// parseCacheTree reads one node and its subtrees, returning the rest.
func parseCacheTree(b []byte) (*cacheTree, []byte, error) {
	bad := func(what string) (*cacheTree, []byte, error) {
		return nil, nil, fmt.Errorf("%w: malformed cache tree (%s)", ErrIndexFormat, what)
	}
	nul := bytes.IndexByte(b, 0)
	if nul < 0 {
		return bad("name")
	}
	t := &cacheTree{name: string(b[:nul])}
	b = b[nul+1:]
	sp := bytes.IndexByte(b, ' ')
	nl := bytes.IndexByte(b, '\n')
	if sp < 0 || nl < sp {
		return bad("counts")
	}
	var err error
	if t.count, err = strconv.Atoi(string(b[:sp])); err != nil {
		return bad("entry count")
	}
	if t.subtrees, err = strconv.Atoi(string(b[sp+1 : nl])); err != nil || t.subtrees < 0 {
		return bad("subtree count")
	}
	b = b[nl+1:]
	if t.count >= 0 {
		if len(b) < indexHashLen {
			return bad("hash")
		}
		copy(t.hash[:], b[:indexHashLen])
		b = b[indexHashLen:]
	}
	for i := 0; i < t.subtrees; i++ {
		var c *cacheTree
		if c, b, err = parseCacheTree(b); err != nil {
			return nil, nil, err
		}
		t.children = append(t.children, c)
	}
	return t, b, nil
}

func (t *cacheTree) appendTo(buf []byte) []byte {
	buf = append(buf, t.name...)
	buf = append(buf, 0)
	buf = strconv.AppendInt(buf, int64(t.count), 10)
	buf = append(buf, ' ')
	buf = strconv.AppendInt(buf, int64(len(t.children)), 10)
	buf = append(buf, '\n')
	if t.count >= 0 {
		buf = append(buf, t.hash[:]...)
	}
	for _, c := range t.children {
		buf = c.appendTo(buf)
	}
	return buf
}

// invalidate marks every node on path as stale and removes the subtree the
// path itself names, as git's cache_tree_invalidate_path does, so that the
// next `git commit` recomputes exactly those trees from the entries.
func (t *cacheTree) invalidate(path string) {
	node := t
	for {
		node.count = -1
		name, rest, more := strings.Cut(path, "/")
		i := node.child(name)
		if !more {
			if i >= 0 {
				node.children = append(node.children[:i], node.children[i+1:]...)
			}
			return
		}
		if i < 0 {
			return
		}
		node, path = node.children[i], rest
	}
}

func (t *cacheTree) child(name string) int {
	for i, c := range t.children {
		if c.name == name {
			return i
		}
	}
	return -1
}

// indexUpdate is the new state of one path: an entry to put in place, or a
// removal when remove is set.
type indexUpdate struct {
	name   string
	remove bool
	entry  indexEntry
}

// apply replaces the entries of the updated paths (every stage) and nothing
// else, except what git itself would have to drop to keep the index valid: a
// file entry where an added path needs a directory, and the entries under a
// directory an added path turns into a file. Racily clean entries are
// smudged first (see smudgeRacy); the cache tree is invalidated along every
// updated path.
func (idx *gitIndex) apply(updates []indexUpdate, indexMtime uint32) {
	idx.smudgeRacy(indexMtime)
	// Entries are sorted by name, so each path's entries (all stages) and the
	// entries below a folder are found by binary search: a commit costs
	// O(paths · log entries) here, not a look-up per entry.
	entries := idx.entries
	drop := make([]bool, len(entries))
	find := func(name string) int {
		return sort.Search(len(entries), func(i int) bool { return entries[i].name >= name })
	}
	mark := func(name string) {
		for i := find(name); i < len(entries) && entries[i].name == name; i++ {
			drop[i] = true
		}
	}
	for _, u := range updates {
		mark(u.name)
		if u.remove {
			continue
		}
		// A file entry at an ancestor of an added path must go, and so must
		// the entries below a folder the added path turns into a file.
		for i := strings.IndexByte(u.name, '/'); i >= 0; i = nextSlash(u.name, i) {
			mark(u.name[:i])
		}
		dir := u.name + "/"
		for i := find(dir); i < len(entries) && strings.HasPrefix(entries[i].name, dir); i++ {
			drop[i] = true
		}
	}
	var fresh []indexEntry
	for _, u := range updates {
		if !u.remove {
			e := u.entry
			e.name = u.name
			fresh = append(fresh, e)
		}
	}
	sort.Slice(fresh, func(i, j int) bool { return fresh[i].name < fresh[j].name })
	// The kept entries are sorted already and the fresh ones are stage 0 with
	// names no kept entry has: a merge keeps git's (name, stage) order.
	keep := make([]indexEntry, 0, len(idx.entries)+len(fresh))
	for i := range entries {
		e := &entries[i]
		if drop[i] {
			continue
		}
		for len(fresh) > 0 && fresh[0].name < e.name {
			keep = append(keep, fresh[0])
			fresh = fresh[1:]
		}
		keep = append(keep, *e)
	}
	keep = append(keep, fresh...)
	idx.entries = keep
	if idx.tree != nil {
		for _, u := range updates {
			idx.tree.invalidate(u.name)
		}
	}
}

func nextSlash(s string, i int) int {
	j := strings.IndexByte(s[i+1:], '/')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// smudgeRacy protects racily clean entries, as git's write path does. An
// entry whose mtime is not older than the index file (compared in whole
// seconds, the stricter of git's two rules) may have been changed after it
// was staged without its stat data showing it; git detects that by comparing
// with the index file's mtime, which rewriting the index would move forward.
// Setting the recorded size to 0 makes git re-read the file: the entry stays
// what it is (same blob), git only re-checks it.
func (idx *gitIndex) smudgeRacy(indexMtime uint32) {
	if indexMtime == 0 {
		return
	}
	for i := range idx.entries {
		e := &idx.entries[i]
		if e.mtimeSec >= indexMtime && e.stage() == 0 && e.mode&0o170000 != 0o160000 {
			e.size = 0
		}
	}
}
