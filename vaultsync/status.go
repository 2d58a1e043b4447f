package vaultsync

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/cortex-vault/cortex/vault"
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
}

func statusPath(l vault.Layout) string { return l.Path(".cortex", "sync.json") }

// SaveStatus records the outcome of a sync.
func SaveStatus(l vault.Layout, rep *Report, syncErr error) error {
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
	return vault.WriteFileAtomic(statusPath(l), append(data, '\n'), 0o644)
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
