package service

import (
	"context"
	"errors"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// goldenSpec has the characters a path may hold that the file formats must
// escape: a space, a quote, a percent sign, a dollar, an ampersand.
var goldenSpec = Spec{Name: "cortex-my-notes-1a2b3c4d", Vault: `/home/ada/My Notes "work" 100% $HOME & co`, Binary: "/usr/local/bin/cortex"}

func TestGolden(t *testing.T) {
	for _, tc := range []struct{ platform, file string }{
		{Systemd, "unit.service"},
		{Launchd, "agent.plist"},
	} {
		got, err := Render(tc.platform, goldenSpec)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join("testdata", tc.file)
		if *update {
			if err := os.WriteFile(p, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s differs from the golden file (go test -update to accept):\n%s", tc.file, got)
		}
		back, ok := parse(tc.platform, got)
		if !ok || back.Vault != goldenSpec.Vault || back.Binary != goldenSpec.Binary {
			t.Errorf("%s: read back %+v", tc.platform, back)
		}
	}
}

// TestSystemdVerify runs systemd-analyze verify on the unit, with an
// ExecStart binary that exists, where the machine has systemd-analyze.
func TestSystemdVerify(t *testing.T) {
	sa, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("no systemd-analyze on this machine")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "cortex")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := goldenSpec
	s.Binary = bin
	data, err := Render(Systemd, s)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, s.Name+".service")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(sa, "verify", "--man=no", p)
	cmd.Env = append(os.Environ(), "SYSTEMD_LOG_LEVEL=warning")
	out, err := cmd.CombinedOutput()
	// verify may complain of the machine (no user bus in a container);
	// only complaints about our file fail the test.
	for line := range strings.Lines(string(out)) {
		if strings.Contains(line, filepath.Base(p)) {
			t.Errorf("systemd-analyze verify: %s", line)
		}
	}
	if err != nil && !strings.Contains(string(out), filepath.Base(p)) {
		t.Logf("systemd-analyze verify exit %v (not about the unit): %s", err, out)
	}
}

func TestName(t *testing.T) {
	a, b := Name("/home/ada/notes"), Name("/home/bob/notes")
	if a == b || !strings.HasPrefix(a, "cortex-notes-") || len(a) != len("cortex-notes-")+8 {
		t.Errorf("names %q %q", a, b)
	}
	if n := Name("/x/Ünïcode & co!"); !strings.HasPrefix(n, "cortex-n-code-co-") {
		t.Errorf("slug %q", n)
	}
	if n := Name("/"); !strings.HasPrefix(n, "cortex-vault-") {
		t.Errorf("root %q", n)
	}
}

// fakeManager records the calls instead of running systemctl.
type fakeManager struct {
	calls []string
	state State
}

func (f *fakeManager) Start(_ context.Context, name, _ string) error {
	f.calls = append(f.calls, "start "+name)
	f.state = State{Loaded: true, Active: true, PID: 42, Detail: "active (running)"}
	return nil
}
func (f *fakeManager) Stop(_ context.Context, name, _ string) error {
	f.calls = append(f.calls, "stop "+name)
	f.state = State{}
	return nil
}
func (f *fakeManager) Reload(context.Context) error { f.calls = append(f.calls, "reload"); return nil }
func (f *fakeManager) State(context.Context, string) (State, error) {
	return f.state, nil
}

func newVault(t *testing.T, dir string) vault.Layout {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "observer"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "taxonomy.yml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return vault.Layout{Root: dir}
}

