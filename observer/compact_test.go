package observer

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault/doc"
)

// dirBytes is the bytes of the files under dir.
func dirBytes(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	filepath.Walk(dir, func(_ string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			n += fi.Size()
		}
		return nil
	})
	return n
}

// A stream of observations into a month folder of thousands of documents:
// each commit rewrites that folder's tree whole (here ~100 KB compressed,
// 1 MB at 40,000 documents). The memorizer packs what the store wrote once
// it asks for it, so .git/objects stays within twice what `git gc` makes
// after every batch of the stream — not only at quiet times, and long
// before git's own gc --auto thresholds (6,700 loose objects) are reached.
func TestMemorizerKeepsGitCompactUnderAStream(t *testing.T) {
	l := newTestVault(t)
	const seeded, stream = 3000, 40
	month := filepath.Join(l.Root, "mind", "concepts", "2026-02")
	if err := os.MkdirAll(month, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range seeded {
		// ~600 bytes packed, about what a memory takes in the benchmarks'
		// vaults (a month tree is then ~1/20 of the packed repository).
		sum := sha256.Sum256([]byte(strconv.Itoa(i)))
		body := fmt.Sprintf("Seeded memory %d: the service %d keeps its cache for %d minutes and logs at level %d. Trace %x.",
			i, i%997, i%61, i%5, bytes.Repeat(sum[:], 18))
		d := &doc.Document{ID: fmt.Sprintf("019503a7-c18f-7b1d-a3b2-%012d", i), Type: "fact", Category: doc.Concept,
			Created: time.Date(2026, 2, 1+i%14, 10, 0, 0, 0, time.UTC), SourceHash: doc.Hash(body), Title: doc.Title(body), Body: body}
		rel := doc.DocPath("mind/concepts", d.Created, d.SourceHash, nil)
		if err := os.WriteFile(filepath.Join(l.Root, filepath.FromSlash(rel)), doc.Render(d), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git(t, l.Root, "add", "-A")
	git(t, l.Root, "commit", "-q", "-m", "seed")
	git(t, l.Root, "gc", "-q")
	objects := filepath.Join(l.Root, ".git", "objects")

	m, clock, log := openLogged(t, l)
	var peak int64
	for i := range stream {
		appendRaw(t, l, obsLine("2026-02-16T10:00:00Z", "fact", fmt.Sprintf("Fact %d of the stream, committed alone.", i), ""))
		if res := process(t, m); len(res.Commits) != 1 {
			t.Fatalf("observation %d: %d commits", i, len(res.Commits))
		}
		peak = max(peak, dirBytes(t, objects))
		clock.mu.Lock()
		clock.t = clock.t.Add(30 * time.Second) // a stream: never a quiet minute
		clock.mu.Unlock()
	}
	if n := len(mustGlob(t, filepath.Join(month, "*.md"))); n != seeded+stream {
		t.Fatalf("%d documents in the month folder, want %d", n, seeded+stream)
	}
	checkInvariants(t, l)
	git(t, l.Root, "fsck", "--no-progress")
	git(t, l.Root, "gc", "-q")
	gc := dirBytes(t, objects)
	t.Logf(".git/objects: peak %d bytes over %d commits, %d after git gc", peak, stream, gc)
	if peak > 2*gc {
		t.Fatalf(".git/objects reached %d bytes under the stream, %.1f× the %d bytes after git gc; log:\n%s", peak, float64(peak)/float64(gc), gc, log)
	}
}

func mustGlob(t *testing.T, pattern string) []string {
	t.Helper()
	ps, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}
