package hooks

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

func validate(t *testing.T, l vault.Layout, opts ValidateOptions) *ValidateReport {
	t.Helper()
	opts.Now = func() time.Time { return testNow }
	opts.NewID = testIDs()
	opts.Logger = quiet
	rep, err := Validate(context.Background(), l, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func problemStrings(ps []doc.Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.String())
	}
	return out
}

func TestValidate(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	for i := range 50 {
		writeDoc(t, l.Path("mind", "concepts", fmt.Sprintf("%02d.md", i)), i, fmt.Sprintf("body %d", i))
	}
	// An older original and its newer copy in a folder that sorts first.
	writeDoc(t, l.Path("vault", "original.md"), 7, "body 7")
	old := time.Now().Add(-time.Hour)
	os.Chtimes(l.Path("mind", "concepts", "07.md"), old, old)
	writeFile(t, l.Path("mind", "a-copy.md"), mustRead(t, l.Path("mind", "concepts", "07.md")))
	hand := "---\ntype: lesson\n---\nKeep it short.\n"
	writeFile(t, l.Path("rules", "hand.md"), hand)
	writeFile(t, l.Path("mind", "templates", "t.md"), "junk")
	writeFile(t, l.Cortexignore(), "templates/\n")

	for _, workers := range []int{1, 4} {
		rep := validate(t, l, ValidateOptions{Workers: workers})
		want := []string{
			`mind/a-copy.md:2: id "019503a7-0000-7000-8000-000000000007" is also the id of mind/concepts/07.md: ids are unique; if this document is a copy, delete its id line and run ` + "`cortex validate --fix`" + ` for a new one`,
			"rules/hand.md:1: missing id (fixable: `cortex validate --fix` adds a new one)",
			"rules/hand.md:1: missing category (fixable: `cortex validate --fix` sets concept, the category of lesson)",
			"rules/hand.md:1: missing created (fixable: `cortex validate --fix` sets the current time)",
			"rules/hand.md:1: missing source_hash (fixable: `cortex validate --fix` computes it from the body)",
			`vault/original.md:2: id "019503a7-0000-7000-8000-000000000007" is also the id of mind/concepts/07.md: ids are unique; if this document is a copy, delete its id line and run ` + "`cortex validate --fix`" + ` for a new one`,
		}
		if got := problemStrings(rep.Problems); !slices.Equal(got, want) {
			t.Errorf("workers %d: problems\n%s\nwant\n%s", workers, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if rep.Checked != 53 {
			t.Errorf("checked %d", rep.Checked)
		}
		if s := rep.Summary(); s != "checked 53 documents: 6 errors (4 fixable with --fix)" {
			t.Errorf("summary %q", s)
		}
	}
	if got := mustRead(t, l.Path("rules", "hand.md")); got != hand {
		t.Errorf("validate without --fix wrote: %q", got)
	}

	rep := validate(t, l, ValidateOptions{Fix: true})
	if len(rep.Fixed) != 1 || rep.Fixed[0].Path != "rules/hand.md" || len(rep.Problems) != 2 {
		t.Errorf("fix: %+v", rep)
	}
	if s := rep.Summary(); s != "checked 53 documents: 2 errors, 1 fixed" {
		t.Errorf("summary %q", s)
	}
	want := "---\nid: \"019503a7-1111-7000-8000-000000000001\"\ntype: lesson\ncategory: concept\ncreated: 2026-02-16T15:23:14.527Z\nsource_hash: " +
		doc.Hash("Keep it short.") + "\n---\nKeep it short.\n"
	if got := mustRead(t, l.Path("rules", "hand.md")); got != want {
		t.Errorf("fixed file:\n%s\nwant\n%s", got, want)
	}
	if matches, _ := filepath.Glob(l.Path("rules", ".*")); len(matches) != 0 {
		t.Errorf("temporary files left: %q", matches)
	}
}

func TestValidatePaths(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	writeDoc(t, l.Path("mind", "a.md"), 1, "a")
	writeDoc(t, l.Path("vault", "b.md"), 2, "b")
	writeFile(t, l.Path("vault", "sub", "c.md"), "---\ntype: nope\n---\nc\n")
	writeFile(t, l.Path("notes.md"), "junk")
	if err := os.MkdirAll(l.Path("rules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(l.Path("mind", "a.md"), l.Path("rules", "link.md")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	rep := validate(t, l, ValidateOptions{Paths: []string{"mind/a.md", "vault", "mind/a.md", "notes.md", "rules/link.md", "mind/gone.md"}})
	if rep.Checked != 3 {
		t.Errorf("checked %d", rep.Checked)
	}
	got := problemStrings(rep.Problems)
	for _, w := range []string{"mind/gone.md: no such file", "rules/link.md: a symbolic link, not a memory document", `vault/sub/c.md:2: type "nope"`} {
		if !slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, w) }) {
			t.Errorf("missing %q in\n%s", w, strings.Join(got, "\n"))
		}
	}
	if len(rep.Skipped) != 1 || rep.Skipped[0].Path != "notes.md" {
		t.Errorf("skipped: %+v", rep.Skipped)
	}

	// The whole vault: the link is reported too (committed past the hook,
	// it is never read as memory), and not read.
	rep = validate(t, l, ValidateOptions{})
	if got := problemStrings(rep.Problems); !slices.ContainsFunc(got, func(s string) bool {
		return strings.HasPrefix(s, "rules/link.md: a symbolic link, not a memory document")
	}) {
		t.Errorf("validate --all misses the link:\n%s", strings.Join(got, "\n"))
	}
	if rep.Checked != 3 {
		t.Errorf("validate --all checked %d, want the 3 documents", rep.Checked)
	}

	// A copy named alone is caught through the index.
	writeFile(t, l.Path("mind", "copy.md"), mustRead(t, l.Path("mind", "a.md")))
	rep = validate(t, l, ValidateOptions{Paths: []string{"mind/copy.md"}})
	if got := problemStrings(rep.Problems); len(got) != 1 || !strings.Contains(got[0], "is also the id of mind/a.md") {
		t.Errorf("copy: %q", got)
	}
}

func TestValidateTooLarge(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	p := l.Path("mind", "big.md")
	writeFile(t, p, "")
	if err := os.Truncate(p, 50<<20); err != nil {
		t.Fatal(err)
	}
	rep := validate(t, l, ValidateOptions{})
	if got := problemStrings(rep.Problems); !slices.Equal(got, []string{"mind/big.md: file is 50.0 MB; a memory document may be at most 10.0 MB"}) {
		t.Errorf("got %q", got)
	}
}

func TestSummary(t *testing.T) {
	for _, tt := range []struct {
		r    ValidateReport
		want string
	}{
		{ValidateReport{Checked: 1}, "checked 1 document: 0 errors"},
		{ValidateReport{Checked: 1234, Problems: make([]doc.Problem, 2), Fixed: make([]Fixed, 1), Fix: true}, "checked 1,234 documents: 2 errors, 1 fixed"},
		{ValidateReport{Checked: 1234567, Problems: []doc.Problem{{}}}, "checked 1,234,567 documents: 1 error"},
		{ValidateReport{Checked: 3, Problems: []doc.Problem{{Fixable: true}, {}}}, "checked 3 documents: 2 errors (1 fixable with --fix)"},
	} {
		if got := tt.r.Summary(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 100000: "100,000", -1234: "-1,234"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q", n, got)
		}
	}
}

func TestWithFixPath(t *testing.T) {
	for _, tt := range [][3]string{
		{"run `cortex validate --fix` now", "mind/a.md", "run `cortex validate --fix mind/a.md` now"},
		{"run `cortex validate --fix` now", "mind/it's a.md", "run `cortex validate --fix 'mind/it'\\''s a.md'` now"},
		{"no command", "x.md", "no command"},
	} {
		if got := WithFixPath(tt[0], tt[1]); got != tt[2] {
			t.Errorf("got %q, want %q", got, tt[2])
		}
	}
}

func mustRead(t testing.TB, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// BenchmarkValidate is `cortex validate --all` over 2,000 documents: read,
// parse and check on every core, ids compared across the set.
func BenchmarkValidate(b *testing.B) {
	l := vault.Layout{Root: b.TempDir()}
	for i := range 2000 {
		writeDoc(b, l.Path("mind", "concepts", fmt.Sprintf("%02d", i%20), fmt.Sprintf("%04d.md", i)), i, fmt.Sprintf("Memory number %d, with a few more words to read.", i))
	}
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		rep, err := Validate(ctx, l, ValidateOptions{Logger: quiet})
		if err != nil || rep.Checked != 2000 || len(rep.Problems) != 0 {
			b.Fatalf("%v %v", rep.Summary(), err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/2000, "ns/doc")
}
