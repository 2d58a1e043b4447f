package observer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// DefaultLockTimeout bounds the wait for the buffer lock. An append holds the
// lock for one write and one fsync, milliseconds; a wait this long means a
// writer is stuck (a stopped process, a hung disk), and failing with a clear
// message beats hanging an agent's tool call.
const DefaultLockTimeout = 10 * time.Second

// Buffer is a vault's observation buffer, observer/observations.jsonl, and
// the side file locked around every change to it. Many processes append at
// once (agents, people, the MCP server) while the daemon reads and rotates:
// the lock makes each append land whole, in order, with nothing interleaved.
type Buffer struct {
	path     string
	lockPath string
	fs       vaultfs.Root
	// LockTimeout bounds the wait for the lock when the context has no
	// earlier deadline; zero means DefaultLockTimeout.
	LockTimeout time.Duration
}

// NewBuffer returns the buffer of the vault laid out by l.
func NewBuffer(l vault.Layout) *Buffer {
	return &Buffer{path: l.Buffer(), lockPath: l.BufferLock(), fs: l.FS()}
}

// Path is the buffer file's path.
func (b *Buffer) Path() string { return b.path }

// Lock takes the exclusive buffer lock, creating observer/ and the lock file
// when missing, and returns the function that releases it. Appends take it
// themselves; rotation must hold it while it renames the buffer, so no writer
// appends to a file that is being moved away. The wait ends at ctx's end or
// after LockTimeout, whichever comes first, with an error naming the lock.
func (b *Buffer) Lock(ctx context.Context) (unlock func() error, err error) {
	if err := ensureDir(b.fs, filepath.Dir(b.lockPath)); err != nil {
		return nil, fmt.Errorf("buffer lock: %w", err)
	}
	timeout := b.LockTimeout
	if timeout <= 0 {
		timeout = DefaultLockTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	// The lock file is never removed: removing a flock(2) file while another
	// process waits on it would let two writers hold "the" lock at once.
	fl, err := b.fs.Flock(b.lockPath, 0o600)
	if err != nil {
		return nil, fmt.Errorf("buffer lock: %w", err)
	}
	// Poll with a growing delay: a blocking flock cannot be cancelled, and
	// the lock is held so briefly that the first retries almost always win.
	delay := 50 * time.Microsecond
	for {
		ok, err := fl.TryLock()
		if err != nil {
			return nil, fmt.Errorf("buffer lock %s: %w", b.lockPath, err)
		}
		if ok {
			return fl.Unlock, nil
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return nil, fmt.Errorf("buffer lock %s: still held by another process after %v (a writer or the daemon is stuck?)", b.lockPath, timeout)
			}
			return nil, fmt.Errorf("buffer lock %s: %w", b.lockPath, ctx.Err())
		case <-t.C:
		}
		delay = min(delay*2, 5*time.Millisecond)
	}
}

// Append adds lines to the buffer, creating observer/ and the buffer when
// missing. Each line is one JSON object without a newline; Append ends each
// with "\n". The lines are checked before the lock is taken, and a bad one
// means nothing is appended. They then land in ONE write, so a batch is whole
// and contiguous in the buffer, and are synced to disk before Append returns.
//
// Append checks only what keeps the buffer readable (one JSON value per
// line); check the observation rules first with ParseLine or Validate.
func (b *Buffer) Append(ctx context.Context, lines ...[]byte) error {
	_, err := b.AppendAt(ctx, lines...)
	return err
}

// AppendAt is Append, and says where the lines landed: the buffer file's
// identity and the offsets of the first line's start and of the last
// line's end. With no lines it appends nothing and returns the zero Span.
func (b *Buffer) AppendAt(ctx context.Context, lines ...[]byte) (Span, error) {
	if len(lines) == 0 {
		return Span{}, nil
	}
	size := 0
	for i, ln := range lines {
		if err := checkBufferLine(ln); err != nil {
			return Span{}, fmt.Errorf("append to %s: line %d: %w", b.path, i+1, err)
		}
		size += len(ln) + 1
	}
	data := make([]byte, 0, size+1)
	for _, ln := range lines {
		data = append(data, ln...)
		data = append(data, '\n')
	}

	unlock, err := b.Lock(ctx)
	if err != nil {
		return Span{}, fmt.Errorf("append to %s: %w", b.path, err)
	}
	sp, werr := b.write(data)
	if uerr := unlock(); uerr != nil && werr == nil {
		werr = fmt.Errorf("append to %s: unlock %s: %w", b.path, b.lockPath, uerr)
	}
	return sp, werr
}

