package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/hooks"
	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		return observeCommands(time.Now)
	})
}

// observeCommands returns `observe` (agents: the full schema, from flags or
// JSON lines) and `write` (people: a type and a body). now is the clock for
// default timestamps.
func observeCommands(now func() time.Time) []*cli.Command {
	return []*cli.Command{observeCommand(now), writeCommand(now)}
}

// multiValue is a repeatable flag that keeps each value whole. urfave's
// slice flags split on commas, which would cut a path, an entity name or a
// link in two.
type multiValue []string

func (m *multiValue) Set(s string) error { *m = append(*m, s); return nil }

func (m *multiValue) String() string {
	if m == nil {
		return ""
	}
	return strings.Join(*m, ", ")
}

func repeatFlag(name, usage string) (*multiValue, cli.Flag) {
	v := &multiValue{}
	return v, &cli.GenericFlag{Name: name, Usage: usage + " (repeatable)", Value: v}
}

func obsVaultFlag() cli.Flag {
	return &cli.StringFlag{Name: "vault", EnvVars: []string{"CORTEX_VAULT"},
		Usage: "the vault `DIR` (default: the nearest folder up from here with taxonomy.yml or observer/, else the vault cortex init made in this git repository)"}
}

// noVaultError is the answer of a command run outside any vault: it
// creates nothing and says how to start.
type noVaultError struct{ dir string }

func (e *noVaultError) Error() string {
	return fmt.Sprintf("no vault in %s or above it: run `cortex init` to make one (inside a project: cortex init docs/memory), or name one with --vault DIR or CORTEX_VAULT", e.dir)
}

// obsLayout returns the vault named by --vault, else the one the working
// folder is in. A folder that is not a vault is an error: no command but
// init ever makes one by accident. So is a vault whose .cortex/, observer/
// or configuration is a link leading out of it (vault.Layout.CheckWalls):
// refused before anything is read or written.
func obsLayout(c *cli.Context) (vault.Layout, error) {
	l, err := namedLayout(c)
	if err != nil {
		return l, err
	}
	if err := l.CheckWalls(); err != nil {
		return vault.Layout{}, err
	}
	if c.App.Metadata == nil {
		c.App.Metadata = map[string]any{}
	}
	c.App.Metadata[vaultKey] = l
	return l, nil
}

// namedLayout is obsLayout before the walls are checked.
func namedLayout(c *cli.Context) (vault.Layout, error) {
	if dir := c.String("vault"); dir != "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return vault.Layout{}, fmt.Errorf("--vault %s: %w", doc.Mention(dir), err)
		}
		// A project's --vault memory, run in a linked worktree, is the
		// main work tree's vault.
		abs, _ = vault.InMainWorkTree(abs)
		fi, err := os.Stat(abs)
		if err != nil {
			return vault.Layout{}, fmt.Errorf("--vault %s: %w", doc.Mention(dir), errors.Unwrap(err))
		}
		if !fi.IsDir() {
			return vault.Layout{}, fmt.Errorf("--vault %s: not a folder", doc.Mention(dir))
		}
		if ok, err := vault.IsVault(abs); err != nil {
			return vault.Layout{}, fmt.Errorf("--vault %s: %w", doc.Mention(dir), err)
		} else if !ok {
			return vault.Layout{}, fmt.Errorf("--vault %s is not a vault (no taxonomy.yml or observer/): run `cortex init %s` to make it one", doc.Mention(dir), doc.Mention(dir))
		}
		return vault.Layout{Root: abs}, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return vault.Layout{}, fmt.Errorf("working folder: %w", err)
	}
	return findVault(wd)
}

// findVault is the vault a command run in wd works on: the nearest vault
// from wd up; else, in a project whose vault lives in a subfolder
// (docs/memory, say), the one vault cortex init recorded in the project's
// git (info/exclude, or the pre-commit hook of an --in-project vault);
// else a *noVaultError.
func findVault(wd string) (vault.Layout, error) {
	l, err := vault.Find(wd)
	if err != nil {
		return l, err
	}
	if ok, err := vault.IsVault(l.Root); err != nil || ok {
		return l, err
	}
	vaults, err := hooks.RepoVaults(wd)
	if err != nil {
		vaults = nil // the hook cannot be read: no recorded vault
	}
	switch len(vaults) {
	case 0:
		return vault.Layout{}, &noVaultError{dir: wd}
	case 1:
		return vault.Layout{Root: vaults[0]}, nil
	}
	return vault.Layout{}, fmt.Errorf("this repository has %d vaults (%s): give --vault or set CORTEX_VAULT", len(vaults), strings.Join(vaults, ", "))
}

