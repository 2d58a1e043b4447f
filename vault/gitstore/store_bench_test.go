//go:build unix

package gitstore

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// benchVault writes n memory files spread over 4 type folders and 48 month
// folders (about 520 files a folder, as SPEC §2 lays them out) and commits
// them all in one Commit, the bulk path (one pack). It returns the store.
func benchVault(b testing.TB, n int) (*testRepo, *Store) {
	b.Helper()
	r := newTestRepo(b)
	dirs := []string{"mind/concepts", "vault/decisions", "vault/projects", "vault/tasks"}
	paths := make([]string, 0, n)
	start := time.Now()
	for i := 0; i < n; i++ {
		month := fmt.Sprintf("%d-%02d", 2022+(i/4%48)/12, 1+(i/4%48)%12)
		p := fmt.Sprintf("%s/%s/%s-%02d-%08x.md", dirs[i%4], month, month, 1+i%28, uint32(i)*2654435761)
		paths = append(paths, p)
		full := r.path(p)
		if err := os.WriteFile(full, benchDoc(i), 0o644); err != nil {
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(full, benchDoc(i), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	written := time.Since(start)
	s := openStore(b, r.dir, Options{})
	start = time.Now()
	mustCommit(b, s, CommitRequest{Paths: paths, Message: fmt.Sprintf("import: %d memories", n)})
	b.Logf("bulk: %d files written in %v, committed in one Commit in %v", n, written.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	return r, s
}

func benchDoc(i int) []byte {
	return []byte(fmt.Sprintf(`---
id: "0195%04x-c18f-7b1d-a3b2-9c4f7e2d%04x"
type: decision
category: concept
created: 2024-02-16T15:23:14.527Z
source_hash: %064x

# ---

title: "Memory number %d about the build, the tests and the deploy"
bucket: explicit
attribution: owner
confidence: 0.9
importance: 0.7
---

Memory number %d: use the local git only; the daemon never pushes. %s
`, i%65536, i/65536, i, i, i, strings.Repeat("word ", i%40)))
}

// looseBytes sums the loose objects' sizes: apparent bytes and the disk
// blocks they take.
func looseBytes(b *testing.B, objects string) (size, disk int64) {
	b.Helper()
	filepath.WalkDir(objects, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "pack" {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				size += fi.Size()
				if st, ok := fi.Sys().(*syscall.Stat_t); ok {
					disk += st.Blocks * 512
				}
			}
		}
		return nil
	})
	return size, disk
}

// BenchmarkCommit commits 1 and 10 new files into a vault of 100,000 files
// (set CORTEX_BENCH_FILES to change the size). It reports, besides ns/op,
// the loose-object bytes each commit adds to .git (apparent and on disk).
func BenchmarkCommit(b *testing.B) {
	n := 100000
	if v := os.Getenv("CORTEX_BENCH_FILES"); v != "" {
		fmt.Sscan(v, &n)
	}
	r, s := benchVault(b, n)
	objects := filepath.Join(r.dir, ".git", "objects")
	seq := 0
	for _, batch := range []int{1, 10} {
		b.Run(fmt.Sprintf("files=%d", batch), func(b *testing.B) {
			size0, disk0 := looseBytes(b, objects)
			held0 := s.LockHeld()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				paths := make([]string, batch)
				for k := range paths {
					seq++
					paths[k] = fmt.Sprintf("mind/concepts/2025-12/2025-12-31-new%07d.md", seq)
					if err := os.WriteFile(r.path(paths[k]), benchDoc(n+seq), 0o644); err != nil {
						b.Fatal(err)
					}
				}
				b.StartTimer()
				if _, err := s.Commit(context.Background(), CommitRequest{Paths: paths, Message: "observe: bench", When: testWhen}); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			size1, disk1 := looseBytes(b, objects)
			b.ReportMetric(float64(size1-size0)/float64(b.N), "B-objects/commit")
			b.ReportMetric(float64((s.LockHeld()-held0).Microseconds())/1000/float64(b.N), "ms-index.lock/commit")
			b.ReportMetric(float64(disk1-disk0)/float64(b.N), "B-disk/commit")
		})
	}
}
