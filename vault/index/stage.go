package index

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// A File is a document a writer is about to place in the working tree:
// its bytes, and the modification time it will carry (see
// vault.AtomicWrite.ModTime), so that its row matches the file once
// placed and a refresh does not read it again.
type File struct {
	Path    string
	Data    []byte
	ModTime time.Time
	// Parsed, when the writer has it, is Data parsed (doc.Parse), and is
	// not parsed again.
	Parsed *doc.Parsed
}

// Staged is an update prepared from files not yet placed, in a
// transaction held open: Commit makes it visible once they are, Abort
// drops it. Until one of them, the index's other writers wait (in this
// process and, through SQLite's lock, in others); readers see the rows as
// they were.
type Staged struct {
	ix   *Index
	tx   *sql.Tx
	once sync.Once
}

// Stage prepares the update Update would make once files are written
// with their bytes and times, and the paths of gone are removed, so that a
// writer can do this work while it writes the files (the sleep cycle's
// maintenance commit). A path of files that is no memory document (or is
// ignored) counts as gone. Stage clears each File's Parsed once it has
// read it, so that the parsed documents need not outlive that.
func (ix *Index) Stage(ctx context.Context, files []File, gone []string) (*Staged, error) {
	ig, tax, err := ix.settings()
	if err != nil {
		return nil, err
	}
	gone = append([]string(nil), gone...)
	recs := make([]*record, 0, len(files))
	for i := range files {
		f := &files[i]
		if !vault.IsMemoryPath(f.Path) || ig.Ignored(f.Path) {
			gone = append(gone, f.Path)
			continue
		}
		r := &record{doc: Doc{Path: f.Path, Size: int64(len(f.Data)), MtimeNS: f.ModTime.UnixNano()}}
		if f.Parsed != nil {
			fillParsed(r, f.Parsed, tax)
			f.Parsed = nil // the record has what it needs: the rest is garbage
		} else {
			fillDoc(r, f.Data, tax)
		}
		recs = append(recs, r)
	}
	st, _, err := ix.stage(ctx, recs, gone, tax, ig, false)
	return st, err
}

// stage does apply's work, its transaction left open in the Staged it
// returns, which holds ix.wmu until committed or aborted.
func (ix *Index) stage(ctx context.Context, recs []*record, gone []string, tax *doc.Taxonomy, ig *vault.Ignore, full bool) (*Staged, RebuildStats, error) {
	ix.wmu.Lock()
	stats, tx, err := ix.applyTx(ctx, recs, gone, tax, ig, full)
	if err != nil {
		if tx != nil {
			tx.Rollback()
		}
		ix.wmu.Unlock()
		return nil, stats, err
	}
	return &Staged{ix: ix, tx: tx}, stats, nil
}

// settings are the ignore patterns and the taxonomy an update applies.
func (ix *Index) settings() (*vault.Ignore, *doc.Taxonomy, error) {
	ig, err := vault.LoadIgnore(ix.l)
	if err != nil {
		return nil, nil, err
	}
	tax, err := doc.LoadTaxonomy(ix.l.Root)
	if err != nil {
		return nil, nil, fmt.Errorf("index: %w", err)
	}
	return ig, tax, nil
}

// Commit makes the staged update visible.
func (st *Staged) Commit() error {
	err := fmt.Errorf("index update: already committed or aborted")
	st.once.Do(func() {
		defer st.ix.wmu.Unlock()
		err = nil
		if st.tx != nil {
			if cerr := st.tx.Commit(); cerr != nil {
				err = fmt.Errorf("index update: %w", cerr)
			}
		}
	})
	return err
}

// Abort drops the staged update; after Commit it does nothing.
func (st *Staged) Abort() {
	st.once.Do(func() {
		defer st.ix.wmu.Unlock()
		if st.tx != nil {
			st.tx.Rollback()
		}
	})
}
