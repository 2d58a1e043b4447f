package mcpserver

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/vault"
)

// TestPlainSchemas: no property of any tool's input schema is a type
// union with null — what the MCP Inspector and other real clients cannot
// fill in — and each names one plain type.
func TestPlainSchemas(t *testing.T) {
	_, cs := newServer(t, newVault(t))
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range res.Tools {
		data, err := json.Marshal(tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), `"null"`) {
			t.Errorf("%s: input schema has a null union: %s", tool.Name, data)
		}
		var schema struct {
			Properties map[string]struct {
				Type any `json:"type"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(data, &schema); err != nil {
			t.Fatal(err)
		}
		for name, p := range schema.Properties {
			if _, ok := p.Type.(string); !ok {
				t.Errorf("%s.%s: type %v, want one plain type", tool.Name, name, p.Type)
			}
		}
	}
}

// TestLenientArguments: a string where a list is meant, a numeric string
// where an integer is, "true" for a boolean — as models write them.
func TestLenientArguments(t *testing.T) {
	l := newVault(t)
	_, cs := newServer(t, l)
	var ids []string
	for i, body := range []string{"The tide fetcher must retry with backoff on HTTP 503", "Add a retry budget to the tide fetcher"} {
		out, _ := ok[SaveResult](t, cs, ToolSave, map[string]any{"type": []string{"warning", "task"}[i], "body": body, "wait": "true",
			"tags": "area/tides", "timestamp": time.Date(2026, 11, 14, 2, 36+i, 0, 0, time.UTC).Format(time.RFC3339)})
		if out.Status != observer.FateMemorized {
			t.Fatalf("%s: %+v", body, out)
		}
		ids = append(ids, out.ID)
	}
	det, _ := ok[DetailsResult](t, cs, ToolDetails, map[string]any{"ids": ids[0]})
	if len(det.Documents) != 1 || det.Documents[0].ID != ids[0] || len(det.Documents[0].Tags) != 1 {
		t.Errorf("ids as a string: %+v", det)
	}
	det, _ = ok[DetailsResult](t, cs, ToolDetails, map[string]any{"ids": `["` + ids[0] + `","` + ids[1] + `"]`})
	if len(det.Documents) != 2 {
		t.Errorf("ids as a JSON list in a string: %+v", det)
	}
	sr, _ := ok[SearchResult](t, cs, ToolSearch, map[string]any{"query": "tide", "type": "warning", "limit": "5", "tag": "area/tides", "all_status": "false"})
	if len(sr.Results) != 1 || sr.Results[0].ID != ids[0] {
		t.Errorf("type as a string: %+v", sr)
	}
	tl, _ := ok[TimelineResult](t, cs, ToolTimeline, map[string]any{"id": ids[1], "before": "1", "after": "0"})
	if len(tl.Entries) != 2 {
		t.Errorf("before and after as strings: %+v", tl)
	}
	// null is an absent optional argument.
	if _, txt := ok[SearchResult](t, cs, ToolSearch, map[string]any{"query": "tide", "type": nil, "limit": nil}); txt == "" {
		t.Error("nulls: no answer")
	}
	// What cannot be read stays a tool error naming the argument.
	for _, args := range []map[string]any{
		{"query": "tide", "limit": "five"},
		{"query": "tide", "type": map[string]any{"a": 1}},
		{"query": "tide", "bogus": 1},
	} {
		res := call(t, cs, ToolSearch, args)
		if !res.IsError {
			t.Errorf("%v: not refused: %s", args, text(res))
		}
	}
	if res := call(t, cs, ToolSearch, map[string]any{"query": "tide", "limit": "five"}); !strings.Contains(text(res), "limit") {
		t.Errorf("bad limit: %s", text(res))
	}
}

// TestSearchUnknownType: a misspelt type says "did you mean", as
// save_observation does.
func TestSearchUnknownType(t *testing.T) {
	_, cs := newServer(t, newVault(t))
	for _, args := range []map[string]any{{"type": "warnng"}, {"query": "type:warnng tide"}} {
		res := call(t, cs, ToolSearch, args)
		if !res.IsError || !strings.Contains(text(res), `did you mean "warning"`) {
			t.Errorf("%v: %s", args, text(res))
		}
	}
	// A known type with nothing to find is an empty answer, not an error.
	if res := call(t, cs, ToolSearch, map[string]any{"type": "warning"}); res.IsError {
		t.Errorf("known type: %s", text(res))
	}
}

// TestDetailsProjectPath: get_details takes a path relative to the
// project as well as to the vault, as cortex get does from the project's
// top folder.
func TestDetailsProjectPath(t *testing.T) {
	project := t.TempDir()
	git(t, project, "init", "-q")
	dir := filepath.Join(project, "docs", "memory")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := vault.Init(dir, vault.InitOptions{}); err != nil {
		t.Fatal(err)
	}
	l := vault.Layout{Root: dir}
	_, cs := newServer(t, l)
	out, _ := ok[SaveResult](t, cs, ToolSave, map[string]any{"type": "warning", "body": "The tide fetcher must retry with backoff on HTTP 503", "wait": true})
	if out.Status != observer.FateMemorized {
		t.Fatalf("save: %+v", out)
	}
	for _, ref := range []string{out.Path, "docs/memory/" + out.Path, filepath.Join(dir, filepath.FromSlash(out.Path))} {
		det, _ := ok[DetailsResult](t, cs, ToolDetails, map[string]any{"ids": []string{ref}})
		if len(det.Documents) != 1 || det.Documents[0].ID != out.ID {
			t.Errorf("%s: %+v", ref, det)
		}
	}
}

// TestResultsEscapeControls: the search, timeline and details answers —
// text and structured — hold no control character of a memory raw, and
// show each memory quoted with its source.
func TestResultsEscapeControls(t *testing.T) {
	_, cs := newServer(t, newVault(t))
	out, _ := ok[SaveResult](t, cs, ToolSave, map[string]any{"type": "warning", "bucket": "explicit", "attribution": "owner", "wait": true,
		"body": "Tide \x1b[31mred\x1b[0m bell\x07 \u202eetadpu\u202c csi\u009b2J done"})
	if out.Status != observer.FateMemorized {
		t.Fatalf("save: %+v", out)
	}
	raw := func(name, s string) {
		t.Helper()
		if strings.ContainsAny(s, "\x1b\x07\u009b\u202e") {
			t.Errorf("%s: a control character raw: %q", name, s)
		}
	}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{ToolSearch, map[string]any{"query": "tide"}},
		{ToolTimeline, map[string]any{"id": out.ID}},
		{ToolDetails, map[string]any{"ids": []string{out.ID}}},
		{ToolContext, map[string]any{}},
	} {
		res := call(t, cs, c.tool, c.args)
		if res.IsError {
			t.Fatalf("%s: %s", c.tool, text(res))
		}
		raw(c.tool+" text", text(res))
		data, _ := json.Marshal(res.StructuredContent)
		var decoded any
		_ = json.Unmarshal(data, &decoded)
		s, _ := json.Marshal(decoded)
		raw(c.tool+" structured", strings.NewReplacer(`\u001b`, "\x1b", `\u0007`, "\x07").Replace(string(s)))
		if !strings.Contains(text(res), `\x1b[31mred`) {
			t.Errorf("%s: the escape is not shown: %s", c.tool, text(res))
		}
		if c.tool != ToolContext && !strings.Contains(text(res), "by owner, explicit, trusted") {
			t.Errorf("%s: no provenance: %s", c.tool, text(res))
		}
	}
}
