//go:build unix

package harness

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cortex-vault/cortex/vault"
)

// secretMarker is in every file of the sentinel tree: no cortex output may
// ever quote it (a parse error printing a linked file's bytes, issue 22
// item 6).
const secretMarker = "SENTINEL-OUTSIDE-THE-VAULT"

// plant is a link a person (or an attacker, or a shared repository) put in
// a vault, pointing outside it.
type plant struct {
	rel     string // the link, relative to the vault
	aside   string // where what it replaced was moved, "" if nothing
	runtime bool   // in or of .cortex/ or observer/: cortex must refuse to run
}

// makeSentinel builds the tree outside the vaults that no step may change:
// the targets of every planted link.
func makeSentinel(dir string) error {
	files := map[string]string{
		"secret.md":                     "---\ntype: fact\n---\n\n" + secretMarker + " a note of someone else.\n",
		"notes/other.md":                secretMarker + " another note.\n",
		"dotcortex/state.json":          `{"note":"` + secretMarker + `"}` + "\n",
		"dotcortex/index.db":            secretMarker + " not a database\n",
		"observer-target/state.json":    `{"offset":3,"note":"` + secretMarker + `"}` + "\n",
		"observer-target/README.md":     secretMarker + "\n",
		"staging-target/keep.md":        secretMarker + "\n",
		"index.db":                      secretMarker + " not a database either\n",
		"state.json":                    `{"offset":1,"note":"` + secretMarker + `"}` + "\n",
		"passwd":                        "root:x:0:0:" + secretMarker + ":/root:/bin/sh\n",
		"shadow":                        "root:$6$" + secretMarker + ":19000:0:99999:7:::\n",
		"observations.jsonl":            `{"note":"` + secretMarker + `"}` + "\n",
		"observer-target/staging/x.tmp": secretMarker + "\n",
	}
	for rel, text := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// hashTree is a digest of a tree: every name, type, mode, size, link target
// and content.
func hashTree(dir string) (string, []string, error) {
	h := sha256.New()
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fi, err := d.Info()
		if err != nil {
			return err
		}
		line := fmt.Sprintf("%s %v", rel, fi.Mode())
		switch {
		case fi.Mode()&os.ModeSymlink != 0:
			t, _ := os.Readlink(p)
			line += " -> " + t
		case fi.Mode().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			line += fmt.Sprintf(" %x", sha256.Sum256(data))
		}
		names = append(names, line)
		fmt.Fprintln(h, line)
		return nil
	})
	return fmt.Sprintf("%x", h.Sum(nil)), names, err
}

// diffTrees says what differs between two listings of hashTree.
func diffTrees(before, after []string) string {
	was := map[string]bool{}
	for _, l := range before {
		was[l] = true
	}
	is := map[string]bool{}
	var b strings.Builder
	for _, l := range after {
		is[l] = true
		if !was[l] {
			fmt.Fprintf(&b, "  + %s\n", l)
		}
	}
	for _, l := range before {
		if !is[l] {
			fmt.Fprintf(&b, "  - %s\n", l)
		}
	}
	return b.String()
}

// plantLink puts a link to the sentinel tree into a vault: a memory that
// is a link, a memory folder that is a link, or one of the runtime paths
// (.cortex/, observer/ and files and folders in them).
func (w *world) plantLink(s step) outcome { return w.plant(s, false) }

// plantRuntimeLink makes .cortex/, observer/ or a file or folder in them a
// link to outside the vault.
func (w *world) plantRuntimeLink(s step) outcome { return w.plant(s, true) }

