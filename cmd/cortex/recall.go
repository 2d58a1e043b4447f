package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/mind"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		return recallCommands(time.Now)
	})
}

// recallCommands are the three pull layers (SPEC §7): search, timeline, get.
func recallCommands(now func() time.Time) []*cli.Command {
	return []*cli.Command{
		{
			Name:      "search",
			Usage:     "find memories: one line per result (short id, type, date, title, score)",
			ArgsUsage: "[QUERY…]",
			Description: `Searches the vault's full-text index and prints one line per result, best
first: the id's shortest unique prefix (8 characters or more), the type,
the date (UTC), the title and the score. Give the id to cortex timeline or
cortex get.

The query is words, not a query language: every word is looked for as
written (stop words such as "what" and "the" are left out when there are
others). Documents that have all of them come first; when fewer than the
limit have every word, documents with some of them follow (with a note when
none has them all). For two words or more, the memories said just before
or after a good match in the same session come too: they are marked
"via session of ID" (in --json: "via": {"kind": "session", "id": …}), as
they may hold none of the words. With --json each result lists the words
it has ("matched"). "a phrase" keeps words together, word* matches words
that start with word, -word leaves out documents with it.
Quotes, parentheses, AND/OR/NOT and the like are plain text. Filters may go
in the query or in flags, and repeat:

  type:decision     of this type (several: any of them)
  tag:area/git      with this tag, or one nested below it (several: all)
  since:7d          created since: a date (2026-02-01), an RFC 3339 time,
                    today, yesterday, or an age: 12h, 7d, 2w, 3m, 1y
  status:resolved   with this status (several: any of them)

By default a search shows active, resolved and outdated memories, not
superseded or archived ones; --all-status (or status:all) shows every one.
With no words, the filters alone choose, ranked by importance and recency.

Ranking: score = 0.6·relevance + 0.25·importance + 0.15·recency, where
relevance is BM25 relative to the best match, importance is after decay,
and recency halves every 30 days since created or last reinforced.`,
			Flags: []cli.Flag{
				obsVaultFlag(),
				&cli.StringSliceFlag{Name: "type", Usage: "only this `TYPE` (repeat for any of several)"},
				&cli.StringSliceFlag{Name: "tag", Usage: "only with this `TAG` or one nested below it (repeat: all of them)"},
				&cli.StringFlag{Name: "since", Usage: "only created since `WHEN` (2026-02-01, 7d, 2w, …)"},
				&cli.StringSliceFlag{Name: "status", Usage: "only with this `STATUS` (repeat for any of several)"},
				&cli.BoolFlag{Name: "all-status", Usage: "every status, superseded and archived included"},
				&cli.IntFlag{Name: "limit", Aliases: []string{"n"}, Value: mind.DefaultLimit, Usage: "at most `N` results"},
				&cli.BoolFlag{Name: "json", Usage: "print the results as JSON"},
			},
			Action: func(c *cli.Context) error { return runSearch(c, now) },
		},
		{
			Name:      "timeline",
			Usage:     "the memories around one in time, its session first",
			ArgsUsage: "ID",
			Description: `Prints the memories created just before and after the one ID names (a whole
id, a unique prefix of 8+ characters, or a path), oldest first. The ones of
its session come first: the nearest of the same session fill each side, and
other sessions only what is left. Memories written without a session
(cortex write) have none to prefer.

Each line: a mark (> the memory asked for, * the same session), the id's
shortest unique prefix, the type, the time (UTC) and the title.`,
			Flags: []cli.Flag{
				obsVaultFlag(),
				&cli.IntFlag{Name: "before", Aliases: []string{"b"}, Value: mind.DefaultAround, Usage: "at most `N` memories before it"},
				&cli.IntFlag{Name: "after", Aliases: []string{"a"}, Value: mind.DefaultAround, Usage: "at most `N` memories after it"},
				&cli.BoolFlag{Name: "json", Usage: "print the timeline as JSON"},
			},
			Action: func(c *cli.Context) error { return runTimeline(c, now) },
		},
		{
			Name:      "get",
			Usage:     "print whole memories",
			ArgsUsage: "ID…",
			Description: `Prints the documents the IDs name, as they are on disk: frontmatter and
body. An ID is a whole id, a unique prefix of 8+ characters, or a path
(relative to the vault or to the current folder). A prefix that names
several documents is an error listing them. With several documents, each
starts with a line "==> path <==".`,
			Flags: []cli.Flag{
				obsVaultFlag(),
				&cli.BoolFlag{Name: "json", Usage: "print the documents' fields and bodies as JSON"},
			},
			Action: func(c *cli.Context) error { return runGet(c, now) },
		},
	}
}

