package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/hooks"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		var cmds []*cli.Command
		for _, a := range hooks.Agents() {
			cmds = append(cmds, agentCommand(a))
		}
		return cmds
	})
}

// agentTitle names each agent and its files as its own documentation does.
func agentTitle(agent string) (name, project, user string) {
	switch agent {
	case hooks.AgentCursor:
		return "Cursor", ".cursor/mcp.json", "~/.cursor/mcp.json"
	case hooks.AgentCodex:
		return "Codex", ".codex/config.toml", "~/.codex/config.toml (or $CODEX_HOME/config.toml)"
	}
	return "Gemini CLI", ".gemini/settings.json", "~/.gemini/settings.json"
}

// agentCommand is `cortex cursor|codex|gemini install|uninstall`: Cortex's
// MCP server in that agent's own configuration, as claude install does it
// for Claude Code.
func agentCommand(agent string) *cli.Command {
	name, project, user := agentTitle(agent)
	flags := func() []cli.Flag {
		return []cli.Flag{
			&cli.StringFlag{Name: "scope", Value: hooks.ClaudeScopeProject, Usage: fmt.Sprintf("`project` (%s in the project) or user (%s)", project, user)},
			&cli.StringFlag{Name: "project", Usage: "the project's top `DIR` (default: the top of the git work tree holding this folder, else this folder)"},
			&cli.BoolFlag{Name: "dry-run", Usage: "print the changes as a diff and write nothing"},
			&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"},
		}
	}
	vaultNote := "the vault is named through ${workspaceFolder}, which Cursor expands, so the entry works from any folder of the project"
	if agent != hooks.AgentCursor {
		vaultNote = name + " starts the server in the folder it runs in and expands no project variable: the entry names no vault when the server finds the project's vault by itself from any folder of it, else the vault's absolute path"
	}
	return &cli.Command{
		Name:  agent,
		Usage: fmt.Sprintf("give %s Cortex's MCP server (install, uninstall)", name),
		Subcommands: []*cli.Command{
			{
				Name:  "install",
				Usage: fmt.Sprintf("add Cortex's MCP server to %s's configuration", name),
				Description: fmt.Sprintf(`Merges the MCP server "cortex" (cortex mcp) into %s (--scope project, the
default; user: %s). Every other key, entry and comment stays as it was, in its
order, and the file keeps its layout. An entry already Cortex's is updated
in place: installing again changes nothing. For the project scope, %s.
--dry-run prints the diff instead of writing.`, project, user, vaultNote),
				Flags: append(flags(), obsVaultFlag(),
					&cli.StringFlag{Name: "binary", Usage: "the cortex `COMMAND` the entry runs (default: cortex, or this binary when cortex on PATH is another)"}),
				Action: func(c *cli.Context) error {
					cmd := agent + " install"
					opts, err := claudeOptions(c, cmd)
					if err != nil {
						return err
					}
					if opts.Vault, err = installVault(c, opts, cmd); err != nil {
						return err
					}
					opts.Binary = c.String("binary")
					r, err := hooks.AgentInstall(agent, hooks.AgentOptions{ClaudeOptions: opts, Discoverable: discoverable(opts)})
					if err != nil {
						return err
					}
					return printClaudeResult(c, r)
				},
			},
			{
				Name:  "uninstall",
				Usage: fmt.Sprintf("remove what cortex %s install added, and nothing else", agent),
				Description: fmt.Sprintf(`Removes the MCP server "cortex" from %s when its command is cortex mcp.
A file install created and left empty is deleted; a file that was there
before install is byte for byte what it was. --dry-run prints the diff
instead of writing.`, project),
				Flags: flags(),
				Action: func(c *cli.Context) error {
					opts, err := claudeOptions(c, agent+" uninstall")
					if err != nil {
						return err
					}
					r, err := hooks.AgentUninstall(agent, opts)
					if err != nil {
						return err
					}
					return printClaudeResult(c, r)
				},
			},
		},
	}
}

// discoverable reports whether cortex mcp, started anywhere in the
// project with no --vault, finds the vault install records (opts.Vault,
// relative to the project).
func discoverable(opts hooks.ClaudeOptions) bool {
	if opts.Vault == "" || filepath.IsAbs(opts.Vault) || opts.ProjectDir == "" {
		return opts.Vault == ""
	}
	want, err := filepath.EvalSymlinks(filepath.Join(opts.ProjectDir, filepath.FromSlash(opts.Vault)))
	if err != nil {
		return false
	}
	l, err := findVault(opts.ProjectDir)
	if err != nil {
		return false
	}
	got, err := filepath.EvalSymlinks(l.Root)
	return err == nil && got == want
}

// expandVaultArg expands the project variables an MCP client may leave
// unexpanded in --vault (${CLAUDE_PROJECT_DIR}, ${workspaceFolder}, with
// an optional :-default): from the environment when set, else as the top
// of the git work tree holding the working folder — the project the
// client was started in. Other ${VAR}s come from the environment.
func expandVaultArg(v string) (string, error) {
	if !strings.Contains(v, "${") {
		return v, nil
	}
	var projErr error
	out := os.Expand(v, func(name string) string {
		name, def, hasDef := strings.Cut(name, ":-")
		if val, ok := os.LookupEnv(name); ok && val != "" {
			return val
		}
		switch name {
		case "CLAUDE_PROJECT_DIR", "workspaceFolder":
			wd, err := os.Getwd()
			if err != nil {
				projErr = err
				return ""
			}
			if repo, err := hooks.FindRepo(wd); err == nil {
				top := repo.WorkTree
				if p := vault.NestedIn(top); p != "" {
					top = p
				}
				return top
			}
			return wd
		}
		if hasDef {
			return def
		}
		return ""
	})
	if projErr != nil {
		return "", fmt.Errorf("--vault %s: %w", doc.Mention(v), projErr)
	}
	return out, nil
}
