package doc

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
	"time"
)

func sha(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// refHash is SPEC §2's normalization written the plain way.
func refHash(body string) string {
	return sha(strings.Join(strings.Fields(strings.ToLower(body)), " "))
}

func TestHash(t *testing.T) {
	tests := []struct{ body, normalized string }{
		{"Hello   World", "hello world"},
		{"\n\n  Hello\tWorld \r\n\n\n", "hello world"},
		{"ÉCOLE — Ünïcode", "école — ünïcode"},
		{"a\u00a0b\u2003c\u0085d", "a b c d"},
		{"line one\n\nline two", "line one line two"},
		{"", ""},
		{" \n\t ", ""},
	}
	for _, tt := range tests {
		if got := Hash(tt.body); got != sha(tt.normalized) {
			t.Errorf("Hash(%q) = %s, want sha256(%q)", tt.body, got, tt.normalized)
		}
	}
	long := strings.Repeat("Ünïcode   WORDS\t\n", 200)
	if Hash(long) != refHash(long) {
		t.Error("a body longer than the buffer hashes differently")
	}
	if Hash("a b") == Hash("ab") {
		t.Error("white space between words must count")
	}
}

func FuzzHash(f *testing.F) {
	f.Add("Hello   World")
	f.Add("ÉCOLE\u00a0x\xff")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Hash(s), refHash(s); got != want {
			t.Fatalf("Hash(%q) = %s, reference %s", s, got, want)
		}
	})
}

func TestTitle(t *testing.T) {
	long := strings.Repeat("x", 100)
	tests := []struct{ body, want string }{
		{specDoc().Body, "Use local git only — no remote push in daemon. Reduces complexity and…"},
		{"Short body.", "Short body."},
		{"  two\n\nlines  ", "two lines"},
		{strings.Repeat("a", 80), strings.Repeat("a", 80)},
		{strings.Repeat("a", 75) + " bcdef", strings.Repeat("a", 75) + "…"},
		{long, strings.Repeat("x", 79) + "…"},
		{strings.Repeat("日本語", 30), strings.Repeat("日本語", 26) + "日…"},
		{"", ""},
	}
	for _, tt := range tests {
		got := Title(tt.body)
		if got != tt.want {
			t.Errorf("Title(%q) = %q, want %q", tt.body, got, tt.want)
		}
		if n := len([]rune(got)); n > TitleMax {
			t.Errorf("Title(%q) has %d characters", tt.body, n)
		}
	}
}

func TestDocPath(t *testing.T) {
	created := time.Date(2026, 3, 1, 0, 30, 0, 0, time.FixedZone("CET", 3600)) // 2026-02-28 in UTC
	taken := map[string]bool{}
	exists := func(p string) bool { return taken[p] }
	p1 := DocPath("vault/decisions/", created, specHash, exists)
	if p1 != "vault/decisions/2026-02/2026-02-28-3deda2bc.md" {
		t.Fatalf("DocPath = %s", p1)
	}
	taken[p1] = true
	p2 := DocPath("vault/decisions", created, specHash, exists)
	taken[p2] = true
	p3 := DocPath("vault/decisions", created, specHash, exists)
	if p2 != "vault/decisions/2026-02/2026-02-28-3deda2bc-2.md" || p3 != "vault/decisions/2026-02/2026-02-28-3deda2bc-3.md" {
		t.Errorf("collisions: %s %s", p2, p3)
	}
	if p := DocPath("mind/concepts", created, "abc", nil); p != "mind/concepts/2026-02/2026-02-28-abc.md" {
		t.Errorf("short hash: %s", p)
	}
}

func TestParseTimeFastPath(t *testing.T) {
	for _, s := range []string{
		"2026-02-16T15:23:14.527Z", "2026-02-16T15:23:14Z", "2024-02-29T23:59:59.123456789Z", "2026-02-16T15:23:14.1Z",
		"0001-01-01T00:00:00Z", "2023-02-29T00:00:00Z", "2026-02-16T15:23:14.1234567891Z", "2026-02-16T15:23:14+02:00",
		"2026-02-16T24:00:00Z", "2026-02-16t15:23:14Z", "2026-02-16T15:23:14.Z",
	} {
		want, werr := time.Parse(time.RFC3339, s)
		got, gerr := ParseTime(s)
		if (werr == nil) != (gerr == nil) || !got.Equal(want) || (gerr == nil && got.Location() != want.Location()) {
			t.Errorf("ParseTime(%q) = %v, %v; time.Parse says %v, %v", s, got, gerr, want, werr)
		}
	}
}

func FuzzParseTime(f *testing.F) {
	f.Add("2026-02-16T15:23:14.527Z")
	f.Add("2024-02-29T23:59:59.123456789Z")
	f.Fuzz(func(t *testing.T, s string) {
		want, werr := time.Parse(time.RFC3339, s)
		if werr == nil {
			if y := want.UTC().Year(); y < 0 || y > 9999 {
				return
			}
		}
		got, gerr := ParseTime(s)
		if (werr == nil) != (gerr == nil) || !got.Equal(want) {
			t.Fatalf("ParseTime(%q) = %v, %v; time.Parse says %v, %v", s, got, gerr, want, werr)
		}
	})
}
