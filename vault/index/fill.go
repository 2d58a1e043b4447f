package index

import "github.com/cortex-vault/cortex/vault"

// fillDoc decodes a document's fields into its row. The source_hash kept is
// the hash of the body as it is on disk, not the frontmatter's claim: a
// person may have edited the body without fixing the hash, and
// de-duplication must compare what the file says.
func fillDoc(d *Doc, data []byte) {
	p, err := vault.Parse(data)
	if err != nil {
		d.ParseError = err.Error()
		return
	}
	doc := p.Doc
	d.ID = doc.ID
	d.Type = doc.Type
	d.Category = string(doc.Category)
	d.Created = formatTime(doc.Created)
	d.SourceHash = vault.Hash(doc.Body)
	d.Title = doc.Title
	if d.Title == "" {
		d.Title = vault.Title(doc.Body)
	}
	d.Status = doc.Status
	d.Importance = doc.Importance
	d.Reinforced = doc.Reinforced
	if doc.LastReinforced != nil {
		d.LastReinforced = formatTime(*doc.LastReinforced)
	}
}
