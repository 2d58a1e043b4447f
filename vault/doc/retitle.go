package doc

// Retitle re-derives the title after a body edit (SPEC §2): when the title
// is the one derived from the old body, it becomes the one derived from
// the new body, so that search and the push block stop showing a sentence
// the person replaced. A title a person wrote — anything but the derived
// one — is never touched. It reports whether the title changed.
func (p *Parsed) Retitle(oldBody string) (bool, error) {
	t := p.Doc.Title
	if t == "" || t != Title(oldBody) {
		return false, nil
	}
	nt := Title(p.Doc.Body)
	if nt == t || nt == "" {
		return false, nil
	}
	return true, p.Set(FieldTitle, nt)
}

// RetitleStale is Retitle for a document whose body changed while its
// source_hash did not (edited and committed past the pre-commit hook, or
// on a machine without cortex): the old body is known only by that hash.
// The title counts as derived when it hashes to it — the old body was the
// title itself, a memory of one sentence, as most are; a longer body's cut
// title cannot be told from a person's and is left alone (the hook, which
// reads the committed body, re-derives it). The source_hash is brought up
// to date with the title. It reports the fields it changed.
func (p *Parsed) RetitleStale() ([]string, error) {
	h := Hash(p.Doc.Body)
	if p.Doc.SourceHash == "" || p.Doc.SourceHash == h {
		return nil, nil
	}
	t := p.Doc.Title
	if t == "" || Hash(t) != p.Doc.SourceHash {
		return nil, nil
	}
	var changed []string
	if nt := Title(p.Doc.Body); nt != t && nt != "" {
		if err := p.Set(FieldTitle, nt); err != nil {
			return nil, err
		}
		changed = append(changed, FieldTitle)
	}
	if err := p.Set(FieldSourceHash, h); err != nil {
		return changed, err
	}
	return append(changed, FieldSourceHash), nil
}
