//go:build unix

package harness

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// The expensive checks (git fsck, cortex validate, the person's index and
// HEAD entries) give the same answer as long as what they read has not
// changed; these signatures tell, cheaply, whether it has, so that every
// step can still be followed by every check.

// gitSig is a signature of a repository's state: HEAD, the refs, the
// index, and the names of its objects and packs.
func gitSig(dir string) string {
	h := sha256.New()
	git := filepath.Join(dir, ".git")
	for _, name := range []string{"HEAD", "index", "packed-refs"} {
		statInto(h, filepath.Join(git, name))
	}
	if data, err := os.ReadFile(filepath.Join(git, "HEAD")); err == nil {
		h.Write(data)
	}
	for _, sub := range []string{"refs", "objects"} {
		filepath.WalkDir(filepath.Join(git, sub), func(p string, d fs.DirEntry, err error) error {
			if err == nil {
				statInto(h, p)
			}
			return nil
		})
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// treeSig is a signature of the files validate reads: the memory folders
// and the configuration.
func treeSig(dir string) string {
	h := sha256.New()
	for _, name := range []string{"taxonomy.yml", "calibration.yml", ".cortexignore"} {
		statInto(h, filepath.Join(dir, name))
	}
	for _, top := range []string{"mind", "vault", "rules"} {
		filepath.WalkDir(filepath.Join(dir, top), func(p string, d fs.DirEntry, err error) error {
			if err == nil {
				statInto(h, p)
			}
			return nil
		})
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func statInto(w interface{ Write([]byte) (int, error) }, p string) {
	fi, err := os.Lstat(p)
	if err != nil {
		fmt.Fprintf(w, "%s -\n", p)
		return
	}
	fmt.Fprintf(w, "%s %v %d %d\n", p, fi.Mode(), fi.Size(), fi.ModTime().UnixNano())
}
