package doc

import (
	"bytes"
	"net/url"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// LinkKind tells how a link was written.
type LinkKind uint8

// The kinds of links a body can hold.
const (
	// LinkWiki is [[Note]], with any heading, block or display text.
	LinkWiki LinkKind = iota + 1
	// LinkEmbed is ![[Note]] or ![[image.png|300]].
	LinkEmbed
	// LinkMarkdown is [text](path.md), or ![alt](path.md).
	LinkMarkdown
)

// String returns "wikilink", "embed" or "markdown".
func (k LinkKind) String() string {
	switch k {
	case LinkWiki:
		return "wikilink"
	case LinkEmbed:
		return "embed"
	case LinkMarkdown:
		return "markdown"
	}
	return "unknown"
}

// Link is one link of a document body to another document (or, for embeds,
// to any file of the vault).
type Link struct {
	Kind LinkKind
	// Target is the note as written: "Note", "folder/Note", "Note.md",
	// "image.png". For markdown links it is decoded (backslash escapes,
	// entities, percent-encoding; <…> removed): "../a b.md". It is empty
	// only for a link to a heading or block of the same note, [[#Heading]].
	Target string
	// Heading is the heading named after '#', if any ("A#B" for a nested
	// heading path).
	Heading string
	// Block is the block id named after '#^', without "^".
	Block string
	// Display is the text shown instead of the target: a wikilink's alias
	// (or an embed's size) after '|', a markdown link's text. Empty when the
	// link has none.
	Display string
	// Line is the 1-based line of the body where the link starts.
	Line int
}

// Heading is one heading of a document body.
type Heading struct {
	// Level is 1 to 6.
	Level int
	// Text is the heading's text as written, without the '#' markers (or
	// the setext underline) and surrounding spaces.
	Text string
	// Line is the 1-based line of the body where the heading's text starts.
	Line int
}

// BodyInfo is what the index needs from a document body: its outgoing
// links, its inline tags and its headings, each in the order written.
type BodyInfo struct {
	Links []Link
	// Tags are the inline #tags without '#', each valid (ValidateTag), kept
	// once in the spelling first written: Obsidian treats #Tag and #tag as
	// one tag.
	Tags     []string
	Headings []Heading
}

// ParseBody reads the links, inline tags and headings of a markdown body
// (the text after the frontmatter: line 1 is the body's first line) the way
// Obsidian does. Nothing inside code spans, fenced or indented code, or raw
// HTML blocks counts. It never fails: text that is not well-formed markup is
// plain text.
func ParseBody(body []byte) BodyInfo {
	doc := bodyParser().Parse(text.NewReader(body))
	w := bodyWalker{src: body, lines: lineCounter{src: body, line: 1}}
	w.walk(doc)
	return w.info
}

// bodyParser is built once and only read afterwards (goldmark parsers are
// safe for concurrent use). It leaves out the emphasis parser on purpose:
// emphasis changes no link, tag or heading, and its delimiter bookkeeping
// is a good part of goldmark's inline cost.
var bodyParser = sync.OnceValue(func() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(
			util.Prioritized(parser.NewCodeSpanParser(), 100),
			util.Prioritized(wikilinkParser{}, wikilinkPriority),
			util.Prioritized(parser.NewLinkParser(), 200),
			util.Prioritized(parser.NewAutoLinkParser(), 300),
			util.Prioritized(parser.NewRawHTMLParser(), 400),
			util.Prioritized(tagParser{}, 600),
		),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
})

// kindTag is the node kind of an inline #tag; only ParseBody sees it.
var kindTag = ast.NewNodeKind("Tag")

type tagNode struct {
	ast.BaseInline
	name text.Segment // without '#'
}

func (n *tagNode) Kind() ast.NodeKind { return kindTag }

func (n *tagNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Name": string(n.name.Value(source))}, nil)
}

type tagParser struct{}

func (tagParser) Trigger() []byte { return []byte{'#'} }

