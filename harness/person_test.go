//go:build unix

package harness

import (
	"crypto/sha1"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// vaultState is one vault of a world and what the harness knows of the
// person working in it.
type vaultState struct {
	name   string
	dir    string
	daemon *daemon
	// person holds every path the person has changed and not committed,
	// with its state (file, index entry, HEAD entry) as the person left
	// it. No cortex command may change any of the three.
	person map[string]pathState
	// read holds, for a path the person took up by editing a committed
	// memory, the blob of the bytes their editor read: Cortex's own write,
	// not yet committed, when it differs from the index (see checkPerson).
	read  map[string]string
	links []plant
	// planted holds every path the person ever made a link, kept after
	// they remove it: a stash may hold the link and its pop bring it back.
	planted  map[string]bool
	hidden   []string // tracked files under a planted runtime link, marked skip-worktree (hideTracked)
	config   []plant  // taxonomy.yml or calibration.yml made a link
	side     string   // the person's own branch, when they are on it
	stashed  int
	stranded bool // a merge back from a side branch failed: counts are off
	// Signatures of what the last clean fsck and validate saw.
	fsckSig, validSig string
	leaked            bool // the running daemon's log quoted the sentinel (reported)
	// unfolded holds the memories (source_hash) of which a person's
	// rebase brought two documents together — one machine's and the
	// other's, created apart — beside any command of Cortex's: the
	// vault's next sync folds them before it sends anything out, and
	// until then they are the person's doing, not a second memorization.
	unfolded map[string]bool
}

// pathState is a path as git and the file system see it.
type pathState struct {
	work  string // "absent", "link:TARGET" or the git blob id of the file's bytes
	index string // "absent" or "MODE BLOB" of stage 0
	head  string // "absent" or "MODE BLOB" in HEAD's tree
}

func (p pathState) dirty() bool {
	if p.index != p.head {
		return true
	}
	blob := "absent"
	if _, b, ok := strings.Cut(p.index, " "); ok {
		blob = b
	}
	return p.work != blob
}

func (v *vaultState) owns(rel string) bool {
	_, ok := v.person[rel]
	return ok
}

// touch records that the person changed rel; its state is read after the
// step (snapshot).
func (v *vaultState) touch(rel string) {
	if _, ok := v.person[rel]; !ok {
		v.person[rel] = pathState{}
	}
}

// touchRead is touch for an edit of the file's bytes data, as the person's
// editor read them.
func (v *vaultState) touchRead(rel string, data []byte) {
	if _, ok := v.person[rel]; !ok {
		if v.read == nil {
			v.read = map[string]string{}
		}
		v.read[rel] = gitBlob(data)
	}
	v.touch(rel)
}

// forget drops rel from the person's paths.
func (v *vaultState) forget(rel string) {
	delete(v.person, rel)
	delete(v.read, rel)
}

// ownWriteCommitted says whether was → is is Cortex committing a write of
// its own beneath the person's edit: they had nothing staged, their file
// is as they left it, and index and HEAD moved together to the very bytes
// their editor read — bytes Cortex had written there, uncommitted, before
// they saved on top. Their change stays uncommitted and theirs (harness,
// session 10 world 31: the daemon's reinforcement, then the person's save,
// then the daemon's commit of its own bytes).
func (v *vaultState) ownWriteCommitted(rel string, was, is pathState) bool {
	read := v.read[rel]
	return read != "" && was.index == was.head && is.index == is.head && was.work == is.work &&
		is.index != was.index && strings.HasSuffix(is.index, " "+read) && is.work != read
}

// seenMidCommit says whether was → is is ownWriteCommitted's case with the
// snapshot taken in the middle of Cortex's commit: as git's own commit
// does, the store moves the branch first and then puts the new index in
// place, and a `git ls-files` between the two read the index of before
// (was.index, one commit behind was.head) — harness, session 13 world
// 215. was.index must then be a version the path had in HEAD's history,
// not one the person staged: a staged change of theirs that Cortex
// dropped would look the same but for that.
func (w *world) seenMidCommit(v *vaultState, rel string, was, is pathState) bool {
	read := v.read[rel]
	if read == "" || was.head != is.head || is.index != is.head || was.work != is.work ||
		is.index == was.index || !strings.HasSuffix(is.index, " "+read) || is.work == read {
		return false
	}
	_, blob, ok := strings.Cut(was.index, " ")
	if !ok {
		return false
	}
	out, err := w.tc.git(v.dir, "log", "--format=", "--raw", "--no-abbrev", "HEAD", "--", rel)
	return err == nil && strings.Contains(out, " "+blob+" ")
}

// ownedTracked lists the person's paths git tracks (in the index).
func (v *vaultState) ownedTracked() []string {
	var out []string
	for p, st := range v.person {
		if st.index != "absent" && st.index != "" {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// linkedDir says whether .cortex/ or observer/ (or something in them) is a
// planted link: cortex must refuse to run there, so it settles nothing.
func (v *vaultState) linkedDir() bool {
	for _, l := range v.links {
		if l.runtime {
			return true
		}
	}
	return false
}

// gitBlob is git's object id of a blob with these bytes.
func gitBlob(data []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(data))
	h.Write(data)
	return fmt.Sprintf("%x", h.Sum(nil))
}

// states reads the state of paths in a vault: the files, the index, HEAD.
func (w *world) states(v *vaultState, paths []string) (map[string]pathState, error) {
	out := map[string]pathState{}
	if len(paths) == 0 {
		return out, nil
	}
	for _, p := range paths {
		st := pathState{work: "absent", index: "absent", head: "absent"}
		full := filepath.Join(v.dir, p)
		if fi, err := os.Lstat(full); err == nil {
			switch {
			case fi.Mode()&os.ModeSymlink != 0:
				t, _ := os.Readlink(full)
				st.work = "link:" + t
			case fi.Mode().IsRegular():
				data, err := os.ReadFile(full)
				if err != nil {
					return nil, err
				}
				st.work = gitBlob(data)
			default:
				st.work = "mode:" + fi.Mode().String()
			}
		}
		out[p] = st
	}
	args := append([]string{"ls-files", "-s", "-z", "--"}, paths...)
	ls, err := w.tc.git(v.dir, args...)
	if err != nil {
		return nil, err
	}
	for _, rec := range strings.Split(ls, "\x00") {
		meta, p, ok := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 {
			continue
		}
		if st, known := out[p]; known {
			if f[2] == "0" {
				st.index = f[0] + " " + f[1]
			} else {
				st.index = "conflict"
			}
			out[p] = st
		}
	}
	args = append([]string{"ls-tree", "-z", "HEAD", "--"}, paths...)
	lt, err := w.tc.git(v.dir, args...)
	if err != nil {
		return nil, err
	}
	for _, rec := range strings.Split(lt, "\x00") {
		meta, p, ok := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 {
			continue
		}
		if st, known := out[p]; known {
			st.head = f[0] + " " + f[2]
			out[p] = st
		}
	}
	return out, nil
}

// snapshot records the state of the person's paths after their own act;
// paths no longer dirty are the person's no more (committed, or undone).
func (w *world) snapshot(v *vaultState) error {
	paths := make([]string, 0, len(v.person))
	for p := range v.person {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	now, err := w.states(v, paths)
	if err != nil {
		return err
	}
	for p, st := range now {
		if st.dirty() {
			v.person[p] = st
		} else {
			v.forget(p)
		}
	}
	return nil
}

// checkPerson compares the person's paths with what they left: a
// difference is a change the person did not make.
func (w *world) checkPerson(v *vaultState) string {
	if len(v.person) == 0 {
		return ""
	}
	paths := make([]string, 0, len(v.person))
	for p := range v.person {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	now, err := w.states(v, paths)
	if err != nil {
		return "read the person's paths: " + err.Error()
	}
	var b strings.Builder
	for _, p := range paths {
		was, is := v.person[p], now[p]
		if was == is {
			continue
		}
		if v.ownWriteCommitted(p, was, is) || w.seenMidCommit(v, p, was, is) {
			v.person[p] = is
			continue
		}
		what := []string{}
		if was.work != is.work {
			what = append(what, fmt.Sprintf("file %s → %s", short(was.work), short(is.work)))
		}
		if was.index != is.index {
			what = append(what, fmt.Sprintf("index %s → %s", short(was.index), short(is.index)))
		}
		if was.head != is.head {
			what = append(what, fmt.Sprintf("HEAD %s → %s", short(was.head), short(is.head)))
		}
		fmt.Fprintf(&b, "%s: %s: %s\n", v.name, p, strings.Join(what, ", "))
		// Report once: from now on it is what it is.
		if is.dirty() {
			v.person[p] = is
		} else {
			v.forget(p)
		}
	}
	return b.String()
}

func short(s string) string {
	if len(s) > 24 {
		return s[:24]
	}
	return s
}
