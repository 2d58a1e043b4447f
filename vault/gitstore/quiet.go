package gitstore

import (
	"context"
	"errors"
	"io/fs"
	"time"
)

// A person's git command fails, it does not wait, when it finds the
// store's index.lock: the store takes the lock only when no git command can
// be in the middle of taking it. Two means, measured with a person's loop
// of `git add` and `git commit` beside a stream of commits:
//
//   - Quiet: before a commit, the store waits until no git process has
//     worked in the repository for GitQuietPeriod (a script's commands
//     follow each other within milliseconds; a person's far apart), at most
//     GitQuietWait. Commits that wait are coalesced by the caller: a stream
//     of them lands in a few commits after the git commands stop.
//   - A gap: when the wait runs out with git still at work, the lock is
//     taken the instant git releases it (an inotify event), at a release
//     that left HEAD where the commit was built, before the next command
//     can start: at 10,000 documents a next git command takes its lock
//     4.5–17 ms after the previous one released it. The store then holds it
//     8–35 ms (it must read and write again the index git just wrote), so
//     a command of a tight loop may still meet it: the wait for quiet is
//     what keeps a person's git from failing, the gap only bounds the delay.

// gapWait bounds the wait for git to release index.lock, past the wait for
// quiet.
const gapWait = time.Second

// WaitGitQuiet waits, at most wait, until no git process has worked in the
// repository for GitQuietPeriod. seen reports that one was (the wait took
// time), busy that the wait ran out with git still at work; a commit that
// follows then does not wait again. A caller that gathers work into
// commits waits here before it gathers, and gathers again when git was
// seen: what came meanwhile lands in the same commit, which a script's git
// loop shorter than the wait never meets. Where processes cannot be seen
// (no /proc) it does not wait.
func (s *Store) WaitGitQuiet(ctx context.Context, wait time.Duration) (seen, busy bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	seen, busy = s.waitGitQuietFor(ctx, wait)
	s.waitedOut = busy
	return seen, busy
}

// waitGitQuiet is WaitGitQuiet for a commit, at most GitQuietWait (no
// longer than one look when the caller's own WaitGitQuiet ran out just
// before); the caller holds s.mu.
func (s *Store) waitGitQuiet(ctx context.Context) (busy bool) {
	wait := s.opts.GitQuietWait
	if s.waitedOut {
		s.waitedOut, wait = false, 0
	}
	if wait < 0 {
		return false
	}
	_, busy = s.waitGitQuietFor(ctx, wait)
	return busy
}

// QuietConfirm is how far apart two looks that find no git at work must be
// for a wait to take git for quiet (see waitGitQuietFor): at most 50 ms,
// none for a short quiet period's tests. LookAhead this long before a
// WaitGitQuiet spares the wait its second look's sleep.
func (s *Store) QuietConfirm() time.Duration {
	return min(s.opts.GitQuietPeriod/20, 50*time.Millisecond)
}

// LookAhead looks once for git at work in the repository, ahead of a
// WaitGitQuiet expected QuietConfirm from now: a look that finds none is
// the first of the wait's two (taken by a wait that begins within
// 4×QuietConfirm, the span a confirmed quiet is trusted for without a
// second look), so the wait need not sleep between them. A caller that
// spaces its batches (the daemon under a stream, DaemonOptions.StreamGap)
// so takes the confirmation's sleep out of every batch's latency without
// a look less: the same two looks, the first one made while the caller
// waited anyway. A look that finds git counts as the wait's would (the
// quiet period runs from it).
func (s *Store) LookAhead() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.aheadClean = time.Time{}
	if s.opts.GitQuietWait < 0 || s.QuietConfirm() <= 0 {
		return
	}
	switch _, now := s.gitAtWork(); {
	case now:
		s.gitSeen = time.Now()
	case time.Since(s.gitSeen) >= s.opts.GitQuietPeriod:
		s.aheadClean = time.Now()
	}
}

