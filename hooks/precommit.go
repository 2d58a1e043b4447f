package hooks

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
	"github.com/cortex-vault/cortex/vault/vaultfs"
)

// PreCommitOptions tune PreCommit.
type PreCommitOptions struct {
	// Dir is a folder of the work tree; "" is the current folder.
	Dir string
	// Vaults are the vault folders relative to the top of the work tree,
	// slash-separated, as the hook records them. A folder that is not a
	// vault in this work tree is skipped (a hooks folder shared with other
	// repositories, a vault deleted). Empty: the vault holding Dir.
	Vaults []string
	// Now is the clock for `created`; nil means time.Now.
	Now func() time.Time
	// NewID makes new ids; nil means doc.NewID.
	NewID func() string
	// Logger receives the index's notices (a corrupt index rebuilt); nil
	// means slog.Default().
	Logger *slog.Logger
	// Notice, when set, is told of a wait worth explaining before it starts
	// (the first check of a vault builds its index).
	Notice func(msg string)
}

// PreCommitReport is what the hook found and did.
type PreCommitReport struct {
	// Checked is the number of staged documents checked.
	Checked int `json:"checked"`
	// Fixed are the documents whose staged content was fixed (only when
	// there is no problem: a stopped commit changes nothing).
	Fixed []Fixed `json:"fixed"`
	// Problems stop the commit; their paths are repository-relative.
	Problems []doc.Problem `json:"problems"`
	// Warnings do not stop it.
	Warnings []string `json:"warnings,omitempty"`
}

// OK reports whether the commit may go on.
func (r *PreCommitReport) OK() bool { return len(r.Problems) == 0 }

// ProblemFiles is the number of files with a problem.
func (r *PreCommitReport) ProblemFiles() int {
	seen := map[string]bool{}
	for _, p := range r.Problems {
		seen[p.Path] = true
	}
	return len(seen)
}

// vaultRun is one vault's share of the staged changes.
type vaultRun struct {
	rel      string // relative to the work tree, slash-separated ("." for the top)
	l        vault.Layout
	taxonomy *change
	docs     []docChange
	gone     []string // vault-relative paths leaving the vault
}

type docChange struct {
	change
	rel string // vault-relative
}

// repoPath turns a vault-relative path into a repository-relative one.
func (v *vaultRun) repoPath(rel string) string {
	if v.rel == "." {
		return rel
	}
	return v.rel + "/" + rel
}

// where says where to run a command for the vault, for a message: nothing
// at the repository's top, else " in the vault DIR".
func (v *vaultRun) where() string {
	if v.rel == "." {
		return ""
	}
	return " in the vault " + v.rel
}

