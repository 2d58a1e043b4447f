package doc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/adrg/frontmatter"
	"go.yaml.in/yaml/v3"
)

// MaxDocumentSize is the largest file cortex reads as a memory document. A
// larger file is refused (ErrTooLarge) before any parsing, so a stray
// multi-gigabyte file in the vault cannot exhaust memory.
const MaxDocumentSize = 10 << 20

// Errors a ParseError wraps; test them with errors.Is.
var (
	// ErrNoFrontmatter: the file does not start with a `---` line.
	ErrNoFrontmatter = errors.New("no frontmatter")
	// ErrUnclosedFrontmatter: a `---` line opens the frontmatter, none closes it.
	ErrUnclosedFrontmatter = errors.New("frontmatter not closed")
	// ErrInvalidYAML: the frontmatter is not YAML, or not a mapping of fields.
	ErrInvalidYAML = errors.New("invalid frontmatter")
	// ErrBinary: the file holds NUL bytes or is not valid UTF-8.
	ErrBinary = errors.New("binary content")
	// ErrTooLarge: the file is larger than MaxDocumentSize.
	ErrTooLarge = errors.New("file too large")
)

// ParseError is why a file could not be parsed as a document, with the file
// line (1-based; 0 when it concerns the whole file).
type ParseError struct {
	Line int
	Msg  string
	Err  error
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// Unwrap returns the sentinel error (ErrNoFrontmatter, ...).
func (e *ParseError) Unwrap() error { return e.Err }

// EntityRef is something a memory mentions: a person, a project, a tool.
type EntityRef struct {
	Name string
	Type string
}

// Field is a frontmatter field cortex does not know, kept with its value so
// that writing the document again preserves it.
type Field struct {
	Name string
	// Value is a detached copy: aliases resolved, no comments, no positions.
	Value *yaml.Node
}

// Document is a memory document: the D21 frontmatter (SPEC §2) and the body.
type Document struct {
	// The Cortex part, owned by the tool.
	ID         string
	Type       string
	Category   Category
	Created    time.Time
	SourceHash string

	// The application part. Pointers and zero values mean "not set".
	Title          string
	Bucket         string
	Attribution    string
	Confidence     *float64
	Importance     *float64
	Entities       []EntityRef
	Context        string
	SourceQuote    string
	SessionID      string
	Tags           []string
	Aliases        []string
	Status         string
	LastReinforced *time.Time
	Reinforced     int
	RelatesTo      []string
	Supersedes     string
	SupersededBy   string
	PromotedTo     string
	Scope          string
	Agent          string
	Files          []string
	// Sessions counts the distinct sessions the memory was seen in (its
	// creation's and its reinforcements'); 0 when the field is absent,
	// which means its own session only. SeenSessions holds the last few
	// of them and SeenAgents the agents (or attributions) that recorded
	// it, both bounded (MaxSeen), oldest first.
	Sessions     int
	SeenSessions []string
	SeenAgents   []string

	// Extra holds the unknown fields in file order.
	Extra []Field

	// Body is the markdown after the frontmatter, with LF line endings,
	// without the blank lines before it and the white space after it.
	Body string
}

// The field names of the D21 frontmatter, in writing order.
const (
	FieldID             = "id"
	FieldType           = "type"
	FieldCategory       = "category"
	FieldCreated        = "created"
	FieldSourceHash     = "source_hash"
	FieldTitle          = "title"
	FieldBucket         = "bucket"
	FieldAttribution    = "attribution"
	FieldConfidence     = "confidence"
	FieldImportance     = "importance"
	FieldEntities       = "entities"
	FieldContext        = "context"
	FieldSourceQuote    = "source_quote"
	FieldSessionID      = "session_id"
	FieldTags           = "tags"
	FieldAliases        = "aliases"
	FieldStatus         = "status"
	FieldLastReinforced = "last_reinforced"
	FieldReinforced     = "reinforced"
	FieldRelatesTo      = "relates_to"
	FieldSupersedes     = "supersedes"
	FieldSupersededBy   = "superseded_by"
	FieldPromotedTo     = "promoted_to"
	FieldScope          = "scope"
	FieldAgent          = "agent"
	FieldFiles          = "files"
	FieldSessions       = "sessions"
	FieldSeenSessions   = "seen_sessions"
	FieldSeenAgents     = "seen_agents"
)

// cortexFieldOrder is the Cortex part in writing order.
var cortexFieldOrder = [...]string{FieldID, FieldType, FieldCategory, FieldCreated, FieldSourceHash}

// appFieldOrder is the known application part in writing order.
var appFieldOrder = [...]string{
	FieldTitle, FieldBucket, FieldAttribution, FieldConfidence, FieldImportance,
	FieldEntities, FieldContext, FieldSourceQuote, FieldSessionID, FieldTags,
	FieldAliases, FieldStatus, FieldLastReinforced, FieldReinforced,
	FieldRelatesTo, FieldSupersedes, FieldSupersededBy, FieldPromotedTo,
	FieldScope, FieldAgent, FieldFiles, FieldSessions, FieldSeenSessions, FieldSeenAgents,
}

// cortexIndex returns the position of name in the Cortex part, or -1.
func cortexIndex(name string) int {
	for i, n := range cortexFieldOrder {
		if n == name {
			return i
		}
	}
	return -1
}

// IsCortexField reports whether name is one of the five fields of the
// Cortex part.
func IsCortexField(name string) bool { return cortexIndex(name) >= 0 }

// IsKnownField reports whether name is a field of the D21 frontmatter
// (Cortex or application part).
func IsKnownField(name string) bool {
	_, ok := kindOf(name)
	return ok
}

// fieldKind says how a known field is decoded and written.
type fieldKind uint8

const (
	kindText     fieldKind = iota + 1 // text, plain when YAML reads it back unchanged
	kindQuoted                        // text, always double-quoted
	kindFloat                         // a number written with a decimal point
	kindInt                           // a whole number
	kindTime                          // RFC 3339, UTC, milliseconds
	kindList                          // a list of text
	kindEntities                      // a list of {name, type}
)

func kindOf(name string) (fieldKind, bool) {
	switch name {
	case FieldID, FieldSessionID, FieldTitle, FieldContext, FieldSourceQuote:
		return kindQuoted, true
	case FieldType, FieldCategory, FieldSourceHash, FieldBucket, FieldAttribution,
		FieldStatus, FieldSupersedes, FieldSupersededBy, FieldPromotedTo, FieldScope, FieldAgent:
		return kindText, true
	case FieldConfidence, FieldImportance:
		return kindFloat, true
	case FieldReinforced, FieldSessions:
		return kindInt, true
	case FieldCreated, FieldLastReinforced:
		return kindTime, true
	case FieldTags, FieldAliases, FieldRelatesTo, FieldFiles, FieldSeenSessions, FieldSeenAgents:
		return kindList, true
	case FieldEntities:
		return kindEntities, true
	}
	return 0, false
}

// Parsed is a document as read from a file: the decoded fields and
// everything needed to report file lines and to edit the file in place.
type Parsed struct {
	// Doc holds the decoded fields. It is refreshed by every edit; changing
	// it does not change the file (use Set).
	Doc Document

	raw       []byte // the whole file, BOM included
	bom       int    // length of the UTF-8 BOM (0 or 3)
	eol       string // "\r\n" when the opening delimiter line ends so, else "\n"
	openLine  int    // file line of the opening ---
	fmStart   int    // byte offset in raw of the frontmatter text
	fmEnd     int    // byte offset in raw just past the frontmatter text
	fmLine    int    // file line of the first frontmatter line
	bodyStart int    // byte offset in raw of the body
	bodyLine  int    // file line of the first body line
	lines     []int  // offset in raw of each frontmatter line, plus fmEnd
	root      *yaml.Node
	oneLine   bool // every node is on one line (the fast parser read it)
	indent    int  // column (0-based) of the top-level keys
	fields    []fieldPos
	sep       int // frontmatter line of the `# ---` separator, 0 if none
	problems  []Problem
}

// fieldPos is one top-level field and the frontmatter lines it spans.
type fieldPos struct {
	name       string
	key, val   *yaml.Node
	start, end int // frontmatter lines, 1-based, inclusive
	dup        int // frontmatter line of the earlier field of the same name, 0 if first
	badKey     bool
}

// Parse reads a markdown file with a YAML frontmatter, with or without the
// D21 `# ---` separator, a UTF-8 BOM or CRLF line endings. It keeps data (do
// not modify it afterwards). Wrong value types do not fail the parse: they
// are recorded as problems (see Problems and Check). The error is a
// *ParseError wrapping ErrNoFrontmatter, ErrUnclosedFrontmatter,
// ErrInvalidYAML, ErrBinary or ErrTooLarge.
func Parse(data []byte) (*Parsed, error) {
	if len(data) > MaxDocumentSize {
		return nil, &ParseError{Err: ErrTooLarge,
			Msg: fmt.Sprintf("file is %s; a memory document may be at most %s", sizeString(len(data)), sizeString(MaxDocumentSize))}
	}
	p := &Parsed{raw: data, eol: "\n"}
	if bytes.HasPrefix(data, utf8BOM) {
		p.bom = len(utf8BOM)
	}
	text := data[p.bom:]
	if err := checkText(text); err != nil {
		return nil, err
	}

	// Where the opening delimiter is: the frontmatter library skips blank
	// lines before it, and so do we, to know byte offsets and line numbers.
	open, openEnd, line := -1, 0, 1
	for off := 0; off < len(text); line++ {
		end := bytes.IndexByte(text[off:], '\n')
		next := len(text)
		if end >= 0 {
			next = off + end + 1
		}
		l := bytes.TrimSpace(text[off:next])
		if len(l) != 0 {
			if string(l) == "---" && end >= 0 {
				open, openEnd = off, next
			}
			break
		}
		off = next
	}
	if open < 0 {
		return nil, &ParseError{Line: 1, Err: ErrNoFrontmatter,
			Msg: "no frontmatter: a memory document starts with a --- line, its fields (at least type:) and a closing --- line"}
	}
	p.openLine = line
	if bytes.HasSuffix(text[open:openEnd], []byte("\r\n")) {
		p.eol = "\r\n"
	}

	var (
		node    *yaml.Node
		fm      []byte
		yamlErr error
	)
	format := frontmatter.NewFormat("---", "---", func(b []byte, _ any) error {
		fm = b
		node, p.oneLine, yamlErr = parseYAML(b)
		return yamlErr
	})
	// The library copies all it reads; give it the frontmatter block only,
	// up to the closing delimiter line, so a long body is not copied.
	block := text[:blockEnd(text, openEnd)]
	br := readers.Get().(*bufio.Reader)
	br.Reset(bytes.NewReader(block))
	rest, err := frontmatter.MustParse(br, nil, format)
	br.Reset(nil)
	readers.Put(br)
	switch {
	case errors.Is(err, frontmatter.ErrNotFound):
		return nil, &ParseError{Line: p.openLine, Err: ErrUnclosedFrontmatter,
			Msg: "frontmatter is not closed: add a --- line after the fields"}
	case err != nil && yamlErr == nil:
		return nil, &ParseError{Line: p.openLine, Err: ErrInvalidYAML, Msg: "reading frontmatter: " + err.Error()}
	}
	p.fmStart = p.bom + openEnd
	p.fmEnd = p.fmStart + len(fm)
	p.bodyStart = p.bom + len(block) - len(rest)
	if p.fmEnd > p.bodyStart || !bytes.Equal(data[p.fmStart:p.fmEnd], fm) {
		// The library and our own scan disagree on where the frontmatter
		// is; editing by offsets would then corrupt the file.
		return nil, &ParseError{Line: p.openLine, Err: ErrInvalidYAML, Msg: "cannot locate the frontmatter"}
	}
	p.fmLine = p.openLine + 1
	p.indexLines()
	p.bodyLine = p.fmLine + p.fmLines() + 1 // after the closing delimiter
	if yamlErr != nil {
		ln, msg := yamlErrLine(yamlErr), yamlErrMsg(yamlErr)
		if parserProblem(msg) {
			ln++ // yaml.v3 counts a parser error's line from 0 (a scanner's from 1)
		}
		if ln <= 0 {
			ln = 1
		}
		if n := len(p.lines) - 1; ln > n {
			ln = n + 1 // the error is at the end: the closing delimiter
		}
		return nil, &ParseError{Line: p.fmLine + ln - 1, Err: ErrInvalidYAML, Msg: "frontmatter is not valid YAML: " + msg}
	}
	if node != nil {
		switch node.Kind {
		case yaml.MappingNode:
			p.root = node
		case yaml.ScalarNode:
			if node.ShortTag() != "!!null" {
				return nil, &ParseError{Line: p.fileLine(node.Line), Err: ErrInvalidYAML,
					Msg: "frontmatter must be fields (field: value), not a single value"}
			}
		case yaml.SequenceNode:
			return nil, &ParseError{Line: p.fileLine(node.Line), Err: ErrInvalidYAML,
				Msg: "frontmatter must be fields (field: value), not a list"}
		default:
			return nil, &ParseError{Line: p.fileLine(node.Line), Err: ErrInvalidYAML,
				Msg: "frontmatter must be fields (field: value)"}
		}
	}
	p.locateFields()
	p.decode()
	return p, nil
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// blockEnd returns the offset just past the first line after from that
// reads `---` once trimmed (the rule of the frontmatter library), or
// len(text) when there is none.
func blockEnd(text []byte, from int) int {
	for off := from; off < len(text); {
		next := len(text)
		if i := bytes.IndexByte(text[off:], '\n'); i >= 0 {
			next = off + i + 1
		}
		if l := text[off:next]; len(l) >= 3 && string(bytes.TrimSpace(l)) == "---" {
			return next
		}
		off = next
	}
	return len(text)
}

// readers recycles the 4 KB read buffer the frontmatter library would
// otherwise allocate for every parse (it reuses a *bufio.Reader it is given):
// the index parses every file of the vault.
var readers = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, 4096) }}

