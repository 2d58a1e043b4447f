package vault

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/cortex-vault/cortex/vault/vaultfs"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"go.yaml.in/yaml/v3"

	cortex "github.com/cortex-vault/cortex"
	"github.com/cortex-vault/cortex/vault/doc"
)

// CalibrationFile is the scoring calibration's file name at the vault root.
const CalibrationFile = "calibration.yml"

// MaxCalibrationBytes is the largest calibration.yml the memorizer reads. The
// file is read on every batch and may come from anyone who can commit to the
// vault; a bigger one is ignored (SPEC §5.4, seed 001: "security limit").
const MaxCalibrationBytes = 4096

// The buckets an observation can come from (SPEC §4).
const (
	bucketExplicit = "explicit" // a person said it
	bucketAmbient  = "ambient"  // an agent noticed it
)

// Calibration is the scoring configuration of a vault (SPEC §5.4): the
// memorization threshold, the attribution trust, and the score rules.
type Calibration struct {
	// Threshold is the importance an observation needs, after scoring, to be
	// memorized; below it the observation is quarantined (below_threshold).
	Threshold float64
	// TrustCap is the highest confidence an attribution that is not trusted
	// keeps.
	TrustCap float64
	// Trusted lists the attributions trusted to set their own confidence.
	Trusted []string
	// LearnedScorerOff turns off the learned scorer's review hold
	// (`trust: learned_scorer: false`): only the rules hold a note from a
	// source not trusted. On by default.
	LearnedScorerOff bool
	// Rules adjust scores, in file order; every matching rule applies.
	Rules []CalibrationRule
}

// CalibrationRule adjusts the scores of the observations it matches.
type CalibrationRule struct {
	Match  CalibrationMatch
	Adjust CalibrationAdjust
}

// CalibrationMatch selects observations. An empty field matches anything;
// the fields given must all match, exactly.
type CalibrationMatch struct {
	Type        string
	Attribution string
	Bucket      string
}

// CalibrationAdjust is added to the scores of a matched observation.
type CalibrationAdjust struct {
	Confidence float64
	Importance float64
}

// Matches reports whether the rule applies to an observation.
func (m CalibrationMatch) Matches(typ, attribution, bucket string) bool {
	return (m.Type == "" || m.Type == typ) &&
		(m.Attribution == "" || m.Attribution == attribution) &&
		(m.Bucket == "" || m.Bucket == bucket)
}

// Trusts reports whether the attribution is trusted to set its own
// confidence. Attributions are compared exactly: trust is granted to the name
// written in calibration.yml, not to look-alikes.
func (c *Calibration) Trusts(attribution string) bool {
	for _, t := range c.Trusted {
		if t == attribution {
			return true
		}
	}
	return false
}

// Apply runs the rules over an observation's scores: in file order, every
// matching rule adds its adjustment. The scores are clamped to [0, 1] before
// the first rule and after each one, so every rule sees a valid score and the
// order of the rules means what it says (a +0.2 then −0.2 on 0.9 ends at 0.8).
func (c *Calibration) Apply(typ, attribution, bucket string, confidence, importance float64) (float64, float64) {
	confidence, importance = ClampScore(confidence), ClampScore(importance)
	for _, r := range c.Rules {
		if r.Match.Matches(typ, attribution, bucket) {
			confidence = ClampScore(confidence + r.Adjust.Confidence)
			importance = ClampScore(importance + r.Adjust.Importance)
		}
	}
	return confidence, importance
}

