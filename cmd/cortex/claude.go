package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/hooks"
	"github.com/cortex-vault/cortex/mind"
	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		return []*cli.Command{claudeCommand(time.Now)}
	})
}

// debugEnv turns on the hooks' log on stderr: a hook answers nothing when
// anything fails, and this says why.
const debugEnv = "CORTEX_DEBUG"

func claudeCommand(now func() time.Time) *cli.Command {
	return &cli.Command{
		Name:  "claude",
		Usage: "Claude Code integration: hooks that push memory into sessions and sub-agents, and their install",
		Description: `cortex claude install merges Cortex's hooks into Claude Code's settings and
its MCP server into the MCP file; Claude Code then runs cortex claude hook
when a session or a sub-agent starts, and the memory block (cortex context)
is added to its context. cortex claude uninstall removes exactly what
install added.`,
		Subcommands: []*cli.Command{claudeHookCommand(now), claudeInstallCommand(), claudeUninstallCommand()},
	}
}

func claudeHookCommand(now func() time.Time) *cli.Command {
	var events []*cli.Command
	for _, name := range hooks.ClaudeEventNames() {
		event, _ := hooks.ClaudeEvent(name)
		flags := []cli.Flag{
			&cli.StringFlag{Name: "vault", Usage: "the vault `DIR` (relative: to the project's top folder)"},
			&cli.DurationFlag{Name: "timeout", Value: hooks.DefaultClaudeTimeout, Usage: "give up and answer nothing after `DURATION`"},
		}
		if event == hooks.ClaudeStop {
			flags = append(flags, &cli.BoolFlag{Name: "summary", Usage: "append a summary of the turn to the buffer"})
		}
		events = append(events, &cli.Command{
			Name:  name,
			Usage: "answer Claude Code's " + event + " hook",
			Flags: flags,
			// A hook must exit 0 whatever it is given: Claude Code treats
			// exit status 2 of a Stop hook as "keep going".
			OnUsageError: func(c *cli.Context, err error, _ bool) error {
				fmt.Fprintf(c.App.ErrWriter, "cortex: claude hook %s: %v\n", name, err)
				return nil
			},
			Action: func(c *cli.Context) error {
				runClaudeHook(c, event, now)
				return nil
			},
		})
	}
	return &cli.Command{
		Name:      "hook",
		Usage:     "answer a Claude Code hook (Claude Code runs this)",
		ArgsUsage: strings.Join(hooks.ClaudeEventNames(), "|"),
		Description: `Reads the hook's JSON payload on stdin, as Claude Code writes it.

  session-start    (SessionStart: startup, resume, clear, compact) and
  subagent-start   (SubagentStart) answer
                   {"hookSpecificOutput":{"hookEventName":…,"additionalContext":…}}
                   with the memory block of cortex context for the session
                   (session_id) and the sub-agent (agent_id, agent_type);
                   nothing when the block has no memory in it.
  stop             (Stop) does nothing, unless --summary: then the turn's
                   final answer (last_assistant_message, else the transcript)
                   is appended to the buffer as an ambient event memory, with
                   the last prompt as its context and the edited files.

The vault: --vault (relative to the project, CLAUDE_PROJECT_DIR), else
CORTEX_VAULT, else the nearest vault from the session's folder (cwd) up.

A memory tool must never break the agent's session: with no vault, a bad
payload, a broken index, a panic or past --timeout, the hook prints nothing
and exits 0. Set CORTEX_DEBUG=1 to see why on stderr.`,
		Subcommands: events,
		Action: func(c *cli.Context) error {
			// Exit 0 here too: a hook entry naming no event, or one this
			// version does not know, must not break the session.
			if c.Args().Present() {
				fmt.Fprintf(c.App.ErrWriter, "cortex: claude hook: unknown event %q (%s)\n", c.Args().First(), strings.Join(hooks.ClaudeEventNames(), ", "))
				return nil
			}
			fmt.Fprintf(c.App.ErrWriter, "cortex: claude hook: give an event (%s)\n", strings.Join(hooks.ClaudeEventNames(), ", "))
			return nil
		},
	}
}

