package doc_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/bench/vaultgen"
	"github.com/cortex-vault/cortex/vault/doc"
)

// setLineValues are the values the differential test writes into every
// field a document has: the statuses a sleep writes, and values setLine
// must leave to the full path (quoted, a number, a boolean, a null, a
// colon, a comment sign, empty).
var setLineValues = []any{"archived", "active", "outdated", "superseded", "global", "local",
	"a longer plain value", "123", "true", "null", "~", "a: b", "x #y", "'quoted'", "-", "", "Ünïcode"}

// TestSetLineIsTheFullEdit is the differential test of setLine, Set's edit
// without a second parse: over the documents of a generated vault (as
// cortex writes them, sleepvault's shape), the doc package's fuzz seeds and
// saved fuzz inputs, and hand-made shapes around the one setLine takes,
// every field set to every value of setLineValues gives, by the quick edit
// and by the full one, the same error or the same document to the byte and
// in every part of its parse. And the quick edit is taken where the run
// needs it: the archive's status on a generated memory.
func TestSetLineIsTheFullEdit(t *testing.T) {
	docs := setLineCorpus(t)
	quick := 0
	for name, data := range docs {
		p, err := doc.Parse(data)
		if err != nil {
			continue
		}
		fields, values := append(p.Fields(), doc.FieldStatus, doc.FieldSupersededBy), setLineValues
		if strings.HasPrefix(name, "generated ") {
			// Many documents of one shape: the fields a sleep sets, a
			// field replaced, and a few values.
			fields, values = []string{doc.FieldStatus, doc.FieldSupersededBy, doc.FieldScope, doc.FieldType, "title"}, setLineValues[:8]
		}
		for _, field := range fields {
			for _, v := range values {
				if setLineSame(t, name, data, field, v) {
					quick++
				}
			}
		}
	}
	if quick == 0 {
		t.Fatal("setLine never took an edit")
	}
	t.Logf("%d documents, %d edits taken by setLine", len(docs), quick)

	var memory []byte
	for name, data := range docs {
		if strings.Contains(name, "/mind/") {
			memory = data
			break
		}
	}
	p, err := doc.Parse(memory)
	if err != nil {
		t.Fatal(err)
	}
	if !p.SetLineApplies(doc.FieldStatus, "archived") {
		t.Fatalf("the archive's status edit of a generated memory takes the full path:\n%s", memory)
	}
}

// FuzzSetLine holds setLine to the full edit on any document: the same
// error, or the same document.
func FuzzSetLine(f *testing.F) {
	for _, s := range doc.FuzzSeeds() {
		f.Add([]byte(s), "status", "archived")
	}
	for _, s := range setLineShapes {
		f.Add([]byte(s), "status", "archived")
	}
	f.Fuzz(func(t *testing.T, data []byte, field, value string) {
		setLineSame(t, "fuzz", data, field, value)
	})
}

// setLineSame sets field to v in data both ways and fails t when they
// differ; it reports whether the quick edit was taken.
func setLineSame(t *testing.T, name string, data []byte, field string, v any) bool {
	t.Helper()
	a, err := doc.Parse(data)
	if err != nil {
		return false
	}
	b, _ := doc.Parse(data)
	took := a.SetLineApplies(field, v)
	errA, errB := a.Set(field, v), b.SetFull(field, v)
	switch {
	case (errA == nil) != (errB == nil):
		t.Fatalf("%s: set %s %q: quick edit error %v, full edit error %v\n%s", name, field, v, errA, errB, data)
	case errA != nil:
		if !bytes.Equal(a.Bytes(), data) {
			t.Fatalf("%s: set %s %q failed and changed the document", name, field, v)
		}
	case !bytes.Equal(a.Bytes(), b.Bytes()):
		t.Fatalf("%s: set %s %q: quick edit\n%s\nfull edit\n%s", name, field, v, a.Bytes(), b.Bytes())
	case !doc.SameParsed(a, b):
		t.Fatalf("%s: set %s %q: the same bytes, parsed differently (quick %v: %+v, full: %+v)", name, field, v, took, a.Doc, b.Doc)
	}
	return took && errA == nil
}

