package observer

import (
	"regexp/syntax"
	"strings"
)

// requiredLiterals returns strings one of which every match of expr
// contains, so a rule can be skipped with a few strings.Contains where none
// is in the text (the same idea as a secret scanner's keywords, derived
// from the expression instead of written by hand). nil means no such set
// was found: the rule is always tried. Literals are lower case; the texts
// matched against are lower case too.
func requiredLiterals(expr string) []string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	set := required(re.Simplify())
	for _, s := range set {
		if len(s) < 2 {
			return nil // too common to filter anything
		}
	}
	return set
}

func required(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}
	case syntax.OpCapture:
		return required(re.Sub[0])
	case syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
		return nil
	case syntax.OpConcat:
		// Join adjacent literals first: "ignore" "\s+" ... keeps the longest
		// run of literal text; then the child whose shortest string is the
		// longest wins.
		var best []string
		bestLen := 0
		for _, sub := range re.Sub {
			set := required(sub)
			if set == nil {
				continue
			}
			if m := minLen(set); m > bestLen || m == bestLen && len(set) < len(best) {
				best, bestLen = set, m
			}
		}
		return best
	case syntax.OpAlternate:
		var all []string
		for _, sub := range re.Sub {
			set := required(sub)
			if set == nil {
				return nil
			}
			all = append(all, set...)
		}
		if len(all) > 96 {
			return nil
		}
		return all
	}
	return nil
}

func minLen(set []string) int {
	m := -1
	for _, s := range set {
		if m < 0 || len(s) < m {
			m = len(s)
		}
	}
	return m
}

// containsAny reports whether s holds one of subs (true for none given).
func containsAny(s string, subs []string) bool {
	if subs == nil {
		return true
	}
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}
