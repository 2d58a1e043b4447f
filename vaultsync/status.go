package vaultsync

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

// Status is the last sync, kept in .cortex/sync.json for cortex status.
type Status struct {
	When    time.Time `json:"when"`
	OK      bool      `json:"ok"`
	Summary string    `json:"summary"`
	Error   string    `json:"error,omitempty"`
	Pulled  int       `json:"pulled"`
	Pushed  bool      `json:"pushed"`
	Remote  string    `json:"remote"`
	// LastOK is the last sync that succeeded (equal to When when OK).
	LastOK *time.Time `json:"last_ok,omitempty"`
	// Unpushed is what waits: the commits here the remote-tracking branch
	// does not have (filled by cortex status, not stored).
	Unpushed *int `json:"unpushed,omitempty"`
}

func statusPath(l vault.Layout) string { return l.SyncStatus() }

// saveStatus records the outcome of a sync. Sync calls it while it holds
// the memorizer lock, and nothing else writes sync.json.
func saveStatus(l vault.Layout, rep *Report, syncErr error) error {
	old, _ := LoadStatus(l)
	st := Status{When: rep.When, OK: syncErr == nil, Pulled: rep.Pulled, Pushed: rep.Pushed, Remote: rep.Remote}
	if syncErr != nil {
		st.Error = syncErr.Error()
		st.Summary = "failed: " + st.Error
		if old != nil {
			st.LastOK = old.LastOK
		}
	} else {
		st.Summary = rep.Summary()
		w := rep.When
		st.LastOK = &w
	}
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	return l.FS().WriteFile(statusPath(l), append(data, '\n'), 0o644)
}

// LoadStatus reads the last sync's outcome; nil when no sync ran.
func LoadStatus(l vault.Layout) (*Status, error) {
	data, err := os.ReadFile(statusPath(l))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var st Status
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("%s: %w", statusPath(l), err)
	}
	return &st, nil
}

// Unpushed counts the vault's commits its remote-tracking branch does not
// have (as of the last fetch): what the next sync sends. ok is false when
// there is nothing to compare with (no branch, no remote-tracking branch).
func Unpushed(ctx context.Context, l vault.Layout, remote string) (n int, ok bool) {
	repo, err := gitstore.FindRepo(l.Root)
	if err != nil {
		return 0, false
	}
	branch, err := gitstore.Git(ctx, repo.WorkTree, nil, "symbolic-ref", "--quiet", "--short", "HEAD")
	if err != nil {
		return 0, false
	}
	out, err := gitstore.Git(ctx, repo.WorkTree, nil, "rev-list", "--count",
		"refs/remotes/"+remote+"/"+strings.TrimSpace(string(branch))+"..HEAD")
	if err != nil {
		return 0, false
	}
	n, err = strconv.Atoi(strings.TrimSpace(string(out)))
	return n, err == nil
}
