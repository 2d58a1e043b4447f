// Package docmerge merges two versions of one memory document changed
// from a common base (SPEC §10): the fields two machines both change —
// reinforced, last_reinforced, status, source_hash — by rule, everything
// else (the body, the other fields) line by line as git does, leaving a
// person's true conflicts to the person with git's markers. It backs
// `cortex merge-driver` (a person's own git pull) and `cortex sync`.
package docmerge

import (
	"bytes"
	"context"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

// Labels name the sides in conflict markers: ours, base, theirs.
type Labels = [3]string

// DefaultLabels are the labels git merge-file uses without -L.
var DefaultLabels = Labels{"ours", "base", "theirs"}

// Result is a merged document.
type Result struct {
	Data []byte
	// Clean is false when Data holds conflict markers for the person.
	Clean bool
	// Rule says which rule merged the document: "fields" (the frontmatter
	// rules, then a line merge), "same-memory" (one memory created on two
	// machines), "rewritten" (one memory created on two machines, rewritten
	// by a person on one: see MergePath), "view" (two renderings of the
	// generated view: ours kept), "rules" (entries the curator appended to
	// a rules file on both machines: see MergePath) or "lines" (not two
	// documents: a plain line merge).
	Rule string
}

// Merge merges ours and theirs, two versions of the file changed from
// base; base is empty when both sides added the file (add/add).
//
// Rules, applied to the frontmatter of three documents that parse:
//   - reinforced = base + (ours − base) + (theirs − base): concurrent
//     reinforcements add up — unless both sides' latest reinforcement is
//     one observation (the same last_reinforced, to the millisecond): then
//     the two are one history (a stash of the memorizer's write, popped
//     over its commit) and the larger count stands;
//   - last_reinforced = the later of ours and theirs;
//   - sessions, seen_sessions, seen_agents (where the memory was seen) =
//     the union of both sides' (doc.MergeSeen): bounded, and the same
//     bytes whichever side is ours;
//   - status: a side that did not change it takes the other's change; when
//     both changed it, a change made without a reinforcement on that side
//     (a person's edit, the sleep cycle) beats one made beside a
//     reinforcement (the memorizer), then the rank archived > superseded >
//     outdated > resolved > active (unknown values rank with active) decides;
//   - promoted_to: a side that did not change it takes the other's change;
//     when both did (each machine promoted the memory), the smaller link;
//   - source_hash = the hash of the merged body (it follows the body);
//   - everything else — the body, every other field — merges line by line
//     as git merge-file does, with the fields kept apart (a change to one
//     field beside a change to the next is no conflict); two changes to
//     the same lines are a conflict left to the person, never settled by
//     dropping a side.
//
// Both sides added a file (base empty) with the same source_hash: it is
// one memory created on two machines and becomes one document — the one
// created first (then the smaller id) — reinforced once more, with the
// other's reinforcements added and last_reinforced the latest of both
// sides' reinforcements and the later creation.
//
// Two versions of the generated view (doc.ViewFile, both starting with
// doc.ViewHeader) are no conflict: the view renders the memories, so
// neither side's lines are worth keeping over the other's, and a line merge
// of two renderings is no rendering at all. Ours is kept; the next
// `cortex maintain` renders the merged memories.
//
// A side that is not a document (no frontmatter, invalid YAML) makes the
// whole file a line merge, as git's own.
func Merge(ctx context.Context, base, ours, theirs []byte, labels Labels) (Result, error) {
	return mergeHad(ctx, base, ours, theirs, labels, nil)
}

// OursHad reports whether the history of ours held a version of the
// document with this reinforcement state (reinforced, last_reinforced):
// the merge driver asks git, which knows ours's history (HEAD's).
type OursHad func(reinforced int, last time.Time) bool

// HistoryDepth bounds the versions of a document History reads: a stash
// is popped within a few commits of the file, not hundreds.
const HistoryDepth = 64

// History is OursHad for the document at path (repository-relative) in
// the last HistoryDepth versions of HEAD's history in the work tree at
// dir: the merge driver's, which git runs at the top of the work tree,
// HEAD being ours in a merge, a stash pop and a rebase alike. A failure to
// read reads as no: the counts then add up, as without a history.
func History(ctx context.Context, dir, path string) OursHad {
	return func(reinforced int, last time.Time) bool {
		out, err := gitstore.Git(ctx, dir, nil, "log", "-n", strconv.Itoa(HistoryDepth), "--format=", "--raw", "--no-abbrev", "HEAD", "--", path)
		if err != nil {
			return false
		}
		var ids []string
		for _, line := range strings.Split(string(out), "\n") {
			// :100644 100644 <old> <new> M\tpath; a deletion's new is zeros
			if f := strings.Fields(line); len(f) >= 5 && strings.HasPrefix(f[0], ":") && strings.Trim(f[3], "0") != "" {
				ids = append(ids, f[3])
			}
		}
		if len(ids) == 0 {
			return false
		}
		blobs, err := gitstore.CatFile(ctx, dir, ids)
		if err != nil {
			return false
		}
		for _, b := range blobs {
			if pd, err := doc.Parse(b); err == nil && pd.Doc.Reinforced == reinforced &&
				pd.Doc.LastReinforced != nil && pd.Doc.LastReinforced.Equal(last) {
				return true
			}
		}
		return false
	}
}

func mergeHad(ctx context.Context, base, ours, theirs []byte, labels Labels, had OursHad) (Result, error) {
	if IsView(ours) && IsView(theirs) {
		return Result{Data: ours, Clean: true, Rule: "view"}, nil
	}
	pa, errA := doc.Parse(ours)
	pb, errB := doc.Parse(theirs)
	if errA != nil || errB != nil {
		return lines(ctx, base, ours, theirs, labels)
	}
	if len(base) == 0 {
		if pa.Doc.SourceHash != "" && pa.Doc.SourceHash == pb.Doc.SourceHash {
			return sameMemory(pa, pb)
		}
		return lines(ctx, base, ours, theirs, labels)
	}
	po, err := doc.Parse(base)
	if err != nil {
		return lines(ctx, base, ours, theirs, labels)
	}
	f := mergeFields(&po.Doc, &pa.Doc, &pb.Doc, had)
	// A rule field that some side lacks would be inserted at different
	// places on each side (Set appends it), and one a side wrote at
	// another place (a merge, a rendering) stands apart from base's line:
	// a line merge reads either as a conflict with any change next to it.
	// Such a field is taken out of all three and written into the result.
	reordered := reordered(po, pa) || reordered(po, pb)
	var moved []string
	for _, name := range ruleFields {
		if reordered || !po.Has(name) || !pa.Has(name) || !pb.Has(name) {
			moved = append(moved, name)
		}
	}
	if slices.ContainsFunc(moved, isSeenField) {
		// The three fields of where the memory was seen are written
		// together (SetSeen): one moved moves them all.
		moved = slices.DeleteFunc(moved, isSeenField)
		moved = append(moved, doc.FieldSessions, doc.FieldSeenSessions, doc.FieldSeenAgents)
	}
	r, ok, err := mergeWith(ctx, f, [3][]byte{base, ours, theirs}, moved, labels)
	if err == nil && !ok && len(moved) > 0 {
		// The result does not read back (a conflict in the frontmatter):
		// every side gets the fields in place instead, so the person
		// resolving it sees the merged values.
		r, ok, err = mergeWith(ctx, f, [3][]byte{base, ours, theirs}, nil, labels)
	}
	if err != nil {
		return Result{}, err
	}
	if !ok {
		return lines(ctx, base, ours, theirs, labels)
	}
	return r, nil
}

// MergePath is Merge for the file at p, the path git names for it (the
// driver's %P). With it one more case is no conflict: both sides added the
// document at p (created on both machines from the same observation: the
// path carries the day and the first hex digits of the body's
// source_hash), and a person on one side then rewrote its body in their
// own words — so the two no longer share a source_hash. The side whose
// source_hash no longer matches its path is the rewritten one: it is kept,
// the person's body and fields as they are, and the other side's creation
// counts as one more reinforcement, with that side's reinforcements and
// sessions (FoldInto). `cortex sync` settles the same case from the
// history where the driver is not configured.
//
// And a rules file (rules/<type>s.md) the curator appended entries to on
// both machines, or started on both, keeps every side's entries, each
// once (see mergeRules).
func MergePath(ctx context.Context, p string, base, ours, theirs []byte, labels Labels) (Result, error) {
	return MergePathHad(ctx, p, base, ours, theirs, labels, nil)
}

// MergePathHad is MergePath that also knows, through had, the
// reinforcement states ours's history held: theirs's reinforcements are
// then not added again when theirs is one of those states, grown on ours
// since — a person's `git stash` that caught a batch's write before its
// commit, popped after the memorizer reinforced the memory once more
// (whose latest reinforcements then differ, so sameLatest cannot tell).
func MergePathHad(ctx context.Context, p string, base, ours, theirs []byte, labels Labels, had OursHad) (Result, error) {
	if isRulesPath(p) {
		if r, ok, err := mergeRules(ctx, base, ours, theirs, labels); err != nil || ok {
			return r, err
		}
	}
	if len(base) == 0 {
		if r, ok := rewritten(p, ours, theirs); ok {
			return r, nil
		}
	}
	return mergeHad(ctx, base, ours, theirs, labels, had)
}

// rewritten merges the add/add of MergePath when one side is a rewrite of
// the memory the other side holds.
func rewritten(p string, ours, theirs []byte) (Result, bool) {
	day, h := pathHash(p)
	if h == "" {
		return Result{}, false
	}
	pa, errA := doc.Parse(ours)
	pb, errB := doc.Parse(theirs)
	if errA != nil || errB != nil || pa.Doc.SourceHash == "" || pb.Doc.SourceHash == "" || pa.Doc.SourceHash == pb.Doc.SourceHash {
		return Result{}, false
	}
	ma, mb := strings.HasPrefix(pa.Doc.SourceHash, h), strings.HasPrefix(pb.Doc.SourceHash, h)
	keep, orig := pa, pb
	switch {
	case mb && !ma:
	case ma && !mb:
		keep, orig = pb, pa
	default:
		return Result{}, false
	}
	// The document that still matches the path was made for it that day.
	if orig.Doc.Created.UTC().Format(time.DateOnly) != day {
		return Result{}, false
	}
	data, err := FoldInto(keep, orig)
	if err != nil {
		return Result{}, false
	}
	return Result{Data: data, Clean: true, Rule: "rewritten"}, true
}

// pathHash reads a memorizer's document path (doc.DocPath):
// YYYY-MM-DD-xxxxxxxx.md, or YYYY-MM-DD-xxxxxxxx-N.md after a collision.
// h is "" for any other name.
func pathHash(p string) (day, h string) {
	name, ok := strings.CutSuffix(path.Base(p), ".md")
	if !ok || len(name) < len("2006-01-02-01234567") || name[10] != '-' {
		return "", ""
	}
	day = name[:10]
	if _, err := time.Parse(time.DateOnly, day); err != nil {
		return "", ""
	}
	h, n, _ := strings.Cut(name[11:], "-")
	if len(h) != 8 || strings.Trim(h, "0123456789abcdef") != "" || strings.Trim(n, "0123456789") != "" {
		return "", ""
	}
	return day, h
}

// IsView reports whether data is the view maintain generates (its first
// line is doc.ViewHeader): a person's own MEMORY.md, without the header,
// merges as text.
func IsView(data []byte) bool {
	return bytes.HasPrefix(data, []byte(doc.ViewHeader+"\n"))
}

// ruleFields are the application fields Merge merges by rule, in writing
// order.
var ruleFields = []string{doc.FieldStatus, doc.FieldLastReinforced, doc.FieldReinforced,
	doc.FieldSessions, doc.FieldSeenSessions, doc.FieldSeenAgents, doc.FieldPromotedTo}

// mergeWith gives base, ours and theirs the merged values of the rule
// fields — or takes the moved ones out — so that the line merge sees no
// change on their lines, merges the lines, and writes the moved fields
// and the source_hash of the merged body into the result. ok is false
// when a side cannot be edited or a moved field cannot be written back.
func mergeWith(ctx context.Context, f fields, data [3][]byte, moved []string, labels Labels) (Result, bool, error) {
	var ps [3]*doc.Parsed
	for i, d := range data {
		p, err := doc.Parse(d)
		if err != nil {
			return Result{}, false, nil
		}
		ps[i] = p
	}
	// source_hash is set to base's for now and follows the merged body
	// afterwards.
	hash := ps[0].Doc.SourceHash
	if hash == "" {
		hash = ps[1].Doc.SourceHash
	}
	for _, p := range ps {
		if err := f.apply(p, hash, moved); err != nil {
			return Result{}, false, nil
		}
	}
	// A marker line after each field keeps changes to two neighbouring
	// fields apart (doc.WithFieldMarkers): a person's new importance on one
	// machine and the curator's promoted_to on the other are no conflict
	// (harness, session 14 world 390).
	out, clean, err := gitstore.MergeFile(ctx, ps[0].WithFieldMarkers(), ps[1].WithFieldMarkers(), ps[2].WithFieldMarkers(), labels)
	if err != nil {
		return Result{}, false, err
	}
	out = doc.StripFieldMarkers(out)
	if len(moved) == 0 && (!clean || hash == "") {
		return Result{Data: out, Clean: clean, Rule: "fields"}, true, nil
	}
	pm, err := doc.Parse(out)
	if err != nil {
		return Result{}, false, nil
	}
	if err := f.set(pm, moved); err != nil {
		return Result{}, false, nil
	}
	if clean && hash != "" {
		body := pm.Body()
		h := doc.Hash(pm.Doc.Body)
		switch {
		case body == ps[1].Body():
			h = sideHash(ps[1], data[1])
		case body == ps[2].Body():
			h = sideHash(ps[2], data[2])
		}
		if h != pm.Doc.SourceHash && h != "" {
			if err := pm.Set(doc.FieldSourceHash, h); err != nil {
				return Result{}, false, nil
			}
		}
	}
	return Result{Data: pm.Bytes(), Clean: clean, Rule: "fields"}, true, nil
}

// sideHash is the source_hash a side had before the merge set it.
func sideHash(p *doc.Parsed, orig []byte) string {
	if o, err := doc.Parse(orig); err == nil && o.Doc.SourceHash != "" {
		return o.Doc.SourceHash
	}
	return doc.Hash(p.Doc.Body)
}

func lines(ctx context.Context, base, ours, theirs []byte, labels Labels) (Result, error) {
	if bytes.Equal(ours, theirs) {
		return Result{Data: ours, Clean: true, Rule: "lines"}, nil
	}
	out, clean, err := gitstore.MergeFile(ctx, base, ours, theirs, labels)
	if err != nil {
		return Result{}, err
	}
	return Result{Data: out, Clean: clean, Rule: "lines"}, nil
}

// fields are the merged values of the fields with a rule.
type fields struct {
	reinforced int
	last       *time.Time
	status     string
	seen       doc.Seen
	promoted   string
}

func mergeFields(o, a, b *doc.Document, had OursHad) (f fields) {
	f.reinforced = a.Reinforced + b.Reinforced - o.Reinforced
	switch {
	case sameLatest(o, a, b):
		// Both sides' latest reinforcement is one observation (its
		// timestamp to the millisecond: the memorizer's echo rule), so
		// their reinforcements are one history, not two: a person's git
		// stash that caught the memorizer's write before its commit,
		// popped over the commit (harness, session 12).
		f.reinforced = max(a.Reinforced, b.Reinforced)
	case had != nil && a.Reinforced > b.Reinforced && b.Reinforced > o.Reinforced && b.LastReinforced != nil &&
		had(b.Reinforced, *b.LastReinforced):
		// Theirs is a state ours went through: the same stash, popped
		// after one more reinforcement on ours.
		f.reinforced = a.Reinforced
	}
	if f.reinforced < 0 {
		f.reinforced = 0
	}
	f.last = later(a.LastReinforced, b.LastReinforced)
	f.status = mergeStatus(o, a, b)
	f.seen = doc.MergeSeen(o.Seen(), a.Seen(), b.Seen())
	f.promoted = mergePromoted(o.PromotedTo, a.PromotedTo, b.PromotedTo)
	return f
}

// mergePromoted is promoted_to of the merge: a side that did not change it
// takes the other's change; when both did (each machine's curator promoted
// the memory into an entry of its own, harness session 16 world 129), the
// smaller link — the same whichever side is ours. The other entry stays
// in the rules file, whose merge keeps both sides' entries.
func mergePromoted(o, a, b string) string {
	switch {
	case a == o:
		return b
	case b == o || a == b:
		return a
	case a == "" || b == "":
		return a + b // one side took it away, the other promoted anew: the promotion
	}
	return min(a, b)
}

// sameLatest says whether both sides reinforced the memory since base and
// their latest reinforcement is the same observation.
func sameLatest(o, a, b *doc.Document) bool {
	if a.LastReinforced == nil || b.LastReinforced == nil || !a.LastReinforced.Equal(*b.LastReinforced) {
		return false
	}
	return a.Reinforced > o.Reinforced && b.Reinforced > o.Reinforced &&
		(o.LastReinforced == nil || !o.LastReinforced.Equal(*a.LastReinforced))
}

func later(a, b *time.Time) *time.Time {
	switch {
	case a == nil:
		return b
	case b == nil || !b.After(*a):
		return a
	}
	return b
}

// statusRank orders the statuses when both sides changed one: the status
// that retires a memory wins over the one that keeps it in use.
var statusRank = map[string]int{
	"archived": 4, "superseded": 3, "outdated": 2, "resolved": 1, "active": 0, "": 0,
}

// MergeStatus applies the status rule of Merge.
func mergeStatus(o, a, b *doc.Document) string {
	ca, cb := a.Status != o.Status, b.Status != o.Status
	switch {
	case !ca:
		return b.Status
	case !cb || a.Status == b.Status:
		return a.Status
	}
	// Both changed it differently. The memorizer changes a status only
	// when it reinforces; a change without a reinforcement is a person's
	// (or the sleep cycle's) decision, and wins.
	ta, tb := a.Reinforced > o.Reinforced, b.Reinforced > o.Reinforced
	switch {
	case ta && !tb:
		return b.Status
	case tb && !ta:
		return a.Status
	}
	ra, rb := statusRank[a.Status], statusRank[b.Status]
	switch {
	case ra > rb:
		return a.Status
	case rb > ra:
		return b.Status
	case a.Status < b.Status: // two unknown values: the same answer on every machine
		return a.Status
	}
	return b.Status
}

// apply writes the merged values into p, changing only their lines, and
// deletes the moved fields.
func (f fields) apply(p *doc.Parsed, hash string, moved []string) error {
	for _, name := range moved {
		if err := p.Delete(name); err != nil {
			return err
		}
	}
	if err := f.set(p, ruleFields); err != nil {
		return err
	}
	if hash != "" && p.Doc.SourceHash != hash {
		if err := p.Set(doc.FieldSourceHash, hash); err != nil {
			return err
		}
	}
	return nil
}

// set writes the merged values of the named fields that p has not yet
// (absent fields are appended, in writing order).
func (f fields) set(p *doc.Parsed, names []string) error {
	if slices.Contains(names, doc.FieldSessions) || slices.Contains(names, doc.FieldSeenSessions) ||
		slices.Contains(names, doc.FieldSeenAgents) {
		if err := p.SetSeen(f.seen); err != nil {
			return err
		}
	}
	for _, name := range ruleFields {
		if !slices.Contains(names, name) {
			continue
		}
		var err error
		switch name {
		case doc.FieldReinforced:
			if p.Doc.Reinforced != f.reinforced || (f.reinforced != 0 && !p.Has(name)) {
				err = p.Set(name, f.reinforced)
			}
		case doc.FieldLastReinforced:
			if !sameTime(p.Doc.LastReinforced, f.last) {
				var v any
				if f.last != nil {
					v = *f.last
				}
				err = p.Set(name, v)
			}
		case doc.FieldStatus:
			if p.Doc.Status != f.status {
				err = p.Set(name, f.status)
			}
		case doc.FieldPromotedTo:
			switch {
			case f.promoted == "" && p.Has(name):
				err = p.Delete(name)
			case f.promoted != "" && p.Doc.PromotedTo != f.promoted:
				err = p.Set(name, f.promoted)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b)
}

// sameMemory folds two creations of one memory into one document.
func sameMemory(pa, pb *doc.Parsed) (Result, error) {
	data, err := FoldInto(Fold(pa, pb))
	if err != nil {
		return Result{}, err
	}
	return Result{Data: data, Clean: true, Rule: "same-memory"}, nil
}

// FoldInto returns keep with other's creation counted as one more
// reinforcement: reinforced = both counts + 1, last_reinforced the latest
// of both and of other's creation, the sessions and agents both were seen
// in united. keep is edited in place.
func FoldInto(keep, other *doc.Parsed) ([]byte, error) {
	if err := keep.SetSeen(doc.MergeSeen(doc.Seen{}, keep.Doc.Seen(), other.Doc.Seen())); err != nil {
		return nil, err
	}
	if err := keep.Set(doc.FieldReinforced, keep.Doc.Reinforced+other.Doc.Reinforced+1); err != nil {
		return nil, err
	}
	last := later(later(keep.Doc.LastReinforced, other.Doc.LastReinforced), &other.Doc.Created)
	if err := keep.Set(doc.FieldLastReinforced, *last); err != nil {
		return nil, err
	}
	return keep.Bytes(), nil
}

// Fold returns which of two documents of the same memory (the same
// source_hash) stays — the one created first, then the smaller id, then
// the smaller bytes, so that every machine picks the same — and which is
// folded into it.
func Fold(a, b *doc.Parsed) (keep, other *doc.Parsed) {
	da, db := &a.Doc, &b.Doc
	switch {
	case da.Created.Before(db.Created):
		return a, b
	case db.Created.Before(da.Created):
		return b, a
	case da.ID != db.ID:
		if da.ID < db.ID {
			return a, b
		}
		return b, a
	case bytes.Compare(a.Bytes(), b.Bytes()) <= 0:
		return a, b
	}
	return b, a
}

// AddReinforcements returns keep with the reinforcements a side made to
// another document of the same memory since base (mod's count above
// base's, mod's last_reinforced) — how a document one machine reinforced
// while another folded it into keep loses nothing; the sessions and agents
// mod was seen in since base join keep's, and a promotion mod got since
// base is keep's when keep has none (its rules entry names the memory).
// keep is edited in place.
func AddReinforcements(keep *doc.Parsed, base, mod *doc.Document) ([]byte, error) {
	if err := keep.SetSeen(doc.MergeSeen(base.Seen(), keep.Doc.Seen(), mod.Seen())); err != nil {
		return nil, err
	}
	if keep.Doc.PromotedTo == "" && mod.PromotedTo != "" && mod.PromotedTo != base.PromotedTo {
		if err := keep.Set(doc.FieldPromotedTo, mod.PromotedTo); err != nil {
			return nil, err
		}
	}
	if n := mod.Reinforced - base.Reinforced; n > 0 {
		if err := keep.Set(doc.FieldReinforced, keep.Doc.Reinforced+n); err != nil {
			return nil, err
		}
	}
	if last := later(keep.Doc.LastReinforced, mod.LastReinforced); last != nil && !sameTime(last, keep.Doc.LastReinforced) {
		if err := keep.Set(doc.FieldLastReinforced, *last); err != nil {
			return nil, err
		}
	}
	return keep.Bytes(), nil
}

// reordered reports whether side holds the fields it shares with base in
// another order: it wrote them anew (a merge, a rendering), and its lines
// no longer stand where base's did.
func reordered(base, side *doc.Parsed) bool {
	shared := func(p, other *doc.Parsed) []string {
		var out []string
		for _, f := range p.Fields() {
			if other.Has(f) {
				out = append(out, f)
			}
		}
		return out
	}
	return !slices.Equal(shared(base, side), shared(side, base))
}

func isSeenField(name string) bool {
	return name == doc.FieldSessions || name == doc.FieldSeenSessions || name == doc.FieldSeenAgents
}
