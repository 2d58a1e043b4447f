package vaultfs

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestReadInto(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "note.md")
	content := bytes.Repeat([]byte("a line of a memory\n"), 500) // 9,500 bytes: more than one read
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, size := range []int64{0, 3, int64(len(content)), 1 << 20} {
		got, err := ReadInto(path, size, nil, 0, true)
		if err != nil || !bytes.Equal(got, content) {
			t.Errorf("size hint %d: %d bytes, %v; want the file's %d", size, len(got), err, len(content))
		}
	}
	buf := make([]byte, 0, 16)
	if got, err := ReadInto(path, 16, buf, 100, false); err != nil || !bytes.Equal(got, content[:100]) {
		t.Errorf("limit 100: %d bytes, %v", len(got), err)
	}
	if runtime.GOOS == "windows" {
		return
	}
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink(path, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if _, err := ReadInto(link, 0, nil, 0, true); err == nil {
		t.Error("noFollow: a link was read through")
	}
	if got, err := ReadInto(link, 0, nil, 0, false); err != nil || !bytes.Equal(got, content) {
		t.Errorf("following the link: %d bytes, %v", len(got), err)
	}
	if _, err := ReadInto(filepath.Join(dir, "missing.md"), 0, nil, 0, true); !os.IsNotExist(err) {
		t.Errorf("a missing file: %v, want not-exist", err)
	}
}
