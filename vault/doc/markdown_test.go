package doc

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func mdLink(target, heading, display string, line int) Link {
	return Link{Kind: LinkMarkdown, Target: target, Heading: heading, Display: display, Line: line}
}

func TestParseBodyMarkdownLinks(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []Link
	}{
		{"relative", "[text](path.md)", []Link{mdLink("path.md", "", "text", 1)}},
		{"heading", "[text](path.md#heading)", []Link{mdLink("path.md", "heading", "text", 1)}},
		{"encoded heading", "[t](a.md#My%20Heading)", []Link{mdLink("a.md", "My Heading", "t", 1)}},
		{"block", "[t](a.md#^b1)", []Link{{Kind: LinkMarkdown, Target: "a.md", Block: "b1", Display: "t", Line: 1}}},
		{"angle brackets", "[text](<path with spaces.md>)", []Link{mdLink("path with spaces.md", "", "text", 1)}},
		{"percent-encoded", "[x](My%20Note.md)", []Link{mdLink("My Note.md", "", "x", 1)}},
		{"unicode encoded", "[x](caf%C3%A9.md)", []Link{mdLink("café.md", "", "x", 1)}},
		{"bad percent kept", "[x](100%zz.md)", []Link{mdLink("100%zz.md", "", "x", 1)}},
		{"backslash escape", `[x](a\_b.md)`, []Link{mdLink("a_b.md", "", "x", 1)}},
		{"entity", "[x](a&amp;b.md)", []Link{mdLink("a&b.md", "", "x", 1)}},
		{"folders", "[x](../notes/sub/Note.md)", []Link{mdLink("../notes/sub/Note.md", "", "x", 1)}},
		{"vault absolute", "[x](/notes/Note.md)", []Link{mdLink("/notes/Note.md", "", "x", 1)}},
		{"upper-case extension", "[x](Note.MD)", []Link{mdLink("Note.MD", "", "x", 1)}},
		{"title ignored", `[x](a.md "The title")`, []Link{mdLink("a.md", "", "x", 1)}},
		{"query dropped", "[x](a.md?v=1#h)", []Link{mdLink("a.md", "h", "x", 1)}},
		{"markup in text", "[**bold** `code` text](a.md)", []Link{mdLink("a.md", "", "**bold** code text", 1)}},
		{"image of a note", "![alt text](n.md)", []Link{mdLink("n.md", "", "alt text", 1)}},
		{"reference", "[x][r]\n\n[r]: ref.md", []Link{mdLink("ref.md", "", "x", 1)}},
		{"collapsed reference", "[Ref][]\n\n[ref]: <r e f.md>", []Link{mdLink("r e f.md", "", "Ref", 1)}},
		{"empty text", "[](a.md)", []Link{mdLink("a.md", "", "", 1)}},
		{"mixed with wikilink", "[[W]] then [m](m.md)", []Link{wiki("W", "", "", "", 1), mdLink("m.md", "", "m", 1)}},

		// Not links to notes.
		{"http", "[x](http://example.com/a.md) [y](https://example.com/b.md)", nil},
		{"mailto", "[x](mailto:a@b.md)", nil},
		{"other scheme", "[x](obsidian://open?file=a.md) [y](file:///a.md)", nil},
		{"protocol relative", "[x](//host/a.md)", nil},
		{"anchor alone", "[x](#heading)", nil},
		{"not markdown", "[x](a.png) ![i](b.jpg) [y](dir/) [z](a.mdx) [w](.md)", nil},
		{"empty destination", "[x]()", nil},
		{"autolink", "<https://x.org/a.md>", nil},
		{"in code", "`[x](a.md)`\n\n```\n[x](a.md)\n```", nil},
		{"escaped", `\[x](a.md)`, nil},
		{"raw html", `<a href="a.md">x</a>`, nil},
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

func TestParseBodyTags(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []string
	}{
		{"simple", "#tag", []string{"tag"}},
		{"in text", "a note about #golang today", []string{"golang"}},
		{"nested", "#nested/tag and #a/b/c", []string{"nested/tag", "a/b/c"}},
		{"dash and underscore", "#tag-with_dash", []string{"tag-with_dash"}},
		{"digits with a letter", "#2026-review #1a #a1", []string{"2026-review", "1a", "a1"}},
		{"digits nested", "#1/2", []string{"1/2"}}, // '/' is not a digit, as in Obsidian and ValidateTag
		{"underscores", "#_ #a_ _#b__ __#c__", []string{"_", "a_", "b_", "c"}},
		{"unicode letters", "#café #東京 #Ελληνικά #naïve/été", []string{"café", "東京", "Ελληνικά", "naïve/été"}},
		{"ends at punctuation", "done #todo. (#no) #ok, #yes! #q? #x:y", []string{"todo", "ok", "yes", "q", "x"}},
		{"ends at emoji", "#fire🔥", []string{"fire"}},
		{"chained", "#a#b#c", []string{"a", "b", "c"}},
		{"line starts", "#one\n#two\n\n- #three\n> #four\n>#five", []string{"one", "two", "three", "four", "five"}},
		{"tab before", "x\t#tab", []string{"tab"}},
		{"emphasis", "**#bold** *#em* _#under_ ~~#strike~~ ==#mark==", []string{"bold", "em", "under", "strike", "mark"}},
		{"in a heading", "# Title #intitle\n\n## #second", []string{"intitle", "second"}},
		{"hashes closing a heading", "# Title ##\n\n#real", []string{"real"}},
		{"deduplicated in order", "#b #a #B #a/x #A", []string{"b", "a", "a/x"}},
		{"inline html around", "<span>#inhtml</span>", nil},
		{"hex colour is a tag", "#ffffff", []string{"ffffff"}},

		// Not tags.
		{"all digits", "#123 #2026", nil},
		{"heading marker", "# Heading\n\n## Sub", nil},
		{"inside a word", "a#b C#sharp x##y", nil},
		{"url fragment", "https://example.com/page#section and http://x.org/#/route", nil},
		{"code span", "`#code` ``x #y``", nil},
		{"fenced code", "```\n#include <stdio.h>\n#tag\n```", nil},
		{"indented code", "para\n\n    #notatag\n", nil},
		{"html block", "<div>\n#nope\n</div>", nil},
		{"escaped", `\#notag`, nil},
		{"entity", "&#35;x &#x23;y", nil},
		{"in a markdown link", "[#tag](a.md) ![#alt](b.png) [#x](https://x.org)", nil},
		{"in an autolink", "<https://x.org/#frag>", nil},
		{"in a wikilink", "[[Note#Heading]] ![[A#B|#c]]", nil},
		{"bad slashes", "#/lead #trail/ #dou//ble", nil},
		{"lone hash", "# \n\n a # b #", nil},
		{"after other punctuation", "(#x) [#y] \"#z\" a.#w", nil},
		{"chain broken by a non-tag", "#123#abc", nil},
		{"emphasis inside a word", "a**#b**", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseBody([]byte(tt.body)).Tags
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseBody(%q).Tags = %q, want %q", tt.body, got, tt.want)
			}
		})
	}
}

