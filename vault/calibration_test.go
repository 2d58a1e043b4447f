package vault

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	cortex "github.com/cortex-vault/cortex"
)

func TestDefaultCalibration(t *testing.T) {
	want := &Calibration{
		Threshold: 0.5,
		TrustCap:  0.7,
		Trusted:   []string{"owner", "system"},
		Rules: []CalibrationRule{
			{Match: CalibrationMatch{Type: "decision"}, Adjust: CalibrationAdjust{Importance: 0.1}},
		},
	}
	if got := DefaultCalibration(); !reflect.DeepEqual(got, want) {
		t.Fatalf("DefaultCalibration() = %+v\nwant %+v", got, want)
	}
	if n := len(cortex.DefaultCalibration); n > MaxCalibrationBytes {
		t.Fatalf("the shipped calibration.yml is %d bytes, over its own limit", n)
	}
	// Each call is a fresh value: a caller changing its copy changes no other.
	a := DefaultCalibration()
	a.Trusted[0] = "mallory"
	if DefaultCalibration().Trusted[0] != "owner" {
		t.Fatal("DefaultCalibration shares its slices between calls")
	}
}

func TestParseCalibration(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want func(c *Calibration)
	}{
		{"empty file is the default", "", func(*Calibration) {}},
		{"only comments", "# nothing\n\n", func(*Calibration) {}},
		{"threshold only keeps the rest", "threshold: 0.65\n", func(c *Calibration) { c.Threshold = 0.65 }},
		{"cap only keeps the trusted list", "trust:\n  cap: 0.5\n", func(c *Calibration) { c.TrustCap = 0.5 }},
		{"trusted replaced", "trust:\n  trusted: [wayne]\n", func(c *Calibration) { c.Trusted = []string{"wayne"} }},
		{"nobody trusted", "trust: { trusted: [] }\n", func(c *Calibration) { c.Trusted = []string{} }},
		{"learned scorer off", "trust:\n  learned_scorer: false\n", func(c *Calibration) { c.LearnedScorerOff = true }},
		{"learned scorer on", "trust: { learned_scorer: true }\n", func(c *Calibration) {}},
		{"rules cleared", "rules: []\n", func(c *Calibration) { c.Rules = []CalibrationRule{} }},
		{"seed 001 example", `rules:
  - match: { type: "decision" }
    adjust: { importance: +0.1 }
  - match: { type: "preference", source: "wayne" }
    adjust: { confidence: +0.1 }
`, func(c *Calibration) {
			c.Rules = []CalibrationRule{
				{Match: CalibrationMatch{Type: "decision"}, Adjust: CalibrationAdjust{Importance: 0.1}},
				{Match: CalibrationMatch{Type: "preference", Attribution: "wayne"}, Adjust: CalibrationAdjust{Confidence: 0.1}},
			}
		}},
		{"every field", `version: 1
threshold: 0
trust: { cap: 1, trusted: [a, b] }
rules:
  - match: { type: lesson, attribution: claude, bucket: ambient }
    adjust: { confidence: -0.2, importance: -1 }
  - match: {}
    adjust: { importance: 1 }
`, func(c *Calibration) {
			c.Threshold, c.TrustCap, c.Trusted = 0, 1, []string{"a", "b"}
			c.Rules = []CalibrationRule{
				{Match: CalibrationMatch{Type: "lesson", Attribution: "claude", Bucket: "ambient"}, Adjust: CalibrationAdjust{Confidence: -0.2, Importance: -1}},
				{Adjust: CalibrationAdjust{Importance: 1}},
			}
		}},
		{"anchors", `rules:
  - match: &m { bucket: explicit }
    adjust: { importance: 0.2 }
  - match: *m
    adjust: { confidence: 0.1 }
`, func(c *Calibration) {
			c.Rules = []CalibrationRule{
				{Match: CalibrationMatch{Bucket: "explicit"}, Adjust: CalibrationAdjust{Importance: 0.2}},
				{Match: CalibrationMatch{Bucket: "explicit"}, Adjust: CalibrationAdjust{Confidence: 0.1}},
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseCalibration("calibration.yml", []byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			want := DefaultCalibration()
			tt.want(want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got  %+v\nwant %+v", got, want)
			}
		})
	}
}

func TestParseCalibrationErrors(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"not YAML", "rules: [\n", "calibration.yml:1: not valid YAML: did not find expected node content"},
		{"top level is a list", "- threshold\n", "calibration.yml:1: expected a mapping (threshold, trust, rules) at the top level, found a list"},
		{"unknown key", "threshold: 0.5\nthreshhold: 0.6\n", `calibration.yml:2: unknown key "threshhold" (expected threshold, trust, rules)`},
		{"duplicate key", "threshold: 0.5\nthreshold: 0.6\n", `calibration.yml:2: key "threshold": declared twice (first at line 1)`},
		{"two documents", "threshold: 0.5\n---\nthreshold: 0.6\n", "calibration.yml:2: a second YAML document starts here"},
		{"threshold above 1", "threshold: 5\n", `calibration.yml:1: threshold "5": must be a number from 0 to 1`},
		{"threshold negative", "threshold: -0.1\n", `calibration.yml:1: threshold "-0.1": must be a number from 0 to 1`},
		{"threshold NaN", "threshold: .nan\n", `calibration.yml:1: threshold ".nan": must be a number from 0 to 1`},
		{"threshold a word", "threshold: high\n", `calibration.yml:1: threshold "high": must be a number from 0 to 1`},
		{"threshold empty", "threshold:\n", `calibration.yml:1: threshold empty: must be a number from 0 to 1`},
		{"version 2", "version: 2\n", `calibration.yml:1: version: unsupported version "2"`},
		{"trust a list", "trust: [owner]\n", "calibration.yml:1: trust: expected a mapping with cap and trusted, found a list"},
		{"trust unknown key", "trust:\n  capp: 0.5\n", `calibration.yml:2: trust: unknown key "capp" (expected cap, trusted, learned_scorer)`},
		{"learned scorer not a boolean", "trust:\n  learned_scorer: off\n", `calibration.yml:2: trust: learned_scorer: expected true or false, found "off"`},
		{"cap above 1", "trust: { cap: 1.5 }\n", `calibration.yml:1: trust: cap "1.5": must be a number from 0 to 1`},
		{"trusted a scalar", "trust:\n  trusted: owner\n", `calibration.yml:2: trust: trusted: expected a list of attributions, found "owner"`},
		{"trusted empty name", "trust:\n  trusted:\n    - owner\n    - ''\n", `calibration.yml:4: trust: trusted: expected a non-empty name, found ""`},
		{"trusted a mapping item", "trust:\n  trusted:\n    - { name: owner }\n", `calibration.yml:3: trust: trusted: expected a non-empty name, found a mapping`},
		{"rules a mapping", "rules:\n  decision: +0.1\n", "calibration.yml:2: rules: expected a list of rules (- match: … adjust: …), found a mapping"},
		{"rule a scalar", "rules:\n  - decision\n", `calibration.yml:2: rule 1: expected a mapping with match and adjust, found "decision"`},
		{"rule unknown key", "rules:\n  - match: {}\n    adjust: { importance: 0.1 }\n    when: always\n", `calibration.yml:4: rule 1: unknown key "when" (expected match, adjust)`},
		{"rule without match", "rules:\n  - adjust: { importance: 0.1 }\n", "calibration.yml:2: rule 1: match is required (write match: {} to adjust every observation)"},
		{"rule without adjust", "rules:\n  - match: { type: fact }\n", "calibration.yml:2: rule 1: adjust is required (confidence, importance)"},
		{"misspelt match key", "rules:\n  - match: { tpye: fact }\n    adjust: { importance: 0.1 }\n", `calibration.yml:2: rule 1: match: unknown key "tpye" (expected type, attribution, bucket)`},
		{"match a list", "rules:\n  - match: [fact]\n    adjust: { importance: 0.1 }\n", "calibration.yml:2: rule 1: match: expected a mapping of type, attribution, bucket, found a list"},
		{"match type not a name", "rules:\n  - match: { type: Decision }\n    adjust: { importance: 0.1 }\n", `calibration.yml:2: rule 1: match: type "Decision" is not a type name (lowercase letters, digits and _)`},
		{"match type a list", "rules:\n  - match: { type: [a, b] }\n    adjust: { importance: 0.1 }\n", "calibration.yml:2: rule 1: match: type: expected a non-empty name, found a list"},
		{"match bad bucket", "rules:\n  - match: { bucket: loud }\n    adjust: { importance: 0.1 }\n", `calibration.yml:2: rule 1: match: bucket "loud" is not explicit or ambient`},
		{"match attribution twice", "rules:\n  - match: { attribution: a, source: b }\n    adjust: { importance: 0.1 }\n", "calibration.yml:2: rule 1: match: attribution given twice (source is another name for it; first at line 2)"},
		{"adjust empty", "rules:\n  - match: {}\n    adjust: {}\n", "calibration.yml:3: rule 1: adjust: empty; give confidence, importance or both (e.g. importance: +0.1)"},
		{"adjust a scalar", "rules:\n  - match: {}\n    adjust: 0.1\n", `calibration.yml:3: rule 1: adjust: expected a mapping of confidence, importance, found "0.1"`},
		{"adjust unknown key", "rules:\n  - match: {}\n    adjust: { priority: 0.1 }\n", `calibration.yml:3: rule 1: adjust: unknown key "priority" (expected confidence, importance)`},
		{"adjust too big", "rules:\n  - match: {}\n    adjust: { importance: +2 }\n", `calibration.yml:3: rule 1: adjust: importance "+2": must be a number from -1 to +1 (added to the score)`},
		{"adjust infinite", "rules:\n  - match: {}\n    adjust: { confidence: -.inf }\n", `calibration.yml:3: rule 1: adjust: confidence "-.inf": must be a number`},
		{"adjust a word", "rules:\n  - match: {}\n    adjust: { confidence: more }\n", `calibration.yml:3: rule 1: adjust: confidence "more": must be a number`},
		{"second rule is bad", "rules:\n  - match: {}\n    adjust: { confidence: 0.1 }\n  - match: {}\n    adjust: { confidence: 0.1, confidence: 0.2 }\n",
			`calibration.yml:5: rule 2: adjust: key "confidence": declared twice (first at line 5)`},
		{"control character", "threshold: 0.5\x00\n", "calibration.yml:1: control character U+0000 is not allowed in YAML"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ParseCalibration("calibration.yml", []byte(tt.in))
			if err == nil {
				t.Fatalf("accepted: %+v", c)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error:\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}

// padTo returns a valid calibration file of exactly n bytes, with threshold
// 0.6 so that reading it is told apart from the default.
func padTo(t *testing.T, n int) []byte {
	t.Helper()
	head := "threshold: 0.6\n# "
	if n < len(head)+1 {
		t.Fatalf("cannot pad to %d bytes", n)
	}
	return []byte(head + strings.Repeat("x", n-len(head)-1) + "\n")
}

func TestLoadCalibration(t *testing.T) {
	write := func(t *testing.T, data []byte) (string, string) {
		t.Helper()
		dir := t.TempDir()
		p := filepath.Join(dir, CalibrationFile)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return dir, p
	}
	t.Run("missing file: default, no warning", func(t *testing.T) {
		c, warns := LoadCalibration(t.TempDir())
		if len(warns) != 0 || !reflect.DeepEqual(c, DefaultCalibration()) {
			t.Fatalf("got %+v, %v", c, warns)
		}
	})
	t.Run("exactly 4096 bytes is read", func(t *testing.T) {
		data := padTo(t, MaxCalibrationBytes)
		if len(data) != 4096 {
			t.Fatalf("padded to %d", len(data))
		}
		dir, _ := write(t, data)
		c, warns := LoadCalibration(dir)
		if len(warns) != 0 || c.Threshold != 0.6 {
			t.Fatalf("got threshold %v, warnings %v", c.Threshold, warns)
		}
	})
	t.Run("4097 bytes is ignored with a warning", func(t *testing.T) {
		dir, p := write(t, padTo(t, MaxCalibrationBytes+1))
		c, warns := LoadCalibration(dir)
		if !reflect.DeepEqual(c, DefaultCalibration()) {
			t.Errorf("calibration = %+v, want the default", c)
		}
		want := p + ": 4097 bytes, over the 4096-byte limit (calibration ignored: the built-in defaults apply)"
		if len(warns) != 1 || warns[0] != want {
			t.Errorf("warnings = %q\nwant %q", warns, want)
		}
	})
	t.Run("a huge file is not read whole", func(t *testing.T) {
		dir, p := write(t, padTo(t, 1<<20))
		_, warns := LoadCalibration(dir)
		if len(warns) != 1 || !strings.HasPrefix(warns[0], p+": 1048576 bytes, over the 4096-byte limit") {
			t.Errorf("warnings = %q", warns)
		}
	})
	t.Run("not YAML is ignored with a warning", func(t *testing.T) {
		dir, p := write(t, []byte("threshold: 0.9\nrules: [\n"))
		c, warns := LoadCalibration(dir)
		if !reflect.DeepEqual(c, DefaultCalibration()) {
			t.Errorf("calibration = %+v, want the default", c)
		}
		want := p + ":2: not valid YAML: did not find expected node content (calibration ignored: the built-in defaults apply)"
		if len(warns) != 1 || warns[0] != want {
			t.Errorf("warnings = %q\nwant %q", warns, want)
		}
	})
	t.Run("an invalid value is ignored as a whole", func(t *testing.T) {
		dir, p := write(t, []byte("threshold: 0.9\ntrust: { cap: 2 }\n"))
		c, warns := LoadCalibration(dir)
		if c.Threshold != 0.5 {
			t.Errorf("threshold = %v: part of an invalid file was used", c.Threshold)
		}
		if len(warns) != 1 || !strings.HasPrefix(warns[0], p+":2: trust: cap \"2\"") {
			t.Errorf("warnings = %q", warns)
		}
	})
	t.Run("a folder is ignored with a warning", func(t *testing.T) {
		dir := t.TempDir()
		p := filepath.Join(dir, CalibrationFile)
		if err := os.Mkdir(p, 0o755); err != nil {
			t.Fatal(err)
		}
		c, warns := LoadCalibration(dir)
		if !reflect.DeepEqual(c, DefaultCalibration()) || len(warns) != 1 || !strings.HasPrefix(warns[0], p+": not a regular file") {
			t.Errorf("got %+v, %q", c, warns)
		}
	})
	t.Run("a valid file is read", func(t *testing.T) {
		dir, _ := write(t, []byte("rules:\n  - match: { bucket: ambient }\n    adjust: { importance: -0.1 }\n"))
		c, warns := LoadCalibration(dir)
		want := DefaultCalibration()
		want.Rules = []CalibrationRule{{Match: CalibrationMatch{Bucket: "ambient"}, Adjust: CalibrationAdjust{Importance: -0.1}}}
		if len(warns) != 0 || !reflect.DeepEqual(c, want) {
			t.Errorf("got %+v, %q", c, warns)
		}
	})
}

func TestCalibrationTrusts(t *testing.T) {
	c := DefaultCalibration()
	for attr, want := range map[string]bool{
		"owner": true, "system": true,
		"Owner": false, "owner ": false, "": false, "claude": false,
	} {
		if got := c.Trusts(attr); got != want {
			t.Errorf("Trusts(%q) = %v", attr, got)
		}
	}
	if (&Calibration{}).Trusts("owner") {
		t.Error("an empty trusted list trusts someone")
	}
}

func TestCalibrationApply(t *testing.T) {
	c := &Calibration{Rules: []CalibrationRule{
		{Match: CalibrationMatch{Type: "decision"}, Adjust: CalibrationAdjust{Importance: 0.1}},
		{Match: CalibrationMatch{Type: "preference", Attribution: "wayne"}, Adjust: CalibrationAdjust{Confidence: 0.1}},
		{Match: CalibrationMatch{Bucket: "ambient"}, Adjust: CalibrationAdjust{Confidence: -0.3, Importance: -0.2}},
		{Match: CalibrationMatch{Attribution: "bot"}, Adjust: CalibrationAdjust{Importance: 0.3}},
	}}
	tests := []struct {
		name                 string
		typ, attr, bucket    string
		conf, imp            float64
		wantConf, wantImport float64
	}{
		{"no rule matches", "fact", "owner", "explicit", 0.9, 0.5, 0.9, 0.5},
		{"type matches (seed 001)", "decision", "owner", "explicit", 0.95, 0.9, 0.95, 1.0},
		{"type and attribution must both match", "preference", "owner", "explicit", 0.8, 0.5, 0.8, 0.5},
		{"type and attribution match", "preference", "wayne", "explicit", 0.8, 0.5, 0.9, 0.5},
		{"bucket matches", "fact", "claude", "ambient", 0.7, 0.5, 0.4, 0.3},
		{"every matching rule applies", "decision", "claude", "ambient", 0.7, 0.5, 0.4, 0.4},
		{"floating-point noise is rounded away", "decision", "owner", "explicit", 0.7, 0.7, 0.7, 0.8},
		// Clamped after each rule: 0.1 − 0.2 stops at 0, then + 0.3.
		{"clamped after each rule, in order", "fact", "bot", "ambient", 0.2, 0.1, 0, 0.3},
		{"input above 1 clamped", "fact", "owner", "explicit", 1.5, 7, 1, 1},
		{"input below 0 clamped", "fact", "owner", "explicit", -1, -0.5, 0, 0},
		{"NaN input is 0", "fact", "owner", "explicit", math.NaN(), math.NaN(), 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gc, gi := c.Apply(tt.typ, tt.attr, tt.bucket, tt.conf, tt.imp)
			if gc != tt.wantConf || gi != tt.wantImport {
				t.Errorf("Apply(%s, %s, %s, %v, %v) = %v, %v; want %v, %v",
					tt.typ, tt.attr, tt.bucket, tt.conf, tt.imp, gc, gi, tt.wantConf, tt.wantImport)
			}
		})
	}
	// The order of the rules matters: clamping happens between them.
	up := CalibrationRule{Adjust: CalibrationAdjust{Importance: 0.2}}
	down := CalibrationRule{Adjust: CalibrationAdjust{Importance: -0.2}}
	_, a := (&Calibration{Rules: []CalibrationRule{up, down}}).Apply("fact", "x", "explicit", 0.5, 0.9)
	_, b := (&Calibration{Rules: []CalibrationRule{down, up}}).Apply("fact", "x", "explicit", 0.5, 0.9)
	if a != 0.8 || b != 0.9 {
		t.Errorf("up then down = %v (want 0.8), down then up = %v (want 0.9)", a, b)
	}
}

func TestClampScore(t *testing.T) {
	for in, want := range map[float64]float64{
		0: 0, 1: 1, 0.5: 0.5, -0.0001: 0, 1.0001: 1,
		math.Inf(1): 1, math.Inf(-1): 0,
		0.1 + 0.2: 0.3, 0.7 + 0.1: 0.8, 0.123456789012: 0.123456789,
	} {
		if got := ClampScore(in); got != want {
			t.Errorf("ClampScore(%v) = %v, want %v", in, got, want)
		}
	}
	if got := ClampScore(math.NaN()); got != 0 {
		t.Errorf("ClampScore(NaN) = %v", got)
	}
}

// BenchmarkCalibrationApply measures the per-observation cost of the rules.
func BenchmarkCalibrationApply(b *testing.B) {
	c := DefaultCalibration()
	for i := 0; i < 20; i++ {
		c.Rules = append(c.Rules, CalibrationRule{Match: CalibrationMatch{Attribution: "agent"}, Adjust: CalibrationAdjust{Confidence: 0.01}})
	}
	for b.Loop() {
		c.Apply("decision", "agent", "ambient", 0.7, 0.5)
	}
}

// FuzzCalibration: any file either parses into a calibration whose numbers
// are all in range, or fails with an error naming the file — never a panic.
func FuzzCalibration(f *testing.F) {
	f.Add(cortex.DefaultCalibration)
	f.Add([]byte("rules:\n  - match: { type: preference, source: wayne }\n    adjust: { confidence: +0.1 }\n"))
	f.Add([]byte("threshold: .nan\n"))
	f.Add([]byte("trust: { cap: 0.1, trusted: [a, &x b, *x] }\n"))
	f.Add([]byte("rules: [{match: &m {<<: *m}, adjust: {}}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseCalibration("calibration.yml", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "calibration.yml") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if !(c.Threshold >= 0 && c.Threshold <= 1 && c.TrustCap >= 0 && c.TrustCap <= 1) {
			t.Fatalf("threshold %v, cap %v", c.Threshold, c.TrustCap)
		}
		for _, r := range c.Rules {
			if !(math.Abs(r.Adjust.Confidence) <= 1 && math.Abs(r.Adjust.Importance) <= 1) {
				t.Fatalf("adjust %+v", r.Adjust)
			}
			conf, imp := c.Apply(r.Match.Type, r.Match.Attribution, r.Match.Bucket, 0.5, 0.5)
			if !(conf >= 0 && conf <= 1 && imp >= 0 && imp <= 1) {
				t.Fatalf("Apply gave %v, %v", conf, imp)
			}
		}
		for _, name := range c.Trusted {
			if name == "" {
				t.Fatal("empty trusted name")
			}
		}
	})
}

