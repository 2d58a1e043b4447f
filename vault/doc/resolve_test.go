package doc

import (
	"fmt"
	"sync"
	"testing"
)

func testResolver() *LinkResolver {
	return NewLinkResolver([]Linkable{
		{Path: "Note.md", Title: "Root note"},
		{Path: "a/Note.md", Title: "A note"},
		{Path: "a/b/Note.md"},
		{Path: "z/Note.md"},
		{Path: "x/yy/Note.md"},
		{Path: "x/y/Note.md"},
		{Path: "deep/er/Unique Name.md", Title: "Shared title", Aliases: []string{"UN", "Uniq"}},
		{Path: "t/Other.md", Title: "Shared title", Aliases: []string{"un"}},
		{Path: "t/Third.md", Title: "Third", Aliases: []string{"Root note"}},
		{Path: "cases/Mixed.md"},
		{Path: "cases/mixed.md"},
		{Path: "vault/decisions/2026-02/2026-02-16-e7f4a2b9.md", Title: "Use local git only", Aliases: []string{"local git"}},
		{Path: "Only Title.md", Title: "Café Notes"},
		{Path: "with.dots.v2.md"},
		{Path: "notes/sub/Target.md"},
	})
}

func TestResolve(t *testing.T) {
	r := testResolver()
	tests := []struct {
		target, from string
		want         string // "" for unresolved
	}{
		// By file name, case-insensitive, with or without .md.
		{"Unique Name", "t/x.md", "deep/er/Unique Name.md"},
		{"unique name", "t/x.md", "deep/er/Unique Name.md"},
		{"Unique Name.md", "t/x.md", "deep/er/Unique Name.md"},
		{"UNIQUE NAME.MD", "", "deep/er/Unique Name.md"},
		{"  Unique Name  ", "", "deep/er/Unique Name.md"},
		{"with.dots.v2", "", "with.dots.v2.md"},
		{"2026-02-16-e7f4a2b9", "mind/x.md", "vault/decisions/2026-02/2026-02-16-e7f4a2b9.md"},
		// Ties: same folder as from, else fewest folders, else fewest
		// bytes, else byte order.
		{"Note", "a/other.md", "a/Note.md"},
		{"Note", "a/b/other.md", "a/b/Note.md"},
		{"Note", "z/other.md", "z/Note.md"},
		{"Note", "q/other.md", "Note.md"},
		{"Note", "", "Note.md"},
		{"Note", "other.md", "Note.md"},
		{"Mixed", "q.md", "cases/Mixed.md"},
		{"mixed", "q.md", "cases/Mixed.md"},
		// By path, from the vault root, from from's folder, or partial.
		{"a/b/Note", "z/q.md", "a/b/Note.md"},
		{"a/b/Note.md", "", "a/b/Note.md"},
		{"/a/b/Note.md", "z/q.md", "a/b/Note.md"},
		{"A/B/note", "", "a/b/Note.md"},
		{"b/Note", "a/q.md", "a/b/Note.md"},
		{"sub/Target", "elsewhere/q.md", "notes/sub/Target.md"},
		{"y/Note", "", "x/y/Note.md"},
		{"./Note", "z/q.md", "z/Note.md"},
		{"../Note", "a/b/q.md", "a/Note.md"},
		{"../../Note.md", "a/b/q.md", "Note.md"},
		{"../../../Note", "a/b/q.md", ""},
		{"cases/mixed", "", "cases/mixed.md"},
		{"cases/MIXED", "", "cases/Mixed.md"},
		// By title, then by alias; a file name wins over both.
		{"Use local git only", "", "vault/decisions/2026-02/2026-02-16-e7f4a2b9.md"},
		{"use LOCAL git only", "", "vault/decisions/2026-02/2026-02-16-e7f4a2b9.md"},
		{"café notes", "", "Only Title.md"},
		{"local git", "", "vault/decisions/2026-02/2026-02-16-e7f4a2b9.md"},
		{"Root note", "t/q.md", "Note.md"}, // a title beats an alias
		{"Shared title", "", "t/Other.md"},
		{"Shared title", "deep/er/q.md", "deep/er/Unique Name.md"},
		{"uniq", "", "deep/er/Unique Name.md"},
		{"UN", "", "t/Other.md"},
		{"un", "deep/er/q.md", "deep/er/Unique Name.md"},
		{"Only Title", "", "Only Title.md"},
		// Same-note links and misses.
		{"", "a/Note.md", "a/Note.md"},
		{"", "missing.md", ""},
		{"", "", ""},
		{"Missing", "a/q.md", ""},
		{"a/Missing", "", ""},
		{"image.png", "", ""},
		{"..", "a/q.md", ""},
		{"/", "", ""},
	}
	for _, tt := range tests {
		got, ok := r.Resolve(tt.target, tt.from)
		if ok != (tt.want != "") || got != tt.want && ok {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", tt.target, tt.from, got, ok, tt.want)
		}
	}
}

