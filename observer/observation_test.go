package observer

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault/doc"
)

// seedLine is the observation of the seed's Example 1 (step 1).
const seedLine = `{"timestamp":"2026-02-16T15:23:14.527Z","bucket":"explicit","type":"decision",` +
	`"body":"Use local git only — no remote push in daemon. Reduces complexity and eliminates network failure mode.",` +
	`"entities":[{"name":"owner","type":"person"},{"name":"Cortex","type":"project"}],` +
	`"attribution":"owner","session_id":"022a598a-7ca8-4ccf-80bb-f1919386421e","confidence":0.95,"importance":0.9,` +
	`"context":"Discussing observer daemon deployment and git sync strategy",` +
	`"source_quote":"Let's use local git only — no remote push in the daemon"}`

// with returns seedLine changed: each pair is a field and its raw JSON value,
// or "-" to delete the field.
func with(t testing.TB, pairs ...string) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(seedLine), &m); err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == "-" {
			delete(m, pairs[i])
			continue
		}
		m[pairs[i]] = json.RawMessage(pairs[i+1])
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// words returns n characters of space-separated words.
func words(n int) string {
	var b strings.Builder
	for b.Len() < n {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("word")
	}
	s := b.String()[:n]
	if strings.HasSuffix(s, " ") { // keep n characters after trimming
		s = s[:n-1] + "w"
	}
	return s
}

func testTaxonomy(t testing.TB) *doc.Taxonomy {
	t.Helper()
	return doc.DefaultTaxonomy()
}

func TestParseLineSeed(t *testing.T) {
	o, warnings, err := ParseLine([]byte(seedLine), testTaxonomy(t))
	if err != nil {
		t.Fatalf("seed line refused: %v", err)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings = %q, want none", warnings)
	}
	conf, imp := 0.95, 0.9
	want := Observation{
		Timestamp:   time.Date(2026, 2, 16, 15, 23, 14, 527e6, time.UTC),
		Bucket:      "explicit",
		Type:        "decision",
		Body:        "Use local git only — no remote push in daemon. Reduces complexity and eliminates network failure mode.",
		Attribution: "owner",
		SessionID:   "022a598a-7ca8-4ccf-80bb-f1919386421e",
		Confidence:  &conf,
		Importance:  &imp,
		Context:     "Discussing observer daemon deployment and git sync strategy",
		SourceQuote: "Let's use local git only — no remote push in the daemon",
		Entities:    []Entity{{"owner", "person"}, {"Cortex", "project"}},
	}
	if !reflect.DeepEqual(o, want) {
		t.Errorf("parsed\n%+v\nwant\n%+v", o, want)
	}
	got, err := o.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	const canonical = `{"timestamp":"2026-02-16T15:23:14.527Z","bucket":"explicit","type":"decision",` +
		`"body":"Use local git only — no remote push in daemon. Reduces complexity and eliminates network failure mode.",` +
		`"attribution":"owner","session_id":"022a598a-7ca8-4ccf-80bb-f1919386421e","confidence":0.95,"importance":0.9,` +
		`"context":"Discussing observer daemon deployment and git sync strategy",` +
		`"source_quote":"Let's use local git only — no remote push in the daemon",` +
		`"entities":[{"name":"owner","type":"person"},{"name":"Cortex","type":"project"}]}`
	if string(got) != canonical {
		t.Errorf("Marshal =\n%s\nwant\n%s", got, canonical)
	}
}

