package observer

// DEVELOPMENT PLACEHOLDER for the pipeline branch's memorizer.go: deleted when
// `pipeline` is merged. Same signatures as the agreed contract.

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"time"

	"github.com/cortex-vault/cortex/vault"
)

type Options struct {
	Logger              *slog.Logger
	Now                 func() time.Time
	Author, AuthorEmail string
	BatchLines          int
}

type Result struct {
	Lines, Memorized, Reinforced, Operations, Quarantined, Skipped int
	Commits                                                        []string
	Offset                                                         int64
}

type Memorizer struct{}

func Open(ctx context.Context, l vault.Layout, opts Options) (*Memorizer, error) {
	return nil, errors.New("memorizer: not merged yet")
}

func (m *Memorizer) Process(ctx context.Context) (Result, error) { return Result{}, errors.New("x") }
func (m *Memorizer) Close() error                               { return nil }

func Pending(l vault.Layout) (lines int, n int64, err error) {
	st, _, err := LoadState(l)
	if err != nil {
		return 0, 0, err
	}
	f, err := os.Open(l.Buffer())
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, 0, err
	}
	off := st.Offset
	if bufferIDOf(fi) != st.Buffer || fi.Size() < off {
		off = 0
	}
	data, err := io.ReadAll(io.NewSectionReader(f, off, fi.Size()-off))
	if err != nil {
		return 0, 0, err
	}
	end := bytes.LastIndexByte(data, '\n') + 1
	return bytes.Count(data[:end], []byte("\n")), int64(end), nil
}
