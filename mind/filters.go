package mind

import "time"

// Filters are what a face takes beside the query's text — `cortex search`'s
// flags, search_observations' arguments — each of which may also be
// written in the text itself (type:decision).
type Filters struct {
	Types     []string
	Tags      []string
	Statuses  []string
	Since     string // a date, an RFC 3339 time, today, yesterday or an age (ParseSince)
	AllStatus bool
	Limit     int // 0: DefaultLimit
}

// FilterError is a filter given beside the text that is not valid; Field
// names it (query, type, tag, status, since, limit) so that a face can
// point at its own flag or argument. Err is a *QueryError.
type FilterError struct {
	Field string
	Err   error
}

func (e *FilterError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *FilterError) Unwrap() error { return e.Err }

// NewQuery is ParseQuery of text with the filters f added: one query from a
// face's text and its separate filters. The notes are ParseQuery's.
func NewQuery(text string, f Filters, now time.Time) (Query, []string, error) {
	q, notes, err := ParseQuery(text, now)
	if err != nil {
		return q, nil, &FilterError{"query", err}
	}
	for _, add := range []struct {
		field  string
		values []string
		add    func(string) error
	}{{"type", f.Types, q.AddType}, {"tag", f.Tags, q.AddTag}, {"status", f.Statuses, q.AddStatus}} {
		for _, v := range add.values {
			if err := add.add(v); err != nil {
				return q, nil, &FilterError{add.field, err}
			}
		}
	}
	if f.Since != "" {
		t, err := ParseSince(f.Since, now)
		if err != nil {
			return q, nil, &FilterError{"since", err}
		}
		q.SetSince(t)
	}
	q.AllStatus = q.AllStatus || f.AllStatus
	if f.Limit < 0 || f.Limit > MaxLimit {
		return q, nil, &FilterError{"limit", queryErrorf("%d is not from 1 to %d", f.Limit, MaxLimit)}
	}
	q.Limit = f.Limit
	return q, notes, nil
}
