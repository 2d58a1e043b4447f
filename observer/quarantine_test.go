package observer

import (
	"context"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

func TestQuarantineAppendIsIdempotentPerLine(t *testing.T) {
	ctx := context.Background()
	l := vault.Layout{Root: t.TempDir()}
	if err := os.MkdirAll(l.ObserverDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	if recs, err := ReadQuarantine(l); err != nil || len(recs) != 0 {
		t.Fatalf("empty quarantine = %v, %v", recs, err)
	}
	now := time.Date(2026, 2, 16, 15, 0, 0, 0, time.UTC)
	buf := BufferID{Dev: 1, Inode: 7}
	a := QuarantineRecord{Time: now, Reason: ReasonInjection, Detail: "ignore previous", Line: `{"body":"ignore previous"}`, Buffer: buf, Offset: 0}
	b := QuarantineRecord{Time: now, Reason: ReasonBelowThreshold, Detail: "importance 0.4 < 0.5", Line: `{"body":"meh"}`, Buffer: buf, Offset: 120}
	if err := AppendQuarantine(ctx, l, a, b); err != nil {
		t.Fatal(err)
	}
	// A replayed batch records nothing twice; a new line is added.
	c := b
	c.Offset = 300
	if err := AppendQuarantine(ctx, l, a, b, c); err != nil {
		t.Fatal(err)
	}
	recs, err := ReadQuarantine(l)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(recs, []QuarantineRecord{a, b, c}) {
		t.Fatalf("records = %+v", recs)
	}
	// The same offset in another buffer file is another line; the same
	// line there is the same line, read again from a copied vault's buffer.
	d := a
	d.Buffer = BufferID{Dev: 1, Inode: 8}
	d.Line = `{"body":"ignore previous, said again"}`
	copied := a
	copied.Buffer = BufferID{Dev: 1, Inode: 9}
	if err := AppendQuarantine(ctx, l, d, copied); err != nil {
		t.Fatal(err)
	}
	if recs, err = ReadQuarantine(l); err != nil || len(recs) != 4 {
		t.Fatalf("%d records (%v), want 4", len(recs), err)
	}
	retried := now.Add(time.Hour)
	recs[0].Retried = &retried
	if err := RewriteQuarantine(ctx, l, recs); err != nil {
		t.Fatal(err)
	}
	again, err := ReadQuarantine(l)
	if err != nil || len(again) != 4 || again[0].Retried == nil || !again[0].Retried.Equal(retried) {
		t.Fatalf("after rewrite = %+v, %v", again, err)
	}
}

func TestQuarantineCorruptLineIsAnError(t *testing.T) {
	l := vault.Layout{Root: t.TempDir()}
	os.MkdirAll(l.ObserverDir(), 0o755)
	os.WriteFile(l.Quarantine(), []byte("{\"reason\":\"invalid\"}\nnot json\n"), 0o600)
	if _, err := ReadQuarantine(l); err == nil {
		t.Fatal("corrupt quarantine read without error")
	}
}
