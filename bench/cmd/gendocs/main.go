// Command gendocs writes many valid memory documents into a vault, fast
// (one writer per core), for the hook and validate benchmarks: D21
// frontmatter as the memorizer renders it, filed by type and month as the
// router files them, every document passing `cortex validate`.
//
//	gendocs -vault DIR [-n 100000] [-seed 1]
//
// The same flags give the same files.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

func main() {
	dir := flag.String("vault", "", "the vault folder (required)")
	n := flag.Int("n", 100000, "documents to write")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if *dir == "" || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: gendocs -vault DIR [-n N] [-seed S]")
		os.Exit(2)
	}
	if err := generate(vault.Layout{Root: *dir}, *n, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}

var types = []string{"fact", "decision", "lesson", "preference", "warning", "discovery", "task", "bugfix", "event", "goal_short"}

var words = strings.Fields(`the a to of and in is for on that with it this be as by not are we use
	when from at or should must can will if so but run file test build index commit git daemon
	memory vault user agent search note link config error cache server client api query deploy
	review branch merge release schema table column migrate backup restore token session hook`)

func generate(l vault.Layout, n int, seed uint64) error {
	tx, err := doc.LoadTaxonomy(l.Root)
	if err != nil {
		return err
	}
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	span := 2 * 365 * 24 * time.Hour
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	var dirs sync.Map
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += workers {
				r := rand.New(rand.NewPCG(seed, uint64(i)))
				typ := types[r.IntN(len(types))]
				def, _ := tx.Type(typ)
				created := start.Add(time.Duration(float64(span) * float64(i) / float64(n))).UTC().Truncate(time.Millisecond)
				var b strings.Builder
				fmt.Fprintf(&b, "Memory %d:", i)
				for range 12 + r.IntN(40) {
					b.WriteString(" " + words[r.IntN(len(words))])
				}
				b.WriteString(".")
				imp, conf := 0.5+float64(r.IntN(50))/100, 0.6+float64(r.IntN(40))/100
				d := &doc.Document{
					ID: fmt.Sprintf("%08x-%04x-7%03x-%04x-%012x", uint64(created.UnixMilli())>>16, created.UnixMilli()&0xffff,
						r.Uint32()&0xfff, 0x8000|r.Uint32()&0x3fff, uint64(i)),
					Type: typ, Category: def.Category, Created: created,
					Bucket: []string{"explicit", "ambient"}[r.IntN(2)], Attribution: "owner",
					Confidence: &conf, Importance: &imp,
					SessionID: "cli", Tags: []string{"bench", "area/" + typ},
					Body: b.String(),
				}
				d.SourceHash = doc.Hash(d.Body)
				d.Title = doc.Title(d.Body)
				// The index number in the name keeps names unique without
				// looking at the disk.
				rel := doc.DocPath(def.Dir, created, d.SourceHash, nil)
				rel = strings.TrimSuffix(rel, ".md") + fmt.Sprintf("-%d.md", i)
				p := l.Path(filepath.FromSlash(rel))
				if _, ok := dirs.Load(filepath.Dir(p)); !ok {
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						errs <- err
						return
					}
					dirs.Store(filepath.Dir(p), true)
				}
				if err := os.WriteFile(p, doc.Render(d), 0o644); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}
