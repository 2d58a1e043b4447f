// Command memgen builds and measures the memorizer's benchmark vaults.
//
//	memgen vault    -vault DIR -docs N            N documents, one bulk commit, the index
//	memgen lines    -docs N -n M [-repeat F]      M observation lines on stdout
//	memgen latency  -vault DIR -n M [-cortex BIN] [-apart D] observe → committed, with a daemon running
//	memgen gitbytes -vault DIR -n M -cortex BIN   .git growth per one-observation commit
//	memgen baseline -vault DIR -docs N -n M       the seed's way: grep, write, git add, git commit
//
// The documents of `vault` and the bodies of `lines` come from the same
// numbering, so lines can repeat documents already in the vault (they are
// reinforcements) as well as bring new ones.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/index"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	fl := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	dir := fl.String("vault", "", "the vault folder")
	docs := fl.Int("docs", 100000, "documents in the vault")
	n := fl.Int("n", 200, "observations")
	repeat := fl.Float64("repeat", 0.1, "share of lines that repeat a document of the vault")
	cortexBin := fl.String("cortex", "", "the cortex binary")
	apart := fl.Duration("apart", 20*time.Millisecond, "latency: the pause between a probe's commit and the next probe")
	fl.Parse(os.Args[2:])
	var err error
	switch os.Args[1] {
	case "vault":
		err = genVault(*dir, *docs)
	case "lines":
		err = genLines(*docs, *n, *repeat)
	case "latency":
		err = latency(*dir, *n, *cortexBin, *apart)
	case "gitbytes":
		err = gitBytes(*dir, *n, *cortexBin)
	case "baseline":
		err = baseline(*dir, *docs, *n)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "memgen:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: memgen vault|lines|latency|gitbytes|baseline [flags] (see the source)")
	os.Exit(2)
}

// kinds are the types of the generated documents, by turn.
var kinds = []string{"fact", "decision", "lesson", "task", "bugfix", "preference"}

// docBody is the body of document number i (and of the lines that repeat
// it); bodies past the vault's numbers are new memories.
func docBody(i int) string {
	return fmt.Sprintf("Benchmark memory %d: the service %d keeps its cache for %d minutes and logs at level %d.", i, i%997, i%61, i%5)
}

// docCreated spreads the documents over two years of month folders.
func docCreated(i int) time.Time {
	base := time.Date(2024, 1, 1, 9, 0, 0, 0, time.UTC)
	return base.Add(time.Duration(i%730) * 24 * time.Hour).Add(time.Duration(i) * time.Second)
}

// genVault writes docs documents the way the memorizer files them, commits
// them in one bulk commit through the git store, and builds the index.
func genVault(dir string, docs int) error {
	if dir == "" {
		return errors.New("-vault is required")
	}
	l := vault.Layout{Root: dir}
	tx, err := doc.LoadTaxonomy(dir)
	if err != nil {
		return err
	}
	start := time.Now()
	paths := make([]string, 0, docs)
	made := map[string]bool{}
	type file struct {
		path string
		data []byte
	}
	// Files are written by a few workers: creating 100,000 files is system
	// calls, which overlap.
	files := make(chan file, 256)
	errc := make(chan error, 1)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range files {
				if err := os.WriteFile(f.path, f.data, 0o644); err != nil {
					select {
					case errc <- err:
					default:
					}
				}
			}
		}()
	}
	dirs := map[string]bool{}
	for i := range docs {
		typ := kinds[i%len(kinds)]
		def, ok := tx.Type(typ)
		if !ok {
			return fmt.Errorf("type %s is not in %s", typ, l.Taxonomy())
		}
		body := docBody(i)
		conf, imp := 0.8, 0.6
		d := &doc.Document{
			ID: doc.NewID(), Type: typ, Category: def.Category, Created: docCreated(i),
			SourceHash: doc.Hash(body), Title: doc.Title(body), Bucket: observer.BucketAmbient,
			Attribution: "bench", Confidence: &conf, Importance: &imp, SessionID: observer.SessionCLI,
			Body: body,
		}
		rel := doc.DocPath(def.Dir, d.Created, d.SourceHash, func(p string) bool { return made[p] })
		made[rel] = true
		p := l.Path(filepath.FromSlash(rel))
		if dir := filepath.Dir(p); !dirs[dir] {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			dirs[dir] = true
		}
		files <- file{p, doc.Render(d)}
		paths = append(paths, rel)
	}
	close(files)
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
	}
	wrote := time.Since(start)
	gs, err := gitstore.Open(dir)
	if err != nil {
		return err
	}
	ctx := context.Background()
	t := time.Now()
	if _, err := gs.Commit(ctx, gitstore.CommitRequest{Paths: paths, Message: fmt.Sprintf("bench: %d documents", docs)}); err != nil {
		return err
	}
	committed := time.Since(t)
	t = time.Now()
	if err := index.Rebuild(ctx, l, index.RebuildOptions{}); err != nil {
		return err
	}
	fmt.Printf("vault of %d documents: files %.1fs, one commit %.1fs, index %.1fs\n",
		docs, wrote.Seconds(), committed.Seconds(), time.Since(t).Seconds())
	return nil
}

