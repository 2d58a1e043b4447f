package doc

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/text"
)

// wiki and embed shorten the expected links of the tables below.
func wiki(target, heading, block, display string, line int) Link {
	return Link{Kind: LinkWiki, Target: target, Heading: heading, Block: block, Display: display, Line: line}
}

func embed(target, display string, line int) Link {
	return Link{Kind: LinkEmbed, Target: target, Display: display, Line: line}
}

func TestParseBodyWikilinks(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []Link
	}{
		{"plain", "See [[Note]].", []Link{wiki("Note", "", "", "", 1)}},
		{"alias", "[[Note|shown text]]", []Link{wiki("Note", "", "", "shown text", 1)}},
		{"heading", "[[Note#Heading]]", []Link{wiki("Note", "Heading", "", "", 1)}},
		{"heading and alias", "[[Note#Some heading|here]]", []Link{wiki("Note", "Some heading", "", "here", 1)}},
		{"nested heading path", "[[Note#A#B]]", []Link{wiki("Note", "A#B", "", "", 1)}},
		{"block", "[[Note#^block-id]]", []Link{wiki("Note", "", "block-id", "", 1)}},
		{"block and alias", "[[Note#^abc123|quote]]", []Link{wiki("Note", "", "abc123", "quote", 1)}},
		{"same-note heading", "[[#Heading in this note]]", []Link{wiki("", "Heading in this note", "", "", 1)}},
		{"same-note block", "[[#^b1]]", []Link{wiki("", "", "b1", "", 1)}},
		{"folder", "[[folder/Note]]", []Link{wiki("folder/Note", "", "", "", 1)}},
		{"md extension", "[[Note.md]]", []Link{wiki("Note.md", "", "", "", 1)}},
		{"spaces", "[[My long note name]]", []Link{wiki("My long note name", "", "", "", 1)}},
		{"spaces trimmed", "[[ Note | shown ]]", []Link{wiki("Note", "", "", "shown", 1)}},
		{"unicode", "[[Café — 東京 ノート]] and [[Ελληνικά#Ενότητα]]", []Link{
			wiki("Café — 東京 ノート", "", "", "", 1), wiki("Ελληνικά", "Ενότητα", "", "", 1)}},
		{"embed", "![[embed]]", []Link{embed("embed", "", 1)}},
		{"embed image size", "![[image.png|300]]", []Link{embed("image.png", "300", 1)}},
		{"embed heading", "![[Note#Part]]", []Link{{Kind: LinkEmbed, Target: "Note", Heading: "Part", Line: 1}}},
		{"embed after a word", "look:![[a.png]]", []Link{embed("a.png", "", 1)}},
		{"table pipe", "| [[Note\\|alias]] | x |", []Link{wiki("Note", "", "", "alias", 1)}},
		{"several on a line", "[[a]][[b]] [[c|d]]", []Link{
			wiki("a", "", "", "", 1), wiki("b", "", "", "", 1), wiki("c", "", "", "d", 1)}},
		{"in emphasis", "**[[Bold]]** and _[[Em]]_", []Link{wiki("Bold", "", "", "", 1), wiki("Em", "", "", "", 1)}},
		{"in a list and a quote", "- [[A]]\n  - [[B]]\n\n> [[C]]", []Link{
			wiki("A", "", "", "", 1), wiki("B", "", "", "", 2), wiki("C", "", "", "", 4)}},
		{"in a heading", "## About [[Topic]]", []Link{wiki("Topic", "", "", "", 1)}},
		{"inner of two openers", "[[a [[b]]", []Link{wiki("b", "", "", "", 1)}},
		{"three brackets", "[[[Note]]]", []Link{wiki("Note", "", "", "", 1)}},
		{"escaped bang is a link", "\\![[Note]]", []Link{wiki("Note", "", "", "", 1)}},
		{"pipe in display kept", "[[a|b|c]]", []Link{wiki("a", "", "", "b|c", 1)}},

		// Not links.
		{"code span", "`[[Note]]` and ``![[x]]``", nil},
		{"fenced code", "```\n[[Note]]\n```\n~~~md\n![[x]]\n~~~", nil},
		{"indented code", "text\n\n    [[Note]]\n", nil},
		{"html block", "<div>\n[[Note]]\n</div>", nil},
		{"escaped", "\\[[Note]]", nil},
		{"escaped embed", "!\\[[Note]]", nil},
		{"unclosed", "[[Note", nil},
		{"unclosed then closed later", "[[Note\nmore]]", nil},
		{"single brackets", "[Note]", nil},
		{"empty", "[[]] [[ ]] [[|x]] [[#]] [[#^]]", nil},
		{"bracket in target", "[[a]b]]", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseBody([]byte(tt.body)).Links
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseBody(%q).Links =\n%+v\nwant\n%+v", tt.body, got, tt.want)
			}
		})
	}
}

func TestWikilinkExtensionRenders(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(WikilinkExtension{}))
	var out bytes.Buffer
	src := "See [[My Note#Part|there]], ![[pic.png|300]], [[<x>]] and `[[code]]`.\n"
	if err := md.Convert([]byte(src), &out); err != nil {
		t.Fatal(err)
	}
	want := `<p>See <a href="My%20Note#Part">there</a>, <a href="pic.png">pic.png</a>, ` +
		`<a href="%3Cx%3E">&lt;x&gt;</a> and <code>[[code]]</code>.</p>` + "\n"
	if out.String() != want {
		t.Errorf("rendered\n%s\nwant\n%s", out.String(), want)
	}
	doc := md.Parser().Parse(text.NewReader([]byte("[[A#^b|c]]")))
	n, ok := doc.FirstChild().FirstChild().(*Wikilink)
	if !ok {
		t.Fatalf("first inline is %T, want *Wikilink", doc.FirstChild().FirstChild())
	}
	if n.Kind() != KindWikilink || n.Target != "A" || n.Block != "b" || n.Display != "c" || n.Embed {
		t.Errorf("node = %+v", n)
	}
	if !strings.Contains(KindWikilink.String(), "Wikilink") {
		t.Errorf("kind name %q", KindWikilink.String())
	}
}
