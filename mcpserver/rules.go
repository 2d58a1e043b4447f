package mcpserver

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cortex-vault/cortex/rules"
)

// The curator's tools (SPEC §9): the user's own agent is the curator agent
// of seed 000; Cortex runs no model.
const (
	ToolCandidates = "rules_candidates"
	ToolPromote    = "promote_memory"
)

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
