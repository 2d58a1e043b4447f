package index

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
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

// BenchmarkTextFloorEnv is the full text of a rebuild alone: the texts of
// every document of CORTEX_BENCH_VAULT, read and parsed before the clock
// starts, written by the rebuild's own text builder (the texts table, then
// FTS5 built in one pass with the rebuild's settings) into a file of its
// own. A rebuild cannot be faster than this part of it — the FTS5 floor on
// this machine, with this schema and tokenizer.
func BenchmarkTextFloorEnv(b *testing.B) {
	l := envVault(b)
	ctx := context.Background()
	ig, err := vault.LoadIgnore(l)
	if err != nil {
		b.Fatal(err)
	}
	tax, err := doc.LoadTaxonomy(l.Root)
	if err != nil {
		b.Fatal(err)
	}
	found, err := vault.Scan(ctx, l, ig, vault.ScanOptions{})
	if err != nil {
		b.Fatal(err)
	}
	texts := make([]textRow, len(found))
	for i, f := range found {
		r, _ := readRecord(l, f.Rel, f.Size, f.MtimeNS, tax, nil)
		texts[i] = r.text
	}
	dir := b.TempDir()
	for i := 0; b.Loop(); i++ {
		path := filepath.Join(dir, fmt.Sprintf("text-%d.db", i))
		tb := startText(ctx, path)
		for j, t := range texts {
			if err := tb.add(ctx, int64(j+1), t); err != nil {
				b.Fatal(err)
			}
		}
		if err := tb.wait(); err != nil {
			b.Fatal(err)
		}
		os.Remove(path)
	}
	b.ReportMetric(float64(len(texts))*float64(b.N)/b.Elapsed().Seconds(), "docs/s")
}
