package observer

import (
	"context"
	"fmt"
	"strings"

	"github.com/cortex-vault/cortex/vault/doc"
)

// Document statuses the operations set (SPEC §2).
const (
	StatusResolved   = "resolved"
	StatusSuperseded = "superseded"
)

// idLookupLimit is how many documents an id prefix look-up fetches: two are
// enough to tell unique from ambiguous; a few more make the message useful.
const idLookupLimit = 4

// findByID resolves an op's id — a whole UUID or a unique prefix of 8 or
// more characters — among this batch's new documents and, through the
// index, the vault. When it names no document or several, why says so.
func (m *Memorizer) findByID(ctx context.Context, b *batch, id string) (*target, string, error) {
	id = strings.ToLower(id)
	var found []target
	for _, nd := range b.news {
		if strings.HasPrefix(strings.ToLower(nd.doc.ID), id) {
			found = append(found, target{nd: nd})
		}
	}
	docs, err := m.ix.ByIDPrefix(ctx, id, idLookupLimit)
	if err != nil {
		return nil, "", fmt.Errorf("memorize: %w", err)
	}
	for _, d := range docs {
		ed, err := m.loadDoc(b, d.Path)
		if err != nil {
			return nil, "", err
		}
		if ed == nil || !strings.HasPrefix(strings.ToLower(ed.p.Doc.ID), id) {
			m.fixIndex(ctx, d.Path)
			continue
		}
		found = append(found, target{ed: ed})
	}
	switch len(found) {
	case 0:
		return nil, fmt.Sprintf("no document has the id %s", id), nil
	case 1:
		return &found[0], "", nil
	}
	paths := make([]string, len(found))
	for i, t := range found {
		paths[i] = t.path()
	}
	what := "id prefix"
	if doc.IsUUID(id) {
		what = "id" // the vault has a duplicate id
	}
	return nil, fmt.Sprintf("%s %s names more than one document (%s): give more of the id", what, id, strings.Join(paths, ", ")), nil
}

// resolveRelates writes the whole id in place of each relates_to value
// given as the short id search prints or any unique prefix of 8 or more
// characters, as findByID resolves an op's id. A value that names no
// single document is kept as given: the graph reports it dangling.
func (m *Memorizer) resolveRelates(ctx context.Context, b *batch, o *Observation) error {
	for i, v := range o.RelatesTo {
		id := strings.ToLower(v)
		if len(id) < 8 || len(id) == 36 || !isUUIDPrefix(id) {
			continue
		}
		t, _, err := m.findByID(ctx, b, id)
		if err != nil {
			return err
		}
		if t != nil {
			o.RelatesTo[i] = t.doc().ID
		}
	}
	return nil
}

// operate applies an op line (SPEC §4 op, PIPELINE step 4) to the document
// its id names:
//   - resolve: status becomes resolved;
//   - reinforce: as a de-duplication match does;
//   - supersede: the line's body becomes the new document (or, when a
//     document with that body exists, that one), which gets `supersedes:
//     <old id>`; the old one gets `superseded_by: <new id>` and status
//     superseded.
//
// An id that names no single document quarantines the line (unknown_id).
// An op that finds its work already done (a replay) changes nothing and
// still counts as the operation it is.
func (m *Memorizer) operate(ctx context.Context, b *batch, ln rawLine, o *Observation, sc scores) (outcome, error) {
	t, why, err := m.findByID(ctx, b, o.ID)
	if err != nil {
		return 0, err
	}
	if t == nil {
		return m.quarantine(b, ln, ReasonUnknownID, fmt.Sprintf("op %s: %s", o.Op, why)), nil
	}
	switch o.Op {
	case OpReinforce:
		return m.reinforce(b, ln, *t, o, "reinforce", outOperation), nil
	case OpResolve:
		return m.resolve(b, ln, *t, o), nil
	case OpSupersede:
		return m.supersede(ctx, b, ln, *t, o, sc)
	}
	return m.quarantine(b, ln, ReasonInvalid, fmt.Sprintf("op %q is not resolve, supersede or reinforce", o.Op)), nil
}

func (m *Memorizer) resolve(b *batch, ln rawLine, t target, o *Observation) outcome {
	d := t.doc()
	if d.Status == StatusResolved {
		return outOperation
	}
	if t.nd != nil {
		d.Status = StatusResolved
	} else if err := m.edit(func() error { return t.ed.p.Set(doc.FieldStatus, StatusResolved) }, t.ed); err != nil {
		return m.quarantine(b, ln, ReasonEditFailed, fmt.Sprintf("cannot resolve %s: %v", t.ed.path, err))
	}
	b.note("resolve", t, o.Attribution)
	return outOperation
}

func (m *Memorizer) supersede(ctx context.Context, b *batch, ln rawLine, old target, o *Observation, sc scores) (outcome, error) {
	h := doc.Hash(o.Body)
	od := old.doc()
	if doc.Hash(od.Body) == h {
		return m.quarantine(b, ln, ReasonInvalid,
			fmt.Sprintf("op supersede: the body is that of %s itself (use op reinforce to confirm a memory)", old.path())), nil
	}
	nt, err := m.findByHash(ctx, b, h)
	if err != nil {
		return 0, err
	}
	var (
		nd     *doc.Document // the new document, when the body is new
		ndPath string
	)
	if nt == nil {
		// A new document; whatever its importance, the threshold does not
		// apply: the line is a correction, and dropping it would leave the
		// old memory standing.
		if err := m.resolveRelates(ctx, b, o); err != nil {
			return 0, err
		}
		nd = m.buildDocument(o, sc, h, od.ID)
		var reason, problem string
		if ndPath, reason, problem, err = m.routeDocument(b, nd); err != nil {
			return 0, err
		} else if problem != "" {
			return m.quarantine(b, ln, reason, problem), nil
		}
		nt = &target{nd: &newDoc{path: ndPath, doc: nd}}
	} else if nt.doc().Supersedes == od.ID && od.SupersededBy == nt.doc().ID && od.Status == StatusSuperseded {
		return outOperation, nil // done before: a replay
	}
	newID := nt.doc().ID
	var eds []*editDoc
	for _, t := range []target{old, *nt} {
		if t.ed != nil {
			eds = append(eds, t.ed)
		}
	}
	err = m.edit(func() error {
		if old.ed != nil {
			if err := old.ed.p.Set(doc.FieldSupersededBy, newID); err != nil {
				return err
			}
			if err := old.ed.p.Set(doc.FieldStatus, StatusSuperseded); err != nil {
				return err
			}
		}
		if nt.ed != nil {
			if err := nt.ed.p.Set(doc.FieldSupersedes, od.ID); err != nil {
				return err
			}
		}
		return nil
	}, eds...)
	if err != nil {
		return m.quarantine(b, ln, ReasonEditFailed, fmt.Sprintf("cannot supersede %s: %v", old.path(), err)), nil
	}
	if nd != nil {
		nt = &target{nd: b.addNew(ndPath, nd)}
	}
	if old.nd != nil {
		old.nd.doc.SupersededBy, old.nd.doc.Status = newID, StatusSuperseded
	}
	if nt.nd != nil {
		nt.nd.doc.Supersedes = od.ID
	}
	b.note("supersede", *nt, o.Attribution)
	return outOperation, nil
}