// obsLine is observation number seq carrying body.
func obsLine(seq int, body string) []byte {
	o := observer.Observation{
		Timestamp: time.Date(2026, 2, 16, 15, 0, 0, 0, time.UTC).Add(time.Duration(seq) * time.Millisecond),
		Bucket:    observer.BucketAmbient, Type: kinds[seq%len(kinds)], Body: body,
		Attribution: "bench", SessionID: observer.SessionCLI,
	}
	b, err := o.Marshal()
	if err != nil {
		panic(err)
	}
	return b
}

// genLines prints n lines: a share repeats documents of the vault (spread
// over it), the rest are new.
func genLines(docs, n int, repeat float64) error {
	var out bytes.Buffer
	every := 0
	if repeat > 0 {
		every = int(1 / repeat)
	}
	fresh := docs
	for seq := range n {
		var body string
		if every > 0 && seq%every == 0 && docs > 0 {
			body = docBody(seq * 7919 % docs)
		} else {
			body = docBody(fresh)
			fresh++
		}
		out.Write(obsLine(seq, body))
		out.WriteByte('\n')
	}
	_, err := os.Stdout.Write(out.Bytes())
	return err
}

// headRef is the branch file HEAD names (the store writes loose refs).
func headRef(dir string) (string, error) {
	data, err := os.ReadFile(filepath.Join(dir, ".git", "HEAD"))
	if err != nil {
		return "", err
	}
	ref, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "ref: ")
	if !ok {
		return "", errors.New("detached HEAD")
	}
	return filepath.Join(dir, ".git", filepath.FromSlash(ref)), nil
}

func quantiles(ds []time.Duration) (p50, p95, max time.Duration) {
	slices.Sort(ds)
	q := func(p float64) time.Duration { return ds[int(p*float64(len(ds)-1)+0.5)] }
	return q(0.5), q(0.95), ds[len(ds)-1]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }

// latency measures observe → committed with a daemon running on dir: the
// time from the start of an append (a `cortex observe` process with
// -cortex, else the library's Append) to the branch moving.
func latency(dir string, n int, cortexBin string, apart time.Duration) error {
	ref, err := headRef(dir)
	if err != nil {
		return err
	}
	l := vault.Layout{Root: dir}
	ctx := context.Background()
	var ds []time.Duration
	for seq := range n {
		before, err := os.ReadFile(ref)
		if err != nil {
			return err
		}
		line := obsLine(seq, fmt.Sprintf("Latency probe %d: the daemon commits this %s.", seq, time.Now().Format(time.RFC3339Nano)))
		start := time.Now()
		if cortexBin != "" {
			cmd := exec.Command(cortexBin, "observe", "--vault", dir)
			cmd.Stdin = bytes.NewReader(append(line, '\n'))
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("cortex observe: %v: %s", err, out)
			}
		} else if err := observer.Append(ctx, l, line); err != nil {
			return err
		}
		deadline := start.Add(time.Minute)
		for {
			now, err := os.ReadFile(ref)
			if err == nil && !bytes.Equal(now, before) {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("observation %d not committed after a minute", seq)
			}
			time.Sleep(500 * time.Microsecond)
		}
		ds = append(ds, time.Since(start))
		// Apart, so each is a batch of its own. (A probe that follows
		// its commit closer than the daemon's commit gap is part of a
		// stream, and waits for the gap: -apart 1.2s measures lone
		// observations.)
		time.Sleep(apart)
	}
	p50, p95, max := quantiles(ds)
	how := "observer.Append"
	if cortexBin != "" {
		how = "cortex observe"
	}
	fmt.Printf("observe → committed (%s, daemon running)  n=%d  p50=%s  p95=%s  max=%s\n", how, n, ms(p50), ms(p95), ms(max))
	return nil
}

