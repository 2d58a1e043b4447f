package rules

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault/doc"
)

// The curator's bar (seed 000, hot → warm → cold): a memory reinforced or
// repeated this many times (its near-duplicates counted) across this many
// sessions becomes a rule.
const (
	PromoteOccurrences = 3
	PromoteSessions    = 2
)

// merge finds near-duplicates among the active memories under mind/ of the
// same type and merges each group into its oldest memory: the others get
// superseded_by and status: superseded, and the canonical's reinforced
// grows by what they carried (each counts once, plus its own
// reinforcements); its last_reinforced becomes the latest of the group's.
// The oldest is the canonical one because every later one repeats it, and
// its id is the one other memories and rules already name.
func (p *planner) merge(ctx context.Context) error {
	var pool []*mem
	for _, m := range p.mems {
		if m.keyed && decays(m) && m.active() && m.d.ID != "" && m.d.Type != "" {
			pool = append(pool, m)
		}
	}
	sortMems(pool)
	// Only memories that share a key can be near-duplicates: their
	// bodies are read again and compared; the others never are.
	byKey := map[uint64][]int{}
	for i, m := range pool {
		byKey[m.key] = append(byKey[m.key], i)
	}
	var sub []int
	for _, ids := range byKey {
		if len(ids) > 1 {
			sub = append(sub, ids...)
		}
	}
	slices.Sort(sub)
	paths := make([]string, len(sub))
	for i, k := range sub {
		paths[i] = pool[k].d.Path
	}
	bodies, err := p.s.ix.Bodies(ctx, paths)
	if err != nil {
		return err
	}
	notes := make([]note, len(sub))
	groups := make([]string, len(sub))
	pos := make(map[int]int, len(sub))
	for i, k := range sub {
		pos[k] = i
		groups[i] = pool[k].d.Type
	}
	onEveryCore(len(sub), func(i int) { notes[i] = newNote(bodies[pool[sub[i]].d.Path]) })
	// Union the similar pairs; pool is oldest first, so the smallest index
	// of a set is its canonical memory.
	parent := make([]int, len(pool))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, pr := range nearPairs(notes, groups) {
		a, b := find(sub[pr.a]), find(sub[pr.b])
		if a != b {
			parent[max(a, b)] = min(a, b)
		}
	}
	for i, m := range pool {
		r := find(i)
		if r == i {
			continue
		}
		c := pool[r]
		// Precision first: only a memory that says the same as the
		// canonical one itself is merged, not one linked through a third.
		if !similar(&notes[pos[r]], &notes[pos[i]]) {
			continue
		}
		p.mergeInto(c, m)
	}
	return nil
}

// mergeInto supersedes m by c.
func (p *planner) mergeInto(c, m *mem) {
	if p.edit(c) == nil || p.edit(m) == nil {
		return
	}
	if !p.set(m, doc.FieldSupersededBy, c.d.ID) || !p.set(m, doc.FieldStatus, "superseded") {
		return
	}
	m.canon = c
	p.set(c, doc.FieldReinforced, c.d.Reinforced+1+m.d.Reinforced)
	if m.d.DecayBaseMS > c.d.DecayBaseMS {
		if t := baseTime(m); !t.IsZero() {
			p.set(c, doc.FieldLastReinforced, t)
		}
	}
	p.act(Action{Kind: KindMerge, Path: m.d.Path, ID: m.d.ID,
		Detail: fmt.Sprintf("superseded by %s (the oldest of its near-duplicates; reinforced now %d)", c.d.Path, c.d.Reinforced)})
}

// group is a canonical memory and every memory that counts for it.
type group struct {
	canon   *mem
	members []*mem // canon first
}

func (g *group) occurrences() int { return 1 + g.canon.d.Reinforced }

// sessions counts the distinct sessions of the group's memories: the
// sessions each was seen in (doc.Seen, kept through reinforcement, merge
// and sync), united by id, plus what each counted beyond the ids it
// keeps. A memory that records no sightings (made before they were kept)
// and was reinforced on a later day than it was made counts one more
// session, as it always did.
func (g *group) sessions() int {
	seen := map[string]bool{}
	extra := 0
	later := false
	for _, m := range g.members {
		for _, id := range m.d.SeenSessions {
			seen[id] = true
		}
		extra += max(0, m.d.Sessions-len(m.d.SeenSessions))
		if m.d.Sessions <= 1 && m.d.Reinforced > 0 && m.d.LastReinforced != "" && len(m.d.Created) >= 10 &&
			m.d.LastReinforced[:10] != m.d.Created[:10] {
			later = true
		}
	}
	n := len(seen) + extra
	if later && len(g.members) == 1 {
		n++
	}
	return max(n, 1)
}

