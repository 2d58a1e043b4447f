package vault

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gofrs/flock"
)

func TestDaemonInfoBeating(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		info DaemonInfo
		want bool
	}{
		{"recent", DaemonInfo{Heartbeat: now.Add(-4 * time.Second), HeartbeatMS: 5000}, true},
		{"at the floor", DaemonInfo{Heartbeat: now.Add(-15 * time.Second), HeartbeatMS: 5000}, true},
		{"past the floor", DaemonInfo{Heartbeat: now.Add(-16 * time.Second), HeartbeatMS: 5000}, false},
		{"slow period, three beats", DaemonInfo{Heartbeat: now.Add(-time.Minute), HeartbeatMS: 30000}, true},
		{"stopped", DaemonInfo{Heartbeat: now, HeartbeatMS: 5000, Stopped: now}, false},
		{"never beat", DaemonInfo{HeartbeatMS: 5000}, false},
		{"far future", DaemonInfo{Heartbeat: now.Add(time.Hour), HeartbeatMS: 5000}, false},
	}
	for _, tt := range tests {
		if got := tt.info.Beating(now); got != tt.want {
			t.Errorf("%s: Beating = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestReadDaemonInfo(t *testing.T) {
	l := Layout{Root: t.TempDir()}
	if _, ok, err := ReadDaemonInfo(l); ok || err != nil {
		t.Fatalf("no file: ok=%v err=%v", ok, err)
	}
	os.MkdirAll(l.CacheDir(), 0o755)
	os.WriteFile(l.DaemonInfo(), []byte(`{"pid":42,"heartbeat":"2026-11-21T10:00:00Z","heartbeat_ms":5000}`), 0o644)
	info, ok, err := ReadDaemonInfo(l)
	if err != nil || !ok || info.PID != 42 || info.HeartbeatMS != 5000 {
		t.Fatalf("ReadDaemonInfo = %+v, %v, %v", info, ok, err)
	}
	os.WriteFile(l.DaemonInfo(), []byte(`{"pid":`), 0o644)
	if _, _, err := ReadDaemonInfo(l); err == nil {
		t.Fatal("torn daemon.json read without error")
	}
}

// SettleDaemonTemps leaves a live daemon's temp file alone (the daemon
// lock held, here through another open file as another process would) and
// removes it once the lock is free.
func TestSettleDaemonTemps(t *testing.T) {
	l := Layout{Root: t.TempDir()}
	if removed, err := SettleDaemonTemps(l); err != nil || len(removed) != 0 {
		t.Fatalf("no .cortex/: %v, %v", removed, err)
	}
	if err := os.MkdirAll(l.CacheDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(l.CacheDir(), ".daemon.json.tmp-123")
	if err := os.WriteFile(tmp, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	live := flock.New(l.DaemonLock())
	if err := live.Lock(); err != nil {
		t.Fatal(err)
	}
	if removed, err := SettleDaemonTemps(l); err != nil || len(removed) != 0 {
		t.Fatalf("beside a live daemon: removed %v, %v", removed, err)
	}
	if _, err := os.Lstat(tmp); err != nil {
		t.Fatalf("a live daemon's temp file: %v", err)
	}
	if err := live.Unlock(); err != nil {
		t.Fatal(err)
	}
	if removed, err := SettleDaemonTemps(l); err != nil || len(removed) != 1 || removed[0] != tmp {
		t.Fatalf("once the daemon is gone: removed %v, %v", removed, err)
	}
	if _, err := os.Lstat(tmp); err == nil {
		t.Fatal("the temp file is still there")
	}
}
