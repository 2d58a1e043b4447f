package vault

import "testing"

func TestDefaultTaxonomyLoads(t *testing.T) {
	tx := DefaultTaxonomy()
	if got := len(tx.Types()); got != 22 {
		t.Fatalf("default taxonomy has %d types, want 22 (17 core + 5 shipped)", got)
	}
	d, ok := tx.Type("decision")
	if !ok || d.Dir != "vault/decisions" || d.Category != Concept {
		t.Fatalf("decision = %+v", d)
	}
}
