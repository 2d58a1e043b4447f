package doc

import (
	"bytes"
	"fmt"
	"html"
	"net/url"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindWikilink is the goldmark node kind of a Wikilink.
var KindWikilink = ast.NewNodeKind("Wikilink")

// Wikilink is an Obsidian internal link, [[Target#Heading|Display]], or with
// Embed set an embed, ![[Target|Display]]. The fields hold the parts as
// written, trimmed of surrounding spaces.
type Wikilink struct {
	ast.BaseInline

	// Embed is true for ![[…]].
	Embed bool
	// Target is the note (or file) named; empty for [[#Heading]], a link to
	// a heading of the note itself.
	Target string
	// Heading is the part after '#' that is not a block reference. A nested
	// heading path ([[Note#A#B]]) is kept whole: "A#B".
	Heading string
	// Block is the block id of [[Note#^id]], without "^".
	Block string
	// Display is the text after '|': the alias shown, or an embed's size.
	Display string
}

// Kind implements ast.Node.
func (n *Wikilink) Kind() ast.NodeKind { return KindWikilink }

// Dump implements ast.Node.
func (n *Wikilink) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{
		"Embed":   fmt.Sprint(n.Embed),
		"Target":  n.Target,
		"Heading": n.Heading,
		"Block":   n.Block,
		"Display": n.Display,
	}, nil)
}

// WikilinkExtension teaches goldmark Obsidian's [[…]] links and ![[…]]
// embeds: goldmark.New(goldmark.WithExtensions(doc.WikilinkExtension{})).
// They become Wikilink nodes, rendered as plain HTML links.
type WikilinkExtension struct{}

// Extend implements goldmark.Extender.
func (WikilinkExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithInlineParsers(
		util.Prioritized(wikilinkParser{}, wikilinkPriority),
	))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(
		util.Prioritized(wikilinkRenderer{}, 500),
	))
}

// wikilinkPriority puts the wikilink parser just before goldmark's link
// parser (200), which would otherwise take "[[" as two link labels.
const wikilinkPriority = 199

type wikilinkParser struct{}

// Trigger implements parser.InlineParser: '[' opens a link, '!' an embed.
func (wikilinkParser) Trigger() []byte { return []byte{'[', '!'} }

// Parse implements parser.InlineParser. goldmark never calls it on an
// escaped '[' or '!', nor inside code, so \[[x]] and `[[x]]` stay text.
func (wikilinkParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, seg := block.PeekLine()
	open := 0
	if len(line) > 0 && line[0] == '!' {
		open = 1
	}
	if len(line) < open+5 || line[open] != '[' || line[open+1] != '[' {
		return nil
	}
	body := line[open+2:]
	end := bytes.Index(body, []byte("]]"))
	if end < 0 {
		return nil // unclosed on this line: plain text
	}
	n := parseWikilink(body[:end])
	if n == nil {
		return nil
	}
	n.Embed = open == 1
	n.SetPos(seg.Start)
	block.Advance(open + 2 + end + 2)
	return n
}

// parseWikilink splits the inside of [[…]] into its parts, or returns nil
// when it is not a link.
func parseWikilink(inner []byte) *Wikilink {
	if bytes.Contains(inner, []byte("[[")) {
		// "[[a [[b]]": the link is the inner one, found from its own '['.
		return nil
	}
	ref, display := inner, []byte(nil)
	if p := bytes.IndexByte(inner, '|'); p >= 0 {
		ref, display = inner[:p], inner[p+1:]
		// Inside a table the pipe is written \|; the backslash is not part
		// of the target.
		if p > 0 && inner[p-1] == '\\' {
			ref = inner[:p-1]
		}
	}
	if bytes.ContainsAny(ref, "[]") {
		return nil
	}
	target, sub, _ := bytes.Cut(ref, []byte("#"))
	n := &Wikilink{
		Target:  string(bytes.TrimSpace(target)),
		Display: string(bytes.TrimSpace(display)),
	}
	sub = bytes.TrimSpace(sub)
	if len(sub) > 0 && sub[0] == '^' {
		n.Block = string(bytes.TrimSpace(sub[1:]))
	} else {
		n.Heading = string(sub)
	}
	if n.Target == "" && n.Heading == "" && n.Block == "" {
		return nil
	}
	return n
}

type wikilinkRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (wikilinkRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindWikilink, renderWikilink)
}

func renderWikilink(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*Wikilink)
	href := url.PathEscape(n.Target)
	switch {
	case n.Block != "":
		href += "#^" + url.PathEscape(n.Block)
	case n.Heading != "":
		href += "#" + url.PathEscape(n.Heading)
	}
	shown := n.Display
	if shown == "" || n.Embed {
		shown = n.Target
		if n.Heading != "" {
			shown += " > " + n.Heading
		}
		if n.Block != "" {
			shown += " > ^" + n.Block
		}
	}
	_, _ = fmt.Fprintf(w, `<a href="%s">%s</a>`, html.EscapeString(href), html.EscapeString(shown))
	return ast.WalkSkipChildren, nil
}
