package doc

import (
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// fastParse reads the frontmatter layouts cortex writes and people commonly
// write — top-level `key: value` lines, one-line plain or quoted scalars,
// block lists of scalars or of one-line `key: value` mappings, comments and
// blank lines — into the same node tree yaml.v3 builds (comments aside). It
// gives up (ok false) on anything else, and yaml.v3 parses it: yaml.v3 costs
// ~45 µs for a 1 KB document, far over the parse budget, and the vault's own
// files are almost always in this subset. FuzzFastYAML holds it to yaml.v3.
func fastParse(b []byte) (root *yaml.Node, ok bool) {
	if len(b) == 0 || len(b) > 64<<10 {
		return nil, false
	}
	src := string(b) // one copy: the node values are substrings of it
	for i := 0; i < len(src); i++ {
		c := src[i]
		if plainByte[c] {
			continue
		}
		switch {
		case c == '\n':
		case c == '\r':
			if i+1 >= len(src) || src[i+1] != '\n' {
				return nil, false // a lone CR is a line break to YAML
			}
		case c < 0x20 || c == 0x7f: // includes the tab, which YAML restricts
			return nil, false
		case c >= 0x80:
			r, w := utf8.DecodeRuneInString(src[i:])
			if w == 1 || !fastRuneOK(r) { // w == 1: not UTF-8
				return nil, false
			}
			i += w - 1
		}
	}
	lines, nodes := splitFastLines(src)
	fp := fastParser{
		lines: lines,
		// One slab for all nodes keeps a parse to a few allocations.
		nodes: make([]yaml.Node, 0, nodes+1),
		kids:  make([]*yaml.Node, 0, nodes),
	}
	return fp.parse()
}

// plainByte marks the printable ASCII bytes, which need no further look.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = true
	}
	return t
}()

// fastRuneOK reports whether r is a non-ASCII character yaml.v3 reads as an
// ordinary character (not a line break, BOM or control character).
func fastRuneOK(r rune) bool {
	switch {
	case r == 0x2028 || r == 0x2029 || r == 0xFEFF:
		return false
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD, r >= 0x10000 && r <= 0x10FFFF:
		return true
	}
	return false
}

const (
	fastBlank = iota
	fastComment
	fastContent
)

type fastLine struct {
	s    string // without the line break
	ind  int    // leading spaces
	kind int
}

// splitFastLines splits src into lines and bounds the nodes they make.
func splitFastLines(src string) (out []fastLine, nodes int) {
	out = make([]fastLine, 0, strings.Count(src, "\n")+1)
	for len(src) > 0 {
		l := src
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			l, src = src[:i], src[i+1:]
		} else {
			src = ""
		}
		l = strings.TrimSuffix(l, "\r")
		ind := 0
		for ind < len(l) && l[ind] == ' ' {
			ind++
		}
		k := fastContent
		switch {
		case ind == len(l):
			k = fastBlank
		case l[ind] == '#':
			k = fastComment
		case ind == 0:
			nodes += 2 // key, value
		case strings.HasPrefix(l[ind:], "- "):
			nodes++
			if strings.IndexByte(l, ':') >= 0 {
				nodes += 2 // mapping, key (and value, counted above)
			}
		default:
			nodes += 2 // key, value
		}
		out = append(out, fastLine{s: l, ind: ind, kind: k})
	}
	return out, nodes
}

type fastParser struct {
	lines  []fastLine
	seqEnd int         // the line after the last block sequence read
	nodes  []yaml.Node // the slab every node is taken from
	kids   []*yaml.Node
	stack  []*yaml.Node // children of the open collections
}

// node returns a new node from the slab.
func (fp *fastParser) node(kind yaml.Kind, tag string, line, col int) *yaml.Node {
	if len(fp.nodes) == cap(fp.nodes) {
		return &yaml.Node{Kind: kind, Tag: tag, Line: line, Column: col} // never: the slab is sized for the worst case
	}
	fp.nodes = fp.nodes[:len(fp.nodes)+1]
	n := &fp.nodes[len(fp.nodes)-1] // already zero
	n.Kind, n.Tag, n.Line, n.Column = kind, tag, line, col
	return n
}

// close gives a collection the children pushed since mark, in one
// shared backing array.
func (fp *fastParser) close(n *yaml.Node, mark int) {
	c := fp.stack[mark:]
	if len(fp.kids)+len(c) <= cap(fp.kids) {
		k := len(fp.kids)
		fp.kids = append(fp.kids, c...)
		n.Content = fp.kids[k:len(fp.kids):len(fp.kids)]
	} else {
		n.Content = append([]*yaml.Node(nil), c...)
	}
	fp.stack = fp.stack[:mark]
}