// TestParseLineRules walks the seed's step-4a table (each check, passing and
// failing) and every other rule of SPEC §4.
func TestParseLineRules(t *testing.T) {
	uuidSession := `"022a598a-7ca8-4ccf-80bb-f1919386421e"`
	tests := []struct {
		name    string
		line    string
		wantErr string // exact message; "" means accepted
	}{
		// Seed step 4a, checks that pass.
		{"seed: all required present", seedLine, ""},
		{"seed: bucket explicit", with(t, "bucket", `"explicit"`), ""},
		{"seed: bucket ambient", with(t, "bucket", `"ambient"`), ""},
		{"seed: type in default taxonomy", with(t, "type", `"preference"`), ""},
		{"seed: custom shipped type", with(t, "type", `"bugfix"`), ""},
		{"seed: body of 1 character", with(t, "body", `"x"`), ""},
		{"seed: body of 500 characters", with(t, "body", jsonString(words(500))), ""},
		{"seed: context of 1000 characters", with(t, "context", jsonString(words(1000))), ""},
		{"seed: quote of 500 characters", with(t, "source_quote", jsonString(words(500))), ""},
		{"seed: timestamp ISO-8601", with(t, "timestamp", `"2026-02-16T15:23:14Z"`), ""},
		{"seed: session UUID", with(t, "session_id", uuidSession), ""},
		{"seed: confidence 0", with(t, "confidence", `0`), ""},
		{"seed: confidence 1", with(t, "confidence", `1`), ""},
		{"seed: importance 0.5", with(t, "importance", `0.5`), ""},

		// Seed step 4a, example failures.
		{"seed: bucket maybe", with(t, "bucket", `"maybe"`), `field "bucket": "maybe" is not explicit or ambient`},
		{"seed: type suggestion", with(t, "type", `"suggestion"`), `field "type": "suggestion" is not a type in the taxonomy (see taxonomy.yml)`},
		{"seed: timestamp yesterday", with(t, "timestamp", `"yesterday"`), `field "timestamp": "yesterday" is not an RFC 3339 / ISO-8601 date-time (want e.g. 2026-02-16T15:23:14.527Z)`},

		// Required fields.
		{"missing timestamp", with(t, "timestamp", "-"), `field "timestamp": required (an RFC 3339 date-time such as 2026-02-16T15:23:14.527Z)`},
		{"missing bucket", with(t, "bucket", "-"), `field "bucket": required (explicit or ambient)`},
		{"missing type", with(t, "type", "-"), `field "type": required (a type of the taxonomy, such as fact or decision)`},
		{"missing body", with(t, "body", "-"), `field "body": required and not empty`},
		{"empty body", with(t, "body", `""`), `field "body": required and not empty`},
		{"blank body", with(t, "body", `" \n\t "`), `field "body": required and not empty`},
		{"missing attribution", with(t, "attribution", "-"), `field "attribution": required: who said or noticed it`},
		{"missing session", with(t, "session_id", "-"), `field "session_id": required (the agent's session UUID, or "cli")`},
		{"null is absent", with(t, "body", "null"), `field "body": required and not empty`},

		// Values.
		{"type observation reserved", with(t, "type", `"observation"`), `field "type": "observation" is reserved for staging and is never a stored type`},
		{"type Observation reserved", with(t, "type", `"Observation"`), `field "type": "Observation" is reserved for staging and is never a stored type`},
		{"type typo suggests", with(t, "type", `"decison"`), `field "type": "decison" is not a type in the taxonomy (did you mean "decision"?) (see taxonomy.yml)`},
		{"session cli", with(t, "session_id", `"cli"`), ""},
		{"session not a UUID", with(t, "session_id", `"session-42"`), `field "session_id": "session-42" is not a UUID (8-4-4-4-12 hex digits) or "cli"`},
		{"session UUID without dashes", with(t, "session_id", `"022a598a7ca84ccf80bbf1919386421e"`), `field "session_id": "022a598a7ca84ccf80bbf1919386421e" is not a UUID (8-4-4-4-12 hex digits) or "cli"`},
		{"confidence 1.5", with(t, "confidence", `1.5`), `field "confidence": 1.5 is out of range [0,1]`},
		{"confidence negative", with(t, "confidence", `-0.1`), `field "confidence": -0.1 is out of range [0,1]`},
		{"importance 2", with(t, "importance", `2`), `field "importance": 2 is out of range [0,1]`},
		{"importance huge", with(t, "importance", `1e400`), `field "importance": 1e400 is out of range [0,1]`},
		{"confidence as string", with(t, "confidence", `"0.9"`), `field "confidence": want a number from 0 to 1, got a string`},
		{"body as number", with(t, "body", `42`), `field "body": want a string, got a number`},
		{"tags as string", with(t, "tags", `"go"`), `field "tags": want a list of strings, got a string`},
		{"tags item as number", with(t, "tags", `["go",7]`), `field "tags[1]": want a string, got a number`},
		{"entities as object", with(t, "entities", `{"name":"x"}`), `field "entities": want a list of {"name", "type"} objects, got an object`},
		{"entity as string", with(t, "entities", `["owner"]`), `field "entities[0]": want an object {"name", "type"}, got a string`},
		{"entity without name", with(t, "entities", `[{"type":"person"}]`), `field "entities[0].name": required and not empty`},
		{"entity without type", with(t, "entities", `[{"name":"owner"}]`), `field "entities[0].type": required and not empty (person, project, tool, ...)`},
		{"entity unknown field", with(t, "entities", `[{"name":"owner","type":"person","role":"x"}]`), `field "entities[0].role": is not a field of an entity (name and type only)`},
		{"entity repeated field", with(t, "entities", `[{"name":"a","name":"b","type":"person"}]`), `field "entities[0].name": appears twice`},
		{"tags valid", with(t, "tags", `["go","area/cli","status/draft"]`), ""},
		{"tag with #", with(t, "tags", `["#go"]`), `field "tags[0]": "#go": write tags without the leading #`},
		{"tag with space", with(t, "tags", `["a b"]`), `field "tags[0]": "a b": tags cannot contain spaces`},
		{"tag all digits", with(t, "tags", `["2026"]`), `field "tags[0]": "2026": a tag needs at least one character that is not a digit`},
		{"tag namespace value", with(t, "tags", `["status/wip"]`), `field "tags[0]": tag "status/wip": namespace status/ allows only draft, active, superseded`},
		{"files and relates_to", with(t, "files", `["cmd/cortex/main.go"]`, "relates_to", `["[[Other note]]","019503a7"]`), ""},
		{"empty file", with(t, "files", `[""]`), `field "files[0]": is empty`},
		{"attribution two lines", with(t, "attribution", `"owner\nroot"`), `field "attribution": "owner\nroot" must be one line without control characters`},
		{"scope local with agent", with(t, "scope", `"local"`, "agent", `"reviewer"`), ""},
		{"scope local without agent", with(t, "scope", `"local"`), `field "scope": local needs "agent": a local memory is pushed only to that agent`},
		{"scope bad", with(t, "scope", `"team"`), `field "scope": "team" is not global or local`},
		{"op resolve with id", with(t, "op", `"resolve"`, "id", `"019503a7-c18f-7b1d-a3b2-9c4f7e2d1a0b"`), ""},
		{"op reinforce with prefix", with(t, "op", `"reinforce"`, "id", `"019503a7"`), ""},
		{"op supersede with dashed prefix", with(t, "op", `"supersede"`, "id", `"019503a7-c18f"`), ""},
		{"op without id", with(t, "op", `"resolve"`), `field "id": required with op "resolve": the id (or an 8+ character prefix) of the document`},
		{"op with short id", with(t, "op", `"resolve"`, "id", `"0195"`), `field "id": "0195" is not a document id (a UUID, or its first 8+ characters)`},
		{"op with non-hex id", with(t, "op", `"resolve"`, "id", `"decision-1"`), `field "id": "decision-1" is not a document id (a UUID, or its first 8+ characters)`},
		{"op unknown", with(t, "op", `"delete"`, "id", `"019503a7"`), `field "op": "delete" is not resolve, supersede or reinforce`},
		{"id without op", with(t, "id", `"019503a7"`), `field "id": "019503a7" is set without "op" (id names the document an op acts on)`},

		// Timestamps.
		{"timestamp with offset", with(t, "timestamp", `"2026-02-16T17:23:14.527+02:00"`), ""},
		{"timestamp lower case", with(t, "timestamp", `"2026-02-16t15:23:14z"`), ""},
		{"timestamp basic format", with(t, "timestamp", `"20260216T152314Z"`), ""},
		{"timestamp date only", with(t, "timestamp", `"2026-02-16"`), `field "timestamp": "2026-02-16" is a date without a time (want an RFC 3339 date-time such as 2026-02-16T00:00:00Z)`},
		{"timestamp without zone", with(t, "timestamp", `"2026-02-16T15:23:14.527"`), `field "timestamp": "2026-02-16T15:23:14.527" has no time zone (add Z for UTC or an offset such as +02:00)`},
		{"timestamp as number", with(t, "timestamp", `1771255394`), `field "timestamp": want a string, got a number`},
		// The zero instant is Go's "no time": taken, the memory would have
		// no created and be refused by the memorizer (issue 22 item 7).
		{"timestamp zero instant", with(t, "timestamp", `"0001-01-01T00:00:00Z"`), `field "timestamp": "0001-01-01T00:00:00Z" is out of range (after 0001-01-01T00:00:00Z and before the year 10000, in UTC)`},
		{"timestamp zero instant with offset", with(t, "timestamp", `"0001-01-01T01:00:00+01:00"`), `field "timestamp": "0001-01-01T01:00:00+01:00" is out of range (after 0001-01-01T00:00:00Z and before the year 10000, in UTC)`},
		{"timestamp year 0 in UTC", with(t, "timestamp", `"0001-01-01T00:00:00+02:00"`), `field "timestamp": "0001-01-01T00:00:00+02:00" is out of range (after 0001-01-01T00:00:00Z and before the year 10000, in UTC)`},
		{"timestamp year 10000 in UTC", with(t, "timestamp", `"9999-12-31T23:00:00-02:00"`), `field "timestamp": "9999-12-31T23:00:00-02:00" is out of range (after 0001-01-01T00:00:00Z and before the year 10000, in UTC)`},
		{"timestamp first second", with(t, "timestamp", `"0001-01-01T00:00:01Z"`), ""},

		// A NUL is no text: the memorizer would refuse the document as
		// binary and quarantine the line (issue 22 item 7).
		{"NUL in body", with(t, "body", `"use git\u0000 now"`), `field "body": holds a NUL character (\u0000): a memory is text`},
		{"NUL in context", with(t, "context", `"ctx\u0000"`), `field "context": holds a NUL character (\u0000): a memory is text`},
		{"NUL in source_quote", with(t, "source_quote", `"\u0000"`), `field "source_quote": holds a NUL character (\u0000): a memory is text`},
		{"other controls in body are shown escaped, not refused", with(t, "body", `"bell\u0007 esc\u001b[31m"`), ""},

		// JSON shape.
		{"bad JSON", `{"timestamp": "2026-02-16T15:23:14Z",}`, `invalid JSON at byte 38: invalid character '}' looking for beginning of object key string`},
		{"truncated JSON", `{"timestamp": "2026-02-16T15:23:14Z"`, `invalid JSON: the line ends inside the object`},
		{"array", `[1,2]`, `a line must be one JSON object {...}`},
		{"string", `"hello"`, `a line must be one JSON object {...}`},
		{"two objects", seedLine + " {}", `more than one JSON value on the line (one object per line)`},
		{"empty line", "  ", `line is empty`},
		{"unknown field", with(t, "mood", `"happy"`), `field "mood": is not a field of an observation`},
		{"unknown field typo", with(t, "sessionId", `"cli"`), `field "sessionId": is not a field of an observation (did you mean "session_id"?)`},
		{"repeated field", strings.Replace(seedLine, `"bucket":"explicit"`, `"bucket":"explicit","bucket":"ambient"`, 1), `field "bucket": appears twice`},
		{"invalid UTF-8", strings.Replace(seedLine, "owner", "own\xffer", 1), `line is not valid UTF-8`},
		{"BOM", "\xef\xbb\xbf" + seedLine, ""},
		{"surrounding space", "  " + seedLine + " \t", ""},
	}
	tx := testTaxonomy(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ParseLine([]byte(tt.line), tx)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.wantErr {
				t.Errorf("ParseLine(%s)\n error %q\n  want %q", tt.line, got, tt.wantErr)
			}
		})
	}
}

