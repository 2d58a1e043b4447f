package rules

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault/agentsblock"
)

// TestMaintainRefreshesAgentsBlock: an AGENTS.md at the vault's root that
// holds the cortex block gets the block of the run's MEMORY.md in the
// run's one commit, everything outside the block byte for byte; a
// CLAUDE.md without the block is not touched; an AGENTS.md a person is
// editing is skipped and reported.
func TestMaintainRefreshesAgentsBlock(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	const head, tail = "# Team notes\n\nWrite tests first.\n\n", "\n## After the block\nstays as it is\n"
	f.write(t, "AGENTS.md", head+agentsblock.Begin+"\nstale\n"+agentsblock.End+"\n"+tail)
	f.write(t, "CLAUDE.md", "# Claude\nno block here\n")
	git(t, f.l.Root, "add", "AGENTS.md", "CLAUDE.md")
	git(t, f.l.Root, "-c", "core.hooksPath=/dev/null", "commit", "-qm", "agents")

	rep, err := f.open(t).Run(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(f.l.Path("AGENTS.md"))
	if err != nil {
		t.Fatal(err)
	}
	view, err := os.ReadFile(f.l.Path(ViewFile))
	if err != nil {
		t.Fatal(err)
	}
	if want := head + agentsblock.Render(view, ".") + tail; string(got) != want {
		t.Fatalf("AGENTS.md after maintain:\n%s\nwant:\n%s", got, want)
	}
	if !strings.Contains(string(got), "Always run the migrations on staging first") {
		t.Errorf("the block does not carry the view's rules:\n%s", got)
	}
	files := git(t, f.l.Root, "show", "--name-only", "--format=", "HEAD")
	if !strings.Contains(files, "AGENTS.md\n") || strings.Contains(files, "CLAUDE.md") {
		t.Errorf("the maintenance commit (%s) holds:\n%s", rep.Commit, files)
	}
	if st := git(t, f.l.Root, "status", "--porcelain"); st != "" {
		t.Errorf("left uncommitted after maintain:\n%s", st)
	}

	// A person edits the file: the next run leaves it as it is.
	edited := string(got) + "a person's line\n"
	f.write(t, "AGENTS.md", strings.Replace(edited, "Always run", "ALWAYS run", 1))
	before, _ := os.ReadFile(f.l.Path("AGENTS.md"))
	rep, err = f.open(t).Run(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(f.l.Path("AGENTS.md")); string(after) != string(before) {
		t.Errorf("a person's uncommitted AGENTS.md was rewritten:\n%s", after)
	}
	skipped := false
	for _, k := range rep.Skipped {
		skipped = skipped || k.Path == "AGENTS.md"
	}
	if !skipped {
		t.Errorf("AGENTS.md not reported skipped: %+v", rep.Skipped)
	}
}
