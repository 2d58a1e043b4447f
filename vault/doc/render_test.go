package doc

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// specExample is SPEC §2's example document, as printed there.
const specExample = `---
id: "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b"
type: decision
category: concept
created: 2026-02-16T15:23:14.527Z
source_hash: e7f4a2b9c1d8f3e6a5b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0

# ---

title: "Use local git only — no remote push in daemon. Reduces complexity and…"
bucket: explicit
attribution: owner
confidence: 0.95
importance: 1.0
entities:
  - name: owner
    type: person
context: "Discussing observer daemon deployment and git sync strategy"
source_quote: "Let's use local git only — no remote push in the daemon"
session_id: "022a598a-7ca8-4ccf-80bb-f1919386421e"
---

Use local git only — no remote push in daemon. Reduces complexity and eliminates network failure mode.
`

// specHash is the real source_hash of the example's body (the SPEC's is
// made up).
const specHash = "3deda2bcda71aecbe84d48c2f7f7962facfb080b21df84ff94ba0a886757a3b7"

func fptr(f float64) *float64 { return &f }

// specDoc is seed 001's Example 1 observation as SPEC §2 memorizes it: the
// owner entity only, importance 1.0 after the default calibration's +0.1.
func specDoc() *Document {
	body := "Use local git only — no remote push in daemon. Reduces complexity and eliminates network failure mode."
	return &Document{
		ID:          "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b",
		Type:        "decision",
		Category:    Concept,
		Created:     time.Date(2026, 2, 16, 15, 23, 14, 527e6, time.UTC),
		SourceHash:  Hash(body),
		Title:       Title(body),
		Bucket:      "explicit",
		Attribution: "owner",
		Confidence:  fptr(0.95),
		Importance:  fptr(1.0),
		Entities:    []EntityRef{{Name: "owner", Type: "person"}},
		Context:     "Discussing observer daemon deployment and git sync strategy",
		SourceQuote: "Let's use local git only — no remote push in the daemon",
		SessionID:   "022a598a-7ca8-4ccf-80bb-f1919386421e",
		Body:        body,
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(p, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s", name, lineDiff(string(want), string(got)))
	}
}

// lineDiff shows the first differing line.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + strconv.Itoa(i+1) + ":\n  want " + strconv.Quote(a) + "\n  got  " + strconv.Quote(b)
		}
	}
	return "(same lines)"
}

func TestRenderSpecExample(t *testing.T) {
	if got := Hash(specDoc().Body); got != specHash {
		t.Fatalf("Hash(body) = %s, want %s", got, specHash)
	}
	got := Render(specDoc())
	golden(t, "spec-example.md", got)

	// Byte for byte SPEC §2's example, but for the made-up source_hash.
	want := strings.Replace(specExample,
		"e7f4a2b9c1d8f3e6a5b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0", specHash, 1)
	if string(got) != want {
		t.Errorf("Render differs from SPEC §2:\n%s", lineDiff(want, string(got)))
	}
	for _, line := range []string{
		`id: "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b"`,
		"created: 2026-02-16T15:23:14.527Z",
		"\n\n# ---\n\n",
		`title: "Use local git only — no remote push in daemon. Reduces complexity and…"`,
		"confidence: 0.95\n",
		"importance: 1.0\n",
		"entities:\n  - name: owner\n    type: person\n",
		`source_quote: "Let's use local git only — no remote push in the daemon"`,
		`session_id: "022a598a-7ca8-4ccf-80bb-f1919386421e"`,
		"---\n\nUse local git only",
	} {
		if !strings.Contains(string(got), line) {
			t.Errorf("rendered document lacks %q", line)
		}
	}
	if !bytes.HasSuffix(got, []byte("failure mode.\n")) {
		t.Error("the body must end with exactly one newline")
	}
}

