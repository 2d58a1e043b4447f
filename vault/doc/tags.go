package doc

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ValidateTag checks a tag (without the leading #) against Obsidian's rules:
// letters, digits, _, - and / for nesting; at least one non-digit; no empty
// nesting segment.
func ValidateTag(tag string) error {
	if tag == "" {
		return errors.New("tag is empty")
	}
	if strings.HasPrefix(tag, "#") {
		return errors.New("write tags without the leading #")
	}
	allDigits := true
	for _, r := range tag {
		switch {
		case r == '/' || r == '_' || r == '-':
			allDigits = false
		case unicode.IsDigit(r):
		case unicode.IsLetter(r):
			allDigits = false
		case unicode.IsSpace(r):
			return errors.New("tags cannot contain spaces")
		default:
			return fmt.Errorf("character %q is not allowed in a tag (letters, digits, _, - and / only)", r)
		}
	}
	if allDigits {
		return errors.New("a tag needs at least one character that is not a digit")
	}
	for _, seg := range strings.Split(tag, "/") {
		if seg == "" {
			return errors.New("empty nesting segment (a leading, trailing or double /)")
		}
	}
	return nil
}

// CheckTagNamespace checks a valid tag against the taxonomy's namespaces: a tag
// inside a declared namespace must use one of its allowed values.
func (t *Taxonomy) CheckTagNamespace(tag string) error {
	ns, val, ok := strings.Cut(tag, "/")
	if !ok {
		return nil
	}
	allowed, declared := t.TagNamespaces[ns]
	if !declared {
		return nil
	}
	for _, a := range allowed {
		if a == val {
			return nil
		}
	}
	return fmt.Errorf("tag %q: namespace %s/ allows only %s", tag, ns, strings.Join(allowed, ", "))
}

// InlineTag is a #tag written in a markdown body.
type InlineTag struct {
	Tag  string // without the #
	Line int    // 1-based, counted from the start of the text given
}

// InlineTags returns the Obsidian tags written inline in a markdown body: a
// # at the start of a line or after white space, followed by letters,
// digits, _, - and /, and valid as a tag (so not a heading's "# ", nor
// #1984, nor a URL's #fragment). Fenced code blocks and code spans are
// skipped.
func InlineTags(body string) []InlineTag {
	var out []InlineTag
	var fence string // the open code fence, if any
	for n := 1; body != ""; n++ {
		line := body
		if i := strings.IndexByte(body, '\n'); i >= 0 {
			line, body = body[:i], body[i+1:]
		} else {
			body = ""
		}
		t := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]+" \r") == "" {
				fence = ""
			}
			continue
		}
		if f := fenceOf(t); f != "" {
			fence = f
			continue
		}
		if strings.IndexByte(line, '#') < 0 {
			continue
		}
		code := 0 // length of the open code span's backtick run
		for i := 0; i < len(line); i++ {
			c := line[i]
			if c == '`' {
				j := i
				for j < len(line) && line[j] == '`' {
					j++
				}
				switch {
				case code == 0:
					code = j - i
				case code == j-i:
					code = 0
				}
				i = j - 1
				continue
			}
			if c != '#' || code != 0 {
				continue
			}
			if i > 0 {
				r, _ := utf8.DecodeLastRuneInString(line[:i])
				if !unicode.IsSpace(r) {
					continue
				}
			}
			j := i + 1
			for j < len(line) {
				r, w := utf8.DecodeRuneInString(line[j:])
				if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '/') {
					break
				}
				j += w
			}
			tag := strings.TrimRight(line[i+1:j], "/")
			if ValidateTag(tag) == nil {
				out = append(out, InlineTag{Tag: tag, Line: n})
			}
			i = j - 1
		}
	}
	return out
}

// fenceOf returns the fence (``` or ~~~, at least three) opening a code
// block on line t, or "".
func fenceOf(t string) string {
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(t) && t[n] == c {
			n++
		}
		if n >= 3 {
			return t[:n]
		}
	}
	return ""
}
