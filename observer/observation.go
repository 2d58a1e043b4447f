// Package observer is the ingest side of a vault: the observation schema
// (SPEC §4), the append-only buffer agents and people write to, and the
// memorizer pipeline that turns buffered lines into committed documents.
package observer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault/doc"
)

// Limits of SPEC §4. Text over a limit is cut at a word boundary with a
// warning, not refused: losing the tail of a long note beats losing the note.
const (
	MaxBody        = 500  // characters (runes) of body
	MaxContext     = 1000 // characters of context
	MaxSourceQuote = 500  // characters of source_quote
	// MaxLineBytes bounds one buffer line. Past it a line is refused rather
	// than cut: a megabyte of JSON is a bug or an attack, never a memory, and
	// the buffer's readers must be able to hold one line in memory.
	MaxLineBytes = 1 << 20
	// maxName bounds the one-line identifiers (attribution, agent, entity
	// names and types, list items).
	maxName = 200
)

// The values of the enumerated fields.
const (
	BucketExplicit = "explicit" // a person said it
	BucketAmbient  = "ambient"  // an agent noticed it

	ScopeGlobal = "global"
	ScopeLocal  = "local" // pushed only to Observation.Agent

	OpResolve   = "resolve"
	OpSupersede = "supersede"
	OpReinforce = "reinforce"

	// SessionCLI is the session of lines written by people from the CLI.
	SessionCLI = "cli"
)

// Entity is something an observation is about: a person, a project, a tool.
type Entity struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Observation is one line of the buffer (SPEC §4). The field order is the
// order of the canonical line written by Marshal.
type Observation struct {
	// Timestamp is when it was said or noticed, normalized to UTC.
	Timestamp   time.Time `json:"timestamp"`
	Bucket      string    `json:"bucket"`
	Type        string    `json:"type"`
	Body        string    `json:"body"`
	Attribution string    `json:"attribution"`
	SessionID   string    `json:"session_id"`
	// Confidence and Importance are nil when the writer gave none: the
	// scorer then applies the bucket's defaults, which differ from any value
	// a zero could stand for.
	Confidence  *float64 `json:"confidence,omitempty"`
	Importance  *float64 `json:"importance,omitempty"`
	Context     string   `json:"context,omitempty"`
	SourceQuote string   `json:"source_quote,omitempty"`
	Entities    []Entity `json:"entities,omitempty"`
	Tags        []string `json:"tags,omitempty"`
	Files       []string `json:"files,omitempty"`
	RelatesTo   []string `json:"relates_to,omitempty"`
	// Scope is empty for the default, global.
	Scope string `json:"scope,omitempty"`
	Agent string `json:"agent,omitempty"`
	// Op is empty for an observation, else an operation on the existing
	// document named by ID.
	Op string `json:"op,omitempty"`
	ID string `json:"id,omitempty"`
}

// FieldError is a rule of SPEC §4 that one field breaks. Field is the JSON
// name, with an index for list items ("entities[1].name").
type FieldError struct {
	Field string
	Msg   string
}

func (e *FieldError) Error() string { return fmt.Sprintf("field %q: %s", e.Field, e.Msg) }