func (g *group) paths() []string {
	var ps []string
	for _, m := range g.members {
		ps = append(ps, m.d.Path)
	}
	return ps
}

// groups gathers the memories under mind/ that are still in play by their
// canonical memory.
func (p *planner) groups() []*group {
	by := map[*mem]*group{}
	var out []*group
	for _, m := range p.mems {
		c := m.canon
		if !decays(c) || c.d.ID == "" || c.d.PromotedTo != "" || c.d.Status != "active" || c.d.SupersededBy != "" {
			continue
		}
		g := by[c]
		if g == nil {
			g = &group{canon: c, members: []*mem{c}}
			by[c] = g
			out = append(out, g)
		}
		if m != c {
			g.members = append(g.members, m)
		}
	}
	return out
}

// curate promotes the groups that pass the bar into rules/ and lists the
// ones just below it as candidates. With only set, it promotes those
// canonical memories whatever their counts (cortex promote).
func (p *planner) curate(only map[*mem]bool, force bool) {
	for _, g := range p.groups() {
		occ, ses := g.occurrences(), g.sessions()
		switch {
		case force && only[g.canon]:
			p.promote(g, "promoted by hand")
		case force:
		case occ >= PromoteOccurrences && ses >= PromoteSessions:
			p.promote(g, fmt.Sprintf("%d occurrences across %d sessions", occ, ses))
		case occ == PromoteOccurrences-1 || occ >= PromoteOccurrences:
			p.report.Candidates = append(p.report.Candidates, Candidate{ID: g.canon.d.ID, Path: g.canon.d.Path,
				Type: g.canon.d.Type, Title: g.canon.d.Title, Occurrences: occ, Sessions: ses, Sources: g.paths()})
		}
	}
}

// ruleFile is a file of rules/ the run appends to.
type ruleFile struct {
	rel  string
	orig []byte // nil for a new file
	mode os.FileMode
	data []byte // the new bytes (nil while unchanged)
	p    *doc.Parsed
	// pending are the entries to append; blocks their block ids.
	pending []string
	blocks  map[string]bool
}

// rulePath is the rules file of a memory type: rules/<type>s.md.
func rulePath(typ string) string {
	if strings.HasSuffix(typ, "s") {
		return "rules/" + typ + ".md"
	}
	return "rules/" + typ + "s.md"
}

// blockID names a rule entry by its canonical memory, as an Obsidian block
// id: promoted_to links to it.
func blockID(id string) string { return "r-" + sum([]byte(id))[:8] }

// ruleFile opens (or starts) the rules file of typ; nil with a note when
// a person's version cannot be read as a document.
func (p *planner) ruleFile(typ string) *ruleFile {
	rel := rulePath(typ)
	if rf, ok := p.rules[rel]; ok {
		return rf
	}
	rf := &ruleFile{rel: rel, mode: 0o644}
	if p.editing(rel) {
		p.rules[rel] = nil
		return nil
	}
	if err := checkInside(p.s.l, rel); err != nil {
		p.notef("%v", err)
		return nil
	}
	data, err := os.ReadFile(p.s.abs(rel))
	switch {
	case err == nil:
		parsed, perr := doc.Parse(data)
		if perr != nil {
			p.notef("%s: %v; a person's rules file is never rewritten: no rule added to it", rel, perr)
			p.rules[rel] = nil
			return nil
		}
		if fi, serr := os.Stat(p.s.abs(rel)); serr == nil {
			rf.mode = fi.Mode().Perm()
		}
		rf.orig, rf.p = data, parsed
	case os.IsNotExist(err):
		def, ok := p.s.tax.Type(typ)
		if !ok {
			p.notef("type %q is not in taxonomy.yml; no rules file for it", typ)
			return nil
		}
		plural := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(rel, "rules/"), ".md"), "_", " ")
		title := strings.ToUpper(plural[:1]) + plural[1:]
		body := "# " + title + "\n\n" + doc.RulesIntro + "\n"
		imp := 1.0
		// The id is the run's time and a hash of the file and the
		// commit the run starts from, not random: a run undone after a
		// kill -9 and planned again writes the same file (and MEMORY.md
		// the same reference to it).
		id := doc.IDAt(p.now, "rules file\x00"+rel+"\x00"+gitHead(context.Background(), p.s.l.Root))
		d := &doc.Document{ID: id, Type: typ, Category: def.Category, Created: p.now.UTC(),
			SourceHash: doc.Hash(body), Title: title + " (rules)", Importance: &imp, Body: body}
		data := doc.Render(d)
		parsed, perr := doc.Parse(data)
		if perr != nil {
			return nil
		}
		rf.p, rf.data = parsed, data
	default:
		p.notef("%s: %v", rel, err)
		return nil
	}
	p.rules[rel] = rf
	return rf
}

