package vault

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestWriteFilesAtomic(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "a", "old.md")
	writeFile(t, old, "old")
	if err := os.Chmod(old, 0o600); err != nil {
		t.Fatal(err)
	}
	fresh := filepath.Join(dir, "b", "new.md")
	if err := os.MkdirAll(filepath.Dir(fresh), 0o755); err != nil {
		t.Fatal(err)
	}
	err := WriteFilesAtomic([]AtomicWrite{{Path: old, Data: []byte("replaced"), Perm: 0o644}, {Path: fresh, Data: []byte("created"), Perm: 0o640}})
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{old: "replaced", fresh: "created"} {
		if got, _ := os.ReadFile(p); string(got) != want {
			t.Errorf("%s: %q", p, got)
		}
	}
	if runtime.GOOS != "windows" {
		if fi, _ := os.Stat(old); fi.Mode().Perm() != 0o600 {
			t.Errorf("kept mode: %v", fi.Mode())
		}
		if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o640 {
			t.Errorf("new mode: %v", fi.Mode())
		}
	}

	// A file that cannot be written: nothing is replaced, no temporary file
	// is left.
	err = WriteFilesAtomic([]AtomicWrite{{Path: old, Data: []byte("again")}, {Path: filepath.Join(dir, "missing", "x.md"), Data: []byte("x")}})
	if err == nil {
		t.Fatal("no error for a missing folder")
	}
	if got, _ := os.ReadFile(old); string(got) != "replaced" {
		t.Errorf("replaced despite the error: %q", got)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "a", ".*")); len(m) != 0 {
		t.Errorf("temporary files left: %q", m)
	}
}
