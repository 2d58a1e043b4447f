package rules

import (
	"bytes"
	"context"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/index"
)

// LastRun is what .cortex/sleep.json remembers of the last maintenance run
// (with or without a commit): the daemon schedules from it, status shows
// it. It is a cache: when it is gone, the last maintenance commit stands
// in (see LastSleep).
type LastRun struct {
	At     time.Time      `json:"at"`
	Commit string         `json:"commit,omitempty"`
	Counts map[string]int `json:"counts"`
	Notes  int            `json:"notes"`
}

func lastRunPath(l vault.Layout) string { return l.Path(".cortex", "sleep.json") }

func (s *Sleeper) saveLastRun(rep *Report) error {
	if rep.DryRun {
		return nil
	}
	lr := LastRun{At: s.now().UTC(), Commit: rep.Commit, Counts: rep.Counts(), Notes: len(rep.Notes)}
	data, err := json.Marshal(lr)
	if err != nil {
		return err
	}
	if err := s.l.FS().MkdirAll(s.l.CacheDir(), 0o755); err != nil {
		return fmt.Errorf("maintain: %w", err)
	}
	if err := s.l.FS().WriteFile(lastRunPath(s.l), append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("maintain: %w", err)
	}
	return nil
}

// noSleepPath remembers a search of the history that found no maintenance
// commit: the HEAD it started from. Until HEAD moves, LastSleep answers
// "never" without reading the history again — status asks at every call,
// and reading one commit makes go-git load the pack's whole index (tens of
// milliseconds in a vault of 100,000 documents).
func noSleepPath(l vault.Layout) string { return l.Path(".cortex", "sleep-none") }

// LastSleep tells when the last maintenance ran and what it did: from
// .cortex/sleep.json, else from the newest maintenance commit's trailers
// (its commit time). ok is false when maintenance never ran.
func LastSleep(ctx context.Context, l vault.Layout, git *gitstore.Store) (LastRun, bool, error) {
	return lastSleep(ctx, l, git.HeadHash, func() (*gitstore.Store, error) { return git, nil })
}

// LastSleepIn is LastSleep for a reader that has not opened the git
// store of repo: it opens it only when neither cache answers (no
// .cortex/sleep.json, and .cortex/sleep-none names another HEAD) — the
// history is read then. Opening a store settles and cleans what killed
// writers left, a look into every object folder that cortex status,
// which changes nothing, has no business paying at every call.
func LastSleepIn(ctx context.Context, l vault.Layout, repo gitstore.Repo) (LastRun, bool, error) {
	return lastSleep(ctx, l, repo.Head, func() (*gitstore.Store, error) { return gitstore.Open(l.Root) })
}

func lastSleep(ctx context.Context, l vault.Layout, headHash func() (plumbing.Hash, error), open func() (*gitstore.Store, error)) (LastRun, bool, error) {
	if lr, ok, err := readLastRun(l); ok || err != nil {
		return lr, ok, err
	}
	head, err := headHash()
	if err != nil {
		return LastRun{}, false, fmt.Errorf("last sleep: %w", err)
	}
	if head.IsZero() {
		return LastRun{}, false, nil
	}
	if data, err := os.ReadFile(noSleepPath(l)); err == nil && strings.TrimSpace(string(data)) == head.String() {
		return LastRun{}, false, nil
	}
	git, err := open()
	if err != nil {
		return LastRun{}, false, fmt.Errorf("last sleep: %w", err)
	}
	v, h, ok, err := git.LastTrailer(ctx, TrailerSleepSummary, "")
	if err != nil {
		return LastRun{}, false, err
	}
	if !ok {
		// A cache like sleep.json: when it cannot be written (no
		// .cortex/ yet), the next call searches again.
		_ = l.FS().WriteFile(noSleepPath(l), []byte(head.String()+"\n"), 0o644)
		return LastRun{}, false, nil
	}
	at, err := git.CommitTime(h)
	if err != nil {
		return LastRun{}, false, err
	}
	lr := LastRun{At: at, Commit: h.String(), Counts: map[string]int{}}
	for _, f := range strings.Fields(v) {
		k, n, _ := strings.Cut(f, "=")
		var c int
		fmt.Sscan(n, &c)
		lr.Counts[k] = c
	}
	return lr, true, nil
}

// ReadLastRun reads .cortex/sleep.json, the record of the last sleep,
// without looking at the history: cheap enough for cortex doctor. ok is
// false when it is missing or unreadable (a cache: LastSleep reads the
// history then).
func ReadLastRun(l vault.Layout) (LastRun, bool, error) { return readLastRun(l) }

// readLastRun reads .cortex/sleep.json; ok is false when it is missing
// or unreadable (a cache: the history stands in).
func readLastRun(l vault.Layout) (LastRun, bool, error) {
	var lr LastRun
	data, err := os.ReadFile(lastRunPath(l))
	if err == nil && json.Unmarshal(data, &lr) == nil && !lr.At.IsZero() {
		return lr, true, nil
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return LastRun{}, false, fmt.Errorf("last sleep: %w", err)
	}
	return LastRun{}, false, nil
}

