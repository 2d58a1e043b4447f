package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cortex-vault/cortex/vault"
	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"cortex": func() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the CLI transcripts in testdata/script against the real
// binary, the real file system and the real git.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		Setup:               setupScriptEnv,
	})
}

// setupScriptEnv gives every script its own HOME with a git identity, and
// keeps the machine's git configuration out; $INDEX_DB is the index file.
func setupScriptEnv(env *testscript.Env) error {
	home := filepath.Join(env.WorkDir, ".home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		return err
	}
	gitconfig := "[user]\n\tname = Test Person\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n"
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte(gitconfig), 0o644); err != nil {
		return err
	}
	env.Setenv("HOME", home)
	env.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, ".gitconfig"))
	env.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	env.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	env.Setenv("NO_COLOR", "1")
	// The index file is named by its schema version: scripts say
	// $INDEX_DB, not a name that changes with every schema.
	env.Setenv("INDEX_DB", ".cortex/"+vault.IndexFile)
	return nil
}
