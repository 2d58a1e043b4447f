package doc

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// handWritten is a note as a person writes it: comments, every quoting
// style, flow and block lists, unknown fields, a multi-line quoted scalar
// whose second line looks like a comment, a block scalar, no separator,
// and `---` in the body.
const handWritten = `---
# A note written by hand in Obsidian.
type: 'lesson'   # single-quoted on purpose
category: concept
id: 019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b
created: 2026-02-16T15:23:14Z
source_hash: "0000"
tags: [go, yaml]
my_field: {a: 1, b: [x, y]}
title: plain title, with a comma
confidence: .9 # a guess
aliases:
- one
# between
- two
context: |
  first line
  # not a comment
note: "multi
# line quoted"
last: end
---
Body text.
--- not a delimiter
---
`

// changedLines returns the lines of a that b replaced, and their
// replacement, by trimming the common first and last lines.
func changedLines(a, b string) (removed, added []string) {
	x, y := strings.SplitAfter(a, "\n"), strings.SplitAfter(b, "\n")
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	return x[pre : len(x)-suf], y[pre : len(y)-suf]
}

func TestSetChangesOnlyItsLines(t *testing.T) {
	tests := []struct {
		name    string
		field   string
		value   any
		removed []string
		added   []string
	}{
		{"keeps the comment", "confidence", 0.5,
			[]string{"confidence: .9 # a guess"}, []string{"confidence: 0.5 # a guess"}},
		{"single quotes", "type", "fact",
			[]string{"type: 'lesson'   # single-quoted on purpose"}, []string{"type: fact # single-quoted on purpose"}},
		{"flow list to block", "tags", []string{"a", "b"},
			[]string{"tags: [go, yaml]"}, []string{"tags:", "  - a", "  - b"}},
		{"block list with a comment", "aliases", []string{"x"},
			[]string{"- one", "# between", "- two"}, []string{"  - x"}},
		{"block scalar", "context", "short",
			[]string{"context: |", "  first line", "  # not a comment"}, []string{`context: "short"`}},
		{"multi-line quoted", "note", "x",
			[]string{`note: "multi`, `# line quoted"`}, []string{"note: x"}},
		{"unknown flow mapping", "my_field", "text",
			[]string{"my_field: {a: 1, b: [x, y]}"}, []string{"my_field: text"}},
		{"unknown to number", "last", 3,
			[]string{"last: end"}, []string{"last: 3"}},
		{"time", "created", time.Date(2026, 2, 17, 9, 0, 0, 0, time.UTC),
			[]string{"created: 2026-02-16T15:23:14Z"}, []string{"created: 2026-02-17T09:00:00.000Z"}},
		{"quoted id", "id", "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0c",
			[]string{"id: 019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b"}, []string{`id: "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0c"`}},
		{"title", "title", "new: title",
			[]string{"title: plain title, with a comma"}, []string{`title: "new: title"`}},
		{"new application field", "status", "resolved",
			nil, []string{"status: resolved"}},
		{"new count", "reinforced", 2,
			nil, []string{"reinforced: 2"}},
		{"new entities", "entities", []EntityRef{{Name: "owner", Type: "person"}},
			nil, []string{"entities:", "  - name: owner", "    type: person"}},
		{"new unknown node", "extra", &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Tag: "!!int", Value: "1"}}},
			nil, []string{"extra: [1]"}},
		{"delete", "aliases", nil,
			[]string{"aliases:", "- one", "# between", "- two"}, nil},
		{"delete by empty list", "tags", []string{},
			[]string{"tags: [go, yaml]"}, nil},
	}
	variants := []struct {
		name      string
		transform func(string) string
		eol       string
	}{
		{"LF", func(s string) string { return s }, "\n"},
		{"CRLF+BOM", func(s string) string { return "\ufeff" + strings.ReplaceAll(s, "\n", "\r\n") }, "\r\n"},
	}
	for _, v := range variants {
		for _, tt := range tests {
			t.Run(v.name+"/"+tt.name, func(t *testing.T) {
				src := v.transform(handWritten)
				p, err := Parse([]byte(src))
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Set(tt.field, tt.value); err != nil {
					t.Fatalf("Set: %v", err)
				}
				out := string(p.Bytes())
				if v.name == "CRLF+BOM" && !strings.HasPrefix(out, "\ufeff---\r\n") {
					t.Error("the BOM was lost")
				}
				removed, added := changedLines(src, out)
				want := func(l []string) []string {
					var o []string
					for _, s := range l {
						o = append(o, s+v.eol)
					}
					return o
				}
				if !slices.Equal(removed, want(tt.removed)) || !slices.Equal(added, want(tt.added)) {
					t.Errorf("changed lines:\n removed %q\n added   %q\nwant\n removed %q\n added   %q", removed, added, want(tt.removed), want(tt.added))
				}
				if !strings.HasSuffix(out, strings.ReplaceAll("---\nBody text.\n--- not a delimiter\n---\n", "\n", v.eol)) {
					t.Error("the body changed")
				}
				// The document the edit left is read back with the new value.
				again, err := Parse([]byte(out))
				if err != nil {
					t.Fatal(err)
				}
				if !reflectEqualDoc(again.Doc, p.Doc) {
					t.Error("Parsed.Doc is not refreshed by Set")
				}
			})
		}
	}
}

