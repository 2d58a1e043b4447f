package index

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
)

// The kinds of graph nodes.
const (
	NodeDocument = "document"
	NodeEntity   = "entity"
	NodeTag      = "tag"
	// NodeMissing stands for what a dangling edge names: no document
	// answers to it yet.
	NodeMissing = "missing"
)

// Node is a node of the graph (SPEC §7).
type Node struct {
	// ID names the node in the graph: "doc:" and the document's path,
	// "entity:" or "tag:" and the lower-cased name, "missing:" and the
	// lower-cased target.
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Label string `json:"label"`
	// Path, DocID and Type are set on document nodes; Type also on
	// entities whose type is known (the first mention's).
	Path  string `json:"path,omitempty"`
	DocID string `json:"doc_id,omitempty"`
	Type  string `json:"type,omitempty"`
}

// Edge is an edge of the graph, from a document.
type Edge struct {
	From string `json:"from"`
	To   string `json:"to"`
	Kind string `json:"kind"`
	// Target is the target as written; Subpath its "#Heading" or
	// "#^block"; Form how it was written (wikilink, embed, markdown,
	// inline, field, id, name).
	Target  string `json:"target"`
	Subpath string `json:"subpath,omitempty"`
	Form    string `json:"form"`
	// Line is the file line of the link or field in the source document.
	Line     int  `json:"line,omitempty"`
	Dangling bool `json:"dangling,omitempty"`
}

// Graph is a set of nodes and the edges between them, both sorted (nodes
// by ID, edges by source, line, kind and target) so that the same vault
// always prints the same graph.
type Graph struct {
	Nodes []Node `json:"nodes"`
	Edges []Edge `json:"edges"`
}

// graphEdge is an edges row with its source's and target's paths.
type graphEdge struct {
	srcPath, dstPath             string
	kind, target, key, form, sub string
	typ                          string
	line                         int
}

const graphEdgeSelect = `SELECT s.path, coalesce(d.path, ''), e.kind, e.target, e.key, e.form, e.subpath, e.type, e.line
	FROM edges e JOIN documents s ON s.rowid = e.src LEFT JOIN documents d ON d.rowid = e.dst`