// addEntry queues one rule line for the end of the file, unless an entry
// with its block id is there already; finish writes them.
func (rf *ruleFile) addEntry(block, line string) bool {
	if strings.Contains(rf.p.Body(), "^"+block) || rf.blocks[block] {
		return false
	}
	if rf.blocks == nil {
		rf.blocks = map[string]bool{}
	}
	rf.blocks[block] = true
	rf.pending = append(rf.pending, line)
	return true
}

// finish appends the queued lines (one parse, however many rules) and
// brings source_hash in step with the body.
func (rf *ruleFile) finish() error {
	if len(rf.pending) == 0 {
		return nil
	}
	next := slices.Clone(rf.p.Bytes())
	if len(next) > 0 && next[len(next)-1] != '\n' {
		next = append(next, '\n')
	}
	// A list item right after a paragraph would join it: a blank line
	// first, unless the file ends with a list item already.
	lines := strings.Split(strings.TrimRight(string(next), "\n"), "\n")
	if last := strings.TrimSpace(lines[len(lines)-1]); last != "" && !strings.HasPrefix(last, "- ") && !strings.HasPrefix(last, "---") {
		next = append(next, '\n')
	}
	for _, ln := range rf.pending {
		next = append(next, ln...)
		next = append(next, '\n')
	}
	np, err := doc.Parse(next)
	if err != nil {
		return err
	}
	if err := np.Set(doc.FieldSourceHash, doc.Hash(np.Doc.Body)); err != nil {
		return err
	}
	rf.p, rf.data, rf.pending = np, np.Bytes(), nil
	return nil
}

// finishRules writes every rules file's queued entries; a file that cannot
// take them is left as it was, with a note.
func (p *planner) finishRules() {
	for rel, rf := range p.rules {
		if rf == nil {
			continue
		}
		if err := rf.finish(); err != nil {
			p.notef("%s: %v; no rule added to it", rel, err)
			rf.data, rf.pending = nil, nil
		}
	}
}

// maxRuleText bounds a rule line's text (the memory stays whole).
const maxRuleText = 300

// promote adds the group's rule to rules/<type>s.md and sets promoted_to
// on every source memory.
func (p *planner) promote(g *group, why string) {
	c := g.canon
	for _, m := range g.members {
		if p.edit(m) == nil {
			return
		}
	}
	rf := p.ruleFile(c.d.Type)
	if rf == nil || c.ed == nil {
		return
	}
	block := blockID(c.d.ID)
	text := oneLine(c.ed.p.Doc.Body)
	if utf8.RuneCountInString(text) > maxRuleText {
		cut, _ := doc.CutWords(text, maxRuleText-1)
		text = cut + "…"
	}
	var links []string
	for _, m := range g.members {
		links = append(links, "[["+fileStem(m.d.Path)+"]]")
	}
	line := fmt.Sprintf("- %s (from %s) ^%s", text, strings.Join(links, ", "), block)
	added := rf.addEntry(block, line)
	target := "[[" + strings.TrimSuffix(rf.rel, ".md") + "#^" + block + "]]"
	for _, m := range g.members {
		p.set(m, doc.FieldPromotedTo, target)
	}
	if added {
		p.act(Action{Kind: KindRule, Path: rf.rel, ID: c.d.ID, Detail: "^" + block + " " + text})
	}
	p.act(Action{Kind: KindPromote, Path: c.d.Path, ID: c.d.ID, Detail: fmt.Sprintf("%s → %s (%s)", why, target, strings.Join(g.paths(), ", "))})
}

// globals makes global the local memory that two or more agents recorded:
// its near-duplicates by other agents count.
func (p *planner) globals() {
	agents := map[*mem]map[string]bool{}
	for _, m := range p.mems {
		c := m.canon
		if c.d.Scope != "local" || c.d.ID == "" || c.d.Status != "active" {
			continue
		}
		names := m.d.SeenAgents
		if len(names) == 0 {
			a := m.d.Agent
			if a == "" {
				a = m.d.Attribution
			}
			names = []string{a}
		}
		for _, a := range names {
			if a == "" {
				continue
			}
			if agents[c] == nil {
				agents[c] = map[string]bool{}
			}
			agents[c][a] = true
		}
	}
	for _, m := range p.mems {
		if as := agents[m]; len(as) >= 2 {
			names := slices.Sorted(maps.Keys(as))
			if p.set(m, doc.FieldScope, "global") {
				p.act(Action{Kind: KindGlobal, Path: m.d.Path, ID: m.d.ID, Detail: "recorded by " + strings.Join(names, ", ")})
			}
		}
	}
}
