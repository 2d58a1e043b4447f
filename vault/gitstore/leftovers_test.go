package gitstore

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// deadPID is the pid of a process that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("git", "--version")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

func TestOpenRemovesTempFilesKilledRunsLeft(t *testing.T) {
	r := newStartedRepo(t)
	objs := filepath.Join(r.dir, ".git", "objects")
	dead := strconv.Itoa(deadPID(t))
	mine := strconv.Itoa(os.Getpid())
	files := map[string]bool{ // path: removed
		filepath.Join(objs, "ab", "tmp_obj_cortex-"+dead+"-1"):    true,
		filepath.Join(objs, "pack", "tmp_pack_cortex-"+dead+"-2"): true,
		filepath.Join(objs, "pack", "tmp_idx_cortex-"+dead+"-3"):  true,
		filepath.Join(objs, "cd", "tmp_obj_cortex-"+mine+"-4"):    false, // a living store's
		filepath.Join(objs, "ab", "tmp_obj_5"):                    false, // git's, at work
		filepath.Join(objs, "pack", "tmp_pack_6"):                 false,
		filepath.Join(objs, "ef", "tmp_obj_7"):                    true,  // git's, two days old
		filepath.Join(objs, "pack", ".tmp-"+dead+"-pack-8.pack"):  true,  // a killed git repack's
		filepath.Join(objs, "pack", ".tmp-"+mine+"-pack-9.idx"):   false, // a living repack's
	}
	for p := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("half"), 0o444); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(filepath.Join(objs, "ef", "tmp_obj_7"), old, old); err != nil {
		t.Fatal(err)
	}
	openStore(t, r.dir, Options{})
	for p, removed := range files {
		_, err := os.Stat(p)
		if removed != os.IsNotExist(err) {
			t.Errorf("%s: removed=%v, want %v", p, os.IsNotExist(err), removed)
		}
	}
	r.fsck()
}
