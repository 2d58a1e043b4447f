package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
)

func TestInsideCheckRefusesLinksAndEscapes(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	outside := t.TempDir()
	for _, d := range []string{"mind/a", "mind/b"} {
		if err := os.MkdirAll(l.Path(filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(l.Path("mind", "a", "f.md"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, l.Path("mind", "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "x.md"), l.Path("mind", "b", "l.md")); err != nil {
		t.Fatal(err)
	}
	c := newInsideCheck(l)
	for range 2 { // the second time from what the first found
		for rel, bad := range map[string]string{
			"mind/a/f.md":        "",
			"mind/a/new.md":      "",
			"mind/new/deep/x.md": "",
			"mind/out/x.md":      "symbolic link",
			"mind/out/deep/x.md": "symbolic link",
			"mind/b/l.md":        "symbolic link",
			"../x.md":            "not a path inside",
			"/etc/passwd":        "not a path inside",
		} {
			err := c.check(rel)
			switch {
			case bad == "" && err != nil:
				t.Errorf("check(%s) = %v", rel, err)
			case bad != "" && (err == nil || !strings.Contains(err.Error(), bad)):
				t.Errorf("check(%s) = %v, want an error saying %q", rel, err, bad)
			}
			if got := checkInside(l, rel); (got == nil) != (err == nil) {
				t.Errorf("checkInside(%s) = %v, check = %v", rel, got, err)
			}
		}
	}
}
