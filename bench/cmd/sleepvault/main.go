// Command sleepvault writes a vault for the sleep cycle's benchmark: a
// vaultgen vault of n documents, plus about 5% near-duplicates (another
// wording of an earlier memory of the same type, in a later session), 1%
// repeats (reinforced twice), 10% of memories about project files (files:),
// and a git repository whose history changes some of those files after
// most memories were made.
//
//	sleepvault -dir DIR [-n 10000] [-seed 1]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/cortex-vault/cortex/bench/vaultgen"
	"github.com/cortex-vault/cortex/vault/doc"
)

func main() {
	dir := flag.String("dir", "", "the vault folder to write (must not exist)")
	n := flag.Int("n", 10000, "number of documents before the duplicates")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "usage: sleepvault -dir DIR [-n N] [-seed S]")
		os.Exit(2)
	}
	if err := run(*dir, *n, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "sleepvault:", err)
		os.Exit(1)
	}
}

func run(dir string, n int, seed uint64) error {
	if err := vaultgen.Generate(dir, n, seed); err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(seed, 7))
	var mind []string
	err := filepath.WalkDir(filepath.Join(dir, "mind"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			mind = append(mind, p)
		}
		return err
	})
	if err != nil {
		return err
	}
	const files = 200
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		return err
	}
	for i := range files {
		if err := os.WriteFile(filepath.Join(dir, "src", fmt.Sprintf("f%d.go", i)), []byte("package src\n"), 0o644); err != nil {
			return err
		}
	}
	dups, repeats, withFiles := 0, 0, 0
	for i, p := range mind {
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		parsed, err := doc.Parse(data)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		changed := false
		switch x := r.IntN(1000); {
		case x < 100:
			if err := parsed.Set(doc.FieldFiles, []string{fmt.Sprintf("src/f%d.go", r.IntN(files))}); err != nil {
				return err
			}
			changed, withFiles = true, withFiles+1
		case x < 110:
			if err := parsed.Set(doc.FieldReinforced, 2); err != nil {
				return err
			}
			changed, repeats = true, repeats+1
		}
		if changed {
			if err := os.WriteFile(p, parsed.Bytes(), 0o644); err != nil {
				return err
			}
		}
		if r.IntN(1000) < 85 {
			d := parsed.Doc
			d.ID = doc.NewID()
			d.Body = "Note: " + strings.TrimSpace(d.Body) + " (learned the hard way)"
			d.SourceHash = doc.Hash(d.Body)
			d.Created = d.Created.Add(36 * 3600e9)
			d.SessionID = fmt.Sprintf("%08x-0000-4000-8000-%012x", r.Uint32(), i)
			d.Files, d.Reinforced, d.LastReinforced = nil, 0, nil
			name := strings.TrimSuffix(p, ".md") + "-dup.md"
			if err := os.WriteFile(name, doc.Render(&d), 0o644); err != nil {
				return err
			}
			dups++
		}
	}
	env := append(os.Environ(), "GIT_AUTHOR_NAME=bench", "GIT_AUTHOR_EMAIL=bench@example.com",
		"GIT_COMMITTER_NAME=bench", "GIT_COMMITTER_EMAIL=bench@example.com")
	git := func(date string, args ...string) error {
		cmd := exec.Command("git", append([]string{"-c", "gc.auto=0"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(env, "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	if err := git("2024-01-01T00:00:00Z", "init", "-q", "-b", "main"); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(".cortex/\nobserver/\n"), 0o644); err != nil {
		return err
	}
	if err := git("2024-01-01T00:00:00Z", "add", "-A"); err != nil {
		return err
	}
	if err := git("2024-01-01T00:00:00Z", "commit", "-qm", "bench vault"); err != nil {
		return err
	}
	// A year of project history: a quarter of the files change, one per
	// commit, spread over 2025.
	for i := 0; i < files/4; i++ {
		f := filepath.Join(dir, "src", fmt.Sprintf("f%d.go", r.IntN(files)))
		fh, err := os.OpenFile(f, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		w := bufio.NewWriter(fh)
		fmt.Fprintf(w, "// change %d\n", i)
		w.Flush()
		fh.Close()
		date := fmt.Sprintf("2025-%02d-%02dT12:00:00Z", 1+i%12, 1+i%28)
		if err := git(date, "commit", "-qam", fmt.Sprintf("src: change %d", i)); err != nil {
			return err
		}
	}
	fmt.Printf("%s: %d documents, %d under mind/, %d near-duplicates, %d repeats, %d with files:\n", dir, n+dups, len(mind), dups, repeats, withFiles)
	return nil
}
