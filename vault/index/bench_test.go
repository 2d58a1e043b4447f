package index

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/bench/vaultgen"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// benchVaults are generated once per size and shared by the benchmarks of
// one run (generating 10,000 files takes a few seconds).
var benchVaults sync.Map // size → vault.Layout

func benchVault(b *testing.B, n int) vault.Layout {
	b.Helper()
	if l, ok := benchVaults.Load(n); ok {
		return l.(vault.Layout)
	}
	dir, err := os.MkdirTemp("", fmt.Sprintf("cortex-index-bench-%d-", n))
	if err != nil {
		b.Fatal(err)
	}
	root := filepath.Join(dir, "vault")
	if err := vaultgen.Generate(root, n, 1); err != nil {
		b.Fatal(err)
	}
	l := vault.Layout{Root: root}
	benchVaults.Store(n, l)
	return l
}

func TestMain(m *testing.M) {
	code := m.Run()
	benchVaults.Range(func(_, v any) bool {
		os.RemoveAll(filepath.Dir(v.(vault.Layout).Root))
		return true
	})
	os.Exit(code)
}

func benchmarkRebuild(b *testing.B, n int) {
	l := benchVault(b, n)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, err := RebuildStatsOf(ctx, l, RebuildOptions{Logger: quiet()}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "docs/s")
}

func BenchmarkRebuild1k(b *testing.B)  { benchmarkRebuild(b, 1000) }
func BenchmarkRebuild10k(b *testing.B) { benchmarkRebuild(b, 10000) }

// BenchmarkRefreshUnchanged is what every read command pays first.
func BenchmarkRefreshUnchanged10k(b *testing.B) {
	l := benchVault(b, 10000)
	ix := openBench(b, l)
	b.ResetTimer()
	for b.Loop() {
		if st, err := ix.Refresh(context.Background()); err != nil || st.Documents != 0 {
			b.Fatal(st, err)
		}
	}
}

// BenchmarkRefreshTenChanged: ten files edited by hand, then a refresh.
func BenchmarkRefreshTenChanged10k(b *testing.B) {
	l := benchVault(b, 10000)
	ix := openBench(b, l)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		if err := vaultgen.Touch(l.Root, 10, uint64(i)); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if st, err := ix.Refresh(ctx); err != nil || st.Documents != 10 {
			b.Fatal(st, err)
		}
	}
}

// BenchmarkUpdateOne is the memorizer's cost per committed document: one
// file read, written, its links resolved, and the links naming it found.
func BenchmarkUpdateOne10k(b *testing.B) {
	l := benchVault(b, 10000)
	ix := openBench(b, l)
	ctx := context.Background()
	rel := "mind/concepts/bench-update.md"
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		note(b, l, rel, `title: "Bench update"`, fmt.Sprintf("Edit %d links to [[Bench update]] and [[nowhere %d]].", i, i%7))
		if err := ix.Update(ctx, rel); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	os.Remove(l.Path(rel))
	if err := ix.Update(ctx, rel); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkGraph10k(b *testing.B) {
	ix := openBench(b, benchVault(b, 10000))
	b.ResetTimer()
	for b.Loop() {
		if _, err := ix.Graph(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFillDoc(b *testing.B) {
	l := benchVault(b, 1000)
	var data [][]byte
	err := vault.Walk(l, &vault.Ignore{}, func(rel string, _ os.DirEntry) error {
		d, err := os.ReadFile(l.Path(rel))
		data = append(data, d)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	tax := doc.DefaultTaxonomy()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		var r record
		r.doc.Path = "mind/concepts/x.md"
		fillDoc(&r, data[i%len(data)], tax)
	}
}

func openBench(b *testing.B, l vault.Layout) *Index {
	b.Helper()
	ix, err := Open(context.Background(), l, Options{Logger: quiet()})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ix.Close() })
	if _, err := ix.Refresh(context.Background()); err != nil {
		b.Fatal(err)
	}
	return ix
}

// BenchmarkStageArchive10k is the index's part of the sleep cycle's first
// run: 5,000 memories moved under mind/archive/ with status: archived,
// staged from their new bytes (as rules.Sleeper.write does) and dropped.
func BenchmarkStageArchive10k(b *testing.B) {
	l := benchVault(b, 10000)
	ix := openBench(b, l)
	ctx := context.Background()
	type moved struct {
		from, to string
		data     []byte
	}
	var ms []moved
	err := filepath.WalkDir(l.Path("mind"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || len(ms) == 5000 || filepath.Ext(p) != ".md" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		parsed, err := doc.Parse(data)
		if err != nil {
			return nil // a broken document of the generator's: not archived
		}
		if err := parsed.Set(doc.FieldStatus, "archived"); err != nil {
			return err
		}
		rel, _ := filepath.Rel(l.Root, p)
		rel = filepath.ToSlash(rel)
		ms = append(ms, moved{rel, "mind/archive/" + rel[len("mind/"):], parsed.Bytes()})
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	now := time.Now()
	var cpu time.Duration // the process's user + system time in Stage: wall time is the machine's load
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		files := make([]File, len(ms))
		gone := make([]string, len(ms))
		for i, m := range ms {
			parsed, err := doc.Parse(m.data)
			if err != nil {
				b.Fatal(err)
			}
			files[i] = File{Path: m.to, Data: m.data, ModTime: now, Parsed: parsed}
			gone[i] = m.from
		}
		b.StartTimer()
		c0 := processCPU(b)
		st, err := ix.Stage(ctx, files, gone)
		if err != nil {
			b.Fatal(err)
		}
		st.Abort()
		cpu += processCPU(b) - c0
	}
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "ms-cpu/op")
}

// processCPU is the process's user and system time so far.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
