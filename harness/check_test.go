//go:build unix

package harness

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// A violation is a broken promise: which invariant, and what was seen.
type violation struct {
	invariant string
	detail    string
}

func (v violation) String() string { return v.invariant + ": " + strings.TrimSpace(v.detail) }

// The invariants, by the names failures are reported under.
const (
	invOnce     = "exactly-once" // every observed line memorized or reinforced once, or quarantined once
	invPerson   = "person"       // no person's uncommitted change altered, moved or committed
	invOutside  = "outside"      // no file outside the vault created, changed or deleted
	invFsck     = "fsck"         // git fsck clean
	invLeftover = "leftover"     // no lock or temp file of ours once the next command has run
	invValidate = "validate"     // cortex validate --all clean
	invOutput   = "output"       // no output quotes a file outside the vault
	invStep     = "step"         // a command hung, or a quiet world could not converge
	invConverge = "converge"     // after converging, both machines hold the same tree
)

// check runs the invariants after step s did o.
func (w *world) check(s step, o outcome) []violation {
	var vs []violation
	add := func(inv, format string, args ...any) {
		vs = append(vs, violation{inv, fmt.Sprintf(format, args...)})
	}
	if o.failure != "" {
		inv := invStep
		if s.act == "converge" {
			inv = invOnce
			if strings.HasPrefix(o.failure, "converge:") {
				inv = invConverge
			}
		}
		add(inv, "%s", o.failure)
	}
	if o.output != "" && strings.Contains(o.output, secretMarker) {
		add(invOutput, "cortex printed bytes of a file outside the vault:\n%s", tail(o.output))
	}

	// Outside: the sentinel tree, and nothing new beside the vaults.
	sum, names, err := hashTree(w.outside)
	if err != nil {
		add(invOutside, "read the sentinel tree: %v", err)
	} else if sum != w.outsideSum {
		add(invOutside, "the tree outside the vaults changed:\n%s", diffTrees(w.outsideNames, names))
		w.outsideSum, w.outsideNames = sum, names
	}
	if extra := w.strangers(); extra != "" {
		add(invOutside, "new beside the vaults: %s", extra)
	}

	for i, v := range w.vaults {
		busy := v.daemon != nil && v.daemon.alive()
		if v.daemon != nil && !v.leaked && strings.Contains(v.daemon.log(), secretMarker) {
			v.leaked = true // once per daemon
			add(invOutput, "%s: the daemon logged bytes of a file outside the vault:\n%s", v.name, tail(v.daemon.log()))
		}
		mine := s.v == i || s.act == "converge"
		person := actions()[s.act].person && mine
		if person {
			if err := w.snapshot(v); err != nil {
				add(invPerson, "%s: snapshot: %v", v.name, err)
			}
		} else if msg := w.timedPerson(v); msg != "" {
			add(invPerson, "%s", msg)
		}
		if msg := w.checkDocs(v.dir, v.name, true); msg != "" {
			add(invOnce, "%s", msg)
		}
		if mine && o.cortex && o.settles && !busy && !v.linkedDir() && len(v.config) == 0 {
			if msg := leftovers(v.dir, s.act == "process" || s.act == "converge"); msg != "" {
				add(invLeftover, "%s after %s: %s", v.name, s, msg)
			}
		}
		if (mine && o.objects) || busy {
			if sig := gitSig(v.dir); sig != v.fsckSig {
				start := time.Now()
				if msg := w.fsck(v.dir); msg != "" {
					add(invFsck, "%s: %s", v.name, msg)
				} else {
					v.fsckSig = sig
				}
				w.stats.timed("check fsck", start)
			}
		}
		if ((mine && o.worktree) || busy) && len(v.config) == 0 && !v.linkedDir() {
			if sig := treeSig(v.dir); sig != v.validSig {
				start := time.Now()
				if msg := w.validate(v.dir, v); msg != "" {
					add(invValidate, "%s: %s", v.name, msg)
				} else {
					v.validSig = sig
				}
				w.stats.timed("check validate", start)
			}
		}
	}
	if s.act == "sync" || s.act == "converge" {
		if msg := w.fsck(w.remote); msg != "" {
			add(invFsck, "remote: %s", msg)
		}
	}
	return vs
}

