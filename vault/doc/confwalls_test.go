package doc

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"
)

// A taxonomy.yml that is a link leading out of the vault is refused
// without being read: the error names the link, never the target's bytes.
func TestLoadTaxonomyRefusesLinkOutside(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	root, outside := t.TempDir(), t.TempDir()
	secret := filepath.Join(outside, "passwd")
	if err := os.WriteFile(secret, []byte("root:x:0:0:root:/root:/bin/bash\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(root, TaxonomyFile)); err != nil {
		t.Fatal(err)
	}
	_, err := LoadTaxonomy(root)
	if err == nil || strings.Contains(err.Error(), "root:x") ||
		!strings.Contains(err.Error(), "taxonomy.yml is a link to "+secret+": refusing to read or write outside the vault") {
		t.Fatalf("LoadTaxonomy: %v", err)
	}
	// A link inside the vault is read.
	if err := os.Remove(filepath.Join(root, TaxonomyFile)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "tx.yml"), []byte("types: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("tx.yml", filepath.Join(root, TaxonomyFile)); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadTaxonomy(root); err != nil {
		t.Fatalf("through a link inside: %v", err)
	}
}

// A parse error quotes at most a short, escaped excerpt of the file.
func TestTaxonomyErrorsQuoteShortExcerpts(t *testing.T) {
	long := strings.Repeat("root:x:0:0:root:/root:/bin/bash ", 100)
	for name, data := range map[string]string{
		"top":       long + "\n",
		"key":       "types: {}\n" + strings.Repeat("k", 500) + ": 1\n",
		"dir":       "types:\n  note: { category: concept, dir: \"" + strings.Repeat("a/", 300) + "..\\n\\u001b[31m\" }\n",
		"namespace": "types: {}\ntag_namespaces:\n  \"" + strings.Repeat("n", 300) + "\\nx\": [a]\n",
	} {
		_, err := ParseTaxonomy("taxonomy.yml", []byte(data), DefaultTaxonomy())
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		msg := err.Error()
		if strings.ContainsAny(msg, "\n\x1b") {
			t.Errorf("%s: unescaped control characters: %q", name, msg)
		}
		// The message around the excerpt is ours; the excerpt is at most
		// ExcerptRunes runes (plus the quotes and the …).
		if n := utf8.RuneCountInString(msg); n > 250 {
			t.Errorf("%s: %d runes: %s", name, n, msg)
		}
	}
}

func TestExcerpt(t *testing.T) {
	for in, want := range map[string]string{
		"short":                  `"short"`,
		"a\nb\x1b":               `"a\nb\x1b"`,
		strings.Repeat("é", 100): `"` + strings.Repeat("é", 80) + `…"`,
		strings.Repeat("x", 80):  `"` + strings.Repeat("x", 80) + `"`,
		strings.Repeat("x", 81):  `"` + strings.Repeat("x", 80) + `…"`,
	} {
		if got := Excerpt(in); got != want {
			t.Errorf("Excerpt(%.20q) = %s, want %s", in, got, want)
		}
	}
}
