package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cortex-vault/cortex/bench/vaultgen"
	"github.com/cortex-vault/cortex/mind"
	"github.com/cortex-vault/cortex/vault"
)

// benchDocs is the size of the benchmark vault: CORTEX_BENCH_DOCS, else
// 100,000 documents (the size the goal is set for).
func benchDocs() int {
	if n, err := strconv.Atoi(os.Getenv("CORTEX_BENCH_DOCS")); err == nil && n > 0 {
		return n
	}
	return 100_000
}

var (
	benchOnce  sync.Once
	benchRoot  string
	benchError error
)

// benchVault generates the vault once per run (100,000 files take a
// while) and builds its index, so every benchmark starts from a built one.
// CORTEX_BENCH_VAULT names a vault made by bench/cmd/genvault to use
// instead (it is left in place).
func benchVault(b *testing.B) vault.Layout {
	b.Helper()
	if dir := os.Getenv("CORTEX_BENCH_VAULT"); dir != "" {
		return vault.Layout{Root: dir}
	}
	benchOnce.Do(func() {
		dir, err := os.MkdirTemp("", "cortex-mcp-bench-")
		if err != nil {
			benchError = err
			return
		}
		benchRoot = filepath.Join(dir, "vault")
		if benchError = vaultgen.Generate(benchRoot, benchDocs(), 1); benchError != nil {
			return
		}
		rc, err := mind.Open(context.Background(), vault.Layout{Root: benchRoot}, mind.Options{Logger: quietLog()})
		if err != nil {
			benchError = err
			return
		}
		benchError = rc.Close()
	})
	if benchError != nil {
		b.Fatal(benchError)
	}
	return vault.Layout{Root: benchRoot}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if benchRoot != "" {
		os.RemoveAll(filepath.Dir(benchRoot))
	}
	os.Exit(code)
}

// The two requests of the push block: a session starting (Claude Code's
// SessionStart: a session id, no task) and a sub-agent starting on a task
// (SubagentStart: its name and type, and what it is about to do, which
// steers a full-text search of past marks).
var (
	sessionStart = map[string]any{"session_id": "0195aaaa-0000-7000-8000-000000000001"}
	subagentTask = map[string]any{"session_id": "0195aaaa-0000-7000-8000-000000000001", "agent": "db-migrator",
		"agent_type": "backend", "task": "billing schema migration"}
)

// BenchmarkGetContextMCP is get_context over MCP (the in-memory transport:
// the JSON-RPC encoding and the SDK's schema checks included), per call
// after the first, on a generated vault of benchDocs documents. The first
// call (opening the index, and without a daemon refreshing it) is
// reported apart as first-ms. Goal: ≤ 10 ms a call.
//
//   - daemon: a live daemon keeps the index fresh (daemon.json beating), so
//     no call walks the vault.
//   - no-daemon: every call past MaxStale (1 s) since the last refresh
//     walks the vault first; a burst of calls shares one walk.
func BenchmarkGetContextMCP(b *testing.B) {
	l := benchVault(b)
	for _, c := range []struct {
		name, mode string
		req        map[string]any
	}{
		{"session-start/daemon", "daemon", sessionStart},
		{"subagent-task/daemon", "daemon", subagentTask},
		{"session-start/no-daemon", "no-daemon", sessionStart},
	} {
		mode, req := c.mode, c.req
		b.Run(c.name, func(b *testing.B) {
			opts := Options{Logger: quietLog()}
			if mode == "daemon" {
				// A fixed clock at the heartbeat: the daemon stays live for
				// the whole run, however long.
				hb := time.Now().UTC()
				info, _ := json.Marshal(vault.DaemonInfo{PID: os.Getpid(), Started: hb, Heartbeat: hb, HeartbeatMS: 5000})
				if err := os.MkdirAll(l.CacheDir(), 0o755); err != nil {
					b.Fatal(err)
				}
				if err := l.FS().WriteFile(l.DaemonInfo(), info, 0o644); err != nil {
					b.Fatal(err)
				}
				defer os.Remove(l.DaemonInfo())
				opts.Now = func() time.Time { return hb }
			}
			s := New(l, opts)
			cs := connect(b, s)
			ctx := context.Background()
			callCtx := func() {
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: ToolContext, Arguments: req})
				if err != nil || res.IsError {
					b.Fatalf("get_context: %v %s", err, text(res))
				}
			}
			start := time.Now()
			callCtx()
			first := time.Since(start)
			b.ResetTimer()
			cpu := cpuTime()
			for b.Loop() {
				callCtx()
			}
			cpu = cpuTime() - cpu
			b.ReportMetric(float64(first.Microseconds())/1000, "first-ms")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/call")
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/call")
		})
	}
}

// BenchmarkGetContextDirect is the same block built by mind without MCP:
// what BenchmarkGetContextMCP adds to it is the protocol's cost.
func BenchmarkGetContextDirect(b *testing.B) {
	l := benchVault(b)
	rc, err := mind.Open(context.Background(), l, mind.Options{Logger: quietLog(), Refresh: mind.RefreshNever})
	if err != nil {
		b.Fatal(err)
	}
	defer rc.Close()
	for _, c := range []struct {
		name string
		req  mind.ContextRequest
	}{
		{"session-start", mind.ContextRequest{SessionID: "0195aaaa-0000-7000-8000-000000000001"}},
		{"subagent-task", mind.ContextRequest{SessionID: "0195aaaa-0000-7000-8000-000000000001", Agent: "db-migrator", AgentType: "backend", Task: "billing schema migration"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			cpu := cpuTime()
			for b.Loop() {
				if _, err := rc.Context(context.Background(), c.req); err != nil {
					b.Fatal(err)
				}
			}
			cpu = cpuTime() - cpu
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/call")
		})
	}
}

// BenchmarkSearchMCP is search_observations over MCP on the same vault,
// with a live daemon.
func BenchmarkSearchMCP(b *testing.B) {
	l := benchVault(b)
	hb := time.Now().UTC()
	info, _ := json.Marshal(vault.DaemonInfo{PID: os.Getpid(), Started: hb, Heartbeat: hb, HeartbeatMS: 5000})
	if err := os.MkdirAll(l.CacheDir(), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := l.FS().WriteFile(l.DaemonInfo(), info, 0o644); err != nil {
		b.Fatal(err)
	}
	defer os.Remove(l.DaemonInfo())
	cs := connect(b, New(l, Options{Logger: quietLog(), Now: func() time.Time { return hb }}))
	ctx := context.Background()
	for i, q := range []string{"billing migration", "index type:decision"} {
		b.Run(fmt.Sprint(i), func(b *testing.B) {
			for b.Loop() {
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: ToolSearch, Arguments: map[string]any{"query": q}})
				if err != nil || res.IsError {
					b.Fatalf("search: %v %s", err, text(res))
				}
			}
		})
	}
}
