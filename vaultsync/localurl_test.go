package vaultsync

import "testing"

// TestLocalURLPath: the remotes whose git runs on this machine, as git's
// transport reads a URL — the only ones whose locks a killed push can
// leave within reach of the next sync.
func TestLocalURLPath(t *testing.T) {
	for _, c := range []struct {
		url, path string
		local     bool
	}{
		{"/srv/vault.git", "/srv/vault.git", true},
		{"../remote.git", "../remote.git", true},
		{"remote.git", "remote.git", true},
		{"./a:b/remote.git", "./a:b/remote.git", true},
		{"file:///srv/vault.git", "/srv/vault.git", true},
		{"file://localhost/srv/vault.git", "/srv/vault.git", true},
		{"file://nas/srv/vault.git", "", false},
		{"git@github.com:me/vault.git", "", false},
		{"host:vault.git", "", false},
		{"ssh://host/srv/vault.git", "", false},
		{"https://example.org/vault.git", "", false},
		{"git://127.0.0.1:9418/vault.git", "", false},
		{"", "", false},
	} {
		path, local := localURLPath(c.url)
		if path != c.path || local != c.local {
			t.Errorf("localURLPath(%q) = %q, %v; want %q, %v", c.url, path, local, c.path, c.local)
		}
	}
}
