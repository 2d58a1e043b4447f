package vault

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	cortex "github.com/cortex-vault/cortex"
	"github.com/cortex-vault/cortex/vault/doc"
)

// gitCLI runs the real git in dir, isolated from the machine's configuration.
func gitCLI(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	home := t.TempDir()
	cmd.Env = append(os.Environ(),
		"HOME="+home, "XDG_CONFIG_HOME="+home, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=Test", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=Test", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func mustGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := gitCLI(t, dir, args...)
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// snapshot records every path under root with its mode and content, so a
// test can prove that nothing at all changed.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	snap := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		v := fi.Mode().String()
		if fi.Mode().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			v += " " + string(b)
		}
		snap[filepath.ToSlash(rel)] = v
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

func sameSnapshot(t *testing.T, before, after map[string]string) {
	t.Helper()
	if reflect.DeepEqual(before, after) {
		return
	}
	var diffs []string
	for p, v := range after {
		if w, ok := before[p]; !ok {
			diffs = append(diffs, "added "+p)
		} else if w != v {
			diffs = append(diffs, "changed "+p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			diffs = append(diffs, "removed "+p)
		}
	}
	sort.Strings(diffs)
	t.Errorf("the tree changed:\n%s", strings.Join(diffs, "\n"))
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeFile(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func ops(r *InitReport) map[string]string {
	m := map[string]string{}
	for _, a := range r.Actions {
		m[a.Path] = a.Op
	}
	return m
}

// checkIgnores asks the real git what it ignores in a vault.
func checkIgnores(t *testing.T, vault string) {
	t.Helper()
	for _, pr := range ignoreProbes {
		_, err := gitCLI(t, vault, "check-ignore", "-q", "--no-index", pr.path)
		ignored := err == nil
		if ignored != pr.ignore {
			t.Errorf("git check-ignore %s: ignored=%v, want %v", pr.path, ignored, pr.ignore)
		}
	}
}

func TestInitNewFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "notes", "vault")
	r, err := Init(dir, InitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.CreatedDir || r.Git != GitInitialized || r.Branch != "main" || r.Dir != dir || r.Repo != dir {
		t.Errorf("report = %+v", r)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings: %q", r.Warnings)
	}
	want := map[string]string{
		"mind/": InitCreated, "mind/concepts/": InitCreated, "mind/archive/": InitCreated,
		"vault/": InitCreated, "rules/": InitCreated, "observer/": InitCreated,
		"observer/staging/": InitCreated, ".cortex/": InitCreated,
		"taxonomy.yml": InitWrote, "calibration.yml": InitWrote, ".cortexignore": InitWrote,
		"observer/README.md": InitWrote, ".gitignore": InitWrote, ".gitattributes": InitWrote,
	}
	if got := ops(r); !reflect.DeepEqual(got, want) {
		t.Errorf("actions = %v\nwant %v", got, want)
	}
	if !r.Changed() || r.Count(InitCreated) != 8 || r.Count(InitWrote) != 6 {
		t.Errorf("Changed=%v created=%d wrote=%d", r.Changed(), r.Count(InitCreated), r.Count(InitWrote))
	}
	for f, data := range map[string][]byte{
		"taxonomy.yml":    cortex.DefaultTaxonomy,
		"calibration.yml": trusting(t, "Test Person"),
		".cortexignore":   cortex.DefaultCortexignore,
	} {
		if got := readFile(t, filepath.Join(dir, f)); got != string(data) {
			t.Errorf("%s is not the embedded default", f)
		}
	}
	if got := readFile(t, filepath.Join(dir, ".gitignore")); got != gitignoreComment+"\n/observer/*\n!/observer/README.md\n/.cortex/\n.*.tmp-[0-9]*\n" {
		t.Errorf(".gitignore = %q", got)
	}
	if got := readFile(t, filepath.Join(dir, ".git", "HEAD")); got != "ref: refs/heads/main\n" {
		t.Errorf("HEAD = %q", got)
	}
	// The real git reads the repository and agrees on what is ignored.
	if out := mustGit(t, dir, "symbolic-ref", "HEAD"); out != "refs/heads/main\n" {
		t.Errorf("git symbolic-ref HEAD = %q", out)
	}
	checkIgnores(t, dir)
	// The memory folders name the merge driver, as git reads them.
	if out := mustGit(t, dir, "check-attr", "merge", "--", "mind/concepts/2026-02/a.md", "rules/r.md", "vault/decisions/d.md", "taxonomy.yml"); out != "mind/concepts/2026-02/a.md: merge: cortex\nrules/r.md: merge: cortex\nvault/decisions/d.md: merge: cortex\ntaxonomy.yml: merge: unspecified\n" {
		t.Errorf("git check-attr merge:\n%s", out)
	}
	// Init committed what it wrote: git status is clean.
	if status := mustGit(t, dir, "status", "--porcelain", "--untracked-files=all"); status != "" {
		t.Errorf("git status after init:\n%s", status)
	}
	if r.Commit == "" {
		t.Error("no commit reported")
	}
	if files := mustGit(t, dir, "ls-files"); files != ".cortexignore\n.gitattributes\n.gitignore\ncalibration.yml\nobserver/README.md\ntaxonomy.yml\n" {
		t.Errorf("committed files:\n%s", files)
	}
}

func TestInitTwiceChangesNothing(t *testing.T) {
	dir := t.TempDir()
	if _, err := Init(dir, InitOptions{}); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	r, err := Init(dir, InitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Changed() || r.CreatedDir || r.Git != GitExisting || r.Count(InitKept) != len(r.Actions) {
		t.Errorf("second run: %+v", r)
	}
	sameSnapshot(t, before, snapshot(t, dir))
}

func TestInitKeepsWhatAPersonWrote(t *testing.T) {
	dir := t.TempDir()
	if _, err := Init(dir, InitOptions{}); err != nil {
		t.Fatal(err)
	}
	tax := "# mine\ntypes:\n  fact: { dir: mind/facts }\n  recipe: { category: entity, dir: vault/recipes }\n"
	cal := "threshold: 0.7 # stricter\n"
	ign := "# my lines\n*.log\n/observer/*\n!/observer/README.md\n/.cortex/\n.*.tmp-[0-9]*"
	readme := "my own notes about observer/\n"
	writeFile(t, filepath.Join(dir, doc.TaxonomyFile), tax)
	writeFile(t, filepath.Join(dir, CalibrationFile), cal)
	writeFile(t, filepath.Join(dir, ".gitignore"), ign)
	writeFile(t, filepath.Join(dir, "observer", "README.md"), readme)
	if err := os.Remove(filepath.Join(dir, ".cortexignore")); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(dir, "mind", "archive")); err != nil {
		t.Fatal(err)
	}
	r, err := Init(dir, InitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := ops(r)
	for p, want := range map[string]string{
		doc.TaxonomyFile: InitKept, CalibrationFile: InitKept, ".gitignore": InitKept,
		"observer/README.md": InitKept, ".cortexignore": InitWrote, "mind/archive/": InitCreated,
		"mind/concepts/": InitKept,
	} {
		if got[p] != want {
			t.Errorf("%s: %s, want %s", p, got[p], want)
		}
	}
	for p, want := range map[string]string{doc.TaxonomyFile: tax, CalibrationFile: cal, ".gitignore": ign, "observer/README.md": readme} {
		if g := readFile(t, filepath.Join(dir, filepath.FromSlash(p))); g != want {
			t.Errorf("%s changed:\n%q\nwant %q", p, g, want)
		}
	}
}

func TestInitAppendsGitignoreLines(t *testing.T) {
	tests := []struct {
		name, before, after string
		appended            []string
	}{
		{"person's lines, no final newline", "*.log\nnode_modules/",
			"*.log\nnode_modules/\n\n" + gitignoreComment + "\n/observer/*\n!/observer/README.md\n/.cortex/\n.*.tmp-[0-9]*\n",
			vaultIgnoreLines},
		{"some lines present", "/.cortex/\n/observer/*\n",
			"/.cortex/\n/observer/*\n\n" + gitignoreComment + "\n!/observer/README.md\n.*.tmp-[0-9]*\n",
			[]string{"!/observer/README.md", ".*.tmp-[0-9]*"}},
		{"negation before the pattern it negates", "!/observer/README.md\n/observer/*\n/.cortex/\n",
			"!/observer/README.md\n/observer/*\n/.cortex/\n\n" + gitignoreComment + "\n!/observer/README.md\n.*.tmp-[0-9]*\n",
			[]string{"!/observer/README.md", ".*.tmp-[0-9]*"}},
		{"CRLF line endings", "*.log\r\n",
			"*.log\r\n\r\n" + gitignoreComment + "\r\n/observer/*\r\n!/observer/README.md\r\n/.cortex/\r\n.*.tmp-[0-9]*\r\n",
			vaultIgnoreLines},
		{"trailing spaces are what git ignores", "/observer/*  \n!/observer/README.md\t\n/.cortex/\n",
			"/observer/*  \n!/observer/README.md\t\n/.cortex/\n\n" + gitignoreComment + "\n!/observer/README.md\n.*.tmp-[0-9]*\n",
			[]string{"!/observer/README.md", ".*.tmp-[0-9]*"}},
		{"empty file", "",
			gitignoreComment + "\n/observer/*\n!/observer/README.md\n/.cortex/\n.*.tmp-[0-9]*\n",
			vaultIgnoreLines},
		{"comment already there", gitignoreComment + "\n/observer/*\n",
			gitignoreComment + "\n/observer/*\n!/observer/README.md\n/.cortex/\n.*.tmp-[0-9]*\n",
			[]string{"!/observer/README.md", "/.cortex/", ".*.tmp-[0-9]*"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, ".gitignore"), tt.before)
			r, err := Init(dir, InitOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, filepath.Join(dir, ".gitignore")); got != tt.after {
				t.Errorf(".gitignore:\n got %q\nwant %q", got, tt.after)
			}
			var a InitAction
			for _, x := range r.Actions {
				if x.Path == ".gitignore" {
					a = x
				}
			}
			if a.Op != InitAppended || !reflect.DeepEqual(a.Lines, tt.appended) {
				t.Errorf("action = %+v, want appended %q", a, tt.appended)
			}
			checkIgnores(t, dir)
			// And a second run finds nothing missing.
			r2, err := Init(dir, InitOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if r2.Changed() {
				t.Errorf("second run changed %+v", r2.Actions)
			}
		})
	}
}

// A .gitignore that is a link leading out of the vault (a shared file) is
// neither read nor written: init refuses before it changes anything. A
// link that stays inside the vault is written through.
func TestInitGitignoreThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	shared := filepath.Join(t.TempDir(), "shared.gitignore")
	writeFile(t, shared, "*.log\n")
	if err := os.Symlink(shared, filepath.Join(dir, ".gitignore")); err != nil {
		t.Fatal(err)
	}
	_, err := Init(dir, InitOptions{})
	if err == nil || !strings.Contains(err.Error(), ".gitignore is a link to "+shared+": refusing to read or write outside the vault") {
		t.Fatalf("init: %v", err)
	}
	if got := readFile(t, shared); got != "*.log\n" {
		t.Errorf("linked file = %q", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("init changed the vault: %v", ents)
	}

	writeFile(t, filepath.Join(dir, "shared", "gitignore"), "*.log\n")
	if err := os.Remove(filepath.Join(dir, ".gitignore")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("shared", "gitignore"), filepath.Join(dir, ".gitignore")); err != nil {
		t.Fatal(err)
	}
	if _, err := Init(dir, InitOptions{}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(filepath.Join(dir, ".gitignore")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Error(".gitignore is no longer a symbolic link")
	}
	if got := readFile(t, filepath.Join(dir, "shared", "gitignore")); !strings.HasPrefix(got, "*.log\n\n"+gitignoreComment) {
		t.Errorf("linked file = %q", got)
	}
}

func TestInitInsideProject(t *testing.T) {
	project := t.TempDir()
	mustGit(t, project, "init", "-q", "-b", "main")
	writeFile(t, filepath.Join(project, "main.go"), "package main\n")
	writeFile(t, filepath.Join(project, ".gitignore"), "bin/\n")
	mustGit(t, project, "add", "-A")
	mustGit(t, project, "commit", "-q", "-m", "project")
	before := snapshot(t, project)

	dir := filepath.Join(project, "docs", "memory")
	r, err := Init(dir, InitOptions{InProject: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Git != GitEnclosing || !samePath(r.Repo, project) || r.Branch != "" || r.Commit != "" {
		t.Errorf("report: git=%s repo=%s branch=%q", r.Git, r.Repo, r.Branch)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings: %q", r.Warnings)
	}
	if _, err := os.Lstat(filepath.Join(dir, ".git")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("a nested .git was created")
	}
	// Every path outside the vault is as it was.
	after := snapshot(t, project)
	for p := range after {
		if p == "docs" || strings.HasPrefix(p, "docs/memory") {
			delete(after, p)
		}
		if strings.HasPrefix(p, ".git/") || p == ".git" {
			delete(after, p)
		}
	}
	for p := range before {
		if strings.HasPrefix(p, ".git/") || p == ".git" {
			delete(before, p)
		}
	}
	sameSnapshot(t, before, after)
	status := mustGit(t, project, "status", "--porcelain", "--untracked-files=all")
	for _, want := range []string{"?? docs/memory/taxonomy.yml", "?? docs/memory/.gitignore", "?? docs/memory/observer/README.md"} {
		if !strings.Contains(status, want) {
			t.Errorf("git status lacks %q:\n%s", want, status)
		}
	}
	checkIgnores(t, dir)

	// The project's top folder itself is refused (SPEC §11); without a
	// folder named, the vault goes in memory/; with --in-project, the top
	// is used as is, and nothing is committed into a repository with
	// history.
	head := mustGit(t, project, "rev-parse", "HEAD")
	var pre *ProjectRootError
	if _, err := Init(project, InitOptions{}); !errors.As(err, &pre) {
		t.Fatalf("init of the project's top: %v, want a ProjectRootError", err)
	}
	if _, err := os.Stat(filepath.Join(project, doc.TaxonomyFile)); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a refused init wrote taxonomy.yml: %v", err)
	}
	r, err = Init(project, InitOptions{InProject: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Git != GitExisting || r.Commit != "" || mustGit(t, project, "rev-parse", "HEAD") != head {
		t.Errorf("git = %s, commit %q", r.Git, r.Commit)
	}
	// A repository with no commit yet (git init, then cortex init) gets
	// init's commit.
	fresh := filepath.Join(t.TempDir(), "fresh")
	mustGit(t, filepath.Dir(fresh), "init", "-q", "-b", "main", fresh)
	if r, err = Init(fresh, InitOptions{}); err != nil || r.Git != GitExisting || r.Commit == "" {
		t.Errorf("unborn repository: %v, git %s, commit %q", err, r.Git, r.Commit)
	}
	if status := mustGit(t, fresh, "status", "--porcelain"); status != "" {
		t.Errorf("status after init in an unborn repository:\n%s", status)
	}
}

func TestInitWarnsAboutProjectIgnores(t *testing.T) {
	project := t.TempDir()
	mustGit(t, project, "init", "-q")
	// A project that ignores folders named like the vault's.
	writeFile(t, filepath.Join(project, ".gitignore"), "vault/\nobserver/\n")
	writeFile(t, filepath.Join(project, ".git", "info", "exclude"), "*.yml\n")
	dir := filepath.Join(project, "mem")
	r, err := Init(dir, InitOptions{InProject: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"mem/observer/README.md", "mem/taxonomy.yml", "mem/calibration.yml", "mem/vault/decisions/note.md"}
	for _, w := range want {
		found := false
		for _, m := range r.Warnings {
			if strings.HasPrefix(m, "git ignores "+w+":") {
				found = true
			}
		}
		if !found {
			t.Errorf("no warning for %s in %q", w, r.Warnings)
		}
	}
	if len(r.Warnings) != len(want) {
		t.Errorf("warnings: %q", r.Warnings)
	}
	// The warnings agree with the real git.
	for _, w := range want {
		if _, err := gitCLI(t, project, "check-ignore", "-q", w); err != nil {
			t.Errorf("git does not ignore %s, yet Init warned", w)
		}
	}
}

// TestIgnoreWarningsMatchGit compares the ignore reading with the real git on
// setups where the two could part ways.
func TestIgnoreWarningsMatchGit(t *testing.T) {
	setups := map[string]map[string]string{
		"plain":             {},
		"nested gitignore":  {"sub/.gitignore": "*.md\n!rules/*.md\n", "sub/v/mind/.gitignore": "concepts/\n"},
		"anchored patterns": {".gitignore": "/sub/v/.cortexignore\n**/decisions/\n"},
		"re-include fails":  {".gitignore": "sub/v/observer/\n!sub/v/observer/README.md\n"},
		"negated globally":  {".gitignore": "*.db\n!index.db\n", "sub/v/.gitignore": "!/.cortex/\n"},
	}
	for name, files := range setups {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			mustGit(t, root, "init", "-q")
			for p, s := range files {
				writeFile(t, filepath.Join(root, filepath.FromSlash(p)), s)
			}
			vault := filepath.Join(root, "sub", "v")
			if _, err := Init(vault, InitOptions{}); err != nil {
				t.Fatal(err)
			}
			warned := map[string]bool{}
			for _, w := range ignoreWarnings(root, vault) {
				for _, pr := range ignoreProbes {
					if strings.Contains(w, " sub/v/"+pr.path+":") {
						warned[pr.path] = true
					}
				}
			}
			for _, pr := range ignoreProbes {
				_, err := gitCLI(t, root, "check-ignore", "-q", "--no-index", "sub/v/"+pr.path)
				gitIgnored := err == nil
				if warned[pr.path] != (gitIgnored != pr.ignore) {
					t.Errorf("%s: git ignores=%v, warned=%v", pr.path, gitIgnored, warned[pr.path])
				}
			}
		})
	}
}

func TestInitRefuses(t *testing.T) {
	t.Run("DIR is a file", func(t *testing.T) {
		root := t.TempDir()
		p := filepath.Join(root, "notes.txt")
		writeFile(t, p, "hello\n")
		before := snapshot(t, root)
		_, err := Init(p, InitOptions{})
		if err == nil || err.Error() != "init "+p+": it is a file, not a folder" {
			t.Errorf("err = %v", err)
		}
		sameSnapshot(t, before, snapshot(t, root))
	})
	t.Run("invalid taxonomy.yml", func(t *testing.T) {
		dir := t.TempDir()
		bad := "types:\n  fact: { dir: ../../etc }\n"
		writeFile(t, filepath.Join(dir, doc.TaxonomyFile), bad)
		before := snapshot(t, dir)
		_, err := Init(dir, InitOptions{})
		want := filepath.Join(dir, doc.TaxonomyFile) + `:2: type "fact": dir "../../etc": must not contain a .. segment (fix it, or delete it to get the default; init changed nothing)`
		if err == nil || err.Error() != want {
			t.Errorf("err = %v\nwant %s", err, want)
		}
		var te *doc.TaxonomyError
		if !errors.As(err, &te) || te.Line != 2 {
			t.Errorf("err is not a *TaxonomyError at line 2: %#v", err)
		}
		sameSnapshot(t, before, snapshot(t, dir))
	})
	t.Run("a file where a folder belongs", func(t *testing.T) {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "mind", "concepts"), "oops")
		before := snapshot(t, dir)
		_, err := Init(dir, InitOptions{})
		if err == nil || !strings.Contains(err.Error(), "mind/concepts is a file where the vault needs a folder") {
			t.Errorf("err = %v", err)
		}
		sameSnapshot(t, before, snapshot(t, dir))
	})
	t.Run("a folder where a file belongs", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, ".gitignore"), 0o755); err != nil {
			t.Fatal(err)
		}
		before := snapshot(t, dir)
		_, err := Init(dir, InitOptions{})
		if err == nil || !strings.Contains(err.Error(), ".gitignore exists and is not a regular file") {
			t.Errorf("err = %v", err)
		}
		sameSnapshot(t, before, snapshot(t, dir))
	})
	t.Run("inside a bare repository", func(t *testing.T) {
		bare := t.TempDir()
		mustGit(t, bare, "init", "-q", "--bare")
		before := snapshot(t, bare)
		_, err := Init(filepath.Join(bare, "vault"), InitOptions{})
		if err == nil || !strings.Contains(err.Error(), "bare git repository") {
			t.Errorf("err = %v", err)
		}
		sameSnapshot(t, before, snapshot(t, bare))
	})
	t.Run("inside .git", func(t *testing.T) {
		repo := t.TempDir()
		mustGit(t, repo, "init", "-q")
		_, err := Init(filepath.Join(repo, ".git", "vault"), InitOptions{})
		if err == nil || !strings.Contains(err.Error(), "inside the .git folder") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("bad branch name", func(t *testing.T) {
		root := t.TempDir()
		_, err := Init(filepath.Join(root, "v"), InitOptions{Branch: "a..b"})
		if err == nil || !strings.Contains(err.Error(), `branch "a..b"`) {
			t.Errorf("err = %v", err)
		}
		if _, err := os.Stat(filepath.Join(root, "v")); !errors.Is(err, fs.ErrNotExist) {
			t.Error("a refused init created the folder")
		}
	})
}

func TestInitBranchOption(t *testing.T) {
	dir := t.TempDir()
	r, err := Init(dir, InitOptions{Branch: "trunk"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Branch != "trunk" || readFile(t, filepath.Join(dir, ".git", "HEAD")) != "ref: refs/heads/trunk\n" {
		t.Errorf("branch %q, HEAD %q", r.Branch, readFile(t, filepath.Join(dir, ".git", "HEAD")))
	}
}

func TestInitWarnsAboutInvalidCalibration(t *testing.T) {
	dir := t.TempDir()
	cal := "threshold: 2\n"
	writeFile(t, filepath.Join(dir, CalibrationFile), cal)
	r, err := Init(dir, InitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], "calibration.yml:1: threshold \"2\"") {
		t.Errorf("warnings = %q", r.Warnings)
	}
	if got := readFile(t, filepath.Join(dir, CalibrationFile)); got != cal {
		t.Errorf("calibration.yml was changed: %q", got)
	}
}

func TestInitInLinkedWorktree(t *testing.T) {
	main := t.TempDir()
	mustGit(t, main, "init", "-q", "-b", "main")
	writeFile(t, filepath.Join(main, "README"), "x\n")
	mustGit(t, main, "add", "-A")
	mustGit(t, main, "commit", "-q", "-m", "x")
	wt := filepath.Join(t.TempDir(), "wt")
	mustGit(t, main, "worktree", "add", "-q", "-b", "side", wt)
	r, err := Init(filepath.Join(wt, "vault"), InitOptions{InProject: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Git != GitEnclosing || !samePath(r.Repo, wt) {
		t.Errorf("git=%s repo=%s", r.Git, r.Repo)
	}
	// A vault of its own asked for in a linked worktree goes in the main
	// work tree (git worktree remove would delete it with the worktree);
	// the exclude line goes to the common git folder, where git reads
	// info/exclude for every worktree.
	r, err = Init(filepath.Join(wt, "mem"), InitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Git != GitNested || !samePath(r.Dir, filepath.Join(main, "mem")) || !samePath(r.Worktree, wt) ||
		!samePath(r.Exclude, filepath.Join(main, ".git", "info", "exclude")) {
		t.Errorf("git=%s dir=%s worktree=%s exclude=%s", r.Git, r.Dir, r.Worktree, r.Exclude)
	}
	if _, err := os.Stat(filepath.Join(wt, "mem")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a vault was made in the linked worktree: %v", err)
	}
	for _, d := range []string{main, wt} {
		if status := mustGit(t, d, "status", "--porcelain", "--untracked-files=all"); strings.Contains(status, "mem") {
			t.Errorf("the nested vault shows in %s's status:\n%s", d, status)
		}
	}
	// Found from the worktree and from the main work tree alike.
	for _, d := range []string{wt, filepath.Join(wt, "vault"), main} {
		if got := FindProjectVaults(d); len(got) != 1 || !samePath(got[0], filepath.Join(main, "mem")) {
			t.Errorf("FindProjectVaults(%s) = %q", d, got)
		}
	}
	if got := NestedIn(filepath.Join(main, "mem")); !samePath(got, main) {
		t.Errorf("NestedIn = %q", got)
	}
	// A nested vault an older cortex made inside the linked worktree is
	// still found from that worktree.
	old := filepath.Join(wt, "old")
	mustGit(t, wt, "init", "-q", old)
	if err := os.MkdirAll(filepath.Join(old, "observer"), 0o755); err != nil {
		t.Fatal(err)
	}
	exclude := filepath.Join(main, ".git", "info", "exclude")
	writeFile(t, exclude, readFile(t, exclude)+excludeMark+"old (the memory vault, its own git repository)\n/old/\n")
	if got := FindProjectVaults(wt); len(got) != 2 || !samePath(got[1], old) {
		t.Errorf("FindProjectVaults(%s) with an old vault there = %q", wt, got)
	}
	if !bytes.HasPrefix([]byte(readFile(t, filepath.Join(wt, ".git"))), []byte("gitdir: ")) {
		t.Error("the worktree's .git file was touched")
	}
}

func TestTrustPerson(t *testing.T) {
	for _, tc := range []struct{ name, item, trusted string }{
		{"Maya Lin", "    - Maya Lin\n", "Maya Lin"},
		{"  José Ñúñez ", "    - José Ñúñez\n", "José Ñúñez"},
		{"yes", "    - \"yes\"\n", "yes"},
		{"1.5", "    - \"1.5\"\n", "1.5"},
		{"o'brien: #1", "    - \"o'brien: #1\"\n", "o'brien: #1"},
		{"-dash", "    - \"-dash\"\n", "-dash"},
		{"owner", "", ""},
		{"", "", ""},
	} {
		data, trusted := trustPerson(cortex.DefaultCalibration, tc.name)
		if trusted != tc.trusted {
			t.Errorf("%q: trusted %q", tc.name, trusted)
		}
		if tc.item == "" {
			if !bytes.Equal(data, cortex.DefaultCalibration) {
				t.Errorf("%q: calibration changed", tc.name)
			}
			continue
		}
		if !bytes.Contains(data, []byte("    - system\n"+tc.item)) {
			t.Errorf("%q: no line %q in\n%s", tc.name, tc.item, data)
		}
		// The file stays valid and trusts the name, exactly.
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, CalibrationFile), string(data))
		cal, warns := LoadCalibration(dir)
		if len(warns) > 0 || !cal.Trusts(tc.trusted) || !cal.Trusts("owner") {
			t.Errorf("%q: warnings %q, trusted %q", tc.name, warns, cal.Trusted)
		}
	}
}

// trusting is the default calibration trusting the name too.
func trusting(t *testing.T, name string) []byte {
	t.Helper()
	data, trusted := trustPerson(cortex.DefaultCalibration, name)
	if trusted != name {
		t.Fatalf("trustPerson(%q) = %q", name, trusted)
	}
	return data
}
