package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

// Payloads as Claude Code sends them (hooks reference: common fields, then
// the event's own).
const (
	sessionStartPayload = `{"session_id":"022a598a-7ca8-4ccf-80bb-f1919386421e","transcript_path":"/home/me/.claude/projects/-home-me-p/022a598a-7ca8-4ccf-80bb-f1919386421e.jsonl","cwd":"/home/me/p","permission_mode":"default","hook_event_name":"SessionStart","source":"startup","model":"claude-sonnet-4-5-20250929"}`
	subagentPayload     = `{"session_id":"022a598a-7ca8-4ccf-80bb-f1919386421e","transcript_path":"/t.jsonl","cwd":"/home/me/p","permission_mode":"default","hook_event_name":"SubagentStart","agent_id":"agent-abc123","agent_type":"Explore"}`
)

func TestClaudeHookAnswers(t *testing.T) {
	var got ClaudeInput
	h := ClaudeHook{Event: ClaudeSubagentStart, Context: func(_ context.Context, in ClaudeInput) (string, error) {
		got = in
		return "# Cortex memory\n- [decision] <b>&co</b>\n", nil
	}}
	var out bytes.Buffer
	if err := h.Run(context.Background(), strings.NewReader(subagentPayload), &out); err != nil {
		t.Fatal(err)
	}
	want := `{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"# Cortex memory\n- [decision] <b>&co</b>\n"}}` + "\n"
	if out.String() != want {
		t.Errorf("answer\n%s\nwant\n%s", out.String(), want)
	}
	if got.AgentID != "agent-abc123" || got.AgentType != "Explore" || got.AgentName() != "Explore" || got.CWD != "/home/me/p" {
		t.Errorf("input %+v", got)
	}
}

func TestClaudeHookSilent(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	ctxFn := func(text string, err error) func(context.Context, ClaudeInput) (string, error) {
		return func(context.Context, ClaudeInput) (string, error) { return text, err }
	}
	cases := []struct {
		name    string
		event   string
		payload string
		fn      func(context.Context, ClaudeInput) (string, error)
		wantErr string // "" : no error
	}{
		{"empty block", ClaudeSessionStart, sessionStartPayload, ctxFn("", nil), ""},
		{"no payload", ClaudeSessionStart, "", ctxFn("x", nil), "no payload"},
		{"broken JSON", ClaudeSessionStart, `{"session_id": "a",`, ctxFn("x", nil), "the payload"},
		{"not an object", ClaudeSessionStart, `["SessionStart"]`, ctxFn("x", nil), "not a JSON object"},
		{"wrong type", ClaudeSessionStart, `{"session_id": 7}`, ctxFn("x", nil), "the payload"},
		{"other event", ClaudeSessionStart, subagentPayload, ctxFn("x", nil), "the payload is for SubagentStart"},
		{"context fails", ClaudeSessionStart, sessionStartPayload, ctxFn("x", errors.New("index is corrupt")), "index is corrupt"},
		{"panic", ClaudeSessionStart, sessionStartPayload, func(context.Context, ClaudeInput) (string, error) { panic("boom") }, "panic: boom"},
		{"too slow", ClaudeSessionStart, sessionStartPayload, func(context.Context, ClaudeInput) (string, error) { <-block; return "late", nil }, "gave up after"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := ClaudeHook{Event: tc.event, Context: tc.fn, Timeout: 50 * time.Millisecond}
			var out bytes.Buffer
			err := h.Run(context.Background(), strings.NewReader(tc.payload), &out)
			if out.Len() != 0 {
				t.Errorf("wrote %q", out.String())
			}
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("err %v, want %q", err, tc.wantErr)
			}
		})
	}
}

