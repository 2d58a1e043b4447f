package observer

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/cortex-vault/cortex/vault"
)

// rawLine is one complete buffer line: where it starts, where the next one
// starts, and its bytes without the newline (nil when it was too long to
// keep).
type rawLine struct {
	Offset  int64
	End     int64
	Data    []byte
	TooLong bool
}

// maxBatchBytes bounds the bytes one batch holds in memory, whatever
// BatchLines says: a thousand lines near MaxLineBytes would be a gigabyte.
const maxBatchBytes = 16 << 20

// bufferView is what a read saw of the buffer file.
type bufferView struct {
	ID   BufferID
	Size int64
	// Exists is false when there is no buffer yet.
	Exists bool
}

// statBuffer reports the buffer's identity and size.
func statBuffer(path string) (bufferView, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return bufferView{}, nil
	}
	if err != nil {
		return bufferView{}, fmt.Errorf("read buffer: %w", err)
	}
	return bufferView{ID: bufferIDOf(fi), Size: fi.Size(), Exists: true}, nil
}

// startOffset is where reading resumes in the buffer seen as v: the stored
// offset, or 0 when the buffer is another file than the one the offset
// belongs to (rotated, replaced, restored) or shorter than it (truncated).
// The zero BufferID of a state that never saw a buffer matches any file.
func startOffset(st State, v bufferView) (from int64, replaced bool) {
	if st.Offset == 0 {
		return 0, false
	}
	if st.Buffer != (BufferID{}) && st.Buffer != v.ID {
		return 0, true
	}
	if v.Size < st.Offset {
		return 0, true
	}
	return st.Offset, false
}

// readLines reads the complete lines of the buffer at path from offset
// from: at most maxLines lines and about maxBytes bytes (always at least
// one line), stopping before a last line that has no newline yet — its
// writer may still be writing it. A line over MaxLineBytes is read through
// without being kept. It returns the lines and the identity of the file
// read, which is the file open at the time (a rotation between the stat
// and the open is thus harmless).
func readLines(path string, from int64, maxLines, maxBytes int) ([]rawLine, BufferID, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, BufferID{}, nil
	}
	if err != nil {
		return nil, BufferID{}, fmt.Errorf("read buffer: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, BufferID{}, fmt.Errorf("read buffer %s: %w", path, err)
	}
	id := bufferIDOf(fi)
	if from > fi.Size() {
		return nil, id, nil
	}
	if _, err := f.Seek(from, io.SeekStart); err != nil {
		return nil, id, fmt.Errorf("read buffer %s: %w", path, err)
	}
	br := bufio.NewReaderSize(f, 64<<10)
	var out []rawLine
	off, held := from, 0
	for len(out) < maxLines && (held < maxBytes || len(out) == 0) {
		data, n, complete, tooLong, err := readOneLine(br)
		if err != nil {
			return nil, id, fmt.Errorf("read buffer %s at offset %d: %w", path, off, err)
		}
		if !complete {
			break // no newline yet: the line waits for the next cycle
		}
		out = append(out, rawLine{Offset: off, End: off + n, Data: data, TooLong: tooLong})
		off += n
		held += len(data)
	}
	return out, id, nil
}

// readOneLine reads one line through its newline. n counts every byte
// consumed; complete is false at the end of the input without a newline.
// Past MaxLineBytes the rest of the line is consumed but not kept.
func readOneLine(br *bufio.Reader) (data []byte, n int64, complete, tooLong bool, err error) {
	for {
		chunk, rerr := br.ReadSlice('\n')
		n += int64(len(chunk))
		if !tooLong {
			if len(data)+len(chunk) > MaxLineBytes+1 {
				tooLong, data = true, nil
			} else {
				data = append(data, chunk...)
			}
		}
		switch rerr {
		case nil:
			data = bytes.TrimSuffix(data, []byte("\n"))
			data = bytes.TrimSuffix(data, []byte("\r"))
			return data, n, true, tooLong, nil
		case bufio.ErrBufferFull:
			continue
		case io.EOF:
			return nil, n, false, tooLong, nil
		}
		return nil, n, false, tooLong, rerr
	}
}

// Pending counts the complete lines after the stored offset and their
// bytes: what the next Process will account for. A line without its
// newline is not counted (it is not complete). It does not take the
// memorizer's lock and never writes.
func Pending(l vault.Layout) (lines int, bytes int64, err error) {
	st, _, err := LoadState(l)
	if err != nil {
		return 0, 0, err
	}
	v, err := statBuffer(l.Buffer())
	if err != nil || !v.Exists {
		return 0, 0, err
	}
	from, _ := startOffset(st, v)
	return countLines(l.Buffer(), from)
}

// countLines counts the newline-terminated lines of the file at path from
// offset from, and the bytes up to the last newline.
func countLines(path string, from int64) (int, int64, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, fmt.Errorf("pending: %w", err)
	}
	defer f.Close()
	if _, err := f.Seek(from, io.SeekStart); err != nil {
		return 0, 0, fmt.Errorf("pending %s: %w", path, err)
	}
	buf := make([]byte, 64<<10)
	var lines int
	var pos, lastEnd int64
	for {
		n, err := f.Read(buf)
		chunk := buf[:n]
		for {
			i := bytes.IndexByte(chunk, '\n')
			if i < 0 {
				break
			}
			lines++
			lastEnd = pos + int64(i) + 1
			pos += int64(i) + 1
			chunk = chunk[i+1:]
		}
		pos += int64(len(chunk))
		if err == io.EOF {
			return lines, lastEnd, nil
		}
		if err != nil {
			return 0, 0, fmt.Errorf("pending %s: %w", path, err)
		}
	}
}
