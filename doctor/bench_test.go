package doctor

import (
	"context"
	"io"
	"log/slog"
	"os"
	"testing"

	"github.com/cortex-vault/cortex/service"
	"github.com/cortex-vault/cortex/vault"
)

// BenchmarkRun times one pass of every check over the vault named by
// CORTEX_BENCH_VAULT (make one with bench/cmd/genvault -n 100000, then
// cortex init and cortex rebuild-index there); skipped without it.
func BenchmarkRun(b *testing.B) {
	dir := os.Getenv("CORTEX_BENCH_VAULT")
	if dir == "" {
		b.Skip("CORTEX_BENCH_VAULT not set")
	}
	l := vault.Layout{Root: dir}
	opts := Options{Home: b.TempDir(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Service: service.Options{Home: b.TempDir(), Manager: &fakeManager{}}}
	ms := map[string]float64{}
	for b.Loop() {
		r, err := Run(context.Background(), l, opts)
		if err != nil {
			b.Fatal(err)
		}
		for k, v := range r.MS {
			ms[k] += v
		}
	}
	for k, v := range ms {
		b.ReportMetric(v/float64(b.N), k+"-ms")
	}
}
