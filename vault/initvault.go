package vault

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	cortex "github.com/cortex-vault/cortex"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// InitOptions tunes Init.
type InitOptions struct {
	// Branch is the initial branch of a repository Init creates; "main" when
	// empty.
	Branch string
	// InProject keeps a vault made inside a project in the project's own
	// repository (memories then follow the project's branches) instead of
	// giving it a repository of its own.
	InProject bool
	// Implicit says the folder was not named (cortex init with no
	// argument): at the top of a project's repository, the vault is then
	// made in the project's recorded vault or in DefaultVaultDir instead
	// of refusing.
	Implicit bool
	// ProjectVaults are vaults the project records beyond its info/exclude
	// (an --in-project vault its pre-commit hook names), absolute.
	ProjectVaults []string
	// Person is the name of the person making the vault, added to the
	// attributions a new calibration.yml trusts so that their own notes
	// keep their confidence; when empty, git's user.name.
	Person string
	// Signature signs the commit of what Init created (default
	// gitstore.DaemonSignature); Now is its clock (default time.Now).
	Signature gitstore.Signature
	Now       func() time.Time
}

// What Init did with one path (InitAction.Op).
const (
	InitCreated  = "created"  // a folder was made
	InitWrote    = "wrote"    // a file was written from the defaults
	InitAppended = "appended" // lines were added at the end of a file
	InitKept     = "kept"     // the path was there already and was left as is
)

// How Init found the git repository (InitReport.Git).
const (
	GitInitialized = "initialized" // there was none: Init made one at the vault
	GitExisting    = "existing"    // the vault folder is a repository's top
	GitEnclosing   = "enclosing"   // the vault is a folder inside a repository (--in-project)
	GitNested      = "nested"      // the vault is its own repository, nested in a project's
)

// InitAction is one path Init created, wrote, appended to or left alone.
type InitAction struct {
	Op string `json:"op"`
	// Path is slash-separated and relative to the vault; folders end in /.
	Path string `json:"path"`
	// Lines are the lines appended (InitAppended only).
	Lines []string `json:"lines,omitempty"`
	// Note says why a path was kept, when "it exists" is not the whole story.
	Note string `json:"note,omitempty"`
}

// InitReport says what Init did, in order, so a person can see it.
type InitReport struct {
	// Dir is the vault's absolute folder.
	Dir string `json:"dir"`
	// CreatedDir reports that the vault folder itself did not exist.
	CreatedDir bool `json:"created_dir"`
	// Repo is the top folder of the git repository holding the vault.
	Repo string `json:"repo"`
	// Git is GitInitialized, GitExisting or GitEnclosing.
	Git string `json:"git"`
	// Branch is the initial branch of a repository Init made.
	Branch string `json:"branch,omitempty"`
	// Project is the top folder of the project repository the vault sits
	// in, when that is not the vault's own (GitNested, GitEnclosing).
	Project string `json:"project,omitempty"`
	// Exclude is the project's exclude file Init added the vault to
	// (GitNested), when it added it.
	Exclude string `json:"exclude,omitempty"`
	// Joined is the remote-tracking branch Init checked out in a clone
	// that had checked nothing out ("origin/main"), and JoinedWhy why that
	// one.
	Joined    string `json:"joined,omitempty"`
	JoinedWhy string `json:"joined_why,omitempty"`
	// Chosen is the folder, relative to the project's top, Init chose for
	// the vault when it was run at the top of a project without a folder.
	Chosen string `json:"chosen,omitempty"`
	// Worktree is the linked worktree (git worktree add) Init was run in,
	// when it made the vault in the main work tree instead (Dir).
	Worktree string `json:"worktree,omitempty"`
	// Note says why a vault inside a project stayed in the project's
	// repository when --in-project was not given.
	Note    string       `json:"note,omitempty"`
	Actions []InitAction `json:"actions"`
	// Commit is the commit of the files Init wrote in the vault's own
	// repository, so that git status is clean right after; empty when there
	// was nothing to commit or the repository is the project's.
	Commit string `json:"commit,omitempty"`
	// Trusted is the person's name Init added to the trusted attributions
	// of the calibration.yml it wrote.
	Trusted string `json:"trusted,omitempty"`
	// Warnings are problems Init cannot fix without touching what a person
	// wrote: an invalid calibration.yml, ignore rules that hide the vault.
	Warnings []string `json:"warnings,omitempty"`
}

// Changed reports whether Init changed anything on disk.
func (r *InitReport) Changed() bool {
	if r.CreatedDir || r.Joined != "" || r.Git == GitInitialized || r.Exclude != "" || r.Commit != "" {
		return true
	}
	for _, a := range r.Actions {
		if a.Op != InitKept {
			return true
		}
	}
	return false
}

