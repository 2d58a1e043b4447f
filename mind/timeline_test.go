package mind

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

const (
	sessA = "0195f1a2-6c4e-7b3a-9d21-4e8f0a7c5b13"
	sessB = "0195f6d8-2b91-7e40-8a6c-1f3d9b0e7a24"
)

func timelineTitles(tl *Timeline) string {
	var out []string
	for _, e := range tl.Entries {
		mark := ""
		switch {
		case e.Anchor:
			mark = ">"
		case e.SameSession:
			mark = "*"
		}
		out = append(out, mark+e.Title)
	}
	return strings.Join(out, " ")
}

func TestTimeline(t *testing.T) {
	v := newVault(t)
	at := func(h int) time.Time { return ago(10 * day).Add(time.Duration(h) * time.Hour) }
	v.add(testDoc{body: "a1", session: sessA, created: at(0)})
	v.add(testDoc{body: "b1", session: sessB, created: at(1)})
	v.add(testDoc{body: "a2", session: sessA, created: at(2)})
	v.add(testDoc{body: "b2", session: sessB, created: at(3)})
	_, anchor := v.add(testDoc{body: "a3", session: sessA, created: at(4)})
	v.add(testDoc{body: "b3", session: sessB, created: at(5)})
	v.add(testDoc{body: "c1", session: "cli", created: at(6)})
	v.add(testDoc{body: "a4", session: sessA, created: at(7)})
	v.add(testDoc{body: "b4", session: sessB, created: at(8)})
	v.add(testDoc{body: "b5", session: sessB, created: at(9)})
	_, cli := v.add(testDoc{body: "c2", session: "cli", created: at(10)})
	v.add(testDoc{body: "n1", created: at(11)})
	r := v.open()
	ctx := context.Background()
	cases := []struct {
		ref           string
		before, after int
		want          string
	}{
		// The same session fills each side first, then the nearest of
		// the others; the whole is in time order.
		{anchor, 2, 2, "*a1 *a2 >a3 b3 *a4"},
		{anchor, 3, 3, "*a1 *a2 b2 >a3 b3 c1 *a4"},
		{anchor, 0, 0, ">a3"},
		{anchor, 1, 0, "*a2 >a3"},
		{anchor, 10, 10, "*a1 b1 *a2 b2 >a3 b3 c1 *a4 b4 b5 c2 n1"},
		// "cli" is no session: the nearest, whatever they are.
		{cli, 2, 2, "b4 b5 >c2 n1"},
	}
	for _, c := range cases {
		tl, err := r.Timeline(ctx, c.ref, c.before, c.after)
		if err != nil {
			t.Fatal(err)
		}
		if got := timelineTitles(tl); got != c.want {
			t.Errorf("Timeline(%s, %d, %d) = %s, want %s", c.ref, c.before, c.after, got, c.want)
		}
		if !tl.Anchor.Anchor || tl.Anchor.ID != c.ref {
			t.Errorf("anchor %+v", tl.Anchor)
		}
	}
}

// TestTimelineTies: documents of the same millisecond keep one order (by
// path) whichever is the anchor.
func TestTimelineTies(t *testing.T) {
	v := newVault(t)
	same := ago(day)
	var refs []string
	for _, n := range []string{"t3", "t1", "t2"} {
		rel, _ := v.add(testDoc{body: n, name: n, created: same})
		refs = append(refs, rel)
	}
	r := v.open()
	for _, ref := range refs {
		tl, err := r.Timeline(context.Background(), ref, 5, 5)
		if err != nil {
			t.Fatal(err)
		}
		got := timelineTitles(tl)
		if strings.ReplaceAll(got, ">", "") != "t1 t2 t3" {
			t.Errorf("timeline of %s: %s", ref, got)
		}
	}
}

func TestTimelineErrors(t *testing.T) {
	v := newVault(t)
	v.write("mind/broken.md", "---\ntype: [\n---\nbody\n")
	r := v.open()
	for ref, want := range map[string]string{
		"mind/broken.md":    "cannot be read as a document",
		"0190ffff":          "no document with id prefix 0190ffff",
		"0190":              "too short",
		"mind/missing.md":   "no document with path mind/missing.md",
		"not-an-id-or-path": "neither an id",
	} {
		if _, err := r.Timeline(context.Background(), ref, 1, 1); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Timeline(%s): %v, want %q", ref, err, want)
		}
	}
}

