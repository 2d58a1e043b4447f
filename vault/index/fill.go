package index

import (
	"bytes"
	"path"
	"strings"

	"github.com/cortex-vault/cortex/vault/doc"
)

// record is everything the index writes for one file: its documents row,
// its full text, the keys it answers links by and its outgoing edges, not
// yet resolved.
type record struct {
	doc       Doc
	text      textRow
	titleKey  string
	aliasKeys []string
	refs      []ref
}

// textRow is the full text of a document (the texts table).
type textRow struct {
	title, aliases, body, tags, entities, parts string
}

// ref is an edge as read from the file; dst is found by resolving it.
// key and nk are its edges.key and edges.name_key, made from target by
// setKeys on the parsing goroutines, so that the one writer only writes.
type ref struct {
	kind    string
	target  string
	form    string
	subpath string
	typ     string
	line    int
	key, nk string
}

// setKeys makes the edge's key and name_key (see the schema).
func (r *ref) setKeys() {
	r.key = foldKey(r.target)
	if resolves(r.kind) {
		r.nk = targetNameKey(r.target)
	}
}

// The forms of edges (edges.form).
const (
	formWikilink = "wikilink"
	formEmbed    = "embed"
	formMarkdown = "markdown"
	formInline   = "inline"
	formField    = "field"
	formID       = "id"
	formName     = "name"
)

// resolves reports whether an edge of this kind points at a document (and
// so has a dst to resolve).
func resolves(kind string) bool {
	switch kind {
	case EdgeLinksTo, EdgeRelatesTo, EdgeSupersedes, EdgeSupersededBy:
		return true
	}
	return false
}

// fillDoc decodes a file into its record. The source_hash kept is the hash
// of the body as it is on disk, not the frontmatter's claim: a person may
// have edited the body without fixing the hash, and de-duplication must
// compare what the file says.
func fillDoc(r *record, data []byte, tax *doc.Taxonomy) {
	p, err := doc.Parse(data)
	if err != nil {
		r.doc.ParseError = err.Error()
		return
	}
	fillParsed(r, p, tax)
}

// fillParsed is fillDoc of a file already parsed.
func fillParsed(r *record, p *doc.Parsed, tax *doc.Taxonomy) {
	d := &r.doc
	document := &p.Doc
	d.ID = document.ID
	d.Type = document.Type
	d.Category = string(document.Category)
	d.Created = formatTime(document.Created)
	if !document.Created.IsZero() {
		d.CreatedMS = document.Created.UnixMilli()
	}
	d.SourceHash = doc.Hash(document.Body)
	d.Title = document.Title
	if d.Title == "" {
		d.Title = doc.Title(document.Body)
	}
	d.Bucket = document.Bucket
	d.Attribution = document.Attribution
	d.Confidence = document.Confidence
	d.Importance = document.Importance
	d.SessionID = document.SessionID
	d.Agent = document.Agent
	d.Scope = orDefault(document.Scope, "global")
	d.Status = orDefault(document.Status, "active")
	d.Aliases = document.Aliases
	d.Reinforced = document.Reinforced
	d.DecayBaseMS = d.CreatedMS
	if document.LastReinforced != nil {
		d.LastReinforced = formatTime(*document.LastReinforced)
		// A reinforcement dated before the memory was made (written by
		// an older memorizer, or by hand) never makes it older.
		d.DecayBaseMS = max(d.DecayBaseMS, document.LastReinforced.UnixMilli())
	}
	sightings := document.Seen()
	d.Sessions, d.SeenSessions, d.SeenAgents = sightings.Sessions, sightings.IDs, sightings.Agents
	d.Supersedes = document.Supersedes
	d.SupersededBy = document.SupersededBy
	d.PromotedTo = document.PromotedTo
	d.Files = document.Files
	d.DecayRate = decayRate(tax, d.Path, d.Type)

	r.titleKey = foldKey(d.Title)
	seen := map[string]bool{}
	for _, a := range document.Aliases {
		if k := foldKey(a); k != "" && !seen[k] {
			seen[k] = true
			r.aliasKeys = append(r.aliasKeys, k)
		}
	}
	r.text = textRow{
		title:   ownTitle(d.Title, document.Body),
		aliases: strings.Join(document.Aliases, "\n"),
		body:    document.Body,
	}
	r.text.parts = IdentifierParts(r.text.title + "\n" + document.Body)
	r.refs = bodyRefs(r.refs, p, document, &r.text)
	for i := range r.refs {
		r.refs[i].setKeys()
	}
}

// ownTitle is the title as the full text holds it: "" when it only
// repeats the body's opening (the title doc.Title derives, or one written
// the same way), whose words the body column has already; counting them
// again would rank a memory by where its words stand rather than by what
// it says.
func ownTitle(title, body string) string {
	t := strings.TrimSuffix(strings.TrimSpace(title), "…")
	if t == "" {
		return title
	}
	// The body's opening, as long as the title with room for runs of
	// white space the title's made single.
	if len(body) > 2*len(t)+64 {
		body = body[:2*len(t)+64]
	}
	if strings.HasPrefix(strings.Join(strings.Fields(body), " "), strings.Join(strings.Fields(t), " ")) {
		return ""
	}
	return title
}

