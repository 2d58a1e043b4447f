package vaultfs

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// vaultWithLinks makes a vault folder with observer/ a link to a folder
// outside holding a state.json, inside/ a link to a folder inside, and
// dangling a link to nowhere. It returns the vault and the outside folder.
func vaultWithLinks(t *testing.T) (string, string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	dir, outside := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(outside, "state.json"), "theirs")
	writeFile(t, filepath.Join(dir, "real", "f.md"), "ours")
	for link, target := range map[string]string{"observer": outside, "inside": "real", "dangling": "nowhere"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	return dir, outside
}

// TestRootRefusesLinksLeadingOutside: every operation on a path through a
// link to outside the vault is refused before it touches anything; a link
// that stays inside is followed.
func TestRootRefusesLinksLeadingOutside(t *testing.T) {
	dir, outside := vaultWithLinks(t)
	r := New(dir)
	state := filepath.Join(dir, "observer", "state.json")
	ops := map[string]func() error{
		"WriteFile":  func() error { return r.WriteFile(state, []byte("x"), 0o644) },
		"CreateFile": func() error { return r.CreateFile(filepath.Join(dir, "observer", "new"), []byte("x"), 0o644) },
		"WriteFiles": func() error {
			return r.WriteFiles([]File{{Path: filepath.Join(dir, "real", "g.md"), Data: []byte("x")}, {Path: state, Data: []byte("x")}})
		},
		"MkdirAll": func() error { return r.MkdirAll(filepath.Join(dir, "observer", "staging"), 0o755) },
		"Mkdir":    func() error { return r.Mkdir(filepath.Join(dir, "observer", "staging"), 0o755) },
		"Remove":   func() error { return r.Remove(state) },
		"RemoveFiles": func() error {
			return r.RemoveFiles([]string{filepath.Join(dir, "real", "f.md"), state})
		},
		"RemoveAll": func() error { return r.RemoveAll(filepath.Join(dir, "observer")) },
		"Rename":    func() error { return r.Rename(state, filepath.Join(dir, "real", "s")) },
		"RenameTo":  func() error { return r.Rename(filepath.Join(dir, "real", "f.md"), state) },
		"Link":      func() error { return r.Link(filepath.Join(dir, "real", "f.md"), filepath.Join(dir, "observer", "l")) },
		"OpenFile": func() error {
			f, err := r.OpenFile(state, os.O_WRONLY|os.O_APPEND, 0)
			if err == nil {
				f.Close()
			}
			return err
		},
		"CreateTemp": func() error {
			f, err := r.CreateTemp(filepath.Join(dir, "observer"), "x-*")
			if err == nil {
				f.Close()
			}
			return err
		},
		"Truncate": func() error { return r.Truncate(state, 0) },
		"Chmod":    func() error { return r.Chmod(state, 0o600) },
		"Flock": func() error {
			_, err := r.Flock(filepath.Join(dir, "observer", "x.lock"), 0o600)
			return err
		},
		"Dangling": func() error { return r.WriteFile(filepath.Join(dir, "dangling", "x"), []byte("x"), 0o644) },
	}
	for name, op := range ops {
		err := op()
		var le *LinkError
		if !errors.As(err, &le) || !le.Outside {
			t.Errorf("%s: %v, want a *LinkError for a link leading outside", name, err)
			continue
		}
		if name != "Dangling" && !strings.Contains(err.Error(), "observer/ is a link to "+outside+": refusing to write outside the vault; replace it with a folder") {
			t.Errorf("%s: %v", name, err)
		}
	}
	ents, _ := os.ReadDir(outside)
	if len(ents) != 1 || ents[0].Name() != "state.json" {
		t.Errorf("the outside folder changed: %v", ents)
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "state.json")); string(b) != "theirs" {
		t.Errorf("outside state.json: %q", b)
	}
	if _, err := os.Lstat(filepath.Join(dir, "real", "g.md")); err == nil {
		t.Error("WriteFiles wrote a file of a set with a refused path")
	}
	if _, err := os.Lstat(filepath.Join(dir, "real", "f.md")); err != nil {
		t.Errorf("RemoveFiles removed a file of a set with a refused path: %v", err)
	}

	// Inside the vault, a link is followed.
	if err := r.WriteFile(filepath.Join(dir, "inside", "f.md"), []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "real", "f.md")); string(b) != "new" {
		t.Errorf("through an inside link: %q", b)
	}
	// A path that is not in the vault is a caller's mistake.
	var oe *OutsideError
	if err := r.WriteFile(filepath.Join(outside, "x"), nil, 0o644); !errors.As(err, &oe) {
		t.Errorf("outside path: %v", err)
	}
	// Outside() checks nothing: for a person's own files outside any vault.
	if err := Outside().WriteFile(filepath.Join(dir, "observer", "mine"), []byte("x"), 0o644); err != nil {
		t.Errorf("Outside: %v", err)
	}
}

