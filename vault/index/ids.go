package index

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// DuplicateIDs checks that every claim's id is unique in the vault: among
// the claims themselves (doc.DuplicateIDs, in the order given) and against the vault's other
// documents, looked up by id in the index — one indexed query per claim,
// never a scan. The index may be a little stale, so each hit is confirmed by
// reading its file: a hit whose file is gone, is no longer a memory document
// or no longer carries the id is not a duplicate. A hit on a claimed path is
// not one either (the claim is that file's new content), nor on a path in
// gone (a document leaving the vault, such as the old side of a move). The
// pre-commit hook, `cortex validate PATH…` and the daemon share this rule.
//
// unindexed lists the claimed paths the index does not know with their id
// (new documents, changed ids): once those files are in place, Update them,
// so the next check finds their ids without a refresh.
func (ix *Index) DuplicateIDs(ctx context.Context, claims []doc.IDClaim, gone []string) (dups []doc.Duplicate, unindexed []string, err error) {
	dups = doc.DuplicateIDs(claims)
	skip := make(map[string]bool, len(claims)+len(gone))
	for _, c := range claims {
		skip[c.Path] = true
	}
	for _, g := range gone {
		skip[g] = true
	}
	var ig *vault.Ignore
	for _, c := range claims {
		if c.ID == "" {
			continue
		}
		docs, err := ix.byIDIndexed(ctx, c.ID)
		if err != nil {
			return nil, nil, err
		}
		if !slices.ContainsFunc(docs, func(d Doc) bool { return d.Path == c.Path }) {
			unindexed = append(unindexed, c.Path)
		}
		for _, d := range docs {
			if skip[d.Path] {
				continue
			}
			if ig == nil {
				if ig, err = vault.LoadIgnore(ix.l); err != nil {
					return nil, nil, err
				}
			}
			ok, err := carriesID(ix.l, ig, d.Path, c.ID)
			if err != nil {
				return nil, nil, err
			}
			if ok {
				dups = append(dups, doc.Duplicate{Claim: c, Other: d.Path})
				break
			}
		}
	}
	return dups, unindexed, nil
}

// carriesID reports whether the memory document at rel still carries id.
func carriesID(l vault.Layout, ig *vault.Ignore, rel, id string) (bool, error) {
	if !vault.IsMemoryPath(rel) || ig.Ignored(rel) {
		return false, nil
	}
	p := l.Path(filepath.FromSlash(rel))
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("check id of %s: %w", rel, err)
	}
	if !fi.Mode().IsRegular() || fi.Size() > doc.MaxDocumentSize {
		return false, nil
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return false, fmt.Errorf("check id of %s: %w", rel, err)
	}
	document, err := doc.Parse(data)
	return err == nil && document.Doc.ID == id, nil
}

// byIDIndexed is ByID through the id index. The index on id is partial
// (WHERE id <> ”), and SQLite uses a partial index only for a query whose
// WHERE implies the index's: `id = ?` alone does not (the parameter could be
// empty) and scans the table — 75 ms at 100,000 documents, per look-up.
func (ix *Index) byIDIndexed(ctx context.Context, id string) ([]Doc, error) {
	return ix.query(ctx, "SELECT "+docColumns+" FROM documents WHERE id = ? AND id <> '' ORDER BY path", id)
}