// openRecall opens the vault's index, refreshed unless a live daemon keeps
// it fresh. Notices (an index rebuilt) go to stderr. mapped reads it
// through a memory map (mind.Options.ReadMapped): cheaper for a command
// that reads pages all over the file once, as context's many queries do
// (13.4 → 11.5 ms of CPU a call at 20,000 documents) and as search does
// (its neighbours, matches and the rows of every document its words are
// in: CPU p50 over 50 queries at 100,000 documents with a live daemon
// 261 → 115 ms, over LoCoMo questions without one 100 → 87 ms); dearer
// for one that reads a few runs of pages (a page fault for every 4 KB
// touched costs more than a read of 16 KB), as timeline and get do.
func openRecall(c *cli.Context, now func() time.Time, mapped bool) (*mind.Recall, error) {
	l, err := obsLayout(c)
	if err != nil {
		return nil, err
	}
	log := personLog(c.App.ErrWriter, slog.LevelWarn, nil)
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("working folder: %w", err)
	}
	// The first read of a vault builds its index: long in a big vault.
	bar := newProgress(c.App.ErrWriter, "indexing")
	r, err := mind.Open(c.Context, l, mind.Options{Logger: log, Now: now, WorkDir: wd, Progress: bar.update, ReadMapped: mapped})
	bar.done()
	if err != nil {
		return nil, err
	}
	// Without a live daemon the answer is still for the files as they
	// are: say so when that took re-reading some.
	if st := r.Stats; r.Refreshed && st.Documents+st.Removed > 0 {
		fmt.Fprintf(c.App.ErrWriter, "cortex: no daemon keeps the index fresh: refreshed it first (%s re-read, %s removed; cortex daemon keeps it fresh)\n",
			count(int64(st.Documents), "file", "files"), count(int64(st.Removed), "file", "files"))
	}
	return r, nil
}

// recallError makes a query the user must change a usage error (exit 2).
func recallError(err error) error {
	// The command's messages name no field: the filter's own says which.
	if fe, ok := errors.AsType[*mind.FilterError](err); ok {
		err = fe.Err
	}
	var qe *mind.QueryError
	if errors.As(err, &qe) {
		return &exitError{code: 2, err: err}
	}
	return err
}

func runSearch(c *cli.Context, now func() time.Time) error {
	if n := c.Int("limit"); n < 1 || n > mind.MaxLimit {
		return usageErrorf("search: --limit %d: expected 1 to %d", n, mind.MaxLimit)
	}
	q, notes, err := mind.NewQuery(strings.Join(c.Args().Slice(), " "), mind.Filters{
		Types: c.StringSlice("type"), Tags: c.StringSlice("tag"), Statuses: c.StringSlice("status"),
		Since: c.String("since"), AllStatus: c.Bool("all-status"), Limit: c.Int("limit"),
	}, now())
	if err != nil {
		return recallError(err)
	}

	r, err := openRecall(c, now, true)
	if err != nil {
		return err
	}
	defer r.Close()
	res, err := r.Search(c.Context, q)
	if err != nil {
		return recallError(err)
	}
	res.Notes = append(notes, res.Notes...)
	if c.Bool("json") {
		if res.Hits == nil {
			res.Hits = []mind.Hit{}
		}
		return writeJSON(c.App.Writer, res)
	}
	for _, n := range res.Notes {
		fmt.Fprintf(c.App.ErrWriter, "cortex: note: %s\n", n)
	}
	printHits(c.App.Writer, res.Hits)
	if len(res.Hits) == 0 {
		fmt.Fprintln(c.App.Writer, "no memory matches")
	}
	return nil
}

// printHits writes one line per result: id8, type, date, title, score.
func printHits(w io.Writer, hits []mind.Hit) {
	idw, width := 0, 0
	for _, h := range hits {
		idw = max(idw, len(shortID(h.Short)))
		width = max(width, utf8.RuneCountInString(h.Type))
	}
	for _, h := range hits {
		fmt.Fprintf(w, "%-*s  %-*s  %s  %s%s%s  %.2f\n", idw, shortID(h.Short), width, shown(h.Type), day(h.Created), shown(h.Title), statusMark(h.Status), viaMark(h.Via), h.Score)
	}
}

// shortID is the short id, or a placeholder for a document without one
// (written by hand, not yet committed: give its path).
func shortID(id string) string {
	if id == "" {
		return "--------"
	}
	return id
}