func reflectEqualDoc(a, b Document) bool {
	return string(Render(&a)) == string(Render(&b))
}

func TestSetDoc(t *testing.T) {
	p, err := Parse([]byte(handWritten))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Set(FieldStatus, "resolved"); err != nil {
		t.Fatal(err)
	}
	if err := p.Set(FieldConfidence, 0.25); err != nil {
		t.Fatal(err)
	}
	if p.Doc.Status != "resolved" || *p.Doc.Confidence != 0.25 {
		t.Errorf("Doc = %+v", p.Doc)
	}
	if p.Line(FieldStatus) != 22 {
		t.Errorf("status is on line %d, want 22 (appended)", p.Line(FieldStatus))
	}
}

func TestInsertCortexFields(t *testing.T) {
	orig := Render(specDoc())
	d := specDoc()
	values := map[string]any{
		FieldID: d.ID, FieldType: d.Type, FieldCategory: d.Category, FieldCreated: d.Created, FieldSourceHash: d.SourceHash,
	}
	// Removing the Cortex part and writing it back in any order puts every
	// field at its place, above `# ---`.
	for _, order := range [][]string{
		{FieldSourceHash, FieldID, FieldCreated, FieldType, FieldCategory},
		{FieldCategory, FieldCreated, FieldSourceHash, FieldType, FieldID},
		{FieldID, FieldType, FieldCategory, FieldCreated, FieldSourceHash},
	} {
		p, err := Parse(orig)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range cortexFieldOrder {
			if err := p.Delete(f); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.HasPrefix(p.Bytes(), []byte("---\n\n# ---\n")) {
			t.Fatalf("after deleting the Cortex part:\n%s", p.Bytes())
		}
		for _, f := range order {
			if err := p.Set(f, values[f]); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(p.Bytes(), orig) {
			t.Errorf("order %v:\n%s", order, lineDiff(string(orig), string(p.Bytes())))
		}
	}
}

func TestInsertWithoutSeparator(t *testing.T) {
	tests := []struct {
		name, src, field string
		value            any
		want             string
	}{
		{"before the first Cortex field", "---\n# note\ntype: lesson\ntags: [a]\n---\nbody\n", FieldID, "x",
			"---\n# note\nid: \"x\"\ntype: lesson\ntags: [a]\n---\nbody\n"},
		{"after the previous Cortex field", "---\ntype: lesson\ntags: [a]\n---\nbody\n", FieldCategory, "concept",
			"---\ntype: lesson\ncategory: concept\ntags: [a]\n---\nbody\n"},
		{"no Cortex field: at the top", "---\ntags: [a]\n---\nbody\n", FieldType, "fact",
			"---\ntype: fact\ntags: [a]\n---\nbody\n"},
		{"empty frontmatter", "---\n---\nbody\n", FieldType, "fact",
			"---\ntype: fact\n---\nbody\n"},
		{"comments only", "---\n# nothing yet\n---\n", FieldStatus, "active",
			"---\n# nothing yet\nstatus: active\n---\n"},
		{"indented keys", "---\n  type: lesson\n  tags: [a]\n---\n", FieldCategory, "concept",
			"---\n  type: lesson\n  category: concept\n  tags: [a]\n---\n"},
		{"comment on a list's key line", "---\ntags: # mine\n  - a\nx: 1\n---\n", FieldTags, []string{"b"},
			"---\ntags: # mine\n  - b\nx: 1\n---\n"},
		{"separator, no Cortex field", "---\ntitle: t\n\n# ---\n\nbucket: explicit\n---\n", FieldType, "fact",
			"---\ntitle: t\ntype: fact\n\n# ---\n\nbucket: explicit\n---\n"},
		{"separator first", "---\n# ---\nbucket: explicit\n---\n", FieldType, "fact",
			"---\ntype: fact\n# ---\nbucket: explicit\n---\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Set(tt.field, tt.value); err != nil {
				t.Fatal(err)
			}
			if got := string(p.Bytes()); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestSetRefuses(t *testing.T) {
	tests := []struct {
		name, src, field string
		value            any
		err              string
	}{
		{"flow mapping", "---\n{type: lesson}\n---\n", FieldStatus, "active", "one {…} mapping"},
		{"duplicate", "---\ntype: a\ntype: b\n---\n", FieldType, "fact", "appears 2 times"},
		{"wrong type", "---\ntype: a\n---\n", FieldConfidence, "high", "takes a float64"},
		{"wrong list", "---\ntype: a\n---\n", FieldTags, "a", "takes a []string"},
		{"unwritable", "---\ntype: a\n---\n", "x", func() {}, "cannot write"},
		{"year", "---\ntype: a\n---\n", FieldCreated, time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), "year 10000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			err = p.Set(tt.field, tt.value)
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("Set = %v, want an error with %q", err, tt.err)
			}
			if string(p.Bytes()) != tt.src {
				t.Error("a refused edit changed the document")
			}
		})
	}
}

func TestDelete(t *testing.T) {
	p, err := Parse([]byte(handWritten))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Delete("absent"); err != nil {
		t.Fatal(err)
	}
	if err := p.Delete(FieldContext); err != nil {
		t.Fatal(err)
	}
	removed, added := changedLines(handWritten, string(p.Bytes()))
	if len(added) != 0 || !slices.Equal(removed, []string{"context: |\n", "  first line\n", "  # not a comment\n"}) {
		t.Errorf("removed %q, added %q", removed, added)
	}
	if p.Has(FieldContext) || p.Doc.Context != "" {
		t.Error("context is still there")
	}
}

func BenchmarkEdit(b *testing.B) {
	src := Render(benchDocument())
	now := time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		p, err := Parse(src)
		if err != nil {
			b.Fatal(err)
		}
		if err := p.Set(FieldLastReinforced, now); err != nil {
			b.Fatal(err)
		}
	}
}

