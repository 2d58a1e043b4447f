package main

import (
	"fmt"
	"io"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/mind"
	"github.com/cortex-vault/cortex/vault/doc"
)

func init() {
	commandGroups = append(commandGroups, func() []*cli.Command {
		return []*cli.Command{contextCommand(time.Now)}
	})
}

// contextCommand is `cortex context`: the push block (SPEC §7 "Push").
func contextCommand(now func() time.Time) *cli.Command {
	return &cli.Command{
		Name:  "context",
		Usage: "the memory block pushed to an agent when it starts (rules, tasks, marks), within a budget",
		Description: `Prints the block of memories injected into an agent's context when a session
or a sub-agent starts (the Claude Code hooks and the MCP tool get_context
print the same block). One line per memory,

  - [type] title (by attribution) ‹id›

under a heading per stage, in priority order:

  Rules                        every document under rules/, most important first
  Open tasks and commitments   the newest active task, commitment and goal_short
                               memories with no agent or for this agent
  This session                 the session's own marks, newest first (--session)
  Relevant past marks          other sessions' marks with any word of the agent's
                               name, its type or the task (--task), best first;
                               when nothing matches, the most recent ones
  Important recent memories    importance after decay 0.7 or more, among the
                               1,000 most recently active memories

Entries are added top-down while they fit in --budget characters (the
headings and the closing line count): an entry that does not fit ends the
block, and no entry is ever cut. A memory appears once, in its first stage.
The search keeps the task's rarest words (found in 100 memories or fewer
together): a word found everywhere says nothing about a memory.
Resolved, outdated, superseded, archived and promoted memories are left out,
and a local memory is shown only to the agent it names (--agent or
--agent-type). The ‹id› is the shortest unique prefix of the id: give it to
cortex get. The same vault at the same time gives the same block.`,
		Flags: []cli.Flag{
			obsVaultFlag(),
			&cli.StringFlag{Name: "session", Usage: "the agent's session `ID`: its own marks form a stage"},
			&cli.StringFlag{Name: "agent", Usage: "the agent's `NAME`: local memories of this agent, and a search word"},
			&cli.StringFlag{Name: "agent-type", Usage: "the sub-agent's `TYPE`: local memories of this type, and a search word"},
			&cli.StringFlag{Name: "task", Usage: "what the agent is about to do (`TEXT`): steers the search for past marks"},
			&cli.IntFlag{Name: "budget", Value: mind.DefaultBudget, Usage: "the block's size limit in `CHARACTERS`"},
			&cli.StringFlag{Name: "format", Value: "markdown", Usage: "`markdown` (the block) or json (the stages, entries and text)"},
			&cli.BoolFlag{Name: "json", Usage: "the same as --format json"},
		},
		Action: func(c *cli.Context) error { return runContext(c, now) },
	}
}

func runContext(c *cli.Context, now func() time.Time) error {
	if c.NArg() > 0 {
		return usageErrorf("context: takes no arguments, got %s (the task goes in --task)", doc.Excerpt(c.Args().First()))
	}
	format := c.String("format")
	if c.Bool("json") {
		if c.IsSet("format") && format != "json" {
			return usageErrorf("context: --json and --format %s disagree", format)
		}
		format = "json"
	}
	if format != "markdown" && format != "json" {
		return usageErrorf("context: --format %s: expected markdown or json", doc.Excerpt(format))
	}
	if b := c.Int("budget"); b < 1 {
		return usageErrorf("context: --budget %d: expected a positive number of characters", b)
	}
	r, err := openRecall(c, now, true)
	if err != nil {
		return err
	}
	defer r.Close()
	blk, err := r.Context(c.Context, mind.ContextRequest{
		SessionID: c.String("session"),
		Agent:     c.String("agent"),
		AgentType: c.String("agent-type"),
		Task:      c.String("task"),
		Budget:    c.Int("budget"),
	})
	if err != nil {
		return recallError(err)
	}
	if format == "json" {
		return writeJSON(c.App.Writer, blk)
	}
	_, err = io.WriteString(c.App.Writer, blk.Text)
	if err != nil {
		return fmt.Errorf("context: %w", err)
	}
	return nil
}