// A calibration.yml that is a link leading out of the vault is not read:
// the defaults apply, with a warning that names the link and never the
// target's bytes; a long bad value is quoted short.
func TestLoadCalibrationRefusesLinkOutside(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	root, outside := t.TempDir(), t.TempDir()
	secret := filepath.Join(outside, "shadow")
	if err := os.WriteFile(secret, []byte("root:$6$secret:19000:0:99999:7:::\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(root, CalibrationFile)); err != nil {
		t.Fatal(err)
	}
	c, warns := LoadCalibration(root)
	if len(warns) != 1 || strings.Contains(warns[0], "secret") ||
		!strings.Contains(warns[0], "calibration.yml is a link to "+secret+": refusing to read or write outside the vault") {
		t.Fatalf("warnings: %q", warns)
	}
	if c.Threshold != DefaultCalibration().Threshold {
		t.Errorf("threshold %v, want the default", c.Threshold)
	}

	if err := os.Remove(filepath.Join(root, CalibrationFile)); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("s3cr3t ", 200)
	if err := os.WriteFile(filepath.Join(root, CalibrationFile), []byte("rules:\n  - match: { bucket: \""+long+"\\n\" }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, warns = LoadCalibration(root)
	if len(warns) != 1 || strings.Count(warns[0], "s3cr3t") > 12 || strings.Contains(warns[0], "\n") {
		t.Errorf("warning quotes too much: %q", warns)
	}
}

// The embedded calibration is parsed once and shared: a caller that
// changes what DefaultCalibration gave it changes nobody else's.
func TestDefaultCalibrationIsACopy(t *testing.T) {
	a := DefaultCalibration()
	want := len(a.Trusted)
	a.Trusted = append(a.Trusted[:0], "mallory")
	if len(a.Rules) > 0 {
		a.Rules[0].Match.Attribution = "mallory"
	}
	b := DefaultCalibration()
	if len(b.Trusted) != want || (want > 0 && b.Trusted[0] == "mallory") {
		t.Errorf("trusted after a caller's change: %q", b.Trusted)
	}
	for _, r := range b.Rules {
		if r.Match.Attribution == "mallory" {
			t.Errorf("rules after a caller's change: %+v", b.Rules)
		}
	}
}

// TestDefaultCalibrationFile: the default file parsed over the default is
// the default, which LoadCalibration returns without parsing the vault's
// copy when its bytes are the default's.
func TestDefaultCalibrationFile(t *testing.T) {
	c, err := ParseCalibration("calibration.yml", cortex.DefaultCalibration)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c, DefaultCalibration()) {
		t.Fatalf("the default file parses to\n%+v\nnot the default\n%+v", c, DefaultCalibration())
	}
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, CalibrationFile), cortex.DefaultCalibration, 0o644); err != nil {
		t.Fatal(err)
	}
	got, warns := LoadCalibration(root)
	if len(warns) > 0 || !reflect.DeepEqual(got, DefaultCalibration()) {
		t.Fatalf("LoadCalibration of the default file: %+v, %v", got, warns)
	}
	got.Trusted = append(got.Trusted, "changed by a caller")
	if again, _ := LoadCalibration(root); reflect.DeepEqual(again, got) {
		t.Fatal("LoadCalibration handed out the shared default")
	}
}