// runClaudeHook answers one hook call; every failure is reported on stderr
// only under CORTEX_DEBUG (a mistake in the command line always), and the
// exit status is 0.
func runClaudeHook(c *cli.Context, event string, now func() time.Time) {
	stderr := c.App.ErrWriter
	debug := os.Getenv(debugEnv) != ""
	if c.Args().Present() {
		fmt.Fprintf(stderr, "cortex: claude hook %s: takes no arguments, got %s\n", c.Command.Name, doc.Excerpt(c.Args().First()))
		return
	}
	logw := io.Discard
	if debug {
		logw = stderr
	}
	log := slog.New(slog.NewTextHandler(logw, &slog.HandlerOptions{Level: slog.LevelWarn}))
	named := c.String("vault")
	h := hooks.ClaudeHook{
		Event:   event,
		Timeout: c.Duration("timeout"),
		Context: func(ctx context.Context, in hooks.ClaudeInput) (string, error) {
			return claudeContext(ctx, in, named, log, now)
		},
	}
	if c.Bool("summary") {
		h.Stop = func(ctx context.Context, in hooks.ClaudeInput) error {
			return claudeSummary(ctx, in, named, now)
		}
	}
	if err := h.Run(c.Context, c.App.Reader, c.App.Writer); err != nil && debug {
		fmt.Fprintf(stderr, "cortex: %v\n", err)
	}
}

// claudeVault finds the session's vault (hooks.FindClaudeVault), the
// payload's cwd defaulting to the hook's own folder.
func claudeVault(in hooks.ClaudeInput, named string) (vault.Layout, error) {
	if in.CWD == "" {
		if wd, err := os.Getwd(); err == nil {
			in.CWD = wd
		}
	}
	return hooks.FindClaudeVault(in, named, os.Getenv)
}

// claudeContext is the text a starting session or sub-agent gets: the push
// block, or "" when there is no vault or the block has no memory in it.
func claudeContext(ctx context.Context, in hooks.ClaudeInput, named string, log *slog.Logger, now func() time.Time) (string, error) {
	l, err := claudeVault(in, named)
	if errors.Is(err, hooks.ErrNoClaudeVault) {
		log.Warn(err.Error()) // on stderr under CORTEX_DEBUG only
		return "", nil
	}
	if err != nil {
		return "", err
	}
	r, err := mind.Open(ctx, l, mind.Options{Logger: log, Now: now, WorkDir: in.CWD, ReadMapped: true})
	if err != nil {
		return "", err
	}
	defer r.Close()
	blk, err := r.Context(ctx, mind.ContextRequest{
		SessionID: in.SessionID,
		Agent:     in.AgentID,
		AgentType: in.AgentType,
		Task:      in.Prompt,
	})
	if err != nil {
		return "", err
	}
	for _, s := range blk.Stages {
		if len(s.Entries) > 0 {
			return blk.Text, nil
		}
	}
	return "", nil
}

// claudeSummary appends the ended turn's summary to the buffer: one ambient
// event (seed 002's session summary: the answer as the body, the request as
// its context, the edited files), attributed to the agent.
func claudeSummary(ctx context.Context, in hooks.ClaudeInput, named string, now func() time.Time) error {
	sum, err := hooks.SummarizeClaudeTurn(in)
	if sum.Completed == "" {
		return err // nothing to record (err says why, when there is a why)
	}
	l, err := claudeVault(in, named)
	if errors.Is(err, hooks.ErrNoClaudeVault) {
		return nil
	}
	if err != nil {
		return err
	}
	tx, err := doc.LoadTaxonomy(l.Root)
	if err != nil {
		return err
	}
	attribution := in.AgentName()
	if attribution == "" {
		attribution = "claude-code"
	}
	o := observer.Observation{
		Timestamp:   now(),
		Bucket:      observer.BucketAmbient,
		Type:        "event",
		Body:        sum.Completed,
		Attribution: attribution,
		SessionID:   in.SessionID,
		Tags:        []string{"session-summary"},
		Files:       sum.FilesEdited,
	}
	if sum.Request != "" {
		o.Context = "Request: " + sum.Request
	}
	// Validate cuts the body and context to their caps at a word; its
	// warnings say only that.
	if _, err := o.Validate(tx); err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	return observer.AppendObservations(ctx, l, o)
}

func claudeScopeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "scope", Value: hooks.ClaudeScopeProject, Usage: "`project` (.claude/settings.json and .mcp.json in the project) or user (~/.claude/settings.json and ~/.claude.json)"},
		&cli.StringFlag{Name: "project", Usage: "the project's top `DIR` (default: the top of the git work tree holding this folder, else this folder)"},
		&cli.BoolFlag{Name: "dry-run", Usage: "print the changes as a diff and write nothing"},
		&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"},
	}
}

