package mind

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/bench/vaultgen"
	"github.com/cortex-vault/cortex/vault"
)

// genVault writes a vault of n generated documents (bench/vaultgen: the
// documents the benchmarks of the index use) plus a few rules, and opens
// recall over it with its index built. CORTEX_BENCH_MAPPED=1 reads the
// index through a memory map, as `cortex search` and `cortex context` do
// (Options.ReadMapped); without it, through SQLite's cache, as the MCP
// server does.
func genVault(b *testing.B, n int) *Recall {
	b.Helper()
	root := os.Getenv("CORTEX_BENCH_VAULT")
	if root == "" {
		root = filepath.Join(b.TempDir(), "vault")
		if err := vaultgen.Generate(root, n, 1); err != nil {
			b.Fatal(err)
		}
		v := &vaultT{t: b, l: vault.Layout{Root: root}}
		for i := range 5 {
			v.mark(mark{dir: "rules", name: fmt.Sprintf("rule-%d", i), typ: "constraint", body: fmt.Sprintf("Rule %d: keep the build green.", i), attribution: "owner"})
		}
	}
	v := &vaultT{t: b, l: vault.Layout{Root: root}}
	r, err := Open(context.Background(), v.l, Options{
		Now:     func() time.Time { return time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC) },
		Refresh: RefreshAlways, Logger: slog.New(slog.DiscardHandler), ReadMapped: os.Getenv("CORTEX_BENCH_MAPPED") != "",
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { r.Close() })
	return r
}

// BenchmarkContext builds the push block over generated vaults: a session
// starting (no agent, no task: the past stage falls back to recency), a
// sub-agent with a task of rare words, and one whose task is common words
// found in a large share of the documents (the any-word search's worst
// case). CORTEX_BENCH_100K=1 adds the 100,000-document vault (generating it
// takes minutes); CORTEX_BENCH_VAULT=DIR uses an existing vault (made by
// bench/cmd/genvault) instead, once. cpu-ms/op is the process's CPU time
// per block, steadier than the wall time on a shared machine.
func BenchmarkContext(b *testing.B) {
	sizes := []int{10000}
	if os.Getenv("CORTEX_BENCH_100K") != "" {
		sizes = append(sizes, 100000)
	}
	if os.Getenv("CORTEX_BENCH_VAULT") != "" {
		sizes = []int{0}
	}
	for _, n := range sizes {
		r := genVault(b, n)
		ctx := context.Background()
		newest, err := r.Search(ctx, Query{Limit: 1})
		if err != nil || len(newest.Hits) == 0 {
			b.Fatal(err)
		}
		d, err := r.Resolve(ctx, newest.Hits[0].ID)
		if err != nil {
			b.Fatal(err)
		}
		for name, req := range map[string]ContextRequest{
			"session-start": {SessionID: d.SessionID},
			"subagent-rare": {SessionID: d.SessionID, Agent: "a81f0c2e", AgentType: "db-migrator", Task: "migrate the invoices table without downtime"},
			"subagent-common": {SessionID: d.SessionID, Agent: "claude", AgentType: "general-purpose",
				Task: "fix the search index when the daemon commits a memory to git"},
		} {
			size := fmt.Sprintf("%dk", n/1000)
			if n == 0 {
				size = "vault"
			}
			b.Run(size+"/"+name, func(b *testing.B) {
				blk, err := r.Context(ctx, req)
				if err != nil {
					b.Fatal(err)
				}
				entries := 0
				for _, st := range blk.Stages {
					entries += len(st.Entries)
				}
				cpu := cpuTime()
				for b.Loop() {
					if _, err := r.Context(ctx, req); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(cpuTime()-cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
				b.ReportMetric(float64(entries), "entries")
			})
		}
	}
}

// BenchmarkSearchGenerated runs searches over a generated vault
// (bench/cmd/genvault: a Zipf-like vocabulary, as bench/run.sh search
// uses): a rare word, words found in a few percent of the documents
// (alone, two together, and two that no document has both of: the
// any-word pass), and a common one. CORTEX_BENCH_VAULT=DIR uses an
// existing vault (the 100,000-document one of bench/run.sh search);
// otherwise 10,000 documents are generated. cpu-ms/op is the process's CPU
// time per search.
func BenchmarkSearchGenerated(b *testing.B) {
	r := genVault(b, 10000)
	ctx := context.Background()
	for _, qs := range []string{"tofez", "kabekeba", "daemon", "memory rivogobo", "tocavolo config", "fedibim lafuhe", "what did rivogobo kabekeba zebec tell"} {
		q, _, err := ParseQuery(qs, time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC))
		if err != nil {
			b.Fatal(err)
		}
		res, err := r.Search(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%q", qs), func(b *testing.B) {
			cpu := cpuTime()
			for b.Loop() {
				if _, err := r.Search(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(len(res.Hits)), "hits")
			b.ReportMetric(map[bool]float64{true: 1}[res.Match == MatchAny], "any")
		})
	}
}
