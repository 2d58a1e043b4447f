package mind

import (
	"strings"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// The trust a memory's source is shown with (Provenance.Trust).
const (
	// Trusted: a person's own note — written by hand in the vault, or said
	// (bucket explicit) by an attribution calibration.yml trusts.
	Trusted = "trusted"
	// Untrusted: noticed by an agent (bucket ambient), or attributed to a
	// name calibration.yml does not list: anyone can write that name.
	Untrusted = "untrusted"
)

// HandWritten is the bucket shown for a document that has none: a note a
// person wrote in the vault rather than an observation the memorizer kept.
const HandWritten = "hand-written"

// Provenance is where a memory comes from, shown beside it wherever Cortex
// hands memory text to an agent (SPEC §11, "output is data"): an agent
// weighs a note by its source rather than taking it as an instruction in
// its own stream.
type Provenance struct {
	// By is the attribution ("" when the document names none).
	By string `json:"by,omitempty"`
	// Bucket is explicit (a person said it), ambient (an agent noticed
	// it) or hand-written.
	Bucket string `json:"bucket"`
	// Trust is Trusted or Untrusted.
	Trust string `json:"trust"`
}

// ProvenanceOf is the provenance of a memory with this bucket and
// attribution under the vault's calibration (nil: the built-in one).
func ProvenanceOf(bucket, attribution string, cal *vault.Calibration) Provenance {
	if cal == nil {
		cal = vault.DefaultCalibration()
	}
	p := Provenance{By: oneLine(doc.ForDisplay(attribution)), Bucket: bucket, Trust: Untrusted}
	switch bucket {
	case "":
		p.Bucket, p.Trust = HandWritten, Trusted
	case "explicit":
		if cal.Trusts(attribution) {
			p.Trust = Trusted
		}
	default:
		p.Bucket = oneLine(doc.ForDisplay(bucket))
	}
	return p
}

// String is "by owner, explicit, trusted" ("hand-written, trusted" with
// no attribution).
func (p Provenance) String() string {
	var parts []string
	if p.By != "" {
		parts = append(parts, "by "+p.By)
	}
	return strings.Join(append(parts, p.Bucket, p.Trust), ", ")
}

// Quote is one line of memory text (already through doc.ForDisplay) in
// curly quotes. The text's own curly quotes become straight ones, so that
// nothing in it can close the quotation and go on as if the line said
// more than the memory did.
func Quote(text string) string {
	if strings.ContainsAny(text, "“”") {
		text = strings.ReplaceAll(strings.ReplaceAll(text, "“", `"`), "”", `"`)
	}
	return "“" + text + "”"
}

// calibration is the vault's calibration, or the built-in one when the
// file is missing or ignored (its warnings are the memorizer's to give).
func calibration(l vault.Layout) *vault.Calibration {
	c, _ := vault.LoadCalibration(l.Root)
	return c
}
