package observer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

// A line held as person_editing is sent again by the memorizer itself once
// the person has committed the document — not while it is unstaged or
// staged — and reinforces it exactly once, the person's change kept; the
// record is marked retried, and neither a later run of the same memorizer
// nor a new one sends it again.
func TestHeldLineSentAgainOnceCommitted(t *testing.T) {
	l := newTestVault(t)
	known, personal, m := holdARepeat(t, l)
	for _, step := range []string{"unstaged", "staged"} {
		if step == "staged" {
			git(t, l.Root, "add", known)
		}
		if res := process(t, m); res.Lines != 0 || res.Reinforced != 0 {
			t.Fatalf("%s: %+v", step, res)
		}
		if got, _ := os.ReadFile(l.Path(known)); string(got) != personal {
			t.Fatalf("%s: the person's document changed:\n%s", step, got)
		}
	}
	git(t, l.Root, "commit", "-qm", "checked by hand")
	res := process(t, m)
	if res.Lines != 1 || res.Reinforced != 1 || res.Quarantined != 0 {
		t.Fatalf("after the person's commit: %+v", res)
	}
	p := readDoc(t, l, known)
	if p.Doc.Reinforced != 1 || !strings.Contains(string(p.Bytes()), "note_by_hand: keep me\n") {
		t.Fatalf("the document after the line sent again:\n%s", p.Bytes())
	}
	recs, err := ReadQuarantine(l)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].Reason != ReasonEditing || recs[0].Path != known || recs[0].Retried == nil {
		t.Fatalf("quarantine %+v, want one %s record of %s, retried", recs, ReasonEditing, known)
	}
	if res := process(t, m); res.Lines != 0 {
		t.Fatalf("the same memorizer again: %+v", res)
	}
	m.Close()
	m2 := openTest(t, l, nil)
	defer m2.Close()
	if res := process(t, m2); res.Lines != 0 {
		t.Fatalf("a new memorizer: %+v", res)
	}
	if p := readDoc(t, l, known); p.Doc.Reinforced != 1 {
		t.Fatalf("reinforced %d, want 1", p.Doc.Reinforced)
	}
}

// A record written before records named their path (its path only in the
// detail; its line in a buffer since rotated) is sent again the same way; one whose line would now be refused
// stays in the quarantine, untouched, and is not tried at every batch.
func TestHeldLineFromDetailAndRefused(t *testing.T) {
	l := newTestVault(t)
	known := writeKnownDoc(t, l)
	now := time.Date(2026, 2, 16, 11, 0, 0, 0, time.UTC)
	old := QuarantineRecord{Time: now, Reason: ReasonEditing,
		Detail: known + ": skipped: a person is editing it; commit it, then `cortex quarantine retry`",
		Line:   strings.TrimSpace(obsLine("2026-02-16T10:01:00Z", "task", knownBody, "")), Buffer: BufferID{Inode: 1}, Offset: 4000}
	below := old
	below.Path, below.Offset = known, 4200
	below.Line = strings.TrimSpace(obsLine("2026-02-16T10:02:00Z", "task", "Something quite unimportant here.", `"importance":0.1`))
	if err := AppendQuarantine(context.Background(), l, old, below); err != nil {
		t.Fatal(err)
	}
	var log testLogger
	m := openTest(t, l, &log)
	defer m.Close()
	if res := process(t, m); res.Lines != 1 || res.Reinforced != 1 {
		t.Fatalf("the old record sent again: %+v", res)
	}
	process(t, m)
	if n := strings.Count(log.String(), "would be quarantined again"); n != 1 {
		t.Errorf("the refused line was said %d times, want once:\n%s", n, log.String())
	}
	recs, err := ReadQuarantine(l)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].Retried == nil || recs[1].Retried != nil {
		t.Fatalf("quarantine %+v: want the first retried, the second not", recs)
	}
}

