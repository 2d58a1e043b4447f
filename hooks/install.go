package hooks

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// HookName is the git hook Cortex installs.
const HookName = "pre-commit"

// ChainedSuffix names the place an existing hook is moved to when Cortex
// installs its own: pre-commit.cortex-chained, which git never runs by
// itself and Cortex's hook runs first.
const ChainedSuffix = ".cortex-chained"

// What Install and Uninstall did (Result.Op).
const (
	OpInstalled    = "installed"     // the hook was written where there was none of ours
	OpUpdated      = "updated"       // our hook was rewritten (a vault added or removed, another binary)
	OpUnchanged    = "unchanged"     // our hook was already exactly right
	OpRemoved      = "removed"       // our hook was deleted; there was nothing to restore
	OpRestored     = "restored"      // our hook was deleted and the chained one put back
	OpNotInstalled = "not-installed" // uninstall found no hook of ours for this vault
)

// markers in the hook script, read back by Install and Uninstall.
const (
	markHook   = "# cortex-hook: "
	markVault  = "# cortex-vault: "
	hookFormat = "1"
)

// Result says what Install or Uninstall did.
type Result struct {
	Op string `json:"op"`
	// Hook is the hook file.
	Hook string `json:"hook"`
	// Chained is the hook that was there before, kept beside ours and run
	// first ("" when there is none).
	Chained string `json:"chained,omitempty"`
	// Vault is this vault's folder relative to the top of the work tree,
	// slash-separated ("." for the top itself).
	Vault string `json:"vault"`
	// Vaults are the vaults the hook checks after the operation.
	Vaults []string `json:"vaults"`
	// Binary is the cortex binary the hook runs (else cortex on PATH).
	Binary string `json:"binary,omitempty"`
	// HooksPath reports that the folder is core.hooksPath's.
	HooksPath bool `json:"hooks_path"`
	// Notes are things a person should know (a hooks folder shared with
	// other repositories, or part of the project).
	Notes []string `json:"notes,omitempty"`
}

// InstallOptions tune Install.
type InstallOptions struct {
	// Binary is the cortex binary the hook records; empty means the running
	// one. The hook falls back to cortex on PATH when the recorded binary is
	// gone.
	Binary string
}

