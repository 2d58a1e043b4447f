package doc

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Set writes one frontmatter field in place (SPEC §2 editing rule): an
// existing field has exactly its own lines replaced, a comment at the end
// of its first line kept; a missing Cortex field is inserted in the Cortex
// part (next to the Cortex fields it follows or precedes, else above the
// `# ---` line, else at the top); a missing application field is appended
// at the end of the frontmatter. Every other byte of the file — comments,
// order, quoting, unknown fields, the body, a BOM, CRLF line endings — stays
// as it was. The value is written as Render writes it; its Go type follows
// the field: string (Category for category), float64 or *float64, int,
// time.Time or *time.Time, []string, []EntityRef; an unknown field also takes
// bool, int64 or a *yaml.Node. A nil value, empty text or list or a zero
// time deletes the field.
//
// The edit is checked by parsing the result: if any other field would read
// differently, Set fails and the document is unchanged.
func (p *Parsed) Set(name string, value any) error { return p.set(name, value, true) }

// set is Set; quick allows setLine's edit without a second parse (the
// differential test compares both ways).
func (p *Parsed) set(name string, value any, quick bool) error {
	out, del, err := renderField(name, value)
	if err != nil {
		return fmt.Errorf("set %s: %w", name, err)
	}
	if del {
		return p.Delete(name)
	}
	if err := p.editable(name); err != nil {
		return fmt.Errorf("set %s: %w", name, err)
	}
	f := p.field(name)
	if quick {
		if np := p.setLine(f, name, out); np != nil {
			*p = *np
			return nil
		}
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	var from, to int
	eol := p.eol
	if f != nil {
		from, to = f.start, f.end+1
		if c := lineComment(p.lineText(f.start)); c != "" {
			lines[0] += " " + c
		}
		eol = p.lineEnd(f.end)
	} else {
		from = p.insertAt(name)
		to = from
		if from > 1 {
			eol = p.lineEnd(from - 1)
		}
	}
	np, err := p.replaceLines(from, to, lines, eol)
	if err != nil {
		return fmt.Errorf("set %s: %w", name, err)
	}
	want := p.Fields()
	if f == nil {
		at := 0 // the new field's place among the named fields
		for _, g := range p.fields {
			if g.start < from && !g.badKey {
				at++
			}
		}
		want = slices.Insert(want, at, name)
	}
	if err := p.verify(np, want, name); err != nil {
		return fmt.Errorf("set %s: %w", name, err)
	}
	// The new value must read as it reads on its own.
	alone, _, err := parseYAML(out)
	if err != nil || alone == nil || len(alone.Content) != 2 || !nodeEqual(alone.Content[1], np.field(name).val, new(int)) {
		return fmt.Errorf("set %s: the value does not read back as written", name)
	}
	*p = *np
	return nil
}

// setLine is Set's edit of a one-line field without a second parse: a
// field written as `name: value` with a plain value gets another value, or
// a missing field is added as the frontmatter's last line — the `status:
// archived` an archive writes, on every file of a first sleep. Both edits
// are exact by construction where setLine takes them: the fast parser read
// the document (every node on one line, keys at column 1: no multi-line or
// block scalar whose end the edit could move, no flow mapping, no tags or
// anchors it does not know), so the frontmatter is a list of lines, each
// read on its own; the new line (out, as renderField wrote it, one line)
// reads alone as one field of this name and a scalar value; the replaced
// line is `name: value` to the byte (no comment, the value no anchor that
// anything could refer to), and the next line is another field or the end
// (start == end). The parse of the edited document is then the old one
// with that line's nodes changed and the offsets after it moved, which is
// what setLine builds. Any other shape returns nil, and Set takes the full
// path: replace the lines, parse, compare every field.
// TestSetLineIsTheFullEdit and FuzzSetLine hold both to the same result.
func (p *Parsed) setLine(f *fieldPos, name string, out []byte) *Parsed {
	if !p.oneLine || p.root == nil || p.root.Kind != yaml.MappingNode || p.root.Style&yaml.FlowStyle != 0 || p.indent != 0 {
		return nil
	}
	text, ok := bytes.CutSuffix(out, []byte("\n"))
	if !ok || bytes.ContainsAny(text, "\r\n") {
		return nil
	}
	alone, oneLine, err := parseYAML(out)
	if err != nil || !oneLine || alone == nil || len(alone.Content) != 2 {
		return nil
	}
	nk, nv := alone.Content[0], alone.Content[1]
	if nk.Kind != yaml.ScalarNode || nk.Value != name || nv.Kind != yaml.ScalarNode || nv.Anchor != "" {
		return nil
	}
	var at, a, z int // the frontmatter line edited, the bytes it replaces
	var eol string
	if f != nil {
		k, v := f.key, f.val
		if f.badKey || f.dup > 0 || f.start != f.end || k.Kind != yaml.ScalarNode || k.Style != 0 || k.Line != f.start ||
			v.Kind != yaml.ScalarNode || v.Style != 0 || v.Anchor != "" || v.Line != f.start {
			return nil
		}
		at, a, z = f.start, p.lines[f.start-1], p.lines[f.start]
		rest, ok := bytes.CutPrefix(p.raw[a:z], []byte(name+": "+v.Value))
		if !ok || string(rest) != "\n" && string(rest) != "\r\n" {
			return nil
		}
		eol = string(rest)
	} else {
		n := p.fmLines()
		if p.insertAt(name) != n+1 || n == 0 || p.raw[p.fmEnd-1] != '\n' {
			return nil
		}
		at, a, z = n+1, p.fmEnd, p.fmEnd
		eol = p.lineEnd(n)
	}
	nb := make([]byte, 0, len(p.raw)-(z-a)+len(text)+len(eol))
	nb = append(nb, p.raw[:a]...)
	nb = append(nb, text...)
	nb = append(nb, eol...)
	nb = append(nb, p.raw[z:]...)
	delta := len(nb) - len(p.raw)

	np := *p
	np.raw = nb
	val := *nv
	val.Line = at
	root := *p.root
	if f != nil {
		np.lines = slices.Clone(p.lines)
		for i := at; i < len(np.lines); i++ {
			np.lines[i] += delta
		}
		root.Content = slices.Clone(p.root.Content)
		for i := 1; i < len(root.Content); i += 2 {
			if root.Content[i] == f.val {
				root.Content[i] = &val
			}
		}
		np.fields = slices.Clone(p.fields)
		for i := range np.fields {
			if np.fields[i].val == f.val {
				np.fields[i].val = &val
			}
		}
	} else {
		key := *nk
		key.Line = at
		np.lines = append(slices.Clip(p.lines), p.fmEnd+delta)
		root.Content = append(slices.Clip(p.root.Content), &key, &val)
		np.fields = append(slices.Clip(p.fields), fieldPos{name: name, key: &key, val: &val, start: at, end: at})
		np.bodyLine++
	}
	np.root = &root
	np.fmEnd += delta
	np.bodyStart += delta
	np.decode()
	return &np
}

// Delete removes a field's lines. Deleting an absent field does nothing.
func (p *Parsed) Delete(name string) error {
	f := p.field(name)
	if f == nil {
		return nil
	}
	if err := p.editable(name); err != nil {
		return fmt.Errorf("delete %s: %w", name, err)
	}
	np, err := p.replaceLines(f.start, f.end+1, nil, p.eol)
	if err != nil {
		return fmt.Errorf("delete %s: %w", name, err)
	}
	want := p.Fields()
	want = slices.Delete(want, slices.Index(want, name), slices.Index(want, name)+1)
	if err := p.verify(np, want, name); err != nil {
		return fmt.Errorf("delete %s: %w", name, err)
	}
	*p = *np
	return nil
}

// editable refuses the frontmatters that cannot be edited line by line.
func (p *Parsed) editable(name string) error {
	if p.root != nil && p.root.Style&yaml.FlowStyle != 0 {
		return errors.New("the frontmatter is one {…} mapping; rewrite it as one field per line")
	}
	n := 0
	for _, f := range p.fields {
		if !f.badKey && f.name == name {
			n++
		}
	}
	if n > 1 {
		return fmt.Errorf("field %s appears %d times; keep one first", name, n)
	}
	return nil
}

// insertAt returns the frontmatter line before which a missing field goes.
func (p *Parsed) insertAt(name string) int {
	k := cortexIndex(name)
	if k < 0 {
		return p.fmLines() + 1
	}
	inPart := func(f *fieldPos) bool { return f != nil && (p.sep == 0 || f.start < p.sep) }
	for j := k - 1; j >= 0; j-- {
		if f := p.field(cortexFieldOrder[j]); inPart(f) {
			return f.end + 1
		}
	}
	for j := k + 1; j < len(cortexFieldOrder); j++ {
		if f := p.field(cortexFieldOrder[j]); inPart(f) {
			return f.start
		}
	}
	if p.sep > 0 {
		for l := p.sep - 1; l >= 1; l-- {
			if len(bytes.TrimSpace(p.lineText(l))) > 0 {
				return l + 1
			}
		}
	}
	return 1
}

// lineEnd returns the line break of frontmatter line n: LF or CRLF as
// written, else the file's.
func (p *Parsed) lineEnd(n int) string {
	l := p.raw[p.lines[n-1]:p.lines[n]]
	switch {
	case bytes.HasSuffix(l, []byte("\r\n")):
		return "\r\n"
	case bytes.HasSuffix(l, []byte("\n")):
		return "\n"
	}
	return p.eol
}

// replaceLines returns the document with frontmatter lines [from, to)
// replaced by lines (indented like the top-level keys), parsed again.
func (p *Parsed) replaceLines(from, to int, lines []string, eol string) (*Parsed, error) {
	a, z := p.lines[from-1], p.lines[to-1]
	ind := strings.Repeat(" ", p.indent)
	size := len(p.raw) - (z - a)
	for _, l := range lines {
		size += len(ind) + len(l) + len(eol)
	}
	nb := make([]byte, 0, size)
	nb = append(nb, p.raw[:a]...)
	for _, l := range lines {
		nb = append(nb, ind...)
		nb = append(nb, l...)
		nb = append(nb, eol...)
	}
	nb = append(nb, p.raw[z:]...)
	np, err := Parse(nb)
	if err != nil {
		return nil, fmt.Errorf("the edited frontmatter does not parse: %w", err)
	}
	return np, nil
}

// verify checks an edit: the fields are want, in order, and every field
// but the one changed (set or deleted) has the same key and value as before.
func (p *Parsed) verify(np *Parsed, want []string, changed string) error {
	if got := np.Fields(); !slices.Equal(got, want) {
		return fmt.Errorf("the edit would change the other fields (%s instead of %s)",
			strings.Join(got, ", "), strings.Join(want, ", "))
	}
	budget := 0
	skip := func(f fieldPos) bool { return !f.badKey && f.name == changed }
	for i, j := 0, 0; i < len(p.fields) || j < len(np.fields); {
		switch {
		case i < len(p.fields) && skip(p.fields[i]):
			i++
		case j < len(np.fields) && skip(np.fields[j]):
			j++
		case i >= len(p.fields) || j >= len(np.fields):
			return errors.New("the edit would add or remove other fields")
		default:
			a, b := p.fields[i], np.fields[j]
			if !nodeEqual(a.key, b.key, &budget) || !nodeEqual(a.val, b.val, &budget) {
				return fmt.Errorf("the edit would change field %s", a.name)
			}
			i++
			j++
		}
	}
	if !bytes.Equal(p.raw[p.bodyStart:], np.raw[np.bodyStart:]) {
		return errors.New("the edit would change the body")
	}
	return nil
}

// nodeEqual compares two YAML values by content (kind, resolved tag,
// value), not position or style. *budget bounds the nodes compared through
// aliases, which may make a tree exponentially large or cyclic.
func nodeEqual(a, b *yaml.Node, budget *int) bool {
	return nodesEqual(a, b, budget, false)
}

func nodesEqual(a, b *yaml.Node, budget *int, viaAlias bool) bool {
	if a != nil && a.Kind == yaml.AliasNode || b != nil && b.Kind == yaml.AliasNode {
		a, b, viaAlias = deref(a), deref(b), true
	}
	if viaAlias {
		if *budget++; *budget > maxDetachNodes {
			return false
		}
	}
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind || a.ShortTag() != b.ShortTag() || len(a.Content) != len(b.Content) {
		return false
	}
	if a.Kind == yaml.ScalarNode && a.Value != b.Value && a.ShortTag() != "!!null" {
		return false
	}
	for i := range a.Content {
		if !nodesEqual(a.Content[i], b.Content[i], budget, viaAlias) {
			return false
		}
	}
	return true
}

// lineComment returns the comment at the end of a one-line field, such as
// `# why` in `confidence: 0.9 # why`, so an edit can keep it.
func lineComment(line []byte) string {
	if bytes.IndexByte(line, '#') < 0 {
		return ""
	}
	var doc yaml.Node
	if yaml.Unmarshal(bytes.TrimLeft(line, " "), &doc) != nil || len(doc.Content) == 0 {
		return ""
	}
	m := doc.Content[0]
	if m.Kind != yaml.MappingNode || len(m.Content) != 2 {
		return ""
	}
	if c := m.Content[1].LineComment; c != "" {
		return c
	}
	return m.Content[0].LineComment
}
