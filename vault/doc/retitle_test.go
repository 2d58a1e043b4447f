package doc

import "testing"

func TestRetitle(t *testing.T) {
	const old = "Deploys on Fridays are forbidden"
	tests := []struct {
		name, title, body, want string
		changed                 bool
	}{
		{"derived title follows the body", old, "Hotfixes may ship on Fridays after 2pm", "Hotfixes may ship on Fridays after 2pm", true},
		{"a person's title stays", "Friday policy", "Hotfixes may ship on Fridays after 2pm", "Friday policy", false},
		{"no title: nothing to re-derive", "", "Hotfixes may ship", "", false},
		{"same body", old, old, old, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := "---\nid: 0190a6f2-7a4b-7c3d-9e8f-0123456789ab\ntype: decision\n"
			if tt.title != "" {
				data += "title: \"" + tt.title + "\"\n"
			}
			data += "---\n" + tt.body + "\n"
			p, err := Parse([]byte(data))
			if err != nil {
				t.Fatal(err)
			}
			changed, err := p.Retitle(old)
			if err != nil || changed != tt.changed || p.Doc.Title != tt.want {
				t.Fatalf("Retitle = %v, %v; title %q, want %v, %q", changed, err, p.Doc.Title, tt.changed, tt.want)
			}
		})
	}
}

func TestRetitleStale(t *testing.T) {
	mk := func(title, hash, body string) *Parsed {
		p, err := Parse([]byte("---\ntype: decision\nsource_hash: " + hash + "\ntitle: \"" + title + "\"\n---\n" + body + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	const old, body = "Pair on every migration", "Review every migration with a second person"
	p := mk(old, Hash(old), body)
	if changed, err := p.RetitleStale(); err != nil || len(changed) != 2 || p.Doc.Title != body || p.Doc.SourceHash != Hash(body) {
		t.Fatalf("derived title: changed %v, %v; title %q, hash %s", changed, err, p.Doc.Title, p.Doc.SourceHash)
	}
	p = mk("Migrations", Hash(old), body)
	if changed, err := p.RetitleStale(); err != nil || len(changed) != 0 || p.Doc.Title != "Migrations" {
		t.Fatalf("a person's title: changed %v, %v; title %q", changed, err, p.Doc.Title)
	}
	p = mk(body, Hash(body), body)
	if changed, err := p.RetitleStale(); err != nil || len(changed) != 0 {
		t.Fatalf("up to date: changed %v, %v", changed, err)
	}
}
