package trust

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// The known secret formats come from gitleaks' default rule set, the one
// a maintained scanner ships and updates as providers change their tokens
// (gitleaks/gitleaks.toml, MIT, copied unchanged from the release named by
// GitleaksVersion; update by copying the new release's
// config/gitleaks.toml and the version, then regenerating the Go table:
// `go test ./trust -run TestGitleaksTableIsTheFile -update-gitleaks`).
// Only the file is used, not the scanner: the module's detect package would
// pull its whole dependency tree into every command. The file is compiled
// into a Go value (gitleaks_rules.go, kept equal to the file by that test)
// so no command decodes TOML at start; the keyword index is built on the
// first redaction and each expression is compiled the first time one of
// its keywords is seen, so a text without keywords costs one pass of the
// keyword index.
//
// What is kept of gitleaks' semantics: the secret is the rule's
// secretGroup, else its first non-empty group, else the match; a secret
// whose Shannon entropy is not above the rule's entropy is left; the
// global and the rule's allowlists (regexes on the secret, the match or
// the line; stopwords) keep a value. Rules scoped to a file path, and
// allowlists that need a path, do not apply to a note, which has none.

// GitleaksVersion is the gitleaks release the embedded rule set is from.
const GitleaksVersion = "v8.30.1"

type glFile struct {
	Allowlist glAllow  `toml:"allowlist"`
	Rules     []glRule `toml:"rules"`
}

type glRule struct {
	ID          string    `toml:"id"`
	Regex       string    `toml:"regex"`
	SecretGroup int       `toml:"secretGroup"`
	Entropy     float64   `toml:"entropy"`
	Keywords    []string  `toml:"keywords"`
	Path        string    `toml:"path"`
	Allowlists  []glAllow `toml:"allowlists"`
}

type glAllow struct {
	Condition   string   `toml:"condition"`
	Paths       []string `toml:"paths"`
	RegexTarget string   `toml:"regexTarget"`
	Regexes     []string `toml:"regexes"`
	Stopwords   []string `toml:"stopwords"`
}

// leakRule is one gitleaks rule, its expressions compiled on first use.
type leakRule struct {
	id          string
	re          func() *regexp.Regexp
	secretGroup int
	entropy     float64
	allow       []*leakAllow
}

// leakAllow is one allowlist: a value it matches is not a secret.
type leakAllow struct {
	target    string // "secret", "match" or "line"
	res       func() []*regexp.Regexp
	stopwords []string
}

// leakSet is the parsed rule set and its keyword index (the global
// allowlist last in allow of each rule's check).
type leakSet struct {
	rules  []leakRule
	global *leakAllow
	index  *literalIndex
}

// leakRules indexes the rule set once.
var leakRules = sync.OnceValue(func() *leakSet {
	f := &gitleaksRules
	set := &leakSet{global: newLeakAllow(f.Allowlist)}
	var sets [][][]string
	for _, r := range f.Rules {
		if r.Regex == "" || r.Path != "" {
			continue
		}
		lr := leakRule{id: r.ID, re: lazyRE(r.Regex), secretGroup: r.SecretGroup, entropy: r.Entropy}
		for _, a := range r.Allowlists {
			if len(a.Paths) > 0 && !strings.EqualFold(a.Condition, "OR") && a.Condition != "" || len(a.Paths) > 0 && len(a.Regexes) == 0 && len(a.Stopwords) == 0 {
				continue // needs a path
			}
			lr.allow = append(lr.allow, newLeakAllow(a))
		}
		set.rules = append(set.rules, lr)
		var kw [][]string
		if len(r.Keywords) > 0 {
			lower := make([]string, len(r.Keywords))
			for i, k := range r.Keywords {
				lower[i] = strings.ToLower(k)
			}
			kw = [][]string{lower}
		}
		sets = append(sets, kw)
	}
	set.index = newLiteralIndex(sets)
	return set
})

func newLeakAllow(a glAllow) *leakAllow {
	target := a.RegexTarget
	if target == "" {
		target = "secret"
	}
	exprs := a.Regexes
	return &leakAllow{
		target:    target,
		stopwords: a.Stopwords,
		res: sync.OnceValue(func() []*regexp.Regexp {
			res := make([]*regexp.Regexp, 0, len(exprs))
			for _, e := range exprs {
				res = append(res, regexp.MustCompile(e))
			}
			return res
		}),
	}
}

// allows reports whether a keeps secret, found as match on line.
func (a *leakAllow) allows(secret, match, line string) bool {
	target := secret
	switch a.target {
	case "match":
		target = match
	case "line":
		target = line
	}
	for _, re := range a.res() {
		if re.MatchString(target) {
			return true
		}
	}
	lower := strings.ToLower(secret)
	for _, w := range a.stopwords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// redactKnown replaces the secrets gitleaks' rules find in s and returns
// the ids of the rules that fired.
func redactKnown(s string) (string, []string) {
	set := leakRules()
	hits := set.index.hits(strings.ToLower(s))
	var fired []string
	for i := range set.rules {
		r := &set.rules[i]
		if !set.index.candidate(hits, i) {
			continue
		}
		re := r.re()
		ms := re.FindAllStringSubmatchIndex(s, -1)
		var spans [][2]int
		for _, m := range ms {
			from, to := m[0], m[1]
			switch {
			case r.secretGroup > 0 && 2*r.secretGroup+1 < len(m) && m[2*r.secretGroup] >= 0:
				from, to = m[2*r.secretGroup], m[2*r.secretGroup+1]
			case r.secretGroup == 0:
				for g := 1; 2*g+1 < len(m); g++ {
					if m[2*g] >= 0 && m[2*g+1] > m[2*g] {
						from, to = m[2*g], m[2*g+1]
						break
					}
				}
			}
			secret := s[from:to]
			if secret == "" || strings.Contains(secret, Redacted) || r.entropy > 0 && entropy(secret) <= r.entropy {
				continue
			}
			match := s[m[0]:m[1]]
			line := lineAround(s, m[0], m[1])
			if set.global.allows(secret, match, line) || allowedBy(r.allow, secret, match, line) {
				continue
			}
			if len(spans) > 0 && from < spans[len(spans)-1][1] {
				continue
			}
			spans = append(spans, [2]int{from, to})
		}
		if len(spans) > 0 {
			s = splice(s, spans)
			fired = append(fired, "gitleaks:"+r.id)
		}
	}
	return s, fired
}

func allowedBy(as []*leakAllow, secret, match, line string) bool {
	for _, a := range as {
		if a.allows(secret, match, line) {
			return true
		}
	}
	return false
}

// lineAround is the line of s that holds s[from:to].
func lineAround(s string, from, to int) string {
	start := strings.LastIndexByte(s[:from], '\n') + 1
	end := strings.IndexByte(s[to:], '\n')
	if end < 0 {
		return s[start:]
	}
	return s[start : to+end]
}

// RuleSet describes the credential rules, for cortex doctor.
func RuleSet() string {
	return fmt.Sprintf("gitleaks %s (%d rules) and %d of Cortex's own", GitleaksVersion, len(leakRules().rules), len(credRules())+2)
}
