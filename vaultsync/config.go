package vaultsync

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/cortex-vault/cortex/vault"
)

// ConfigFile is the vault's configuration file, at its root. Sync is on
// when it has a sync: section:
//
//	sync:
//	  remote: origin   # the git remote (default origin)
//	  interval: 5m     # how often the daemon syncs (default 5m, at least 10s)
const ConfigFile = "cortex.yml"

// DefaultInterval is how often the daemon syncs when cortex.yml does not
// say.
const DefaultInterval = 5 * time.Minute

// MinInterval is the shortest interval the daemon accepts.
const MinInterval = 10 * time.Second

// Config is the sync: section of cortex.yml.
type Config struct {
	// On is true when cortex.yml has a sync: section.
	On       bool
	Remote   string
	Interval time.Duration
}

// LoadConfig reads cortex.yml; a missing file or section means sync is
// off (nothing is pushed until a person turns it on).
func LoadConfig(l vault.Layout) (Config, error) {
	c := Config{Remote: "origin", Interval: DefaultInterval}
	p := l.Path(ConfigFile)
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, fmt.Errorf("read %s: %w", p, err)
	}
	var f struct {
		Sync *struct {
			Remote   string `yaml:"remote"`
			Interval string `yaml:"interval"`
		} `yaml:"sync"`
	}
	if err := yaml.Unmarshal(data, &f); err != nil {
		return c, fmt.Errorf("%s: %w", p, err)
	}
	if f.Sync == nil {
		return c, nil
	}
	c.On = true
	if f.Sync.Remote != "" {
		c.Remote = f.Sync.Remote
	}
	if f.Sync.Interval != "" {
		d, err := time.ParseDuration(f.Sync.Interval)
		if err != nil || d < MinInterval {
			return c, fmt.Errorf("%s: sync.interval %q: want a duration of at least %s, such as 5m", p, f.Sync.Interval, MinInterval)
		}
		c.Interval = d
	}
	return c, nil
}
