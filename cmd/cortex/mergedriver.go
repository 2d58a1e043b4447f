package main

import (
	"context"
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/vault/docmerge"
)

func init() { commandGroups = append(commandGroups, mergeDriverCommands) }

func mergeDriverCommands() []*cli.Command {
	return []*cli.Command{{
		Name:      "merge-driver",
		Usage:     "git's merge driver for memory documents (registered by cortex init)",
		ArgsUsage: "BASE OURS THEIRS [PATH]",
		Description: `Called by git during a merge (git pull, git merge, git rebase) for the
files under mind/, vault/ and rules/ — cortex init registers it in the
vault's .gitattributes and its repository's git config as
"cortex merge-driver %O %A %B %P". It merges the two versions of a memory
document: concurrent reinforcements add up, last_reinforced is the later,
statuses follow the precedence in the README, one memory created on two
machines becomes one document; the body and the other fields merge as git
merges text. The result is written to OURS. Exit status 0 when the merge is
clean, 1 when a conflict is left in OURS for the person (as git's own merge
leaves it).`,
		Action: runMergeDriver,
	}}
}

func runMergeDriver(c *cli.Context) error {
	args := c.Args().Slice()
	if len(args) < 3 || len(args) > 4 {
		return usageErrorf("merge-driver: takes BASE OURS THEIRS [PATH], got %d arguments", len(args))
	}
	name := args[1]
	if len(args) == 4 {
		name = args[3]
	}
	var data [3][]byte
	for i, p := range args[:3] {
		b, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("merge-driver %s: %w", name, err)
		}
		data[i] = b
	}
	ctx := context.Background()
	r, err := docmerge.MergePathHad(ctx, name, data[0], data[1], data[2], docmerge.Labels{"ours", "base", "theirs"}, docmerge.History(ctx, ".", name))
	if err != nil {
		return fmt.Errorf("merge-driver %s: %w", name, err)
	}
	if err := os.WriteFile(args[1], r.Data, 0o644); err != nil {
		return fmt.Errorf("merge-driver %s: %w", name, err)
	}
	if !r.Clean {
		return &exitError{code: 1}
	}
	return nil
}
