package observer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
)

// linkedFolder makes rel (a folder of the vault) a symbolic link to a folder
// outside the vault, committed as a shared vault could carry it, and
// returns the outside folder.
func linkedFolder(t *testing.T, l vault.Layout, rel string) string {
	t.Helper()
	outside := t.TempDir()
	abs := l.Path(filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(abs); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, abs); err != nil {
		t.Fatal(err)
	}
	git(t, l.Root, "add", "-A")
	git(t, l.Root, "commit", "-qm", "a link")
	return outside
}

// checkLinkIntact fails unless rel is still the same committed link and
// nothing was written into its target.
func checkLinkIntact(t *testing.T, l vault.Layout, rel, outside string) {
	t.Helper()
	got, err := os.Readlink(l.Path(filepath.FromSlash(rel)))
	if err != nil || got != outside {
		t.Fatalf("link %s: %q, %v; want it intact (%s)", rel, got, err, outside)
	}
	var written []string
	filepath.Walk(outside, func(p string, fi os.FileInfo, err error) error {
		if err == nil && p != outside {
			written = append(written, p)
		}
		return nil
	})
	if len(written) > 0 {
		t.Fatalf("written outside the vault through %s: %v", rel, written)
	}
	if mode := strings.Fields(git(t, l.Root, "ls-tree", "HEAD", rel)); len(mode) == 0 || mode[0] != "120000" {
		t.Fatalf("HEAD no longer holds the link %s: %v", rel, mode)
	}
	if st := git(t, l.Root, "status", "--porcelain", "--", rel); st != "" {
		t.Fatalf("the link %s changed in the working tree: %s", rel, st)
	}
}

func TestNeverWritesThroughASymlinkedFolder(t *testing.T) {
	for _, rel := range []string{"mind/code", "mind/code/2026-11"} {
		t.Run(strings.ReplaceAll(rel, "/", "_"), func(t *testing.T) {
			l := newTestVault(t)
			outside := linkedFolder(t, l, rel)
			appendRaw(t, l, obsLine("2026-11-03T10:00:00Z", "warning", "The deploy script wipes the cache folder.", "")+
				obsLine("2026-11-03T10:00:00Z", "fact", "Backups run at 02:00 UTC.", ""))
			for range 2 { // the second run must not undo anything either
				m := openTest(t, l, nil)
				res := process(t, m)
				m.Close()
				checkLinkIntact(t, l, rel, outside)
				if res.Lines > 0 && (res.Quarantined != 1 || res.Memorized != 1) {
					t.Fatalf("result %+v: want the warning quarantined and the fact memorized", res)
				}
			}
			recs, err := ReadQuarantine(l)
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != 1 || recs[0].Reason != ReasonSymlink || !strings.Contains(recs[0].Detail, rel+" is a symbolic link") {
				t.Fatalf("quarantine %+v: want one %s record naming %s", recs, ReasonSymlink, rel)
			}
			checkInvariants(t, l)
		})
	}
}

func TestRecoveryNeverDeletesThroughASymlink(t *testing.T) {
	l := newTestVault(t)
	appendRaw(t, l, obsLine("2026-11-03T10:00:00Z", "warning", "The deploy script wipes the cache folder.", ""))
	m := openTest(t, l, nil)
	m.crashAfter = stepMoved
	if _, err := m.Process(t.Context()); err == nil {
		t.Fatal("want the simulated crash")
	}
	m.Close()
	// The batch placed its document; now the folder is swapped for a link
	// to a folder holding a file of the same name.
	placed := docFiles(t, l)
	if len(placed) != 1 {
		t.Fatalf("placed %v", placed)
	}
	dir := filepath.Dir(l.Path(filepath.FromSlash(placed[0])))
	outside := t.TempDir()
	data, err := os.ReadFile(l.Path(filepath.FromSlash(placed[0])))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, filepath.Base(placed[0])), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, dir); err != nil {
		t.Fatal(err)
	}
	m = openTest(t, l, nil)
	process(t, m)
	if _, err := os.Stat(filepath.Join(outside, filepath.Base(placed[0]))); err != nil {
		t.Fatalf("recovery deleted a file through a link: %v", err)
	}
	if got, err := os.Readlink(dir); err != nil || got != outside {
		t.Fatalf("the link was replaced: %q %v", got, err)
	}
}
