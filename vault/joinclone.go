package vault

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

// joinRemoteBranch settles a clone that checked nothing out — its remote's
// HEAD names a branch that does not exist, so git clone left HEAD unborn
// (SPEC §10): it checks out the remote's vault branch, so that the vault
// continues the remote's history instead of starting an unrelated one
// that a sync would push next to it. The branch is the one named (want,
// when not ""), else the remote's only branch, else the only one holding
// a vault; with several, it refuses and lists them. It returns the
// remote-tracking branch checked out ("origin/main"), or "" when the
// repository has no remote branch to join (a repository git init made).
func joinRemoteBranch(ctx context.Context, top, dir, want string) (joined, why string, err error) {
	out, err := gitstore.Git(ctx, top, nil, "for-each-ref", "--format=%(refname:short)", "refs/remotes")
	if err != nil {
		return "", "", fmt.Errorf("init %s: list the remote branches: %w", dir, err)
	}
	var branches []string
	for _, b := range strings.Fields(string(out)) {
		if !strings.HasSuffix(b, "/HEAD") && strings.Contains(b, "/") {
			branches = append(branches, b)
		}
	}
	if len(branches) == 0 {
		return "", "", nil
	}
	local := func(b string) string { _, name, _ := strings.Cut(b, "/"); return name }
	var pick string
	switch {
	case want != "":
		i := slices.IndexFunc(branches, func(b string) bool { return local(b) == want })
		if i < 0 {
			return "", "", fmt.Errorf("init %s: the remote has no branch %s (it has %s)", dir, want, strings.Join(branches, ", "))
		}
		pick, why = branches[i], "the branch asked for"
	case len(branches) == 1:
		pick, why = branches[0], "the remote's only branch"
	default:
		var vaults []string
		for _, b := range branches {
			if _, err := gitstore.Git(ctx, top, nil, "cat-file", "-e", b+":"+doc.TaxonomyFile); err == nil {
				vaults = append(vaults, b)
			}
		}
		switch len(vaults) {
		case 1:
			pick, why = vaults[0], "the remote's vault branch"
		case 0:
			return "", "", fmt.Errorf("init %s: the clone checked nothing out and none of the remote's branches (%s) holds a vault: choose one with cortex init --branch NAME %s", dir, strings.Join(branches, ", "), dir)
		default:
			return "", "", fmt.Errorf("init %s: the remote has several vault branches (%s): choose one with cortex init --branch NAME %s", dir, strings.Join(vaults, ", "), dir)
		}
	}
	if _, err := gitstore.Git(ctx, top, nil, "checkout", "-q", "-b", local(pick), "--track", pick); err != nil {
		return "", "", fmt.Errorf("init %s: check out %s: %w", dir, pick, err)
	}
	return pick, why, nil
}
