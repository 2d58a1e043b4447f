package rules

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

// change is the newest commit that changed a file.
type change struct {
	commit string
	at     time.Time
}

// projectRoot is the work tree whose history `files:` name: Options.Project;
// else, for a vault that is its own repository nested in a project, the
// project's; else the repository that holds the vault.
func (s *Sleeper) projectRoot() (string, error) {
	if s.project != "" {
		return s.project, nil
	}
	own, err := gitstore.FindRepo(s.l.Root)
	if err != nil {
		return "", err
	}
	if root, err := filepath.EvalSymlinks(s.l.Root); err == nil && root == own.WorkTree {
		if outer, err := gitstore.FindRepo(filepath.Dir(own.WorkTree)); err == nil {
			return outer.WorkTree, nil
		}
	}
	return own.WorkTree, nil
}

// outdated marks status: outdated the active memories whose files: changed
// in a commit after the memory was made or last reinforced, naming the
// commit; an outdated one reinforced since the change is active again.
func (p *planner) outdated(ctx context.Context) error {
	if p.history == nil {
		p.readHistory(ctx)
	}
	h := <-p.history
	ms, changes, err := h.ms, h.changes, h.err
	if len(ms) == 0 {
		return nil
	}
	if err != nil {
		p.notef("files: cannot be checked: %v", err)
		return nil
	}
	for _, m := range ms {
		var newest, any change
		var which string
		for _, f := range m.d.Files {
			rel, ok := projectPath(f)
			if !ok {
				p.notef("%s: files: entry %q is not a path inside the project; ignored", m.d.Path, f)
				continue
			}
			c, ok := changes[rel]
			if !ok {
				continue
			}
			if c.at.After(any.at) {
				any = c
			}
			if c.at.UnixMilli() > m.d.DecayBaseMS && c.at.After(newest.at) {
				newest, which = c, rel
			}
		}
		switch {
		case m.d.Status == "active" && newest.commit != "":
			if p.set(m, doc.FieldStatus, "outdated") {
				p.act(Action{Kind: KindOutdated, Path: m.d.Path, ID: m.d.ID,
					Detail: fmt.Sprintf("%s changed in commit %s (%s)", which, newest.commit, newest.at.UTC().Format(time.RFC3339))})
			}
		case m.d.Status == "outdated" && newest.commit == "" && any.commit != "" && m.d.LastReinforced != "":
			if p.set(m, doc.FieldStatus, "active") {
				p.act(Action{Kind: KindActive, Path: m.d.Path, ID: m.d.ID,
					Detail: fmt.Sprintf("reinforced after its files changed (last in %s)", any.commit)})
			}
		}
	}
	return nil
}

// history is what readHistory found: the memories with files: that
// outdated looks at, and the changes of the project's files since the
// oldest of them.
type history struct {
	ms      []*mem
	changes map[string]change
	err     error
}

// readHistory starts reading, with one `git log`, the project's history
// that outdated needs, while the plan goes on: the memories it looks at
// are known once the index is loaded.
func (p *planner) readHistory(ctx context.Context) {
	p.history = make(chan history, 1)
	var ms []*mem
	var since int64 = -1
	for _, m := range p.mems {
		if len(m.d.Files) == 0 || m.d.ID == "" || (m.d.Status != "active" && m.d.Status != "outdated") {
			continue
		}
		ms = append(ms, m)
		if since < 0 || m.d.DecayBaseMS < since {
			since = m.d.DecayBaseMS
		}
	}
	if len(ms) == 0 {
		p.history <- history{}
		return
	}
	var named []string
	seen := map[string]bool{}
	for _, m := range ms {
		for _, f := range m.d.Files {
			if rel, ok := projectPath(f); ok && !seen[rel] {
				seen[rel] = true
				named = append(named, rel)
			}
		}
	}
	if len(named) > maxPathspecs {
		named = nil // the whole history: cheaper than a command line that long
	}
	go func() {
		h := history{ms: ms}
		root, err := p.s.projectRoot()
		if err == nil {
			h.changes, err = fileChanges(ctx, root, time.UnixMilli(since), named)
		}
		h.err = err
		p.history <- h
	}()
}

// projectPath cleans a files: entry into a path relative to the project's
// top folder; false for an absolute path or one that leaves it.
func projectPath(f string) (string, bool) {
	f = strings.TrimSpace(filepath.ToSlash(f))
	f = strings.TrimPrefix(f, "./")
	if f == "" || strings.HasPrefix(f, "/") || strings.ContainsAny(f, "\x00\n") || filepath.IsAbs(f) {
		return "", false
	}
	c := path.Clean(f)
	if c == ".." || strings.HasPrefix(c, "../") || c == "." {
		return "", false
	}
	return c, true
}

// maxPathspecs bounds the paths named to git log.
const maxPathspecs = 5000

// fileChanges reads the project's history since a time: for each file, the
// newest commit that changed it. One `git log` for the whole run, limited
// to the paths named (git then skips the rest of every tree it compares: a
// commit of 100,000 files costs nothing when none of them is named).
func fileChanges(ctx context.Context, root string, since time.Time, paths []string) (map[string]change, error) {
	args := []string{"-C", root, "-c", "core.quotePath=false", "log", "--no-renames", "--name-only", "-z",
		"--format=%x01%H %ct", fmt.Sprintf("--since=%d", since.Unix()-1), "HEAD", "--"}
	for _, p := range paths {
		args = append(args, ":(literal)"+p)
	}
	cmd := exec.CommandContext(ctx, "git", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if strings.Contains(stderr.String(), "does not have any commits") || strings.Contains(stderr.String(), "unknown revision") {
			return map[string]change{}, nil
		}
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("git log in %s: %s", root, strings.TrimSpace(stderr.String()))
		}
		return nil, fmt.Errorf("git log in %s: %w", root, err)
	}
	changes := map[string]change{}
	var cur change
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		if i := bytes.IndexByte(data, 0); i >= 0 {
			return i + 1, data[:i], nil
		}
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	})
	for sc.Scan() {
		tok := strings.TrimLeft(sc.Text(), "\n")
		if strings.HasPrefix(tok, "\x01") {
			// "\x01<hash> <time>\n<first file>" — the header and the first
			// name share a token.
			head, first, _ := strings.Cut(tok[1:], "\n")
			h, ts, _ := strings.Cut(head, " ")
			sec, err := strconv.ParseInt(ts, 10, 64)
			if err != nil {
				continue
			}
			cur = change{commit: h[:min(len(h), 12)], at: time.Unix(sec, 0)}
			tok = first
		}
		if tok == "" || cur.commit == "" {
			continue
		}
		if _, seen := changes[tok]; !seen {
			changes[tok] = cur // newest first: the first seen is the newest
		}
	}
	return changes, sc.Err()
}
