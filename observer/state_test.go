package observer

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

func TestStateRoundTripAndCorruption(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	st, warn, err := LoadState(l)
	if err != nil || warn != "" || st.Offset != 0 {
		t.Fatalf("missing state = %+v, %q, %v", st, warn, err)
	}
	want := State{
		Buffer:  BufferID{Dev: 1, Inode: 42},
		Offset:  48230,
		LastRun: time.Date(2026, 2, 16, 15, 23, 15, 0, time.UTC),
		Totals:  Totals{Lines: 15, Memorized: 13, Reinforced: 2},
	}
	if err := SaveState(l, want); err != nil {
		t.Fatal(err)
	}
	got, warn, err := LoadState(l)
	if err != nil || warn != "" || got != want {
		t.Fatalf("LoadState = %+v, %q, %v; want %+v", got, warn, err, want)
	}
	for _, bad := range []string{"{not json", `{"offset": -5}`, "", "\x00\x00"} {
		if err := os.WriteFile(l.State(), []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		got, warn, err := LoadState(l)
		if err != nil || got != (State{}) || !strings.Contains(warn, "corrupt") {
			t.Errorf("corrupt %q: LoadState = %+v, %q, %v; want zero state and a warning", bad, got, warn, err)
		}
	}
}

func TestBufferIDTellsFilesApart(t *testing.T) {
	dir := t.TempDir()
	a, b := dir+"/a", dir+"/b"
	os.WriteFile(a, []byte("x"), 0o644)
	os.WriteFile(b, []byte("x"), 0o644)
	fa, _ := os.Stat(a)
	fb, _ := os.Stat(b)
	if bufferIDOf(fa) == bufferIDOf(fb) && bufferIDOf(fa) != (BufferID{}) {
		t.Fatal("two files share one identity")
	}
	// A rename keeps the identity (rotation renames the old buffer away).
	os.Rename(a, dir+"/a.1")
	fr, _ := os.Stat(dir + "/a.1")
	if bufferIDOf(fr) != bufferIDOf(fa) {
		t.Fatal("rename changed the identity")
	}
}
