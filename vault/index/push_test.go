package index

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

// TestPushPlans: the push block is built when every session starts, so no
// stage may read the documents table whole or sort all of a type's rows.
func TestPushPlans(t *testing.T) {
	ix, err := Open(context.Background(), vault.Layout{Root: t.TempDir()}, Options{Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	f := PushFilter{Agents: []string{"db-migrator", "migrator"}}
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for name, q := range map[string]func() (string, []any){
		"rules":   func() (string, []any) { return pushRulesSQL(f, 50) },
		"tasks":   func() (string, []any) { return pushTasksSQL(f, []string{"task", "commitment"}, 10) },
		"session": func() (string, []any) { return pushSessionSQL(f, "s1", 10) },
		"recent": func() (string, []any) {
			return pushRankedSQL(RecentParams{Filter: f, MinEffective: 0.7, ByImportance: true, Now: now, Limit: 8})
		},
		"recent-rows": func() (string, []any) {
			return `SELECT ` + qualified("d") + ` FROM documents d WHERE d.rowid IN (1, 2, 3)`, nil
		},
		"recent-other-sessions": func() (string, []any) {
			return pushRecentSQL(RecentParams{Filter: f, ExcludeSession: "s1", Now: now, Limit: 8})
		},
	} {
		sqlText, args := q()
		plan := queryPlan(t, ix, sqlText, args)
		for _, line := range plan {
			// A scan of documents is a full read; a temp b-tree over the
			// documents themselves (not over a LIMITed subquery) a full sort.
			if strings.HasPrefix(line, "SCAN d") && !strings.Contains(line, "USING") ||
				strings.HasPrefix(line, "SCAN documents") && !strings.Contains(line, "USING") {
				t.Errorf("%s: a full scan: %s\nplan: %s", name, line, strings.Join(plan, "; "))
			}
		}
		if name == "tasks" || name == "session" {
			if p := strings.Join(plan, "; "); strings.Contains(p, "USE TEMP B-TREE FOR ORDER BY") && !strings.Contains(p, "SCAN t") {
				t.Errorf("%s: sorts its rows: %s", name, p)
			}
		}
	}
}

func queryPlan(t *testing.T, ix *Index, q string, args []any) []string {
	t.Helper()
	rows, err := ix.db.Query("EXPLAIN QUERY PLAN "+q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, strings.TrimSpace(detail))
	}
	return plan
}

// TestPushFilter: each exclusion of SPEC §7, the same in the stages' SQL
// and in Allows (which filters search hits).
func TestPushFilter(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	cases := []struct {
		name, fm string
		pushed   bool // to the agent "db-migrator" of type "migrator"
	}{
		{"plain", "", true},
		{"active", "status: active", true},
		{"resolved", "status: resolved", false},
		{"outdated", "status: outdated", false},
		{"superseded", "status: superseded", false},
		{"archived", "status: archived", false},
		{"superseded-by", `superseded_by: "01950000-0000-7000-8000-000000000001"`, false},
		{"promoted", "promoted_to: rules/go.md", false},
		{"local-mine", "scope: local\nagent: db-migrator", true},
		{"local-my-type", "scope: local\nagent: migrator", true},
		{"local-other", "scope: local\nagent: reviewer", false},
		{"local-nobody", "scope: local", false},
		{"global-other", "scope: global\nagent: reviewer", true},
	}
	for i, c := range cases {
		fm := fmt.Sprintf("session_id: s1\nimportance: 0.9\n%s", c.fm)
		note(t, l, fmt.Sprintf("rules/%02d-%s.md", i, c.name), fm, "rule "+c.name)
	}
	writeRaw(t, l, "rules/broken.md", "---\ntype: [\n---\nbody\n")
	ix, err := Open(context.Background(), l, Options{Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	ctx := context.Background()
	f := PushFilter{Agents: []string{"db-migrator", "migrator", ""}}
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	var want []string
	for i, c := range cases {
		if c.pushed {
			want = append(want, fmt.Sprintf("rules/%02d-%s.md", i, c.name))
		}
	}
	paths := func(docs []Doc, err error) []string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, d := range docs {
			out = append(out, d.Path)
		}
		slices.Sort(out)
		return out
	}
	for name, got := range map[string][]string{
		"rules":   paths(ix.PushRules(ctx, f, 100)),
		"session": paths(ix.PushSession(ctx, f, "s1", 100)),
		"recent":  paths(ix.PushRecent(ctx, RecentParams{Filter: f, Now: now, Limit: 100})),
		"tasks":   paths(ix.PushTasks(ctx, f, []string{"fact"}, 100)),
	} {
		w := want
		if name == "tasks" {
			// For the agent: no agent, or one of its names.
			w = slices.DeleteFunc(slices.Clone(want), func(p string) bool { return strings.Contains(p, "global-other") })
		}
		if !slices.Equal(got, w) {
			t.Errorf("%s: got %v\nwant %v", name, got, w)
		}
	}
	all, err := ix.query(ctx, "SELECT "+docColumns+" FROM documents ORDER BY path")
	if err != nil {
		t.Fatal(err)
	}
	var allowed []string
	for _, d := range all {
		if f.Allows(d) {
			allowed = append(allowed, d.Path)
		}
	}
	if !slices.Equal(allowed, want) {
		t.Errorf("Allows: %v\nwant %v", allowed, want)
	}
	// No names: local memories reach no one.
	if got := paths(ix.PushRules(ctx, PushFilter{}, 100)); slices.ContainsFunc(got, func(p string) bool { return strings.Contains(p, "local") }) {
		t.Errorf("an agent without a name got local memories: %v", got)
	}
}

// TestPushOrder: the order of each stage, ties broken by path, and the
// window of the recent stage.
func TestPushOrder(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	note(t, l, "rules/a.md", "importance: 0.5", "a")
	note(t, l, "rules/b.md", "importance: 0.9", "b")
	note(t, l, "rules/c.md", "", "c") // 0.5 when absent
	note(t, l, "rules0.md", "", "not a rule")
	note(t, l, "rules-x/d.md", "", "not a rule either")
	ix, err := Open(context.Background(), l, Options{Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	docs, err := ix.PushRules(context.Background(), PushFilter{}, 10)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range docs {
		got = append(got, d.Path)
	}
	if want := []string{"rules/b.md", "rules/a.md", "rules/c.md"}; !slices.Equal(got, want) {
		t.Errorf("rules %v, want %v", got, want)
	}
}

// BenchmarkPush times each stage's query alone over the generated vault of
// 10,000 documents (every one of agent "claude", sessions of 20).
func BenchmarkPush(b *testing.B) {
	ix := openBench(b, benchVault(b, 10000))
	ctx := context.Background()
	now := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	f := PushFilter{Agents: []string{"a81f", "claude"}}
	for name, run := range map[string]func() ([]Doc, error){
		"rules":   func() ([]Doc, error) { return ix.PushRules(ctx, f, 50) },
		"tasks":   func() ([]Doc, error) { return ix.PushTasks(ctx, f, []string{"task", "commitment", "goal_short"}, 30) },
		"session": func() ([]Doc, error) { return ix.PushSession(ctx, f, "no-such-session", 30) },
		"recent": func() ([]Doc, error) {
			return ix.PushRecent(ctx, RecentParams{Filter: f, MinEffective: 0.7, ByImportance: true, Now: now, Limit: 30})
		},
		"by-recency": func() ([]Doc, error) {
			return ix.PushRecent(ctx, RecentParams{Filter: f, ExcludeSession: "x", Now: now, Limit: 30})
		},
	} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
