// Package service makes a vault's daemon a service of the system's service
// manager: a systemd user unit on Linux, a launchd agent on macOS, started
// at login and restarted after a crash. It writes and removes the unit file,
// asks the manager (through the Manager interface, so tests never touch the
// machine's own) to start or stop it, and reads back what is installed, for
// cortex daemon status and cortex doctor.
package service

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"unicode"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// The service managers.
const (
	Systemd = "systemd"
	Launchd = "launchd"
)

// LogFile is the daemon's log under launchd, relative to the vault (launchd
// has no journal; systemd sends the daemon's stderr to journald).
const LogFile = ".cortex/daemon.log"

// markVault is the comment (systemd) or key (launchd) naming the vault, read
// back by Installed.
const markVault = "# cortex-vault: "

// Manager starts and stops a service in the system's service manager.
type Manager interface {
	// Start loads the unit file at path (already written) and starts the
	// service, now and at every login.
	Start(ctx context.Context, name, path string) error
	// Stop stops the service and removes it from the logins; the unit file
	// is still there.
	Stop(ctx context.Context, name, path string) error
	// State says whether the service is loaded and running, and its pid.
	State(ctx context.Context, name string) (State, error)
	// Reload tells the manager the unit files changed (after a removal).
	Reload(ctx context.Context) error
}

// State is what the service manager says of a service.
type State struct {
	Loaded bool   `json:"loaded"`
	Active bool   `json:"active"`
	PID    int    `json:"pid,omitempty"`
	Detail string `json:"detail,omitempty"` // the manager's own word (active, failed, …)
}

// Options say where and how a service is installed.
type Options struct {
	// Platform is Systemd or Launchd; empty means this system's.
	Platform string
	// Home is the home folder (launchd agents); empty means $HOME.
	Home string
	// ConfigHome is systemd's user configuration folder; empty means
	// $XDG_CONFIG_HOME, else Home/.config.
	ConfigHome string
	// Binary is the cortex the service runs; empty means this one.
	Binary string
	// Manager starts and stops services; nil means the system's own
	// (systemctl --user, launchctl).
	Manager Manager
	// DryRun computes the file but writes nothing and starts nothing.
	DryRun bool
}

// DefaultPlatform is the service manager of this system, "" where there is
// none Cortex knows.
func DefaultPlatform() string {
	switch runtime.GOOS {
	case "linux":
		return Systemd
	case "darwin":
		return Launchd
	}
	return ""
}

func (o Options) withDefaults() (Options, error) {
	if o.Platform == "" {
		o.Platform = DefaultPlatform()
	}
	if o.Platform != Systemd && o.Platform != Launchd {
		return o, fmt.Errorf("no service manager Cortex knows on %s (systemd on Linux, launchd on macOS): run `cortex daemon` by other means", runtime.GOOS)
	}
	if o.Home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return o, fmt.Errorf("home folder: %w", err)
		}
		o.Home = h
	}
	if o.ConfigHome == "" {
		o.ConfigHome = os.Getenv("XDG_CONFIG_HOME")
		if o.ConfigHome == "" || !filepath.IsAbs(o.ConfigHome) {
			o.ConfigHome = filepath.Join(o.Home, ".config")
		}
	}
	if o.Binary == "" {
		exe, err := os.Executable()
		if err != nil {
			return o, fmt.Errorf("this cortex binary: %w", err)
		}
		o.Binary = exe
	}
	if abs, err := filepath.Abs(o.Binary); err == nil {
		o.Binary = abs
	}
	if o.Manager == nil {
		o.Manager = systemManager(o.Platform)
	}
	return o, nil
}

// Name is the service's name for the vault at root (an absolute path):
// cortex-<folder>-<8 hex of the path's hash> — readable, and one per vault.
func Name(root string) string {
	sum := sha256.Sum256([]byte(root))
	var b strings.Builder
	for _, r := range strings.ToLower(filepath.Base(root)) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
		if b.Len() >= 32 {
			break
		}
	}
	slug := strings.Trim(b.String(), "-")
	if slug == "" {
		slug = "vault"
	}
	return "cortex-" + slug + "-" + hex.EncodeToString(sum[:4])
}

// canonical is the vault's path as the service names it: absolute, its
// links resolved (so a vault reached through a link has one service), or
// only absolute when it is gone (the service of a moved vault).
func canonical(root string) (string, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real, nil
	}
	return abs, nil
}

// Label is the launchd label of a service name.
func Label(name string) string { return "dev.cortex." + name }

