package vault

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	cortex "github.com/cortex-vault/cortex"
)

// Category is the family a memory type belongs to (SPEC §3).
type Category string

// The three categories.
const (
	Concept  Category = "concept"
	Entity   Category = "entity"
	Relation Category = "relation"
)

// ReservedType is the staging-only type that is never a valid stored type.
const ReservedType = "observation"

// TaxonomyFile is the taxonomy's file name at the vault root.
const TaxonomyFile = "taxonomy.yml"

// coreTypes are the 17 types every taxonomy has, with their fixed category.
var coreTypes = map[string]Category{
	"fact": Concept, "opinion": Concept, "belief": Concept, "preference": Concept,
	"lesson": Concept, "decision": Concept, "commitment": Concept,
	"goal_short": Concept, "goal_long": Concept, "aspiration": Concept,
	"constraint": Concept,
	"milestone":  Entity, "task": Entity, "event": Entity, "resource": Entity,
	"project": Relation, "dependency": Relation,
}

var typeNameRE = regexp.MustCompile(`^[a-z][a-z0-9_]{0,31}$`)

// TypeDef describes one memory type.
type TypeDef struct {
	Name     string
	Category Category
	// Dir is the slash-separated folder, relative to the vault root, that
	// documents of this type are routed to.
	Dir string
	// Decay is the importance lost per month (applies under mind/ only).
	Decay float64
	// Core reports whether this is one of the 17 built-in types.
	Core bool
}

// Taxonomy is the set of memory types and tag namespaces of a vault.
type Taxonomy struct {
	types map[string]TypeDef
	// TagNamespaces maps a namespace (without trailing slash) to its allowed
	// values.
	TagNamespaces map[string][]string
}

// Type returns the definition of the named type. The reserved type is never
// found.
func (t *Taxonomy) Type(name string) (TypeDef, bool) {
	d, ok := t.types[name]
	return d, ok
}

