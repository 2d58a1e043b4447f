package observer

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
)

// BenchmarkProcess measures one Process of a batch of new lines (new
// documents, one reinforcement in ten) on a vault that grows with every
// iteration: read, parse, secure, score, dedup, render, stage, one commit,
// index, state.
func BenchmarkProcess(b *testing.B) {
	for _, n := range []int{1, 100} {
		b.Run(fmt.Sprintf("lines=%d", n), func(b *testing.B) {
			l := newTestVault(b)
			m, err := Open(context.Background(), l, Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			if err != nil {
				b.Fatal(err)
			}
			defer m.Close()
			seq := 0
			lines := 0
			for b.Loop() {
				b.StopTimer()
				var sb strings.Builder
				for i := range n {
					body := fmt.Sprintf("Benchmark observation number %d about the deploy pipeline.", seq)
					if i%10 == 9 {
						body = fmt.Sprintf("Benchmark observation number %d about the deploy pipeline.", seq-1)
					}
					sb.WriteString(obsLine(fmt.Sprintf("2026-02-16T10:%02d:%02d.%03dZ", seq/60000%60, seq/1000%60, seq%1000), "fact", body, ""))
					seq++
				}
				appendRawB(b, m, sb.String())
				b.StartTimer()
				res, err := m.Process(context.Background())
				if err != nil {
					b.Fatal(err)
				}
				lines += res.Lines
			}
			b.ReportMetric(float64(lines)/b.Elapsed().Seconds(), "lines/s")
		})
	}
}

func appendRawB(b *testing.B, m *Memorizer, data string) {
	if err := Append(context.Background(), m.l, splitLines(data)...); err != nil {
		b.Fatal(err)
	}
}

func splitLines(s string) [][]byte {
	var out [][]byte
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		out = append(out, []byte(l))
	}
	return out
}
