package observer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/cortex-vault/cortex/trust"
	"github.com/cortex-vault/cortex/vault"
)

// A vault copied with `cp -a` (restored from a backup, rsynced) has a
// buffer with a new identity, which the memorizer reads again from the
// start (seen.go). A line it had quarantined is left unkeyed there, since
// its retry must count; read again, it would run through the pipeline
// again, and one whose fate depends on the vault's state — a person's
// uncommitted edit of its document, an operation on an id not there yet,
// a document that could not be edited — could now be memorized, while its
// record still waits in the quarantine to be retried: the line would
// count twice. So a line the quarantine already holds, the same bytes at
// the same offset, stays the quarantine's: it is refused again with its
// record's reason, which AppendQuarantine does not record a second time.
// Lines refused for what they say (an injection, a review hold) keep their
// canonical form in the record and are refused again by the same checks.

// heldLines is the quarantine's records of buffer lines by offset, loaded
// again only when the file changes.
type heldLines struct {
	size     int64
	mod      time.Time
	byOffset map[int64][]QuarantineRecord
}

// find returns the record of ln, when the quarantine (as last loaded)
// holds ln's very bytes (credentials redacted, as a record keeps them) at
// ln's offset.
func (h *heldLines) find(ln rawLine) (QuarantineRecord, bool) {
	recs := h.byOffset[ln.Offset]
	if len(recs) == 0 {
		return QuarantineRecord{}, false
	}
	line := trust.RedactLine(ln.Data)
	for _, r := range recs {
		if r.Line == line {
			return r, true
		}
	}
	return QuarantineRecord{}, false
}

// load reads the quarantine when it changed since the last load: once a
// batch, so that a batch sees the records of the ones before it.
func (h *heldLines) load(l vault.Layout) error {
	fi, err := os.Stat(l.Quarantine())
	if errors.Is(err, fs.ErrNotExist) {
		h.size, h.mod, h.byOffset = 0, time.Time{}, nil
		return nil
	}
	if err != nil {
		return fmt.Errorf("quarantine: %w", err)
	}
	if h.byOffset != nil && fi.Size() == h.size && fi.ModTime().Equal(h.mod) {
		return nil
	}
	recs, err := readQuarantine(l)
	if err != nil {
		return err
	}
	h.byOffset = make(map[int64][]QuarantineRecord, len(recs))
	for _, r := range recs {
		if r.File == "" { // a staging file's record has no place in a buffer
			h.byOffset[r.Offset] = append(h.byOffset[r.Offset], r)
		}
	}
	h.size, h.mod = fi.Size(), fi.ModTime()
	return nil
}
