//go:build linux

// Command stream puts a live `cortex daemon` under a stream of
// observations, each sent as an agent sends it — one `cortex observe`
// process a line — at a steady rate, and reports what the daemon made of
// it: every observation committed (none lost), how many commits (they
// should coalesce while the stream lasts), observe → committed latency
// (p50, p95: from the start of the observe process to the commit that
// names it moving the branch), the daemon's CPU over the stream (a share
// of one core) and its resident memory (peak during the stream, and after
// it has idled).
//
//	stream -vault DIR -cortex BIN [-rate 14] [-for 5m] [-idle 20s] [-label NAME]
//
// The vault must be a git repository with the daemon not running: stream
// starts BIN daemon on it and stops it at the end.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
)

func main() {
	vault := flag.String("vault", "", "the vault")
	bin := flag.String("cortex", "cortex", "the cortex binary: the daemon and every observe")
	rate := flag.Float64("rate", 14, "observations a second")
	length := flag.Duration("for", 5*time.Minute, "how long the stream lasts")
	idle := flag.Duration("idle", 20*time.Second, "how long the daemon idles after the stream before its RSS is read again")
	label := flag.String("label", "", "name printed with the figures")
	logTo := flag.String("log", "", "keep the daemon's log (info level) in this file, to see what its CPU went to")
	flag.Parse()
	if *vault == "" || *rate <= 0 {
		fmt.Fprintln(os.Stderr, "usage: stream -vault DIR -cortex BIN [-rate 14] [-for 5m] [-idle 20s] [-log FILE]")
		os.Exit(2)
	}
	if *label == "" {
		*label = filepath.Base(*bin)
	}
	if err := run(*vault, *bin, *rate, *length, *idle, *label, *logTo); err != nil {
		fmt.Fprintln(os.Stderr, "stream:", err)
		os.Exit(1)
	}
}

func run(vault, bin string, rate float64, length, idle time.Duration, label, logTo string) error {
	ref, err := branchRef(vault)
	if err != nil {
		return err
	}
	first, _ := os.ReadFile(ref)
	level := "warn"
	if logTo != "" {
		level = "info"
	}
	daemon := exec.Command(bin, "daemon", "--vault", vault, "--log-level", level)
	var dlog bytes.Buffer
	daemon.Stderr = &dlog
	if logTo != "" {
		defer func() {
			if err := os.WriteFile(logTo, dlog.Bytes(), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, "stream:", err)
			}
		}()
	}
	if err := daemon.Start(); err != nil {
		return err
	}
	defer func() {
		daemon.Process.Signal(syscall.SIGINT)
		daemon.Wait()
	}()
	pid := daemon.Process.Pid
	if err := waitFor(func() bool {
		data, _ := os.ReadFile(filepath.Join(vault, ".cortex", "daemon.json"))
		return bytes.Contains(data, fmt.Appendf(nil, `"pid": %d,`, pid))
	}, time.Minute); err != nil {
		return fmt.Errorf("the daemon did not start: %w\n%s", err, dlog.String())
	}
	rssStart := rss(pid, "VmRSS")

	// The watcher: each move of the branch, the commits it brought and the
	// observations they name.
	var mu sync.Mutex
	sent := map[int]time.Time{}
	committed := map[int]time.Time{}
	commits := 0
	var peak int64
	stop := make(chan struct{})
	watched := make(chan struct{})
	token := regexp.MustCompile(`stream-(\d{6})`)
	go func() {
		defer close(watched)
		last := strings.TrimSpace(string(first))
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			data, err := os.ReadFile(ref)
			now := time.Now()
			if r := rss(pid, "VmRSS"); r > 0 {
				mu.Lock()
				peak = max(peak, r)
				mu.Unlock()
			}
			head := strings.TrimSpace(string(data))
			if err != nil || head == last || head == "" {
				continue
			}
			// Read in-process: a git command in the vault would count as a
			// person's, which the daemon waits out before it commits.
			msgs, err := messages(vault, last, head)
			if err != nil {
				continue // moved again while read: the next look takes both
			}
			c := len(msgs)
			out := strings.Join(msgs, "\n")
			mu.Lock()
			commits += c
			for _, m := range token.FindAllStringSubmatch(string(out), -1) {
				i, _ := strconv.Atoi(m[1])
				if _, ok := committed[i]; !ok {
					committed[i] = now
				}
			}
			mu.Unlock()
			last = head
		}
	}()

	cpu0, t0 := cpuTime(pid), time.Now()
	kids0 := childrenCPU(pid)
	total := int(rate * length.Seconds())
	every := time.Duration(float64(time.Second) / rate)
	var wg sync.WaitGroup
	var failures []string
	tick := time.NewTicker(every)
	for i := range total {
		<-tick.C
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			mu.Lock()
			sent[i] = start
			mu.Unlock()
			body := fmt.Sprintf("stream-%06d: the deploy of build %d waits for the migration of table t%d to finish first", i, i, i%97)
			out, err := exec.Command(bin, "observe", "--vault", vault, "--type", "fact", "--bucket", "explicit",
				"--attribution", "bench", "--session", "cli", "--importance", "0.8", "--body", body).CombinedOutput()
			if err != nil {
				mu.Lock()
				failures = append(failures, fmt.Sprintf("observe %d: %v: %s", i, err, out))
				mu.Unlock()
			}
		}()
	}
	tick.Stop()
	wg.Wait()
	streamed := time.Since(t0)
	// Drain: every observation committed, or a minute without progress.
	lastCount, lastMove := -1, time.Now()
	for {
		mu.Lock()
		n := len(committed)
		mu.Unlock()
		if n >= total-len(failures) {
			break
		}
		if n != lastCount {
			lastCount, lastMove = n, time.Now()
		}
		if time.Since(lastMove) > time.Minute {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	cpu1, t1 := cpuTime(pid), time.Now()
	kids1 := childrenCPU(pid)
	hwm := rss(pid, "VmHWM")
	time.Sleep(idle)
	rssIdle := rss(pid, "VmRSS")
	close(stop)
	<-watched

	mu.Lock()
	defer mu.Unlock()
	var lat []time.Duration
	for i, at := range committed {
		if s, ok := sent[i]; ok {
			lat = append(lat, at.Sub(s))
		}
	}
	slices.Sort(lat)
	pct := func(p float64) string {
		if len(lat) == 0 {
			return "-"
		}
		return fmt.Sprintf("%.0fms", float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds())/1000)
	}
	fmt.Printf("%s: %d observations in %.0fs (%.1f/s): %d committed, %d lost, %d observe failures; %d commits (%.1f observations a commit)\n",
		label, total, streamed.Seconds(), float64(total)/streamed.Seconds(), len(committed), total-len(committed)-len(failures), len(failures),
		commits, float64(len(committed))/float64(max(commits, 1)))
	fmt.Printf("%s: observe → committed p50=%s p95=%s; daemon CPU %.1f%% of a core (%.1fs over %.0fs; its child processes %.1fs); RSS %d MB at start, peak %d MB (VmHWM %d MB), %d MB after %s idle\n",
		label, pct(0.5), pct(0.95), 100*(cpu1-cpu0).Seconds()/t1.Sub(t0).Seconds(), (cpu1 - cpu0).Seconds(), t1.Sub(t0).Seconds(), (kids1 - kids0).Seconds(),
		rssStart>>20, peak>>20, hwm>>20, rssIdle>>20, idle)
	for _, f := range failures[:min(3, len(failures))] {
		fmt.Println("  ", f)
	}
	return nil
}

