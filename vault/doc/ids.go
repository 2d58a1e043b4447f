package doc

import "fmt"

// IDClaim is a document's id, as the uniqueness check sees it: the
// pre-commit hook's staged documents, the files `cortex validate` read, the
// daemon's batch.
type IDClaim struct {
	// Path is vault-relative and slash-separated.
	Path string
	ID   string
	// Line is the file line of the id field (0: unknown).
	Line int
}

// Duplicate is a claim whose id another document carries too.
type Duplicate struct {
	Claim IDClaim
	// Other is the document that carries the id too, vault-relative.
	Other string
}

// Problem is the duplicate as a problem of the claim's file.
func (d Duplicate) Problem() Problem {
	return Problem{
		Path:  d.Claim.Path,
		Line:  d.Claim.Line,
		Field: FieldID,
		Msg: fmt.Sprintf("id %q is also the id of %s: ids are unique; if this document is a copy, delete its id line and run `cortex validate --fix` for a new one",
			d.Claim.ID, d.Other),
	}
}

// DuplicateIDs returns every claim whose id an earlier claim carries too,
// taking the claims in the order given: the first keeps its id, each later
// one must take a new one. Give the oldest first (Validate orders by
// modification time, then path) so that the copy, not the original, is
// named. Claims without an id are ignored.
func DuplicateIDs(claims []IDClaim) []Duplicate {
	first := make(map[string]string, len(claims))
	var out []Duplicate
	for _, c := range claims {
		if c.ID == "" {
			continue
		}
		if f, ok := first[c.ID]; ok {
			if f != c.Path {
				out = append(out, Duplicate{Claim: c, Other: f})
			}
			continue
		}
		first[c.ID] = c.Path
	}
	return out
}