// Parse reads #tag where Obsidian sees one: at the start of a line, after
// white space, after an opening emphasis run that itself follows one of
// those (**#tag**), or right after another tag (#a#b). So a#b, x.com/#frag
// and &#35; are not tags. A heading's own '#' markers never reach here.
func (tagParser) Parse(parent ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, seg := block.PeekLine()
	ok, underscores := tagMayStart(parent, block, seg)
	if !ok {
		return nil
	}
	n, ok := scanTag(line[1:])
	if !ok {
		return nil
	}
	// In _#tag_ the closing '_' is emphasis, not part of the tag.
	if underscores > 0 && n > underscores &&
		bytes.Count(line[1+n-underscores:1+n], []byte{'_'}) == underscores {
		if n, ok = scanTag(line[1 : 1+n-underscores]); !ok {
			return nil
		}
	}
	node := &tagNode{name: text.NewSegment(seg.Start+1, seg.Start+1+n)}
	block.Advance(1 + n)
	return node
}

// tagMayStart reports whether a tag may start at seg, and how many '_' of
// an emphasis run open right before it.
func tagMayStart(parent ast.Node, block text.Reader, seg text.Segment) (bool, int) {
	if seg.Padding != 0 {
		return true, 0 // the '#' follows an expanded tab
	}
	if last, ok := parent.LastChild().(*tagNode); ok && last.name.Stop == seg.Start {
		return true, 0
	}
	lineIdx, _ := block.Position()
	lineStart := -1
	if lines := parent.Lines(); lineIdx < lines.Len() {
		lineStart = lines.At(lineIdx).Start
	}
	src := block.Source()
	i, underscores := seg.Start, 0
	for i > lineStart && i > 0 && isEmphasisMark(src[i-1]) {
		if src[i-1] == '_' {
			underscores++
		}
		i--
	}
	if i == lineStart || i == 0 {
		return true, underscores
	}
	r, _ := utf8.DecodeLastRune(src[:i])
	return unicode.IsSpace(r), underscores
}

func isEmphasisMark(c byte) bool {
	return c == '*' || c == '_' || c == '~' || c == '='
}

// scanTag returns the length of the tag at the start of b (after '#') and
// whether it is a valid tag: the characters ValidateTag allows, at least
// one not a digit, no empty nesting segment. The tag ends at the first other
// character, as in Obsidian: "#done." is the tag "done".
func scanTag(b []byte) (int, bool) {
	n := 0
	allDigits := true
	prevSlash := true // a leading '/' is an empty segment
	for n < len(b) {
		c := b[n]
		if c < utf8.RuneSelf {
			switch {
			case c >= '0' && c <= '9':
			case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == '-':
				allDigits = false
			case c == '/':
				if prevSlash {
					return 0, false
				}
				allDigits = false
			default:
				goto done
			}
			prevSlash = c == '/'
			n++
			continue
		}
		r, size := utf8.DecodeRune(b[n:])
		switch {
		case unicode.IsLetter(r):
			allDigits = false
		case unicode.IsDigit(r):
		default:
			goto done
		}
		prevSlash = false
		n += size
	}
done:
	return n, n > 0 && !allDigits && !prevSlash
}

// bodyWalker gathers BodyInfo in one walk of the AST.
type bodyWalker struct {
	src       []byte
	lines     lineCounter
	info      BodyInfo
	linkDepth int // > 0 inside a markdown link's text or an image's alt
}

func (w *bodyWalker) walk(n ast.Node) {
	switch n := n.(type) {
	case *ast.Heading:
		w.heading(n)
	case *Wikilink:
		kind := LinkWiki
		if n.Embed {
			kind = LinkEmbed
		}
		w.info.Links = append(w.info.Links, Link{
			Kind: kind, Target: n.Target, Heading: n.Heading, Block: n.Block,
			Display: n.Display, Line: w.lines.at(n.Pos()),
		})
		return
	case *tagNode:
		if w.linkDepth == 0 {
			w.tag(n.name.Value(w.src))
		}
		return
	case *ast.Link:
		w.markdownLink(n, n.Destination)
	case *ast.Image:
		w.markdownLink(n, n.Destination)
	case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock, *ast.CodeSpan,
		*ast.RawHTML, *ast.AutoLink, *ast.Text, *ast.String:
		return // leaves, or code whose children are plain text
	}
	link := false
	switch n.(type) {
	case *ast.Link, *ast.Image:
		link = true
		w.linkDepth++
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		w.walk(c)
	}
	if link {
		w.linkDepth--
	}
}

