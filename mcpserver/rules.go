package mcpserver

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cortex-vault/cortex/rules"
	"github.com/cortex-vault/cortex/vault/conflict"
)

// The curator's tools (SPEC §9): the user's own agent is the curator agent
// of seed 000; Cortex runs no model.
const (
	ToolCandidates = "rules_candidates"
	ToolPromote    = "promote_memory"
	ToolConflicts  = "list_conflicts"
)

// ConflictsArgs is list_conflicts' input: none.
type ConflictsArgs struct{}

// ConflictsResult lists the memories that disagree.
type ConflictsResult struct {
	Conflicts []conflict.Pair `json:"conflicts" jsonschema:"pairs of active memories that disagree, newest first: kind (polarity, direction, value), detail, a and b (id, path, type, title, created)"`
}

// CandidatesArgs is rules_candidates' input: none.
type CandidatesArgs struct{}

// CandidatesResult lists the memories just below the curator's bar.
type CandidatesResult struct {
	Candidates []rules.Candidate `json:"candidates" jsonschema:"memories seen twice, or three times in one session: id, path, type, title, occurrences, sessions, sources"`
}

// PromoteArgs is promote_memory's input.
type PromoteArgs struct {
	IDs    []string `json:"ids" jsonschema:"ids (or unique 8+ character prefixes, or paths) of the memories to promote"`
	Global bool     `json:"global,omitempty" jsonschema:"true: make scope-local memories global instead of promoting them into rules/"`
}

func (s *Server) addRuleTools() {
	addTool(s, &mcp.Tool{
		Name:        ToolCandidates,
		Title:       "Rule candidates",
		Description: `Memories just below the curator's bar for a rule (seen twice, or three times within one session), with their near-duplicates as sources. Read them and promote those that should guide every session with promote_memory.`,
		Annotations: readOnly("Rule candidates"),
	}, s.candidates)
	addTool(s, &mcp.Tool{
		Name:        ToolPromote,
		Title:       "Promote a memory",
		Description: `Promote memories into a rule in rules/<type>s.md (one entry with [[links]] to its sources; the sources get promoted_to and leave the push block, the rule is pushed first at every session), or with global: true make scope-local memories global. One git commit.`,
		Annotations: &mcp.ToolAnnotations{Title: "Promote a memory", DestructiveHint: ptr(false), IdempotentHint: true, OpenWorldHint: ptr(false)},
	}, s.promote)
	addTool(s, &mcp.Tool{
		Name:        ToolConflicts,
		Title:       "Memories that disagree",
		Description: `Pairs of active memories that disagree — one says the opposite of the other, or gives the same subject another value (a port, a version, a limit, a person, a date) — newest first. Do not act on either blindly: ask the person, who settles a pair with cortex resolve-conflict KEEP OTHER or by editing either note.`,
		Annotations: readOnly("Memories that disagree"),
	}, s.conflicts)
}

func (s *Server) conflicts(ctx context.Context, _ *mcp.CallToolRequest, _ ConflictsArgs) (*mcp.CallToolResult, ConflictsResult, error) {
	sl, err := s.sleeper(ctx)
	if err != nil {
		return nil, ConflictsResult{}, err
	}
	defer sl.Close()
	pairs, err := sl.Conflicts(ctx)
	if err != nil {
		return nil, ConflictsResult{}, err
	}
	if pairs == nil {
		pairs = []conflict.Pair{}
	}
	return nil, ConflictsResult{Conflicts: pairs}, nil
}

func (s *Server) sleeper(ctx context.Context) (*rules.Sleeper, error) {
	return rules.Open(ctx, s.l, rules.Options{Now: s.opts.Now, Logger: s.log})
}

func (s *Server) candidates(ctx context.Context, _ *mcp.CallToolRequest, _ CandidatesArgs) (*mcp.CallToolResult, CandidatesResult, error) {
	sl, err := s.sleeper(ctx)
	if err != nil {
		return nil, CandidatesResult{}, err
	}
	defer sl.Close()
	cs, err := sl.Candidates(ctx)
	if err != nil {
		return nil, CandidatesResult{}, err
	}
	return nil, CandidatesResult{Candidates: cs}, nil
}

func (s *Server) promote(ctx context.Context, _ *mcp.CallToolRequest, in PromoteArgs) (*mcp.CallToolResult, *rules.Report, error) {
	if len(in.IDs) == 0 {
		return nil, nil, errors.New("ids: give at least one id (rules_candidates lists them)")
	}
	sl, err := s.sleeper(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer sl.Close()
	rep, err := sl.Promote(ctx, in.IDs, in.Global)
	if err != nil {
		return nil, nil, err
	}
	return nil, rep, nil
}
