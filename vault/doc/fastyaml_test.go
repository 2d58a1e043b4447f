package doc

import (
	"fmt"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// sameTree compares two node trees as fastParse promises: kind, tag,
// style, value, position and children; comments are not compared.
func sameTree(a, b *yaml.Node) error {
	if a == nil || b == nil {
		if a != b {
			return fmt.Errorf("nil mismatch: %v vs %v", a, b)
		}
		return nil
	}
	if a.Kind != b.Kind || a.Tag != b.Tag || a.Style != b.Style || a.Value != b.Value ||
		a.Line != b.Line || a.Column != b.Column || a.Anchor != b.Anchor || len(a.Content) != len(b.Content) {
		return fmt.Errorf("node differs:\nfast  %d %q %d %q L%d C%d n%d\nyaml  %d %q %d %q L%d C%d n%d",
			a.Kind, a.Tag, a.Style, a.Value, a.Line, a.Column, len(a.Content),
			b.Kind, b.Tag, b.Style, b.Value, b.Line, b.Column, len(b.Content))
	}
	for i := range a.Content {
		if err := sameTree(a.Content[i], b.Content[i]); err != nil {
			return err
		}
	}
	return nil
}

// slowParse is yaml.v3's reading of frontmatter text.
func slowParse(b []byte) (n *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	return doc.Content[0], nil
}

func checkFast(t *testing.T, src string) bool {
	t.Helper()
	fast, ok := fastParse([]byte(src))
	if !ok {
		return false
	}
	slow, err := slowParse([]byte(src))
	if err != nil {
		t.Fatalf("fast parser accepted what yaml.v3 refuses (%v):\n%s", err, src)
	}
	if err := sameTree(fast, slow); err != nil {
		t.Fatalf("fast parser differs from yaml.v3: %v\ninput:\n%q", err, src)
	}
	return true
}

func TestFastYAMLMatchesYAMLv3(t *testing.T) {
	accepted := []string{
		"a: 1\n",
		"id: \"019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b\"\ntype: decision\n\n# ---\n\ntitle: \"x — y…\"\n",
		"tags:\n  - a\n  - b\nx: y\n",
		"tags:\n- a\n- b\nx: y\n",
		"entities:\n  - name: owner\n    type: person\n  - name: Cortex\n    type: project\n",
		"a: 'it''s'\nb: '' # empty\n",
		"a: \"\\t\\x41\\u00e9\\U0001F600\\\"\\\\\\'\\ \\N\\_\\L\\P\\0\\e\\a\\b\\v\\f\\r\\n\"\n",
		"a: b # comment\nc: d#e\n",
		"a: 2026-02-16T15:23:14.527Z\nb: 0.95\nc: 1.0\nd: 12\ne: 0x1F\nf: 1e3\ng: .5\nh: 007\ni: 09\nj: true\nk: ~\nl: null\nm: 3deda2bc\n",
		"a:\nb: 1\n",
		"a: # c\nb: 1\n",
		"a:   x y z   \n",
		"a: x [y] {z}, w\n",
		"a: http://example.com/x?y=1#frag\n",
		"a: \"x\"   # c\n",
		"a: x\r\nb:\r\n  - y\r\n",
		"a: é — … 日本\n",
		"a:\n  - x\n  # between\n  - y\n\n# after\nb: 1\n",
		"a:\n  - name: x\n    # c\n    type: y\n",
		"a: 1\nyes: 2\nno: 3\non: 4\n",
		"a: -\n",
	}
	for _, s := range accepted {
		checkFast(t, s)
	}
	for _, s := range []string{"a: 1\n", "tags:\n  - a\n", "e:\n  - name: x\n    type: y\n",
		"a: \"\\t\\x41\\u00e9\\U0001F600\\\"\\\\\\'\\ \\N\\_\\L\\P\\0\\e\\a\\b\\v\\f\\r\\n\"\n"} {
		if !checkFast(t, s) {
			t.Errorf("fast parser gave up on %q", s)
		}
	}
	// Shapes it must hand to yaml.v3.
	for _, s := range []string{
		"a: |\n  x\n", "a: >\n  x\n", "a: &x 1\nb: *x\n", "a: !t x\n", "a: [1, 2]\n", "a: {b: 1}\n",
		"a:\n  b: 1\n", "a: \"x\n  y\"\n", "a: x\n  y\n", "- a\n", "\"a\": 1\n", "a b: 1\n", "a:\tb\n",
		"a: 1\n...\n", "%YAML 1.2\na: 1\n", "a: b: c\n", "a: b:\n", "true: 1\n", "a:\n  -\n", "a:\n  -  x\n",
		"a: x\rb: 1\n", "a: \u2028\n", "a: \ufeff\n", "", "# only\n",
	} {
		if _, ok := fastParse([]byte(s)); ok {
			t.Errorf("fast parser should give up on %q", s)
		}
	}
}

func TestResolveTagMatchesYAMLv3(t *testing.T) {
	for _, v := range []string{"", "~", "null", "Null", "true", "False", "yes", "no", "on", "y", "<<", "<", ".5", ".inf", "-.Inf", ".nan", ".x",
		"0", "-0", "+5", "007", "09", "0x1F", "0o17", "0b101", "-0b1", "1_000", "1e3", "1E+3", "1.", "1.5", "+1.5", "-.5", "1.2.3",
		"2026-02-16", "2026-02-16T15:23:14.527Z", "2026-02-16 15:23:14", "2026-13-45",
		"2024-02-29T23:59:59+05:30", "2023-02-29T00:00:00Z", "2026-02-16T15:23:14.1234567890123Z", "2026-02-16T24:00:00Z",
		"2026-02-16T15:23:14.Z", "2026-02-16T15:23:14+24:00", "0000-01-01T00:00:00Z", "2026-02-16T15:23:14-00:00", "3deda2bc", "3deda2bcda71aecbe84d48c2f7f7962facfb080b21df84ff94ba0a886757a3b7",
		"1e", "e1", "1:20", "12345678901234567890", "123456789012345678", "0.0", "-", "+", "1 day", "abc", "Ölfeld", "9_9", "1__0"} {
		n := yaml.Node{Kind: yaml.ScalarNode, Value: v}
		if got, want := resolveTag(v), n.ShortTag(); got != want {
			t.Errorf("resolveTag(%q) = %s, yaml.v3 says %s", v, got, want)
		}
	}
}

func FuzzResolveTag(f *testing.F) {
	for _, s := range []string{"1.5", "0x1F", "2026-02-16", "3dedaf", "true", "1e3", "-0b1", "09",
		"2026-02-16T15:23:14.527Z", "2024-02-29T23:59:59+05:30", "2023-02-29T00:00:00Z", "2026-02-16T15:23:14.1234567890123Z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		n := yaml.Node{Kind: yaml.ScalarNode, Value: v}
		if got, want := resolveTag(v), n.ShortTag(); got != want {
			t.Fatalf("resolveTag(%q) = %s, yaml.v3 says %s", v, got, want)
		}
	})
}

// FuzzFastYAML holds the fast parser to yaml.v3: whatever it accepts must
// be read by yaml.v3 into the same tree.
func FuzzFastYAML(f *testing.F) {
	f.Add("a: 1\nb: \"x\"\nc:\n  - d\n  - e\n")
	f.Add("entities:\n  - name: owner\n    type: person\n")
	f.Add("a: 'x''y' # c\nb: x #y\n")
	f.Add("a: \"\\u00e9\\x41\"\nb: 0.95\nc: 2026-02-16T15:23:14.527Z\n")
	f.Add("tags:\n- a\n- b\n")
	f.Fuzz(func(t *testing.T, src string) {
		if strings.Contains(src, "\x00") {
			return
		}
		checkFast(t, src)
	})
}
