package doc

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// validFM is a complete Cortex part for the body "body".
func validFM() string {
	return "id: \"019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b\"\ntype: lesson\ncategory: concept\ncreated: 2026-02-16T15:23:14.527Z\nsource_hash: " + Hash("body") + "\n"
}

// doc builds a document whose frontmatter is validFM with replacements
// (old, new pairs) and extra lines appended, and whose body is "body".
func doc(extra string, repl ...string) string {
	fm := validFM()
	for i := 0; i+1 < len(repl); i += 2 {
		fm = strings.Replace(fm, repl[i], repl[i+1], 1)
	}
	return "---\n" + fm + extra + "---\nbody\n"
}

const allTypes = "aspiration, belief, bugfix, commitment, constraint, decision, dependency, discovery, event, fact, feature, goal_long, goal_short, lesson, milestone, opinion, preference, project, refactor, resource, task, warning"

func TestCheck(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"valid", doc(""), nil},
		{"valid D21", string(Render(specDoc())), nil},
		{"empty file", "",
			[]string{"n.md:1: no frontmatter: a memory document starts with a --- line, its fields (at least type:) and a closing --- line"}},
		{"no frontmatter", "# Title\n\ntext\n",
			[]string{"n.md:1: no frontmatter: a memory document starts with a --- line, its fields (at least type:) and a closing --- line"}},
		{"not closed", "\n---\ntype: lesson\n",
			[]string{"n.md:2: frontmatter is not closed: add a --- line after the fields"}},
		{"a list", "---\n- a\n---\n",
			[]string{"n.md:2: frontmatter must be fields (field: value), not a list"}},
		{"a single value", "---\nhello\n---\n",
			[]string{"n.md:2: frontmatter must be fields (field: value), not a single value"}},
		{"unclosed flow list", "---\ntype: lesson\ntags: [a, b\nid: 1\n---\nbody\n",
			[]string{"n.md:3: frontmatter is not valid YAML: did not find expected ',' or ']'"}},
		{"bad indentation", "---\ntype: lesson\n  bad: indent\n---\nbody\n",
			[]string{"n.md:3: frontmatter is not valid YAML: mapping values are not allowed in this context"}},
		{"nested colon on the first line", "---\na: b: c\n---\n",
			[]string{"n.md:2: frontmatter is not valid YAML: mapping values are not allowed in this context"}},
		{"tab indentation", "---\ntype: lesson\ntags:\n\t- a\n---\n",
			[]string{"n.md:4: frontmatter is not valid YAML: found character that cannot start any token"}},
		{"NUL byte", "---\ntype: x\x00\n---\n",
			[]string{"n.md:2: binary content (a NUL byte): not a markdown document"}},
		{"invalid UTF-8", "---\ntype: lesson\n---\nbody \xff\n",
			[]string{"n.md:4: not valid UTF-8: save the file as UTF-8"}},
		{"reserved type", doc("", "type: lesson", "type: observation"),
			[]string{"n.md:3: type observation is reserved for the buffer and never stored: use one of " + allTypes}},
		{"unknown type", doc("", "type: lesson", "type: lessons"),
			[]string{`n.md:3: type "lessons" is not in the taxonomy (did you mean lesson?): use one of ` + allTypes + ", or declare it in taxonomy.yml"}},
		{"unknown type, unknown category", doc("", "type: lesson", "type: zzz", "category: concept", "category: thing"),
			[]string{`n.md:3: type "zzz" is not in the taxonomy: use one of ` + allTypes + ", or declare it in taxonomy.yml",
				`n.md:4: category "thing" is not one of concept, entity, relation`}},
		{"category mismatch", doc("", "category: concept", "category: entity"),
			[]string{"n.md:4: category entity does not match type lesson, whose category is concept: write category: concept"}},
		{"id not a UUID", doc("", `"019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b"`, "42"),
			[]string{`n.md:2: id "42" is not a UUID: delete the line and run ` + "`cortex validate --fix`" + ` for a new one`}},
		{"id a list", doc("", `"019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b"`, "[a]"),
			[]string{"n.md:2: id must be text, not a list"}},
		{"created a date", doc("", "2026-02-16T15:23:14.527Z", "2026-02-16"),
			[]string{`n.md:5: created "2026-02-16" is not an RFC 3339 time such as 2026-02-16T15:23:14.527Z`}},
		{"stale hash", strings.Replace(doc(""), "\nbody\n", "\nother body\n", 1),
			[]string{"n.md:6: source_hash does not match the body (fixable: `cortex validate --fix` recomputes it)"}},
		{"bad tags", doc("tags: [\"#x\", \"a b\", \"1984\", \"a//b\", status/foo, ok, [n]]\n"),
			[]string{
				"n.md:7: tags: item 7 must be text, not a list",
				`n.md:7: tag "#x": write tags without the leading #`,
				`n.md:7: tag "a b": tags cannot contain spaces`,
				`n.md:7: tag "1984": a tag needs at least one character that is not a digit`,
				`n.md:7: tag "a//b": empty nesting segment (a leading, trailing or double /)`,
				`n.md:7: tag "status/foo": namespace status/ allows only draft, active, superseded`,
			}},
		{"block tags, one line each", doc("tags:\n  - ok\n  - \"#x\"\n  -\n  - 1984\n"),
			[]string{
				`n.md:9: tag "#x": write tags without the leading #`,
				"n.md:10: tags: item 3 is empty",
				`n.md:11: tag "1984": a tag needs at least one character that is not a digit`,
			}},
		{"tags not a list", doc("tags: foo\n"),
			[]string{"n.md:7: tags must be a list: write tags: [foo] or one - tag per line"}},
		{"inline tag namespace", doc("", "\nbody\n", "\nbody\n") + "a #status/wrong tag, #status/draft, `#status/code`\n",
			[]string{"n.md:6: source_hash does not match the body (fixable: `cortex validate --fix` recomputes it)",
				`n.md:9: in the body: tag "status/wrong": namespace status/ allows only draft, active, superseded`}},
		{"ranges and enums", doc("confidence: 1.5\nimportance: high\nstatus: done\nscope: team\nbucket: loud\nreinforced: -1\n"),
			[]string{
				"n.md:7: confidence 1.5 is out of range: use a number from 0 to 1",
				`n.md:8: importance must be a number from 0 to 1, not the text "high" (write it without quotes)`,
				`n.md:9: status "done" is not one of active, resolved, outdated, superseded, archived`,
				`n.md:10: scope "team" is not one of global, local`,
				`n.md:11: bucket "loud" is not one of explicit, ambient`,
				"n.md:12: reinforced -1 must be 0 or more",
			}},
		{"numbers", doc("confidence: -0.1\nimportance: .nan\nreinforced: 1.5\n"),
			[]string{
				"n.md:7: confidence -0.1 is out of range: use a number from 0 to 1",
				"n.md:8: importance NaN is out of range: use a number from 0 to 1",
				`n.md:9: reinforced must be a whole number, 0 or more, not "1.5"`,
			}},
		{"quoted number", doc("confidence: \"0.5\"\n"),
			[]string{`n.md:7: confidence must be a number from 0 to 1, not the text "0.5" (write it without quotes)`}},
		{"entities", doc("entities:\n  - name: x\n  - type: person\n  - plain\n  - name: [a]\n    type: t\n"),
			[]string{
				"n.md:8: entities: item 1 (x) has no type, such as person or project",
				"n.md:9: entities: item 2 has no name",
				`n.md:10: entities: item 3 must be a mapping with name and type, not "plain"`,
				"n.md:11: entities: item 4: name must be text, not a list",
			}},
		{"entities not a list", doc("entities: owner\n"),
			[]string{`n.md:7: entities must be a list of {name, type}, not "owner"`}},
		{"duplicate field", doc("type: fact\n"),
			[]string{"n.md:7: field type appears twice (first at line 3): keep one"}},
		{"wrong shapes", doc("title: [a]\nlast_reinforced: yesterday\nfiles: {a: b}\n"),
			[]string{
				"n.md:7: title must be text, not a list",
				`n.md:8: last_reinforced "yesterday" is not an RFC 3339 time such as 2026-02-16T15:23:14.527Z`,
				"n.md:9: files must be a list of text, not a mapping",
			}},
		{"non-text field name", doc("[a]: b\n"),
			[]string{"n.md:7: a field name must be text, not a list or a mapping"}},
		{"hand-written note", "---\ntype: lesson\n---\nbody\n",
			[]string{
				"n.md:1: missing id (fixable: `cortex validate --fix` adds a new one)",
				"n.md:1: missing category (fixable: `cortex validate --fix` sets concept, the category of lesson)",
				"n.md:1: missing created (fixable: `cortex validate --fix` sets the current time)",
				"n.md:1: missing source_hash (fixable: `cortex validate --fix` computes it from the body)",
			}},
		{"empty frontmatter", "---\n---\n",
			[]string{
				"n.md:1: missing id (fixable: `cortex validate --fix` adds a new one)",
				"n.md:1: missing type: add type: with one of " + allTypes,
				"n.md:1: missing category: fix the type, then `cortex validate --fix` sets it",
				"n.md:1: missing created (fixable: `cortex validate --fix` sets the current time)",
				"n.md:1: missing source_hash (fixable: `cortex validate --fix` computes it from the body)",
			}},
		{"null and empty values are missing", doc("", `"019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b"`, `""`, "category: concept", "category:"),
			[]string{
				"n.md:1: missing id (fixable: `cortex validate --fix` adds a new one)",
				"n.md:1: missing category (fixable: `cortex validate --fix` sets concept, the category of lesson)",
			}},
		{"lines after a BOM and CRLF", "\ufeff---\r\ntype: lesson\r\nconfidence: 2\r\n---\r\nbody\r\n",
			[]string{
				"n.md:1: missing id (fixable: `cortex validate --fix` adds a new one)",
				"n.md:1: missing category (fixable: `cortex validate --fix` sets concept, the category of lesson)",
				"n.md:1: missing created (fixable: `cortex validate --fix` sets the current time)",
				"n.md:1: missing source_hash (fixable: `cortex validate --fix` computes it from the body)",
				"n.md:3: confidence 2 is out of range: use a number from 0 to 1",
			}},
	}
	tx := DefaultTaxonomy()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, p := range Check("n.md", []byte(tt.src), tx) {
				got = append(got, p.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Check:\n got  %s\n want %s", strings.Join(got, "\n      "), strings.Join(tt.want, "\n      "))
			}
		})
	}
}

