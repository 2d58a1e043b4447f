package doc

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// TimeLayout is how the frontmatter writes times: RFC 3339, UTC,
// milliseconds.
const TimeLayout = "2006-01-02T15:04:05.000Z07:00"

// Render writes d in the D21 layout (SPEC §2): the Cortex part, a blank
// line, `# ---`, a blank line, the application fields that are set in SPEC
// order, the unknown fields, the closing `---`, a blank line and the body.
// Fields left empty (zero, nil) are not written, in either part.
// The same document always gives the same bytes: 2-space indentation, id,
// session_id and free text double-quoted, other text plain when YAML reads
// it back unchanged, numbers with a decimal point, times in UTC with
// milliseconds (finer precision is dropped). Unknown fields are written by
// yaml.v3 after the known ones (one it cannot write comes out as null).
// Parse(Render(d)) gives back d.
func Render(d *Document) []byte {
	body := normBody(d.Body)
	b := make([]byte, 0, 640+len(body))
	b = append(b, "---\n"...)
	b = appendTextField(b, FieldID, d.ID, true)
	b = appendTextField(b, FieldType, d.Type, false)
	b = appendTextField(b, FieldCategory, string(d.Category), false)
	if !d.Created.IsZero() {
		b = appendTimeField(b, FieldCreated, d.Created)
	}
	b = appendTextField(b, FieldSourceHash, d.SourceHash, false)
	b = append(b, "\n# ---\n\n"...)
	b = appendTextField(b, FieldTitle, d.Title, true)
	b = appendTextField(b, FieldBucket, d.Bucket, false)
	b = appendTextField(b, FieldAttribution, d.Attribution, false)
	if d.Confidence != nil {
		b = appendFloatField(b, FieldConfidence, *d.Confidence)
	}
	if d.Importance != nil {
		b = appendFloatField(b, FieldImportance, *d.Importance)
	}
	b = appendEntitiesField(b, FieldEntities, d.Entities)
	b = appendTextField(b, FieldContext, d.Context, true)
	b = appendTextField(b, FieldSourceQuote, d.SourceQuote, true)
	b = appendTextField(b, FieldSessionID, d.SessionID, true)
	b = appendListField(b, FieldTags, d.Tags)
	b = appendListField(b, FieldAliases, d.Aliases)
	b = appendTextField(b, FieldStatus, d.Status, false)
	if d.LastReinforced != nil {
		b = appendTimeField(b, FieldLastReinforced, *d.LastReinforced)
	}
	if d.Reinforced != 0 {
		b = appendIntField(b, FieldReinforced, d.Reinforced)
	}
	b = appendListField(b, FieldRelatesTo, d.RelatesTo)
	b = appendTextField(b, FieldSupersedes, d.Supersedes, false)
	b = appendTextField(b, FieldSupersededBy, d.SupersededBy, false)
	b = appendTextField(b, FieldPromotedTo, d.PromotedTo, false)
	b = appendTextField(b, FieldScope, d.Scope, false)
	b = appendTextField(b, FieldAgent, d.Agent, false)
	b = appendListField(b, FieldFiles, d.Files)
	if d.Sessions != 0 {
		b = appendIntField(b, FieldSessions, d.Sessions)
	}
	b = appendListField(b, FieldSeenSessions, d.SeenSessions)
	b = appendListField(b, FieldSeenAgents, d.SeenAgents)
	for _, f := range d.Extra {
		if IsKnownField(f.Name) {
			continue // a known field is written from its typed value only
		}
		b, _ = appendNodeField(b, f.Name, f.Value)
	}
	b = append(b, "---\n"...)
	if body != "" {
		b = append(b, '\n')
		b = append(b, body...)
		b = append(b, '\n')
	}
	return b
}

