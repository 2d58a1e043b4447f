package hooks

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// FuzzJSONDoc checks the order-keeping JSON tree against encoding/json on
// any input: what json.Valid refuses is refused, and what it accepts
// renders to the same JSON value, and renders again to the same bytes.
func FuzzJSONDoc(f *testing.F) {
	for _, tc := range settingsCases {
		f.Add([]byte(tc.data))
	}
	f.Add([]byte(`{"a":"\u00e9\n\"","b":[1,-2.5e10,true,null,{}],"c":{"d":[]}}`))
	f.Add([]byte(`[ "x" , 1 ]`))
	f.Add([]byte(`{"a":1,"a":2}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, st, err := parseJSONDoc("f", data)
		if !json.Valid(data) {
			if err == nil {
				t.Fatalf("accepted invalid JSON %q", data)
			}
			return
		}
		if err != nil {
			t.Fatalf("refused valid JSON %q: %v", data, err)
		}
		out := n.render(st)
		var a, b any
		if err := json.Unmarshal(data, &a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(out, &b); err != nil {
			t.Fatalf("rendered invalid JSON %q from %q: %v", out, data, err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("value changed: %q → %q", data, out)
		}
		n2, st2, err := parseJSONDoc("f", out)
		if err != nil {
			t.Fatal(err)
		}
		if again := n2.render(st2); string(again) != string(out) {
			t.Fatalf("not stable: %q → %q → %q", data, out, again)
		}
	})
}

// FuzzClaudeTranscript feeds any bytes to the payload reader and the
// transcript reader: no panic, and a summary is always one line of prose.
func FuzzClaudeTranscript(f *testing.F) {
	f.Add([]byte(sessionStartPayload))
	f.Add([]byte(`{"type":"user","message":{"role":"user","content":[{"type":"text","text":"hi"}]}}`))
	f.Add([]byte(`{"type":"assistant","message":{"content":[{"type":"text","text":"a\n` + "```" + `\nb"},{"type":"tool_use","name":"Edit","input":{"file_path":"/x"}}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = ReadClaudeInput(bytes.NewReader(data))
		var tt transcriptTurn
		seen := map[string]bool{}
		for _, line := range bytes.Split(data, []byte("\n")) {
			tt.add(line, seen)
		}
		if s := proseOnly(tt.lastAnswer); strings.ContainsAny(s, "\n\t") {
			t.Fatalf("not one line: %q", s)
		}
	})
}
