package vault

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// scanTree writes a vault whose names test Walk's rules and order: dot
// names, ignored folders and files, links, names that sort around '/'.
func scanTree(t *testing.T) Layout {
	t.Helper()
	root := t.TempDir()
	files := []string{
		"mind/concepts/2026-01/a.md",
		"mind/concepts/2026-01/b.txt",
		"mind/concepts/2026-01/sub/deep/z.md",
		"mind/concepts/2026-01-x.md",
		"mind/concepts/2026-01.md",
		"mind/concepts/2026-01 b/c.md",
		"mind/Zeta.md",
		"mind/alpha.md",
		"vault/decisions/2026-02/c.md",
		"vault/.obsidian/workspace.md",
		"vault/x/.hidden/y.md",
		"rules/r.md",
		"rules/.hidden.md",
		"rules/not-md.markdown",
		"templates/t.md",
		"vault/templates/x.md",
		"vault/templates.md",
		"vault/drawing.excalidraw.md",
		"vault/ünïcode/é.md",
		"notes/outside.md",
		"README.md",
	}
	for i, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, make([]byte, i), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("/etc/passwd", filepath.Join(root, "mind", "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "mind", "concepts"), filepath.Join(root, "vault", "linked")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".cortexignore"), []byte("templates/\n*.excalidraw.md\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return Layout{Root: root}
}

// walkStat is what Scan must return: Walk's paths, in Walk's order, with
// their Lstat.
func walkStat(t *testing.T, l Layout, ig *Ignore) []Found {
	t.Helper()
	var want []Found
	err := Walk(l, ig, func(rel string, d fs.DirEntry) error {
		fi, err := d.Info()
		if err != nil {
			return err
		}
		want = append(want, Found{Rel: rel, Size: fi.Size(), MtimeNS: fi.ModTime().UnixNano()})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return want
}

func TestScanIsWalk(t *testing.T) {
	l := scanTree(t)
	ig, err := LoadIgnore(l)
	if err != nil {
		t.Fatal(err)
	}
	if ig.Hash() == "" {
		t.Fatal("Hash is empty with a .cortexignore")
	}
	want := walkStat(t, l, ig)
	got, err := Scan(context.Background(), l, ig, ScanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Scan =\n%v\nWalk =\n%v", got, want)
	}

	// Unmatched: the files the patterns leave out come back, and only
	// they; ignored folders and dot-names stay out.
	all, err := Scan(context.Background(), l, ig, ScanOptions{Unmatched: true})
	if err != nil {
		t.Fatal(err)
	}
	var kept []Found
	for _, f := range all {
		if !ig.Ignored(f.Rel) {
			kept = append(kept, f)
		}
	}
	if !reflect.DeepEqual(kept, want) {
		t.Fatalf("Scan unmatched, then Ignored =\n%v\nWalk =\n%v", kept, want)
	}
	if len(all) != len(want)+1 || !slices.ContainsFunc(all, func(f Found) bool { return f.Rel == "vault/drawing.excalidraw.md" }) {
		t.Fatalf("Scan unmatched = %v: want Walk's and vault/drawing.excalidraw.md", all)
	}

	// Without a .cortexignore.
	if err := os.Remove(l.Cortexignore()); err != nil {
		t.Fatal(err)
	}
	ig, err = LoadIgnore(l)
	if err != nil {
		t.Fatal(err)
	}
	if ig.Hash() != "" {
		t.Fatalf("Hash = %q without a .cortexignore", ig.Hash())
	}
	got, err = Scan(context.Background(), l, ig, ScanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := walkStat(t, l, ig); !reflect.DeepEqual(got, want) {
		t.Fatalf("Scan =\n%v\nWalk =\n%v", got, want)
	}
}

func TestScanMissingFolders(t *testing.T) {
	l := Layout{Root: t.TempDir()}
	got, err := Scan(context.Background(), l, &Ignore{}, ScanOptions{})
	if err != nil || len(got) != 0 {
		t.Fatalf("Scan of an empty vault = %v, %v", got, err)
	}
}

func TestDotPath(t *testing.T) {
	for _, c := range []struct {
		rel  string
		want bool
	}{
		{"a/b.md", false}, {".a/b.md", true}, {"a/.b.md", true}, {"a/b./c.md", false},
		{"a/.b/", true}, {"a/b/", false}, {"a.b/c.md", false}, {"a//.b", true}, {"", false},
	} {
		if got := dotPath(c.rel); got != c.want {
			t.Errorf("dotPath(%q) = %v, want %v", c.rel, got, c.want)
		}
	}
}
