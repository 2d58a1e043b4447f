//go:build unix

package main

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// sleepVault writes n memories into a committed vault: wordings of a few
// lessons repeated across sessions (merged, promoted), opinions old enough
// to decay (archived), and the rest.
func sleepVault(t *testing.T, c *realCLI, n int) string {
	t.Helper()
	l := c.newVault(t)
	r := rand.New(rand.NewPCG(3, 3))
	for i := range n {
		typ, imp := "fact", "0.9"
		body := fmt.Sprintf("The service %d keeps its cache for %d minutes", i, r.IntN(100))
		switch i % 10 {
		case 0, 1:
			typ, imp = "opinion", "0.5"
		case 2:
			typ = "lesson"
			body = fmt.Sprintf("Always run the migrations of service %d on staging first", i/30)
			if i%30 >= 10 {
				body = "Note: " + body
			}
		}
		id := fmt.Sprintf("01940000-0000-7000-8000-%012d", i)
		created := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour)
		data := "---\nid: \"" + id + "\"\ntype: " + typ + "\ncategory: concept\ncreated: " + created.Format("2006-01-02T15:04:05.000Z") +
			"\nsource_hash: " + doc.Hash(body) + "\n\n# ---\n\nimportance: " + imp + "\nsession_id: \"" +
			fmt.Sprintf("%08d-0000-4000-8000-000000000000", i%7) + "\"\n---\n\n" + body + "\n"
		rel := filepath.Join("mind", "concepts", created.Format("2006-01"), fmt.Sprintf("%s-%08x.md", created.Format("2006-01-02"), i))
		p := l.Path(rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c.run(t, l.Root, "git", "add", "-A")
	c.run(t, l.Root, "git", "commit", "-qm", "memories")
	return l.Root
}

// vaultFiles reads the vault's files (not .git, caches or observer/). A
// new rules file is compared whole, id included: its id is made from the
// run's clock and starting commit, so a run planned again after a kill
// writes the same file, and MEMORY.md the same reference to it.
func vaultFiles(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == ".git" || rel == ".cortex" || rel == "observer" {
				return filepath.SkipDir
			}
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[rel] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMaintainKill kills `cortex maintain` with SIGKILL at random moments
// of its run; the next run must end with exactly the vault an
// uninterrupted run makes, in one maintenance commit, git status clean.
func TestMaintainKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kills real processes")
	}
	c := buildCLI(t)
	orig := sleepVault(t, c, 400)
	at := "--at=2026-10-01T03:00:00Z"
	copyVault := func(to string) {
		if out, err := exec.Command("cp", "-a", orig, to).CombinedOutput(); err != nil {
			t.Fatalf("cp: %v %s", err, out)
		}
	}
	ref := filepath.Join(t.TempDir(), "ref")
	copyVault(ref)
	start := time.Now()
	out := c.run(t, ref, "cortex", "maintain", at)
	took := time.Since(start)
	if !strings.Contains(out, "archive ") || !strings.Contains(out, "merge ") || !strings.Contains(out, "rule ") {
		t.Fatalf("the reference run does too little:\n%s", out)
	}
	want := vaultFiles(t, ref)
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	kills, finished := 0, 0
	for round := range 10 {
		w := filepath.Join(t.TempDir(), fmt.Sprintf("w%d", round))
		copyVault(w)
		cmd := c.command(w, "cortex", "maintain", at)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(r.Int64N(int64(took) + 1)))
		if err := cmd.Process.Signal(syscall.SIGKILL); err == nil {
			kills++
		}
		if err := cmd.Wait(); err == nil {
			finished++
		}
		c.run(t, w, "cortex", "maintain", at)
		got := vaultFiles(t, w)
		for k, v := range want {
			if got[k] != v {
				t.Errorf("round %d: %s differs from the uninterrupted run", round, k)
			}
		}
		for k := range got {
			if _, ok := want[k]; !ok {
				t.Errorf("round %d: %s left over", round, k)
			}
		}
		if n := strings.Count(c.run(t, w, "git", "log", "--format=%s"), "sleep: maintenance"); n != 1 {
			t.Errorf("round %d: %d maintenance commits", round, n)
		}
		if st := c.run(t, w, "git", "status", "--porcelain"); st != "" {
			t.Errorf("round %d: git status:\n%s", round, st)
		}
		if out := c.run(t, w, "cortex", "maintain", at); !strings.Contains(out, "nothing to do") {
			t.Errorf("round %d: a third run still acts:\n%s", round, out)
		}
	}
	t.Logf("run %v; %d kills, %d runs finished before the kill", took, kills, finished)
}

// TestMaintainBesideDaemon runs maintenance while a live daemon memorizes
// a stream of observations: every line is accounted for, the maintenance
// commit lands (a run that met a file the daemon had just changed writes
// nothing and is run again), and git status ends clean.
func TestMaintainBesideDaemon(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a daemon")
	}
	c := buildCLI(t)
	root := sleepVault(t, c, 200)
	l := vault.Layout{Root: root}
	d := c.startDaemon(t, l, "--poll", "50ms", "--sleep-at", "off")
	const lines = 60
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range lines {
			body := fmt.Sprintf("Beside the sleep, memory %d: the service %d caches its rows", i, i)
			if i%4 == 0 {
				// A repeat of a memory of the vault: a reinforcement of a
				// file the sleep may be changing.
				body = fmt.Sprintf("The service %d keeps its cache for %d minutes", i, i)
			}
			cmd := c.command(root, "cortex", "observe", "--type", "fact", "--bucket", "ambient", "--attribution", "w",
				"--session", "cli", "--importance", "0.9", "--body", body)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("observe: %v %s", err, out)
				return
			}
		}
	}()
	committed := false
	for try := 0; try < 20 && !committed; try++ {
		out, err := c.try(root, "cortex", "maintain", "--at=2026-10-01T03:00:00Z")
		switch {
		case err == nil:
			committed = strings.Contains(out, "actions in commit") || strings.Contains(out, "nothing to do")
		case strings.Contains(out, "run again"):
		default:
			t.Fatalf("maintain: %v\n%s", err, out)
		}
	}
	<-done
	if !committed {
		t.Fatal("no maintenance run succeeded in 20 tries")
	}
	waitState(t, l, lines, d)
	if err := d.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := <-d.done; err != nil {
		t.Fatalf("daemon: %v\n%s", err, d.logs())
	}
	if n := strings.Count(c.run(t, root, "git", "log", "--format=%s"), "sleep: maintenance"); n != 1 {
		t.Errorf("%d maintenance commits", n)
	}
	if st := c.run(t, root, "git", "status", "--porcelain"); st != "" {
		t.Errorf("git status:\n%s", st)
	}
	out := c.run(t, root, "cortex", "status", "--json")
	if !strings.Contains(out, `"memorized"`) || !strings.Contains(out, `"last_sleep"`) {
		t.Errorf("status: %s", out)
	}
}