// next returns the index of the first content line at or after i.
func (fp *fastParser) next(i int) int {
	for i < len(fp.lines) && fp.lines[i].kind != fastContent {
		i++
	}
	return i
}

func (fp *fastParser) parse() (*yaml.Node, bool) {
	root := fp.node(yaml.MappingNode, "!!map", 0, 0)
	for i := fp.next(0); i < len(fp.lines); i = fp.next(i) {
		l := fp.lines[i]
		if l.ind != 0 {
			return nil, false
		}
		k, rest, ok := splitKey(l.s)
		if !ok {
			return nil, false
		}
		key := fp.node(yaml.ScalarNode, "!!str", i+1, 1)
		key.Value = k
		if root.Line == 0 {
			root.Line, root.Column = i+1, 1
		}
		val, ok := fp.value(rest, i, len(k)+2)
		if !ok {
			return nil, false
		}
		fp.stack = append(fp.stack, key, val)
		if val.Kind == yaml.SequenceNode {
			i = fp.seqEnd
		} else {
			i++
		}
	}
	if len(fp.stack) == 0 {
		return nil, false
	}
	fp.close(root, 0)
	return root, true
}

// value reads the value after `key:` on line i; colon is the 1-based column
// just after the colon. A block sequence leaves its end in fp.seqEnd.
func (fp *fastParser) value(rest string, i, colon int) (*yaml.Node, bool) {
	trimmed := strings.TrimLeft(rest, " ")
	if trimmed != "" && trimmed[0] != '#' {
		return fp.scalar(trimmed, i+1, colon+len(rest)-len(trimmed))
	}
	j := fp.next(i + 1)
	if j < len(fp.lines) && isSeqItem(fp.lines[j]) {
		return fp.sequence(j)
	}
	if j < len(fp.lines) && fp.lines[j].ind != 0 {
		return nil, false // a nested mapping or a continuation
	}
	return fp.node(yaml.ScalarNode, "!!null", i+1, colon), true
}

func isSeqItem(l fastLine) bool {
	return l.kind == fastContent && strings.HasPrefix(l.s[l.ind:], "- ")
}

// sequence reads a block sequence whose first item is on line j.
func (fp *fastParser) sequence(j int) (*yaml.Node, bool) {
	si := fp.lines[j].ind
	seq := fp.node(yaml.SequenceNode, "!!seq", j+1, si+1)
	mark := len(fp.stack)
	i := j
	for i = fp.next(i); i < len(fp.lines); i = fp.next(i) {
		l := fp.lines[i]
		if l.ind < si || (l.ind == si && si == 0 && !isSeqItem(l)) {
			if l.ind != 0 {
				return nil, false
			}
			break // the next top-level field
		}
		if l.ind != si || !isSeqItem(l) {
			return nil, false
		}
		item := l.s[si+2:]
		if item == "" || item[0] == ' ' {
			return nil, false
		}
		if k, rest, ok := splitKey(item); ok {
			m, end, ok := fp.mapping(i, si+2, k, rest)
			if !ok {
				return nil, false
			}
			fp.stack = append(fp.stack, m)
			i = end
			continue
		}
		n, ok := fp.scalar(item, i+1, si+3)
		if !ok {
			return nil, false
		}
		fp.stack = append(fp.stack, n)
		i++
	}
	fp.close(seq, mark)
	fp.seqEnd = i
	return seq, true
}

// mapping reads a block mapping that starts inside a sequence item on line
// i (first key k, rest after its colon); its keys are at indentation ind.
// It returns the index of the line after it.
func (fp *fastParser) mapping(i, ind int, k, rest string) (*yaml.Node, int, bool) {
	m := fp.node(yaml.MappingNode, "!!map", i+1, ind+1)
	mark := len(fp.stack)
	for {
		key := fp.node(yaml.ScalarNode, "!!str", i+1, ind+1)
		key.Value = k
		trimmed := strings.TrimLeft(rest, " ")
		if trimmed == "" || trimmed[0] == '#' {
			return nil, 0, false // an empty or nested value
		}
		val, ok := fp.scalar(trimmed, i+1, ind+len(k)+2+len(rest)-len(trimmed))
		if !ok {
			return nil, 0, false
		}
		fp.stack = append(fp.stack, key, val)
		i = fp.next(i + 1)
		if i >= len(fp.lines) || fp.lines[i].ind < ind {
			fp.close(m, mark)
			return m, i, true
		}
		l := fp.lines[i]
		if l.ind > ind {
			return nil, 0, false
		}
		if k, rest, ok = splitKey(l.s[ind:]); !ok {
			return nil, 0, false
		}
	}
}