// Types returns every type, sorted by name.
func (t *Taxonomy) Types() []TypeDef {
	out := make([]TypeDef, 0, len(t.types))
	for _, d := range t.types {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// TypeNames returns the type names, sorted.
func (t *Taxonomy) TypeNames() []string {
	out := make([]string, 0, len(t.types))
	for n := range t.types {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// TaxonomyError is a problem in a taxonomy file, with its position.
type TaxonomyError struct {
	File string
	Line int
	Msg  string
}

func (e *TaxonomyError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// DefaultTaxonomy returns the embedded default taxonomy.
func DefaultTaxonomy() *Taxonomy {
	t, err := ParseTaxonomy("taxonomy.yml (built in)", cortex.DefaultTaxonomy, nil)
	if err != nil {
		panic("embedded taxonomy.yml is invalid: " + err.Error())
	}
	return t
}

// LoadTaxonomy reads the vault's taxonomy.yml over the embedded defaults. A
// vault without the file gets the defaults. An invalid file is an error: the
// caller must never fall back silently to the defaults.
func LoadTaxonomy(root string) (*Taxonomy, error) {
	p := filepath.Join(root, TaxonomyFile)
	data, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return DefaultTaxonomy(), nil
	}
	if err != nil {
		return nil, fmt.Errorf("read taxonomy: %w", err)
	}
	return ParseTaxonomy(p, data, DefaultTaxonomy())
}

// ParseTaxonomy parses a taxonomy file named name. When base is not nil, the
// file is merged over it: the core types keep base's dir and decay unless the
// file sets them, and the custom types are exactly those the file declares.
func ParseTaxonomy(name string, data []byte, base *Taxonomy) (*Taxonomy, error) {
	fail := func(line int, format string, args ...any) error {
		return &TaxonomyError{File: name, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fail(yamlErrLine(err), "not valid YAML: %s", yamlErrMsg(err))
	}
	t := &Taxonomy{types: map[string]TypeDef{}, TagNamespaces: map[string][]string{}}
	if base != nil {
		for n, d := range base.types {
			if d.Core {
				t.types[n] = d
			}
		}
	}
	if len(doc.Content) == 0 { // empty file
		return finishTaxonomy(t, name, fail)
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, fail(root.Line, "expected a mapping with `types:` at the top level")
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "version":
			if v.Value != "1" {
				return nil, fail(v.Line, "unsupported version %q (this cortex reads version 1)", v.Value)
			}
		case "types":
			if v.Kind != yaml.MappingNode {
				return nil, fail(v.Line, "`types` must be a mapping of type name to definition")
			}
			seen := map[string]bool{}
			for j := 0; j+1 < len(v.Content); j += 2 {
				tn, tv := v.Content[j], v.Content[j+1]
				if seen[tn.Value] {
					return nil, fail(tn.Line, "type %q declared twice", tn.Value)
				}
				seen[tn.Value] = true
				d, err := parseTypeDef(tn, tv, t.types[tn.Value], fail)
				if err != nil {
					return nil, err
				}
				t.types[d.Name] = d
			}
		case "tag_namespaces":
			if v.Kind != yaml.MappingNode {
				return nil, fail(v.Line, "`tag_namespaces` must be a mapping of namespace to a list of values")
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				nn, nv := v.Content[j], v.Content[j+1]
				ns := strings.TrimSuffix(nn.Value, "/")
				if err := ValidateTag(ns); err != nil {
					return nil, fail(nn.Line, "tag namespace %q: %v", nn.Value, err)
				}
				var vals []string
				if nv.Kind != yaml.SequenceNode {
					return nil, fail(nv.Line, "tag namespace %q: expected a list of allowed values", ns)
				}
				for _, it := range nv.Content {
					if it.Kind != yaml.ScalarNode || it.Value == "" {
						return nil, fail(it.Line, "tag namespace %q: values must be non-empty strings", ns)
					}
					if err := ValidateTag(ns + "/" + it.Value); err != nil {
						return nil, fail(it.Line, "tag namespace %q: value %q: %v", ns, it.Value, err)
					}
					vals = append(vals, it.Value)
				}
				t.TagNamespaces[ns] = vals
			}
		default:
			return nil, fail(k.Line, "unknown key %q (expected version, types, tag_namespaces)", k.Value)
		}
	}
	return finishTaxonomy(t, name, fail)
}

func finishTaxonomy(t *Taxonomy, name string, fail func(int, string, ...any) error) (*Taxonomy, error) {
	for n := range coreTypes {
		if _, ok := t.types[n]; !ok {
			return nil, fail(0, "core type %q is missing", n)
		}
	}
	return t, nil
}

func parseTypeDef(kn, v *yaml.Node, prev TypeDef, fail func(int, string, ...any) error) (TypeDef, error) {
	n := kn.Value
	switch {
	case strings.EqualFold(n, ReservedType):
		return TypeDef{}, fail(kn.Line, "type %q is reserved (staging only) and cannot be declared", n)
	case !typeNameRE.MatchString(n):
		return TypeDef{}, fail(kn.Line, "type name %q is invalid: use lowercase letters, digits and _, starting with a letter, at most 32 characters", n)
	}
	if v.Kind != yaml.MappingNode {
		return TypeDef{}, fail(v.Line, "type %q: expected a mapping with category, dir and decay", n)
	}
	core, isCore := coreTypes[n]
	d := prev
	d.Name, d.Core = n, isCore
	if isCore {
		d.Category = core
	}
	var haveCat, haveDir bool
	for i := 0; i+1 < len(v.Content); i += 2 {
		fk, fv := v.Content[i], v.Content[i+1]
		switch fk.Value {
		case "category":
			c := Category(fv.Value)
			if c != Concept && c != Entity && c != Relation {
				return TypeDef{}, fail(fv.Line, "type %q: category %q is not one of concept, entity, relation", n, fv.Value)
			}
			if isCore && c != core {
				return TypeDef{}, fail(fv.Line, "type %q: category is %s and cannot be changed to %s", n, core, c)
			}
			d.Category, haveCat = c, true
		case "dir":
			dir, err := cleanTypeDir(fv.Value)
			if err != nil {
				return TypeDef{}, fail(fv.Line, "type %q: dir %q: %v", n, fv.Value, err)
			}
			d.Dir, haveDir = dir, true
		case "decay":
			var f float64
			if fv.Kind != yaml.ScalarNode || fv.Decode(&f) != nil || f < 0 || f > 1 {
				return TypeDef{}, fail(fv.Line, "type %q: decay %q must be a number from 0 to 1 (importance lost per month)", n, fv.Value)
			}
			d.Decay = f
		default:
			return TypeDef{}, fail(fk.Line, "type %q: unknown key %q (expected category, dir, decay)", n, fk.Value)
		}
	}
	if !isCore && !haveCat {
		return TypeDef{}, fail(kn.Line, "type %q: category is required", n)
	}
	if d.Dir == "" && !haveDir {
		return TypeDef{}, fail(kn.Line, "type %q: dir is required", n)
	}
	return d, nil
}

// cleanTypeDir checks that dir is a safe relative folder inside mind/ or
// vault/ and returns it cleaned.
func cleanTypeDir(dir string) (string, error) {
	if dir == "" {
		return "", errors.New("is empty")
	}
	if strings.Contains(dir, `\`) {
		return "", errors.New("use / as the separator")
	}
	if strings.HasPrefix(dir, "/") || (len(dir) > 1 && dir[1] == ':') {
		return "", errors.New("must be relative to the vault, not absolute")
	}
	for _, seg := range strings.Split(dir, "/") {
		if seg == ".." {
			return "", errors.New("must not contain a .. segment")
		}
		if strings.HasPrefix(seg, ".") && seg != "." {
			return "", errors.New("must not use dot-folders")
		}
	}
	c := path.Clean(dir)
	top, _, _ := strings.Cut(c, "/")
	if top != "mind" && top != "vault" {
		return "", errors.New("must be inside mind/ or vault/")
	}
	if c == "mind" || c == "vault" {
		return "", errors.New("must be a folder inside mind/ or vault/, not the folder itself")
	}
	return c, nil
}

// Decays reports whether documents at the vault-relative path p decay: only
// those under mind/.
func Decays(p string) bool { return strings.HasPrefix(p, "mind/") }

func yamlErrLine(err error) int {
	var te *yaml.TypeError
	if errors.As(err, &te) {
		return 0
	}
	// go.yaml.in/yaml reports "yaml: line N: msg".
	var line int
	if _, e := fmt.Sscanf(err.Error(), "yaml: line %d:", &line); e == nil {
		return line
	}
	return 0
}

func yamlErrMsg(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "yaml: ")
	if i := strings.Index(s, ": "); strings.HasPrefix(s, "line ") && i > 0 {
		s = s[i+2:]
	}
	return s
}
