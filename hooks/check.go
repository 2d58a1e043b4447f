package hooks

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
)

// Fixed is a document whose Cortex part was completed or corrected.
type Fixed struct {
	// Path is repository-relative for the hook, vault-relative for
	// Validate; slash-separated.
	Path string `json:"path"`
	// Fields are the fields set, in order (id, category, created,
	// source_hash).
	Fields []string `json:"fields"`
	// StagedOnly reports that only the staged content was fixed: the
	// working file holds unstaged edits, left untouched.
	StagedOnly bool `json:"staged_only,omitempty"`
}

// checked is one document after the check (and the fix, when asked).
type checked struct {
	data     []byte   // the content after the fixes (the input when none)
	changed  []string // the fields Fix set
	problems []doc.Problem
	claim    doc.IDClaim // ID empty when the document has no valid id
}

// checkDoc applies the one rule (doc.Check, and doc.Fix when fix is set
// and something is fixable) to the content of the vault-relative rel.
//
// The lines of the problems reported are those of the file the person will
// look at. For Validate, that is the fixed file, written even when other
// problems remain (fixedLines). The hook writes nothing when a problem
// remains, so its problems are those of the content as staged, without the
// ones the fix will repair once the commit can go through.
func checkDoc(rel string, data []byte, tx *doc.Taxonomy, fix, fixedLines bool, now func() time.Time, newID func() string) checked {
	c := checked{data: data}
	p, err := doc.Parse(data)
	if err != nil {
		c.problems = doc.Check(rel, data, tx)
		return c
	}
	c.problems = p.Check(rel, tx)
	if fix && anyFixable(c.problems) {
		out, changed, after := doc.Fix(data, tx, now(), newID)
		if len(changed) > 0 {
			if np, err := doc.Parse(out); err == nil {
				p = np
				c.data, c.changed = out, changed
			}
		}
		if fixedLines {
			c.problems = doc.WithPath(after, rel)
		} else {
			c.problems = unfixed(c.problems, c.changed, after)
		}
	}
	if doc.IsUUID(p.Doc.ID) {
		c.claim = doc.IDClaim{Path: rel, ID: p.Doc.ID, Line: p.Line(doc.FieldID)}
	}
	return c
}

// unfixed returns the problems of the content before the fix that the fix
// leaves: those it cannot repair, and the fixable ones whose fix failed
// (with Fix's reason, at the line of the content before).
func unfixed(before []doc.Problem, changed []string, after []doc.Problem) []doc.Problem {
	var out []doc.Problem
	for _, b := range before {
		if !b.Fixable {
			out = append(out, b)
			continue
		}
		if slices.Contains(changed, b.Field) {
			continue
		}
		b.Fixable = false
		for _, a := range after {
			if a.Field == b.Field && strings.HasPrefix(a.Msg, "cannot fix ") {
				b.Msg = a.Msg
			}
		}
		out = append(out, b)
	}
	return out
}

func anyFixable(ps []doc.Problem) bool {
	for _, p := range ps {
		if p.Fixable {
			return true
		}
	}
	return false
}

// machineDirs are the vault's folders that hold one machine's buffer and
// caches: git carries what is in them (observer/README.md) or nothing, never
// something in their place.
var machineDirs = []string{"observer", ".cortex"}

// machineDirProblem is a link or file staged where one of machineDirs
// belongs: in a clone, Cortex would write its buffer or caches through it
// (it refuses to start instead), so it is kept out of the commit.
func machineDirProblem(rel, mode string) doc.Problem {
	what := "a file"
	switch mode {
	case "120000":
		what = "a symbolic link"
	case "160000":
		what = "a submodule"
	}
	return doc.Problem{Path: rel, Msg: what + " where Cortex keeps this machine's folder " + rel + "/ (a clone's Cortex would refuse to start): unstage it with git rm --cached " + rel}
}

// configFiles are the vault's configuration files besides taxonomy.yml
// (whose staged bytes the hook reads and checks): each must be committed
// as a file.
var configFiles = []string{vault.CalibrationFile, ".cortexignore"}

// configLinkProblem is a link (or submodule) staged as one of configFiles:
// every clone would get it, and Cortex there refuses to read its
// configuration through a link that leads outside the vault (harness,
// session 17 world 70: a clone's `cortex init` refused).
func configLinkProblem(rel, mode string) doc.Problem {
	what := "a symbolic link"
	if mode == "160000" {
		what = "a submodule"
	}
	return doc.Problem{Path: rel, Msg: "staged as " + what + ": " + path.Base(rel) + " must be a regular file (in a clone, Cortex refuses a configuration file that is a link): commit the file itself"}
}

// symlinkProblem is why a symbolic link in a memory folder is refused: a
// link may point out of the vault, the index and Walk never follow one, so
// it would be committed yet never read as memory.
func symlinkProblem(rel string) doc.Problem {
	return doc.Problem{Path: rel, Msg: "a symbolic link, not a memory document (links may point out of the vault and are never read as memory): commit the file itself, or keep the link out of mind/, vault/ and rules/"}
}

// fixHint is how vault's messages name the fixing command.
const fixHint = "`cortex validate --fix`"

// WithFixPath names the file in a message's fixing command, so that it can
// be run as printed: `cortex validate --fix` becomes
// `cortex validate --fix PATH`.
func WithFixPath(msg, path string) string {
	return strings.ReplaceAll(msg, fixHint, "`cortex validate --fix "+argQuote(path)+"`")
}

// argQuote quotes a path for a shell only when it needs it. A name with a
// newline or another unprintable character is written $'…' (bash, zsh,
// ksh and POSIX.1-2024 sh), so the command stays one line that runs.
func argQuote(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+,@%=:", r))
	}) {
		return s
	}
	if strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) || !utf8.ValidString(s) {
		return dollarQuote(s)
	}
	return shellQuote(s)
}

// dollarQuote writes s as $'…' with C escapes.
func dollarQuote(s string) string {
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\\' || r == '\'':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x80 && !unicode.IsPrint(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case r > 0xffff && !unicode.IsPrint(r):
			fmt.Fprintf(&b, `\U%08x`, r)
		case !unicode.IsPrint(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('\'')
	return b.String()
}

// retitle re-derives the title of a document whose body the commit
// changes, when the committed title was the one the committed body gave
// (doc.Parsed.Retitle); data is the staged content, old the committed.
func retitle(data, old []byte) ([]byte, bool) {
	if old == nil {
		return data, false
	}
	op, err := doc.Parse(old)
	if err != nil {
		return data, false
	}
	np, err := doc.Parse(data)
	if err != nil || np.Doc.Body == op.Doc.Body {
		return data, false
	}
	if ok, err := np.Retitle(op.Doc.Body); !ok || err != nil {
		return data, false
	}
	return np.Bytes(), true
}
