package doc

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// maxDetachNodes bounds the copy of an unknown field: aliases can make a
// small file expand exponentially ("billion laughs").
const maxDetachNodes = 10000

// decode fills p.Doc from the node tree. It reads the typed fields from the
// nodes directly (no reflection, no panics) and records a problem for every
// value of the wrong shape instead of failing.
func (p *Parsed) decode() {
	d := &p.Doc
	*d = Document{}
	p.problems = nil
	budget := maxDetachNodes
	for i := range p.fields {
		f := &p.fields[i]
		line := p.fileLine(f.start)
		if f.badKey {
			p.addf(line, "", "a field name must be text, not a list or a mapping")
			continue
		}
		if f.dup > 0 {
			p.addf(line, f.name, "field %s appears twice (first at line %d): keep one", f.name, p.fileLine(f.dup))
			continue
		}
		v := deref(f.val)
		kind, known := kindOf(f.name)
		if !known {
			c := detach(v, &budget)
			if c == nil {
				p.addf(line, f.name, "field %s: too many aliases to expand", f.name)
				continue
			}
			d.Extra = append(d.Extra, Field{Name: f.name, Value: c})
			continue
		}
		switch kind {
		case kindText, kindQuoted:
			if s, ok := p.text(f.name, v); ok {
				d.setText(f.name, s)
			}
		case kindFloat:
			if x, ok := p.float(f.name, v); ok {
				if f.name == FieldConfidence {
					d.Confidence = x
				} else {
					d.Importance = x
				}
			}
		case kindInt:
			if n, ok := p.int(f.name, v); ok {
				if f.name == FieldSessions {
					d.Sessions = n
				} else {
					d.Reinforced = n
				}
			}
		case kindTime:
			if t, ok := p.time(f.name, v); ok {
				if f.name == FieldCreated {
					if t != nil {
						d.Created = *t
					}
				} else {
					d.LastReinforced = t
				}
			}
		case kindList:
			l := p.list(f.name, v)
			switch f.name {
			case FieldTags:
				d.Tags = l
			case FieldAliases:
				d.Aliases = l
			case FieldRelatesTo:
				d.RelatesTo = l
			case FieldFiles:
				d.Files = l
			case FieldSeenSessions:
				d.SeenSessions = l
			case FieldSeenAgents:
				d.SeenAgents = l
			}
		case kindEntities:
			d.Entities = p.entities(v)
		}
	}
	d.Body = normBody(string(p.raw[p.bodyStart:]))
}

// setText sets the text field name (kindText or kindQuoted).
func (d *Document) setText(name, s string) {
	switch name {
	case FieldID:
		d.ID = s
	case FieldType:
		d.Type = s
	case FieldCategory:
		d.Category = Category(s)
	case FieldSourceHash:
		d.SourceHash = s
	case FieldTitle:
		d.Title = s
	case FieldBucket:
		d.Bucket = s
	case FieldAttribution:
		d.Attribution = s
	case FieldContext:
		d.Context = s
	case FieldSourceQuote:
		d.SourceQuote = s
	case FieldSessionID:
		d.SessionID = s
	case FieldStatus:
		d.Status = s
	case FieldSupersedes:
		d.Supersedes = s
	case FieldSupersededBy:
		d.SupersededBy = s
	case FieldPromotedTo:
		d.PromotedTo = s
	case FieldScope:
		d.Scope = s
	case FieldAgent:
		d.Agent = s
	}
}

// text returns the text of the field name's scalar value ("" for null).
func (p *Parsed) text(name string, v *yaml.Node) (string, bool) {
	if v == nil {
		return "", true
	}
	switch v.Kind {
	case yaml.ScalarNode:
		if isNull(v) {
			return "", true
		}
		return v.Value, true
	}
	p.addf(p.fileLine(v.Line), name, "%s must be text, not %s", name, kindName(v))
	return "", false
}

// float returns the number of the field name (nil for null).
func (p *Parsed) float(name string, v *yaml.Node) (*float64, bool) {
	if v == nil || (v.Kind == yaml.ScalarNode && isNull(v)) {
		return nil, true
	}
	line := p.fileLine(v.Line)
	if v.Kind != yaml.ScalarNode {
		p.addf(line, name, "%s must be a number from 0 to 1, not %s", name, kindName(v))
		return nil, false
	}
	tag := v.ShortTag()
	if tag != "!!float" && tag != "!!int" {
		p.addf(line, name, "%s must be a number from 0 to 1, not the text %q (write it without quotes)", name, v.Value)
		return nil, false
	}
	var f float64
	var err error
	if simpleNumber(v.Value) {
		f, err = strconv.ParseFloat(v.Value, 64)
	} else {
		err = v.Decode(&f)
	}
	if err != nil {
		p.addf(line, name, "%s %q is not a number", name, v.Value)
		return nil, false
	}
	return &f, true
}