func claudeInstallCommand() *cli.Command {
	return &cli.Command{
		Name:  "install",
		Usage: "add Cortex's hooks to Claude Code's settings and its MCP server to the MCP file",
		Description: `Merges into .claude/settings.json (--scope project, the default; user:
~/.claude/settings.json) the hook entries

  SessionStart   matcher startup|resume|clear|compact   cortex claude hook session-start
  SubagentStart  matcher *                              cortex claude hook subagent-start
  Stop           (only with --summary)                  cortex claude hook stop --summary

and into .mcp.json (user: the mcpServers of ~/.claude.json) the server
"cortex": {"command": "cortex", "args": ["mcp"]}. Every other key and entry
stays as it was, in its order, and the file keeps its layout. Entries
already Cortex's are updated in place: installing again changes nothing.
The command is plain cortex when that is the cortex on PATH, else this
binary's path. --dry-run prints the diff instead of writing.

The vault: --vault, else the vault holding this folder. For the project
scope it is recorded (relative to the project) unless the project is in
it; for the user scope only when --vault is given — without it every
session uses the vault found from its own folder.`,
		Flags: append(claudeScopeFlags(),
			obsVaultFlag(),
			&cli.BoolFlag{Name: "summary", Usage: "also install the Stop hook, which records a summary of each turn"},
			&cli.StringFlag{Name: "binary", Usage: "the cortex `COMMAND` the entries run (default: cortex, or this binary when cortex on PATH is another)"},
		),
		Action: func(c *cli.Context) error {
			opts, err := claudeOptions(c, "claude install")
			if err != nil {
				return err
			}
			if opts.Vault, err = claudeInstallVault(c, opts); err != nil {
				return err
			}
			opts.Summary = c.Bool("summary")
			opts.Binary = c.String("binary")
			r, err := hooks.ClaudeInstall(opts)
			if err != nil {
				return err
			}
			if opts.Vault == "" && opts.Scope == hooks.ClaudeScopeUser {
				r.Notes = append(r.Notes, "no vault recorded: each session uses CORTEX_VAULT, else the vault found from its folder up (give --vault for one vault everywhere)")
			}
			return printClaudeResult(c, r)
		},
	}
}

func claudeUninstallCommand() *cli.Command {
	return &cli.Command{
		Name:  "uninstall",
		Usage: "remove what cortex claude install added, and nothing else",
		Description: `Removes the hook entries whose command is cortex claude hook … and the MCP
server "cortex" when its command is cortex mcp. A matcher group or an event
list left empty goes too, and a file left as {} is deleted. --dry-run
prints the diff instead of writing.`,
		Flags: claudeScopeFlags(),
		Action: func(c *cli.Context) error {
			opts, err := claudeOptions(c, "claude uninstall")
			if err != nil {
				return err
			}
			r, err := hooks.ClaudeUninstall(opts)
			if err != nil {
				return err
			}
			return printClaudeResult(c, r)
		},
	}
}

// claudeOptions reads the flags install and uninstall share.
func claudeOptions(c *cli.Context, cmd string) (hooks.ClaudeOptions, error) {
	var opts hooks.ClaudeOptions
	if c.Args().Present() {
		return opts, usageErrorf("%s: takes no arguments, got %s", cmd, doc.Excerpt(c.Args().First()))
	}
	opts.Scope = c.String("scope")
	if opts.Scope != hooks.ClaudeScopeProject && opts.Scope != hooks.ClaudeScopeUser {
		return opts, usageErrorf("%s: --scope %s: use project or user", cmd, doc.Excerpt(opts.Scope))
	}
	if c.IsSet("project") && opts.Scope == hooks.ClaudeScopeUser {
		return opts, usageErrorf("%s: --project is for --scope project", cmd)
	}
	opts.DryRun = c.Bool("dry-run")
	// The files install created are listed here, so uninstall deletes
	// only those (a file a person made is never deleted).
	if dir, err := os.UserConfigDir(); err == nil {
		opts.Record = filepath.Join(dir, "cortex", "claude-created")
	}
	if opts.Scope == hooks.ClaudeScopeUser {
		return opts, nil
	}
	dir := c.String("project")
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return opts, fmt.Errorf("working folder: %w", err)
		}
		dir = wd
		if repo, err := hooks.FindRepo(wd); err == nil {
			dir = repo.WorkTree
			if p := vault.NestedIn(dir); p != "" {
				dir = p // a vault with its own repository inside the project
			}
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return opts, fmt.Errorf("--project %s: %w", doc.Mention(dir), err)
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return opts, fmt.Errorf("--project %s: not a folder", doc.Mention(dir))
	}
	opts.ProjectDir = abs
	return opts, nil
}