// dirSize is the bytes of the regular files under dir.
func dirSize(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			fi, err := d.Info()
			if err != nil {
				return err
			}
			n += fi.Size()
		}
		return nil
	})
	return n, err
}

// gitBytes appends one observation at a time, runs `cortex process`, and
// measures what .git grew by for each commit (objects, index, logs).
func gitBytes(dir string, n int, cortexBin string) error {
	if cortexBin == "" {
		return errors.New("-cortex is required")
	}
	l := vault.Layout{Root: dir}
	gitDir := filepath.Join(dir, ".git")
	ctx := context.Background()
	var sizes []int64
	for seq := range n {
		before, err := dirSize(gitDir)
		if err != nil {
			return err
		}
		line := obsLine(seq, fmt.Sprintf("Git growth probe %d: one observation, one commit.", seq))
		if err := observer.Append(ctx, l, line); err != nil {
			return err
		}
		out, err := exec.Command(cortexBin, "process", "--vault", dir, "--json").Output()
		if err != nil {
			return fmt.Errorf("cortex process: %v", err)
		}
		var res struct{ Commits []string }
		if err := json.Unmarshal(out, &res); err != nil || len(res.Commits) != 1 {
			return fmt.Errorf("cortex process: want one commit, got %s", out)
		}
		after, err := dirSize(gitDir)
		if err != nil {
			return err
		}
		sizes = append(sizes, after-before)
	}
	slices.Sort(sizes)
	fmt.Printf(".git growth per one-observation commit  n=%d  median=%.1f KB  max=%.1f KB  (index file %s)\n",
		n, float64(sizes[len(sizes)/2])/1024, float64(sizes[len(sizes)-1])/1024, indexSize(gitDir))
	return nil
}

func indexSize(gitDir string) string {
	fi, err := os.Stat(filepath.Join(gitDir, "index"))
	if err != nil {
		return "?"
	}
	return fmt.Sprintf("%.1f MB, rewritten by every commit", float64(fi.Size())/(1<<20))
}

// baseline is the seed's memorizer, per observation: grep the vault for
// the source_hash, write the file, git add it, git commit. It prints the
// time per observation.
func baseline(dir string, docs, n int) error {
	l := vault.Layout{Root: dir}
	var ds []time.Duration
	for seq := range n {
		body := docBody(docs + 1000000 + seq)
		start := time.Now()
		hash := doc.Hash(body)
		grep := exec.Command("grep", "-r", "-l", "source_hash: "+hash, "mind", "vault")
		grep.Dir = dir
		if out, err := grep.Output(); err == nil || len(out) > 0 {
			return fmt.Errorf("baseline: %s is already known", hash)
		}
		d := &doc.Document{
			ID: doc.NewID(), Type: "fact", Category: doc.Concept, Created: time.Now().UTC(),
			SourceHash: hash, Title: doc.Title(body), Body: body,
		}
		rel := doc.DocPath("mind/concepts", d.Created, hash, nil)
		p := l.Path(filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, doc.Render(d), 0o644); err != nil {
			return err
		}
		for _, args := range [][]string{{"add", "--", rel}, {"commit", "-q", "-m", "observe: " + d.Title, "--", rel}} {
			cmd := exec.Command("git", args...)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("git %s: %v: %s", args[0], err, out)
			}
		}
		ds = append(ds, time.Since(start))
	}
	p50, p95, _ := quantiles(ds)
	var total time.Duration
	for _, d := range ds {
		total += d
	}
	fmt.Printf("seed baseline (grep -r, write, git add, git commit)  n=%d  per observation: mean=%s  p50=%s  p95=%s\n",
		n, ms(total/time.Duration(n)), ms(p50), ms(p95))
	return nil
}
