package vault

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestWalkSkipsIgnoredAndDotPaths(t *testing.T) {
	root := t.TempDir()
	files := []string{
		"mind/concepts/2026-01/a.md",
		"mind/concepts/2026-01/b.txt",
		"vault/decisions/2026-02/c.md",
		"vault/.obsidian/workspace.md",
		"rules/r.md",
		"rules/.hidden.md",
		"templates/t.md",
		"vault/templates/x.md",
		"vault/drawing.excalidraw.md",
		"notes/outside.md",
		"README.md",
	}
	for _, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("/etc/passwd", filepath.Join(root, "mind", "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".cortexignore"), []byte("templates/\n*.excalidraw.md\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l := Layout{Root: root}
	ig, err := LoadIgnore(l)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = Walk(l, ig, func(rel string, d fs.DirEntry) error {
		got = append(got, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"mind/concepts/2026-01/a.md", "vault/decisions/2026-02/c.md", "rules/r.md"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Walk = %q, want %q", got, want)
	}
}

func TestWalkMissingFolders(t *testing.T) {
	l := Layout{Root: t.TempDir()}
	ig, err := LoadIgnore(l)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	if err := Walk(l, ig, func(string, fs.DirEntry) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatalf("walked %d files in an empty vault", n)
	}
}

func TestIsMemoryPath(t *testing.T) {
	for p, want := range map[string]bool{
		"mind/concepts/a.md": true, "vault/x.md": true, "rules/r.md": true,
		"README.md": false, "notes/a.md": false, "mind/a.txt": false, "mindful/a.md": false,
	} {
		if got := IsMemoryPath(p); got != want {
			t.Errorf("IsMemoryPath(%q) = %v, want %v", p, got, want)
		}
	}
}