// Candidates plans a run without writing and returns the memories just
// below the curator's bar.
func (s *Sleeper) Candidates(ctx context.Context) ([]Candidate, error) {
	dirty, err := s.git.Unclean(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.refresh(ctx); err != nil {
		return nil, err
	}
	p, err := s.plan(ctx, dirty)
	if err != nil {
		return nil, err
	}
	return p.report.Candidates, nil
}

// resolve finds one memory by id, unique id prefix (8+ characters) or
// vault path; nil (recorded as skipped) when a person is editing it.
func (p *planner) resolve(ctx context.Context, ref string) (*mem, error) {
	ix := p.s.ix
	var docs []index.Doc
	var err error
	switch {
	case strings.HasSuffix(ref, ".md"):
		var d index.Doc
		var ok bool
		d, ok, err = ix.ByPath(ctx, strings.TrimPrefix(ref, "./"))
		if ok {
			docs = []index.Doc{d}
		}
	case len(ref) >= 8:
		docs, err = ix.ByID(ctx, ref)
		if err == nil && len(docs) == 0 {
			docs, err = ix.ByIDPrefix(ctx, ref, 2)
		}
	default:
		return nil, fmt.Errorf("%s: give an id (8+ characters) or a path", doc.Excerpt(ref))
	}
	if err != nil {
		return nil, err
	}
	switch {
	case len(docs) == 0:
		return nil, fmt.Errorf("%s: no such memory", doc.Excerpt(ref))
	case len(docs) > 1:
		return nil, fmt.Errorf("%s names %d memories; give more of the id", doc.Excerpt(ref), len(docs))
	}
	if p.editing(docs[0].Path) {
		return nil, nil
	}
	for _, m := range p.mems {
		if m.d.Path == docs[0].Path {
			return m, nil
		}
	}
	return nil, fmt.Errorf("%s: no such memory", doc.Excerpt(ref))
}

// byHand runs fn on a fresh plan state (no automatic action) and writes
// what it did in one commit, subject first.
func (s *Sleeper) byHand(ctx context.Context, subject string, fn func(p *planner) error) (*Report, error) {
	if err := s.recover(ctx); err != nil {
		return nil, err
	}
	if err := s.refresh(ctx); err != nil {
		return nil, err
	}
	dirty, err := s.git.Unclean(ctx)
	if err != nil {
		return nil, err
	}
	p, err := s.newPlanner(ctx, false, dirty)
	if err != nil {
		return nil, err
	}
	if err := fn(p); err != nil {
		return nil, err
	}
	p.finishRules()
	p.collect()
	rep := p.report
	if len(p.ops) == 0 {
		return rep, nil
	}
	ops := sortOps(p.ops)
	rep.Fingerprint = fingerprint(ops)
	h, err := s.write(ctx, &manifest{Version: manifestVersion, Fingerprint: rep.Fingerprint, Ops: ops}, message(subject, rep, gitstore.Trailer{Key: TrailerSleep, Value: rep.Fingerprint}))
	if err != nil {
		return nil, err
	}
	rep.Commit = h
	return rep, nil
}

// Restore brings archived memories back from mind/archive/ (resurrection,
// seed 003): moved back to their place under mind/, status: active, and
// their clock reset (last_reinforced: now).
func (s *Sleeper) Restore(ctx context.Context, refs []string) (*Report, error) {
	return s.byHand(ctx, fmt.Sprintf("sleep: restore %d memories", len(refs)), func(p *planner) error {
		for _, ref := range refs {
			m, err := p.resolve(ctx, ref)
			if err != nil || m == nil {
				return err
			}
			if !strings.HasPrefix(m.d.Path, ArchiveDir) {
				return fmt.Errorf("%s is not archived (not under %s)", m.d.Path, ArchiveDir)
			}
			to := restorePath(m.d.Path, func(c string) bool {
				_, err := os.Lstat(p.s.abs(c))
				return err == nil
			})
			if !p.set(m, doc.FieldStatus, "active") || !p.set(m, doc.FieldLastReinforced, p.now.UTC()) {
				return fmt.Errorf("%s: %s", m.d.Path, strings.Join(p.report.Notes, "; "))
			}
			m.ed.to = to
			p.act(Action{Kind: KindRestore, Path: to, From: m.d.Path, ID: m.d.ID, Detail: "clock reset"})
		}
		return nil
	})
}

// Promote promotes memories by hand (the curator agent of seed 000 is the
// user's own agent): into rules/ with their near-duplicates as sources, or,
// with global, from scope: local to global.
func (s *Sleeper) Promote(ctx context.Context, refs []string, global bool) (*Report, error) {
	what := "rules"
	if global {
		what = "global"
	}
	return s.byHand(ctx, fmt.Sprintf("sleep: promote %d memories to %s", len(refs), what), func(p *planner) error {
		only := map[*mem]bool{}
		for _, ref := range refs {
			m, err := p.resolve(ctx, ref)
			if err != nil {
				return err
			}
			if m == nil {
				continue
			}
			if global {
				if m.d.Scope != "local" {
					p.notef("%s is already global", m.d.Path)
					continue
				}
				if p.set(m, doc.FieldScope, "global") {
					p.act(Action{Kind: KindGlobal, Path: m.d.Path, ID: m.d.ID, Detail: "by hand"})
				}
				continue
			}
			c := m.canon
			switch {
			case c.d.PromotedTo != "":
				p.notef("%s is already promoted to %s", m.d.Path, c.d.PromotedTo)
				continue
			case c.d.Status != "active" || !decays(c):
				return fmt.Errorf("%s: only an active memory under mind/ is promoted (status %s)", m.d.Path, c.d.Status)
			}
			only[c] = true
		}
		if len(only) > 0 {
			p.curate(only, true)
		}
		return nil
	})
}

// keyCachePath holds the near-duplicate keys of the memories, by body
// hash and type: a cache (deleting it costs one run the reading of every
// memory's words). The version is in the name: a change of note or key
// makes a new file.
func keyCachePath(l vault.Layout) string { return l.Path(".cortex", "sleep-keys.v1") }

func keyCacheKey(d index.Doc) string { return d.SourceHash + " " + d.Type }

func readKeyCache(l vault.Layout) map[string]uint64 {
	data, err := os.ReadFile(keyCachePath(l))
	if err != nil {
		return map[string]uint64{}
	}
	var m map[string]uint64
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&m); err != nil || m == nil {
		return map[string]uint64{}
	}
	return m
}