// Install installs the pre-commit hook for the vault at vaultDir into the
// hooks folder git really uses (Repo.HooksDir). An existing hook that is
// not ours is moved to pre-commit.cortex-chained and run first by ours; its
// failure still stops the commit. Our hook records the vault's path relative
// to the top of the work tree, so a vault in a subfolder of a project works,
// and a repository with several vaults has one hook checking them all:
// installing for a second vault adds it. Installing again is idempotent.
func Install(vaultDir string, opts InstallOptions) (*Result, error) {
	if ok, err := vault.IsVault(vaultDir); err != nil {
		return nil, fmt.Errorf("install hooks: %w", err)
	} else if !ok {
		return nil, fmt.Errorf("install hooks: %s is not a vault (it has no taxonomy.yml or observer/): run `cortex init` there first, or name the vault with --vault", vaultDir)
	}
	repo, r, err := locate(vaultDir)
	if err != nil {
		return nil, fmt.Errorf("install hooks: %w", err)
	}
	bin := opts.Binary
	if bin == "" {
		bin = selfPath()
	} else if abs, err := filepath.Abs(bin); err == nil {
		bin = abs
	}
	if strings.ContainsFunc(bin, unicode.IsControl) {
		return nil, fmt.Errorf("install hooks: binary path %q has a control character", bin)
	}
	r.Binary = bin
	dir := filepath.Dir(r.Hook)
	if err := vaultfs.Outside().MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("install hooks: %w", err)
	}
	chained := r.Hook + ChainedSuffix
	old, ours, err := readHook(r.Hook)
	if err != nil {
		return nil, fmt.Errorf("install hooks: %w", err)
	}
	switch {
	case old == nil:
		r.Op = OpInstalled
		r.Vaults = []string{r.Vault}
	case ours != nil:
		r.Vaults = ours
		if !slices.Contains(r.Vaults, r.Vault) {
			r.Vaults = append(r.Vaults, r.Vault)
		}
	default:
		// Someone else's hook: keep it, chained. A chained hook already
		// there would be lost; leave the choice to the person.
		if _, err := os.Lstat(chained); err == nil {
			return nil, fmt.Errorf("install hooks: %s is not Cortex's hook and %s exists already: merge them into one hook (or delete one), then run `cortex hooks install` again", r.Hook, chained)
		}
		if err := vaultfs.Outside().Rename(r.Hook, chained); err != nil {
			return nil, fmt.Errorf("install hooks: keep the existing hook: %w", err)
		}
		if err := vaultfs.SyncDir(dir); err != nil {
			return nil, fmt.Errorf("install hooks: %w", err)
		}
		r.Op = OpInstalled
		r.Vaults = []string{r.Vault}
	}
	slices.Sort(r.Vaults)
	script := hookScript(r.Vaults, bin)
	if ours != nil {
		r.Op = OpUpdated
		if bytes.Equal(old, script) {
			r.Op = OpUnchanged
		}
	}
	if r.Op != OpUnchanged {
		if err := vaultfs.Outside().WriteFile(r.Hook, script, 0o755); err != nil {
			return nil, fmt.Errorf("install hooks: %w", err)
		}
	}
	// A hook that is not executable is skipped by git without a word.
	if err := vaultfs.Outside().Chmod(r.Hook, 0o755); err != nil {
		return nil, fmt.Errorf("install hooks: %w", err)
	}
	r.Notes = notes(repo, r)
	if fi, err := os.Stat(chained); err == nil {
		r.Chained = chained
		if fi.Mode()&0o111 == 0 {
			r.Notes = append(r.Notes, fmt.Sprintf("%s is not executable: git did not run it, and Cortex's hook does not either", chained))
		}
	} else if _, err := os.Lstat(chained); err == nil {
		r.Chained = chained
	}
	return r, nil
}

// UninstallOptions tune Uninstall.
type UninstallOptions struct {
	// All removes the hook whatever vaults it checks, not only this one.
	All bool
}

// Uninstall removes the vault at vaultDir from the pre-commit hook. When no
// vault is left, the hook is deleted and the hook it chained, if any, is put
// back exactly as it was (a rename: the same bytes, mode and link). A hook
// that is not Cortex's is never touched.
func Uninstall(vaultDir string, opts UninstallOptions) (*Result, error) {
	_, r, err := locate(vaultDir)
	if err != nil {
		return nil, fmt.Errorf("uninstall hooks: %w", err)
	}
	chained := r.Hook + ChainedSuffix
	old, ours, err := readHook(r.Hook)
	if err != nil {
		return nil, fmt.Errorf("uninstall hooks: %w", err)
	}
	_, cerr := os.Lstat(chained)
	haveChained := cerr == nil
	switch {
	case old == nil && haveChained:
		// Cortex stopped between moving the old hook aside and writing its
		// own: finish the way back.
		if err := restore(chained, r.Hook); err != nil {
			return nil, err
		}
		r.Op = OpRestored
		return r, nil
	case old == nil:
		r.Op = OpNotInstalled
		return r, nil
	case ours == nil:
		r.Op = OpNotInstalled
		r.Notes = append(r.Notes, fmt.Sprintf("%s is not Cortex's hook: left as it is", r.Hook))
		if haveChained {
			r.Notes = append(r.Notes, fmt.Sprintf("%s was left as it is too", chained))
		}
		return r, nil
	}
	if !opts.All && !slices.Contains(ours, r.Vault) {
		r.Op = OpNotInstalled
		r.Vaults = ours
		r.Notes = append(r.Notes, fmt.Sprintf("the hook does not check %s; it checks %s", r.Vault, strings.Join(ours, ", ")))
		return r, nil
	}
	if !opts.All {
		r.Vaults = slices.DeleteFunc(slices.Clone(ours), func(v string) bool { return v == r.Vault })
	}
	if len(r.Vaults) > 0 {
		bin := binaryOf(old)
		r.Binary = bin
		if err := vaultfs.Outside().WriteFile(r.Hook, hookScript(r.Vaults, bin), 0o755); err != nil {
			return nil, fmt.Errorf("uninstall hooks: %w", err)
		}
		r.Op = OpUpdated
		if haveChained {
			r.Chained = chained
		}
		return r, nil
	}
	r.Vaults = []string{}
	if !haveChained {
		if err := vaultfs.Outside().Remove(r.Hook); err != nil {
			return nil, fmt.Errorf("uninstall hooks: %w", err)
		}
		if err := vaultfs.SyncDir(filepath.Dir(r.Hook)); err != nil {
			return nil, fmt.Errorf("uninstall hooks: %w", err)
		}
		r.Op = OpRemoved
		return r, nil
	}
	// The rename replaces our hook with the old one in one step.
	if err := restore(chained, r.Hook); err != nil {
		return nil, err
	}
	r.Op = OpRestored
	r.Chained = chained
	return r, nil
}