// Count returns how many actions have the op.
func (r *InitReport) Count(op string) int {
	n := 0
	for _, a := range r.Actions {
		if a.Op == op {
			n++
		}
	}
	return n
}

// initDirs are the folders of a new vault (SPEC §1), parents first.
var initDirs = []string{
	doc.MindDir, doc.MindDir + "/concepts", doc.ArchiveDir, doc.VaultDir, doc.RulesDir,
	"observer", "observer/staging", ".cortex",
}

// initFiles are the files init writes or completes.
var initFiles = []string{doc.TaxonomyFile, CalibrationFile, ".cortexignore", "observer/README.md", ".gitignore", ".gitattributes"}

// vaultIgnoreLines are the lines a vault's .gitignore needs: the ingest side
// and the caches stay out of git, except the README explaining the folder.
// `/observer/*` rather than `/observer/`: git cannot re-include a file whose
// folder is excluded.
// The last line is the temporary files of Cortex's atomic writes
// (vaultfs.WriteFile: ".<name>.tmp-<n>" beside the file): a run killed
// between a write and its rename leaves one in mind/ or rules/ until its
// next run settles it, and a person's `git add -A` meanwhile must not
// commit it.
var vaultIgnoreLines = []string{"/observer/*", "!/observer/README.md", "/.cortex/", ".*.tmp-[0-9]*"}

const gitignoreComment = "# Cortex: the ingest buffer and the derived caches stay out of git."

