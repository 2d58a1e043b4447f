package hooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// jnode is a JSON value that remembers what a map would lose: the order of
// an object's members and each scalar exactly as written (a string's
// escapes, a number's digits). Settings files belong to people: Cortex
// adds its entries and writes back everything else as it was.
type jnode struct {
	kind    byte // '{' object, '[' array, 0 scalar
	members []jmember
	elems   []*jnode
	raw     []byte // a scalar's token, or a member key's quoted form
}

type jmember struct {
	rawKey []byte // the key as written, quotes and escapes included
	key    string
	val    *jnode
}

// jstyle is how a file lays its JSON out, so a rewrite looks like the
// original: the indent unit (none: everything on one line), the line end
// and whether the file ends with one.
type jstyle struct {
	indent, eol string
	finalEOL    bool
}

// defaultStyle is Claude Code's own: JSON.stringify(v, null, 2) and a
// final newline.
var defaultStyle = jstyle{indent: "  ", eol: "\n", finalEOL: true}

// parseJSONDoc parses a settings file. name is used in error messages.
func parseJSONDoc(name string, data []byte) (*jnode, jstyle, error) {
	if !json.Valid(data) {
		var v any
		err := json.Unmarshal(data, &v)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
			return nil, jstyle{}, fmt.Errorf("%s:%d: not valid JSON (%v): fix it by hand first; Cortex does not rewrite a file it cannot read", name, line, se)
		}
		return nil, jstyle{}, fmt.Errorf("%s: not valid JSON: fix it by hand first; Cortex does not rewrite a file it cannot read", name)
	}
	p := jparser{data: data}
	n := p.value()
	return n, detectStyle(data), nil
}

func detectStyle(data []byte) jstyle {
	st := jstyle{eol: "\n"}
	if bytes.Contains(data, []byte("\r\n")) {
		st.eol = "\r\n"
	}
	trimmed := bytes.TrimRight(data, " \t")
	st.finalEOL = bytes.HasSuffix(trimmed, []byte("\n"))
	body := bytes.TrimSpace(data)
	i := bytes.IndexByte(body, '\n')
	if i < 0 {
		return st // one line: compact
	}
	rest := body[i+1:]
	j := 0
	for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') {
		j++
	}
	st.indent = string(rest[:j])
	if st.indent == "" {
		st.indent = "  "
	}
	return st
}

// jparser reads JSON already known to be valid.
type jparser struct {
	data []byte
	i    int
}

func (p *jparser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jparser) value() *jnode {
	p.space()
	switch p.data[p.i] {
	case '{':
		n := &jnode{kind: '{'}
		p.i++
		for {
			p.space()
			if p.data[p.i] == '}' {
				p.i++
				return n
			}
			if p.data[p.i] == ',' {
				p.i++
				p.space()
			}
			raw := p.str()
			var key string
			_ = json.Unmarshal(raw, &key)
			p.space()
			p.i++ // ':'
			n.members = append(n.members, jmember{rawKey: raw, key: key, val: p.value()})
		}
	case '[':
		n := &jnode{kind: '['}
		p.i++
		for {
			p.space()
			if p.data[p.i] == ']' {
				p.i++
				return n
			}
			if p.data[p.i] == ',' {
				p.i++
			}
			n.elems = append(n.elems, p.value())
		}
	case '"':
		return &jnode{raw: p.str()}
	default:
		start := p.i
		for p.i < len(p.data) && !strings.ContainsRune(",]} \t\r\n", rune(p.data[p.i])) {
			p.i++
		}
		return &jnode{raw: p.data[start:p.i]}
	}
}

// str returns the string token at p.i, quotes included.
func (p *jparser) str() []byte {
	start := p.i
	p.i++
	for p.data[p.i] != '"' {
		if p.data[p.i] == '\\' {
			p.i++
		}
		p.i++
	}
	p.i++
	return p.data[start:p.i]
}