func TestParseLineFieldError(t *testing.T) {
	_, _, err := ParseLine([]byte(with(t, "confidence", "1.5")), testTaxonomy(t))
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "confidence" {
		t.Fatalf("err = %#v, want a *FieldError for confidence", err)
	}
}

// TestParseLineCuts: over-long text is cut at a word boundary with a
// warning, never refused (seed 4a "Body too long", SPEC §5 layer 2).
func TestParseLineCuts(t *testing.T) {
	tests := []struct {
		name, field string
		n, max      int
		wantWarning string
	}{
		{"body 501", "body", 501, MaxBody, `field "body": 501 characters, cut at a word boundary to 499 (limit 500)`},
		{"body 600 (seed)", "body", 600, MaxBody, `field "body": 600 characters, cut at a word boundary to 499 (limit 500)`},
		{"body 1200 (seed 4b)", "body", 1200, MaxBody, `field "body": 1200 characters, cut at a word boundary to 499 (limit 500)`},
		{"context 1001", "context", 1001, MaxContext, `field "context": 1001 characters, cut at a word boundary to 999 (limit 1000)`},
		{"quote 501", "source_quote", 501, MaxSourceQuote, `field "source_quote": 501 characters, cut at a word boundary to 499 (limit 500)`},
	}
	tx := testTaxonomy(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := words(tt.n)
			o, warnings, err := ParseLine([]byte(with(t, tt.field, jsonString(text))), tx)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if len(warnings) != 1 || warnings[0] != tt.wantWarning {
				t.Fatalf("warnings = %q, want [%q]", warnings, tt.wantWarning)
			}
			got := map[string]string{"body": o.Body, "context": o.Context, "source_quote": o.SourceQuote}[tt.field]
			if n := utf8.RuneCountInString(got); n > tt.max {
				t.Errorf("%s is %d characters after the cut, over %d", tt.field, n, tt.max)
			}
			if !strings.HasPrefix(text, got) || strings.HasSuffix(got, " ") || !strings.HasSuffix(got, "word") {
				t.Errorf("%s not cut at a word boundary: ...%q", tt.field, got[len(got)-12:])
			}
		})
	}
	// Multibyte text is measured in characters, not bytes.
	body := strings.Repeat("é", 500)
	o, warnings, err := ParseLine([]byte(with(t, "body", jsonString(body))), tx)
	if err != nil || len(warnings) != 0 || o.Body != body {
		t.Errorf("500 é: err %v, warnings %q, body changed %v", err, warnings, o.Body != body)
	}
}