func TestCheckTooLarge(t *testing.T) {
	big := bytes.Repeat([]byte("x"), MaxDocumentSize+1)
	ps := Check("big.md", big, nil)
	if len(ps) != 1 || ps[0].String() != "big.md: file is 10.0 MB; a memory document may be at most 10.0 MB" {
		t.Fatalf("Check = %v", ps)
	}
}

func TestCheckFixableFlags(t *testing.T) {
	ps := Check("n.md", []byte("---\ntype: nope\nid: 1\n---\nbody\n"), nil)
	fixable := map[string]bool{}
	for _, p := range ps {
		fixable[p.Field] = p.Fixable
	}
	want := map[string]bool{FieldType: false, FieldID: false, FieldCategory: false, FieldCreated: true, FieldSourceHash: true}
	for f, w := range want {
		if fixable[f] != w {
			t.Errorf("%s: Fixable = %v, want %v (%v)", f, fixable[f], w, ps)
		}
	}
}

func TestProblemString(t *testing.T) {
	for _, tt := range []struct {
		p    Problem
		want string
	}{
		{Problem{Path: "a.md", Line: 3, Msg: "m"}, "a.md:3: m"},
		{Problem{Path: "a.md", Msg: "m"}, "a.md: m"},
		{Problem{Line: 3, Msg: "m"}, "line 3: m"},
		{Problem{Msg: "m"}, "m"},
	} {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.p, got, tt.want)
		}
	}
	if ps := WithPath([]Problem{{Line: 1, Msg: "m"}}, "x.md"); ps[0].String() != "x.md:1: m" {
		t.Error(ps)
	}
}

func TestIsUUID(t *testing.T) {
	for s, want := range map[string]bool{
		"019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b":  true,
		"019503A7-C18F-7B1D-A3B2-9C4F7E2D1A0B":  true,
		"019503a7c18f7b1da3b29c4f7e2d1a0b":      false,
		"019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0":   false,
		"019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0g":  false,
		"{019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0}": false,
		"":                                      false,
	} {
		if IsUUID(s) != want {
			t.Errorf("IsUUID(%q) = %v", s, !want)
		}
	}
	if !IsUUID(NewID()) {
		t.Error("NewID is not a UUID")
	}
}
