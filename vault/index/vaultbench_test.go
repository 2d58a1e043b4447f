package index

import (
	"context"
	"os"
	"testing"

	"github.com/cortex-vault/cortex/vault"
)

// envVault is the vault named by CORTEX_BENCH_VAULT: the benchmarks below
// run on an existing (large) vault, to profile at the sizes of bench/run.sh
// without generating one per run.
func envVault(b *testing.B) vault.Layout {
	dir := os.Getenv("CORTEX_BENCH_VAULT")
	if dir == "" {
		b.Skip("CORTEX_BENCH_VAULT is not set")
	}
	return vault.Layout{Root: dir}
}

func BenchmarkRebuildEnv(b *testing.B) {
	l := envVault(b)
	for b.Loop() {
		if _, err := RebuildStatsOf(context.Background(), l, RebuildOptions{Logger: quiet()}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRefreshUnchangedEnv(b *testing.B) {
	l := envVault(b)
	ix, err := Open(context.Background(), l, Options{Logger: quiet()})
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	if _, err := ix.Refresh(context.Background()); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if st, err := ix.Refresh(context.Background()); err != nil || st.Documents != 0 {
			b.Fatal(st, err)
		}
	}
}
