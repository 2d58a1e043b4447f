// Package trust decides whether a text may be kept as a memory: the
// security layers of SPEC §5 step 3 that read text. Layer 3, instruction
// injection (Scan), refuses a text written to steer the agent that will
// read it; layer 5, credentials (Redact), replaces secrets in place. Check
// runs the scan over the named fields of one record and says which field
// and which parts fired.
//
// Every rule set is compiled on first use: a command that never reads a
// text (cortex --version, a hook) pays nothing for them.
package trust

import "strings"

// Field is one free text of a record, by its schema name ("body",
// "entities[0].name").
type Field struct {
	Name, Text string
}

// Source says who a record comes from. A trusted source — a person's own
// explicit note, or an attribution the calibration trusts — is not held
// for review; anyone else's directive to agents is.
type Source struct {
	Trusted bool
	// RulesOnly turns the learned scorer's hold off: only the rules hold
	// (calibration.yml `trust: learned_scorer: false`).
	RulesOnly bool
}

// Verdict is what Check found in a record. Injection is set when the
// record is an attack to refuse; Review when it reads as a directive to
// agents from a source not trusted, or the learned scorer (learned.go)
// scores a field of it at its threshold, to hold for a person. Both nil:
// keep.
type Verdict struct {
	Injection *FieldFinding
	Review    *FieldFinding
}

// FieldFinding is a finding and the field it was found in ("fields" when
// it was found only across fields).
type FieldFinding struct {
	Finding
	Field string
}

// fieldBreak joins the fields for one scan: a line break and a sign that
// no rule reads across (not a space, not a letter).
const fieldBreak = "\n\u00b6\n"

// Check scans the fields of one record. The fields are scanned as one text
// (most records hold nothing, and one scan costs less than ten); only a
// finding is traced back to its field.
func Check(fields []Field, src Source) Verdict {
	var all strings.Builder
	for _, f := range fields {
		if f.Text != "" {
			all.WriteString(f.Text)
			all.WriteString(fieldBreak)
		}
	}
	if inj, ok := Scan(all.String()); ok {
		return Verdict{Injection: traced(fields, Scan, inj)}
	}
	if src.Trusted {
		return Verdict{}
	}
	if rev, ok := Review(all.String()); ok {
		return Verdict{Review: traced(fields, Review, rev)}
	}
	// The learned scorer holds, never refuses, and only what the rules
	// keep from a source not trusted: the same gate as the review hold.
	if !src.RulesOnly {
		if f, ok := learnedHold(fields); ok {
			return Verdict{Review: f}
		}
	}
	return Verdict{}
}

// traced names the field that holds a finding made on all the fields.
func traced(fields []Field, scan func(string) (Finding, bool), all Finding) *FieldFinding {
	for _, f := range fields {
		if one, ok := scan(f.Text); ok {
			return &FieldFinding{Finding: one, Field: f.Name}
		}
	}
	// Found only across fields: name the finding, not a field.
	return &FieldFinding{Finding: all, Field: "fields"}
}
