package trust

import (
	"testing"

	"github.com/cortex-vault/cortex/trust/trusttest"
)

// The cost of the scan and the redaction on one text of the benign corpus
// (what almost every observation is).
func benchNotes(b testing.TB) []string {
	notes := append(trusttest.Read(b, "benign.txt"), trusttest.BenignNotes(1000)...)
	s := make([]string, len(notes))
	for i, n := range notes {
		s[i] = n.Text
	}
	return s
}

func BenchmarkInjection(b *testing.B) {
	notes := benchNotes(b)
	// The rules are compiled on first use (main's were compiled at init,
	// outside its benchmark): compile them before the timed loop, so the
	// figure is the scan's.
	Scan(notes[0])
	for i := 0; b.Loop(); i++ {
		Scan(notes[i%len(notes)])
	}
}

func BenchmarkRedact(b *testing.B) {
	notes := benchNotes(b)
	Redact(notes[0])
	for i := 0; b.Loop(); i++ {
		Redact(notes[i%len(notes)])
	}
}

// BenchmarkCheckUntrusted is what an ambient observation costs: the scan
// and, when it finds no attack, the review hold's reading.
func BenchmarkCheckUntrusted(b *testing.B) {
	notes := benchNotes(b)
	Check([]Field{{Name: "body", Text: notes[0]}}, Source{})
	for i := 0; b.Loop(); i++ {
		Check([]Field{{Name: "body", Text: notes[i%len(notes)]}}, Source{})
	}
}
