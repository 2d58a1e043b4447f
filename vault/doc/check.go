package doc

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Problem is one thing wrong with a document, at a file line.
type Problem struct {
	// Path is the file as given to Check (empty from Parse and Fix).
	Path string
	// Line is the file line, 1-based; 0 when the problem is the whole file.
	Line int
	// Field is the frontmatter field concerned, if any.
	Field string
	// Msg says what is wrong and, where there is one, how to fix it.
	Msg string
	// Fixable reports that Fix (`cortex validate --fix`, the pre-commit
	// hook) repairs it.
	Fixable bool
}

// String formats the problem as `path:line: message`.
func (p Problem) String() string {
	// One problem, one line: a newline in a file's name (or in an error
	// that names the file) must not start a line of its own.
	msg := OneLine(p.Msg)
	switch {
	case p.Path != "" && p.Line > 0:
		return fmt.Sprintf("%s:%d: %s", QuoteName(p.Path), p.Line, msg)
	case p.Path != "":
		return QuoteName(p.Path) + ": " + msg
	case p.Line > 0:
		return fmt.Sprintf("line %d: %s", p.Line, msg)
	}
	return msg
}

// WithPath sets Path on every problem (for those from Fix) and returns ps.
func WithPath(ps []Problem, rel string) []Problem {
	for i := range ps {
		ps[i].Path = rel
	}
	return ps
}

// The values the enumerated fields allow.
var (
	statusValues = []string{"active", "resolved", "outdated", "superseded", "archived"}
	scopeValues  = []string{"global", "local"}
	bucketValues = []string{"explicit", "ambient"}
)

// fixHint ends the message of a problem Fix repairs.
const fixHint = "(fixable: `cortex validate --fix`"

// Check validates a document (SPEC §6) and returns every problem found, in
// line order, each with its file line: the frontmatter present and valid
// YAML; the Cortex part complete; the type in the taxonomy and not
// `observation`; the category that of the type; the id a UUID; created an
// RFC 3339 time; source_hash the hash of the body; tags valid (§2, in the
// frontmatter and inline in the body); confidence and importance in [0, 1];
// status, scope and bucket allowed values; reinforced 0 or more; entities
// {name, type} items. Binary, non-UTF-8 and oversized files are problems,
// not failures. A nil taxonomy means the default one. Whether the id is
// unique in the vault is for the caller to check (Parsed.ID).
func Check(rel string, data []byte, tx *Taxonomy) []Problem {
	p, err := Parse(data)
	if err != nil {
		return []Problem{parseProblem(rel, err)}
	}
	return p.Check(rel, tx)
}

func parseProblem(rel string, err error) Problem {
	var pe *ParseError
	if errors.As(err, &pe) {
		return Problem{Path: rel, Line: pe.Line, Msg: pe.Msg}
	}
	return Problem{Path: rel, Msg: err.Error()}
}

