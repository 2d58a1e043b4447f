package index

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

func TestDuplicateIDs(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	writeDoc(t, l, "mind/concepts/a.md", id1, "fact", "alpha")
	writeDoc(t, l, "mind/concepts/b.md", id2, "fact", "beta")
	writeDoc(t, l, "mind/concepts/c.md", id3, "fact", "gamma")
	ix := openTest(t, l)

	// The index is now stale on purpose: b.md takes another id, c.md is
	// deleted. Neither may be reported as carrying its old id.
	writeDoc(t, l, "mind/concepts/b.md", "019503a7-0000-7000-8000-0000000000bb", "fact", "beta")
	if err := os.Remove(l.Path("mind", "concepts", "c.md")); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name   string
		claims []doc.IDClaim
		gone   []string
		want   []string // "claim path -> other path"
	}{
		{"a copy of a", []doc.IDClaim{{Path: "mind/x.md", ID: id1, Line: 2}}, nil, []string{"mind/x.md -> mind/concepts/a.md"}},
		{"the document itself", []doc.IDClaim{{Path: "mind/concepts/a.md", ID: id1}}, nil, nil},
		{"stale row, id changed", []doc.IDClaim{{Path: "mind/x.md", ID: id2}}, nil, nil},
		{"stale row, file gone", []doc.IDClaim{{Path: "mind/x.md", ID: id3}}, nil, nil},
		{"a moved document", []doc.IDClaim{{Path: "mind/moved.md", ID: id1}}, []string{"mind/concepts/a.md"}, nil},
		{"two claims, one id", []doc.IDClaim{{Path: "mind/p.md", ID: "019503a7-0000-7000-8000-0000000000cc"}, {Path: "mind/q.md", ID: "019503a7-0000-7000-8000-0000000000cc"}}, nil, []string{"mind/q.md -> mind/p.md"}},
		{"no id", []doc.IDClaim{{Path: "mind/p.md"}}, nil, nil},
		{"unknown id", []doc.IDClaim{{Path: "mind/p.md", ID: "019503a7-0000-7000-8000-0000000000dd"}}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dups, _, err := ix.DuplicateIDs(ctx, tt.claims, tt.gone)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range dups {
				got = append(got, d.Claim.Path+" -> "+d.Other)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}

	// Which claims the index does not know yet.
	_, unindexed, err := ix.DuplicateIDs(ctx, []doc.IDClaim{{Path: "mind/concepts/a.md", ID: id1}, {Path: "mind/new.md", ID: id1}, {Path: "mind/concepts/b.md", ID: "019503a7-0000-7000-8000-0000000000bb"}}, nil)
	if err != nil || !slices.Equal(unindexed, []string{"mind/new.md", "mind/concepts/b.md"}) {
		t.Errorf("unindexed: %q %v", unindexed, err)
	}

	// An ignored file carries no id as far as the vault is concerned.
	writeDoc(t, l, "mind/templates/t.md", "019503a7-0000-7000-8000-0000000000ee", "fact", "template")
	if err := ix.Update(ctx, "mind/templates/t.md"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(l.Cortexignore(), []byte("templates/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dups, _, err := ix.DuplicateIDs(ctx, []doc.IDClaim{{Path: "mind/y.md", ID: "019503a7-0000-7000-8000-0000000000ee"}}, nil)
	if err != nil || len(dups) != 0 {
		t.Errorf("ignored file: got %v, %v", dups, err)
	}
}

func BenchmarkDuplicateIDs(b *testing.B) {
	ctx := context.Background()
	l := vault.Layout{Root: b.TempDir()}
	for i := range 2000 {
		writeDoc(b, l, "mind/concepts/"+itoa(i)+".md", idOf(i), "fact", "body "+itoa(i))
	}
	ix, err := Open(ctx, l, Options{Logger: quiet()})
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	claims := make([]doc.IDClaim, 10)
	for i := range claims {
		claims[i] = doc.IDClaim{Path: "mind/new" + itoa(i) + ".md", ID: idOf(100000 + i)}
	}
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := ix.DuplicateIDs(ctx, claims, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// idOf makes a distinct, valid id from i.
func idOf(i int) string { return fmt.Sprintf("01950000-0000-7000-8000-%012d", i) }
