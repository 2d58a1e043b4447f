package hooks

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

var (
	testNow = time.Date(2026, 2, 16, 15, 23, 14, 527_000_000, time.UTC)
	quiet   = slog.New(slog.NewTextHandler(io.Discard, nil))
)

func testIDs() func() string {
	n := 0
	return func() string {
		n++
		return fmt.Sprintf("019503a7-1111-7000-8000-%012d", n)
	}
}

// newVault makes a git repository whose folder rel is a vault (a taxonomy
// file is its mark), with one commit.
func newVault(t *testing.T, rel string) (repo string, l vault.Layout) {
	t.Helper()
	isolate(t)
	repo = newRepo(t)
	l = vault.Layout{Root: filepath.Join(repo, filepath.FromSlash(rel))}
	writeFile(t, l.Taxonomy(), "version: 1\ntypes:\n  recipe: { category: entity, dir: vault/recipes }\n")
	writeFile(t, filepath.Join(repo, ".gitignore"), ".cortex/\n")
	gitRun(t, repo, "add", "-A")
	gitRun(t, repo, "commit", "-q", "-m", "vault")
	return repo, l
}

func preCommit(t *testing.T, repo string, vaults ...string) *PreCommitReport {
	t.Helper()
	rep, err := PreCommit(context.Background(), PreCommitOptions{
		Dir: repo, Vaults: vaults, Now: func() time.Time { return testNow }, NewID: testIDs(), Logger: quiet,
	})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

const handNote = "---\r\ntype: recipe   # mine\r\ntags: [cooking]\r\n---\r\n\r\nBoil the water first.\r\n"

func TestPreCommitFixes(t *testing.T) {
	repo, l := newVault(t, "docs/memory")
	p := filepath.Join(l.Root, "vault", "recipes", "tea.md")
	writeFile(t, p, handNote)
	gitRun(t, repo, "add", "-A")

	rep := preCommit(t, repo, "docs/memory")
	if !rep.OK() || rep.Checked != 1 {
		t.Fatalf("report: %+v", rep)
	}
	want := "---\r\nid: \"019503a7-1111-7000-8000-000000000001\"\r\ntype: recipe   # mine\r\ncategory: entity\r\n" +
		"created: 2026-02-16T15:23:14.527Z\r\nsource_hash: " + doc.Hash("Boil the water first.") +
		"\r\ntags: [cooking]\r\n---\r\n\r\nBoil the water first.\r\n"
	if staged := gitRun(t, repo, "show", ":docs/memory/vault/recipes/tea.md"); staged != strings.TrimSpace(want) {
		t.Errorf("staged:\n%q\nwant\n%q", staged, want)
	}
	if got, _ := os.ReadFile(p); string(got) != want {
		t.Errorf("working file:\n%q\nwant\n%q", got, want)
	}
	if len(rep.Fixed) != 1 || rep.Fixed[0].Path != "docs/memory/vault/recipes/tea.md" || rep.Fixed[0].StagedOnly ||
		!slices.Equal(rep.Fixed[0].Fields, []string{"id", "category", "created", "source_hash"}) {
		t.Errorf("fixed: %+v", rep.Fixed)
	}
	// The index entry kept its mode, and git sees the working file as clean.
	if st := gitRun(t, repo, "status", "--porcelain"); st != "A  docs/memory/vault/recipes/tea.md" {
		t.Errorf("status: %q", st)
	}

	// Again: nothing to fix.
	if rep := preCommit(t, repo, "docs/memory"); !rep.OK() || len(rep.Fixed) != 0 {
		t.Errorf("second run: %+v", rep)
	}
}

// The hook works on the index GIT_INDEX_FILE names (git commit -a, git
// commit PATH use another index than .git/index), never on .git/index.
func TestPreCommitIndexFile(t *testing.T) {
	repo, l := newVault(t, ".")
	writeFile(t, filepath.Join(l.Root, "mind", "a.md"), "---\ntype: fact\n---\nA.\n")
	gitRun(t, repo, "add", "-A")
	before, err := os.ReadFile(filepath.Join(repo, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "index")
	if err := os.WriteFile(other, before, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_INDEX_FILE", other)
	rep := preCommit(t, repo, ".")
	if !rep.OK() || len(rep.Fixed) != 1 {
		t.Fatalf("report: %+v", rep)
	}
	if after, _ := os.ReadFile(filepath.Join(repo, ".git", "index")); string(after) != string(before) {
		t.Error(".git/index was written")
	}
	if !strings.Contains(gitRun(t, repo, "show", ":mind/a.md"), "category: concept") {
		t.Error("GIT_INDEX_FILE's index was not updated")
	}
	if _, err := os.Stat(filepath.Join(repo, ".git", "index.lock")); !os.IsNotExist(err) {
		t.Errorf("index.lock left: %v", err)
	}
}

func TestPreCommitProblemsChangeNothing(t *testing.T) {
	repo, l := newVault(t, ".")
	good := filepath.Join(l.Root, "mind", "good.md")
	writeFile(t, good, "---\ntype: fact\n---\nGood.\n")
	writeFile(t, filepath.Join(l.Root, "mind", "bad.md"), "---\ntype: fact\nimportance: 7\n---\nBad.\n")
	writeFile(t, filepath.Join(l.Root, "mind", "exec.md"), "---\ntype: fact\n---\nExecutable.\n")
	os.Chmod(filepath.Join(l.Root, "mind", "exec.md"), 0o755)
	gitRun(t, repo, "add", "-A")
	rep := preCommit(t, repo, ".")
	if rep.OK() || len(rep.Fixed) != 0 || len(rep.Problems) != 1 || rep.Checked != 3 {
		t.Fatalf("report: %+v", rep)
	}
	if p := rep.Problems[0]; p.String() != "mind/bad.md:3: importance 7 is out of range: use a number from 0 to 1" {
		t.Errorf("problem: %s", p)
	}
	if got, _ := os.ReadFile(good); string(got) != "---\ntype: fact\n---\nGood.\n" {
		t.Errorf("a stopped commit changed a file: %q", got)
	}
	if s := gitRun(t, repo, "show", ":mind/good.md"); strings.Contains(s, "id:") {
		t.Error("a stopped commit changed the index")
	}

	// Once the problem is gone, the fixes keep the executable bit.
	writeFile(t, filepath.Join(l.Root, "mind", "bad.md"), "---\ntype: fact\nimportance: 0.7\n---\nBad.\n")
	gitRun(t, repo, "add", "-A")
	if rep := preCommit(t, repo, "."); !rep.OK() || len(rep.Fixed) != 3 {
		t.Fatalf("report: %+v", rep)
	}
	if ls := gitRun(t, repo, "ls-files", "-s", "mind/exec.md"); !strings.HasPrefix(ls, "100755 ") {
		t.Errorf("mode lost: %s", ls)
	}
	if fi, _ := os.Stat(filepath.Join(l.Root, "mind", "exec.md")); fi.Mode().Perm()&0o100 == 0 {
		t.Errorf("working file mode lost: %v", fi.Mode())
	}
}

func TestPreCommitSkips(t *testing.T) {
	repo, _ := newVault(t, "v")
	writeFile(t, filepath.Join(repo, "mind", "x.md"), "junk") // not in a vault: the top is no vault
	writeFile(t, filepath.Join(repo, "v", "notes.md"), "junk")
	gitRun(t, repo, "add", "-A")
	// A recorded vault that is not one here, and one outside the work tree.
	rep := preCommit(t, repo, "nope", "../elsewhere", "v")
	if !rep.OK() || rep.Checked != 0 {
		t.Errorf("report: %+v", rep)
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "../elsewhere") {
		t.Errorf("warnings: %q", rep.Warnings)
	}
}

// Before the first commit there is no HEAD: the staged files are compared
// with the empty tree.
func TestPreCommitFirstCommit(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	writeFile(t, filepath.Join(repo, doc.TaxonomyFile), "version: 1\ntypes: {}\n")
	writeFile(t, filepath.Join(repo, "rules", "r.md"), "---\ntype: constraint\n---\nNo force pushes.\n")
	gitRun(t, repo, "add", "-A")
	rep := preCommit(t, repo, ".")
	if !rep.OK() || rep.Checked != 1 || len(rep.Fixed) != 1 {
		t.Errorf("report: %+v", rep)
	}
}

func TestParseRawDiff(t *testing.T) {
	out := ":000000 100644 0000000000000000000000000000000000000000 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 A\x00mind/a b.md\x00" +
		":100644 120000 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 1111111111111111111111111111111111111111 T\x00rules/l.md\x00"
	cs, err := parseRawDiff([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	want := []change{
		{path: "mind/a b.md", mode: "100644", blob: "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391", status: 'A'},
		{path: "rules/l.md", mode: "120000", blob: "1111111111111111111111111111111111111111", status: 'T'},
	}
	if !slices.Equal(cs, want) {
		t.Errorf("got %+v", cs)
	}
	for _, bad := range []string{":100644 100644 a b M\x00", ":100644 a M\x00p\x00", "x"} {
		if _, err := parseRawDiff([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func FuzzParseRawDiff(f *testing.F) {
	f.Add([]byte(":000000 100644 0000 e69d A\x00mind/a.md\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cs, err := parseRawDiff(data)
		if err != nil {
			return
		}
		for _, c := range cs {
			if c.status == 0 || c.mode == "" || c.blob == "" {
				t.Fatalf("incomplete change %+v", c)
			}
		}
	})
}

func BenchmarkPreCommit(b *testing.B) {
	b.Setenv("GIT_AUTHOR_NAME", "B")
	b.Setenv("GIT_AUTHOR_EMAIL", "b@example.com")
	b.Setenv("GIT_COMMITTER_NAME", "B")
	b.Setenv("GIT_COMMITTER_EMAIL", "b@example.com")
	repo := b.TempDir()
	gitRun(b, repo, "init", "-q")
	writeFile(b, filepath.Join(repo, doc.TaxonomyFile), "version: 1\ntypes: {}\n")
	for i := range 1000 {
		writeDoc(b, filepath.Join(repo, "mind", "concepts", fmt.Sprintf("%04d.md", i)), i, "body")
	}
	gitRun(b, repo, "add", "-A")
	gitRun(b, repo, "commit", "-q", "-m", "vault")
	for i := range 10 {
		writeDoc(b, filepath.Join(repo, "mind", "concepts", fmt.Sprintf("%04d.md", i)), i, "changed body")
	}
	gitRun(b, repo, "add", "-A")
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		rep, err := PreCommit(ctx, PreCommitOptions{Dir: repo, Vaults: []string{"."}, Logger: quiet})
		if err != nil || !rep.OK() || rep.Checked != 10 {
			b.Fatalf("%+v %v", rep, err)
		}
	}
}

// writeDoc writes a complete, valid document number i with the body.
func writeDoc(t testing.TB, p string, i int, body string) {
	t.Helper()
	writeFile(t, p, fmt.Sprintf("---\nid: \"019503a7-0000-7000-8000-%012d\"\ntype: fact\ncategory: concept\ncreated: 2026-02-16T15:23:14.527Z\nsource_hash: %s\n\n# ---\n\ntitle: \"%s\"\n---\n\n%s\n",
		i, doc.Hash(body), doc.Title(body), body))
}

// Without a usable index, ids are still checked within the commit, with a
// warning, and the commit is not stopped for the index's sake.
func TestPreCommitWithoutIndex(t *testing.T) {
	repo, l := newVault(t, ".")
	writeFile(t, l.CacheDir(), "a file where the cache folder belongs")
	twin := "---\nid: \"019503a7-0000-7000-8000-000000000009\"\ntype: fact\n---\nTwin.\n"
	writeFile(t, filepath.Join(l.Root, "mind", "a.md"), twin)
	writeFile(t, filepath.Join(l.Root, "mind", "b.md"), twin)
	gitRun(t, repo, "add", "mind")
	rep := preCommit(t, repo, ".")
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "ids checked within this commit only") {
		t.Errorf("warnings: %q", rep.Warnings)
	}
	if got := problemStrings(rep.Problems); len(got) != 1 || !strings.HasPrefix(got[0], `mind/b.md:2: id "019503a7-0000-7000-8000-000000000009" is also the id of mind/a.md`) {
		t.Errorf("problems: %q", got)
	}
}

// A link staged where the vault keeps this machine's folders (.cortex,
// observer) is refused: an ignore line "/.cortex/" matches only a folder,
// so a person's `git add -A` stages such a link, and every clone's Cortex
// would then refuse to start. Removing one that was committed passes.
func TestPreCommitRefusesALinkedMachineFolder(t *testing.T) {
	repo, l := newVault(t, ".")
	elsewhere := t.TempDir()
	for _, d := range []string{".cortex", "observer"} {
		if err := os.Symlink(elsewhere, filepath.Join(l.Root, d)); err != nil {
			t.Fatal(err)
		}
	}
	gitRun(t, repo, "add", "-A")
	rep := preCommit(t, repo, ".")
	var got []string
	for _, p := range rep.Problems {
		got = append(got, p.Path)
		if !strings.Contains(p.Msg, "a symbolic link where Cortex keeps") || !strings.Contains(p.Msg, "git rm --cached "+p.Path) {
			t.Errorf("problem: %s", p)
		}
	}
	if slices.Sort(got); !slices.Equal(got, []string{".cortex", "observer"}) {
		t.Fatalf("problems at %q, want .cortex and observer: %+v", got, rep)
	}

	gitRun(t, repo, "commit", "-q", "--no-verify", "-m", "the links, past the hook")
	gitRun(t, repo, "rm", "-q", "--cached", ".cortex", "observer")
	if rep := preCommit(t, repo, "."); !rep.OK() {
		t.Errorf("removing the links: %+v", rep)
	}
}

// A refused commit in a vault where a sleep run was killed halfway (its
// manifest still there) says which command settles it: the duplicate id
// the person sees is the run's half-done move, not theirs to fix.
func TestPreCommitNamesAnInterruptedSleep(t *testing.T) {
	repo, l := newVault(t, ".")
	writeFile(t, filepath.Join(l.Root, "mind", "bad.md"), "---\ntype: fact\nimportance: 7\n---\nBad.\n")
	gitRun(t, repo, "add", "-A")
	if rep := preCommit(t, repo, "."); len(rep.Warnings) != 0 {
		t.Fatalf("warnings without an interrupted run: %q", rep.Warnings)
	}
	writeFile(t, l.SleepManifest(), "{}\n")
	rep := preCommit(t, repo, ".")
	if rep.OK() || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "run `cortex process` once") {
		t.Errorf("report: %+v", rep)
	}
	// A vault in a subfolder of the repository is named.
	repo, l = newVault(t, "docs/memory")
	writeFile(t, filepath.Join(l.Root, "mind", "bad.md"), "---\ntype: fact\nimportance: 7\n---\nBad.\n")
	writeFile(t, l.SleepManifest(), "{}\n")
	gitRun(t, repo, "add", "-A")
	rep = preCommit(t, repo, "docs/memory")
	if rep.OK() || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "run `cortex process` in the vault docs/memory once") {
		t.Errorf("report of a vault in a subfolder: %+v", rep)
	}
}

// TestPreCommitRefusesAHalfDoneMove: a sleep run killed in its move of a
// memory left it in a temporary file, at neither of its paths; a person's
// `git add -A` stages the old path's deletion. The commit is refused until
// a command of Cortex settles the run (harness, session 16 world 362: the
// memory was lost with the person's commit). A staged change to a path
// the manifest does not name is no concern of the run's.
func TestPreCommitRefusesAHalfDoneMove(t *testing.T) {
	repo, l := newVault(t, ".")
	const from, to = "mind/concepts/2026-02/note.md", "mind/archive/concepts/2026-02/note.md"
	writeFile(t, filepath.Join(l.Root, filepath.FromSlash(from)), "---\ntype: fact\n---\nA fact.\n")
	writeFile(t, filepath.Join(l.Root, "mind", "concepts", "other.md"), "---\ntype: fact\n---\nAnother.\n")
	gitRun(t, repo, "add", "-A")
	gitRun(t, repo, "commit", "-q", "-m", "notes")

	writeFile(t, l.SleepManifest(), fmt.Sprintf(`{"version":2,"ops":[{"path":%q,"from":%q}]}`+"\n", to, from))
	writeFile(t, filepath.Join(l.Root, "mind", "concepts", "other.md"), "---\ntype: fact\n---\nAnother, edited.\n")
	gitRun(t, repo, "add", "-A", "mind/concepts/other.md")
	if rep := preCommit(t, repo, "."); !rep.OK() {
		t.Fatalf("an edit of a memory the run does not touch was refused: %+v", rep.Problems)
	}

	if err := os.Remove(filepath.Join(l.Root, filepath.FromSlash(from))); err != nil {
		t.Fatal(err)
	}
	gitRun(t, repo, "add", "-A")
	rep := preCommit(t, repo, ".")
	if rep.OK() || !slices.ContainsFunc(rep.Problems, func(p doc.Problem) bool {
		return p.Path == from && strings.Contains(p.Msg, "cortex process")
	}) {
		t.Errorf("the half-done move's deletion was not refused: %+v", rep.Problems)
	}
	os.Remove(l.SleepManifest())
	if rep := preCommit(t, repo, "."); !rep.OK() {
		t.Errorf("refused once the run was settled: %+v", rep.Problems)
	}
}

// A configuration file staged as a link is refused — calibration.yml and
// .cortexignore as taxonomy.yml already was: every clone would get the
// link, and Cortex there refuses to read its configuration through a link
// leading outside the vault (harness, session 17 world 70: a clone's
// `cortex init` refused). In a vault in a subfolder too; putting the file
// back passes.
func TestPreCommitRefusesALinkedConfigFile(t *testing.T) {
	for _, rel := range []string{".", "docs/memory"} {
		repo, l := newVault(t, rel)
		outside := filepath.Join(t.TempDir(), "shadow")
		writeFile(t, outside, "rules: []\n")
		for _, name := range []string{"calibration.yml", ".cortexignore"} {
			writeFile(t, filepath.Join(l.Root, name), "# the file\n")
		}
		gitRun(t, repo, "add", "-A")
		gitRun(t, repo, "commit", "-q", "--no-verify", "-m", "the files")
		for _, name := range []string{"calibration.yml", ".cortexignore"} {
			p := filepath.Join(l.Root, name)
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, p); err != nil {
				t.Fatal(err)
			}
		}
		gitRun(t, repo, "add", "-A")
		rep := preCommit(t, repo, rel)
		var got []string
		for _, p := range rep.Problems {
			got = append(got, p.Path)
			if !strings.Contains(p.Msg, "staged as a symbolic link") || !strings.Contains(p.Msg, "must be a regular file") {
				t.Errorf("%s: problem: %s", rel, p)
			}
		}
		want := []string{".cortexignore", "calibration.yml"}
		if rel != "." {
			want = []string{rel + "/.cortexignore", rel + "/calibration.yml"}
		}
		if slices.Sort(got); !slices.Equal(got, want) {
			t.Fatalf("%s: problems at %q, want %q: %+v", rel, got, want, rep)
		}
		for _, name := range []string{"calibration.yml", ".cortexignore"} {
			p := filepath.Join(l.Root, name)
			os.Remove(p)
			writeFile(t, p, "# the file again\n")
		}
		gitRun(t, repo, "add", "-A")
		if rep := preCommit(t, repo, rel); !rep.OK() {
			t.Errorf("%s: the files put back: %+v", rel, rep)
		}
	}
}
