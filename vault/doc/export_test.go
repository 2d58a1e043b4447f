package doc

import "reflect"

// What the external tests (package doc_test, which may import packages
// that import this one, such as bench/vaultgen) need of the inside.

// FuzzSeeds are the documents the fuzz targets start from.
var FuzzSeeds = fuzzSeeds

// SetFull is Set without setLine's quick edit: the lines replaced, the
// document parsed again, every field compared.
func (p *Parsed) SetFull(name string, value any) error { return p.set(name, value, false) }

// SetLineApplies reports whether Set would take setLine's quick edit for
// name and value.
func (p *Parsed) SetLineApplies(name string, value any) bool {
	out, del, err := renderField(name, value)
	if err != nil || del || p.editable(name) != nil {
		return false
	}
	return p.setLine(p.field(name), name, out) != nil
}

// SameParsed reports whether a and b are the same in every part, the
// unexported ones (offsets, lines, node trees, problems) included.
func SameParsed(a, b *Parsed) bool { return reflect.DeepEqual(a, b) }
