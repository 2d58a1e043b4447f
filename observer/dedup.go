package observer

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/cortex-vault/cortex/vault/doc"
)

// findByHash finds the document whose body hashes to h (SPEC §5 step 5):
// first among this batch's new documents, then in the vault through the
// index — one indexed look-up, never a scan. A row whose file has gone or
// changed since it was indexed is corrected and passed over. Of several
// matches, a live one (not superseded, resolved or archived) is preferred,
// then the first by path.
func (m *Memorizer) findByHash(ctx context.Context, b *batch, h string) (*target, error) {
	if nd, ok := b.newByHash[h]; ok {
		return &target{nd: nd}, nil
	}
	docs, err := m.ix.ByHash(ctx, h)
	if err != nil {
		return nil, fmt.Errorf("memorize: %w", err)
	}
	var found []*editDoc
	for _, d := range docs {
		ed, err := m.loadDoc(b, d.Path)
		if err != nil {
			return nil, err
		}
		if ed == nil || doc.Hash(ed.p.Doc.Body) != h {
			m.fixIndex(ctx, d.Path)
			continue
		}
		found = append(found, ed)
	}
	if len(found) == 0 {
		return nil, nil
	}
	slices.SortStableFunc(found, func(a, b *editDoc) int { return rank(a) - rank(b) })
	return &target{ed: found[0]}, nil
}

// rank orders de-duplication candidates: live documents first.
func rank(ed *editDoc) int {
	switch ed.p.Doc.Status {
	case "", "active":
		return 0
	}
	return 1
}

// fixIndex re-reads one stale path into the index. A failure only costs a
// missed match, so it is logged, not returned.
func (m *Memorizer) fixIndex(ctx context.Context, rel string) {
	if err := m.ix.Update(ctx, rel); err != nil {
		m.log.Warn("index update failed", "path", rel, "err", err)
	}
}

// echo reports whether o is the very observation that created d or that
// last reinforced it — the same line read again, after a crash or a
// replaced buffer sent the memorizer back over lines it had accounted for.
// Counting it again would be a spurious reinforcement. The frontmatter
// already holds the proof: created is the creating observation's
// timestamp (with its session and attribution beside it), last_reinforced
// the latest reinforcing one's, both to the millisecond.
func echo(d *doc.Document, o *Observation) bool {
	ts := toMillis(o.Timestamp)
	if d.Created.Equal(ts) && d.SessionID == o.SessionID && d.Attribution == o.Attribution {
		return true
	}
	return d.LastReinforced != nil && d.LastReinforced.Equal(ts)
}

// reinforce records that o saw t's document again: reinforced counts one
// more, last_reinforced becomes o's timestamp unless the memory was made
// or reinforced later than that (a repeat dated in the past counts, but
// never makes the memory decay from an older date), and o's session and
// agent join the ones the memory was seen in (doc.Seen), edited in place
// (SPEC §2: only those lines change). A replayed line (echo) changes
// nothing and counts as skipped. ok is the outcome of a reinforcement that
// took place.
func (m *Memorizer) reinforce(b *batch, ln rawLine, t target, o *Observation, verb string, ok outcome) outcome {
	d := t.doc()
	// A line accounted for before (read again from a copied or restored
	// buffer, seen.go) reinforced its document then, or found it already
	// reinforced by itself: counting it again would invent a
	// reinforcement.
	if echo(d, o) || m.seen.has(ln) {
		return outSkipped
	}
	var last *time.Time
	if ts := toMillis(o.Timestamp); ts.After(d.Created) && (d.LastReinforced == nil || ts.After(*d.LastReinforced)) {
		last = &ts
	}
	n := d.Reinforced + 1
	agent := o.Agent
	if agent == "" {
		agent = o.Attribution
	}
	seen, seenChanged := d.Seen().Add(o.SessionID, agent)
	if t.nd != nil {
		if last != nil {
			d.LastReinforced = last
		}
		d.Reinforced = n
		if seenChanged {
			// Render writes what differs from the memory's own session
			// and agent only, as SetSeen would.
			d.Sessions, d.SeenSessions, d.SeenAgents = 0, nil, nil
			if seen.Sessions > 1 {
				d.Sessions, d.SeenSessions = seen.Sessions, seen.IDs
			}
			if len(seen.Agents) > 1 {
				d.SeenAgents = seen.Agents
			}
		}
		b.note(verb, t, o.Attribution)
		return ok
	}
	err := m.edit(func() error {
		if last != nil {
			if err := t.ed.p.Set(doc.FieldLastReinforced, *last); err != nil {
				return err
			}
		}
		if err := t.ed.p.Set(doc.FieldReinforced, n); err != nil {
			return err
		}
		if seenChanged {
			return t.ed.p.SetSeen(seen)
		}
		return nil
	}, t.ed)
	if err != nil {
		return m.quarantine(b, ln, ReasonEditFailed, fmt.Sprintf("cannot reinforce %s: %v", t.ed.path, err))
	}
	b.note(verb, t, o.Attribution)
	return ok
}
