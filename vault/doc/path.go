package doc

import (
	"path"
	"strconv"
	"strings"
	"time"
)

// DocPath is where a document is filed (SPEC §2), slash-separated:
// <typeDir>/<YYYY-MM>/<YYYY-MM-DD>-<first 8 hex of hash>.md, dates of
// created in UTC. When exists reports a path taken, -2, -3, … is appended
// to the name until it does not. exists may be nil.
func DocPath(typeDir string, created time.Time, hash string, exists func(string) bool) string {
	c := created.UTC()
	dir := path.Join(strings.TrimSuffix(typeDir, "/"), c.Format("2006-01"))
	h := hash
	if len(h) > 8 {
		h = h[:8]
	}
	base := c.Format("2006-01-02") + "-" + h
	p := dir + "/" + base + ".md"
	for n := 2; exists != nil && exists(p); n++ {
		p = dir + "/" + base + "-" + strconv.Itoa(n) + ".md"
	}
	return p
}
