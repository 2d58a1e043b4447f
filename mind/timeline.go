package mind

import (
	"context"
	"slices"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/index"
)

// DefaultAround is how many entries a timeline shows on each side of its
// anchor unless told.
const DefaultAround = 5

// MaxAround bounds --before and --after.
const MaxAround = 500

// CLISession is the session_id of everything written with `cortex write`
// and `cortex observe` without a session: it groups no conversation, so a
// timeline does not prefer it.
const CLISession = "cli"

// Entry is one line of a timeline.
type Entry struct {
	ID string `json:"id"`
	// Short is the shortest prefix of 8+ characters that names this
	// document alone.
	Short   string    `json:"short_id"`
	Type    string    `json:"type"`
	Created time.Time `json:"created,omitzero"`
	Title   string    `json:"title"`
	Path    string    `json:"path"`
	Status  string    `json:"status"`
	Session string    `json:"session_id,omitempty"`
	// Anchor marks the entry the timeline is about; SameSession the
	// entries of its session.
	Anchor      bool `json:"anchor,omitempty"`
	SameSession bool `json:"same_session,omitempty"`
	// Provenance is who recorded it, how, and whether that source is
	// trusted.
	Provenance Provenance `json:"provenance"`
}

// Timeline is the entries around one document in time, oldest first.
type Timeline struct {
	Anchor  Entry   `json:"anchor"`
	Entries []Entry `json:"entries"`
}

// Timeline returns up to before entries created before the document ref
// names and up to after entries created after it, oldest first, the
// anchor among them. Entries of the anchor's session come first: the
// nearest of its session fill each side, and the nearest of other
// sessions only fill what the session leaves empty. Documents written
// without a session (session_id empty or cli) have no session to prefer.
func (r *Recall) Timeline(ctx context.Context, ref string, before, after int) (*Timeline, error) {
	anchor, err := r.Resolve(ctx, ref)
	if err != nil {
		return nil, err
	}
	if anchor.ParseError != "" {
		return nil, &QueryError{Msg: "timeline: " + anchor.Path + " cannot be read as a document: " + anchor.ParseError}
	}
	before, after = clampAround(before), clampAround(after)
	cal := calibration(r.l)
	session := anchor.SessionID
	if session == CLISession {
		session = ""
	}
	side := func(isAfter bool, n int) ([]Entry, error) {
		same, err := r.ix.Neighbors(ctx, index.NeighborParams{Anchor: anchor, After: isAfter, Session: session, SameSession: true, Limit: n})
		if err != nil {
			return nil, err
		}
		other, err := r.ix.Neighbors(ctx, index.NeighborParams{Anchor: anchor, After: isAfter, Session: session, Limit: n - len(same)})
		if err != nil {
			return nil, err
		}
		out := make([]Entry, 0, len(same)+len(other))
		for _, d := range same {
			e := entry(d, cal)
			e.SameSession = true
			out = append(out, e)
		}
		for _, d := range other {
			out = append(out, entry(d, cal))
		}
		return out, nil
	}
	pre, err := side(false, before)
	if err != nil {
		return nil, err
	}
	post, err := side(true, after)
	if err != nil {
		return nil, err
	}
	a := entry(anchor, cal)
	a.Anchor = true
	a.SameSession = session != ""
	all := append(append(pre, a), post...)
	slices.SortStableFunc(all, func(x, y Entry) int {
		if c := x.Created.Compare(y.Created); c != 0 {
			return c
		}
		switch {
		case x.Path < y.Path:
			return -1
		case x.Path > y.Path:
			return 1
		}
		return 0
	})
	ids := make([]string, len(all))
	for i, e := range all {
		ids[i] = e.ID
	}
	short, err := r.ix.ShortIDs(ctx, ids, MinPrefix)
	if err != nil {
		return nil, err
	}
	for i := range all {
		all[i].Short = short[all[i].ID]
		if all[i].Anchor {
			a = all[i]
		}
	}
	return &Timeline{Anchor: a, Entries: all}, nil
}

func clampAround(n int) int {
	switch {
	case n < 0:
		return 0
	case n > MaxAround:
		return MaxAround
	}
	return n
}

func entry(d index.Doc, cal *vault.Calibration) Entry {
	return Entry{ID: d.ID, Type: d.Type, Created: created(d), Title: d.Title, Path: d.Path, Status: d.Status, Session: d.SessionID,
		Provenance: ProvenanceOf(d.Bucket, d.Attribution, cal)}
}
