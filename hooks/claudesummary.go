package hooks

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"
)

// ClaudeSummary is what a Stop hook can say about the turn that ended, in
// the terms of seed 002's session summaries: what was asked, what was done,
// which files were edited.
type ClaudeSummary struct {
	// Request is the last prompt the person typed.
	Request string
	// Completed is the agent's final answer of the turn, with code blocks
	// left out (a memory is prose; a fenced block in a memory reads as an
	// instruction to the next agent and is quarantined).
	Completed string
	// FilesEdited are the files the turn's Edit, MultiEdit, Write and
	// NotebookEdit calls touched, relative to the session's folder when
	// inside it, in the order first touched.
	FilesEdited []string
}

// transcriptTail caps how much of the end of a transcript is read: the
// turn that just ended is at the end, and a long session's transcript runs
// to many megabytes.
const transcriptTail = 1 << 20

// maxSummaryFiles caps FilesEdited.
const maxSummaryFiles = 20

// SummarizeClaudeTurn builds the summary of the turn a Stop payload ends:
// the final answer from the payload (last_assistant_message) or else from
// the transcript, the request and edited files from the transcript's last
// megabyte. A transcript that cannot be read only loses those; an empty
// Completed means there is nothing to record.
func SummarizeClaudeTurn(in ClaudeInput) (ClaudeSummary, error) {
	var s ClaudeSummary
	var t transcriptTurn
	var terr error
	if in.TranscriptPath != "" {
		t, terr = readTranscriptTurn(in.TranscriptPath, transcriptTail)
	}
	last := in.LastAssistantMessage
	if last == "" {
		last = t.lastAnswer
	}
	s.Completed = proseOnly(last)
	s.Request = oneLine(t.request)
	for _, f := range t.files {
		if len(s.FilesEdited) == maxSummaryFiles {
			break
		}
		if in.CWD != "" && filepath.IsAbs(f) {
			if rel, err := filepath.Rel(in.CWD, f); err == nil && inside(f, in.CWD) {
				f = filepath.ToSlash(rel)
			}
		}
		s.FilesEdited = append(s.FilesEdited, f)
	}
	if s.Completed == "" && terr != nil {
		return s, terr
	}
	return s, nil
}

// transcriptTurn is what readTranscriptTurn finds in the last turn.
type transcriptTurn struct {
	request, lastAnswer string
	files               []string
}

// transcriptLine is the part of a Claude Code transcript line (one JSON
// object per line) a summary reads.
type transcriptLine struct {
	Type        string `json:"type"`
	IsSidechain bool   `json:"isSidechain"`
	IsMeta      bool   `json:"isMeta"`
	Message     struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

type contentBlock struct {
	Type  string `json:"type"`
	Text  string `json:"text"`
	Name  string `json:"name"`
	Input struct {
		FilePath     string `json:"file_path"`
		NotebookPath string `json:"notebook_path"`
	} `json:"input"`
}

// readTranscriptTurn reads the last max bytes of a transcript and returns
// the last typed prompt, the last text the main agent wrote and the files
// edited since that prompt. Lines of sub-agents (sidechains), meta lines
// and tool results are skipped; a line that does not decode is skipped.
func readTranscriptTurn(path string, max int64) (transcriptTurn, error) {
	var t transcriptTurn
	f, err := os.Open(path)
	if err != nil {
		return t, fmt.Errorf("transcript: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return t, fmt.Errorf("transcript: %w", err)
	}
	skipFirst := false
	if fi.Size() > max {
		if _, err := f.Seek(fi.Size()-max, io.SeekStart); err != nil {
			return t, fmt.Errorf("transcript: %w", err)
		}
		skipFirst = true // it starts mid-line
	}
	r := bufio.NewReaderSize(f, 64<<10)
	seen := map[string]bool{}
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 && !skipFirst {
			t.add(line, seen)
		}
		skipFirst = false
		if errors.Is(err, io.EOF) {
			return t, nil
		}
		if err != nil {
			return t, fmt.Errorf("transcript: %w", err)
		}
	}
}

func (t *transcriptTurn) add(line []byte, seen map[string]bool) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' {
		return
	}
	var l transcriptLine
	if json.Unmarshal(line, &l) != nil || l.IsSidechain || l.IsMeta {
		return
	}
	switch l.Type {
	case "user":
		if text := typedPrompt(l.Message.Content); text != "" {
			// A new turn: what came before belongs to the previous one.
			t.request, t.lastAnswer, t.files = text, "", nil
			clear(seen)
		}
	case "assistant":
		var blocks []contentBlock
		if json.Unmarshal(l.Message.Content, &blocks) != nil {
			return
		}
		var text []string
		for _, b := range blocks {
			switch b.Type {
			case "text":
				if s := strings.TrimSpace(b.Text); s != "" {
					text = append(text, s)
				}
			case "tool_use":
				switch b.Name {
				case "Edit", "MultiEdit", "Write", "NotebookEdit":
					p := b.Input.FilePath
					if p == "" {
						p = b.Input.NotebookPath
					}
					if p != "" && !seen[p] {
						seen[p] = true
						t.files = append(t.files, p)
					}
				}
			}
		}
		if len(text) > 0 {
			t.lastAnswer = strings.Join(text, "\n\n")
		}
	}
}

// typedPrompt returns the text of a user line a person typed: a string, or
// text blocks; "" for tool results and for the tags Claude Code writes
// around slash commands and their output.
func typedPrompt(content json.RawMessage) string {
	var s string
	if json.Unmarshal(content, &s) != nil {
		var blocks []contentBlock
		if json.Unmarshal(content, &blocks) != nil {
			return ""
		}
		var parts []string
		for _, b := range blocks {
			if b.Type != "text" {
				return "" // a tool result (or an image with it): not typed
			}
			parts = append(parts, b.Text)
		}
		s = strings.Join(parts, "\n")
	}
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "<") {
		return "" // <command-name>, <local-command-stdout>, …
	}
	return s
}

// proseOnly drops fenced code blocks and collapses white space: a memory's
// body is a few plain sentences.
func proseOnly(s string) string {
	var b strings.Builder
	fence := ""
	for line := range strings.Lines(s) {
		trim := strings.TrimSpace(line)
		if fence != "" {
			if strings.HasPrefix(trim, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trim, "```") || strings.HasPrefix(trim, "~~~") {
			fence = trim[:3]
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return oneLine(b.String())
}

// oneLine collapses every run of white space to one space.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}