// A person's editor writing a memory between the memorizer's check that
// the file is committed and its read of the file: what was read is the
// person's (torn, or whole) and never taken for the committed document —
// the line is held as person_editing, not memorized again as a second
// document (an unreadable file read as "no document") nor written into
// the person's bytes (issue 22, harness: "2 documents of one observed
// body" after a person's edit beside the daemon).
func TestPersonWritesWhileMemorizerReads(t *testing.T) {
	for _, torn := range []bool{true, false} {
		name := map[bool]string{true: "torn", false: "whole"}[torn]
		t.Run(name, func(t *testing.T) {
			l := newTestVault(t)
			known := writeKnownDoc(t, l)
			data, err := os.ReadFile(l.Path(known))
			if err != nil {
				t.Fatal(err)
			}
			personal := strings.Replace(string(data), "status: active\n", "status: active\n# checked by hand\n", 1)
			if torn {
				personal = "" // the editor has truncated the file and not yet written it
			}
			appendRaw(t, l, obsLine("2026-02-16T10:01:00Z", "task", knownBody, ""))
			m := openTest(t, l, nil)
			m.beforeRead = func(rel string) {
				if rel == known {
					if err := os.WriteFile(l.Path(known), []byte(personal), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			res := process(t, m)
			if res.Memorized != 0 || res.Reinforced != 0 || res.Quarantined != 1 {
				t.Errorf("the repeat of a memory a person writes at that moment: %+v", res)
			}
			if got, _ := os.ReadFile(l.Path(known)); string(got) != personal {
				t.Errorf("the person's file changed:\n%s", got)
			}
			wantHeldForPerson(t, l)
		})
	}
}

// TestRepeatWhileGitHasTheMemoryOut: a person's git (a rebase with
// --autostash, a checkout) has a committed memory out of the working tree
// for a moment when its repeat is memorized. The memory is not gone — git
// still tracks it — so the line is held as a person's change, never
// taken for a new memory written beside the old one when it comes back.
func TestRepeatWhileGitHasTheMemoryOut(t *testing.T) {
	l := newTestVault(t)
	known := writeKnownDoc(t, l)
	if err := os.Remove(l.Path(known)); err != nil {
		t.Fatal(err)
	}
	// On the memory's day: the path a new document would take is its.
	appendRaw(t, l, obsLine("2026-01-10T10:01:00Z", "task", knownBody, ""))
	m := openTest(t, l, nil)
	res := process(t, m)
	m.Close()
	if res.Memorized != 0 || res.Reinforced != 0 || res.Quarantined != 1 {
		t.Errorf("the repeat of a memory out of the working tree: %+v", res)
	}
	wantHeldForPerson(t, l)
	// Git puts it back: the line reinforces it, and no second document.
	git(t, l.Root, "checkout", "--", known)
	res = process(t, openTest(t, l, nil))
	if res.Memorized != 0 || res.Reinforced != 1 {
		t.Errorf("once the memory is back: %+v", res)
	}
}

// TestRepeatOfAMemoryTheIndexHasNotSeen: a person's git has just put a
// memory back (a rebase, a checkout) and the index does not know it yet
// when its repeat is memorized: the repeat reinforces it, never a second
// document (…-2.md) beside it.
func TestRepeatOfAMemoryTheIndexHasNotSeen(t *testing.T) {
	l := newTestVault(t)
	known := writeKnownDoc(t, l)
	m := openTest(t, l, nil)
	// The index saw the file out, as during the rebase; git put it back.
	data, err := os.ReadFile(l.Path(known))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(l.Path(known)); err != nil {
		t.Fatal(err)
	}
	if err := m.ix.Update(context.Background(), known); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(l.Path(known), data, 0o644); err != nil {
		t.Fatal(err)
	}
	appendRaw(t, l, obsLine("2026-01-10T10:01:00Z", "task", knownBody, ""))
	res := process(t, m)
	if res.Memorized != 0 || res.Reinforced != 1 {
		t.Errorf("the repeat of a memory the index has not seen: %+v", res)
	}
}

// TestRepeatOfAMemoryArchivedMeanwhile: the sleep cycle (a `cortex
// maintain` beside the daemon) has moved a memory into mind/archive/ and
// not yet indexed the move when the memory's repeat is memorized: the
// index names the old path, whose file is gone. The repeat reinforces the
// archived memory, never a second document at the old path (harness,
// session 12 branch run, world 8: "2 documents of one observed body").
func TestRepeatOfAMemoryArchivedMeanwhile(t *testing.T) {
	l := newTestVault(t)
	const body = "The staging cluster drains at midnight."
	appendRaw(t, l, obsLine("2026-01-10T10:00:00Z", "fact", body, ""))
	m := openTest(t, l, nil)
	if res := process(t, m); res.Memorized != 1 {
		t.Fatalf("first line: %+v", res)
	}
	var rel string
	for _, p := range docFiles(t, l) {
		if strings.HasPrefix(p, "mind/") {
			rel = p
		}
	}
	if rel == "" {
		t.Fatalf("no memory in mind/: %v", docFiles(t, l))
	}
	archived := "mind/archive/" + strings.TrimPrefix(rel, "mind/")
	if err := os.MkdirAll(filepath.Dir(l.Path(archived)), 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, l.Root, "mv", rel, archived)
	git(t, l.Root, "commit", "-qm", "sleep: maintenance")
	appendRaw(t, l, obsLine("2026-01-10T11:00:00Z", "fact", body, ""))
	res := process(t, m)
	if res.Memorized != 0 || res.Reinforced != 1 {
		t.Errorf("the repeat of a memory archived meanwhile: %+v", res)
	}
	if _, err := os.Stat(l.Path(rel)); err == nil {
		t.Errorf("a second document at %s", rel)
	}
	data, err := os.ReadFile(l.Path(archived))
	if err != nil || !strings.Contains(string(data), "reinforced: 1\n") {
		t.Errorf("the archived memory: %v\n%s", err, data)
	}
}

// TestPersonWritesBetweenPlaceAndCommit: a person's editor saves a memory
// after the memorizer has written its reinforcement there and before the
// commit reads it (the harness, session 10 world 31). The commit holds
// what the memorizer wrote and nothing of the person's: their change stays
// uncommitted in the working tree, on top of the reinforcement, and git
// shows it as theirs.
func TestPersonWritesBetweenPlaceAndCommit(t *testing.T) {
	for _, gone := range []bool{false, true} {
		name := map[bool]string{false: "edited", true: "deleted"}[gone]
		t.Run(name, func(t *testing.T) {
			l := newTestVault(t)
			known := writeKnownDoc(t, l)
			appendRaw(t, l, obsLine("2026-02-16T10:01:00Z", "task", knownBody, ""))
			m := openTest(t, l, nil)
			var placed, personal []byte
			m.git = &hookCommitter{committer: m.git, before: func() error {
				var err error
				if placed, err = os.ReadFile(l.Path(known)); err != nil {
					return err
				}
				if gone {
					return os.Remove(l.Path(known))
				}
				personal = []byte(strings.Replace(string(placed), "status: active\n", "status: active\n# checked by hand\n", 1))
				// The editor's save: same size never happens by chance here.
				return os.WriteFile(l.Path(known), personal, 0o644)
			}}
			res := process(t, m)
			if res.Reinforced != 1 || len(res.Commits) != 1 {
				t.Fatalf("result %+v, want one reinforcement committed", res)
			}
			if got := git(t, l.Root, "show", "HEAD:"+known); got != string(placed) {
				t.Errorf("committed:\n%s\nwant what the memorizer wrote:\n%s", got, placed)
			}
			got, err := os.ReadFile(l.Path(known))
			switch {
			case gone && !os.IsNotExist(err):
				t.Errorf("the person's deletion undone: %v %q", err, got)
			case !gone && string(got) != string(personal):
				t.Errorf("the person's file changed:\n%s", got)
			}
			want := " M " + known + "\n"
			if gone {
				want = " D " + known + "\n"
			}
			if st := git(t, l.Root, "status", "--porcelain", "--", known); st != want {
				t.Errorf("git status %q, want %q: the person's change is theirs, uncommitted", st, want)
			}
		})
	}
}

// TestPersonStashesBetweenPlaceAndCommit: a person's `git stash` runs
// after the memorizer has written its reinforcement and before its commit
// (the harness, session 12 world 10). git stashes every tracked change,
// the memorizer's write among them, and puts back the committed bytes;
// the commit then holds the reinforcement while the working tree holds
// the memory as it was before it — a change nobody made, which the
// person's next `git commit -a` would commit, taking the reinforcement
// back. The memorizer puts its bytes back where the file holds exactly
// what it read: the working tree is clean, the person's own change is in
// their stash, and popping it leaves the reinforcement as it is.
func TestPersonStashesBetweenPlaceAndCommit(t *testing.T) {
	l := newTestVault(t)
	known := writeKnownDoc(t, l)
	appendRaw(t, l, obsLine("2026-02-16T10:01:00Z", "task", knownBody, ""))
	own := l.Path(".gitignore")
	m := openTest(t, l, nil)
	m.git = &hookCommitter{committer: m.git, before: func() error {
		f, err := os.OpenFile(own, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		_, err = f.WriteString("# mine\n")
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		git(t, l.Root, "stash", "push", "-q")
		return nil
	}}
	res := process(t, m)
	if res.Reinforced != 1 || len(res.Commits) != 1 {
		t.Fatalf("result %+v, want one reinforcement committed", res)
	}
	committed := git(t, l.Root, "show", "HEAD:"+known)
	if !strings.Contains(committed, "reinforced: 1\n") {
		t.Fatalf("committed:\n%s", committed)
	}
	if st := git(t, l.Root, "status", "--porcelain"); st != "" {
		t.Errorf("git status after the batch, with the person's change stashed:\n%s", st)
	}
	git(t, l.Root, "stash", "pop", "-q")
	if st := git(t, l.Root, "status", "--porcelain"); st != " M .gitignore\n" {
		t.Errorf("git status after the person's pop:\n%s", st)
	}
	if got, _ := os.ReadFile(l.Path(known)); string(got) != committed {
		t.Errorf("the memory after the pop:\n%s\nwant as committed:\n%s", got, committed)
	}
}

// TestPersonWritesBetweenPlanAndPlace: a person's editor saves a memory
// after the memorizer read it for a reinforcement and before the batch is
// written in place. Replaced, the person's change would be lost: the batch
// is planned again instead, and the line waits for the person's commit.
func TestPersonWritesBetweenPlanAndPlace(t *testing.T) {
	l := newTestVault(t)
	known := writeKnownDoc(t, l)
	data, err := os.ReadFile(l.Path(known))
	if err != nil {
		t.Fatal(err)
	}
	personal := strings.Replace(string(data), "status: active\n", "status: active\n# checked by hand\n", 1)
	appendRaw(t, l, obsLine("2026-02-16T10:01:00Z", "task", knownBody, ""))
	m := openTest(t, l, nil)
	saved := false
	m.beforePlace = func() {
		if !saved {
			saved = true
			if err := os.WriteFile(l.Path(known), []byte(personal), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	res := process(t, m)
	if res.Reinforced != 0 || res.Quarantined != 1 {
		t.Errorf("the repeat of a memory a person saved meanwhile: %+v", res)
	}
	if got, _ := os.ReadFile(l.Path(known)); string(got) != personal {
		t.Errorf("the person's file changed:\n%s", got)
	}
	wantHeldForPerson(t, l)
}

// wantHeldForPerson asserts the quarantine holds exactly one record, a
// line waiting for a person's edit (ReasonEditing).
func wantHeldForPerson(t *testing.T, l vault.Layout) {
	t.Helper()
	recs, err := ReadQuarantine(l)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].Reason != ReasonEditing {
		t.Errorf("quarantine %+v, want one %s record", recs, ReasonEditing)
	}
}

// TestHeldLineKeptUnkeyedWhenKeysHealed: a line held while a person edits
// its memory must count once sent again — also when the batch that held it
// was killed between its commit and its keys, and the next run fills the
// keys in from the buffer (healSeen). Keyed there, the line sent again
// after the person's commit was skipped as an echo and the reinforcement
// lost (the long harness run of session 14, world 273).
func TestHeldLineKeptUnkeyedWhenKeysHealed(t *testing.T) {
	l := newTestVault(t)
	known, _, m := holdARepeat(t, l)
	m.Close()
	forgetKeys(t, l) // the kill: the batch's keys are gone, the state says so
	git(t, l.Root, "commit", "-qam", "checked by hand")
	m2 := openTest(t, l, nil)
	defer m2.Close()
	if res := process(t, m2); res.Lines != 1 || res.Reinforced != 1 {
		t.Fatalf("the held line sent again after the keys were filled in: %+v, want it to reinforce", res)
	}
	if p := readDoc(t, l, known); p.Doc.Reinforced != 1 {
		t.Fatalf("reinforced %d, want 1:\n%s", p.Doc.Reinforced, p.Bytes())
	}
}

// holdARepeat makes a person's uncommitted edit of a known memory and
// processes a repeat of it, which waits in the quarantine as
// person_editing: the memory's path, the person's bytes and the
// memorizer that held it.
func holdARepeat(t *testing.T, l vault.Layout) (known, personal string, m *Memorizer) {
	t.Helper()
	known = writeKnownDoc(t, l)
	data, err := os.ReadFile(l.Path(known))
	if err != nil {
		t.Fatal(err)
	}
	personal = strings.Replace(string(data), "status: active\n", "status: active\nnote_by_hand: keep me\n", 1)
	if err := os.WriteFile(l.Path(known), []byte(personal), 0o644); err != nil {
		t.Fatal(err)
	}
	appendRaw(t, l, obsLine("2026-02-16T10:01:00Z", "task", knownBody, ""))
	m = openTest(t, l, nil)
	if res := process(t, m); res.Quarantined != 1 || res.Reinforced != 0 {
		t.Fatalf("the repeat of a memory a person is editing: %+v", res)
	}
	return known, personal, m
}
