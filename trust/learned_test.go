package trust

import (
	"testing"
)

// TestLearnedModelIsCurrent: the embedded model was trained on today's
// corpora and reads the features today's code computes. Either failing
// says: run go generate ./trust.
func TestLearnedModelIsCurrent(t *testing.T) {
	m := learned()
	if got := corporaFingerprint(t); m.corpora != got {
		t.Errorf("learned.model was trained on other corpora (fingerprint %s, the corpora's today %s): run go generate ./trust", m.corpora, got)
	}
	if got := learnedFingerprint(); m.features != got {
		t.Errorf("learned.model reads other features than today's code computes (fingerprint %s, today %s): a view or a decoder changed; run go generate ./trust", m.features, got)
	}
}
