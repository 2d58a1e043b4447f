package observer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// Housekeeping of observer/ (SPEC §9: staging older than 7 days goes to
// quarantine; the quarantine and the old buffers stay bounded). It runs in
// the memorizer's recovery — before every run, between batches — and not in
// the sleep run: it needs the memorizer's quarantine writer and its lock,
// it must know that no batch is staged (recovery has just settled it), and
// it must bound the quarantine for `cortex process` alone too, without a
// daemon and without a nightly run.
//
// What can be left in staging. The memorizer stages a batch in one file,
// batch.json (written through a ".batch.json.tmp-*" temporary file), and
// recovery finishes or undoes that batch at the very next run, however old
// it is: its lines are still in the buffer, so it is never quarantined. A
// batch.json that no longer reads is damage from outside: recovery stops
// and asks a person, since moving it on a guess could duplicate documents.
// Everything else in observer/staging was not written by this memorizer — a
// note dropped there by a person or a script, an older layout's staged
// document — and nothing else would ever take it away. Such a file is left
// alone for StaleStagingAge after its last change, then moved into the
// quarantine as a record with reason stale_staging, its name and its bytes,
// and only then removed. A file that is not a regular file, or too large
// for a record, stays in place and is named in the log.

// StaleStagingAge is how long a file the memorizer did not write may stay
// in observer/staging before it is moved to the quarantine.
const StaleStagingAge = 7 * 24 * time.Hour

// ReasonStaleStaging is the reason of a quarantine record holding a file
// left in observer/staging (see StaleStagingAge).
const ReasonStaleStaging = "stale_staging"

// maxRecordBytes bounds one quarantine record's line: readQuarantine reads
// lines up to 2*MaxLineBytes (+64 KiB).
const maxRecordBytes = 2 * MaxLineBytes

// ownStaging reports whether name in observer/staging is the memorizer's:
// the manifest or one of its temporary files.
func ownStaging(name string) bool {
	return name == manifestName || strings.HasPrefix(name, "."+manifestName+".tmp-")
}

// HousekeepResult is what one housekeeping pass did.
type HousekeepResult struct {
	// Moved are the staging files moved to the quarantine.
	Moved []string
	// Left are staging entries too old that could not be moved, with why.
	Left []string
	// QuarantineRotated is set when quarantine.jsonl was renamed .1.
	QuarantineRotated bool
}

// housekeep moves stale staging files to the quarantine and keeps the
// quarantine within its bound. Nothing may be staged by the memorizer (the
// caller has just recovered, and holds the memorizer lock).
//
// Each file goes in three steps: its record appended to quarantine.jsonl and
// fsynced (under the buffer's append lock, skipped when a record with the
// same name and checksum is already in quarantine.jsonl or .1), the file
// removed once it still holds the same bytes, the folder synced. A kill
// between any two steps leaves the file in place, and the next pass finds
// its record and only removes it: one record per file, never none.
func housekeep(ctx context.Context, l vault.Layout, now time.Time) (HousekeepResult, error) {
	return housekeepUpTo(ctx, l, now, -1)
}

