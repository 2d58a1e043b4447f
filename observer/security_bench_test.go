package observer

import "testing"

// The cost of the security layers per text, on the benign corpus (what
// almost every observation is): BenchmarkInjection is layer 3,
// BenchmarkRedact layer 5. Each op is one note.
func benchNotes(b *testing.B) []string {
	notes := append(readCorpus(b, "benign.txt"), benignNotes(1000)...)
	s := make([]string, len(notes))
	for i, n := range notes {
		s[i] = n.text
	}
	return s
}

func BenchmarkInjection(b *testing.B) {
	notes := benchNotes(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		DetectInjection(notes[i%len(notes)])
	}
}

func BenchmarkRedact(b *testing.B) {
	notes := benchNotes(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		RedactCredentials(notes[i%len(notes)])
	}
}
