package doc

import (
	"strings"
	"testing"
)

// TestEchoes: what a person gave is shown on one line, cut when long;
// a file's name is quoted only when it could bend the line, never cut.
func TestEchoes(t *testing.T) {
	long := strings.Repeat("a", 100<<10)
	cut := `"` + strings.Repeat("a", ExcerptRunes) + `…"`
	for _, c := range []struct{ in, mention, name, line string }{
		{"vault/x.md", "vault/x.md", "vault/x.md", "vault/x.md"},
		{"with space.md", "with space.md", "with space.md", "with space.md"},
		{"a\nb.md", `"a\nb.md"`, `"a\nb.md"`, `a\nb.md`},
		{"say \"hi\"", `"say \"hi\""`, `"say \"hi\""`, `say "hi"`},
		{"esc\x1b[31m", `"esc\x1b[31m"`, `"esc\x1b[31m"`, `esc\x1b[31m`},
		{long, cut, long, long},
	} {
		if got := Mention(c.in); got != c.mention {
			t.Errorf("Mention(%.40q) = %.100q, want %.100q", c.in, got, c.mention)
		}
		if got := QuoteName(c.in); got != c.name {
			t.Errorf("QuoteName(%.40q) = %.100q, want %.100q", c.in, got, c.name)
		}
		if got := OneLine(c.in); got != c.line {
			t.Errorf("OneLine(%.40q) = %.100q, want %.100q", c.in, got, c.line)
		}
	}
}