// Init makes dir a vault (SPEC §1). dir may be a new folder (it is created),
// an existing vault, or a folder inside an existing git repository — then
// that repository is used and only paths under dir are touched. Where there
// is no repository, one is created with its HEAD on opts.Branch.
//
// Init is idempotent and never overwrites what a person wrote: folders and
// default files are created only where absent, and .gitignore only gets the
// lines it lacks, appended. Everything that would make Init stop — dir is a
// file, an invalid taxonomy.yml, a file where a folder belongs — is checked
// before anything is written, so a refused Init changes nothing.
func Init(dir string, opts InitOptions) (*InitReport, error) {
	branch := opts.Branch
	if branch == "" {
		branch = "main"
	}
	ref := plumbing.NewBranchReferenceName(branch)
	if err := ref.Validate(); err != nil {
		return nil, fmt.Errorf("init %s: branch %q: %w", dir, branch, err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("init %s: %w", dir, err)
	}
	abs, chosen, err := projectTop(abs, dir, opts)
	if err != nil {
		return nil, err
	}
	if chosen != "" {
		dir = chosen
	}
	abs, linked := intoMainWorkTree(abs, opts)
	if linked != "" {
		dir = abs
	}
	r := &InitReport{Dir: abs, Chosen: chosen, Worktree: linked}
	l := Layout{Root: abs}

	// Checks first: nothing is written until every one has passed.
	switch fi, err := os.Stat(abs); {
	case errors.Is(err, fs.ErrNotExist):
		r.CreatedDir = true
	case err != nil:
		return nil, fmt.Errorf("init %s: %w", dir, err)
	case !fi.IsDir():
		return nil, fmt.Errorf("init %s: it is a file, not a folder", dir)
	}
	repo, err := findRepo(abs, dir)
	if err != nil {
		return nil, err
	}
	if repo != "" && samePath(repo, abs) && unborn(abs) {
		if r.Joined, r.JoinedWhy, err = joinRemoteBranch(context.Background(), abs, dir, opts.Branch); err != nil {
			return nil, err
		}
	}
	if !r.CreatedDir {
		if err := checkExisting(l, dir); err != nil {
			return nil, err
		}
	}

	// Inside a project, a vault gets a repository of its own (memory must
	// not follow the project's branches) unless --in-project asks for the
	// project's, or the vault is already there: an existing vault keeps
	// working where it is.
	nested := false
	if repo != "" && !samePath(repo, abs) {
		r.Project = repo
		switch isVault, _ := isVaultDir(abs); {
		case opts.InProject:
		case !r.CreatedDir && isVault:
			r.Note = "an existing vault in the project's repository stays there (its memories follow the project's branches)"
		default:
			if err := checkNestable(repo, abs, dir); err != nil {
				return nil, err
			}
			nested = true
		}
	}

	if r.CreatedDir {
		if err := l.FS().MkdirAll(abs, 0o755); err != nil {
			return nil, fmt.Errorf("init %s: %w", dir, err)
		}
	}
	switch {
	case repo == "" || nested:
		_, err := git.PlainInitWithOptions(abs, &git.PlainInitOptions{InitOptions: git.InitOptions{DefaultBranch: ref}})
		if err != nil {
			return nil, fmt.Errorf("init %s: create the git repository: %w", dir, err)
		}
		r.Repo, r.Git, r.Branch = abs, GitInitialized, branch
		if nested {
			r.Git = GitNested
			if r.Exclude, err = excludeFromProject(repo, abs); err != nil {
				return nil, fmt.Errorf("init %s: %w", dir, err)
			}
		}
	case samePath(repo, abs):
		r.Repo, r.Git = repo, GitExisting
		// A vault cloned into a project (git clone URL memory, then
		// cortex init memory) is recorded as a vault init made there is:
		// commands run anywhere in the project find it, and the project's
		// git ignores the nested repository.
		// Only a vault whose real folder lies in the project: a link
		// to a clone elsewhere is not the project's to record.
		if outer, err := findRepo(filepath.Dir(abs), dir); err == nil && outer != "" && !samePath(outer, abs) {
			if _, in := within(outer, abs); in && checkNestable(outer, abs, dir) == nil {
				r.Project = outer
				if r.Exclude, err = excludeFromProject(outer, abs); err != nil {
					return nil, fmt.Errorf("init %s: %w", dir, err)
				}
			}
		}
	default:
		r.Repo, r.Git = repo, GitEnclosing
	}

	for _, d := range initDirs {
		a, err := ensureDir(l.FS(), l.Path(filepath.FromSlash(d)), d)
		if err != nil {
			return nil, err
		}
		r.Actions = append(r.Actions, a)
	}
	person := opts.Person
	nameFailed := false
	if person == "" {
		name, err := gitstore.UserName(abs)
		if err != nil {
			nameFailed = true
			r.Warnings = append(r.Warnings, fmt.Sprintf("%v: your notes are not added to the trusted attributions of calibration.yml", err))
		}
		person = name
	}
	calibration, trusted := trustPerson(cortex.DefaultCalibration, person)
	for _, f := range []struct {
		rel  string
		data []byte
	}{
		{doc.TaxonomyFile, cortex.DefaultTaxonomy},
		{CalibrationFile, calibration},
		{".cortexignore", cortex.DefaultCortexignore},
		{"observer/README.md", []byte(observerReadme)},
	} {
		a, err := ensureFile(l.FS(), l.Path(filepath.FromSlash(f.rel)), f.rel, f.data)
		if err != nil {
			return nil, err
		}
		if f.rel == CalibrationFile && a.Op == InitWrote {
			r.Trusted = trusted
			if trusted == "" && person == "" && !nameFailed {
				r.Warnings = append(r.Warnings, "git has no user.name here: nobody was added to the trusted attributions of calibration.yml (cortex write signs your notes \"system\" until you set one; then add your name under trust: trusted:)")
			}
		}
		r.Actions = append(r.Actions, a)
	}
	for _, ensure := range []struct {
		rel string
		f   func(vaultfs.Root, string) (InitAction, error)
	}{{".gitignore", ensureGitignore}, {".gitattributes", ensureAttributes}} {
		a, err := ensure.f(l.FS(), l.Path(ensure.rel))
		if err != nil {
			return nil, err
		}
		r.Actions = append(r.Actions, a)
	}

	if _, warns := LoadCalibration(abs); len(warns) > 0 {
		r.Warnings = append(r.Warnings, warns...)
	}
	r.Warnings = append(r.Warnings, ignoreWarnings(r.Repo, abs)...)
	if r.Git == GitInitialized || r.Git == GitNested || (r.Git == GitExisting && unborn(abs)) {
		if err := commitInit(r, opts); err != nil {
			return nil, fmt.Errorf("init %s: %w", dir, err)
		}
	}
	return r, nil
}

// trustPerson adds name to the trusted attributions of the default
// calibration (after its last entry), so that the notes of the person who
// made the vault — cortex write attributes them to git's user.name — keep
// their confidence instead of being capped as a stranger's. It returns the
// data unchanged, and "", when there is no name, it is trusted already, or
// it cannot be written as one YAML line.
func trustPerson(data []byte, name string) ([]byte, string) {
	name = strings.TrimSpace(name)
	const last = "    - system\n"
	if name == "" || name == "owner" || name == "system" || strings.ContainsAny(name, "\n\r") || !bytes.Contains(data, []byte(last)) {
		return data, ""
	}
	item := name
	if !plainYAML(name) {
		item = strconv.Quote(name)
	}
	return bytes.Replace(data, []byte(last), []byte(last+"    - "+item+"\n"), 1), name
}

// plainYAML reports whether s reads as itself in a YAML plain scalar: a
// name of letters, digits, spaces, dots, dashes and underscores that does
// not start or end with a space or look like a number or a keyword.
func plainYAML(s string) bool {
	for i, c := range s {
		ok := c == ' ' || c == '.' || c == '_' || c == '-' || unicode.IsLetter(c) || unicode.IsDigit(c)
		if !ok || (i == 0 && (c == ' ' || c == '-' || c == '.')) {
			return false
		}
	}
	if strings.HasSuffix(s, " ") {
		return false
	}
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "on", "off", "null", "y", "n":
		return false
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return false
	}
	return true
}