// int returns the whole number of the field name (0 for null).
func (p *Parsed) int(name string, v *yaml.Node) (int, bool) {
	if v == nil || (v.Kind == yaml.ScalarNode && isNull(v)) {
		return 0, true
	}
	line := p.fileLine(v.Line)
	if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!int" {
		what := kindName(v)
		if v.Kind == yaml.ScalarNode {
			what = strconv.Quote(v.Value)
		}
		p.addf(line, name, "%s must be a whole number, 0 or more, not %s", name, what)
		return 0, false
	}
	var n int
	var err error
	if simpleNumber(v.Value) {
		n, err = strconv.Atoi(v.Value)
	} else {
		err = v.Decode(&n)
	}
	if err != nil {
		p.addf(line, name, "%s %s is not a whole number this program can hold", name, v.Value)
		return 0, false
	}
	return n, true
}

// time returns the RFC 3339 time of the field name (nil for null).
func (p *Parsed) time(name string, v *yaml.Node) (*time.Time, bool) {
	s, ok := p.text(name, v)
	if !ok || s == "" {
		return nil, ok
	}
	t, err := ParseTime(s)
	if err != nil {
		p.addf(p.fileLine(v.Line), name, "%s %q is not an RFC 3339 time such as 2026-02-16T15:23:14.527Z", name, s)
		return nil, false
	}
	return &t, true
}

// ParseTime reads an RFC 3339 time as the frontmatter holds it. Years
// outside 0000–9999 in UTC are refused: RFC 3339 cannot write them back.
func ParseTime(s string) (time.Time, error) {
	if t, ok := parseUTC(s); ok {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, err
	}
	if y := t.UTC().Year(); y < 0 || y > 9999 {
		return time.Time{}, fmt.Errorf("year %d out of range", y)
	}
	return t, nil
}

// parseUTC reads the form cortex writes, 2006-01-02T15:04:05.000Z (0 to 9
// fraction digits), without time.Parse's generality: every document has two
// such times. It reports false for anything else.
func parseUTC(s string) (time.Time, bool) {
	if len(s) < 20 || len(s) > 30 || s[len(s)-1] != 'Z' || !isTimestamp(s) {
		return time.Time{}, false
	}
	num := func(s string) int {
		n := 0
		for i := 0; i < len(s); i++ {
			n = n*10 + int(s[i]-'0')
		}
		return n
	}
	ns := 0
	if frac := s[19 : len(s)-1]; frac != "" {
		if len(frac) < 2 || len(frac) > 10 {
			return time.Time{}, false
		}
		ns = num(frac[1:])
		for i := len(frac) - 1; i < 9; i++ {
			ns *= 10
		}
	}
	return time.Date(num(s[:4]), time.Month(num(s[5:7])), num(s[8:10]),
		num(s[11:13]), num(s[14:16]), num(s[17:19]), ns, time.UTC), true
}

