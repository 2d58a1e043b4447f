package doc

// Reading the configuration files a person edits (taxonomy.yml here,
// calibration.yml in package vault) from yaml.Node trees, so every problem can
// name its line.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// ConfFail builds the error for a problem at a 1-based line of the file being
// read (0 when the problem concerns the whole file).
type ConfFail func(line int, format string, args ...any) error

// ConfDoc parses data as one YAML document and returns its root node, or
// nil when the file holds nothing but comments and blank lines. The checks the
// YAML library leaves out, or reports without a line, are made here so every
// error of a configuration file can name its line.
func ConfDoc(data []byte, fail ConfFail) (*yaml.Node, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff")) // editors on Windows add a BOM
	if line, msg := confBadText(data); line > 0 {
		return nil, fail(line, "%s", msg)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, fail(yamlErrLine(err), "not valid YAML: %s", yamlErrMsg(err))
	}
	// yaml.Unmarshal reads the first document and silently drops the rest: a
	// stray `---` would hide everything after it.
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return nil, fail(yamlErrLine(err), "not valid YAML: %s", yamlErrMsg(err))
	default:
		return nil, fail(next.Line, "a second YAML document starts here (remove the `---` line): the file must hold one document")
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	return ConfAlias(doc.Content[0]), nil
}

// confBadText finds the first line that is not valid UTF-8 or holds a control
// character YAML refuses; the YAML library reports both without a line.
func confBadText(data []byte) (int, string) {
	line := 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return line, "not valid UTF-8 text"
		case r == '\n':
			line++
		case r == '\t' || r == '\r':
		case r < 0x20 || (r >= 0x7f && r < 0xa0 && r != 0x85) || r == 0xfffe || r == 0xffff:
			return line, fmt.Sprintf("control character %U is not allowed in YAML", r)
		}
		i += size
	}
	return 0, ""
}

// ConfPair is one key and its value in a mapping, aliases resolved.
type ConfPair struct {
	Key, Value *yaml.Node
}

// confMaxMergeDepth bounds `<<` merges of merges, and confMaxMergeVisits the
// pairs one read of a mapping may walk through merges, so that anchors that
// refer to themselves (or are merged many times over) cannot send the reader
// into a loop or an exponential walk.
const (
	confMaxMergeDepth  = 8
	confMaxMergeVisits = 10000
)

// ConfPairs returns the pairs of the mapping m in file order. Aliases are
// resolved and `<<: *anchor` merge keys expanded (the mapping's own keys win
// over merged ones, as in YAML 1.1). A key given twice is an error: YAML
// libraries keep the last one silently, which would hide a person's edit.
// what names the keys in messages (`type "x": declared twice`).
func ConfPairs(m *yaml.Node, what string, fail ConfFail) ([]ConfPair, error) {
	visits := 0
	return confPairsDepth(m, what, fail, 0, &visits)
}

func confPairsDepth(m *yaml.Node, what string, fail ConfFail, depth int, visits *int) ([]ConfPair, error) {
	*visits += 1 + len(m.Content)/2
	if depth > confMaxMergeDepth || *visits > confMaxMergeVisits {
		return nil, fail(m.Line, "`<<` merges nest too deep or repeat too often")
	}
	var own, merged []ConfPair
	first := map[string]int{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := ConfAlias(m.Content[i]), ConfAlias(m.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			return nil, fail(k.Line, "a key must be a plain name, not a list or a mapping")
		}
		if k.Tag == "!!merge" {
			ps, err := confMerged(v, what, fail, depth, visits)
			if err != nil {
				return nil, err
			}
			merged = append(merged, ps...)
			continue
		}
		if line, dup := first[k.Value]; dup {
			return nil, fail(k.Line, "%s %q: declared twice (first at line %d)", what, k.Value, line)
		}
		first[k.Value] = k.Line
		own = append(own, ConfPair{k, v})
	}
	out := own
	seen := map[string]bool{}
	for _, p := range merged {
		if _, overridden := first[p.Key.Value]; overridden || seen[p.Key.Value] {
			continue
		}
		seen[p.Key.Value] = true
		out = append(out, p)
	}
	return out, nil
}

