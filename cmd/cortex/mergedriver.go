package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/docmerge"
	"github.com/cortex-vault/cortex/vault/gitstore"
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
	had := func(n int, last time.Time) bool { return headHad(ctx, name, n, last) }
	r, err := docmerge.MergePathHad(ctx, name, data[0], data[1], data[2], docmerge.Labels{"ours", "base", "theirs"}, had)
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

// headHadDepth bounds the versions of a document headHad reads: a stash
// is popped within a few commits of the file, not hundreds.
const headHadDepth = 64

// headHad reports whether a version of the document at path in HEAD's
// recent history (git runs the driver at the top of the work tree, HEAD
// being ours in a merge, a stash pop and a rebase alike) had the
// reinforcement state reinforced, last — the driver's history for
// docmerge.MergePathHad. Any failure reads as no: the counts then add up,
// as they did before.
func headHad(ctx context.Context, path string, reinforced int, last time.Time) bool {
	out, err := gitstore.Git(ctx, ".", nil, "log", "-n", strconv.Itoa(headHadDepth), "--format=", "--raw", "--no-abbrev", "HEAD", "--", path)
	if err != nil {
		return false
	}
	var ids bytes.Buffer
	for _, line := range strings.Split(string(out), "\n") {
		// :100644 100644 <old> <new> M\tpath
		if f := strings.Fields(line); len(f) >= 5 && strings.HasPrefix(f[0], ":") && strings.Trim(f[3], "0") != "" {
			ids.WriteString(f[3] + "\n")
		}
	}
	if ids.Len() == 0 {
		return false
	}
	out, err = gitstore.Git(ctx, ".", ids.Bytes(), "cat-file", "--batch")
	if err != nil {
		return false
	}
	for len(out) > 0 {
		nl := bytes.IndexByte(out, '\n')
		if nl < 0 {
			return false
		}
		head := strings.Fields(string(out[:nl]))
		if len(head) != 3 {
			return false
		}
		size, err := strconv.Atoi(head[2])
		if err != nil || len(out) < nl+1+size {
			return false
		}
		if pd, err := doc.Parse(out[nl+1 : nl+1+size]); err == nil && pd.Doc.Reinforced == reinforced &&
			pd.Doc.LastReinforced != nil && pd.Doc.LastReinforced.Equal(last) {
			return true
		}
		out = out[min(nl+2+size, len(out)):]
	}
	return false
}
