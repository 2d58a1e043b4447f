package vault

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain gives the tests one git identity of their own, whatever the
// machine's: Init reads git's user.name (the person it trusts) from the
// global config that GIT_CONFIG_GLOBAL names.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "vault-test-home")
	if err != nil {
		panic(err)
	}
	cfg := filepath.Join(dir, ".gitconfig")
	if err := os.WriteFile(cfg, []byte("[user]\n\tname = Test Person\n\temail = test@example.com\n"), 0o644); err != nil {
		panic(err)
	}
	os.Setenv("GIT_CONFIG_GLOBAL", cfg)
	os.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
