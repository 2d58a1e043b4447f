package vaultfs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// writers are the functions that write, move or delete files: outside this
// package, nothing calls them (the room's methods do, after their checks).
var writers = map[string][]string{
	"os": {"WriteFile", "Rename", "Remove", "RemoveAll", "Mkdir", "MkdirAll", "MkdirTemp",
		"Create", "CreateTemp", "OpenFile", "Symlink", "Link", "Truncate", "Chmod", "Chtimes", "Lchown", "Chown"},
	// Taking a flock creates its file.
	"github.com/gofrs/flock": {"New"},
}

// allowed lists the files (or folders, ending in "/") whose writes are not
// inside a vault, each with the reason. Keep it short: a vault path
// written here is the bug this test exists to catch.
var allowed = map[string]string{
	"vault/gitstore/": "git's own folder (.git, which may lie outside the vault: a project's, a worktree's), written the way git writes it, with git's lock files; " +
		"and the locks a killed push of ours left in a remote's folder on this machine",
	"bench/":            "measurement tools that build synthetic vaults in folders of their own, never run on a person's vault",
	"hooks/git.go":      "writeBlobs: blob contents in a temporary folder of its own (os.MkdirTemp), handed to git hash-object",
	"vaultsync/sync.go": "editTree: a temporary git index file in the system's temporary folder, created by git",
	"cmd/cortex/mergedriver.go": "the merge driver writes its result to the file git named (%A), git's own temporary file, as git's " +
		"merge-driver protocol requires",
}

// TestNothingWritesAroundTheRoom scans the module's non-test Go files for
// calls that write, move or delete files without the room (package
// vaultfs). The system's temporary folder (os.MkdirTemp("", …),
// os.CreateTemp("", …)) is not a vault and needs no entry.
func TestNothingWritesAroundTheRoom(t *testing.T) {
	root := moduleRoot(t)
	fset := token.NewFileSet()
	var bad []string
	used := map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		if d.IsDir() {
			if name := d.Name(); p != root && (name == "testdata" || strings.HasPrefix(name, ".")) || rel == "vault/vaultfs" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, c := range writeCalls(f) {
			if why := allowedFor(rel); why != "" {
				used[why] = true
				continue
			}
			pos := fset.Position(c.Pos())
			bad = append(bad, rel+":"+strconv.Itoa(pos.Line)+": "+callName(c))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Errorf("%s writes around the room: use the vault's vaultfs.Root (Layout.FS()), or vaultfs.Outside() for a file outside any vault", b)
	}
	for k, why := range allowed {
		if !used[why] {
			t.Errorf("allowed[%q] is not needed any more: remove it", k)
		}
	}
}

func allowedFor(rel string) string {
	for k, why := range allowed {
		if rel == k || strings.HasSuffix(k, "/") && strings.HasPrefix(rel, k) {
			return why
		}
	}
	return ""
}

// writeCalls returns f's calls of writers, but for temporary files and
// folders made in the system's temporary folder.
func writeCalls(f *ast.File) []*ast.CallExpr {
	names := map[string]string{} // local name → import path
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if _, ok := writers[path]; !ok {
			continue
		}
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[name] = path
	}
	var out []*ast.CallExpr
	ast.Inspect(f, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok || !slices.Contains(writers[names[x.Name]], sel.Sel.Name) {
			return true
		}
		if (sel.Sel.Name == "MkdirTemp" || sel.Sel.Name == "CreateTemp") && len(c.Args) > 0 {
			if lit, ok := c.Args[0].(*ast.BasicLit); ok && lit.Value == `""` {
				return true
			}
		}
		out = append(out, c)
		return true
	})
	return out
}

func callName(c *ast.CallExpr) string {
	sel := c.Fun.(*ast.SelectorExpr)
	return sel.X.(*ast.Ident).Name + "." + sel.Sel.Name
}

// moduleRoot is the folder of the module's go.mod, found from the test's
// working folder (the package's).
func moduleRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}