// checkText refuses what is not text: a NUL byte or invalid UTF-8, with the
// line where it is.
func checkText(b []byte) error {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return &ParseError{Line: 1 + bytes.Count(b[:i], []byte{'\n'}), Err: ErrBinary,
			Msg: "binary content (a NUL byte): not a markdown document"}
	}
	if utf8.Valid(b) {
		return nil
	}
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return &ParseError{Line: 1 + bytes.Count(b[:i], []byte{'\n'}), Err: ErrBinary,
				Msg: "not valid UTF-8: save the file as UTF-8"}
		}
		i += n
	}
	return nil
}

func sizeString(n int) string {
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MB"
}

// parseYAML parses frontmatter text into its top-level node (nil when
// empty). The common layout is read by a small exact parser (then oneLine:
// no node spans lines); anything else goes to yaml.v3.
func parseYAML(b []byte) (n *yaml.Node, oneLine bool, err error) {
	if n, ok := fastParse(b); ok {
		return n, true, nil
	}
	defer func() {
		// yaml.v3 reports errors by panicking internally and recovers its
		// own; anything else escaping it must not take the caller down.
		if r := recover(); r != nil {
			n, err = nil, fmt.Errorf("yaml: line 1: the YAML parser failed: %v", r)
		}
	}()
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, false, err
	}
	if doc.Kind == yaml.DocumentNode && len(doc.Content) > 0 {
		return doc.Content[0], false, nil
	}
	return nil, false, nil
}