func TestParseBodyHeadings(t *testing.T) {
	body := "# Top\n\ntext\n\n## Second ##\n### Third with [[Link]] and #tag\n\nSetext one\n==========\n\nSetext\ntwo lines\n---\n\n####### not a heading\n\n> ## Quoted\n\n- ### In a list\n\n```\n# not in code\n```\n\n#\n"
	want := []Heading{
		{1, "Top", 1},
		{2, "Second", 5},
		{3, "Third with [[Link]] and #tag", 6},
		{1, "Setext one", 8},
		{2, "Setext two lines", 11},
		{2, "Quoted", 17},
		{3, "In a list", 19},
		{1, "", 25},
	}
	got := ParseBody([]byte(body)).Headings
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Headings =\n%+v\nwant\n%+v", got, want)
	}
}

func TestParseBodyLineNumbers(t *testing.T) {
	body := strings.Join([]string{
		"first line [[A]]", // 1
		"",                 // 2
		"- item [b](b.md)", // 3
		"- item",           // 4
		"  ![[C]]",         // 5
		"",                 // 6
		"```",              // 7
		"[[NotALink]]",     // 8
		"```",              // 9
		"text [x][r] and",  // 10
		"[[D|d]]",          // 11
		"",                 // 12
		"[r]: r.md",        // 13
		"# [[H]]",          // 14
		"\r\n[[E]]\r",      // 15–16
	}, "\n")
	var got []string
	for _, l := range ParseBody([]byte(body)).Links {
		got = append(got, fmt.Sprintf("%s@%d", l.Target, l.Line))
	}
	want := []string{"A@1", "b.md@3", "C@5", "r.md@10", "D@11", "H@14", "E@16"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("link lines = %q, want %q", got, want)
	}
}

