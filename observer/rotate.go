package observer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// Rotation of the buffer (SPEC §5): a buffer past RotateSize whose every line
// is accounted for is renamed observations.jsonl.1 (the older ones shift to
// .2 and .3, the oldest is dropped), and writers start a new file.
const (
	// RotateSize is the buffer size at which a fully processed buffer is
	// rotated.
	RotateSize = 2 << 20
	// RotatedBuffers is how many rotated buffers are kept.
	RotatedBuffers = 3
	// RotatedMaxBytes bounds the rotated buffers together: after a
	// rotation the oldest ones (never .1, the buffer just rotated) are
	// dropped while the kept ones hold more. A buffer rotates soon after it
	// passes RotateSize, so three fit; a burst that made one buffer huge
	// pushes the older ones out. Every line in them is accounted for
	// (memorized or quarantined): they are kept only to read back.
	RotatedMaxBytes = 4 * RotateSize
)

// QuarantineRotateSize is the size at which observer/quarantine.jsonl is
// renamed quarantine.jsonl.1 (replacing the one before): the two files
// together stay under twice this size, plus what one batch adds.
const QuarantineRotateSize = 4 << 20

// RotatedPath is the path of the n-th rotated buffer, observations.jsonl.n;
// 1 is the newest.
func RotatedPath(l vault.Layout, n int) string {
	return l.Buffer() + "." + strconv.Itoa(n)
}

// RotateResult says whether Rotate rotated the buffer, and when it did not,
// why.
type RotateResult struct {
	Rotated bool
	// Size is the buffer's size when it was looked at.
	Size int64
	// Reason explains a buffer left in place: "below size", "not fully
	// processed", "batch in staging", "no buffer".
	Reason string
}

// Rotate renames the buffer away when it holds at least minSize bytes and
// observer/state.json accounts for at least minSize bytes of it (same
// buffer identity, no batch in staging). Lines after the offset — writers
// that keep appending while the memorizer works — are carried over: when
// fewer than minSize bytes wait, they are copied into the new buffer, so a
// buffer under a steady stream rotates too. Everything happens under the
// buffer's append lock: a writer waiting on the lock then appends to the
// new buffer, and no line can land in the old file after the check. The
// state is reset to offset 0 of the new buffer; the totals and the last
// run are kept.
//
// Rotate must not run while a memorizer is inside a batch of this vault;
// the daemon calls it between batches.
func Rotate(ctx context.Context, l vault.Layout, minSize int64) (RotateResult, error) {
	return rotate(ctx, l, minSize, RotatedMaxBytes)
}

// rotate is Rotate with the bound on the rotated buffers' bytes.
func rotate(ctx context.Context, l vault.Layout, minSize, maxKept int64) (RotateResult, error) {
	b := NewBuffer(l)
	unlock, err := b.Lock(ctx)
	if err != nil {
		return RotateResult{}, fmt.Errorf("rotate: %w", err)
	}
	defer unlock()
	if _, err := rotateQuarantine(l, QuarantineRotateSize); err != nil {
		return RotateResult{}, fmt.Errorf("rotate: %w", err)
	}

	fi, err := os.Stat(l.Buffer())
	if errors.Is(err, fs.ErrNotExist) {
		return RotateResult{Reason: "no buffer"}, nil
	}
	if err != nil {
		return RotateResult{}, fmt.Errorf("rotate %s: %w", l.Buffer(), err)
	}
	res := RotateResult{Size: fi.Size()}
	if fi.Size() < minSize {
		res.Reason = "below size"
		return res, nil
	}
	st, warning, err := LoadState(l)
	if err != nil {
		return res, fmt.Errorf("rotate: %w", err)
	}
	id := bufferIDOf(fi)
	tail := fi.Size() - st.Offset
	if warning != "" || (st.Buffer != id && st.Buffer != (BufferID{})) || tail < 0 ||
		tail > 0 && (st.Offset < minSize || tail >= minSize || !endsLine(l.Buffer(), st.Offset)) {
		res.Reason = "not fully processed"
		return res, nil
	}
	busy, err := stagingBusy(l)
	if err != nil {
		return res, fmt.Errorf("rotate: %w", err)
	}
	if busy {
		res.Reason = "batch in staging"
		return res, nil
	}
	// A carried tail's temporary file that a crash left (nobody else
	// makes one while the lock is held).
	if stale, _ := filepath.Glob(filepath.Join(l.ObserverDir(), carryTempPrefix+"*")); len(stale) > 0 {
		for _, p := range stale {
			l.FS().Remove(p)
		}
	}

	// Oldest first, so every rename lands on a name already moved away;
	// renaming .2 over .3 drops the oldest buffer in the same step.
	for n := RotatedBuffers - 1; n >= 1; n-- {
		if err := l.FS().Rename(RotatedPath(l, n), RotatedPath(l, n+1)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return res, fmt.Errorf("rotate: %w", err)
		}
	}
	st.Buffer, st.Offset = BufferID{}, 0
	if tail == 0 {
		if err := l.FS().Rename(l.Buffer(), RotatedPath(l, 1)); err != nil {
			return res, fmt.Errorf("rotate: %w", err)
		}
	} else if st.Buffer, err = carryTail(l, fi, tail); err != nil {
		return res, fmt.Errorf("rotate: %w", err)
	}
	if err := vaultfs.SyncDir(l.ObserverDir()); err != nil {
		return res, fmt.Errorf("rotate: %w", err)
	}
	// A crash before this save is harmless: the state still names the old
	// buffer's identity, which the new buffer never has (the old file lives
	// on as .1), so the memorizer reads the new one from 0 — the carried
	// lines, none of which it had read.
	if err := SaveState(l, st); err != nil {
		return res, fmt.Errorf("rotate: %w", err)
	}
	res.Rotated = true
	if err := trimRotated(l, maxKept); err != nil {
		return res, fmt.Errorf("rotate: %w", err)
	}
	return res, nil
}

