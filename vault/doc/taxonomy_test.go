package doc

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	cortex "github.com/cortex-vault/cortex"
)

// TestDefaultTaxonomyMatchesSpec pins the embedded taxonomy to the table of
// SPEC §3: the 17 core types, the 5 shipped custom types, their categories,
// folders and monthly decay.
func TestDefaultTaxonomyMatchesSpec(t *testing.T) {
	type row struct {
		cat   Category
		dir   string
		decay float64
		core  bool
	}
	want := map[string]row{
		"fact":       {Concept, "mind/concepts", 0.02, true},
		"opinion":    {Concept, "mind/concepts", 0.05, true},
		"belief":     {Concept, "mind/concepts", 0.02, true},
		"preference": {Concept, "mind/concepts", 0, true},
		"lesson":     {Concept, "mind/concepts", 0.02, true},
		"decision":   {Concept, "vault/decisions", 0.02, true},
		"commitment": {Concept, "mind/concepts", 0.1, true},
		"goal_short": {Concept, "mind/concepts", 0.1, true},
		"goal_long":  {Concept, "mind/concepts", 0.02, true},
		"aspiration": {Concept, "mind/concepts", 0, true},
		"constraint": {Concept, "mind/concepts", 0.02, true},
		"milestone":  {Entity, "vault/milestones", 0, true},
		"task":       {Entity, "vault/tasks", 0, true},
		"event":      {Entity, "vault/events", 0, true},
		"resource":   {Entity, "vault/resources", 0, true},
		"project":    {Relation, "vault/projects", 0, true},
		"dependency": {Relation, "vault/dependencies", 0, true},
		"warning":    {Concept, "mind/code", 0.02, false},
		"discovery":  {Concept, "mind/code", 0.05, false},
		"bugfix":     {Entity, "vault/changes", 0, false},
		"feature":    {Entity, "vault/changes", 0, false},
		"refactor":   {Entity, "vault/changes", 0, false},
	}
	tx := DefaultTaxonomy()
	got := map[string]row{}
	for _, d := range tx.Types() {
		got[d.Name] = row{d.Category, d.Dir, d.Decay, d.Core}
	}
	if !reflect.DeepEqual(got, want) {
		for n, w := range want {
			if got[n] != w {
				t.Errorf("type %s = %+v, want %+v", n, got[n], w)
			}
		}
		for n := range got {
			if _, ok := want[n]; !ok {
				t.Errorf("unexpected type %s", n)
			}
		}
	}
	if len(coreTypes()) != 17 {
		t.Errorf("%d core types, want 17", len(coreTypes()))
	}
	if !reflect.DeepEqual(tx.TagNamespaces, map[string][]string{"status": {"draft", "active", "superseded"}}) {
		t.Errorf("tag namespaces = %v", tx.TagNamespaces)
	}
	if _, ok := tx.Type(ReservedType); ok {
		t.Error("the reserved type is in the taxonomy")
	}
	if names := tx.TypeNames(); len(names) != 22 || names[0] != "aspiration" || names[21] != "warning" {
		t.Errorf("TypeNames = %v", names)
	}
}

// TestDefaultTaxonomyStandsAlone checks the embedded file declares every core
// type itself: it is read without a base.
func TestDefaultTaxonomyStandsAlone(t *testing.T) {
	if _, err := ParseTaxonomy("taxonomy.yml", cortex.DefaultTaxonomy, nil); err != nil {
		t.Fatal(err)
	}
	// And reading it over itself changes nothing.
	over, err := ParseTaxonomy("taxonomy.yml", cortex.DefaultTaxonomy, DefaultTaxonomy())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(over, DefaultTaxonomy()) {
		t.Error("the default read over itself differs from the default")
	}
}

func TestParseTaxonomyErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // the whole error, file and line included
	}{
		{"dir escapes the vault", "types:\n  fact: { dir: ../../etc }\n",
			`taxonomy.yml:2: type "fact": dir "../../etc": must not contain a .. segment`},
		{"custom dir escapes", "types:\n  notes: { category: concept, dir: mind/../../etc }\n",
			`taxonomy.yml:2: type "notes": dir "mind/../../etc": must not contain a .. segment`},
		{"absolute dir", "types:\n  notes: { category: concept, dir: /etc/cortex }\n",
			`taxonomy.yml:2: type "notes": dir "/etc/cortex": must be relative to the vault, not absolute`},
		{"drive letter dir", "types:\n  notes: { category: concept, dir: \"C:/mind/x\" }\n",
			`taxonomy.yml:2: type "notes": dir "C:/mind/x": must be relative to the vault, not absolute`},
		{"backslash dir", "types:\n  notes: { category: concept, dir: 'mind\\notes' }\n",
			`taxonomy.yml:2: type "notes": dir "mind\\notes": use / as the separator`},
		{"dir outside mind and vault", "types:\n  notes: { category: concept, dir: rules/notes }\n",
			`taxonomy.yml:2: type "notes": dir "rules/notes": must be inside mind/ or vault/`},
		{"dir is mind itself", "types:\n  notes: { category: concept, dir: mind/ }\n",
			`taxonomy.yml:2: type "notes": dir "mind/": must be a folder inside mind/ or vault/, not the folder itself`},
		{"dot-folder dir", "types:\n  notes: { category: concept, dir: mind/.hidden }\n",
			`taxonomy.yml:2: type "notes": dir "mind/.hidden": must not use dot-folders (they are never read as memory)`},
		{"archive dir", "types:\n  notes: { category: concept, dir: mind/archive/notes }\n",
			`taxonomy.yml:2: type "notes": dir "mind/archive/notes": must not be inside mind/archive/, which holds the memories that decayed out`},
		{"windows-reserved character", "types:\n  notes: { category: concept, dir: 'mind/a?b' }\n",
			`taxonomy.yml:2: type "notes": dir "mind/a?b": character '?' is not allowed in a folder name`},
		{"empty dir", "types:\n  notes: { category: concept, dir: '' }\n",
			`taxonomy.yml:2: type "notes": dir "": is empty`},
		{"null dir", "types:\n  notes: { category: concept, dir: }\n",
			`taxonomy.yml:2: type "notes": dir must be a folder such as mind/notes, found empty`},
		{"list dir", "types:\n  notes: { category: concept, dir: [mind/a] }\n",
			`taxonomy.yml:2: type "notes": dir must be a folder such as mind/notes, found a list`},
		{"reserved Observation", "types:\n  Observation: { category: concept, dir: mind/x }\n",
			`taxonomy.yml:2: type "Observation": the name is reserved for observations in staging; pick another name`},
		{"reserved observation", "version: 1\ntypes:\n  observation: { category: concept, dir: mind/x }\n",
			`taxonomy.yml:3: type "observation": the name is reserved for observations in staging; pick another name`},
		{"name with a space", "types:\n  a b: { category: concept, dir: mind/x }\n",
			`taxonomy.yml:2: type "a b": invalid name: use lowercase letters, digits and _, start with a letter, at most 32 characters`},
		{"upper-case name", "types:\n  Notes: { category: concept, dir: mind/x }\n",
			`taxonomy.yml:2: type "Notes": invalid name`},
		{"name with a hyphen", "types:\n  my-notes: { category: concept, dir: mind/x }\n",
			`taxonomy.yml:2: type "my-notes": invalid name`},
		{"name starting with a digit", "types:\n  1notes: { category: concept, dir: mind/x }\n",
			`taxonomy.yml:2: type "1notes": invalid name`},
		{"name of 33 characters", "types:\n  " + strings.Repeat("a", 33) + ": { category: concept, dir: mind/x }\n",
			`taxonomy.yml:2: type "` + strings.Repeat("a", 33) + `": invalid name`},
		{"not YAML", "types:\n  fact: [\n",
			`taxonomy.yml:2: not valid YAML: did not find expected node content`},
		{"tab indentation", "\ttypes: {}\n",
			`taxonomy.yml:1: not valid YAML: found character that cannot start any token`},
		{"not UTF-8", "types:\n  fact: {}\n# caf\xe9\n",
			`taxonomy.yml:3: not valid UTF-8 text`},
		{"control character", "types:\n  fact: {}\n  bell\x07: {}\n",
			`taxonomy.yml:3: control character U+0007 is not allowed in YAML`},
		{"two documents", "types: {}\n---\ntypes: {}\n",
			"taxonomy.yml:2: a second YAML document starts here (remove the `---` line): the file must hold one document"},
		{"top level is a list", "- fact\n- opinion\n",
			"taxonomy.yml:1: expected a mapping with `types:` at the top level, found a list"},
		{"top level is a scalar", "hello\n",
			"taxonomy.yml:1: expected a mapping with `types:` at the top level, found \"hello\""},
		{"types is a list", "types:\n  - fact\n  - opinion\n",
			`taxonomy.yml:2: types: expected a mapping of type name to definition, found a list`},
		{"types is a scalar", "types: fact\n",
			`taxonomy.yml:1: types: expected a mapping of type name to definition, found "fact"`},
		{"types is empty", "types:\n",
			`taxonomy.yml:1: types: expected a mapping of type name to definition, found empty`},
		{"definition is a scalar", "types:\n  fact: mind/concepts\n",
			`taxonomy.yml:2: type "fact": expected a mapping with category, dir and decay, found "mind/concepts"`},
		{"definition is a list", "types:\n  fact:\n    - mind/concepts\n",
			`taxonomy.yml:3: type "fact": expected a mapping with category, dir and decay, found a list`},
		{"duplicate type", "types:\n  notes: { category: concept, dir: mind/a }\n  fact: {}\n  notes: { category: concept, dir: mind/b }\n",
			`taxonomy.yml:4: type "notes": declared twice (first at line 2)`},
		{"duplicate core type", "types:\n  fact: { decay: 0 }\n  fact: { decay: 0.1 }\n",
			`taxonomy.yml:3: type "fact": declared twice (first at line 2)`},
		{"duplicate field", "types:\n  fact:\n    dir: mind/a\n    dir: mind/b\n",
			`taxonomy.yml:4: type "fact": key "dir": declared twice (first at line 3)`},
		{"duplicate section", "types:\n  fact: {}\ntypes:\n  opinion: {}\n",
			`taxonomy.yml:3: key "types": declared twice (first at line 1)`},
		{"unknown top-level key", "types: {}\nmodels: {}\n",
			`taxonomy.yml:2: unknown key "models" (expected version, types, tag_namespaces)`},
		{"misspelt section", "Types: {}\n",
			`taxonomy.yml:1: unknown key "Types" (expected version, types, tag_namespaces)`},
		{"unknown type key", "types:\n  fact: { dir: mind/a, folder: mind/b }\n",
			`taxonomy.yml:2: type "fact": unknown key "folder" (expected category, dir, decay)`},
		{"empty file", "",
			"taxonomy.yml: the file is empty: declare the memory types under `types:`, or delete the file to use the built-in taxonomy"},
		{"only comments", "# nothing here\n\n   \n# still nothing\n",
			"taxonomy.yml: the file is empty"},
		{"no types section", "version: 1\n",
			"taxonomy.yml:1: no `types:` section: the file must declare the memory types"},
		{"unsupported version", "version: 2\ntypes: {}\n",
			`taxonomy.yml:1: version: unsupported version "2" (this cortex reads version 1)`},
		{"bad category", "types:\n  notes: { category: idea, dir: mind/x }\n",
			`taxonomy.yml:2: type "notes": category "idea" is not one of concept, entity, relation`},
		{"list category", "types:\n  notes: { category: [concept], dir: mind/x }\n",
			`taxonomy.yml:2: type "notes": category a list is not one of concept, entity, relation`},
		{"core category changed", "types:\n  task: { category: concept }\n",
			`taxonomy.yml:2: type "task": a core entity type; its category cannot be changed to concept`},
		{"custom without category", "types:\n  notes: { dir: mind/x }\n",
			`taxonomy.yml:2: type "notes": category is required (concept, entity or relation)`},
		{"custom without dir", "types:\n  notes: { category: concept }\n",
			`taxonomy.yml:2: type "notes": dir is required (a folder inside mind/ or vault/)`},
		{"negative decay", "types:\n  fact: { decay: -0.1 }\n",
			`taxonomy.yml:2: type "fact": decay "-0.1": must be a number from 0 to 1 (importance lost per month)`},
		{"decay above 1", "types:\n  fact: { decay: 1.5 }\n",
			`taxonomy.yml:2: type "fact": decay "1.5": must be a number`},
		{"NaN decay", "types:\n  fact: { decay: .nan }\n",
			`taxonomy.yml:2: type "fact": decay ".nan": must be a number`},
		{"word decay", "types:\n  fact: { decay: slow }\n",
			`taxonomy.yml:2: type "fact": decay "slow": must be a number`},
		{"empty decay", "types:\n  fact: { decay: }\n",
			`taxonomy.yml:2: type "fact": decay empty: must be a number`},
		{"infinite decay", "types:\n  fact: { decay: .inf }\n",
			`taxonomy.yml:2: type "fact": decay ".inf": must be a number`},
		{"list decay", "types:\n  fact: { decay: [0.1] }\n",
			`taxonomy.yml:2: type "fact": decay a list: must be a number`},
		{"merge of a scalar", "types:\n  fact: { <<: mind/x }\n",
			"taxonomy.yml:2: `<<` merges mappings only"},
		{"list key", "types:\n  ? [a, b]\n  : {}\n",
			"taxonomy.yml:2: a key must be a plain name, not a list or a mapping"},
		{"tag namespaces is a list", "types: {}\ntag_namespaces: [status]\n",
			`taxonomy.yml:2: tag_namespaces: expected a mapping of namespace to a list of allowed values, found a list`},
		{"tag namespace with a space", "types: {}\ntag_namespaces:\n  my status: [a]\n",
			`taxonomy.yml:3: tag namespace "my status": tags cannot contain spaces`},
		{"nested tag namespace", "types: {}\ntag_namespaces:\n  a/b: [c]\n",
			`taxonomy.yml:3: tag namespace "a/b": must be a single name, without / inside`},
		{"tag namespace values not a list", "types: {}\ntag_namespaces:\n  status: draft\n",
			`taxonomy.yml:3: tag namespace "status": expected a list of allowed values, found "draft"`},
		{"tag namespace without values", "types: {}\ntag_namespaces:\n  status: []\n",
			`taxonomy.yml:3: tag namespace "status": the list of allowed values is empty (it would refuse every status/ tag)`},
		{"bad tag value", "types: {}\ntag_namespaces:\n  status:\n    - draft\n    - in review\n",
			`taxonomy.yml:5: tag namespace "status": value "in review": tags cannot contain spaces`},
		{"empty tag value", "types: {}\ntag_namespaces:\n  status: [draft, '']\n",
			`taxonomy.yml:3: tag namespace "status": values must be non-empty names, found ""`},
		{"duplicate tag value", "types: {}\ntag_namespaces:\n  status: [draft, draft]\n",
			`taxonomy.yml:3: tag namespace "status": value "draft" listed twice`},
		{"duplicate tag namespace", "types: {}\ntag_namespaces:\n  status: [a]\n  status/: [b]\n",
			`taxonomy.yml:4: tag namespace "status": declared twice (first at line 3)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tx, err := ParseTaxonomy("taxonomy.yml", []byte(tt.in), DefaultTaxonomy())
			if err == nil {
				t.Fatalf("accepted:\n%s\ngot %v", tt.in, tx.Types())
			}
			var te *TaxonomyError
			if !errors.As(err, &te) {
				t.Fatalf("error %T is not a *TaxonomyError: %v", err, err)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error:\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}

func TestParseTaxonomyMerge(t *testing.T) {
	in := `
version: 1
types:
  fact: { dir: mind/facts }       # moved
  opinion: { decay: 0.5 }         # dir kept from the default
  task: { category: entity }      # restating the fixed category is fine
  meeting: { category: entity, dir: ./vault//meetings/ }
tag_namespaces:
  priority/: [low, high]
`
	tx, err := ParseTaxonomy("taxonomy.yml", []byte(in), DefaultTaxonomy())
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, want TypeDef) {
		t.Helper()
		got, ok := tx.Type(name)
		if !ok || got != want {
			t.Errorf("type %s = %+v (found %v), want %+v", name, got, ok, want)
		}
	}
	check("fact", TypeDef{Name: "fact", Category: Concept, Dir: "mind/facts", Decay: 0.02, Core: true})
	check("opinion", TypeDef{Name: "opinion", Category: Concept, Dir: "mind/concepts", Decay: 0.5, Core: true})
	check("task", TypeDef{Name: "task", Category: Entity, Dir: "vault/tasks", Core: true})
	check("decision", TypeDef{Name: "decision", Category: Concept, Dir: "vault/decisions", Decay: 0.02, Core: true})
	check("meeting", TypeDef{Name: "meeting", Category: Entity, Dir: "vault/meetings"})
	// The custom types are exactly the file's: the shipped ones are gone.
	if _, ok := tx.Type("warning"); ok {
		t.Error("a shipped custom type the file does not declare survived")
	}
	if n := len(tx.Types()); n != 18 {
		t.Errorf("%d types, want 17 core + 1 custom", n)
	}
	if !reflect.DeepEqual(tx.TagNamespaces, map[string][]string{"priority": {"low", "high"}}) {
		t.Errorf("tag namespaces = %v", tx.TagNamespaces)
	}
}

func TestParseTaxonomyAnchorsAndBOM(t *testing.T) {
	in := "\ufeff" + `types:
  fact: &concept { category: concept, dir: mind/notes, decay: 0.03 }
  idea: { <<: *concept, decay: 0.07 }
  hunch: *concept
  quirk:
    <<: [*concept, { dir: mind/other, category: entity }]
`
	tx, err := ParseTaxonomy("taxonomy.yml", []byte(in), DefaultTaxonomy())
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]TypeDef{
		"idea":  {Name: "idea", Category: Concept, Dir: "mind/notes", Decay: 0.07},
		"hunch": {Name: "hunch", Category: Concept, Dir: "mind/notes", Decay: 0.03},
		// In a list of merged mappings the earlier one wins.
		"quirk": {Name: "quirk", Category: Concept, Dir: "mind/notes", Decay: 0.03},
	} {
		if got, _ := tx.Type(name); got != want {
			t.Errorf("type %s = %+v, want %+v", name, got, want)
		}
	}
}

func TestParseTaxonomyWithoutBase(t *testing.T) {
	_, err := ParseTaxonomy("t.yml", []byte("types:\n  fact: { dir: mind/a }\n"), nil)
	if err == nil || !strings.Contains(err.Error(), "t.yml:2: type \"fact\": dir") && !strings.HasPrefix(err.Error(), "t.yml: core type") {
		t.Fatalf("err = %v", err)
	}
	// Without a base a core type needs its dir.
	_, err = ParseTaxonomy("t.yml", []byte("types:\n  fact: { decay: 0 }\n"), nil)
	if err == nil || err.Error() != `t.yml:2: type "fact": dir is required (a folder inside mind/ or vault/)` {
		t.Fatalf("err = %v", err)
	}
}

func TestParseTaxonomyRecursiveMerge(t *testing.T) {
	// An anchor merged into itself must end in an error, not a loop.
	in := "types:\n  fact: &a\n    <<: *a\n"
	_, err := ParseTaxonomy("taxonomy.yml", []byte(in), DefaultTaxonomy())
	t.Log(err)
	if err == nil {
		t.Fatal("accepted")
	}
}

func TestLoadTaxonomy(t *testing.T) {
	dir := t.TempDir()
	tx, err := LoadTaxonomy(dir)
	if err != nil || !reflect.DeepEqual(tx, DefaultTaxonomy()) {
		t.Fatalf("missing file: %v, %v", tx, err)
	}

	p := filepath.Join(dir, TaxonomyFile)
	write := func(s string) {
		t.Helper()
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("types:\n  fact: { dir: mind/facts }\n")
	tx, err = LoadTaxonomy(dir)
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := tx.Type("fact"); d.Dir != "mind/facts" {
		t.Errorf("fact dir = %q", d.Dir)
	}
	if _, ok := tx.Type("bugfix"); ok {
		t.Error("custom types not declared by the file leaked in from the default")
	}

	write("types:\n  fact: { dir: ../etc }\n")
	_, err = LoadTaxonomy(dir)
	if err == nil || !strings.HasPrefix(err.Error(), p+":2: type \"fact\"") {
		t.Errorf("invalid file: err = %v, want it to name %s:2", err, p)
	}

	write("")
	if _, err = LoadTaxonomy(dir); err == nil {
		t.Error("an empty taxonomy.yml was accepted")
	}

	write("types: {}\n# " + strings.Repeat("x", maxTaxonomyBytes) + "\n")
	if _, err = LoadTaxonomy(dir); err == nil || !strings.Contains(err.Error(), "file is over") {
		t.Errorf("oversized file: err = %v", err)
	}

	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(p, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err = LoadTaxonomy(dir); err == nil || !strings.Contains(err.Error(), "is not a regular file") {
		t.Errorf("folder named taxonomy.yml: err = %v", err)
	}
}

func TestTaxonomyErrorFormat(t *testing.T) {
	if got := (&TaxonomyError{File: "a.yml", Line: 3, Msg: "bad"}).Error(); got != "a.yml:3: bad" {
		t.Errorf("with line: %q", got)
	}
	if got := (&TaxonomyError{File: "a.yml", Msg: "bad"}).Error(); got != "a.yml: bad" {
		t.Errorf("without line: %q", got)
	}
}

func TestDecays(t *testing.T) {
	for p, want := range map[string]bool{
		"mind/concepts/2026-01/x.md": true,
		"vault/decisions/x.md":       false,
		"rules/x.md":                 false,
		"mindful/x.md":               false,
	} {
		if Decays(p) != want {
			t.Errorf("Decays(%q) = %v", p, !want)
		}
	}
}

// FuzzTaxonomy feeds arbitrary files to the parser: it must never panic, and
// any taxonomy it accepts must be one the router can use safely.
func FuzzTaxonomy(f *testing.F) {
	f.Add(cortex.DefaultTaxonomy)
	f.Add([]byte("types:\n  fact: { dir: ../../etc }\n"))
	f.Add([]byte("types:\n  notes: { category: concept, dir: mind/notes, decay: 0.1 }\ntag_namespaces:\n  status: [a]\n"))
	f.Add([]byte("types:\n  fact: &a { dir: mind/x }\n  idea: { <<: *a, category: concept }\n"))
	f.Add([]byte("types:\n  Observation: {}\n"))
	f.Add([]byte("- a\n- b\n"))
	f.Add([]byte(""))
	f.Add([]byte("types: {}\n---\n"))
	bases := []*Taxonomy{nil, DefaultTaxonomy()}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, base := range bases {
			tx, err := ParseTaxonomy("taxonomy.yml", data, base)
			if err != nil {
				var te *TaxonomyError
				if !errors.As(err, &te) {
					t.Fatalf("error %T is not a *TaxonomyError: %v", err, err)
				}
				continue
			}
			for name, cat := range coreTypes() {
				d, ok := tx.Type(name)
				if !ok {
					t.Fatalf("accepted taxonomy lacks core type %s", name)
				}
				if d.Category != cat || !d.Core {
					t.Fatalf("core type %s = %+v", name, d)
				}
			}
			for _, d := range tx.Types() {
				if !IsTypeName(d.Name) || strings.EqualFold(d.Name, ReservedType) {
					t.Fatalf("accepted type name %q", d.Name)
				}
				if clean, err := cleanTypeDir(d.Dir); err != nil || clean != d.Dir {
					t.Fatalf("type %s has dir %q (%v)", d.Name, d.Dir, err)
				}
				if !(d.Decay >= 0 && d.Decay <= 1) {
					t.Fatalf("type %s has decay %v", d.Name, d.Decay)
				}
				if d.Category != Concept && d.Category != Entity && d.Category != Relation {
					t.Fatalf("type %s has category %q", d.Name, d.Category)
				}
			}
			for ns, vals := range tx.TagNamespaces {
				if len(vals) == 0 || ValidateTag(ns) != nil || strings.Contains(ns, "/") {
					t.Fatalf("tag namespace %q = %v", ns, vals)
				}
			}
		}
	})
}

// BenchmarkLoadTaxonomy measures what the daemon pays to (re)read a vault's
// taxonomy: the embedded default plus the vault's file over it.
func BenchmarkLoadTaxonomy(b *testing.B) {
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, TaxonomyFile), cortex.DefaultTaxonomy, 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadTaxonomy(dir); err != nil {
			b.Fatal(err)
		}
	}
}

// The embedded taxonomy is parsed once and shared: a caller that changes
// what DefaultTaxonomy gave it changes nobody else's, nor the base of a
// vault's file.
func TestDefaultTaxonomyIsACopy(t *testing.T) {
	a := DefaultTaxonomy()
	a.types["lesson"] = TypeDef{Name: "lesson", Dir: "elsewhere"}
	a.TagNamespaces["area"] = append(a.TagNamespaces["area"], "mallory")
	b := DefaultTaxonomy()
	if d, _ := b.Type("lesson"); d.Dir == "elsewhere" {
		t.Errorf("lesson's dir after a caller's change: %q", d.Dir)
	}
	if slices.Contains(b.TagNamespaces["area"], "mallory") {
		t.Errorf("tag namespaces after a caller's change: %q", b.TagNamespaces)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, TaxonomyFile), []byte("version: 1\ntypes:\n  recipe: { category: entity, dir: vault/recipes }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := LoadTaxonomy(dir)
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := c.Type("lesson"); d.Dir == "elsewhere" {
		t.Errorf("a vault's taxonomy took a caller's change of the default: %q", d.Dir)
	}
}

// TestDefaultTaxonomyFile: the default file merged over the default is
// the default, which LoadTaxonomy returns without parsing the vault's
// copy when its bytes are the default's.
func TestDefaultTaxonomyFile(t *testing.T) {
	tx, err := ParseTaxonomy("taxonomy.yml", cortex.DefaultTaxonomy, defaultTaxonomy())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tx, DefaultTaxonomy()) {
		t.Fatal("the default file merged over the default is not the default")
	}
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, TaxonomyFile), cortex.DefaultTaxonomy, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := LoadTaxonomy(root)
	if err != nil || !reflect.DeepEqual(got, DefaultTaxonomy()) {
		t.Fatalf("LoadTaxonomy of the default file: %v", err)
	}
	got.TagNamespaces["changed-by-a-caller"] = nil
	if again, _ := LoadTaxonomy(root); reflect.DeepEqual(again, got) {
		t.Fatal("LoadTaxonomy handed out the shared default")
	}
}
