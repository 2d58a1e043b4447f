package observer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
	"github.com/gofrs/flock"
)

// testClock is a settable clock.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// newTestVault makes a vault (with its git repository) in a temp folder.
func newTestVault(t testing.TB) vault.Layout {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "v")
	if _, err := vault.Init(dir, vault.InitOptions{}); err != nil {
		t.Fatal(err)
	}
	return vault.Layout{Root: dir} // init committed what it wrote
}

// testLogger collects log output; tests read it to see the warnings.
type testLogger struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *testLogger) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *testLogger) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// openTest opens a memorizer with a fixed clock and sequential ids.
func openTest(t *testing.T, l vault.Layout, log io.Writer) *Memorizer {
	t.Helper()
	if log == nil {
		log = io.Discard
	}
	clock := &testClock{t: time.Date(2026, 2, 16, 15, 30, 0, 0, time.UTC)}
	m, err := Open(context.Background(), l, Options{
		Logger: slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Now:    clock.Now,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// appendRaw appends bytes to the buffer as they are (no validation), as a
// careless writer would.
func appendRaw(t *testing.T, l vault.Layout, data string) {
	t.Helper()
	if err := os.MkdirAll(l.ObserverDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(l.Buffer(), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(data); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// obsLine builds one observation line; extra fields are JSON members
// added after the required ones.
func obsLine(ts, typ, body, extra string) string {
	if extra != "" {
		extra = "," + extra
	}
	return fmt.Sprintf(`{"timestamp":%q,"bucket":"explicit","type":%q,"body":%q,"attribution":"owner","session_id":"cli"%s}`+"\n", ts, typ, body, extra)
}

func process(t *testing.T, m *Memorizer) Result {
	t.Helper()
	res, err := m.Process(context.Background())
	if err != nil {
		t.Fatalf("Process: %v", err)
	}
	return res
}

// gitCmd prepares the git CLI in dir, with a person's identity and none of
// the machine's configuration.
func gitCmd(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_AUTHOR_NAME=Test Person",
		"GIT_AUTHOR_EMAIL=test@example.com", "GIT_COMMITTER_NAME=Test Person", "GIT_COMMITTER_EMAIL=test@example.com")
	return cmd
}

// git runs the git CLI in dir and returns its output.
func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	out, err := gitCmd(dir, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// docFiles lists the vault's markdown documents, vault-relative.
func docFiles(t *testing.T, l vault.Layout) []string {
	var out []string
	for _, d := range doc.MemoryDirs {
		filepath.Walk(l.Path(d), func(p string, fi os.FileInfo, err error) error {
			if err == nil && !fi.IsDir() && strings.HasSuffix(p, ".md") {
				rel, _ := filepath.Rel(l.Root, p)
				out = append(out, filepath.ToSlash(rel))
			}
			return nil
		})
	}
	sort.Strings(out)
	return out
}

func readDoc(t *testing.T, l vault.Layout, rel string) *doc.Parsed {
	t.Helper()
	data, err := os.ReadFile(l.Path(rel))
	if err != nil {
		t.Fatal(err)
	}
	p, err := doc.Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return p
}

func commitCount(t *testing.T, l vault.Layout) int {
	t.Helper()
	out := strings.TrimSpace(git(t, l.Root, "rev-list", "--count", "--all"))
	if out == "" {
		return 0
	}
	var n int
	fmt.Sscan(out, &n)
	return n
}

func loadState(t *testing.T, l vault.Layout) State {
	t.Helper()
	st, warn, err := LoadState(l)
	if err != nil || warn != "" {
		t.Fatalf("state: %v %s", err, warn)
	}
	return st
}

// checkInvariants asserts what must hold after every Process: totals add
// up to the lines of the buffer, staging is empty, the working tree is
// clean, the repository is sound, and no two documents share a body.
func checkInvariants(t *testing.T, l vault.Layout) {
	t.Helper()
	st := loadState(t, l)
	tt := st.Totals
	if tt.Lines != tt.Memorized+tt.Reinforced+tt.Operations+tt.Quarantined+tt.Skipped {
		t.Errorf("totals do not add up: %+v", tt)
	}
	data, _ := os.ReadFile(l.Buffer())
	if n := int64(bytes.Count(data, []byte("\n"))); n != tt.Lines {
		t.Errorf("totals count %d lines, the buffer has %d", tt.Lines, n)
	}
	if st.Offset != int64(len(data)) {
		t.Errorf("offset %d, buffer size %d", st.Offset, len(data))
	}
	if ents, _ := os.ReadDir(l.Staging()); len(ents) != 0 {
		t.Errorf("staging not empty: %v", ents)
	}
	if s := git(t, l.Root, "status", "--porcelain"); s != "" {
		t.Errorf("git status not clean:\n%s", s)
	}
	git(t, l.Root, "fsck", "--strict", "--no-progress")
	hashes := map[string]string{}
	for _, rel := range docFiles(t, l) {
		p := readDoc(t, l, rel)
		h := doc.Hash(p.Doc.Body)
		if other, ok := hashes[h]; ok {
			t.Errorf("duplicate documents %s and %s", other, rel)
		}
		hashes[h] = rel
		if probs := p.Check(rel, nil); len(probs) > 0 {
			t.Errorf("%s fails its check: %v", rel, probs)
		}
	}
	qs, err := ReadQuarantine(l)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(qs)) != tt.Quarantined {
		t.Errorf("quarantine.jsonl has %d records, totals say %d", len(qs), tt.Quarantined)
	}
}

func mustTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t
}

var idRE = regexp.MustCompile(`(?m)^id: "[0-9a-f-]{36}"$`)

// withoutID blanks a document's id, which is new on every run.
func withoutID(b []byte) string {
	return idRE.ReplaceAllString(string(b), `id: "<id>"`)
}

// TestIdleProcessRecommitsDroppedDocuments: a person's `git commit` that
// raced a batch's commit can leave git's index without the batch's
// documents and then commit that index (gitstore.Store.Commit says how);
// here the same end state is made by hand. A Process with nothing pending
// commits them again, and one with nothing dropped commits nothing.
func TestIdleProcessRecommitsDroppedDocuments(t *testing.T) {
	l := newTestVault(t)
	appendRaw(t, l, obsLine("2026-02-16T10:00:00Z", "fact", "The CI runners live in eu-west-1.", "")+
		obsLine("2026-02-16T10:01:00Z", "fact", "Releases are tagged vYYYY.MM.N.", ""))
	m := openTest(t, l, nil)
	defer m.Close()
	process(t, m)
	docs := docFiles(t, l)
	if len(docs) != 2 {
		t.Fatalf("documents %v", docs)
	}

	// Nothing dropped: an idle Process makes no commit, even after a
	// person's git rewrote the index.
	base := commitCount(t, l)
	git(t, l.Root, "update-index", "--really-refresh")
	if res := process(t, m); len(res.Commits) != 0 || commitCount(t, l) != base {
		t.Fatalf("idle Process with nothing dropped committed: %+v", res)
	}

	// A person's commit drops one document from the index and from HEAD;
	// the file stays on disk, untracked.
	git(t, l.Root, "rm", "-q", "--cached", docs[0])
	git(t, l.Root, "commit", "-q", "-m", "a person's commit, built from an index without the document")
	if st := git(t, l.Root, "status", "--porcelain"); !strings.Contains(st, "?? "+docs[0]) {
		t.Fatalf("setup: status %q", st)
	}
	res := process(t, m)
	if len(res.Commits) != 1 {
		t.Fatalf("idle Process: %+v, want one repair commit", res)
	}
	if got := git(t, l.Root, "ls-tree", "-r", "--name-only", "HEAD"); !strings.Contains(got, docs[0]) || !strings.Contains(got, docs[1]) {
		t.Errorf("HEAD after the repair:\n%s", got)
	}
	if msg := git(t, l.Root, "log", "-1", "--format=%s"); strings.TrimSpace(msg) != repairMessage {
		t.Errorf("repair commit message %q", msg)
	}
	checkInvariants(t, l)

	// Repaired once: the next idle Process makes no commit.
	if res := process(t, m); len(res.Commits) != 0 {
		t.Errorf("second idle Process committed: %+v", res)
	}
}

// TestProcessWaitsForAPersonsRebase: while a person's rebase stands on a
// conflict in the vault's repository, a batch writes nothing — no
// document placed in the working tree the rebase owns (a pick that brings
// the same path would stop on it), no commit — and says why; once the
// rebase is aborted the same lines are memorized (session 13's long run,
// world 53: a batch's index.lock failed the last step of a person's
// rebase, which left it half done).
func TestProcessWaitsForAPersonsRebase(t *testing.T) {
	l := newTestVault(t)
	git := func(args ...string) error {
		cmd := exec.Command("git", append([]string{"-c", "user.name=P", "-c", "user.email=p@example.com"}, args...)...)
		cmd.Dir = l.Root
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("git %v: %v\n%s", args, err, out)
		}
		return nil
	}
	must := func(args ...string) {
		t.Helper()
		if err := git(args...); err != nil {
			t.Fatal(err)
		}
	}
	note := filepath.Join(l.Root, "notes.txt")
	write := func(s string) {
		t.Helper()
		if err := os.WriteFile(note, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	must("switch", "-q", "-c", "side")
	write("side\n")
	must("add", "notes.txt")
	must("commit", "-qm", "side")
	must("switch", "-q", "-")
	write("here\n")
	must("add", "notes.txt")
	must("commit", "-qm", "here")
	if err := git("rebase", "-q", "side"); err == nil {
		t.Fatal("the rebase did not stop on its conflict")
	}

	appendRaw(t, l, obsLine("2026-02-16T15:00:00Z", "fact", "The staging cluster runs three replicas.", ""))
	m := openTest(t, l, nil)
	res, err := m.Process(context.Background())
	if !errors.Is(err, gitstore.ErrPersonsOperation) || !strings.Contains(err.Error(), "a rebase") {
		t.Fatalf("Process during a person's rebase: %v", err)
	}
	if res.Lines != 0 || len(res.Commits) != 0 {
		t.Fatalf("Process during a person's rebase did %+v", res)
	}
	if docs := docFiles(t, l); len(docs) != 0 {
		t.Fatalf("documents written during the person's rebase: %v", docs)
	}
	must("rebase", "--abort")
	if res := process(t, m); res.Memorized != 1 {
		t.Fatalf("after the rebase was aborted: %+v", res)
	}
}

// TestBatchWaitsForASleepRun: a run of the sleep cycle (a `cortex
// maintain` beside the daemon) holds the sleep lock from its plan to its
// commit; a batch waits for it, and writes nothing meanwhile, so that a
// reinforcement never lands between the run's reading of a memory and its
// archive of the older bytes (harness, session 12 world 117).
func TestBatchWaitsForASleepRun(t *testing.T) {
	l := newTestVault(t)
	run := flock.New(l.SleepLock())
	if ok, err := run.TryLock(); err != nil || !ok {
		t.Fatalf("take the sleep lock: %v %v", ok, err)
	}
	appendRaw(t, l, obsLine("2026-02-16T15:00:00Z", "fact", "The staging cluster runs three replicas.", ""))
	log := &testLogger{}
	m := openTest(t, l, log)
	done := make(chan Result, 1)
	go func() {
		res, err := m.Process(context.Background())
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	for !strings.Contains(log.String(), "waiting for the sleep cycle's run to end") {
		select {
		case res := <-done:
			t.Fatalf("the batch ran beside the sleep run: %+v", res)
		case <-time.After(10 * time.Millisecond):
		}
	}
	if docs := docFiles(t, l); len(docs) != 0 {
		t.Fatalf("documents written beside the sleep run: %v", docs)
	}
	if err := run.Unlock(); err != nil {
		t.Fatal(err)
	}
	if res := <-done; res.Memorized != 1 {
		t.Fatalf("after the run ended: %+v", res)
	}
}
