package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// initBudget is the most one package's initialisation may allocate. Every
// command, hook and MCP call pays for every package's init before it does
// anything, so rule sets, tables and templates are built on first use
// (sync.OnceValue), not when the package loads.
const initBudget = 100 << 10

// heavyThirdPartyInits are the packages we do not write whose init allocates
// more than initBudget, each with a ceiling a little above what it takes
// today, so that a dependency update that makes one heavier is noticed.
var heavyThirdPartyInits = map[string]int64{
	// urfave/cli's ToMarkdown/ToMan pull in go-md2man and blackfriday,
	// whose HTML entity table is a map literal (about 210 KB). Only
	// `-tags urfave_cli_no_docs` leaves them out.
	"github.com/russross/blackfriday/v2": 256 << 10,
	// goldmark (vault/doc's markdown parser) builds its HTML5 entity and
	// block tables when it loads (about 140 KB and 110 KB).
	"github.com/yuin/goldmark/util":   176 << 10,
	"github.com/yuin/goldmark/parser": 144 << 10,
}

// TestInitAllocations builds the real binary, runs `cortex --version` with
// GODEBUG=inittrace=1 and fails when a package's init allocates more than
// initBudget (or a known exception more than its ceiling). The bytes and
// allocation counts the runtime reports are deterministic for a build; its
// clock is not, so no time is checked.
func TestInitAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildCortex(t)
	cmd := exec.Command(bin, "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("cortex --version: %v\n%s", err, stderr.String())
	}
	inits := parseInitTrace(t, stderr.Bytes())
	if _, ok := inits["github.com/cortex-vault/cortex/vault/doc"]; !ok {
		t.Fatalf("no init of vault/doc in the trace: has the GODEBUG=inittrace=1 format changed?\n%s", stderr.String())
	}
	var total int64
	for pkg, n := range inits {
		total += n
		limit, why := int64(initBudget), "the budget of every package"
		if c, ok := heavyThirdPartyInits[pkg]; ok {
			limit, why = c, "its ceiling as a known heavy dependency"
		}
		if n > limit {
			t.Errorf("init of %s allocates %d bytes, over %s (%d): build it on first use (sync.OnceValue)", pkg, n, why, limit)
		}
	}
	for pkg := range heavyThirdPartyInits {
		if inits[pkg] <= initBudget {
			t.Errorf("%s allocates %d bytes at init, within the budget: drop it from heavyThirdPartyInits", pkg, inits[pkg])
		}
	}
	t.Logf("%d packages allocate %d bytes at init", len(inits), total)
}

// parseInitTrace reads the runtime's lines "init PKG @0.5 ms, 0.01 ms
// clock, 1024 bytes, 3 allocs" into the bytes each package allocated.
func parseInitTrace(t *testing.T, trace []byte) map[string]int64 {
	t.Helper()
	line := regexp.MustCompile(`^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, \d+ allocs$`)
	inits := map[string]int64{}
	sc := bufio.NewScanner(bytes.NewReader(trace))
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), "init ") {
			continue
		}
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			t.Fatalf("unexpected inittrace line %q", sc.Text())
		}
		n, err := strconv.ParseInt(m[2], 10, 64)
		if err != nil {
			t.Fatalf("inittrace line %q: %v", sc.Text(), err)
		}
		inits[m[1]] += n
	}
	return inits
}