func TestInstallUninstall(t *testing.T) {
	for _, platform := range []string{Systemd, Launchd} {
		t.Run(platform, func(t *testing.T) {
			home := t.TempDir()
			tmp, err := filepath.EvalSymlinks(t.TempDir()) // macOS: /var is a link
			if err != nil {
				t.Fatal(err)
			}
			l := newVault(t, filepath.Join(tmp, "notes"))
			m := &fakeManager{}
			opts := Options{Platform: platform, Home: home, ConfigHome: filepath.Join(home, "cfg"), Binary: "/opt/cortex/bin/cortex", Manager: m}
			ctx := context.Background()

			dry := opts
			dry.DryRun = true
			r, err := Install(ctx, l, dry)
			if err != nil || r.Op != "installed" || !strings.Contains(r.Content, "/opt/cortex/bin/cortex") {
				t.Fatalf("dry run: %+v %v", r, err)
			}
			if _, err := os.Stat(r.File); err == nil || len(m.calls) != 0 {
				t.Fatalf("dry run wrote %s or called %v", r.File, m.calls)
			}
			if !strings.HasPrefix(r.File, home) {
				t.Fatalf("unit file %s outside the home given", r.File)
			}

			r, err = Install(ctx, l, opts)
			if err != nil || r.Op != "installed" {
				t.Fatalf("install: %+v %v", r, err)
			}
			if data, err := os.ReadFile(r.File); err != nil || string(data) != r.Content {
				t.Fatalf("file: %v", err)
			}
			st, err := ReadStatus(ctx, l.Root, opts)
			if err != nil || st.Installed == nil || st.State == nil || !st.State.Active || st.Installed.BinaryGone != true {
				t.Fatalf("status: %+v %v", st, err)
			}
			if platform == Launchd && st.Log != filepath.Join(l.Root, ".cortex", "daemon.log") {
				t.Errorf("launchd log %q", st.Log)
			}
			if platform == Systemd && !strings.HasPrefix(st.Log, "journalctl --user -u cortex-notes-") {
				t.Errorf("systemd log %q", st.Log)
			}

			// Again, same binary: unchanged; another binary: updated.
			if r, err := Install(ctx, l, opts); err != nil || r.Op != "unchanged" {
				t.Fatalf("again: %+v %v", r, err)
			}
			opts2 := opts
			opts2.Binary = "/usr/bin/cortex"
			if r, err := Install(ctx, l, opts2); err != nil || r.Op != "updated" {
				t.Fatalf("new binary: %+v %v", r, err)
			}

			// The vault moves: the service names the old path.
			moved := filepath.Join(filepath.Dir(l.Root), "moved")
			if err := os.Rename(l.Root, moved); err != nil {
				t.Fatal(err)
			}
			st, err = ReadStatus(ctx, moved, opts)
			if err != nil || st.Installed != nil || len(st.Orphans) != 1 || st.Orphans[0].Vault != l.Root {
				t.Fatalf("moved: %+v %v", st, err)
			}
			// Uninstall by the old path works with the vault gone.
			r, err = Uninstall(ctx, l.Root, opts)
			if err != nil || r.Op != "removed" {
				t.Fatalf("uninstall: %+v %v", r, err)
			}
			if _, err := os.Stat(r.File); err == nil {
				t.Fatal("unit file still there")
			}
			if r, err := Uninstall(ctx, l.Root, opts); err != nil || r.Op != "not-installed" {
				t.Fatalf("uninstall again: %+v %v", r, err)
			}
			want := []string{"start", "start", "stop", "start", "stop"}
			var got []string
			for _, c := range m.calls {
				if c != "reload" {
					got = append(got, strings.Fields(c)[0])
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("calls %v, want %v", m.calls, want)
			}
		})
	}
}

func TestInstallNotVault(t *testing.T) {
	_, err := Install(context.Background(), vault.Layout{Root: t.TempDir()}, Options{Platform: Systemd, Home: t.TempDir(), Binary: "/x", Manager: &fakeManager{}})
	if err == nil || !strings.Contains(err.Error(), "not a vault") {
		t.Errorf("err %v", err)
	}
}

func TestParseManagers(t *testing.T) {
	s := parseSystemctlShow([]byte("LoadState=loaded\nActiveState=active\nSubState=running\nMainPID=1234\n"))
	if !s.Loaded || !s.Active || s.PID != 1234 || s.Detail != "active (running)" {
		t.Errorf("systemctl %+v", s)
	}
	s = parseSystemctlShow([]byte("LoadState=loaded\nActiveState=failed\nSubState=failed\nMainPID=0\n"))
	if s.Active || s.Detail != "failed (failed)" {
		t.Errorf("failed %+v", s)
	}
	s = parseLaunchctlPrint([]byte("gui/501/dev.cortex.x = {\n\tstate = running\n\tpid = 77\n\tjob state = running\n}\n"))
	if !s.Active || s.PID != 77 {
		t.Errorf("launchctl %+v", s)
	}
}

// noBus is a manager without a user session bus, as systemd's user
// instance is reached from su, a container or a cron job.
type noBus struct{ fakeManager }

func (*noBus) Available(context.Context) error {
	return &UnavailableError{Platform: Systemd, Reason: "systemctl --user: Failed to connect to bus: No medium found"}
}

// Without a user session bus, install refuses before it writes anything
// and says what to do instead; uninstall still removes a unit file.
func TestInstallWithoutSessionBus(t *testing.T) {
	home := t.TempDir()
	l := newVault(t, filepath.Join(t.TempDir(), "v"))
	m := &noBus{}
	opts := Options{Platform: Systemd, Home: home, ConfigHome: filepath.Join(home, ".config"), Binary: "/usr/local/bin/cortex", Manager: m}
	_, err := Install(context.Background(), l, opts)
	var ue *UnavailableError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "loginctl enable-linger") || !strings.Contains(err.Error(), "cortex daemon &") || !strings.Contains(err.Error(), "nothing was written") {
		t.Fatalf("install: %v", err)
	}
	if _, err := os.Stat(filepath.Join(home, ".config")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("install left something behind: %v", err)
	}
	if len(m.calls) != 0 {
		t.Fatalf("the manager was asked %v", m.calls)
	}
	// A unit file written when there was a bus goes with uninstall, though
	// the manager cannot be asked now.
	root, _ := canonical(l.Root)
	file := File(opts, Name(root))
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("[Unit]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Uninstall(context.Background(), l.Root, opts)
	if err != nil || r.Op != "removed" || r.Note == "" {
		t.Fatalf("uninstall: %+v, %v", r, err)
	}
	if _, err := os.Stat(file); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the unit file is still there: %v", err)
	}
}