// bodyRefs appends the edges of a parsed document, in the order of the
// schema's table: attribution, entities, tags, links, then the fields that
// name other documents.
func bodyRefs(refs []ref, p *doc.Parsed, document *doc.Document, text *textRow) []ref {
	var entities []string
	seen := map[string]bool{}
	if k := foldKey(document.Attribution); k != "" {
		refs = append(refs, ref{kind: EdgeAttributedTo, target: strings.TrimSpace(document.Attribution),
			form: formField, line: p.Line(doc.FieldAttribution)})
		entities = append(entities, strings.TrimSpace(document.Attribution))
	}
	for _, e := range document.Entities {
		k := foldKey(e.Name)
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		refs = append(refs, ref{kind: EdgeMentions, target: strings.TrimSpace(e.Name),
			form: formField, typ: strings.TrimSpace(e.Type), line: p.Line(doc.FieldEntities)})
		entities = append(entities, strings.TrimSpace(e.Name))
	}
	text.entities = strings.Join(entities, "\n")

	clear(seen)
	var tags []string
	addTag := func(t, form string, line int) {
		t = strings.TrimPrefix(strings.TrimSpace(t), "#")
		k := foldKey(t)
		if k == "" || seen[k] {
			return
		}
		seen[k] = true
		tags = append(tags, t)
		refs = append(refs, ref{kind: EdgeTagged, target: t, form: form, line: line})
	}
	for _, t := range document.Tags {
		addTag(t, formField, p.Line(doc.FieldTags))
	}
	body := p.Body()
	var info doc.BodyInfo
	// Only a '[' starts a link and only a '#' a tag: most memories hold
	// neither, and they are spared the markdown parser.
	if strings.ContainsAny(body, "[#") {
		info = doc.ParseBody([]byte(body))
	}
	for _, t := range info.Tags {
		addTag(t, formInline, 0)
	}
	text.tags = strings.Join(tags, " ")

	for _, l := range info.Links {
		if attachment(l.Target) {
			continue
		}
		refs = append(refs, linkRef(EdgeLinksTo, l, p.BodyLine()+l.Line-1))
	}
	for _, v := range document.RelatesTo {
		refs = appendValueRef(refs, EdgeRelatesTo, v, p.Line(doc.FieldRelatesTo))
	}
	refs = appendValueRef(refs, EdgeSupersedes, document.Supersedes, p.Line(doc.FieldSupersedes))
	refs = appendValueRef(refs, EdgeSupersededBy, document.SupersededBy, p.Line(doc.FieldSupersededBy))
	return refs
}

// linkRef is the edge of a link found in a body (or a wikilink written in
// a field).
func linkRef(kind string, l doc.Link, line int) ref {
	r := ref{kind: kind, target: l.Target, line: line}
	switch l.Kind {
	case doc.LinkEmbed:
		r.form = formEmbed
	case doc.LinkMarkdown:
		r.form = formMarkdown
	default:
		r.form = formWikilink
	}
	switch {
	case l.Block != "":
		r.subpath = "#^" + l.Block
	case l.Heading != "":
		r.subpath = "#" + l.Heading
	}
	return r
}

// appendValueRef appends the edge of a frontmatter value naming a document:
// a wikilink ("[[Note]]"), an id, or a name resolved as a link is.
func appendValueRef(refs []ref, kind, v string, line int) []ref {
	v = strings.TrimSpace(v)
	if v == "" {
		return refs
	}
	if strings.HasPrefix(v, "[[") && strings.HasSuffix(v, "]]") {
		if info := doc.ParseBody([]byte(v)); len(info.Links) == 1 {
			return append(refs, linkRef(kind, info.Links[0], line))
		}
	}
	form := formName
	if doc.IsUUID(v) {
		form = formID
	}
	return append(refs, ref{kind: kind, target: v, form: form, line: line})
}

// attachment reports whether target has the extension of a file Obsidian
// links to that is not a note: a link to one is not an edge of the graph
// (the index holds only markdown documents), and must not be reported as
// dangling. A switch rather than a map: nothing to build at start-up.
func attachment(target string) bool {
	switch strings.ToLower(path.Ext(target)) {
	case ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".svg", ".webp", ".avif", ".ico", ".tif", ".tiff",
		".mp3", ".wav", ".m4a", ".ogg", ".3gp", ".flac", ".webm",
		".mp4", ".ogv", ".mov", ".mkv",
		".pdf", ".canvas", ".base",
		".zip", ".gz", ".tar", ".csv", ".json", ".txt":
		return true
	}
	return false
}

// foldKey is the key a name is looked up by: trimmed and lower-cased, as
// doc.LinkResolver folds titles and aliases.
func foldKey(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// targetNameKey is the file name a link target can name, as nameKey makes
// it for a path: "../b/Note.md#x" is never given (the heading is cut
// before), "../b/Note.md" → "note". It is "" for an empty target.
func targetNameKey(target string) string {
	t := strings.TrimSpace(target)
	if t == "" {
		return ""
	}
	return nameKey(path.Clean(t))
}

// nameKey is the key a link names a file by: its name lower-cased, without
// ".md".
func nameKey(rel string) string {
	base := path.Base(rel)
	if len(base) >= 3 && strings.EqualFold(base[len(base)-3:], ".md") {
		base = base[:len(base)-3]
	}
	return strings.ToLower(base)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// decayRate is the importance a document of type typ at rel loses per month.
func decayRate(tax *doc.Taxonomy, rel, typ string) float64 {
	if tax == nil || !doc.Decays(rel) {
		return 0
	}
	if t, ok := tax.Type(typ); ok {
		return t.Decay
	}
	return 0
}

// decaySignature names the decay rates of a taxonomy, so that a refresh
// notices when taxonomy.yml changed them.
func decaySignature(tax *doc.Taxonomy) string {
	var b bytes.Buffer
	for _, t := range tax.Types() {
		if t.Decay != 0 {
			b.WriteString(t.Name)
			b.WriteByte('=')
			b.WriteString(formatFloat(t.Decay))
			b.WriteByte(' ')
		}
	}
	return b.String()
}
