package rules

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// dateUndated gives every memory under mind/ that has neither created nor
// last_reinforced — a note written by hand and committed past the hook
// (GitHub's web editor, --no-verify, a clone without the hook) — the time
// of the commit that added its file as the start of its decay. Without
// it the memory counts as infinitely old and is archived at the first
// sleep. A file no commit added yet counts as made now; a git that cannot
// answer leaves the memory out of decay for this run.
func (p *planner) dateUndated(ctx context.Context) {
	var undated []*mem
	for _, m := range p.mems {
		if m.d.CreatedMS == 0 && m.d.LastReinforced == "" && decays(m) {
			undated = append(undated, m)
		}
	}
	if len(undated) == 0 {
		return
	}
	paths := make([]string, len(undated))
	for i, m := range undated {
		paths[i] = m.d.Path
	}
	added, err := firstCommits(ctx, p.s.l.Root, paths)
	for _, m := range undated {
		t, ok := added[m.d.Path]
		if !ok {
			t = p.now // not knowing its age is no reason to archive it
		}
		m.d.DecayBaseMS = t.UnixMilli()
	}
	if err != nil {
		p.notef("dating %d memories without created by git: %v; they count as made now", len(undated), err)
	}
}

// firstCommits returns, for each of paths (relative to the repository
// folder dir) that a commit of HEAD's history added, the committer time
// of the earliest such commit.
func firstCommits(ctx context.Context, dir string, paths []string) (map[string]time.Time, error) {
	args := []string{"-C", dir, "-c", "core.quotePath=false", "log", "--relative", "--diff-filter=A",
		"--no-renames", "--name-only", "-z", "--format=%x01%ct", "HEAD", "--"}
	for _, p := range paths {
		args = append(args, ":(literal)"+p)
	}
	cmd := exec.CommandContext(ctx, "git", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := stderr.String()
		if strings.Contains(msg, "does not have any commits") || strings.Contains(msg, "unknown revision") {
			return map[string]time.Time{}, nil
		}
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("git log in %s: %s", dir, strings.TrimSpace(msg))
		}
		return nil, fmt.Errorf("git log in %s: %w", dir, err)
	}
	// Newest first: the last time seen for a path is its first commit.
	first := map[string]time.Time{}
	var at time.Time
	for _, f := range bytes.Split(out, []byte{0}) {
		f = bytes.TrimPrefix(f, []byte{'\n'})
		if len(f) == 0 {
			continue
		}
		if f[0] == 1 {
			sec, perr := strconv.ParseInt(strings.TrimSpace(string(f[1:])), 10, 64)
			if perr != nil {
				return nil, fmt.Errorf("git log in %s: commit time %q: %w", dir, f[1:], perr)
			}
			at = time.Unix(sec, 0).UTC()
			continue
		}
		first[string(f)] = at
	}
	return first, nil
}