// renderField writes `name: value` the way Render does, for Set. del
// reports that value means "not set" (nil, empty text or list, zero time).
func renderField(name string, value any) (out []byte, del bool, err error) {
	if value == nil {
		return nil, true, nil
	}
	kind, known := kindOf(name)
	if !known {
		return renderUnknown(name, value)
	}
	bad := func(want string) error {
		return fmt.Errorf("field %s takes %s, not %T", name, want, value)
	}
	switch kind {
	case kindText, kindQuoted:
		var s string
		switch v := value.(type) {
		case string:
			s = v
		case Category:
			s = string(v)
		default:
			return nil, false, bad("a string")
		}
		if s == "" {
			return nil, true, nil
		}
		return appendTextField(nil, name, s, kind == kindQuoted), false, nil
	case kindFloat:
		var f float64
		switch v := value.(type) {
		case float64:
			f = v
		case *float64:
			if v == nil {
				return nil, true, nil
			}
			f = *v
		case float32:
			f = float64(v)
		case int:
			f = float64(v)
		default:
			return nil, false, bad("a float64")
		}
		return appendFloatField(nil, name, f), false, nil
	case kindInt:
		var n int
		switch v := value.(type) {
		case int:
			n = v
		case int64:
			n = int(v)
		default:
			return nil, false, bad("an int")
		}
		return appendIntField(nil, name, n), false, nil
	case kindTime:
		var t time.Time
		switch v := value.(type) {
		case time.Time:
			t = v
		case *time.Time:
			if v == nil {
				return nil, true, nil
			}
			t = *v
		default:
			return nil, false, bad("a time.Time")
		}
		if t.IsZero() {
			return nil, true, nil
		}
		if y := t.UTC().Year(); y < 0 || y > 9999 {
			return nil, false, fmt.Errorf("field %s: year %d cannot be written in RFC 3339", name, y)
		}
		return appendTimeField(nil, name, t), false, nil
	case kindList:
		v, ok := value.([]string)
		if !ok {
			return nil, false, bad("a []string")
		}
		if len(v) == 0 {
			return nil, true, nil
		}
		return appendListField(nil, name, v), false, nil
	case kindEntities:
		v, ok := value.([]EntityRef)
		if !ok {
			return nil, false, bad("a []EntityRef")
		}
		if len(v) == 0 {
			return nil, true, nil
		}
		return appendEntitiesField(nil, name, v), false, nil
	}
	return nil, false, fmt.Errorf("field %s: unknown kind", name)
}

// renderUnknown writes a field cortex does not know.
func renderUnknown(name string, value any) ([]byte, bool, error) {
	var out []byte
	switch v := value.(type) {
	case string:
		out = appendTextField(nil, name, v, false)
		if v == "" {
			out = append(appendKey(nil, name), " \"\"\n"...)
		}
	case bool:
		out = append(appendKey(nil, name), ' ')
		out = strconv.AppendBool(out, v)
		out = append(out, '\n')
	case int:
		out = appendIntField(nil, name, v)
	case int64:
		out = appendIntField(nil, name, int(v))
	case float64:
		out = appendFloatField(nil, name, v)
	case time.Time:
		out = appendTimeField(nil, name, v)
	case []string:
		if len(v) == 0 {
			out = append(appendKey(nil, name), ": []\n"...)
		} else {
			out = appendListField(nil, name, v)
		}
	case *yaml.Node:
		if v == nil {
			return nil, true, nil
		}
		budget := maxDetachNodes
		c := detach(v, &budget)
		if c == nil {
			return nil, false, fmt.Errorf("field %s: value too large", name)
		}
		var err error
		if out, err = appendNodeField(nil, name, c); err != nil {
			return nil, false, err
		}
	default:
		return nil, false, fmt.Errorf("field %s: cannot write a %T", name, value)
	}
	return out, false, nil
}

// appendKey writes `name:`.
func appendKey(b []byte, name string) []byte {
	if plainSafe(name) {
		b = append(b, name...)
	} else {
		b = appendQuoted(b, name)
	}
	return append(b, ':')
}

// appendTextField writes `name: text` (nothing when s is empty).
func appendTextField(b []byte, name, s string, quoted bool) []byte {
	if s == "" {
		return b
	}
	b = append(appendKey(b, name), ' ')
	b = appendText(b, s, quoted)
	return append(b, '\n')
}

func appendText(b []byte, s string, quoted bool) []byte {
	if !quoted && plainSafe(s) {
		return append(b, s...)
	}
	return appendQuoted(b, s)
}

func appendFloatField(b []byte, name string, f float64) []byte {
	b = append(appendKey(b, name), ' ')
	b = appendFloat(b, f)
	return append(b, '\n')
}

// appendFloat writes f with at least one decimal, as YAML floats.
func appendFloat(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, ".nan"...)
	case math.IsInf(f, 1):
		return append(b, ".inf"...)
	case math.IsInf(f, -1):
		return append(b, "-.inf"...)
	}
	start := len(b)
	b = strconv.AppendFloat(b, f, 'g', -1, 64)
	num := b[start:]
	if bytes.IndexByte(num, '.') >= 0 {
		return b
	}
	e := bytes.IndexByte(num, 'e')
	if e < 0 {
		return append(b, ".0"...)
	}
	exp := string(num[e:])
	return append(append(b[:start+e], ".0"...), exp...)
}

