package vaultfs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// writeFile writes s to p, creating its folders.
func writeFile(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// noTemps fails when a temporary file was left next to the written one.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if m, _ := filepath.Match(".*.tmp-*", e.Name()); m {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func TestCreateFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.yml")
	if err := New(dir).CreateFile(p, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := New(dir).CreateFile(p, []byte("two\n"), 0o644)
	if !errors.Is(err, fs.ErrExist) {
		t.Fatalf("second create: %v, want fs.ErrExist", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "one\n" {
		t.Fatalf("an existing file was replaced: %q", b)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", fi.Mode())
	}
	// A dangling symbolic link is something a person put there, and it
	// leads nowhere: refused, and kept.
	link := filepath.Join(dir, "link.yml")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), link); err != nil {
		t.Fatal(err)
	}
	var le *LinkError
	if err := New(dir).CreateFile(link, []byte("x"), 0o644); !errors.As(err, &le) {
		t.Errorf("create over a dangling link: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "nowhere")); err == nil {
		t.Error("created the dangling link's target")
	}
	if err := New(dir).CreateFile(filepath.Join(dir, "missing", "b"), nil, 0o644); err == nil {
		t.Error("created a file in a folder that does not exist")
	}
	noTemps(t, dir)
}

// TestCreateFileUnsynced: the batch's create — the whole file appears at
// its path in one step (a hard link of the written temporary file), so a
// kill leaves it complete or absent, never empty; an existing file is
// kept; the mtime returned is the file's.
func TestCreateFileUnsynced(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "m.md")
	mtime, err := New(dir).CreateFileUnsynced(p, []byte("---\ntype: fact\n---\nx\n"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil || !fi.ModTime().Equal(mtime) || fi.Mode().Perm() != 0o644 {
		t.Fatalf("stat %v, %v: mtime %v returned", fi, err, mtime)
	}
	if _, err := New(dir).CreateFileUnsynced(p, []byte("two\n"), 0o644); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("second create: %v, want fs.ErrExist", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "---\ntype: fact\n---\nx\n" {
		t.Fatalf("content %q", b)
	}
	noTemps(t, dir)
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := New(dir).WriteFile(p, []byte("one"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := New(dir).WriteFile(p, []byte("two"), 0o600); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Fatalf("content %q", b)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v: an existing file's mode was not kept", fi.Mode().Perm())
	}
	// Written through a symbolic link, which stays a link.
	link := filepath.Join(dir, "link")
	if err := os.Symlink("f", link); err != nil {
		t.Fatal(err)
	}
	if err := New(dir).WriteFile(link, []byte("three"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the symbolic link was replaced by a file")
	}
	if b, _ := os.ReadFile(p); string(b) != "three" {
		t.Errorf("target content %q", b)
	}
	noTemps(t, dir)
}

// IsTempOf knows the temp files writeTemp makes for a path, and nothing else.
func TestIsTempOf(t *testing.T) {
	path := filepath.Join(t.TempDir(), "daemon.json")
	tmp, err := writeTemp(path, []byte("{}"), 0o644, false, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if !IsTempOf(path, filepath.Base(tmp)) {
		t.Errorf("%s is not recognised as a temp file of %s", tmp, path)
	}
	for _, name := range []string{"daemon.json", ".daemon.json.tmp-", ".daemon.json.tmp-12a", "daemon.json.tmp-12", ".state.json.tmp-12", ".daemon.json.tmp-12/x"} {
		if IsTempOf(path, name) {
			t.Errorf("%q taken for a temp file of %s", name, path)
		}
	}
}
