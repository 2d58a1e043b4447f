//go:build unix

package harness

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The checks must be able to fail: each is shown a broken promise here,
// without the cortex binary.

func TestLeftoversFound(t *testing.T) {
	dir := t.TempDir()
	for _, rel := range []string{".git/objects/pack/x.lock", ".git/cortex-locks/main.lock", "mind/concepts/a.md"} {
		mustWrite(t, filepath.Join(dir, rel), "x")
	}
	if got := leftovers(dir, true); got != "" {
		t.Fatalf("a clean vault has leftovers: %s", got)
	}
	want := []string{".git/index.lock", ".git/refs/heads/main.lock", ".merge_file_a1b2c3", "mind/concepts/.x.md.tmp-12", "observer/staging/doc.md"}
	for _, rel := range want {
		mustWrite(t, filepath.Join(dir, rel), "x")
	}
	got := leftovers(dir, true)
	for _, rel := range want {
		if !strings.Contains(got, rel) {
			t.Errorf("leftovers missed %s: %s", rel, got)
		}
	}
	if strings.Contains(leftovers(dir, false), "staging") {
		t.Errorf("staging counted though no memorizer ran")
	}
}

func TestSentinelChange(t *testing.T) {
	dir := t.TempDir()
	if err := makeSentinel(dir); err != nil {
		t.Fatal(err)
	}
	sum, names, err := hashTree(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, change := range []func(){
		func() { mustWrite(t, filepath.Join(dir, "dotcortex", "sync.json"), "{}") },
		func() { mustWrite(t, filepath.Join(dir, "state.json"), `{"offset":0}`) },
		func() { os.Remove(filepath.Join(dir, "passwd")) },
		func() { os.Chmod(filepath.Join(dir, "shadow"), 0o600) },
	} {
		change()
		sum2, names2, err := hashTree(dir)
		if err != nil {
			t.Fatal(err)
		}
		if sum2 == sum || diffTrees(names, names2) == "" {
			t.Fatalf("a change of the sentinel tree went unseen")
		}
		sum, names = sum2, names2
	}
}

func TestParseFront(t *testing.T) {
	var m memDoc
	parseFront("---\nid: \"0190\"\ntype: fact\nsource_hash: abc\n\n# ---\n\nreinforced: 3\nentities:\n  - name: x\n---\n\nbody\n", &m)
	if m.id != "0190" || m.hash != "abc" || m.reinforced != 3 {
		t.Fatalf("parseFront: %+v", m)
	}
}

func TestStepsRoundTrip(t *testing.T) {
	steps := generate(rand.New(rand.NewPCG(1, 2)), 200, nil)
	kills := 0
	for _, s := range steps {
		back, err := parseStep(s.String())
		if err != nil || back != s {
			t.Fatalf("%s: read back as %+v, %v", s, back, err)
		}
		if s.kill {
			kills++
		}
	}
	if kills == 0 {
		t.Fatalf("200 steps and not one kill")
	}
	if _, err := parseStep("C.observe#1"); err == nil {
		t.Fatal("a vault C was accepted")
	}
}

func TestDirty(t *testing.T) {
	blob := gitBlob([]byte("hello\n"))
	if blob != "ce013625030ba8dba906f756967f9e9ca394464a" {
		t.Fatalf("gitBlob: %s, want git's id of hello", blob)
	}
	clean := pathState{work: blob, index: "100644 " + blob, head: "100644 " + blob}
	if clean.dirty() {
		t.Fatal("a clean path is dirty")
	}
	for _, p := range []pathState{
		{work: "x", index: clean.index, head: clean.head},           // unstaged
		{work: blob, index: clean.index, head: "100644 other"},      // staged
		{work: blob, index: "absent", head: "absent"},               // untracked
		{work: "link:/etc/passwd", index: "absent", head: "absent"}, // a planted link
	} {
		if !p.dirty() {
			t.Errorf("%+v is not dirty", p)
		}
	}
}

// TestOwnWriteCommitted: the one change of a person's path the person
// check lets pass — Cortex committing the bytes it wrote there before the
// person saved on top — and the breaches beside it it must not.
func TestOwnWriteCommitted(t *testing.T) {
	head, own, theirs := gitBlob([]byte("committed\n")), gitBlob([]byte("cortex's\n")), gitBlob([]byte("cortex's, and mine\n"))
	v := &vaultState{person: map[string]pathState{}}
	v.touchRead("m.md", []byte("cortex's\n"))
	was := pathState{work: theirs, index: "100644 " + head, head: "100644 " + head}
	for _, c := range []struct {
		name string
		is   pathState
		ok   bool
	}{
		{"cortex's own bytes committed", pathState{work: theirs, index: "100644 " + own, head: "100644 " + own}, true},
		{"the person's bytes committed", pathState{work: theirs, index: "100644 " + theirs, head: "100644 " + theirs}, false},
		{"other bytes committed", pathState{work: theirs, index: "100644 " + head[:8], head: "100644 " + head[:8]}, false},
		{"the file changed", pathState{work: own, index: "100644 " + own, head: "100644 " + own}, false},
		{"staged only", pathState{work: theirs, index: "100644 " + own, head: "100644 " + head}, false},
	} {
		if got := v.ownWriteCommitted("m.md", was, c.is); got != c.ok {
			t.Errorf("%s: %v, want %v", c.name, got, c.ok)
		}
	}
	// A person who had staged something: any move of the index is theirs.
	staged := pathState{work: theirs, index: "100644 " + own, head: "100644 " + head}
	if v.ownWriteCommitted("m.md", staged, pathState{work: theirs, index: "100644 " + own, head: "100644 " + own}) {
		t.Error("a commit of what the person staged passes")
	}
	// The person read the committed bytes: Cortex wrote nothing first.
	w := &vaultState{person: map[string]pathState{}}
	w.touchRead("m.md", []byte("committed\n"))
	if w.ownWriteCommitted("m.md", was, pathState{work: theirs, index: "100644 " + own, head: "100644 " + own}) {
		t.Error("a commit of bytes the person never saw passes")
	}
}

func mustWrite(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPlantedObserverLinkOutlivesThePersonsGit: the person makes observer/
// a link (the folder, with a buffer of lines not yet memorized, kept
// aside), then their git works around it — a stash pop that conflicts
// and is undone, a `git add -A` and commit, a branch switch and back —
// and they remove the link: the folder comes back with its buffer. (The
// harness's person once undid a pop with `git checkout HEAD -- .`, which
// put observer/README.md back and so made the link a folder; the buffer
// aside was then dropped as replaced: session 11 world 87.)
func TestPlantedObserverLinkOutlivesThePersonsGit(t *testing.T) {
	w, v, git := linkWorld(t)
	dir := v.dir
	const buffer = `{"body":"a line not memorized yet"}` + "\n"
	mustWrite(t, filepath.Join(dir, "observer", "observations.jsonl"), buffer)

	// A stash that will not pop cleanly.
	mustWrite(t, filepath.Join(dir, "mind", "concepts", "a.md"), "one, the person's\n")
	git("stash", "push", "-q")
	v.stashed++
	mustWrite(t, filepath.Join(dir, "mind", "concepts", "a.md"), "one, committed meanwhile\n")
	git("commit", "-qam", "meanwhile")

	// kinds[2+arg%6]: observer/ made a link.
	if o := w.plant(step{act: "linkrun", arg: 1}, true); o.failure != "" || o.note != "observer" {
		t.Fatalf("plant: %+v", o)
	}
	w.stash(step{act: "stash"})
	git("add", "-A")
	git("commit", "-qm", "the person's commit", "--allow-empty")
	git("switch", "-q", "-c", "side")
	git("switch", "-q", "main")
	if fi, err := os.Lstat(filepath.Join(dir, "observer")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the person's git made the observer link something else: %v", err)
	}
	w.removeLinks(step{})
	got, err := os.ReadFile(filepath.Join(dir, "observer", "observations.jsonl"))
	if err != nil || string(got) != buffer {
		t.Fatalf("the buffer after the link was removed: %q, %v", got, err)
	}
	out, _ := w.tc.git(dir, "status", "--porcelain")
	if out != "" {
		t.Errorf("git status after the link was removed:\n%s", out)
	}
	if out, _ := w.tc.git(dir, "ls-files", "-v", "observer"); !strings.HasPrefix(out, "H ") {
		t.Errorf("observer/README.md still hidden from git: %q", out)
	}
}

// TestPlayWorldsParallel: worlds played at once are each played once,
// only the first failure of an invariant is claimed for shrinking, and a
// stop starts no further world while those under way still report.
func TestPlayWorldsParallel(t *testing.T) {
	var mu sync.Mutex
	played := map[int]int{}
	claimed := 0
	r := playWorlds(40, 4, time.Now(), func(n int, claim func(string) bool) worldResult {
		mu.Lock()
		played[n]++
		mu.Unlock()
		if claim("exactly-once") {
			mu.Lock()
			claimed++
			mu.Unlock()
		}
		return worldResult{n: n, st: newStats()}
	})
	got := 0
	for range r.c {
		got++
	}
	if got != 40 || len(played) != 40 || claimed != 1 {
		t.Errorf("%d results, %d worlds played, %d claims; want 40, 40, 1", got, len(played), claimed)
	}
	for n, k := range played {
		if k != 1 {
			t.Errorf("world %d played %d times", n, k)
		}
	}

	r = playWorlds(1000, 2, time.Now(), func(n int, _ func(string) bool) worldResult {
		return worldResult{n: n, st: newStats()}
	})
	got = 0
	for range r.c {
		if got++; got == 3 {
			r.stop()
		}
	}
	// The two players may each have taken one more world before the stop.
	if got < 3 || got > 5 {
		t.Errorf("%d results after a stop at the third", got)
	}
}

// TestConflictingPopBesideAPartlyStagedFile: a stash pop that conflicts
// with what the person staged since, while another file holds staged and
// unstaged changes, so that `git reset --merge` refuses ("not uptodate").
// The person still keeps what they had and drops the stash: no conflict
// markers are left in the working tree for a later commit to take
// (session 12 world 109, where the converge's commit took them).
func TestConflictingPopBesideAPartlyStagedFile(t *testing.T) {
	w, v, git := unitWorld(t)
	dir := v.dir
	a, b := filepath.Join(dir, "a.md"), filepath.Join(dir, "b.md")
	mustWrite(t, a, "one\ntwo\n")
	mustWrite(t, b, "three\n")
	git("init", "-q", "-b", "main")
	git("add", "-A")
	git("commit", "-qm", "start")

	mustWrite(t, a, "one\nthe stashed line\ntwo\n")
	git("stash", "push", "-q")
	v.stashed++
	mustWrite(t, a, "one\nthe staged line\ntwo\n")
	mustWrite(t, b, "three, staged\n")
	git("add", "-A")
	mustWrite(t, b, "three, staged, and more unstaged\n")

	w.stash(step{act: "stash"})
	if v.stashed != 0 {
		t.Fatalf("stashed = %d after the pop", v.stashed)
	}
	if out := git("ls-files", "-u"); out != "" {
		t.Errorf("unmerged entries left:\n%s", out)
	}
	if got, _ := os.ReadFile(a); string(got) != "one\nthe staged line\ntwo\n" {
		t.Errorf("a.md after the pop: %q", got)
	}
	if got := git("show", ":a.md"); got != "one\nthe staged line\ntwo\n" {
		t.Errorf("a.md staged after the pop: %q", got)
	}
	if got, _ := os.ReadFile(b); string(got) != "three, staged, and more unstaged\n" {
		t.Errorf("b.md after the pop: %q", got)
	}
	if got := git("show", ":b.md"); got != "three, staged\n" {
		t.Errorf("b.md staged after the pop: %q", got)
	}
	if out := git("stash", "list"); out != "" {
		t.Errorf("stash list after the pop: %q", out)
	}
}

// TestSeenMidCommit: a snapshot that read the index of before Cortex's
// commit and HEAD after it is no change of the person's; the same
// picture with a staged version nobody committed is one.
func TestSeenMidCommit(t *testing.T) {
	w, v, git := unitWorld(t)
	dir := v.dir
	const rel = "m.md"
	mustWrite(t, filepath.Join(dir, rel), "one\n")
	git("init", "-q", "-b", "main")
	git("add", "-A")
	git("commit", "-qm", "one")
	mustWrite(t, filepath.Join(dir, rel), "one, reinforced\n")
	git("commit", "-qam", "reinforced")
	before, after := gitBlob([]byte("one\n")), gitBlob([]byte("one, reinforced\n"))
	mine := gitBlob([]byte("one, reinforced\nand mine\n"))
	v.read[rel] = after
	is := pathState{work: mine, index: "100644 " + after, head: "100644 " + after}
	if was := (pathState{work: mine, index: "100644 " + before, head: "100644 " + after}); !w.seenMidCommit(v, rel, was, is) {
		t.Error("a snapshot between the branch's move and the index's was taken for a change")
	}
	staged := gitBlob([]byte("one, staged by the person\n"))
	if was := (pathState{work: mine, index: "100644 " + staged, head: "100644 " + after}); w.seenMidCommit(v, rel, was, is) {
		t.Error("a staged version nobody committed, dropped, was taken for a commit in flight")
	}
}

// unitWorld is a world with one vault folder, A (no repository yet), for
// the tests of the person's acts, and git run there (failing the test).
func unitWorld(t *testing.T) (*world, *vaultState, func(args ...string) string) {
	t.Helper()
	root := t.TempDir()
	env, err := toolEnv(root)
	if err != nil {
		t.Fatal(err)
	}
	w := &world{tc: &toolchain{env: env}, root: root, stats: newStats()}
	v := &vaultState{name: "A", dir: filepath.Join(root, "A"), person: map[string]pathState{}, read: map[string]string{}}
	w.vaults[0] = v
	return w, v, func(args ...string) string {
		t.Helper()
		out, err := w.tc.git(v.dir, args...)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return out
	}
}

// linkWorld is a world of one vault A with a first commit, for the
// checks of planted links; git runs the command or fails the test.
func linkWorld(t *testing.T) (*world, *vaultState, func(args ...string)) {
	t.Helper()
	root := t.TempDir()
	env, err := toolEnv(root)
	if err != nil {
		t.Fatal(err)
	}
	w := &world{tc: &toolchain{env: env}, root: root, outside: filepath.Join(root, "outside"), stats: newStats()}
	if err := makeSentinel(w.outside); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "A")
	v := &vaultState{name: "A", dir: dir, person: map[string]pathState{}}
	w.vaults[0] = v
	git := func(args ...string) {
		t.Helper()
		if out, err := w.tc.git(dir, args...); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	}
	mustWrite(t, filepath.Join(dir, "observer", "README.md"), "what this folder is\n")
	mustWrite(t, filepath.Join(dir, ".gitignore"), "/observer/*\n!/observer/README.md\n")
	mustWrite(t, filepath.Join(dir, "mind", "concepts", "a.md"), "one\n")
	git("init", "-q", "-b", "main")
	git("add", "-A")
	git("commit", "-qm", "start")
	return w, v, git
}

// TestRemoveLinksAfterAStashBroughtOneBack: a link the person staged
// (their commit refused), stashed, removed "all links" while it was in
// the stash, then popped, is removed when the world settles (session 15,
// third long run, world 375).
func TestRemoveLinksAfterAStashBroughtOneBack(t *testing.T) {
	w, v, git := linkWorld(t)
	if o := w.plant(step{act: "link", arg: 0}, false); o.failure != "" || !strings.HasPrefix(o.note, "mind/concepts/linked-") {
		t.Fatalf("plant: %+v", o)
	}
	rel := v.links[0].rel
	git("add", "-A")
	git("stash", "push", "-q")
	v.stashed++
	w.removeLinks(step{})
	if len(v.links) != 0 {
		t.Fatalf("links left planted: %v", v.links)
	}
	w.stash(step{act: "stash"})
	if !isLink(filepath.Join(v.dir, rel)) {
		t.Fatalf("the pop did not bring %s back: the test proves nothing", rel)
	}
	if o := w.removeLinks(step{}); !o.ran {
		t.Errorf("removeLinks did nothing with %s back", rel)
	}
	if isLink(filepath.Join(v.dir, rel)) {
		t.Errorf("%s is still a link", rel)
	}
	if out, _ := w.tc.git(v.dir, "ls-files", "--", rel); out != "" {
		t.Errorf("%s still in git's index", rel)
	}
}

// TestRemoveLinksPutsBackWhatGitsFolderLacks: git, checking out the
// tracked observer/README.md an observer/ link hid, unlinks the link and
// makes a folder; removing the links puts the buffer the person set aside
// back into that folder, beside git's file (session 17, world 388, where
// it was dropped as if cortex had replaced the link).
func TestRemoveLinksPutsBackWhatGitsFolderLacks(t *testing.T) {
	w, v, git := linkWorld(t)
	const buffer = `{"body":"a line not memorized yet"}` + "\n"
	mustWrite(t, filepath.Join(v.dir, "observer", "observations.jsonl"), buffer)
	mustWrite(t, filepath.Join(v.dir, "observer", "quarantine", "q.jsonl"), "held\n")
	if o := w.plant(step{act: "linkrun", arg: 1}, true); o.failure != "" || o.note != "observer" {
		t.Fatalf("plant: %+v", o)
	}
	git("update-index", "--no-skip-worktree", "--", "observer/README.md")
	git("checkout", "--", "observer/README.md")
	if isLink(filepath.Join(v.dir, "observer")) {
		t.Fatal("git's checkout left the observer link: the test proves nothing")
	}
	if o := w.removeLinks(step{}); o.failure != "" {
		t.Fatalf("removeLinks: %+v", o)
	}
	for rel, want := range map[string]string{
		"observer/observations.jsonl": buffer,
		"observer/quarantine/q.jsonl": "held\n",
		"observer/README.md":          "what this folder is\n",
	} {
		if got, err := os.ReadFile(filepath.Join(v.dir, rel)); err != nil || string(got) != want {
			t.Errorf("%s after the links were removed: %q, %v", rel, got, err)
		}
	}
	if entries, _ := filepath.Glob(filepath.Join(w.root, "aside-*")); len(entries) != 0 {
		t.Errorf("asides left: %v", entries)
	}
}

// TestSleepMovesBehindAnObserverLink: a killed sleep run's moves are read
// from its manifest in the observer/ the person moved aside for a link
// (session 15, third long run, world 112).
func TestSleepMovesBehindAnObserverLink(t *testing.T) {
	w, v, _ := linkWorld(t)
	from, to := filepath.Join("mind", "concepts", "x.md"), filepath.Join("mind", "archive", "concepts", "x.md")
	mustWrite(t, filepath.Join(v.dir, "observer", "sleep.json"), `{"ops":[{"path":"mind/archive/concepts/x.md","from":"mind/concepts/x.md"}]}`)
	if !w.sleepMoves(v.dir).explainsPaths([]string{from, to}) {
		t.Fatal("the manifest's move is not read in place")
	}
	if o := w.plant(step{act: "linkrun", arg: 1}, true); o.failure != "" || o.note != "observer" {
		t.Fatalf("plant: %+v", o)
	}
	if !w.sleepMoves(v.dir).explainsPaths([]string{from, to}) {
		t.Error("the manifest's move is not read behind the observer link")
	}
}