// PreCommit is the pre-commit hook (SPEC §6). It reads the staged content —
// never the working file — of every added, modified or retyped markdown
// file under the vaults' memory folders (mind/, vault/, rules/) that
// .cortexignore does not exclude, and checks each with doc.Check against
// the vault's taxonomy (the staged taxonomy.yml when it is part of the
// commit), and each id's uniqueness through the index. When nothing is
// wrong, it fixes the Cortex part (doc.Fix: a missing id, category or
// created, a stale source_hash) in the staged content — a new blob and an
// updated index entry, mode kept — and in the working file only when that
// equals the staged content, so unstaged edits stay the person's. When
// something is wrong, it reports every problem and changes nothing.
//
// A staged symbolic link (or submodule) named .md in a memory folder is a
// problem: it may point out of the vault and would never be read as memory.
// So is anything staged in place of the folders .cortex or observer
// (machineDirs): a link there would make every clone's Cortex refuse to
// start, and an ignore line ending in "/" does not keep a link out.
// Deleted files, files outside the memory folders and ignored files pass.
//
// Git runs the hook with the index locked and GIT_INDEX_FILE naming the index
// being committed; PreCommit reads and writes that index through the git
// CLI, which honours it, and never takes a lock of its own.
func PreCommit(ctx context.Context, opts PreCommitOptions) (*PreCommitReport, error) {
	now, newID := opts.Now, opts.NewID
	if now == nil {
		now = time.Now
	}
	if newID == nil {
		newID = doc.NewID
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	dir := opts.Dir
	if dir == "" {
		dir = "."
	}
	// Git runs the hook at the top of the work tree; FindRepo also serves a
	// person running it from a subfolder, without a git process.
	repo, err := FindRepo(dir)
	if err != nil {
		return nil, fmt.Errorf("pre-commit: %w", err)
	}
	top := repo.WorkTree
	g := git{dir: top}
	rep := &PreCommitReport{Fixed: []Fixed{}, Problems: []doc.Problem{}}

	runs, err := vaultRuns(top, dir, opts.Vaults, rep)
	if err != nil {
		return nil, fmt.Errorf("pre-commit: %w", err)
	}
	if len(runs) == 0 {
		return rep, nil
	}
	var specs []string
	for _, v := range runs {
		for _, d := range append(slices.Clone(doc.MemoryDirs), doc.TaxonomyFile) {
			specs = append(specs, v.repoPath(d))
		}
		for _, d := range machineDirs {
			specs = append(specs, v.repoPath(d))
		}
		for _, f := range configFiles {
			specs = append(specs, v.repoPath(f))
		}
	}
	changes, err := g.stagedChanges(ctx, specs)
	if err != nil {
		return nil, fmt.Errorf("pre-commit: %w", err)
	}
	for _, c := range changes {
		v, rel := owner(runs, c.path)
		switch {
		case v == nil:
		case slices.Contains(machineDirs, rel):
			if c.status != 'D' {
				rep.Problems = append(rep.Problems, machineDirProblem(v.repoPath(rel), c.mode))
			}
		case slices.Contains(configFiles, rel):
			if c.status != 'D' && !isFileMode(c.mode) {
				rep.Problems = append(rep.Problems, configLinkProblem(v.repoPath(rel), c.mode))
			}
		case rel == doc.TaxonomyFile:
			if c.status != 'D' {
				c := c
				v.taxonomy = &c
			}
		case !vault.IsMemoryPath(rel):
		case c.status == 'D':
			v.gone = append(v.gone, rel)
		default:
			v.docs = append(v.docs, docChange{change: c, rel: rel})
		}
	}

	// A sleep run cut short by a kill (or still running) may have a move
	// half done: the memory in a temporary file, at neither of its names.
	// A commit of its paths now would record the memory deleted (harness,
	// session 16 world 362: a person's `git add -A` after a killed
	// maintain); the next command of Cortex settles the run first.
	for _, v := range runs {
		if len(v.gone) == 0 && len(v.docs) == 0 {
			continue
		}
		pending, err := vault.SleepPaths(v.l)
		if err != nil {
			return nil, fmt.Errorf("pre-commit: %w", err)
		}
		if len(pending) == 0 {
			continue
		}
		staged := slices.Clone(v.gone)
		for _, d := range v.docs {
			staged = append(staged, d.rel)
		}
		for _, rel := range staged {
			if slices.Contains(pending, rel) {
				rep.Problems = append(rep.Problems, doc.Problem{Path: v.repoPath(rel), Msg: fmt.Sprintf("a sleep run (cortex maintain) is moving this memory, or was stopped while it did (%s): run `cortex process`%s once to finish or undo the run, then stage and commit again", v.repoPath("observer/sleep.json"), v.where())})
			}
		}
	}

	var want []string
	for _, v := range runs {
		if v.taxonomy != nil && isFileMode(v.taxonomy.mode) {
			want = append(want, v.taxonomy.blob)
		}
		for _, d := range v.docs {
			if isFileMode(d.mode) {
				want = append(want, d.blob)
				if d.old != "" {
					want = append(want, d.old)
				}
			}
		}
	}
	blobs, err := g.readBlobs(ctx, want, doc.MaxDocumentSize)
	if err != nil {
		return nil, fmt.Errorf("pre-commit: %w", err)
	}

	type fix struct {
		d        docChange
		old, new []byte
		fields   []string
	}
	var fixes []fix
	for _, v := range runs {
		tx, probs, err := v.loadTaxonomy(blobs)
		if err != nil {
			return nil, fmt.Errorf("pre-commit: %w", err)
		}
		if len(probs) > 0 {
			rep.Problems = append(rep.Problems, probs...)
			continue // the documents are checked against the taxonomy once it is valid
		}
		ig, err := vault.LoadIgnore(v.l)
		if err != nil {
			return nil, fmt.Errorf("pre-commit: %w", err)
		}
		var claims []doc.IDClaim
		for _, d := range v.docs {
			if ig.Ignored(d.rel) {
				continue
			}
			rep.Checked++
			rp := v.repoPath(d.rel)
			switch d.mode {
			case "100644", "100755":
			case "120000":
				rep.Problems = append(rep.Problems, symlinkProblem(rp))
				continue
			case "160000":
				rep.Problems = append(rep.Problems, doc.Problem{Path: rp, Msg: "a submodule, not a memory document: keep submodules out of mind/, vault/ and rules/"})
				continue
			default:
				rep.Problems = append(rep.Problems, doc.Problem{Path: rp, Msg: "staged with mode " + d.mode + ", not a regular file"})
				continue
			}
			b := blobs[d.blob]
			if b.data == nil && b.size > doc.MaxDocumentSize {
				rep.Problems = append(rep.Problems, doc.TooLargeProblem(rp, b.size))
				continue
			}
			c := checkDoc(d.rel, b.data, tx, true, false, now, newID)
			for _, p := range c.problems {
				p.Path = rp
				p.Msg = WithFixPath(p.Msg, rp)
				rep.Problems = append(rep.Problems, p)
			}
			if c.claim.ID != "" {
				claims = append(claims, c.claim)
			}
			if d.old != "" && len(c.problems) == 0 {
				if out, ok := retitle(c.data, blobs[d.old].data); ok {
					c.data, c.changed = out, append(c.changed, doc.FieldTitle)
				}
			}
			if len(c.changed) > 0 {
				fixes = append(fixes, fix{d: d, old: b.data, new: c.data, fields: c.changed})
			}
		}
		if len(claims) == 0 {
			continue
		}
		slices.SortFunc(claims, func(a, b doc.IDClaim) int { return cmp.Compare(a.Path, b.Path) })
		if opts.Notice != nil {
			if _, err := os.Stat(v.l.IndexDB()); errors.Is(err, fs.ErrNotExist) {
				opts.Notice(fmt.Sprintf("building the index of the vault %s to check ids (once: later commits reuse it)", v.rel))
			}
		}
		dups, ix, unindexed := v.duplicates(ctx, claims, log, rep)
		for _, dup := range dups {
			dup.Claim.Path = v.repoPath(dup.Claim.Path)
			dup.Other = v.repoPath(dup.Other)
			p := dup.Problem()
			p.Msg = WithFixPath(p.Msg, dup.Claim.Path)
			rep.Problems = append(rep.Problems, p)
		}
		if ix != nil {
			// Teach the cache the new ids being committed (once the files
			// are fixed), so the next check finds them without a refresh.
			// Documents whose id it knows already cost nothing here.
			defer func() {
				if stale := append(unindexed, v.gone...); len(stale) > 0 && rep.OK() {
					if err := ix.Update(ctx, stale...); err != nil {
						rep.Warnings = append(rep.Warnings, "index not updated: "+err.Error())
					}
				}
				ix.Close()
			}()
		}
	}
	slices.SortStableFunc(rep.Problems, func(a, b doc.Problem) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line))
	})
	if len(rep.Problems) > 0 {
		// A sleep run killed halfway leaves one memory at two paths (a
		// duplicate id) until a command of Cortex's settles it: say so,
		// or the person edits files Cortex would put right itself.
		for _, v := range runs {
			if _, err := os.Lstat(v.l.SleepManifest()); err == nil {
				rep.Warnings = append(rep.Warnings, fmt.Sprintf("a sleep run (cortex maintain) was interrupted: run `cortex process`%s once to finish or undo it, then commit again", v.where()))
			}
		}
		return rep, nil
	}
	if len(fixes) == 0 {
		return rep, nil
	}

	contents := make([][]byte, len(fixes))
	for i, f := range fixes {
		contents[i] = f.new
	}
	ids, err := g.writeBlobs(ctx, contents)
	if err != nil {
		return nil, fmt.Errorf("pre-commit: %w", err)
	}
	entries := make([]indexEntry, len(fixes))
	for i, f := range fixes {
		entries[i] = indexEntry{mode: f.d.mode, blob: ids[i], path: f.d.path}
	}
	if err := g.updateIndex(ctx, entries); err != nil {
		return nil, fmt.Errorf("pre-commit: %w", err)
	}
	// The working file gets the fix only when it holds exactly the staged
	// content: otherwise it has unstaged edits, which stay the person's.
	var writes []vaultfs.File
	for _, f := range fixes {
		p := filepath.Join(top, filepath.FromSlash(f.d.path))
		same, err := sameContent(p, f.old)
		if err != nil {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: the staged copy is fixed, the working file is not: %v", f.d.path, err))
		}
		if same {
			writes = append(writes, vaultfs.File{Path: p, Data: f.new, Perm: 0o644})
		}
		rep.Fixed = append(rep.Fixed, Fixed{Path: f.d.path, Fields: f.fields, StagedOnly: !same})
	}
	if err := vaultfs.New(top).WriteFiles(writes); err != nil {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("the staged copies are fixed, some working files are not: %v", err))
		return rep, nil
	}
	// A partial commit: the person's index gets the fixed entries too, as
	// the working files did, so that nothing shows as changed afterwards.
	if real := partialCommitIndex(top); real != "" {
		var fixedEntries []indexEntry
		for i, f := range rep.Fixed {
			if !f.StagedOnly {
				fixedEntries = append(fixedEntries, entries[i])
			}
		}
		if err := (git{dir: top, indexFile: real}).updateIndex(ctx, fixedEntries); err != nil {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("the commit is fixed, your index is not (run git add on the fixed files): %v", err))
		}
	}
	return rep, nil
}

