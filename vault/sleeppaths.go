package vault

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// SleepPaths are the vault-relative paths (slash-separated) that a sleep
// run in progress or cut short by a kill writes, moves or leaves, as its
// manifest (observer/sleep.json, written by rules) names them: a new path
// and, for a move, the old one. None when there is no manifest. Until the
// run commits, or the next command of Cortex settles a killed run, such a
// path may hold half of a move (the memory at neither name but in a
// temporary file), which a person's `git add -A` would commit as a
// deletion: the pre-commit hook refuses to (harness, session 16 world
// 362). A manifest behind a link out of the vault is not read.
func SleepPaths(l Layout) ([]string, error) {
	p := l.SleepManifest()
	if err := l.FS().Check(p); err != nil {
		return nil, nil // the commands that run there refuse the link
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", p, err)
	}
	var man struct {
		Ops []struct {
			Path string `json:"path"`
			From string `json:"from"`
		} `json:"ops"`
	}
	if err := json.Unmarshal(data, &man); err != nil {
		return nil, fmt.Errorf("%s is unreadable: %w", filepath.ToSlash(p), err)
	}
	var out []string
	for _, op := range man.Ops {
		for _, rel := range []string{op.Path, op.From} {
			if rel != "" {
				out = append(out, rel)
			}
		}
	}
	return out, nil
}
