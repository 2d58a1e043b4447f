package rules

import (
	"context"
	"fmt"
	"strings"

	"github.com/cortex-vault/cortex/vault/conflict"
	"github.com/cortex-vault/cortex/vault/doc"
)

// KindResolve is the action of a conflict settled by hand.
const KindResolve = "resolve"

// Conflicts refreshes the index and returns the pairs of active memories
// that disagree (conflict.Scan), newest first; the push block shows them
// until a person settles them.
func (s *Sleeper) Conflicts(ctx context.Context) ([]conflict.Pair, error) {
	if err := s.refresh(ctx); err != nil {
		return nil, err
	}
	return conflict.Scan(ctx, s.l, s.ix)
}

// ResolveConflict settles two memories that disagree the way a person
// decided (SPEC §11): other is superseded by keep (superseded_by, status:
// superseded), both stay in git, in one commit. The pair is settled in
// the document itself, so it never comes back, whatever happens to the
// caches.
func (s *Sleeper) ResolveConflict(ctx context.Context, keepRef, otherRef string) (*Report, error) {
	return s.byHand(ctx, "sleep: resolve a conflict", func(p *planner) error {
		keep, err := p.resolve(ctx, keepRef)
		if err != nil {
			return err
		}
		other, err := p.resolve(ctx, otherRef)
		if err != nil {
			return err
		}
		if keep == nil || other == nil {
			return nil // a person is editing one: skipped, as the report says
		}
		switch {
		case keep == other:
			return fmt.Errorf("%s: KEEP and OTHER are the same memory", keep.d.Path)
		case keep.d.ID == "":
			return fmt.Errorf("%s has no id: run cortex validate --fix first", keep.d.Path)
		case other.d.SupersededBy != "":
			return fmt.Errorf("%s is already superseded by %s", other.d.Path, other.d.SupersededBy)
		case keep.d.SupersededBy != "":
			return fmt.Errorf("%s is superseded by %s: keep that one instead", keep.d.Path, keep.d.SupersededBy)
		}
		if !p.set(other, doc.FieldSupersededBy, keep.d.ID) || !p.set(other, doc.FieldStatus, "superseded") {
			return fmt.Errorf("%s: %s", other.d.Path, strings.Join(p.report.Notes, "; "))
		}
		p.act(Action{Kind: KindResolve, Path: other.d.Path, ID: other.d.ID,
			Detail: "superseded by " + keep.d.Path + " (a conflict settled by hand)"})
		if other.d.PromotedTo != "" {
			// The rules files are the people's: the curator appends to
			// them and never takes an entry back, so it says where the
			// rule the settled memory became still stands.
			p.notef("%s was promoted to %s, which agents still get as a rule: edit or delete that entry",
				other.d.Path, other.d.PromotedTo)
		}
		return nil
	})
}
