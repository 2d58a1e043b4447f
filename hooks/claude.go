package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// Claude Code's hook events Cortex answers (its hook_event_name values).
const (
	ClaudeSessionStart  = "SessionStart"
	ClaudeSubagentStart = "SubagentStart"
	ClaudeStop          = "Stop"
)

// claudeEvents maps the command-line names (`cortex claude hook NAME`) to
// Claude Code's event names, in the order install writes them.
var claudeEvents = [...]struct{ cli, event string }{
	{"session-start", ClaudeSessionStart},
	{"subagent-start", ClaudeSubagentStart},
	{"stop", ClaudeStop},
}

// ClaudeEvent returns Claude Code's event name for a command-line name
// (session-start → SessionStart).
func ClaudeEvent(name string) (string, bool) {
	for _, e := range claudeEvents {
		if e.cli == name {
			return e.event, true
		}
	}
	return "", false
}

// ClaudeEventNames are the command-line names of the events, for help and
// usage messages.
func ClaudeEventNames() []string {
	names := make([]string, len(claudeEvents))
	for i, e := range claudeEvents {
		names[i] = e.cli
	}
	return names
}

// DefaultClaudeTimeout is how long a hook may take before it gives up and
// answers nothing: a session start waits for the hook, and a memory that
// comes late is worth less than a session that starts at once.
const DefaultClaudeTimeout = 5 * time.Second

// maxClaudePayload caps what is read from stdin. The payloads are small
// (a SubagentStart prompt, a Stop hook's last message are the big parts);
// anything larger is not Claude Code talking.
const maxClaudePayload = 8 << 20

// ClaudeInput is the JSON object Claude Code writes on a command hook's
// stdin. Fields an event does not send stay empty; fields Claude Code adds
// later are ignored.
type ClaudeInput struct {
	// Common to every event.
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	CWD            string `json:"cwd"`
	PermissionMode string `json:"permission_mode"`
	HookEventName  string `json:"hook_event_name"`
	// AgentID and AgentType name the sub-agent (SubagentStart, and any
	// event fired inside a sub-agent); AgentType alone is the agent of a
	// session started with `claude --agent NAME`.
	AgentID   string `json:"agent_id"`
	AgentType string `json:"agent_type"`

	// SessionStart: how the session started (startup, resume, clear,
	// compact) and its model.
	Source string `json:"source"`
	Model  string `json:"model"`

	// Prompt is the task a sub-agent was given, when Claude Code sends it.
	Prompt string `json:"prompt"`

	// Stop: StopHookActive is true when Claude is already continuing
	// because a Stop hook asked it to (the turn is not over);
	// LastAssistantMessage is the agent's final answer of the turn (sent by
	// recent Claude Code versions; older ones only have the transcript).
	StopHookActive       bool   `json:"stop_hook_active"`
	LastAssistantMessage string `json:"last_assistant_message"`
}

// AgentName is the name the push block and a summary use for the agent:
// the sub-agent's type ("Explore", "code-reviewer") when there is one — a
// stable name a memory's agent field can carry, where agent_id is new for
// every sub-agent — else its id, else "" (the main session).
func (in ClaudeInput) AgentName() string {
	if in.AgentType != "" {
		return in.AgentType
	}
	return in.AgentID
}

// ClaudeHook is one run of a Claude Code command hook: read the payload,
// answer on stdout. The wiring to the vault is given as functions, so this
// package holds the protocol and the caller the memory.
type ClaudeHook struct {
	// Event is the event the hook was installed for (ClaudeSessionStart,
	// ClaudeSubagentStart or ClaudeStop).
	Event string
	// Timeout bounds the whole run, reading stdin included; 0 means
	// DefaultClaudeTimeout.
	Timeout time.Duration
	// Context returns the text injected into the starting session or
	// sub-agent ("" injects nothing). Used for SessionStart and
	// SubagentStart.
	Context func(ctx context.Context, in ClaudeInput) (string, error)
	// Stop runs when a turn ends (Stop), unless Claude is continuing
	// because of a Stop hook. Nil: nothing happens.
	Stop func(ctx context.Context, in ClaudeInput) error
}