func TestParseLineNormalizes(t *testing.T) {
	line := with(t,
		"timestamp", `"2026-02-16T17:23:14.527+02:00"`,
		"session_id", `"022A598A-7CA8-4CCF-80BB-F1919386421E"`,
		"body", `"  padded body \n"`,
		"op", `"resolve"`, "id", `"019503A7"`,
		"tags", `[]`,
		"confidence", `-0`,
	)
	o, _, err := ParseLine([]byte(line), testTaxonomy(t))
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 2, 16, 15, 23, 14, 527e6, time.UTC); !o.Timestamp.Equal(want) || o.Timestamp.Location() != time.UTC {
		t.Errorf("timestamp = %v, want %v in UTC", o.Timestamp, want)
	}
	if o.SessionID != "022a598a-7ca8-4ccf-80bb-f1919386421e" || o.ID != "019503a7" {
		t.Errorf("ids not lower-cased: %q %q", o.SessionID, o.ID)
	}
	if o.Body != "padded body" {
		t.Errorf("body = %q", o.Body)
	}
	if o.Tags != nil {
		t.Errorf("empty tags kept: %#v", o.Tags)
	}
	b, _ := o.Marshal()
	if !strings.Contains(string(b), `"timestamp":"2026-02-16T15:23:14.527Z"`) || !strings.Contains(string(b), `"confidence":0,`) || strings.Contains(string(b), "tags") {
		t.Errorf("canonical line = %s", b)
	}
}