func TestResolveLink(t *testing.T) {
	r := NewLinkResolver([]Linkable{
		{Path: "Note.md"},
		{Path: "a/Note.md"},
		{Path: "a/sub/Page.md"},
		{Path: "sub/Page.md"},
	})
	tests := []struct {
		link Link
		from string
		want string
	}{
		// A markdown link is relative to its note's folder first...
		{Link{Kind: LinkMarkdown, Target: "sub/Page.md"}, "a/x.md", "a/sub/Page.md"},
		{Link{Kind: LinkMarkdown, Target: "Note.md"}, "a/x.md", "a/Note.md"},
		{Link{Kind: LinkMarkdown, Target: "../Note.md"}, "a/x.md", "Note.md"},
		// ...then from the root, then by name.
		{Link{Kind: LinkMarkdown, Target: "sub/Page.md"}, "x.md", "sub/Page.md"},
		{Link{Kind: LinkMarkdown, Target: "Note.md"}, "b/x.md", "Note.md"},
		// A wikilink path is from the root first.
		{Link{Kind: LinkWiki, Target: "sub/Page"}, "a/x.md", "sub/Page.md"},
		{Link{Kind: LinkEmbed, Target: "sub/Page"}, "a/x.md", "sub/Page.md"},
		{Link{Kind: LinkWiki, Heading: "H"}, "a/Note.md", "a/Note.md"},
	}
	for _, tt := range tests {
		got, ok := r.ResolveLink(tt.link, tt.from)
		if !ok || got != tt.want {
			t.Errorf("ResolveLink(%+v, %q) = %q, %v; want %q", tt.link, tt.from, got, ok, tt.want)
		}
	}
}

func TestResolverAddRemove(t *testing.T) {
	r := NewLinkResolver(nil)
	if _, ok := r.Resolve("Note", ""); ok {
		t.Fatal("empty resolver resolved a link")
	}
	r.Add(Linkable{Path: "b/Note.md", Title: "Old title", Aliases: []string{"nick"}})
	r.Add(Linkable{Path: "./a/c/Note.md"})
	expect := func(target, from, want string) {
		t.Helper()
		got, ok := r.Resolve(target, from)
		if ok != (want != "") || ok && got != want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", target, from, got, ok, want)
		}
	}
	expect("Note", "", "b/Note.md")
	expect("Note", "a/c/x.md", "a/c/Note.md")
	expect("old title", "", "b/Note.md")
	expect("nick", "", "b/Note.md")

	// Re-adding a path replaces its title and aliases.
	r.Add(Linkable{Path: "b/Note.md", Title: "New title"})
	expect("old title", "", "")
	expect("nick", "", "")
	expect("new title", "", "b/Note.md")
	if r.Len() != 2 {
		t.Errorf("Len = %d, want 2", r.Len())
	}

	r.Remove("b/Note.md")
	expect("Note", "", "a/c/Note.md")
	expect("new title", "", "")
	r.Remove("b/Note.md") // twice is harmless
	r.Remove("/a/c/Note.md")
	expect("Note", "", "")
	if r.Len() != 0 {
		t.Errorf("Len = %d after removing everything", r.Len())
	}
	for _, m := range []map[string][]string{r.byPath, r.byName, r.byTitle, r.byAlias} {
		if len(m) != 0 {
			t.Errorf("index keeps %v after removing everything", m)
		}
	}
	r.Add(Linkable{Path: ""})
	r.Add(Linkable{Path: "/"})
	if r.Len() != 0 {
		t.Errorf("Len = %d after adding empty paths", r.Len())
	}
}