// Run answers one hook call: it reads the payload from stdin and writes the
// answer to stdout in a single write, or writes nothing. It never blocks
// the session: past the timeout it returns at once (the work left running
// is abandoned with the process), and a panic in the work is recovered.
// The error says why nothing was written, for a debug log; a caller
// answering Claude Code still exits 0, since a hook that fails must not
// break the agent's session.
func (h ClaudeHook) Run(ctx context.Context, stdin io.Reader, stdout io.Writer) error {
	timeout := h.Timeout
	if timeout <= 0 {
		timeout = DefaultClaudeTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	type result struct {
		out []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			if p := recover(); p != nil {
				r = result{err: fmt.Errorf("claude hook %s: panic: %v\n%s", h.Event, p, debug.Stack())}
			}
			done <- r
		}()
		r.out, r.err = h.answer(ctx, stdin)
	}()
	select {
	case r := <-done:
		if r.err != nil || len(r.out) == 0 {
			return r.err
		}
		if _, err := stdout.Write(r.out); err != nil {
			return fmt.Errorf("claude hook %s: write the answer: %w", h.Event, err)
		}
		return nil
	case <-ctx.Done():
		return fmt.Errorf("claude hook %s: gave up after %v, answering nothing: %w", h.Event, timeout, ctx.Err())
	}
}

// answer does the work of Run: the bytes to write, or none.
func (h ClaudeHook) answer(ctx context.Context, stdin io.Reader) ([]byte, error) {
	in, err := ReadClaudeInput(stdin)
	if err != nil {
		return nil, fmt.Errorf("claude hook %s: %w", h.Event, err)
	}
	if in.HookEventName != "" && in.HookEventName != h.Event {
		// A hook wired to the wrong event would answer for another one;
		// Claude Code rejects an answer whose hookEventName is not its own.
		return nil, fmt.Errorf("claude hook %s: the payload is for %s: check the hook's entry in settings.json", h.Event, in.HookEventName)
	}
	switch h.Event {
	case ClaudeSessionStart, ClaudeSubagentStart:
		if h.Context == nil {
			return nil, nil
		}
		text, err := h.Context(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("claude hook %s: %w", h.Event, err)
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("claude hook %s: %w", h.Event, err)
		}
		return ClaudeAnswer(h.Event, text)
	case ClaudeStop:
		// A Stop hook's stdout could block the stop (a "decision"); this
		// one only records, so it never writes.
		if h.Stop == nil || in.StopHookActive {
			return nil, nil
		}
		if err := h.Stop(ctx, in); err != nil {
			return nil, fmt.Errorf("claude hook %s: %w", h.Event, err)
		}
		return nil, nil
	}
	return nil, fmt.Errorf("claude hook: unknown event %q", h.Event)
}

// ReadClaudeInput reads and decodes a hook payload: one JSON object.
func ReadClaudeInput(r io.Reader) (ClaudeInput, error) {
	var in ClaudeInput
	data, err := io.ReadAll(io.LimitReader(r, maxClaudePayload+1))
	if err != nil {
		return in, fmt.Errorf("read the payload: %w", err)
	}
	if len(data) > maxClaudePayload {
		return in, fmt.Errorf("the payload is over %d MB", maxClaudePayload>>20)
	}
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return in, errors.New("no payload on stdin (Claude Code writes one JSON object)")
	}
	if data[0] != '{' {
		return in, errors.New("the payload is not a JSON object")
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return in, fmt.Errorf("the payload: %w", err)
	}
	return in, nil
}

