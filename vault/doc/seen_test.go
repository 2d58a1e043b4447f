package doc

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestSeenAddCountsDistinctSessions(t *testing.T) {
	d := &Document{SessionID: "s1", Attribution: "agentA"}
	s := d.Seen()
	if s.Sessions != 1 || !reflect.DeepEqual(s.IDs, []string{"s1"}) || !reflect.DeepEqual(s.Agents, []string{"agentA"}) {
		t.Fatalf("implied: %+v", s)
	}
	s, changed := s.Add("s1", "agentA")
	if changed {
		t.Fatalf("the same session and agent changed %+v", s)
	}
	s, _ = s.Add("s2", "agentB")
	s, _ = s.Add("s3", "agentC")
	if s.Sessions != 3 || !reflect.DeepEqual(s.IDs, []string{"s1", "s2", "s3"}) || len(s.Agents) != 3 {
		t.Fatalf("after three sessions: %+v", s)
	}
	for i := range 2 * MaxSeen {
		s, _ = s.Add(fmt.Sprintf("x%02d", i), fmt.Sprintf("agent%02d", i))
	}
	if s.Sessions != 3+2*MaxSeen || len(s.IDs) != MaxSeen || len(s.Agents) != MaxSeen {
		t.Fatalf("bounded: %+v", s)
	}
	if s.IDs[MaxSeen-1] != fmt.Sprintf("x%02d", 2*MaxSeen-1) {
		t.Errorf("the last ids are kept: %v", s.IDs)
	}
}

func TestMergeSeenIsSymmetricAndCountsOnce(t *testing.T) {
	base := Seen{Sessions: 2, IDs: []string{"s1", "s2"}, Agents: []string{"a"}}
	a, _ := base.Add("s3", "b")
	a, _ = a.Add("s4", "")
	b, _ := base.Add("s4", "c")
	b, _ = b.Add("s5", "")
	ab, ba := MergeSeen(base, a, b), MergeSeen(base, b, a)
	if !reflect.DeepEqual(ab, ba) {
		t.Fatalf("not symmetric:\n%+v\n%+v", ab, ba)
	}
	want := Seen{Sessions: 5, IDs: []string{"s1", "s2", "s3", "s4", "s5"}, Agents: []string{"a", "b", "c"}}
	if !reflect.DeepEqual(ab, want) {
		t.Errorf("got %+v, want %+v", ab, want)
	}
	// Two machines that each saw the memory in a new session, no base.
	x := (&Document{SessionID: "m1", Agent: "claude"}).Seen()
	y := (&Document{SessionID: "m2", Agent: "codex"}).Seen()
	if got := MergeSeen(Seen{}, x, y); got.Sessions != 2 || len(got.Agents) != 2 {
		t.Errorf("add/add: %+v", got)
	}
}

func TestSetSeenChangesOnlyItsLines(t *testing.T) {
	src := Render(&Document{ID: "0195aaaa-0000-7000-8000-000000000001", Type: "fact", Category: "concept",
		SourceHash: Hash("b"), SessionID: "s1", Attribution: "agentA", Body: "b"})
	p, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.SetSeen(p.Doc.Seen()); err != nil || string(p.Bytes()) != string(src) {
		t.Fatalf("an unchanged sighting wrote something: %v\n%s", err, p.Bytes())
	}
	s, _ := p.Doc.Seen().Add("s2", "agentB")
	if err := p.SetSeen(s); err != nil {
		t.Fatal(err)
	}
	out := string(p.Bytes())
	if !strings.HasPrefix(out, strings.TrimSuffix(string(src), "---\n\nb\n")) {
		t.Errorf("the lines before changed:\n%s", out)
	}
	for _, want := range []string{"sessions: 2\n", "seen_sessions:\n  - s1\n  - s2\n", "seen_agents:\n  - agentA\n  - agentB\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if got := p.Doc.Seen(); got.Sessions != 2 || len(got.IDs) != 2 {
		t.Errorf("read back %+v", got)
	}
}
