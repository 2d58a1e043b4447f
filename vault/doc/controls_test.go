package doc

import "testing"

func TestEscapeControls(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text\nwith\ttabs", "plain text\nwith\ttabs"},
		{"red \x1b[31malert\x1b[0m", `red \x1b[31malert\x1b[0m`},
		{"clip \x1b]52;c;ZXZpbA==\x07 done", `clip \x1b]52;c;ZXZpbA==\x07 done`},
		{"line\r\nend", "line\nend"},
		{"over\rwrite", `over\x0dwrite`},
		{"csi \u009b31m c1", `csi \x9b31m c1`},
		{"del\x7f nul\x00", `del\x7f nul\x00`},
		{"bidi \u202eevil\u202c", `bidi \u202eevil\u202c`},
		{"isolate \u2066x\u2069 sep\u2028", `isolate \u2066x\u2069 sep\u2028`},
		{"bad \xff byte", `bad \xff byte`},
		{"naïve café ✓", "naïve café ✓"},
	} {
		if got := EscapeControls(tc.in); got != tc.want {
			t.Errorf("EscapeControls(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// For an agent: escaped, and invisible characters and comments gone.
	if got := ForDisplay("a\x1b[2Jb\u200b<!-- hidden -->c\u202e"); got != `a\x1b[2Jbc\u202e` {
		t.Errorf("ForDisplay = %q", got)
	}
}

func FuzzEscapeControls(f *testing.F) {
	for _, s := range []string{"", "a\x1bb", "\r\n", "\u202e", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := EscapeControls(s)
		for _, r := range out {
			if Control(r) || r == '\r' {
				t.Fatalf("EscapeControls(%q) = %q keeps a control character %U", s, out, r)
			}
		}
	})
}

func TestEscapeJSONControls(t *testing.T) {
	in := []byte("{\"t\":\"a\u202eb\u009bc\x7fd ok é\"}\n")
	want := `{"t":"a\u202eb\u009bc\u007fd ok é"}` + "\n"
	if got := string(EscapeJSONControls(in)); got != want {
		t.Errorf("EscapeJSONControls = %q, want %q", got, want)
	}
}
