package mind

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault/doc"
)

// Query is a parsed search: the words to look for and the filters. The
// zero Query matches every document the default statuses allow.
type Query struct {
	// Terms are the words and phrases, in the order given.
	Terms []Term `json:"terms"`
	// Types keeps documents of any of these types (empty: all).
	Types []string `json:"types,omitempty"`
	// Tags keeps documents that carry every one of these tags, or a tag
	// nested below one (tag:area matches area/git).
	Tags []string `json:"tags,omitempty"`
	// Since keeps documents created at or after it (zero: no bound).
	Since time.Time `json:"since,omitzero"`
	// Statuses keeps documents whose status is one of these. Empty means
	// DefaultStatuses, unless AllStatus is set.
	Statuses  []string `json:"statuses,omitempty"`
	AllStatus bool     `json:"all_status,omitempty"`
	// Limit is the most results (0: DefaultLimit).
	Limit int `json:"limit,omitempty"`
}

// Term is one word or phrase of a query.
type Term struct {
	// Text is what the user wrote, without quotes, star or minus.
	Text string `json:"text"`
	// Phrase: the words of Text must follow each other ("…" in the query).
	Phrase bool `json:"phrase,omitempty"`
	// Prefix: the last word of Text may be the start of a longer word
	// (a trailing * in the query).
	Prefix bool `json:"prefix,omitempty"`
	// Exclude: documents with it are left out (a leading - in the query).
	Exclude bool `json:"exclude,omitempty"`
}

// DefaultLimit is how many results a search returns unless told.
const DefaultLimit = 10

// MaxLimit bounds --limit: a pull search is an index to choose from, and
// every result costs an agent about 50 tokens.
const MaxLimit = 1000

// MaxTerms is the most distinct terms a query keeps; the rest are dropped
// with a note. An agent pasting a whole file as a query gets results for its
// first words instead of an FTS expression thousands of terms long.
const MaxTerms = 32

// maxTermBytes bounds one term; a longer one is cut at a rune boundary.
const maxTermBytes = 200

// Statuses a document may have (SPEC §2). An empty status means active.
const (
	StatusActive     = "active"
	StatusResolved   = "resolved"
	StatusOutdated   = "outdated"
	StatusSuperseded = "superseded"
	StatusArchived   = "archived"
)

// Statuses lists every status, in the order of SPEC §2.
var Statuses = []string{StatusActive, StatusResolved, StatusOutdated, StatusSuperseded, StatusArchived}

// DefaultStatuses are what a pull search shows without status filters:
// resolved and outdated memories are history worth finding (SPEC §7: pull
// search includes resolved memories); superseded ones have a successor that
// says it better, and archived ones decayed out.
var DefaultStatuses = []string{StatusActive, StatusResolved, StatusOutdated}

// QueryError is a query the user must change: a bad filter value. Its
// message names the filter and what is expected.
type QueryError struct {
	Msg string
}

func (e *QueryError) Error() string { return e.Msg }

func queryErrorf(format string, args ...any) error {
	return &QueryError{Msg: fmt.Sprintf(format, args...)}
}

