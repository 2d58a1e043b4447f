package vault

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/cortex-vault/cortex/vault/gitstore"
)

// Where a vault's commits go (RepoInfo.Mode).
const (
	RepoOwn       = "own"        // the vault is its own repository
	RepoNested    = "nested"     // its own repository, nested in a project
	RepoInProject = "in_project" // a folder of a project's repository: memories follow its branches
	RepoNone      = "none"       // no git repository holds the vault
)

// RepoInfo says which git repository holds a vault, and so what a branch
// switch does to its memories.
type RepoInfo struct {
	Mode string `json:"mode"`
	// Repo is the top folder of the repository the vault commits to.
	Repo string `json:"repo,omitempty"`
	// Project is the project a nested or in-project vault sits in.
	Project string `json:"project,omitempty"`
	// Branch is the branch checked out in Repo ("" when HEAD is detached).
	Branch string `json:"branch,omitempty"`
	// Operation is a person's git operation in progress in Repo ("merge",
	// "rebase", "cherry-pick", "revert"; see gitstore.Repo.OperationInProgress).
	Operation string `json:"operation,omitempty"`
}

// Repository reports which git repository holds the vault at root.
func Repository(root string) RepoInfo {
	r, err := gitstore.FindRepo(root)
	if err != nil {
		return RepoInfo{Mode: RepoNone}
	}
	info := RepoInfo{Mode: RepoOwn, Repo: r.WorkTree, Branch: headBranch(r.GitDir), Operation: r.OperationInProgress()}
	switch {
	case !samePath(r.WorkTree, root):
		info.Mode, info.Project = RepoInProject, r.WorkTree
	case holdsProject(root):
		// The vault is the top of a project (cortex init --in-project
		// there): its commits land on the project's branches.
		info.Mode, info.Project = RepoInProject, r.WorkTree
	default:
		if p := NestedIn(root); p != "" {
			info.Mode, info.Project = RepoNested, p
		}
	}
	return info
}

// holdsProject is HoldsProject for status, which never fails: a folder
// that cannot be read is taken for a vault's.
func holdsProject(root string) bool {
	ok, err := HoldsProject(root)
	return err == nil && ok
}

// headBranch reads the branch HEAD names, or "" when it is detached.
func headBranch(gitDir string) string {
	data, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return ""
	}
	ref, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "ref: ")
	if !ok {
		return ""
	}
	return strings.TrimPrefix(ref, "refs/heads/")
}
