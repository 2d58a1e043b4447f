package doc

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// benchDocument is a typical memory of about 1 KB, every common field set.
func benchDocument() *Document {
	lr := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	d := &Document{
		ID: "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b", Type: "decision", Category: Concept,
		Created: time.Date(2026, 2, 16, 15, 23, 14, 527e6, time.UTC),
		Bucket:  "explicit", Attribution: "owner", Confidence: fptr(0.95), Importance: fptr(1.0),
		Entities:    []EntityRef{{Name: "owner", Type: "person"}, {Name: "Cortex", Type: "project"}},
		Context:     "Discussing observer daemon deployment and git sync strategy",
		SourceQuote: "Let's use local git only — no remote push in the daemon",
		SessionID:   "022a598a-7ca8-4ccf-80bb-f1919386421e",
		Tags:        []string{"cortex", "git", "daemon"}, Status: "active", LastReinforced: &lr, Reinforced: 2,
		Scope: "global", Agent: "claude", Files: []string{"observer/daemon.go", "vault/git.go"},
		Body: "Use local git only — no remote push in daemon. Reduces complexity and eliminates network failure mode.\n\n" +
			"The daemon commits locally; pushing is a separate, explicit step (`cortex sync`) so that a flaky network " +
			"never blocks memorizing. Reinforced twice since.",
	}
	d.SourceHash = Hash(d.Body)
	d.Title = Title(d.Body)
	return d
}

func TestBenchDocumentSize(t *testing.T) {
	if n := len(Render(benchDocument())); n < 950 || n > 1150 {
		t.Fatalf("the benchmark document is %d bytes, want about 1 KB", n)
	}
}

func BenchmarkParse(b *testing.B) {
	src := Render(benchDocument())
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRender(b *testing.B) {
	d := benchDocument()
	b.ReportAllocs()
	for b.Loop() {
		Render(d)
	}
}

func BenchmarkHash(b *testing.B) {
	body := benchDocument().Body
	for len(body) < 1024 {
		body += " " + body
	}
	body = body[:1024]
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Hash(body)
	}
}

func BenchmarkCheck(b *testing.B) {
	src := Render(benchDocument())
	tx := DefaultTaxonomy()
	b.ReportAllocs()
	for b.Loop() {
		if ps := Check("x.md", src, tx); len(ps) != 0 {
			b.Fatal(ps)
		}
	}
}

// BenchmarkParseHandWritten parses a layout the fast path hands to yaml.v3
// (a block scalar, flow collections), for comparison.
func BenchmarkParseHandWritten(b *testing.B) {
	src := []byte(handWritten)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkYAMLv3Node is the reference Parse is measured against: yaml.v3
// alone reading the same frontmatter into a node tree.
func BenchmarkYAMLv3Node(b *testing.B) {
	src := Render(benchDocument())
	fm := src[4 : bytes.Index(src, []byte("\n---\n"))+1]
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		var n yaml.Node
		if err := yaml.Unmarshal(fm, &n); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseLargeBody parses a note with a 110 KB body: the body is
// copied once (Document.Body), not by the frontmatter reader.
func BenchmarkParseLargeBody(b *testing.B) {
	d := benchDocument()
	d.Body = strings.Repeat("A long body line of a big note, with words.\n", 2500)
	src := Render(d)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(src); err != nil {
			b.Fatal(err)
		}
	}
}
