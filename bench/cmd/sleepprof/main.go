// Command sleepprof runs one `cortex maintain` in process under the CPU
// profiler, for finding where a sleep run spends its time:
//
//	sleepprof -dir VAULT [-at 2026-06-01T03:00:00Z] -cpuprofile cpu.out [-memprofile mem.out]
//	go tool pprof -top cpu.out
//
// It tunes the collector as `cortex maintain` does (rules.TuneGC).
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"runtime"
	"runtime/pprof"
	"time"

	"github.com/cortex-vault/cortex/rules"
	"github.com/cortex-vault/cortex/vault"
)

func main() {
	dir := flag.String("dir", "", "the vault")
	at := flag.String("at", "2026-06-01T03:00:00Z", "the run's clock (RFC 3339)")
	cpu := flag.String("cpuprofile", "", "write a CPU profile here")
	mem := flag.String("memprofile", "", "write a heap profile (allocations) here")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "usage: sleepprof -dir VAULT [-at TIME] [-cpuprofile F] [-memprofile F]")
		os.Exit(2)
	}
	if err := run(*dir, *at, *cpu, *mem); err != nil {
		fmt.Fprintln(os.Stderr, "sleepprof:", err)
		os.Exit(1)
	}
}

func run(dir, at, cpu, mem string) error {
	t, err := time.Parse(time.RFC3339, at)
	if err != nil {
		return err
	}
	rules.TuneGC()
	if cpu != "" {
		f, err := os.Create(cpu)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	ctx := context.Background()
	start := time.Now()
	s, err := rules.Open(ctx, vault.Layout{Root: dir}, rules.Options{Now: func() time.Time { return t },
		Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))})
	if err != nil {
		return err
	}
	defer s.Close()
	rep, err := s.Run(ctx, false)
	if err != nil {
		return err
	}
	fmt.Printf("%d actions, commit %s, %s\n", len(rep.Actions), rep.Commit, time.Since(start).Round(time.Millisecond))
	if mem != "" {
		f, err := os.Create(mem)
		if err != nil {
			return err
		}
		defer f.Close()
		runtime.GC()
		return pprof.Lookup("allocs").WriteTo(f, 0)
	}
	return nil
}
