package hooks

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestReadDocFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.md")
	want := bytes.Repeat([]byte("abc\n"), 5000)
	writeFile(t, p, string(want))
	when := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := os.Chtimes(p, when, when); err != nil {
		t.Fatal(err)
	}
	data, size, mtime, err := readDocFile(p, 1<<20)
	if err != nil || !bytes.Equal(data, want) || size != int64(len(want)) || mtime != when.UnixNano() {
		t.Errorf("read: %d bytes, size %d, mtime %d, %v", len(data), size, mtime, err)
	}
	// Over the limit: the size only.
	data, size, _, err = readDocFile(p, 100)
	if err != nil || data != nil || size != int64(len(want)) {
		t.Errorf("over the limit: %d bytes, size %d, %v", len(data), size, err)
	}
	// Empty.
	writeFile(t, p, "")
	if data, size, _, err := readDocFile(p, 100); err != nil || data == nil || len(data) != 0 || size != 0 {
		t.Errorf("empty: %v %d %v", data, size, err)
	}
	// Not a regular file, or missing.
	if _, _, _, err := readDocFile(dir, 100); err == nil {
		t.Error("a folder was read")
	}
	if _, _, _, err := readDocFile(filepath.Join(dir, "nope.md"), 100); err == nil {
		t.Error("a missing file was read")
	}
	if err := os.Symlink(p, filepath.Join(dir, "link.md")); err == nil {
		if _, _, _, err := readDocFile(filepath.Join(dir, "link.md"), 100); err == nil {
			t.Error("a symbolic link was followed")
		}
	}
}
