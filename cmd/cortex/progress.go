package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progress draws one line of progress on stderr — "memorizing ███░░░ 45%",
// "indexing ███░░░ 1234/5000", "validating 1,234 documents" — when stderr
// is a terminal, and nothing elsewhere: a log file or a pipe must not fill
// with carriage returns, and stdout keeps only the answer. done clears the
// line, so what follows starts clean.
type progress struct {
	w     io.Writer
	on    bool
	label string
	last  time.Time
	drew  bool
	// note follows the bar: what a step with no count of its own is
	// doing (stage); n of total are the last counts given.
	note     string
	n, total int
}

func newProgress(w io.Writer, label string) *progress {
	f, ok := w.(*os.File) // isTerminal (observe.go) looks at the file's mode
	return &progress{w: w, on: ok && isTerminal(f), label: label}
}

// due reports whether a line may be drawn now: at most ten a second.
func (p *progress) due() bool {
	if !p.on || time.Since(p.last) < 100*time.Millisecond {
		return false
	}
	p.last = time.Now()
	p.drew = true
	return true
}

// bar draws done of total as a bar and the two counts.
func (p *progress) update(done, total int) {
	p.n, p.total = done, total
	if p.due() {
		p.drawCounts()
	}
}

// stage names the step after the counted one — the counts stay full for
// seconds while it runs — and draws the line with it at once.
func (p *progress) stage(note string) {
	p.note = note
	if p.on {
		p.last, p.drew = time.Now(), true
		p.drawCounts()
	}
}

func (p *progress) drawCounts() {
	note := ""
	if p.note != "" {
		note = ", " + p.note
	}
	// \033[K: a shorter line than the last leaves none of it behind.
	fmt.Fprintf(p.w, "\r%s %s %d/%d%s\033[K", p.label, bar(int64(p.n), int64(p.total)), p.n, p.total, note)
}

// bytes draws done of total bytes as a bar and a percentage.
func (p *progress) bytes(done, total int64) {
	if p.due() {
		pct := int64(100)
		if total > 0 {
			pct = min(100, done*100/total)
		}
		fmt.Fprintf(p.w, "\r%s %s %d%%", p.label, bar(done, total), pct)
	}
}

// count draws a running count of what has no known total.
func (p *progress) count(n int, what string) {
	if p.due() {
		fmt.Fprintf(p.w, "\r%s %d %s", p.label, n, what)
	}
}

// clear takes the progress line away for a line of text (a warning); the
// next update draws it again below.
func (p *progress) clear() {
	if p.drew {
		fmt.Fprint(p.w, "\r\033[K")
		p.drew = false
	}
}

func (p *progress) done() {
	if p.drew {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

func bar(done, total int64) string {
	const width = 30
	filled := int64(0)
	if total > 0 {
		filled = min(width, done*width/total)
	}
	return strings.Repeat("█", int(filled)) + strings.Repeat("░", int(width-filled))
}
