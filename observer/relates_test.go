package observer

import (
	"slices"
	"strings"
	"testing"

	"github.com/cortex-vault/cortex/vault/doc"
)

// TestRelatesToShortIDs: relates_to values given as the short id search
// prints, or any unique prefix of 8+ characters, are memorized as the whole
// id — also on the new document of a supersede; a prefix that names no
// single document, and a wikilink, are kept as given.
func TestRelatesToShortIDs(t *testing.T) {
	const (
		idA = "01940000-0000-7000-8000-00000000000a"
		idB = "01940000-0000-7000-8000-00000000000b"
		idC = "01941111-0000-7000-8000-00000000000c"
	)
	l := newTestVault(t)
	putDoc(t, l, idA, "decision", "Use Postgres 16")
	putDoc(t, l, idB, "decision", "Use Postgres 16.1 everywhere.")
	putDoc(t, l, idC, "task", "Ship the importer")
	body := "The importer needs Postgres 16."
	appendRaw(t, l, obsLine("2026-02-16T10:00:00Z", "fact", body,
		`"relates_to":["01941111-0000","01940000-0000-7000-8000-00000000000B","01940000","0123abcd-9999","[[Importer]]","0194111"]`))
	sup := "Use Postgres 17 for the importer."
	appendRaw(t, l, obsLine("2026-02-16T10:01:00Z", "decision", sup, `"op":"supersede","id":"01940000-0000-7000-8000-00000000000a","relates_to":["01941111"]`))
	m := openTest(t, l, nil)
	process(t, m)

	got := map[string][]string{}
	for _, rel := range docFiles(t, l) {
		for _, b := range []string{body, sup} {
			if strings.Contains(rel, doc.Hash(b)[:8]) {
				got[b] = readDoc(t, l, rel).Doc.RelatesTo
			}
		}
	}
	want := []string{idC, "01940000-0000-7000-8000-00000000000B", "01940000", "0123abcd-9999", "[[Importer]]", "0194111"}
	if !slices.Equal(got[body], want) {
		t.Errorf("relates_to\n got %q\nwant %q", got[body], want)
	}
	if !slices.Equal(got[sup], []string{idC}) {
		t.Errorf("supersede's relates_to %q", got[sup])
	}
	checkInvariants(t, l)
}
