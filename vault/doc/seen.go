package doc

import (
	"slices"
)

// MaxSeen bounds seen_sessions and seen_agents: a memory repeated in a
// thousand sessions keeps a count and the last few ids, not a thousand
// lines of frontmatter.
const MaxSeen = 8

// Seen is where a memory was seen (SPEC §11, sessions of a memory): the
// number of distinct sessions, the last few of them and the agents that
// recorded it, oldest first.
type Seen struct {
	Sessions int
	IDs      []string // the last MaxSeen distinct session ids
	Agents   []string // the first MaxSeen distinct agents
}

// Seen returns where d was seen. Without the fields it is its own session
// and its own agent (else attribution): what a memory nobody repeated has
// always meant.
func (d *Document) Seen() Seen {
	s := Seen{Sessions: d.Sessions, IDs: d.SeenSessions, Agents: d.SeenAgents}
	if len(s.IDs) == 0 && d.SessionID != "" {
		s.IDs = []string{d.SessionID}
	}
	if len(s.Agents) == 0 {
		if a := d.agentName(); a != "" {
			s.Agents = []string{a}
		}
	}
	s.Sessions = max(s.Sessions, len(s.IDs))
	return s
}

// agentName is who recorded d: its agent, else its attribution.
func (d *Document) agentName() string {
	if d.Agent != "" {
		return d.Agent
	}
	return d.Attribution
}

// Add records one more sighting, in session (a session id) by agent; it
// reports whether anything changed. A session already among the last ids
// is not counted again; one that fell off the list long ago is (the count
// is then one too high, which only a memory seen in more than MaxSeen
// sessions can meet).
func (s Seen) Add(session, agent string) (Seen, bool) {
	changed := false
	if session != "" && !slices.Contains(s.IDs, session) {
		ids := append(slices.Clone(s.IDs), session)
		if len(ids) > MaxSeen {
			ids = ids[len(ids)-MaxSeen:]
		}
		s.IDs, s.Sessions, changed = ids, s.Sessions+1, true
	}
	if agent != "" && !slices.Contains(s.Agents, agent) && len(s.Agents) < MaxSeen {
		s.Agents, changed = append(slices.Clone(s.Agents), agent), true
	}
	return s, changed
}

// MergeSeen is the union of two versions of a memory's sightings changed
// from base (the zero Seen when there is none): the sessions both sides
// added are counted once when their ids show it, the ids and agents are
// united — base's first, then the ones either side added, in id order,
// so that every machine writes the same — and bounded as Add bounds them.
func MergeSeen(base, a, b Seen) Seen {
	var ids []string
	for _, id := range base.IDs {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	var added []string
	for _, id := range slices.Concat(a.IDs, b.IDs) {
		if !slices.Contains(ids, id) && !slices.Contains(added, id) {
			added = append(added, id)
		}
	}
	slices.Sort(added)
	// Both sides' new sessions add up, less those both added.
	both := 0
	for _, id := range added {
		if slices.Contains(a.IDs, id) && slices.Contains(b.IDs, id) {
			both++
		}
	}
	n := a.Sessions + b.Sessions - base.Sessions - both
	ids = append(ids, added...)
	n = max(n, a.Sessions, b.Sessions, len(ids))
	if len(ids) > MaxSeen {
		ids = ids[len(ids)-MaxSeen:]
	}
	agents := slices.Clone(base.Agents)
	var newAgents []string
	for _, ag := range slices.Concat(a.Agents, b.Agents) {
		if !slices.Contains(agents, ag) && !slices.Contains(newAgents, ag) {
			newAgents = append(newAgents, ag)
		}
	}
	slices.Sort(newAgents)
	agents = append(agents, newAgents...)
	if len(agents) > MaxSeen {
		agents = agents[:MaxSeen]
	}
	return Seen{Sessions: n, IDs: ids, Agents: agents}
}

// SetSeen writes s into the document, changing only the lines of the
// fields whose value differs from what the document says (SPEC §2): a
// memory still seen in its own session only, by its own agent, gets no
// field at all.
func (p *Parsed) SetSeen(s Seen) error {
	cur := p.Doc.Seen()
	if s.Sessions != cur.Sessions || (p.Has(FieldSessions) && p.Doc.Sessions != s.Sessions) {
		if err := p.Set(FieldSessions, s.Sessions); err != nil {
			return err
		}
	}
	if !slices.Equal(s.IDs, cur.IDs) {
		if err := p.Set(FieldSeenSessions, s.IDs); err != nil {
			return err
		}
	}
	if !slices.Equal(s.Agents, cur.Agents) {
		if err := p.Set(FieldSeenAgents, s.Agents); err != nil {
			return err
		}
	}
	return nil
}
