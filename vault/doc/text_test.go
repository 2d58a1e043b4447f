package doc

import "testing"

func TestCutWords(t *testing.T) {
	tests := []struct {
		in      string
		max     int
		want    string
		wantCut bool
	}{
		{"short", 10, "short", false},
		{"exactly ten", 11, "exactly ten", false},
		{"one two three", 9, "one two", true},
		{"one two three", 7, "one two", true},
		{"one two three", 8, "one two", true},
		{"abcdefghij", 4, "abcd", true},
		{"héllo wörld ünïcode", 12, "héllo wörld", true},
		{"a    b", 3, "a", true},
	}
	for _, tt := range tests {
		got, cut := CutWords(tt.in, tt.max)
		if got != tt.want || cut != tt.wantCut {
			t.Errorf("CutWords(%q, %d) = %q, %v; want %q, %v", tt.in, tt.max, got, cut, tt.want, tt.wantCut)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	types := []string{"decision", "lesson", "task"}
	for in, want := range map[string]string{
		"decison": "decision", "Decision": "decision", "lessons": "lesson",
		"tsak": "task", "recipe": "", "": "", "décision": "decision",
	} {
		if got := DidYouMean(in, types); got != want {
			t.Errorf("DidYouMean(%q) = %q, want %q", in, got, want)
		}
	}
}
