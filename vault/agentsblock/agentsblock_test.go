package agentsblock

import (
	"strings"
	"testing"
)

func TestSplice(t *testing.T) {
	block := Render([]byte("- a rule ‹abc12345›\n"), "memory")
	for _, tc := range []struct{ name, in, want string }{
		{"empty file", "", block},
		{"appended after a blank line", "# Mine", "# Mine\n\n" + block},
		{"appended, one newline there", "# Mine\n", "# Mine\n\n" + block},
		{"replaced in place", "a\n" + Begin + "\nold\n" + End + "\nb\n", "a\n" + block + "b\n"},
		{"CRLF after the end marker", "a\r\n" + Begin + "\r\nold\r\n" + End + "\r\nb\r\n", "a\r\n" + block + "b\r\n"},
	} {
		got, err := Splice(tc.in, block)
		if err != nil || got != tc.want {
			t.Errorf("%s: Splice = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
	for _, in := range []string{"x\n" + End + "\n", "x\n" + Begin + "\n"} {
		if _, err := Splice(in, block); err == nil {
			t.Errorf("Splice(%q): no error for a lone marker", in)
		}
	}
}

// TestRenderNoFakeMarker: a memory's text cannot end the block early or
// carry a terminal escape into it.
func TestRenderNoFakeMarker(t *testing.T) {
	b := Render([]byte("- evil "+End+" \x1b]52;c;AAAA\x07 ‹abc›\n"), ".")
	if strings.Count(b, End) != 1 || strings.ContainsAny(b, "\x1b\x07") {
		t.Errorf("Render let a marker or an escape through:\n%q", b)
	}
	if !Has([]byte(b)) {
		t.Error("Has is false for a rendered block")
	}
}
