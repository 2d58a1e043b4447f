package gitstore

import (
	"fmt"
	"strings"
)

// Trailer is one "Key: value" line of a commit message's trailer block, as
// read by `git interpret-trailers` and `git log --format=%(trailers)`.
type Trailer struct {
	Key   string
	Value string
}

// FormatTrailers renders trailers as the block that ends a commit message,
// one "Key: value" line each, in the given order, ending in a newline.
// Append it to a message after a blank line. Keys are letters, digits and
// '-'; values are one line.
func FormatTrailers(trailers []Trailer) (string, error) {
	var b strings.Builder
	for _, t := range trailers {
		if !validTrailerKey(t.Key) {
			return "", fmt.Errorf("trailer key %q: want letters, digits and '-'", t.Key)
		}
		v := strings.TrimSpace(t.Value)
		if v == "" || strings.ContainsAny(v, "\r\n") {
			return "", fmt.Errorf("trailer %s: value %q must be one non-empty line", t.Key, t.Value)
		}
		b.WriteString(t.Key)
		b.WriteString(": ")
		b.WriteString(v)
		b.WriteByte('\n')
	}
	return b.String(), nil
}

func validTrailerKey(k string) bool {
	if k == "" || k[0] == '-' {
		return false
	}
	for _, c := range []byte(k) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// ParseTrailers returns the trailers of a commit message: its last paragraph
// when every line of it is a "Key: value" line (or a continuation of one,
// indented), and not the whole message. Anything else has no trailers.
func ParseTrailers(message string) []Trailer {
	lines := strings.Split(strings.TrimRight(message, "\n \t"), "\n")
	start := len(lines)
	for start > 0 && strings.TrimSpace(lines[start-1]) != "" {
		start--
	}
	if start == 0 {
		return nil // a message that is one paragraph is all subject and body
	}
	var out []Trailer
	for _, line := range lines[start:] {
		line = strings.TrimRight(line, " \t\r")
		if line[0] == ' ' || line[0] == '\t' {
			if len(out) == 0 {
				return nil
			}
			out[len(out)-1].Value += " " + strings.TrimSpace(line)
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok || !validTrailerKey(k) {
			return nil
		}
		out = append(out, Trailer{Key: k, Value: strings.TrimSpace(v)})
	}
	return out
}
