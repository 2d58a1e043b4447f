package observer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cortex-vault/cortex/trust"
	"github.com/cortex-vault/cortex/vault"
)

// The security layers of the memorizer (SPEC §5 step 3) as they apply to an
// observation: layer 3, instruction injection (injection.go), quarantines a
// line; layer 5, credentials (secrets.go), are redacted in place. Layers 1
// (schema), 2 (length caps) and 4 (trust) live with the schema and the
// scorer.

// Security layers, as findings and status name them.
const (
	LayerInjection   = "injection"
	LayerCredentials = "credentials"
)

// Finding is one security rule that fired on one field of an observation.
type Finding struct {
	Layer string `json:"layer"`
	Rule  string `json:"rule"`
	Field string `json:"field"`
}

func (f Finding) String() string { return fmt.Sprintf("%s on %s", f.Rule, f.Field) }

// textField is one free-text field of an observation, by its schema name.
type textField struct {
	name string
	s    *string
}

// textFields lists every free text of o with its field name.
func textFields(o *Observation) []textField {
	t := []textField{{"body", &o.Body}, {"context", &o.Context}, {"source_quote", &o.SourceQuote},
		{"attribution", &o.Attribution}, {"agent", &o.Agent}}
	for i := range o.Entities {
		t = append(t, textField{fmt.Sprintf("entities[%d].name", i), &o.Entities[i].Name},
			textField{fmt.Sprintf("entities[%d].type", i), &o.Entities[i].Type})
	}
	for _, l := range []struct {
		name  string
		items []string
	}{{"tags", o.Tags}, {"files", o.Files}, {"relates_to", o.RelatesTo}} {
		for i := range l.items {
			t = append(t, textField{fmt.Sprintf("%s[%d]", l.name, i), &l.items[i]})
		}
	}
	return t
}

// injectionIn returns the first injection in o's fields, with the field.
func injectionIn(o *Observation) (Finding, bool) {
	v := checkObservation(o, nil)
	if v.Injection == nil {
		return Finding{}, false
	}
	return Finding{Layer: LayerInjection, Rule: v.Injection.String(), Field: v.Injection.Field}, true
}

// checkObservation runs the trust checks over o's fields. With cal nil the
// source counts as trusted (nothing is held for review); otherwise it is
// trusted when the line is explicit and its attribution is one
// calibration.yml trusts: a person's own note. An ambient line, or one
// attributed to anyone else, that reads as a directive to agents — or
// that the learned scorer scores at its threshold, unless calibration.yml
// turns it off — is held.
func checkObservation(o *Observation, cal *vault.Calibration) trust.Verdict {
	fs := textFields(o)
	in := make([]trust.Field, len(fs))
	for i, f := range fs {
		in[i] = trust.Field{Name: f.name, Text: *f.s}
	}
	src := trust.Source{Trusted: cal == nil || o.Bucket == BucketExplicit && cal.Trusts(o.Attribution),
		RulesOnly: cal != nil && cal.LearnedScorerOff}
	return trust.Check(in, src)
}

// redactObservation replaces credentials in every text field of o and
// returns what fired where (nil when o holds none).
func redactObservation(o *Observation) []Finding {
	var found []Finding
	for _, f := range textFields(o) {
		r, rules := trust.Redact(*f.s)
		if len(rules) == 0 {
			continue
		}
		*f.s = r
		for _, id := range rules {
			fd := Finding{Layer: LayerCredentials, Rule: id, Field: f.name}
			if !slices.Contains(found, fd) {
				found = append(found, fd)
			}
		}
	}
	return found
}

// RuleRedactedAtSource counts lines that reached the memorizer with their
// credentials already redacted: by observe, write or save_observation,
// which redact before the buffer line is written.
const RuleRedactedAtSource = "redacted-before-the-buffer"

// LayerTotals counts the findings of one security layer, by rule and by
// field.
type LayerTotals struct {
	Found   int64            `json:"found"`
	ByRule  map[string]int64 `json:"by_rule,omitempty"`
	ByField map[string]int64 `json:"by_field,omitempty"`
}

func (t *LayerTotals) add(rule, field string, n int64) {
	if t.ByRule == nil {
		t.ByRule, t.ByField = map[string]int64{}, map[string]int64{}
	}
	t.Found += n
	t.ByRule[rule] += n
	if field != "-" {
		t.ByField[field] += n
	}
}

// Add adds o to t.
func (t *LayerTotals) Add(o LayerTotals) {
	for r, n := range o.ByRule {
		if t.ByRule == nil {
			t.ByRule, t.ByField = map[string]int64{}, map[string]int64{}
		}
		t.ByRule[r] += n
	}
	for f, n := range o.ByField {
		t.ByField[f] += n
	}
	t.Found += o.Found
}

// SecurityTotals are state.json's running counts of the credentials the
// memorizer redacted (layer 5). Injections (layer 3) are counted from the
// quarantine, whose records name the rule and the field.
type SecurityTotals struct {
	Credentials LayerTotals `json:"credentials"`
}

func (t *SecurityTotals) add(f Finding) {
	if f.Layer == LayerCredentials {
		t.Credentials.add(f.Rule, f.Field, 1)
	}
}

// Add adds o to t.
func (t *SecurityTotals) Add(o SecurityTotals) { t.Credentials.Add(o.Credentials) }

// alreadyRedacted reports whether a text field of o holds [REDACTED].
func alreadyRedacted(o *Observation) bool {
	for _, f := range textFields(o) {
		if strings.Contains(*f.s, trust.Redacted) {
			return true
		}
	}
	return false
}
