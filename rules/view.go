package rules

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault/agentsblock"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/index"
)

// MEMORY.md (seed 004): a generated view at the vault root that other
// tools read (Claude Code reads the first 200 lines / 25 KB of a
// MEMORY.md): rules first, then the memories of highest effective
// importance, capped so that it is always read whole.
const (
	ViewFile     = doc.ViewFile
	ViewMaxLines = 80
	ViewMaxBytes = 5 * 1024
	// ViewHeader is the view's first line.
	ViewHeader  = doc.ViewHeader
	maxViewLine = 160
)

// view regenerates MEMORY.md from the plan's state, when what it shows
// changed, and the cortex block of the AGENTS.md and CLAUDE.md at the
// vault's root that hold one (in the same commit).
func (p *planner) view(ctx context.Context) error {
	p.finishRules()
	data, err := p.renderView(ctx)
	if err != nil {
		return err
	}
	if err := p.viewFile(data); err != nil {
		return err
	}
	for _, name := range agentsblock.Files {
		p.agentsFile(name, data)
	}
	return nil
}

// viewFile plans MEMORY.md's new bytes, data, unless a person is editing
// it.
func (p *planner) viewFile(data []byte) error {
	if p.editing(ViewFile) {
		return nil
	}
	abs := p.s.abs(ViewFile)
	cur, err := os.ReadFile(abs)
	existed := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		p.notef("%s: %v; not regenerated", ViewFile, err)
		return nil
	}
	if existed && bytes.Equal(cur, data) {
		return nil
	}
	if fi, err := os.Lstat(abs); err == nil && !fi.Mode().IsRegular() {
		p.notef("%s is not a regular file; not regenerated", ViewFile)
		return nil
	}
	if existed {
		head, inHead, err := p.s.git.HeadFile(ViewFile)
		if err != nil {
			return fmt.Errorf("maintain: %w", err)
		}
		if !inHead || !bytes.Equal(head, cur) {
			p.notef("%s has changes a person has not committed; not regenerated (commit or remove them)", ViewFile)
			return nil
		}
		if !bytes.HasPrefix(cur, []byte(ViewHeader)) {
			p.notef("%s was written by a person; replaced by the generated view (its text stays in git history)", ViewFile)
		}
	}
	op := &fileOp{Path: ViewFile, Mode: 0o644, Data: data, Sum: sum(data)}
	if existed {
		op.Existed, op.Original, op.OriginalSum = true, cur, sum(cur)
	}
	p.ops[ViewFile] = op
	p.act(Action{Kind: KindView, Path: ViewFile, Detail: fmt.Sprintf("%d lines", bytes.Count(data, []byte("\n")))})
	return nil
}

// agentsFile plans the refresh of the cortex block in the file name at the
// vault's root (AGENTS.md, CLAUDE.md) from the view's bytes, when the file
// holds the block: everything outside the block is a person's and stays
// byte for byte. A file a person is editing, or a link, is left alone.
func (p *planner) agentsFile(name string, view []byte) {
	abs := p.s.abs(name)
	fi, err := os.Lstat(abs)
	if err != nil || !fi.Mode().IsRegular() {
		return // absent, or not a file Cortex may write
	}
	cur, err := os.ReadFile(abs)
	if err != nil {
		p.notef("%s: %v; its cortex block not refreshed", name, err)
		return
	}
	if !agentsblock.Has(cur) || p.editing(name) {
		return
	}
	next, err := agentsblock.Splice(string(cur), agentsblock.Render(view, "."))
	if err != nil {
		p.notef("%s: %v; its cortex block not refreshed", name, err)
		return
	}
	if next == string(cur) {
		return
	}
	data := []byte(next)
	p.ops[name] = &fileOp{Path: name, Mode: fi.Mode().Perm(), Data: data, Sum: sum(data),
		Existed: true, Original: cur, OriginalSum: sum(cur)}
	p.act(Action{Kind: KindView, Path: name, Detail: "the cortex block"})
}

