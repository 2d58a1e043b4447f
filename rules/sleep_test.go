package rules

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
)

// The fixture's clock: far enough after the memories for an opinion of
// importance 0.5 to decay below 0.3 (0.05 a month), not a lesson of 0.9.
var fixtureNow = time.Date(2026, 9, 1, 3, 0, 0, 0, time.UTC)

func gitEnv(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	home := t.TempDir()
	for k, v := range map[string]string{"HOME": home, "XDG_CONFIG_HOME": home, "GIT_CONFIG_NOSYSTEM": "1",
		"GIT_AUTHOR_NAME": "Test Person", "GIT_AUTHOR_EMAIL": "test@example.com",
		"GIT_COMMITTER_NAME": "Test Person", "GIT_COMMITTER_EMAIL": "test@example.com", "TZ": "UTC"} {
		t.Setenv(k, v)
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// memDoc writes a memory the way the memorizer would, with extra raw
// frontmatter lines (a person's comments and quoting) when given.
func memDoc(id, typ, created, session, agent, body string, importance string, extra ...string) string {
	cat := "concept"
	var b strings.Builder
	b.WriteString("---\nid: \"" + id + "\"\ntype: " + typ + "\ncategory: " + cat + "\ncreated: " + created +
		"\nsource_hash: " + doc.Hash(body) + "\n\n# ---\n\n")
	b.WriteString("attribution: " + agent + "\nimportance: " + importance + "\nsession_id: \"" + session + "\"\n")
	for _, e := range extra {
		b.WriteString(e + "\n")
	}
	b.WriteString("---\n\n" + body + "\n")
	return b.String()
}

type fixture struct {
	l     vault.Layout
	files map[string]string
	// last is the Sleeper open() opened last: it holds the sleep lock,
	// which the next open() waits for, so that one is closed first.
	last *Sleeper
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	gitEnv(t)
	dir := filepath.Join(t.TempDir(), "v")
	if _, err := vault.Init(dir, vault.InitOptions{}); err != nil {
		t.Fatal(err)
	}
	f := &fixture{l: vault.Layout{Root: dir}, files: map[string]string{
		// Three wordings of one lesson, in three sessions: merged into
		// the oldest, then promoted.
		"mind/concepts/2026-01/2026-01-01-aaaa0001.md": memDoc("01940000-0000-7000-8000-000000000001", "lesson", "2026-01-01T10:00:00.000Z",
			"11111111-1111-4111-8111-111111111111", "agentA", "Always run the migrations on staging first", "0.9",
			"# a person's comment, kept", "tags: ['db',   \"migrations\"]"),
		"mind/concepts/2026-01/2026-01-02-aaaa0002.md": memDoc("01940000-0000-7000-8000-000000000002", "lesson", "2026-01-02T10:00:00.000Z",
			"22222222-2222-4222-8222-222222222222", "agentB", "Run the migrations on staging first, always", "0.9"),
		"mind/concepts/2026-01/2026-01-03-aaaa0003.md": memDoc("01940000-0000-7000-8000-000000000003", "lesson", "2026-01-03T10:00:00.000Z",
			"33333333-3333-4333-8333-333333333333", "agentB", "Note: always run the migrations on staging first.", "0.9"),
		// The look-alike that must never merge.
		"mind/concepts/2026-01/2026-01-03-aaaa0004.md": memDoc("01940000-0000-7000-8000-000000000004", "lesson", "2026-01-03T11:00:00.000Z",
			"33333333-3333-4333-8333-333333333333", "agentC", "Never run the migrations on staging first", "0.9"),
		// Decays below 0.3: archived, only its status line added.
		"mind/concepts/2026-01/2026-01-04-aaaa0005.md": memDoc("01940000-0000-7000-8000-000000000005", "opinion", "2026-01-04T10:00:00.000Z",
			"33333333-3333-4333-8333-333333333333", "agentC", "Tabs are nicer than spaces in Makefiles", "0.5",
			"context: 'odd ''quoting'' kept'   # and a comment"),
		// Two occurrences: a candidate, not promoted.
		"mind/code/2026-01/2026-01-05-aaaa0006.md": memDoc("01940000-0000-7000-8000-000000000006", "warning", "2026-01-05T10:00:00.000Z",
			"44444444-4444-4444-8444-444444444444", "agentA", "The payment webhook retries three times with exponential backoff", "0.8"),
		"mind/code/2026-01/2026-01-06-aaaa0007.md": memDoc("01940000-0000-7000-8000-000000000007", "warning", "2026-01-06T10:00:00.000Z",
			"55555555-5555-4555-8555-555555555555", "agentB", "With exponential backoff, the payment webhook retries three times", "0.8"),
		// A memory about a file that changes after it: outdated.
		"mind/code/2026-01/2026-01-07-aaaa0008.md": memDoc("01940000-0000-7000-8000-000000000008", "discovery", "2026-01-07T10:00:00.000Z",
			"55555555-5555-4555-8555-555555555555", "agentB", "The parser in src/parse.go keeps a global cache", "0.9",
			"files:\n  - src/parse.go\n  - /etc/passwd"),
		// A local memory two agents recorded in other words: global.
		"mind/concepts/2026-02/2026-02-01-aaaa0009.md": memDoc("01940000-0000-7000-8000-000000000009", "fact", "2026-02-01T10:00:00.000Z",
			"66666666-6666-4666-8666-666666666666", "agentA", "The e2e suite takes about 20 minutes on CI", "0.9", "scope: local", "agent: agentA"),
		"mind/concepts/2026-02/2026-02-02-aaaa0010.md": memDoc("01940000-0000-7000-8000-000000000010", "fact", "2026-02-02T10:00:00.000Z",
			"77777777-7777-4777-8777-777777777777", "agentB", "Expect the e2e suite to take about 20 minutes on CI", "0.9", "scope: local", "agent: agentB"),
		// A permanent record: never decays.
		"vault/decisions/2026-01/2026-01-01-aaaa0011.md": strings.Replace(memDoc("01940000-0000-7000-8000-000000000011", "decision", "2025-01-01T10:00:00.000Z",
			"11111111-1111-4111-8111-111111111111", "owner", "Use local git only", "0.1"), "category: concept", "category: concept", 1),
	}}
	for rel, data := range f.files {
		f.write(t, rel, data)
	}
	f.write(t, "src/parse.go", "package src\n")
	git(t, dir, "add", "-A")
	git(t, dir, "-c", "core.hooksPath=/dev/null", "commit", "-qm", "fixture", "--date", "2026-01-01T00:00:00Z")
	// The file changes after the discovery about it.
	f.write(t, "src/parse.go", "package src\n\n// no global cache any more\n")
	git(t, dir, "add", "src/parse.go")
	cmd := exec.Command("git", "-c", "core.hooksPath=/dev/null", "commit", "-qm", "parse: drop the cache")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2026-03-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-03-01T00:00:00Z")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	return f
}

func (f *fixture) write(t *testing.T, rel, data string) {
	t.Helper()
	p := f.l.Path(filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// crashedRun is a run of f cut short after step (errCrash), and the
// manifest it left. The Sleeper is the caller's to close.
func (f *fixture) crashedRun(t *testing.T, at step) (*Sleeper, manifest) {
	t.Helper()
	s := f.open(t)
	s.crashAfter = at
	if _, err := s.Run(context.Background(), false); !errors.Is(err, errCrash) {
		t.Fatal(err)
	}
	data, err := os.ReadFile(manifestPath(f.l))
	if err != nil {
		t.Fatal(err)
	}
	var man manifest
	if err := json.Unmarshal(data, &man); err != nil {
		t.Fatal(err)
	}
	return s, man
}

func (f *fixture) open(t *testing.T) *Sleeper {
	t.Helper()
	if f.last != nil {
		f.last.Close()
	}
	s, err := Open(context.Background(), f.l, Options{Now: func() time.Time { return fixtureNow }, Project: f.l.Root})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	f.last = s
	return s
}

// tree reads every file of the vault outside .git and the caches.
func tree(t *testing.T, l vault.Layout) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(l.Root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(l.Root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == ".git" || rel == ".cortex" || rel == "observer" {
				return filepath.SkipDir
			}
			return nil
		}
		data, _ := os.ReadFile(p)
		out[rel] = string(data)
		return nil
	})
	return out
}

func TestMaintainGolden(t *testing.T) {
	f := newFixture(t)
	s := f.open(t)
	ctx := context.Background()
	rep, err := s.Run(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	got := tree(t, f.l)
	// Archived: moved, with only a status line added, every other byte kept.
	old := "mind/concepts/2026-01/2026-01-04-aaaa0005.md"
	arch := "mind/archive/concepts/2026-01/2026-01-04-aaaa0005.md"
	if _, ok := got[old]; ok {
		t.Errorf("%s still in place", old)
	}
	if want := strings.Replace(f.files[old], "---\n\nTabs", "status: archived\n---\n\nTabs", 1); got[arch] != want {
		t.Errorf("%s:\n%s\nwant\n%s", arch, got[arch], want)
	}
	// Merged: the later wordings superseded by the oldest, which is promoted.
	for _, rel := range []string{"mind/concepts/2026-01/2026-01-02-aaaa0002.md", "mind/concepts/2026-01/2026-01-03-aaaa0003.md"} {
		if !strings.Contains(got[rel], "superseded_by: 01940000-0000-7000-8000-000000000001\n") || !strings.Contains(got[rel], "status: superseded\n") {
			t.Errorf("%s not superseded:\n%s", rel, got[rel])
		}
	}
	canon := got["mind/concepts/2026-01/2026-01-01-aaaa0001.md"]
	for _, want := range []string{"reinforced: 2\n", "promoted_to: \"[[rules/lessons#^" + blockID("01940000-0000-7000-8000-000000000001") + "]]\"\n",
		"# a person's comment, kept\ntags: ['db',   \"migrations\"]\n"} {
		if !strings.Contains(canon, want) {
			t.Errorf("canonical lacks %q:\n%s", want, canon)
		}
	}
	if n := got["mind/concepts/2026-01/2026-01-03-aaaa0004.md"]; n != f.files["mind/concepts/2026-01/2026-01-03-aaaa0004.md"] {
		t.Errorf("the negated look-alike changed:\n%s", n)
	}
	rules := got["rules/lessons.md"]
	if !strings.Contains(rules, "- Always run the migrations on staging first (from [[2026-01-01-aaaa0001]], [[2026-01-02-aaaa0002]], [[2026-01-03-aaaa0003]]) ^r-") {
		t.Errorf("rules/lessons.md:\n%s", rules)
	}
	if p, err := doc.Parse([]byte(rules)); err != nil || len(p.Check("rules/lessons.md", s.tax)) != 0 {
		t.Errorf("rules/lessons.md does not pass the checks: %v %v", err, p.Check("rules/lessons.md", s.tax))
	}
	if !strings.Contains(got["mind/code/2026-01/2026-01-07-aaaa0008.md"], "status: outdated\n") {
		t.Errorf("not outdated:\n%s", got["mind/code/2026-01/2026-01-07-aaaa0008.md"])
	}
	if !strings.Contains(got["mind/concepts/2026-02/2026-02-01-aaaa0009.md"], "scope: global\n") {
		t.Errorf("not global:\n%s", got["mind/concepts/2026-02/2026-02-01-aaaa0009.md"])
	}
	if got["vault/decisions/2026-01/2026-01-01-aaaa0011.md"] != f.files["vault/decisions/2026-01/2026-01-01-aaaa0011.md"] {
		t.Error("a vault/ record changed")
	}
	// The rule's line carries its reference, ‹short#^block›, the short id
	// being the one the index gives the new rules file after the run.
	rp, _ := doc.Parse([]byte(rules))
	short, err := s.ix.ShortIDs(ctx, []string{rp.Doc.ID}, index.MinShortID)
	if err != nil || short[rp.Doc.ID] == "" {
		t.Fatalf("short id of the rules file: %v %v", short, err)
	}
	view := got[ViewFile]
	lines := strings.Split(strings.TrimSuffix(view, "\n"), "\n")
	if !strings.HasPrefix(view, ViewHeader+"\n") || len(lines) > ViewMaxLines || len(view) > ViewMaxBytes ||
		!strings.Contains(view, "## Rules\n- Always run the migrations on staging first ‹"+short[rp.Doc.ID]+"#^"+blockID("01940000-0000-7000-8000-000000000001")+"›\n") ||
		!strings.Contains(view, "- [lesson] Never run the migrations on staging first ‹01940000-0000-7000-8000-000000000004›\n") {
		t.Errorf("MEMORY.md:\n%s", view)
	}
	if len(rep.Candidates) != 2 || rep.Candidates[0].ID != "01940000-0000-7000-8000-000000000006" || rep.Candidates[0].Occurrences != 2 {
		t.Errorf("candidates: %+v", rep.Candidates)
	}
	if !strings.Contains(strings.Join(rep.Notes, "\n"), `files: entry "/etc/passwd" is not a path inside the project`) {
		t.Errorf("notes: %q", rep.Notes)
	}
	msg := git(t, f.l.Root, "log", "-1", "--format=%B")
	for _, want := range []string{"sleep: maintenance 2026-09-01\n", "- archive " + old + " → " + arch, "- outdated mind/code/2026-01/2026-01-07-aaaa0008.md: src/parse.go changed in commit ",
		"Cortex-Sleep: " + rep.Fingerprint, "Cortex-Sleep-Summary: archive=1 merge=4 promote=1 rule=1 outdated=1 global=1 view=1"} {
		if !strings.Contains(msg, want) {
			t.Errorf("commit message lacks %q:\n%s", want, msg)
		}
	}
	// git sees the archive as a rename.
	if st := git(t, f.l.Root, "show", "-M", "--name-status", "--format=", "HEAD"); !strings.Contains(st, "R") || !strings.Contains(st, arch) {
		t.Errorf("no rename in the commit:\n%s", st)
	}
	if st := git(t, f.l.Root, "status", "--porcelain"); st != "" {
		t.Errorf("git status after the run:\n%s", st)
	}

	// Idempotent: nothing new, no commit.
	head := git(t, f.l.Root, "rev-parse", "HEAD")
	rep2, err := s.Run(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep2.Actions) != 0 || rep2.Commit != "" || git(t, f.l.Root, "rev-parse", "HEAD") != head {
		t.Errorf("second run: %+v", rep2.Actions)
	}

	// Restore brings the archived memory back, clock reset.
	rrep, err := s.Restore(ctx, []string{"01940000-0000-7000-8000-000000000005"})
	if err != nil {
		t.Fatal(err)
	}
	back := tree(t, f.l)[old]
	if len(rrep.Actions) != 1 || !strings.Contains(back, "status: active\n") || !strings.Contains(back, "last_reinforced: 2026-09-01T03:00:00.000Z\n") {
		t.Errorf("restore: %+v\n%s", rrep.Actions, back)
	}
}

func TestMaintainDryRunWritesNothing(t *testing.T) {
	f := newFixture(t)
	s := f.open(t)
	before := tree(t, f.l)
	head := git(t, f.l.Root, "rev-parse", "HEAD")
	rep, err := s.Run(context.Background(), true)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Actions) == 0 {
		t.Fatal("no actions planned")
	}
	after := tree(t, f.l)
	if len(after) != len(before) || git(t, f.l.Root, "rev-parse", "HEAD") != head {
		t.Error("a dry run wrote")
	}
	for k, v := range before {
		if after[k] != v {
			t.Errorf("%s changed", k)
		}
	}
}

// TestMaintainCrash stops a run after each step, as a kill -9 would, and
// checks that the next run ends with the same tree as an uninterrupted one
// and one maintenance commit.
func TestMaintainCrash(t *testing.T) {
	ref := newFixture(t)
	if _, err := ref.open(t).Run(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	want := tree(t, ref.l)
	for _, st := range []step{stepManifest, stepPlacedOne, stepPlaced, stepCommitted, stepIndexed} {
		f := newFixture(t)
		s := f.open(t)
		s.crashAfter = st
		if _, err := s.Run(context.Background(), false); err != errCrash {
			t.Fatalf("step %d: %v", st, err)
		}
		s.Close()
		s2 := f.open(t)
		if _, err := s2.Run(context.Background(), false); err != nil {
			t.Fatalf("step %d: recovery run: %v", st, err)
		}
		got := tree(t, f.l)
		var diff []string
		for k := range want {
			if got[k] != want[k] && !strings.HasPrefix(k, "rules/") {
				diff = append(diff, k)
			}
		}
		for k := range got {
			if _, ok := want[k]; !ok {
				diff = append(diff, "+"+k)
			}
		}
		sort.Strings(diff)
		if len(diff) > 0 {
			t.Errorf("step %d: differs from an uninterrupted run: %v", st, diff)
		}
		log := git(t, f.l.Root, "log", "--format=%s")
		if n := strings.Count(log, "sleep: maintenance"); n != 1 {
			t.Errorf("step %d: %d maintenance commits:\n%s", st, n, log)
		}
		if stt := git(t, f.l.Root, "status", "--porcelain"); stt != "" {
			t.Errorf("step %d: git status:\n%s", st, stt)
		}
		if _, err := os.Stat(manifestPath(f.l)); err == nil {
			t.Errorf("step %d: manifest left", st)
		}
	}
}

func TestScheduleDue(t *testing.T) {
	loc := time.FixedZone("X", 2*3600)
	sc, err := ParseSchedule("03:00")
	if err != nil {
		t.Fatal(err)
	}
	at := func(d, h, m int) time.Time { return time.Date(2026, 5, d, h, m, 0, 0, loc) }
	for _, c := range []struct {
		now, last time.Time
		ok, want  bool
	}{
		{at(2, 3, 1), time.Time{}, false, true},  // never ran
		{at(2, 3, 1), at(1, 3, 0), true, true},   // today's slot passed
		{at(2, 2, 59), at(1, 3, 0), true, false}, // not yet
		{at(2, 10, 0), at(2, 3, 5), true, false}, // ran at today's slot
		{at(3, 2, 0), at(1, 23, 0), true, true},  // the slot of the 2nd was missed (asleep)
		{at(5, 12, 0), at(2, 11, 0), true, true}, // over 24 h: catch up
	} {
		if got := sc.Due(c.now, c.last, c.ok); got != c.want {
			t.Errorf("Due(%v, last %v) = %v, want %v", c.now, c.last, got, c.want)
		}
	}
	off, _ := ParseSchedule("off")
	if off.Due(at(5, 12, 0), time.Time{}, false) {
		t.Error("off is due")
	}
	if _, err := ParseSchedule("3am"); err == nil {
		t.Error("3am parsed")
	}
}

// planned is a fixture's Sleeper with its index refreshed and the plan of
// its first run.
func planned(t *testing.T) (*fixture, *Sleeper, *planner) {
	t.Helper()
	f := newFixture(t)
	s := f.open(t)
	if _, err := s.ix.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	p, err := s.plan(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return f, s, p
}

// TestMaintainRefusesAChangedFile: a file changed between the plan and the
// write (the daemon's reinforcement, a person's save) stops the run before
// it writes anything.
func TestMaintainRefusesAChangedFile(t *testing.T) {
	f, s, p := planned(t)
	ctx := context.Background()
	rel := "mind/concepts/2026-01/2026-01-02-aaaa0002.md"
	f.write(t, rel, strings.Replace(f.files[rel], "importance: 0.9", "importance: 0.9\nreinforced: 1", 1))
	before := tree(t, f.l)
	ops := sortOps(p.ops)
	_, err := s.write(ctx, &manifest{Version: manifestVersion, Fingerprint: fingerprint(ops), Ops: ops}, "x")
	if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), rel) {
		t.Fatalf("err = %v", err)
	}
	after := tree(t, f.l)
	for k, v := range before {
		if after[k] != v {
			t.Errorf("%s written", k)
		}
	}
	if _, err := os.Stat(manifestPath(f.l)); err == nil {
		t.Error("manifest written")
	}
}

// TestMaintainRefusesAFileChangedSameSize: the write trusts a file's stat
// (seen.still) only as far as it tells, so a change of the same size,
// made after the plan read the file, stops the run as any change does.
func TestMaintainRefusesAFileChangedSameSize(t *testing.T) {
	defer func(w time.Duration) { racyWindow = w }(racyWindow)
	racyWindow = 0
	f, s, p := planned(t)
	ctx := context.Background()
	rel := "mind/concepts/2026-01/2026-01-02-aaaa0002.md"
	if p.edits[rel] == nil {
		t.Fatalf("%s is not in the plan", rel)
	}
	changed := strings.Replace(f.files[rel], "importance: 0.9", "importance: 0.8", 1)
	if changed == f.files[rel] {
		t.Fatal("the fixture changed")
	}
	rewrite(t, s.abs(rel), []byte(changed))
	ops := sortOps(p.ops)
	_, err := s.write(ctx, &manifest{Version: manifestVersion, Fingerprint: fingerprint(ops), Ops: ops}, "x")
	if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), rel) {
		t.Fatalf("err = %v", err)
	}
}