// ClampScore brings a score into [0, 1] (NaN counts as 0) and rounds it to 9
// decimal places. The rounding undoes binary floating-point noise, so that
// 0.7 + 0.1 is 0.8 — and passes a threshold of 0.8 — as a person expects.
func ClampScore(x float64) float64 {
	switch {
	case math.IsNaN(x) || x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	return math.Round(x*1e9) / 1e9
}

// DefaultCalibration returns the embedded default calibration.
func DefaultCalibration() *Calibration {
	c := *defaultCalibration()
	c.Trusted = slices.Clone(c.Trusted)
	c.Rules = slices.Clone(c.Rules) // its elements hold no references
	return &c
}

// defaultCalibration is the embedded calibration, parsed once a process
// (a search and the memorizer load the calibration each time). Shared, so
// never changed: DefaultCalibration hands out copies.
var defaultCalibration = sync.OnceValue(func() *Calibration {
	c, err := parseCalibration("calibration.yml (built in)", cortex.DefaultCalibration, Calibration{})
	if err != nil {
		panic("embedded calibration.yml is invalid: " + err.Error())
	}
	return c
})

// LoadCalibration reads the vault's calibration.yml. Scoring must go on
// whatever the file holds, so this never fails: a missing file gives the
// embedded default silently; a file that cannot be read, is over
// MaxCalibrationBytes or does not parse is ignored — the embedded default
// applies — with a warning naming the file and why.
func LoadCalibration(root string) (*Calibration, []string) {
	p := filepath.Join(root, CalibrationFile)
	ignored := func(format string, args ...any) (*Calibration, []string) {
		w := fmt.Sprintf(format, args...) + " (calibration ignored: the built-in defaults apply)"
		return DefaultCalibration(), []string{w}
	}
	// A link leading out of the vault is not read: its target may be
	// anything (/etc/shadow), and a parse error would quote it.
	if err := vaultfs.New(root).Check(p); err != nil {
		return ignored("%s: %v", p, err)
	}
	// Stat before opening: opening a FIFO would block the daemon.
	fi, err := os.Stat(p)
	if errors.Is(err, os.ErrNotExist) {
		return DefaultCalibration(), nil
	}
	if err != nil {
		return ignored("%s: cannot read: %v", p, err)
	}
	if !fi.Mode().IsRegular() {
		return ignored("%s: not a regular file", p)
	}
	f, err := os.Open(p)
	if err != nil {
		return ignored("%s: cannot read: %v", p, err)
	}
	defer f.Close()
	// Read one byte past the limit: the file may have grown since Stat.
	data, err := io.ReadAll(io.LimitReader(f, MaxCalibrationBytes+1))
	if err != nil {
		return ignored("%s: cannot read: %v", p, err)
	}
	if len(data) > MaxCalibrationBytes {
		size := fi.Size()
		if size <= MaxCalibrationBytes {
			size = int64(len(data))
		}
		return ignored("%s: %d bytes, over the %d-byte limit", p, size, MaxCalibrationBytes)
	}
	// A vault's calibration is most often the default `cortex init`
	// wrote, unchanged: it parses to the default (TestDefaultCalibrationFile),
	// which every process parses already — not twice a command.
	if bytes.Equal(data, cortex.DefaultCalibration) {
		return DefaultCalibration(), nil
	}
	c, err := ParseCalibration(p, data)
	if err != nil {
		return ignored("%v", err)
	}
	return c, nil
}

// ParseCalibration parses a calibration file named name (used in errors) over
// the embedded default: a key the file leaves out keeps the default's value
// (`rules: []` removes the default rules, leaving `rules` out keeps them).
// Unknown keys are errors, not ignored: a misspelt `match` key would
// otherwise make a rule match every observation.
func ParseCalibration(name string, data []byte) (*Calibration, error) {
	return parseCalibration(name, data, *DefaultCalibration())
}

func parseCalibration(name string, data []byte, base Calibration) (*Calibration, error) {
	fail := func(line int, format string, args ...any) error {
		msg := fmt.Sprintf(format, doc.ConfArgs(args)...)
		if line > 0 {
			return fmt.Errorf("%s:%d: %s", name, line, msg)
		}
		return fmt.Errorf("%s: %s", name, msg)
	}
	root, err := doc.ConfDoc(data, fail)
	if err != nil {
		return nil, err
	}
	c := base
	if root == nil {
		return &c, nil
	}
	if root.Kind != yaml.MappingNode {
		return nil, fail(root.Line, "expected a mapping (threshold, trust, rules) at the top level, found %s", doc.ConfKind(root))
	}
	top, err := doc.ConfPairs(root, "key", fail)
	if err != nil {
		return nil, err
	}
	for _, p := range top {
		k, v := p.Key, p.Value
		switch k.Value {
		case "version":
			if v.Kind != yaml.ScalarNode || v.Value != "1" {
				return nil, fail(v.Line, "version: unsupported version %s (this cortex reads version 1)", doc.ConfKind(v))
			}
		case "threshold":
			if c.Threshold, err = calUnit(v, "threshold", fail); err != nil {
				return nil, err
			}
		case "trust":
			if err := parseTrust(&c, v, fail); err != nil {
				return nil, err
			}
		case "rules":
			if c.Rules, err = parseRules(v, fail); err != nil {
				return nil, err
			}
		default:
			return nil, fail(k.Line, "unknown key %q (expected threshold, trust, rules)", k.Value)
		}
	}
	return &c, nil
}

func parseTrust(c *Calibration, v *yaml.Node, fail doc.ConfFail) error {
	if v.Kind != yaml.MappingNode {
		return fail(v.Line, "trust: expected a mapping with cap and trusted, found %s", doc.ConfKind(v))
	}
	pairs, err := doc.ConfPairs(v, "trust: key", fail)
	if err != nil {
		return err
	}
	for _, p := range pairs {
		switch p.Key.Value {
		case "cap":
			if c.TrustCap, err = calUnit(p.Value, "trust: cap", fail); err != nil {
				return err
			}
		case "trusted":
			l := p.Value
			if l.Kind != yaml.SequenceNode {
				return fail(l.Line, "trust: trusted: expected a list of attributions, found %s", doc.ConfKind(l))
			}
			trusted := make([]string, 0, len(l.Content))
			for _, it := range l.Content {
				s, err := calName(doc.ConfAlias(it), "trust: trusted", fail)
				if err != nil {
					return err
				}
				trusted = append(trusted, s)
			}
			c.Trusted = trusted
		case "learned_scorer":
			on, ok := calBool(doc.ConfAlias(p.Value))
			if !ok {
				return fail(p.Value.Line, "trust: learned_scorer: expected true or false, found %s", doc.ConfKind(p.Value))
			}
			c.LearnedScorerOff = !on
		default:
			return fail(p.Key.Line, "trust: unknown key %q (expected cap, trusted, learned_scorer)", p.Key.Value)
		}
	}
	return nil
}

// calBool reads true or false (YAML 1.2's booleans; "yes" and "off" are
// strings there, and refused here rather than guessed).
func calBool(v *yaml.Node) (on, ok bool) {
	if v == nil || v.Kind != yaml.ScalarNode || v.Tag != "!!bool" {
		return false, false
	}
	switch v.Value {
	case "true", "True", "TRUE":
		return true, true
	case "false", "False", "FALSE":
		return false, true
	}
	return false, false
}

func parseRules(v *yaml.Node, fail doc.ConfFail) ([]CalibrationRule, error) {
	if v.Kind != yaml.SequenceNode {
		return nil, fail(v.Line, "rules: expected a list of rules (- match: … adjust: …), found %s", doc.ConfKind(v))
	}
	rules := make([]CalibrationRule, 0, len(v.Content))
	for i, rn := range v.Content {
		rn = doc.ConfAlias(rn)
		what := fmt.Sprintf("rule %d", i+1)
		if rn.Kind != yaml.MappingNode {
			return nil, fail(rn.Line, "%s: expected a mapping with match and adjust, found %s", what, doc.ConfKind(rn))
		}
		pairs, err := doc.ConfPairs(rn, what+": key", fail)
		if err != nil {
			return nil, err
		}
		var r CalibrationRule
		var haveMatch, haveAdjust bool
		for _, p := range pairs {
			switch p.Key.Value {
			case "match":
				if r.Match, err = parseMatch(p.Value, what, fail); err != nil {
					return nil, err
				}
				haveMatch = true
			case "adjust":
				if r.Adjust, err = parseAdjust(p.Value, what, fail); err != nil {
					return nil, err
				}
				haveAdjust = true
			default:
				return nil, fail(p.Key.Line, "%s: unknown key %q (expected match, adjust)", what, p.Key.Value)
			}
		}
		if !haveMatch {
			return nil, fail(rn.Line, "%s: match is required (write match: {} to adjust every observation)", what)
		}
		if !haveAdjust {
			return nil, fail(rn.Line, "%s: adjust is required (confidence, importance)", what)
		}
		rules = append(rules, r)
	}
	return rules, nil
}

func parseMatch(v *yaml.Node, what string, fail doc.ConfFail) (CalibrationMatch, error) {
	var m CalibrationMatch
	if v.Kind != yaml.MappingNode {
		return m, fail(v.Line, "%s: match: expected a mapping of type, attribution, bucket, found %s", what, doc.ConfKind(v))
	}
	pairs, err := doc.ConfPairs(v, what+": match: key", fail)
	if err != nil {
		return m, err
	}
	var attrLine int
	for _, p := range pairs {
		k := p.Key.Value
		s, err := calName(p.Value, what+": match: "+k, fail)
		if err != nil {
			return m, err
		}
		switch k {
		case "type":
			if !doc.IsTypeName(s) {
				return m, fail(p.Value.Line, "%s: match: type %q is not a type name (lowercase letters, digits and _)", what, s)
			}
			m.Type = s
		case "attribution", "source": // seed 001 calls the attribution "source"
			if attrLine > 0 {
				return m, fail(p.Key.Line, "%s: match: attribution given twice (source is another name for it; first at line %d)", what, attrLine)
			}
			attrLine = p.Key.Line
			m.Attribution = s
		case "bucket":
			if s != bucketExplicit && s != bucketAmbient {
				return m, fail(p.Value.Line, "%s: match: bucket %q is not explicit or ambient", what, s)
			}
			m.Bucket = s
		default:
			return m, fail(p.Key.Line, "%s: match: unknown key %q (expected type, attribution, bucket)", what, k)
		}
	}
	return m, nil
}

func parseAdjust(v *yaml.Node, what string, fail doc.ConfFail) (CalibrationAdjust, error) {
	var a CalibrationAdjust
	if v.Kind != yaml.MappingNode {
		return a, fail(v.Line, "%s: adjust: expected a mapping of confidence, importance, found %s", what, doc.ConfKind(v))
	}
	pairs, err := doc.ConfPairs(v, what+": adjust: key", fail)
	if err != nil {
		return a, err
	}
	if len(pairs) == 0 {
		return a, fail(v.Line, "%s: adjust: empty; give confidence, importance or both (e.g. importance: +0.1)", what)
	}
	for _, p := range pairs {
		var dst *float64
		switch p.Key.Value {
		case "confidence":
			dst = &a.Confidence
		case "importance":
			dst = &a.Importance
		default:
			return a, fail(p.Key.Line, "%s: adjust: unknown key %q (expected confidence, importance)", what, p.Key.Value)
		}
		f, ok := doc.ConfNumber(p.Value)
		if !ok || f < -1 || f > 1 {
			return a, fail(p.Value.Line, "%s: adjust: %s %s: must be a number from -1 to +1 (added to the score)", what, p.Key.Value, doc.ConfKind(p.Value))
		}
		*dst = f
	}
	return a, nil
}

// calUnit reads a number in [0, 1].
func calUnit(v *yaml.Node, what string, fail doc.ConfFail) (float64, error) {
	f, ok := doc.ConfNumber(v)
	if !ok || f < 0 || f > 1 {
		return 0, fail(v.Line, "%s %s: must be a number from 0 to 1", what, doc.ConfKind(v))
	}
	return f, nil
}

// calName reads a non-empty plain string.
func calName(v *yaml.Node, what string, fail doc.ConfFail) (string, error) {
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" || v.Value == "" {
		return "", fail(v.Line, "%s: expected a non-empty name, found %s", what, doc.ConfKind(v))
	}
	return v.Value, nil
}