func fieldErr(field, format string, args ...any) error {
	return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// knownFields are the JSON names of Observation, in canonical order.
var knownFields = []string{
	"timestamp", "bucket", "type", "body", "attribution", "session_id",
	"confidence", "importance", "context", "source_quote", "entities",
	"tags", "files", "relates_to", "scope", "agent", "op", "id",
}

// ParseLine decodes one buffer line and checks it against every rule of
// SPEC §4. The JSON is read strictly: one object, no unknown or repeated
// field, no value of the wrong JSON type. An over-long body, context or
// source_quote is cut at a word boundary and reported in the warnings. The
// error is one line naming the field and the value. ParseLine never panics.
//
// Credentials are redacted from every text field (security layer 5), each
// reported in a warning naming the field and the rule.
func ParseLine(line []byte, tx *doc.Taxonomy) (Observation, []string, error) {
	o, warnings, redacted, err := parseLine(line, tx)
	return o, append(warnings, redactionWarnings(redacted)...), err
}

// parseLine is ParseLine with the redactions apart from the cuts.
func parseLine(line []byte, tx *doc.Taxonomy) (Observation, []string, []Finding, error) {
	var o Observation
	if err := decodeLine(line, &o); err != nil {
		return Observation{}, nil, nil, err
	}
	warnings, redacted, err := o.validate(tx)
	if err != nil {
		return Observation{}, nil, nil, err
	}
	return o, warnings, redacted, nil
}

// redactionWarnings says what was redacted where, in the form of the
// schema's other warnings (field "body": …).
func redactionWarnings(fs []Finding) []string {
	var w []string
	for _, f := range fs {
		w = append(w, fmt.Sprintf("field %q: a credential was redacted (%s)", f.Field, f.Rule))
	}
	return w
}

func decodeLine(line []byte, o *Observation) error {
	if len(line) > MaxLineBytes {
		return fmt.Errorf("line is %d bytes, over the limit of %d", len(line), MaxLineBytes)
	}
	line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf")) // a BOM from Windows tools
	if !utf8.Valid(line) {
		return errors.New("line is not valid UTF-8")
	}
	if len(bytes.TrimSpace(line)) == 0 {
		return errors.New("line is empty")
	}
	if !json.Valid(line) {
		return syntaxErr(line)
	}
	if first := bytes.TrimLeft(line, " \t\r\n"); first[0] != '{' {
		return errors.New("a line must be one JSON object {...}")
	}
	return eachMember(line, "", o.setField)
}

// syntaxErr explains why line is not one JSON value. It runs only on the
// failure path: the standard decoder finds the position and the reason.
func syntaxErr(line []byte) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		return jsonErr(err)
	}
	return errors.New("more than one JSON value on the line (one object per line)")
}

// The scanners below walk JSON already checked by json.Valid: one pass, no
// reflection, no allocation but the values handed out. The token API of
// encoding/json does the same walk four times slower.

