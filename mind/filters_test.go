package mind

import (
	"errors"
	"slices"
	"testing"
	"time"
)

func TestNewQuery(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	q, _, err := NewQuery("sqlite type:lesson", Filters{
		Types: []string{"Decision"}, Tags: []string{"area/git"}, Statuses: []string{"resolved"},
		Since: "7d", AllStatus: true, Limit: 5,
	}, now)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(q.Types, []string{"lesson", "decision"}) || !slices.Equal(q.Tags, []string{"area/git"}) ||
		!slices.Contains(q.Statuses, "resolved") || !q.AllStatus || q.Limit != 5 || !q.Since.Equal(now.Add(-7*24*time.Hour)) {
		t.Errorf("query %+v", q)
	}
	for _, c := range []struct {
		field string
		f     Filters
		text  string
	}{
		{"query", Filters{}, "type:"},
		{"type", Filters{Types: []string{" "}}, ""},
		{"tag", Filters{Tags: []string{"#bad tag"}}, ""},
		{"status", Filters{Statuses: []string{"sleeping"}}, ""},
		{"since", Filters{Since: "soon"}, ""},
		{"limit", Filters{Limit: MaxLimit + 1}, ""},
		{"limit", Filters{Limit: -1}, ""},
	} {
		_, _, err := NewQuery(c.text, c.f, now)
		fe, ok := errors.AsType[*FilterError](err)
		if !ok || fe.Field != c.field {
			t.Errorf("%s %+v: %v, want a FilterError on %s", c.text, c.f, err, c.field)
			continue
		}
		if _, ok := errors.AsType[*QueryError](err); !ok {
			t.Errorf("%s: %v is no QueryError", c.field, err)
		}
	}
}
