package conflict

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
)

// Candidates are the memories conflicts are looked for among: the active
// ones (not superseded, resolved, outdated or archived) of the concept
// category — what a memory believes, decides or prefers. Records (tasks,
// events, changes) only report what happened, and two of them never
// disagree.
func candidates(ctx context.Context, l vault.Layout, ix *index.Index) ([]Memory, error) {
	tax, err := doc.LoadTaxonomy(l.Root)
	if err != nil {
		return nil, err
	}
	var mems []Memory
	add := func(d index.Doc, body string) error {
		if d.ID == "" || d.Status != "active" || d.SupersededBy != "" || strings.HasPrefix(d.Path, "mind/archive/") {
			return nil
		}
		if def, ok := tax.Type(d.Type); !ok || def.Category != doc.Concept {
			return nil
		}
		mems = append(mems, Memory{ID: d.ID, Path: d.Path, Type: d.Type, Title: d.Title, Created: d.Created,
			SourceHash: d.SourceHash, Body: body})
		return nil
	}
	for _, prefix := range []string{"mind/", "vault/"} {
		if err := ix.Each(ctx, prefix, true, add); err != nil {
			return nil, err
		}
	}
	return mems, nil
}

// Scan looks for conflicts among the vault's active memories (the index
// refreshed by the caller) and keeps what it found in .cortex/ for the
// push block (Pending). A person settles a pair in the documents — the
// other superseded (cortex resolve-conflict) or either one edited — so
// a settled pair is never found again, whatever becomes of the cache.
func Scan(ctx context.Context, l vault.Layout, ix *index.Index) ([]Pair, error) {
	mems, err := candidates(ctx, l, ix)
	if err != nil {
		return nil, fmt.Errorf("conflicts: %w", err)
	}
	pairs := find(mems, scanKeys)
	if err := save(l, pairs); err != nil {
		return pairs, fmt.Errorf("conflicts: %w", err)
	}
	return pairs, nil
}

// cachePath holds the pairs the last Scan found.
func cachePath(l vault.Layout) string { return l.Path(".cortex", "conflicts.json") }

type cacheFile struct {
	Version int    `json:"version"`
	Pairs   []Pair `json:"pairs"`
}

const cacheVersion = 1

func save(l vault.Layout, pairs []Pair) error {
	data, err := json.Marshal(cacheFile{Version: cacheVersion, Pairs: pairs})
	if err != nil {
		return err
	}
	if err := l.FS().MkdirAll(l.CacheDir(), 0o755); err != nil {
		return err
	}
	return l.FS().WriteFile(cachePath(l), append(data, '\n'), 0o644)
}

// Pending returns the pairs the last Scan found that still wait for a
// person: both memories still active, and neither edited since (its
// source_hash unchanged). It reads a small file and looks up two ids a
// pair — cheap enough for the push block. No scan yet: no pairs.
func Pending(ctx context.Context, l vault.Layout, ix *index.Index) ([]Pair, error) {
	data, err := os.ReadFile(cachePath(l))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("conflicts: %w", err)
	}
	var c cacheFile
	if json.Unmarshal(data, &c) != nil || c.Version != cacheVersion {
		return nil, nil // a cache of another build: the next scan writes it again
	}
	still := func(m Memory) (bool, error) {
		docs, err := ix.ByID(ctx, m.ID)
		if err != nil {
			return false, err
		}
		for _, d := range docs {
			if d.Path == m.Path && d.SourceHash == m.SourceHash && d.Status == "active" && d.SupersededBy == "" {
				return true, nil
			}
		}
		return false, nil
	}
	var out []Pair
	for _, p := range c.Pairs {
		okA, err := still(p.A)
		if err != nil {
			return nil, fmt.Errorf("conflicts: %w", err)
		}
		okB, err := still(p.B)
		if err != nil {
			return nil, fmt.Errorf("conflicts: %w", err)
		}
		if okA && okB {
			out = append(out, p)
		}
	}
	return out, nil
}