func (w *world) plant(s step, runtime bool) outcome {
	v := w.vaults[s.v]
	out := w.outside
	kinds := []struct {
		rel, target string
		runtime     bool
		stopDaemon  bool
	}{
		{fmt.Sprintf("mind/concepts/linked-%d.md", s.arg%1000), filepath.Join(out, "secret.md"), false, false},
		{fmt.Sprintf("mind/concepts/linked-dir-%d", s.arg%1000), filepath.Join(out, "notes"), false, false},
		{".cortex", filepath.Join(out, "dotcortex"), true, true},
		{"observer", filepath.Join(out, "observer-target"), true, true},
		{"observer/staging", filepath.Join(out, "staging-target"), true, true},
		{".cortex/" + vault.IndexFile, filepath.Join(out, "index.db"), true, false},
		{"observer/state.json", filepath.Join(out, "state.json"), true, false},
		{"observer/observations.jsonl", filepath.Join(out, "observations.jsonl"), true, true},
	}
	// Two of the kinds are in memory folders (a person's untracked
	// link), the rest replace runtime paths (issue 22 item 2).
	var k = kinds[s.arg%2]
	if runtime {
		k = kinds[2+s.arg%uint64(len(kinds)-2)]
	}
	for _, l := range v.links {
		if l.rel == k.rel || strings.HasPrefix(k.rel, l.rel+"/") || strings.HasPrefix(l.rel, k.rel+"/") {
			return outcome{}
		}
	}
	if k.stopDaemon && v.daemon != nil {
		_ = v.daemon.stop()
		v.daemon = nil
	}
	full := filepath.Join(v.dir, k.rel)
	p := plant{rel: k.rel, runtime: k.runtime}
	if _, err := os.Lstat(full); err == nil {
		p.aside = filepath.Join(w.root, fmt.Sprintf("aside-%s-%d", v.name, s.arg%100000))
		if err := os.Rename(full, p.aside); err != nil {
			return outcome{failure: "move aside: " + err.Error()}
		}
	}
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return outcome{failure: err.Error()}
	}
	if err := os.Symlink(k.target, full); err != nil {
		return outcome{failure: "plant a link: " + err.Error()}
	}
	v.links = append(v.links, p)
	if v.planted == nil {
		v.planted = map[string]bool{}
	}
	v.planted[p.rel] = true
	if k.rel == ".cortex" || k.rel == "observer" {
		excludeLink(v.dir, k.rel)
		w.hideTracked(v, k.rel)
	}
	if !k.runtime {
		v.touch(k.rel)
	}
	w.stats.note("link: " + strings.TrimRight(strings.Map(digitless, k.rel), "-"))
	return outcome{ran: true, worktree: true, note: k.rel}
}

func digitless(r rune) rune {
	if r >= '0' && r <= '9' {
		return -1
	}
	return r
}

// removeLinks is the person noticing: every planted link removed and what
// it replaced put back (unless cortex replaced the link with a file of its
// own, which is its right: then the old one is dropped).
func (w *world) removeLinks(s step) outcome {
	v := w.vaults[s.v]
	if len(v.links) == 0 && len(v.config) == 0 {
		// Nothing planted now, but a link removed before may be back: a
		// stash held it, staged, and its pop put it back (session 15,
		// third long run, world 375).
		if w.removeResurrected(v) {
			return outcome{ran: true, worktree: true}
		}
		return outcome{}
	}
	w.unlinkConfig(s.v)
	if v.daemon != nil {
		_ = v.daemon.stop()
		v.daemon = nil
	}
	// Deepest first, so a link inside a restored folder is handled before it.
	sort.Slice(v.links, func(i, j int) bool { return len(v.links[i].rel) > len(v.links[j].rel) })
	for _, l := range v.links {
		full := filepath.Join(v.dir, l.rel)
		// A link the person staged (a commit the hook refused) comes out
		// of the index too, as the refusal tells them: left there, a
		// stash and its pop put it back in the working tree (session 14,
		// world 15 of the second long run).
		if out, err := w.tc.git(v.dir, "ls-files", "-s", "--", l.rel); err == nil && strings.HasPrefix(out, "120000 ") {
			if head, err := w.tc.git(v.dir, "ls-tree", "HEAD", "--", l.rel); err != nil || !strings.HasPrefix(head, "120000 ") {
				_, _ = w.tc.git(v.dir, "rm", "--cached", "-q", "--", l.rel)
			}
		}
		fi, err := os.Lstat(full)
		switch {
		case err == nil && fi.Mode()&os.ModeSymlink != 0:
			os.Remove(full)
			if l.aside != "" {
				os.Rename(l.aside, full)
			}
		case err != nil && l.aside != "":
			// Gone (the person's git removed it): what it replaced
			// comes back all the same.
			os.Rename(l.aside, full)
		case l.aside != "" && fi.IsDir() && l.runtime:
			// A folder now, not a link: git made it, checking out a
			// tracked file the link hid (observer/README.md), which
			// unlinks a symlink on the file's way — a stash pop in the
			// settle (session 17, world 388). Cortex refuses a linked
			// .cortex/ or observer/, it never replaces one: what the
			// person set aside (the buffer, the quarantine) goes back
			// in, beside what git wrote.
			if err := mergeAside(l.aside, full); err != nil {
				return outcome{ran: true, worktree: true, failure: "put back " + l.rel + ": " + err.Error()}
			}
			w.stats.note("link: a runtime folder git recreated, its content put back")
		case l.aside != "":
			os.RemoveAll(l.aside)
		}
	}
	if len(v.hidden) > 0 {
		_, _ = w.tc.git(v.dir, append([]string{"update-index", "--no-skip-worktree", "--"}, v.hidden...)...)
		v.hidden = nil
	}
	v.links = nil
	w.removeResurrected(v)
	unexcludeLinks(v.dir)
	return outcome{ran: true, worktree: true}
}

