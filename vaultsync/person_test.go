package vaultsync_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/rules"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vaultsync"
)

// observe appends one observation of body to m's buffer, seen at when in
// session.
func (m *machine) observe(t *testing.T, body, session string, when time.Time) {
	t.Helper()
	if err := observer.AppendObservations(context.Background(), m.l, observer.Observation{
		Timestamp: when, Bucket: observer.BucketExplicit, Type: "fact", Body: body,
		Attribution: "owner", SessionID: session,
	}); err != nil {
		t.Fatal(err)
	}
}

// maintain runs the sleep cycle once at now.
func (m *machine) maintain(t *testing.T, now time.Time) *rules.Report {
	t.Helper()
	ctx := context.Background()
	s, err := rules.Open(ctx, m.l, rules.Options{Now: func() time.Time { return now }, Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rep, err := s.Run(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// memoryOf is the vault-relative path of the one memory whose source_hash
// is hash.
func (m *machine) memoryOf(t *testing.T, hash string) string {
	t.Helper()
	var found []string
	filepath.WalkDir(filepath.Join(m.l.Root, "mind"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if pd, err := doc.Parse(data); err == nil && pd.Doc.SourceHash == hash {
			rel, _ := filepath.Rel(m.l.Root, p)
			found = append(found, filepath.ToSlash(rel))
		}
		return nil
	})
	if len(found) != 1 {
		t.Fatalf("%s: %d memories of %s: %v", m.l.Root, len(found), hash, found)
	}
	return found[0]
}

// docAt is the document at the vault-relative path rel of m.
func (m *machine) docAt(t *testing.T, rel string) *doc.Document {
	t.Helper()
	return &m.parsedAt(t, rel).Doc
}

// parsedAt is the file at the vault-relative path rel of m, parsed.
func (m *machine) parsedAt(t *testing.T, rel string) *doc.Parsed {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(m.l.Root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	pd, err := doc.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return pd
}

// rewrite is a person rewriting the memory at rel in their own words (the
// source_hash their editor's plugin keeps in step), committed by hand.
func (m *machine) rewrite(t *testing.T, rel, body string) {
	t.Helper()
	p := filepath.Join(m.l.Root, filepath.FromSlash(rel))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	pd, err := doc.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	end := strings.Index(text[4:], "\n---\n")
	front := strings.Replace(text[:4+end], "source_hash: "+pd.Doc.SourceHash, "source_hash: "+doc.Hash(body), 1)
	if err := os.WriteFile(p, []byte(front+"\n---\n\n"+body+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, m.l.Root, "commit", "-qm", "my own words", "--", rel)
}

// mustSync syncs m and fails the test on an error.
func (m *machine) mustSync(t *testing.T) {
	t.Helper()
	if _, err := m.sync(t); err != nil {
		t.Fatalf("sync of %s: %v", filepath.Base(m.l.Root), err)
	}
}

// sameTrees checks that the machines hold one tree, with nothing left
// uncommitted and no conflict marker in the memories.
func sameTrees(t *testing.T, ms []*machine) {
	t.Helper()
	tree := git(t, ms[0].l.Root, "rev-parse", "HEAD^{tree}")
	for _, m := range ms {
		if got := git(t, m.l.Root, "rev-parse", "HEAD^{tree}"); got != tree {
			t.Errorf("%s: tree %s, want %s", filepath.Base(m.l.Root), got, tree)
		}
		if st := git(t, m.l.Root, "status", "--porcelain"); st != "" {
			t.Errorf("%s: git status:\n%s", filepath.Base(m.l.Root), st)
		}
		readDocs(t, m.l.Root)
	}
}

// TestSyncMergesRegeneratedView: MEMORY.md, the view maintain generates,
// regenerated on two machines from different memories, is no conflict: the
// sync takes one side's (the next maintain regenerates it from the merged
// memories), and a person's plain git pull merges it the same way.
func TestSyncMergesRegeneratedView(t *testing.T) {
	bin := buildCortex(t)
	gitEnv(t)
	day := time.Date(2026, 2, 16, 8, 0, 0, 0, time.UTC)
	for _, how := range []string{"sync", "sync, without the view's attribute", "git pull"} {
		t.Run(how, func(t *testing.T) {
			ms, _ := newMachines(t, bin, 2)
			a, b := ms[0], ms[1]
			if how == "sync, without the view's attribute" {
				// A vault whose .gitattributes predates the view's line:
				// git merges MEMORY.md as text, and the sync settles it.
				for _, m := range ms {
					p := filepath.Join(m.l.Root, ".git", "info", "attributes")
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, []byte("/"+rules.ViewFile+" !merge\n"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			a.observe(t, "The build server was moved to the basement rack.", "0195a000-0000-7000-8000-00000000000a", day)
			a.process(t)
			a.maintain(t, day.Add(time.Hour))
			b.observe(t, "Releases are tagged from the main branch only.", "0195a000-0000-7000-8000-00000000000b", day)
			b.process(t)
			b.maintain(t, day.Add(time.Hour))
			a.mustSync(t)
			if how != "git pull" {
				b.mustSync(t)
			} else {
				git(t, b.l.Root, "pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
				git(t, b.l.Root, "push", "-q", "origin", "main")
			}
			a.mustSync(t)
			sameTrees(t, ms)
			view, err := os.ReadFile(filepath.Join(a.l.Root, rules.ViewFile))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(view), rules.ViewHeader) || strings.Contains(string(view), "<<<<<<<") {
				t.Fatalf("%s after the merge:\n%s", rules.ViewFile, view)
			}
			// The next maintain shows both machines' memories.
			a.maintain(t, day.Add(2*time.Hour))
			view, err = os.ReadFile(filepath.Join(a.l.Root, rules.ViewFile))
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"basement rack", "main branch only"} {
				if !strings.Contains(string(view), want) {
					t.Errorf("%s regenerated lacks %q:\n%s", rules.ViewFile, want, view)
				}
			}
		})
	}
}

// TestSyncKeepsRewrittenBody: a memory's body a person rewrote and
// committed on one machine, while the other machine reinforced the memory
// or created it again from the same observation, is no conflict: the
// merge keeps the person's body and counts the other machine's
// reinforcements.
func TestSyncKeepsRewrittenBody(t *testing.T) {
	bin := buildCortex(t)
	gitEnv(t)
	day := time.Date(2026, 2, 16, 8, 0, 0, 0, time.UTC)
	const said = "The staging database runs on the old cluster."
	const mine = "In my own words: staging's database was moved to the new cluster."
	type rewriteCase struct {
		name string
		// other is what the second machine does meanwhile (nil: it observes
		// said before any sync, creating the memory again); seen is how
		// many times it observed said.
		other func(t *testing.T, b *machine)
		seen  int
	}
	cases := []rewriteCase{
		{"reinforced there", func(t *testing.T, b *machine) {
			b.observe(t, said, "0195a000-0000-7000-8000-00000000000b", day.Add(time.Hour))
			b.process(t)
		}, 1},
		{"reinforced twice there", func(t *testing.T, b *machine) {
			b.observe(t, said, "0195a000-0000-7000-8000-00000000000b", day.Add(time.Hour))
			b.observe(t, said, "0195a000-0000-7000-8000-00000000000c", day.Add(2*time.Hour))
			b.process(t)
		}, 2},
		{"created there too", nil, 1},
	}
	type run struct {
		tc    rewriteCase
		first int // the machine that syncs first: 0 the rewriter
		// how: "sync"; "no driver" (a repository where the merge driver
		// does not run, so the sync settles it from the history); "git
		// pull" (the first machine merges with a person's plain git pull).
		how string
	}
	var runs []run
	for _, tc := range cases {
		for _, first := range []int{0, 1} {
			hows := []string{"sync"}
			if tc.other == nil {
				hows = append(hows, "no driver", "git pull")
			}
			for _, how := range hows {
				runs = append(runs, run{tc, first, how})
			}
		}
	}
	for _, r := range runs {
		tc, first := r.tc, r.first
		name := fmt.Sprintf("%s, %s first, by %s", tc.name, map[int]string{0: "the rewriter", 1: "the other"}[first], r.how)
		t.Run(name, func(t *testing.T) {
			ms, _ := newMachines(t, bin, 2)
			a, b := ms[0], ms[1]
			if r.how == "no driver" {
				for _, m := range ms {
					git(t, m.l.Root, "config", "--local", "--remove-section", "merge.cortex")
				}
			}
			a.observe(t, said, "0195a000-0000-7000-8000-00000000000a", day)
			a.process(t)
			if tc.other != nil {
				a.mustSync(t)
				b.mustSync(t)
			}
			rel := a.memoryOf(t, doc.Hash(said))
			a.rewrite(t, rel, mine)
			if tc.other != nil {
				tc.other(t, b)
			} else {
				b.observe(t, said, "0195a000-0000-7000-8000-00000000000b", day.Add(time.Minute))
				b.process(t)
			}
			if r.how == "git pull" {
				// The first machine pushes; the other merges by hand.
				ms[first].mustSync(t)
				git(t, ms[1-first].l.Root, "pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
				git(t, ms[1-first].l.Root, "push", "-q", "origin", "main")
			} else {
				ms[first].mustSync(t)
				ms[1-first].mustSync(t)
			}
			ms[first].mustSync(t)
			sameTrees(t, ms)
			data, err := os.ReadFile(filepath.Join(a.l.Root, filepath.FromSlash(a.memoryOf(t, doc.Hash(mine)))))
			if err != nil {
				t.Fatal(err)
			}
			pd, err := doc.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			if strings.TrimSpace(pd.Body()) != mine {
				t.Errorf("body %q, want the person's", pd.Body())
			}
			if pd.Doc.Reinforced != tc.seen {
				t.Errorf("reinforced %d, want %d:\n%s", pd.Doc.Reinforced, tc.seen, data)
			}
			docs := readDocs(t, a.l.Root)
			if n := len(docs[doc.Hash(said)]); n != 0 {
				t.Errorf("%d documents of the body the person rewrote are back", n)
			}
		})
	}
}

// promote promotes the memory at rel into rules/ by hand at now.
func (m *machine) promote(t *testing.T, rel string, now time.Time) {
	t.Helper()
	ctx := context.Background()
	s, err := rules.Open(ctx, m.l, rules.Options{Now: func() time.Time { return now }, Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Promote(ctx, []string{rel}, false); err != nil {
		t.Fatalf("promote %s: %v", rel, err)
	}
}

// TestSyncMergesRulesPromotedOnBothMachines: the curator appends to
// rules/facts.md on every machine, and two machines that promote before
// they sync — each starting the file, or each appending to the file they
// share — are no conflict: the merged file holds every machine's rule once
// (issue 22, harness: "a true conflict in rules/facts.md").
func TestSyncMergesRulesPromotedOnBothMachines(t *testing.T) {
	bin := buildCortex(t)
	gitEnv(t)
	day := time.Date(2026, 2, 16, 8, 0, 0, 0, time.UTC)
	saids := []string{
		"The build cache holds 51 parallel jobs.",
		"The search index skips the warm-up on Mondays.",
		"The backup job uses 10 workers.",
	}
	for _, shared := range []bool{false, true} {
		for _, how := range []string{"sync", "no driver", "git pull"} {
			name := map[bool]string{false: "started on both", true: "appended on both"}[shared] + ", by " + how
			t.Run(name, func(t *testing.T) {
				ms, _ := newMachines(t, bin, 2)
				a, b := ms[0], ms[1]
				if how == "no driver" {
					for _, m := range ms {
						git(t, m.l.Root, "config", "--local", "--remove-section", "merge.cortex")
					}
				}
				for i, said := range saids {
					a.observe(t, said, fmt.Sprintf("0195a000-0000-7000-8000-00000000000%d", i), day)
				}
				a.process(t)
				a.mustSync(t)
				b.mustSync(t)
				if shared {
					a.promote(t, a.memoryOf(t, doc.Hash(saids[2])), day.Add(time.Hour))
					a.mustSync(t)
					b.mustSync(t)
				}
				a.promote(t, a.memoryOf(t, doc.Hash(saids[0])), day.Add(2*time.Hour))
				b.promote(t, b.memoryOf(t, doc.Hash(saids[1])), day.Add(3*time.Hour))
				// The same memory promoted on both machines is one rule.
				a.promote(t, a.memoryOf(t, doc.Hash(saids[1])), day.Add(4*time.Hour))
				a.mustSync(t)
				if how == "git pull" {
					git(t, b.l.Root, "pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
					git(t, b.l.Root, "push", "-q", "origin", "main")
				} else {
					b.mustSync(t)
				}
				a.mustSync(t)
				sameTrees(t, ms)
				data, err := os.ReadFile(filepath.Join(a.l.Root, "rules", "facts.md"))
				if err != nil {
					t.Fatal(err)
				}
				pd, err := doc.Parse(data)
				if err != nil {
					t.Fatal(err)
				}
				want := 2
				if shared {
					want = 3
				}
				if got := doc.RuleEntries(pd.Doc.Body); len(got) != want {
					t.Errorf("%d rules, want %d:\n%s", len(got), want, data)
				}
				for _, said := range saids[:want] {
					if n := strings.Count(string(data), said); n != 1 {
						t.Errorf("%q in %d rules, want 1:\n%s", said, n, data)
					}
				}
				if pd.Doc.SourceHash != doc.Hash(pd.Doc.Body) {
					t.Errorf("source_hash does not follow the body:\n%s", data)
				}
			})
		}
	}
}

// TestSyncRemovesACommittedLink: a link to a folder outside the vault that
// a person committed in a memory folder, and later deleted on another
// machine, is removed by the sync that brings the deletion in — the link
// itself, never what it points to (issue 22, harness: "sync: remove …:
// refusing to write outside the vault").
func TestSyncRemovesACommittedLink(t *testing.T) {
	bin := buildCortex(t)
	gitEnv(t)
	ms, _ := newMachines(t, bin, 2)
	a, b := ms[0], ms[1]
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "note.md"), []byte("not the vault's"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join("mind", "concepts", "linked-dir")
	if err := os.MkdirAll(filepath.Join(a.l.Root, "mind", "concepts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(a.l.Root, link)); err != nil {
		t.Fatal(err)
	}
	git(t, a.l.Root, "add", filepath.ToSlash(link))
	git(t, a.l.Root, "commit", "-qm", "a link of mine")
	a.mustSync(t)
	b.mustSync(t)
	if fi, err := os.Lstat(filepath.Join(b.l.Root, link)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link did not come to the other machine: %v", err)
	}
	git(t, a.l.Root, "rm", "-q", filepath.ToSlash(link))
	git(t, a.l.Root, "commit", "-qm", "no link after all")
	a.mustSync(t)
	b.mustSync(t)
	if _, err := os.Lstat(filepath.Join(b.l.Root, link)); !os.IsNotExist(err) {
		t.Errorf("the link is still there: %v", err)
	}
	if data, err := os.ReadFile(filepath.Join(outside, "note.md")); err != nil || string(data) != "not the vault's" {
		t.Errorf("outside: %q, %v", data, err)
	}
	sameTrees(t, ms)
}

// TestSyncRecordsItsOutcomeUnderTheLock: a sync records its outcome
// (.cortex/sync.json, which cortex status reads) itself, while it still
// holds the memorizer lock, so that the next holder of the lock knows a
// temp file of sync.json there is a killed sync's and removes it (issue
// 22, harness: ".cortex/.sync.json.tmp-N" left after a killed sync).
func TestSyncRecordsItsOutcomeUnderTheLock(t *testing.T) {
	bin := buildCortex(t)
	gitEnv(t)
	ms, _ := newMachines(t, bin, 2)
	a := ms[0]
	// A sync killed in the write of its outcome, and one killed in the
	// write of its journal (session 14, world 245).
	lefts := []string{filepath.Join(a.l.CacheDir(), ".sync.json.tmp-3872249327"), filepath.Join(a.l.CacheDir(), ".sync-journal.json.tmp-1533893704")}
	if err := os.MkdirAll(a.l.CacheDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, left := range lefts {
		if err := os.WriteFile(left, []byte("{"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a.mustSync(t)
	st, err := vaultsync.LoadStatus(a.l)
	if err != nil || st == nil || st.LastOK == nil {
		t.Fatalf("the sync's outcome is not recorded: %+v, %v", st, err)
	}
	for _, left := range lefts {
		if _, err := os.Lstat(left); !os.IsNotExist(err) {
			t.Errorf("a killed sync's temp file is still there: %s: %v", filepath.Base(left), err)
		}
	}
}

// TestSyncKeepsANewMemoryWhereItWasWritten: one machine archives the only
// memory of a folder (a move into mind/archive/), the other writes a new
// memory into that folder. Git's merge reads the first as the folder
// renamed and would move the new memory into mind/archive/ too, a
// conflict ("file location"): sync merges without directory renames, so
// each memory stays where it was written (harness, session 10, world 41).
func TestSyncKeepsANewMemoryWhereItWasWritten(t *testing.T) {
	bin := buildCortex(t)
	gitEnv(t)
	ms, _ := newMachines(t, bin, 2)
	a, b := ms[0], ms[1]
	put := func(m *machine, rel, body string) {
		t.Helper()
		p := filepath.Join(m.l.Root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("---\ntype: fact\n---\n\n"+body+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		git(t, m.l.Root, "add", rel)
		git(t, m.l.Root, "commit", "-qm", "a note")
	}
	put(a, "mind/concepts/one.md", "The first note of the folder.")
	a.mustSync(t)
	b.mustSync(t)
	if err := os.MkdirAll(filepath.Join(b.l.Root, "mind", "archive", "concepts"), 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, b.l.Root, "mv", "mind/concepts/one.md", "mind/archive/concepts/one.md")
	git(t, b.l.Root, "commit", "-qm", "archived")
	put(a, "mind/concepts/two.md", "A second note, written meanwhile.")
	a.mustSync(t)
	b.mustSync(t)
	a.mustSync(t)
	for _, m := range ms {
		if _, err := os.Stat(filepath.Join(m.l.Root, "mind", "concepts", "two.md")); err != nil {
			t.Errorf("%s: the new note is not where it was written: %v", m.l.Root, err)
		}
	}
	sameTrees(t, ms)
}

// TestSyncKilledInItsAdvance: a sync killed while it brings the remote's
// changes in, then the person commits everything git shows them (`git
// add -A`), as after any interrupted command. Nothing the other machine
// wrote may be taken back by that commit: a new memory and a change of an
// old one reach both machines (the harness, session 10 worlds 78 and 94:
// memories short of a reinforcement and a line with no document, on both
// machines).
func TestSyncKilledInItsAdvance(t *testing.T) {
	bin := buildCortex(t)
	for _, c := range []struct {
		name          string
		commits, torn bool
	}{{"the person commits", true, false}, {"the next sync", false, false}, {"a file torn by the kill", false, true}} {
		t.Run(c.name, func(t *testing.T) {
			killedInAdvance(t, bin, c.commits, c.torn)
		})
	}
}

// killedInAdvance kills a sync of A between its two steps; commits: the
// person then commits what it staged; torn: the kill came while git's
// checkout-index wrote a file, which holds the start of its new content
// (TestSyncKillTree's round that kills checkout-index).
func killedInAdvance(t *testing.T, bin string, commits, torn bool) {
	gitEnv(t)
	ms, _ := newMachines(t, bin, 2)
	a, b := ms[0], ms[1]
	t0 := time.Date(2026, 2, 16, 10, 0, 0, 0, time.UTC)
	old, fresh := "The release train leaves on Thursdays.", "The backup job needs two hours."
	a.observe(t, old, "cli", t0)
	a.process(t)
	a.mustSync(t)
	b.mustSync(t)
	b.observe(t, old, "cli", t0.Add(time.Hour)) // a reinforcement
	b.observe(t, fresh, "cli", t0.Add(2*time.Hour))
	b.process(t)
	b.mustSync(t)

	_, err := vaultsync.Sync(context.Background(), a.l, vaultsync.KilledInAdvance(vaultsync.Options{Logger: quiet()}))
	if err == nil {
		t.Fatal("the killed sync reported no error")
	}
	if torn {
		data, err := os.ReadFile(a.l.SyncJournal())
		if err != nil {
			t.Fatal(err)
		}
		var j struct{ Paths []string }
		if err := json.Unmarshal(data, &j); err != nil {
			t.Fatal(err)
		}
		tore := ""
		for _, p := range j.Paths {
			full := filepath.Join(a.l.Root, filepath.FromSlash(p))
			if data, err := os.ReadFile(full); err == nil && len(data) > 20 {
				if err := os.WriteFile(full, data[:len(data)/3], 0o644); err != nil {
					t.Fatal(err)
				}
				tore = p
				break
			}
		}
		if tore == "" {
			t.Fatalf("no file of the journal's %v to tear", j.Paths)
		}
	}
	if commits {
		git(t, a.l.Root, "add", "-A")
		if st := git(t, a.l.Root, "status", "--porcelain"); st != "" {
			git(t, a.l.Root, "commit", "-qm", "my edits")
		}
	}
	a.mustSync(t)
	if st := git(t, a.l.Root, "status", "--porcelain"); st != "" {
		t.Errorf("after the next sync, git status shows:\n%s", st)
	}
	b.mustSync(t)
	a.mustSync(t)
	for _, m := range ms {
		for body, want := range map[string]int{old: 1, fresh: 0} {
			if got := m.docAt(t, m.memoryOf(t, doc.Hash(body))).Reinforced; got != want {
				t.Errorf("%s: %q reinforced %d times, want %d", filepath.Base(m.l.Root), body, got, want)
			}
		}
	}
	sameTrees(t, ms)
}

// TestSyncMergesAMoveGitDoesNotPair: one machine's sleep archived a
// memory (a move into mind/archive/) and a person there then rewrote it
// in their own words; the other machine reinforced it where it was. git
// pairs a move by content, and the rewrite left too little of it: git
// sees the memory deleted on one side and changed on the other, a
// conflict (the harness, session 12 world 16; session 9 world 97). The
// document's id says it is one memory moved: the sync merges the other
// side's change into it where it moved, as it would a move git paired.
func TestSyncMergesAMoveGitDoesNotPair(t *testing.T) {
	bin := buildCortex(t)
	gitEnv(t)
	day, said, mine := movedDay, movedSaid, movedMine
	for _, first := range []int{0, 1} {
		t.Run(map[int]string{0: "the archiver first", 1: "the reinforcer first"}[first], func(t *testing.T) {
			ms, rel := movedShared(t, bin)
			a, b := ms[0], ms[1]

			a.maintain(t, day.AddDate(2, 6, 0))
			archived := a.memoryOf(t, doc.Hash(said))
			if !strings.HasPrefix(archived, "mind/archive/") {
				t.Fatalf("the sleep left %s where it was (%s)", rel, archived)
			}
			a.rewrite(t, archived, mine)
			b.observe(t, said, "0195a000-0000-7000-8000-00000000000b", day.Add(time.Hour))
			b.process(t)

			ms[first].mustSync(t)
			ms[1-first].mustSync(t)
			ms[first].mustSync(t)
			sameTrees(t, ms)
			wantRewrittenArchived(t, ms, rel, archived, mine)
		})
	}
}

// The memory of the tests of a move git does not pair: said, observed on
// movedDay, and the person's rewrite of it, mine — long enough that git no
// longer takes the archived document for the one it was (under half of it
// is left).
var movedDay = time.Date(2026, 2, 16, 8, 0, 0, 0, time.UTC)

const (
	movedSaid = "The nightly export writes to the old bucket."
	movedMine = "In my own words: the export was moved to the new bucket in March, runs at noon since, " +
		"and writes one file per team; the old bucket is read-only and goes away at the end of the year, " +
		"so nothing should point at it any more — check the dashboards and the runbook before then."
)

// movedShared makes two machines that share the memory movedSaid,
// observed on the first on movedDay, and returns them and its path.
func movedShared(t *testing.T, bin string) ([]*machine, string) {
	t.Helper()
	ms, _ := newMachines(t, bin, 2)
	ms[0].observe(t, movedSaid, "0195a000-0000-7000-8000-00000000000a", movedDay)
	ms[0].process(t)
	ms[0].mustSync(t)
	ms[1].mustSync(t)
	return ms, ms[0].memoryOf(t, doc.Hash(movedSaid))
}

// wantRewrittenArchived checks every machine holds the memory once, at
// archived (not back at rel): the person's body mine, archived, with the
// other machine's one reinforcement.
func wantRewrittenArchived(t *testing.T, ms []*machine, rel, archived, mine string) {
	t.Helper()
	for _, m := range ms {
		if _, err := os.Stat(filepath.Join(m.l.Root, filepath.FromSlash(rel))); err == nil {
			t.Errorf("%s: the memory is back at %s", filepath.Base(m.l.Root), rel)
		}
		got := m.memoryOf(t, doc.Hash(mine))
		if got != archived {
			t.Fatalf("%s: the rewritten memory at %s, want %s", filepath.Base(m.l.Root), got, archived)
		}
		pd := m.parsedAt(t, got)
		if strings.TrimSpace(pd.Body()) != mine || pd.Doc.Reinforced != 1 || pd.Doc.Status != "archived" {
			t.Errorf("%s: want the person's body, archived, with the other machine's reinforcement:\n%s", filepath.Base(m.l.Root), pd.Bytes())
		}
	}
}

// TestSyncMergesAMoveBothSidesMade: both machines archive the same memory
// — one after a person rewrote it in their own words (git no longer pairs
// that side's move: under half of the document is left), the other after
// reinforcing it. Git's merge sees one side's rename and the other's
// delete and add, and so an add/add at the archive path with no base: the
// sync finds the base by the document's id at its old path and merges by
// Cortex's rules (session 13's long run, world 9; session 12 world 144).
func TestSyncMergesAMoveBothSidesMade(t *testing.T) {
	bin := buildCortex(t)
	gitEnv(t)
	day, said, mine := movedDay, movedSaid, movedMine
	ms, rel := movedShared(t, bin)
	a, b := ms[0], ms[1]

	a.rewrite(t, rel, mine)
	b.observe(t, said, "0195a000-0000-7000-8000-00000000000b", day.Add(time.Hour))
	b.process(t)
	later := day.AddDate(2, 6, 0)
	a.maintain(t, later)
	b.maintain(t, later)
	archived := a.memoryOf(t, doc.Hash(mine))
	if !strings.HasPrefix(archived, "mind/archive/") || b.memoryOf(t, doc.Hash(said)) != archived {
		t.Fatalf("want both machines to archive %s at one path: A %s, B %s", rel, archived, b.memoryOf(t, doc.Hash(said)))
	}

	a.mustSync(t)
	b.mustSync(t)
	a.mustSync(t)
	sameTrees(t, ms)
	wantRewrittenArchived(t, ms, rel, archived, mine)
}

// TestSyncMergesARewriteCreatedAgainAndArchivedOnBothMachines: on one
// machine a person rewrote a memory in their own words, a repeat of the
// old wording then created it again (at the path's "-2" name: the rewrite
// no longer has the observation's source_hash), and the sleep archived
// both; the other machine's sleep archived the original. Git pairs the
// other machine's move with the re-creation — it has the base's bytes —
// and sees the archived rewrite as an add at the other machine's path: a
// rename to two names beside an add/add (the harness, session 14 world
// 243). Paired by the documents' ids, the memory moved on both machines
// to one path, and the re-creation is new.
func TestSyncMergesARewriteCreatedAgainAndArchivedOnBothMachines(t *testing.T) {
	bin := buildCortex(t)
	gitEnv(t)
	day, said, mine := movedDay, movedSaid, movedMine
	ms, rel := movedShared(t, bin)
	a, b := ms[0], ms[1]

	a.rewrite(t, rel, mine)
	a.observe(t, said, "0195a000-0000-7000-8000-00000000000c", day.Add(time.Hour))
	a.process(t)
	again := a.memoryOf(t, doc.Hash(said))
	if again == rel {
		t.Fatalf("the repeat reinforced the rewritten memory at %s instead of creating it again", rel)
	}
	later := day.AddDate(2, 6, 0)
	a.maintain(t, later)
	b.maintain(t, later)
	archived := a.memoryOf(t, doc.Hash(mine))
	if !strings.HasPrefix(archived, "mind/archive/") || b.memoryOf(t, doc.Hash(said)) != archived ||
		!strings.HasPrefix(a.memoryOf(t, doc.Hash(said)), "mind/archive/") {
		t.Fatalf("want both machines to archive %s at one path and A its re-creation: A %s and %s, B %s",
			rel, archived, a.memoryOf(t, doc.Hash(said)), b.memoryOf(t, doc.Hash(said)))
	}
	againArchived := a.memoryOf(t, doc.Hash(said))

	a.mustSync(t)
	b.mustSync(t)
	a.mustSync(t)
	sameTrees(t, ms)
	for _, m := range ms {
		if got := m.memoryOf(t, doc.Hash(mine)); got != archived {
			t.Errorf("%s: the rewritten memory at %s, want %s", filepath.Base(m.l.Root), got, archived)
		}
		if got := m.memoryOf(t, doc.Hash(said)); got != againArchived {
			t.Errorf("%s: the re-created memory at %s, want %s", filepath.Base(m.l.Root), got, againArchived)
		}
	}
}

// TestSyncFoldedCopyPromotedOnBothMachines: one memory created on two
// machines on one day has one path. B synced its copy first; A's sync
// folded it into A's older copy, which took the path, and A promoted
// that; B, not synced since, promoted its own copy. At B's next sync the
// path holds base's document changed on one side and another document of
// the same memory on the other: the copy folded stays folded, and what B
// did to it moves to the document kept (harness, session 16 world 311:
// "a true conflict … edited on both machines").
func TestSyncFoldedCopyPromotedOnBothMachines(t *testing.T) {
	bin := buildCortex(t)
	gitEnv(t)
	ms, _ := newMachines(t, bin, 2)
	a, b := ms[0], ms[1]
	const said = "The release train needs twelve shards in the second setup."
	day := movedDay
	a.observe(t, said, "0195a000-0000-7000-8000-0000000000a1", day)
	// Reinforced on A before the fold: its count stands where B's copy
	// gets its promotion, after session_id — a line merge's conflict.
	a.observe(t, said, "0195a000-0000-7000-8000-0000000000a2", day.Add(30*time.Second))
	a.process(t)
	b.observe(t, said, "0195a000-0000-7000-8000-0000000000b1", day.Add(time.Minute))
	b.process(t)
	rel := a.memoryOf(t, doc.Hash(said))
	if b.memoryOf(t, doc.Hash(said)) != rel {
		t.Fatalf("the two copies are not at one path: A %s, B %s", rel, b.memoryOf(t, doc.Hash(said)))
	}
	idA := a.docAt(t, rel).ID
	b.mustSync(t)
	a.mustSync(t)
	if got := a.docAt(t, rel).ID; got != idA {
		t.Fatalf("A's sync kept %s at %s, want A's older copy %s", got, rel, idA)
	}
	a.promote(t, rel, day.Add(time.Hour))
	a.mustSync(t)
	b.promote(t, rel, day.Add(2*time.Hour))
	b.mustSync(t)
	a.mustSync(t)
	sameTrees(t, ms)
	for _, m := range ms {
		if d := m.docAt(t, rel); d.ID != idA || d.Reinforced != 2 || d.PromotedTo == "" {
			t.Errorf("%s: %s holds id %s, reinforced %d, promoted_to %q; want A's %s, reinforced twice (A's repeat, B's copy), promoted",
				filepath.Base(m.l.Root), rel, d.ID, d.Reinforced, d.PromotedTo, idA)
		}
		if got := m.memoryOf(t, doc.Hash(said)); got != rel {
			t.Errorf("%s: the memory at %s, want %s", filepath.Base(m.l.Root), got, rel)
		}
	}
}

// TestSyncFoldsCopiesAPersonsRebaseBroughtTogether: B memorized a body
// and its sleep archived it; A, never having seen it, memorized it anew
// on the same day, and a person on A rebased A's commits onto B's
// history — no merge of sync's, so nothing folded the two copies (the
// archived one and the active one, at its archive twin's path). A's next
// sync makes one document of them before it sends anything out, whether
// the remote has moved on since (a merge) or not (a fast-forward), and
// both machines end with the copy created first, reinforced once (harness,
// session 16 worlds 374 and 262).
func TestSyncFoldsCopiesAPersonsRebaseBroughtTogether(t *testing.T) {
	bin := buildCortex(t)
	gitEnv(t)
	const said = "The review queue needs seventy-six shards in the fifteenth setup."
	for _, c := range []struct {
		name           string
		moved, editing bool
	}{{"fast-forward", false, false}, {"merge", true, false}, {"a person editing a copy", false, true}} {
		moved := c.moved
		t.Run(c.name, func(t *testing.T) {
			ms, _ := newMachines(t, bin, 2)
			a, b := ms[0], ms[1]
			day := movedDay
			b.observe(t, said, "0195a000-0000-7000-8000-0000000000b1", day)
			b.process(t)
			b.maintain(t, day.AddDate(2, 6, 0))
			archived := b.memoryOf(t, doc.Hash(said))
			if !strings.HasPrefix(archived, "mind/archive/") {
				t.Fatalf("B's sleep left the memory at %s", archived)
			}
			idB := b.docAt(t, archived).ID
			b.mustSync(t)
			a.observe(t, said, "0195a000-0000-7000-8000-0000000000a1", day.Add(time.Minute))
			a.process(t)
			git(t, a.l.Root, "fetch", "-q", "origin")
			git(t, a.l.Root, "rebase", "-q", "origin/main")
			if n := len(readDocs(t, a.l.Root)[doc.Hash(said)]); n != 2 {
				t.Fatalf("after the rebase A holds %d documents of the memory, want the 2 this test is about", n)
			}
			if moved {
				b.observe(t, "Another memory, so that the remote moved on.", "0195a000-0000-7000-8000-0000000000b2", day.Add(time.Hour))
				b.process(t)
				b.mustSync(t)
			}
			if c.editing {
				// The person has the active copy open and changed: the
				// sync changes nothing and says why, and folds the copies
				// once the person's change is gone.
				active := strings.TrimPrefix(archived, "mind/archive/")
				p := filepath.Join(a.l.Root, "mind", filepath.FromSlash(active))
				data, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				edited := strings.Replace(string(data), "importance: ", "importance: 0.9\n# was ", 1)
				if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
					t.Fatal(err)
				}
				if _, err := a.sync(t); err == nil || !strings.Contains(err.Error(), "mind/"+active) {
					t.Fatalf("the sync beside the person's change of a copy it must fold: %v; want a refusal naming mind/%s", err, active)
				}
				if got, err := os.ReadFile(p); err != nil || string(got) != edited {
					t.Fatalf("the sync changed the copy the person is editing: %v\n%s", err, got)
				}
				if n := len(readDocs(t, a.l.Root)[doc.Hash(said)]); n != 2 {
					t.Fatalf("A holds %d documents of the memory after a refused sync, want both left", n)
				}
				git(t, a.l.Root, "checkout", "--", "mind/"+active)
			}
			a.mustSync(t)
			b.mustSync(t)
			sameTrees(t, ms)
			for _, m := range ms {
				got := m.memoryOf(t, doc.Hash(said))
				if d := m.docAt(t, got); got != archived || d.ID != idB || d.Reinforced != 1 || d.Status != "archived" {
					t.Errorf("%s: the memory at %s (id %s, reinforced %d, %s), want B's archived copy at %s (id %s), reinforced once",
						filepath.Base(m.l.Root), got, d.ID, d.Reinforced, d.Status, archived, idB)
				}
			}
		})
	}
}

// TestSyncRemovesTheCheckoutFolderAKilledSyncLeft: sync writes the files
// it brings in whole — git checks them out into a folder of its own in
// .cortex/, and each is renamed into place (a kill in git's write of a
// file in place left it torn: harness, session 17 world 92) — and the
// folder a sync killed there left is removed by the next, which writes
// the files it brings as the history has them.
func TestSyncRemovesTheCheckoutFolderAKilledSyncLeft(t *testing.T) {
	bin := buildCortex(t)
	gitEnv(t)
	ms, _ := newMachines(t, bin, 2)
	a, b := ms[0], ms[1]
	const said = "The nightly job writes its report to the shared folder."
	a.observe(t, said, "0195a000-0000-7000-8000-0000000000a1", movedDay)
	a.process(t)
	a.mustSync(t)
	left := filepath.Join(b.l.Root, ".cortex", "sync-checkout-1234", "mind", "concepts")
	if err := os.MkdirAll(left, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(left, "half.md"), []byte("---\ntype: fa"), 0o644); err != nil {
		t.Fatal(err)
	}
	b.mustSync(t)
	if _, err := os.Stat(filepath.Dir(left)); !os.IsNotExist(err) {
		t.Errorf("the folder a killed sync left is still there: %v", err)
	}
	rel := b.memoryOf(t, doc.Hash(said))
	want := git(t, b.l.Root, "cat-file", "blob", "HEAD:"+rel)
	got, err := os.ReadFile(filepath.Join(b.l.Root, filepath.FromSlash(rel)))
	if err != nil || strings.TrimSpace(string(got)) != strings.TrimSpace(want) {
		t.Errorf("%s as written: %v\n%s\nwant\n%s", rel, err, got, want)
	}
	entries, err := os.ReadDir(filepath.Join(b.l.Root, ".cortex"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "sync-checkout-") {
			t.Errorf("the sync left its checkout folder %s", e.Name())
		}
	}
	sameTrees(t, ms)
}
