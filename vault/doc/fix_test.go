package doc

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

var fixNow = time.Date(2026, 3, 1, 13, 0, 0, 123456789, time.FixedZone("CET", 3600))

func fixedID() string { return "01954f3a-9c00-7b1d-a3b2-9c4f7e2d1a0b" }

func TestFixHandWrittenNote(t *testing.T) {
	body := "# Wrap errors\n\nAlways wrap errors with `%w` so callers can test them.\n"
	src := "---\ntags: [til, go] # mine\ntype: lesson\naliases: [Go errors]\n---\n" + body
	want := "---\ntags: [til, go] # mine\n" +
		"id: \"01954f3a-9c00-7b1d-a3b2-9c4f7e2d1a0b\"\n" +
		"type: lesson\n" +
		"category: concept\n" +
		"created: 2026-03-01T12:00:00.123Z\n" +
		"source_hash: " + Hash(body) + "\n" +
		"aliases: [Go errors]\n---\n" + body
	for _, v := range []struct {
		name string
		conv func(string) string
	}{
		{"LF", func(s string) string { return s }},
		{"CRLF+BOM", func(s string) string { return "\ufeff" + strings.ReplaceAll(s, "\n", "\r\n") }},
	} {
		t.Run(v.name, func(t *testing.T) {
			fixed, changed, problems := Fix([]byte(v.conv(src)), nil, fixNow, fixedID)
			if got := string(fixed); got != v.conv(want) {
				t.Errorf("fixed:\n%s", lineDiff(v.conv(want), got))
			}
			if !slices.Equal(changed, []string{FieldID, FieldCategory, FieldCreated, FieldSourceHash}) {
				t.Errorf("changed %v", changed)
			}
			if len(problems) != 0 {
				t.Errorf("problems left: %v", problems)
			}
			if ps := Check("n.md", fixed, nil); len(ps) != 0 {
				t.Errorf("Check after Fix: %v", ps)
			}
			again, changed, _ := Fix(fixed, nil, fixNow.Add(time.Hour), NewID)
			if string(again) != string(fixed) || changed != nil {
				t.Errorf("a second Fix changed %v", changed)
			}
		})
	}
}

func TestFixStaleHashOnly(t *testing.T) {
	d := specDoc()
	src := strings.Replace(string(Render(d)), "eliminates network", "removes the network", 1)
	fixed, changed, problems := Fix([]byte(src), nil, fixNow, fixedID)
	if !slices.Equal(changed, []string{FieldSourceHash}) || len(problems) != 0 {
		t.Fatalf("changed %v, problems %v", changed, problems)
	}
	removed, added := changedLines(src, string(fixed))
	newHash := Hash("Use local git only — no remote push in daemon. Reduces complexity and removes the network failure mode.")
	if !slices.Equal(removed, []string{"source_hash: " + specHash + "\n"}) || !slices.Equal(added, []string{"source_hash: " + newHash + "\n"}) {
		t.Errorf("removed %q added %q", removed, added)
	}
}

func TestFixLeavesWhatItCannot(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		changed  []string
		problems []string
	}{
		{"unknown type", "---\ntype: lessn\n---\nbody\n",
			[]string{FieldID, FieldCreated, FieldSourceHash},
			[]string{
				"line 1: missing category: fix the type, then `cortex validate --fix` sets it",
				`line 3: type "lessn" is not in the taxonomy (did you mean lesson?): use one of ` + allTypes + ", or declare it in taxonomy.yml",
			}},
		{"no frontmatter", "just text\n", nil,
			[]string{"line 1: no frontmatter: a memory document starts with a --- line, its fields (at least type:) and a closing --- line"}},
		{"wrong shapes are not missing", "---\nid: [x]\ntype: fact\ncategory: concept\ncreated: soon\nsource_hash: [h]\n---\nbody\n",
			nil,
			[]string{
				"line 2: id must be text, not a list",
				`line 5: created "soon" is not an RFC 3339 time such as 2026-02-16T15:23:14.527Z`,
				"line 6: source_hash must be text, not a list",
			}},
		{"flow mapping", "---\n{type: fact, category: concept}\n---\nbody\n", nil,
			[]string{
				"line 1: missing id (fixable: `cortex validate --fix` adds a new one)",
				"line 1: missing created (fixable: `cortex validate --fix` sets the current time)",
				"line 1: missing source_hash (fixable: `cortex validate --fix` computes it from the body)",
				"line 1: cannot fix id: set id: the frontmatter is one {…} mapping; rewrite it as one field per line",
				"line 1: cannot fix created: set created: the frontmatter is one {…} mapping; rewrite it as one field per line",
				"line 1: cannot fix source_hash: set source_hash: the frontmatter is one {…} mapping; rewrite it as one field per line",
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fixed, changed, problems := Fix([]byte(tt.src), nil, fixNow, fixedID)
			var got []string
			for _, p := range problems {
				got = append(got, p.String())
				if strings.HasPrefix(p.Msg, "missing") && p.Fixable && tt.name == "flow mapping" {
					t.Errorf("%s is still marked fixable", p.Field)
				}
			}
			if !slices.Equal(changed, tt.changed) || !slices.Equal(got, tt.problems) {
				t.Errorf("changed %v\nproblems\n  %s\nwant %v\n  %s", changed, strings.Join(got, "\n  "), tt.changed, strings.Join(tt.problems, "\n  "))
			}
			if changed == nil && string(fixed) != tt.src {
				t.Error("nothing fixed, but the content changed")
			}
		})
	}
}

func TestIDAt(t *testing.T) {
	at := time.Date(2026, 9, 1, 3, 0, 0, 123e6, time.UTC)
	a, b := IDAt(at, "rules/lessons.md"), IDAt(at, "rules/lessons.md")
	if a != b || !IsUUID(a) {
		t.Fatalf("IDAt: %q, %q", a, b)
	}
	u := uuid.MustParse(a)
	if u.Version() != 7 || u.Variant() != uuid.RFC4122 {
		t.Errorf("IDAt %s: version %d, variant %v", a, u.Version(), u.Variant())
	}
	if sec, nsec := u.Time().UnixTime(); time.Unix(sec, nsec).UnixMilli() != at.UnixMilli() {
		t.Errorf("IDAt %s: time %v, want %v", a, time.Unix(sec, nsec).UTC(), at)
	}
	if IDAt(at, "rules/warnings.md") == a || IDAt(at.Add(time.Millisecond), "rules/lessons.md") == a {
		t.Error("IDAt: another seed or time gives the same id")
	}
}