// list returns a list of text. A single text value is accepted as a list
// of one, except for tags, which Obsidian reads only as a list.
func (p *Parsed) list(name string, v *yaml.Node) []string {
	if v == nil {
		return nil
	}
	switch v.Kind {
	case yaml.ScalarNode:
		if isNull(v) {
			return nil
		}
		if name == FieldTags {
			p.addf(p.fileLine(v.Line), name, "tags must be a list: write tags: [%s] or one - tag per line", v.Value)
			return nil
		}
		return []string{v.Value}
	case yaml.SequenceNode:
		out := make([]string, 0, len(v.Content))
		for i, it := range v.Content {
			it = deref(it)
			if it == nil {
				continue
			}
			switch {
			case it.Kind != yaml.ScalarNode:
				p.addf(p.fileLine(it.Line), name, "%s: item %d must be text, not %s", name, i+1, kindName(it))
			case isNull(it):
				p.addf(p.fileLine(it.Line), name, "%s: item %d is empty", name, i+1)
			default:
				out = append(out, it.Value)
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	}
	p.addf(p.fileLine(v.Line), name, "%s must be a list of text, not %s", name, kindName(v))
	return nil
}

// entities returns the {name, type} items of the entities list.
func (p *Parsed) entities(v *yaml.Node) []EntityRef {
	if v == nil || (v.Kind == yaml.ScalarNode && isNull(v)) {
		return nil
	}
	if v.Kind != yaml.SequenceNode {
		p.addf(p.fileLine(v.Line), FieldEntities, "entities must be a list of {name, type}, not %s", kindName(v))
		return nil
	}
	var out []EntityRef
	for i, it := range v.Content {
		it = deref(it)
		if it == nil {
			continue
		}
		line := p.fileLine(it.Line)
		if it.Kind != yaml.MappingNode {
			p.addf(line, FieldEntities, "entities: item %d must be a mapping with name and type, not %s", i+1, kindName(it))
			continue
		}
		var e EntityRef
		var hasName, hasType, bad bool
		for j := 0; j+1 < len(it.Content); j += 2 {
			k, val := deref(it.Content[j]), deref(it.Content[j+1])
			if k == nil || k.Kind != yaml.ScalarNode || (k.Value != "name" && k.Value != "type") {
				continue
			}
			if val == nil || val.Kind != yaml.ScalarNode {
				p.addf(line, FieldEntities, "entities: item %d: %s must be text, not %s", i+1, k.Value, kindName(val))
				bad = true
				continue
			}
			s := val.Value
			if isNull(val) {
				s = ""
			}
			if k.Value == "name" {
				e.Name, hasName = s, s != ""
			} else {
				e.Type, hasType = s, s != ""
			}
		}
		if bad {
			continue
		}
		switch {
		case !hasName:
			p.addf(line, FieldEntities, "entities: item %d has no name", i+1)
			continue
		case !hasType:
			p.addf(line, FieldEntities, "entities: item %d (%s) has no type, such as person or project", i+1, e.Name)
		}
		out = append(out, e)
	}
	return out
}

// addf records a problem found while decoding.
func (p *Parsed) addf(line int, field, format string, args ...any) {
	p.problems = append(p.problems, Problem{Line: line, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// deref follows an alias to its anchored node.
func deref(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode {
		return n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

func kindName(n *yaml.Node) string {
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.AliasNode:
		return "an alias"
	case yaml.ScalarNode:
		return strconv.Quote(n.Value)
	}
	return "nothing"
}

// simpleNumber reports whether s is a plain decimal number strconv reads
// the way YAML does (no _, 0x, 0o, .inf, ...).
func simpleNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9', c == '.', c == 'e', c == 'E', c == '+', c == '-':
		default:
			return false
		}
	}
	// A leading 0 followed by a digit is octal to YAML 1.1 readers and to
	// strconv base 0; let yaml.v3 decide.
	t := s
	if t[0] == '+' || t[0] == '-' {
		t = t[1:]
	}
	return !(len(t) > 1 && t[0] == '0' && t[1] >= '0' && t[1] <= '9')
}

// detach copies n for keeping in Document.Extra: aliases expanded, anchors,
// comments and positions dropped, so the copy can be written anywhere. It
// returns nil when expanding aliases would copy more than *budget nodes
// (a plain tree is bounded by the file's size; aliases are not).
func detach(n *yaml.Node, budget *int) *yaml.Node {
	return detachNode(n, budget, false)
}

func detachNode(n *yaml.Node, budget *int, viaAlias bool) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode {
		n, viaAlias = n.Alias, true
	}
	if n == nil || n.Kind == yaml.AliasNode { // an alias without a target
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	}
	if viaAlias {
		if *budget--; *budget < 0 {
			return nil
		}
	}
	c := &yaml.Node{Kind: n.Kind, Style: n.Style, Tag: n.Tag, Value: n.Value}
	if n.Kind == yaml.ScalarNode && n.Value == "" && isNull(n) {
		c.Value = "null" // yaml.v3 writes an empty null inside {…} as ''
	}
	if n.Kind == yaml.ScalarNode && strings.ContainsAny(n.Value, "\n\r\u0085\u2028\u2029") {
		// A block scalar could hold a line reading `---`, which would end
		// the frontmatter early; one double-quoted line cannot.
		c.Style = c.Style&^(yaml.LiteralStyle|yaml.FoldedStyle|yaml.SingleQuotedStyle) | yaml.DoubleQuotedStyle
	}
	if len(n.Content) > 0 {
		c.Content = make([]*yaml.Node, len(n.Content))
		for i, x := range n.Content {
			if c.Content[i] = detachNode(x, budget, viaAlias); c.Content[i] == nil {
				return nil
			}
		}
	}
	return c
}
