package observer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

// State is the memorizer's record in observer/state.json: how far into the
// buffer it has accounted for every line, and the running totals that
// `cortex status` adds up.
type State struct {
	// Buffer identifies the buffer file Offset belongs to. When the buffer
	// is replaced (rotation, an editor, a restore) its identity changes and
	// reading starts again from 0: de-duplication makes a replay harmless.
	Buffer BufferID `json:"buffer"`
	// Offset is the byte offset just past the last line accounted for.
	Offset int64 `json:"offset"`
	// LastRun is when the memorizer last finished a batch.
	LastRun time.Time `json:"last_run,omitzero"`
	// Totals counts every line ever accounted for, by outcome.
	Totals Totals `json:"totals"`
	// BatchLines, when set, is the most lines the next batch takes, below
	// the configured size: quartered each time a batch is undone or a
	// memorizer dies, doubled back after each batch that commits, so that
	// a memorizer killed again and again still makes progress (see
	// Memorizer.shrinkBatch).
	BatchLines int `json:"batch_lines,omitempty"`

	// Security counts the credentials redacted, by rule and field. Unlike
	// Totals it is not carried in commit trailers: a batch recovered after
	// a crash may go uncounted.
	Security *SecurityTotals `json:"security,omitempty"`
}

// BufferID tells one buffer file from another: its device and inode where
// the system has them. Where it has none, the zero BufferID always matches
// and a replaced buffer is noticed only when it is shorter than the offset.
type BufferID struct {
	Dev   uint64 `json:"dev,omitempty"`
	Inode uint64 `json:"inode,omitempty"`
}

// Totals counts lines by what became of them. Lines = Memorized +
// Reinforced + Operations + Quarantined + Skipped.
type Totals struct {
	Lines       int64 `json:"lines"`
	Memorized   int64 `json:"memorized"`
	Reinforced  int64 `json:"reinforced"`
	Operations  int64 `json:"operations"`
	Quarantined int64 `json:"quarantined"`
	// Skipped counts empty lines.
	Skipped int64 `json:"skipped"`
}

// Add adds o to t.
func (t *Totals) Add(o Totals) {
	t.Lines += o.Lines
	t.Memorized += o.Memorized
	t.Reinforced += o.Reinforced
	t.Operations += o.Operations
	t.Quarantined += o.Quarantined
	t.Skipped += o.Skipped
}

// LoadState reads observer/state.json. A missing file is the zero state. A
// corrupt one is reset to the zero state and reported in warning, never an
// error: de-duplication makes reading the buffer again from 0 harmless.
func LoadState(l vault.Layout) (st State, warning string, err error) {
	data, err := os.ReadFile(l.State())
	if errors.Is(err, fs.ErrNotExist) {
		return State{}, "", nil
	}
	if err != nil {
		return State{}, "", fmt.Errorf("read state: %w", err)
	}
	if err := json.Unmarshal(data, &st); err != nil || st.Offset < 0 {
		why := "negative offset"
		if err != nil {
			why = err.Error()
		}
		return State{}, fmt.Sprintf("%s is corrupt (%s): starting again from offset 0", l.State(), why), nil
	}
	return st, "", nil
}

// SaveState writes observer/state.json atomically.
func SaveState(l vault.Layout, st State) error {
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("save state: %w", err)
	}
	if err := l.FS().MkdirAll(l.ObserverDir(), 0o755); err != nil {
		return fmt.Errorf("save state: %w", err)
	}
	return l.FS().WriteFile(l.State(), append(data, '\n'), 0o644)
}