// Check validates a parsed document; see the function Check.
func (p *Parsed) Check(rel string, tx *Taxonomy) []Problem {
	if tx == nil {
		tx = DefaultTaxonomy()
	}
	out := slices.Clone(p.problems)
	for i := range out {
		out[i].Path = rel
	}
	add := func(line int, field string, fixable bool, format string, args ...any) {
		if line <= 0 {
			line = p.openLine
		}
		out = append(out, Problem{Path: rel, Line: line, Field: field, Msg: fmt.Sprintf(format, args...), Fixable: fixable})
	}
	d := &p.Doc
	types := func() string { return strings.Join(tx.TypeNames(), ", ") }

	if p.missing(FieldID) {
		add(0, FieldID, true, "missing id %s adds a new one)", fixHint)
	} else if d.ID != "" && !IsUUID(d.ID) {
		add(p.Line(FieldID), FieldID, false, "id %q is not a UUID: delete the line and run `cortex validate --fix` for a new one", d.ID)
	}

	def, typeOK := tx.Type(d.Type)
	switch {
	case p.missing(FieldType):
		add(0, FieldType, false, "missing type: add type: with one of %s", types())
	case d.Type == "":
		// not text: reported while decoding
	case d.Type == ReservedType:
		add(p.Line(FieldType), FieldType, false, "type observation is reserved for the buffer and never stored: use one of %s", types())
	case !typeOK:
		hint := ""
		if s := DidYouMean(d.Type, tx.TypeNames()); s != "" {
			hint = fmt.Sprintf(" (did you mean %s?)", s)
		}
		add(p.Line(FieldType), FieldType, false, "type %q is not in the taxonomy%s: use one of %s, or declare it in taxonomy.yml", d.Type, hint, types())
	}

	switch {
	case p.missing(FieldCategory) && typeOK:
		add(0, FieldCategory, true, "missing category %s sets %s, the category of %s)", fixHint, def.Category, def.Name)
	case p.missing(FieldCategory):
		add(0, FieldCategory, false, "missing category: fix the type, then `cortex validate --fix` sets it")
	case d.Category == "":
	case typeOK && d.Category != def.Category:
		add(p.Line(FieldCategory), FieldCategory, false, "category %s does not match type %s, whose category is %s: write category: %s", d.Category, d.Type, def.Category, def.Category)
	case !typeOK && d.Category != Concept && d.Category != Entity && d.Category != Relation:
		add(p.Line(FieldCategory), FieldCategory, false, "category %q is not one of concept, entity, relation", d.Category)
	}

	if p.missing(FieldCreated) {
		add(0, FieldCreated, true, "missing created %s sets the current time)", fixHint)
	}

	if p.missing(FieldSourceHash) {
		add(0, FieldSourceHash, true, "missing source_hash %s computes it from the body)", fixHint)
	} else if d.SourceHash != "" && d.SourceHash != Hash(d.Body) {
		add(p.Line(FieldSourceHash), FieldSourceHash, true, "source_hash does not match the body %s recomputes it)", fixHint)
	}

	if f := p.field(FieldTags); f != nil && f.dup == 0 {
		if v := deref(f.val); v != nil && v.Kind == yaml.SequenceNode {
			for _, it := range v.Content {
				it = deref(it)
				if it == nil || it.Kind != yaml.ScalarNode || isNull(it) {
					continue
				}
				if err := ValidateTag(it.Value); err != nil {
					add(p.fileLine(it.Line), FieldTags, false, "tag %q: %v", it.Value, err)
				} else if err := tx.CheckTagNamespace(it.Value); err != nil {
					add(p.fileLine(it.Line), FieldTags, false, "%v", err)
				}
			}
		}
	}
	for _, t := range InlineTags(p.Body()) {
		if err := tx.CheckTagNamespace(t.Tag); err != nil {
			add(p.bodyLine+t.Line-1, "", false, "in the body: %v", err)
		}
	}

	for _, x := range []struct {
		name string
		v    *float64
	}{{FieldConfidence, d.Confidence}, {FieldImportance, d.Importance}} {
		if x.v != nil && (math.IsNaN(*x.v) || *x.v < 0 || *x.v > 1) {
			add(p.Line(x.name), x.name, false, "%s %s is out of range: use a number from 0 to 1", x.name, strconv.FormatFloat(*x.v, 'g', -1, 64))
		}
	}
	for _, x := range []struct {
		name, v string
		allowed []string
	}{{FieldStatus, d.Status, statusValues}, {FieldScope, d.Scope, scopeValues}, {FieldBucket, d.Bucket, bucketValues}} {
		if x.v != "" && !slices.Contains(x.allowed, x.v) {
			add(p.Line(x.name), x.name, false, "%s %q is not one of %s", x.name, x.v, strings.Join(x.allowed, ", "))
		}
	}
	if d.Reinforced < 0 {
		add(p.Line(FieldReinforced), FieldReinforced, false, "reinforced %d must be 0 or more", d.Reinforced)
	}
	if d.Sessions < 0 {
		add(p.Line(FieldSessions), FieldSessions, false, "sessions %d must be 0 or more", d.Sessions)
	}

	slices.SortStableFunc(out, func(a, b Problem) int { return a.Line - b.Line })
	return out
}

// missing reports whether a field is absent, null or empty text: what Fix
// may fill in. A value of the wrong kind is not missing.
func (p *Parsed) missing(name string) bool {
	f := p.field(name)
	if f == nil {
		return true
	}
	v := deref(f.val)
	return v == nil || v.Kind == yaml.ScalarNode && (isNull(v) || v.Value == "")
}

// IsUUID reports whether s is a UUID in its canonical 8-4-4-4-12 form.
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return false
			}
			continue
		}
		if _, ok := hexVal(c); !ok {
			return false
		}
	}
	return true
}

// TooLargeProblem is the problem of a file of size bytes, over
// MaxDocumentSize, found without reading it (a staged blob, a file on disk):
// the problem Parse reports when given its content.
func TooLargeProblem(rel string, size int64) Problem {
	return Problem{Path: rel, Msg: fmt.Sprintf("file is %s; a memory document may be at most %s",
		sizeString(int(min(size, 1<<50))), sizeString(MaxDocumentSize))}
}