// File is where the unit file of the named service lives.
func File(o Options, name string) string {
	if o.Platform == Launchd {
		return filepath.Join(o.Home, "Library", "LaunchAgents", Label(name)+".plist")
	}
	return filepath.Join(o.ConfigHome, "systemd", "user", name+".service")
}

// Spec is what a unit file says.
type Spec struct {
	Name   string `json:"name"`
	Vault  string `json:"vault"`
	Binary string `json:"binary"`
}

// Render is the unit file of spec for the platform.
func Render(platform string, s Spec) ([]byte, error) {
	for _, v := range []string{s.Vault, s.Binary} {
		if strings.ContainsFunc(v, unicode.IsControl) {
			return nil, fmt.Errorf("service: %q has a control character", v)
		}
	}
	if platform == Launchd {
		return plist(s), nil
	}
	return unit(s), nil
}

// unit is the systemd user unit: Restart=on-failure restarts the daemon
// after a crash or a kill -9 (a clean stop on SIGTERM exits 0 and stays
// stopped), but not a sixth time in five minutes: a daemon that cannot
// start (its vault moved, its binary gone) is left failed for cortex doctor
// to name, not restarted forever. Its stderr goes to the journal.
func unit(s Spec) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `[Unit]
Description=Cortex memory daemon for %s
Documentation=https://github.com/cortex-vault/cortex
StartLimitIntervalSec=300
StartLimitBurst=5
%s%s

[Service]
Type=simple
ExecStart=%s daemon --vault %s
Restart=on-failure
RestartSec=5
KillSignal=SIGTERM
TimeoutStopSec=60

[Install]
WantedBy=default.target
`, strings.ReplaceAll(s.Vault, "%", "%%"), markVault, s.Vault, systemdQuote(s.Binary), systemdQuote(s.Vault))
	return b.Bytes()
}

// systemdQuote quotes a word of ExecStart: double quotes, backslash escapes,
// and systemd's own specifiers (%) and variables ($) doubled.
func systemdQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "%", "%%", "$", "$$")
	return `"` + r.Replace(s) + `"`
}

// plist is the launchd agent: RunAtLoad starts it at login, KeepAlive with
// SuccessfulExit false restarts it after a crash; its output goes to
// .cortex/daemon.log in the vault.
func plist(s Spec) []byte {
	x := func(v string) string {
		var b bytes.Buffer
		_ = xmlEscape(&b, v)
		return b.String()
	}
	log := filepath.Join(s.Vault, filepath.FromSlash(LogFile))
	return fmt.Appendf(nil, `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>Label</key>
	<string>%s</string>
	<key>CortexVault</key>
	<string>%s</string>
	<key>ProgramArguments</key>
	<array>
		<string>%s</string>
		<string>daemon</string>
		<string>--vault</string>
		<string>%s</string>
	</array>
	<key>RunAtLoad</key>
	<true/>
	<key>KeepAlive</key>
	<dict>
		<key>SuccessfulExit</key>
		<false/>
	</dict>
	<key>ThrottleInterval</key>
	<integer>5</integer>
	<key>StandardOutPath</key>
	<string>%s</string>
	<key>StandardErrorPath</key>
	<string>%s</string>
</dict>
</plist>
`, x(Label(s.Name)), x(s.Vault), x(s.Binary), x(s.Vault), x(log), x(log))
}

// Result says what Install or Uninstall did.
type Result struct {
	Platform string `json:"platform"`
	Name     string `json:"name"`
	File     string `json:"file"`
	// Op is installed, updated, unchanged, removed or not-installed.
	Op      string `json:"op"`
	DryRun  bool   `json:"dry_run,omitempty"`
	Content string `json:"content,omitempty"`
	// Log says where the daemon's log goes.
	Log string `json:"log"`
}

// LogHint is where the named service's log is read: the journal under
// systemd, the vault's log file under launchd.
func LogHint(platform, name, root string) string {
	if platform == Launchd {
		return filepath.Join(root, filepath.FromSlash(LogFile))
	}
	return "journalctl --user -u " + name + ".service"
}