// parserProblem reports whether msg is one of libyaml's parser errors,
// which yaml.v3 places on the line where the construct in error starts,
// counted from 0 (its scanner errors are counted from 1).
func parserProblem(msg string) bool {
	switch msg {
	case "did not find expected ',' or ']'", "did not find expected ',' or '}'",
		"did not find expected '-' indicator", "did not find expected <document start>",
		"did not find expected <stream-start>", "did not find expected key",
		"did not find expected node content", "found duplicate %TAG directive",
		"found duplicate %YAML directive", "found incompatible YAML document",
		"found undefined tag handle":
		return true
	}
	return false
}

// indexLines records where each frontmatter line starts, breaking lines
// where YAML does (so that its line numbers index p.lines): at LF, CRLF, a
// lone CR, NEL, LS and PS.
func (p *Parsed) indexLines() {
	fm := p.raw[p.fmStart:p.fmEnd]
	p.lines = make([]int, 0, bytes.Count(fm, []byte{'\n'})+2)
	p.lines = append(p.lines, p.fmStart)
	if !oddBreaks(fm) {
		for i := 0; ; {
			j := bytes.IndexByte(fm[i:], '\n')
			if j < 0 || i+j+1 >= len(fm) {
				break
			}
			i += j + 1
			p.lines = append(p.lines, p.fmStart+i)
		}
	} else {
		for i := 0; i < len(fm); i++ {
			switch fm[i] {
			case '\n':
			case '\r':
				if i+1 < len(fm) && fm[i+1] == '\n' {
					continue
				}
			case 0xC2: // NEL is C2 85
				if i+1 >= len(fm) || fm[i+1] != 0x85 {
					continue
				}
				i++
			case 0xE2: // LS and PS are E2 80 A8 and E2 80 A9
				if i+2 >= len(fm) || fm[i+1] != 0x80 || (fm[i+2] != 0xA8 && fm[i+2] != 0xA9) {
					continue
				}
				i += 2
			default:
				continue
			}
			if i+1 < len(fm) {
				p.lines = append(p.lines, p.fmStart+i+1)
			}
		}
	}
	p.lines = append(p.lines, p.fmEnd)
	if p.fmStart == p.fmEnd {
		p.lines = p.lines[1:]
	}
}

