package mind

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// testNow is the fixed clock of every test here.
var testNow = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// testDoc describes a test document; zero fields take defaults.
type testDoc struct {
	dir        string // default: the type's folder in the default taxonomy
	name       string // file name without .md (default: from the id)
	id         string // default: a fresh id from seq
	typ        string // default: fact
	body       string
	title      string
	created    time.Time // default: testNow - 1 day
	importance *float64
	reinforced *time.Time
	session    string
	status     string
	tags       []string
	entities   []doc.EntityRef
	aliases    []string
	// attribution is who said or noticed it (default: none).
	attribution string
}

func imp(f float64) *float64 { return &f }

func ago(d time.Duration) time.Time { return testNow.Add(-d) }

const day = 24 * time.Hour

// vaultT is a test vault with its documents.
type vaultT struct {
	t   testing.TB
	l   vault.Layout
	seq int
}

func newVault(t testing.TB) *vaultT {
	t.Helper()
	l := vault.Layout{Root: t.TempDir()}
	if err := os.MkdirAll(l.Path("mind"), 0o755); err != nil {
		t.Fatal(err)
	}
	return &vaultT{t: t, l: l}
}

// add writes d and returns its vault-relative path and id.
func (v *vaultT) add(d testDoc) (rel, id string) {
	v.t.Helper()
	v.seq++
	if d.typ == "" {
		d.typ = "fact"
	}
	if d.id == "" {
		d.id = fmt.Sprintf("0190%04x-0000-7000-8000-%012x", v.seq, v.seq)
	}
	if d.created.IsZero() {
		d.created = ago(day)
	}
	td, ok := doc.DefaultTaxonomy().Type(d.typ)
	if !ok {
		v.t.Fatalf("type %q", d.typ)
	}
	if d.dir == "" {
		d.dir = td.Dir
	}
	if d.name == "" {
		d.name = d.id[:8] + fmt.Sprintf("-%d", v.seq)
	}
	document := &doc.Document{
		ID: d.id, Type: d.typ, Category: td.Category, Created: d.created,
		SourceHash: doc.Hash(d.body), Title: d.title, Importance: d.importance,
		SessionID: d.session, Status: d.status, Tags: d.tags, Entities: d.entities,
		Aliases: d.aliases, LastReinforced: d.reinforced, Body: d.body,
		Attribution: d.attribution,
	}
	if d.reinforced != nil {
		document.Reinforced = 1
	}
	rel = d.dir + "/" + d.name + ".md"
	v.write(rel, string(doc.Render(document)))
	return rel, d.id
}

func (v *vaultT) write(rel, content string) {
	v.t.Helper()
	p := v.l.Path(filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		v.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		v.t.Fatal(err)
	}
}

// open opens recall over the vault with the fixed clock, refreshing.
func (v *vaultT) open() *Recall {
	v.t.Helper()
	r, err := Open(context.Background(), v.l, Options{
		Now: func() time.Time { return testNow }, Refresh: RefreshAlways,
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		v.t.Fatal(err)
	}
	v.t.Cleanup(func() { r.Close() })
	return r
}

// search parses and runs s, failing the test on an error.
func search(t testing.TB, r *Recall, s string) *Result {
	t.Helper()
	q, _, err := ParseQuery(s, testNow)
	if err != nil {
		t.Fatalf("ParseQuery(%q): %v", s, err)
	}
	res, err := r.Search(context.Background(), q)
	if err != nil {
		t.Fatalf("Search(%q): %v", s, err)
	}
	return res
}

// ids lists the hits' ids.
func ids(res *Result) []string {
	out := make([]string, len(res.Hits))
	for i, h := range res.Hits {
		out[i] = h.ID
	}
	return out
}

// bodies lists the hits' titles, which the tests make from the bodies.
func titles(res *Result) string {
	out := make([]string, len(res.Hits))
	for i, h := range res.Hits {
		out[i] = h.Title
	}
	return strings.Join(out, " | ")
}

func osRename(l vault.Layout, from, to string) error {
	dst := l.Path(filepath.FromSlash(to))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.Rename(l.Path(filepath.FromSlash(from)), dst)
}
