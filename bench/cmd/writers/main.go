// Command writers measures concurrent appends to one vault's buffer: it
// starts N writer processes at once, each appending M observations one
// append at a time, then reads the buffer back and reports torn lines (not a
// whole valid observation), lost and duplicated lines, and the throughput.
//
//	writers -vault DIR [-writers 8] [-lines 2000] [-cortex PATH]
//
// Without -cortex each writer is this program calling observer.Append (the
// library path the MCP server and hooks use). With -cortex each line is a
// separate `cortex observe` process (the agents' path, process start-up
// included). It exits 1 when any line is torn, lost or duplicated.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

func main() {
	dir := flag.String("vault", "", "the vault folder (required)")
	writers := flag.Int("writers", 8, "writer processes")
	lines := flag.Int("lines", 2000, "lines per writer")
	cortexBin := flag.String("cortex", "", "append with `cortex observe` processes from this binary")
	child := flag.Int("child", -1, "internal: run as writer number N")
	flag.Parse()
	if *dir == "" || *writers < 1 || *lines < 1 {
		fmt.Fprintln(os.Stderr, "usage: writers -vault DIR [-writers 8] [-lines 2000] [-cortex PATH]")
		os.Exit(2)
	}
	var err error
	if *child >= 0 {
		err = runChild(*dir, *child, *lines, *cortexBin)
	} else {
		err = runParent(*dir, *writers, *lines, *cortexBin)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "writers:", err)
		os.Exit(1)
	}
}

func body(w, seq int) string { return fmt.Sprintf("bench writer %d line %d", w, seq) }

// runChild waits for the start signal (its stdin closing) and appends.
func runChild(dir string, w, n int, cortexBin string) error {
	if _, err := io.Copy(io.Discard, os.Stdin); err != nil {
		return err
	}
	l := vault.Layout{Root: dir}
	ctx := context.Background()
	ts := time.Now().UTC().Truncate(time.Millisecond)
	for seq := 0; seq < n; seq++ {
		if cortexBin != "" {
			cmd := exec.Command(cortexBin, "observe", "--vault", dir, "--type", "fact",
				"--body", body(w, seq), "--bucket", "ambient", "--attribution", "bench",
				"--session", "cli")
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("writer %d line %d: %v: %s", w, seq, err, out)
			}
			continue
		}
		o := observer.Observation{Timestamp: ts, Bucket: observer.BucketAmbient, Type: "fact",
			Body: body(w, seq), Attribution: "bench", SessionID: observer.SessionCLI}
		if err := observer.AppendObservations(ctx, l, o); err != nil {
			return fmt.Errorf("writer %d line %d: %w", w, seq, err)
		}
	}
	return nil
}

func runParent(dir string, writers, n int, cortexBin string) error {
	l := vault.Layout{Root: dir}
	if _, err := os.Stat(l.Buffer()); err == nil {
		return fmt.Errorf("%s exists: give an empty vault", l.Buffer())
	}
	tx, err := doc.LoadTaxonomy(dir)
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	cmds := make([]*exec.Cmd, writers)
	starts := make([]io.WriteCloser, writers)
	for w := range cmds {
		args := []string{"-vault", dir, "-lines", strconv.Itoa(n), "-child", strconv.Itoa(w)}
		if cortexBin != "" {
			args = append(args, "-cortex", cortexBin)
		}
		cmd := exec.Command(self, args...)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if starts[w], err = cmd.StdinPipe(); err != nil {
			return err
		}
		if err := cmd.Start(); err != nil {
			return err
		}
		cmds[w] = cmd
	}
	start := time.Now()
	for _, s := range starts {
		s.Close()
	}
	var failed error
	for w, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			failed = errors.Join(failed, fmt.Errorf("writer %d: %w", w, err))
		}
	}
	elapsed := time.Since(start)
	if failed != nil {
		return failed
	}

	torn, dup, total, err := verify(l, tx, writers, n)
	if err != nil {
		return err
	}
	want := writers * n
	present := total - torn - dup
	lost := want - present
	mode := "observer.Append"
	if cortexBin != "" {
		mode = "cortex observe"
	}
	fmt.Printf("%-28s writers=%d lines=%d  torn=%d lost=%d dup=%d  %.1fs  %.0f lines/s\n",
		"concurrent ("+mode+")", writers, want, torn, lost, dup, elapsed.Seconds(), float64(want)/elapsed.Seconds())
	if torn+lost+dup > 0 {
		return fmt.Errorf("%d torn, %d lost, %d duplicated lines", torn, lost, dup)
	}
	return nil
}

// verify reads the buffer and counts torn lines (not a valid observation of
// this run) and duplicates.
func verify(l vault.Layout, tx *doc.Taxonomy, writers, n int) (torn, dup, total int, err error) {
	f, err := os.Open(l.Buffer())
	if err != nil {
		return 0, 0, 0, err
	}
	defer f.Close()
	seen := make(map[string]bool, writers*n)
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, observer.MaxLineBytes)
	for sc.Scan() {
		total++
		o, _, perr := observer.ParseLine(sc.Bytes(), tx)
		var w, seq int
		if perr != nil || !strings.HasPrefix(o.Body, "bench writer ") {
			torn++
			continue
		}
		if _, err := fmt.Sscanf(o.Body, "bench writer %d line %d", &w, &seq); err != nil || w >= writers || seq >= n {
			torn++
			continue
		}
		if seen[o.Body] {
			dup++
			continue
		}
		seen[o.Body] = true
	}
	return torn, dup, total, sc.Err()
}
