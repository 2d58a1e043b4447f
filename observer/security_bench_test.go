package observer

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/trust/trusttest"
)

// The cost of the security layers per observation, on the benign corpus
// (what almost every observation is); trust's BenchmarkInjection and
// BenchmarkRedact are the two layers on one text. BenchmarkObservePath is what
// observe, write and save_observation do before the append (Validate, which
// redacts, and Marshal); BenchmarkPipelineLine is the memorizer's steps 2
// and 3 for one buffer line (parse, validate, redact, injection scan).
func benchNotes(b *testing.B) []string {
	notes := append(trusttest.Read(b, "benign.txt"), trusttest.BenignNotes(1000)...)
	s := make([]string, len(notes))
	for i, n := range notes {
		s[i] = n.Text
	}
	return s
}

func benchObservation(i int, body string) Observation {
	return Observation{Timestamp: time.Date(2026, 2, 16, 10, 0, 0, i, time.UTC), Bucket: BucketAmbient, Type: "fact",
		Body: body, Context: "seen while working on the deploy pipeline", Attribution: "ci-agent", SessionID: "cli",
		Entities: []Entity{{Name: "deploy pipeline", Type: "project"}}, Tags: []string{"area/ci"}}
}

func BenchmarkObservePath(b *testing.B) {
	notes := benchNotes(b)
	tx := testTaxonomy(b)
	for i := 0; b.Loop(); i++ {
		o := benchObservation(i, notes[i%len(notes)])
		if _, err := o.Validate(tx); err != nil {
			b.Fatal(err)
		}
		if _, err := o.Marshal(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPipelineLine(b *testing.B) {
	notes := benchNotes(b)
	tx := testTaxonomy(b)
	lines := make([][]byte, len(notes))
	for i, n := range notes {
		o := benchObservation(i, n)
		data, err := json.Marshal(o)
		if err != nil {
			b.Fatal(err)
		}
		lines[i] = data
	}
	refused := 0
	for i := 0; b.Loop(); i++ {
		if secureLine(lines[i%len(lines)], tx) {
			refused++
		}
	}
	b.ReportMetric(float64(refused)/float64(b.N), "refused/op")
	_ = fmt.Sprint(refused)
}