// TestNoLinkAndChecker: memories refuse any link on their way, wherever it
// leads; a Checker answers the same, each folder looked at once.
func TestNoLinkAndChecker(t *testing.T) {
	dir, _ := vaultWithLinks(t)
	r := New(dir)
	c := r.Checker()
	for rel, bad := range map[string]string{
		"real/f.md":        "",
		"real/new/deep.md": "",
		"new/x.md":         "",
		"inside/f.md":      "inside is a symbolic link (to real): Cortex never writes inside/f.md through it",
		"observer/x.md":    "observer is a symbolic link",
		"inside":           "inside is a symbolic link (to real): Cortex never writes through or replaces a link",
		"real/f.md/x":      "real/f.md is not a folder",
		"../x.md":          "not a path inside the vault",
		"/etc/passwd":      "not a path inside the vault",
	} {
		for _, check := range []func(string) error{r.NoLink, c.NoLink, c.NoLink} {
			err := check(rel)
			switch {
			case bad == "" && err != nil:
				t.Errorf("%s: %v", rel, err)
			case bad != "" && (err == nil || !strings.Contains(err.Error(), bad)):
				t.Errorf("%s: %v, want %q", rel, err, bad)
			}
		}
	}
}

// TestLinkErrorQuotesTarget: a link's target with a newline cannot split
// the one line a person reads.
func TestLinkErrorQuotesTarget(t *testing.T) {
	e := &LinkError{Path: "observer", Link: "observer", Target: "/tmp/a\nb", Outside: true, Dir: true}
	if s := e.Error(); strings.Contains(s, "\n") || !strings.Contains(s, `"/tmp/a\nb"`) {
		t.Errorf("%q", s)
	}
}

// TestUnlinkRemovesTheLinkItself: a link to outside the vault — committed
// and then deleted on another machine, so a sync removes it — is removed
// itself, never followed: what it points to stays as it was. A path
// through such a link is still refused, and so is a path outside.
func TestUnlinkRemovesTheLinkItself(t *testing.T) {
	dir, outside := vaultWithLinks(t)
	r := New(dir)
	for _, name := range []string{"observer", "dangling", "inside", "real/f.md"} {
		if err := r.Unlink(filepath.Join(dir, name)); err != nil {
			t.Errorf("Unlink %s: %v", name, err)
		}
		if _, err := os.Lstat(filepath.Join(dir, name)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there: %v", name, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "state.json")); string(b) != "theirs" {
		t.Errorf("outside state.json: %q", b)
	}
	if _, err := os.Stat(filepath.Join(dir, "real")); err != nil {
		t.Errorf("the folder a link inside pointed to: %v", err)
	}

	dir, outside = vaultWithLinks(t)
	r = New(dir)
	var le *LinkError
	if err := r.Unlink(filepath.Join(dir, "observer", "state.json")); !errors.As(err, &le) || !le.Outside {
		t.Errorf("Unlink through a link to outside: %v, want a *LinkError", err)
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "state.json")); string(b) != "theirs" {
		t.Errorf("outside state.json: %q", b)
	}
	var oe *OutsideError
	if err := r.Unlink(filepath.Join(outside, "state.json")); !errors.As(err, &oe) {
		t.Errorf("Unlink of a path outside: %v", err)
	}
	if err := r.Unlink(dir); err == nil {
		t.Error("Unlink of the vault's own folder succeeded")
	}
}
