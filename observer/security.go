package observer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// The security layers of the memorizer (SPEC §5 step 3) as they apply to an
// observation: layer 3, instruction injection (injection.go), quarantines a
// line; layer 5, credentials (secrets.go), are redacted in place. Layers 1
// (schema), 2 (length caps) and 4 (trust) live with the schema and the
// scorer.

// Security layers, as findings and status name them.
const (
	LayerInjection   = "injection"
	LayerCredentials = "credentials"
)

// Finding is one security rule that fired on one field of an observation.
type Finding struct {
	Layer string `json:"layer"`
	Rule  string `json:"rule"`
	Field string `json:"field"`
}

func (f Finding) String() string { return fmt.Sprintf("%s on %s", f.Rule, f.Field) }

// Injection returns the first injection found in any of texts ("" when
// there is none), as "rule" or "rule via wrapping".
func Injection(texts ...string) string {
	for _, t := range texts {
		if f, ok := DetectInjection(t); ok {
			return f.String()
		}
	}
	return ""
}

// textField is one free-text field of an observation, by its schema name.
type textField struct {
	name string
	s    *string
}

// textFields lists every free text of o with its field name.
func textFields(o *Observation) []textField {
	t := []textField{{"body", &o.Body}, {"context", &o.Context}, {"source_quote", &o.SourceQuote},
		{"attribution", &o.Attribution}, {"agent", &o.Agent}}
	for i := range o.Entities {
		t = append(t, textField{fmt.Sprintf("entities[%d].name", i), &o.Entities[i].Name},
			textField{fmt.Sprintf("entities[%d].type", i), &o.Entities[i].Type})
	}
	for _, l := range []struct {
		name  string
		items []string
	}{{"tags", o.Tags}, {"files", o.Files}, {"relates_to", o.RelatesTo}} {
		for i := range l.items {
			t = append(t, textField{fmt.Sprintf("%s[%d]", l.name, i), &l.items[i]})
		}
	}
	return t
}

// observationTexts lists every free text of o, for the injection scan.
func observationTexts(o *Observation) []string {
	fs := textFields(o)
	t := make([]string, len(fs))
	for i, f := range fs {
		t[i] = *f.s
	}
	return t
}

// fieldBreak joins the fields for one scan: a line break and a sign that
// no rule reads across (not a space, not a letter).
const fieldBreak = "\n\u00b6\n"

// injectionIn returns the first injection in o's fields, with the field.
// The fields are scanned as one text (most observations hold none, and one
// scan costs less than ten); only a finding is traced back to its field.
func injectionIn(o *Observation) (Finding, bool) {
	fs := textFields(o)
	var all strings.Builder
	for _, f := range fs {
		if *f.s != "" {
			all.WriteString(*f.s)
			all.WriteString(fieldBreak)
		}
	}
	inj, ok := DetectInjection(all.String())
	if !ok {
		return Finding{}, false
	}
	for _, f := range fs {
		if one, ok := DetectInjection(*f.s); ok {
			return Finding{Layer: LayerInjection, Rule: one.String(), Field: f.name}, true
		}
	}
	// Found only across fields: name the rule, not a field.
	return Finding{Layer: LayerInjection, Rule: inj.String(), Field: "fields"}, true
}

// redactObservation replaces credentials in every text field of o and
// returns what fired where (nil when o holds none).
func redactObservation(o *Observation) []Finding {
	var found []Finding
	for _, f := range textFields(o) {
		r, rules := RedactCredentials(*f.s)
		if len(rules) == 0 {
			continue
		}
		*f.s = r
		for _, id := range rules {
			fd := Finding{Layer: LayerCredentials, Rule: id, Field: f.name}
			if !slices.Contains(found, fd) {
				found = append(found, fd)
			}
		}
	}
	return found
}

// RuleRedactedAtSource counts lines that reached the memorizer with their
// credentials already redacted: by observe, write or save_observation,
// which redact before the buffer line is written.
const RuleRedactedAtSource = "redacted-before-the-buffer"

