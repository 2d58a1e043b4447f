package observer

import (
	"math"
	"regexp"
	"strings"
)

// Security layers 3 and 5 of the memorizer (SPEC §5 step 3): instruction
// injection, which quarantines a line, and credentials, which are redacted
// in place. Layers 1 (schema), 2 (length caps) and 4 (trust) live with the
// schema and the scorer.

// Redacted replaces every credential found in a text field.
const Redacted = "[REDACTED]"

// injectionPatterns are phrases that try to steer the agent that will later
// read the memory, rather than record something about the work. Each is
// matched case-insensitively. "execute" alone is not one of them: "Execute
// the migration before deploying" is an ordinary task; it counts when it
// governs code or instructions.
var injectionPatterns = []struct {
	name string
	re   *regexp.Regexp
}{
	{"ignore previous", regexp.MustCompile(`(?i)\bignore\s+(?:all\s+|any\s+|the\s+|your\s+)*(?:previous|prior|above|earlier|preceding|system)\b`)},
	{"disregard", regexp.MustCompile(`(?i)\bdisregard\s+(?:all\s+|any\s+|the\s+|your\s+|of\s+)*(?:previous|prior|above|earlier|preceding|instructions?|rules|guidelines|system|everything)\b`)},
	{"forget instructions", regexp.MustCompile(`(?i)\bforget\s+(?:all\s+|any\s+|the\s+|your\s+|everything\s+)*(?:previous|prior|above|instructions?|rules|you\s+were\s+told)\b`)},
	{"you are now", regexp.MustCompile(`(?i)\byou\s+are\s+now\b`)},
	{"new instructions", regexp.MustCompile(`(?i)\b(?:new|updated|override|system)\s+(?:instructions?|prompt)\s*:`)},
	{"role injection", regexp.MustCompile(`(?im)^\s*(?:system|assistant)\s*:`)},
	{"execute", regexp.MustCompile(`(?i)\bexecute\s+(?:the\s+following|this\s+(?:command|code|script|payload)|these\s+(?:commands|instructions)|arbitrary|any\s+command|shell|the\s+command|code\b|command\b|script\b)`)},
	{"eval(", regexp.MustCompile(`(?i)\beval\s*\(`)},
	{"exec(", regexp.MustCompile(`(?i)\bexec\s*\(`)},
	{"fenced code block", regexp.MustCompile("(?m)(?:```|~~~)")},
	{"script tag", regexp.MustCompile(`(?i)<\s*script\b`)},
}

// Injection returns the name of the first instruction-injection pattern found
// in any of the texts, or "" when there is none.
func Injection(texts ...string) string {
	for _, t := range texts {
		for _, p := range injectionPatterns {
			if p.re.MatchString(t) {
				return p.name
			}
		}
	}
	return ""
}

// credentialPatterns find secrets. Where a pattern has a group named
// "secret", only that group is replaced (the password of a connection
// string, the value after "password="), so the text keeps its sense.
var credentialPatterns = []struct {
	kind string
	re   *regexp.Regexp
}{
	{"private key", regexp.MustCompile(`-----BEGIN[A-Z0-9 ]*PRIVATE KEY-----(?s:.*?)(?:-----END[A-Z0-9 ]*PRIVATE KEY-----|\z)`)},
	{"anthropic/openai key", regexp.MustCompile(`\bsk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{16,}`)},
	{"github token", regexp.MustCompile(`\bgh[pousr]_[A-Za-z0-9]{30,}\b`)},
	{"github fine-grained token", regexp.MustCompile(`\bgithub_pat_[A-Za-z0-9_]{22,}`)},
	{"gitlab token", regexp.MustCompile(`\bglpat-[A-Za-z0-9_\-]{20,}`)},
	{"slack token", regexp.MustCompile(`\bxox[abposre]-[A-Za-z0-9\-]{10,}`)},
	{"aws access key", regexp.MustCompile(`\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b`)},
	{"google api key", regexp.MustCompile(`\bAIza[0-9A-Za-z_\-]{35}\b`)},
	{"stripe key", regexp.MustCompile(`\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,}\b`)},
	{"npm token", regexp.MustCompile(`\bnpm_[A-Za-z0-9]{36}\b`)},
	{"jwt", regexp.MustCompile(`\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}`)},
	{"bearer token", regexp.MustCompile(`(?i)\b(?:bearer|token)\s+(?P<secret>[A-Za-z0-9\-._~+/]{16,}=*)`)},
	{"basic auth", regexp.MustCompile(`(?i)\bbasic\s+(?P<secret>[A-Za-z0-9+/]{12,}={0,2})`)},
	{"connection string password", regexp.MustCompile(`\b[a-zA-Z][a-zA-Z0-9+.\-]*://[^\s:/@]+:(?P<secret>[^\s@/]+)@`)},
	{"password assignment", regexp.MustCompile(`(?i)\b(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?key|auth[_-]?token|client[_-]?secret)\b["']?\s*[:=]\s*["']?(?P<secret>[^\s"',;]{4,})`)},
}

// highEntropy finds long base64-like runs; each is redacted only when its
// character entropy says it is random (a hex digest or a path is not).
var highEntropy = regexp.MustCompile(`[A-Za-z0-9+/_\-]{40,}={0,2}`)

// entropyFloor is the Shannon entropy (bits per character) above which a
// long run is taken for a secret. Hex digests reach at most 4.0; random
// base64 of 40+ characters measures about 4.7 and more.
const entropyFloor = 4.3

// RedactCredentials replaces every credential in s by [REDACTED] and returns
// the new text and the kinds found (empty when s is clean).
func RedactCredentials(s string) (string, []string) {
	var kinds []string
	for _, p := range credentialPatterns {
		secret := p.re.SubexpIndex("secret")
		found := false
		s = replaceAllSubmatch(p.re, s, func(m []int) string {
			whole := s[m[0]:m[1]]
			if secret < 0 || m[2*secret] < 0 {
				found = true
				return Redacted
			}
			if s[m[2*secret]:m[2*secret+1]] == Redacted { // redacted before
				return whole
			}
			found = true
			return whole[:m[2*secret]-m[0]] + Redacted + whole[m[2*secret+1]-m[0]:]
		})
		if found {
			kinds = append(kinds, p.kind)
		}
	}
	found := false
	s = highEntropy.ReplaceAllStringFunc(s, func(run string) string {
		if strings.Contains(run, Redacted[1:len(Redacted)-1]) || entropy(run) < entropyFloor {
			return run
		}
		found = true
		return Redacted
	})
	if found {
		kinds = append(kinds, "high-entropy string")
	}
	return s, kinds
}

// replaceAllSubmatch is regexp.ReplaceAllStringFunc with the match indexes,
// so a replacement can keep the text around a named group.
func replaceAllSubmatch(re *regexp.Regexp, s string, repl func(m []int) string) string {
	ms := re.FindAllStringSubmatchIndex(s, -1)
	if len(ms) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		b.WriteString(s[last:m[0]])
		b.WriteString(repl(m))
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// entropy is the Shannon entropy of s in bits per character.
func entropy(s string) float64 {
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	var h float64
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}
