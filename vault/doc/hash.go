package doc

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
	// The normalized body goes through a buffer, never built whole.
	var buf [1024]byte
	n := 0
	space := false // a white space run is pending
	started := false
	for i := 0; i < len(body); {
		if n > len(buf)-2*utf8.UTFMax {
			h.Write(buf[:n])
			n = 0
		}
		// Most bytes go through as they are: copy them by runs.
		j := i
		for j < len(body) && j-i < len(buf)-n-1 && asIs[body[j]] {
			j++
		}
		if j > i {
			if space && started {
				buf[n] = ' '
				n++
			}
			n += copy(buf[n:], body[i:j])
			space, started, i = false, true, j
			continue
		}
		r, w := rune(body[i]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRuneInString(body[i:])
		}
		i += w
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && started {
			buf[n] = ' '
			n++
		}
		space, started = false, true
		n += utf8.EncodeRune(buf[n:], unicode.ToLower(r))
	}
	h.Write(buf[:n])
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0]))
}

// asIs marks the bytes the normalization keeps unchanged: ASCII that is
// neither white space nor an upper-case letter.
var asIs = func() (t [256]bool) {
	for c := 0; c < utf8.RuneSelf; c++ {
		t[c] = !unicode.IsSpace(rune(c)) && !unicode.IsUpper(rune(c))
	}
	return t
}()
