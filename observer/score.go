package observer

import (
	"regexp"
	"sync"

	"github.com/cortex-vault/cortex/vault"
)

// Bucket defaults (SPEC §5 step 4): what a line that gives no score gets.
const (
	DefaultExplicitConfidence = 0.9
	DefaultAmbientConfidence  = 0.7
	DefaultImportance         = 0.5
	// SignalBoost is what each structural signal adds to a default importance.
	SignalBoost = 0.1
)

// Structural signals: an imperative and an emphasis each say a memory
// matters more than its bucket's default.
// Compiled on first use, like every rule set: most commands score nothing.
var (
	imperativeRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\b(?:must|always|never)\b`) })
	emphasisRE   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\b(?:critical|hate|love)\b`) })
)

// scores are an observation's confidence and importance after scoring.
type scores struct {
	Confidence, Importance float64
	// Capped is set when attribution trust lowered the confidence.
	Capped bool
}

// score computes an observation's scores (SPEC §5 steps 3–4), in this
// order:
//
//  1. The base: the line's own scores when it gives them (clamped to
//     [0, 1]), else the bucket's defaults — explicit 0.9 / 0.5, ambient
//     0.7 / 0.5.
//  2. Attribution trust (security layer 4): an attribution calibration.yml
//     does not trust has its confidence capped (default 0.7). The cap
//     applies to the base, not after the rules: a rule in calibration.yml
//     is the vault owner's own word (its example raises one colleague's
//     confidence), while the line's claim is anyone's.
//  3. Structural signals, on a default importance only: an imperative word
//     (must, always, never) adds 0.1, an emphasis (critical, hate, love)
//     another 0.1. "Agent-given scores win": an agent that scores a line
//     has already weighed its words, and adding to its number would count
//     them twice.
//  4. The calibration rules, in file order, clamped after each
//     (Calibration.Apply).
func score(o *Observation, cal *vault.Calibration) scores {
	var s scores
	if o.Confidence != nil {
		s.Confidence = vault.ClampScore(*o.Confidence)
	} else if o.Bucket == BucketExplicit {
		s.Confidence = DefaultExplicitConfidence
	} else {
		s.Confidence = DefaultAmbientConfidence
	}
	if !cal.Trusts(o.Attribution) && s.Confidence > cal.TrustCap {
		s.Confidence, s.Capped = cal.TrustCap, true
	}
	if o.Importance != nil {
		s.Importance = vault.ClampScore(*o.Importance)
	} else {
		s.Importance = DefaultImportance
		if imperativeRE().MatchString(o.Body) {
			s.Importance += SignalBoost
		}
		if emphasisRE().MatchString(o.Body) {
			s.Importance += SignalBoost
		}
	}
	s.Confidence, s.Importance = cal.Apply(o.Type, o.Attribution, o.Bucket, s.Confidence, s.Importance)
	return s
}
