package vault

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

// DefaultVaultDir is the folder, under a project's top, that cortex init
// run there without a folder makes the vault in.
const DefaultVaultDir = "memory"

// ProjectRootError refuses to make the top of a project's repository a
// vault without --in-project: its memories would be committed on the
// project's branches and vanish with a branch switch (SPEC §11).
type ProjectRootError struct {
	Dir  string // as the person named it
	Root string // absolute
}

func (e *ProjectRootError) Error() string {
	return fmt.Sprintf("init %s: %s is the top of a project's repository: `cortex init %s` makes the vault in %s/ with a repository of its own (the same memories on every branch), `cortex init --in-project` makes the project itself the vault (memories follow its branches)",
		e.Dir, e.Root, DefaultVaultDir, DefaultVaultDir)
}

// projectTop settles where Init makes the vault when abs is the top of a
// git repository that holds a project rather than a vault: with
// --in-project, abs itself (the old mode); without a folder named, the
// project's one recorded vault, else DefaultVaultDir under it (chosen is
// then that folder, relative to abs); with abs named, a *ProjectRootError.
// Anywhere else abs stays as it is.
func projectTop(abs, dir string, opts InitOptions) (string, string, error) {
	if opts.InProject {
		return abs, "", nil
	}
	fi, err := os.Stat(abs)
	if err != nil || !fi.IsDir() {
		return abs, "", nil // Init's own checks say what is wrong
	}
	repo, err := findRepo(abs, dir)
	if err != nil || repo == "" || !samePath(repo, abs) {
		return abs, "", err
	}
	if ok, err := isVaultDir(abs); err != nil || ok {
		return abs, "", err
	}
	project, err := HoldsProject(abs)
	if err != nil {
		return "", "", fmt.Errorf("init %s: %w", dir, err)
	}
	if !project {
		return abs, "", nil
	}
	if !opts.Implicit {
		return "", "", &ProjectRootError{Dir: dir, Root: abs}
	}
	vaults := FindProjectVaults(abs)
	for _, v := range opts.ProjectVaults {
		if !slices.ContainsFunc(vaults, func(w string) bool { return samePath(v, w) }) {
			vaults = append(vaults, v)
		}
	}
	target := filepath.Join(abs, DefaultVaultDir)
	switch len(vaults) {
	case 0:
	case 1:
		target = vaults[0]
	default:
		return "", "", fmt.Errorf("init: this project has %d vaults (%s): name the one to set up (cortex init DIR)", len(vaults), strings.Join(vaults, ", "))
	}
	rel, err := filepath.Rel(realPath(abs), realPath(target))
	if err != nil {
		rel = target
	}
	return target, filepath.ToSlash(rel), nil
}

// intoMainWorkTree moves a vault Init would make inside a linked worktree
// (git worktree add) to the same place in the repository's main work tree,
// and returns the linked worktree's top when it did. A nested vault in a
// linked worktree is lost with it — `git worktree remove` deletes the
// worktree's folder with every ignored file in it, memories no remote may
// hold included — and the other worktrees would not find it; agents work in
// worktrees (one a session, often). A vault already at abs, --in-project
// (the vault is then the branch's own files) and a repository whose main
// work tree git cannot name (a bare one) keep abs.
func intoMainWorkTree(abs string, opts InitOptions) (string, string) {
	if opts.InProject {
		return abs, ""
	}
	if ok, err := isVaultDir(abs); err != nil || ok {
		return abs, ""
	}
	pr, err := gitstore.FindRepo(abs)
	if err != nil || !pr.Linked() {
		return abs, ""
	}
	main := pr.MainWorkTree()
	if fi, err := os.Stat(main); main == "" || err != nil || !fi.IsDir() {
		return abs, ""
	}
	rel, ok := within(pr.WorkTree, abs)
	if !ok {
		return abs, ""
	}
	return filepath.Join(main, rel), pr.WorkTree
}

// vaultTopNames are the entries a vault's top folder may hold besides
// dot-entries (.git, .obsidian, the ignore files): its own, and the files
// any repository starts with. Anything else is a project's.
var vaultTopNames = []string{
	doc.TaxonomyFile, CalibrationFile, doc.MindDir, doc.VaultDir, doc.RulesDir, "observer",
	"MEMORY.md", "AGENTS.md", "CLAUDE.md",
}

// HoldsProject reports whether the folder top holds anything but a vault:
// a file or folder that is neither the vault's own nor a dot-entry, a
// README or a LICENSE — a project's code, say.
func HoldsProject(top string) (bool, error) {
	entries, err := os.ReadDir(top)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	for _, e := range entries {
		n := e.Name()
		upper := strings.ToUpper(n)
		switch {
		case strings.HasPrefix(n, "."), slices.Contains(vaultTopNames, n),
			strings.HasPrefix(upper, "README"), strings.HasPrefix(upper, "LICENSE"):
		default:
			return true, nil
		}
	}
	return false, nil
}