// commitInit commits the files Init wrote in the vault's own repository,
// and only those, so that git status is clean right after init and the
// history starts with the vault's configuration: a repository Init made,
// or one with no commit yet. In a repository with history (a project
// whose top folder is the vault, --in-project) the person commits them
// with their own work.
func commitInit(r *InitReport, opts InitOptions) error {
	var paths []string
	for _, a := range r.Actions {
		if (a.Op == InitWrote || a.Op == InitAppended) && !strings.HasSuffix(a.Path, "/") {
			// A linked file (a shared .gitignore) is the person's to commit.
			if fi, err := os.Lstat(filepath.Join(r.Dir, filepath.FromSlash(a.Path))); err == nil && fi.Mode().IsRegular() {
				paths = append(paths, a.Path)
			}
		}
	}
	if len(paths) == 0 {
		return nil
	}
	gs, err := gitstore.OpenWith(r.Dir, gitstore.Options{Signature: opts.Signature, Now: opts.Now})
	if err != nil {
		return err
	}
	h, err := gs.Commit(context.Background(), gitstore.CommitRequest{Paths: paths, Message: "cortex init: taxonomy, calibration and ignore files\n"})
	if errors.Is(err, gitstore.ErrNothingToCommit) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("commit what init wrote: %w", err)
	}
	r.Commit = h.String()
	return nil
}

// unborn reports whether the repository at dir has no commit yet (git init
// and nothing more): a repository with history is a person's, whose
// commits are theirs to make.
func unborn(dir string) bool {
	repo, err := git.PlainOpenWithOptions(dir, &git.PlainOpenOptions{EnableDotGitCommonDir: true})
	if err != nil {
		return false
	}
	_, err = repo.Head()
	return errors.Is(err, plumbing.ErrReferenceNotFound)
}

// checkNestable refuses to give a folder that holds files of the project's
// repository a repository of its own: the project would lose sight of them.
func checkNestable(project, abs, dir string) error {
	rel, err := filepath.Rel(realPath(project), realPath(abs))
	if err != nil {
		return fmt.Errorf("init %s: %w", dir, err)
	}
	prefix := filepath.ToSlash(rel) + "/"
	repo, err := git.PlainOpenWithOptions(project, &git.PlainOpenOptions{EnableDotGitCommonDir: true})
	if err != nil {
		return fmt.Errorf("init %s: open the project's repository: %w", dir, err)
	}
	idx, err := repo.Storer.Index()
	if err != nil {
		return fmt.Errorf("init %s: read the project's git index: %w", dir, err)
	}
	for _, e := range idx.Entries {
		if strings.HasPrefix(e.Name, prefix) {
			return fmt.Errorf("init %s: the project's repository tracks files in it (%s): a vault with its own repository needs a folder of its own (choose a new folder, or give --in-project to keep the vault in the project's repository)", dir, e.Name)
		}
	}
	return nil
}

// excludeMark starts the lines of a project's info/exclude that keep a
// nested vault out of the project's git; FindProjectVaults reads it back.
const excludeMark = "# cortex-vault: "

// excludeFromProject adds the vault to the project repository's
// info/exclude — the project's own file, never committed — so the project's
// git ignores the nested repository. It returns the file's path, or ""
// when the line was there already.
func excludeFromProject(project, abs string) (string, error) {
	pr, err := gitstore.RepoAt(project)
	if err != nil {
		return "", fmt.Errorf("find the project's git folder: %w", err)
	}
	rel, err := filepath.Rel(realPath(project), realPath(abs))
	if err != nil {
		return "", err
	}
	rel = filepath.ToSlash(rel)
	p := filepath.Join(pr.CommonDir, "info", "exclude")
	old, err := os.ReadFile(p)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("read %s: %w", p, err)
	}
	line := "/" + escapeIgnore(rel) + "/"
	if hasLine(old, line) {
		return "", nil
	}
	var b bytes.Buffer
	b.Write(old)
	if len(old) > 0 && !bytes.HasSuffix(old, []byte("\n")) {
		b.WriteString("\n")
	}
	b.WriteString(excludeMark + rel + " (the memory vault, its own git repository)\n" + line + "\n")
	// The project's own git folder is the room here: Cortex writes
	// nothing through a link leading out of it.
	gitDir := vaultfs.New(pr.CommonDir)
	if err := gitDir.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", err
	}
	if err := gitDir.WriteFile(p, b.Bytes(), 0o644); err != nil {
		return "", err
	}
	return p, nil
}

