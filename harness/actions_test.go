//go:build unix

package harness

import (
	"context"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault/doc"
)

// A step is one thing that happens to a world: a person's act or a cortex
// command, in one of its two vaults, with the randomness it needs carried
// in arg so that a step means the same thing when the steps around it are
// removed (shrinking).
type step struct {
	act  string
	v    int    // 0: vault A (the person's), 1: vault B (another machine)
	arg  uint64 // the step's own randomness
	kill bool   // kill -9 the command's process tree at a moment arg picks
}

func (s step) String() string {
	k := ""
	if s.kill {
		k = "!"
	}
	return fmt.Sprintf("%s.%s#%d%s", vaultNames[s.v], s.act, s.arg, k)
}

var vaultNames = [2]string{"A", "B"}

// parseStep reads what String writes.
func parseStep(s string) (step, error) {
	var st step
	v, rest, ok := strings.Cut(s, ".")
	if !ok {
		return st, fmt.Errorf("step %q: want V.action#arg[!]", s)
	}
	switch v {
	case "A":
	case "B":
		st.v = 1
	default:
		return st, fmt.Errorf("step %q: vault %q is A or B", s, v)
	}
	st.kill = strings.HasSuffix(rest, "!")
	rest = strings.TrimSuffix(rest, "!")
	act, arg, ok := strings.Cut(rest, "#")
	if !ok {
		return st, fmt.Errorf("step %q: want V.action#arg[!]", s)
	}
	if _, known := actions()[act]; !known {
		return st, fmt.Errorf("step %q: no action %q", s, act)
	}
	st.act = act
	if _, err := fmt.Sscan(arg, &st.arg); err != nil {
		return st, fmt.Errorf("step %q: arg: %w", s, err)
	}
	return st, nil
}

// An action is a kind of step.
type action struct {
	weight   int
	person   bool // a person's act (git, cp, ln), not a cortex command
	killable bool // a cortex command the harness may kill mid-way
	onlyA    bool // the person works in vault A
	run      func(w *world, s step) outcome
}

// outcome is what a step did, for the checks that follow it.
type outcome struct {
	ran      bool // the step did something (not a no-op in this state)
	cortex   bool // a cortex command ran to its end (not killed), so its leftovers must be settled
	settles  bool // ... and it is one that settles the vault (not observe, write, validate)
	killed   bool
	note     string
	output   string // what the command printed
	failure  string // a violation the step itself saw (a hang, a converge that could not)
	objects  bool   // may have written git objects or refs: fsck
	worktree bool   // may have changed memory files: validate
}

// actions is the catalogue. Weights are relative; the generator draws a
// kind by weight, a vault, an arg, and for killable commands a kill now
// and then.
func actions() map[string]action {
	return map[string]action{
		// Cortex's commands.
		"observe":  {weight: 20, run: (*world).observe},
		"write":    {weight: 5, run: (*world).write},
		"process":  {weight: 12, killable: true, run: (*world).process},
		"maintain": {weight: 5, killable: true, run: (*world).maintain},
		"sync":     {weight: 7, killable: true, run: (*world).sync},
		"restore":  {weight: 2, killable: true, run: (*world).restore},
		"promote":  {weight: 2, killable: true, run: (*world).promote},
		"daemon":   {weight: 4, run: (*world).daemonToggle},
		"kill9":    {weight: 3, run: (*world).daemonKill},
		"converge": {weight: 2, run: (*world).converge},
		// A person's acts.
		"edit":     {weight: 4, person: true, onlyA: true, run: (*world).editMeta},
		"rewrite":  {weight: 2, person: true, onlyA: true, run: (*world).rewriteBody},
		"stage":    {weight: 3, person: true, onlyA: true, run: (*world).stage},
		"draft":    {weight: 2, person: true, onlyA: true, run: (*world).draft},
		"commit":   {weight: 3, person: true, onlyA: true, run: (*world).commit},
		"switch":   {weight: 2, person: true, onlyA: true, run: (*world).switchBranch},
		"stash":    {weight: 2, person: true, onlyA: true, run: (*world).stash},
		"rebase":   {weight: 1, person: true, onlyA: true, run: (*world).rebase},
		"copy":     {weight: 1, person: true, run: (*world).copyVault},
		"link":     {weight: 1, person: true, run: (*world).plantLink},
		"linkrun":  {weight: 2, person: true, run: (*world).plantRuntimeLink},
		"unlink":   {weight: 2, person: true, run: (*world).removeLinks},
		"clone":    {weight: 1, person: true, run: (*world).clone},
		"taxonomy": {weight: 1, person: true, onlyA: true, run: (*world).linkConfig},
	}
}

