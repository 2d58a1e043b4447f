package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault"
)

// TestEchoesAreCut: a value of 100 KB given to any command is refused with
// one line that quotes at most a short excerpt of it (issue 22 item 7).
func TestEchoesAreCut(t *testing.T) {
	t.Setenv("GIT_CONFIG_GLOBAL", "/dev/null")
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	v := filepath.Join(t.TempDir(), "v")
	if _, err := vault.Init(v, vault.InitOptions{}); err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("a", 100<<10)
	hex := "0195" + strings.Repeat("f", 100<<10)
	obs := []string{"observe", "--vault", v, "--type", "decision", "--bucket", "explicit", "--attribution", "o", "--session", "cli", "--body", "x"}
	with := func(args ...string) []string { return append(append([]string{}, obs...), args...) }
	cases := [][]string{
		with("--op", "resolve", "--id", big),
		with("--op", "resolve", "--id", hex),
		with("--op", big, "--id", "01950000"),
		with("--entity", big),
		with("--entity", "a:"+big),
		with("--timestamp", big),
		with("--confidence", big),
		with("--scope", big),
		with("--tag", "a b"+big),
		{"observe", "--vault", v, big},
		{"write", "--vault", v, "--type", big, "--body", "x"},
		{"write", "--vault", v, "--type", "decision", "--body", "x", "--timestamp", big},
		{"write", "--vault", v, big},
		{"get", "--vault", v, big},
		{"get", "--vault", v, hex},
		{"get", "--vault", v, "vault/" + big + ".md"},
		{"timeline", "--vault", v, big},
		{"search", "--vault", v, "--type", big, "x"},
		{"search", "--vault", v, "--limit", big, "x"},
		{"search", "--vault", v, "since:" + big},
		{"restore", "--vault", v, big},
		{"resolve-conflict", "--vault", v, big, big},
		{"promote", "--vault", v, big},
		{"validate", "--vault", v, big},
		{"validate", "--vault", v, big + ".md"},
		{"quarantine", "retry", "--vault", v, big},
		{"quarantine", "approve", "--vault", v, big},
		{"quarantine", "--vault", v, big},
		{big},
		{"status", "--vault", v, big},
		{"status", "--vault", big},
		{"context", "--vault", v, "--budget", big},
		{"context", "--vault", v, "--format", big},
		{"graph", "--vault", v, big},
		{"graph", "--vault", v, "--from", big},
		{"graph", "--vault", v, "--format", big},
		{"maintain", "--vault", v, "--at", big},
		{"init", big, big},
		{"daemon", "--vault", v, "--log-level", big},
		{"mcp", "--vault", v, "--log-level", big},
	}
	for _, args := range cases {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"cortex"}, args...), strings.NewReader(""), &stdout, &stderr)
		msg := stderr.String()
		short := strings.ReplaceAll(strings.Join(args, " "), big, "<100 KB>")
		if code == 0 {
			t.Errorf("cortex %.120s: exit 0", short)
		}
		if len(msg) > 400 || strings.Count(msg, "\n") > 2 {
			t.Errorf("cortex %.120s: exit %d, stderr of %d bytes: %.160q…", short, code, len(msg), msg)
		}
	}
}
