// Command cortex is the command line face of the Cortex memory vault: flags
// in, one call into a package, output out. No rule lives here.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
)

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// exitError carries an exit status other than 1 (2 for usage mistakes) or a
// failure already reported on stderr.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageErrorf reports a usage mistake: exit status 2.
func usageErrorf(format string, args ...any) error {
	return &exitError{code: 2, err: fmt.Errorf(format, args...)}
}

// run executes the command line args and returns the process exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &countingWriter{w: stdout}
	app := newApp(stdin, out, stderr)
	err := app.Run(reorderArgs(app, args))
	// The index is derived from the working tree: a page of it damaged
	// past what opening it reads (a kill -9 on a disk that reorders
	// writes) is rebuilt and the command run again, once, if it printed
	// nothing yet: a command reads the index before it writes, and what
	// the memorizer did before is not done twice (it ingests a line once).
	if index.IsCorrupt(err) && out.n == 0 {
		if l, ok := app.Metadata[vaultKey].(vault.Layout); ok {
			fmt.Fprintf(stderr, "cortex: warning: the index is damaged (%v); rebuilding it from the working tree\n", err)
			if rerr := index.Rebuild(context.Background(), l, index.RebuildOptions{}); rerr != nil {
				err = fmt.Errorf("%w (and the rebuild failed: %v)", err, rerr)
			} else {
				app = newApp(stdin, out, stderr)
				err = app.Run(reorderArgs(app, args))
			}
		}
	}
	if err == nil {
		return 0
	}
	code := 1
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
		if ee.err == nil {
			return code
		}
	}
	fmt.Fprintf(stderr, "cortex: %s\n", cutEchoes(err.Error(), args[1:]))
	return code
}

// vaultKey is where a command leaves, in its App's Metadata, the vault it
// works on (obsLayout), for run to rebuild a damaged index.
const vaultKey = "vault"

// countingWriter counts what a command wrote.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// cutEchoes shows each word of the command line that msg repeats whole,
// when it is long or not plain, as doc.Mention does: the messages of
// urfave/cli (a flag's value that does not parse) quote the value whole,
// and they are not ours to word. Cortex's own messages cut their echoes
// where they are made.
func cutEchoes(msg string, args []string) string {
	for _, a := range args {
		words := []string{a}
		if _, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(a, "-") {
			words = append(words, v)
		}
		for _, w := range words {
			if doc.Mention(w) == w {
				continue
			}
			msg = strings.ReplaceAll(msg, strconv.Quote(w), doc.Excerpt(w))
			msg = strings.ReplaceAll(msg, w, doc.Mention(w))
		}
	}
	return msg
}

func init() {
	// --version only: -v is process's --verbose.
	cli.VersionFlag = &cli.BoolFlag{Name: "version", Usage: "print the version (module version and VCS revision)"}
	cli.VersionPrinter = func(c *cli.Context) { fmt.Fprintf(c.App.Writer, "cortex %s\n", c.App.Version) }
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:                 "cortex",
		Usage:                "a git-native memory vault for AI agents and their people",
		Reader:               stdin,
		Writer:               stdout,
		ErrWriter:            stderr,
		Version:              version(),
		EnableBashCompletion: false,
		// Errors are printed once, by run, as "cortex: …".
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return &exitError{code: 2, err: err}
		},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return usageErrorf("unknown command %s (see cortex help)", doc.Excerpt(c.Args().First()))
			}
			return cli.ShowAppHelp(c)
		},
	}
	for _, group := range commandGroups {
		app.Commands = append(app.Commands, group()...)
	}
	sortForHelp(app.Commands)
	setUsageErrors(app.Commands)
	return app
}

// helpOrder is the order `cortex help` lists commands in: a newcomer's day
// first (make a vault, write, memorize, find), then the agents, the curator,
// sync and upkeep. The groups register in file order, which is no order.
var helpOrder = []string{
	"demo", "init", "write", "observe", "process", "search", "timeline", "get", "context", "status",
	"claude", "cursor", "codex", "gemini", "agents-md", "mcp",
	"daemon", "sync", "maintain", "restore", "promote", "rules", "conflicts", "resolve-conflict", "quarantine",
	"doctor", "validate", "rebuild-index", "graph", "hooks", "hook", "merge-driver",
}

// sortForHelp puts cmds in helpOrder; a command it does not name keeps its
// place after those it does.
func sortForHelp(cmds []*cli.Command) {
	rank := func(name string) int {
		if i := slices.Index(helpOrder, name); i >= 0 {
			return i
		}
		return len(helpOrder)
	}
	slices.SortStableFunc(cmds, func(a, b *cli.Command) int { return rank(a.Name) - rank(b.Name) })
}

// commandGroups lists the constructors of every command group; each file of
// this package adds its own in an init function.
var commandGroups []func() []*cli.Command

// setUsageErrors makes a bad flag on any command exit 2, like the app's own.
func setUsageErrors(cmds []*cli.Command) {
	for _, c := range cmds {
		if c.OnUsageError == nil {
			c.OnUsageError = func(_ *cli.Context, err error, _ bool) error {
				return &exitError{code: 2, err: err}
			}
		}
		setUsageErrors(c.Subcommands)
	}
}