// LayerTotals counts the findings of one security layer, by rule and by
// field.
type LayerTotals struct {
	Found   int64            `json:"found"`
	ByRule  map[string]int64 `json:"by_rule,omitempty"`
	ByField map[string]int64 `json:"by_field,omitempty"`
}

func (t *LayerTotals) add(rule, field string, n int64) {
	if t.ByRule == nil {
		t.ByRule, t.ByField = map[string]int64{}, map[string]int64{}
	}
	t.Found += n
	t.ByRule[rule] += n
	if field != "-" {
		t.ByField[field] += n
	}
}

// Add adds o to t.
func (t *LayerTotals) Add(o LayerTotals) {
	for r, n := range o.ByRule {
		if t.ByRule == nil {
			t.ByRule, t.ByField = map[string]int64{}, map[string]int64{}
		}
		t.ByRule[r] += n
	}
	for f, n := range o.ByField {
		t.ByField[f] += n
	}
	t.Found += o.Found
}

// SecurityTotals are state.json's running counts of the credentials the
// memorizer redacted (layer 5). Injections (layer 3) are counted from the
// quarantine, whose records name the rule and the field.
type SecurityTotals struct {
	Credentials LayerTotals `json:"credentials"`
}

func (t *SecurityTotals) add(f Finding) {
	if f.Layer == LayerCredentials {
		t.Credentials.add(f.Rule, f.Field, 1)
	}
}

// Add adds o to t.
func (t *SecurityTotals) Add(o SecurityTotals) { t.Credentials.Add(o.Credentials) }

// alreadyRedacted reports whether a text field of o holds [REDACTED].
func alreadyRedacted(o *Observation) bool {
	for _, f := range textFields(o) {
		if strings.Contains(*f.s, Redacted) {
			return true
		}
	}
	return false
}

// redactLine is a buffer line with its credentials redacted, for the
// quarantine. A JSON line has every string redacted as the text it stands
// for (escapes undone, so a quoted password inside a string is seen whole)
// and is written again compactly, in its order; a line that is not JSON is
// redacted as its escapes read when that finds a credential, else as it is.
func redactLine(data []byte) string {
	if out, ok := redactJSON(data); ok {
		return out
	}
	if u := jsonUnescape(string(data)); u != string(data) {
		if r, rules := RedactCredentials(u); len(rules) > 0 {
			return r
		}
	}
	raw, _ := RedactCredentials(string(data))
	return raw
}

// redactJSON rewrites one JSON value with every string redacted; ok is false
// when data is not exactly one JSON value.
func redactJSON(data []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var b strings.Builder
	// after says what separates the next token: in an object, keys and
	// values alternate.
	type frame struct {
		object bool
		n      int
	}
	var stack []frame
	sep := func() {
		if len(stack) == 0 {
			return
		}
		f := &stack[len(stack)-1]
		switch {
		case f.object && f.n%2 == 1:
			b.WriteByte(':')
		case f.n > 0:
			b.WriteByte(',')
		}
		f.n++
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", false
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				sep()
				stack = append(stack, frame{object: t == '{'})
			default:
				if len(stack) == 0 {
					return "", false
				}
				stack = stack[:len(stack)-1]
			}
			b.WriteRune(rune(t))
		case string:
			sep()
			if len(stack) == 0 || !stack[len(stack)-1].object || stack[len(stack)-1].n%2 == 0 {
				t, _ = RedactCredentials(t)
			}
			q, _ := json.Marshal(t)
			b.Write(bytes.ReplaceAll(bytes.ReplaceAll(bytes.ReplaceAll(q, []byte(`\u003c`), []byte("<")), []byte(`\u003e`), []byte(">")), []byte(`\u0026`), []byte("&")))
		default:
			sep()
			q, _ := json.Marshal(t)
			b.Write(q)
		}
	}
	if len(stack) != 0 || b.Len() == 0 {
		return "", false
	}
	return b.String(), true
}

// jsonUnescape undoes JSON's string escapes in s, as far as they parse.
func jsonUnescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'u':
			if i+4 < len(s) {
				if v, err := strconv.ParseUint(s[i+1:i+5], 16, 32); err == nil {
					b.WriteRune(rune(v))
					i += 4
					continue
				}
			}
			b.WriteString(`\u`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
