package mind

import (
	"context"
	"errors"
)

// DefaultBudget is the push block's size in characters (SPEC §7).
const DefaultBudget = 6000

// ContextRequest says who is starting and what for: the push block is
// built for one agent in one session.
type ContextRequest struct {
	// SessionID is the agent's session (Claude Code's session_id); its own
	// marks form a stage. Empty: no session stage.
	SessionID string `json:"session_id,omitempty"`
	// Agent is the agent's name (Claude Code's agent_id for a sub-agent);
	// local memories are pushed only to the agent they name.
	Agent string `json:"agent,omitempty"`
	// AgentType is the sub-agent's type (Claude Code's agent_type).
	AgentType string `json:"agent_type,omitempty"`
	// Task is what the agent is about to do; it steers the search for
	// relevant past marks.
	Task string `json:"task,omitempty"`
	// Budget is the block's size limit in characters (runes); 0 means
	// DefaultBudget.
	Budget int `json:"budget,omitempty"`
}

// ContextEntry is one line of the block.
type ContextEntry struct {
	ID    string `json:"id"`
	Short string `json:"short_id"` // the shortest unique prefix, 8+ characters
	Type  string `json:"type"`
	Title string `json:"title"`
	// Attribution is who said or noticed it; empty when unknown.
	Attribution string `json:"attribution,omitempty"`
	Path        string `json:"path"`
	// Line is the entry as printed: "- [type] title (by attribution) ‹id8›".
	Line string `json:"line"`
}

// ContextStage is one heading of the block with its entries.
type ContextStage struct {
	Name    string         `json:"name"`    // a stable key: rules, tasks, session, past, recent
	Heading string         `json:"heading"` // the markdown heading printed
	Entries []ContextEntry `json:"entries"`
	// Omitted counts the stage's candidates left out for the budget.
	Omitted int `json:"omitted,omitempty"`
}

// ContextBlock is the push block: the stages that fit, in priority order,
// and the text injected into the agent's context.
type ContextBlock struct {
	Stages []ContextStage `json:"stages"`
	// Text is the block as markdown, at most Budget characters.
	Text   string `json:"text"`
	Budget int    `json:"budget"`
	// Used is Text's length in characters.
	Used int `json:"used"`
}

// Context builds the push block for req (SPEC §7 "Push").
func (r *Recall) Context(ctx context.Context, req ContextRequest) (*ContextBlock, error) {
	return nil, errors.New("context: being built on branch ctx")
}