// claudeInstallVault returns the vault to record in the entries: relative
// to the project when inside it, "" when sessions find it by themselves
// (the project is in the vault, or no --vault for the user scope).
func claudeInstallVault(c *cli.Context, opts hooks.ClaudeOptions) (string, error) {
	return installVault(c, opts, "claude install")
}

// installVault is claudeInstallVault for the install command name.
func installVault(c *cli.Context, opts hooks.ClaudeOptions, name string) (string, error) {
	if opts.Scope == hooks.ClaudeScopeUser && !c.IsSet("vault") {
		return "", nil
	}
	l, err := obsLayout(c)
	var nv *noVaultError
	if errors.As(err, &nv) {
		l, err = vault.Layout{Root: nv.dir}, nil // said below, for install's case
	}
	if c.IsSet("project") && !c.IsSet("vault") {
		l, err = vault.Find(opts.ProjectDir) // the project's vault, wherever install runs
	}
	if err != nil {
		return "", err
	}
	if ok, err := vault.IsVault(l.Root); err != nil {
		return "", err
	} else if !ok && !c.IsSet("vault") {
		// Not in a vault: a project's own vault, in a subfolder, is the
		// one its pre-commit hook checks.
		vs, err := hooks.RepoVaults(l.Root)
		if err != nil {
			return "", err
		}
		switch len(vs) {
		case 0:
		case 1:
			l, ok = vault.Layout{Root: vs[0]}, true
		default:
			return "", usageErrorf("%s: this repository has %d vaults (%s): name one with --vault", name, len(vs), strings.Join(vs, ", "))
		}
		if !ok {
			return "", fmt.Errorf("%s: no vault in %s or above it: run cortex init (inside a project: cortex init docs/memory, say), or give --vault", name, l.Root)
		}
	} else if !ok {
		return "", fmt.Errorf("%s: --vault %s is not a vault: run cortex init there first", name, l.Root)
	}
	root, err := filepath.EvalSymlinks(l.Root)
	if err != nil {
		return "", err
	}
	if opts.Scope == hooks.ClaudeScopeUser {
		return root, nil
	}
	project, err := filepath.EvalSymlinks(opts.ProjectDir)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(root, project)
	if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", nil // the project is in the vault: found from the session's folder up
	}
	if rel, err := filepath.Rel(project, root); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel), nil
	}
	// In a linked worktree the project's vault is in the main work tree:
	// named relative to the project, as an install there names it, the
	// entries are the same in every worktree and free of this machine's
	// paths; a session in any worktree finds it (vault.InMainWorkTree).
	if rel, ok := vault.TwinRel(project, root); ok {
		return filepath.ToSlash(rel), nil
	}
	return root, nil
}

func printClaudeResult(c *cli.Context, r *hooks.ClaudeResult) error {
	if c.Bool("json") {
		return writeJSON(c.App.Writer, r)
	}
	w := c.App.Writer
	for _, n := range r.Notes {
		fmt.Fprintf(c.App.ErrWriter, "cortex: note: %s\n", n)
	}
	for _, f := range r.Files {
		for _, n := range f.Notes {
			fmt.Fprintf(c.App.ErrWriter, "cortex: note: %s: %s\n", f.Path, n)
		}
		if r.DryRun {
			io.WriteString(w, f.Diff)
			continue
		}
		switch f.Op {
		case hooks.ClaudeUnchanged:
			fmt.Fprintf(w, "%s: already as it should be\n", f.Path)
		case hooks.ClaudeAbsent:
			fmt.Fprintf(w, "%s: no such file, nothing to remove\n", f.Path)
		default:
			fmt.Fprintf(w, "%s %s: %s\n", f.Op, f.Path, strings.Join(f.Changes, ", "))
		}
	}
	return nil
}
