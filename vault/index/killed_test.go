package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/cortex-vault/cortex/vault"
)

// killedRebuildEnv names the vault a child process of
// TestRebuildKilledLeavesOldIndex rebuilds; killedAtEnv the progress
// count at which it kills itself.
const (
	killedRebuildEnv = "CORTEX_TEST_KILLED_REBUILD"
	killedAtEnv      = "CORTEX_TEST_KILLED_AT"
)

// TestRebuildKilledChild is the child of TestRebuildKilledLeavesOldIndex:
// a rebuild that sends itself SIGKILL — a kill -9, no deferred function
// runs — when it reports the given number of documents written (the
// vault's size: everything built, the file not yet swapped in).
func TestRebuildKilledChild(t *testing.T) {
	root := os.Getenv(killedRebuildEnv)
	if root == "" {
		t.Skip("run by TestRebuildKilledLeavesOldIndex")
	}
	at, err := strconv.Atoi(os.Getenv(killedAtEnv))
	if err != nil {
		t.Fatal(err)
	}
	err = Rebuild(context.Background(), vault.Layout{Root: root}, RebuildOptions{Logger: quiet(), Progress: func(done, _ int) {
		if done >= at {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {} // the signal is on its way
		}
	}})
	t.Fatalf("rebuild was not killed: %v", err)
}

// TestRebuildKilledLeavesOldIndex: a rebuild killed (kill -9) part-way
// through writing rows, or with the new file complete but not yet renamed
// into place, leaves the index as it was — the old one, or none — never a
// half-built one that Open would serve; the next rebuild makes the whole.
func TestRebuildKilledLeavesOldIndex(t *testing.T) {
	const before, after = 520, 600 // progress is reported every 512 documents
	for _, tc := range []struct {
		name   string
		old    bool // an index was built before the killed rebuild
		killAt int
	}{
		{"mid-write over an old index", true, 512},
		{"built, not renamed, over an old index", true, after},
		{"mid-write, no index before", false, 512},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			l := vault.Layout{Root: t.TempDir()}
			for i := range before {
				note(t, l, fmt.Sprintf("mind/concepts/n%04d.md", i), "", fmt.Sprintf("Note number %d about killed rebuilds.", i))
			}
			if tc.old {
				if err := Rebuild(ctx, l, RebuildOptions{Logger: quiet()}); err != nil {
					t.Fatal(err)
				}
			}
			for i := before; i < after; i++ {
				note(t, l, fmt.Sprintf("mind/concepts/n%04d.md", i), "", fmt.Sprintf("Note number %d about killed rebuilds.", i))
			}

			cmd := exec.Command(os.Args[0], "-test.run=^TestRebuildKilledChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), killedRebuildEnv+"="+l.Root, killedAtEnv+"="+strconv.Itoa(tc.killAt))
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("child rebuild: want killed by SIGKILL, got %v\n%s", err, out)
			}
			left, _ := filepath.Glob(filepath.Join(l.CacheDir(), "index.*.new-*"))
			if len(left) == 0 {
				t.Fatalf("no temporary file left in %s: was the rebuild killed before it began?", l.CacheDir())
			}

			if !tc.old {
				if _, err := os.Stat(l.IndexDB()); !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("killed first rebuild left an index at %s (%v)", l.IndexDB(), err)
				}
			} else if docs, text := indexCounts(t, l); docs != before || text != before {
				t.Fatalf("index after a killed rebuild has %d documents, %d in the full text; want the old %d", docs, text, before)
			}

			if err := Rebuild(ctx, l, RebuildOptions{Logger: quiet()}); err != nil {
				t.Fatal(err)
			}
			if docs, text := indexCounts(t, l); docs != after || text != after {
				t.Fatalf("rebuild after a killed one has %d documents, %d in the full text; want %d", docs, text, after)
			}
		})
	}
}

// indexCounts opens the vault's index file as Open would (refusing one
// that is not of this schema) and counts its documents and the documents
// its full text finds for "killed".
func indexCounts(t *testing.T, l vault.Layout) (docs, text int) {
	t.Helper()
	ctx := context.Background()
	db, err := openDB(l.IndexDB(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := checkDB(ctx, db); err != nil {
		t.Fatalf("index %s: %v", l.IndexDB(), err)
	}
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM documents").Scan(&docs); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM fts WHERE fts MATCH 'killed'").Scan(&text); err != nil {
		t.Fatal(err)
	}
	return docs, text
}
