package index

import (
	"context"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
)

// TestLookupsUseIndexes: the memorizer looks up every observation by hash
// and every op by id; a table scan there makes each line O(documents).
func TestLookupsUseIndexes(t *testing.T) {
	ix, err := Open(context.Background(), vault.Layout{Root: t.TempDir()}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{qByHash, []any{"ab"}},
		{qByID, []any{"ab"}},
		{qByIDPrefix, []any{"ab", "ac", 3}},
	} {
		rows, err := ix.db.Query("EXPLAIN QUERY PLAN "+q.sql, q.args...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		if p := strings.Join(plan, "; "); !strings.Contains(p, "USING INDEX") || strings.Contains(p, "SCAN documents") {
			t.Errorf("%s\nplan: %s", q.sql, p)
		}
	}
}
