package doc

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestParseLayouts(t *testing.T) {
	tests := []struct {
		name            string
		src             string
		typ, body       string
		open, bodyLine  int
		fields          []string
		separator, fast bool
		line            map[string]int
		rawBody         string
	}{
		{name: "D21", src: string(Render(specDoc())), typ: "decision", body: specDoc().Body, open: 1, bodyLine: 22,
			fields: []string{"id", "type", "category", "created", "source_hash", "title", "bucket", "attribution",
				"confidence", "importance", "entities", "context", "source_quote", "session_id"},
			separator: true, fast: true, line: map[string]int{"id": 2, "source_hash": 6, "title": 10, "session_id": 20}},
		{name: "without separator", src: "---\ntype: fact\n---\nbody\n", typ: "fact", body: "body", open: 1, bodyLine: 4,
			fields: []string{"type"}, fast: true, line: map[string]int{"type": 2, "id": 0}},
		{name: "BOM", src: "\ufeff---\ntype: fact\n---\nbody\n", typ: "fact", body: "body", open: 1, bodyLine: 4,
			fields: []string{"type"}, fast: true},
		{name: "CRLF", src: "---\r\ntype: fact\r\ntags:\r\n  - a\r\n---\r\n\r\nline 1\r\nline 2\r\n", typ: "fact", body: "line 1\nline 2",
			open: 1, bodyLine: 6, fields: []string{"type", "tags"}, fast: true, rawBody: "\r\nline 1\r\nline 2\r\n"},
		{name: "no body", src: "---\ntype: fact\n---\n", typ: "fact", body: "", open: 1, bodyLine: 4, fields: []string{"type"}, fast: true},
		{name: "no final newline", src: "---\ntype: fact\n---", typ: "fact", body: "", open: 1, bodyLine: 4, fields: []string{"type"}, fast: true},
		{name: "empty frontmatter", src: "---\n---\nbody\n", body: "body", open: 1, bodyLine: 3},
		{name: "comments only", src: "---\n# nothing\n---\nbody\n", body: "body", open: 1, bodyLine: 4},
		{name: "--- in the body", src: "---\ntype: fact\n---\nabove\n---\nbelow\n---\n", typ: "fact", body: "above\n---\nbelow\n---",
			open: 1, bodyLine: 4, fields: []string{"type"}, fast: true},
		{name: "blank lines first", src: "\n\n---\ntype: fact\n---\n\n\n  body\n\n", typ: "fact", body: "  body", open: 3, bodyLine: 6,
			fields: []string{"type"}, fast: true, line: map[string]int{"type": 4}},
		{name: "lone CR", src: "---\ntype: fact\rtags: [a]\n---\nbody\n", typ: "fact", body: "body", open: 1, bodyLine: 5,
			fields: []string{"type", "tags"}, line: map[string]int{"type": 2, "tags": 3}},
		{name: "yaml.v3 layout", src: "---\ntype: fact\ncontext: |\n  a\n  b\nlast: &x 1\n---\nbody\n", typ: "fact", body: "body", open: 1, bodyLine: 8,
			fields: []string{"type", "context", "last"}, line: map[string]int{"context": 3, "last": 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if p.Doc.Type != tt.typ || p.Doc.Body != tt.body {
				t.Errorf("type %q body %q; want %q %q", p.Doc.Type, p.Doc.Body, tt.typ, tt.body)
			}
			if p.OpenLine() != tt.open || p.BodyLine() != tt.bodyLine {
				t.Errorf("open line %d body line %d; want %d %d", p.OpenLine(), p.BodyLine(), tt.open, tt.bodyLine)
			}
			if got := p.Fields(); !slices.Equal(got, tt.fields) && (len(got) > 0 || len(tt.fields) > 0) {
				t.Errorf("fields %v, want %v", got, tt.fields)
			}
			if p.HasSeparator() != tt.separator {
				t.Errorf("separator %v", p.HasSeparator())
			}
			if p.oneLine != tt.fast {
				t.Errorf("fast parser used: %v, want %v", p.oneLine, tt.fast)
			}
			for f, l := range tt.line {
				if got := p.Line(f); got != l {
					t.Errorf("Line(%s) = %d, want %d", f, got, l)
				}
			}
			if tt.rawBody != "" && p.Body() != tt.rawBody {
				t.Errorf("Body() = %q", p.Body())
			}
			if !bytes.Equal(p.Bytes(), []byte(tt.src)) {
				t.Error("Bytes() is not the input")
			}
			if len(p.Problems()) > 0 {
				t.Errorf("problems: %v", p.Problems())
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		err  error
		line int
		msg  string
	}{
		{"empty", "", ErrNoFrontmatter, 1, "no frontmatter"},
		{"text", "hello\n---\n", ErrNoFrontmatter, 1, "no frontmatter"},
		{"lone delimiter", "---", ErrNoFrontmatter, 1, "no frontmatter"},
		{"not closed", "---\ntype: fact\n", ErrUnclosedFrontmatter, 1, "not closed"},
		{"not YAML", "---\ntype: fact\n  x: [\n---\n", ErrInvalidYAML, 3, "not valid YAML"},
		{"a list", "---\n- a\n---\n", ErrInvalidYAML, 2, "not a list"},
		{"NUL", "---\n---\n\x00", ErrBinary, 3, "binary"},
		{"not UTF-8", "\xfe---\n", ErrBinary, 1, "UTF-8"},
		{"too large", strings.Repeat(" ", MaxDocumentSize+1), ErrTooLarge, 0, "at most"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src))
			var pe *ParseError
			if !errors.Is(err, tt.err) || !errors.As(err, &pe) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if pe.Line != tt.line || !strings.Contains(pe.Msg, tt.msg) {
				t.Errorf("line %d %q; want line %d %q", pe.Line, pe.Msg, tt.line, tt.msg)
			}
		})
	}
}

