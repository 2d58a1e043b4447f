package vault

import (
	"errors"
	"path/filepath"

	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// Layout names the files and folders of a vault (SPEC §1). Root is the
// vault's folder; every other path is derived from it.
type Layout struct {
	Root string
}

// Path joins vault-relative, slash-separated elements onto the root.
func (l Layout) Path(rel ...string) string {
	return filepath.Join(append([]string{l.Root}, rel...)...)
}

// Taxonomy is the vault's taxonomy.yml.
func (l Layout) Taxonomy() string { return l.Path(doc.TaxonomyFile) }

// Calibration is the vault's calibration.yml.
func (l Layout) Calibration() string { return l.Path("calibration.yml") }

// Cortexignore is the vault's .cortexignore.
func (l Layout) Cortexignore() string { return l.Path(".cortexignore") }

// ObserverDir is the ingest folder, ignored by git except its README.
func (l Layout) ObserverDir() string { return l.Path("observer") }

// Buffer is the append-only observation buffer.
func (l Layout) Buffer() string { return l.Path("observer", "observations.jsonl") }

// BufferLock is the side file locked around every append and rotation.
func (l Layout) BufferLock() string { return l.Path("observer", "observations.lock") }

// State is the memorizer's offset and last-run record.
func (l Layout) State() string { return l.Path("observer", "state.json") }

// MemorizerLock is held by the vault's one open memorizer (a daemon's, or
// `cortex process`'s). It lives beside the state it guards, not in the
// deletable .cortex/: deleting the caches under a running daemon must not
// let a second memorizer in.
func (l Layout) MemorizerLock() string { return l.Path("observer", "memorizer.lock") }

// SleepManifest is the record of a sleep run in progress (rules): there
// while a run writes and commits, and after a killed one until the next
// command settles it.
func (l Layout) SleepManifest() string { return l.Path("observer", "sleep.json") }

// Staging holds documents written but not yet committed.
func (l Layout) Staging() string { return l.Path("observer", "staging") }

// SyncStatus is the last sync's outcome and SyncJournal a sync's record of
// a branch move in progress (vaultsync): both written only by a sync,
// under the memorizer lock.
func (l Layout) SyncStatus() string  { return l.Path(".cortex", "sync.json") }
func (l Layout) SyncJournal() string { return l.Path(".cortex", "sync-journal.json") }

// BatchManifest is the memorizer's record of the batch it has staged
// (observer/staging/batch.json), written only under the memorizer lock.
func (l Layout) BatchManifest() string { return l.Path("observer", "staging", "batch.json") }

// Quarantine records every line that was not memorized, with the reason.
func (l Layout) Quarantine() string { return l.Path("observer", "quarantine.jsonl") }

// CacheDir holds the derived caches and runtime files, ignored by git.
func (l Layout) CacheDir() string { return l.Path(".cortex") }

// IndexFile is the name of the derived SQLite index in .cortex. It carries
// the index's schema version (index.SchemaVersion; a test there holds the
// two together), so that two builds of cortex of different schemas on one
// vault — an older binary in PATH beside a newer daemon — each keep a file
// of their own instead of rebuilding the other's at every command.
// Schemas 1 to 7 shared "index.db".
const IndexFile = "index.v8.db"

// IndexDB is the derived SQLite index.
func (l Layout) IndexDB() string { return l.Path(".cortex", IndexFile) }

// SleepLock is held by every run of the sleep cycle from its start to its
// end (exclusively; package rules), and by the memorizer for each batch
// (shared), so that a batch and a run never write the same memory at once.
func (l Layout) SleepLock() string { return l.Path(".cortex", "sleep.lock") }

// DaemonLock is held by the one running daemon of the vault.
func (l Layout) DaemonLock() string { return l.Path(".cortex", "daemon.lock") }

// DaemonInfo records the running daemon's pid and heartbeat.
func (l Layout) DaemonInfo() string { return l.Path(".cortex", "daemon.json") }

// FS is the vault's room (package vaultfs): every write, move and delete
// inside the vault goes through it, refused when a link on the way leads
// outside the vault.
func (l Layout) FS() vaultfs.Root { return vaultfs.New(l.Root) }

// CheckWalls refuses a vault whose runtime folders (.cortex/, observer/)
// or configuration files are symbolic links leading outside it — a clone
// can carry such links — with one line saying which and where to. Every
// command that opens a vault calls it first, so that nothing is read from
// or written outside the vault.
func (l Layout) CheckWalls() error {
	for _, p := range []string{l.ObserverDir(), l.CacheDir(), l.Taxonomy(), l.Calibration(), l.Cortexignore()} {
		if err := l.FS().Check(p); err != nil {
			var le *vaultfs.LinkError
			if errors.As(err, &le) {
				return le
			}
			return err
		}
	}
	return nil
}