func TestSetMultiLineScalars(t *testing.T) {
	tests := []struct {
		name, src, field string
		removed          []string
	}{
		{"single-quoted over lines", "---\na: 'it''s\n# still text'\nb: 1\n---\n", "a",
			[]string{"a: 'it''s\n", "# still text'\n"}},
		{"tagged double-quoted", "---\na: !!str \"x\n# y \\\" z\"\nb: 1\n---\n", "a",
			[]string{"a: !!str \"x\n", "# y \\\" z\"\n"}},
		{"escaped line break", "---\na: \"x\\\n# y\"\nb: 1\n---\n", "a",
			[]string{"a: \"x\\\n", "# y\"\n"}},
		{"quoted after non-ASCII key", "---\nnaïve: \"é\n# x\"\nb: 1\n---\n", "naïve",
			[]string{"naïve: \"é\n", "# x\"\n"}},
		{"nested quoted", "---\na:\n  - \"x\n# y\"\nb: 1\n---\n", "a",
			[]string{"a:\n", "  - \"x\n", "# y\"\n"}},
		{"flow over lines", "---\na: [1,\n# c\n  2]\nb: 1\n---\n", "a",
			[]string{"a: [1,\n", "# c\n", "  2]\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Set(tt.field, "new"); err != nil {
				t.Fatal(err)
			}
			removed, added := changedLines(tt.src, string(p.Bytes()))
			if !slices.Equal(removed, tt.removed) || !slices.Equal(added, []string{tt.field + ": new\n"}) {
				t.Errorf("removed %q added %q", removed, added)
			}
		})
	}
}

func TestEditWithOddLineBreaks(t *testing.T) {
	// YAML breaks lines at NEL, LS and PS too; the edit must not cut one.
	for _, br := range []string{"\u0085", "\u2028", "\u2029", "\r"} {
		src := "---\ntype: fact\ntitle: \"a" + br + "b\"\nx: 1\n---\nbody\n"
		p, err := Parse([]byte(src))
		if err != nil {
			t.Fatalf("%q: %v", br, err)
		}
		if err := p.Set("x", 2); err != nil {
			t.Fatalf("%q: %v", br, err)
		}
		if err := p.Set(FieldTitle, "t"); err != nil {
			t.Fatalf("%q: %v", br, err)
		}
		want := "---\ntype: fact\ntitle: \"t\"\nx: 2\n---\nbody\n"
		if got := string(p.Bytes()); got != want {
			t.Errorf("%q: got %q", br, got)
		}
	}
}

func TestSetBesideDuplicates(t *testing.T) {
	src := "---\ntype: fact\nx: 1\nx: 2\n[k]: v\n---\n"
	p, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Set(FieldStatus, "active"); err != nil {
		t.Fatal(err)
	}
	if err := p.Set(FieldType, "lesson"); err != nil {
		t.Fatal(err)
	}
	if err := p.Set(FieldID, "i"); err != nil {
		t.Fatal(err)
	}
	want := "---\nid: \"i\"\ntype: lesson\nx: 1\nx: 2\n[k]: v\nstatus: active\n---\n"
	if got := string(p.Bytes()); got != want {
		t.Errorf("got %q", got)
	}
	if err := p.Set("x", 3); err == nil {
		t.Error("setting a duplicated field must fail")
	}
}

func TestSetInALargeFrontmatter(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\ntype: fact\n")
	for i := 0; i < 12000; i++ {
		b.WriteString("f" + itoa(i) + ": [a, b]\n")
	}
	b.WriteString("---\nbody\n")
	p, err := Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Set(FieldStatus, "active"); err != nil {
		t.Fatal(err)
	}
	if p.Doc.Status != "active" || len(p.Doc.Extra) != 12000 {
		t.Errorf("status %q, %d extra fields", p.Doc.Status, len(p.Doc.Extra))
	}
}
