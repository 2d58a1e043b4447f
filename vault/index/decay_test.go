package index

import (
	"context"
	"database/sql"
	"math"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

func TestEffectiveImportance(t *testing.T) {
	created := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	month := time.Duration(MonthMS) * time.Millisecond
	f := func(v float64) *float64 { return &v }
	for _, c := range []struct {
		name string
		imp  *float64
		rate float64
		base time.Time
		now  time.Time
		want float64
	}{
		{"no decay", f(0.8), 0, created, created.Add(40 * month), 0.8},
		{"one month", f(0.8), 0.1, created, created.Add(month), 0.7},
		{"half a month", f(0.8), 0.1, created, created.Add(month / 2), 0.75},
		{"twelve months at 0.02", f(1), 0.02, created, created.Add(12 * month), 0.76},
		{"clamped at zero", f(0.5), 0.1, created, created.Add(7 * month), 0},
		{"base in the future", f(0.6), 0.1, created.Add(month), created, 0.6},
		{"absent importance", nil, 0.05, created, created.Add(2 * month), DefaultImportance - 0.1},
	} {
		d := Doc{Importance: c.imp, DecayRate: c.rate, DecayBaseMS: c.base.UnixMilli()}
		if got := EffectiveImportance(d, c.now); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: EffectiveImportance = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestDecayFromFiles checks the decay inputs the index stores (rate from the
// taxonomy, only under mind/; base from last_reinforced, else created) and
// that the SQL expression and the Go function agree, at a fixed clock.
func TestDecayFromFiles(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	writeRaw(t, l, "taxonomy.yml", "types:\n  opinion:\n    decay: 0.25\n")
	doc := func(rel, typ, extra string) {
		writeRaw(t, l, rel, "---\nid: \"x\"\ntype: "+typ+"\ncategory: concept\ncreated: 2026-01-01T00:00:00.000Z\n"+
			"source_hash: x\n\n# ---\n\nimportance: 0.9\n"+extra+"---\n\nBody of "+rel+".\n")
	}
	doc("mind/concepts/opinion.md", "opinion", "")
	doc("mind/concepts/reinforced.md", "opinion", "last_reinforced: 2026-03-01T00:00:00.000Z\nreinforced: 2\n")
	doc("mind/concepts/pref.md", "preference", "")
	doc("vault/decisions/opinion.md", "opinion", "")
	doc("mind/concepts/custom.md", "no_such_type", "")
	ix := openTest(t, l)

	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(4 * time.Duration(MonthMS) * time.Millisecond)
	want := map[string]struct{ rate, eff float64 }{
		"mind/concepts/opinion.md":    {0.25, 0},                                    // 0.9 - 4 × 0.25 < 0
		"mind/concepts/reinforced.md": {0.25, 0.9 - 0.25*(4-59.0*86400000/MonthMS)}, // from March 1st
		"mind/concepts/pref.md":       {0, 0.9},
		"vault/decisions/opinion.md":  {0, 0.9}, // vault/ never decays
		"mind/concepts/custom.md":     {0, 0.9},
	}
	rows, err := ix.db.QueryContext(ctx, "SELECT path, decay_rate, "+EffectiveImportanceSQL("d")+" FROM documents d",
		sql.Named("now_ms", now.UnixMilli()))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var p string
		var rate, eff float64
		if err := rows.Scan(&p, &rate, &eff); err != nil {
			t.Fatal(err)
		}
		n++
		w := want[p]
		if rate != w.rate || math.Abs(eff-w.eff) > 1e-9 {
			t.Errorf("%s: rate %v, effective %v; want %v, %v", p, rate, eff, w.rate, w.eff)
		}
		d, _, _ := ix.ByPath(ctx, p)
		if g := EffectiveImportance(d, now); math.Abs(g-eff) > 1e-9 {
			t.Errorf("%s: Go %v and SQL %v disagree", p, g, eff)
		}
	}
	if n != len(want) {
		t.Fatalf("%d rows, want %d", n, len(want))
	}

	// taxonomy.yml changes a rate: a refresh applies it to every document
	// without re-reading one.
	writeRaw(t, l, "taxonomy.yml", "types:\n  opinion:\n    decay: 0.05\n")
	st, err := ix.Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Documents != 0 {
		t.Errorf("refresh re-read %d files after a taxonomy change; want 0", st.Documents)
	}
	if d, _, _ := ix.ByPath(ctx, "mind/concepts/opinion.md"); d.DecayRate != 0.05 {
		t.Errorf("rate after the taxonomy change = %v, want 0.05", d.DecayRate)
	}
	if got, want := dump(t, ix.db), rebuiltDump(t, l); got != want {
		t.Errorf("after a taxonomy change, refresh and rebuild differ:\n%s", diffLines(got, want))
	}
}