func TestGet(t *testing.T) {
	v := newVault(t)
	rel1, id1 := v.add(testDoc{typ: "decision", body: "first document", id: "0195aaaa-0000-7000-8000-000000000001"})
	_, id2 := v.add(testDoc{typ: "decision", body: "second document", id: "0195aaaa-0000-7000-8000-000000000002"})
	rel3, id3 := v.add(testDoc{typ: "lesson", body: "third document", id: "0195bbbb-1111-7000-8000-000000000003"})
	v.write("mind/hand/broken.md", "---\ntype: [\n---\n\nbroken body\n")
	dupA, _ := v.add(testDoc{body: "dup a", id: "0195cccc-0000-7000-8000-000000000009"})
	dupB, _ := v.add(testDoc{body: "dup b", id: "0195cccc-0000-7000-8000-000000000009"})
	v.add(testDoc{body: "upper", id: "0195dddd-0000-7000-8000-00000000000a"})
	r := v.open()
	r.wd = v.l.Path("vault", "decisions")
	ctx := context.Background()

	paths := func(docs []Document) string {
		var out []string
		for _, d := range docs {
			out = append(out, d.Path)
		}
		return strings.Join(out, " ")
	}
	ok := []struct {
		refs []string
		want string
	}{
		{[]string{id1}, rel1},
		{[]string{strings.ToUpper(id3)}, rel3},
		{[]string{"0195bbbb"}, rel3},
		{[]string{"0195bbbb-1"}, rel3},
		{[]string{"0195aaaa-0000-7000-8000-000000000002"}, "vault/decisions/" + id2[:8] + "-2.md"},
		{[]string{rel3}, rel3},
		{[]string{strings.TrimSuffix(rel3, ".md")}, rel3},
		{[]string{v.l.Path(rel3)}, rel3},
		{[]string{"./" + rel3}, rel3},
		{[]string{"0195aaaa-1.md"}, rel1}, // relative to the working folder
		{[]string{id1, rel3, id1, rel1}, rel1 + " " + rel3},
		{[]string{"mind/hand/broken.md"}, "mind/hand/broken.md"},
		{[]string{"0195DDDD"}, "mind/concepts/0195dddd-6.md"},
	}
	for _, c := range ok {
		docs, err := r.Get(ctx, c.refs...)
		if err != nil {
			t.Errorf("Get(%q): %v", c.refs, err)
			continue
		}
		if got := paths(docs); got != c.want {
			t.Errorf("Get(%q) = %s, want %s", c.refs, got, c.want)
		}
	}

	docs, err := r.Get(ctx, id1, "mind/hand/broken.md")
	if err != nil {
		t.Fatal(err)
	}
	if d := docs[0]; d.Doc == nil || d.Doc.Body != "first document\n" && d.Doc.Body != "first document" || !strings.HasPrefix(d.Content, "---\nid: \"0195aaaa") {
		t.Errorf("document: %+v", d)
	}
	if d := docs[1]; d.Doc != nil || d.ParseError == "" || !strings.Contains(d.Content, "broken body") {
		t.Errorf("broken: %+v", d)
	}

	bad := []struct {
		ref  string
		want string
		as   any
	}{
		{"0195aaaa", "id prefix 0195aaaa is ambiguous: it names 2 documents: 0195aaaa-0000-7000-8000-000000000001 (vault/decisions/0195aaaa-1.md), 0195aaaa-0000-7000-8000-000000000002 (vault/decisions/0195aaaa-2.md); give more characters", new(*AmbiguousError)},
		{"0195cccc-0000-7000-8000-000000000009", "id 0195cccc-0000-7000-8000-000000000009 is ambiguous: it names 2 documents: 0195cccc-0000-7000-8000-000000000009 (" + dupA + "), 0195cccc-0000-7000-8000-000000000009 (" + dupB + "); give a path instead", new(*AmbiguousError)},
		{"0195", `id prefix "0195" is too short: give 8 or more characters`, new(*ShortPrefixError)},
		{"0195eeee", "no document with id prefix 0195eeee", new(*NotFoundError)},
		{"0195eeee-0000-7000-8000-000000000001", "no document with id 0195eeee-0000-7000-8000-000000000001", new(*NotFoundError)},
		{"zzzzzzzz", `"zzzzzzzz" is neither an id`, new(*QueryError)},
		{"0195aaaa_0000", `neither an id`, new(*QueryError)},
		{"", "an empty id", new(*QueryError)},
		{"mind/nothing.md", "no document with path mind/nothing.md", new(*NotFoundError)},
		{"/etc/passwd", "/etc/passwd is outside the vault", new(*QueryError)},
		{"../outside.md", "no document with path ../outside.md", new(*NotFoundError)},
	}
	for _, c := range bad {
		_, err := r.Get(ctx, id1, c.ref)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Get(%q): %v\nwant %s", c.ref, err, c.want)
			continue
		}
		if !errors.As(err, c.as) {
			t.Errorf("Get(%q): %T, want %T", c.ref, err, c.as)
		}
	}

	// A prefix matching more documents than are listed says so.
	v2 := newVault(t)
	for i := range 8 {
		v2.add(testDoc{body: "many", id: "0195ffff-0000-7000-8000-00000000000" + string(rune('0'+i))})
	}
	_, err = v2.open().Get(ctx, "0195ffff")
	var ae *AmbiguousError
	if !errors.As(err, &ae) || !ae.More || len(ae.Candidates) != ambiguousShown || !strings.Contains(err.Error(), "names more than 5 documents") {
		t.Errorf("many: %v", err)
	}
}