// confMerged returns the pairs a `<<` key brings in: one mapping, or a list
// of mappings where earlier ones win.
func confMerged(v *yaml.Node, what string, fail ConfFail, depth int, visits *int) ([]ConfPair, error) {
	switch v.Kind {
	case yaml.MappingNode:
		return confPairsDepth(v, what, fail, depth+1, visits)
	case yaml.SequenceNode:
		var out []ConfPair
		for _, it := range v.Content {
			it = ConfAlias(it)
			if it.Kind != yaml.MappingNode {
				return nil, fail(it.Line, "`<<` merges mappings only")
			}
			ps, err := confPairsDepth(it, what, fail, depth+1, visits)
			if err != nil {
				return nil, err
			}
			out = append(out, ps...)
		}
		return out, nil
	}
	return nil, fail(v.Line, "`<<` merges mappings only")
}

// ConfAlias follows *alias references to the anchored node. An alias of an
// alias is resolved by the parser already, so one step is enough.
func ConfAlias(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		return n.Alias
	}
	return n
}

// ConfKind names a node's shape for messages.
func ConfKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "empty"
		}
		return Excerpt(n.Value)
	}
	return "something else"
}

// ConfNumber reads a finite YAML number (`+0.1` included). An empty value is
// not zero: the YAML library would decode it as 0 without a word.
func ConfNumber(v *yaml.Node) (float64, bool) {
	var f float64
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" || v.Decode(&f) != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// yamlErrLine extracts the line of a YAML syntax error. The library omits the
// line when the problem is on the first one.
func yamlErrLine(err error) int {
	// go.yaml.in/yaml reports "yaml: line N: msg".
	s := strings.TrimPrefix(err.Error(), "yaml: ")
	if rest, ok := strings.CutPrefix(s, "line "); ok {
		if n, _, ok := strings.Cut(rest, ":"); ok {
			if line, err := strconv.Atoi(n); err == nil {
				return line
			}
		}
	}
	return 1
}

// yamlErrMsg is a YAML syntax error's message without the "yaml: line N:"
// prefix, for messages that name the file and line themselves.
func yamlErrMsg(err error) string {
	s := strings.TrimPrefix(err.Error(), "yaml: ")
	if rest, ok := strings.CutPrefix(s, "line "); ok {
		if _, msg, ok := strings.Cut(rest, ": "); ok {
			return msg
		}
	}
	return s
}

// ExcerptRunes is how much of a value from a file an error line quotes.
const ExcerptRunes = 80

// Excerpt quotes s for an error line: escaped (a newline or a control
// character cannot bend the one line a person reads) and cut to
// ExcerptRunes runes, with … where it was cut. A configuration file may be
// anything — a mistaken copy of /etc/passwd, say — and an error must not
// print it.
func Excerpt(s string) string {
	return strconv.Quote(cutRunes(s, ExcerptRunes))
}

// Mention shows s, a name or reference a person gave, in an error line:
// as it is when it is short and plain (no control character, quote or
// other unprintable rune), else as an Excerpt.
func Mention(s string) string {
	if utf8.RuneCountInString(s) <= ExcerptRunes && plain(s) {
		return s
	}
	return Excerpt(s)
}

// QuoteName shows the name of a file that exists in a one-line output: as
// it is when plain, else quoted and escaped (never cut: the name must be
// found again), so a newline in a name cannot split the line.
func QuoteName(s string) string {
	if plain(s) {
		return s
	}
	return strconv.Quote(s)
}

func plain(s string) bool {
	for _, r := range s {
		if r == '"' || r == utf8.RuneError || !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// cutRunes cuts s to at most n runes, ending in … when cut.
func cutRunes(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j] + "…"
		}
		i++
	}
	return s
}

// ConfArgs cuts the string arguments of a ConfFail's message to
// ExcerptRunes runes: they come from the file (%q escapes them).
func ConfArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if s, ok := a.(string); ok {
			a = cutRunes(s, ExcerptRunes)
		}
		out[i] = a
	}
	return out
}