// sameContent reports whether the regular file at p holds exactly data.
func sameContent(p string, data []byte) (bool, error) {
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != int64(len(data)) {
		return false, err
	}
	cur, err := os.ReadFile(p)
	return err == nil && bytes.Equal(cur, data), err
}

func isFileMode(m string) bool { return m == "100644" || m == "100755" }

// vaultRuns resolves the vaults the hook checks.
func vaultRuns(top, dir string, rels []string, rep *PreCommitReport) ([]*vaultRun, error) {
	realTop := top
	if r, err := filepath.EvalSymlinks(top); err == nil {
		realTop = r
	}
	if len(rels) == 0 {
		l, err := vault.Find(dir)
		if err != nil {
			return nil, err
		}
		root := l.Root
		if r, err := filepath.EvalSymlinks(root); err == nil {
			root = r
		}
		rel, err := filepath.Rel(realTop, root)
		if err != nil || !inside(root, realTop) {
			return nil, fmt.Errorf("the vault %s is not in the work tree %s", l.Root, top)
		}
		rels = []string{filepath.ToSlash(rel)}
	}
	var runs []*vaultRun
	for _, r := range rels {
		rel := path.Clean(filepath.ToSlash(r))
		if path.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, "../") {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("vault %s is not inside the work tree: skipped", r))
			continue
		}
		if slices.ContainsFunc(runs, func(v *vaultRun) bool { return v.rel == rel }) {
			continue
		}
		root := filepath.Join(top, filepath.FromSlash(rel))
		ok, err := vault.IsVault(root)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		runs = append(runs, &vaultRun{rel: rel, l: vault.Layout{Root: root}})
	}
	return runs, nil
}