// Install writes the unit file of the vault's daemon and starts it (now and
// at every login). Installing again rewrites the file when it changed (a
// new binary) and restarts the service.
func Install(ctx context.Context, l vault.Layout, opts Options) (*Result, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, fmt.Errorf("daemon install: %w", err)
	}
	root, err := canonical(l.Root)
	if err != nil {
		return nil, fmt.Errorf("daemon install: %w", err)
	}
	if ok, err := vault.IsVault(root); err != nil {
		return nil, fmt.Errorf("daemon install: %w", err)
	} else if !ok {
		return nil, fmt.Errorf("daemon install: %s is not a vault: run `cortex init` there first", root)
	}
	s := Spec{Name: Name(root), Vault: root, Binary: o.Binary}
	data, err := Render(o.Platform, s)
	if err != nil {
		return nil, fmt.Errorf("daemon install: %w", err)
	}
	r := &Result{Platform: o.Platform, Name: s.Name, File: File(o, s.Name), DryRun: o.DryRun, Content: string(data), Log: LogHint(o.Platform, s.Name, root)}
	old, err := os.ReadFile(r.File)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		r.Op = "installed"
	case err != nil:
		return nil, fmt.Errorf("daemon install: %w", err)
	case bytes.Equal(old, data):
		r.Op = "unchanged"
	default:
		r.Op = "updated"
	}
	if o.DryRun {
		return r, nil
	}
	// The service manager's folder (~/.config/systemd/user,
	// ~/Library/LaunchAgents) is the person's, outside the vault; it may be
	// a link of their dotfiles.
	units := vaultfs.Outside()
	if err := units.MkdirAll(filepath.Dir(r.File), 0o755); err != nil {
		return nil, fmt.Errorf("daemon install: %w", err)
	}
	if o.Platform == Launchd {
		if err := l.FS().MkdirAll(l.CacheDir(), 0o755); err != nil {
			return nil, fmt.Errorf("daemon install: %w", err)
		}
	}
	if r.Op == "updated" {
		// Stopped first: launchd keeps the old definition of a loaded job.
		if err := o.Manager.Stop(ctx, s.Name, r.File); err != nil {
			return nil, fmt.Errorf("daemon install: stop the old service: %w", err)
		}
	}
	if r.Op != "unchanged" {
		if err := units.WriteFile(r.File, data, 0o644); err != nil {
			return nil, fmt.Errorf("daemon install: %w", err)
		}
	}
	if err := o.Manager.Start(ctx, s.Name, r.File); err != nil {
		return nil, fmt.Errorf("daemon install: %s written, but the service did not start: %w", r.File, err)
	}
	return r, nil
}

// Uninstall stops the vault's service and removes its unit file. The vault
// may be gone (moved or deleted): the service is found by its path.
func Uninstall(ctx context.Context, root string, opts Options) (*Result, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, fmt.Errorf("daemon uninstall: %w", err)
	}
	root, err = canonical(root)
	if err != nil {
		return nil, fmt.Errorf("daemon uninstall: %w", err)
	}
	name := Name(root)
	r := &Result{Platform: o.Platform, Name: name, File: File(o, name), DryRun: o.DryRun, Log: LogHint(o.Platform, name, root)}
	data, err := os.ReadFile(r.File)
	if errors.Is(err, fs.ErrNotExist) {
		r.Op = "not-installed"
		return r, nil
	}
	if err != nil {
		return nil, fmt.Errorf("daemon uninstall: %w", err)
	}
	r.Op, r.Content = "removed", string(data)
	if o.DryRun {
		return r, nil
	}
	if err := o.Manager.Stop(ctx, name, r.File); err != nil {
		return nil, fmt.Errorf("daemon uninstall: %w", err)
	}
	if err := vaultfs.Outside().Remove(r.File); err != nil {
		return nil, fmt.Errorf("daemon uninstall: %w", err)
	}
	if err := vaultfs.SyncDir(filepath.Dir(r.File)); err != nil {
		return nil, fmt.Errorf("daemon uninstall: %w", err)
	}
	if err := o.Manager.Reload(ctx); err != nil {
		return nil, fmt.Errorf("daemon uninstall: %w", err)
	}
	return r, nil
}

// Installed is one unit file of a Cortex daemon found on this machine.
type Installed struct {
	Spec
	Platform string `json:"platform"`
	File     string `json:"file"`
	// Ours: it is the service of the vault asked about.
	Ours bool `json:"ours"`
	// VaultGone: the vault it names is no longer a vault (moved, deleted).
	VaultGone bool `json:"vault_gone,omitempty"`
	// BinaryGone: the binary it runs is no longer there.
	BinaryGone bool `json:"binary_gone,omitempty"`
}

