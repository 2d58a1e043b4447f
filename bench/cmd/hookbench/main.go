// Command hookbench measures what the pre-commit hook adds to `git commit`:
// each run edits a few documents of the vault, stages them, and times `git
// commit`, alternately with the hook and with --no-verify, so that both see
// the same repository and the same noise. Two kinds of edits: valid ones (a
// field changed in place, as the daemon or a careful person does: the hook
// only checks) and body edits (a line appended, as a person does in an
// editor: the hook recomputes source_hash, writing a blob, the index entry
// and the working file).
//
//	hookbench -vault DIR [-runs 20] [-files 10]
//
// The vault must be the top of a git repository with the hook installed and
// everything committed. It prints the medians, the time the hook adds and
// the ratio, in wall time and in processor time.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

func main() {
	dir := flag.String("vault", "", "the vault folder, the top of a repository (required)")
	runs := flag.Int("runs", 20, "timed commits of each kind")
	files := flag.Int("files", 10, "documents changed per commit")
	flag.Parse()
	if *dir == "" || *runs < 1 || *files < 1 {
		fmt.Fprintln(os.Stderr, "usage: hookbench -vault DIR [-runs N] [-files N]")
		os.Exit(2)
	}
	if err := run(vault.Layout{Root: *dir}, *runs, *files); err != nil {
		fmt.Fprintln(os.Stderr, "hookbench:", err)
		os.Exit(1)
	}
}

func run(l vault.Layout, runs, files int) error {
	ig, err := vault.LoadIgnore(l)
	if err != nil {
		return err
	}
	var paths []string
	if err := vault.Walk(l, ig, func(rel string, _ fs.DirEntry) error {
		paths = append(paths, rel)
		return nil
	}); err != nil {
		return err
	}
	if len(paths) < files {
		return fmt.Errorf("%s holds %d documents", l.Root, len(paths))
	}
	r := rand.New(rand.NewPCG(7, 11))
	commit := func(n int, verify, valid bool) (wall, cpu time.Duration, err error) {
		args := []string{"add", "--"}
		for _, i := range r.Perm(len(paths))[:files] {
			p := l.Path(filepath.FromSlash(paths[i]))
			if err := edit(p, n, valid); err != nil {
				return 0, 0, err
			}
			args = append(args, paths[i])
		}
		if _, err := git(l.Root, args...); err != nil {
			return 0, 0, err
		}
		c := []string{"commit", "-q", "-m", fmt.Sprintf("bench %d", n)}
		if !verify {
			c = append(c, "--no-verify")
		}
		start := time.Now()
		cpu, err = git(l.Root, c...)
		return time.Since(start), cpu, err
	}
	// Warm up: the first hooked commit may build the index.
	for i := range 2 {
		if _, _, err := commit(-1-i, i == 0, true); err != nil {
			return err
		}
	}
	for _, valid := range []bool{true, false} {
		kind := "valid edits"
		if !valid {
			kind = "body edits"
		}
		var with, without, withCPU, withoutCPU []time.Duration
		for i := range runs {
			d, c, err := commit(2*i, true, valid)
			if err != nil {
				return err
			}
			with, withCPU = append(with, d), append(withCPU, c)
			if d, c, err = commit(2*i+1, false, valid); err != nil {
				return err
			}
			without, withoutCPU = append(without, d), append(withoutCPU, c)
		}
		mw, mo := median(with), median(without)
		cw, co := median(withCPU), median(withoutCPU)
		fmt.Printf("%-44s runs=%d  median=%s  p10=%s  p90=%s  cpu=%s\n", fmt.Sprintf("git commit, %d %s, hook", files, kind), runs, ms(mw), ms(pct(with, 0.1)), ms(pct(with, 0.9)), ms(cw))
		fmt.Printf("%-44s runs=%d  median=%s  p10=%s  p90=%s  cpu=%s\n", fmt.Sprintf("git commit, %d %s, --no-verify", files, kind), runs, ms(mo), ms(pct(without, 0.1)), ms(pct(without, 0.9)), ms(co))
		fmt.Printf("%-44s %s wall (goal <= 100ms), ratio %.2fx; %s cpu\n", "  the hook adds (medians)", ms(mw-mo), float64(mw)/float64(mo), ms(cw-co))
	}
	return nil
}

// edit changes the document at p: its importance (valid) or a line appended
// to its body (source_hash goes stale).
func edit(p string, n int, valid bool) error {
	if !valid {
		f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(f, "Edited by hand, run %d.\n", n)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	document, err := doc.Parse(data)
	if err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	if err := document.Set(doc.FieldImportance, 0.5+float64((n%50+50)%50)/100); err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	return os.WriteFile(p, document.Bytes(), 0o644)
}

// git runs git and returns the processor time it and the processes it
// waited for (the hook, cortex, the git commands cortex ran) used: a figure
// that other load on the machine disturbs far less than the wall time.
func git(dir string, args ...string) (time.Duration, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("git %v: %v\n%s", args, err, stderr.Bytes())
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

func pct(ds []time.Duration, p float64) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[int(p*float64(len(s)-1))]
}

func median(ds []time.Duration) time.Duration { return pct(ds, 0.5) }

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond)) }
