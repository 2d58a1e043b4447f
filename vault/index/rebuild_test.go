package index

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/cortex-vault/cortex/vault"
)

// TestRebuildReportsStages: after the last count of files read, a rebuild
// names each step that follows, in order, and the count reaches the
// number of documents.
func TestRebuildReportsStages(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	for i := range 5 {
		note(t, l, fmt.Sprintf("mind/concepts/n%d.md", i), "", fmt.Sprintf("Note %d, see [[n%d]].", i, (i+1)%5))
	}
	var events []string
	err := Rebuild(context.Background(), l, RebuildOptions{Logger: quiet(),
		Progress: func(done, found int) { events = append(events, fmt.Sprintf("%d/%d", done, found)) },
		Stage:    func(s string) { events = append(events, s) }})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{RebuildResolving, RebuildSorting, RebuildFinishing, "5/5"}
	if !slices.Equal(events, want) {
		t.Fatalf("rebuild reported %q, want %q", events, want)
	}
}