func TestParseLineLimits(t *testing.T) {
	tx := testTaxonomy(t)
	huge := with(t, "relates_to", jsonString(strings.Repeat("x", MaxLineBytes)))
	_, _, err := ParseLine([]byte(huge), tx)
	if err == nil || !strings.HasPrefix(err.Error(), "line is ") {
		t.Errorf("over-long line: err = %v", err)
	}
	long := strings.Repeat("k", 5000)
	_, _, err = ParseLine([]byte(with(t, long, `1`)), tx)
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("long unknown key: error not short: %.300v", err)
	}
	if _, _, err := ParseLine([]byte(seedLine), nil); err == nil {
		t.Error("nil taxonomy accepted")
	}
}

// TestValidateBuilt: an observation built in code (from flags) goes through
// the same rules.
func TestValidateBuilt(t *testing.T) {
	tx := testTaxonomy(t)
	conf := 1.5
	o := Observation{
		Timestamp: time.Now(), Bucket: BucketExplicit, Type: "fact",
		Body: "x", Attribution: "me", SessionID: SessionCLI, Confidence: &conf,
	}
	if _, err := o.Validate(tx); err == nil || err.Error() != `field "confidence": 1.5 is out of range [0,1]` {
		t.Errorf("err = %v", err)
	}
	o.Confidence = nil
	o.Body = "bad \xff byte"
	if _, err := o.Validate(tx); err == nil || err.Error() != `field "body": is not valid UTF-8` {
		t.Errorf("err = %v", err)
	}
	o.Body = words(700)
	warnings, err := o.Validate(tx)
	if err != nil || len(warnings) != 1 || utf8.RuneCountInString(o.Body) > MaxBody {
		t.Errorf("cut: err %v warnings %q len %d", err, warnings, len(o.Body))
	}
	o.Timestamp = time.Time{}
	if _, err := o.Validate(tx); err == nil || !strings.HasPrefix(err.Error(), `field "timestamp": required`) {
		t.Errorf("zero timestamp: err = %v", err)
	}
}

