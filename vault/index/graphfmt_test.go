package index

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault"
)

// undot reads back a DOT double-quoted string (without its quotes).
func undot(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
			default:
				b.WriteByte(s[i])
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unmermaid reads back a Mermaid quoted label (without its quotes).
func unmermaid(s string) string {
	return strings.NewReplacer("#quot;", `"`, "#35;", "#", "#lt;", "<", "#gt;", ">").Replace(s)
}

func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", `a "b" c`, `back\slash\`, "#tag", "<b>&amp;</b>", "line\nbreak", `\"`, "#quot;", "é 日本"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		d := dotQuote(s)
		inner := d[1 : len(d)-1]
		// No unescaped quote inside, and no trailing lone backslash.
		if regexp.MustCompile(`(^|[^\\])(\\\\)*"`).MatchString(inner) || regexp.MustCompile(`(^|[^\\])(\\\\)*\\$`).MatchString(inner) {
			t.Fatalf("dotQuote(%q) = %s: an unescaped quote or backslash", s, d)
		}
		want := strings.ReplaceAll(s, "\r", "")
		if got := undot(inner); got != want {
			t.Fatalf("dotQuote(%q) reads back as %q", s, got)
		}
		m := mermaidQuote(s)
		inner = m[1 : len(m)-1]
		if strings.ContainsAny(inner, "\"<>\n\r") {
			t.Fatalf("mermaidQuote(%q) = %s: a raw quote, angle bracket or line break", s, m)
		}
		want = strings.NewReplacer("\n", " ", "\r", " ", "\t", " ").Replace(s)
		if got := unmermaid(inner); got != want {
			t.Fatalf("mermaidQuote(%q) reads back as %q", s, got)
		}
	})
}

func TestGraphFormats(t *testing.T) {
	ctx := context.Background()
	l := linkVault(t)
	note(t, l, "mind/concepts/q.md", `title: "Say \"hi\" \\ <now> #1"`, "[[Note]] [[Nowhere]]")
	ix := openTest(t, l)
	g, err := ix.Graph(ctx)
	if err != nil {
		t.Fatal(err)
	}

	var js bytes.Buffer
	if err := g.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back Graph
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatalf("JSON does not read back: %v", err)
	}
	if len(back.Nodes) != len(g.Nodes) || len(back.Edges) != len(g.Edges) {
		t.Fatalf("JSON holds %d nodes, %d edges; want %d, %d", len(back.Nodes), len(back.Edges), len(g.Nodes), len(g.Edges))
	}

	// DOT: every statement is a node or an edge between declared nodes.
	var dot bytes.Buffer
	if err := g.WriteDOT(&dot); err != nil {
		t.Fatal(err)
	}
	q := `"((?:[^"\\]|\\.)*)"`
	nodeRE := regexp.MustCompile(`^\t` + q + ` \[label=` + q + `.*\];$`)
	edgeRE := regexp.MustCompile(`^\t` + q + ` -> ` + q + ` \[label=` + q + `.*\];$`)
	lines := strings.Split(strings.TrimSuffix(dot.String(), "\n"), "\n")
	if lines[0] != "digraph cortex {" || lines[len(lines)-1] != "}" {
		t.Fatalf("DOT is not one digraph:\n%s", dot.String())
	}
	declared := map[string]string{}
	nEdges := 0
	for _, ln := range lines[4 : len(lines)-1] {
		if m := nodeRE.FindStringSubmatch(ln); m != nil {
			declared[undot(m[1])] = undot(m[2])
			continue
		}
		m := edgeRE.FindStringSubmatch(ln)
		if m == nil {
			t.Fatalf("DOT line is neither a node nor an edge: %q", ln)
		}
		if _, ok := declared[undot(m[1])]; !ok {
			t.Errorf("edge from undeclared %q", m[1])
		}
		if _, ok := declared[undot(m[2])]; !ok {
			t.Errorf("edge to undeclared %q", m[2])
		}
		nEdges++
	}
	if nEdges != len(g.Edges) || len(declared) != len(g.Nodes) {
		t.Errorf("DOT has %d nodes, %d edges; want %d, %d", len(declared), nEdges, len(g.Nodes), len(g.Edges))
	}
	if got := declared["doc:mind/concepts/q.md"]; got != `Say "hi" \ <now> #1` {
		t.Errorf("DOT label reads back as %q", got)
	}

	// Mermaid: node declarations with quoted labels, edges between them.
	var mmd bytes.Buffer
	if err := g.WriteMermaid(&mmd); err != nil {
		t.Fatal(err)
	}
	mNode := regexp.MustCompile(`^\t(n\d+)(?:\[|\(\[|\{\{)"([^"]*)"(?:\]|\]\)|\}\})$`)
	mEdge := regexp.MustCompile(`^\t(n\d+) (?:-->|-\.->)\|"[a-z_]+"\| (n\d+)$`)
	ids := map[string]string{}
	nEdges = 0
	mlines := strings.Split(strings.TrimSuffix(mmd.String(), "\n"), "\n")
	if mlines[0] != "flowchart LR" {
		t.Fatalf("Mermaid does not start with a flowchart: %q", mlines[0])
	}
	for _, ln := range mlines[1:] {
		if m := mNode.FindStringSubmatch(ln); m != nil {
			ids[m[1]] = unmermaid(m[2])
			continue
		}
		if m := mEdge.FindStringSubmatch(ln); m != nil {
			if ids[m[1]] == "" || ids[m[2]] == "" {
				t.Errorf("Mermaid edge between undeclared nodes: %q", ln)
			}
			nEdges++
			continue
		}
		if !strings.HasPrefix(ln, "\tclassDef missing ") && !regexp.MustCompile(`^\tclass (n\d+,)*n\d+ missing$`).MatchString(ln) {
			t.Fatalf("Mermaid line not understood: %q", ln)
		}
	}
	if nEdges != len(g.Edges) || len(ids) != len(g.Nodes) {
		t.Errorf("Mermaid has %d nodes, %d edges; want %d, %d", len(ids), nEdges, len(g.Nodes), len(g.Edges))
	}
	labels := make([]string, 0, len(ids))
	for _, v := range ids {
		labels = append(labels, v)
	}
	if !slices.Contains(labels, `Say "hi" \ <now> #1`) {
		t.Errorf("Mermaid labels %q lack the quoted title", labels)
	}
}