// fullDoc sets every field, with text that needs quoting.
func fullDoc() *Document {
	lr := time.Date(2026, 3, 1, 8, 0, 0, 120e6, time.UTC)
	d := &Document{
		ID:             "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b",
		Type:           "lesson",
		Category:       Concept,
		Created:        time.Date(2026, 2, 16, 15, 23, 14, 0, time.UTC),
		Title:          `He said "yes": it's #1 \ true`,
		Bucket:         "ambient",
		Attribution:    "Claude Code",
		Confidence:     fptr(0.7),
		Importance:     fptr(0),
		Entities:       []EntityRef{{Name: "owner", Type: "person"}, {Name: "Cortex: the vault", Type: "project"}, {Name: "yes", Type: "word"}},
		Context:        "line one\nline two\ttabbed",
		SourceQuote:    "naïve café — ok…",
		SessionID:      "cli",
		Tags:           []string{"cortex", "status/active", "2024-review"},
		Aliases:        []string{"true", "null", "123", "- dash", "[[Note]]", "a: b", "x #y", " padded ", ""},
		Status:         "active",
		LastReinforced: &lr,
		Reinforced:     3,
		RelatesTo:      []string{"[[Other note]]", "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0c"},
		Supersedes:     "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0d",
		SupersededBy:   "[[Newer]]",
		PromotedTo:     "rules/no-remote-push.md",
		Scope:          "local",
		Agent:          "reviewer",
		Files:          []string{"vault/document.go", ".cortexignore", "~/notes.md"},
		Sessions:       3,
		SeenSessions:   []string{"cli", "0195aaaa-0000-7000-8000-000000000001"},
		SeenAgents:     []string{"reviewer", "claude"},
		Body:           "First line.\n\n  indented\n---\nafter a rule",
	}
	d.SourceHash = Hash(d.Body)
	d.Extra = []Field{
		{Name: "priority", Value: &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: "2"}},
		{Name: "weird key: x", Value: &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "v"}},
		{Name: "nested", Value: &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{
			{Kind: yaml.ScalarNode, Tag: "!!str", Value: "list"},
			{Kind: yaml.SequenceNode, Tag: "!!seq", Content: []*yaml.Node{
				{Kind: yaml.ScalarNode, Tag: "!!str", Value: "a"},
				{Kind: yaml.ScalarNode, Tag: "!!str", Value: "b\n---\nc", Style: yaml.DoubleQuotedStyle},
			}},
		}}},
	}
	return d
}

// docsEqual compares documents field by field; Extra by YAML content.
func docsEqual(t *testing.T, want, got *Document) {
	t.Helper()
	w, g := *want, *got
	w.Extra, g.Extra = nil, nil
	for _, p := range []*Document{&w, &g} {
		// NaN is not equal to itself.
		for _, f := range []**float64{&p.Confidence, &p.Importance} {
			if *f != nil && math.IsNaN(**f) {
				*f = fptr(-1234.5)
			}
		}
		// Times are written to the millisecond.
		if p.LastReinforced != nil {
			u := p.LastReinforced.UTC().Truncate(time.Millisecond)
			p.LastReinforced = &u
		}
		p.Created = p.Created.UTC().Truncate(time.Millisecond)
		p.Body = normBody(p.Body)
	}
	if !reflect.DeepEqual(w, g) {
		t.Errorf("documents differ:\nwant %+v\ngot  %+v", w, g)
	}
	if len(want.Extra) != len(got.Extra) {
		t.Fatalf("extra fields: want %d, got %d", len(want.Extra), len(got.Extra))
	}
	for i := range want.Extra {
		budget := 0
		if want.Extra[i].Name != got.Extra[i].Name || !nodeEqual(want.Extra[i].Value, got.Extra[i].Value, &budget) {
			t.Errorf("extra field %d: want %s, got %s", i, want.Extra[i].Name, got.Extra[i].Name)
		}
	}
}

func TestRenderRoundTrip(t *testing.T) {
	docs := map[string]*Document{
		"spec":  specDoc(),
		"full":  fullDoc(),
		"empty": {Type: "fact", Body: ""},
		"bare":  {ID: "x", Body: "just a body"},
	}
	for name, d := range docs {
		t.Run(name, func(t *testing.T) {
			r1 := Render(d)
			p, err := Parse(r1)
			if err != nil {
				t.Fatalf("Parse(Render(d)): %v\n%s", err, r1)
			}
			if len(p.Problems()) > 0 {
				t.Errorf("decode problems: %v", p.Problems())
			}
			docsEqual(t, d, &p.Doc)
			r2 := Render(&p.Doc)
			if !bytes.Equal(r1, r2) {
				t.Errorf("Render(Parse(Render(d))) differs:\n%s", lineDiff(string(r1), string(r2)))
			}
			if !p.oneLine && name != "full" {
				t.Error("our own layout should be read by the fast parser")
			}
		})
	}
	golden(t, "full.md", Render(fullDoc()))
}

