package observer

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// The buffer's offset names a place in one file: a vault copied with `cp
// -a`, restored from a backup or rsynced has a buffer with a new inode, and
// the memorizer reads it again from the start. echo recognises the line
// that created a document and the one that last reinforced it, not the
// reinforcements between: those would be counted again, as reinforcements
// that never happened (they count toward promotion). So every line the
// memorizer accounts for (but a quarantined one, whose retry must count)
// leaves its key — a hash of its raw bytes, the
// observation's timestamp and session among them — in observer/seen.keys,
// and a line whose key is there reinforces nothing, whatever its offset.
// (It is still counted and run through the rest of the pipeline as
// before: it creates nothing, de-duplication finds its document, and the
// totals rebuilt from a commit's trailers stay in step with the buffer.)
//
// The file holds the keys of the current buffer only (8 bytes a line:
// 800 KB for 100,000 lines), as a rotated buffer is never read again:
// rotation empties it. State.KeyedTo says how far into the buffer the keys
// go; a gap (a crash between a batch's commit and its keys, a vault from
// before the keys) is filled from the buffer before anything is read
// again.

// seenName is the key file's name in observer/.
const seenName = "seen.keys"

func seenPath(l vault.Layout) string { return filepath.Join(l.ObserverDir(), seenName) }

// lineKey is a buffer line's key.
func lineKey(data []byte) uint64 {
	s := sha256.Sum256(data)
	return binary.LittleEndian.Uint64(s[:8])
}

// seenLines is the key file as loaded: a daemon's memorizer keeps it and
// reads only what was appended since.
type seenLines struct {
	fs   vaultfs.Root // the vault's room: every write of the key file
	path string
	keys map[uint64]struct{}
	id   BufferID // the file's identity when loaded
	size int64    // bytes of it loaded
}

// sync brings s in step with the file: the whole file again when it was
// replaced or shortened, else only what was appended. A torn last record
// (a crash mid-append) is cut off.
func (s *seenLines) sync() error {
	f, err := os.Open(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		s.keys, s.id, s.size = map[uint64]struct{}{}, BufferID{}, 0
		return nil
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", s.path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("read %s: %w", s.path, err)
	}
	size := fi.Size()
	if torn := size % 8; torn != 0 {
		size -= torn
		if err := s.fs.Truncate(s.path, size); err != nil {
			return fmt.Errorf("repair %s: %w", s.path, err)
		}
	}
	if id := bufferIDOf(fi); s.keys == nil || id != s.id || size < s.size {
		s.keys, s.id, s.size = make(map[uint64]struct{}, size/8), id, 0
	}
	if size == s.size {
		return nil
	}
	buf := make([]byte, size-s.size)
	if _, err := f.ReadAt(buf, s.size); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("read %s: %w", s.path, err)
	}
	for i := 0; i+8 <= len(buf); i += 8 {
		s.keys[binary.LittleEndian.Uint64(buf[i:])] = struct{}{}
	}
	s.size = size
	return nil
}

// has reports whether ln was accounted for before. A line too long to keep
// has no key: it is quarantined again, which is idempotent.
func (s *seenLines) has(ln rawLine) bool {
	if ln.TooLong {
		return false
	}
	_, ok := s.keys[lineKey(ln.Data)]
	return ok
}

// add appends the keys of lines (one write) and remembers them.
func (s *seenLines) add(lines []rawLine) error {
	buf := make([]byte, 0, 8*len(lines))
	for _, ln := range lines {
		if ln.TooLong {
			continue
		}
		k := lineKey(ln.Data)
		if _, ok := s.keys[k]; ok {
			continue
		}
		s.keys[k] = struct{}{}
		buf = binary.LittleEndian.AppendUint64(buf, k)
	}
	if len(buf) == 0 {
		return nil
	}
	if err := s.sync(); err != nil { // another run may have appended or emptied it
		return err
	}
	f, err := s.fs.OpenFile(s.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("memorize: keys: %w", err)
	}
	_, err = f.Write(buf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("memorize: keys %s: %w", s.path, err)
	}
	return s.sync()
}

// forgetSeen empties the key file: the buffer it keyed was rotated away
// and is never read again.
func forgetSeen(l vault.Layout) error {
	if err := l.FS().Remove(seenPath(l)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("rotate: %w", err)
	}
	return nil
}

// healSeen fills the key file from the buffer up to st's offset when the
// keys stop short of it, and returns the state with KeyedTo moved there.
func (m *Memorizer) healSeen(st State) (State, error) {
	if st.KeyedTo >= st.Offset {
		return st, nil
	}
	v, err := statBuffer(m.l.Buffer())
	if err != nil || !v.Exists || (st.Buffer != (BufferID{}) && st.Buffer != v.ID) || v.Size < st.Offset {
		return st, err // another file: read again from 0, keyed as it goes
	}
	// A quarantined line stays unkeyed here too, as a batch leaves it: its
	// retry must count. Keyed, a line held while a person edited its
	// memory was skipped as an echo when sent again after their commit,
	// and its reinforcement was lost (the long harness run of session 14,
	// world 273: a `cortex process` killed between its commit and its
	// keys).
	if err := m.held.load(m.l); err != nil {
		return st, err
	}
	for off := st.KeyedTo; off < st.Offset; {
		lines, id, err := readLines(m.l.Buffer(), off, 10000, maxBatchBytes)
		if err != nil {
			return st, err
		}
		if id != v.ID || len(lines) == 0 {
			return st, nil
		}
		var in, keyed []rawLine
		for _, ln := range lines {
			if ln.End <= st.Offset {
				in = append(in, ln)
				if _, held := m.held.find(ln); !held {
					keyed = append(keyed, ln)
				}
			}
		}
		if len(in) == 0 {
			break
		}
		if err := m.seen.add(keyed); err != nil {
			return st, err
		}
		off = in[len(in)-1].End
	}
	st.KeyedTo = st.Offset
	if err := SaveState(m.l, st); err != nil {
		return st, err
	}
	m.log.Info("buffer keys filled in", "offset", st.Offset)
	return st, nil
}
