package main

import (
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

func TestReorderArgs(t *testing.T) {
	app := newApp(nil, nil, nil)
	for _, tc := range []struct{ in, want string }{
		{"cortex search git --json", "cortex search --json -- git"},
		{"cortex get ID --json", "cortex get --json -- ID"},
		{"cortex timeline ID --before 3", "cortex timeline --before 3 -- ID"},
		{"cortex --vault DIR search x", "cortex search --vault DIR -- x"},
		{"cortex search x --vault=DIR y", "cortex search --vault=DIR -- x y"},
		{"cortex search --json -- --vault x", "cortex search --json -- --vault x"},
		{"cortex search a -- -b", "cortex search -- a -b"},
		{"cortex hooks install --vault v", "cortex hooks install --vault v"},
		{"cortex write --type fact --body -x", "cortex write --type fact --body -x"},
		{"cortex observe - --json", "cortex observe --json -- -"},
		{"cortex quarantine retry 3 --line x", "cortex quarantine retry --line x -- 3"},
		{"cortex search -n1 x", "cortex search -n 1 -- x"},
		{"cortex search x -n12 --json", "cortex search -n 12 --json -- x"},
		{"cortex sleep -n", "cortex sleep -n"},
		{"cortex --version", "cortex --version"},
		{"cortex frobnicate --json", "cortex frobnicate --json"},
		{"cortex", "cortex"},
	} {
		got := strings.Join(reorderArgs(app, strings.Fields(tc.in)), " ")
		if got != tc.want {
			t.Errorf("%s\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

func TestBuildVersion(t *testing.T) {
	bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/cortex-vault/cortex", Version: "v0.3.0"}}
	if got := buildVersion(bi); got != "v0.3.0" {
		t.Errorf("no vcs: %q", got)
	}
	bi.Settings = []debug.BuildSetting{{Key: "vcs.revision", Value: "61de87f0123456789abcdef"}, {Key: "vcs.modified", Value: "true"}}
	if got := buildVersion(bi); got != "v0.3.0 (revision 61de87f01234+dirty)" {
		t.Errorf("vcs: %q", got)
	}
	bi.Main.Version = ""
	if got := buildVersion(bi); !slices.Contains([]string{"(devel) (revision 61de87f01234+dirty)"}, got) {
		t.Errorf("devel: %q", got)
	}
}

// TestDemoHints: the demo's closing commands work as printed, with cortex
// installed or through go run from the checkout.
func TestDemoHints(t *testing.T) {
	in := demoHints("d", true)
	if !strings.Contains(in, "  cd d\n  cortex search noaa\n") {
		t.Errorf("installed:\n%s", in)
	}
	out := demoHints("/tmp/cortex demo-1", false)
	for _, want := range []string{"go install ./cmd/cortex", "  go run ./cmd/cortex search noaa --vault '/tmp/cortex demo-1'\n", "  git -C '/tmp/cortex demo-1' log --stat\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("not installed: no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "\n  cortex ") {
		t.Errorf("not installed, yet a bare cortex command:\n%s", out)
	}
}
