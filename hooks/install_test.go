package hooks

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// fakeCortex writes a stand-in for cortex that prints its arguments, one a
// line, to the file $ARGS_OUT.
func fakeCortex(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "cortex")
	writeFile(t, p, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$ARGS_OUT\"\n")
	if err := os.Chmod(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// makeVault makes dir a vault as far as Install can tell.
func makeVault(t *testing.T, dir string) {
	t.Helper()
	writeFile(t, filepath.Join(dir, "taxonomy.yml"), "version: 1\ntypes: {}\n")
}

func TestInstallRoundTrip(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX modes and sh")
	}
	isolate(t)
	repo := newRepo(t)
	makeVault(t, repo)
	hooksDir := filepath.Join(repo, ".git", "hooks")
	hook := filepath.Join(hooksDir, "pre-commit")
	theirs := []byte("#!/bin/sh\n# theirs, with no newline at the end\nexit 0")
	writeFile(t, hook, string(theirs))
	if err := os.Chmod(hook, 0o741); err != nil {
		t.Fatal(err)
	}
	bin := fakeCortex(t)

	r, err := Install(repo, InstallOptions{Binary: bin})
	if err != nil {
		t.Fatal(err)
	}
	if r.Op != OpInstalled || r.Chained != hook+ChainedSuffix || r.Vault != "." || !slices.Equal(r.Vaults, []string{"."}) || r.Binary != bin {
		t.Errorf("install: %+v", r)
	}
	if got, _ := os.ReadFile(hook + ChainedSuffix); !bytes.Equal(got, theirs) {
		t.Errorf("chained hook changed: %q", got)
	}
	ours, _ := os.ReadFile(hook)
	if fi, err := os.Stat(hook); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("our hook's mode: %v %v", fi.Mode(), err)
	}

	// Twice: unchanged, byte for byte.
	r, err = Install(repo, InstallOptions{Binary: bin})
	if err != nil || r.Op != OpUnchanged {
		t.Fatalf("second install: %+v %v", r, err)
	}
	if again, _ := os.ReadFile(hook); !bytes.Equal(again, ours) {
		t.Error("second install rewrote the hook")
	}

	// A second vault joins the hook; uninstalling it leaves the first.
	sub := filepath.Join(repo, "docs", "it's memory")
	makeVault(t, sub)
	r, err = Install(sub, InstallOptions{Binary: bin})
	if err != nil || r.Op != OpUpdated || !slices.Equal(r.Vaults, []string{".", "docs/it's memory"}) {
		t.Fatalf("second vault: %+v %v", r, err)
	}
	r, err = Uninstall(sub, UninstallOptions{})
	if err != nil || r.Op != OpUpdated || !slices.Equal(r.Vaults, []string{"."}) {
		t.Fatalf("uninstall second vault: %+v %v", r, err)
	}
	if got, _ := os.ReadFile(hook); !bytes.Equal(got, ours) {
		t.Errorf("after removing the second vault the hook differs:\n%s\nwant\n%s", got, ours)
	}

	r, err = Uninstall(repo, UninstallOptions{})
	if err != nil || r.Op != OpRestored {
		t.Fatalf("uninstall: %+v %v", r, err)
	}
	got, _ := os.ReadFile(hook)
	fi, _ := os.Stat(hook)
	if !bytes.Equal(got, theirs) || fi.Mode().Perm() != 0o741 {
		t.Errorf("restored hook: %q mode %v", got, fi.Mode())
	}
	if _, err := os.Lstat(hook + ChainedSuffix); !os.IsNotExist(err) {
		t.Errorf("chained hook left behind: %v", err)
	}
	r, err = Uninstall(repo, UninstallOptions{})
	if err != nil || r.Op != OpNotInstalled || len(r.Notes) == 0 {
		t.Errorf("uninstall over theirs: %+v %v", r, err)
	}
}

func TestUninstallAll(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	for _, v := range []string{"a", "b"} {
		makeVault(t, filepath.Join(repo, v))
		if _, err := Install(filepath.Join(repo, v), InstallOptions{Binary: "/x/cortex"}); err != nil {
			t.Fatal(err)
		}
	}
	// A vault deleted since: its hook can still be removed.
	if err := os.RemoveAll(filepath.Join(repo, "a")); err != nil {
		t.Fatal(err)
	}
	r, err := Uninstall(filepath.Join(repo, "a"), UninstallOptions{})
	if err != nil || r.Op != OpUpdated || !slices.Equal(r.Vaults, []string{"b"}) {
		t.Fatalf("uninstall a deleted vault: %+v %v", r, err)
	}
	r, err = Uninstall(filepath.Join(repo, "b"), UninstallOptions{All: true})
	if err != nil || r.Op != OpRemoved {
		t.Fatalf("uninstall --all: %+v %v", r, err)
	}
	if _, err := os.Lstat(filepath.Join(repo, ".git", "hooks", "pre-commit")); !os.IsNotExist(err) {
		t.Errorf("hook left: %v", err)
	}
}