// owner returns the vault holding the repository path p (the deepest, when
// vaults nest) and p relative to it.
func owner(runs []*vaultRun, p string) (*vaultRun, string) {
	var best *vaultRun
	rel := ""
	for _, v := range runs {
		r, ok := p, true
		if v.rel != "." {
			r, ok = strings.CutPrefix(p, v.rel+"/")
		}
		if ok && (best == nil || len(v.rel) > len(best.rel) || best.rel == ".") {
			best, rel = v, r
		}
	}
	return best, rel
}

// loadTaxonomy returns the taxonomy the vault's documents are checked
// against: the staged taxonomy.yml when the commit changes it (an invalid one
// stops the commit), else the working tree's.
func (v *vaultRun) loadTaxonomy(blobs map[string]blob) (*doc.Taxonomy, []doc.Problem, error) {
	if c := v.taxonomy; c != nil {
		rp := v.repoPath(doc.TaxonomyFile)
		if !isFileMode(c.mode) {
			return nil, []doc.Problem{{Path: rp, Msg: "staged as a link or submodule: taxonomy.yml must be a regular file"}}, nil
		}
		b := blobs[c.blob]
		if b.data == nil && b.size > 0 {
			return nil, []doc.Problem{doc.TooLargeProblem(rp, b.size)}, nil
		}
		tx, err := doc.ParseTaxonomy(rp, b.data, doc.DefaultTaxonomy())
		if err != nil {
			return nil, []doc.Problem{taxonomyProblem(err, rp)}, nil
		}
		return tx, nil, nil
	}
	tx, err := doc.LoadTaxonomy(v.l.Root)
	if err != nil {
		var te *doc.TaxonomyError
		if errors.As(err, &te) {
			return nil, []doc.Problem{taxonomyProblem(err, v.repoPath(doc.TaxonomyFile))}, nil
		}
		return nil, nil, err
	}
	return tx, nil, nil
}

func taxonomyProblem(err error, rp string) doc.Problem {
	var te *doc.TaxonomyError
	if errors.As(err, &te) {
		return doc.Problem{Path: rp, Line: te.Line, Msg: te.Msg + " (documents are checked once taxonomy.yml is valid)"}
	}
	return doc.Problem{Path: rp, Msg: err.Error()}
}

// duplicates checks the claims' ids through the vault's index; without an
// index (it cannot be opened or built), among the claims only, with a
// warning. The open index is returned with the claimed paths it does not
// know, to update once the check is done.
func (v *vaultRun) duplicates(ctx context.Context, claims []doc.IDClaim, log *slog.Logger, rep *PreCommitReport) ([]doc.Duplicate, *index.Index, []string) {
	ix, err := index.Open(ctx, v.l, index.Options{Logger: log})
	if err == nil {
		dups, unindexed, err := ix.DuplicateIDs(ctx, claims, v.gone)
		if err == nil {
			return dups, ix, unindexed
		}
		ix.Close()
	}
	rep.Warnings = append(rep.Warnings, fmt.Sprintf("ids checked within this commit only (the index of %s is unusable: %v)", v.rel, err))
	return doc.DuplicateIDs(claims), nil, nil
}
