package vaultfs

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

func TestWriteFiles(t *testing.T) {
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
	err := New(dir).WriteFiles([]File{{Path: old, Data: []byte("replaced"), Perm: 0o644}, {Path: fresh, Data: []byte("created"), Perm: 0o640}})
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
	err = New(dir).WriteFiles([]File{{Path: old, Data: []byte("again")}, {Path: filepath.Join(dir, "missing", "x.md"), Data: []byte("x")}})
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

// A link at the file is written through, a folder's link is followed, and
// ModTime is the file's modification time.
func TestWriteFilesLinksAndTimes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "real", "target.md")
	writeFile(t, target, "old")
	if err := os.Chmod(target, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink(filepath.Join("real", "target.md"), link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(dir, "folder")); err != nil {
		t.Fatal(err)
	}
	when := time.Date(2026, 6, 1, 3, 0, 0, 123456789, time.UTC)
	through := filepath.Join(dir, "folder", "other.md")
	err := New(dir).WriteFiles([]File{{Path: link, Data: []byte("through the link"), Perm: 0o644, ModTime: when},
		{Path: through, Data: []byte("in a linked folder"), Perm: 0o644}})
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v, %v", fi, err)
	}
	fi, err := os.Stat(target)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "through the link" {
		t.Errorf("target holds %q", got)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("target's mode %v, want it kept", fi.Mode())
	}
	if !fi.ModTime().Equal(when) {
		t.Errorf("target's mtime %v, want %v", fi.ModTime(), when)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "real", "other.md")); string(got) != "in a linked folder" {
		t.Errorf("file in a linked folder holds %q", got)
	}
}

// TestWriteFilesMany writes enough files for the bulk path (one
// syncfs where the system has it): every file in place, modes kept, no
// temporary file left.
func TestWriteFilesMany(t *testing.T) {
	dir := t.TempDir()
	var ws []File
	for i := range 2 * syncFSAt {
		p := filepath.Join(dir, string(rune('a'+i%5)), fmt.Sprintf("n%d.md", i))
		if i%2 == 0 {
			writeFile(t, p, "old")
		} else if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		ws = append(ws, File{Path: p, Data: fmt.Appendf(nil, "new %d", i), Perm: 0o640})
	}
	if err := New(dir).WriteFiles(ws); err != nil {
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

// TestRemoveFiles: every file named is removed, one already gone passed
// over, a folder's other files left.
func TestRemoveFiles(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := range 5 {
		p := filepath.Join(dir, "mind", fmt.Sprintf("d%d", i%2), fmt.Sprintf("f%d.md", i))
		writeFile(t, p, "x")
		paths = append(paths, p)
	}
	keep := filepath.Join(dir, "mind", "d0", "keep.md")
	writeFile(t, keep, "kept")
	gone := filepath.Join(dir, "mind", "d1", "never.md")
	if err := New(dir).RemoveFiles(append(paths, gone)); err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		if _, err := os.Lstat(p); !os.IsNotExist(err) {
			t.Errorf("%s: still there (%v)", p, err)
		}
	}
	if b, err := os.ReadFile(keep); err != nil || string(b) != "kept" {
		t.Errorf("keep.md: %q, %v", b, err)
	}
}

// TestWriteFilesMoves: files with From (moves with new bytes), in the
// bulk path and the single one. Each ends at its new path with its new
// bytes, mode and time, its old path gone and no temporary file left; a
// file with another name (a hard link) is not written into, so that name
// keeps the old bytes; a move onto a path that is there replaces it.
func TestWriteFilesMoves(t *testing.T) {
	for _, n := range []int{3, 2 * syncFSAt} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			dir := t.TempDir()
			when := time.Date(2026, 6, 1, 3, 0, 0, 123456789, time.UTC)
			var ws []File
			for i := range n {
				from := filepath.Join(dir, "mind", string(rune('a'+i%3)), fmt.Sprintf("n%d.md", i))
				to := filepath.Join(dir, "mind", "archive", string(rune('a'+i%3)), fmt.Sprintf("n%d.md", i))
				writeFile(t, from, fmt.Sprintf("old %d, a longer text than the new one", i))
				if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
					t.Fatal(err)
				}
				ws = append(ws, File{Path: to, From: from, Data: fmt.Appendf(nil, "new %d", i), Perm: 0o640, ModTime: when})
			}
			linked := filepath.Join(dir, "linked.md")
			if err := os.Link(ws[0].From, linked); err != nil {
				t.Fatal(err)
			}
			writeFile(t, ws[1].Path, "there before")
			// A file this process may not write into (read-only, as a
			// user other than root): moved all the same, into a new file.
			if err := os.Chmod(ws[n-1].From, 0o444); err != nil {
				t.Fatal(err)
			}
			refused, hit := filepath.Base(ws[n-1].Path), false
			defer func(was func(string, []byte, os.FileMode, time.Time) error) { overwriteFile = was }(overwriteFile)
			overwriteFile = func(tmp string, data []byte, perm os.FileMode, mtime time.Time) error {
				if IsTempOf(filepath.Join(filepath.Dir(tmp), refused), filepath.Base(tmp)) {
					hit = true
					return os.ErrPermission
				}
				return overwrite(tmp, data, perm, mtime)
			}
			before, err := os.Stat(ws[2].From)
			if err != nil {
				t.Fatal(err)
			}
			if err := New(dir).WriteFiles(ws); err != nil {
				t.Fatal(err)
			}
			// Where whole file systems are synced, a moved file is its
			// old file, written into.
			if hit != (haveSyncFS && n >= syncFSAt) {
				t.Errorf("a moved file refused writing into: %v", hit)
			}
			after, err := os.Stat(ws[2].Path)
			if err != nil {
				t.Fatal(err)
			}
			if same, want := os.SameFile(before, after), haveSyncFS && n >= syncFSAt; same != want {
				t.Errorf("%s is %s's own file: %v, want %v", ws[2].Path, ws[2].From, same, want)
			}
			for i, w := range ws {
				if got, _ := os.ReadFile(w.Path); string(got) != fmt.Sprintf("new %d", i) {
					t.Errorf("%s: %q", w.Path, got)
				}
				fi, err := os.Stat(w.Path)
				if err != nil {
					t.Fatal(err)
				}
				if !fi.ModTime().Equal(when) || runtime.GOOS != "windows" && fi.Mode().Perm() != 0o640 && i != 1 {
					t.Errorf("%s: mtime %v, mode %v", w.Path, fi.ModTime(), fi.Mode())
				}
				if _, err := os.Lstat(w.From); !os.IsNotExist(err) {
					t.Errorf("%s, moved, is still there: %v", w.From, err)
				}
			}
			if got, _ := os.ReadFile(linked); string(got) != "old 0, a longer text than the new one" {
				t.Errorf("the other name of a moved file holds %q", got)
			}
			if m, _ := filepath.Glob(filepath.Join(dir, "mind", "*", "*", ".*")); len(m) != 0 {
				t.Errorf("temporary files left: %q", m)
			}
		})
	}
}