func appendIntField(b []byte, name string, n int) []byte {
	b = append(appendKey(b, name), ' ')
	b = strconv.AppendInt(b, int64(n), 10)
	return append(b, '\n')
}

func appendTimeField(b []byte, name string, t time.Time) []byte {
	b = append(appendKey(b, name), ' ')
	b = t.UTC().AppendFormat(b, TimeLayout)
	return append(b, '\n')
}

// appendListField writes a block list (nothing when l is empty).
func appendListField(b []byte, name string, l []string) []byte {
	if len(l) == 0 {
		return b
	}
	b = append(appendKey(b, name), '\n')
	for _, s := range l {
		b = append(b, "  - "...)
		b = appendText(b, s, false)
		b = append(b, '\n')
	}
	return b
}

// appendEntitiesField writes the entities as in SPEC §2.
func appendEntitiesField(b []byte, name string, es []EntityRef) []byte {
	if len(es) == 0 {
		return b
	}
	b = append(appendKey(b, name), '\n')
	for _, e := range es {
		switch {
		case e.Name == "" && e.Type == "":
			b = append(b, "  - {}\n"...)
			continue
		case e.Name != "":
			b = append(b, "  - name: "...)
			b = appendText(b, e.Name, false)
			b = append(b, '\n')
			if e.Type == "" {
				continue
			}
			b = append(b, "    type: "...)
		default:
			b = append(b, "  - type: "...)
		}
		b = appendText(b, e.Type, false)
		b = append(b, '\n')
	}
	return b
}

// appendNodeField writes an unknown field's YAML value with yaml.v3.
func appendNodeField(b []byte, name string, v *yaml.Node) ([]byte, error) {
	key := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: name}
	if !plainSafe(name) {
		key.Style = yaml.DoubleQuotedStyle
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	err := enc.Encode(&yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{key, v}})
	if err == nil {
		err = enc.Close()
	}
	if err != nil {
		return append(appendKey(b, name), " null\n"...), fmt.Errorf("field %s: %w", name, err)
	}
	out := bytes.TrimSuffix(buf.Bytes(), []byte("...\n")) // a document end marker would end the frontmatter's YAML
	return append(b, out...), nil
}

// plainSafe reports whether s can be written without quotes: YAML (1.2 and
// the 1.1 readers many tools still use) reads it back as the same text, and
// it fits on one line.
func plainSafe(s string) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' || s[len(s)-1] == ':' {
		return false
	}
	switch s[0] {
	case '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`', '=', '<', '.':
		return false // indicators, and the starts of 1.1 oddities (=, <<, .5)
	}
	if strings.Contains(s, ": ") || strings.Contains(s, " #") {
		return false
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			if c < 0x20 || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || !fastRuneOK(r) {
			return false
		}
		i += w
	}
	if resolveTag(s) != "!!str" {
		return false
	}
	switch s {
	case "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
		"on", "On", "ON", "off", "Off", "OFF":
		return false // booleans to YAML 1.1 readers
	}
	// Sexagesimal numbers to YAML 1.1 readers (1:20).
	if c := s[0]; (c >= '0' && c <= '9' || c == '+') && strings.IndexByte(s, ':') >= 0 {
		return false
	}
	return true
}

// appendQuoted writes s as a YAML double-quoted scalar on one line.
// Printable characters, non-ASCII ones such as — and …, stay literal.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == 0:
				b = append(b, '\\', '0')
			case c == '\a':
				b = append(b, '\\', 'a')
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\v':
				b = append(b, '\\', 'v')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c == 0x1b:
				b = append(b, '\\', 'e')
			case c < 0x20 || c == 0x7f:
				b = append(b, '\\', 'x', hexDigit[c>>4], hexDigit[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		i += w
		switch {
		case r == utf8.RuneError && w == 1:
			b = append(b, `\uFFFD`...) // an invalid byte cannot be written in YAML
		case r == 0x85:
			b = append(b, '\\', 'N')
		case r == 0x2028:
			b = append(b, '\\', 'L')
		case r == 0x2029:
			b = append(b, '\\', 'P')
		case r < 0xA0:
			b = append(b, '\\', 'x', hexDigit[r>>4], hexDigit[r&0xf])
		case !fastRuneOK(r):
			b = append(b, '\\', 'u')
			for sh := 12; sh >= 0; sh -= 4 {
				b = append(b, hexDigit[(r>>sh)&0xf])
			}
		default:
			b = append(b, s[i-w:i]...)
		}
	}
	return append(b, '"')
}

const hexDigit = "0123456789ABCDEF"