func (s *Store) waitGitQuietFor(ctx context.Context, wait time.Duration) (seen, busy bool) {
	deadline := time.Now().Add(wait)
	// A look that finds none may fall between two commands of a loop that
	// started while nobody looked: a second look confirms it, a moment
	// later (at most 50 ms; none for a short quiet period's tests), unless
	// quiet was confirmed just before (the caller's wait, then its commit's).
	confirm := s.QuietConfirm()
	var clean time.Time // the first look of a run of looks that found none
	// A look ahead that found none, lately enough, is that first look.
	if ahead := s.aheadClean; !ahead.IsZero() && time.Since(ahead) <= 4*confirm {
		clean = ahead
	}
	s.aheadClean = time.Time{}
	for ctx.Err() == nil {
		pids, now := s.gitAtWork()
		switch {
		case now:
			s.gitSeen, clean = time.Now(), time.Time{}
		case time.Since(s.gitSeen) < s.opts.GitQuietPeriod:
		case clean.IsZero() && confirm > 0 && time.Since(s.quietAt) > 4*confirm:
			clean = time.Now()
		case time.Since(clean) >= confirm:
			if !clean.IsZero() {
				s.quietAt = time.Now() // confirmed; not a quiet taken on trust
			}
			return seen, false
		}
		if !clean.IsZero() {
			sleepCtx(ctx, min(time.Until(deadline), time.Until(clean.Add(confirm))))
			if !time.Now().Before(deadline) {
				return seen, seen
			}
			continue
		}
		seen = true // at work, or within the quiet period after
		if !time.Now().Before(deadline) {
			return seen, true
		}
		switch {
		case !now:
			sleepCtx(ctx, min(time.Until(deadline), time.Until(s.gitSeen.Add(s.opts.GitQuietPeriod))))
		case len(pids) > 0:
			// Until they end: nothing is gained by looking meanwhile.
			waitExit(ctx, pids, deadline)
			s.gitSeen = time.Now()
		default:
			// Where the end cannot be waited for, a look every millisecond.
			sleepCtx(ctx, time.Millisecond)
		}
	}
	return seen, false
}

// gitAtWork looks for git processes working in the repository: their pids
// where known (none in tests, where gitRunningHere stands in).
func (s *Store) gitAtWork() (pids []int, found bool) {
	if s.gitRunningHere != nil {
		return nil, s.gitRunningHere()
	}
	pids = gitProcessesIn(s.workTree, s.commonDir)
	return pids, len(pids) > 0
}

// sleepCtx sleeps for d, or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) {
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// pollExit waits, looking every millisecond, until every process of pids
// has ended, deadline has passed or ctx is done.
func pollExit(ctx context.Context, pids []int, deadline time.Time) {
	for ctx.Err() == nil && time.Now().Before(deadline) {
		alive := false
		for _, p := range pids {
			alive = alive || ProcessAlive(p)
		}
		if !alive {
			return
		}
		sleepCtx(ctx, time.Millisecond)
	}
}

// preparedIsStale reports whether a person's git wrote the index or moved
// HEAD since the commit was prepared on them.
func (s *Store) preparedIsStale(snap *indexSnapshot, pre *precommit) bool {
	fi, err := statIndex(s.indexFile())
	switch {
	case err != nil:
		return snap.stat != nil || !errors.Is(err, fs.ErrNotExist)
	case !sameIndexFile(fi, snap.stat):
		return true
	}
	return s.headMoved(pre)
}

// headMoved reports whether HEAD is no longer where pre was built on.
func (s *Store) headMoved(pre *precommit) bool {
	if pre == nil {
		return false
	}
	head, err := s.readHead()
	return err != nil || head != pre.head
}

// lastLook is the last moment before index.lock is made, everything else
// done. After a quiet wait, one more look: a git that started meanwhile is
// let finish (GitQuietPeriod at most). Past the wait, with git still at
// work (busy): the lock is taken the instant git releases it, at a release
// that left HEAD where the commit was built (else it is built again,
// rebuild, and the next release waited for), or once nothing has happened
// to the lock for GitQuietPeriod.
func (s *Store) lastLook(ctx context.Context, busy bool, pre func() *precommit, rebuild func()) {
	if s.opts.GitQuietWait < 0 {
		return
	}
	if !busy {
		if pids, seen := s.gitAtWork(); seen && len(pids) > 0 {
			waitExit(ctx, pids, time.Now().Add(s.opts.GitQuietPeriod))
		}
		return
	}
	w := watchIndexLock(s.gitDir)
	if w == nil {
		return
	}
	defer w.close()
	deadline := time.Now().Add(gapWait)
	for try := 0; try < 3 && time.Now().Before(deadline); try++ {
		w.awaitRelease(ctx, s.opts.GitQuietPeriod, deadline)
		if !s.headMoved(pre()) {
			return
		}
		rebuild()
	}
}
