package observer

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

// Reason codes of quarantined lines.
const (
	ReasonMalformedJSON  = "malformed_json"  // not one JSON object
	ReasonInvalid        = "invalid"         // a rule of SPEC §4 failed
	ReasonInjection      = "injection"       // instruction injection (security layer 3)
	ReasonReview         = "review"          // a directive to agents from a source not trusted, held for a person
	ReasonBelowThreshold = "below_threshold" // importance under calibration's threshold
	ReasonUnknownID      = "unknown_id"      // an operation names no (or no single) document
	ReasonTooLong        = "line_too_long"   // a line over MaxLineBytes
	ReasonEditFailed     = "edit_failed"     // the document an op or a match names cannot be edited in place
	ReasonCheckFailed    = "check_failed"    // the document built would fail the pre-commit checks
	ReasonSymlink        = "symlink"         // the document's folder is (or goes through) a symbolic link
	ReasonEditing        = "person_editing"  // the document the line acts on has a person's uncommitted changes
	// ReasonStaleStaging (housekeep.go): a file left in observer/staging.
)

// QuarantineRecord is one line of observer/quarantine.jsonl: a buffer line
// that was not memorized, and why.
type QuarantineRecord struct {
	Time   time.Time `json:"time"`
	Reason string    `json:"reason"`
	// Detail is the one-line explanation (the failed field, the pattern).
	Detail string `json:"detail"`
	// Rule and Field name the security rule that refused the line and the
	// field it fired on (injections only).
	Rule  string `json:"rule,omitempty"`
	Field string `json:"field,omitempty"`
	// Line is the raw buffer line, without its newline.
	Line string `json:"line"`
	// Buffer and Offset place the line in the buffer it came from, so a
	// batch replayed after a crash never records it twice.
	Buffer BufferID `json:"buffer"`
	Offset int64    `json:"offset"`
	// Retried is set when the line was sent back through the pipeline by
	// `cortex quarantine retry`.
	Retried *time.Time `json:"retried,omitempty"`
	// Approved is set when a person let a line held for review through
	// (`cortex quarantine approve`): the memorizer memorizes that line
	// instead of holding it again.
	Approved *time.Time `json:"approved,omitempty"`
	// File, SHA256 and Data belong to a record of a file left in staging
	// (reason stale_staging): its path in the vault, the checksum of its
	// bytes, and the bytes themselves when they are not UTF-8 text (Line
	// holds them otherwise). See StagedContent.
	File   string `json:"file,omitempty"`
	SHA256 string `json:"sha256,omitempty"`
	Data   []byte `json:"data,omitempty"`
}

// AppendQuarantine appends records to observer/quarantine.jsonl under the
// buffer's append lock, skipping any already recorded for the same buffer
// and offset, and fsyncs. A record of the same line at the same offset of
// another buffer is the same line too: a vault copied with `cp -a` (or
// restored, or rsynced) has a buffer with a new identity, which the
// memorizer reads again from the start, and a quarantined line is left
// unkeyed there (seen.go), so it is refused again — once in the record.
func AppendQuarantine(ctx context.Context, l vault.Layout, recs ...QuarantineRecord) error {
	if len(recs) == 0 {
		return nil
	}
	unlock, err := NewBuffer(l).Lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	have, err := readQuarantine(l)
	if err != nil {
		return err
	}
	type key struct {
		b BufferID
		o int64
	}
	type copied struct {
		o    int64
		line string
	}
	seen := make(map[key]bool, len(have))
	again := make(map[copied]bool, len(have))
	for _, r := range have {
		if r.File == "" { // a staging file's record has no place in a buffer
			seen[key{r.Buffer, r.Offset}] = true
			again[copied{r.Offset, r.Line}] = true
		}
	}
	var buf bytes.Buffer
	for _, r := range recs {
		if seen[key{r.Buffer, r.Offset}] || r.File == "" && again[copied{r.Offset, r.Line}] {
			continue
		}
		seen[key{r.Buffer, r.Offset}] = true
		if r.File == "" {
			again[copied{r.Offset, r.Line}] = true
		}
		line, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("quarantine: %w", err)
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	return appendQuarantineLines(l, buf.Bytes())
}

// appendQuarantineLines appends whole record lines to quarantine.jsonl and
// fsyncs; the caller holds the buffer lock.
func appendQuarantineLines(l vault.Layout, lines []byte) error {
	if len(lines) == 0 {
		return nil
	}
	f, err := l.FS().OpenFile(l.Quarantine(), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("quarantine: %w", err)
	}
	if _, err := f.Write(lines); err != nil {
		f.Close()
		return fmt.Errorf("quarantine %s: %w", l.Quarantine(), err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("quarantine %s: %w", l.Quarantine(), err)
	}
	return f.Close()
}

// ReadQuarantine returns every quarantine record, oldest first. Records are
// numbered from 1 in this order by `cortex quarantine list` and `retry`.
func ReadQuarantine(l vault.Layout) ([]QuarantineRecord, error) {
	return readQuarantine(l)
}

func readQuarantine(l vault.Layout) ([]QuarantineRecord, error) {
	return readQuarantineFile(l.Quarantine())
}

// readQuarantineFile reads the records of quarantine.jsonl or of its
// rotated copy; a missing file holds none.
func readQuarantineFile(path string) ([]QuarantineRecord, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("quarantine: %w", err)
	}
	defer f.Close()
	var out []QuarantineRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), MaxLineBytes*2+64*1024)
	n := 0
	for sc.Scan() {
		n++
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var r QuarantineRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s:%d: not a quarantine record: %v", path, n, err)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("quarantine %s: %w", path, err)
	}
	return out, nil
}

// RewriteQuarantine replaces observer/quarantine.jsonl with recs, under the
// buffer's append lock (used to mark records retried).
func RewriteQuarantine(ctx context.Context, l vault.Layout, recs []QuarantineRecord) error {
	unlock, err := NewBuffer(l).Lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	return writeQuarantine(l, recs)
}
