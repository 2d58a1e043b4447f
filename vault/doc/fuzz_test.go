package doc

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// fuzzSeeds are documents of every shape the tests know.
func fuzzSeeds() []string {
	return []string{
		string(Render(specDoc())),
		string(Render(fullDoc())),
		string(Render(benchDocument())),
		handWritten,
		"\ufeff" + strings.ReplaceAll(handWritten, "\n", "\r\n"),
		"---\ntype: lesson\n---\nbody #tag\n",
		"---\n---\n",
		"---\n{type: fact}\n---\n",
		"---\nbase: &b [a]\ntags: *b\n---\n",
		"---\ntitle: \"a\nb\"\ncontext: |\n  x\n---\n",
		"no frontmatter",
		"---\nentities:\n  - name: x\n    type: y\n  - name\n---\n",
	}
}

// FuzzParseDocument: Parse never panics, and a parsed document rendered
// and parsed again gives the same fields and the same bytes.
func FuzzParseDocument(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data)
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		r1 := Render(&p.Doc)
		p2, err := Parse(r1)
		if err != nil {
			t.Fatalf("the rendered document does not parse: %v\n%s", err, r1)
		}
		docsEqual(t, &p.Doc, &p2.Doc)
		if r2 := Render(&p2.Doc); !bytes.Equal(r1, r2) {
			t.Fatalf("Render is not stable:\n%s", lineDiff(string(r1), string(r2)))
		}
		// An edit either works and reads back, or leaves the file as it was.
		edits := []struct {
			field string
			value any
			check func(d *Document) bool
		}{
			{FieldStatus, "resolved", func(d *Document) bool { return d.Status == "resolved" }},
			{FieldCategory, Entity, func(d *Document) bool { return d.Category == Entity }},
			{FieldReinforced, 7, func(d *Document) bool { return d.Reinforced == 7 }},
			{FieldTags, nil, func(d *Document) bool { return d.Tags == nil }},
		}
		for _, e := range edits {
			before := string(p.Bytes())
			if err := p.Set(e.field, e.value); err != nil {
				if string(p.Bytes()) != before {
					t.Fatalf("a failed Set(%s) changed the document", e.field)
				}
				continue
			}
			q, err := Parse(p.Bytes())
			if err != nil || !e.check(&q.Doc) || !e.check(&p.Doc) {
				t.Fatalf("after Set(%s): %v", e.field, err)
			}
			if !strings.HasSuffix(string(p.Bytes()), string(data[len(data)-len(p.Body()):])) {
				t.Fatalf("Set(%s) changed the body", e.field)
			}
		}
	})
}

// FuzzCheck: Check never panics and reports lines inside the file.
func FuzzCheck(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	tx := DefaultTaxonomy()
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte{'\n'}) + 1
		for _, p := range Check("f.md", data, tx) {
			if p.Line < 0 || p.Line > lines+1 || p.Msg == "" {
				t.Fatalf("problem out of the file (%d lines): %v", lines, p)
			}
		}
	})
}

// FuzzFix: Fix never panics, changes nothing it does not report, and a
// second Fix has nothing left to do.
func FuzzFix(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	tx := DefaultTaxonomy()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte) {
		orig := bytes.Clone(data)
		fixed, changed, _ := Fix(data, tx, now, fixedID)
		if !bytes.Equal(data, orig) {
			t.Fatal("Fix modified its input")
		}
		if len(changed) == 0 {
			if !bytes.Equal(fixed, data) {
				t.Fatal("Fix changed the content without reporting it")
			}
			return
		}
		p, err := Parse(fixed)
		if err != nil {
			t.Fatalf("the fixed document does not parse: %v", err)
		}
		if q, _ := Parse(data); q != nil && q.Doc.Body != p.Doc.Body {
			t.Fatal("Fix changed the body")
		}
		again, changed2, _ := Fix(fixed, tx, now, fixedID)
		if len(changed2) != 0 || !bytes.Equal(again, fixed) {
			t.Fatalf("a second Fix changed %v", changed2)
		}
	})
}
