package main

import (
	"context"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
)

// personLog is the logger of a one-shot command (process, search, sync,
// maintain, …): each record becomes one line for the person at the
// terminal — "cortex: warning: observation quarantined (reason schema,
// offset 120)" — not a log record (level=WARN msg=…). The daemon and the
// MCP server keep slog's own format: their stderr is a log file.
// before, when set, runs ahead of each line: it clears a progress line.
func personLog(w io.Writer, level slog.Leveler, before func()) *slog.Logger {
	return slog.New(&personHandler{mu: new(sync.Mutex), w: w, level: level, before: before})
}

type personHandler struct {
	mu     *sync.Mutex // shared by the handlers WithAttrs derives: one writer
	w      io.Writer
	level  slog.Leveler
	before func()
	attrs  []slog.Attr
	group  string // the prefix of the attributes' keys ("g." when in a group)
}

func (h *personHandler) Enabled(_ context.Context, l slog.Level) bool {
	return l >= h.level.Level()
}

func (h *personHandler) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	b.WriteString("cortex: ")
	switch {
	case r.Level >= slog.LevelError:
		b.WriteString("error: ")
	case r.Level >= slog.LevelWarn:
		b.WriteString("warning: ")
	}
	b.WriteString(plainText(r.Message))
	var parts []string
	add := func(prefix string, a slog.Attr) {
		if a.Equal(slog.Attr{}) {
			return
		}
		parts = append(parts, prefix+a.Key+" "+attrText(a.Value))
	}
	for _, a := range h.attrs {
		add("", a)
	}
	r.Attrs(func(a slog.Attr) bool {
		add(h.group, a)
		return true
	})
	if len(parts) > 0 {
		b.WriteString(" (" + strings.Join(parts, ", ") + ")")
	}
	b.WriteString("\n")
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.before != nil {
		h.before()
	}
	_, err := io.WriteString(h.w, b.String())
	return err
}

func (h *personHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	c := *h
	c.attrs = append([]slog.Attr(nil), h.attrs...)
	for _, a := range attrs {
		a.Key = h.group + a.Key
		c.attrs = append(c.attrs, a)
	}
	return &c
}

func (h *personHandler) WithGroup(name string) slog.Handler {
	if name == "" {
		return h
	}
	c := *h
	c.group = h.group + name + "."
	return &c
}

// attrText writes a value as a person reads it: times in local time to
// the second, groups as key value pairs, text without control characters.
func attrText(v slog.Value) string {
	v = v.Resolve()
	switch v.Kind() {
	case slog.KindTime:
		return v.Time().Local().Format(time.DateTime)
	case slog.KindDuration:
		return v.Duration().Round(time.Millisecond).String()
	case slog.KindGroup:
		var parts []string
		for _, a := range v.Group() {
			parts = append(parts, a.Key+" "+attrText(a.Value))
		}
		return strings.Join(parts, ", ")
	}
	return plainText(v.String())
}

// plainText keeps control characters of memory text, paths or errors from
// reaching the terminal raw: text holding one is quoted.
func plainText(s string) string {
	for _, c := range s {
		if unicode.IsControl(c) {
			return strconv.Quote(s)
		}
	}
	return s
}
