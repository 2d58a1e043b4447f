package doc

import (
	"crypto/sha256"
	"encoding/binary"
	"time"

	"github.com/google/uuid"
)

// NewID returns a new document id: a UUIDv7, ordered by creation time.
func NewID() string {
	return uuid.Must(uuid.NewV7()).String()
}

// IDAt returns the UUIDv7 of time t whose random bits are a hash of seed:
// the same t and seed always give the same id. For a document a program
// makes as part of a plan that may be made again after an interruption
// (the sleep cycle's rules files), so that the plan made again writes the
// same document; seed should name the document and its context well
// enough that no other document gets the id.
func IDAt(t time.Time, seed string) string {
	var u uuid.UUID
	h := sha256.Sum256([]byte(seed))
	copy(u[6:], h[:10])
	ms := uint64(t.UnixMilli())
	binary.BigEndian.PutUint16(u[0:2], uint16(ms>>32))
	binary.BigEndian.PutUint32(u[2:6], uint32(ms))
	u[6] = u[6]&0x0f | 0x70 // version 7
	u[8] = u[8]&0x3f | 0x80 // variant RFC 4122
	return u.String()
}

// Fix repairs the Cortex part of a document in place (SPEC §6), and nothing
// else: a missing id (newID, NewID when nil), a missing category (from the
// type), a missing created (now, in UTC, to the millisecond), a missing or
// stale source_hash (recomputed from the body). Each fix changes only the
// lines of its field (see Parsed.Set), so a note written by hand with just
// `type:` and a body comes out complete and otherwise unchanged. It returns
// the fixed content, the fields it changed, in order, and the problems that
// remain (as Check reports them, without a Path: see WithPath). When a fix
// cannot be made, the content is returned as it could be fixed so far.
func Fix(data []byte, tx *Taxonomy, now time.Time, newID func() string) (fixed []byte, changed []string, problems []Problem) {
	if tx == nil {
		tx = DefaultTaxonomy()
	}
	p, err := Parse(data)
	if err != nil {
		return data, nil, []Problem{parseProblem("", err)}
	}
	var failed []Problem
	try := func(name string, v any) {
		if err := p.Set(name, v); err != nil {
			line := p.Line(name)
			if line == 0 {
				line = p.openLine
			}
			failed = append(failed, Problem{Line: line, Field: name, Msg: "cannot fix " + name + ": " + err.Error()})
			return
		}
		changed = append(changed, name)
	}
	if p.missing(FieldID) {
		if newID == nil {
			newID = NewID
		}
		try(FieldID, newID())
	}
	if def, ok := tx.Type(p.Doc.Type); ok && p.missing(FieldCategory) {
		try(FieldCategory, def.Category)
	}
	if p.missing(FieldCreated) {
		try(FieldCreated, now.UTC().Truncate(time.Millisecond))
	}
	if h := Hash(p.Doc.Body); p.missing(FieldSourceHash) || p.Doc.SourceHash != "" && p.Doc.SourceHash != h {
		try(FieldSourceHash, h)
	}
	problems = p.Check("", tx)
	for _, f := range failed {
		for i := range problems {
			if problems[i].Field == f.Field {
				problems[i].Fixable = false
			}
		}
		problems = append(problems, f)
	}
	return p.Bytes(), changed, problems
}