// ParseQuery reads a search string: words, "quoted phrases", word* (a
// prefix), -word (excluded), and the filters type:T, tag:T, since:WHEN and
// status:S, which may repeat. Everything else is a word to look for, however
// it is spelled: the string is never handed to SQLite as syntax, so quotes,
// parentheses, AND/OR/NOT, NEAR and column names are plain text. now anchors
// relative dates (since:7d). The notes say what was dropped (terms past
// MaxTerms).
func ParseQuery(s string, now time.Time) (Query, []string, error) {
	var q Query
	var notes []string
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, " ")
	}
	seen := map[Term]bool{}
	dropped, blank := 0, 0
	add := func(t Term) {
		if len(t.Text) > maxTermBytes {
			t.Text = cutBytes(t.Text, maxTermBytes)
		}
		if !hasTokenChar(t.Text) {
			// Nothing FTS5 would index ("(", "*", "--"): searching for it
			// would match nothing, and as an exclusion exclude nothing.
			blank++
			return
		}
		key := Term{Text: strings.ToLower(t.Text), Phrase: t.Phrase, Prefix: t.Prefix, Exclude: t.Exclude}
		if seen[key] {
			return
		}
		if len(seen) == MaxTerms {
			dropped++
			return
		}
		seen[key] = true
		q.Terms = append(q.Terms, t)
	}
	for _, tok := range splitQuery(s) {
		if !tok.quoted {
			handled, err := q.filter(tok.text, now)
			if err != nil {
				return Query{}, nil, err
			}
			if handled {
				continue
			}
		}
		t := Term{Text: tok.text, Phrase: tok.quoted}
		if tok.minus {
			t.Exclude = true
		}
		if tok.star {
			t.Prefix = true
		}
		if !tok.quoted {
			t.Text, t.Prefix, t.Exclude = bareTerm(tok.text)
		}
		add(t)
	}
	if dropped > 0 {
		notes = append(notes, fmt.Sprintf("the query has more than %d distinct terms: %d dropped", MaxTerms, dropped))
	}
	if blank > 0 && len(q.Terms) == 0 {
		// "(((" is not a request for everything; say why everything came.
		notes = append(notes, "the query has no word to look for: every memory the filters allow")
	}
	return q, notes, nil
}

// Words reports whether the query has terms to look for (not only
// exclusions and filters).
func (q Query) Words() bool {
	for _, t := range q.Terms {
		if !t.Exclude {
			return true
		}
	}
	return false
}

// token is one piece of a query string.
type token struct {
	text   string
	quoted bool // was "…"
	minus  bool // a - right before the opening quote
	star   bool // a * right after the closing quote
}

// splitQuery cuts s at white space, keeping "quoted phrases" whole. An
// unbalanced quote runs to the end of the string.
func splitQuery(s string) []token {
	var out []token
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			i += size
			continue
		}
		minus := false
		if r == '-' && i+1 < len(s) && s[i+1] == '"' {
			minus = true
			i++
			r = '"'
		}
		if r == '"' {
			end := strings.IndexByte(s[i+1:], '"')
			var text string
			if end < 0 {
				text, i = s[i+1:], len(s)
			} else {
				text, i = s[i+1:i+1+end], i+1+end+1
			}
			star := false
			if i < len(s) && s[i] == '*' {
				star = true
				i++
			}
			out = append(out, token{text: text, quoted: true, minus: minus, star: star})
			continue
		}
		j := i
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += size
		}
		out = append(out, token{text: s[i:j]})
		i = j
	}
	return out
}

// bareTerm reads an unquoted word: a leading - excludes it, a trailing *
// makes it a prefix. Other punctuation stays: the tokenizer of the index
// splits "foo-bar" and "title:x" into words the same way it split the
// documents.
func bareTerm(s string) (text string, prefix, exclude bool) {
	if strings.HasPrefix(s, "-") && len(s) > 1 {
		exclude = true
		s = s[1:]
	}
	if strings.HasSuffix(s, "*") {
		prefix = true
		s = strings.TrimRight(s, "*")
	}
	return s, prefix, exclude
}

// filter applies s when it is a filter (key:value with a known key) and
// reports whether it was one.
func (q *Query) filter(s string, now time.Time) (bool, error) {
	key, val, ok := strings.Cut(s, ":")
	if !ok {
		return false, nil
	}
	switch strings.ToLower(key) {
	case "type", "tag", "since", "status":
	default:
		return false, nil
	}
	key = strings.ToLower(key)
	if val == "" {
		return true, queryErrorf("filter %s needs a value (e.g. %s)", doc.Excerpt(s), filterExample(key))
	}
	switch key {
	case "type":
		return true, q.AddType(val)
	case "tag":
		return true, q.AddTag(val)
	case "status":
		return true, q.AddStatus(val)
	default:
		t, err := ParseSince(val, now)
		if err != nil {
			return true, err
		}
		q.SetSince(t)
		return true, nil
	}
}

func filterExample(key string) string {
	switch key {
	case "type":
		return "type:decision"
	case "tag":
		return "tag:area/git"
	case "status":
		return "status:resolved"
	}
	return "since:7d or since:2026-02-01"
}