func TestClaudeHookStop(t *testing.T) {
	calls := 0
	h := ClaudeHook{Event: ClaudeStop, Stop: func(_ context.Context, in ClaudeInput) error {
		calls++
		if in.LastAssistantMessage != "Done." {
			t.Errorf("last message %q", in.LastAssistantMessage)
		}
		return nil
	}}
	for _, p := range []string{
		`{"session_id":"s","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"Done."}`,
		`{"session_id":"s","hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"Done."}`,
	} {
		var out bytes.Buffer
		if err := h.Run(context.Background(), strings.NewReader(p), &out); err != nil || out.Len() != 0 {
			t.Errorf("%s: %v %q", p, err, out.String())
		}
	}
	if calls != 1 {
		t.Errorf("Stop ran %d times, want 1 (not while a stop hook keeps Claude going)", calls)
	}
	// No Stop function: nothing, no error.
	var out bytes.Buffer
	if err := (ClaudeHook{Event: ClaudeStop}).Run(context.Background(), strings.NewReader(`{"hook_event_name":"Stop"}`), &out); err != nil || out.Len() != 0 {
		t.Errorf("%v %q", err, out.String())
	}
}

func TestClaudeEvent(t *testing.T) {
	for cli, ev := range map[string]string{"session-start": ClaudeSessionStart, "subagent-start": ClaudeSubagentStart, "stop": ClaudeStop} {
		if got, ok := ClaudeEvent(cli); !ok || got != ev {
			t.Errorf("%s: %s %v", cli, got, ok)
		}
	}
	if _, ok := ClaudeEvent("SessionStart"); ok {
		t.Error("SessionStart is not a command-line name")
	}
}

func TestFindClaudeVault(t *testing.T) {
	project := t.TempDir()
	v := filepath.Join(project, "docs", "memory")
	other := filepath.Join(t.TempDir(), "notes")
	for _, d := range []string{filepath.Join(v, "observer"), filepath.Join(other, "observer"), filepath.Join(project, "src", "pkg")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	inVault := filepath.Join(v, "observer")
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	cases := []struct {
		name, cwd, named string
		env              func(string) string
		want             string // "" : ErrNoClaudeVault; "!" : another error
	}{
		{"from cwd up", inVault, "", env(), v},
		{"no vault up from cwd", filepath.Join(project, "src", "pkg"), "", env(), ""},
		{"no cwd", "", "", env(), ""},
		{"named, relative to the project dir", filepath.Join(project, "src"), "docs/memory", env("CLAUDE_PROJECT_DIR", project), v},
		{"named, relative to cwd", project, "docs/memory", env(), v},
		{"named beats CORTEX_VAULT", project, "docs/memory", env("CORTEX_VAULT", other), v},
		{"CORTEX_VAULT beats cwd", inVault, "", env("CORTEX_VAULT", other), other},
		{"named folder not a vault", project, "src", env(), "!"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l, err := FindClaudeVault(ClaudeInput{CWD: tc.cwd}, tc.named, tc.env)
			switch tc.want {
			case "":
				if !errors.Is(err, ErrNoClaudeVault) {
					t.Errorf("%v %v, want no vault", l, err)
				}
			case "!":
				if err == nil || errors.Is(err, ErrNoClaudeVault) {
					t.Errorf("%v %v, want an error", l, err)
				}
			default:
				if err != nil || l != (vault.Layout{Root: tc.want}) {
					t.Errorf("%v %v, want %s", l, err, tc.want)
				}
			}
		})
	}
}

// transcript lines as Claude Code writes them (trimmed to the fields read
// and a few others).
func transcriptLines(t *testing.T, lines ...any) string {
	t.Helper()
	var b strings.Builder
	for _, l := range lines {
		data, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
		b.WriteByte('\n')
	}
	return b.String()
}

type tmsg map[string]any

func userLine(content any) tmsg {
	return tmsg{"type": "user", "isSidechain": false, "sessionId": "s", "message": tmsg{"role": "user", "content": content}}
}

func assistantLine(blocks ...tmsg) tmsg {
	return tmsg{"type": "assistant", "isSidechain": false, "message": tmsg{"role": "assistant", "content": blocks}}
}