// trimRotated drops the oldest rotated buffers, never .1, while the kept
// ones hold more than maxKept bytes. A crash before it leaves a buffer too
// many until the next rotation, nothing worse.
func trimRotated(l vault.Layout, maxKept int64) error {
	sizes := make([]int64, RotatedBuffers+1)
	var total int64
	for n := 1; n <= RotatedBuffers; n++ {
		if fi, err := os.Stat(RotatedPath(l, n)); err == nil {
			sizes[n] = fi.Size()
			total += fi.Size()
		}
	}
	dropped := false
	for n := RotatedBuffers; n > 1 && total > maxKept; n-- {
		if sizes[n] == 0 {
			continue
		}
		if err := l.FS().Remove(RotatedPath(l, n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		total -= sizes[n]
		dropped = true
	}
	if !dropped {
		return nil
	}
	return vaultfs.SyncDir(l.ObserverDir())
}

// carryTempPrefix begins the name of carryTail's temporary file.
const carryTempPrefix = ".observations.jsonl.rotate-"

// carryTail rotates a buffer whose last tail bytes are not processed yet:
// the buffer is linked as .1, then a new buffer holding only the tail
// (written and synced beside it) replaces it in one rename. A crash leaves
// either the old buffer in place (also .1: a harmless copy) or the new
// one. It returns the new buffer's identity.
func carryTail(l vault.Layout, fi os.FileInfo, tail int64) (BufferID, error) {
	if err := l.FS().Link(l.Buffer(), RotatedPath(l, 1)); err != nil {
		return BufferID{}, err // no hard links here: the buffer stays as it is
	}
	src, err := os.Open(l.Buffer())
	if err != nil {
		return BufferID{}, err
	}
	defer src.Close()
	data := make([]byte, tail)
	if _, err := src.ReadAt(data, fi.Size()-tail); err != nil {
		return BufferID{}, err
	}
	f, err := l.FS().CreateTemp(l.ObserverDir(), carryTempPrefix+"*")
	if err != nil {
		return BufferID{}, err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(fi.Mode().Perm())
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = l.FS().Rename(tmp, l.Buffer())
	}
	if err != nil {
		l.FS().Remove(tmp)
		return BufferID{}, err
	}
	nfi, err := os.Stat(l.Buffer())
	if err != nil {
		return BufferID{}, err
	}
	return bufferIDOf(nfi), nil
}

// rotateQuarantine renames quarantine.jsonl to quarantine.jsonl.1 once it
// holds size bytes, between batches (the caller holds the append lock, and
// nothing is staged): every record is then of a batch accounted for, which
// is never replayed. (A replay after state.json is lost could record a
// line of the rotated file again: a duplicate record, never a lost line.)
// `cortex quarantine list` and `retry` see the current file.
func rotateQuarantine(l vault.Layout, size int64) (bool, error) {
	fi, err := os.Stat(l.Quarantine())
	if errors.Is(err, fs.ErrNotExist) || err == nil && fi.Size() < size {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if busy, err := stagingBusy(l); err != nil || busy {
		return false, err
	}
	if err := l.FS().Rename(l.Quarantine(), l.Quarantine()+".1"); err != nil {
		return false, err
	}
	return true, vaultfs.SyncDir(l.ObserverDir())
}

// stagingBusy reports whether a batch is staged: written but not yet
// accounted for (or left by a crash for recovery). Files in staging that
// the memorizer did not write do not count (see housekeep.go).
func stagingBusy(l vault.Layout) (bool, error) {
	_, err := os.Stat(manifestPath(l))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}
