package gitstore

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Temporary files of objects and packs: a store killed while it wrote one
// leaves it in .git/objects for good (git itself removes its own only in a
// `git gc` two weeks later). The store's carry its pid in their name, so
// the next store removes those of dead stores at once; git's are left
// alone unless a day old, when no git command can still be writing them.

// tempPattern is the os.CreateTemp pattern of the store's temporary files
// of kind ("obj", "pack", "idx"), in git's naming (tmp_<kind>_…) so git gc
// knows them too.
func tempPattern(kind string) string {
	return "tmp_" + kind + "_cortex-" + strconv.Itoa(os.Getpid()) + "-"
}

// staleGitTemp is the age past which git's own temporary object files are
// taken for leftovers of a killed command.
const staleGitTemp = 24 * time.Hour

// leftoverTemp reports whether the file name in objects/ (or objects/pack)
// is a temporary file nobody will finish: a dead store's, or git's a day
// old.
func leftoverTemp(name string, modTime, now time.Time) bool {
	if rest, ok := strings.CutPrefix(name, ".tmp-"); ok {
		// git repack's new pack before its rename (.tmp-<pid>-pack-…),
		// left when repack was killed (compact.go runs it): its pid
		// gone, nobody will finish it.
		pidText, _, _ := strings.Cut(rest, "-")
		if pid, err := strconv.Atoi(pidText); err == nil && pid > 0 && !ProcessAlive(pid) {
			return true
		}
		return now.Sub(modTime) > staleGitTemp
	}
	if !strings.HasPrefix(name, "tmp_") {
		return false
	}
	if _, rest, ok := strings.Cut(name, "_cortex-"); ok {
		pidText, _, _ := strings.Cut(rest, "-")
		if pid, err := strconv.Atoi(pidText); err == nil && pid > 0 {
			return pid != os.Getpid() && !ProcessAlive(pid)
		}
	}
	return now.Sub(modTime) > staleGitTemp
}

// RemoveLeftovers removes the temporary object and pack files that killed
// processes left in the object store (see leftoverTemp) and returns how
// many it removed. OpenWith calls it.
func (s *Store) RemoveLeftovers() (int, error) {
	objs := s.objectsDir()
	dirs := []string{filepath.Join(objs, "pack")}
	for i := range 256 {
		dirs = append(dirs, filepath.Join(objs, fmt.Sprintf("%02x", i)))
	}
	now, n := time.Now(), 0
	for _, dir := range dirs {
		ents, err := os.ReadDir(dir)
		if err != nil {
			continue // no such folder: nothing was ever written there
		}
		for _, e := range ents {
			if !e.Type().IsRegular() || !strings.HasPrefix(e.Name(), "tmp_") && !strings.HasPrefix(e.Name(), ".tmp-") {
				continue
			}
			fi, err := e.Info()
			if err != nil || !leftoverTemp(e.Name(), fi.ModTime(), now) {
				continue
			}
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !os.IsNotExist(err) {
				return n, fmt.Errorf("remove leftover %s: %w", filepath.Join(dir, e.Name()), err)
			}
			n++
		}
	}
	return n, nil
}