// ClaudeAnswer is the JSON a SessionStart or SubagentStart hook writes to
// add text to the agent's context, newline-terminated; nothing for an
// empty text.
func ClaudeAnswer(event, text string) ([]byte, error) {
	if text == "" {
		return nil, nil
	}
	type specific struct {
		HookEventName     string `json:"hookEventName"`
		AdditionalContext string `json:"additionalContext"`
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	// The block is markdown for a model, not HTML: keep <, > and & as they are.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		HookSpecificOutput specific `json:"hookSpecificOutput"`
	}{specific{event, text}}); err != nil {
		return nil, err
	}
	// The block's memory text is escaped already (mind's push block); the
	// answer holds no control character raw all the same.
	return doc.EscapeJSONControls(b.Bytes()), nil
}

// ErrNoClaudeVault is FindClaudeVault's answer when no vault serves the
// session: the hook then answers nothing.
var ErrNoClaudeVault = errors.New("no vault for this session")

// FindClaudeVault finds the vault a hook call serves: the vault named at
// install (--vault, recorded in the hook's command), else CORTEX_VAULT,
// else the nearest vault from the session's folder (the payload's cwd) up.
// A relative name is taken from the project's top folder
// (CLAUDE_PROJECT_DIR, which Claude Code sets for hooks), else from the
// payload's cwd, so a vault in a subfolder of a project — made by `cortex
// init docs/memory` — is found whatever folder the session is in. A named
// folder that is not a vault is an error; finding none is
// ErrNoClaudeVault.
func FindClaudeVault(in ClaudeInput, named string, getenv func(string) string) (vault.Layout, error) {
	base := getenv("CLAUDE_PROJECT_DIR")
	if base == "" {
		base = in.CWD
	}
	for _, c := range []struct{ what, dir string }{{"--vault", named}, {"CORTEX_VAULT", getenv("CORTEX_VAULT")}} {
		if c.dir == "" {
			continue
		}
		dir := c.dir
		if !filepath.IsAbs(dir) {
			if base == "" {
				return vault.Layout{}, fmt.Errorf("%s %s is relative and neither CLAUDE_PROJECT_DIR nor the payload's cwd says to what", c.what, dir)
			}
			dir = filepath.Join(base, dir)
		}
		// The project's settings name its vault relative to the project;
		// in a linked worktree that is the main work tree's vault.
		dir, _ = vault.InMainWorkTree(dir)
		ok, err := vault.IsVault(dir)
		if err != nil {
			return vault.Layout{}, fmt.Errorf("%s %s: %w", c.what, dir, err)
		}
		if !ok {
			return vault.Layout{}, fmt.Errorf("%s %s is not a vault (no taxonomy.yml or observer/)", c.what, dir)
		}
		return vault.Layout{Root: filepath.Clean(dir)}, nil
	}
	start := in.CWD
	if start == "" || !filepath.IsAbs(start) {
		return vault.Layout{}, ErrNoClaudeVault
	}
	l, err := vault.Find(start)
	if err != nil {
		return vault.Layout{}, err
	}
	// Find falls back to the folder itself, as init wants; a hook wants a
	// real vault or none: the nearest one up, else the one vault cortex
	// init made in the project (docs/memory, found from the project's top
	// folder as the other commands find it).
	if ok, err := vault.IsVault(l.Root); err != nil {
		return vault.Layout{}, err
	} else if ok {
		return l, nil
	}
	vs, err := RepoVaults(start)
	if err != nil {
		return vault.Layout{}, fmt.Errorf("%w: the project's recorded vaults cannot be read: %v", ErrNoClaudeVault, err)
	}
	switch len(vs) {
	case 0:
		return vault.Layout{}, fmt.Errorf("%w: none in %s or above it, and none recorded in its git repository (cortex init DIR makes one; or give --vault to cortex claude install, or set CORTEX_VAULT)", ErrNoClaudeVault, start)
	case 1:
		return vault.Layout{Root: vs[0]}, nil
	}
	return vault.Layout{}, fmt.Errorf("%w: the project at %s has %d vaults (%s): give --vault to cortex claude install, or set CORTEX_VAULT", ErrNoClaudeVault, start, len(vs), strings.Join(vs, ", "))
}