// setLineShapes are frontmatters around the one line setLine edits:
// comments, quoting, tags, anchors and aliases, a value continued on the
// next line, CRLF and a BOM, indentation, a duplicated field, flow style,
// the separator, an empty value, the last line without a break.
var setLineShapes = []string{
	"---\ntype: fact\nstatus: active\n---\nbody\n",
	"---\ntype: fact\nstatus: active # kept\n---\n",
	"---\ntype: fact\nstatus: 'active'\n---\n",
	"---\ntype: fact\nstatus: \"active\"\n---\n",
	"---\ntype: fact\nstatus: !!str active\n---\n",
	"---\ntype: fact\nstatus: &s active\nscope: *s\n---\n",
	"---\ntype: fact\nstatus: active\n  still the status\n---\n",
	"---\ntype: fact\nstatus:  active\n---\n",
	"---\ntype: fact\nstatus : active\n---\n",
	"\ufeff---\r\ntype: fact\r\nstatus: active\r\n---\r\nbody\r\n",
	"---\n  type: fact\n  status: active\n---\n",
	"---\ntype: fact\nstatus: active\nstatus: outdated\n---\n",
	"---\n{type: fact, status: active}\n---\n",
	"---\nid: x\nstatus: active\n# ---\nowner: me\n---\n",
	"---\ntype: fact\nstatus:\n---\n",
	"---\ntype: fact\nstatus: active\n\n# a comment\n\n---\n",
	"---\ntype: fact\nstatus: active\ttab\n---\n",
	"---\ntype: fact\nstatus: [active]\n---\n",
	"---\ntype: fact\nstatus: 12\n---\n",
	"---\ntype: fact\nstatus: active\n---",
	"---\ntype: fact\nstatus: active",
	"---\ntype: fact\nstatus: actîve\nlast: x\n---\n",
}

// setLineCorpus is every document the differential test edits, by name.
func setLineCorpus(t *testing.T) map[string][]byte {
	docs := map[string][]byte{}
	for i, s := range doc.FuzzSeeds() {
		docs["seed "+strconv.Itoa(i)] = []byte(s)
	}
	for i, s := range setLineShapes {
		docs["shape "+strconv.Itoa(i)] = []byte(s)
	}
	for _, dir := range []string{"testdata/golden", "testdata/fuzz/FuzzParseDocument", "testdata/fuzz/FuzzSetLine"} {
		ents, err := os.ReadDir(dir)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if in, ok := fuzzInput(data); ok {
				data = in
			}
			docs[dir+"/"+e.Name()] = data
		}
	}
	root := t.TempDir()
	if err := vaultgen.Generate(root, 100, 7); err != nil {
		t.Fatal(err)
	}
	paths, err := vaultgen.Documents(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		docs["generated /"+filepath.ToSlash(rel)] = data
	}
	return docs
}

// fuzzInput is the first []byte value of a saved fuzz input ("go test fuzz
// v1" files).
func fuzzInput(data []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(data, []byte("go test fuzz v1\n"))
	if !ok {
		return nil, false
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	q, ok := bytes.CutPrefix(line, []byte("[]byte("))
	if !ok {
		return nil, false
	}
	s, err := strconv.Unquote(string(bytes.TrimSuffix(q, []byte(")"))))
	if err != nil {
		return nil, false
	}
	return []byte(s), true
}

// BenchmarkSetStatus is the archive's edit of a generated memory, by
// setLine and by the full path (replace, parse again, compare).
func BenchmarkSetStatus(b *testing.B) {
	root := b.TempDir()
	if err := vaultgen.Generate(root, 20, 7); err != nil {
		b.Fatal(err)
	}
	paths, err := vaultgen.Documents(root)
	if err != nil {
		b.Fatal(err)
	}
	var src []byte
	for _, p := range paths {
		if strings.Contains(filepath.ToSlash(p), "/mind/") {
			if src, err = os.ReadFile(p); err != nil {
				b.Fatal(err)
			}
			break
		}
	}
	p, err := doc.Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	for _, way := range []struct {
		name string
		set  func(p *doc.Parsed) error
	}{
		{"quick", func(p *doc.Parsed) error { return p.Set(doc.FieldStatus, "archived") }},
		{"full", func(p *doc.Parsed) error { return p.SetFull(doc.FieldStatus, "archived") }},
	} {
		b.Run(way.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				q := *p // an edit replaces *q; p stays as parsed
				if err := way.set(&q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
