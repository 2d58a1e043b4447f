package conflict

import (
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// benchMemories makes n memories of about 80 words each, drawn from a
// vocabulary of 3,000 made-up words and a few cue words, the same for a
// seed: as many words as the bodies of a generated vault.
func benchMemories(n int) []Memory {
	r := rand.New(rand.NewPCG(1, 2))
	vocab := make([]string, 3000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%dx%d", i, r.IntN(1000))
	}
	cues := []string{"is", "uses", "on", "port", "the", "not", "prefers", "at"}
	mems := make([]Memory, n)
	var b strings.Builder
	for i := range mems {
		b.Reset()
		for w := range 80 {
			if w%7 == 3 {
				b.WriteString(cues[r.IntN(len(cues))])
			} else {
				b.WriteString(vocab[r.IntN(len(vocab))])
			}
			b.WriteByte(' ')
		}
		mems[i] = Memory{ID: fmt.Sprint(i), SourceHash: fmt.Sprint(i),
			Created: "2026-01-01T00:00:00.000Z", Body: b.String()}
	}
	return mems
}

// BenchmarkFind20k runs Find over 20,000 memories, as the daemon's
// watchdog does over a vault of that size, and reports the most heap
// its objects held (sampled every millisecond): what the pass adds to
// the daemon's resident memory.
func BenchmarkFind20k(b *testing.B) {
	mems := benchMemories(20000)
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	base := sample[0].Value.Uint64()
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				metrics.Read(s)
				if v := s[0].Value.Uint64(); v > peak.Load() {
					peak.Store(v)
				}
			}
		}
	}()
	for b.Loop() {
		Find(mems)
	}
	close(done)
	b.ReportMetric(float64(peak.Load()-min(base, peak.Load()))/(1<<20), "peak-heap-MB")
}

// BenchmarkFind20kAgain is a scan after one that saw the same memories
// but one (the daemon's next doctor pass while a stream adds memories):
// the bodies parsed last time are not parsed again.
func BenchmarkFind20kAgain(b *testing.B) {
	mems := benchMemories(20000)
	c := &keyCache{seed: maphash.MakeSeed()}
	find(mems, c)
	for b.Loop() {
		mems[0].Body += " w1x1"
		find(mems, c)
	}
}
