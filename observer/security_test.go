package observer

import (
	"strings"
	"testing"
)

func TestValidateRedactsBeforeTheBuffer(t *testing.T) {
	o := Observation{Timestamp: mustTime("2026-02-16T15:23:14Z"), Bucket: BucketExplicit, Type: "lesson",
		Body: "staging uses DB_PASSWORD=Tr0ub4dor&3 for now", Context: "from redis://:hunter22@cache:6379",
		Attribution: "owner", SessionID: "cli"}
	warnings, err := o.Validate(testTaxonomy(t))
	if err != nil {
		t.Fatal(err)
	}
	line, _ := o.Marshal()
	if strings.Contains(string(line), "Tr0ub4dor") || strings.Contains(string(line), "hunter22") {
		t.Fatalf("a secret reaches the buffer line: %s", line)
	}
	if len(warnings) != 2 || !strings.Contains(warnings[0], `field "body": a credential was redacted (credential-assignment)`) {
		t.Fatalf("warnings = %q", warnings)
	}
}