// AddType adds a type filter (several: any of them). Whether the type
// exists is checked against the taxonomy when the search runs.
func (q *Query) AddType(t string) error {
	t = strings.ToLower(strings.TrimSpace(t))
	if t == "" {
		return queryErrorf("type filter: needs a value (e.g. type:decision)")
	}
	if !slices.Contains(q.Types, t) {
		q.Types = append(q.Types, t)
	}
	return nil
}

// AddTag adds a tag filter (several: all of them). A leading # is allowed,
// as people write tags in notes.
func (q *Query) AddTag(t string) error {
	t = strings.TrimPrefix(strings.TrimSpace(t), "#")
	t = strings.TrimSuffix(t, "/")
	if err := doc.ValidateTag(t); err != nil {
		return queryErrorf("tag filter %s: %v", doc.Excerpt(t), err)
	}
	t = strings.ToLower(t)
	if !slices.Contains(q.Tags, t) {
		q.Tags = append(q.Tags, t)
	}
	return nil
}

// AddStatus adds a status filter (several: any of them); "all" is the same
// as AllStatus.
func (q *Query) AddStatus(s string) error {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "all" || s == "any" {
		q.AllStatus = true
		return nil
	}
	if !slices.Contains(Statuses, s) {
		return queryErrorf("status filter %s: expected one of %s, or all", doc.Excerpt(s), strings.Join(Statuses, ", "))
	}
	if !slices.Contains(q.Statuses, s) {
		q.Statuses = append(q.Statuses, s)
	}
	return nil
}

// SetSince keeps the later bound when since is given twice.
func (q *Query) SetSince(t time.Time) {
	if t.After(q.Since) {
		q.Since = t
	}
}

// StatusSet is the statuses the query keeps; nil means every status.
func (q Query) StatusSet() []string {
	switch {
	case q.AllStatus:
		return nil
	case len(q.Statuses) > 0:
		return q.Statuses
	}
	return DefaultStatuses
}

// ParseSince reads a since: value: a date (2026-02-01, midnight UTC), an
// RFC 3339 time, today, yesterday, or an age back from now: a number and a
// unit, h (hours), d (days), w (weeks), m (months of 30 days) or y (years
// of 365 days), e.g. 7d or 2w.
func ParseSince(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "today":
		return midnight(now), nil
	case "yesterday":
		return midnight(now).AddDate(0, 0, -1), nil
	}
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), nil
	}
	if n, unit, ok := splitAge(s); ok {
		var d time.Duration
		switch unit {
		case 'h':
			d = time.Hour
		case 'd':
			d = 24 * time.Hour
		case 'w':
			d = 7 * 24 * time.Hour
		case 'm':
			d = 30 * 24 * time.Hour
		case 'y':
			d = 365 * 24 * time.Hour
		}
		// Bound the age so the multiplication cannot overflow: 200 years
		// back is before any memory.
		const maxAge = 200 * 365 * 24 * time.Hour
		if n > int64(maxAge/d) {
			n = int64(maxAge / d)
		}
		return now.Add(-time.Duration(n) * d).UTC(), nil
	}
	return time.Time{}, queryErrorf("since filter %s: expected a date (2026-02-01), an RFC 3339 time, today, yesterday, or an age such as 12h, 7d, 2w, 3m, 1y", doc.Excerpt(s))
}

func splitAge(s string) (int64, byte, bool) {
	if len(s) < 2 {
		return 0, 0, false
	}
	unit := s[len(s)-1] | 0x20 // lower case
	if !strings.ContainsRune("hdwmy", rune(unit)) {
		return 0, 0, false
	}
	digits := s[:len(s)-1]
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, 0, false
		}
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil {
		// All digits but too many of them: as far back as can be.
		n = 1 << 62
	}
	return n, unit, true
}

func midnight(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// hasTokenChar reports whether s has a character the index's tokenizer
// keeps (unicode61: letters, numbers, private use).
func hasTokenChar(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Co, r) {
			return true
		}
	}
	return false
}

// cutBytes cuts s to at most n bytes at a rune boundary.
func cutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
