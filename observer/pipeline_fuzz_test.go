package observer

import (
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// FuzzDocumentOfLine: every line the schema and security accept becomes a
// document that passes the pre-commit checks and reads back as built — the
// memorizer never stages what the hook would refuse. (The whole pipeline,
// with its SQLite index, is too slow under the fuzzer's instrumentation;
// this covers what it adds to ParseLine: redaction, scoring, building,
// routing, rendering.)
func FuzzDocumentOfLine(f *testing.F) {
	for _, s := range []string{
		obsLine("2026-02-16T10:00:00Z", "fact", "A plain fact.", ""),
		obsLine("2026-02-16T10:00:00.123456Z", "decision", "key sk-ant-abcdefghijklmnopqrstuvwxyz and password=hunter22", `"importance":0.1,"context":"c","source_quote":"q","entities":[{"name":"n","type":"t"}],"tags":["a/b"],"files":["x.go"],"relates_to":["[[y]]"],"scope":"local","agent":"a"`),
		obsLine("2026-02-16T10:00:00Z", "task", "  spaced\n\nbody  ", `"confidence":1`),
		obsLine("2026-02-16T10:00:00Z", "fact", "\"quoted\": yes #tag", `"attribution":"x"`),
	} {
		f.Add([]byte(s))
	}
	tx := doc.DefaultTaxonomy()
	cal := vault.DefaultCalibration()
	m := &Memorizer{tx: tx, cal: cal, newID: doc.NewID}
	f.Fuzz(func(t *testing.T, line []byte) {
		o, _, err := ParseLine(line, tx)
		if _, refused := injectionIn(&o); err != nil || refused {
			return
		}
		redactObservation(&o)
		sc := score(&o, cal)
		if sc.Confidence < 0 || sc.Confidence > 1 || sc.Importance < 0 || sc.Importance > 1 {
			t.Fatalf("scores out of range: %+v", sc)
		}
		d := m.buildDocument(&o, sc, doc.Hash(o.Body), "")
		def, _ := tx.Type(d.Type)
		rel := doc.DocPath(def.Dir, d.Created, d.SourceHash, nil)
		data := doc.Render(d)
		if probs := doc.Check(rel, data, tx); len(probs) > 0 {
			t.Fatalf("line %q gives a document that fails its check: %v\n%s", line, probs, data)
		}
		p, err := doc.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if p.Doc.Body != d.Body || p.Doc.SourceHash != doc.Hash(p.Doc.Body) || !p.Doc.Created.Equal(o.Timestamp.Truncate(time.Millisecond)) {
			t.Fatalf("document does not read back:\n%s", data)
		}
	})
}

// FuzzTrailers: the trailers read back from history parse without panic,
// and what formatTotals writes parses back the same.
func FuzzTrailers(f *testing.F) {
	f.Add("2049:77:480", int64(3), int64(1))
	f.Add("a:b:c", int64(0), int64(0))
	f.Fuzz(func(t *testing.T, v string, a, b int64) {
		parseBufferTrailer(v)
		parseTotals(v)
		if a < 0 || b < 0 || a > 1<<40 || b > 1<<40 {
			return
		}
		tot := Totals{Lines: a + b, Memorized: a, Quarantined: b}
		got, err := parseTotals(formatTotals(tot))
		if err != nil || got != tot {
			t.Fatalf("%+v → %q → %+v %v", tot, formatTotals(tot), got, err)
		}
		id := BufferID{Dev: uint64(a), Inode: uint64(b)}
		gid, end, err := parseBufferTrailer(formatBufferTrailer(id, a))
		if err != nil || gid != id || end != a {
			t.Fatalf("%v %d: %v %d %v", id, a, gid, end, err)
		}
	})
}