func TestNeighbourhoodAndDangling(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	note(t, l, "mind/a.md", "tags: [shared]", "[[b]] [[Missing]]")
	note(t, l, "mind/b.md", "", "[[c]]")
	note(t, l, "mind/c.md", "", "end of the chain")
	note(t, l, "mind/d.md", "tags: [Shared]", "shares a tag with a")
	note(t, l, "mind/e.md", "", "[[Missing]] too, on line 1\n\nand [x](gone.md) on line 3")
	ix := openTest(t, l)
	nodes := func(depth int) []string {
		g, err := ix.Neighbourhood(ctx, "mind/a.md", depth)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, n := range g.Nodes {
			ids = append(ids, n.ID)
		}
		return ids
	}
	for depth, want := range map[int][]string{
		0: {"doc:mind/a.md"},
		1: {"doc:mind/a.md", "doc:mind/b.md", "missing:missing", "tag:shared"},
		2: {"doc:mind/a.md", "doc:mind/b.md", "doc:mind/c.md", "doc:mind/d.md", "doc:mind/e.md", "missing:missing", "tag:shared"},
	} {
		if got := nodes(depth); !slices.Equal(got, want) {
			t.Errorf("depth %d: %v, want %v", depth, got, want)
		}
	}
	g, err := ix.Neighbourhood(ctx, "mind/a.md", 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range g.Nodes {
		if n.ID == "tag:shared" && n.Label != "#shared" {
			t.Errorf("tag label %q: want the spelling of the first source in path order, #shared", n.Label)
		}
	}
	if _, err := ix.Neighbourhood(ctx, "mind/none.md", 1); err == nil {
		t.Error("Neighbourhood of an unknown path: no error")
	}

	dl, err := ix.Dangling(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range dl {
		got = append(got, fmt.Sprintf("%s:%d %s %s", d.Source, d.Line, d.Form, d.Target))
	}
	want := []string{"mind/a.md:13 wikilink Missing", "mind/e.md:12 wikilink Missing", "mind/e.md:14 markdown gone.md"}
	if !slices.Equal(got, want) {
		t.Errorf("Dangling = %q, want %q", got, want)
	}
}