// housekeepUpTo is housekeep stopping, as a kill would, right after its
// crashAfter-th record is appended (tests; -1: never).
func housekeepUpTo(ctx context.Context, l vault.Layout, now time.Time, crashAfter int) (HousekeepResult, error) {
	var res HousekeepResult
	if fi, err := os.Stat(l.Quarantine()); err == nil && fi.Size() >= QuarantineRotateSize {
		rotated, err := withQuarantineLock(ctx, l, func() (bool, error) {
			return rotateQuarantine(l, QuarantineRotateSize)
		})
		if err != nil {
			return res, fmt.Errorf("housekeeping: %w", err)
		}
		res.QuarantineRotated = rotated
	}

	ents, err := os.ReadDir(l.Staging())
	if errors.Is(err, fs.ErrNotExist) {
		return res, nil
	}
	if err != nil {
		return res, fmt.Errorf("housekeeping: %w", err)
	}
	type stale struct {
		name string
		data []byte
		line []byte
		key  string
	}
	var todo []stale
	for _, e := range ents {
		if ownStaging(e.Name()) {
			continue
		}
		fi, err := e.Info()
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return res, fmt.Errorf("housekeeping: %w", err)
		}
		if now.Sub(fi.ModTime()) < StaleStagingAge {
			continue
		}
		if !fi.Mode().IsRegular() {
			res.Left = append(res.Left, e.Name()+": not a regular file")
			continue
		}
		if fi.Size() > maxRecordBytes { // its record could only be larger
			res.Left = append(res.Left, fmt.Sprintf("%s: %d bytes, too large for a quarantine record", e.Name(), fi.Size()))
			continue
		}
		data, err := os.ReadFile(filepath.Join(l.Staging(), e.Name()))
		if err != nil {
			res.Left = append(res.Left, fmt.Sprintf("%s: %v", e.Name(), err))
			continue
		}
		rec := staleRecord(e.Name(), data, fi.ModTime(), now)
		line, err := json.Marshal(rec)
		if err != nil {
			return res, fmt.Errorf("housekeeping: %w", err)
		}
		if len(line) > maxRecordBytes {
			res.Left = append(res.Left, fmt.Sprintf("%s: %d bytes, too large for a quarantine record", e.Name(), len(data)))
			continue
		}
		todo = append(todo, stale{e.Name(), data, line, staleKey(rec)})
	}
	if len(todo) == 0 {
		return res, nil
	}

	unlock, err := NewBuffer(l).Lock(ctx)
	if err != nil {
		return res, fmt.Errorf("housekeeping: %w", err)
	}
	defer unlock()
	have := map[string]bool{}
	for _, p := range []string{l.Quarantine() + ".1", l.Quarantine()} {
		recs, err := readQuarantineFile(p)
		if err != nil {
			return res, fmt.Errorf("housekeeping: %w", err)
		}
		for _, r := range recs {
			if r.File != "" {
				have[staleKey(r)] = true
			}
		}
	}
	for _, s := range todo {
		if !have[s.key] {
			if rotated, err := rotateQuarantine(l, QuarantineRotateSize); err != nil {
				return res, fmt.Errorf("housekeeping: %w", err)
			} else if rotated {
				res.QuarantineRotated = true
			}
			if err := appendQuarantineLines(l, append(s.line, '\n')); err != nil {
				return res, fmt.Errorf("housekeeping: %w", err)
			}
			have[s.key] = true
			if crashAfter--; crashAfter == 0 {
				return res, errCrash
			}
		}
		// Removed only while it holds the bytes just recorded: a file
		// rewritten meanwhile is new again (and its old bytes are in the
		// record).
		p := filepath.Join(l.Staging(), s.name)
		if cur, err := os.ReadFile(p); err != nil || !bytes.Equal(cur, s.data) {
			continue
		}
		if err := l.FS().Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return res, fmt.Errorf("housekeeping: %w", err)
		}
		res.Moved = append(res.Moved, s.name)
	}
	if err := vaultfs.SyncDir(l.Staging()); err != nil {
		return res, fmt.Errorf("housekeeping: %w", err)
	}
	return res, nil
}

// staleRecord is the quarantine record of a file left in staging: its
// bytes in Line when they are UTF-8 (JSON keeps them exactly), else in Data.
func staleRecord(name string, data []byte, mod, now time.Time) QuarantineRecord {
	rec := QuarantineRecord{
		Time:   now.UTC().Truncate(time.Millisecond),
		Reason: ReasonStaleStaging,
		Detail: fmt.Sprintf("observer/staging/%s was not written by the memorizer and was left there since %s (%d bytes): moved here; its content is this record's line",
			name, mod.UTC().Format(time.RFC3339), len(data)),
		File:   "observer/staging/" + name,
		SHA256: sum(data),
	}
	if utf8.Valid(data) {
		rec.Line = string(data)
	} else {
		rec.Data = data
		rec.Detail = strings.Replace(rec.Detail, "this record's line", "this record's data (base64: not UTF-8 text)", 1)
	}
	return rec
}

func staleKey(r QuarantineRecord) string { return r.File + "\x00" + r.SHA256 }

// StagedContent is the content of a stale_staging record: the file's bytes
// exactly as they were in observer/staging.
func (r QuarantineRecord) StagedContent() []byte {
	if r.Data != nil {
		return r.Data
	}
	return []byte(r.Line)
}

// withQuarantineLock runs f under the buffer's append lock, which guards
// quarantine.jsonl too.
func withQuarantineLock(ctx context.Context, l vault.Layout, f func() (bool, error)) (bool, error) {
	unlock, err := NewBuffer(l).Lock(ctx)
	if err != nil {
		return false, err
	}
	defer unlock()
	return f()
}

// logHousekeeping writes one line for a pass that moved or rotated
// something, and one for entries it had to leave.
func (m *Memorizer) logHousekeeping(res HousekeepResult) {
	if len(res.Moved) > 0 {
		m.log.Warn(fmt.Sprintf("housekeeping: moved %d file(s) left in observer/staging for %d days or more to the quarantine (see cortex quarantine list --reason %s)",
			len(res.Moved), int(StaleStagingAge.Hours()/24), ReasonStaleStaging), "files", strings.Join(res.Moved, ", "))
	}
	if res.QuarantineRotated {
		m.log.Info("housekeeping: quarantine.jsonl rotated to quarantine.jsonl.1 (the one before dropped)")
	}
	for _, s := range res.Left {
		if !m.leftWarned[s] {
			m.leftWarned[s] = true
			m.log.Warn("housekeeping: a file left in observer/staging stays there; move it away by hand", "file", s)
		}
	}
}