func TestParseLineCustomTaxonomy(t *testing.T) {
	tx, err := doc.ParseTaxonomy("taxonomy.yml", []byte("version: 1\ntypes:\n  recipe: {category: concept, dir: mind/recipes}\n"), doc.DefaultTaxonomy())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ParseLine([]byte(with(t, "type", `"recipe"`)), tx); err != nil {
		t.Errorf("custom type refused: %v", err)
	}
	// The vault's file declares only recipe: the shipped custom types are gone.
	if _, _, err := ParseLine([]byte(with(t, "type", `"bugfix"`)), tx); err == nil {
		t.Error("type removed from the taxonomy accepted")
	}
}

func TestParseLines(t *testing.T) {
	tx := testTaxonomy(t)
	good := seedLine
	input := good + "\r\n\n   \n" + with(t, "body", jsonString(words(600))) + "\n" + good // no final newline
	obs, warnings, err := ParseLines(strings.NewReader(input), tx)
	if err != nil {
		t.Fatal(err)
	}
	if len(obs) != 3 {
		t.Errorf("got %d observations, want 3", len(obs))
	}
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], `line 4: field "body": 600 characters`) {
		t.Errorf("warnings = %q", warnings)
	}

	input = good + "\n" + "not json\n" + good + "\n" + with(t, "confidence", "1.5") + "\n"
	obs, _, err = ParseLines(strings.NewReader(input), tx)
	var be *BatchError
	if !errors.As(err, &be) || obs != nil {
		t.Fatalf("err = %v, obs = %d; want a *BatchError and nothing", err, len(obs))
	}
	want := []string{
		`line 2: invalid JSON at byte 2: invalid character 'o' in literal null (expecting 'u')`,
		`line 4: field "confidence": 1.5 is out of range [0,1]`,
	}
	if be.Invalid != 2 || len(be.Lines) != 2 || be.Lines[0].Error() != want[0] || be.Lines[1].Error() != want[1] {
		t.Errorf("batch errors = %v, want %q", be.Lines, want)
	}
	if err.Error() != want[0]+" (and 1 more invalid lines)" {
		t.Errorf("Error() = %q", err)
	}

	// A line over the limit is refused without holding it, and the next
	// line is still read.
	input = strings.Repeat("x", MaxLineBytes+10) + "\n" + good + "\n"
	_, _, err = ParseLines(strings.NewReader(input), tx)
	if !errors.As(err, &be) || be.Invalid != 1 || be.Lines[0].Line != 1 {
		t.Errorf("over-long line: err = %v", err)
	}
}