func (w *bodyWalker) heading(n *ast.Heading) {
	lines := n.Lines()
	h := Heading{Level: n.Level}
	start := n.Pos()
	switch lines.Len() {
	case 0:
	case 1:
		s := lines.At(0)
		start = s.Start
		h.Text = string(bytes.TrimSpace(s.Value(w.src)))
	default:
		start = lines.At(0).Start
		var b strings.Builder
		for i := range lines.Len() {
			s := lines.At(i)
			v := bytes.TrimSpace(s.Value(w.src))
			if len(v) == 0 {
				continue
			}
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.Write(v)
		}
		h.Text = b.String()
	}
	h.Line = w.lines.at(start)
	w.info.Headings = append(w.info.Headings, h)
}

func (w *bodyWalker) tag(name []byte) {
	for _, t := range w.info.Tags {
		if len(t) == len(name) && strings.EqualFold(t, string(name)) {
			return
		}
	}
	tag := string(name)
	// scanTag admits only what ValidateTag allows; checking again costs
	// little and keeps the promise of BodyInfo.Tags if either changes.
	if ValidateTag(tag) != nil {
		return
	}
	w.info.Tags = append(w.info.Tags, tag)
}

func (w *bodyWalker) markdownLink(n ast.Node, dest []byte) {
	target, heading, block, ok := noteDestination(dest)
	if !ok {
		return
	}
	w.info.Links = append(w.info.Links, Link{
		Kind: LinkMarkdown, Target: target, Heading: heading, Block: block,
		Display: strings.TrimSpace(plainText(n, w.src)), Line: w.lines.at(n.Pos()),
	})
}

// noteDestination reads a markdown link destination and reports whether it
// names a markdown note by a relative path: no URL scheme (http:, mailto:,
// obsidian:, C:), no //host, not an anchor alone, ending in ".md".
func noteDestination(dest []byte) (target, heading, block string, ok bool) {
	if len(dest) == 0 || dest[0] == '#' || bytes.HasPrefix(dest, []byte("//")) {
		return "", "", "", false
	}
	for i, c := range dest {
		if c == ':' && i > 0 {
			return "", "", "", false
		}
		if c == '/' || c == '?' || c == '#' {
			break
		}
	}
	if bytes.IndexByte(dest, '\\') >= 0 {
		dest = util.UnescapePunctuations(dest)
	}
	if bytes.IndexByte(dest, '&') >= 0 {
		dest = util.ResolveEntityNames(util.ResolveNumericReferences(dest))
	}
	p, frag, _ := bytes.Cut(dest, []byte("#"))
	if q := bytes.IndexByte(p, '?'); q >= 0 {
		p = p[:q]
	}
	target = percentDecode(p)
	if len(target) < 4 || !strings.EqualFold(target[len(target)-3:], ".md") {
		return "", "", "", false
	}
	sub := percentDecode(frag)
	if strings.HasPrefix(sub, "^") {
		return target, "", sub[1:], true
	}
	return target, sub, "", true
}

// percentDecode decodes %XX escapes, keeping the text as written when it
// holds a malformed one (Obsidian does not reject such links).
func percentDecode(b []byte) string {
	if bytes.IndexByte(b, '%') < 0 {
		return string(b)
	}
	s, err := url.PathUnescape(string(b))
	if err != nil {
		return string(b)
	}
	return s
}

// plainText is the text of a link's label (or an image's alt) without markup.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	var add func(ast.Node)
	add = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				b.Write(c.Value(src))
				if c.SoftLineBreak() || c.HardLineBreak() {
					b.WriteByte(' ')
				}
			case *ast.String:
				b.Write(c.Value)
			case *tagNode:
				b.WriteByte('#')
				b.Write(c.name.Value(src))
			case *Wikilink:
				if c.Display != "" {
					b.WriteString(c.Display)
				} else {
					b.WriteString(c.Target)
				}
			case *ast.CodeSpan:
				add(c)
			case *ast.RawHTML:
			case *ast.AutoLink:
				b.Write(c.Label(src))
			default:
				add(c)
			}
		}
	}
	add(n)
	return b.String()
}

// lineCounter turns byte offsets into 1-based line numbers. The walk visits
// offsets almost always in increasing order, so it counts on from the last
// one instead of searching from the start.
type lineCounter struct {
	src  []byte
	off  int
	line int
}

func (c *lineCounter) at(off int) int {
	if off < 0 {
		off = 0
	}
	if off > len(c.src) {
		off = len(c.src)
	}
	if off < c.off {
		c.off, c.line = 0, 1
	}
	c.line += bytes.Count(c.src[c.off:off], []byte{'\n'})
	c.off = off
	return c.line
}
