package hooks

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
)

// ValidateOptions tune Validate.
type ValidateOptions struct {
	// Paths are vault-relative, slash-separated files or folders; empty
	// means every document of the vault.
	Paths []string
	// Fix repairs the Cortex part in place, as the hook does.
	Fix bool
	// Now is the clock for `created`; nil means time.Now.
	Now func() time.Time
	// NewID makes new ids; nil means doc.NewID.
	NewID func() string
	// Workers bounds the documents checked at once; 0 means GOMAXPROCS.
	Workers int
	// Logger receives notices (an index built or rebuilt); nil means
	// slog.Default().
	Logger *slog.Logger
	// Progress, when set, is called with the number of documents checked
	// so far, now and then (from one goroutine at a time).
	Progress func(checked int)
}

// Skipped is a path given to Validate that is not a memory document.
type Skipped struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// ValidateReport is what Validate found and did. Paths are vault-relative.
type ValidateReport struct {
	Checked  int           `json:"checked"`
	Problems []doc.Problem `json:"problems"`
	Fixed    []Fixed       `json:"fixed"`
	Skipped  []Skipped     `json:"skipped,omitempty"`
	Warnings []string      `json:"warnings,omitempty"`
	// Fix reports whether fixes were asked for.
	Fix bool `json:"fix"`
}

// Fixable is the number of problems `--fix` would repair.
func (r *ValidateReport) Fixable() int {
	n := 0
	for _, p := range r.Problems {
		if p.Fixable {
			n++
		}
	}
	return n
}

// Summary is the report's last line, such as
// "checked 1,234 documents: 2 errors, 1 fixed".
func (r *ValidateReport) Summary() string {
	s := fmt.Sprintf("checked %s %s: %s %s", thousands(r.Checked), plural(r.Checked, "document", "documents"),
		thousands(len(r.Problems)), plural(len(r.Problems), "error", "errors"))
	if r.Fix {
		return s + ", " + thousands(len(r.Fixed)) + " fixed"
	}
	if n := r.Fixable(); n > 0 {
		s += fmt.Sprintf(" (%s fixable with --fix)", thousands(n))
	}
	return s
}

// Validate runs the hook's checks over the vault's working tree (SPEC §6):
// every document (in parallel, with ids unique across the whole vault), or
// the given files and folders (ids checked through the index, like the
// hook). With Fix, the Cortex part is repaired in place, each file replaced
// atomically; problems that remain are reported.
func Validate(ctx context.Context, l vault.Layout, opts ValidateOptions) (*ValidateReport, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.NewID == nil {
		opts.NewID = doc.NewID
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	rep := &ValidateReport{Problems: []doc.Problem{}, Fixed: []Fixed{}, Fix: opts.Fix}
	tx, err := doc.LoadTaxonomy(l.Root)
	if err != nil {
		return nil, err
	}
	ig, err := vault.LoadIgnore(l)
	if err != nil {
		return nil, err
	}

	type claim struct {
		doc.IDClaim
		mtime int64
	}
	jobs := make(chan string, 256)
	var (
		mu     sync.Mutex
		claims []claim
	)
	var wg sync.WaitGroup
	for range opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for rel := range jobs {
				if ctx.Err() != nil {
					continue
				}
				res := validateFile(l, rel, tx, opts)
				mu.Lock()
				rep.Checked++
				if opts.Progress != nil && rep.Checked%256 == 0 {
					opts.Progress(rep.Checked)
				}
				rep.Problems = append(rep.Problems, res.problems...)
				if res.fixed != nil {
					rep.Fixed = append(rep.Fixed, *res.fixed)
				}
				if res.warning != "" {
					rep.Warnings = append(rep.Warnings, res.warning)
				}
				if res.claim.ID != "" {
					claims = append(claims, claim{res.claim, res.mtime})
				}
				mu.Unlock()
			}
		}()
	}
	feedErr := func() error {
		defer close(jobs)
		// The walk only names the files: opening, stat and reading happen
		// in the workers, on every core.
		send := func(rel string) error {
			select {
			case jobs <- rel:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if len(opts.Paths) == 0 {
			return vault.WalkWithLinks(l, ig, func(rel string, d fs.DirEntry) error {
				if d.Type()&fs.ModeSymlink != 0 {
					// Committed past the hook (--no-verify, another
					// clone): never read as memory, so said here.
					mu.Lock()
					rep.Problems = append(rep.Problems, symlinkProblem(rel))
					mu.Unlock()
					return nil
				}
				return send(rel)
			})
		}
		return feedPaths(l, ig, opts.Paths, rep, &mu, send)
	}()
	wg.Wait()
	if feedErr != nil {
		return nil, feedErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	// The oldest file of a set sharing an id keeps it: the others are the
	// copies.
	slices.SortFunc(claims, func(a, b claim) int { return cmp.Or(cmp.Compare(a.mtime, b.mtime), cmp.Compare(a.Path, b.Path)) })
	ordered := make([]doc.IDClaim, len(claims))
	for i, c := range claims {
		ordered[i] = c.IDClaim
	}
	var dups []doc.Duplicate
	if len(opts.Paths) == 0 {
		dups = doc.DuplicateIDs(ordered)
	} else if len(claims) > 0 {
		ix, err := index.Open(ctx, l, index.Options{Logger: opts.Logger})
		if err == nil {
			var unindexed []string
			dups, unindexed, err = ix.DuplicateIDs(ctx, ordered, nil)
			if err == nil && len(unindexed) > 0 {
				err = ix.Update(ctx, unindexed...)
			}
			ix.Close()
		}
		if err != nil {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("ids checked among the given files only (the index is unusable: %v)", err))
			dups = doc.DuplicateIDs(ordered)
		}
	}
	for _, d := range dups {
		rep.Problems = append(rep.Problems, d.Problem())
	}
	slices.SortStableFunc(rep.Problems, func(a, b doc.Problem) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line))
	})
	slices.SortFunc(rep.Fixed, func(a, b Fixed) int { return cmp.Compare(a.Path, b.Path) })
	slices.Sort(rep.Warnings)
	return rep, nil
}

