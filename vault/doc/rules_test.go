package doc

import (
	"reflect"
	"strings"
	"testing"
)

func TestRuleEntries(t *testing.T) {
	for _, tc := range []struct {
		name string
		body string
		want []RuleEntry
	}{
		{"curator", "# Warnings\n\n" + RulesIntro + "\n\n" +
			"- Always run the migrations on staging first (from [[2026-02-16-1a2b3c4d]], [[2026-02-17-5e6f7a8b]]) ^r-0f1e2d3c\n" +
			"- Never log tokens (from [[2026-02-18-aaaaaaaa]]) ^r-12345678\n",
			[]RuleEntry{{"Always run the migrations on staging first", "r-0f1e2d3c"}, {"Never log tokens", "r-12345678"}}},
		{"a person's list, every kind of item", "# Our rules\n\nWe keep these:\n\n* Star item\n+ Plus item\n1. Numbered item\n2) Other numbering\n- [ ] A task item\n",
			[]RuleEntry{{"Star item", ""}, {"Plus item", ""}, {"Numbered item", ""}, {"Other numbering", ""}, {"[ ] A task item", ""}}},
		{"continuation and nested items", "- First rule\n  goes on here.\n  - a nested detail\n- Second rule ^my-block\n\n- Loose third\n",
			[]RuleEntry{{"First rule goes on here.", ""}, {"Second rule", "my-block"}, {"Loose third", ""}}},
		{"paragraphs only", "Every change ships with a test.\n\nReviews happen\nwithin a day.\n",
			[]RuleEntry{{"Every change ships with a test.", ""}, {"Reviews happen within a day.", ""}}},
		{"not rules", "# Heading\n\n```sh\n- not an item\n```\n\n<!-- - a comment\nstill -->\n> - a quote\n\n| a | b |\n\n---\n\n#tag paragraph stays\n",
			[]RuleEntry{{"#tag paragraph stays", ""}}},
		{"only the intro", "# Warnings\n\n" + RulesIntro + "\n", nil},
		{"empty", "", nil},
		{"windows line ends", "- One\r\n- Two\r\n", []RuleEntry{{"One", ""}, {"Two", ""}}},
		{"a caret inside the text", "- Use x ^ y for xor\n", []RuleEntry{{"Use x ^ y for xor", ""}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := RuleEntries(tc.body); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("RuleEntries(%q)\n got %q\nwant %q", tc.body, got, tc.want)
			}
		})
	}
}

// FuzzRuleEntries: any body (a person's rules file) gives rules of one
// line each, none empty, block ids of their form, the intro never a rule.
func FuzzRuleEntries(f *testing.F) {
	for _, s := range []string{
		"- a (from [[x]]) ^r-1\n- b\n", "para one\n\npara two", "```\n- x\n", "<!--\n- x", "  - nested\n- top\n  more",
		"1) x\n2. y\n", "# " + RulesIntro + "\n" + RulesIntro, "- ^r-1\n", "-\n*\n+ \n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		for _, e := range RuleEntries(body) {
			if e.Text == "" || strings.ContainsAny(e.Text, "\n\r\t") || e.Text != strings.TrimSpace(e.Text) || e.Text == RulesIntro {
				t.Fatalf("entry %q of %q", e.Text, body)
			}
			if e.Block != "" && !isBlockID(e.Block) {
				t.Fatalf("block %q of %q", e.Block, body)
			}
		}
	})
}
