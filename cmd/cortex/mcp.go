package main

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/mcp"
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
				return usageErrorf("mcp takes no arguments (got %q)", c.Args().First())
			}
			var level slog.Level
			if err := level.UnmarshalText([]byte(c.String("log-level"))); err != nil {
				return usageErrorf("mcp: --log-level %q: want debug, info, warn or error", c.String("log-level"))
			}
			l, err := obsLayout(c)
			if err != nil {
				return err
			}
			// A server registered in the wrong folder would answer "nothing
			// found" forever and create observer/ on the first save: refuse
			// to start, where the agent's MCP panel shows the reason.
			if !isVault(l.Root) {
				return fmt.Errorf("mcp: %s is not a vault (no taxonomy.yml or observer/): run cortex init there, or give --vault", l.Root)
			}
			log := slog.New(slog.NewTextHandler(c.App.ErrWriter, &slog.HandlerOptions{Level: level}))
			s := mcpserver.New(l, mcpserver.Options{Logger: log, Version: version()})
			// The protocol owns the process's real stdin and stdout, whatever
			// the app's writers are.
			return s.Run(c.Context, &mcp.StdioTransport{})
		},
	}
}

// isVault reports whether dir holds a vault's marks.
func isVault(dir string) bool {
	for _, name := range []string{doc.TaxonomyFile, "observer"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}

// version is the module version the binary was built from.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "devel"
}