// Status is cortex daemon status: the vault's service, if installed, what
// the manager says of it, and the other Cortex services of the machine
// whose vault is gone (a vault moved leaves its service behind).
type Status struct {
	Platform string `json:"platform"`
	Name     string `json:"name"`
	File     string `json:"file"`
	// Installed is the vault's own service (nil when not installed).
	Installed *Installed `json:"installed,omitempty"`
	State     *State     `json:"state,omitempty"`
	// Orphans are services of vaults that are gone.
	Orphans []Installed `json:"orphans,omitempty"`
	Log     string      `json:"log"`
	// StateError is why the manager could not be asked.
	StateError string `json:"state_error,omitempty"`
}

// ReadStatus reads the unit files of the machine's Cortex daemons and asks
// the manager about the vault's own. It writes nothing.
func ReadStatus(ctx context.Context, root string, opts Options) (Status, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return Status{}, fmt.Errorf("daemon status: %w", err)
	}
	root, err = canonical(root)
	if err != nil {
		return Status{}, fmt.Errorf("daemon status: %w", err)
	}
	name := Name(root)
	st := Status{Platform: o.Platform, Name: name, File: File(o, name), Log: LogHint(o.Platform, name, root)}
	all, err := List(o)
	if err != nil {
		return st, fmt.Errorf("daemon status: %w", err)
	}
	for _, in := range all {
		switch {
		case in.Vault == root || in.File == st.File:
			in.Ours = true
			st.Installed = &in
		case in.VaultGone:
			st.Orphans = append(st.Orphans, in)
		}
	}
	if st.Installed != nil {
		s, err := o.Manager.State(ctx, name)
		if err != nil {
			st.StateError = err.Error()
		} else {
			st.State = &s
		}
	}
	return st, nil
}

// List reads every Cortex daemon unit file of the platform's folder.
func List(opts Options) ([]Installed, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(File(o, "x"))
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Installed
	for _, e := range ents {
		n := e.Name()
		var name string
		switch {
		case o.Platform == Systemd && strings.HasPrefix(n, "cortex-") && strings.HasSuffix(n, ".service"):
			name = strings.TrimSuffix(n, ".service")
		case o.Platform == Launchd && strings.HasPrefix(n, Label("cortex-")) && strings.HasSuffix(n, ".plist"):
			name = strings.TrimPrefix(strings.TrimSuffix(n, ".plist"), Label(""))
		default:
			continue
		}
		p := filepath.Join(dir, n)
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		s, ok := parse(o.Platform, data)
		if !ok {
			continue
		}
		s.Name = name
		in := Installed{Spec: s, Platform: o.Platform, File: p}
		if ok, err := vault.IsVault(s.Vault); err != nil || !ok {
			in.VaultGone = true
		}
		if _, err := os.Stat(s.Binary); err != nil {
			in.BinaryGone = true
		}
		out = append(out, in)
	}
	return out, nil
}

// parse reads the vault and binary back from a unit file Render wrote.
func parse(platform string, data []byte) (Spec, bool) {
	var s Spec
	if platform == Launchd {
		strs := plistStrings(data)
		for i, v := range strs {
			switch {
			case v == "CortexVault" && i+1 < len(strs):
				s.Vault = strs[i+1]
			case v == "ProgramArguments" && i+1 < len(strs):
				s.Binary = strs[i+1]
			}
		}
		return s, s.Vault != "" && s.Binary != ""
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, markVault); ok {
			s.Vault = v
		}
		if v, ok := strings.CutPrefix(line, "ExecStart="); ok {
			if w := systemdWords(v); len(w) > 0 {
				s.Binary = w[0]
			}
		}
	}
	return s, s.Vault != "" && s.Binary != ""
}

// systemdWords splits an ExecStart line quoted by systemdQuote.
func systemdWords(s string) []string {
	var words []string
	var b strings.Builder
	in, esc, any := false, false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case esc:
			b.WriteByte(c)
			esc = false
		case c == '\\' && in:
			esc = true
		case c == '"':
			in, any = !in, true
		case (c == '%' || c == '$') && i+1 < len(s) && s[i+1] == c:
			b.WriteByte(c)
			i++
		case c == ' ' && !in:
			if b.Len() > 0 || any {
				words = append(words, b.String())
			}
			b.Reset()
			any = false
		default:
			b.WriteByte(c)
		}
	}
	if b.Len() > 0 || any {
		words = append(words, b.String())
	}
	return words
}

// RestartCommand is the command that restarts the named service.
func RestartCommand(platform, name string) string {
	if platform == Launchd {
		return "launchctl kickstart -k gui/$(id -u)/" + Label(name)
	}
	return "systemctl --user restart " + name + ".service"
}
