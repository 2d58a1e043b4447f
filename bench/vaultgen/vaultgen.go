// Package vaultgen writes vaults of realistic memory documents for the
// benchmarks: D21 frontmatter as the memorizer writes it, bodies of one to a
// few paragraphs, and links between documents the way people and agents
// write them (wikilinks by file name, title and alias, markdown links,
// relates_to ids), a few of them dangling.
package vaultgen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cortex-vault/cortex"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// kinds are the types written, with their share (in tenths of a percent).
var kinds = []struct {
	typ   string
	share int
}{
	{"fact", 220}, {"decision", 120}, {"lesson", 110}, {"preference", 60}, {"warning", 60},
	{"discovery", 80}, {"task", 90}, {"bugfix", 80}, {"feature", 60}, {"event", 40},
	{"goal_short", 30}, {"commitment", 30}, {"project", 20}, {"opinion", 10},
}

// Generate writes a vault of n documents into dir, which must not exist or
// be empty. The same n and seed always give the same files.
func Generate(dir string, n int, seed uint64) error {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty", dir)
	}
	tax := doc.DefaultTaxonomy()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, doc.TaxonomyFile), cortex.DefaultTaxonomy, 0o644); err != nil {
		return err
	}
	// The .cortexignore `cortex init` writes: every walk matches its
	// patterns, a real part of the cost of a refresh.
	if err := os.WriteFile(filepath.Join(dir, ".cortexignore"), cortex.DefaultCortexignore, 0o644); err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	words := vocabulary(r, 6000)
	people := []string{"owner", "alice", "bob", "claude", "ci-bot"}
	projects := []string{"cortex", "billing", "search", "mobile-app", "infra", "docs-site", "payments"}
	tagPool := []string{"area/git", "area/index", "area/daemon", "area/ui", "lang/go", "lang/ts",
		"status/active", "status/draft", "perf", "security", "testing", "release", "ops", "ux"}
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	span := 2 * 365 * 24 * time.Hour

	type made struct{ name, title, id string }
	docs := make([]made, 0, n)
	sessions := make([]string, 0, n/20+1)
	for i := 0; i < n; i++ {
		typ := pickType(r)
		td, _ := tax.Type(typ)
		created := start.Add(time.Duration(float64(span) * float64(i) / float64(n))).Add(time.Duration(r.IntN(3600)) * time.Second)
		if i%20 == 0 {
			sessions = append(sessions, uuid(r))
		}
		body := paragraphs(r, words)
		var links []string
		// Links to earlier documents: most memories stand alone, some cite a
		// few others, a few cite many.
		nl := 0
		switch x := r.IntN(100); {
		case x < 55:
		case x < 85:
			nl = 1 + r.IntN(2)
		case x < 97:
			nl = 3 + r.IntN(4)
		default:
			nl = 8 + r.IntN(12)
		}
		var relates []string
		for j := 0; j < nl && len(docs) > 0; j++ {
			d := docs[len(docs)-1-min(len(docs)-1, int(r.ExpFloat64()*float64(len(docs))/8))]
			switch x := r.IntN(100); {
			case x < 45:
				links = append(links, "[["+d.name+"]]")
			case x < 60:
				links = append(links, "[["+d.name+"|"+sentence(r, words, 3)+"]]")
			case x < 70:
				links = append(links, "[["+d.title+"]]")
			case x < 78:
				links = append(links, "[see]("+d.name+".md)")
			case x < 82:
				links = append(links, "[["+d.name+"#Details]]")
			case x < 95:
				relates = append(relates, d.id)
			default:
				links = append(links, "[["+sentence(r, words, 2)+"]]") // dangling
			}
		}
		if len(links) > 0 {
			body += "\n\nSee " + strings.Join(links, ", ") + "."
		}
		if r.IntN(10) == 0 {
			body += "\n\n## Details\n\n" + sentence(r, words, 12) + " #" + tagPool[r.IntN(len(tagPool))]
		}
		if r.IntN(8) == 0 {
			body += "\n\n```go\nfunc example() { _ = \"[[not a link]]\" }\n```"
		}
		imp := float64(30+r.IntN(70)) / 100
		conf := float64(50+r.IntN(50)) / 100
		document := &doc.Document{
			ID: uuid7(r, created), Type: typ, Category: td.Category, Created: created,
			Bucket: []string{"explicit", "ambient", "inferred"}[r.IntN(3)], Attribution: people[r.IntN(len(people))],
			Confidence: &conf, Importance: &imp,
			Entities: []doc.EntityRef{
				{Name: people[r.IntN(len(people))], Type: "person"},
				{Name: projects[r.IntN(len(projects))], Type: "project"},
			},
			Context:   sentence(r, words, 8),
			SessionID: sessions[len(sessions)-1],
			Tags:      pickTags(r, tagPool),
			Agent:     "claude",
			RelatesTo: relates,
			Body:      body,
		}
		if r.IntN(5) == 0 {
			lr := created.Add(time.Duration(r.IntN(60*24)) * time.Hour)
			document.LastReinforced = &lr
			document.Reinforced = 1 + r.IntN(4)
		}
		if r.IntN(15) == 0 {
			document.Aliases = []string{sentence(r, words, 2)}
		}
		document.SourceHash = doc.Hash(document.Body)
		document.Title = doc.Title(document.Body)
		rel := doc.DocPath(td.Dir, created, document.SourceHash, func(p string) bool {
			_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(p)))
			return err == nil
		})
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, doc.Render(document), 0o644); err != nil {
			return err
		}
		name := strings.TrimSuffix(filepath.Base(rel), ".md")
		docs = append(docs, made{name, document.Title, document.ID})
	}
	return nil
}