// eachMember calls fn for each member of the valid JSON object data, in
// order. A repeated key is an error: with two "body" members a reader taking
// the first and one taking the last would see different lines.
func eachMember(data []byte, at string, fn func(key string, raw json.RawMessage) error) error {
	i := skipSpace(data, bytes.IndexByte(data, '{')+1)
	// Few members (fn refuses any unknown key): a linear search beats a map.
	var seen [20]string
	keys := seen[:0]
	for i < len(data) && data[i] != '}' {
		end := skipString(data, i)
		key, err := unquote(data[i:end])
		if err != nil {
			return err
		}
		i = skipSpace(data, end)
		i = skipSpace(data, i+1) // the colon
		vend := skipValue(data, i)
		raw := json.RawMessage(data[i:vend])
		if slices.Contains(keys, key) {
			return fieldErr(at+shortKey(key), "appears twice")
		}
		keys = append(keys, key)
		if err := fn(key, raw); err != nil {
			return err
		}
		i = skipSpace(data, vend)
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return nil
}

// eachElement calls fn for each element of the valid JSON array data.
func eachElement(data []byte, fn func(i int, raw json.RawMessage) error) error {
	i := skipSpace(data, bytes.IndexByte(data, '[')+1)
	for n := 0; i < len(data) && data[i] != ']'; n++ {
		end := skipValue(data, i)
		if err := fn(n, json.RawMessage(data[i:end])); err != nil {
			return err
		}
		i = skipSpace(data, end)
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return nil
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index just past the string starting at data[i].
func skipString(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(data)
}

// skipValue returns the index just past the value starting at data[i].
func skipValue(data []byte, i int) int {
	if i >= len(data) {
		return len(data)
	}
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
		depth := 0
		for i < len(data) {
			switch data[i] {
			case '"':
				i = skipString(data, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return len(data)
	}
	for i < len(data) && !isDelim(data[i]) {
		i++
	}
	return i
}

func isDelim(c byte) bool {
	return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\r' || c == '\n'
}

// unquote decodes a valid JSON string; most need no unescaping.
func unquote(raw []byte) (string, error) {
	if len(raw) >= 2 && bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1]), nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", jsonErr(err)
	}
	return s, nil
}

// shortKey keeps an unknown key readable in a one-line message.
func shortKey(k string) string {
	if c, cut := doc.CutWords(k, 40); cut {
		return c + "…"
	}
	return k
}

func jsonErr(err error) error {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("invalid JSON at byte %d: %v", se.Offset, se)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return errors.New("invalid JSON: the line ends inside the object")
	}
	return fmt.Errorf("invalid JSON: %v", err)
}

// jsonKind names the JSON type of a raw value for error messages.
func jsonKind(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

func isNull(raw json.RawMessage) bool { return string(raw) == "null" }

// setField decodes one raw value into its field. null is the same as absent.
func (o *Observation) setField(key string, raw json.RawMessage) error {
	if isNull(raw) {
		if !isKnownField(key) {
			return unknownField(key)
		}
		return nil
	}
	switch key {
	case "timestamp":
		s, err := rawString(key, raw)
		if err != nil {
			return err
		}
		t, err := ParseTimestamp(s)
		if err != nil {
			return fieldErr(key, "%v", err)
		}
		o.Timestamp = t
		return nil
	case "bucket":
		return setString(key, raw, &o.Bucket)
	case "type":
		return setString(key, raw, &o.Type)
	case "body":
		return setString(key, raw, &o.Body)
	case "attribution":
		return setString(key, raw, &o.Attribution)
	case "session_id":
		return setString(key, raw, &o.SessionID)
	case "confidence":
		return setScore(key, raw, &o.Confidence)
	case "importance":
		return setScore(key, raw, &o.Importance)
	case "context":
		return setString(key, raw, &o.Context)
	case "source_quote":
		return setString(key, raw, &o.SourceQuote)
	case "entities":
		return o.setEntities(raw)
	case "tags":
		return setStrings(key, raw, &o.Tags)
	case "files":
		return setStrings(key, raw, &o.Files)
	case "relates_to":
		return setStrings(key, raw, &o.RelatesTo)
	case "scope":
		return setString(key, raw, &o.Scope)
	case "agent":
		return setString(key, raw, &o.Agent)
	case "op":
		return setString(key, raw, &o.Op)
	case "id":
		return setString(key, raw, &o.ID)
	}
	return unknownField(key)
}

func isKnownField(key string) bool {
	for _, f := range knownFields {
		if f == key {
			return true
		}
	}
	return false
}

func unknownField(key string) error {
	msg := "is not a field of an observation"
	if s := doc.DidYouMean(key, knownFields); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return fieldErr(shortKey(key), "%s", msg)
}

func rawString(key string, raw json.RawMessage) (string, error) {
	if raw[0] != '"' {
		return "", fieldErr(key, "want a string, got %s", jsonKind(raw))
	}
	s, err := unquote(raw)
	if err != nil {
		return "", fieldErr(key, "%v", err)
	}
	return s, nil
}

func setString(key string, raw json.RawMessage, dst *string) error {
	s, err := rawString(key, raw)
	if err != nil {
		return err
	}
	*dst = s
	return nil
}

func setScore(key string, raw json.RawMessage, dst **float64) error {
	if jsonKind(raw) != "a number" {
		return fieldErr(key, "want a number from 0 to 1, got %s", jsonKind(raw))
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil {
		return fieldErr(key, "%s is out of range [0,1]", raw)
	}
	*dst = &f
	return nil
}

func setStrings(key string, raw json.RawMessage, dst *[]string) error {
	if raw[0] != '[' {
		return fieldErr(key, "want a list of strings, got %s", jsonKind(raw))
	}
	var out []string
	err := eachElement(raw, func(i int, it json.RawMessage) error {
		s, err := rawString(fmt.Sprintf("%s[%d]", key, i), it)
		out = append(out, s)
		return err
	})
	if err != nil {
		return err
	}
	*dst = out
	return nil
}

func (o *Observation) setEntities(raw json.RawMessage) error {
	const key = "entities"
	if raw[0] != '[' {
		return fieldErr(key, "want a list of {\"name\", \"type\"} objects, got %s", jsonKind(raw))
	}
	var out []Entity
	err := eachElement(raw, func(i int, it json.RawMessage) error {
		at := fmt.Sprintf("%s[%d]", key, i)
		if it[0] != '{' {
			return fieldErr(at, "want an object {\"name\", \"type\"}, got %s", jsonKind(it))
		}
		var e Entity
		err := eachMember(it, at+".", func(k string, v json.RawMessage) error {
			switch {
			case isNull(v) && (k == "name" || k == "type"):
				return nil
			case k == "name":
				return setString(at+".name", v, &e.Name)
			case k == "type":
				return setString(at+".type", v, &e.Type)
			}
			return fieldErr(at+"."+shortKey(k), "is not a field of an entity (name and type only)")
		})
		out = append(out, e)
		return err
	})
	if err != nil {
		return err
	}
	o.Entities = out
	return nil
}

// timestampLayouts are the ISO-8601 forms accepted, each with a time zone:
// without one an instant is ambiguous, and guessing the zone would move the
// memory by hours.
var timestampLayouts = []string{
	time.RFC3339Nano,                      // 2026-02-16T15:23:14.527Z, +02:00; also a decimal comma
	"2006-01-02T15:04:05.999999999Z0700",  // +0200
	"2006-01-02T15:04:05.999999999Z07",    // +02
	"2006-01-02 15:04:05.999999999Z07:00", // RFC 3339 allows a space
	"2006-01-02T15:04Z07:00",              // ISO-8601 without seconds
	"20060102T150405.999999999Z0700",      // ISO-8601 basic format
}

// ParseTimestamp parses an RFC 3339 / ISO-8601 date-time with a time zone
// and returns it in UTC. "yesterday", a bare date and a time without a zone
// are refused with the reason.
func ParseTimestamp(s string) (time.Time, error) {
	v := strings.TrimSpace(s)
	if v == "" {
		return time.Time{}, errors.New("is empty (want an RFC 3339 date-time such as 2026-02-16T15:23:14.527Z)")
	}
	// Go parses "t" and "z" only in upper case; ISO-8601 allows both.
	if len(v) > 10 && v[10] == 't' {
		v = v[:10] + "T" + v[11:]
	}
	if strings.HasSuffix(v, "z") {
		v = v[:len(v)-1] + "Z"
	}
	for _, layout := range timestampLayouts {
		if t, err := time.Parse(layout, v); err == nil {
			t = t.UTC()
			if !inRange(t) {
				return time.Time{}, fmt.Errorf("%s is out of range (%s)", doc.Excerpt(s), timeRange)
			}
			return t, nil
		}
	}
	if _, err := time.Parse("2006-01-02", v); err == nil {
		return time.Time{}, fmt.Errorf("%s is a date without a time (want an RFC 3339 date-time such as %sT00:00:00Z)", doc.Excerpt(s), v)
	}
	if _, err := time.Parse("2006-01-02T15:04:05.999999999", v); err == nil {
		return time.Time{}, fmt.Errorf("%s has no time zone (add Z for UTC or an offset such as +02:00)", doc.Excerpt(s))
	}
	return time.Time{}, fmt.Errorf("%s is not an RFC 3339 / ISO-8601 date-time (want e.g. 2026-02-16T15:23:14.527Z)", doc.Excerpt(s))
}

// timeRange says which instants a timestamp may name. The zero instant,
// 0001-01-01T00:00:00Z, is Go's "no time": a document created then has no
// created line, and the memorizer would refuse it. Past the year 9999 RFC
// 3339 has no spelling.
const timeRange = "after 0001-01-01T00:00:00Z and before the year 10000, in UTC"

func inRange(t time.Time) bool {
	return !t.IsZero() && t.Year() >= 1 && t.Year() <= 9999
}

// Validate checks o against every rule of SPEC §4 and normalizes it in place,
// exactly as ParseLine does for a line: text fields are trimmed, an over-long
// body, context or source_quote is cut at a word boundary (reported in the
// warnings), the timestamp is put in UTC and UUIDs in lower case. Use it for
// observations built from flags or by an API, so every way into the buffer
// obeys the same rules. Credentials are redacted from every text field
// (security layer 5) before o can reach the buffer, each reported in a
// warning.
func (o *Observation) Validate(tx *doc.Taxonomy) ([]string, error) {
	warnings, redacted, err := o.validate(tx)
	return append(warnings, redactionWarnings(redacted)...), err
}

func (o *Observation) validate(tx *doc.Taxonomy) ([]string, []Finding, error) {
	warnings, err := o.check(tx)
	if err != nil {
		return nil, nil, err
	}
	return warnings, redactObservation(o), nil
}

// check is Validate without the redaction.
func (o *Observation) check(tx *doc.Taxonomy) ([]string, error) {
	if tx == nil {
		return nil, errors.New("validate observation: no taxonomy")
	}
	if err := o.checkText(); err != nil {
		return nil, err
	}
	var warnings []string
	if o.Timestamp.IsZero() {
		return nil, fieldErr("timestamp", "required (an RFC 3339 date-time such as 2026-02-16T15:23:14.527Z)")
	}
	o.Timestamp = o.Timestamp.UTC()
	if !inRange(o.Timestamp) {
		return nil, fieldErr("timestamp", "%s is out of range (%s)", o.Timestamp.Format(time.RFC3339Nano), timeRange)
	}

	switch o.Bucket {
	case BucketExplicit, BucketAmbient:
	case "":
		return nil, fieldErr("bucket", "required (explicit or ambient)")
	default:
		return nil, fieldErr("bucket", "%s is not explicit or ambient", quoteShort(o.Bucket))
	}

	if err := checkType(o.Type, tx); err != nil {
		return nil, err
	}

	o.Body = strings.TrimSpace(o.Body)
	if o.Body == "" {
		return nil, fieldErr("body", "required and not empty")
	}
	o.Body = cut("body", o.Body, MaxBody, &warnings)

	o.Attribution = strings.TrimSpace(o.Attribution)
	if o.Attribution == "" {
		return nil, fieldErr("attribution", "required: who said or noticed it")
	}
	if err := checkName("attribution", o.Attribution); err != nil {
		return nil, err
	}

	sid, err := checkSession(o.SessionID)
	if err != nil {
		return nil, err
	}
	o.SessionID = sid

	if err := checkScore("confidence", o.Confidence); err != nil {
		return nil, err
	}
	if err := checkScore("importance", o.Importance); err != nil {
		return nil, err
	}

	o.Context = cut("context", strings.TrimSpace(o.Context), MaxContext, &warnings)
	o.SourceQuote = cut("source_quote", strings.TrimSpace(o.SourceQuote), MaxSourceQuote, &warnings)

	for i := range o.Entities {
		e := &o.Entities[i]
		at := fmt.Sprintf("entities[%d]", i)
		e.Name, e.Type = strings.TrimSpace(e.Name), strings.TrimSpace(e.Type)
		if e.Name == "" {
			return nil, fieldErr(at+".name", "required and not empty")
		}
		if e.Type == "" {
			return nil, fieldErr(at+".type", "required and not empty (person, project, tool, ...)")
		}
		if err := checkName(at+".name", e.Name); err != nil {
			return nil, err
		}
		if err := checkName(at+".type", e.Type); err != nil {
			return nil, err
		}
	}

	for i, tag := range o.Tags {
		at := fmt.Sprintf("tags[%d]", i)
		if err := checkName(at, tag); err != nil {
			return nil, err
		}
		if err := doc.ValidateTag(tag); err != nil {
			return nil, fieldErr(at, "%s: %v", quoteShort(tag), err)
		}
		if err := tx.CheckTagNamespace(tag); err != nil {
			return nil, fieldErr(at, "%v", err)
		}
	}
	for _, l := range []struct {
		name  string
		items []string
	}{{"files", o.Files}, {"relates_to", o.RelatesTo}} {
		for i, s := range l.items {
			at := fmt.Sprintf("%s[%d]", l.name, i)
			if strings.TrimSpace(s) == "" {
				return nil, fieldErr(at, "is empty")
			}
			if err := checkLine(at, s, 4096); err != nil {
				return nil, err
			}
		}
	}

	o.Agent = strings.TrimSpace(o.Agent)
	if o.Agent != "" {
		if err := checkName("agent", o.Agent); err != nil {
			return nil, err
		}
	}
	switch o.Scope {
	case "", ScopeGlobal:
	case ScopeLocal:
		if o.Agent == "" {
			return nil, fieldErr("scope", "local needs \"agent\": a local memory is pushed only to that agent")
		}
	default:
		return nil, fieldErr("scope", "%s is not global or local", quoteShort(o.Scope))
	}

	switch o.Op {
	case "":
		if o.ID != "" {
			return nil, fieldErr("id", "%s is set without \"op\" (id names the document an op acts on)", quoteShort(o.ID))
		}
	case OpResolve, OpSupersede, OpReinforce:
		if o.ID == "" {
			return nil, fieldErr("id", "required with op %q: the id (or an 8+ character prefix) of the document", o.Op)
		}
		id, err := checkDocID(o.ID)
		if err != nil {
			return nil, err
		}
		o.ID = id
	default:
		return nil, fieldErr("op", "%s is not resolve, supersede or reinforce", quoteShort(o.Op))
	}

	// Empty lists are absent: the canonical line omits them, and a line must
	// re-read as the same observation.
	if len(o.Entities) == 0 {
		o.Entities = nil
	}
	if len(o.Tags) == 0 {
		o.Tags = nil
	}
	if len(o.Files) == 0 {
		o.Files = nil
	}
	if len(o.RelatesTo) == 0 {
		o.RelatesTo = nil
	}
	return warnings, nil
}

// checkText refuses text that is not UTF-8 (a flag from a shell with another
// encoding): JSON would silently replace the bad bytes, and the stored line
// would not say what was given. It refuses a NUL too, before anything is
// appended: the line would only be quarantined later.
func (o *Observation) checkText() error {
	for _, f := range []struct{ name, v string }{
		{"bucket", o.Bucket}, {"type", o.Type}, {"body", o.Body},
		{"attribution", o.Attribution}, {"session_id", o.SessionID},
		{"context", o.Context}, {"source_quote", o.SourceQuote},
		{"scope", o.Scope}, {"agent", o.Agent}, {"op", o.Op}, {"id", o.ID},
	} {
		if !utf8.ValidString(f.v) {
			return fieldErr(f.name, "is not valid UTF-8")
		}
		// The one-line fields refuse every control character (checkLine);
		// the text fields keep the others, shown escaped, but a NUL makes
		// the document binary and the memorizer would quarantine the line.
		if strings.IndexByte(f.v, 0) >= 0 {
			return fieldErr(f.name, `holds a NUL character (\u0000): a memory is text`)
		}
	}
	for i, e := range o.Entities {
		if !utf8.ValidString(e.Name) || !utf8.ValidString(e.Type) {
			return fieldErr(fmt.Sprintf("entities[%d]", i), "is not valid UTF-8")
		}
	}
	for _, l := range []struct {
		name  string
		items []string
	}{{"tags", o.Tags}, {"files", o.Files}, {"relates_to", o.RelatesTo}} {
		for i, s := range l.items {
			if !utf8.ValidString(s) {
				return fieldErr(fmt.Sprintf("%s[%d]", l.name, i), "is not valid UTF-8")
			}
		}
	}
	return nil
}

func checkType(name string, tx *doc.Taxonomy) error {
	switch {
	case name == "":
		return fieldErr("type", "required (a type of the taxonomy, such as fact or decision)")
	case strings.EqualFold(name, doc.ReservedType):
		return fieldErr("type", "%q is reserved for staging and is never a stored type", name)
	}
	if _, ok := tx.Type(name); ok {
		return nil
	}
	msg := fmt.Sprintf("%s is not a type in the taxonomy", quoteShort(name))
	if s := doc.DidYouMean(name, tx.TypeNames()); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return fieldErr("type", "%s (see taxonomy.yml)", msg)
}

func checkScore(field string, v *float64) error {
	if v == nil {
		return nil
	}
	if math.IsNaN(*v) || *v < 0 || *v > 1 {
		return fieldErr(field, "%s is out of range [0,1]", formatFloat(*v))
	}
	if *v == 0 { // -0 reads back as 0; keep one spelling
		*v = 0
	}
	return nil
}

func formatFloat(f float64) string {
	b, err := json.Marshal(f)
	if err != nil { // NaN, ±Inf
		return fmt.Sprint(f)
	}
	return string(b)
}

// checkSession accepts "cli" or a UUID in the 8-4-4-4-12 form and returns it
// in lower case, so one session is spelled one way in the vault.
func checkSession(s string) (string, error) {
	switch {
	case s == SessionCLI:
		return s, nil
	case s == "":
		return "", fieldErr("session_id", "required (the agent's session UUID, or \"cli\")")
	case isUUID(s):
		return strings.ToLower(s), nil
	}
	return "", fieldErr("session_id", "%s is not a UUID (8-4-4-4-12 hex digits) or \"cli\"", quoteShort(s))
}

func isUUID(s string) bool { return len(s) == 36 && isUUIDPrefix(s) }

// isUUIDPrefix reports whether s is a prefix of the canonical form of some
// UUID: hex digits, with dashes at 8, 13, 18 and 23.
func isUUIDPrefix(s string) bool {
	if len(s) > 36 {
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
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// checkDocID checks the shape of a document id given to an op: a UUID or a
// prefix of 8+ characters of one. Whether it names a document is the
// memorizer's question, not the schema's.
func checkDocID(s string) (string, error) {
	if len(s) < 8 || !isUUIDPrefix(s) {
		return "", fieldErr("id", "%s is not a document id (a UUID, or its first 8+ characters)", quoteShort(s))
	}
	return strings.ToLower(s), nil
}

// checkName checks a one-line identifier.
func checkName(field, s string) error { return checkLine(field, s, maxName) }

func checkLine(field, s string, max int) error {
	if n := utf8.RuneCountInString(s); n > max {
		return fieldErr(field, "is %d characters long (at most %d)", n, max)
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return fieldErr(field, "%s must be one line without control characters", quoteShort(s))
		}
	}
	return nil
}

// quoteShort quotes s for an error message, shortened so a message stays one
// readable line whatever the input (doc.Excerpt, the one rule for echoes).
func quoteShort(s string) string { return doc.Excerpt(s) }

// cut shortens s to max characters at a word boundary and records a warning
// when it had to.
func cut(field, s string, max int, warnings *[]string) string {
	c, didCut := doc.CutWords(s, max)
	if didCut {
		*warnings = append(*warnings, fmt.Sprintf("field %q: %d characters, cut at a word boundary to %d (limit %d)",
			field, utf8.RuneCountInString(s), utf8.RuneCountInString(c), max))
	}
	return c
}

// Marshal returns the canonical line of o: compact JSON with the fields in
// schema order, absent fields omitted, no HTML escaping and no newline (the
// buffer adds it). Validate o first: Marshal does not check the rules.
func (o Observation) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(o); err != nil {
		return nil, fmt.Errorf("marshal observation: %w", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// LineError is an invalid line of a batch; Line counts from 1.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

func (e *LineError) Unwrap() error { return e.Err }

// BatchError lists the invalid lines of a batch, so a person can fix them
// all in one go. Lines holds at most maxBatchErrors of them; Invalid counts
// them all.
type BatchError struct {
	Lines   []*LineError
	Invalid int
}

const maxBatchErrors = 20

func (e *BatchError) Error() string {
	if len(e.Lines) == 0 {
		return "invalid batch"
	}
	if e.Invalid == 1 {
		return e.Lines[0].Error()
	}
	return fmt.Sprintf("%v (and %d more invalid lines)", e.Lines[0], e.Invalid-1)
}

// ParseLines reads JSON lines from r and parses each with ParseLine. Blank
// lines are skipped; a trailing "\r" is dropped. It returns the accepted
// observations and the warnings, each prefixed "line N: ". When any line is
// invalid the error is a *BatchError (and the observations must not be
// appended: a batch lands whole or not at all); a read failure is returned
// as it is.
func ParseLines(r io.Reader, tx *doc.Taxonomy) ([]Observation, []string, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var (
		obs      []Observation
		warnings []string
		bad      BatchError
	)
	for n := 1; ; n++ {
		line, tooLong, err := readLine(br)
		if err != nil && err != io.EOF {
			return nil, nil, fmt.Errorf("read line %d: %w", n, err)
		}
		eof := err == io.EOF
		line = bytes.TrimSuffix(line, []byte("\r"))
		switch {
		case tooLong:
			bad.add(n, fmt.Errorf("line is over the limit of %d bytes", MaxLineBytes))
		case len(bytes.TrimSpace(line)) == 0:
		default:
			o, ws, perr := ParseLine(line, tx)
			if perr != nil {
				bad.add(n, perr)
				break
			}
			obs = append(obs, o)
			for _, w := range ws {
				warnings = append(warnings, fmt.Sprintf("line %d: %s", n, w))
			}
		}
		if eof {
			break
		}
	}
	if bad.Invalid > 0 {
		return nil, nil, &bad
	}
	return obs, warnings, nil
}

func (e *BatchError) add(line int, err error) {
	e.Invalid++
	if len(e.Lines) < maxBatchErrors {
		e.Lines = append(e.Lines, &LineError{Line: line, Err: err})
	}
}

// readLine reads one line without its "\n". Past MaxLineBytes it reads on to
// the end of the line, keeping nothing, and reports tooLong: one huge line
// must not cost the memory of the whole of it. At the end of input it
// returns io.EOF with the last, unterminated, line.
func readLine(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > MaxLineBytes+1 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		switch err {
		case nil:
			return bytes.TrimSuffix(line, []byte("\n")), tooLong, nil
		case bufio.ErrBufferFull:
			continue
		}
		return line, tooLong, err
	}
}