func (ix *Index) graphEdges(ctx context.Context, where string, args ...any) ([]graphEdge, error) {
	rows, err := ix.db.QueryContext(ctx, graphEdgeSelect+" "+where, args...)
	if err != nil {
		return nil, fmt.Errorf("index graph: %w", err)
	}
	defer rows.Close()
	var out []graphEdge
	for rows.Next() {
		var e graphEdge
		if err := rows.Scan(&e.srcPath, &e.dstPath, &e.kind, &e.target, &e.key, &e.form, &e.sub, &e.typ, &e.line); err != nil {
			return nil, fmt.Errorf("index graph: %w", err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// docNodeID is the graph ID of the document at path.
func docNodeID(path string) string { return "doc:" + path }

// targetID is the node an edge points at.
func (e *graphEdge) targetID() string {
	switch e.kind {
	case EdgeAttributedTo, EdgeMentions:
		return "entity:" + e.key
	case EdgeTagged:
		return "tag:" + e.key
	}
	if e.dstPath != "" {
		return docNodeID(e.dstPath)
	}
	return "missing:" + e.key
}

// graphBuilder gathers nodes and edges, each once.
type graphBuilder struct {
	ix    *Index
	nodes map[string]*Node
	// first names, for each node not a document, the edge its label (and,
	// in typed, its type) come from: the first in source path, line and
	// spelling order, so that the label does not depend on the order
	// edges are read in.
	first, typed map[string]edgeOrder
	edges        []Edge
	docs         []string // document paths whose node details are still to read
}

type edgeOrder struct {
	src    string
	line   int
	target string
}

func (a edgeOrder) less(b edgeOrder) bool {
	if a.src != b.src {
		return a.src < b.src
	}
	if a.line != b.line {
		return a.line < b.line
	}
	return a.target < b.target
}

func newGraphBuilder(ix *Index) *graphBuilder {
	return &graphBuilder{ix: ix, nodes: map[string]*Node{}, first: map[string]edgeOrder{}, typed: map[string]edgeOrder{}}
}

func (g *graphBuilder) addDoc(path string) string {
	id := docNodeID(path)
	if _, ok := g.nodes[id]; !ok {
		g.nodes[id] = &Node{ID: id, Kind: NodeDocument, Path: path}
		g.docs = append(g.docs, path)
	}
	return id
}

func (g *graphBuilder) addEdge(e graphEdge) {
	from := g.addDoc(e.srcPath)
	to := e.targetID()
	if e.dstPath != "" {
		g.addDoc(e.dstPath)
	} else {
		o := edgeOrder{e.srcPath, e.line, e.target}
		n, ok := g.nodes[to]
		if !ok {
			kind := NodeEntity
			switch {
			case e.kind == EdgeTagged:
				kind = NodeTag
			case resolves(e.kind):
				kind = NodeMissing
			}
			n = &Node{ID: to, Kind: kind}
			g.nodes[to] = n
		}
		if f, seen := g.first[to]; !seen || o.less(f) {
			g.first[to] = o
			n.Label = e.target
			if n.Kind == NodeTag {
				n.Label = "#" + e.target
			}
		}
		if f, seen := g.typed[to]; e.typ != "" && (!seen || o.less(f)) {
			g.typed[to] = o
			n.Type = e.typ
		}
	}
	g.edges = append(g.edges, Edge{From: from, To: to, Kind: e.kind, Target: e.target, Subpath: e.sub,
		Form: e.form, Line: e.line, Dangling: resolves(e.kind) && e.dstPath == ""})
}

// finish reads the details of the document nodes and sorts everything.
func (g *graphBuilder) finish(ctx context.Context) (*Graph, error) {
	slices.Sort(g.docs)
	err := eachIn(g.docs, func(in string, args []any) error {
		rows, err := g.ix.db.QueryContext(ctx, "SELECT path, id, type, title FROM documents WHERE path IN "+in, args...)
		if err != nil {
			return fmt.Errorf("index graph: %w", err)
		}
		for rows.Next() {
			var p, id, typ, title string
			if err := rows.Scan(&p, &id, &typ, &title); err != nil {
				rows.Close()
				return fmt.Errorf("index graph: %w", err)
			}
			n := g.nodes[docNodeID(p)]
			n.DocID, n.Type, n.Label = id, typ, title
			if n.Label == "" {
				n.Label = p
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("index graph: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := &Graph{Nodes: make([]Node, 0, len(g.nodes)), Edges: g.edges}
	for _, n := range g.nodes {
		out.Nodes = append(out.Nodes, *n)
	}
	slices.SortFunc(out.Nodes, func(a, b Node) int { return strings.Compare(a.ID, b.ID) })
	slices.SortFunc(out.Edges, func(a, b Edge) int {
		if c := strings.Compare(a.From, b.From); c != 0 {
			return c
		}
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		if c := strings.Compare(a.Kind, b.Kind); c != 0 {
			return c
		}
		if c := strings.Compare(a.Target, b.Target); c != 0 {
			return c
		}
		return strings.Compare(a.To, b.To)
	})
	return out, nil
}

// Graph returns the whole graph: every document (parsed or not), every
// entity and tag, every edge, and a missing node for each target no
// document answers to.
func (ix *Index) Graph(ctx context.Context) (*Graph, error) {
	g := newGraphBuilder(ix)
	rows, err := ix.db.QueryContext(ctx, "SELECT path FROM documents")
	if err != nil {
		return nil, fmt.Errorf("index graph: %w", err)
	}
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			rows.Close()
			return nil, fmt.Errorf("index graph: %w", err)
		}
		g.addDoc(p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("index graph: %w", err)
	}
	edges, err := ix.graphEdges(ctx, "")
	if err != nil {
		return nil, err
	}
	for _, e := range edges {
		g.addEdge(e)
	}
	return g.finish(ctx)
}

// Neighbourhood returns the part of the graph within depth steps of the
// document at path, edges followed both ways: its links and what links to
// it, its entities and tags and the other documents that name them, and so
// on. Depth 0 is the document alone.
func (ix *Index) Neighbourhood(ctx context.Context, path string, depth int) (*Graph, error) {
	var rowid int64
	err := ix.db.QueryRowContext(ctx, "SELECT rowid FROM documents WHERE path = ?", path).Scan(&rowid)
	if err == sql.ErrNoRows {
		return nil, fmt.Errorf("index graph: %s is not indexed", path)
	}
	if err != nil {
		return nil, fmt.Errorf("index graph: %w", err)
	}
	g := newGraphBuilder(ix)
	start := g.addDoc(path)
	seen := map[string]bool{start: true}
	frontier := []string{start}
	type edgeKey struct {
		from, to, kind, target string
		line                   int
	}
	have := map[edgeKey]bool{}
	for step := 0; step < depth && len(frontier) > 0; step++ {
		var next []string
		for _, id := range frontier {
			edges, err := ix.edgesAt(ctx, id)
			if err != nil {
				return nil, err
			}
			for _, e := range edges {
				k := edgeKey{docNodeID(e.srcPath), e.targetID(), e.kind, e.target, e.line}
				if !have[k] {
					have[k] = true
					g.addEdge(e)
				}
				for _, n := range []string{k.from, k.to} {
					if !seen[n] {
						seen[n] = true
						next = append(next, n)
					}
				}
			}
		}
		slices.Sort(next)
		frontier = next
	}
	return g.finish(ctx)
}

// edgesAt returns the edges touching the node id, both ways.
func (ix *Index) edgesAt(ctx context.Context, id string) ([]graphEdge, error) {
	kind, key, _ := strings.Cut(id, ":")
	switch kind {
	case "doc":
		return ix.graphEdges(ctx, "WHERE s.path = ?1 OR d.path = ?1", key)
	case "entity":
		return ix.graphEdges(ctx, "WHERE e.key = ? AND e.kind IN ('attributed_to', 'mentions')", key)
	case "tag":
		return ix.graphEdges(ctx, "WHERE e.key = ? AND e.kind = 'tagged'", key)
	}
	// A missing node: every edge that names it, still dangling.
	return ix.graphEdges(ctx, "WHERE e.key = ? AND e.dst IS NULL AND e.kind IN "+resolvingKinds, key)
}

// DanglingLink is a link or reference no document answers to.
type DanglingLink struct {
	Source string `json:"source"` // the path of the document holding it
	Line   int    `json:"line"`
	Kind   string `json:"kind"`
	Form   string `json:"form"`
	Target string `json:"target"` // as written, with its #heading
}

// Dangling lists the unresolved links and references, by source and line.
func (ix *Index) Dangling(ctx context.Context) ([]DanglingLink, error) {
	rows, err := ix.db.QueryContext(ctx, `SELECT s.path, e.line, e.kind, e.form, e.target || e.subpath
		FROM edges e JOIN documents s ON s.rowid = e.src
		WHERE e.dst IS NULL AND e.kind IN `+resolvingKinds+`
		ORDER BY s.path, e.line, e.target`)
	if err != nil {
		return nil, fmt.Errorf("index dangling: %w", err)
	}
	defer rows.Close()
	var out []DanglingLink
	for rows.Next() {
		var d DanglingLink
		if err := rows.Scan(&d.Source, &d.Line, &d.Kind, &d.Form, &d.Target); err != nil {
			return nil, fmt.Errorf("index dangling: %w", err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}
