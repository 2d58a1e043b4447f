package index

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cortex-vault/cortex/vault/doc"
)

// labelMax is the most characters of a title a drawn node shows.
const labelMax = 60

func shortLabel(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if t, cut := doc.CutWords(s, labelMax-1); cut {
		return t + "…"
	}
	return s
}

// WriteJSON writes the graph as one indented JSON object {nodes, edges}.
func (g *Graph) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(g)
}

// WriteDOT writes the graph in Graphviz's DOT language: documents as
// boxes, entities as ellipses, tags as notes, missing targets and the
// dangling edges to them dashed. Every ID and label is a quoted string,
// escaped, so any title or path is valid DOT.
func (g *Graph) WriteDOT(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("digraph cortex {\n\trankdir=LR;\n\tnode [shape=box, style=rounded, fontname=\"sans-serif\"];\n\tedge [fontname=\"sans-serif\", fontsize=10];\n")
	for _, n := range g.Nodes {
		attrs := "label=" + dotQuote(shortLabel(n.Label))
		switch n.Kind {
		case NodeDocument:
			attrs += ", tooltip=" + dotQuote(n.Path)
		case NodeEntity:
			attrs += ", shape=ellipse, style=solid"
		case NodeTag:
			attrs += ", shape=note, style=solid"
		case NodeMissing:
			attrs += ", style=\"rounded,dashed\", fontcolor=gray40, color=gray40"
		}
		fmt.Fprintf(bw, "\t%s [%s];\n", dotQuote(n.ID), attrs)
	}
	for _, e := range g.Edges {
		attrs := "label=" + dotQuote(e.Kind)
		if e.Dangling {
			attrs += ", style=dashed, color=gray40"
		}
		fmt.Fprintf(bw, "\t%s -> %s [%s];\n", dotQuote(e.From), dotQuote(e.To), attrs)
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// dotQuote makes s a DOT double-quoted string: backslashes and quotes
// escaped, line breaks written \n (DOT reads backslash sequences in
// labels, so a lone backslash would change the text).
func dotQuote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// WriteMermaid writes the graph as a Mermaid flowchart. Node IDs are n0,
// n1, … (Mermaid IDs cannot hold paths); every label is a quoted string
// with its quotes, '#', '<' and '>' written as Mermaid entity codes, so any
// title is valid.
func (g *Graph) WriteMermaid(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("flowchart LR\n")
	ids := make(map[string]string, len(g.Nodes))
	var missing []string
	for i, n := range g.Nodes {
		id := "n" + strconv.Itoa(i)
		ids[n.ID] = id
		label := mermaidQuote(shortLabel(n.Label))
		switch n.Kind {
		case NodeEntity:
			fmt.Fprintf(bw, "\t%s([%s])\n", id, label)
		case NodeTag:
			fmt.Fprintf(bw, "\t%s{{%s}}\n", id, label)
		case NodeMissing:
			fmt.Fprintf(bw, "\t%s[%s]\n", id, label)
			missing = append(missing, id)
		default:
			fmt.Fprintf(bw, "\t%s[%s]\n", id, label)
		}
	}
	for _, e := range g.Edges {
		arrow := "-->"
		if e.Dangling {
			arrow = "-.->"
		}
		fmt.Fprintf(bw, "\t%s %s|%s| %s\n", ids[e.From], arrow, mermaidQuote(e.Kind), ids[e.To])
	}
	if len(missing) > 0 {
		bw.WriteString("\tclassDef missing stroke-dasharray:5 5,color:#666\n")
		fmt.Fprintf(bw, "\tclass %s missing\n", strings.Join(missing, ","))
	}
	return bw.Flush()
}

// mermaidQuote makes s a Mermaid quoted label.
func mermaidQuote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString("#quot;")
		case '#':
			b.WriteString("#35;")
		case '<':
			b.WriteString("#lt;")
		case '>':
			b.WriteString("#gt;")
		case '\n', '\r', '\t':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
