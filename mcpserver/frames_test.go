package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// frameClient drives a server over the frame layer, line by line, as a
// client that nobody on this project wrote would.
type frameClient struct {
	t   *testing.T
	in  *io.PipeWriter
	out *bufio.Reader
}

func startFrames(t *testing.T, maxFrame int) *frameClient {
	t.Helper()
	s := New(newVault(t), Options{Logger: quietLog()})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, &Frames{In: inR, Out: outW, MaxFrame: maxFrame}) }()
	t.Cleanup(func() {
		inW.Close()
		cancel()
		<-done
		outR.Close()
	})
	c := &frameClient{t: t, in: inW, out: bufio.NewReaderSize(outR, 1<<20)}
	c.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"frames","version":"1"}}}`)
	if r := c.recv(); r["error"] != nil {
		t.Fatalf("initialize: %v", r)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return c
}

func (c *frameClient) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("send %.60q: %v", line, err)
	}
}

func (c *frameClient) recv() map[string]json.RawMessage {
	c.t.Helper()
	line, err := c.out.ReadBytes('\n')
	if err != nil {
		c.t.Fatalf("read the answer: %v (got %q)", err, line)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		c.t.Fatalf("answer %q: %v", line, err)
	}
	return m
}

// TestMalformedFrames: every bad frame gets its JSON-RPC 2.0 error, and
// the session goes on: a tools/list after it is answered.
func TestMalformedFrames(t *testing.T) {
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	for _, tc := range []struct {
		name, frame string
		code        int
		id          string
	}{
		{"bad json", `{bad json`, -32700, "null"},
		{"empty object", `{}`, -32600, "null"},
		{"empty array", `[]`, -32600, "null"},
		{"number", `42`, -32600, "null"},
		{"string", `"hello"`, -32600, "null"},
		{"batch", `[{"jsonrpc":"2.0","id":7,"method":"tools/list"},{"jsonrpc":"2.0","id":8,"method":"ping"}]`, -32600, "null"},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":3,"method":"tools/list"}`, -32600, "3"},
		{"no jsonrpc", `{"id":4,"method":"tools/list"}`, -32600, "4"},
		{"object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}`, -32600, "null"},
		{"array id", `{"jsonrpc":"2.0","id":[1],"method":"tools/list"}`, -32600, "null"},
		{"method not a string", `{"jsonrpc":"2.0","id":5,"method":5}`, -32600, "5"},
		{"params a number", `{"jsonrpc":"2.0","id":6,"method":"tools/list","params":3}`, -32600, "6"},
		{"id alone", `{"jsonrpc":"2.0","id":9}`, -32600, "9"},
		{"deep nesting", deep, -32700, "null"},
		{"deep object", `{"jsonrpc":"2.0","id":10,"method":"tools/list","params":{"a":` + strings.Repeat(`{"a":`, 20000) + `1` + strings.Repeat(`}`, 20001) + `}`, -32700, "null"},
		{"raw NUL", "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/list\x00\"}", -32700, "null"},
		{"NUL outside", "\x00", -32700, "null"},
		{"trailing data", `{"jsonrpc":"2.0","id":12,"method":"ping"} {"x":1}`, -32700, "null"},
		{"oversized", `{"jsonrpc":"2.0","id":13,"method":"tools/list","params":{"pad":"` + strings.Repeat("x", 2<<20) + `"}}`, -32600, "null"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := startFrames(t, 1<<20)
			c.send(tc.frame)
			r := c.recv()
			var e struct {
				Code int `json:"code"`
			}
			if err := json.Unmarshal(r["error"], &e); err != nil || e.Code != tc.code {
				t.Errorf("answer %s %s: want error %d", r["id"], r["error"], tc.code)
			}
			if string(r["id"]) != tc.id {
				t.Errorf("id %s, want %s", r["id"], tc.id)
			}
			c.send(`{"jsonrpc":"2.0","id":"after","method":"tools/list"}`)
			r = c.recv()
			if string(r["id"]) != `"after"` || r["result"] == nil || !strings.Contains(string(r["result"]), ToolSearch) {
				t.Errorf("tools/list after the bad frame: %.200s", r)
			}
		})
	}
}

// TestFrameIDsKept: a request's id comes back as sent — 1.5 as 1.5, not 1.
func TestFrameIDsKept(t *testing.T) {
	c := startFrames(t, 0)
	for _, id := range []string{`1.5`, `2.0`, `1e3`, `-7`, `12345678901234567890`, `"cortex-frame-id-1"`, `"x"`, `0`} {
		c.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/list"}`)
		r := c.recv()
		if string(r["id"]) != id || r["result"] == nil {
			t.Errorf("id %s: answered with id %s, error %s", id, r["id"], r["error"])
		}
	}
	// An unknown method is the sdk's own error, and the session goes on.
	c.send(`{"jsonrpc":"2.0","id":1.25,"method":"no/such"}`)
	if r := c.recv(); string(r["id"]) != "1.25" || !strings.Contains(string(r["error"]), "-32601") {
		t.Errorf("unknown method: %s %s", r["id"], r["error"])
	}
	c.send(`{"jsonrpc":"2.0","id":2,"method":"ping"}`)
	if r := c.recv(); string(r["id"]) != "2" || r["result"] == nil {
		t.Errorf("ping: %v", r)
	}
}

// TestAnswersBeforeInputEnds: a client that writes its requests and closes
// its end at once (`printf … | cortex mcp`) gets every answer before the
// server stops: the end of the input waits for the calls read before it.
func TestAnswersBeforeInputEnds(t *testing.T) {
	s := New(newVault(t), Options{Logger: quietLog()})
	in := strings.Join([]string{
		`{bad json`,
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_observations","arguments":{"query":"anything"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"ping"}`,
	}, "\n") + "\n"
	var out strings.Builder
	if err := s.Run(context.Background(), &Frames{In: strings.NewReader(in), Out: &out}); err != nil {
		t.Fatalf("run: %v", err)
	}
	answered := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("answer %q: %v", line, err)
		}
		answered[string(m["id"])] = true
	}
	for _, id := range []string{"null", "1", "2", "3", "4"} {
		if !answered[id] {
			t.Errorf("no answer for id %s; the server wrote:\n%s", id, out.String())
		}
	}
}