// mergeAside moves what a folder set aside holds back into dst, the
// folder now at its path: an entry dst lacks is moved in, a folder both
// hold is merged, and a file both hold keeps dst's (git's checkout of a
// tracked file, the same content the aside holds unless the person edited
// it behind the link, which they could not). The aside is removed after.
func mergeAside(aside, dst string) error {
	entries, err := os.ReadDir(aside)
	if err != nil {
		return err
	}
	for _, e := range entries {
		from, to := filepath.Join(aside, e.Name()), filepath.Join(dst, e.Name())
		fi, err := os.Lstat(to)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if err := os.Rename(from, to); err != nil {
				return err
			}
		case err != nil:
			return err
		case fi.IsDir() && e.IsDir():
			if err := mergeAside(from, to); err != nil {
				return err
			}
		}
	}
	return os.RemoveAll(aside)
}

// removeResurrected removes the person's links that came back after they
// removed them — a stash held one (git stashes a staged link) and its pop
// put it back (second long run of session 14, world 401): each is
// deleted, taken out of the index, and what HEAD has at its path checked
// out again. A link HEAD itself holds is not the person's to take back
// here (see unlinkConfig).
func (w *world) removeResurrected(v *vaultState) (removed bool) {
	rels := make([]string, 0, len(v.planted))
	for rel := range v.planted {
		rels = append(rels, rel)
	}
	sort.Slice(rels, func(i, j int) bool { return len(rels[i]) > len(rels[j]) })
	for _, rel := range rels {
		if !isLink(filepath.Join(v.dir, rel)) {
			continue
		}
		head, _ := w.tc.git(v.dir, "ls-tree", "HEAD", "--", rel)
		if strings.HasPrefix(head, "120000 ") {
			continue
		}
		os.Remove(filepath.Join(v.dir, rel))
		_, _ = w.tc.git(v.dir, "rm", "--cached", "-q", "--ignore-unmatch", "--", rel)
		if head != "" {
			_, _ = w.tc.git(v.dir, "checkout", "HEAD", "--", rel)
		}
		removed = true
	}
	return removed
}

// hideTracked tells git to leave alone the tracked files under rel, a
// runtime folder the person just made a link (observer/README.md): git
// would otherwise show them deleted, a `git add -A` would commit that,
// and any checkout that writes them back — a branch switch to where they
// are, a `git checkout HEAD -- .` — would make the link a folder of its
// own. The person keeps their machine's setup out of git, as with
// excludeLink.
func (w *world) hideTracked(v *vaultState, rel string) {
	out, err := w.tc.git(v.dir, "ls-files", "-z", "--", rel)
	if err != nil {
		return
	}
	var paths []string
	for _, p := range strings.Split(out, "\x00") {
		if p != "" {
			paths = append(paths, p)
		}
	}
	if len(paths) == 0 {
		return
	}
	if _, err := w.tc.git(v.dir, append([]string{"update-index", "--skip-worktree", "--"}, paths...)...); err == nil {
		v.hidden = append(v.hidden, paths...)
	}
}