func TestParseHandWritten(t *testing.T) {
	p, err := Parse([]byte(handWritten))
	if err != nil {
		t.Fatal(err)
	}
	d := p.Doc
	if d.Type != "lesson" || d.Title != "plain title, with a comma" || *d.Confidence != 0.9 ||
		!slices.Equal(d.Tags, []string{"go", "yaml"}) || !slices.Equal(d.Aliases, []string{"one", "two"}) ||
		d.Context != "first line\n# not a comment\n" || d.Created.Year() != 2026 {
		t.Errorf("decoded %+v", d)
	}
	if len(d.Extra) != 3 || d.Extra[0].Name != "my_field" || d.Extra[1].Name != "note" || d.Extra[1].Value.Value != "multi # line quoted" {
		t.Errorf("extra fields %+v", d.Extra)
	}
	if p.Line("note") != 19 || p.Line("last") != 21 || p.Line("aliases") != 12 {
		t.Errorf("lines: note %d last %d aliases %d", p.Line("note"), p.Line("last"), p.Line("aliases"))
	}
	if p.Node("my_field") == nil || p.Node("absent") != nil || !p.Has("context") || p.ID() != "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b" {
		t.Error("accessors")
	}
}

func TestParseAliases(t *testing.T) {
	src := "---\nbase: &b [t1, t2]\ntags: *b\nx: &s hello\ntitle: *s\n---\n"
	p, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Doc.Tags, []string{"t1", "t2"}) || p.Doc.Title != "hello" {
		t.Errorf("aliases not followed: %+v", p.Doc)
	}
	// An unknown field keeps the value, not the alias, so it can be
	// written without its anchor.
	out := Render(&p.Doc)
	if bytes.Contains(out, []byte("*")) || bytes.Contains(out, []byte("&")) {
		t.Errorf("anchors or aliases leaked into:\n%s", out)
	}
}

func TestParseAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 12; i++ {
		b.WriteString("a" + itoa(i) + ": &a" + itoa(i) + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*a" + itoa(i-1))
		}
		b.WriteString("]\n")
	}
	b.WriteString("---\n")
	p, err := Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, pr := range p.Problems() {
		found = found || strings.Contains(pr.Msg, "too many aliases")
	}
	if !found {
		t.Errorf("problems %v", p.Problems())
	}
}

func TestInlineTags(t *testing.T) {
	body := "# Heading\n#tag1 and #nested/tag-2 #1984 #\nurl http://x.org/#frag and a#b\n`#code` ``a #x` b`` #after\n```\n#fenced\n```\n~~~go\n#also\n~~~\n#last/ #Ünï"
	var got []string
	for _, t := range InlineTags(body) {
		got = append(got, t.Tag+"@"+itoa(t.Line))
	}
	want := []string{"tag1@2", "nested/tag-2@2", "after@4", "last@11", "Ünï@11"}
	if !slices.Equal(got, want) {
		t.Errorf("InlineTags = %v, want %v", got, want)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestParseManyFields(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\n")
	for i := 0; i < 20000; i++ {
		b.WriteString("f" + itoa(i) + ": |\n  # ---\n")
	}
	b.WriteString("f7: again\n\n# ---\n\n---\n")
	p, err := Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if !p.HasSeparator() || p.Line("f7") != 16 {
		t.Errorf("separator %v, f7 on line %d", p.HasSeparator(), p.Line("f7"))
	}
	if ps := p.Problems(); len(ps) != 1 || !strings.Contains(ps[0].Msg, "field f7 appears twice (first at line 16)") {
		t.Errorf("%d problems, the first %v", len(ps), ps[:min(len(ps), 1)])
	}
}

// TestFieldMarkersRoundTrip: the marker lines a merge puts after each
// field come out again to the byte, whatever the frontmatter's shape, and
// there is one after each field.
func TestFieldMarkersRoundTrip(t *testing.T) {
	for _, src := range []string{
		"---\nid: \"a\"\ntype: fact\n---\n\nbody\n",
		"---\r\nid: \"a\"\r\ntags:\r\n  - x\r\n  - y\r\n\r\n# ---\r\n\r\ntitle: t\r\n---\r\nbody\r\n",
		"---\nid: a\n# a comment\nentities:\n  - name: n\n    type: person\nnote: |\n  line one\n  line two\n---\nbody\n",
		"---\n---\nno fields\n",
	} {
		p, err := Parse([]byte(src))
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		marked := p.WithFieldMarkers()
		if got := strings.Count(string(marked), fieldMarker); got != len(p.Fields()) {
			t.Errorf("%q: %d markers for %d fields:\n%s", src, got, len(p.Fields()), marked)
		}
		if back := string(StripFieldMarkers(marked)); back != src {
			t.Errorf("round trip:\n%q\n%q", src, back)
		}
	}
}