// feedPaths sends the documents named by paths: files as they are, folders
// through the vault's walk (ignores applied). What is not a memory document
// is reported as skipped, a missing path or a link as a problem.
func feedPaths(l vault.Layout, ig *vault.Ignore, paths []string, rep *ValidateReport, mu *sync.Mutex, send func(string) error) error {
	seen := map[string]bool{}
	var dirs []string
	note := func(f func()) {
		mu.Lock()
		f()
		mu.Unlock()
	}
	for _, rel := range paths {
		rel = strings.TrimSuffix(filepath.ToSlash(filepath.Clean(filepath.FromSlash(rel))), "/")
		if rel == "." || rel == "" {
			dirs = append(dirs, "")
			continue
		}
		fi, err := os.Lstat(l.Path(filepath.FromSlash(rel)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			note(func() { rep.Problems = append(rep.Problems, doc.Problem{Path: rel, Msg: "no such file"}) })
			continue
		case err != nil:
			return fmt.Errorf("validate %s: %w", rel, err)
		case fi.IsDir():
			dirs = append(dirs, rel+"/")
			continue
		}
		reason := ""
		switch {
		case !vault.IsMemoryPath(rel):
			reason = "not a markdown file under mind/, vault/ or rules/"
		case ig.Ignored(rel):
			reason = "ignored (.cortexignore or a dot-folder)"
		case fi.Mode()&fs.ModeSymlink != 0:
			note(func() { rep.Problems = append(rep.Problems, symlinkProblem(rel)) })
			continue
		case !fi.Mode().IsRegular():
			reason = "not a regular file"
		}
		if reason != "" {
			note(func() { rep.Skipped = append(rep.Skipped, Skipped{Path: rel, Reason: reason}) })
			continue
		}
		if !seen[rel] {
			seen[rel] = true
			if err := send(rel); err != nil {
				return err
			}
		}
	}
	if len(dirs) == 0 {
		return nil
	}
	return vault.Walk(l, ig, func(rel string, _ fs.DirEntry) error {
		if seen[rel] || !slices.ContainsFunc(dirs, func(dir string) bool { return strings.HasPrefix(rel, dir) }) {
			return nil
		}
		seen[rel] = true
		return send(rel)
	})
}

type fileResult struct {
	problems []doc.Problem
	fixed    *Fixed
	claim    doc.IDClaim
	mtime    int64
	warning  string
}

// validateFile checks (and fixes) one document of the working tree.
func validateFile(l vault.Layout, rel string, tx *doc.Taxonomy, opts ValidateOptions) fileResult {
	p := l.Path(filepath.FromSlash(rel))
	data, size, mtime, err := readDocFile(p, doc.MaxDocumentSize)
	if err != nil {
		return fileResult{problems: []doc.Problem{{Path: rel, Msg: "cannot read: " + err.Error()}}}
	}
	if data == nil && size > doc.MaxDocumentSize {
		return fileResult{problems: []doc.Problem{doc.TooLargeProblem(rel, size)}}
	}
	c := checkDoc(rel, data, tx, opts.Fix, true, opts.Now, opts.NewID)
	res := fileResult{problems: c.problems, claim: c.claim, mtime: mtime}
	if len(c.changed) > 0 {
		if err := l.FS().WriteFile(p, c.data, 0o644); err != nil {
			res.warning = fmt.Sprintf("%s: not fixed: %v", rel, err)
			res.problems = append(res.problems, doc.Problem{Path: rel, Msg: "cannot write the fix: " + err.Error()})
		} else {
			res.fixed = &Fixed{Path: rel, Fields: c.changed}
		}
	}
	return res
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
