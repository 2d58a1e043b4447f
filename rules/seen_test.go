package rules

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// rewrite writes data over the file at abs in place until its change
// time moves (the file system's clock ticks every few milliseconds).
func rewrite(t *testing.T, abs string, data []byte) {
	t.Helper()
	before, err := os.Lstat(abs)
	if err != nil {
		t.Fatal(err)
	}
	was, _ := changeTime(before)
	for {
		if err := os.WriteFile(abs, data, 0o644); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Lstat(abs)
		if err != nil {
			t.Fatal(err)
		}
		if now, _ := changeTime(fi); !now.Equal(was) {
			return
		}
	}
}

// TestSeenStill: a file's stat tells it unchanged only while nothing was
// done to it, a rewrite of the same size kept to the same mtime included.
func TestSeenStill(t *testing.T) {
	if fi, err := os.Lstat("."); err != nil {
		t.Fatal(err)
	} else if _, ok := changeTime(fi); !ok {
		t.Skip("no change times here: the write reads every file again")
	}
	defer func(w time.Duration) { racyWindow = w }(racyWindow)
	racyWindow = 0
	abs := filepath.Join(t.TempDir(), "a.md")
	if err := os.WriteFile(abs, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	look := func() *seen {
		at := time.Now()
		fi, err := os.Lstat(abs)
		if err != nil {
			t.Fatal(err)
		}
		return &seen{fi: fi, at: at}
	}
	s := look()
	if !s.still(abs) {
		t.Fatal("an untouched file is not still")
	}
	mtime := s.fi.ModTime()
	rewrite(t, abs, []byte("two\n"))
	if err := os.Chtimes(abs, mtime, mtime); err != nil {
		t.Fatal(err)
	}
	if s.still(abs) {
		t.Fatal("a rewrite of the same size, its mtime set back, is still")
	}
	s = look()
	if err := os.Chmod(abs, 0o600); err != nil {
		t.Fatal(err)
	}
	if s.still(abs) {
		t.Fatal("a chmod is still")
	}
	s = look()
	other := abs + ".new"
	if err := os.WriteFile(other, []byte("two\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(other, mtime, mtime); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(other, abs); err != nil {
		t.Fatal(err)
	}
	if s.still(abs) {
		t.Fatal("a file renamed over it is still")
	}
	// A change just before the look (within racyWindow) is never trusted.
	racyWindow = time.Hour
	if s := look(); s.still(abs) {
		t.Fatal("a file changed within the racy window is still")
	}
	var none *seen
	if none.still(abs) {
		t.Fatal("a file never seen is still")
	}
}
