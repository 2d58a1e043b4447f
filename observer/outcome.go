package observer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
)

// Span places appended lines in the buffer: the file they went to and the
// byte offsets where the first starts and the last ends (past its
// newline). A writer keeps it to learn, later, what became of its lines.
type Span struct {
	Buffer BufferID `json:"buffer"`
	Start  int64    `json:"start"`
	End    int64    `json:"end"`
}

// Fates of a line, as Outcome reports them.
const (
	FatePending     = "pending"     // not yet accounted for by the memorizer
	FateMemorized   = "memorized"   // became a new document
	FateReinforced  = "reinforced"  // matched a document already known and reinforced it
	FateKnown       = "known"       // the same observation was accounted for before (a replay): nothing changed
	FateOperation   = "applied"     // an op line, applied to its document
	FateQuarantined = "quarantined" // recorded in observer/quarantine.jsonl
	// FateUnknown: accounted for, but neither a quarantine record nor a
	// document tells what became of it (the buffer was replaced, or the
	// document was edited or removed since).
	FateUnknown = "unknown"
)

// Fate is what became of one buffer line.
type Fate struct {
	Fate string `json:"fate"`
	// Path and ID name the document the line created, reinforced or acted
	// on (empty for a quarantined or pending line).
	Path string `json:"path,omitempty"`
	ID   string `json:"id,omitempty"`
	// Reason and Detail are the quarantine record's.
	Reason string `json:"reason,omitempty"`
	Detail string `json:"detail,omitempty"`
}

// Accounted reports whether the memorizer has accounted for the line that
// ends at sp.End: observer/state.json is past it in the same buffer file,
// or the file is no longer the buffer (rotation moves a buffer away only
// once every line of it is accounted for).
func Accounted(l vault.Layout, sp Span) (bool, error) {
	st, warn, err := LoadState(l)
	if err != nil {
		return false, err
	}
	if warn == "" && (st.Buffer == sp.Buffer || st.Buffer == (BufferID{})) && st.Offset >= sp.End {
		return true, nil
	}
	if sp.Buffer == (BufferID{}) {
		return false, nil // no identities here: only the offset can tell
	}
	v, err := statBuffer(l.Buffer())
	if err != nil {
		return false, err
	}
	return !v.Exists || v.ID != sp.Buffer, nil
}

// Outcome tells what became of the buffer line at sp, once Accounted says
// the memorizer got to it: its quarantine record, else the document it
// created, reinforced or (an op) acted on, found through ix. line is the
// line as appended (the canonical line of an observation).
func Outcome(ctx context.Context, l vault.Layout, ix *index.Index, sp Span, line []byte) (Fate, error) {
	recs, err := ReadQuarantine(l)
	if err != nil {
		return Fate{}, err
	}
	for i := len(recs) - 1; i >= 0; i-- {
		r := recs[i]
		if r.Buffer == sp.Buffer && r.Offset == sp.Start {
			return Fate{Fate: FateQuarantined, Reason: r.Reason, Detail: r.Detail}, nil
		}
	}
	tx, err := doc.LoadTaxonomy(l.Root)
	if err != nil {
		return Fate{}, err
	}
	o, _, err := ParseLine(line, tx)
	if err != nil {
		// The memorizer would have quarantined it; the record is gone
		// (retried, or the file was cleared).
		return Fate{Fate: FateUnknown, Detail: err.Error()}, nil
	}
	redactObservation(&o) // the document holds the redacted text
	if o.Op != "" {
		docs, err := ix.ByIDPrefix(ctx, o.ID, 2)
		if err != nil {
			return Fate{}, err
		}
		if len(docs) != 1 {
			return Fate{Fate: FateUnknown, Detail: fmt.Sprintf("op %s: the id %s names %d documents now", o.Op, o.ID, len(docs))}, nil
		}
		return Fate{Fate: FateOperation, Path: docs[0].Path, ID: docs[0].ID}, nil
	}
	docs, err := ix.ByHash(ctx, doc.Hash(o.Body))
	if err != nil {
		return Fate{}, err
	}
	ts := toMillis(o.Timestamp)
	var reinforced, known *index.Doc
	for i := range docs {
		d := &docs[i]
		if d.CreatedMS == ts.UnixMilli() && d.SessionID == o.SessionID && d.Attribution == o.Attribution {
			return Fate{Fate: FateMemorized, Path: d.Path, ID: d.ID}, nil
		}
		if lr, err := time.Parse(time.RFC3339Nano, d.LastReinforced); err == nil && lr.Equal(ts) && reinforced == nil {
			reinforced = d
		}
		if known == nil {
			known = d
		}
	}
	switch {
	case reinforced != nil:
		return Fate{Fate: FateReinforced, Path: reinforced.Path, ID: reinforced.ID}, nil
	case known != nil:
		// Reinforced, then reinforced again by a later line; or a replay.
		return Fate{Fate: FateKnown, Path: known.Path, ID: known.ID}, nil
	}
	return Fate{Fate: FateUnknown, Detail: "no document has this body now (edited or removed since?)"}, nil
}

