// Command lockduty measures how long a running `cortex daemon` holds git's
// index.lock while observations stream in, and how a person's git fares
// beside it.
//
//	lockduty -vault DIR [-interval 40ms] [-n 250] [-person [-person-for D]]
//
// One observation is appended every interval (observer.Append, as `cortex
// observe` does), n in all; the daemon (started by the caller) commits them.
// index.lock's creation and removal are watched with fsnotify on the git
// folder: the duty cycle is the time it exists over the run's time, from
// the first append until every line is accounted for. With -person a loop
// beside it runs `git add` and `git commit` of a file of its own, as fast as
// it can, and counts the calls git refused because index.lock existed
// (index.lock is then shared by both, so the duty cycle is not reported),
// and the other failures (a commit whose HEAD moved under it); it runs
// until every line is committed, or, with -person-for, for that long from
// the first append (the lines are then waited for after it).
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/vault"
)

func main() {
	dir := flag.String("vault", "", "the vault (a daemon runs on it)")
	interval := flag.Duration("interval", 40*time.Millisecond, "time between two observations")
	n := flag.Int("n", 250, "observations")
	person := flag.Bool("person", false, "run a person's git add/commit loop beside the daemon")
	personFor := flag.Duration("person-for", 0, "with -person: the loop's length (0: until every line is committed)")
	label := flag.String("label", "", "a label for the output line")
	flag.Parse()
	if err := run(*dir, *interval, *n, *person, *personFor, *label); err != nil {
		fmt.Fprintln(os.Stderr, "lockduty:", err)
		os.Exit(1)
	}
}

func run(dir string, interval time.Duration, n int, person bool, personFor time.Duration, label string) error {
	l := vault.Layout{Root: dir}
	gitDir := filepath.Join(dir, ".git")
	lockPath := filepath.Join(gitDir, "index.lock")
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	if err := w.Add(gitDir); err != nil {
		return err
	}
	var (
		mu     sync.Mutex
		holds  []time.Duration
		since  time.Time
		stopCh = make(chan struct{})
	)
	go func() {
		for {
			select {
			case ev := <-w.Events:
				if ev.Name != lockPath {
					continue
				}
				now := time.Now()
				mu.Lock()
				switch {
				case ev.Op&fsnotify.Create != 0:
					since = now
				case ev.Op&(fsnotify.Remove|fsnotify.Rename) != 0 && !since.IsZero():
					holds = append(holds, now.Sub(since))
					since = time.Time{}
				}
				mu.Unlock()
			case <-w.Errors:
			case <-stopCh:
				return
			}
		}
	}()

	var attempts, refused, otherFail atomic.Int64
	var wg sync.WaitGroup
	personStop := make(chan struct{})
	var stopOnce sync.Once
	stopPerson := func() { stopOnce.Do(func() { close(personStop) }) }
	if person && personFor > 0 {
		time.AfterFunc(personFor, stopPerson)
	}
	if person {
		wg.Add(1)
		go func() {
			defer wg.Done()
			personLoop(dir, personStop, &attempts, &refused, &otherFail)
		}()
	}

	ctx := context.Background()
	start := time.Now()
	for i := range n {
		o := observer.Observation{
			Timestamp: time.Now().UTC(), Bucket: observer.BucketAmbient, Type: "fact",
			Body:        fmt.Sprintf("Lock duty probe %d of %s: a stream of observations.", i, start.Format(time.RFC3339Nano)),
			Attribution: "bench", SessionID: observer.SessionCLI,
		}
		line, err := o.Marshal()
		if err != nil {
			return err
		}
		if err := observer.Append(ctx, l, line); err != nil {
			return err
		}
		time.Sleep(time.Until(start.Add(time.Duration(i+1) * interval)))
	}
	// Until every line is accounted for.
	deadline := time.Now().Add(5 * time.Minute)
	for {
		st, _, err := observer.LoadState(l)
		fi, serr := os.Stat(l.Buffer())
		if err == nil && serr == nil && st.Offset == fi.Size() {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("lines still pending after 5 minutes")
		}
		time.Sleep(time.Millisecond)
	}
	elapsed := time.Since(start)
	stopPerson()
	wg.Wait()
	time.Sleep(50 * time.Millisecond) // the last events
	close(stopCh)
	mu.Lock()
	defer mu.Unlock()
	commits, _ := exec.Command("git", "-C", dir, "rev-list", "--count", "--author=daemon@cortex.local", "--since="+start.Add(-time.Second).Format(time.RFC3339), "HEAD").Output()
	if person {
		fmt.Printf("%s person beside the daemon: %d git calls, %d refused for index.lock (%.1f%%), %d other failures, %d daemon commits, %.1fs\n",
			label, attempts.Load(), refused.Load(), 100*float64(refused.Load())/float64(max(attempts.Load(), 1)), otherFail.Load(), atoi(commits), elapsed.Seconds())
		return nil
	}
	var total time.Duration
	for _, h := range holds {
		total += h
	}
	slices.Sort(holds)
	p50, longest := time.Duration(0), time.Duration(0)
	if len(holds) > 0 {
		p50, longest = holds[len(holds)/2], holds[len(holds)-1]
	}
	fmt.Printf("%s index.lock: duty %.1f%%, %d holds, median %s, longest %s, %d daemon commits, %d observations in %.1fs\n",
		label, 100*total.Seconds()/elapsed.Seconds(), len(holds), ms(p50), ms(longest), atoi(commits), n, elapsed.Seconds())
	return nil
}

// personLoop adds and commits a file of its own in a tight loop, as a
// person's scripts or an editor's git integration would.
func personLoop(dir string, stop <-chan struct{}, attempts, refused, other *atomic.Int64) {
	env := append(os.Environ(), "GIT_AUTHOR_NAME=person", "GIT_AUTHOR_EMAIL=person@example.com",
		"GIT_COMMITTER_NAME=person", "GIT_COMMITTER_EMAIL=person@example.com")
	gitRun := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = env
		var errb bytes.Buffer
		cmd.Stderr = &errb
		attempts.Add(1)
		if err := cmd.Run(); err != nil {
			if strings.Contains(errb.String(), "index.lock") {
				refused.Add(1)
			} else {
				other.Add(1)
			}
		}
	}
	os.MkdirAll(filepath.Join(dir, "notes"), 0o755)
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		default:
		}
		os.WriteFile(filepath.Join(dir, "notes", "person.md"), fmt.Appendf(nil, "edit %d\n", i), 0o644)
		gitRun("add", "notes/person.md")
		gitRun("commit", "-q", "-m", fmt.Sprintf("person %d", i), "--", "notes/person.md")
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }

func atoi(b []byte) int {
	var n int
	fmt.Sscan(string(b), &n)
	return n
}