// sortedActions is the catalogue's names in order.
func sortedActions() []string {
	var names []string
	for name := range actions() {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// generate draws n steps from rng, leaving out the actions in skip.
func generate(rng *rand.Rand, n int, skip map[string]bool) []step {
	cat := actions()
	var names []string
	total := 0
	for name, a := range cat {
		if a.weight > 0 && !skip[name] {
			names = append(names, name)
			total += a.weight
		}
	}
	sort.Strings(names) // map order must not change what a seed means
	steps := make([]step, 0, n)
	for len(steps) < n {
		k := rng.IntN(total)
		var name string
		for _, nm := range names {
			if k -= cat[nm].weight; k < 0 {
				name = nm
				break
			}
		}
		a := cat[name]
		s := step{act: name, arg: rng.Uint64()}
		if !a.onlyA && rng.IntN(3) == 0 {
			s.v = 1
		}
		if a.killable && s.arg>>40%3 == 0 && !skip["kill:"+name] {
			s.kill = true
		}
		steps = append(steps, s)
	}
	return steps
}

// killDelay is when a killed step's tree dies: anywhere in the first two
// seconds, most often early, where a command does its most delicate work
// on a small vault.
func killDelay(arg uint64) time.Duration {
	ms := arg % 2000
	if arg>>20%2 == 0 {
		ms %= 400
	}
	return time.Duration(ms+1) * time.Millisecond
}

func (s step) rng() *rand.Rand { return rand.New(rand.NewPCG(s.arg, 0x9e3779b97f4a7c15)) }

// cortex runs a cortex command in a vault, killed when the step says so.
func (w *world) cortex(s step, stdin []byte, args ...string) (result, outcome) {
	var kill time.Duration
	if s.kill {
		kill = killDelay(s.arg)
	}
	r := w.tc.run(w.vaults[s.v].dir, stdin, kill, "cortex", args...)
	o := outcome{ran: true, killed: r.killed, cortex: !r.killed && !r.hung, output: r.out}
	if r.killed {
		w.stats.kills++
	}
	if r.hung {
		o.failure = fmt.Sprintf("cortex %s hung for %v and was killed:\n%s", strings.Join(args, " "), commandTimeout, tail(r.out))
	}
	return r, o
}

func tail(s string) string {
	if len(s) > 3000 {
		return "…" + s[len(s)-3000:]
	}
	return s
}

func (w *world) observe(s step) outcome {
	rng := s.rng()
	var lines []line
	var in []byte
	for range 1 + rng.IntN(3) {
		ln := w.ledger.newLine(rng, w.held())
		lines = append(lines, ln)
		in = append(in, ln.json...)
	}
	r, o := w.cortex(step{act: s.act, v: s.v, arg: s.arg}, in, "observe")
	if r.err == nil {
		for _, ln := range lines {
			w.ledger.accepted(ln)
		}
	} else {
		o.note = firstLine(r.out)
	}
	o.settles = false
	return o
}

func (w *world) write(s step) outcome {
	rng := s.rng()
	ln := w.ledger.newLine(rng, w.held())
	for ln.bad { // write is a person's own words: always a plain statement
		ln = w.ledger.newLine(rng, w.held())
	}
	r, o := w.cortex(step{act: s.act, v: s.v, arg: s.arg}, nil, "write", "--type", "fact", "--body", ln.body, "--importance", "0.8", "-q",
		"--timestamp", ln.ts.Format(time.RFC3339Nano))
	if r.err == nil {
		w.ledger.accepted(ln)
	} else {
		o.note = firstLine(r.out)
	}
	return o
}

func (w *world) process(s step) outcome {
	if w.vaults[s.v].daemon != nil {
		// One memorizer at a time: a person does not run process beside
		// the daemon they started (the daemon's lock would refuse it).
		return outcome{}
	}
	r, o := w.cortex(s, nil, "process")
	o.settles, o.objects, o.worktree = true, true, true
	if !o.killed && r.err != nil {
		o.note = firstLine(r.out)
	}
	return o
}

func (w *world) maintain(s step) outcome {
	args := []string{"maintain"}
	if s.arg%3 == 0 {
		// Thirty months on: most facts have decayed below the archive bar.
		args = append(args, "--at", time.Now().AddDate(0, 30, 0).UTC().Format(time.RFC3339))
	}
	r, o := w.cortex(s, nil, args...)
	o.settles, o.objects, o.worktree = true, true, true
	if !o.killed && r.err != nil {
		o.note = firstLine(r.out)
	}
	return o
}

func (w *world) sync(s step) outcome {
	r, o := w.cortex(s, nil, "sync")
	o.settles, o.objects, o.worktree = true, true, true
	if !o.killed && r.err != nil {
		o.note = firstLine(r.out)
	}
	if !o.killed && r.err == nil {
		w.vaults[s.v].unfolded = nil // folded: checked strictly from now on
	}
	return o
}

func (w *world) restore(s step) outcome {
	docs, _ := readDocs(w.vaults[s.v].dir)
	var ids []string
	for _, d := range docs {
		if d.archived && d.id != "" && !w.vaults[s.v].owns(d.rel) {
			ids = append(ids, d.id)
		}
	}
	if len(ids) == 0 {
		return outcome{}
	}
	r, o := w.cortex(s, nil, "restore", ids[s.arg%uint64(len(ids))])
	o.settles, o.objects, o.worktree = true, true, true
	if !o.killed && r.err != nil {
		o.note = firstLine(r.out)
	}
	return o
}

func (w *world) promote(s step) outcome {
	docs, _ := readDocs(w.vaults[s.v].dir)
	var ids []string
	for _, d := range docs {
		if !d.archived && d.id != "" && strings.HasPrefix(d.rel, "mind") && !w.vaults[s.v].owns(d.rel) {
			ids = append(ids, d.id)
		}
	}
	if len(ids) == 0 {
		return outcome{}
	}
	r, o := w.cortex(s, nil, "promote", ids[s.arg%uint64(len(ids))])
	o.settles, o.objects, o.worktree = true, true, true
	if !o.killed && r.err != nil {
		o.note = firstLine(r.out)
	}
	return o
}

// daemonToggle starts the vault's daemon, or stops it (SIGTERM) when it
// runs.
func (w *world) daemonToggle(s step) outcome {
	v := w.vaults[s.v]
	if v.daemon != nil {
		err := v.daemon.stop()
		v.daemon = nil
		o := outcome{ran: true, cortex: true, settles: true, objects: true, worktree: true, note: "stopped"}
		if err != nil {
			o.failure = err.Error()
		}
		return o
	}
	d, err := w.tc.startDaemon(v.dir)
	if err != nil {
		return outcome{failure: "start the daemon: " + err.Error()}
	}
	v.daemon, v.leaked = d, false
	w.stats.daemons++
	return outcome{ran: true, objects: true, worktree: true, note: "started"}
}

// daemonKill kills the running daemon's process tree.
func (w *world) daemonKill(s step) outcome {
	v := w.vaults[s.v]
	if v.daemon == nil {
		return outcome{}
	}
	// Let it work a little first: a kill at a random moment of a batch.
	time.Sleep(killDelay(s.arg))
	real := v.daemon.kill()
	v.daemon = nil
	if real {
		w.stats.kills++
	}
	return outcome{ran: true, killed: real, objects: true, worktree: true}
}

// held is, while repeats of memories in a person's hands are pending
// (pending_test.go), what tells newLine which bodies those are: the
// hashes of the committed versions of the person's paths.
func (w *world) held() func(string) bool {
	if !w.skip["repeat-held"] {
		return nil
	}
	hashes := map[string]bool{}
	for _, v := range w.vaults {
		for p := range v.person {
			out, err := w.tc.git(v.dir, "show", "HEAD:"+p)
			if err != nil {
				continue
			}
			var m memDoc
			parseFront(out, &m)
			hashes[m.hash] = true
		}
	}
	return func(h string) bool { return hashes[h] }
}

// ---- the person's acts ----

// memories lists the vault's committed memory documents the person might
// open: tracked, under mind/ or vault/, not one they already hold.
func (w *world) memories(v *vaultState) []string {
	out, err := w.tc.git(v.dir, "ls-files", "-z", "--", "mind", "vault")
	if err != nil {
		return nil
	}
	var paths []string
	for _, p := range strings.Split(out, "\x00") {
		if strings.HasSuffix(p, ".md") && !v.owns(p) {
			paths = append(paths, p)
		}
	}
	return paths
}

// editMeta is a person's hand edit of a memory that keeps it valid: a tag
// added to its frontmatter, left unstaged.
func (w *world) editMeta(s step) outcome {
	v := w.vaults[s.v]
	paths := w.memories(v)
	if len(paths) == 0 {
		return outcome{}
	}
	rel := paths[s.arg%uint64(len(paths))]
	p := filepath.Join(v.dir, rel)
	data, err := os.ReadFile(p)
	if err != nil {
		return outcome{}
	}
	text := string(data)
	i := strings.Index(text, "\n# ---\n")
	if i < 0 {
		return outcome{}
	}
	i += len("\n# ---\n")
	text = text[:i] + fmt.Sprintf("# a person's note %d\n", s.arg%1000) + text[i:]
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		return outcome{failure: "edit: " + err.Error()}
	}
	v.touchRead(rel, data)
	return outcome{ran: true, worktree: true, note: rel}
}

// rewriteBody is a person rewriting a memory in their own words: a new
// body, and the source_hash their editor's plugin keeps in step. The old
// body's accounting is theirs from now on.
func (w *world) rewriteBody(s step) outcome {
	v := w.vaults[s.v]
	paths := w.memories(v)
	if len(paths) == 0 {
		return outcome{}
	}
	rel := paths[s.arg%uint64(len(paths))]
	p := filepath.Join(v.dir, rel)
	data, err := os.ReadFile(p)
	if err != nil {
		return outcome{}
	}
	var m memDoc
	parseFront(string(data), &m)
	text := string(data)
	end := strings.Index(text[4:], "\n---\n")
	if m.hash == "" || end < 0 {
		return outcome{}
	}
	body := fmt.Sprintf("In my own words, note %d: the %s was moved to another host.", s.arg%100000, subjects[s.arg%uint64(len(subjects))])
	front := strings.Replace(text[:4+end], "source_hash: "+m.hash, "source_hash: "+doc.Hash(body), 1)
	if err := os.WriteFile(p, []byte(front+"\n---\n\n"+body+"\n"), 0o644); err != nil {
		return outcome{failure: "rewrite: " + err.Error()}
	}
	w.ledger.tainted[m.hash] = true
	w.ledger.tainted[doc.Hash(body)] = true
	v.touchRead(rel, data)
	return outcome{ran: true, worktree: true, note: rel}
}

// stage stages one of the person's edits, then edits the file again: a
// partial stage (the index differs from both HEAD and the file).
func (w *world) stage(s step) outcome {
	v := w.vaults[s.v]
	paths := v.ownedTracked()
	if len(paths) == 0 {
		return outcome{}
	}
	rel := paths[s.arg%uint64(len(paths))]
	if _, err := w.tc.git(v.dir, "add", "--", rel); err != nil {
		return outcome{note: firstLine(err.Error())}
	}
	if s.arg%2 == 0 {
		p := filepath.Join(v.dir, rel)
		if data, err := os.ReadFile(p); err == nil {
			if i := strings.Index(string(data), "\n# ---\n"); i >= 0 {
				i += len("\n# ---\n")
				text := string(data)[:i] + "# and one more line, unstaged\n" + string(data)[i:]
				_ = os.WriteFile(p, []byte(text), 0o644)
			}
		}
	}
	v.touch(rel)
	return outcome{ran: true, worktree: true, note: rel}
}

// draft is a hand-written note a person saves in mind/concepts/ and does
// not add to git: complete, so that validate has nothing to say of it.
func (w *world) draft(s step) outcome {
	v := w.vaults[s.v]
	body := fmt.Sprintf("A draft of mine, number %d, on how the %s should work.", s.arg%100000, subjects[s.arg%uint64(len(subjects))])
	rel := filepath.Join("mind", "concepts", fmt.Sprintf("draft-%d.md", s.arg%100000))
	sum := sha256.Sum256([]byte(rel))
	id := fmt.Sprintf("01900000-0000-7000-8000-%x", sum[:6])
	text := fmt.Sprintf("---\nid: %q\ntype: fact\ncategory: concept\ncreated: 2026-01-02T03:04:05.000Z\nsource_hash: %s\n\n# ---\n\ntitle: %q\n---\n\n%s\n",
		id, doc.Hash(body), body, body)
	// A branch switch takes the folder away with its last tracked file
	// (git keeps no empty folders); the person's editor makes it again.
	if err := os.MkdirAll(filepath.Join(v.dir, "mind", "concepts"), 0o755); err != nil {
		return outcome{failure: "draft: " + err.Error()}
	}
	if err := os.WriteFile(filepath.Join(v.dir, rel), []byte(text), 0o644); err != nil {
		return outcome{failure: "draft: " + err.Error()}
	}
	w.ledger.tainted[doc.Hash(body)] = true
	v.touch(rel)
	return outcome{ran: true, worktree: true, note: rel}
}

// commit is the person committing what they staged, through the hook.
func (w *world) commit(s step) outcome {
	v := w.vaults[s.v]
	if len(v.person) == 0 {
		return outcome{}
	}
	args := []string{"commit", "-q", "-m", "my edits"}
	if s.arg%3 == 0 {
		// Everything: git add -A first, as people do.
		if _, err := w.tc.git(v.dir, "add", "-A"); err != nil {
			return outcome{note: firstLine(err.Error())}
		}
	}
	out, err := w.tc.git(v.dir, args...)
	o := outcome{ran: true, objects: true, worktree: true}
	if err != nil {
		o.note = firstLine(out)
	}
	return o
}

// switchBranch takes the person to a branch of their own and back; back
// on main, they merge what was committed there.
func (w *world) switchBranch(s step) outcome {
	v := w.vaults[s.v]
	o := outcome{ran: true, objects: true, worktree: true}
	if v.side == "" {
		name := fmt.Sprintf("side-%d", s.arg%1000)
		if _, err := w.tc.git(v.dir, "switch", "-q", "-c", name); err != nil {
			o.note = firstLine(err.Error())
			return o
		}
		v.side = name
		return o
	}
	if _, err := w.tc.git(v.dir, "switch", "-q", "main"); err != nil {
		o.note = firstLine(err.Error())
		return o
	}
	side := v.side
	v.side = ""
	if out, err := w.tc.git(v.dir, "merge", "-q", "--no-edit", side); err != nil {
		_, _ = w.tc.git(v.dir, "merge", "--abort")
		o.note = "merge: " + firstLine(out)
		w.stats.note("switch: the person's merge back failed")
		v.stranded = true
	}
	return o
}

// stash puts the person's tracked edits away, or brings them back.
func (w *world) stash(s step) outcome {
	v := w.vaults[s.v]
	o := outcome{ran: true, worktree: true, objects: true}
	if v.stashed == 0 {
		if len(v.ownedTracked()) == 0 {
			return outcome{}
		}
		if _, err := w.tc.git(v.dir, "stash", "push", "-q"); err != nil {
			o.note = firstLine(err.Error())
			return o
		}
		v.stashed++
		return o
	}
	if out, err := w.tc.git(v.dir, "stash", "pop", "-q"); err != nil {
		// A conflict with what was committed meanwhile: the person keeps
		// the committed version and drops the stash. `git reset --merge`
		// undoes what the pop did and nothing else (a `git checkout HEAD
		// -- .` would also put back every tracked file a planted link
		// hides — observer/README.md behind an observer/ link — making
		// the link a folder: session 11 world 87, where the buffer kept
		// aside was then taken for replaced, and dropped).
		if _, err := w.tc.git(v.dir, "reset", "-q", "--merge"); err != nil {
			// reset --merge refuses when another file holds staged and
			// unstaged changes ("not uptodate"; session 12 world 109,
			// whose converge then committed the markers). A conflicted
			// path had no unstaged change (else the pop would not have
			// started), so its stage 2 is what the person had: take it
			// back into the index and the working tree.
			keepOurs(w.tc, v.dir)
		}
		_, _ = w.tc.git(v.dir, "stash", "drop", "-q")
		o.note = "stash pop: " + firstLine(out)
	}
	v.stashed--
	return o
}

// rebasing reports whether git holds a rebase in progress in dir.
func rebasing(dir string) bool {
	for _, name := range []string{"rebase-merge", "rebase-apply"} {
		if _, err := os.Lstat(filepath.Join(dir, ".git", name)); err == nil {
			return true
		}
	}
	return false
}

// keepOurs settles every unmerged path in dir with the version the
// person had before the merge (stage 2), in the index and the working tree.
func keepOurs(tc *toolchain, dir string) {
	out, err := tc.git(dir, "diff", "--name-only", "-z", "--diff-filter=U")
	if err != nil {
		return
	}
	for _, rel := range strings.Split(strings.TrimRight(out, "\x00"), "\x00") {
		if rel == "" {
			continue
		}
		if _, err := tc.git(dir, "checkout", "--ours", "--", rel); err != nil {
			continue // no stage 2: settled below
		}
		_, _ = tc.git(dir, "add", "--", rel)
	}
	if out, _ := tc.git(dir, "diff", "--name-only", "-z", "--diff-filter=U"); out != "" {
		for _, rel := range strings.Split(strings.TrimRight(out, "\x00"), "\x00") {
			_, _ = tc.git(dir, "rm", "-q", "-f", "--", rel) // deleted on our side
		}
	}
}

// rebase brings the remote's history under the person's own commits.
func (w *world) rebase(s step) outcome {
	v := w.vaults[s.v]
	if v.side != "" {
		return outcome{}
	}
	o := outcome{ran: true, objects: true, worktree: true}
	if _, err := w.tc.git(v.dir, "fetch", "-q", "origin"); err != nil {
		o.note = firstLine(err.Error())
		return o
	}
	stashes, _ := w.tc.git(v.dir, "stash", "list")
	if out, err := w.tc.git(v.dir, "rebase", "-q", "--autostash", "origin/main"); err != nil {
		o.note = "rebase: " + firstLine(out)
		if _, err := w.tc.git(v.dir, "rebase", "--abort"); err != nil && rebasing(v.dir) {
			// A rebase that died in its last step (its autostash's
			// apply) leaves a state --abort cannot read: the person
			// quits it, which keeps HEAD and files as they are and saves
			// the autostash as a stash, then pops that.
			_, _ = w.tc.git(v.dir, "rebase", "--quit")
			if now, _ := w.tc.git(v.dir, "stash", "list"); now != stashes {
				if _, err := w.tc.git(v.dir, "stash", "pop", "-q"); err != nil {
					keepOurs(w.tc, v.dir)
					_, _ = w.tc.git(v.dir, "stash", "drop", "-q")
				}
			}
			w.stats.note("rebase: quit after a failed abort")
		}
	}
	// Every step before this one checked that no memory had two
	// documents: any the vault holds now, the rebase brought together.
	if docs, err := readDocs(v.dir); err == nil {
		n := map[string]int{}
		for _, d := range docs {
			if d.hash != "" {
				n[d.hash]++
			}
		}
		for h, c := range n {
			if c > 1 {
				if v.unfolded == nil {
					v.unfolded = map[string]bool{}
				}
				v.unfolded[h] = true
			}
		}
	}
	return o
}

// copyVault is a restore from a backup: the vault copied with cp -a and
// the copy put in its place (every file a new inode).
func (w *world) copyVault(s step) outcome {
	v := w.vaults[s.v]
	if v.daemon != nil {
		_ = v.daemon.stop()
		v.daemon = nil
	}
	tmp := v.dir + ".copy"
	if r := w.tc.run(filepath.Dir(v.dir), nil, 0, "cp", "-a", v.dir, tmp); r.err != nil {
		return outcome{failure: "cp -a: " + r.out}
	}
	if err := os.RemoveAll(v.dir); err != nil {
		return outcome{failure: "rm: " + err.Error()}
	}
	if err := os.Rename(tmp, v.dir); err != nil {
		return outcome{failure: "mv: " + err.Error()}
	}
	return outcome{ran: true}
}

// clone is a new machine joining: git clone of the remote and cortex init;
// what it sees must be a valid vault with one document per memory.
func (w *world) clone(s step) outcome {
	dir := filepath.Join(w.root, fmt.Sprintf("clone-%d", s.arg%1000))
	defer os.RemoveAll(dir)
	if _, err := w.tc.git(w.root, "clone", "-q", w.remote, dir); err != nil {
		return outcome{note: firstLine(err.Error())}
	}
	r := w.tc.run(dir, nil, 0, "cortex", "init", ".")
	o := outcome{ran: true}
	if r.err != nil && refusedConfigLink(dir, r.out) {
		// A configuration file the person committed as a link (with
		// --no-verify, or before the hook refused one): the refusal is
		// the promise, and the clone's person replaces the file.
		o.note = "init of a clone refused a committed link: " + firstLine(r.out)
		return o
	}
	if r.err != nil {
		o.failure = "cortex init of a clone: " + tail(r.out)
		return o
	}
	if msg := w.checkDocs(dir, "clone", false); msg != "" {
		o.failure = msg
	}
	if msg := w.validate(dir, nil); msg != "" {
		o.failure = "the clone: " + msg
	}
	return o
}

// converge is a quiet moment: the daemons stopped, the links gone, the
// person back on main with their work committed; both machines process
// and sync until they agree. Then every observed line must be accounted
// for exactly once, in both.
func (w *world) converge(s step) outcome {
	o := outcome{ran: true, objects: true, worktree: true, settles: true}
	for i := range w.vaults {
		if msg := w.settle(i); msg != "" {
			o.note = msg
			return o
		}
	}
	plan := []struct {
		v    int
		args []string
	}{{0, []string{"process"}}, {1, []string{"process"}}, {0, []string{"sync"}}, {1, []string{"sync"}}, {0, []string{"sync"}}}
	waited := [2]bool{}
	for i := 0; i < len(plan); i++ {
		p := plan[i]
		r := w.tc.run(w.vaults[p.v].dir, nil, 0, "cortex", p.args...)
		if r.err != nil && !r.hung && !waited[p.v] && strings.Contains(r.out, remoteLockedByAnother) {
			// A push of the other machine's, killed in the remote's
			// update, left its lock there: as the refusal says, the
			// other machine's next sync removes it. The person syncs
			// there, then here again (once: a second refusal is a lock
			// neither sync could settle).
			waited[p.v] = true
			other := 1 - p.v
			plan = slices.Insert(plan, i+1, plan[i])
			plan[i].v, plan[i].args = other, []string{"sync"}
			p = plan[i]
			r = w.tc.run(w.vaults[p.v].dir, nil, 0, "cortex", p.args...)
		}
		if r.err != nil || r.hung {
			o.failure = fmt.Sprintf("converge: cortex %s in %s: %v\n%s", strings.Join(p.args, " "), vaultNames[p.v], r.err, tail(r.out))
			return o
		}
	}
	o.cortex = true
	for _, v := range w.vaults {
		v.unfolded = nil // both synced: checked strictly from now on
	}
	if w.vaults[0].stranded || w.vaults[1].stranded {
		o.note = "not counted: a person's merge stranded commits on a side branch"
		return o
	}
	w.stats.converged++
	o.failure = w.checkExact(context.Background())
	return o
}

// remoteLockedByAnother is what a sync says when the remote's branch is
// locked by a push it cannot tell for its own (vaultsync's push).
const remoteLockedByAnother = "a killed cortex sync removes its own at its next sync"

// settle undoes what a person has in hand in vault i so the world can
// converge: links removed, back on main, stashes popped, work committed.
func (w *world) settle(i int) string {
	v := w.vaults[i]
	if v.daemon != nil {
		if err := v.daemon.stop(); err != nil {
			return err.Error()
		}
		v.daemon = nil
	}
	// Stashes first: a stash may hold a planted link (git stashes a
	// tracked file replaced by a link), which popping brings back.
	for v.stashed > 0 {
		w.stash(step{act: "stash", v: i})
	}
	w.removeLinks(step{v: i})
	w.unlinkConfig(i)
	commit := func() string {
		if _, err := w.tc.git(v.dir, "add", "-A"); err != nil {
			return err.Error()
		}
		if out, err := w.tc.git(v.dir, "commit", "-q", "-m", "my edits, before a sync"); err != nil && !strings.Contains(out, "nothing to commit") {
			return "the person's commit: " + firstLine(out)
		}
		return ""
	}
	if msg := commit(); msg != "" {
		// The hook refused: a killed sleep run's move, half done, shows
		// one memory at two paths until a cortex command settles it.
		// The person runs one, as the refusal's id clash suggests, and
		// commits again; what their own `git add -A` staged is theirs.
		if err := w.snapshot(v); err != nil {
			return err.Error()
		}
		if r := w.tc.run(v.dir, nil, 0, "cortex", "process"); r.err != nil {
			return msg + "; cortex process: " + firstLine(r.out)
		}
		if msg := commit(); msg != "" {
			if err := w.snapshot(v); err != nil {
				return err.Error()
			}
			return msg
		}
	}
	if v.side != "" {
		w.switchBranch(step{act: "switch", v: i})
		if v.side != "" {
			v.stranded = true
		}
	}
	v.person, v.read = map[string]pathState{}, nil
	return ""
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