// splitKey splits `key: rest` (or `key:`) where key is a simple plain key.
func splitKey(s string) (key, rest string, ok bool) {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || i > 0 && (c >= '0' && c <= '9' || c == '-') {
			i++
			continue
		}
		break
	}
	// YAML limits a simple key to 1024 characters.
	if i == 0 || i > 1000 || i >= len(s) || s[i] != ':' || (i+1 < len(s) && s[i+1] != ' ') {
		return "", "", false
	}
	if !keyIsStr(s[:i]) {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}

func keyIsStr(k string) bool { return resolveTag(k) == "!!str" }

// scalar reads a one-line scalar that starts s (no leading space),
// followed by nothing but spaces and a comment.
func (fp *fastParser) scalar(s string, line, col int) (*yaml.Node, bool) {
	n := fp.node(yaml.ScalarNode, "", line, col)
	var tail string
	switch s[0] {
	case '"':
		v, end, ok := doubleQuoted(s)
		if !ok {
			return nil, false
		}
		n.Value, n.Tag, n.Style, tail = v, "!!str", yaml.DoubleQuotedStyle, s[end:]
	case '\'':
		v, end, ok := singleQuoted(s)
		if !ok {
			return nil, false
		}
		n.Value, n.Tag, n.Style, tail = v, "!!str", yaml.SingleQuotedStyle, s[end:]
	case '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '%', '@', '`':
		return nil, false
	default:
		v := s
		if i := strings.Index(s, " #"); i >= 0 {
			v = s[:i]
		}
		v = strings.TrimRight(v, " ")
		if strings.Contains(v, ": ") || strings.HasSuffix(v, ":") {
			return nil, false
		}
		n.Value, n.Tag = v, resolveTag(v)
		return n, true
	}
	if t := strings.TrimLeft(tail, " "); t != "" && (t[0] != '#' || len(t) == len(tail)) {
		return nil, false
	}
	return n, true
}

// doubleQuoted reads a one-line double-quoted scalar at the start of s and
// returns its value and the offset after the closing quote.
func doubleQuoted(s string) (string, int, bool) {
	i := 1
	for i < len(s) && s[i] != '"' && s[i] != '\\' {
		i++
	}
	if i >= len(s) {
		return "", 0, false
	}
	if s[i] == '"' {
		return s[1:i], i + 1, true
	}
	var b strings.Builder
	b.WriteString(s[1:i])
	for i < len(s) {
		c := s[i]
		switch c {
		case '"':
			return b.String(), i + 1, true
		case '\\':
			if i+1 >= len(s) {
				return "", 0, false
			}
			e := s[i+1]
			i += 2
			switch e {
			case '0':
				b.WriteByte(0)
			case 'a':
				b.WriteByte('\a')
			case 'b':
				b.WriteByte('\b')
			case 't':
				b.WriteByte('\t')
			case 'n':
				b.WriteByte('\n')
			case 'v':
				b.WriteByte('\v')
			case 'f':
				b.WriteByte('\f')
			case 'r':
				b.WriteByte('\r')
			case 'e':
				b.WriteByte(0x1b)
			case ' ', '"', '\'', '\\':
				b.WriteByte(e)
			case 'N':
				b.WriteRune(0x85)
			case '_':
				b.WriteRune(0xA0)
			case 'L':
				b.WriteRune(0x2028)
			case 'P':
				b.WriteRune(0x2029)
			case 'x', 'u', 'U':
				w := 2
				if e == 'u' {
					w = 4
				} else if e == 'U' {
					w = 8
				}
				if i+w > len(s) {
					return "", 0, false
				}
				var r rune
				for k := i; k < i+w; k++ {
					d, ok := hexVal(s[k])
					if !ok {
						return "", 0, false
					}
					r = r<<4 | rune(d)
				}
				if r >= 0xD800 && r <= 0xDFFF || r > 0x10FFFF {
					return "", 0, false
				}
				b.WriteRune(r)
				i += w
			default:
				return "", 0, false
			}
		default:
			b.WriteByte(c)
			i++
		}
	}
	return "", 0, false
}

func hexVal(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// singleQuoted reads a one-line single-quoted scalar at the start of s.
func singleQuoted(s string) (string, int, bool) {
	i := 1
	for i < len(s) && s[i] != '\'' {
		i++
	}
	if i >= len(s) {
		return "", 0, false
	}
	if i+1 >= len(s) || s[i+1] != '\'' {
		return s[1:i], i + 1, true
	}
	var b strings.Builder
	for i = 1; i < len(s); i++ {
		if s[i] != '\'' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '\'' {
			b.WriteByte('\'')
			i++
			continue
		}
		return b.String(), i + 1, true
	}
	return "", 0, false
}

// resolveTag is the tag yaml.v3 gives a plain scalar, with a shortcut for
// the values that cannot be anything but text: the full resolver tries
// several number parsers (each failure allocating) on every value that
// starts with a digit, such as half of all source hashes.
func resolveTag(v string) string {
	if v == "" {
		return "!!null"
	}
	switch c := v[0]; {
	case c == '+' || c == '-' || c >= '0' && c <= '9':
		if t := numberTag(v); t != "" {
			return t
		}
		if isTimestamp(v) {
			return "!!timestamp"
		}
	case strings.IndexByte("yYnNtTfFoO~<", c) >= 0:
		// For these first letters yaml.v3 only looks the value up in its
		// table of words.
		switch v {
		case "true", "True", "TRUE", "false", "False", "FALSE":
			return "!!bool"
		case "~", "null", "Null", "NULL":
			return "!!null"
		case "<<":
			return "!!merge"
		}
		return "!!str"
	case c == '.':
	default:
		return "!!str"
	}
	n := yaml.Node{Kind: yaml.ScalarNode, Value: v}
	return n.ShortTag()
}

// numberTag is the tag of v, which starts with a sign or a digit, when it
// is plainly a decimal int, a decimal float or not a number at all; ""
// when the full resolver must decide.
func numberTag(v string) string {
	s := v
	if s[0] == '+' || s[0] == '-' {
		s = s[1:]
		if s != "" && s[0] == '.' {
			return "" // -.inf and friends
		}
	}
	digits, dots := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			if notNumber(v) {
				return "!!str"
			}
			return ""
		}
	}
	switch {
	case digits == 0 || digits > 18:
	case dots == 0 && (s == "0" || s[0] != '0'):
		return "!!int"
	case dots == 1 && s[0] != '.':
		return "!!float" // no int parser reads it; the float pattern does
	}
	return ""
}

// isTimestamp reports whether v is an RFC 3339 time in the strict form
// 2006-01-02T15:04:05[.fraction](Z|±07:00) with fields in range, which
// yaml.v3 always reads as a timestamp (after trying it as several other
// things first: created and last_reinforced are in every document).
func isTimestamp(v string) bool {
	if len(v) < 20 || v[4] != '-' || v[7] != '-' || v[10] != 'T' || v[13] != ':' || v[16] != ':' {
		return false
	}
	num := func(s string) int {
		n := 0
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return -1
			}
			n = n*10 + int(s[i]-'0')
		}
		return n
	}
	y, mo, d := num(v[:4]), num(v[5:7]), num(v[8:10])
	h, mi, sec := num(v[11:13]), num(v[14:16]), num(v[17:19])
	if y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[mo-1]
	if mo == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	if d > days {
		return false
	}
	rest := v[19:]
	if rest[0] == '.' {
		j := 1
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		if j == 1 {
			return false
		}
		rest = rest[j:]
	}
	if rest == "Z" {
		return true
	}
	return len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':' &&
		num(rest[1:3]) >= 0 && num(rest[1:3]) <= 23 && num(rest[4:6]) >= 0 && num(rest[4:6]) <= 59
}

// notNumber reports whether v, which starts with a sign or a digit, can be
// neither a number nor a timestamp to yaml.v3.
func notNumber(v string) bool {
	if strings.IndexByte(v, '_') >= 0 {
		return false // yaml.v3 drops underscores before reading numbers
	}
	s := v
	if s[0] == '+' || s[0] == '-' {
		s = s[1:]
	}
	if len(s) >= 2 && s[0] == '0' && strings.IndexByte("xXoObB", s[1]) >= 0 {
		return false
	}
	if len(v) > 4 && v[4] == '-' {
		return false // may be a date
	}
	hexLetter := false
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c >= '0' && c <= '9', c == '+', c == '-', c == '.', c == 'e', c == 'E':
		case c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F':
			hexLetter = true // a hex digit outside 0x...: not a number
		default:
			return true
		}
	}
	return hexLetter
}