func (w *world) timedPerson(v *vaultState) string {
	defer w.stats.timed("check person", time.Now())
	return w.checkPerson(v)
}

// strangers lists what appeared in the world's folder that no step made.
func (w *world) strangers() string {
	entries, err := os.ReadDir(w.root)
	if err != nil {
		return err.Error()
	}
	var odd []string
	for _, e := range entries {
		n := e.Name()
		switch {
		case n == "A" || n == "B" || n == "remote.git" || n == "outside":
		case strings.HasPrefix(n, "aside-"):
		default:
			odd = append(odd, n)
		}
	}
	return strings.Join(odd, ", ")
}

// checkDocs checks what must hold of a vault's documents at any moment:
// at most one document per observed body, no more reinforcements than
// repeated lines, no document of a line the filters refuse, no two
// documents with one id.
func (w *world) checkDocs(dir, name string, bounds bool) string {
	docs, err := readDocs(dir)
	if err != nil {
		return err.Error()
	}
	byHash := map[string][]memDoc{}
	byID := map[string][]string{}
	for _, d := range docs {
		if d.hash != "" {
			byHash[d.hash] = append(byHash[d.hash], d)
		}
		if d.id != "" {
			byID[d.id] = append(byID[d.id], d.rel)
		}
	}
	moving := w.sleepMoves(dir)
	var unfolded map[string]bool
	for _, v := range w.vaults {
		if v != nil && v.dir == dir {
			unfolded = v.unfolded
		}
	}
	var b strings.Builder
	for h, ds := range byHash {
		good, bad := w.ledger.good[h], w.ledger.bad[h]
		if good == 0 && bad == 0 {
			// Rules are cortex's own writing; every other memory is of an
			// observed line or a person's note.
			for _, d := range ds {
				if !w.ledger.tainted[h] && !strings.HasPrefix(d.rel, "rules"+string(filepath.Separator)) {
					fmt.Fprintf(&b, "%s: %s is of no line observed (source_hash %s)\n", name, d.rel, h)
				}
			}
			continue
		}
		if len(ds) > 1 && !w.ledger.tainted[h] && !moving.explains(ds) && !unfolded[h] {
			var rels []string
			for _, d := range ds {
				rels = append(rels, d.rel)
			}
			fmt.Fprintf(&b, "%s: %d documents of one observed body %q: %s\n", name, len(ds), w.ledger.bodies[h], strings.Join(rels, ", "))
		}
		if bad > 0 {
			fmt.Fprintf(&b, "%s: a document of a line the filters must refuse: %s %q\n", name, ds[0].rel, w.ledger.bodies[h])
		}
		if bounds && good > 0 && !w.ledger.tainted[h] {
			for _, d := range ds {
				if d.reinforced > good-1 {
					fmt.Fprintf(&b, "%s: %s reinforced %d times, but its body was observed %d times in all: %q\n", name, d.rel, d.reinforced, good, w.ledger.bodies[h])
				}
			}
		}
	}
	for id, rels := range byID {
		if len(rels) > 1 && !moving.explainsPaths(rels) {
			fmt.Fprintf(&b, "%s: id %s in %d documents: %s\n", name, id, len(rels), strings.Join(rels, ", "))
		}
	}
	return b.String()
}

// moves are the moves of a sleep run that a kill cut short, each path
// paired with the other end of its move: the run writes a memory's new
// path before it removes the old one (so that a kill never loses it), and
// the next command that settles the vault (rules.Settle: process, sync,
// maintain …) finishes or undoes the move. Until then both paths hold the
// memory; that is the run in progress, not a second document.
type moves map[string]string