// observeFlagNames maps observation fields to the flags of observe and write, so a
// refusal names what the person typed.
var observeFlagNames = map[string]string{
	"timestamp": "timestamp", "bucket": "bucket", "type": "type", "body": "body",
	"attribution": "attribution", "session_id": "session", "confidence": "confidence",
	"importance": "importance", "context": "context", "source_quote": "quote",
	"entities": "entity", "tags": "tag", "files": "file", "relates_to": "relates-to",
	"scope": "scope", "agent": "agent", "op": "op", "id": "id",
}

// flagMessage rewrites `field "x": msg` as `--flag: msg`.
func flagMessage(msg string, rename map[string]string) string {
	rest, ok := strings.CutPrefix(msg, `field "`)
	if !ok {
		return msg
	}
	field, tail, ok := strings.Cut(rest, `": `)
	if !ok {
		return msg
	}
	base, _, _ := strings.Cut(field, "[")
	name, known := rename[base]
	if !known {
		name, known = observeFlagNames[base]
	}
	if !known {
		return msg
	}
	return "--" + name + ": " + tail
}

// flagError names the flag a refused field came from. A flag's value the
// schema refuses (an unknown --type, --confidence 1.5) is a usage mistake:
// exit 2, as search's unknown --type.
func flagError(err error, rename map[string]string) error {
	var fe *observer.FieldError
	if errors.As(err, &fe) {
		return usageErrorf("%s", flagMessage(fe.Error(), rename))
	}
	return err
}

// printWarnings reports the cuts on stderr; rewrite names the flag where the
// text came from one.
func printWarnings(w io.Writer, warnings []string, rewrite func(string) string) {
	for _, s := range warnings {
		fmt.Fprintf(w, "cortex: warning: %s\n", rewrite(s))
	}
}

// appendObservations appends the validated observations in one append and,
// with --json, prints each canonical line.
func appendObservations(c *cli.Context, l vault.Layout, obs []observer.Observation) error {
	lines := make([][]byte, len(obs))
	for i, o := range obs {
		ln, err := o.Marshal()
		if err != nil {
			return err
		}
		lines[i] = ln
	}
	if err := observer.Append(c.Context, l, lines...); err != nil {
		return err
	}
	if c.Bool("json") {
		w := c.App.Writer
		for _, ln := range lines {
			if _, err := fmt.Fprintf(w, "%s\n", ln); err != nil {
				return err
			}
		}
	}
	return nil
}