func restore(chained, hook string) error {
	if err := vaultfs.Outside().Rename(chained, hook); err != nil {
		return fmt.Errorf("uninstall hooks: restore %s: %w", hook, err)
	}
	if err := vaultfs.SyncDir(filepath.Dir(hook)); err != nil {
		return fmt.Errorf("uninstall hooks: %w", err)
	}
	return nil
}

// locate finds the repository, the hook file and the vault's path in the
// work tree.
func locate(vaultDir string) (Repo, *Result, error) {
	abs, err := filepath.Abs(vaultDir)
	if err != nil {
		return Repo{}, nil, err
	}
	abs, err = realPath(abs)
	if err != nil {
		return Repo{}, nil, fmt.Errorf("vault %s: %w", vaultDir, err)
	}
	repo, err := FindRepo(abs)
	if err != nil {
		return Repo{}, nil, err
	}
	rel, err := filepath.Rel(repo.WorkTree, abs)
	if err != nil || !inside(abs, repo.WorkTree) {
		return Repo{}, nil, fmt.Errorf("vault %s is not in the work tree %s", abs, repo.WorkTree)
	}
	rel = filepath.ToSlash(rel)
	if strings.ContainsFunc(rel, unicode.IsControl) {
		return Repo{}, nil, fmt.Errorf("vault path %q has a control character", rel)
	}
	dir, fromConfig, err := repo.HooksDir()
	if err != nil {
		return Repo{}, nil, err
	}
	return repo, &Result{Hook: filepath.Join(dir, HookName), Vault: rel, HooksPath: fromConfig}, nil
}

// realPath resolves the symbolic links of p, or of its nearest existing
// parent when p is gone (a vault deleted, its hook still to uninstall).
func realPath(p string) (string, error) {
	var rest []string
	for {
		real, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(p)
		if parent == p {
			return "", err
		}
		rest = append([]string{filepath.Base(p)}, rest...)
		p = parent
	}
}

// notes tells a person when the hooks folder is not the repository's own.
func notes(repo Repo, r *Result) []string {
	if !r.HooksPath {
		return nil
	}
	dir := filepath.Dir(r.Hook)
	switch {
	case inside(dir, repo.WorkTree):
		rel, _ := filepath.Rel(repo.WorkTree, dir)
		return []string{fmt.Sprintf("core.hooksPath %s is inside the work tree: the hook is a file of the project (on another machine it runs cortex from PATH)", filepath.ToSlash(rel))}
	case !inside(dir, repo.CommonDir):
		return []string{fmt.Sprintf("core.hooksPath %s may be shared with other repositories: the hook checks a vault only where there is one", dir)}
	}
	return nil
}