func TestRenderDeterministic(t *testing.T) {
	a, b := Render(fullDoc()), Render(fullDoc())
	if !bytes.Equal(a, b) {
		t.Fatal("the same document gave different bytes")
	}
	d := fullDoc()
	d.Body = "\n\n" + d.Body + "\n\n  \n"
	if !bytes.Equal(Render(d), a) {
		t.Error("blank lines around the body must not change the output")
	}
}

func TestRenderScalars(t *testing.T) {
	tests := []struct {
		name string
		d    Document
		want string
	}{
		{"plain text", Document{Attribution: "owner"}, "attribution: owner\n"},
		{"non-ASCII plain", Document{Attribution: "Zoë — ok…"}, "attribution: Zoë — ok…\n"},
		{"bool word", Document{Attribution: "yes"}, `attribution: "yes"` + "\n"},
		{"true", Document{Attribution: "true"}, `attribution: "true"` + "\n"},
		{"null", Document{Attribution: "null"}, `attribution: "null"` + "\n"},
		{"tilde", Document{Attribution: "~"}, `attribution: "~"` + "\n"},
		{"number", Document{Attribution: "1984"}, `attribution: "1984"` + "\n"},
		{"float", Document{Attribution: "0.5"}, `attribution: "0.5"` + "\n"},
		{"date", Document{Attribution: "2026-02-16"}, `attribution: "2026-02-16"` + "\n"},
		{"sexagesimal", Document{Attribution: "1:20"}, `attribution: "1:20"` + "\n"},
		{"colon space", Document{Attribution: "a: b"}, `attribution: "a: b"` + "\n"},
		{"comment", Document{Attribution: "a #b"}, `attribution: "a #b"` + "\n"},
		{"hash inside", Document{Attribution: "C#"}, "attribution: C#\n"},
		{"indicator", Document{Attribution: "- x"}, `attribution: "- x"` + "\n"},
		{"wikilink", Document{Supersedes: "[[Note]]"}, `supersedes: "[[Note]]"` + "\n"},
		{"url", Document{Attribution: "https://x.org/a?b=c#d"}, "attribution: https://x.org/a?b=c#d\n"},
		{"quotes", Document{Title: `say "hi" \o/`}, `title: "say \"hi\" \\o/"` + "\n"},
		{"newline", Document{Context: "a\nb"}, `context: "a\nb"` + "\n"},
		{"controls", Document{Context: "\x00\x01\t\x1b\x7f\u0085\u2028\ufeff"}, `context: "\0\x01\t\e\x7F\N\L\uFEFF"` + "\n"},
		{"always quoted", Document{SessionID: "cli"}, `session_id: "cli"` + "\n"},
		{"float one", Document{Importance: fptr(1)}, "importance: 1.0\n"},
		{"float zero", Document{Importance: fptr(0)}, "importance: 0.0\n"},
		{"float", Document{Importance: fptr(0.95)}, "importance: 0.95\n"},
		{"float tiny", Document{Importance: fptr(1e-7)}, "importance: 1.0e-07\n"},
		{"float nan", Document{Importance: fptr(math.NaN())}, "importance: .nan\n"},
		{"int", Document{Reinforced: 12}, "reinforced: 12\n"},
		{"time", Document{LastReinforced: func() *time.Time {
			t := time.Date(2026, 2, 16, 17, 23, 14, 527999999, time.FixedZone("CEST", 2*3600))
			return &t
		}()}, "last_reinforced: 2026-02-16T15:23:14.527Z\n"},
		{"list", Document{Tags: []string{"a", "b/c"}}, "tags:\n  - a\n  - b/c\n"},
		{"entity without type", Document{Entities: []EntityRef{{Name: "x"}}}, "entities:\n  - name: x\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := string(Render(&tt.d))
			_, app, _ := strings.Cut(out, "# ---\n\n")
			app = strings.TrimSuffix(app, "---\n")
			if app != tt.want {
				t.Errorf("got %q, want %q", app, tt.want)
			}
			p, err := Parse([]byte(out))
			if err != nil {
				t.Fatalf("does not parse back: %v", err)
			}
			docsEqual(t, &tt.d, &p.Doc)
		})
	}
}

func TestRenderFieldOrder(t *testing.T) {
	p, err := Parse(Render(fullDoc()))
	if err != nil {
		t.Fatal(err)
	}
	want := append(append([]string{}, cortexFieldOrder[:]...), appFieldOrder[:]...)
	for _, f := range fullDoc().Extra {
		want = append(want, f.Name)
	}
	if got := p.Fields(); !reflect.DeepEqual(got, want) {
		t.Errorf("field order\n got  %v\n want %v", got, want)
	}
}
