package doctor

import (
	"context"

	"github.com/cortex-vault/cortex/vault/conflict"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
	"github.com/cortex-vault/cortex/vault/watchdog"
)

// checkConflicts looks for memories that disagree (SPEC §11): a pair
// waiting for a person is a warning with the command that lists them.
// The pass keeps what it found for the push block, so the daemon's
// watchdog keeps the block's "these memories disagree" section fresh.
// Without an index it does not look: the index check says why.
func checkConflicts(ctx context.Context, e *env) watchdog.Result {
	// A pass never rebuilds the index (index.Open would, for one of
	// another schema): only an index that can serve is read.
	var in index.Inspection
	var err error
	if e.inspected != nil {
		in = *e.inspected
	} else {
		in, err = index.Inspect(ctx, e.l, nil, nil)
	}
	switch {
	case err != nil:
		return fail("cortex rebuild-index --vault "+e.root, "%v", err)
	case in.Missing:
		return ok("not looked for: no index yet")
	case in.Problem != "":
		return ok("not looked for: the index cannot serve (see the index check)")
	}
	if _, err := doc.LoadTaxonomy(e.l.Root); err != nil {
		return ok("not looked for: taxonomy.yml does not load (see the vault check)")
	}
	ix, err := index.Open(ctx, e.l, index.Options{Logger: e.opts.Logger})
	if err != nil {
		return fail("cortex rebuild-index --vault "+e.root, "%v", err)
	}
	defer ix.Close()
	pairs, err := conflict.Scan(ctx, e.l, ix)
	if err != nil {
		return fail("cortex conflicts --vault "+e.root, "%v", err)
	}
	if len(pairs) == 0 {
		return ok("no active memories disagree")
	}
	return warn("cortex conflicts --vault "+e.root, "%d pairs of memories disagree and wait for a person (newest: %s / %s)",
		len(pairs), conflict.Display(pairs[0].A.Title), conflict.Display(pairs[0].B.Title))
}
