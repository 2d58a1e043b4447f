package doc

import (
	"bufio"
	"bytes"
	"errors"
	"testing"

	"github.com/adrg/frontmatter"
)

// librarySplit is where the frontmatter library (which Parse used until
// it found the block in place) puts the frontmatter of data and the
// body's start; found is false when it finds no frontmatter.
func librarySplit(data []byte) (fm []byte, bodyStart int, found bool) {
	format := frontmatter.NewFormat("---", "---", func(b []byte, _ any) error {
		fm = bytes.Clone(b)
		return nil
	})
	rest, err := frontmatter.MustParse(bufio.NewReader(bytes.NewReader(data)), nil, format)
	if err != nil {
		return nil, 0, false
	}
	return fm, len(data) - len(rest), true
}

// checkSplit compares Parse's split of data with the library's.
func checkSplit(t *testing.T, data []byte) {
	t.Helper()
	if bytes.HasPrefix(data, utf8BOM) || checkText(data) != nil || len(data) > MaxDocumentSize {
		return
	}
	p, err := Parse(data)
	var pe *ParseError
	if err != nil && (!errors.As(err, &pe) || !errors.Is(err, ErrUnclosedFrontmatter) && !errors.Is(err, ErrInvalidYAML)) {
		return // refused before the split: no frontmatter, too large, not text
	}
	fm, bodyStart, found := librarySplit(data)
	switch {
	case errors.Is(err, ErrUnclosedFrontmatter):
		if found {
			t.Fatalf("Parse finds the frontmatter unclosed, the library closed at %d: %q", bodyStart, data)
		}
	case !found:
		t.Fatalf("the library finds no closing line, Parse did (%v): %q", err, data)
	case err == nil && (!bytes.Equal(p.raw[p.fmStart:p.fmEnd], fm) || p.bodyStart != bodyStart):
		t.Fatalf("Parse's frontmatter %q (body at %d), the library's %q (body at %d): %q",
			p.raw[p.fmStart:p.fmEnd], p.bodyStart, fm, bodyStart, data)
	}
}

// TestFrontmatterSplitAsTheLibrary: Parse finds the frontmatter and the
// body where the frontmatter library did.
func TestFrontmatterSplitAsTheLibrary(t *testing.T) {
	cases := append(fuzzSeeds(),
		"---\ntype: fact\n---",
		"---\ntype: fact\n  ---  \nbody\n---\nmore\n",
		"\n\n  \n---\ntype: fact\n---\nbody\n",
		"---\ntype: fact\n--- \n\n---\n",
		"---\ntype: fact\n----\n---\nbody",
		"---\ntype: fact\r\n---\r\nbody\r\n",
		"---\ntype: fact\n",
		"---\n\n",
	)
	for _, c := range cases {
		checkSplit(t, []byte(c))
	}
}

// FuzzFrontmatterSplit: the same, on any input.
func FuzzFrontmatterSplit(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkSplit(t, data) })
}