// A crash between moving the old hook aside and writing ours leaves only
// the chained hook: install finishes the job, uninstall undoes it.
func TestInstallAfterCrash(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	makeVault(t, repo)
	hook := filepath.Join(repo, ".git", "hooks", "pre-commit")
	writeFile(t, hook+ChainedSuffix, "#!/bin/sh\nexit 0\n")
	r, err := Uninstall(repo, UninstallOptions{})
	if err != nil || r.Op != OpRestored {
		t.Fatalf("uninstall: %+v %v", r, err)
	}
	if got, _ := os.ReadFile(hook); string(got) != "#!/bin/sh\nexit 0\n" {
		t.Errorf("not restored: %q", got)
	}
	os.Rename(hook, hook+ChainedSuffix)
	r, err = Install(repo, InstallOptions{Binary: "/x/cortex"})
	if err != nil || r.Op != OpInstalled || r.Chained == "" {
		t.Fatalf("install: %+v %v", r, err)
	}
}

// The script hands the vaults to cortex exactly, whatever their names, with
// nothing but shell builtins (an empty PATH), and falls back to PATH.
func TestHookScriptRuns(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("sh")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	bin := fakeCortex(t)
	vaults := []string{".", "docs/it's memory", `a "b" $c \d`, "x`y`"}
	hook := filepath.Join(dir, "pre-commit")
	writeFile(t, hook, string(hookScript(vaults, bin)))
	out := filepath.Join(dir, "args")
	cmd := exec.Command(sh, hook)
	cmd.Env = []string{"ARGS_OUT=" + out, "PATH="}
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hook: %v\n%s", err, b)
	}
	got, _ := os.ReadFile(out)
	want := "hook\npre-commit\n"
	for _, v := range vaults {
		want += "--vault\n" + v + "\n"
	}
	if string(got) != want {
		t.Errorf("arguments:\n%s\nwant\n%s", got, want)
	}
	if v := parseHook(hookScript(vaults, bin)); !slices.Equal(v, vaults) {
		t.Errorf("parseHook: %q", v)
	}
	if b := binaryOf(hookScript(vaults, "/it's/cortex")); b != "/it's/cortex" {
		t.Errorf("binaryOf: %q", b)
	}

	// The recorded binary gone: cortex from PATH.
	writeFile(t, hook, string(hookScript([]string{"."}, filepath.Join(dir, "gone"))))
	cmd = exec.Command(sh, hook)
	cmd.Env = []string{"ARGS_OUT=" + out, "PATH=" + filepath.Dir(bin)}
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hook through PATH: %v\n%s", err, b)
	}
	// Neither: a message and exit 1.
	cmd = exec.Command(sh, hook)
	cmd.Env = []string{"PATH="}
	b, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(b), "cannot find cortex (not at "+filepath.Join(dir, "gone")+") nor on PATH") {
		t.Errorf("no cortex: %v\n%s", err, b)
	}
}

func TestParseHookNotOurs(t *testing.T) {
	for _, s := range []string{"", "#!/bin/sh\nexit 0\n", "# cortex-vault: x\n"} {
		if v := parseHook([]byte(s)); v != nil {
			t.Errorf("%q: %q", s, v)
		}
	}
	if v := parseHook([]byte("# cortex-hook: 9\n")); v == nil || len(v) != 0 {
		t.Errorf("ours without vaults: %q", v)
	}
}

func TestInstallRefusals(t *testing.T) {
	isolate(t)
	repo := newRepo(t)
	if _, err := Install(repo, InstallOptions{}); err == nil || !strings.Contains(err.Error(), "is not a vault") {
		t.Errorf("not a vault: %v", err)
	}
	makeVault(t, repo)
	hook := filepath.Join(repo, ".git", "hooks", "pre-commit")
	if err := os.MkdirAll(hook, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Install(repo, InstallOptions{}); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("hook is a folder: %v", err)
	}
	os.Remove(hook)
	writeFile(t, hook, "theirs")
	writeFile(t, hook+ChainedSuffix, "older")
	if _, err := Install(repo, InstallOptions{}); err == nil || !strings.Contains(err.Error(), "exists already") {
		t.Errorf("both taken: %v", err)
	}
	if got, _ := os.ReadFile(hook); string(got) != "theirs" {
		t.Errorf("their hook touched: %q", got)
	}
	if _, err := Install(repo, InstallOptions{Binary: "/a\nb"}); err == nil {
		t.Error("a binary path with a newline was accepted")
	}
}

func FuzzParseHook(f *testing.F) {
	f.Add([]byte(hookScript([]string{".", "a b"}, "/usr/bin/cortex")))
	f.Add([]byte("# cortex-hook: 1\n# cortex-vault: \n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		v := parseHook(data)
		if v == nil {
			return
		}
		_ = binaryOf(data)
		for _, x := range v {
			if x == "" || strings.ContainsRune(x, '\n') {
				t.Fatalf("vault %q", x)
			}
		}
	})
}