func writeKeyCache(l vault.Layout, m map[string]uint64) error {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(m); err != nil {
		return err
	}
	if err := l.FS().MkdirAll(l.CacheDir(), 0o755); err != nil {
		return err
	}
	return l.FS().WriteFile(keyCachePath(l), b.Bytes(), 0o644)
}

// load reads the index into the plan and links merged memories to their
// canonical one; with history, it starts reading what outdated needs
// (readHistory).
func (p *planner) load(ctx context.Context, history bool) error {
	// Near-duplicates need each memory's key (see note.key). Keys are
	// kept in .cortex/ by body hash and type; only memories not seen
	// before have their bodies read, on every core.
	cache := readKeyCache(p.s.l)
	var need []*mem
	add := func(d index.Doc, body string) error {
		// A document a person is changing is not committed state: the
		// plan neither acts on it nor counts it for others (as a
		// canonical memory, a source of a rule).
		if p.editing(d.Path) {
			return nil
		}
		m := &mem{d: d}
		m.canon = m
		p.mems = append(p.mems, m)
		if d.ID != "" {
			p.byID[d.ID] = m
		}
		switch {
		case strings.HasPrefix(d.Path, index.RulesPrefix):
			m.body = body
		case decays(m) && m.active() && d.ID != "" && d.Type != "":
			if k, ok := cache[keyCacheKey(d)]; ok {
				m.key, m.keyed = k, true
			} else {
				need = append(need, m)
			}
		}
		return nil
	}
	for _, r := range []struct {
		prefix string
		body   bool
	}{{"mind/", false}, {index.RulesPrefix, true}, {"vault/", false}} {
		if err := p.s.ix.Each(ctx, r.prefix, r.body, add); err != nil {
			return err
		}
	}
	if history {
		p.readHistory(ctx) // while the keys are made
	}
	p.dateUndated(ctx)
	const chunk = 2000
	for i := 0; i < len(need); i += chunk {
		part := need[i:min(i+chunk, len(need))]
		paths := make([]string, len(part))
		for j, m := range part {
			paths[j] = m.d.Path
		}
		bodies, err := p.s.ix.Bodies(ctx, paths)
		if err != nil {
			return err
		}
		onEveryCore(len(part), func(j int) {
			m := part[j]
			n := newNote(bodies[m.d.Path])
			m.key, m.keyed = n.key(m.d.Type), true
		})
	}
	fresh := make(map[string]uint64, len(cache)+len(need))
	for _, m := range p.mems {
		if m.keyed {
			fresh[keyCacheKey(m.d)] = m.key
		}
	}
	if len(need) > 0 || len(fresh) != len(cache) {
		if err := writeKeyCache(p.s.l, fresh); err != nil {
			p.s.log.Warn("maintain: the near-duplicate key cache is not saved; keys are computed again next run", "err", err)
		}
	}
	for _, m := range p.mems {
		if c, ok := p.byID[m.d.SupersededBy]; ok && m.d.SupersededBy != "" && c != m {
			m.canon = c
		}
	}
	return nil
}

// onEveryCore calls fn(0) … fn(n-1) on as many goroutines as there are
// cores, and returns when all have returned.
func onEveryCore(n int, fn func(i int)) {
	var wg sync.WaitGroup
	workers := min(n, runtime.GOMAXPROCS(0))
	for w := range workers {
		wg.Go(func() {
			for i := w; i < n; i += workers {
				fn(i)
			}
		})
	}
	wg.Wait()
}
