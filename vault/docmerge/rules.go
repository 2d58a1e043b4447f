package docmerge

import (
	"context"
	"path"
	"slices"
	"strings"

	"github.com/cortex-vault/cortex/vault/doc"
)

// isRulesPath reports whether p, as git names it (from the repository's
// top, so a nested vault adds folders in front), is a curator's rules
// file: a markdown file right under a folder named rules.
func isRulesPath(p string) bool {
	return path.Ext(p) == ".md" && path.Base(path.Dir(p)) == "rules"
}

// entryBlock returns the block id of a line the curator writes into a
// rules file — "- text (from [[…]]) ^r-1a2b3c4d" — and false for any other
// line (a person's prose, a heading, a list item without the curator's
// block id).
func entryBlock(line string) (string, bool) {
	line = strings.TrimRight(line, " \t\r")
	if !strings.HasPrefix(line, "- ") {
		return "", false
	}
	i := strings.LastIndex(line, " ^r-")
	if i < 0 {
		return "", false
	}
	block := line[i+2:]
	for _, r := range block[2:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return "", false
		}
	}
	return block, len(block) > 2
}

// mergeRules merges two versions of a rules file (rules/<type>s.md) that
// the curator appended entries to on two machines: promotion runs on
// every machine, and a line merge reads two machines' appends at the end
// of the same file — or the same file started on both — as a true
// conflict, though neither side's entry is a person's edit (SPEC §9, §10).
//
// The entries one side added (the curator's lines whose block id base
// does not hold; with no base, every entry) are taken out of both sides;
// what is left — the heading, the intro, the rules both sides had, and
// any person's edit of them — merges line by line as git's merge does,
// and a true conflict there is left to the person (ok false: the caller's
// line merge shows it). The added entries are then appended, each block
// once, both sides' in an order that does not depend on which side is
// ours. The frontmatter merges by Merge's rules (a file started on both
// machines keeps the one Fold keeps), and source_hash follows the merged
// body. ok is false as well when no side added an entry: nothing here to
// settle.
func mergeRules(ctx context.Context, base, ours, theirs []byte, labels Labels) (Result, bool, error) {
	pa, errA := doc.Parse(ours)
	pb, errB := doc.Parse(theirs)
	if errA != nil || errB != nil {
		return Result{}, false, nil
	}
	var po *doc.Parsed
	known := map[string]bool{}
	if len(base) > 0 {
		var err error
		if po, err = doc.Parse(base); err != nil {
			return Result{}, false, nil
		}
		for _, ln := range strings.Split(po.Body(), "\n") {
			if b, ok := entryBlock(ln); ok {
				known[b] = true
			}
		}
	}
	restA, addA := splitAdded(pa.Body(), known)
	restB, addB := splitAdded(pb.Body(), known)
	if len(addA) == 0 && len(addB) == 0 {
		return Result{}, false, nil
	}
	restO := ""
	if po != nil {
		restO, _ = splitAdded(po.Body(), known)
	}
	rest, err := lines(ctx, []byte(restO), []byte(restA), []byte(restB), labels)
	if err != nil || !rest.Clean {
		return Result{}, false, err
	}
	body := appendEntries(string(rest.Data), unionEntries(addA, addB))

	if po == nil {
		keep, _ := Fold(pa, pb)
		data, ok := withBody(keep, body)
		return Result{Data: data, Clean: true, Rule: "rules"}, ok, nil
	}
	// Every side gets the merged body (and its source_hash), so that only
	// the frontmatter's own changes are left to merge.
	var sides [3][]byte
	for i, p := range []*doc.Parsed{po, pa, pb} {
		data, ok := withBody(p, body)
		if !ok {
			return Result{}, false, nil
		}
		sides[i] = data
	}
	r, err := Merge(ctx, sides[0], sides[1], sides[2], labels)
	if err != nil {
		return Result{}, false, err
	}
	r.Rule = "rules"
	return r, true, nil
}

// splitAdded takes out of body the curator's entries whose block id is
// not known; rest ends with one newline, without the blank lines the
// entries stood after.
func splitAdded(body string, known map[string]bool) (rest string, added []string) {
	var keep []string
	for _, ln := range strings.Split(strings.TrimRight(body, "\n"), "\n") {
		if b, ok := entryBlock(ln); ok && !known[b] {
			added = append(added, strings.TrimRight(ln, " \t\r"))
			continue
		}
		keep = append(keep, ln)
	}
	for len(keep) > 0 && strings.TrimSpace(keep[len(keep)-1]) == "" {
		keep = keep[:len(keep)-1]
	}
	return strings.Join(keep, "\n") + "\n", added
}

// unionEntries joins two sides' added entries, each block once: the side
// whose list sorts first comes first, each side in its own order, so both
// machines merge to the same bytes.
func unionEntries(a, b []string) []string {
	if strings.Join(b, "\n") < strings.Join(a, "\n") {
		a, b = b, a
	}
	seen := map[string]bool{}
	var out []string
	for _, ln := range slices.Concat(a, b) {
		block, _ := entryBlock(ln)
		if !seen[block] {
			seen[block] = true
			out = append(out, ln)
		}
	}
	return out
}

// appendEntries appends entries to body as the curator does: after a
// blank line unless the body ends with a list item already.
func appendEntries(body string, entries []string) string {
	body = strings.TrimRight(body, "\n") + "\n"
	lines := strings.Split(strings.TrimRight(body, "\n"), "\n")
	if last := strings.TrimSpace(lines[len(lines)-1]); last != "" && !strings.HasPrefix(last, "- ") {
		body += "\n"
	}
	return body + strings.Join(entries, "\n") + "\n"
}

// withBody returns p's frontmatter with body after it, source_hash the
// hash of body; false when the result does not read back.
func withBody(p *doc.Parsed, body string) ([]byte, bool) {
	raw := p.Bytes()
	head := raw[:len(raw)-len(p.Body())]
	np, err := doc.Parse(append(slices.Clone(head), body...))
	if err != nil {
		return nil, false
	}
	if h := doc.Hash(np.Doc.Body); np.Doc.SourceHash != h {
		if err := np.Set(doc.FieldSourceHash, h); err != nil {
			return nil, false
		}
	}
	return np.Bytes(), true
}