// oddBreaks reports whether b holds a line break other than LF and CRLF.
func oddBreaks(b []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(b[i:], '\r')
		if j < 0 {
			break
		}
		i += j + 1
		if i >= len(b) || b[i] != '\n' {
			return true
		}
	}
	return bytes.Contains(b, []byte("\u0085")) || bytes.Contains(b, []byte("\u2028")) || bytes.Contains(b, []byte("\u2029"))
}

// fmLines is the number of frontmatter lines.
func (p *Parsed) fmLines() int { return len(p.lines) - 1 }

// lineText returns frontmatter line n (1-based) without its line break.
func (p *Parsed) lineText(n int) []byte {
	if n < 1 || n > p.fmLines() {
		return nil
	}
	l := p.raw[p.lines[n-1]:p.lines[n]]
	if len(l) > 0 && l[len(l)-1] == '\n' {
		return bytes.TrimSuffix(l[:len(l)-1], []byte{'\r'})
	}
	for _, br := range [][]byte{{'\n'}, {'\r'}, {0xC2, 0x85}, {0xE2, 0x80, 0xA8}, {0xE2, 0x80, 0xA9}} {
		if bytes.HasSuffix(l, br) {
			l = l[:len(l)-len(br)]
			break
		}
	}
	return bytes.TrimSuffix(l, []byte{'\r'})
}

