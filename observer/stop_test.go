package observer

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
)

// A stop asked for during a batch (a person's first Ctrl-C, the daemon's
// SIGINT) lets that batch commit and starts no other: the rest stays
// pending, and the result says the run was stopped.
func TestProcessUntilStopsAfterTheBatchInHand(t *testing.T) {
	l := newTestVault(t)
	var b strings.Builder
	for i := range 300 {
		b.WriteString(obsLine("2026-02-16T10:00:00Z", "fact", fmt.Sprintf("Fact %d of a long backlog.", i), ""))
	}
	appendRaw(t, l, b.String())
	stop := make(chan struct{})
	var once sync.Once
	m, err := Open(context.Background(), l, Options{
		BatchLines: 100,
		Logger:     slog.New(slog.NewTextHandler(io.Discard, nil)),
		// Progress is told as each batch is committed: the stop comes
		// while the first is in hand.
		Progress: func(done, total int64) { once.Do(func() { close(stop) }) },
	})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	res, err := m.ProcessUntil(context.Background(), stop)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Stopped || len(res.Commits) != 1 || res.Memorized == 0 || res.Memorized >= 300 {
		t.Fatalf("stopped %v, %d commits, %d memorized: want one batch, then a stop", res.Stopped, len(res.Commits), res.Memorized)
	}
	// The next run finishes.
	rest, err := m.Process(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rest.Stopped || res.Memorized+rest.Memorized != 300 {
		t.Fatalf("the next run: stopped %v, %d + %d memorized, want 300", rest.Stopped, res.Memorized, rest.Memorized)
	}
}