// sleepMoves reads the moves a sleep run's manifest (observer/sleep.json)
// names; none when there is no manifest. When the person made observer/ a
// link, the manifest is in the folder they moved aside, where the run
// left it and from where it comes back when they remove the link: the
// moves are still in progress (session 15, third long run, world 112: a
// killed run's deletion of a moved memory's old path, then stashed by the
// person's `git stash`, which put the old path back).
func (w *world) sleepMoves(dir string) moves {
	observer := filepath.Join(dir, "observer")
	for _, v := range w.vaults {
		if v == nil || v.dir != dir {
			continue
		}
		for _, l := range v.links {
			if l.rel == "observer" && l.aside != "" {
				observer = l.aside
			}
		}
	}
	data, err := os.ReadFile(filepath.Join(observer, "sleep.json"))
	if err != nil {
		return nil
	}
	var man struct {
		Ops []struct {
			Path string `json:"path"`
			From string `json:"from"`
		} `json:"ops"`
	}
	if json.Unmarshal(data, &man) != nil {
		return nil
	}
	m := moves{}
	for _, op := range man.Ops {
		if op.From != "" {
			to, from := filepath.FromSlash(op.Path), filepath.FromSlash(op.From)
			m[to], m[from] = from, to
		}
	}
	return m
}

// explains reports whether two documents are the two ends of one move.
func (m moves) explains(ds []memDoc) bool {
	rels := make([]string, len(ds))
	for i, d := range ds {
		rels[i] = d.rel
	}
	return m.explainsPaths(rels)
}

func (m moves) explainsPaths(rels []string) bool {
	return len(rels) == 2 && m[rels[0]] == rels[1]
}

// checkExact is the exactly-once check of a converged world: every
// observed body has one document in each vault, reinforced once per line
// after the first, except the lines quarantined; every refused line is in
// a quarantine once.
func (w *world) checkExact(ctx context.Context) string {
	q := map[string]int{}
	docs := make([]map[string][]memDoc, len(w.vaults))
	for i, v := range w.vaults {
		qv, err := quarantined(v.dir)
		if err != nil {
			return err.Error()
		}
		for h, n := range qv {
			q[h] += n
		}
		ds, err := readDocs(v.dir)
		if err != nil {
			return err.Error()
		}
		docs[i] = map[string][]memDoc{}
		for _, d := range ds {
			docs[i][d.hash] = append(docs[i][d.hash], d)
		}
	}
	var b strings.Builder
	hashes := make([]string, 0, len(w.ledger.good))
	for h := range w.ledger.good {
		hashes = append(hashes, h)
	}
	sort.Strings(hashes)
	for _, h := range hashes {
		if w.ledger.tainted[h] {
			continue
		}
		n, body := w.ledger.good[h], w.ledger.bodies[h]
		want := n - q[h] // the lines that reached a document
		for i, v := range w.vaults {
			ds := docs[i][h]
			switch {
			case want < 0:
				fmt.Fprintf(&b, "%s: %q observed %d times, quarantined %d times\n", v.name, body, n, q[h])
			case want == 0 && len(ds) > 0:
				fmt.Fprintf(&b, "%s: %q has a document though each of its %d lines was quarantined\n", v.name, body, n)
			case want > 0 && len(ds) == 0:
				fmt.Fprintf(&b, "%s: %q observed %d times (%d quarantined) has no document\n", v.name, body, n, q[h])
			case want > 0 && ds[0].reinforced != want-1:
				fmt.Fprintf(&b, "%s: %s reinforced %d times, want %d (%d lines, %d quarantined): %q\n", v.name, ds[0].rel, ds[0].reinforced, want-1, n, q[h], body)
			}
		}
	}
	for h, n := range w.ledger.bad {
		if q[h] != n {
			fmt.Fprintf(&b, "%q refused: observed %d times, quarantined %d times\n", w.ledger.bodies[h], n, q[h])
		}
	}
	// The two machines and the remote hold one history's tree.
	trees := map[string]string{}
	for _, dir := range []string{w.vaults[0].dir, w.vaults[1].dir, w.remote} {
		out, err := w.tc.git(dir, "rev-parse", "main^{tree}")
		if err != nil {
			return err.Error()
		}
		trees[filepath.Base(dir)] = strings.TrimSpace(out)
	}
	if trees["A"] != trees["B"] || trees["A"] != trees["remote.git"] {
		fmt.Fprintf(&b, "after process and sync on both machines, main's trees differ: %v\n", trees)
	}
	return b.String()
}

