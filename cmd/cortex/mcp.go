package main

import (
	"log/slog"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/mcpserver"
	"github.com/cortex-vault/cortex/vault/doc"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		return []*cli.Command{mcpCommand()}
	})
}

// mcpCommand is `cortex mcp`: the vault's MCP server on stdin and stdout.
func mcpCommand() *cli.Command {
	return &cli.Command{
		Name:  "mcp",
		Usage: "serve the vault to an agent over MCP (stdio): save, search, timeline, details, resolve, context",
		Description: `Runs an MCP server on stdin and stdout for one client (an agent such as Claude
Code starts it as a subprocess). Tools: save_observation, search_observations,
get_timeline, get_details, resolve_observation, get_context. Logs go to
stderr only; stdout carries the protocol.

Register it in a project's .mcp.json (cortex claude install does it):

  {"mcpServers": {"cortex": {"command": "cortex", "args": ["mcp", "--vault", "docs/memory"]}}}`,
		Flags: []cli.Flag{
			obsVaultFlag(),
			&cli.StringFlag{Name: "log-level", Value: "warn", Usage: "`LEVEL` of the logs on stderr: debug, info, warn, error"},
		},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return usageErrorf("mcp takes no arguments (got %s)", doc.Excerpt(c.Args().First()))
			}
			var level slog.Level
			if err := level.UnmarshalText([]byte(c.String("log-level"))); err != nil {
				return usageErrorf("mcp: --log-level %s: want debug, info, warn or error", doc.Excerpt(c.String("log-level")))
			}
			// A client that does not expand ${CLAUDE_PROJECT_DIR} or
			// ${workspaceFolder} in its configuration still finds the vault.
			if v := c.String("vault"); strings.Contains(v, "${") {
				expanded, err := expandVaultArg(v)
				if err != nil {
					return err
				}
				if err := c.Set("vault", expanded); err != nil {
					return err
				}
			}
			l, err := obsLayout(c)
			if err != nil {
				return err
			}
			// obsLayout refused a folder that is not a vault: a server
			// registered in the wrong folder would answer "nothing found"
			// forever and create observer/ on the first save.
			log := slog.New(slog.NewTextHandler(c.App.ErrWriter, &slog.HandlerOptions{Level: level}))
			s := mcpserver.New(l, mcpserver.Options{Logger: log, Version: version()})
			// The protocol owns the process's real stdin and stdout, whatever
			// the app's writers are; the frame layer answers a bad frame
			// instead of ending the session.
			return s.Run(c.Context, &mcpserver.Frames{In: os.Stdin, Out: os.Stdout})
		},
	}
}
