package vault

import (
	"fmt"
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

// TestWriteFilesAtomicMany writes enough files for the bulk path (one
// syncfs where the system has it): every file in place, modes kept, no
// temporary file left.
func TestWriteFilesAtomicMany(t *testing.T) {
	dir := t.TempDir()
	var ws []AtomicWrite
	for i := range 2 * syncFSAt {
		p := filepath.Join(dir, string(rune('a'+i%5)), fmt.Sprintf("n%d.md", i))
		if i%2 == 0 {
			writeFile(t, p, "old")
		} else if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		ws = append(ws, AtomicWrite{Path: p, Data: fmt.Appendf(nil, "new %d", i), Perm: 0o640})
	}
	if err := WriteFilesAtomic(ws); err != nil {
		t.Fatal(err)
	}
	for i, w := range ws {
		if got, _ := os.ReadFile(w.Path); string(got) != fmt.Sprintf("new %d", i) {
			t.Errorf("%s: %q", w.Path, got)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*", ".*")); len(m) != 0 {
		t.Errorf("temporary files left: %q", m)
	}
}