// render writes n in style st, as JSON.stringify does with an indent: one
// member or element a line, "key": value, empty containers as {} and [].
func (n *jnode) render(st jstyle) []byte {
	var b bytes.Buffer
	n.write(&b, st, 0)
	if st.finalEOL {
		b.WriteString(st.eol)
	}
	return b.Bytes()
}

func (n *jnode) write(b *bytes.Buffer, st jstyle, depth int) {
	newline := func(d int) {
		if st.indent == "" {
			return
		}
		b.WriteString(st.eol)
		for range d {
			b.WriteString(st.indent)
		}
	}
	switch n.kind {
	case '{':
		if len(n.members) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		for i, m := range n.members {
			if i > 0 {
				b.WriteByte(',')
			}
			newline(depth + 1)
			b.Write(m.rawKey)
			b.WriteByte(':')
			if st.indent != "" {
				b.WriteByte(' ')
			}
			m.val.write(b, st, depth+1)
		}
		newline(depth)
		b.WriteByte('}')
	case '[':
		if len(n.elems) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i, e := range n.elems {
			if i > 0 {
				b.WriteByte(',')
			}
			newline(depth + 1)
			e.write(b, st, depth+1)
		}
		newline(depth)
		b.WriteByte(']')
	default:
		b.Write(n.raw)
	}
}

// get returns the value of the last member named key (JSON.parse keeps the
// last of repeated keys, and so does Claude Code).
func (n *jnode) get(key string) *jnode {
	for i := len(n.members) - 1; i >= 0; i-- {
		if n.members[i].key == key {
			return n.members[i].val
		}
	}
	return nil
}

// set replaces the value of key where it is, or appends the member.
func (n *jnode) set(key string, v *jnode) {
	for i := len(n.members) - 1; i >= 0; i-- {
		if n.members[i].key == key {
			n.members[i].val = v
			return
		}
	}
	n.members = append(n.members, jmember{rawKey: jsonString(key), key: key, val: v})
}

// del removes every member named key.
func (n *jnode) del(key string) {
	kept := n.members[:0]
	for _, m := range n.members {
		if m.key != key {
			kept = append(kept, m)
		}
	}
	n.members = kept
}

// text returns a string scalar's value, ok false for anything else.
func (n *jnode) text() (string, bool) {
	if n == nil || n.kind != 0 || len(n.raw) == 0 || n.raw[0] != '"' {
		return "", false
	}
	var s string
	if json.Unmarshal(n.raw, &s) != nil {
		return "", false
	}
	return s, true
}

// equal reports whether a and b are the same JSON (same members in the
// same order, same scalar tokens).
func (n *jnode) equal(o *jnode) bool {
	if n == nil || o == nil {
		return n == o
	}
	if n.kind != o.kind {
		return false
	}
	switch n.kind {
	case '{':
		if len(n.members) != len(o.members) {
			return false
		}
		for i := range n.members {
			if n.members[i].key != o.members[i].key || !n.members[i].val.equal(o.members[i].val) {
				return false
			}
		}
		return true
	case '[':
		if len(n.elems) != len(o.elems) {
			return false
		}
		for i := range n.elems {
			if !n.elems[i].equal(o.elems[i]) {
				return false
			}
		}
		return true
	}
	return bytes.Equal(n.raw, o.raw)
}

// jsonString is s as a JSON string token, written as JSON.stringify
// writes it (no HTML escapes).
func jsonString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}

// jstr, jnum, jobj and jarr build values.
func jstr(s string) *jnode { return &jnode{raw: jsonString(s)} }
func jnum(v int) *jnode    { return &jnode{raw: fmt.Appendf(nil, "%d", v)} }
func jarr(elems ...*jnode) *jnode {
	return &jnode{kind: '[', elems: elems}
}

type kv struct {
	k string
	v *jnode
}

func jobj(members ...kv) *jnode {
	n := &jnode{kind: '{'}
	for _, m := range members {
		n.set(m.k, m.v)
	}
	return n
}