// fileLine converts a frontmatter line (1-based) to a file line.
func (p *Parsed) fileLine(fmLine int) int {
	if fmLine <= 0 {
		return p.openLine
	}
	return p.fmLine + fmLine - 1
}

// locateFields finds every top-level field and the lines it spans, and the
// `# ---` separator.
func (p *Parsed) locateFields() {
	n := p.fmLines()
	p.fields = nil
	if p.root != nil {
		p.fields = make([]fieldPos, 0, len(p.root.Content)/2)
		if len(p.root.Content) > 0 {
			p.indent = p.root.Content[0].Column - 1
		}
		for i := 0; i+1 < len(p.root.Content); i += 2 {
			k, v := p.root.Content[i], p.root.Content[i+1]
			f := fieldPos{key: k, val: v, start: min(max(k.Line, 1), n)}
			if k.Kind == yaml.ScalarNode {
				f.name = k.Value
			} else {
				f.badKey = true
			}
			p.fields = append(p.fields, f)
		}
	}
	for i := range p.fields {
		f := &p.fields[i]
		next := n + 1
		if i+1 < len(p.fields) {
			next = p.fields[i+1].start
		}
		end := f.start
		// The value ends on its last line that is neither blank nor a
		// comment at the keys' indentation (such comments introduce what
		// follows, like `# ---`).
		for l := next - 1; l > f.start; l-- {
			t := p.lineText(l)
			s := bytes.TrimLeft(t, " ")
			if len(s) == 0 || (s[0] == '#' && len(t)-len(s) <= p.indent) {
				continue
			}
			end = l
			break
		}
		// A quoted scalar may run over lines that look like comments.
		if e := p.lastLine(f.val); e > end && e < next {
			end = e
		}
		if e := p.lastLine(f.key); e > end && e < next {
			end = e
		}
		f.end = min(end, max(next-1, f.start))
	}
	p.findDuplicates()
	// The separator is the first `# ---` line outside every field's value
	// (the fields are in line order and do not overlap).
	p.sep = 0
	fi := 0
	for l := 1; l <= n; l++ {
		for fi < len(p.fields) && p.fields[fi].end < l {
			fi++
		}
		if t := p.lineText(l); bytes.IndexByte(t, '#') < 0 || string(bytes.TrimSpace(t)) != "# ---" {
			continue
		}
		if fi < len(p.fields) && p.fields[fi].start <= l {
			continue
		}
		p.sep = l
		break
	}
}

