package doc

import (
	"slices"
	"strings"
	"testing"
)

func TestDuplicateIDs(t *testing.T) {
	const a, b = "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b", "019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0c"
	tests := []struct {
		name   string
		claims []IDClaim
		want   []string
	}{
		{"none", nil, nil},
		{"unique", []IDClaim{{Path: "x", ID: a}, {Path: "y", ID: b}}, nil},
		{"pair: the later is named", []IDClaim{{Path: "z", ID: a, Line: 2}, {Path: "y", ID: a, Line: 3}}, []string{"y:3 -> z"}},
		{"three", []IDClaim{{Path: "x", ID: a}, {Path: "y", ID: a}, {Path: "z", ID: a}}, []string{"y:0 -> x", "z:0 -> x"}},
		{"same path twice is not a duplicate", []IDClaim{{Path: "x", ID: a}, {Path: "x", ID: a}}, nil},
		{"no id", []IDClaim{{Path: "x"}, {Path: "y"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range DuplicateIDs(tt.claims) {
				got = append(got, d.Claim.Path+":"+itoa(d.Claim.Line)+" -> "+d.Other)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	p := Duplicate{Claim: IDClaim{Path: "mind/b.md", ID: a, Line: 2}, Other: "mind/a.md"}.Problem()
	if p.Path != "mind/b.md" || p.Line != 2 || p.Field != FieldID || p.Fixable ||
		!strings.Contains(p.Msg, `id "`+a+`" is also the id of mind/a.md`) || !strings.Contains(p.Msg, "`cortex validate --fix`") {
		t.Errorf("problem: %+v", p)
	}
}

func TestTooLargeProblem(t *testing.T) {
	p := TooLargeProblem("vault/big.md", 50<<20)
	if p.String() != "vault/big.md: file is 50.0 MB; a memory document may be at most 10.0 MB" {
		t.Errorf("got %q", p.String())
	}
	// The same words as Parse, which sees the content.
	_, err := Parse(make([]byte, MaxDocumentSize+1))
	if err == nil || !strings.HasPrefix(err.Error(), "file is 10.0 MB; a memory document may be at most 10.0 MB") {
		t.Errorf("Parse: %v", err)
	}
}