func observeCommand(now func() time.Time) *cli.Command {
	entities, entityFlag := repeatFlag("entity", "an entity the observation is about, as `NAME:TYPE`")
	tags, tagFlag := repeatFlag("tag", "a `TAG` (Obsidian rules, without #)")
	files, fileFlag := repeatFlag("file", "a `PATH` the observation is about")
	relates, relatesFlag := repeatFlag("relates-to", "the `ID` or [[wikilink]] of a related memory")
	return &cli.Command{
		Name:      "observe",
		Usage:     "append an observation to the buffer (agents' path)",
		ArgsUsage: "[-]",
		Description: `Appends one observation given by flags, or one or more JSON lines read from
stdin (with - or --stdin, or when no flag is given and stdin is not a
terminal). Every line is checked against the observation schema first: one
invalid line and nothing is appended. Over-long text is cut at a word
boundary with a warning. On success it says on stderr what it queued
(--quiet: nothing; --json prints each appended line on stdout); the
daemon, or cortex process, memorizes what lands in the buffer.

  cortex observe --type decision --bucket explicit --attribution owner \
      --session "$SESSION_ID" --body "Use local git only" --entity owner:person
  echo '{"timestamp":"...","bucket":"ambient",...}' | cortex observe`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "type", Usage: "the memory `TYPE` (a type of taxonomy.yml)"},
			&cli.StringFlag{Name: "body", Usage: "the memory itself, `TEXT` of at most 500 characters"},
			&cli.StringFlag{Name: "bucket", Usage: "`BUCKET`: explicit (a person said it) or ambient (an agent noticed it)"},
			&cli.StringFlag{Name: "attribution", Usage: "`WHO` said or noticed it"},
			&cli.StringFlag{Name: "session", Usage: "the session `UUID`, or cli"},
			&cli.StringFlag{Name: "timestamp", Usage: "`WHEN`, RFC 3339", DefaultText: "now"},
			&cli.Float64Flag{Name: "confidence", Usage: "`N` from 0 to 1", DefaultText: "the bucket's"},
			&cli.Float64Flag{Name: "importance", Usage: "`N` from 0 to 1", DefaultText: "the bucket's"},
			&cli.StringFlag{Name: "context", Usage: "what was going on, `TEXT` of at most 1000 characters"},
			&cli.StringFlag{Name: "quote", Usage: "the words said, `TEXT` of at most 500 characters"},
			entityFlag, tagFlag, fileFlag, relatesFlag,
			&cli.StringFlag{Name: "scope", Usage: "`SCOPE`: global (default) or local (pushed only to --agent)"},
			&cli.StringFlag{Name: "agent", Usage: "the agent's `NAME`"},
			&cli.StringFlag{Name: "op", Usage: "`OP`: resolve, supersede or reinforce the document --id"},
			&cli.StringFlag{Name: "id", Usage: "the `ID` (or an 8+ character prefix) of the document --op acts on"},
			&cli.BoolFlag{Name: "stdin", Usage: "read JSON lines from stdin"},
			&cli.BoolFlag{Name: "json", Usage: "print each appended line on stdout"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print nothing on success"},
			obsVaultFlag(),
		},
		Action: func(c *cli.Context) error {
			fromStdin := c.Bool("stdin")
			switch {
			case c.NArg() == 1 && c.Args().First() == "-":
				fromStdin = true
			case c.NArg() > 0:
				return usageErrorf("observe: unexpected argument %s (flags only, or - for stdin)", doc.Excerpt(c.Args().First()))
			}
			var given []string
			for _, f := range c.Command.Flags {
				n := f.Names()[0]
				switch n {
				case "stdin", "json", "vault", "quiet":
				default:
					if c.IsSet(n) {
						given = append(given, n)
					}
				}
			}
			if fromStdin && len(given) > 0 {
				return usageErrorf("observe: --%s cannot be combined with JSON lines on stdin", given[0])
			}
			if !fromStdin && len(given) == 0 {
				if isTerminal(c.App.Reader) {
					return usageErrorf("observe: nothing to observe: give --type, --body, --bucket, --attribution and --session, or pipe JSON lines (see cortex observe --help)")
				}
				fromStdin = true
			}

			l, err := obsLayout(c)
			if err != nil {
				return err
			}
			tx, err := doc.LoadTaxonomy(l.Root)
			if err != nil {
				return err
			}

			if fromStdin {
				obs, warnings, err := observer.ParseLines(c.App.Reader, tx)
				var be *observer.BatchError
				if errors.As(err, &be) {
					for _, le := range be.Lines {
						fmt.Fprintf(c.App.ErrWriter, "cortex: %v\n", le)
					}
					if more := be.Invalid - len(be.Lines); more > 0 {
						fmt.Fprintf(c.App.ErrWriter, "cortex: and %d more invalid lines\n", more)
					}
					fmt.Fprintf(c.App.ErrWriter, "cortex: nothing appended\n")
					return &exitError{code: 1}
				}
				if err != nil {
					return fmt.Errorf("observe: stdin: %w", err)
				}
				if len(obs) == 0 {
					return errors.New("observe: no observation on stdin (one JSON object per line)")
				}
				printWarnings(c.App.ErrWriter, warnings, func(s string) string { return s })
				if err := appendObservations(c, l, obs); err != nil {
					return err
				}
				if !c.Bool("json") && !c.Bool("quiet") {
					fmt.Fprintf(c.App.ErrWriter, "queued %s in %s\n", count(int64(len(obs)), "observation", "observations"), bufferRel(l))
				}
				return nil
			}

			// Every missing required flag at once, not one per try; a
			// usage mistake, as write's missing --type.
			var missing []string
			for _, name := range []string{"type", "body", "bucket", "attribution", "session"} {
				if !c.IsSet(name) {
					missing = append(missing, "--"+name)
				}
			}
			if len(missing) > 0 {
				return usageErrorf("observe: missing %s (required: --type, --body, --bucket, --attribution, --session; or JSON lines on stdin)", strings.Join(missing, ", "))
			}
			o := observer.Observation{
				Bucket:      c.String("bucket"),
				Type:        c.String("type"),
				Body:        c.String("body"),
				Attribution: c.String("attribution"),
				SessionID:   c.String("session"),
				Context:     c.String("context"),
				SourceQuote: c.String("quote"),
				Tags:        *tags,
				Files:       *files,
				RelatesTo:   *relates,
				Scope:       c.String("scope"),
				Agent:       c.String("agent"),
				Op:          c.String("op"),
				ID:          c.String("id"),
			}
			if err := fillCommon(c, &o, now, *entities); err != nil {
				return err
			}
			if err := validateAndAppend(c, l, tx, &o, nil); err != nil {
				return err
			}
			if !c.Bool("json") && !c.Bool("quiet") {
				printQueued(c.App.ErrWriter, l, o)
			}
			return nil
		},
	}
}

