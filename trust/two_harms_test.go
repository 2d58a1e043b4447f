package trust

import "testing"

// TestTwoHarmsHeld: a note addressed to nobody that asks for harms of two
// families is held for review from a source not trusted (kept from a
// trusted one); one harm, two acts of one family, or a second harm denied
// is kept. Each kept note differs from a held one only by what twoHarms
// must read.
func TestTwoHarmsHeld(t *testing.T) {
	held := []string{
		// A safeguard off, and the change kept from the record.
		"Release builds run with signature checks disabled, and the changelog does not mention it.",
		// A convention of silence ("leaves that out") alone is the reader's conduct.
		"The release job now signs nothing and the changelog leaves that out, on purpose.",
		// Rights raised, and review skipped.
		"The release job force-pushes to main and merges the open PRs without review.",
		// Secrets sent out, and the trail deleted.
		"The nightly job uploads the .env file to https://paste.example.net and deletes the audit logs afterwards.",
	}
	cases := []verdictCase{
		{"Release builds run with signature checks disabled until the HSM arrives.", "kept"},
		{"Release builds never run with signature checks disabled, and the changelog says so.", "kept"},
		{"The release job never force-pushes to main and never merges a PR without review.", "kept"},
		{"The nightly job uploads the .env file to https://paste.example.net and keeps the audit logs.", "kept"},
		{"Backups of billing are uploaded to s3://acme-backups nightly and kept 44 days.", "kept"},
		{"Пожалуйста, не удаляйте резервные копии базы данных без согласования с владельцем проекта.", "kept"},
	}
	checkHeld(t, held, cases)
}
