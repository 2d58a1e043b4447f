package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultMaxFrame bounds one inbound line of the stdio transport. A tool
// call's arguments are a few kilobytes; 4 MiB leaves room for anything an
// agent sends on purpose while keeping a runaway client from making the
// server buffer without end.
const DefaultMaxFrame = 4 << 20

// Frames is the stdio transport of `cortex mcp`: newline-delimited
// JSON-RPC 2.0 with every frame checked before the go-sdk sees it. The
// sdk's own stdio transport ends the session on the first line it cannot
// decode; a server an agent depends on must instead answer a bad frame as
// JSON-RPC 2.0 says — a parse error (-32700) for text that is not JSON, an
// invalid request (-32600) for JSON that is not a request, a notification
// or a response — and read the next one. A line longer than MaxFrame is
// skipped to its end and refused the same way.
//
// Batches (JSON arrays) are refused with one -32600 error: MCP dropped them
// in protocol 2025-06-18, and answering part of one would be worse.
//
// Request ids that the sdk would not give back as sent — a number that is
// not a plain integer (1.5, 1e3, 2.0), or one past int64 — are swapped for
// an id of the frame layer's own on the way in and restored on the way out,
// so the client gets its id back byte for byte.
//
// The end of the input ends the session only once every request read
// before it has been answered (within DrainTimeout): a client may write
// its requests and close stdin at once.
type Frames struct {
	In  io.Reader
	Out io.Writer
	// MaxFrame bounds one line in bytes (default DefaultMaxFrame).
	MaxFrame int
}

// Connect implements mcp.Transport.
func (f *Frames) Connect(context.Context) (mcp.Connection, error) {
	max := f.MaxFrame
	if max <= 0 {
		max = DefaultMaxFrame
	}
	c := &frameConn{
		out:      f.Out,
		incoming: make(chan readResult),
		closed:   make(chan struct{}),
		ids:      map[string]json.RawMessage{},
		answered: make(chan struct{}, 1),
	}
	go c.readLoop(f.In, max)
	return c, nil
}

type readResult struct {
	msg jsonrpc.Message
	err error
}

type frameConn struct {
	out      io.Writer
	writeMu  sync.Mutex // one frame at a time on out
	incoming chan readResult
	closed   chan struct{}
	once     sync.Once

	idMu   sync.Mutex
	ids    map[string]json.RawMessage // the frame layer's id → the client's id as sent
	nextID uint64

	// calls counts the requests handed to the sdk and not yet answered;
	// answered is signalled each time one is. The input's end waits for
	// them (see readLoop).
	callMu   sync.Mutex
	calls    int
	answered chan struct{}
}

// DrainTimeout bounds how long the server goes on answering, once its
// input has ended, the requests it had read: a client that writes its
// requests and closes stdin (`printf … | cortex mcp`) gets every answer,
// and a handler stuck past this cannot keep the process alive for ever.
const DrainTimeout = time.Minute

func (c *frameConn) SessionID() string { return "" }

func (c *frameConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case r := <-c.incoming:
		return r.msg, r.err
	case <-c.closed:
		return nil, io.EOF
	}
}

func (c *frameConn) Close() error {
	c.once.Do(func() { close(c.closed) })
	return nil
}

func (c *frameConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("mcp: encode a message: %w", err)
	}
	resp, isResp := msg.(*jsonrpc.Response)
	if isResp {
		if data, err = c.restoreID(resp, data); err != nil {
			return err
		}
	}
	err = c.writeFrame(data)
	if isResp {
		c.callDone()
	}
	return err
}

// callStarted counts a request the sdk will answer.
func (c *frameConn) callStarted() {
	c.callMu.Lock()
	c.calls++
	c.callMu.Unlock()
}

// callDone counts one answered, and wakes the input's end if it waits.
func (c *frameConn) callDone() {
	c.callMu.Lock()
	if c.calls > 0 {
		c.calls--
	}
	c.callMu.Unlock()
	select {
	case c.answered <- struct{}{}:
	default:
	}
}

// drain waits until every request read has been answered, the
// connection closes, or DrainTimeout passes.
func (c *frameConn) drain() {
	deadline := time.NewTimer(DrainTimeout)
	defer deadline.Stop()
	for {
		c.callMu.Lock()
		n := c.calls
		c.callMu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-c.answered:
		case <-c.closed:
			return
		case <-deadline.C:
			return
		}
	}
}

func (c *frameConn) writeFrame(data []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if _, err := c.out.Write(append(data, '\n')); err != nil {
		return fmt.Errorf("mcp: write to the client: %w", err)
	}
	return nil
}

// restoreID puts the client's own id back into a response to a request
// whose id the frame layer replaced.
func (c *frameConn) restoreID(resp *jsonrpc.Response, data []byte) ([]byte, error) {
	key, ok := resp.ID.Raw().(string)
	if !ok {
		return data, nil
	}
	c.idMu.Lock()
	orig, ok := c.ids[key]
	delete(c.ids, key)
	c.idMu.Unlock()
	if !ok {
		return data, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, fmt.Errorf("mcp: restore the id of a response: %w", err)
	}
	fields["id"] = orig
	return json.Marshal(fields)
}

// idPrefix marks the ids the frame layer makes; a client's string id that
// starts with it is swapped too, so the two can never be confused.
const idPrefix = "cortex-frame-id-"

func (c *frameConn) swapID(orig json.RawMessage) string {
	c.idMu.Lock()
	defer c.idMu.Unlock()
	c.nextID++
	key := idPrefix + strconv.FormatUint(c.nextID, 10)
	c.ids[key] = append(json.RawMessage(nil), orig...)
	return key
}

