//go:build unix

package watchdog

import (
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/cortex-vault/cortex/vault"
)

// TestLoadNotAFile: a FIFO (or a folder) in the state's place is reset,
// never read (reading a FIFO would block the push block).
func TestLoadNotAFile(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	if err := os.MkdirAll(Path(l), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, notice, err := Load(l); err != nil || !strings.Contains(notice, "not a regular file") {
		t.Errorf("folder: %q %v", notice, err)
	}
	if err := os.Remove(Path(l)); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(Path(l), 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	if _, notice, err := Load(l); err != nil || !strings.Contains(notice, "not a regular file") {
		t.Errorf("fifo: %q %v", notice, err)
	}
}
