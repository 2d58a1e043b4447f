package doc

import (
	"strings"
	"unicode"
)

// RulesIntro is the paragraph the curator writes under the heading of a
// rules file it creates: not a rule itself.
const RulesIntro = "Rules the curator (`cortex maintain`, `cortex promote`) promoted from memories repeated across sessions. Edit freely: the curator only appends entries."

// RuleEntry is one rule of a rules/ document.
type RuleEntry struct {
	// Text is the rule on one line, without the curator's source links
	// "(from [[…]], …)" and block id.
	Text string
	// Block is the entry's Obsidian block id ("r-1a2b3c4d" for "^r-1a2b3c4d"),
	// "" when it has none.
	Block string
}

// RuleEntries reads the rules of a rules/ document's body, in order. The
// curator writes one list item per rule — "- text (from [[src]], …)
// ^r-xxxxxxxx" — and a person may write list items of any kind ("-", "*",
// "+", "1.", "1)"), lines under an item indented to continue it, or plain
// paragraphs: the top-level list items are the rules when there are any
// (paragraphs around them are then prose about the rules), else every
// paragraph is one. Headings, fenced code, HTML comments, tables, quotes
// and the curator's RulesIntro are never rules; nested items belong to
// their parent and are left out.
func RuleEntries(body string) []RuleEntry {
	var items, paras []string
	var cur *[]string // the list the entry being read belongs to
	var buf []string  // the entry being read, line by line
	flush := func() {
		if cur != nil && len(buf) > 0 {
			*cur = append(*cur, strings.Join(buf, " "))
		}
		cur, buf = nil, nil
	}
	fence := ""
	comment := false
	for _, raw := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n") {
		line := strings.TrimRightFunc(raw, unicode.IsSpace)
		trim := strings.TrimSpace(line)
		indent := len(line) - len(strings.TrimLeft(line, " \t"))
		switch {
		case fence != "":
			if strings.HasPrefix(trim, fence) {
				fence = ""
			}
			continue
		case comment:
			if strings.Contains(trim, "-->") {
				comment = false
			}
			continue
		case strings.HasPrefix(trim, "```") || strings.HasPrefix(trim, "~~~"):
			flush()
			fence = trim[:3]
			continue
		case strings.HasPrefix(trim, "<!--"):
			flush()
			comment = !strings.Contains(trim, "-->")
			continue
		case trim == "":
			if cur == &paras {
				flush()
			}
			continue
		}
		if text, ok := listItem(trim); ok {
			if indent >= 2 && cur == &items {
				continue // a nested item: its parent's detail
			}
			flush()
			cur, buf = &items, []string{text}
			continue
		}
		if indent >= 2 && cur == &items {
			buf = append(buf, trim) // the item's continuation
			continue
		}
		if isHeading(trim) || strings.HasPrefix(trim, ">") || strings.HasPrefix(trim, "|") ||
			strings.Trim(trim, "-*_= ") == "" {
			flush()
			continue
		}
		if cur != &paras {
			flush()
			cur = &paras
		}
		buf = append(buf, trim)
	}
	flush()
	src := items
	if len(src) == 0 {
		src = paras
	}
	var out []RuleEntry
	for _, s := range src {
		e := ruleEntry(s)
		if e.Text != "" && e.Text != RulesIntro {
			out = append(out, e)
		}
	}
	return out
}

// listItem returns the text of a list item line ("- x", "* x", "+ x",
// "1. x", "1) x").
func listItem(trim string) (string, bool) {
	if len(trim) >= 2 && strings.ContainsRune("-*+", rune(trim[0])) && trim[1] == ' ' {
		return strings.TrimSpace(trim[2:]), true
	}
	i := 0
	for i < len(trim) && i < 9 && trim[i] >= '0' && trim[i] <= '9' {
		i++
	}
	if i > 0 && i+1 < len(trim) && (trim[i] == '.' || trim[i] == ')') && trim[i+1] == ' ' {
		return strings.TrimSpace(trim[i+2:]), true
	}
	return "", false
}

// isHeading reports whether a line is an ATX heading ("# x" to "###### x");
// "#tag" is a tag.
func isHeading(trim string) bool {
	n := len(trim) - len(strings.TrimLeft(trim, "#"))
	return n >= 1 && n <= 6 && (n == len(trim) || trim[n] == ' ')
}

// ruleEntry splits an entry's text from its block id and the curator's
// source links.
func ruleEntry(s string) RuleEntry {
	s = strings.Join(strings.Fields(s), " ")
	var e RuleEntry
	if i := strings.LastIndex(s, " ^"); i >= 0 && isBlockID(s[i+2:]) {
		e.Block, s = s[i+2:], s[:i]
	} else if strings.HasPrefix(s, "^") && isBlockID(s[1:]) {
		e.Block, s = s[1:], ""
	}
	if i := strings.LastIndex(s, " (from [["); i >= 0 && strings.HasSuffix(s, "]])") {
		s = s[:i]
	}
	e.Text = strings.TrimSpace(s)
	return e
}

// isBlockID reports whether s is an Obsidian block id: letters, digits and
// dashes.
func isBlockID(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
