package main

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
)

func init() { commandGroups = append(commandGroups, indexCommands) }

func indexCommands() []*cli.Command {
	return []*cli.Command{{
		Name:  "rebuild-index",
		Usage: "build the search index and graph from the working tree, from scratch",
		Description: `Reads every markdown file under mind/, vault/ and rules/ (skipping
dot-folders such as .obsidian/ and whatever .cortexignore lists) into a new
.cortex/index.vN.db (N, its schema version): fields, full text, links and tags. The new file replaces the
old one at once when it is complete, so commands running meanwhile see the
old index or the new one, never half of one. A progress bar is drawn on
stderr when it is a terminal.

The index is a cache: deleting .cortex/ loses nothing. Read commands bring
it up to date by themselves (re-reading only the files that changed); this
command is for when you want it rebuilt whole. With --refresh it does that
incremental refresh instead. The file is named by its schema version, so an
older cortex on the same vault keeps its own; a rebuild removes those of
older versions.`,
		Flags: []cli.Flag{
			obsVaultFlag(),
			&cli.BoolFlag{Name: "json", Usage: "print the figures as JSON"},
			&cli.BoolFlag{Name: "refresh", Usage: "re-read only the files changed since the index was last brought up to date"},
		},
		Action: runRebuildIndex,
	}, {
		Name:  "graph",
		Usage: "print the graph of documents, entities and tags",
		Description: `Prints the vault's graph: documents, the entities and tags they name, and
the edges between them (attributed_to, mentions, tagged, links_to,
relates_to, supersedes, superseded_by). Links resolve as Obsidian resolves
them: by file name, then title, then alias; a link nothing answers to is a
dangling edge to a "missing" node.

With --from, only the neighbourhood of one document: what is within --depth
steps of it, edges followed both ways. ID is a whole id, a unique prefix of
8 or more characters, or the document's path.

With --dangling, lists the unresolved links instead, one a line:
source-path:line → target.`,
		Flags: []cli.Flag{
			obsVaultFlag(),
			&cli.StringFlag{Name: "from", Usage: "start from the document `ID` (id, 8+ character prefix, or path)"},
			&cli.IntFlag{Name: "depth", Value: 1, Usage: "with --from, how many steps `N` to follow"},
			&cli.StringFlag{Name: "format", Value: "json", Usage: "`FORMAT`: json, dot (Graphviz) or mermaid"},
			&cli.BoolFlag{Name: "json", Usage: "same as --format json"},
			&cli.BoolFlag{Name: "dangling", Usage: "list the unresolved links (source:line → target)"},
		},
		Action: runGraph,
	}}
}

func runRebuildIndex(c *cli.Context) error {
	if c.Args().Present() {
		return usageErrorf("rebuild-index: takes no arguments, got %s", doc.Excerpt(c.Args().First()))
	}
	l, err := obsLayout(c)
	if err != nil {
		return err
	}
	ctx := c.Context
	log := personLog(c.App.ErrWriter, slog.LevelInfo, nil)
	start := time.Now()
	var st index.RebuildStats
	refreshed := c.Bool("refresh")
	if refreshed {
		ix, err := index.Open(ctx, l, index.Options{Logger: log})
		if err != nil {
			return err
		}
		st, err = ix.Refresh(ctx)
		if cerr := ix.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	} else {
		bar := newProgress(c.App.ErrWriter, "indexing")
		restore := rebuildGC()
		st, err = index.RebuildStatsOf(ctx, l, index.RebuildOptions{Logger: log, Progress: bar.update, Stage: bar.stage})
		restore()
		bar.done()
		if err != nil {
			return err
		}
	}
	elapsed := time.Since(start)
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Refresh    bool    `json:"refresh"`
			Documents  int     `json:"documents"`
			Removed    int     `json:"removed"`
			Unreadable int     `json:"unreadable"`
			Edges      int     `json:"edges"`
			Dangling   int     `json:"dangling"`
			Relinked   int     `json:"relinked"`
			Seconds    float64 `json:"seconds"`
		}{refreshed, st.Documents, st.Removed, st.Errors, st.Edges, st.Dangling, st.Relinked, elapsed.Seconds()})
	}
	w := c.App.Writer
	if refreshed {
		fmt.Fprintf(w, "refreshed %s: %d re-read, %d removed, %d links of other documents checked (%.2fs)\n",
			shownPath(l.IndexDB()), st.Documents, st.Removed, st.Relinked, elapsed.Seconds())
	} else {
		fmt.Fprintf(w, "indexed %d documents, %d edges (%d dangling) into %s (%.2fs)\n",
			st.Documents, st.Edges, st.Dangling, shownPath(l.IndexDB()), elapsed.Seconds())
	}
	if st.Errors > 0 {
		fmt.Fprintf(w, "%d files could not be read as documents (see cortex validate)\n", st.Errors)
	}
	return nil
}