// fillCommon sets the fields observe and write share: timestamp, scores and
// entities.
func fillCommon(c *cli.Context, o *observer.Observation, now func() time.Time, entities []string) error {
	o.Timestamp = now().UTC().Truncate(time.Millisecond)
	if c.IsSet("timestamp") {
		t, err := observer.ParseTimestamp(c.String("timestamp"))
		if err != nil {
			return usageErrorf("--timestamp: %w", err)
		}
		o.Timestamp = t
	}
	for _, name := range []string{"confidence", "importance"} {
		if c.IsSet(name) {
			v := c.Float64(name)
			if name == "confidence" {
				o.Confidence = &v
			} else {
				o.Importance = &v
			}
		}
	}
	for _, e := range entities {
		i := strings.LastIndex(e, ":")
		if i < 0 {
			return usageErrorf("--entity %s: want NAME:TYPE, such as \"Cortex:project\"", doc.Excerpt(e))
		}
		o.Entities = append(o.Entities, observer.Entity{Name: e[:i], Type: e[i+1:]})
	}
	return nil
}

// validateAndAppend checks o built from flags (normalizing it in place),
// reports cuts, and appends it.
func validateAndAppend(c *cli.Context, l vault.Layout, tx *doc.Taxonomy, o *observer.Observation, rename map[string]string) error {
	warnings, err := o.Validate(tx)
	if err != nil {
		return flagError(err, rename)
	}
	printWarnings(c.App.ErrWriter, warnings, func(s string) string { return flagMessage(s, rename) })
	return appendObservations(c, l, []observer.Observation{*o})
}

