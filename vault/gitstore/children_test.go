//go:build linux

package gitstore

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// childHelperEnv makes the test binary a Cortex that records a git child
// and then waits to be killed with it (TestChildHelper).
const childHelperEnv = "CORTEX_TEST_CHILD_HELPER"

// TestChildHelper is not a test: run with childHelperEnv set to a work
// tree, it records its intent, then spawns a stand-in for a git command
// that takes index.lock and writes a merge driver's temp file, and waits.
func TestChildHelper(t *testing.T) {
	dir := os.Getenv(childHelperEnv)
	if dir == "" {
		t.Skip("a helper process of TestKilledChildSettled")
	}
	r, err := RepoAt(dir)
	if err != nil {
		t.Fatal(err)
	}
	done, err := recordChild(r, dir, []string{"update-index", "--index-info"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	cmd := exec.Command("sh", "-c", `: > .merge_file_Ab12Cd && : > "$1/index.lock" && sleep 60`, "sh", r.GitDir)
	cmd.Dir = dir
	cmd.Run()
}

// TestKilledChildSettled (issue 22, item 3): a Cortex killed together
// with its git child (the whole process group) leaves git's index.lock and
// a .merge_file_* in the work tree; the next run settles both, and git
// works again. A lock Cortex did not make is left, and named.
func TestKilledChildSettled(t *testing.T) {
	r := newStartedRepo(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildHelper$")
	cmd.Env = append(os.Environ(), childHelperEnv+"="+r.dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lock := filepath.Join(r.dir, ".git", "index.lock")
	for i := 0; ; i++ {
		if _, err := os.Stat(lock); err == nil {
			break
		}
		if i > 3000 {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			t.Fatal("the helper never took index.lock")
		}
		time.Sleep(10 * time.Millisecond)
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Wait()

	rp, err := RepoAt(r.dir)
	if err != nil {
		t.Fatal(err)
	}
	// As it was left: git refuses to work.
	if _, err := GitOwned(context.Background(), rp, r.dir, nil, nil, "read-tree", "HEAD"); err == nil {
		t.Fatal("git works with the dead child's index.lock in place")
	}
	removed, err := SettleChildren(rp)
	if err != nil {
		t.Fatal(err)
	}
	if len(removed) != 2 {
		t.Errorf("settled %q, want index.lock and the merge temp file", removed)
	}
	for _, p := range []string{lock, filepath.Join(r.dir, ".merge_file_Ab12Cd")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s left", p)
		}
	}
	if recs, _ := filepath.Glob(filepath.Join(rp.CommonDir, "cortex-locks", childRecordPrefix+"*")); len(recs) != 0 {
		t.Errorf("records left: %q", recs)
	}
	if st := r.git("status", "--porcelain", "--untracked-files=all"); st != "" {
		t.Errorf("git status:\n%s", st)
	}

	// A lock nobody recorded is not ours: left, and named.
	if err := os.WriteFile(lock, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if removed, _ := SettleChildren(rp); len(removed) != 0 {
		t.Errorf("settled a lock not ours: %q", removed)
	}
	_, err = GitOwned(context.Background(), rp, r.dir, nil, nil, "read-tree", "HEAD")
	if err == nil || !strings.Contains(err.Error(), lock+" exists (not ours): another git may be running; check with 'ps aux | grep git', remove it if none") {
		t.Errorf("error: %v", err)
	}
	os.Remove(lock)

	// A live Cortex's record is not settled.
	done, err := recordChild(rp, r.dir, []string{"update-index"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lock, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if removed, _ := SettleChildren(rp); len(removed) != 0 {
		t.Errorf("settled a live child's lock: %q", removed)
	}
	done()
	os.Remove(lock)
}

// TestExcludeMergeTemps: git ignores the merge driver's temp files, once
// written however often it is asked.
func TestExcludeMergeTemps(t *testing.T) {
	r := newStartedRepo(t)
	rp, err := RepoAt(r.dir)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := ExcludeMergeTemps(rp); err != nil {
			t.Fatal(err)
		}
	}
	r.write(".merge_file_Xy12Zq", "left\n")
	if st := r.git("status", "--porcelain", "--untracked-files=all"); st != "" {
		t.Errorf("git status:\n%s", st)
	}
	data, _ := os.ReadFile(filepath.Join(rp.CommonDir, "info", "exclude"))
	if n := strings.Count(string(data), MergeTempPattern); n != 1 {
		t.Errorf("exclude holds the pattern %d times:\n%s", n, data)
	}
}
