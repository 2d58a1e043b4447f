package trust

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"strings"
)

// RedactLine is a buffer line with its credentials redacted, for the
// quarantine. A JSON line has every string redacted as the text it stands
// for (escapes undone, so a quoted password inside a string is seen whole)
// and is written again compactly, in its order; a line that is not JSON is
// redacted as its escapes read when that finds a credential, else as it is.
func RedactLine(data []byte) string {
	if out, ok := redactJSON(data); ok {
		return out
	}
	if u := jsonUnescape(string(data)); u != string(data) {
		if r, rules := Redact(u); len(rules) > 0 {
			return r
		}
	}
	raw, _ := Redact(string(data))
	return raw
}

// redactJSON rewrites one JSON value with every string redacted; ok is false
// when data is not exactly one JSON value.
func redactJSON(data []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var b strings.Builder
	// after says what separates the next token: in an object, keys and
	// values alternate.
	type frame struct {
		object bool
		n      int
	}
	var stack []frame
	sep := func() {
		if len(stack) == 0 {
			return
		}
		f := &stack[len(stack)-1]
		switch {
		case f.object && f.n%2 == 1:
			b.WriteByte(':')
		case f.n > 0:
			b.WriteByte(',')
		}
		f.n++
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", false
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				sep()
				stack = append(stack, frame{object: t == '{'})
			default:
				if len(stack) == 0 {
					return "", false
				}
				stack = stack[:len(stack)-1]
			}
			b.WriteRune(rune(t))
		case string:
			sep()
			if len(stack) == 0 || !stack[len(stack)-1].object || stack[len(stack)-1].n%2 == 0 {
				t, _ = Redact(t)
			}
			q, _ := json.Marshal(t)
			b.Write(bytes.ReplaceAll(bytes.ReplaceAll(bytes.ReplaceAll(q, []byte(`\u003c`), []byte("<")), []byte(`\u003e`), []byte(">")), []byte(`\u0026`), []byte("&")))
		default:
			sep()
			q, _ := json.Marshal(t)
			b.Write(q)
		}
	}
	if len(stack) != 0 || b.Len() == 0 {
		return "", false
	}
	return b.String(), true
}

// jsonUnescape undoes JSON's string escapes in s, as far as they parse.
func jsonUnescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'u':
			if i+4 < len(s) {
				if v, err := strconv.ParseUint(s[i+1:i+5], 16, 32); err == nil {
					b.WriteRune(rune(v))
					i += 4
					continue
				}
			}
			b.WriteString(`\u`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