// write appends data under the lock. The file is opened afresh on every
// append, under the lock, so a rotation (which renames the file under the
// same lock) never leaves a writer appending to the old, moved file.
func (b *Buffer) write(data []byte) (Span, error) {
	_, statErr := os.Lstat(b.path)
	created := errors.Is(statErr, os.ErrNotExist)
	// Read access too: the last byte is checked before writing (see below).
	// 0600: raw lines may hold secrets that only the memorizer redacts.
	f, err := b.fs.OpenFile(b.path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return Span{}, fmt.Errorf("append to %s: %w", b.path, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return Span{}, fmt.Errorf("append to %s: %w", b.path, err)
	}
	start := fi.Size()
	// A writer that crashed mid-line (one that bypassed the CLI, or a full
	// disk) leaves a line without its newline; appending to it would glue
	// this batch onto garbage. End the broken line first, so it is
	// quarantined on its own and this batch survives.
	if start > 0 {
		var last [1]byte
		if _, err := f.ReadAt(last[:], start-1); err != nil && err != io.EOF {
			f.Close()
			return Span{}, fmt.Errorf("append to %s: %w", b.path, err)
		}
		if last[0] != '\n' {
			data = append([]byte{'\n'}, data...)
			start++ // the lines begin after the newline that ends the broken one
		}
	}
	sp := Span{Buffer: bufferIDOf(fi), Start: start, End: fi.Size() + int64(len(data))}
	if _, err := f.Write(data); err != nil {
		// Take back a partial write: a torn line is worse than none, and the
		// caller, told it failed, may retry.
		_ = f.Truncate(fi.Size())
		f.Close()
		return Span{}, fmt.Errorf("append to %s: %w", b.path, err)
	}
	if err := f.Sync(); err != nil {
		_ = f.Truncate(fi.Size())
		f.Close()
		return Span{}, fmt.Errorf("append to %s: sync: %w", b.path, err)
	}
	if err := f.Close(); err != nil {
		return Span{}, fmt.Errorf("append to %s: %w", b.path, err)
	}
	if created {
		// A new file survives a crash only once its folder entry is synced.
		if err := vaultfs.SyncDir(filepath.Dir(b.path)); err != nil {
			return Span{}, fmt.Errorf("append to %s: %w", b.path, err)
		}
	}
	return sp, nil
}

// checkBufferLine keeps the buffer one JSON value per line.
func checkBufferLine(ln []byte) error {
	switch {
	case len(bytes.TrimSpace(ln)) == 0:
		return errors.New("is empty")
	case bytes.ContainsAny(ln, "\r\n"):
		return errors.New("contains a line break")
	case len(ln) > MaxLineBytes:
		return fmt.Errorf("is %d bytes, over the limit of %d", len(ln), MaxLineBytes)
	case !json.Valid(ln):
		return errors.New("is not valid JSON")
	}
	return nil
}

// ensureDir creates dir when missing and syncs its parent, so the new folder
// outlives a crash along with what is written into it.
func ensureDir(vfs vaultfs.Root, dir string) error {
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := vfs.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return vaultfs.SyncDir(filepath.Dir(dir))
}

// Append appends lines to the buffer of the vault l; see Buffer.Append.
func Append(ctx context.Context, l vault.Layout, lines ...[]byte) error {
	return NewBuffer(l).Append(ctx, lines...)
}

// AppendObservations writes the canonical lines of observations already
// checked by ParseLine or Validate to the buffer of the vault l, in one
// append.
func AppendObservations(ctx context.Context, l vault.Layout, obs ...Observation) error {
	lines := make([][]byte, 0, len(obs))
	for _, o := range obs {
		ln, err := o.Marshal()
		if err != nil {
			return err
		}
		lines = append(lines, ln)
	}
	return Append(ctx, l, lines...)
}