// isTerminal reports whether r is an interactive terminal: reading it would
// wait for someone to type.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func writeCommand(now func() time.Time) *cli.Command {
	entities, entityFlag := repeatFlag("entity", "an entity it is about, as `NAME:TYPE`")
	tags, tagFlag := repeatFlag("tag", "a `TAG` (Obsidian rules, without #)")
	rename := map[string]string{"attribution": "author"}
	return &cli.Command{
		Name:      "write",
		Usage:     "write a memory in a person's own words (bucket explicit)",
		ArgsUsage: "[TEXT]",
		Description: `The people's short form of observe: a type and a body, the body given
as --body TEXT or as the one argument (quoted): cortex write --type fact
"The API listens on 8443". Attribution comes from
--author, else git's user.name (the vault repository's config, then the
global one), else "system"; the session is "cli". The line is checked and
appended to the buffer; the daemon (or cortex process) memorizes it.

A person's text is never cut without consent: a body over 500 characters
(a context over 1000) is refused, nothing written, unless --truncate
accepts the cut. Longer text belongs in a note: a markdown file under
vault/ or mind/ with a type: line, completed by the pre-commit hook on
git commit.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "type", Usage: "the memory `TYPE` (a type of taxonomy.yml; required)"},
			&cli.StringFlag{Name: "body", Usage: "the memory, `TEXT` of at most 500 characters (required; see --truncate)"},
			&cli.StringFlag{Name: "author", Usage: "`WHO` says it (default: git user.name, else system)"},
			&cli.StringFlag{Name: "session", Value: observer.SessionCLI, Usage: "the session `UUID`"},
			&cli.StringFlag{Name: "timestamp", Usage: "`WHEN`, RFC 3339", DefaultText: "now"},
			&cli.Float64Flag{Name: "confidence", Usage: "`N` from 0 to 1", DefaultText: "the bucket's"},
			&cli.Float64Flag{Name: "importance", Usage: "`N` from 0 to 1", DefaultText: "the bucket's"},
			&cli.StringFlag{Name: "context", Usage: "what was going on, `TEXT` of at most 1000 characters"},
			entityFlag, tagFlag,
			&cli.BoolFlag{Name: "json", Usage: "print the appended line on stdout"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print nothing on success"},
			&cli.BoolFlag{Name: "truncate", Usage: "accept that a body over 500 characters (a context over 1000) is cut at a word boundary"},
			obsVaultFlag(),
		},
		Action: func(c *cli.Context) error {
			body, err := writeBody(c)
			if err != nil {
				return err
			}
			// Checked here, not by urfave's Required, which exits 1 and
			// prints the help on stdout.
			if !c.IsSet("type") {
				return usageErrorf("write: --type is required (cortex write --type TYPE TEXT)")
			}
			l, err := obsLayout(c)
			if err != nil {
				return err
			}
			tx, err := doc.LoadTaxonomy(l.Root)
			if err != nil {
				return err
			}
			author := c.String("author")
			if !c.IsSet("author") {
				name, err := gitstore.UserName(l.Root)
				if err != nil {
					return fmt.Errorf("write: %w (or give --author)", err)
				}
				author = name
				if author == "" {
					author = "system"
				}
			}
			o := observer.Observation{
				Bucket:      observer.BucketExplicit,
				Type:        c.String("type"),
				Body:        body,
				Attribution: author,
				SessionID:   c.String("session"),
				Context:     c.String("context"),
				Tags:        *tags,
			}
			if err := fillCommon(c, &o, now, *entities); err != nil {
				return err
			}
			if !c.Bool("truncate") {
				if err := refuseCut(o); err != nil {
					return err
				}
			}
			if err := validateAndAppend(c, l, tx, &o, rename); err != nil {
				return err
			}
			if !c.Bool("json") && !c.Bool("quiet") {
				printQueued(c.App.ErrWriter, l, o)
			}
			return nil
		},
	}
}

// printQueued tells a person what observe and write did: the line is in
// the buffer, waiting for the memorizer.
func printQueued(w io.Writer, l vault.Layout, o observer.Observation) {
	title, cut := doc.CutWords(o.Body, 60)
	if cut {
		title += "…"
	}
	fmt.Fprintf(w, "queued %s %q in %s\n", o.Type, title, bufferRel(l))
}

// bufferRel is the buffer's path from the vault's top.
func bufferRel(l vault.Layout) string {
	rel, err := filepath.Rel(l.Root, l.Buffer())
	if err != nil {
		return l.Buffer()
	}
	return filepath.ToSlash(rel)
}

// refuseCut refuses a person's text that the observation's limits would
// cut: cortex write never drops words silently (--truncate consents).
func refuseCut(o observer.Observation) error {
	for _, f := range []struct {
		flag, text string
		max        int
	}{{"body", o.Body, observer.MaxBody}, {"context", o.Context, observer.MaxContext}} {
		if n := utf8.RuneCountInString(strings.TrimSpace(f.text)); n > f.max {
			return fmt.Errorf("write: --%s is %d characters, over the %d a memory holds; nothing was written: keep longer text in a note (a markdown file under vault/ with a type: line, completed by git commit), or give --truncate to keep the first %d", f.flag, n, f.max, f.max)
		}
	}
	return nil
}

// writeBody is the body of a write: --body TEXT, or the one argument a
// person gives without the flag. Several arguments are a body the shell
// split (unquoted words: its globbing and quoting may already have changed
// them), so they are refused rather than joined.
func writeBody(c *cli.Context) (string, error) {
	switch {
	case c.NArg() > 1:
		return "", usageErrorf("write: %d arguments: quote the body as one (cortex write --type TYPE \"TEXT\")", c.NArg())
	case c.NArg() == 1 && c.IsSet("body"):
		return "", usageErrorf("write: the body twice, as --body and as the argument %s: give one", doc.Excerpt(c.Args().First()))
	case c.NArg() == 1:
		return c.Args().First(), nil
	case !c.IsSet("body"):
		return "", usageErrorf("write: a body is required (cortex write --type TYPE \"TEXT\", or --body TEXT)")
	}
	return c.String("body"), nil
}