// Documents lists the memory documents of the vault at dir (absolute
// paths, in the walk's sorted order), as the index sees them: what
// .cortexignore leaves. An empty vault is an error: a benchmark on it would
// measure nothing.
func Documents(dir string) ([]string, error) {
	var paths []string
	l := vault.Layout{Root: dir}
	ig, err := vault.LoadIgnore(l)
	if err != nil {
		return nil, err
	}
	err = vault.Walk(l, ig, func(rel string, _ os.DirEntry) error {
		paths = append(paths, l.Path(filepath.FromSlash(rel)))
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s holds no documents", dir)
	}
	return paths, nil
}

// Touch appends a line to the body of count distinct documents of dir,
// chosen at random (from seed and the clock, so that repeated runs touch
// other files).
func Touch(dir string, count int, seed uint64) error {
	paths, err := Documents(dir)
	if err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(seed, uint64(time.Now().UnixNano())))
	for _, i := range r.Perm(len(paths))[:min(count, len(paths))] {
		p := paths[i]
		f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(f, "\nEdited by hand (%d).\n", r.IntN(1e9))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func pickType(r *rand.Rand) string {
	total := 0
	for _, k := range kinds {
		total += k.share
	}
	x := r.IntN(total)
	for _, k := range kinds {
		if x < k.share {
			return k.typ
		}
		x -= k.share
	}
	return kinds[0].typ
}

func pickTags(r *rand.Rand, pool []string) []string {
	n := r.IntN(4)
	var tags []string
	for range n {
		t := pool[r.IntN(len(pool))]
		dup := false
		for _, x := range tags {
			dup = dup || x == t
		}
		if !dup {
			tags = append(tags, t)
		}
	}
	return tags
}

// vocabulary makes n pronounceable words; paragraphs draw from it with a
// Zipf-like skew, as prose does.
func vocabulary(r *rand.Rand, n int) []string {
	common := strings.Fields(`the a to of and in is for on that with it this be as by not are we use
		when from at or should must can will if so but run file test build index commit git daemon
		memory vault user agent search note link config error cache server client api query`)
	cons, vows := "bcdfghklmnprstvz", "aeiou"
	words := append([]string(nil), common...)
	for len(words) < n {
		var b strings.Builder
		for range 2 + r.IntN(3) {
			b.WriteByte(cons[r.IntN(len(cons))])
			b.WriteByte(vows[r.IntN(len(vows))])
		}
		if r.IntN(3) == 0 {
			b.WriteByte(cons[r.IntN(len(cons))])
		}
		words = append(words, b.String())
	}
	return words
}

func word(r *rand.Rand, words []string) string {
	i := int(float64(len(words)) * r.Float64() * r.Float64() * r.Float64())
	return words[min(i, len(words)-1)]
}

func sentence(r *rand.Rand, words []string, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = word(r, words)
	}
	s := strings.Join(parts, " ")
	return strings.ToUpper(s[:1]) + s[1:]
}

// paragraphs is a body of 1 to 4 paragraphs, about 40 to 300 words.
func paragraphs(r *rand.Rand, words []string) string {
	var ps []string
	for range 1 + r.IntN(4) {
		var ss []string
		for range 1 + r.IntN(4) {
			ss = append(ss, sentence(r, words, 6+r.IntN(14))+".")
		}
		ps = append(ps, strings.Join(ss, " "))
	}
	return strings.Join(ps, "\n\n")
}

func uuid(r *rand.Rand) string {
	return fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", r.Uint32(), r.Uint32()&0xffff, r.Uint32()&0xfff,
		0x8000|r.Uint32()&0x3fff, r.Uint64()&0xffffffffffff)
}

// uuid7 is a UUIDv7 for created, as the memorizer makes ids.
func uuid7(r *rand.Rand, created time.Time) string {
	ms := uint64(created.UnixMilli())
	return fmt.Sprintf("%08x-%04x-7%03x-%04x-%012x", ms>>16, ms&0xffff, r.Uint32()&0xfff,
		0x8000|r.Uint32()&0x3fff, r.Uint64()&0xffffffffffff)
}