// FuzzObservationLine: no input panics, and an accepted line is canonical
// after one round: it marshals and re-parses to the same observation, the
// same bytes and no warning.
func FuzzObservationLine(f *testing.F) {
	f.Add(seedLine)
	f.Add(with(f, "body", jsonString(words(700)), "context", jsonString(words(1200))))
	f.Add(with(f, "timestamp", `"2026-02-16T17:23:14.527+02:00"`, "tags", `["a/b"]`, "scope", `"local"`, "agent", `"x"`))
	f.Add(with(f, "op", `"resolve"`, "id", `"019503A7"`, "confidence", `-0`, "files", `[]`))
	f.Add(`{"timestamp":"2026-02-16T15:23:14Z","bucket":"ambient","type":"fact","body":"   ` + strings.Repeat(" ", 600) + `x","attribution":"a","session_id":"cli"}`)
	f.Add(`{"a":1,"a":2}`)
	f.Add(`[{}]`)
	f.Add(`{"entities":[{"name":"x","name":"y"}]}`)
	f.Add("\xef\xbb\xbf{}")
	tx := doc.DefaultTaxonomy()
	f.Fuzz(func(t *testing.T, line string) {
		o, _, err := ParseLine([]byte(line), tx)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error is not one line: %q", err)
			}
			return
		}
		b, err := o.Marshal()
		if err != nil {
			t.Fatalf("accepted observation does not marshal: %v", err)
		}
		if strings.ContainsAny(string(b), "\r\n") {
			t.Fatalf("canonical line has a line break: %s", b)
		}
		o2, warnings, err := ParseLine(b, tx)
		if err != nil {
			t.Fatalf("canonical line refused: %v\n%s", err, b)
		}
		if len(warnings) != 0 {
			t.Fatalf("canonical line warned: %q", warnings)
		}
		if !reflect.DeepEqual(o, o2) {
			t.Fatalf("round trip changed the observation:\n%+v\n%+v", o, o2)
		}
		b2, _ := o2.Marshal()
		if string(b) != string(b2) {
			t.Fatalf("canonical line not stable:\n%s\n%s", b, b2)
		}
	})
}

func BenchmarkParseLine(b *testing.B) {
	tx := doc.DefaultTaxonomy()
	line := []byte(seedLine)
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := ParseLine(line, tx); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMarshal(b *testing.B) {
	o, _, err := ParseLine([]byte(seedLine), doc.DefaultTaxonomy())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := o.Marshal(); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzEachMember checks the hand-written scanner against encoding/json: on
// any valid object it yields the same members, in order, with the same raw
// values.
func FuzzEachMember(f *testing.F) {
	f.Add(seedLine)
	f.Add(`{"a":"x\"}","b":[1,{"c":"]"}],"c":{"d":[]},"e":-1.5e3,"f":null,"g":true}`)
	f.Add(` { "\u0062ody" : "v" , "k\\" : [ ] } `)
	f.Add(`{}`)
	f.Fuzz(func(t *testing.T, s string) {
		data := []byte(s)
		// ParseLine refuses invalid UTF-8 before scanning.
		if !utf8.Valid(data) || !json.Valid(data) || bytes.TrimLeft(data, " \t\r\n")[0] != '{' {
			return
		}
		type member struct{ key, raw string }
		var got []member
		err := eachMember(data, "", func(k string, raw json.RawMessage) error {
			got = append(got, member{k, string(raw)})
			return nil
		})
		if err != nil && !strings.Contains(err.Error(), "appears twice") {
			t.Fatalf("eachMember(%q): %v", s, err)
		}
		if err != nil {
			return
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.Token() // {
		var want []member
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				t.Fatal(err)
			}
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				t.Fatal(err)
			}
			want = append(want, member{tok.(string), string(raw)})
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("eachMember(%q)\n got %q\nwant %q", s, got, want)
		}
		var arr []json.RawMessage
		for _, m := range want {
			if m.raw[0] != '[' {
				continue
			}
			var elems []string
			eachElement([]byte(m.raw), func(_ int, raw json.RawMessage) error {
				elems = append(elems, string(raw))
				return nil
			})
			if err := json.Unmarshal([]byte(m.raw), &arr); err != nil {
				t.Fatal(err)
			}
			for i := range arr {
				if i >= len(elems) || strings.TrimSpace(string(arr[i])) != elems[i] {
					t.Fatalf("eachElement(%s) = %q, want %q", m.raw, elems, arr)
				}
			}
			if len(elems) != len(arr) {
				t.Fatalf("eachElement(%s) = %q, want %q", m.raw, elems, arr)
			}
		}
	})
}
