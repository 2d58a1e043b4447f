package vault

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
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
