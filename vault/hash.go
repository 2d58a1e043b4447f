package vault

import (
	"crypto/sha256"
	"encoding/hex"
	"unicode"
	"unicode/utf8"
)

// Hash is a body's source_hash (SPEC §2): the SHA-256, in lowercase hex, of
// the body normalized — Unicode lower-cased, every run of white space
// collapsed to one space, leading and trailing white space (so blank lines)
// dropped — so that the same memory written twice with other spacing or
// capitals is recognized as the same.
func Hash(body string) string {
	h := sha256.New()
	var buf [512]byte
	b := buf[:0]
	space := false // a white space run is pending
	started := false
	for i := 0; i < len(body); {
		c := body[i]
		if c < utf8.RuneSelf {
			i++
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' {
				space = true
				continue
			}
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if space && started {
				b = append(b, ' ')
			}
			space, started = false, true
			b = append(b, c)
		} else {
			r, w := utf8.DecodeRuneInString(body[i:])
			i += w
			if unicode.IsSpace(r) {
				space = true
				continue
			}
			if space && started {
				b = append(b, ' ')
			}
			space, started = false, true
			b = utf8.AppendRune(b, unicode.ToLower(r))
		}
		if len(b) > len(buf)-8 {
			h.Write(b)
			b = b[:0]
		}
	}
	h.Write(b)
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0]))
}