// escapeIgnore escapes what gitignore syntax would read as a pattern.
func escapeIgnore(rel string) string {
	var b strings.Builder
	for i, c := range rel {
		if strings.ContainsRune(`\*?[`, c) || (i == 0 && (c == '!' || c == '#')) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	out := b.String()
	if strings.HasSuffix(out, " ") {
		out = out[:len(out)-1] + "\\ "
	}
	return out
}

// FindProjectVaults returns the nested vaults (absolute folders) cortex init
// recorded in the info/exclude of the git repository holding dir — how a
// command run at a project's top folder finds the project's vault in
// docs/memory — or none. The file is shared by every worktree of the
// repository, and a recorded path is the main work tree's: an agent in a
// linked worktree (git worktree add) finds the vault every other worktree
// uses. A vault made inside a linked worktree before init put it in the
// main one is still found from that worktree.
func FindProjectVaults(dir string) []string {
	pr, err := gitstore.FindRepo(dir)
	if err != nil {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(pr.CommonDir, "info", "exclude"))
	if err != nil {
		return nil
	}
	tops := []string{pr.WorkTree}
	if m := pr.MainWorkTree(); m != "" && !samePath(m, pr.WorkTree) {
		tops = []string{m, pr.WorkTree}
	}
	var out []string
	for _, l := range gitignoreLines(data) {
		rest, ok := strings.CutPrefix(l, excludeMark)
		if !ok {
			continue
		}
		rel, _, _ := strings.Cut(rest, " (the memory vault")
		for _, top := range tops {
			p := filepath.Join(top, filepath.FromSlash(rel))
			if ok, err := isVaultDir(p); err == nil && ok {
				if !slices.Contains(out, p) {
					out = append(out, p)
				}
				break
			}
		}
	}
	return out
}

// InMainWorkTree returns, for a folder inside a linked worktree (git
// worktree add) that holds no vault, the same folder in the repository's
// main work tree when that one is a vault the project recorded (cortex
// init's line in info/exclude), and true. Entries written in the main work
// tree name the vault relative to the project (--vault memory); committed
// and checked out in a linked worktree, the same files must reach the same
// vault, since a project's vault of its own lives in the main work tree.
func InMainWorkTree(dir string) (string, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir, false
	}
	if ok, err := isVaultDir(abs); err != nil || ok {
		return abs, false
	}
	pr, err := gitstore.FindRepo(abs)
	if err != nil || !pr.Linked() {
		return abs, false
	}
	main := pr.MainWorkTree()
	if main == "" {
		return abs, false
	}
	rel, ok := within(pr.WorkTree, abs)
	if !ok {
		return abs, false
	}
	twin := filepath.Join(main, rel)
	for _, v := range FindProjectVaults(main) {
		if samePath(v, twin) {
			return twin, true
		}
	}
	return abs, false
}

// TwinRel returns the vault root relative to project when project is a
// folder of a linked worktree and root the project's recorded vault in the
// main work tree: the relative name that InMainWorkTree resolves from any
// worktree.
func TwinRel(project, root string) (string, bool) {
	pr, err := gitstore.FindRepo(project)
	if err != nil || !pr.Linked() {
		return "", false
	}
	main := pr.MainWorkTree()
	sub, ok := within(pr.WorkTree, project)
	if main == "" || !ok {
		return "", false
	}
	rel, ok := within(filepath.Join(main, sub), root)
	if !ok {
		return "", false
	}
	if twin, ok := InMainWorkTree(filepath.Join(project, rel)); !ok || !samePath(twin, root) {
		return "", false
	}
	return rel, true
}

