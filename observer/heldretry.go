package observer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

// A line that would edit a document a person has uncommitted changes on
// waits in the quarantine as person_editing (SPEC §11). Nothing is wrong
// with the line: it only waits for the person, so once they commit (or
// drop) their change the memorizer sends it back into the buffer by
// itself, at the start of a run — every `cortex process`, every batch of
// the daemon (whose poll runs one at least every PollInterval) — exactly
// as `cortex quarantine retry` would: the line appended, then the record
// marked retried, so that it is sent once. Were a crash to fall between
// the two, the record is sent again and the second copy of the line is
// recognised (seen.go, echo) and counts nothing.

// heldCheck is what the last look at the quarantine found, so that a run
// with nothing held does not read the file again while it is unchanged.
type heldCheck struct {
	size  int64
	mtime time.Time
	// none is set when the file held no person_editing line waiting.
	none bool
}

// heldKey names a record by the place of its line in the buffer it came
// from: record numbers shift when the quarantine is bounded.
type heldKey struct {
	buffer BufferID
	offset int64
}

func keyOf(r QuarantineRecord) heldKey { return heldKey{r.Buffer, r.Offset} }

// heldPath is the document a person_editing record waits for: its Path,
// or, in a record written before Path was, the path its detail begins with.
func (r QuarantineRecord) heldPath() string {
	if r.Path != "" {
		return r.Path
	}
	p, _, ok := strings.Cut(r.Detail, ": skipped: "+gitstore.SkippedEditing)
	if !ok {
		return ""
	}
	return p
}

// retryHeld sends back into the buffer the person_editing lines whose
// document has no uncommitted change any more, and returns how many.
func (m *Memorizer) retryHeld(ctx context.Context) (int, error) {
	fi, err := os.Stat(m.l.Quarantine())
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("memorizer: %w", err)
	}
	if m.waiting.none && m.waiting.size == fi.Size() && m.waiting.mtime.Equal(fi.ModTime()) {
		return 0, nil
	}
	recs, err := readQuarantine(m.l)
	if err != nil {
		return 0, fmt.Errorf("memorizer: %w", err)
	}
	waiting := 0
	ready := map[heldKey]bool{}
	for _, r := range recs {
		if r.Reason != ReasonEditing || r.Retried != nil || m.heldRefused[keyOf(r)] {
			continue
		}
		path := r.heldPath()
		if path == "" {
			continue // no document named: left to a person's retry
		}
		waiting++
		dirty, err := m.git.Uncommitted(path)
		if err != nil {
			// Not a reason to hold back the lines behind it (a record
			// edited by hand may name no vault path at all): this one is
			// left to a person's retry, and said once.
			m.heldRefused[keyOf(r)] = true
			m.log.Warn("a line waiting for a person's commit: its document cannot be checked; left in the quarantine (cortex quarantine retry sends it)", "path", path, "err", err)
			continue
		}
		if !dirty {
			ready[keyOf(r)] = true
		}
	}
	m.waiting = heldCheck{size: fi.Size(), mtime: fi.ModTime(), none: waiting == 0}
	if len(ready) == 0 {
		return 0, nil
	}
	sent, refused, err := resendHeld(ctx, m.l, m.tx, m.cal, ready, m.now)
	for _, r := range refused {
		m.heldRefused[keyOf(r.rec)] = true
		m.log.Warn("a line that waited for a person's commit would be quarantined again; left in the quarantine (cortex quarantine retry --line sends a corrected one)",
			"record", r.err.Number, "reason", r.err.Reason, "detail", r.err.Msg)
	}
	if err != nil {
		return sent, fmt.Errorf("memorizer: %w", err)
	}
	if sent > 0 {
		m.log.Info("lines that waited for a person's commit sent again", "lines", sent)
	}
	return sent, nil
}

// refusedHeld is a held line that would be quarantined again.
type refusedHeld struct {
	rec QuarantineRecord
	err *RetryRefusedError
}

// resendHeld appends the lines of the records named by ready that are
// still person_editing and not retried, then marks them retried, all
// under the buffer's append lock (as RetryQuarantine does for one).
func resendHeld(ctx context.Context, l vault.Layout, tx *doc.Taxonomy, cal *vault.Calibration, ready map[heldKey]bool, now func() time.Time) (sent int, refused []refusedHeld, err error) {
	b := NewBuffer(l)
	unlock, err := b.Lock(ctx)
	if err != nil {
		return 0, nil, err
	}
	defer unlock()
	// Read again under the lock: a person's `cortex quarantine retry` may
	// have sent one meanwhile.
	recs, err := readQuarantine(l)
	if err != nil {
		return 0, nil, err
	}
	t := now().UTC().Truncate(time.Millisecond)
	for i, r := range recs {
		if r.Reason != ReasonEditing || r.Retried != nil || !ready[keyOf(r)] {
			continue
		}
		if _, _, err := resend(b, r, i+1, []byte(r.Line), false, tx, cal); err != nil {
			var re *RetryRefusedError
			if errors.As(err, &re) {
				refused = append(refused, refusedHeld{r, re})
				continue
			}
			return sent, refused, err
		}
		recs[i].Retried = &t
		sent++
	}
	if sent == 0 {
		return 0, refused, nil
	}
	if err := writeQuarantine(l, recs); err != nil {
		return sent, refused, fmt.Errorf("quarantine: %d line(s) sent again, but their records could not be marked retried: %w", sent, err)
	}
	return sent, refused, nil
}
