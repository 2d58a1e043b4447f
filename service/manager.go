package service

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

func xmlEscape(w io.Writer, s string) error { return xml.EscapeText(w, []byte(s)) }

// plistStrings returns the text of every <key> and <string> of a plist, in
// order.
func plistStrings(data []byte) []string {
	var out []string
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	var cur string
	for {
		t, err := d.Token()
		if err != nil {
			return out
		}
		switch t := t.(type) {
		case xml.StartElement:
			cur = t.Name.Local
		case xml.CharData:
			if cur == "key" || cur == "string" {
				out = append(out, string(t))
				cur = ""
			}
		case xml.EndElement:
			cur = ""
		}
	}
}

// systemManager is the machine's own service manager.
func systemManager(platform string) Manager {
	if platform == Launchd {
		return launchctl{}
	}
	return systemctl{}
}

// run runs a service manager's command and returns its output; an error
// carries the command and what it said.
func run(ctx context.Context, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("%s %s: %w: %s", name, strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// systemctl drives systemd's user instance.
type systemctl struct{}

func (systemctl) Start(ctx context.Context, name, _ string) error {
	if _, err := run(ctx, "systemctl", "--user", "daemon-reload"); err != nil {
		return err
	}
	if _, err := run(ctx, "systemctl", "--user", "enable", name+".service"); err != nil {
		return err
	}
	// restart, not start: an updated unit (a new binary) takes effect.
	_, err := run(ctx, "systemctl", "--user", "restart", name+".service")
	return err
}

// Available asks systemd's user instance for its environment, the cheapest
// question that needs the user session bus: without one systemctl --user
// says "Failed to connect to bus".
func (systemctl) Available(ctx context.Context) error {
	if _, err := exec.LookPath("systemctl"); err != nil {
		return &UnavailableError{Platform: Systemd, Reason: "no systemctl on the PATH"}
	}
	cmd := exec.CommandContext(ctx, "systemctl", "--user", "show-environment")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		reason := strings.TrimSpace(stderr.String())
		if i := strings.LastIndexByte(reason, '\n'); i >= 0 {
			reason = reason[i+1:]
		}
		if reason == "" {
			reason = err.Error()
		}
		return &UnavailableError{Platform: Systemd, Reason: "systemctl --user: " + reason}
	}
	return nil
}

func (systemctl) Stop(ctx context.Context, name, _ string) error {
	_, err := run(ctx, "systemctl", "--user", "disable", "--now", name+".service")
	return err
}

func (systemctl) Reload(ctx context.Context) error {
	_, err := run(ctx, "systemctl", "--user", "daemon-reload")
	return err
}

func (systemctl) State(ctx context.Context, name string) (State, error) {
	out, err := run(ctx, "systemctl", "--user", "show", name+".service", "--property=LoadState,ActiveState,SubState,MainPID")
	if err != nil {
		return State{}, err
	}
	return parseSystemctlShow(out), nil
}

// parseSystemctlShow reads `systemctl show`'s KEY=VALUE lines.
func parseSystemctlShow(out []byte) State {
	var s State
	var active, sub string
	for line := range strings.Lines(string(out)) {
		k, v, _ := strings.Cut(strings.TrimSpace(line), "=")
		switch k {
		case "LoadState":
			s.Loaded = v == "loaded"
		case "ActiveState":
			active = v
		case "SubState":
			sub = v
		case "MainPID":
			s.PID, _ = strconv.Atoi(v)
		}
	}
	s.Active = active == "active" || active == "activating" || active == "reloading"
	s.Detail = active
	if sub != "" {
		s.Detail += " (" + sub + ")"
	}
	return s
}

// launchctl drives launchd's per-user domain.
type launchctl struct{}

func domain() string { return "gui/" + strconv.Itoa(os.Getuid()) }

func (launchctl) Start(ctx context.Context, name, path string) error {
	// A job loaded already would refuse a second bootstrap.
	_, _ = run(ctx, "launchctl", "bootout", domain()+"/"+Label(name))
	if _, err := run(ctx, "launchctl", "bootstrap", domain(), path); err != nil {
		return err
	}
	_, err := run(ctx, "launchctl", "enable", domain()+"/"+Label(name))
	return err
}

func (launchctl) Stop(ctx context.Context, name, _ string) error {
	if _, err := run(ctx, "launchctl", "bootout", domain()+"/"+Label(name)); err != nil && !strings.Contains(err.Error(), "No such process") && !strings.Contains(err.Error(), "Could not find") {
		return err
	}
	return nil
}

func (launchctl) Reload(context.Context) error { return nil }

func (launchctl) State(ctx context.Context, name string) (State, error) {
	out, err := run(ctx, "launchctl", "print", domain()+"/"+Label(name))
	if err != nil {
		return State{Detail: "not loaded"}, nil
	}
	return parseLaunchctlPrint(out), nil
}

// parseLaunchctlPrint reads the "state = running" and "pid = N" lines of
// `launchctl print`.
func parseLaunchctlPrint(out []byte) State {
	s := State{Loaded: true}
	for line := range strings.Lines(string(out)) {
		k, v, ok := strings.Cut(strings.TrimSpace(line), " = ")
		if !ok {
			continue
		}
		switch k {
		case "state":
			if s.Detail == "" {
				s.Detail = v
				s.Active = v == "running"
			}
		case "pid":
			if s.PID == 0 {
				s.PID, _ = strconv.Atoi(v)
			}
		}
	}
	return s
}