// TestShortIDs: the shortest prefix of 8+ characters naming one document,
// as the UUIDv7 ids of one batch share their first 12 or more.
func TestShortIDs(t *testing.T) {
	v := newVault(t)
	for _, id := range []string{
		"01a1fd61-1695-7e00-8000-000000000001",
		"01a1fd61-1695-7e01-8000-000000000002",
		"01a1fd61-1697-7000-8000-000000000003",
		"01a2aaaa-0000-7000-8000-000000000004",
		"01a3bbbb-0000-7000-8000-000000000005",
		"01a3bbbb-0000-7000-8000-000000000005",
	} {
		v.add(testDoc{body: "x " + id, id: id})
	}
	r := v.open()
	got, err := r.Index().ShortIDs(context.Background(), []string{
		"01a1fd61-1695-7e00-8000-000000000001",
		"01a1fd61-1697-7000-8000-000000000003",
		"01a2aaaa-0000-7000-8000-000000000004",
		"01a3bbbb-0000-7000-8000-000000000005",
		"01a9aaaa-0000-7000-8000-000000000000",
	}, MinPrefix)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"01a1fd61-1695-7e00-8000-000000000001": "01a1fd61-1695-7e00",
		"01a1fd61-1697-7000-8000-000000000003": "01a1fd61-1697",
		"01a2aaaa-0000-7000-8000-000000000004": "01a2aaaa",
		"01a3bbbb-0000-7000-8000-000000000005": "01a3bbbb-0000-7000-8000-000000000005",
		"01a9aaaa-0000-7000-8000-000000000000": "01a9aaaa",
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("short %s = %q, want %q", id, got[id], w)
		}
		if w != id {
			if docs, err := r.Get(context.Background(), w); err != nil && !strings.HasPrefix(id, "01a9") {
				t.Errorf("Get(%s): %v", w, err)
			} else if err == nil && docs[0].Doc.ID != id {
				t.Errorf("Get(%s) = %s", w, docs[0].Doc.ID)
			}
		}
	}

	// Ids about to be written (more): the prefixes the index gives once
	// they are indexed.
	more := []string{"01a2aaaa-5000-7000-8000-000000000006", "01a9aaaa-0000-7000-8000-000000000000"}
	ask := []string{"01a2aaaa-0000-7000-8000-000000000004", "01a9aaaa-0000-7000-8000-000000000000", "01a1fd61-1697-7000-8000-000000000003"}
	ahead, err := r.Index().ShortIDs(context.Background(), ask, MinPrefix, more...)
	if err != nil {
		t.Fatal(err)
	}
	if ahead["01a2aaaa-0000-7000-8000-000000000004"] != "01a2aaaa-0" || ahead["01a9aaaa-0000-7000-8000-000000000000"] != "01a9aaaa" {
		t.Errorf("short ids with more: %v", ahead)
	}
	for _, id := range more {
		v.add(testDoc{body: "x " + id, id: id})
	}
	after, err := v.open().Index().ShortIDs(context.Background(), ask, MinPrefix)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ask {
		if after[id] != ahead[id] {
			t.Errorf("short %s once indexed = %q, ahead of it %q", id, after[id], ahead[id])
		}
	}
}

func TestDaemonKeepsIndex(t *testing.T) {
	v := newVault(t)
	now := testNow
	cases := []struct {
		content string
		want    bool
	}{
		{"", false},
		{`{"pid":1,"heartbeat":"2026-06-01T11:59:58Z","heartbeat_ms":5000}`, true},
		{`{"pid":1,"heartbeat":"2026-06-01T11:59:30Z","heartbeat_ms":5000}`, false},
		{`{"pid":1,"heartbeat":"2026-06-01T11:58:30Z","heartbeat_ms":60000}`, true},
		{`{"pid":1,"heartbeat":"2026-06-01T11:59:58Z","heartbeat_ms":5000,"stopped":"2026-06-01T11:59:59Z"}`, false},
		{`{"pid":1,"heartbeat":"2026-06-01T13:00:00Z","heartbeat_ms":5000}`, false},
		{`{"pid":1,"heartbeat":"2026-06-01T11:59:58Z"`, false},
		{`{"pid":1}`, false},
	}
	for _, c := range cases {
		if c.content != "" {
			v.write(".cortex/daemon.json", c.content)
		}
		if got := DaemonKeepsIndex(v.l, now); got != c.want {
			t.Errorf("%s: %v, want %v", c.content, got, c.want)
		}
	}
}
