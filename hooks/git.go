package hooks

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// git runs the git CLI in a work tree. The pre-commit hook goes through the
// CLI rather than go-git: it runs under git, which has the index locked and
// points GIT_INDEX_FILE at the index being committed; every git command it
// starts inherits that environment and so reads and writes that index —
// never .git/index.lock taken anew.
type git struct {
	dir string
	// indexFile, when set, overrides GIT_INDEX_FILE.
	indexFile string
}

// run runs git with args and returns its stdout. The error carries git's
// own message.
func (g git) run(ctx context.Context, stdin []byte, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = g.dir
	if g.indexFile != "" {
		cmd.Env = append(os.Environ(), "GIT_INDEX_FILE="+g.indexFile)
	}
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), gitError(args, err, stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

func gitError(args []string, err error, stderr []byte) error {
	name := "git"
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			name += " " + a
			break
		}
	}
	if msg := strings.TrimSpace(string(stderr)); msg != "" {
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		return fmt.Errorf("%s: %s", name, msg)
	}
	return fmt.Errorf("%s: %w", name, err)
}

// change is one staged change: a path whose index entry differs from HEAD.
type change struct {
	path   string // repository-relative, slash-separated
	mode   string // the staged mode: 100644, 100755, 120000, 160000
	blob   string // the staged blob
	status byte   // A, M, T or D
	// old is the committed blob of a modified regular file ("" for the
	// others): the body a derived title came from.
	old string
}

// stagedChanges lists the staged additions, modifications, type changes and
// deletions under the pathspecs (relative to the top of the work tree, where
// g runs). `git diff --cached` compares the index with HEAD, or with the
// empty tree before the first commit; --no-renames makes a moved file a
// deletion and an addition, whatever diff.renames says, so the addition is
// checked; --literal-pathspecs keeps a vault path with * or : from being
// read as pathspec magic.
func (g git) stagedChanges(ctx context.Context, pathspecs []string) ([]change, error) {
	args := append([]string{"--literal-pathspecs", "diff", "--cached", "--raw", "--no-abbrev", "-z", "--no-renames",
		"--no-color", "--no-ext-diff", "--diff-filter=AMTD", "--"}, pathspecs...)
	out, err := g.run(ctx, nil, args...)
	if err != nil {
		return nil, err
	}
	return parseRawDiff(out)
}

// parseRawDiff reads `git diff --raw -z` output:
// ":oldmode newmode oldsha newsha status\0path\0" per change.
func parseRawDiff(out []byte) ([]change, error) {
	var cs []change
	for len(out) > 0 {
		i := bytes.IndexByte(out, 0)
		if i < 0 {
			return nil, fmt.Errorf("git diff: truncated output")
		}
		hdr := string(out[:i])
		out = out[i+1:]
		j := bytes.IndexByte(out, 0)
		if j < 0 {
			return nil, fmt.Errorf("git diff: truncated output")
		}
		path := string(out[:j])
		out = out[j+1:]
		f := strings.Fields(strings.TrimPrefix(hdr, ":"))
		if len(f) != 5 || f[4] == "" {
			return nil, fmt.Errorf("git diff: cannot read %q", hdr)
		}
		c := change{path: path, mode: f[1], blob: f[3], status: f[4][0]}
		if c.status == 'M' && isFileMode(f[0]) {
			c.old = f[2]
		}
		cs = append(cs, c)
	}
	return cs, nil
}

// blob is a staged file's content as read from the object store.
type blob struct {
	data []byte
	size int64 // the full size, also when data was not read (too large)
}