func TestParseBodyEmpty(t *testing.T) {
	for _, body := range []string{"", "\n", "   ", "plain text only"} {
		got := ParseBody([]byte(body))
		if got.Links != nil || got.Tags != nil || got.Headings != nil {
			t.Errorf("ParseBody(%q) = %+v, want nothing", body, got)
		}
	}
}

func TestParseBodyConcurrent(t *testing.T) {
	body := []byte(benchBody)
	want := ParseBody(body)
	done := make(chan BodyInfo)
	for range 8 {
		go func() { done <- ParseBody(body) }()
	}
	for range 8 {
		if got := <-done; !reflect.DeepEqual(got, want) {
			t.Fatalf("concurrent ParseBody differs: %+v", got)
		}
	}
}

func TestLinkKindString(t *testing.T) {
	for k, want := range map[LinkKind]string{LinkWiki: "wikilink", LinkEmbed: "embed", LinkMarkdown: "markdown", 0: "unknown"} {
		if got := k.String(); got != want {
			t.Errorf("LinkKind(%d) = %q, want %q", k, got, want)
		}
	}
}

func FuzzParseBody(f *testing.F) {
	for _, s := range []string{
		benchBody,
		"[[Note]] [[Note|x]] [[Note#H]] [[Note#^b]] [[#H]] ![[i.png|300]] \\[[x]] [[open",
		"#tag #a/b a#b #123 `#c` [#t](a.md) **#b** #a#b\n```\n#x [[y]]\n```",
		"[t](<a b.md#h>) [u](a%20b.md) [v](http://x) [w](#h) [r][] \n\n[r]: r.md",
		"# H #t\nSetext\n===\n> - [[q]]\n\t#tab\n\r\n",
		"[[a\\|b]] [[ [[ ]] ]] ![[]] !![[x]] [[[x]]]",
		"#é#\u0301 #\u00a0x #/ #-/ #_ #ab/",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		info := ParseBody(body)
		lines := strings.Count(string(body), "\n") + 1
		for _, l := range info.Links {
			if l.Kind < LinkWiki || l.Kind > LinkMarkdown {
				t.Errorf("link %+v: bad kind", l)
			}
			if l.Target == "" && (l.Kind == LinkMarkdown || (l.Heading == "" && l.Block == "")) {
				t.Errorf("link %+v: empty target that is not a same-note heading or block link", l)
			}
			if l.Line < 1 || l.Line > lines {
				t.Errorf("link %+v: line outside 1..%d", l, lines)
			}
		}
		seen := map[string]bool{}
		for _, tag := range info.Tags {
			if err := ValidateTag(tag); err != nil {
				t.Errorf("tag %q: %v", tag, err)
			}
			if !strings.Contains(string(body), "#"+tag) {
				t.Errorf("tag %q not in the body", tag)
			}
			k := strings.ToLower(tag)
			if seen[k] {
				t.Errorf("tag %q returned twice", tag)
			}
			seen[k] = true
		}
		for _, h := range info.Headings {
			if h.Level < 1 || h.Level > 6 || h.Line < 1 || h.Line > lines {
				t.Errorf("heading %+v: bad level or line", h)
			}
		}
	})
}

// benchBody is a typical note of about 1 KB: a heading, paragraphs, a list,
// links of every kind, tags, a code span and a fenced block.
const benchBody = `# Daemon deployment

Use local git only — no remote push in the daemon. It reduces complexity and
removes a network failure mode. See [[Observer design]] and the earlier
[[decisions/2026-01/2026-01-12-3fa9b2c1|sync decision]] for the background.
#decision #infra/git

## Why

- Pushing from a background process needs credentials on every machine;
  see [credentials](../notes/credentials.md#storage) for where they live.
- A failed push would block the batch; retries belong to ` + "`cortex sync`" + `.
- People review what the daemon wrote before sharing it (#review).

![[architecture.png|400]]

## How

The daemon commits with go-git, writing blobs and trees itself, and moves the
branch with a compare-and-swap. Nothing else touches the remote:

` + "```go" + `
if cfg.Push { // #not-a-tag [[not a link]]
	return errors.New("push is off by default")
}
` + "```" + `

Related: [[Observer design#Exactly once]], [[#Why]], [Git store](<vault/git store.md>).
Owner: #team/platform, reviewed 2026-02-16. **#status/active**
`

func BenchmarkParseBody(b *testing.B) {
	body := []byte(benchBody)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		ParseBody(body)
	}
}