// TestMaintainCatchesUpOverRuns: with a limit of files a run, runs
// succeed one another until the vault is where one unlimited run takes it.
func TestMaintainCatchesUpOverRuns(t *testing.T) {
	ref := newFixture(t)
	if _, err := ref.open(t).Run(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	want := tree(t, ref.l)
	f := newFixture(t)
	s := f.open(t)
	maxRunFiles = 3
	defer func() { maxRunFiles = MaxRunFiles }()
	runs := 0
	for ; runs < 20; runs++ {
		rep, err := s.Run(context.Background(), false)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Commit == "" {
			break
		}
	}
	got := tree(t, f.l)
	for k, v := range want {
		if strings.HasPrefix(k, "rules/") || k == ViewFile {
			continue
		}
		if got[k] != v {
			t.Errorf("%s differs after %d runs:\n%s\nwant\n%s", k, runs, got[k], v)
		}
	}
	if runs < 3 {
		t.Errorf("%d runs", runs)
	}
}

// TestScheduled: the daemon's hook runs nothing for a vault that never
// slept until a day after the daemon started, then one maintenance; the
// next call that day does nothing.
func TestScheduled(t *testing.T) {
	f := newFixture(t)
	now := fixtureNow
	sc, _ := ParseSchedule("off")
	sc.Off = false
	sc.Hour, sc.Minute = 3, 0
	runs := 0
	hook := Scheduled(f.l, sc, slog.New(slog.DiscardHandler), func() time.Time { return now }, func(context.Context, *Report) { runs++ })
	ctx := context.Background()
	head := git(t, f.l.Root, "rev-parse", "HEAD")
	now = fixtureNow.Add(time.Hour)
	hook(ctx)
	if git(t, f.l.Root, "rev-parse", "HEAD") != head {
		t.Fatal("ran before its time")
	}
	now = fixtureNow.Add(24 * time.Hour) // the next day's 03:00
	hook(ctx)
	if msg := git(t, f.l.Root, "log", "-1", "--format=%s"); !strings.HasPrefix(msg, "sleep: maintenance") {
		t.Fatalf("no maintenance: %s", msg)
	}
	head = git(t, f.l.Root, "rev-parse", "HEAD")
	now = now.Add(time.Hour)
	hook(ctx)
	if git(t, f.l.Root, "rev-parse", "HEAD") != head {
		t.Error("ran twice in a day")
	}
	if runs != 1 {
		t.Errorf("done called %d times for one run", runs)
	}
	lr, ok, err := readLastRun(f.l)
	if err != nil || !ok || !lr.At.Equal(fixtureNow.Add(24*time.Hour)) {
		t.Errorf("last run %+v %v %v", lr, ok, err)
	}
}

// TestMaintainLeavesStagedWork: what a person staged stays staged and out
// of the maintenance commit, a staged edit of a memory the run changes
// included.
func TestMaintainLeavesStagedWork(t *testing.T) {
	f := newFixture(t)
	f.write(t, "notes.txt", "a person's draft\n")
	git(t, f.l.Root, "add", "notes.txt")
	if _, err := f.open(t).Run(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	if files := git(t, f.l.Root, "show", "--name-only", "--format=", "HEAD"); strings.Contains(files, "notes.txt") {
		t.Errorf("the staged file is in the maintenance commit:\n%s", files)
	}
	if staged := git(t, f.l.Root, "diff", "--cached", "--name-only"); staged != "notes.txt\n" {
		t.Errorf("staged after the run: %q", staged)
	}
}

// TestMaintainManifestNamesGitBlobs: the manifest holds no new bytes and
// no original bytes git already holds (only their blob ids), and no
// operation on a person's uncommitted change (left for a later run);
// recovery reads what it needs back from git's objects: a committed run's
// file that went missing, an interrupted run's originals.
func TestMaintainManifestNamesGitBlobs(t *testing.T) {
	ctx := context.Background()
	ref := newFixture(t)
	if _, err := ref.open(t).Run(ctx, false); err != nil {
		t.Fatal(err)
	}
	want := tree(t, ref.l)

	f := newFixture(t)
	// A person's uncommitted change to a memory the run would archive.
	edited := "mind/concepts/2026-01/2026-01-04-aaaa0005.md"
	f.write(t, edited, strings.Replace(f.files[edited], "Makefiles", "Makefiles, I think", 1))
	s, man := f.crashedRun(t, stepPlaced) // every file written, the old paths of moves gone
	s.Close()
	if man.Version != manifestVersion || len(man.Ops) == 0 {
		t.Fatalf("manifest version %d with %d operations", man.Version, len(man.Ops))
	}
	var kept int
	for _, op := range man.Ops {
		if op.Data != nil || len(op.Blob) != 40 {
			t.Errorf("%s: manifest holds the new bytes (%d) or no blob id (%q)", op.Path, len(op.Data), op.Blob)
		}
		src := op.Path
		if op.From != "" {
			src = op.From
		}
		switch {
		case !op.Existed:
		case src == edited:
			kept++
		case op.Original != nil || len(op.OriginalBlob) != 40:
			t.Errorf("%s: manifest holds original bytes git holds (%d), blob %q", src, len(op.Original), op.OriginalBlob)
		}
	}
	if kept != 0 {
		t.Fatalf("%d operations on %s, which a person is editing", kept, edited)
	}
	// Undone from git's objects, then run again: the person's change is
	// where they left it, uncommitted.
	if _, err := f.open(t).Run(ctx, false); err != nil {
		t.Fatal(err)
	}
	archived := "mind/archive/concepts/2026-01/2026-01-04-aaaa0005.md"
	if got := tree(t, f.l); got[archived] != "" || !strings.Contains(got[edited], "Makefiles, I think") {
		t.Fatalf("after recovery, %s holds %q and %s:\n%s", archived, got[archived], edited, got[edited])
	}
	if stt := git(t, f.l.Root, "status", "--porcelain"); stt != " M "+edited+"\n" {
		t.Errorf("git status:\n%s", stt)
	}
	for k, v := range want {
		if got := tree(t, f.l)[k]; k != archived && k != edited && k != ViewFile && !strings.HasPrefix(k, "rules/") && got != v {
			t.Errorf("%s differs from an uninterrupted run", k)
		}
	}

	// A committed run whose new file went missing before recovery: put
	// back from the commit's blob.
	g := newFixture(t)
	s = g.open(t)
	s.crashAfter = stepCommitted
	if _, err := s.Run(ctx, false); err != errCrash {
		t.Fatal(err)
	}
	s.Close()
	if err := os.Remove(g.l.Path(filepath.FromSlash(archived))); err != nil {
		t.Fatal(err)
	}
	if _, err := g.open(t).Run(ctx, false); err != nil {
		t.Fatal(err)
	}
	got := tree(t, g.l)
	if got[archived] == "" || got[archived] != want[archived] {
		t.Fatalf("%s after recovery:\n%s\nwant:\n%s", archived, got[archived], want[archived])
	}
	if stt := git(t, g.l.Root, "status", "--porcelain"); stt != "" {
		t.Errorf("git status:\n%s", stt)
	}
}

// TestPrefetchHandsOverAndStops: what prefetch reads ahead is what edit
// would read itself; it holds at most prefetchAhead files the plan has not
// taken, and stopping it while it waits for the plan returns.
func TestPrefetchHandsOverAndStops(t *testing.T) {
	defer func(n int) { prefetchAhead = n }(prefetchAhead)
	prefetchAhead = 2
	ctx := context.Background()
	f := newFixture(t)
	s := f.open(t)
	p, err := s.newPlanner(ctx, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.mems) < 2*prefetchAhead+1 {
		t.Fatalf("fixture has %d memories", len(p.mems))
	}
	p.prefetch(p.mems)
	for _, m := range p.mems {
		ed := p.edit(m)
		want, note := p.readEdit(m.d.Path)
		if ed == nil || note != "" || string(ed.orig) != string(want.orig) || ed.p.Doc.ID != m.d.ID {
			t.Fatalf("%s: prefetched edit %v, read %v (%s)", m.d.Path, ed, want, note)
		}
	}
	p.stopFetching()

	q, err := s.newPlanner(ctx, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	q.prefetch(q.mems)
	fetched := q.fetched
	q.stopFetching() // nothing taken: the worker waits on the bound until stopped
	read := 0
	for _, f := range fetched {
		if f.taken.Load() {
			read++
		}
	}
	if read > prefetchAhead {
		t.Fatalf("%d files read ahead of a plan that took none; the bound is %d", read, prefetchAhead)
	}
}

// TestPrefetchedFileLeftOutTwice: a file the plan cannot edit (deleted
// since it was indexed) is asked for again by a later step; the second
// ask reads it again rather than giving back a read-ahead token a second
// time (which waited forever on an empty bound).
func TestPrefetchedFileLeftOutTwice(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	s := f.open(t)
	p, err := s.newPlanner(ctx, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := p.mems[0]
	if err := os.Remove(f.l.Path(filepath.FromSlash(m.d.Path))); err != nil {
		t.Fatal(err)
	}
	p.prefetch([]*mem{m})
	done := make(chan [2]*edit)
	go func() { done <- [2]*edit{p.edit(m), p.edit(m)} }()
	select {
	case eds := <-done:
		if eds[0] != nil || eds[1] != nil {
			t.Fatalf("edits of a deleted file: %v", eds)
		}
	case <-time.After(time.Minute): // a deadlock, not a speed limit
		t.Fatal("the second edit of a file left out never returned")
	}
	p.stopFetching()
	if n := strings.Count(strings.Join(p.report.Notes, "\n"), "deleted since it was indexed"); n != 2 {
		t.Fatalf("%d notes of the deleted file, want 2: %q", n, p.report.Notes)
	}
}

// TestMaintainCommitsItsOwnBytes: a person's editor saves a file of the
// run after the run wrote it and before its commit. The sleep commit holds
// what the run wrote, nothing of theirs; their save stays in the working
// tree, uncommitted, and git shows it as theirs (SPEC §11).
func TestMaintainCommitsItsOwnBytes(t *testing.T) {
	f, s, p := planned(t)
	ctx := context.Background()
	ops := sortOps(p.ops)
	var op *fileOp
	for i := range ops {
		if ops[i].Data != nil {
			op = &ops[i]
			break
		}
	}
	if op == nil {
		t.Fatal("the plan writes no file")
	}
	personal := append(bytes.Clone(op.Data), "\nA line of mine, saved while the sleep ran.\n"...)
	s.beforeCommit = func() {
		if err := os.WriteFile(s.abs(op.Path), personal, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.write(ctx, &manifest{Version: manifestVersion, Fingerprint: fingerprint(ops), Ops: ops}, "x"); err != nil {
		t.Fatal(err)
	}
	if got := git(t, f.l.Root, "show", "HEAD:"+op.Path); got != string(op.Data) {
		t.Errorf("committed %s:\n%s\nwant what the run wrote:\n%s", op.Path, got, op.Data)
	}
	if got, err := os.ReadFile(s.abs(op.Path)); err != nil || !bytes.Equal(got, personal) {
		t.Errorf("the person's file: %q, %v", got, err)
	}
	if st := git(t, f.l.Root, "status", "--porcelain", "--", op.Path); st != " M "+op.Path+"\n" {
		t.Errorf("git status %q: the person's save is theirs, uncommitted", st)
	}
}

// TestMaintainPutsBackWhatAStashUndid: a person's `git stash` runs after
// the sleep wrote its files and before its commit. git stashes the run's
// edits and removals with the person's own change and puts the committed
// bytes back: the archived memory would stand at its old path again,
// beside its copy in mind/archive/, and the person's next `git add -A`
// would commit it twice. The run puts its own result back where a file
// holds exactly what it read; the person's change is in their stash.
// (Their stash also holds the run's removals: popping it over the commit
// is git's rename/delete conflict for the person to settle, as any stash
// taken over another's commit.)
func TestMaintainPutsBackWhatAStashUndid(t *testing.T) {
	f, s, p := planned(t)
	ctx := context.Background()
	ops := sortOps(p.ops)
	moves := 0
	for _, op := range ops {
		if op.From != "" {
			moves++
		}
	}
	if moves == 0 {
		t.Fatal("the plan moves no file")
	}
	mine := f.l.Path("notes.txt")
	if err := os.WriteFile(mine, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, f.l.Root, "add", "notes.txt")
	git(t, f.l.Root, "commit", "-q", "-m", "a note of mine")
	s.beforeCommit = func() {
		if err := os.WriteFile(mine, []byte("mine, edited\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		git(t, f.l.Root, "stash", "push", "-q")
	}
	if _, err := s.write(ctx, &manifest{Version: manifestVersion, Fingerprint: fingerprint(ops), Ops: ops}, "x"); err != nil {
		t.Fatal(err)
	}
	if st := git(t, f.l.Root, "status", "--porcelain", "--untracked-files=all"); st != "" {
		t.Errorf("git status after the run, the person's change stashed:\n%s", st)
	}
	for _, op := range ops {
		if got, err := os.ReadFile(s.abs(op.Path)); err != nil || !bytes.Equal(got, op.Data) {
			t.Errorf("%s after the run: %v, not what the run committed", op.Path, err)
		}
		if op.From != "" {
			if _, err := os.Stat(s.abs(op.From)); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s, which the run moved to %s, is back: %v", op.From, op.Path, err)
			}
		}
	}
}

// TestStillPlaced: a file the run placed is known by its stat; the same
// bytes written again by anyone else (a stash's checkout, an editor) are
// not, nor a move whose old path is back.
func TestStillPlaced(t *testing.T) {
	_, s, p := planned(t)
	ops := sortOps(p.ops)
	mtime := time.Now().Add(-time.Hour).Round(time.Millisecond).Add(123456)
	if err := s.placeAll(ops, mtime); err != nil {
		t.Fatal(err)
	}
	placed := time.Now()
	var move, edit *fileOp
	for i := range ops {
		if !s.stillPlaced(&ops[i], mtime, placed) {
			t.Errorf("%s, as the run placed it: not known by its stat", ops[i].Path)
		}
		if ops[i].From != "" && move == nil {
			move = &ops[i]
		}
		if ops[i].From == "" && edit == nil {
			edit = &ops[i]
		}
	}
	if move == nil || edit == nil {
		t.Fatal("the plan moves no file, or edits none in place")
	}
	op := edit
	if s.stillPlaced(op, mtime, placed.Add(-time.Hour)) {
		t.Errorf("%s: changed after placed, yet known by its stat", op.Path)
	}
	if err := os.WriteFile(s.abs(op.Path), op.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	if s.stillPlaced(op, mtime, time.Now()) {
		t.Errorf("%s, written again with the same bytes: known by its stat", op.Path)
	}
	if err := os.WriteFile(s.abs(move.From), move.Original, 0o644); err != nil {
		t.Fatal(err)
	}
	if s.stillPlaced(move, mtime, time.Now()) {
		t.Errorf("%s → %s with its old path back: known by its stat", move.From, move.Path)
	}
}

// TestMaintainCrashWhileMovingInPlace: a run killed inside its writes
// after a moved memory's own file was taken to a temporary name beside its
// new path (vaultfs.File.From) and half written there: the old path is
// gone, neither name holds the memory. The next run puts the old bytes
// back from the manifest, clears the temporary file, and ends as an
// uninterrupted run.
func TestMaintainCrashWhileMovingInPlace(t *testing.T) {
	ref := newFixture(t)
	if _, err := ref.open(t).Run(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	want := tree(t, ref.l)
	f := newFixture(t)
	s, man := f.crashedRun(t, stepManifest)
	s.Close()
	moved := 0
	for _, op := range man.Ops {
		if op.From == "" {
			continue
		}
		to := f.l.Path(filepath.FromSlash(op.Path))
		tmp := filepath.Join(filepath.Dir(to), "."+filepath.Base(to)+".tmp-12345")
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		from := f.l.Path(filepath.FromSlash(op.From))
		if err := os.Link(from, tmp); err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(from); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(tmp, []byte("---\nid: half"), 0o644); err != nil {
			t.Fatal(err)
		}
		moved++
	}
	if moved == 0 {
		t.Fatal("the run moves no file")
	}
	if _, err := f.open(t).Run(context.Background(), false); err != nil {
		t.Fatalf("recovery run: %v", err)
	}
	got := tree(t, f.l)
	for k := range want {
		if got[k] != want[k] && !strings.HasPrefix(k, "rules/") {
			t.Errorf("%s differs from an uninterrupted run", k)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: not left by an uninterrupted run", k)
		}
	}
	if st := git(t, f.l.Root, "status", "--porcelain", "--untracked-files=all"); st != "" {
		t.Errorf("git status:\n%s", st)
	}
}

// TestMaintainCrashWhileUndoing: a recovery killed in its undo of a move,
// between the write of the old path's bytes to a temporary file and its
// rename, leaves that file beside the old path. The next recovery puts the
// old path back and clears it too, not only those beside the new paths
// (harness, session 15 world 268).
func TestMaintainCrashWhileUndoing(t *testing.T) {
	f := newFixture(t)
	s, man := f.crashedRun(t, stepManifest)
	s.Close()
	var tmps []string
	for _, op := range man.Ops {
		if op.From == "" {
			continue
		}
		from := f.l.Path(filepath.FromSlash(op.From))
		tmp := filepath.Join(filepath.Dir(from), "."+filepath.Base(from)+".tmp-777")
		if err := os.WriteFile(tmp, op.Original, 0o644); err != nil {
			t.Fatal(err)
		}
		tmps = append(tmps, tmp)
	}
	if len(tmps) == 0 {
		t.Fatal("the run moves no file")
	}
	if _, err := f.open(t).Run(context.Background(), false); err != nil {
		t.Fatalf("recovery run: %v", err)
	}
	for _, tmp := range tmps {
		if _, err := os.Lstat(tmp); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("left beside a moved memory's old path: %s (%v)", tmp, err)
		}
	}
	if st := git(t, f.l.Root, "status", "--porcelain", "--untracked-files=all"); st != "" {
		t.Errorf("git status:\n%s", st)
	}
}