// findDuplicates marks each field whose name an earlier field has.
func (p *Parsed) findDuplicates() {
	if len(p.fields) <= 32 {
		for i := range p.fields {
			f := &p.fields[i]
			for j := 0; j < i && !f.badKey; j++ {
				if !p.fields[j].badKey && p.fields[j].name == f.name {
					f.dup = p.fields[j].start
					break
				}
			}
		}
		return
	}
	// A map, so that a file of a hundred thousand fields stays linear.
	first := make(map[string]int, len(p.fields))
	for i := range p.fields {
		f := &p.fields[i]
		if f.badKey {
			continue
		}
		if l, ok := first[f.name]; ok {
			f.dup = l
		} else {
			first[f.name] = f.start
		}
	}
}

// lastLine returns the last frontmatter line of node n, following quoted
// scalars to their closing quote.
func (p *Parsed) lastLine(n *yaml.Node) int {
	if n == nil {
		return 0
	}
	end := n.Line
	if !p.oneLine && n.Kind == yaml.ScalarNode && n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		if e := p.quotedEnd(n); e > end {
			end = e
		}
	}
	for _, c := range n.Content {
		if e := p.lastLine(c); e > end {
			end = e
		}
	}
	return end
}

// quotedEnd scans from a quoted scalar's start to its closing quote and
// returns that line.
func (p *Parsed) quotedEnd(n *yaml.Node) int {
	if n.Line < 1 || n.Line > p.fmLines() {
		return n.Line
	}
	off := p.lines[n.Line-1]
	// Columns count characters, not bytes.
	for c := 1; c < n.Column && off < p.fmEnd; c++ {
		_, w := utf8.DecodeRune(p.raw[off:p.fmEnd])
		off += w
	}
	q := byte('"')
	if n.Style&yaml.SingleQuotedStyle != 0 {
		q = '\''
	}
	// Skip a tag or anchor written before the quote.
	for off < p.fmEnd && p.raw[off] != q && p.raw[off] != '\n' {
		off++
	}
	if off >= p.fmEnd || p.raw[off] != q {
		return n.Line
	}
	line := n.Line
	for i := off + 1; i < p.fmEnd; i++ {
		switch c := p.raw[i]; {
		case c == '\n':
			line++
		case c == '\\' && q == '"':
			if i+1 < p.fmEnd && p.raw[i+1] == '\n' {
				line++
			}
			i++
		case c == q:
			if q == '\'' && i+1 < p.fmEnd && p.raw[i+1] == '\'' {
				i++
				continue
			}
			return line
		}
	}
	return line
}