func TestSummarizeClaudeTurn(t *testing.T) {
	dir := t.TempDir()
	cwd := "/home/me/p"
	data := transcriptLines(t,
		tmsg{"type": "summary", "summary": "Old work", "leafUuid": "x"},
		userLine("fix the old bug"),
		assistantLine(tmsg{"type": "tool_use", "name": "Edit", "input": tmsg{"file_path": "/home/me/p/old.go"}}),
		assistantLine(tmsg{"type": "text", "text": "Old answer."}),
		userLine("<command-name>/clear</command-name>"),
		userLine([]tmsg{{"type": "text", "text": "Make  the cache\nsafe for two writers"}}),
		assistantLine(tmsg{"type": "text", "text": "Looking."}, tmsg{"type": "tool_use", "name": "Read", "input": tmsg{"file_path": "/home/me/p/cache.go"}}),
		userLine([]tmsg{{"type": "tool_result", "tool_use_id": "t1", "content": "package cache"}}),
		assistantLine(tmsg{"type": "tool_use", "name": "Edit", "input": tmsg{"file_path": "/home/me/p/cache.go"}}),
		assistantLine(tmsg{"type": "tool_use", "name": "MultiEdit", "input": tmsg{"file_path": "/home/me/p/cache.go"}}),
		assistantLine(tmsg{"type": "tool_use", "name": "Write", "input": tmsg{"file_path": "/tmp/elsewhere.txt"}}),
		tmsg{"type": "assistant", "isSidechain": true, "message": tmsg{"role": "assistant", "content": []tmsg{{"type": "text", "text": "a sub-agent's words"}}}},
		assistantLine(tmsg{"type": "text", "text": "Added a lock around the cache writes:\n\n```go\nmu.Lock()\n```\n\nBoth writers now wait."}),
	) + `{"type": "assistant", "message": ` + "\n" // a torn last line
	p := filepath.Join(dir, "t.jsonl")
	if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := SummarizeClaudeTurn(ClaudeInput{TranscriptPath: p, CWD: cwd})
	if err != nil {
		t.Fatal(err)
	}
	want := ClaudeSummary{
		Request:     "Make the cache safe for two writers",
		Completed:   "Added a lock around the cache writes: Both writers now wait.",
		FilesEdited: []string{"cache.go", "/tmp/elsewhere.txt"},
	}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("summary\n%+v\nwant\n%+v", s, want)
	}

	// The payload's last message wins over the transcript's.
	s, _ = SummarizeClaudeTurn(ClaudeInput{TranscriptPath: p, CWD: cwd, LastAssistantMessage: "All done."})
	if s.Completed != "All done." || s.Request != want.Request {
		t.Errorf("with last_assistant_message: %+v", s)
	}

	// Only the tail is read: a cap inside the last turn loses its start.
	tt, err := readTranscriptTurn(p, 600)
	if err != nil || tt.request != "" || !strings.HasPrefix(tt.lastAnswer, "Added a lock") {
		t.Errorf("tail: %+v %v", tt, err)
	}

	// No transcript: the error, when there is no message either.
	if _, err := SummarizeClaudeTurn(ClaudeInput{TranscriptPath: filepath.Join(dir, "none.jsonl")}); err == nil {
		t.Error("missing transcript: no error")
	}
	if s, err := SummarizeClaudeTurn(ClaudeInput{TranscriptPath: filepath.Join(dir, "none.jsonl"), LastAssistantMessage: "ok"}); err != nil || s.Completed != "ok" {
		t.Errorf("%+v %v", s, err)
	}
}

// BenchmarkClaudeHookRun is the protocol's own cost per hook call (read,
// decode, answer; the block given): the rest of a hook's time is the
// process start and the push block.
func BenchmarkClaudeHookRun(b *testing.B) {
	text := strings.Repeat("- [decision] Use SQLite for the tide cache, not Postgres (by owner) ‹01a1fd61›\n", 60)
	h := ClaudeHook{Event: ClaudeSessionStart, Context: func(context.Context, ClaudeInput) (string, error) { return text, nil }}
	var out bytes.Buffer
	for b.Loop() {
		out.Reset()
		if err := h.Run(context.Background(), strings.NewReader(sessionStartPayload), &out); err != nil {
			b.Fatal(err)
		}
	}
}
