package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchNotes are n notes of coding-agent memories drawn from the labelled
// set's vocabulary, with about 5% near-duplicates.
func benchNotes(n int) ([]note, []string) {
	r := rand.New(rand.NewPCG(11, 11))
	subjects := []string{"migrations", "webhook", "cache", "index", "parser", "scheduler", "worker", "gateway", "client", "session"}
	verbs := []string{"needs", "drops", "keeps", "retries", "logs", "rebuilds", "checks", "locks", "skips", "batches"}
	objects := []string{"requests", "rows", "files", "tokens", "events", "connections", "jobs", "queries", "users", "tests"}
	notes := make([]note, n)
	groups := make([]string, n)
	types := []string{"lesson", "warning", "fact", "discovery"}
	prev := ""
	for i := range notes {
		var text string
		if i > 0 && r.IntN(20) == 0 {
			text = "Note: " + prev + " (learned the hard way)"
			groups[i] = groups[i-1]
		} else {
			text = fmt.Sprintf("The %s %s %s %d in service-%d", subjects[r.IntN(10)], verbs[r.IntN(10)], objects[r.IntN(10)], i, r.IntN(500))
		}
		notes[i] = newNote(text)
		if groups[i] == "" {
			groups[i] = types[r.IntN(len(types))]
		}
		prev = text
	}
	return notes, groups
}

func BenchmarkNearPairs(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		notes, groups := benchNotes(n)
		b.Run(fmt.Sprintf("keyed/%d", n), func(b *testing.B) {
			for b.Loop() {
				nearPairs(notes, groups)
			}
		})
	}
	// The naive baseline: every pair of the same type compared.
	for _, n := range []int{1_000, 10_000} {
		notes, groups := benchNotes(n)
		b.Run(fmt.Sprintf("allpairs/%d", n), func(b *testing.B) {
			for b.Loop() {
				allPairs(notes, groups)
			}
		})
	}
}

// TestNearPairsMatchesAllPairs: the keyed search finds exactly what comparing every pair finds,
// (similar accepts only notes of one key), on a set where the baseline is cheap.
func TestNearPairsMatchesAllPairs(t *testing.T) {
	notes, groups := benchNotes(3000)
	lsh, all := nearPairs(notes, groups), allPairs(notes, groups)
	if len(all) == 0 {
		t.Fatal("no pairs in the bench set")
	}
	found := map[pair]bool{}
	for _, p := range lsh {
		found[p] = true
	}
	missed := 0
	for _, p := range all {
		if !found[p] {
			missed++
		}
	}
	if len(lsh) != len(all) || missed > 0 {
		t.Errorf("keyed %d pairs, all pairs %d, missed %d", len(lsh), len(all), missed)
	}
	t.Logf("keyed %d pairs, all pairs %d, missed %d", len(lsh), len(all), missed)
}

// BenchmarkNewNote: preparing a memory's text, as the first run on a vault
// does for every memory under mind/ (its near-duplicate key).
func BenchmarkNewNote(b *testing.B) {
	text := "Never run the `db:migrate` task on staging before the nightly backup finishes; " +
		"the scheduler's lock-file (tmp/migrate.lock) isn't released when it crashes, and the " +
		"Postgres replica falls behind by 20 minutes. Prefer running it by hand after 03:00 UTC, " +
		"using the read-only role, and check the replication lag first."
	for b.Loop() {
		n := newNote(text)
		_ = n.key("lesson")
	}
}