// within returns p relative to top, with both read as FindRepo reads
// them (links resolved where the path exists), and whether p lies in top.
func within(top, p string) (string, bool) {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	rel, err := filepath.Rel(realPath(top), p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// findRepo returns the top folder of the git repository holding abs, or ""
// when there is none. It refuses a bare repository and the inside of a .git
// folder: there is no work tree to hold a vault.
func findRepo(abs, dir string) (string, error) {
	if err := refuseGitDir(abs, dir); err != nil {
		return "", err
	}
	repo, err := git.PlainOpenWithOptions(abs, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if errors.Is(err, git.ErrRepositoryNotExists) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("init %s: open the enclosing git repository: %w", dir, err)
	}
	wt, err := repo.Worktree()
	if errors.Is(err, git.ErrIsBareRepository) {
		return "", fmt.Errorf("init %s: it is inside a bare git repository, which has no work tree for a vault", dir)
	}
	if err != nil {
		return "", fmt.Errorf("init %s: open the enclosing git repository: %w", dir, err)
	}
	return wt.Filesystem.Root(), nil
}

// refuseGitDir walks up from abs as git does when it looks for a repository,
// and refuses a folder inside a git folder — a .git folder, or a bare
// repository, which go-git's search (it looks for .git only) would miss and
// a new repository would be nested in.
func refuseGitDir(abs, dir string) error {
	for p := realPath(abs); ; {
		if _, err := os.Lstat(filepath.Join(p, ".git")); err == nil {
			return nil // a work tree: go-git takes it from here
		}
		if filepath.Base(p) == ".git" {
			return fmt.Errorf("init %s: it is inside the .git folder %s", dir, p)
		}
		if isGitDir(p) {
			return fmt.Errorf("init %s: it is inside the bare git repository %s, which has no work tree for a vault", dir, p)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return nil
		}
		p = parent
	}
}

// isGitDir reports whether p looks like a git folder, by git's own test: a
// HEAD file and objects/ and refs/ folders.
func isGitDir(p string) bool {
	head, err := os.Stat(filepath.Join(p, "HEAD"))
	if err != nil || !head.Mode().IsRegular() {
		return false
	}
	for _, d := range []string{"objects", "refs"} {
		if fi, err := os.Stat(filepath.Join(p, d)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// checkExisting refuses an existing folder Init could only make a vault of by
// overwriting something: an invalid taxonomy.yml (never replaced by the
// default, which would silently re-route memories), or a file where a folder
// belongs and the reverse.
func checkExisting(l Layout, dir string) error {
	// The walls first: a shared vault may carry links leading out of it,
	// and init reads and writes nothing through one.
	if err := l.CheckWalls(); err != nil {
		return fmt.Errorf("init %s: %w (init changed nothing)", dir, err)
	}
	for _, p := range slices.Concat(initDirs, initFiles) {
		if err := l.FS().Check(l.Path(filepath.FromSlash(p))); err != nil {
			return fmt.Errorf("init %s: %w (init changed nothing)", dir, err)
		}
	}
	if _, err := doc.LoadTaxonomy(l.Root); err != nil {
		var te *doc.TaxonomyError
		if errors.As(err, &te) {
			te.File = filepath.Join(dir, doc.TaxonomyFile)
			return fmt.Errorf("%w (fix it, or delete it to get the default; init changed nothing)", te)
		}
		return fmt.Errorf("init %s: %w", dir, err)
	}
	for _, d := range initDirs {
		if fi, err := os.Stat(l.Path(filepath.FromSlash(d))); err == nil && !fi.IsDir() {
			return fmt.Errorf("init %s: %s is a file where the vault needs a folder (init changed nothing)", dir, d)
		}
	}
	for _, f := range initFiles {
		if fi, err := os.Stat(l.Path(filepath.FromSlash(f))); err == nil && !fi.Mode().IsRegular() {
			return fmt.Errorf("init %s: %s exists and is not a regular file (init changed nothing)", dir, f)
		}
	}
	return nil
}

func ensureDir(vfs vaultfs.Root, p, rel string) (InitAction, error) {
	a := InitAction{Op: InitCreated, Path: rel + "/"}
	err := vfs.Mkdir(p, 0o755)
	if errors.Is(err, fs.ErrExist) {
		if fi, serr := os.Stat(p); serr == nil && fi.IsDir() {
			a.Op = InitKept
			return a, nil
		}
		return a, fmt.Errorf("init: %s exists and is not a folder", p)
	}
	if err != nil {
		return a, fmt.Errorf("init: %w", err)
	}
	return a, vaultfs.SyncDir(filepath.Dir(p))
}

func ensureFile(vfs vaultfs.Root, p, rel string, data []byte) (InitAction, error) {
	err := vfs.CreateFile(p, data, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return InitAction{Op: InitKept, Path: rel}, nil
	}
	if err != nil {
		return InitAction{}, fmt.Errorf("init: %w", err)
	}
	return InitAction{Op: InitWrote, Path: rel}, nil
}

// ensureGitignore gives the vault's .gitignore the lines it lacks, appended
// after the person's own, which stay byte for byte.
func ensureGitignore(vfs vaultfs.Root, p string) (InitAction, error) {
	return ensureLines(vfs, p, ".gitignore", gitignoreComment, vaultIgnoreLines, missingGitignoreLines, "has the lines cortex needs")
}

// attributesComment and vaultAttributeLines are what a vault's
// .gitattributes needs: the memory folders and the generated view at the
// vault's root merge through cortex merge-driver (registered in the
// repository's git config by cortex init; without it git merges them as
// text).
const attributesComment = "# Cortex: memory documents merge by Cortex's rules (cortex merge-driver)."

var vaultAttributeLines = []string{"mind/**/*.md merge=cortex", "vault/**/*.md merge=cortex", "rules/**/*.md merge=cortex", "/" + doc.ViewFile + " merge=cortex"}

// ensureAttributes gives the vault's .gitattributes the lines it lacks.
func ensureAttributes(vfs vaultfs.Root, p string) (InitAction, error) {
	missing := func(data []byte) []string {
		var out []string
		for _, l := range vaultAttributeLines {
			if !hasLine(data, l) {
				out = append(out, l)
			}
		}
		return out
	}
	return ensureLines(vfs, p, ".gitattributes", attributesComment, vaultAttributeLines, missing, "registers cortex's merge driver")
}

// ensureLines writes the file rel at p with comment and lines when it is
// absent, else appends the lines missing reports after the person's own,
// which stay byte for byte.
func ensureLines(vfs vaultfs.Root, p, rel, comment string, lines []string, missingOf func([]byte) []string, keptNote string) (InitAction, error) {
	old, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		data := comment + "\n" + strings.Join(lines, "\n") + "\n"
		err := vfs.CreateFile(p, []byte(data), 0o644)
		if errors.Is(err, fs.ErrExist) { // appeared meanwhile: append instead
			return ensureLines(vfs, p, rel, comment, lines, missingOf, keptNote)
		}
		if err != nil {
			return InitAction{}, fmt.Errorf("init: %w", err)
		}
		return InitAction{Op: InitWrote, Path: rel}, nil
	}
	if err != nil {
		return InitAction{}, fmt.Errorf("init: read %s: %w", p, err)
	}
	missing := missingOf(old)
	if len(missing) == 0 {
		return InitAction{Op: InitKept, Path: rel, Note: keptNote}, nil
	}
	nl := "\n"
	if bytes.Contains(old, []byte("\r\n")) {
		nl = "\r\n"
	}
	var b bytes.Buffer
	b.Write(old)
	if len(old) > 0 && !bytes.HasSuffix(old, []byte("\n")) {
		b.WriteString(nl)
	}
	if !hasLine(old, comment) {
		if len(old) > 0 {
			b.WriteString(nl)
		}
		b.WriteString(comment + nl)
	}
	for _, line := range missing {
		b.WriteString(line + nl)
	}
	if err := vfs.WriteFile(p, b.Bytes(), 0o644); err != nil {
		return InitAction{}, fmt.Errorf("init: %w", err)
	}
	return InitAction{Op: InitAppended, Path: rel, Lines: missing}, nil
}

// missingGitignoreLines returns the vaultIgnoreLines a .gitignore lacks. A
// negation only works after the pattern it negates (the last matching line
// wins), so `!/observer/README.md` counts as missing unless it follows the
// last `/observer/*`.
func missingGitignoreLines(data []byte) []string {
	lines := gitignoreLines(data)
	last := map[string]int{}
	for i, l := range lines {
		last[l] = i
	}
	var missing []string
	obs, haveObs := last[vaultIgnoreLines[0]]
	if !haveObs {
		missing = append(missing, vaultIgnoreLines[0])
	}
	if neg, ok := last[vaultIgnoreLines[1]]; !ok || !haveObs || neg < obs {
		missing = append(missing, vaultIgnoreLines[1])
	}
	for _, l := range vaultIgnoreLines[2:] {
		if _, ok := last[l]; !ok {
			missing = append(missing, l)
		}
	}
	return missing
}

// gitignoreLines splits a .gitignore into its lines as git reads them:
// without the line ending and the unescaped trailing spaces.
func gitignoreLines(data []byte) []string {
	raw := strings.Split(string(data), "\n")
	out := make([]string, 0, len(raw))
	for _, l := range raw {
		l = strings.TrimSuffix(l, "\r")
		for strings.HasSuffix(l, " ") && !strings.HasSuffix(l, `\ `) {
			l = l[:len(l)-1]
		}
		out = append(out, l)
	}
	return out
}

func hasLine(data []byte, line string) bool {
	for _, l := range gitignoreLines(data) {
		if l == line {
			return true
		}
	}
	return false
}

// ignoreProbes are vault paths and whether git must ignore them.
var ignoreProbes = []struct {
	path   string
	ignore bool
}{
	{"observer/observations.jsonl", true},
	{"observer/staging/note.md", true},
	{".cortex/" + IndexFile, true},
	{"observer/README.md", false},
	{doc.TaxonomyFile, false},
	{CalibrationFile, false},
	{".cortexignore", false},
	{"mind/concepts/note.md", false},
	{"vault/decisions/note.md", false},
	{"rules/rule.md", false},
	// What a killed atomic write leaves beside a memory or a rules file.
	{"mind/concepts/2026-01/.note.md.tmp-4711", true},
	{"rules/.facts.md.tmp-12", true},
}

// ignoreWarnings checks the vault's paths against the ignore files of the
// repository (info/exclude and every .gitignore from the repository's top
// down to the path), as git would read them, and warns where the result is
// not what a vault needs — typically a project whose own .gitignore excludes
// a folder named like one of the vault's. A person's global excludes file is
// not read: it is theirs, not the vault's.
func ignoreWarnings(repo, vault string) []string {
	rel, err := filepath.Rel(realPath(repo), realPath(vault))
	if err != nil || strings.HasPrefix(filepath.ToSlash(rel), "../") || rel == ".." {
		return nil
	}
	var base []string
	if rel != "." {
		base = strings.Split(filepath.ToSlash(rel), "/")
	}
	patterns := readIgnoreFile(filepath.Join(repo, ".git", "info", "exclude"), nil)
	read := map[string]bool{}
	var warns []string
	for _, pr := range ignoreProbes {
		segs := append(append([]string(nil), base...), strings.Split(pr.path, "/")...)
		// The .gitignore of every folder above the path, top first.
		for i := 0; i < len(segs); i++ {
			dir := strings.Join(segs[:i], "/")
			if !read[dir] {
				read[dir] = true
				patterns = append(patterns, readIgnoreFile(filepath.Join(repo, filepath.FromSlash(dir), ".gitignore"), segs[:i])...)
			}
		}
		if got := gitIgnores(gitignore.NewMatcher(patterns), segs); got != pr.ignore {
			where := strings.Join(segs, "/")
			if got {
				warns = append(warns, fmt.Sprintf("git ignores %s: it would never be committed (check the .gitignore files above it and .git/info/exclude)", where))
			} else {
				warns = append(warns, fmt.Sprintf("git does not ignore %s: it would be committed (add the lines %s to %s)", where, strings.Join(vaultIgnoreLines, " "), filepath.Join(vault, ".gitignore")))
			}
		}
	}
	return warns
}

// gitIgnores applies git's rule that nothing inside an excluded folder can be
// re-included: the path is ignored when it or any folder above it is.
func gitIgnores(m gitignore.Matcher, segs []string) bool {
	for i := 1; i < len(segs); i++ {
		if m.Match(segs[:i], true) {
			return true
		}
	}
	return m.Match(segs, false)
}

func readIgnoreFile(p string, domain []string) []gitignore.Pattern {
	data, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	var ps []gitignore.Pattern
	for _, l := range gitignoreLines(data) {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(l, domain))
	}
	return ps
}

// realPath resolves symbolic links where it can, so that /tmp and
// /private/tmp (macOS) compare equal.
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

func samePath(a, b string) bool { return realPath(a) == realPath(b) }

const observerReadme = `# observer/

The ingest side of this Cortex vault. Git ignores everything in this folder
except this file: what is here is either not yet memory or can be rebuilt.

- ` + "`observations.jsonl`" + ` — the buffer: one JSON observation per line, appended
  by ` + "`cortex observe`" + `, ` + "`cortex write`" + `, agents' hooks and the MCP server. It is
  append-only: do not edit or truncate it.
- ` + "`observations.jsonl.1`" + ` … ` + "`.3`" + ` — rotated buffers, kept once fully processed.
- ` + "`observations.lock`" + ` — locked around every append, so that concurrent
  writers never tear or interleave a line.
- ` + "`state.json`" + ` — how far the memorizer has read the buffer, and its last run.
- ` + "`staging/`" + ` — documents written but not yet committed.
- ` + "`quarantine.jsonl`" + ` — every line that was not memorized, with the reason.

The memories themselves are markdown files in ` + "`mind/`" + `, ` + "`vault/`" + ` and
` + "`rules/`" + `, committed to git. ` + "`cortex status`" + ` shows what is pending here; run
` + "`cortex process`" + ` (or keep ` + "`cortex daemon`" + ` running) before deleting anything:
lines not yet memorized exist only in the buffer.
`

// NestedIn returns the top folder of the project repository a nested vault
// (its own repository, recorded in the project's info/exclude by init)
// sits in, or "" when root is not such a vault.
func NestedIn(root string) string {
	parent := filepath.Dir(realPath(root))
	if parent == realPath(root) {
		return ""
	}
	for _, v := range FindProjectVaults(parent) {
		if samePath(v, root) {
			pr, err := gitstore.FindRepo(parent)
			if err != nil {
				return ""
			}
			return pr.WorkTree
		}
	}
	return ""
}