// excludeLink keeps a planted .cortex or observer link out of the
// person's `git add -A`, as one keeps any machine's own setup out of git.
// The vault's `/.cortex/` and `/observer/*` lines match folders and what
// is in them, not a link, so a committed link would reach other branches
// and machines — and a checkout that puts the link back where the folder
// is deletes the ignored buffer and state in it: the lines observed there
// would be lost by the person's own git, which is no promise of cortex's.
func excludeLink(dir, rel string) {
	f, err := os.OpenFile(filepath.Join(dir, ".git", "info", "exclude"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
		fmt.Fprintln(f) // the file may not end with a newline; an empty line is nothing
	}
	fmt.Fprintf(f, "/%s\n", rel)
}

// unexcludeLinks removes the lines excludeLink added.
func unexcludeLinks(dir string) {
	p := filepath.Join(dir, ".git", "info", "exclude")
	data, err := os.ReadFile(p)
	if err != nil {
		return
	}
	var keep []string
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if l != "/.cortex\n" && l != "/observer\n" {
			keep = append(keep, l)
		}
	}
	os.WriteFile(p, []byte(strings.Join(keep, "")), 0o644)
}

// linkConfig makes taxonomy.yml or calibration.yml a link to a file
// outside the vault (issue 22 item 6): cortex must refuse it without
// printing a byte of it.
func (w *world) linkConfig(s step) outcome {
	v := w.vaults[s.v]
	name, target := "taxonomy.yml", "passwd"
	if s.arg%2 == 1 {
		name, target = "calibration.yml", "shadow"
	}
	for _, c := range v.config {
		if c.rel == name {
			return outcome{}
		}
	}
	full := filepath.Join(v.dir, name)
	p := plant{rel: name, aside: filepath.Join(w.root, fmt.Sprintf("aside-%s-%s", v.name, name))}
	if err := os.Rename(full, p.aside); err != nil {
		return outcome{}
	}
	if err := os.Symlink(filepath.Join(w.outside, target), full); err != nil {
		return outcome{failure: err.Error()}
	}
	v.config = append(v.config, p)
	v.touch(name)
	return outcome{ran: true, worktree: true, note: name}
}

func (w *world) unlinkConfig(i int) {
	v := w.vaults[i]
	for _, c := range v.config {
		full := filepath.Join(v.dir, c.rel)
		os.Remove(full)
		os.Rename(c.aside, full)
	}
	v.config = nil
	// A stash or a branch may have brought back a link no longer tracked
	// here: the person puts the committed file back. A link committed —
	// here, or on the other machine and brought by a sync — is what
	// cortex's refusal tells the person to replace with a file: they put
	// back the file as it was before the link, and settle commits it.
	for _, name := range []string{"taxonomy.yml", "calibration.yml"} {
		full := filepath.Join(v.dir, name)
		if !isLink(full) {
			continue
		}
		os.Remove(full)
		w.tc.git(v.dir, "checkout", "--", name)
		if !isLink(full) {
			continue
		}
		os.Remove(full)
		if data, ok := w.lastFile(v.dir, name); ok {
			os.WriteFile(full, data, 0o644)
		}
	}
	// So with .cortex/ and observer/: a link there is not ignored by the
	// vault's `/.cortex/` and `/observer/*` lines (they match folders and
	// what is in them), so a person's `git add -A` commits it and a sync
	// brings it to the other machine, where cortex refuses to run ("replace
	// it with a folder"). The person does so; the next commit records it.
	// A link the person planted here and still tracks is removeLinks' to
	// undo (its folder is put back from aside).
	for _, name := range []string{".cortex", "observer"} {
		full := filepath.Join(v.dir, name)
		if !isLink(full) || v.plantedUnder(name) {
			continue
		}
		os.Remove(full)
		os.MkdirAll(full, 0o755)
		if name == "observer" {
			os.MkdirAll(filepath.Join(full, "staging"), 0o755)
			if data, ok := w.lastFile(v.dir, "observer/README.md"); ok {
				os.WriteFile(filepath.Join(full, "README.md"), data, 0o644)
			}
		}
	}
}

func isLink(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.Mode()&os.ModeSymlink != 0
}

// lastFile is name as the latest commit of HEAD's history that holds it
// as a file (not a link) has it.
func (w *world) lastFile(dir, name string) ([]byte, bool) {
	out, err := w.tc.git(dir, "rev-list", "HEAD", "--", name)
	if err != nil {
		return nil, false
	}
	for _, c := range strings.Fields(out) {
		entry, err := w.tc.git(dir, "ls-tree", c, "--", name)
		if err != nil || !strings.HasPrefix(entry, "100") {
			continue
		}
		data, err := w.tc.git(dir, "show", c+":"+name)
		return []byte(data), err == nil
	}
	return nil, false
}