// renderView writes MEMORY.md: the header, the rules (each entry of the
// rules files, else a rules document's title), then the memories that
// would be pushed to any agent, by effective importance. Every line ends
// with its reference, as in the push block: ‹short id› of a memory,
// ‹short#^block› of a rule entry with a block id (cortex get reads both).
// The short ids are those of the vault as the run leaves it (the rules
// files it creates included), so they do not depend on whether the run
// was interrupted and planned again, and the next run finds them the same.
func (p *planner) renderView(ctx context.Context) ([]byte, error) {
	type ruleLine struct{ text, id, path, block string }
	var ruleLines []ruleLine
	seen := map[string]bool{}
	addRules := func(rel, id, body, title string) {
		if seen[rel] {
			return
		}
		seen[rel] = true
		entries := doc.RuleEntries(body)
		for _, e := range entries {
			ruleLines = append(ruleLines, ruleLine{clipLine(e.Text), id, rel, e.Block})
		}
		if len(entries) == 0 {
			ruleLines = append(ruleLines, ruleLine{text: clipLine(title), id: id, path: rel})
		}
	}
	rels := slices.Sorted(func(yield func(string) bool) {
		for rel, rf := range p.rules {
			if rf != nil && !yield(rel) {
				return
			}
		}
	})
	var created []string // ids of the rules files the run creates
	for _, rel := range rels {
		rf := p.rules[rel]
		if rf.orig == nil {
			if rf.data == nil {
				continue // a new file that could not take its rules: not written
			}
			created = append(created, rf.p.Doc.ID)
		}
		addRules(rel, rf.p.Doc.ID, rf.p.Body(), rf.p.Doc.Title)
	}
	for _, m := range p.mems {
		if strings.HasPrefix(m.d.Path, index.RulesPrefix) && m.d.Status == "active" {
			addRules(m.d.Path, m.d.ID, m.body, m.d.Title)
		}
	}
	p.ranked = viewOrder(p.mems, p.now)
	top := p.ranked[:min(len(p.ranked), ViewMaxLines)]
	ids := make([]string, 0, len(top)+len(ruleLines))
	for _, m := range top {
		ids = append(ids, m.d.ID)
	}
	for _, r := range ruleLines {
		ids = append(ids, r.id)
	}
	short, err := p.s.ix.ShortIDs(ctx, ids, index.MinShortID, created...)
	if err != nil {
		return nil, fmt.Errorf("maintain: %w", err)
	}
	var b bytes.Buffer
	lines := 0
	put := func(s string) bool {
		if lines+1 > ViewMaxLines || b.Len()+len(s)+1 > ViewMaxBytes {
			return false
		}
		b.WriteString(s)
		b.WriteByte('\n')
		lines++
		return true
	}
	put(ViewHeader)
	put("")
	put("# Memory")
	if len(ruleLines) > 0 {
		put("")
		put("## Rules")
		for _, r := range ruleLines {
			ref := cmp.Or(short[r.id], r.path)
			if r.block != "" {
				ref += "#^" + r.block
			}
			if !put("- " + r.text + " ‹" + ref + "›") {
				break
			}
		}
	}
	if len(top) > 0 && lines+3 <= ViewMaxLines {
		put("")
		put("## Most important memories")
		for _, m := range top {
			title := m.d.Title
			if title == "" {
				title = fileStem(m.d.Path)
			}
			if !put(fmt.Sprintf("- [%s] %s ‹%s›", m.d.Type, clipLine(title), short[m.d.ID])) {
				break
			}
		}
	}
	return b.Bytes(), nil
}

// viewOrder is the memories MEMORY.md may show (active, not local, with
// an id, not rules), most important first at now: effective importance,
// then newest, then path.
func viewOrder(mems []*mem, now time.Time) []*mem {
	var top []*mem
	for _, m := range mems {
		if m.active() && m.d.Scope != "local" && m.d.ID != "" && !strings.HasPrefix(m.d.Path, index.RulesPrefix) {
			top = append(top, m)
		}
	}
	eff := make(map[*mem]float64, len(top))
	for _, m := range top {
		eff[m] = index.EffectiveImportance(m.d, now)
	}
	slices.SortFunc(top, func(a, b *mem) int {
		if eff[a] != eff[b] {
			if eff[a] > eff[b] {
				return -1
			}
			return 1
		}
		if a.d.CreatedMS != b.d.CreatedMS {
			if a.d.CreatedMS > b.d.CreatedMS {
				return -1
			}
			return 1
		}
		return strings.Compare(a.d.Path, b.d.Path)
	})
	return top
}

func clipLine(s string) string {
	s = oneLine(s)
	if utf8.RuneCountInString(s) <= maxViewLine {
		return s
	}
	cut, _ := doc.CutWords(s, maxViewLine-1)
	return cut + "…"
}
