package doc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	cortex "github.com/cortex-vault/cortex"
	"github.com/cortex-vault/cortex/vault/vaultfs"
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

// coreTypes are the 17 types every taxonomy has, with their fixed category:
// a map built on first use, as nothing that reads no taxonomy needs it.
var coreTypes = sync.OnceValue(func() map[string]Category {
	return map[string]Category{
		"fact": Concept, "opinion": Concept, "belief": Concept, "preference": Concept,
		"lesson": Concept, "decision": Concept, "commitment": Concept,
		"goal_short": Concept, "goal_long": Concept, "aspiration": Concept,
		"constraint": Concept,
		"milestone":  Entity, "task": Entity, "event": Entity, "resource": Entity,
		"project": Relation, "dependency": Relation,
	}
})

// IsTypeName reports whether name has the shape of a type's name (a lower-case
// letter, then up to 31 lower-case letters, digits or underscores).
func IsTypeName(name string) bool {
	if name == "" || len(name) > 32 || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	for i := 1; i < len(name); i++ {
		if c := name[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

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

// Error formats the problem as file:line: message, the form editors jump to.
func (e *TaxonomyError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// DefaultTaxonomy returns the embedded default taxonomy.
func DefaultTaxonomy() *Taxonomy { return defaultTaxonomy().clone() }

// defaultTaxonomy is the embedded taxonomy, parsed once a process: every
// LoadTaxonomy merges the vault's file over it, and an index refresh or a
// search loads the taxonomy at least once. Shared, so never changed:
// DefaultTaxonomy hands out copies.
var defaultTaxonomy = sync.OnceValue(func() *Taxonomy {
	t, err := ParseTaxonomy("taxonomy.yml (built in)", cortex.DefaultTaxonomy, nil)
	if err != nil {
		panic("embedded taxonomy.yml is invalid: " + err.Error())
	}
	return t
})

// clone is a copy of t that shares nothing a caller may change.
func (t *Taxonomy) clone() *Taxonomy {
	c := &Taxonomy{types: maps.Clone(t.types), TagNamespaces: make(map[string][]string, len(t.TagNamespaces))}
	for ns, vals := range t.TagNamespaces {
		c.TagNamespaces[ns] = slices.Clone(vals)
	}
	return c
}

// maxTaxonomyBytes bounds the taxonomy file the daemon will parse: the
// default is under 3 KB, and a runaway file must not cost the daemon its
// memory or its time.
const maxTaxonomyBytes = 256 << 10

// LoadTaxonomy reads the vault's taxonomy.yml over the embedded defaults. A
// vault without the file gets the defaults. An invalid file is an error: the
// caller must never fall back silently to the defaults.
func LoadTaxonomy(root string) (*Taxonomy, error) {
	p := filepath.Join(root, TaxonomyFile)
	// A link leading out of the vault is not read: its target may be
	// anything (/etc/passwd), and a parse error would quote it.
	if err := vaultfs.New(root).Check(p); err != nil {
		var le *vaultfs.LinkError
		if errors.As(err, &le) {
			return nil, &TaxonomyError{File: p, Msg: le.Error()}
		}
		return nil, fmt.Errorf("read taxonomy: %w", err)
	}
	// Stat before opening: opening a FIFO would block the daemon.
	fi, err := os.Stat(p)
	if errors.Is(err, os.ErrNotExist) {
		return DefaultTaxonomy(), nil
	}
	if err != nil {
		return nil, fmt.Errorf("read taxonomy: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, &TaxonomyError{File: p, Msg: "is not a regular file"}
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("read taxonomy: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxTaxonomyBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read taxonomy %s: %w", p, err)
	}
	if len(data) > maxTaxonomyBytes {
		return nil, &TaxonomyError{File: p, Msg: fmt.Sprintf("file is over %d bytes; a taxonomy is a short list of types", maxTaxonomyBytes)}
	}
	// A vault's taxonomy is most often the default `cortex init` wrote,
	// unchanged: merged over the default it is the default
	// (TestDefaultTaxonomyFile), which every process parses already.
	if bytes.Equal(data, cortex.DefaultTaxonomy) {
		return DefaultTaxonomy(), nil
	}
	// ParseTaxonomy only reads its base: the shared parse serves.
	return ParseTaxonomy(p, data, defaultTaxonomy())
}

// ParseTaxonomy parses a taxonomy file named name (the name is only used in
// errors). When base is not nil, the file is merged over it:
//
//   - the 17 core types always exist, with their fixed category; a core type
//     the file declares takes the file's dir and decay, falling back to
//     base's for a field the file leaves out; a core type the file omits is
//     base's unchanged;
//   - the custom types are exactly those the file declares: base's custom
//     types are not inherited, so deleting a shipped type from the file
//     removes it.
//
// With a nil base the file must declare every core type with its dir (this is
// how the embedded default is read). The file must be one YAML mapping with a
// `types:` section; an empty file is an error, since it most likely is an
// accident and silently dropping every custom type would hide it. Every error
// is a *TaxonomyError naming the line.
func ParseTaxonomy(name string, data []byte, base *Taxonomy) (*Taxonomy, error) {
	fail := func(line int, format string, args ...any) error {
		return &TaxonomyError{File: name, Line: line, Msg: fmt.Sprintf(format, ConfArgs(args)...)}
	}
	root, err := ConfDoc(data, fail)
	if err != nil {
		return nil, err
	}
	if root == nil {
		return nil, fail(0, "the file is empty: declare the memory types under `types:`, or delete the file to use the built-in taxonomy")
	}
	if root.Kind != yaml.MappingNode {
		return nil, fail(root.Line, "expected a mapping with `types:` at the top level, found %s", ConfKind(root))
	}
	top, err := ConfPairs(root, "key", fail)
	if err != nil {
		return nil, err
	}
	t := &Taxonomy{types: map[string]TypeDef{}, TagNamespaces: map[string][]string{}}
	if base != nil {
		for n, d := range base.types {
			if d.Core {
				t.types[n] = d
			}
		}
	}
	haveTypes := false
	for _, p := range top {
		k, v := p.Key, p.Value
		switch k.Value {
		case "version":
			if v.Kind != yaml.ScalarNode || v.Value != "1" {
				return nil, fail(v.Line, "version: unsupported version %s (this cortex reads version 1)", ConfKind(v))
			}
		case "types":
			haveTypes = true
			if err := parseTypes(t, v, fail); err != nil {
				return nil, err
			}
		case "tag_namespaces":
			if err := parseTagNamespaces(t, v, fail); err != nil {
				return nil, err
			}
		default:
			return nil, fail(k.Line, "unknown key %q (expected version, types, tag_namespaces)", k.Value)
		}
	}
	if !haveTypes {
		return nil, fail(root.Line, "no `types:` section: the file must declare the memory types")
	}
	for _, n := range sortedCoreTypes() {
		if _, ok := t.types[n]; !ok {
			return nil, fail(0, "core type %q is missing", n)
		}
	}
	return t, nil
}

func parseTypes(t *Taxonomy, v *yaml.Node, fail ConfFail) error {
	if v.Kind != yaml.MappingNode {
		return fail(v.Line, "types: expected a mapping of type name to definition, found %s", ConfKind(v))
	}
	pairs, err := ConfPairs(v, "type", fail)
	if err != nil {
		return err
	}
	for _, p := range pairs {
		d, err := parseTypeDef(p.Key, p.Value, t.types[p.Key.Value], fail)
		if err != nil {
			return err
		}
		t.types[d.Name] = d
	}
	return nil
}

func parseTagNamespaces(t *Taxonomy, v *yaml.Node, fail ConfFail) error {
	if v.Kind != yaml.MappingNode {
		return fail(v.Line, "tag_namespaces: expected a mapping of namespace to a list of allowed values, found %s", ConfKind(v))
	}
	pairs, err := ConfPairs(v, "tag namespace", fail)
	if err != nil {
		return err
	}
	first := map[string]int{}
	for _, p := range pairs {
		nn, nv := p.Key, p.Value
		// `status/` and `status` name the same namespace.
		ns := strings.TrimSuffix(nn.Value, "/")
		if line, dup := first[ns]; dup {
			return fail(nn.Line, "tag namespace %q: declared twice (first at line %d)", ns, line)
		}
		first[ns] = nn.Line
		if err := ValidateTag(ns); err != nil {
			return fail(nn.Line, "tag namespace %q: %v", nn.Value, err)
		}
		if strings.Contains(ns, "/") {
			// A tag's namespace is its first segment (CheckTagNamespace).
			return fail(nn.Line, "tag namespace %q: must be a single name, without / inside", nn.Value)
		}
		if nv.Kind != yaml.SequenceNode {
			return fail(nv.Line, "tag namespace %q: expected a list of allowed values, found %s", ns, ConfKind(nv))
		}
		if len(nv.Content) == 0 {
			return fail(nv.Line, "tag namespace %q: the list of allowed values is empty (it would refuse every %s/ tag)", ns, ns)
		}
		vals := make([]string, 0, len(nv.Content))
		seen := map[string]bool{}
		for _, it := range nv.Content {
			it = ConfAlias(it)
			if it.Kind != yaml.ScalarNode || it.Tag == "!!null" || it.Value == "" {
				return fail(it.Line, "tag namespace %q: values must be non-empty names, found %s", ns, ConfKind(it))
			}
			if err := ValidateTag(ns + "/" + it.Value); err != nil {
				return fail(it.Line, "tag namespace %q: value %q: %v", ns, it.Value, err)
			}
			if seen[it.Value] {
				return fail(it.Line, "tag namespace %q: value %q listed twice", ns, it.Value)
			}
			seen[it.Value] = true
			vals = append(vals, it.Value)
		}
		t.TagNamespaces[ns] = vals
	}
	return nil
}

func parseTypeDef(kn, v *yaml.Node, prev TypeDef, fail ConfFail) (TypeDef, error) {
	n := kn.Value
	switch {
	case strings.EqualFold(n, ReservedType):
		return TypeDef{}, fail(kn.Line, "type %q: the name is reserved for observations in staging; pick another name", n)
	case !IsTypeName(n):
		return TypeDef{}, fail(kn.Line, "type %q: invalid name: use lowercase letters, digits and _, start with a letter, at most 32 characters", n)
	}
	if v.Kind != yaml.MappingNode {
		return TypeDef{}, fail(v.Line, "type %q: expected a mapping with category, dir and decay, found %s", n, ConfKind(v))
	}
	fields, err := ConfPairs(v, fmt.Sprintf("type %q: key", n), fail)
	if err != nil {
		return TypeDef{}, err
	}
	core, isCore := coreTypes()[n]
	d := prev
	d.Name, d.Core = n, isCore
	if isCore {
		d.Category = core
	}
	var haveCat, haveDir bool
	for _, f := range fields {
		fk, fv := f.Key, f.Value
		switch fk.Value {
		case "category":
			c := Category(fv.Value)
			if fv.Kind != yaml.ScalarNode || (c != Concept && c != Entity && c != Relation) {
				return TypeDef{}, fail(fv.Line, "type %q: category %s is not one of concept, entity, relation", n, ConfKind(fv))
			}
			if isCore && c != core {
				return TypeDef{}, fail(fv.Line, "type %q: a core %s type; its category cannot be changed to %s", n, core, c)
			}
			d.Category, haveCat = c, true
		case "dir":
			if fv.Kind != yaml.ScalarNode || fv.Tag == "!!null" {
				return TypeDef{}, fail(fv.Line, "type %q: dir must be a folder such as mind/notes, found %s", n, ConfKind(fv))
			}
			dir, err := cleanTypeDir(fv.Value)
			if err != nil {
				return TypeDef{}, fail(fv.Line, "type %q: dir %q: %v", n, fv.Value, err)
			}
			d.Dir, haveDir = dir, true
		case "decay":
			f, ok := ConfNumber(fv)
			if !ok || f < 0 || f > 1 {
				return TypeDef{}, fail(fv.Line, "type %q: decay %s: must be a number from 0 to 1 (importance lost per month)", n, ConfKind(fv))
			}
			d.Decay = f
		default:
			return TypeDef{}, fail(fk.Line, "type %q: unknown key %q (expected category, dir, decay)", n, fk.Value)
		}
	}
	if !isCore && !haveCat {
		return TypeDef{}, fail(kn.Line, "type %q: category is required (concept, entity or relation)", n)
	}
	if d.Dir == "" && !haveDir {
		return TypeDef{}, fail(kn.Line, "type %q: dir is required (a folder inside mind/ or vault/)", n)
	}
	return d, nil
}

// cleanTypeDir checks that dir is a safe relative folder inside mind/ or
// vault/ and returns it cleaned. The router joins it onto the vault root, so
// anything that could leave the vault, hide the documents (dot-folders are
// never read as memory) or fail on another operating system is refused.
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
	for _, r := range dir {
		if r < 0x20 || r == 0x7f || strings.ContainsRune(`<>:"|?*`, r) {
			return "", fmt.Errorf("character %q is not allowed in a folder name", r)
		}
	}
	for _, seg := range strings.Split(dir, "/") {
		if seg == ".." {
			return "", errors.New("must not contain a .. segment")
		}
		if strings.HasPrefix(seg, ".") && seg != "." {
			return "", errors.New("must not use dot-folders (they are never read as memory)")
		}
	}
	c := path.Clean(dir)
	top, _, _ := strings.Cut(c, "/")
	if top != MindDir && top != VaultDir {
		return "", errors.New("must be inside mind/ or vault/")
	}
	if c == MindDir || c == VaultDir {
		return "", errors.New("must be a folder inside mind/ or vault/, not the folder itself")
	}
	if c == ArchiveDir || strings.HasPrefix(c, ArchiveDir+"/") {
		return "", fmt.Errorf("must not be inside %s/, which holds the memories that decayed out", ArchiveDir)
	}
	return c, nil
}

// sortedCoreTypes returns the core type names in a stable order, so the error
// for a file missing several of them is always the same.
func sortedCoreTypes() []string {
	out := make([]string, 0, len(coreTypes()))
	for n := range coreTypes() {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Decays reports whether documents at the vault-relative path p decay: only
// those under mind/.
func Decays(p string) bool { return strings.HasPrefix(p, "mind/") }
