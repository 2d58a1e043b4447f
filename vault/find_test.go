package vault

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cortex-vault/cortex/vault/doc"
)

func TestFind(t *testing.T) {
	base := t.TempDir()
	mk := func(rel string) string {
		p := filepath.Join(base, filepath.FromSlash(rel))
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	touch := func(rel string) {
		if err := os.WriteFile(filepath.Join(base, filepath.FromSlash(rel)), []byte("version: 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A vault marked by taxonomy.yml, one marked by observer/ inside it, and
	// a folder marked by neither.
	mk("tax/mind/concepts/deep")
	touch("tax/taxonomy.yml")
	mk("tax/projects/inner/observer")
	mk("tax/projects/inner/src")
	mk("plain/sub")
	// A file named observer and a folder named taxonomy.yml mark nothing.
	mk("fake/taxonomy.yml")
	mk("fake/sub")
	if err := os.WriteFile(filepath.Join(base, "fake", "observer"), nil, 0o644); err != nil {
		t.Fatal(err)
	}

	tests := []struct{ start, want string }{
		{"tax", "tax"},
		{"tax/mind/concepts/deep", "tax"},
		{"tax/projects", "tax"},
		{"tax/projects/inner", "tax/projects/inner"},     // nearest wins
		{"tax/projects/inner/src", "tax/projects/inner"}, // observer/ marks it
		{"plain/sub", "plain/sub"},                       // no vault: the start itself
		{"fake/sub", "fake/sub"},
	}
	for _, tt := range tests {
		l, err := Find(filepath.Join(base, filepath.FromSlash(tt.start)))
		if err != nil {
			t.Errorf("Find(%s): %v", tt.start, err)
			continue
		}
		if want := filepath.Join(base, filepath.FromSlash(tt.want)); l.Root != want {
			t.Errorf("Find(%s) = %s, want %s", tt.start, l.Root, want)
		}
	}

	// A relative start is made absolute.
	t.Chdir(filepath.Join(base, "tax", "mind"))
	l, err := Find(".")
	if err != nil || l.Root != filepath.Join(base, "tax") {
		t.Errorf("Find(.) = %v, %v", l.Root, err)
	}

	if _, err := Find(filepath.Join(base, "tax", "taxonomy.yml")); err == nil {
		t.Error("Find on a file: no error")
	}
	if _, err := Find(filepath.Join(base, "missing")); err == nil {
		t.Error("Find on a missing folder: no error")
	}
}

func TestIsVault(t *testing.T) {
	dir := t.TempDir()
	if ok, err := IsVault(dir); ok || err != nil {
		t.Errorf("empty folder: %v, %v", ok, err)
	}
	if err := os.WriteFile(filepath.Join(dir, doc.TaxonomyFile), []byte("version: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if ok, err := IsVault(dir); !ok || err != nil {
		t.Errorf("with taxonomy.yml: %v, %v", ok, err)
	}
}