// messages are the messages of the commits after from up to to, newest
// first, read with go-git.
func messages(vault, from, to string) ([]string, error) {
	repo, err := git.PlainOpen(vault)
	if err != nil {
		return nil, err
	}
	var out []string
	h := plumbing.NewHash(to)
	for h.String() != from {
		c, err := repo.CommitObject(h)
		if err != nil {
			return nil, err
		}
		out = append(out, c.Message)
		if c.NumParents() == 0 {
			break
		}
		h = c.ParentHashes[0]
	}
	return out, nil
}

// branchRef is the file of the branch HEAD names.
func branchRef(vault string) (string, error) {
	data, err := os.ReadFile(filepath.Join(vault, ".git", "HEAD"))
	if err != nil {
		return "", err
	}
	name, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "ref: ")
	if !ok {
		return "", errors.New("HEAD is detached")
	}
	return filepath.Join(vault, ".git", filepath.FromSlash(name)), nil
}

// rss reads a VmRSS or VmHWM line of /proc/PID/status, in bytes.
func rss(pid int, field string) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// cpuTime is the user + system time of a process, from /proc/PID/stat.
func cpuTime(pid int) time.Duration { return statTimes(pid, 11) }

// childrenCPU is the user + system time of the process's children that it
// has waited for (a git it ran, say), from /proc/PID/stat: the daemon's
// share of the machine is its own time and theirs.
func childrenCPU(pid int) time.Duration { return statTimes(pid, 13) }

// statTimes is the sum of two clock-tick fields of /proc/PID/stat, the
// i-th and the next, counted after the command's name.
func statTimes(pid, i int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command's name, which is in parentheses.
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(f) < i+2 {
		return 0
	}
	a, _ := strconv.ParseInt(f[i], 10, 64)
	b, _ := strconv.ParseInt(f[i+1], 10, 64)
	const hz = 100 // USER_HZ on Linux
	return time.Duration(a+b) * time.Second / hz
}

func waitFor(ok func() bool, limit time.Duration) error {
	for end := time.Now().Add(limit); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if ok() {
			return nil
		}
	}
	return errors.New("timed out")
}