// shownPath shows p relative to the working folder when it is below it.
func shownPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

func runGraph(c *cli.Context) error {
	if c.Args().Present() {
		return usageErrorf("graph: takes no arguments, got %s (start from a document with --from ID)", doc.Excerpt(c.Args().First()))
	}
	format := c.String("format")
	if c.Bool("json") {
		if c.IsSet("format") && format != "json" {
			return usageErrorf("graph: --json and --format %s disagree", format)
		}
		format = "json"
	}
	switch format {
	case "json", "dot", "mermaid":
	default:
		return usageErrorf("graph: --format %s: want json, dot or mermaid", doc.Excerpt(format))
	}
	from := c.String("from")
	depth := c.Int("depth")
	if c.IsSet("depth") && from == "" {
		return usageErrorf("graph: --depth needs --from ID")
	}
	if depth < 0 {
		return usageErrorf("graph: --depth %d: want 0 or more", depth)
	}
	if c.Bool("dangling") && (from != "" || (c.IsSet("format") && format != "json")) {
		return usageErrorf("graph: --dangling lists the whole vault's unresolved links as text or --json; it takes no --from or --format %s", format)
	}
	ctx := c.Context
	r, err := openRecall(c, time.Now, false)
	if err != nil {
		return err
	}
	defer r.Close()
	ix := r.Index()

	w := c.App.Writer
	if c.Bool("dangling") {
		links, err := ix.Dangling(ctx)
		if err != nil {
			return err
		}
		if c.Bool("json") || c.IsSet("format") {
			if links == nil {
				links = []index.DanglingLink{}
			}
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(links)
		}
		for _, d := range links {
			fmt.Fprintf(w, "%s:%d → %s\n", d.Source, d.Line, d.Target)
		}
		return nil
	}

	var g *index.Graph
	if from != "" {
		doc, err := r.Resolve(ctx, from)
		if err != nil {
			return recallError(err)
		}
		g, err = ix.Neighbourhood(ctx, doc.Path, depth)
		if err != nil {
			return err
		}
	} else if g, err = ix.Graph(ctx); err != nil {
		return err
	}
	switch format {
	case "dot":
		return g.WriteDOT(w)
	case "mermaid":
		return g.WriteMermaid(w)
	}
	return g.WriteJSON(w)
}

// rebuildGC tunes the garbage collector for the one build of the index
// this process makes, and returns what restores the settings; a GOGC or
// GOMEMLIMIT the person set is left as it is. A rebuild allocates about
// 36 KB a document and keeps little until its end (the names and links
// still to resolve: ~100 MB at 100,000 documents), so with the defaults
// the collector ran whenever the small heap doubled — 188 times for
// 100,000 documents. Four times the live heap between collections, under
// a soft limit of 160 MiB that caps the end (when most is live) and has
// the runtime hand freed memory back early: 65 collections, their CPU
// 5.0 → 4.2 s, and the peak resident set 275 → 240 MB. The daemon's
// rebuilds keep the defaults: it runs other work beside them.
func rebuildGC() (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	pct := debug.SetGCPercent(400)
	limit := debug.SetMemoryLimit(160 << 20)
	return func() {
		debug.SetGCPercent(pct)
		debug.SetMemoryLimit(limit)
	}
}