// fsck runs git fsck; dangling objects are a normal leftover and fine.
func (w *world) fsck(dir string) string {
	r := w.tc.run(dir, nil, 0, "git", "fsck", "--no-progress", "--no-dangling")
	if r.err != nil || r.hung {
		return fmt.Sprintf("git fsck: %v\n%s", r.err, tail(r.out))
	}
	for _, ln := range strings.Split(r.out, "\n") {
		if ln != "" && !strings.HasPrefix(ln, "dangling") && !strings.HasPrefix(ln, "Checking") && !strings.HasPrefix(ln, "notice") {
			return "git fsck: " + tail(r.out)
		}
	}
	return ""
}

// validate runs cortex validate --all; problems on the person's planted
// links are theirs to see, not violations.
func (w *world) validate(dir string, v *vaultState) string {
	r := w.tc.run(dir, nil, 0, "cortex", "validate", "--all", "--json")
	if r.hung {
		return "cortex validate hung"
	}
	var rep struct {
		Problems []struct {
			Path    string `json:"path"`
			Line    int    `json:"line"`
			Message string `json:"message"`
		} `json:"problems"`
	}
	js := r.out
	if i := strings.Index(js, "{"); i >= 0 {
		js = js[i:]
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		if r.err == nil || refusedConfigLink(dir, r.out) {
			return ""
		}
		return fmt.Sprintf("cortex validate --all: %v\n%s", r.err, tail(r.out))
	}
	moving := w.sleepMoves(dir)
	var b strings.Builder
	for _, p := range rep.Problems {
		if v != nil && v.plantedUnder(p.Path) {
			continue
		}
		if other := moving[filepath.FromSlash(p.Path)]; other != "" && strings.Contains(p.Message, filepath.ToSlash(other)) {
			continue // the two ends of a killed sleep run's move (see moves)
		}
		fmt.Fprintf(&b, "%s:%d: %s\n", p.Path, p.Line, p.Message)
	}
	return b.String()
}

// refusedConfigLink reports whether cortex refused the vault because a
// configuration file is a link leading outside it (issue 22 item 6: the
// refusal is the promise) and that file is a link now: a person's stash
// or branch can bring back a link the harness no longer tracks.
// .cortex/ and observer/ are refused the same way when a sync brought
// them as links (see unlinkConfig).
func refusedConfigLink(dir, out string) bool {
	for _, name := range []string{"taxonomy.yml", "calibration.yml", ".cortexignore", ".cortex/", "observer/"} {
		if !strings.Contains(out, "cortex: "+name+" is a link to ") {
			continue
		}
		if isLink(filepath.Join(dir, strings.TrimSuffix(name, "/"))) {
			return true
		}
	}
	return false
}

// plantedUnder says whether rel is, or is inside, a link the person planted.
func (v *vaultState) plantedUnder(rel string) bool {
	for _, l := range v.links {
		if rel == l.rel || strings.HasPrefix(rel, l.rel+"/") {
			return true
		}
	}
	return false
}

// leftovers lists the lock and temp files of ours in a vault: git's lock
// files, git's merge temp files, atomic-write temp files and (after a
// memorizer run) staged documents.
func leftovers(dir string, staging bool) string {
	var found []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		name := d.Name()
		if d.IsDir() {
			// The store's own intent records of the locks it takes live
			// in cortex-locks/, by design, and are not locks.
			if rel == filepath.Join(".git", "objects") || rel == filepath.Join(".git", "cortex-locks") {
				return filepath.SkipDir
			}
			return nil
		}
		for _, tol := range tolerated {
			if strings.Contains(name, tol.pattern) {
				return nil
			}
		}
		inGit := strings.HasPrefix(rel, ".git"+string(filepath.Separator))
		switch {
		case inGit && strings.HasSuffix(name, ".lock"):
			found = append(found, rel)
		case strings.HasPrefix(name, ".merge_file_"):
			found = append(found, rel)
		case strings.HasPrefix(rel, filepath.Join(".cortex", "sync-checkout-")):
			found = append(found, rel) // a killed sync's checkout folder (vaultsync's writeWhole)
		case !inGit && strings.Contains(name, ".tmp"):
			found = append(found, rel)
		case staging && strings.HasPrefix(rel, filepath.Join("observer", "staging")+string(filepath.Separator)):
			found = append(found, rel)
		}
		return nil
	})
	return strings.Join(found, ", ")
}
