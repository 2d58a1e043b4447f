package observer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// RetryOptions tune RetryQuarantine.
type RetryOptions struct {
	// Line replaces the record's line: the corrected observation.
	Line []byte
	// Force sends a record already retried once more.
	Force bool
	// Approve lets a line held for review through: the record must be a
	// review hold, and is marked approved so the memorizer memorizes the
	// line instead of holding it again.
	Approve bool
	// Now stamps the record retried (default time.Now).
	Now func() time.Time
}

// RetryResult is what RetryQuarantine sent.
type RetryResult struct {
	// Record is the record as marked, with its number.
	Record QuarantineRecord
	Number int
	// Line is the line appended to the buffer (canonical JSON).
	Line []byte
	// Warnings are the cuts of over-long text, as `cortex observe` reports
	// them.
	Warnings []string
}

// RetryRefusedError is a retry that would be refused again: the line still
// fails validation or a security check. Nothing was changed.
type RetryRefusedError struct {
	Number int
	Reason string // the reason code it would be quarantined with
	Msg    string
}

func (e *RetryRefusedError) Error() string {
	return fmt.Sprintf("quarantine record %d: the line would be quarantined again (%s): %s", e.Number, e.Reason, e.Msg)
}

// RetryQuarantine sends the line of quarantine record n (numbered from 1,
// oldest first, as ReadQuarantine returns them), or its correction
// opts.Line, back into the buffer, and marks the record retried. The line
// goes through what `cortex observe` checks (the schema, the length caps)
// and through the memorizer's checks that depend only on the line
// (instruction injection, the importance threshold of calibration.yml): a
// line that fails one is refused with a *RetryRefusedError and nothing
// changes. A record already retried is refused unless opts.Force.
//
// Everything happens under the buffer's append lock, so a retry and the
// memorizer's quarantine records never overwrite one another. The line is
// appended before the record is marked: a crash between the two leaves a
// record that can be retried again, never a line lost, and the memorizer
// recognizes the same line read twice.
func RetryQuarantine(ctx context.Context, l vault.Layout, n int, opts RetryOptions) (RetryResult, error) {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	tx, err := doc.LoadTaxonomy(l.Root)
	if err != nil {
		return RetryResult{}, err
	}
	cal, _ := vault.LoadCalibration(l.Root)

	b := NewBuffer(l)
	unlock, err := b.Lock(ctx)
	if err != nil {
		return RetryResult{}, fmt.Errorf("quarantine retry: %w", err)
	}
	defer unlock()

	recs, err := readQuarantine(l)
	if err != nil {
		return RetryResult{}, err
	}
	if n < 1 || n > len(recs) {
		if len(recs) == 0 {
			return RetryResult{}, fmt.Errorf("quarantine retry: no record %d: the quarantine is empty", n)
		}
		return RetryResult{}, fmt.Errorf("quarantine retry: no record %d: there are %d (see cortex quarantine list)", n, len(recs))
	}
	rec := recs[n-1]
	if opts.Approve && rec.Reason != ReasonReview {
		return RetryResult{}, fmt.Errorf("quarantine approve: record %d was quarantined for %s, not held for review; correct it and use cortex quarantine retry", n, rec.Reason)
	}
	if opts.Approve && opts.Line != nil {
		return RetryResult{}, fmt.Errorf("quarantine approve: record %d: approval lets the held line through as it is; a corrected line goes through cortex quarantine retry --line", n)
	}
	if rec.Retried != nil && !opts.Force {
		return RetryResult{}, fmt.Errorf("quarantine retry: record %d was already retried on %s (--force sends it again)",
			n, rec.Retried.Local().Format(time.DateTime))
	}
	line := []byte(rec.Line)
	if opts.Line != nil {
		line = bytes.TrimSpace(opts.Line)
	}
	canon, warnings, err := resend(b, rec, n, line, opts.Line != nil, tx, cal)
	if err != nil {
		return RetryResult{}, err
	}
	t := now().UTC().Truncate(time.Millisecond)
	recs[n-1].Retried = &t
	if opts.Approve {
		recs[n-1].Approved = &t
	}
	if err := writeQuarantine(l, recs); err != nil {
		return RetryResult{}, fmt.Errorf("quarantine retry: the line was appended, but record %d could not be marked retried: %w", n, err)
	}
	return RetryResult{Record: recs[n-1], Number: n, Line: canon, Warnings: warnings}, nil
}

// resend checks line, the line of record rec (number n) or its correction
// (corrected), as RetryQuarantine describes, and appends it to the buffer
// b, whose lock the caller holds. It returns the line appended.
func resend(b *Buffer, rec QuarantineRecord, n int, line []byte, corrected bool, tx *doc.Taxonomy, cal *vault.Calibration) (canon []byte, warnings []string, err error) {
	o, warnings, err := ParseLine(line, tx)
	if err != nil {
		msg := err.Error()
		if rec.File != "" && !corrected {
			msg = fmt.Sprintf("the record holds %s, a file left in staging, not an observation (%s); its bytes are in cortex quarantine list --json; give the observation to send with --line", rec.File, msg)
		}
		return nil, nil, &RetryRefusedError{Number: n, Reason: parseReason(err), Msg: msg}
	}
	if f, ok := injectionIn(&o); ok {
		return nil, nil, &RetryRefusedError{Number: n, Reason: ReasonInjection,
			Msg: fmt.Sprintf("instruction injection (%s in %s); give the corrected line with --line", f.Rule, f.Field)}
	}
	if o.Op == "" {
		if sc := score(&o, cal); sc.Importance < cal.Threshold {
			return nil, nil, &RetryRefusedError{Number: n, Reason: ReasonBelowThreshold,
				Msg: fmt.Sprintf("importance %s is below the threshold %s of calibration.yml; raise \"importance\" with --line, or lower the threshold",
					formatFloat(sc.Importance), formatFloat(cal.Threshold))}
		}
	}
	canon, err = o.Marshal()
	if err != nil {
		return nil, nil, fmt.Errorf("quarantine retry: %w", err)
	}
	if err := checkBufferLine(canon); err != nil {
		return nil, nil, &RetryRefusedError{Number: n, Reason: ReasonTooLong, Msg: err.Error()}
	}
	if _, err := b.write(append(canon, '\n')); err != nil {
		return nil, nil, fmt.Errorf("quarantine retry: %w", err)
	}
	return canon, warnings, nil
}

// writeQuarantine replaces quarantine.jsonl with recs; the caller holds the
// buffer lock.
func writeQuarantine(l vault.Layout, recs []QuarantineRecord) error {
	var buf bytes.Buffer
	for _, r := range recs {
		line, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("quarantine: %w", err)
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	return l.FS().WriteFile(l.Quarantine(), buf.Bytes(), 0o600)
}
