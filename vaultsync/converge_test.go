package vaultsync_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/cortex-vault/cortex/vault/index"
	"github.com/cortex-vault/cortex/vaultsync"
)

// gitEnv keeps the machine's git configuration and identity out of the
// tests and gives git an identity of its own.
func gitEnv(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, k := range []string{"AUTHOR", "COMMITTER"} {
		t.Setenv("GIT_"+k+"_NAME", "Test Person")
		t.Setenv("GIT_"+k+"_EMAIL", "test@example.com")
	}
}

// buildCortex builds the cortex binary the merge driver runs.
func buildCortex(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	bin := filepath.Join(t.TempDir(), "cortex")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/cortex").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := gitstore.Git(context.Background(), dir, nil, args...)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return string(out)
}

// machine is one clone of the vault.
type machine struct {
	l    vault.Layout
	note int // version of its line of the shared note
}

func newMachines(t *testing.T, bin string, n int) ([]*machine, string) {
	t.Helper()
	ctx := context.Background()
	root := t.TempDir()
	remote := filepath.Join(root, "remote.git")
	git(t, root, "init", "-q", "--bare", "-b", "main", remote)
	first := filepath.Join(root, "m0")
	if _, err := vault.Init(first, vault.InitOptions{}); err != nil {
		t.Fatal(err)
	}
	// The shared note: each machine edits its own line, with lines no one
	// edits between, so concurrent edits merge as git merges them.
	var body []string
	for i := range n {
		body = append(body, fmt.Sprintf("slot %d v0", i), "-", "-")
	}
	if err := os.MkdirAll(filepath.Join(first, "vault", "notes"), 0o755); err != nil {
		t.Fatal(err)
	}
	shared := "---\ntype: fact\n---\n\n" + strings.Join(body, "\n") + "\n"
	if err := os.WriteFile(filepath.Join(first, "vault", "notes", "shared.md"), []byte(shared), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, first, "add", "vault/notes/shared.md")
	git(t, first, "commit", "-qm", "shared note")
	git(t, first, "remote", "add", "origin", remote)
	git(t, first, "push", "-q", "origin", "main")
	var ms []*machine
	for i := range n {
		dir := filepath.Join(root, "m"+strconv.Itoa(i))
		if i > 0 {
			git(t, root, "clone", "-q", remote, dir)
			if _, err := vault.Init(dir, vault.InitOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := gitstore.RegisterMergeDriver(ctx, dir, bin); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, &machine{l: vault.Layout{Root: dir}})
	}
	return ms, remote
}

func (m *machine) process(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	mem, err := observer.Open(ctx, m.l, observer.Options{Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	res, err := mem.Process(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if res.Skipped > 0 || res.Quarantined > 0 {
		t.Errorf("%s: process: %+v", m.l.Root, res)
	}
}

func (m *machine) sync(t *testing.T) (*vaultsync.Report, error) {
	t.Helper()
	return vaultsync.Sync(context.Background(), m.l, vaultsync.Options{
		Logger: quiet(),
		Updated: func(ctx context.Context, rels []string) error {
			ix, err := index.Open(ctx, m.l, index.Options{Logger: quiet()})
			if err != nil {
				return err
			}
			defer ix.Close()
			return ix.Update(ctx, rels...)
		},
	})
}

// TestConvergence: three clones of one bare remote observe, process,
// reinforce the same memories, archive some by hand and edit a shared note,
// syncing in a seeded random order; at the end every clone has the same
// tree, every memory is one document whose reinforcements add up to what
// was observed, there is no conflict marker, and git fsck --strict passes.
func TestConvergence(t *testing.T) {
	rounds := 60
	if testing.Short() {
		rounds = 25
	}
	if s := os.Getenv("CORTEX_CONVERGENCE_ROUNDS"); s != "" {
		rounds, _ = strconv.Atoi(s)
	}
	seed := uint64(13)
	if s := os.Getenv("CORTEX_CONVERGENCE_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	bin := buildCortex(t) // before gitEnv: the build cache is under HOME
	gitEnv(t)
	ms, _ := newMachines(t, bin, 3)
	r := rand.New(rand.NewPCG(seed, 1))
	var bodies []string
	for i := range 12 {
		bodies = append(bodies, fmt.Sprintf("Memory number %d, seen by several machines.", i))
	}
	seen := map[string]int{}
	tick := 0
	days := []time.Time{
		time.Date(2026, 2, 16, 8, 0, 0, 0, time.UTC),
		time.Date(2026, 2, 17, 8, 0, 0, 0, time.UTC),
		time.Date(2026, 2, 18, 8, 0, 0, 0, time.UTC),
	}
	start := time.Now()
	syncs, failed := 0, 0
	for round := range rounds {
		m := ms[r.IntN(len(ms))]
		switch op := r.IntN(10); {
		case op < 4: // observe one to three things
			var obs []observer.Observation
			for range 1 + r.IntN(3) {
				tick++
				b := bodies[r.IntN(len(bodies))]
				seen[b]++
				obs = append(obs, observer.Observation{
					Timestamp: days[r.IntN(len(days))].Add(time.Duration(tick) * time.Second),
					Bucket:    observer.BucketExplicit, Type: "fact", Body: b,
					Attribution: "owner", SessionID: observer.SessionCLI,
				})
			}
			if err := observer.AppendObservations(context.Background(), m.l, obs...); err != nil {
				t.Fatal(err)
			}
		case op < 6:
			m.process(t)
		case op < 7: // a person archives a memory, or edits the shared note
			if r.IntN(2) == 0 {
				archiveOne(t, m, r)
			} else {
				m.editNote(t, ms)
			}
		default:
			syncs++
			_, err := m.checkedSync(t)
			if err != nil {
				failed++
				t.Errorf("round %d: sync of %s: %v", round, filepath.Base(m.l.Root), err)
			}
		}
	}
	// Everything pending is memorized, then synced around twice.
	for _, m := range ms {
		m.process(t)
	}
	for range 2 {
		for _, m := range ms {
			_, err := m.checkedSync(t)
			if err != nil {
				t.Fatalf("final sync of %s: %v", filepath.Base(m.l.Root), err)
			}
		}
	}
	t.Logf("seed %d: %d rounds, %d syncs (%d failed), %d observations, %s", seed, rounds, syncs, failed, tick, time.Since(start).Round(time.Millisecond))
	tree := git(t, ms[0].l.Root, "rev-parse", "HEAD^{tree}")
	for _, m := range ms {
		if got := git(t, m.l.Root, "rev-parse", "HEAD^{tree}"); got != tree {
			t.Errorf("%s: tree %s, want %s", filepath.Base(m.l.Root), got, tree)
		}
		if st := git(t, m.l.Root, "status", "--porcelain"); st != "" {
			t.Errorf("%s: git status:\n%s", filepath.Base(m.l.Root), st)
		}
		git(t, m.l.Root, "fsck", "--strict", "--no-progress")
		docs := readDocs(t, m.l.Root)
		for b, n := range seen {
			d := docs[doc.Hash(b)]
			if len(d) != 1 {
				t.Errorf("%s: %q is %d documents", filepath.Base(m.l.Root), b, len(d))
				continue
			}
			if d[0].Reinforced+1 != n {
				t.Errorf("%s: %q observed %d times, reinforced %d", filepath.Base(m.l.Root), b, n, d[0].Reinforced)
			}
		}
	}
}

// archiveOne sets status: archived on a random memory, as a person would,
// and commits it.
func archiveOne(t *testing.T, m *machine, r *rand.Rand) {
	t.Helper()
	var paths []string
	filepath.WalkDir(filepath.Join(m.l.Root, "mind"), func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".md") {
			paths = append(paths, p)
		}
		return nil
	})
	if len(paths) == 0 {
		return
	}
	p := paths[r.IntN(len(paths))]
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	pd, err := doc.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if pd.Doc.Status == "archived" {
		return
	}
	if err := pd.Set(doc.FieldStatus, "archived"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, pd.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel(m.l.Root, p)
	git(t, m.l.Root, "commit", "-qm", "archive by hand", "--", rel)
}

// editNote changes this machine's line of the shared note and commits it.
func (m *machine) editNote(t *testing.T, ms []*machine) {
	t.Helper()
	i := 0
	for k, o := range ms {
		if o == m {
			i = k
		}
	}
	p := filepath.Join(m.l.Root, "vault", "notes", "shared.md")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for k, l := range lines {
		if strings.HasPrefix(l, fmt.Sprintf("slot %d ", i)) {
			m.note++
			lines[k] = fmt.Sprintf("slot %d v%d", i, m.note)
		}
	}
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, m.l.Root, "commit", "-qm", "edit the shared note", "--", "vault/notes/shared.md")
}

func readDocs(t *testing.T, root string) map[string][]*doc.Document {
	t.Helper()
	out := map[string][]*doc.Document{}
	for _, top := range []string{"mind", "vault", "rules"} {
		filepath.WalkDir(filepath.Join(root, top), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(data), "<<<<<<<") || strings.Contains(string(data), ">>>>>>>") {
				t.Errorf("conflict markers in %s", p)
			}
			pd, err := doc.Parse(data)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			out[pd.Doc.SourceHash] = append(out[pd.Doc.SourceHash], &pd.Doc)
			return nil
		})
	}
	return out
}

// checkedSync syncs; with CORTEX_CONVERGENCE_CHECK set it also checks
// that the sync's commit counts every observation of both sides once: the
// sum of reinforced+1 over the documents is ours + theirs − base.
func (m *machine) checkedSync(t *testing.T) (*vaultsync.Report, error) {
	t.Helper()
	if os.Getenv("CORTEX_CONVERGENCE_CHECK") == "" {
		return m.sync(t)
	}
	git(t, m.l.Root, "fetch", "-q", "origin")
	want := countAt(t, m.l.Root, "HEAD") + countAt(t, m.l.Root, "origin/main")
	if b, err := gitstore.Git(context.Background(), m.l.Root, nil, "merge-base", "HEAD", "origin/main"); err == nil {
		want -= countAt(t, m.l.Root, strings.TrimSpace(string(b)))
	}
	rep, err := m.sync(t)
	if err == nil {
		if got := countAt(t, m.l.Root, "HEAD"); got != want {
			t.Fatalf("sync of %s: observations counted %d, want %d (%+v)", m.l.Root, got, want, rep)
		}
	}
	return rep, err
}

// countAt sums reinforced+1 over the documents of mind/ at rev.
func countAt(t *testing.T, dir, rev string) int {
	out := git(t, dir, "ls-tree", "-r", "--name-only", rev, "mind")
	n := 0
	for _, p := range strings.Fields(out) {
		data := git(t, dir, "show", rev+":"+p)
		pd, err := doc.Parse([]byte(data))
		if err != nil {
			t.Fatal(err)
		}
		n += pd.Doc.Reinforced + 1
	}
	return n
}
