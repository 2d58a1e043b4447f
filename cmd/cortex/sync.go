package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
	"github.com/cortex-vault/cortex/vaultsync"
)

func init() { commandGroups = append(commandGroups, syncCommands) }

func syncCommands() []*cli.Command {
	return []*cli.Command{{
		Name:  "sync",
		Usage: "bring the remote's memories in and send ours out (git fetch, merge, push)",
		Description: `Fetches the vault's git remote (origin unless --remote), merges its branch
into the vault's by Cortex's rules (concurrent reinforcements add up, one
memory created on two machines becomes one document; see the README), and
pushes the result. git itself does the transport, so your ssh-agent,
~/.ssh/config and credential helpers apply as to git push.

It never force-pushes, never rewrites commits, never leaves a merge in
progress, and never touches what you changed and did not commit: a file
you are editing stays as it is (a sync that would have to change it stops
and says so). Offline, it says so in one line; nothing is lost and the
next sync catches up. A true conflict — a note's body edited on two
machines — is left to you: run git pull and resolve it as usual.`,
		Flags: []cli.Flag{
			obsVaultFlag(),
			&cli.StringFlag{Name: "remote", Value: "origin", Usage: "the git remote `NAME` (default: cortex.yml's sync.remote, else origin)"},
			&cli.BoolFlag{Name: "json", Usage: "print the report as JSON"},
		},
		Action: runSync,
	}}
}

func runSync(c *cli.Context) error {
	if c.Args().Present() {
		return usageErrorf("sync: takes no arguments, got %s", doc.Excerpt(c.Args().First()))
	}
	l, err := obsLayout(c)
	if err != nil {
		return err
	}
	remote := c.String("remote")
	if !c.IsSet("remote") {
		sc, err := vaultsync.LoadConfig(l)
		if err != nil {
			return err
		}
		remote = sc.Remote
	}
	log := personLog(c.App.ErrWriter, slog.LevelWarn, nil)
	// A sleep run or a memorizer killed half way left changed memories
	// that sync would take for a person's uncommitted work: settled first.
	if err := settleKilledRuns(c.Context, l, log, time.Now); err != nil {
		return err
	}
	rep, err := vaultsync.Sync(c.Context, l, vaultsync.Options{
		Remote:  remote,
		Logger:  log,
		Updated: func(ctx context.Context, rels []string) error { return updateIndex(ctx, l, rels) },
	})
	if err != nil {
		return err
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	fmt.Fprintln(c.App.Writer, rep.Summary())
	for _, p := range rep.Invalid {
		fmt.Fprintf(c.App.Writer, "%s: not a valid document (from the remote; see cortex validate %s)\n", p, p)
	}
	return nil
}

// updateIndex brings the index's rows of the paths a sync changed up to
// date (incrementally; the index is built when missing).
func updateIndex(ctx context.Context, l vault.Layout, rels []string) error {
	ix, err := index.Open(ctx, l, index.Options{})
	if err != nil {
		return err
	}
	defer ix.Close()
	return ix.Update(ctx, rels...)
}
