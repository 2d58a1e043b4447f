package vault

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// DaemonInfo is .cortex/daemon.json: who runs the vault's daemon and whether
// it still beats. The daemon writes it; `cortex status`, a second daemon and
// the read commands (is the index kept fresh?) read it.
type DaemonInfo struct {
	PID       int       `json:"pid"`
	Host      string    `json:"host,omitempty"`
	Started   time.Time `json:"started"`
	Heartbeat time.Time `json:"heartbeat"`
	// HeartbeatMS is the heartbeat's period in milliseconds: a heartbeat
	// older than a few periods means a hung or killed daemon.
	HeartbeatMS int64 `json:"heartbeat_ms"`
	// Stopped is set when the daemon ended cleanly.
	Stopped time.Time `json:"stopped,omitzero"`
	// LastBatch is when the last batch with lines ended.
	LastBatch time.Time `json:"last_batch,omitzero"`
	// Failures counts the failed batches in a row; LastError is the last
	// one's error and NextRetry when it is tried again.
	Failures  int       `json:"failures,omitempty"`
	LastError string    `json:"last_error,omitempty"`
	NextRetry time.Time `json:"next_retry,omitzero"`
}

// staleHeartbeats is how many heartbeat periods may pass before a daemon
// counts as not responding; minStaleAfter is a floor, so a short period does
// not make a busy machine's daemon look hung.
const (
	staleHeartbeats = 3
	minStaleAfter   = 15 * time.Second
)

// StaleAfter is how old the heartbeat may be before the daemon that wrote it
// counts as not responding.
func (i DaemonInfo) StaleAfter() time.Duration {
	return max(staleHeartbeats*time.Duration(i.HeartbeatMS)*time.Millisecond, minStaleAfter)
}

// Beating reports whether the daemon has not stopped and its heartbeat is
// recent at now (a heartbeat from the future, a clock jump, counts the same
// way).
func (i DaemonInfo) Beating(now time.Time) bool {
	if i.Heartbeat.IsZero() || !i.Stopped.IsZero() {
		return false
	}
	age, slack := now.Sub(i.Heartbeat), i.StaleAfter()
	return age <= slack && age >= -slack
}

// ReadDaemonInfo reads .cortex/daemon.json; false when there is none.
func ReadDaemonInfo(l Layout) (DaemonInfo, bool, error) {
	data, err := os.ReadFile(l.DaemonInfo())
	if errors.Is(err, fs.ErrNotExist) {
		return DaemonInfo{}, false, nil
	}
	if err != nil {
		return DaemonInfo{}, false, fmt.Errorf("daemon info: %w", err)
	}
	var info DaemonInfo
	if err := json.Unmarshal(data, &info); err != nil {
		return DaemonInfo{}, false, fmt.Errorf("daemon info %s: %w", l.DaemonInfo(), err)
	}
	return info, true, nil
}

// RemoveDaemonTemps removes the temporary files of daemon.json's atomic
// writes (vaultfs.IsTempOf) from .cortex/: a daemon killed while writing
// its heartbeat leaves one, and nothing else ever removes it. Only the
// daemon writes daemon.json, holding the daemon lock, so the caller must
// hold that lock (the starting daemon) or know it free (SettleDaemonTemps).
// It returns the files removed.
func RemoveDaemonTemps(l Layout) ([]string, error) {
	removed, err := l.FS().RemoveTempsOf(l.DaemonInfo())
	if err != nil {
		return removed, fmt.Errorf("daemon info: remove what a killed daemon left: %w", err)
	}
	return removed, nil
}

// SettleDaemonTemps is RemoveDaemonTemps for a command that is not the
// daemon: it removes the temporary files only while no daemon runs, seen
// by taking the daemon lock shared without waiting (as `cortex status`
// looks); a live daemon's file is its own, and it settles its
// predecessor's when it starts. A daemon starting at this instant waits
// for the shared lock to go.
func SettleDaemonTemps(l Layout) ([]string, error) {
	lock := l.DaemonLock()
	if _, err := os.Lstat(lock); errors.Is(err, fs.ErrNotExist) {
		return nil, nil // no daemon ever ran here
	}
	fl, err := l.FS().Flock(lock, 0o644)
	if err != nil {
		return nil, fmt.Errorf("daemon lock: %w", err)
	}
	ok, err := fl.TryRLock()
	if err != nil {
		return nil, fmt.Errorf("daemon lock %s: %w", lock, err)
	}
	if !ok {
		return nil, nil
	}
	defer fl.Unlock()
	return RemoveDaemonTemps(l)
}
