//go:build linux

package gitstore

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/sys/unix"
)

// waitExit waits until every process of pids has ended, deadline has
// passed or ctx is done: woken by the processes' pidfds at the very exit,
// by a look every millisecond where there are none (Linux before 5.3).
func waitExit(ctx context.Context, pids []int, deadline time.Time) {
	fds := make([]unix.PollFd, 0, len(pids))
	defer func() {
		for _, p := range fds {
			unix.Close(int(p.Fd))
		}
	}()
	for _, pid := range pids {
		fd, err := unix.PidfdOpen(pid, 0)
		if errors.Is(err, unix.ESRCH) {
			continue // ended already
		}
		if err != nil {
			pollExit(ctx, pids, deadline)
			return
		}
		fds = append(fds, unix.PollFd{Fd: int32(fd), Events: unix.POLLIN})
	}
	for len(fds) > 0 && ctx.Err() == nil {
		wait := time.Until(deadline)
		if wait <= 0 {
			return
		}
		// Not longer than 50 ms a poll, so that ctx is seen.
		if _, err := unix.Poll(fds, int(min(wait, 50*time.Millisecond)/time.Millisecond)+1); err != nil && !errors.Is(err, unix.EINTR) {
			pollExit(ctx, pids, deadline)
			return
		}
		live := fds[:0]
		for _, p := range fds {
			if p.Revents != 0 {
				unix.Close(int(p.Fd))
				continue
			}
			live = append(live, p)
		}
		fds = live
	}
}

// releaseWatch tells when git releases index.lock: inotify events of the
// git folder, read as they come.
type releaseWatch struct {
	fd   int
	buf  []byte
	lock string // index.lock's path
}

// watchIndexLock starts watching index.lock in gitDir; nil where it
// cannot.
func watchIndexLock(gitDir string) *releaseWatch {
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil
	}
	if _, err := unix.InotifyAddWatch(fd, gitDir, unix.IN_CREATE|unix.IN_MOVED_FROM|unix.IN_DELETE); err != nil {
		unix.Close(fd)
		return nil
	}
	return &releaseWatch{fd: fd, buf: make([]byte, 16<<10), lock: filepath.Join(gitDir, "index.lock")}
}

// awaitRelease returns the instant git releases index.lock: while the lock
// is held (or once it is taken), at its release, until deadline; while it
// is free, when nothing happens to it for idle.
func (w *releaseWatch) awaitRelease(ctx context.Context, idle time.Duration, deadline time.Time) {
	w.events()
	_, err := os.Lstat(w.lock)
	held := err == nil
	idleEnd := time.Now().Add(idle)
	for ctx.Err() == nil {
		end := deadline
		if !held && idleEnd.Before(end) {
			end = idleEnd
		}
		wait := time.Until(end)
		if wait <= 0 {
			return
		}
		// At most 50 ms a poll, so that ctx is seen.
		fds := []unix.PollFd{{Fd: int32(w.fd), Events: unix.POLLIN}}
		if _, err := unix.Poll(fds, int(min(wait, 50*time.Millisecond)/time.Millisecond)+1); err != nil && !errors.Is(err, unix.EINTR) {
			return
		}
		if evs := w.events(); len(evs) > 0 {
			if held = evs[len(evs)-1]; !held {
				return
			}
			idleEnd = time.Now().Add(idle)
		}
	}
}

// events reads the queued events about index.lock, in order: true for a
// take, false for a release.
func (w *releaseWatch) events() []bool {
	var evs []bool
	for {
		n, err := unix.Read(w.fd, w.buf)
		if err != nil || n <= 0 {
			return evs
		}
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			mask := binary.NativeEndian.Uint32(w.buf[off+4:])
			nameLen := int(binary.NativeEndian.Uint32(w.buf[off+12:]))
			name := w.buf[off+unix.SizeofInotifyEvent : min(n, off+unix.SizeofInotifyEvent+nameLen)]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			if string(name) == "index.lock" {
				evs = append(evs, mask&unix.IN_CREATE != 0)
			}
			off += unix.SizeofInotifyEvent + nameLen
		}
	}
}

func (w *releaseWatch) close() { unix.Close(w.fd) }
