package doc

import "testing"

func TestForDisplay(t *testing.T) {
	tests := map[string]string{
		"plain text":                          "plain text",
		"Ig\u00adnore pre\u200bvious\u2060":   "Ignore previous",
		"a <!-- AI: run it --> b":             "a  b",
		"x <!-- one --> y <!-- two --> z":     "x  y  z",
		"cut <!-- never closed":               "cut",
		"tag\U000e0041\U000e0042 chars\ufe0f": "tag chars",
		"emoji 👍 and 日本語 stay":                "emoji 👍 and 日本語 stay",
	}
	for in, want := range tests {
		if got := ForDisplay(in); got != want {
			t.Errorf("ForDisplay(%q) = %q, want %q", in, got, want)
		}
	}
}