func day(t time.Time) string {
	if t.IsZero() {
		return "----------"
	}
	return t.UTC().Format("2006-01-02")
}

func minute(t time.Time) string {
	if t.IsZero() {
		return "----------------"
	}
	return t.UTC().Format("2006-01-02 15:04")
}

// viaMark says how a result that has none of the query's words came.
func viaMark(v *mind.Via) string {
	if v == nil {
		return ""
	}
	return fmt.Sprintf(" (via %s of %s)", v.Kind, shortID(v.Short))
}

// statusMark shows a status other than active after the title.
func statusMark(s string) string {
	if s == "" || s == mind.StatusActive {
		return ""
	}
	return " [" + s + "]"
}

// shown is memory text on one line of a terminal: control characters
// escaped (an ESC in a title would colour, move or clear the person's
// terminal; OSC 52 would write their clipboard), line breaks folded.
func shown(s string) string { return flatTitle(doc.EscapeControls(s)) }

// flatTitle keeps a title on its line: a title a person wrote may hold a
// line break.
func flatTitle(s string) string {
	if !strings.ContainsAny(s, "\r\n\t") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

func runTimeline(c *cli.Context, now func() time.Time) error {
	switch c.NArg() {
	case 0:
		return usageErrorf("timeline: which memory? (cortex timeline ID; cortex search finds ids)")
	case 1:
	default:
		return usageErrorf("timeline: takes one ID, got %d", c.NArg())
	}
	for _, f := range []string{"before", "after"} {
		if n := c.Int(f); n < 0 || n > mind.MaxAround {
			return usageErrorf("timeline: --%s %d: expected 0 to %d", f, n, mind.MaxAround)
		}
	}
	r, err := openRecall(c, now, false)
	if err != nil {
		return err
	}
	defer r.Close()
	tl, err := r.Timeline(c.Context, c.Args().First(), c.Int("before"), c.Int("after"))
	if err != nil {
		return recallError(err)
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, tl)
	}
	printTimeline(c.App.Writer, tl)
	return nil
}

// printTimeline writes one line per entry: mark, id8, type, time, title.
func printTimeline(w io.Writer, tl *mind.Timeline) {
	idw, width := 0, 0
	for _, e := range tl.Entries {
		idw = max(idw, len(shortID(e.Short)))
		width = max(width, utf8.RuneCountInString(e.Type))
	}
	for _, e := range tl.Entries {
		mark := " "
		switch {
		case e.Anchor:
			mark = ">"
		case e.SameSession:
			mark = "*"
		}
		fmt.Fprintf(w, "%s %-*s  %-*s  %s  %s%s\n", mark, idw, shortID(e.Short), width, shown(e.Type), minute(e.Created), shown(e.Title), statusMark(e.Status))
	}
}

func runGet(c *cli.Context, now func() time.Time) error {
	if c.NArg() == 0 {
		return usageErrorf("get: which memories? (cortex get ID…; cortex search finds ids)")
	}
	r, err := openRecall(c, now, false)
	if err != nil {
		return err
	}
	defer r.Close()
	docs, err := r.Get(c.Context, c.Args().Slice()...)
	if err != nil {
		return recallError(err)
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, docs)
	}
	cal, _ := vault.LoadCalibration(r.Layout().Root)
	printDocuments(c.App.Writer, docs, cal)
	return nil
}

// printDocuments writes the files as they are but for their control
// characters, which are escaped (doc.EscapeControls: the stored bytes
// stay), each after a "==> path <== (provenance)" line, as head and tail
// separate files, which says where the note comes from: whoever reads it,
// a person or an agent through its shell, weighs it by its source. A nil
// cal is the built-in calibration.
func printDocuments(w io.Writer, docs []mind.Document, cal *vault.Calibration) {
	for i, d := range docs {
		if i > 0 {
			fmt.Fprintln(w)
		}
		p := mind.ProvenanceOf("", "", cal)
		if d.Doc != nil {
			p = mind.ProvenanceOf(d.Doc.Bucket, d.Doc.Attribution, cal)
		}
		content := doc.EscapeControls(d.Content)
		fmt.Fprintf(w, "==> %s <== (%s)\n%s", doc.EscapeControls(d.Path), p, content)
		if !strings.HasSuffix(content, "\n") {
			fmt.Fprintln(w)
		}
	}
}

// writeJSON writes v as indented JSON with no control character raw
// (doc.EscapeJSONControls): memory text in it reaches a terminal.
func writeJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(doc.EscapeJSONControls(b.Bytes()))
	return err
}