// AwaitOptions tune Await.
type AwaitOptions struct {
	// Memorizer is passed to Open when Await memorizes the line itself.
	Memorizer Options
	// Poll is how often state.json is looked at while another process
	// memorizes (default 25 ms).
	Poll time.Duration
	// Now is the clock of the daemon's heartbeat (default time.Now).
	Now func() time.Time
}

// PendingError is Await's answer when ctx ends before the line is
// accounted for. The line stays in the buffer: the memorizer will get to
// it.
type PendingError struct {
	// DaemonError is the running daemon's last failure, when it is
	// failing.
	DaemonError string
	Err         error
}

func (e *PendingError) Error() string {
	msg := "the line is still pending (it stays in the buffer and will be memorized)"
	if e.DaemonError != "" {
		msg += "; the daemon's last batch failed: " + e.DaemonError
	}
	return msg
}

func (e *PendingError) Unwrap() error { return e.Err }

// Await waits until the line at sp is accounted for (see Accounted); then
// Outcome tells what became of it. When a live daemon runs it waits for
// the daemon; when none does it runs the pipeline once itself (as `cortex
// process` does), or, while another process holds the memorizer, waits for
// that one. At ctx's end it returns a *PendingError.
func Await(ctx context.Context, l vault.Layout, sp Span, opts AwaitOptions) error {
	if opts.Poll <= 0 {
		opts.Poll = 25 * time.Millisecond
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	for {
		done, err := Accounted(l, sp)
		if err != nil || done {
			return err
		}
		info, known, _ := vault.ReadDaemonInfo(l)
		if !(known && info.Beating(opts.Now())) {
			if err := processOnce(ctx, l, opts.Memorizer); err != nil {
				return err
			}
			if done, err := Accounted(l, sp); err != nil || done {
				return err
			}
		}
		t := time.NewTimer(opts.Poll)
		select {
		case <-ctx.Done():
			t.Stop()
			pe := &PendingError{Err: ctx.Err()}
			if known && info.Stopped.IsZero() {
				pe.DaemonError = info.LastError
			}
			return pe
		case <-t.C:
		}
	}
}

// processOnce runs the memorizer over what is pending, unless another
// process holds the memorizer (a daemon starting, a `cortex process`):
// then it returns nil and the caller waits for that one.
func processOnce(ctx context.Context, l vault.Layout, opts Options) error {
	m, err := Open(ctx, l, opts)
	if err != nil {
		if memorizerBusy(l) || ctx.Err() != nil {
			return nil
		}
		return err
	}
	_, perr := m.Process(ctx)
	if cerr := m.Close(); cerr != nil && perr == nil {
		perr = cerr
	}
	if perr != nil && ctx.Err() == nil {
		return perr
	}
	return nil
}

// memorizerBusy reports whether another process holds the memorizer lock.
// It probes by taking the lock and letting go at once.
func memorizerBusy(l vault.Layout) bool {
	path := l.MemorizerLock()
	if _, err := os.Stat(filepath.Dir(path)); err != nil {
		return false
	}
	fl, err := l.FS().Flock(path, 0o600)
	if err != nil {
		return false
	}
	ok, err := fl.TryLock()
	if err != nil {
		return false
	}
	if ok {
		_ = fl.Unlock()
		return false
	}
	return true
}

// String is a one-line account of the fate for people and agents.
func (f Fate) String() string {
	var b strings.Builder
	b.WriteString(f.Fate)
	if f.Path != "" {
		fmt.Fprintf(&b, " %s", f.Path)
	}
	if f.Reason != "" {
		fmt.Fprintf(&b, " (%s: %s)", f.Reason, f.Detail)
	} else if f.Detail != "" {
		fmt.Fprintf(&b, " (%s)", f.Detail)
	}
	return b.String()
}
