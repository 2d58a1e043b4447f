package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"
)

// reorderArgs moves every flag of a command line before its arguments, as
// git and every Unix tool accept them (`cortex search git --json`, `cortex
// --vault DIR search x`): urfave/cli stops parsing flags at the first
// argument. The command (and sub-command) names stay in front, a flag
// keeps its value with it, and `--` still ends the flags: what follows it
// stays an argument. A line it cannot read (an unknown command) is left as
// it is, for the app's own error.
func reorderArgs(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	out := []string{args[0]}
	var flags, pos []string
	cmds := app.Commands
	var known []cli.Flag = app.Flags
	var leaf *cli.Command
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			pos = append(pos, rest[i:]...)
			i = len(rest)
		case len(a) > 2 && a[0] == '-' && a[1] != '-' && !strings.Contains(a, "=") && lookupFlag(known, a[1:]) == nil &&
			takesValue(a[:2], known, cmds):
			// -n1: a one-letter flag with its value attached, as getopt
			// reads it; the flag parser wants them apart.
			flags = append(flags, a[:2], a[2:])
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
			if !strings.Contains(a, "=") && takesValue(a, known, cmds) && i+1 < len(rest) {
				i++
				flags = append(flags, rest[i])
			}
		default:
			if len(pos) == 0 {
				if c := findCommand(cmds, a); c != nil {
					// App-level flags (--help, --version) stay before the
					// command only when there is no command; the command's
					// own flags go after its name.
					out = append(out, a)
					leaf, cmds, known = c, c.Subcommands, c.Flags
					continue
				}
			}
			pos = append(pos, a)
		}
	}
	if leaf == nil {
		return args
	}
	out = append(out, flags...)
	if len(pos) == 0 {
		return out
	}
	// One "--" before the arguments: the flag parser stops there, and an
	// argument that looks like a flag (given after the person's --) stays
	// an argument.
	out = append(out, "--")
	for _, p := range pos {
		if p != "--" {
			out = append(out, p)
		}
	}
	return out
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.Name == name {
			return c
		}
		for _, a := range c.Aliases {
			if a == name {
				return c
			}
		}
	}
	return nil
}

// takesValue reports whether the flag a (-x, --name) reads the next
// argument as its value: looked up in the flags known so far, else in
// every command's flags below (`cortex --vault DIR search x`, before the
// command is known).
func takesValue(a string, known []cli.Flag, below []*cli.Command) bool {
	name := strings.TrimLeft(a, "-")
	if f := lookupFlag(known, name); f != nil {
		return flagTakesValue(f)
	}
	var walk func([]*cli.Command) bool
	walk = func(cmds []*cli.Command) bool {
		for _, c := range cmds {
			if f := lookupFlag(c.Flags, name); f != nil {
				return flagTakesValue(f)
			}
			if walk(c.Subcommands) {
				return true
			}
		}
		return false
	}
	return walk(below)
}

func lookupFlag(flags []cli.Flag, name string) cli.Flag {
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return f
			}
		}
	}
	return nil
}

func flagTakesValue(f cli.Flag) bool {
	if d, ok := f.(cli.DocGenerationFlag); ok {
		return d.TakesValue()
	}
	return false
}

// version is what `cortex --version` and the MCP server's initialize answer
// report: the module version the binary was built from and the VCS
// revision it was built at (with "+dirty" when the work tree had changes).
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return buildVersion(bi)
}

func buildVersion(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		return fmt.Sprintf("%s (revision %s%s)", v, rev, modified)
	}
	return v
}
