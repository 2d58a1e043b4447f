package mind

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestJSONRounded: scores and importances in --json are rounded to what
// they mean, three decimals, never 0.49999997444620126.
func TestJSONRounded(t *testing.T) {
	h := Hit{ID: "x", Score: 0.49999997444620126, Relevance: 1.0 / 3, Effective: 0.8449999, Recency: 0.0004}
	data, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"score":0.5,`, `"relevance":0.333,`, `"effective_importance":0.845,`, `"recency":0,`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("no %s in %s", want, data)
		}
	}
	d, err := json.Marshal(Document{Path: "p.md", Effective: 0.49999997444620126, Content: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(d), `"effective_importance":0.5`) {
		t.Errorf("document: %s", d)
	}
}
