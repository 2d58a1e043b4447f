package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
)

// The index file's name carries the schema version, so that two builds of
// cortex of different schemas on one vault do not rebuild each other's
// file at every command.
func TestIndexFileNamesTheSchema(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	if got, want := filepath.Base(l.IndexDB()), fmt.Sprintf("index.v%d.db", SchemaVersion); got != want {
		t.Fatalf("index file %s, want %s: vault.IndexFile must follow SchemaVersion", got, want)
	}
}

// userVersion reads PRAGMA user_version of the SQLite file at path.
func userVersion(t *testing.T, path string) int {
	t.Helper()
	db, err := openDSN(path, "mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v int
	if err := db.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// A file made by a newer cortex is never rebuilt over: Open refuses it
// with one line that says what to do, and leaves the file as it was.
func TestOpenRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	writeDoc(t, l, "mind/a.md", id1, "fact", "Alpha.")
	ix := openTest(t, l)
	newer := SchemaVersion + 1
	if _, err := ix.db.Exec(fmt.Sprintf("PRAGMA user_version = %d", newer)); err != nil {
		t.Fatal(err)
	}
	ix.Close()
	before, err := os.Stat(l.IndexDB())
	if err != nil {
		t.Fatal(err)
	}

	_, err = Open(ctx, l, Options{Logger: quiet()})
	if !errors.Is(err, ErrNewerSchema) {
		t.Fatalf("Open of a newer schema's file: %v, want ErrNewerSchema", err)
	}
	if want := fmt.Sprintf("schema %d", newer); !containsAll(err.Error(), want, "upgrade cortex", l.IndexDB()) {
		t.Fatalf("error %q does not name the file, the schema and the way out", err)
	}
	after, err := os.Stat(l.IndexDB())
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) || userVersion(t, l.IndexDB()) != newer {
		t.Fatal("Open rebuilt over a newer cortex's index")
	}
}

// An older cortex's file (index.db, schemas 1 to 7, or an older
// index.vN.db) is never read nor rebuilt over; a build of the index
// removes it with its journal (the older cortex, if it still runs, builds
// its own once), and leaves a newer cortex's file alone.
func TestOlderSchemaFilesLeftToTheirCortex(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	writeDoc(t, l, "mind/a.md", id1, "fact", "Alpha.")
	if err := os.MkdirAll(l.CacheDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	older := []string{"index.db", "index.db-journal", fmt.Sprintf("index.v%d.db", SchemaVersion-1)}
	newer := []string{fmt.Sprintf("index.v%d.db", SchemaVersion+1), fmt.Sprintf("index.v%d.db-journal", SchemaVersion+1), "index.v10000.db"}
	others := []string{"daemon.json", "index.vx.db"}
	for _, n := range append(append(append([]string{}, older...), newer...), others...) {
		if err := os.WriteFile(filepath.Join(l.CacheDir(), n), []byte("another cortex's"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	check := func(step string) {
		t.Helper()
		for _, n := range older {
			if _, err := os.Stat(filepath.Join(l.CacheDir(), n)); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s: older schema's %s not removed: %v", step, n, err)
			}
		}
		for _, n := range append(newer, others...) {
			if _, err := os.Stat(filepath.Join(l.CacheDir(), n)); err != nil {
				t.Errorf("%s removed %s: %v", step, n, err)
			}
		}
	}
	// Open builds the missing file of its own schema: the older ones go.
	ix := openTest(t, l)
	if n, err := ix.Count(ctx); err != nil || n != 1 {
		t.Fatalf("Count = %d, %v", n, err)
	}
	check("Open's build")
	for _, n := range older {
		if err := os.WriteFile(filepath.Join(l.CacheDir(), n), []byte("an older cortex's, made again"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The older cortex made its file again: Open reads its own and
	// leaves that one alone; only a rebuild clears it.
	openTest(t, l)
	if _, err := os.Stat(filepath.Join(l.CacheDir(), "index.db")); err != nil {
		t.Fatalf("Open of a sound index removed an older cortex's file: %v", err)
	}
	if err := Rebuild(ctx, l, RebuildOptions{Logger: quiet()}); err != nil {
		t.Fatal(err)
	}
	check("Rebuild")
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}
