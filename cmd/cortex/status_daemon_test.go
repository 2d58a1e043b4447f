package main

import (
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/observer"
)

// A daemon found by its memorizer lock alone (.cortex/ deleted under it)
// is running, named by its pid, with the reason it has no heartbeat.
func TestDaemonLineFoundByTheMemorizerLock(t *testing.T) {
	got := daemonLine(observer.DaemonStatus{State: observer.DaemonRunning, MemorizerPID: 4242}, time.Now())
	if !strings.HasPrefix(got, "running (pid 4242 holds observer/memorizer.lock") || !strings.Contains(got, "daemon.json is gone") {
		t.Errorf("daemon line %q", got)
	}
	if got := daemonLine(observer.DaemonStatus{State: observer.DaemonNever}, time.Now()); !strings.HasPrefix(got, "not running") {
		t.Errorf("never run: %q", got)
	}
}