// readLoop reads frames until the input ends or the connection closes,
// answering the bad ones itself.
func (c *frameConn) readLoop(in io.Reader, max int) {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(r, max)
		if tooLong {
			c.reject(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("frame refused: a line of more than %d bytes", max))
		} else if len(bytes.TrimSpace(line)) > 0 {
			msg := c.check(line)
			if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
				c.callStarted()
			}
			if msg != nil && !c.deliver(readResult{msg: msg}) {
				return
			}
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				err = fmt.Errorf("mcp: read from the client: %w", err)
			}
			// The sdk ends the session, requests in flight included, as
			// soon as a read fails: the end of the input waits for the
			// answers to what was read before it.
			c.drain()
			c.deliver(readResult{err: err})
			return
		}
	}
}

func (c *frameConn) deliver(r readResult) bool {
	select {
	case c.incoming <- r:
		return true
	case <-c.closed:
		return false
	}
}

// readLine reads one line without its newline. A line longer than max is
// read to its end and dropped (tooLong), so the next frame starts clean.
func readLine(r *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > max+2 { // +2: the \r\n ending
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			return nil, true, err
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) > max {
			return nil, true, err
		}
		return line, false, err
	}
}

// wireFrame is a frame's members as JSON-RPC 2.0 defines them, kept raw
// so that each can be checked for its type.
type wireFrame struct {
	JSONRPC json.RawMessage `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  json.RawMessage `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// check returns the message in line for the sdk, or answers the client
// itself and returns nil.
func (c *frameConn) check(line []byte) jsonrpc.Message {
	if !json.Valid(line) {
		c.reject(nil, jsonrpc.CodeParseError, "parse error: the frame is not JSON")
		return nil
	}
	switch bytes.TrimLeft(line, " \t\r\n")[0] {
	case '{':
	case '[':
		c.reject(nil, jsonrpc.CodeInvalidRequest, "invalid request: batches are not supported (MCP 2025-06-18 removed them); send one request per line")
		return nil
	default:
		c.reject(nil, jsonrpc.CodeInvalidRequest, "invalid request: a frame must be a JSON object")
		return nil
	}
	var w wireFrame
	if err := json.Unmarshal(line, &w); err != nil {
		c.reject(nil, jsonrpc.CodeParseError, "parse error: "+err.Error())
		return nil
	}
	// The id first: every later refusal names it when it is a valid one.
	id, idOK := validID(w.ID)
	if !idOK {
		c.reject(nil, jsonrpc.CodeInvalidRequest, "invalid request: id must be a string, a number or null")
		return nil
	}
	var version string
	if json.Unmarshal(w.JSONRPC, &version) != nil || version != "2.0" {
		c.reject(id, jsonrpc.CodeInvalidRequest, `invalid request: "jsonrpc" must be exactly "2.0"`)
		return nil
	}
	isNull := func(raw json.RawMessage) bool { return len(raw) == 0 || string(raw) == "null" }
	if w.Method != nil {
		var method string
		if json.Unmarshal(w.Method, &method) != nil {
			c.reject(id, jsonrpc.CodeInvalidRequest, `invalid request: "method" must be a string`)
			return nil
		}
		if p := bytes.TrimSpace(w.Params); len(p) > 0 && p[0] != '{' && p[0] != '[' {
			c.reject(id, jsonrpc.CodeInvalidRequest, `invalid request: "params" must be an object or an array`)
			return nil
		}
	} else if isNull(w.ID) || (w.Result == nil && w.Error == nil) {
		c.reject(id, jsonrpc.CodeInvalidRequest, `invalid request: no "method" (a request) and no "id" with "result" or "error" (a response)`)
		return nil
	}
	if w.Method != nil && id != nil && needsSwap(id) {
		line = c.withID(line, id)
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		c.reject(id, jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error())
		return nil
	}
	return msg
}

// validID reports whether raw is absent or a valid JSON-RPC id, and
// returns it (nil when absent or null).
func validID(raw json.RawMessage) (json.RawMessage, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, true
	}
	switch raw[0] {
	case '"':
		return raw, true
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return raw, true
	}
	return nil, false
}

// needsSwap reports an id the sdk would not give back as sent: a number
// other than a plain int64, or a string that looks like the frame layer's
// own ids.
func needsSwap(id json.RawMessage) bool {
	if id[0] == '"' {
		var s string
		return json.Unmarshal(id, &s) == nil && len(s) >= len(idPrefix) && s[:len(idPrefix)] == idPrefix
	}
	_, err := strconv.ParseInt(string(id), 10, 64)
	return err != nil
}

// withID returns line with its id replaced by one of the frame layer's.
func (c *frameConn) withID(line []byte, id json.RawMessage) []byte {
	var fields map[string]json.RawMessage
	if json.Unmarshal(line, &fields) != nil {
		return line
	}
	key, _ := json.Marshal(c.swapID(id))
	fields["id"] = key
	out, err := json.Marshal(fields)
	if err != nil {
		return line
	}
	return out
}

// reject answers a frame the sdk will not see. A refused notification is
// answered too when its id could not be told (JSON-RPC 2.0 answers those
// with id null); a valid notification is never refused here.
func (c *frameConn) reject(id json.RawMessage, code int64, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	resp := struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int64  `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id}
	resp.Error.Code, resp.Error.Message = code, msg
	data, err := json.Marshal(resp)
	if err != nil {
		return
	}
	// A failed write surfaces on the sdk's next write; the read loop goes on.
	_ = c.writeFrame(data)
}