// readBlobs reads the blobs through one `git cat-file --batch`. A blob over
// limit bytes is not read into memory: only its size is reported.
func (g git) readBlobs(ctx context.Context, ids []string, limit int64) (map[string]blob, error) {
	out := make(map[string]blob, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	cmd := exec.CommandContext(ctx, "git", "cat-file", "--batch")
	cmd.Dir = g.dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	var req bytes.Buffer
	for _, id := range ids {
		req.WriteString(id)
		req.WriteByte('\n')
	}
	cmd.Stdin = &req
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	r := bufio.NewReaderSize(pipe, 64<<10)
	readErr := func() error {
		for _, id := range ids {
			line, err := r.ReadString('\n')
			if err != nil {
				return fmt.Errorf("git cat-file: %w", err)
			}
			f := strings.Fields(line)
			if len(f) == 2 && f[1] == "missing" {
				return fmt.Errorf("git cat-file: object %s is missing", f[0])
			}
			if len(f) != 3 {
				return fmt.Errorf("git cat-file: cannot read %q", strings.TrimSpace(line))
			}
			size, err := strconv.ParseInt(f[2], 10, 64)
			if err != nil || size < 0 {
				return fmt.Errorf("git cat-file: cannot read %q", strings.TrimSpace(line))
			}
			b := blob{size: size}
			if size > limit {
				_, err = io.CopyN(io.Discard, r, size)
			} else {
				b.data = make([]byte, size)
				_, err = io.ReadFull(r, b.data)
			}
			if err != nil {
				return fmt.Errorf("git cat-file: %w", err)
			}
			if _, err := r.Discard(1); err != nil { // the newline after the content
				return fmt.Errorf("git cat-file: %w", err)
			}
			out[id] = b // answers come in the order asked
		}
		return nil
	}()
	if readErr != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("%w (%s)", readErr, msg)
		}
		return nil, readErr
	}
	if err := cmd.Wait(); err != nil {
		return nil, gitError([]string{"cat-file"}, err, stderr.Bytes())
	}
	return out, nil
}

// writeBlobs stores each content as a blob, exactly (no clean filter: the
// staged content is already in its stored form), and returns their ids in
// order — through temporary files and one `git hash-object --stdin-paths`,
// rather than a process per blob.
func (g git) writeBlobs(ctx context.Context, contents [][]byte) ([]string, error) {
	if len(contents) == 0 {
		return nil, nil
	}
	tmp, err := os.MkdirTemp("", "cortex-hook-")
	if err != nil {
		return nil, fmt.Errorf("write blobs: %w", err)
	}
	defer os.RemoveAll(tmp)
	var paths bytes.Buffer
	for i, c := range contents {
		p := filepath.Join(tmp, strconv.Itoa(i))
		if err := os.WriteFile(p, c, 0o600); err != nil {
			return nil, fmt.Errorf("write blobs: %w", err)
		}
		paths.WriteString(p)
		paths.WriteByte('\n')
	}
	out, err := g.run(ctx, paths.Bytes(), "hash-object", "-w", "--no-filters", "--stdin-paths")
	if err != nil {
		return nil, err
	}
	ids := strings.Fields(string(out))
	if len(ids) != len(contents) {
		return nil, fmt.Errorf("git hash-object: %d ids for %d blobs", len(ids), len(contents))
	}
	return ids, nil
}

// indexEntry is one entry to write into the index being committed.
type indexEntry struct {
	mode, blob, path string
}

// updateIndex points index entries at new blobs, keeping their modes, in one
// `git update-index --index-info` (of the index GIT_INDEX_FILE names).
func (g git) updateIndex(ctx context.Context, entries []indexEntry) error {
	if len(entries) == 0 {
		return nil
	}
	var in bytes.Buffer
	for _, e := range entries {
		fmt.Fprintf(&in, "%s %s\t%s\x00", e.mode, e.blob, e.path)
	}
	_, err := g.run(ctx, in.Bytes(), "update-index", "-z", "--index-info")
	return err
}

// partialCommitIndex returns the index git commits after a partial commit
// (`git commit PATH…`), or "". Git then runs the hook on a temporary index
// (GIT_INDEX_FILE is next-index-PID.lock), which becomes the commit, while
// the person's index, index.lock, already holds the same paths taken from
// the working tree and is put in place after the commit. A fix made to the
// temporary index alone would leave the person's index holding the content
// before the fix, which `git status` would show as a change.
func partialCommitIndex(top string) string {
	f := os.Getenv("GIT_INDEX_FILE")
	base := filepath.Base(f)
	if !strings.HasPrefix(base, "next-index-") || !strings.HasSuffix(base, ".lock") {
		return ""
	}
	if !filepath.IsAbs(f) {
		f = filepath.Join(top, f)
	}
	real := filepath.Join(filepath.Dir(f), "index.lock")
	if fi, err := os.Stat(real); err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	return real
}
