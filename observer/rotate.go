package observer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"

	"github.com/cortex-vault/cortex/vault"
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
)

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
// observer/state.json accounts for all of it (same buffer identity, offset
// at its end, no batch in staging). Everything happens under the buffer's
// append lock: a writer waiting on the lock then creates and appends to a
// new buffer, and no line can land in the old file after the check that it
// was fully processed. The state is reset to offset 0 for the new buffer;
// the totals and the last run are kept.
//
// Rotate must not run while a memorizer is inside a batch of this vault;
// the daemon calls it between batches.
func Rotate(ctx context.Context, l vault.Layout, minSize int64) (RotateResult, error) {
	b := NewBuffer(l)
	unlock, err := b.Lock(ctx)
	if err != nil {
		return RotateResult{}, fmt.Errorf("rotate: %w", err)
	}
	defer unlock()

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
	if warning != "" || st.Offset != fi.Size() || (st.Buffer != id && st.Buffer != (BufferID{})) {
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

	// Oldest first, so every rename lands on a name already moved away;
	// renaming .2 over .3 drops the oldest buffer in the same step.
	for n := RotatedBuffers - 1; n >= 1; n-- {
		if err := os.Rename(RotatedPath(l, n), RotatedPath(l, n+1)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return res, fmt.Errorf("rotate: %w", err)
		}
	}
	if err := os.Rename(l.Buffer(), RotatedPath(l, 1)); err != nil {
		return res, fmt.Errorf("rotate: %w", err)
	}
	if err := vault.SyncDir(l.ObserverDir()); err != nil {
		return res, fmt.Errorf("rotate: %w", err)
	}
	// A crash before this save is harmless: the state still names the old
	// buffer's identity, which the new buffer never has (the old file lives
	// on as .1), so the memorizer reads the new one from 0.
	st.Buffer = BufferID{}
	st.Offset = 0
	if err := SaveState(l, st); err != nil {
		return res, fmt.Errorf("rotate: %w", err)
	}
	res.Rotated = true
	return res, nil
}

// stagingBusy reports whether observer/staging holds anything: a batch
// written but not yet accounted for (or one a crash left for recovery).
func stagingBusy(l vault.Layout) (bool, error) {
	entries, err := os.ReadDir(l.Staging())
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return len(entries) > 0, nil
}