// field returns the first field named name, or nil.
func (p *Parsed) field(name string) *fieldPos {
	for i := range p.fields {
		if !p.fields[i].badKey && p.fields[i].name == name {
			return &p.fields[i]
		}
	}
	return nil
}

// Has reports whether the frontmatter has the field, whatever its value.
func (p *Parsed) Has(name string) bool { return p.field(name) != nil }

// Line returns the file line (1-based) of the field's key, or 0 when the
// field is absent.
func (p *Parsed) Line(name string) int {
	if f := p.field(name); f != nil {
		return p.fileLine(f.start)
	}
	return 0
}

// Fields returns the top-level field names in file order (a duplicated
// name appears once per occurrence).
func (p *Parsed) Fields() []string {
	out := make([]string, 0, len(p.fields))
	for _, f := range p.fields {
		if !f.badKey {
			out = append(out, f.name)
		}
	}
	return out
}

// Node returns the YAML value of a field as written (nil when absent), for
// readers of unknown fields. Do not modify it.
func (p *Parsed) Node(name string) *yaml.Node {
	if f := p.field(name); f != nil {
		return f.val
	}
	return nil
}

// ID returns the document's id as written (empty when missing or not text),
// for the vault-wide uniqueness check done by the index.
func (p *Parsed) ID() string { return p.Doc.ID }

// Bytes returns the file content, with every edit applied. Do not modify it.
func (p *Parsed) Bytes() []byte { return p.raw }

// Body returns the body exactly as in the file (after the closing ---).
func (p *Parsed) Body() string { return string(p.raw[p.bodyStart:]) }

// BodyLine returns the file line on which the body starts.
func (p *Parsed) BodyLine() int { return p.bodyLine }

// OpenLine returns the file line of the opening --- delimiter.
func (p *Parsed) OpenLine() int { return p.openLine }

// Problems returns what decoding the fields found wrong (wrong YAML types,
// unreadable times and numbers, duplicated fields). Check adds the rules.
func (p *Parsed) Problems() []Problem { return p.problems }

// HasSeparator reports whether the frontmatter has the D21 `# ---` line.
func (p *Parsed) HasSeparator() bool { return p.sep > 0 }

// normBody is Document.Body from the text after the closing delimiter: LF
// line endings, leading blank lines and trailing white space removed.
func normBody(s string) string {
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
	}
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 || strings.TrimSpace(s[:i]) != "" {
			break
		}
		s = s[i+1:]
	}
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return strings.TrimRight(s, " \t\r\n\f\v")
}

// fieldMarker starts the line WithFieldMarkers writes after each field: a
// YAML comment no person writes (it holds the unit separator).
const fieldMarker = "#\x1fcortex-field "

// WithFieldMarkers returns the file with a comment line after each
// top-level field of the frontmatter, naming the field. A line merge of
// three such files sees an unchanged line between any two fields, so a
// change to one field on one side and to the next field on the other are
// two changes, not one conflict: the fields of a frontmatter are
// independent, their lines are not a text. StripFieldMarkers takes the
// lines out again.
func (p *Parsed) WithFieldMarkers() []byte {
	var b bytes.Buffer
	b.Grow(len(p.raw) + 32*len(p.fields))
	pos := 0
	for _, f := range p.fields {
		end := p.lines[f.end]
		b.Write(p.raw[pos:end])
		b.WriteString(fieldMarker)
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(f.name, "\n", " "), "\r", " "))
		b.WriteString(p.lineEnd(f.end))
		pos = end
	}
	b.Write(p.raw[pos:])
	return b.Bytes()
}

// StripFieldMarkers removes the lines WithFieldMarkers added, wherever a
// merge left them (conflict markers included).
func StripFieldMarkers(data []byte) []byte {
	if !bytes.Contains(data, []byte(fieldMarker)) {
		return data
	}
	var b bytes.Buffer
	b.Grow(len(data))
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		line := data
		if i >= 0 {
			line = data[:i+1]
		}
		data = data[len(line):]
		if !bytes.HasPrefix(line, []byte(fieldMarker)) {
			b.Write(line)
		}
	}
	return b.Bytes()
}
