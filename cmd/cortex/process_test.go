package main

import (
	"testing"

	"github.com/cortex-vault/cortex/observer"
)

func TestInterruptedLine(t *testing.T) {
	r := observer.Result{Memorized: 11136, Stopped: true}
	if got, want := interruptedLine(r, 8875, false), "interrupted: 11,136 memorized, 8,875 pending; run cortex process to finish"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got, want := interruptedLine(observer.Result{}, -1, true), "interrupted: 0 memorized; the batch in hand was cut short: run cortex process to recover it and finish"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