// readHook reads the hook file: nil when there is none; ours lists the
// vaults when it is Cortex's (nil when it is someone else's).
func readHook(p string) (data []byte, ours []string, err error) {
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	if fi.IsDir() {
		return nil, nil, fmt.Errorf("%s is a folder, not a hook", p)
	}
	if !fi.Mode().IsRegular() {
		return []byte{}, nil, nil // a link or other: not ours (we write plain files)
	}
	data, err = os.ReadFile(p)
	if err != nil {
		return nil, nil, err
	}
	if data == nil {
		data = []byte{}
	}
	return data, parseHook(data), nil
}

// parseHook returns the vaults our hook checks, or nil when data is not our
// hook.
func parseHook(data []byte) []string {
	var vaults []string
	isOurs := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, markHook) {
			isOurs = true
		}
		if v, ok := strings.CutPrefix(line, markVault); ok && v != "" && !slices.Contains(vaults, v) {
			vaults = append(vaults, v)
		}
	}
	if !isOurs {
		return nil
	}
	if vaults == nil {
		vaults = []string{}
	}
	return vaults
}

// binaryOf returns the binary our hook records.
func binaryOf(data []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "recorded="); ok {
			return unquote(v)
		}
	}
	return ""
}

// selfPath returns the path of the running cortex as a person would name it
// — through the link on PATH that launched it rather than the file it
// resolves to, so the hook keeps working when a package manager swaps the
// versioned file behind the link — or "" when it cannot tell.
func selfPath() string {
	exe, err := os.Executable()
	if err != nil {
		exe = ""
	}
	if len(os.Args) > 0 && os.Args[0] != "" {
		p := os.Args[0]
		if !strings.ContainsRune(p, filepath.Separator) {
			p, err = exec.LookPath(p)
		}
		if err == nil {
			if abs, err := filepath.Abs(p); err == nil && vaultfs.SameFile(abs, exe) {
				return abs
			}
		}
	}
	return exe
}

// hookScript is our pre-commit hook: POSIX sh using only shell builtins (it
// must work with any PATH), which runs the chained hook first, finds cortex
// (the recorded binary, else PATH) and hands over to `cortex hook
// pre-commit` with the vaults. The marker comments are read back by Install
// and Uninstall.
func hookScript(vaults []string, bin string) []byte {
	var b strings.Builder
	b.WriteString(`#!/bin/sh
# Cortex pre-commit hook: completes and checks the memory documents staged in
# the vaults below before each commit (git commit --no-verify skips it).
# Written by ` + "`cortex hooks install`" + `; ` + "`cortex hooks uninstall`" + ` removes it and puts
# back the hook that was here before (kept as pre-commit` + ChainedSuffix + `).
`)
	b.WriteString(markHook + hookFormat + "\n")
	for _, v := range vaults {
		b.WriteString(markVault + v + "\n")
	}
	b.WriteString(`
case $0 in
*/*) hooks=${0%/*} ;;
*) hooks=. ;;
esac
if [ -x "$hooks/pre-commit` + ChainedSuffix + `" ]; then
	"$hooks/pre-commit` + ChainedSuffix + `" "$@" || exit $?
fi

recorded=` + shellQuote(bin) + `
cortex=$recorded
if [ -z "$cortex" ] || [ ! -x "$cortex" ]; then
	cortex=$(command -v cortex 2>/dev/null) || cortex=
fi
if [ -z "$cortex" ]; then
	echo "cortex pre-commit hook: cannot find cortex${recorded:+ (not at $recorded)} nor on PATH." >&2
	echo 'Install cortex and run "cortex hooks install" again, or commit with --no-verify.' >&2
	exit 1
fi
exec "$cortex" hook pre-commit`)
	for _, v := range vaults {
		b.WriteString(" --vault " + shellQuote(v))
	}
	b.WriteString("\n")
	return []byte(b.String())
}

// shellQuote quotes s for sh in single quotes (a quote inside becomes the
// four characters: quote, backslash, quote, quote).
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// unquote reverses shellQuote.
func unquote(s string) string {
	if len(s) < 2 || s[0] != '\'' || s[len(s)-1] != '\'' {
		return s
	}
	return strings.ReplaceAll(s[1:len(s)-1], `'\''`, "'")
}