// TestResolverIsDeterministic checks that the order documents arrive in
// never changes an answer.
func TestResolverIsDeterministic(t *testing.T) {
	docs := []Linkable{
		{Path: "p/Note.md", Title: "T"}, {Path: "q/Note.md", Title: "T"},
		{Path: "pp/Note.md"}, {Path: "a/b/Note.md", Title: "T"}, {Path: "Z.md", Aliases: []string{"t"}},
	}
	want := map[string]string{}
	first := NewLinkResolver(docs)
	for _, target := range []string{"Note", "T", "b/Note"} {
		want[target], _ = first.Resolve(target, "elsewhere/x.md")
	}
	for i := range docs {
		rotated := append(append([]Linkable{}, docs[i:]...), docs[:i]...)
		r := NewLinkResolver(nil)
		for j := len(rotated) - 1; j >= 0; j-- {
			r.Add(rotated[j])
		}
		for target, w := range want {
			if got, _ := r.Resolve(target, "elsewhere/x.md"); got != w {
				t.Errorf("rotation %d: Resolve(%q) = %q, want %q", i, target, got, w)
			}
		}
	}
	if want["Note"] != "p/Note.md" || want["T"] != "p/Note.md" || want["b/Note"] != "a/b/Note.md" {
		t.Errorf("answers %v", want)
	}
}

func TestResolverConcurrent(t *testing.T) {
	r := NewLinkResolver([]Linkable{{Path: "base.md"}})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for i := range 200 {
				p := fmt.Sprintf("w%d/n%d.md", w, i)
				r.Add(Linkable{Path: p, Title: p})
				if i%3 == 0 {
					r.Remove(p)
				}
			}
		}()
		go func() {
			defer wg.Done()
			for range 200 {
				if _, ok := r.Resolve("base", "x.md"); !ok {
					t.Error("base not resolved")
					return
				}
			}
		}()
	}
	wg.Wait()
}

func benchResolver(n int) (*LinkResolver, []string) {
	docs := make([]Linkable, n)
	targets := make([]string, 0, n)
	for i := range docs {
		dir := fmt.Sprintf("mind/concepts/2026-%02d", i%12+1)
		name := fmt.Sprintf("2026-%02d-%02d-%08x", i%12+1, i%28+1, i*2654435761%(1<<32))
		docs[i] = Linkable{
			Path:    dir + "/" + name + ".md",
			Title:   fmt.Sprintf("Memory number %d about the daemon", i),
			Aliases: []string{fmt.Sprintf("m%d", i)},
		}
		switch i % 4 {
		case 0:
			targets = append(targets, name)
		case 1:
			targets = append(targets, dir+"/"+name+".md")
		case 2:
			targets = append(targets, docs[i].Title)
		case 3:
			targets = append(targets, "Missing note "+name)
		}
	}
	return NewLinkResolver(docs), targets
}

func BenchmarkResolve(b *testing.B) {
	r, targets := benchResolver(10000)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r.Resolve(targets[i%len(targets)], "mind/concepts/2026-03/x.md")
		i++
	}
}

func BenchmarkNewLinkResolver(b *testing.B) {
	docs := make([]Linkable, 10000)
	for i := range docs {
		docs[i] = Linkable{Path: fmt.Sprintf("mind/concepts/2026-%02d/%08x.md", i%12+1, i), Title: fmt.Sprint("t", i)}
	}
	b.ReportAllocs()
	for b.Loop() {
		NewLinkResolver(docs)
	}
}

func FuzzResolve(f *testing.F) {
	r := testResolver()
	for _, s := range [][2]string{
		{"Note", "a/x.md"}, {"../../Note", "a/b/x.md"}, {"b/Note", ""}, {"/a//b/./Note.md", "z/../q.md"},
		{"Shared title", "deep/er/x.md"}, {"", "a/Note.md"}, {"ÉCOLE/Ünï", "/"}, {"..", ".."},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, target, from string) {
		for _, kind := range []LinkKind{LinkWiki, LinkMarkdown} {
			p, ok := r.ResolveLink(Link{Kind: kind, Target: target}, from)
			if !ok {
				continue
			}
			if _, known := r.docs[p]; !known {
				t.Errorf("ResolveLink(%q, %q) = %q, not a known document", target, from, p)
			}
		}
	})
}
