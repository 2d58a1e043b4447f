package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/vault/doc"
)

// TestReadmeObserveExamples: every `echo '…' | cortex observe` of the
// README is one JSON line that observe accepts, as typed.
func TestReadmeObserveExamples(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "echo '")
		if !ok || !strings.Contains(rest, "| cortex observe") {
			continue
		}
		js, _, ok := strings.Cut(rest, "' |")
		if !ok || strings.Contains(js, "...") {
			continue // an elided example, marked as such
		}
		n++
		obs, _, err := observer.ParseLines(strings.NewReader(js+"\n"), doc.DefaultTaxonomy())
		if err != nil || len(obs) != 1 {
			t.Errorf("README example refused: %v\n%s", err, js)
		}
	}
	if n == 0 {
		t.Error("no observe example found in the README")
	}
}
