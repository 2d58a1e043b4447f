package main

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/cortex-vault/cortex/observer"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/index"
)

// TestDaemonScripts runs the transcripts of testdata/daemon: a real `cortex
// daemon` in the background of each script, with waitfor to wait on what it
// does.
func TestDaemonScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "daemon"),
		RequireExplicitExec: true,
		Setup:               setupScriptEnv,
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"waitfor": cmdWaitFor},
	})
}

// waitLimit keeps a broken daemon from hanging a script; it is not a speed
// requirement.
const waitLimit = time.Minute

// cmdWaitFor waits until the vault in the current folder reaches a state:
//
//	waitfor lines N        state.json accounts for at least N lines
//	waitfor file PATH      PATH exists
//	waitfor daemon STATE   cortex status reports the daemon STATE (running, stopped, died)
//	waitfor nofile PATH    PATH does not exist (a rotated buffer moved away)
//	waitfor indexed PATH   the index file holds the document at PATH as it is now
//	waitfor unindexed PATH the index file does not hold it
//
// indexed and unindexed read the index as it is (no refresh), and never
// build one: a missing index file is waited for.
func cmdWaitFor(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: waitfor lines N | file PATH | nofile PATH | daemon STATE | indexed PATH | unindexed PATH")
	}
	l := vault.Layout{Root: ts.MkAbs(".")}
	var cond func() (bool, string)
	switch args[0] {
	case "lines":
		n, err := strconv.ParseInt(args[1], 10, 64)
		ts.Check(err)
		cond = func() (bool, string) {
			st, _, err := observer.LoadState(l)
			return err == nil && st.Totals.Lines >= n, strconv.FormatInt(st.Totals.Lines, 10) + " lines"
		}
	case "file":
		p := ts.MkAbs(args[1])
		cond = func() (bool, string) {
			_, err := os.Stat(p)
			return err == nil, "missing"
		}
	case "nofile":
		p := ts.MkAbs(args[1])
		cond = func() (bool, string) {
			_, err := os.Lstat(p)
			return errors.Is(err, fs.ErrNotExist), "present"
		}
	case "daemon":
		cond = func() (bool, string) {
			s, err := observer.ReadStatus(context.Background(), l, time.Now())
			return err == nil && s.Daemon.State == args[1], s.Daemon.State
		}
	case "indexed", "unindexed":
		want := args[0] == "indexed"
		cond = func() (bool, string) {
			if _, err := os.Stat(l.IndexDB()); err != nil {
				return false, "no index file"
			}
			ix, err := index.Open(context.Background(), l, index.Options{Logger: slog.New(slog.DiscardHandler)})
			if err != nil {
				return false, err.Error()
			}
			defer ix.Close()
			doc, ok, err := ix.ByPath(context.Background(), args[1])
			if err != nil {
				return false, err.Error()
			}
			if ok && want {
				// As the file is now, not as it was.
				fi, err := os.Stat(ts.MkAbs(args[1]))
				if err != nil || fi.Size() != doc.Size || fi.ModTime().UnixNano() != doc.MtimeNS {
					return false, "indexed as it was before its last change"
				}
			}
			return ok == want, map[bool]string{true: "indexed", false: "not indexed"}[ok]
		}
	default:
		ts.Fatalf("waitfor: unknown condition %q", args[0])
	}
	deadline := time.Now().Add(waitLimit)
	for {
		ok, now := cond()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("waitfor %s %s: still %s after %v", args[0], args[1], now, waitLimit)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
