package vault

import (
	"os"
	"testing"
	"time"
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
