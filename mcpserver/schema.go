package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// addTool registers a typed handler with a schema every client can
// satisfy, and arguments read the way models write them.
//
// The go-sdk infers `["null","array"]` for a Go slice and
// `["null","integer"]` for a pointer; real clients (the MCP Inspector,
// whose form builder and validator read the schema) refuse to send
// anything for such a property. The schema published here has one plain
// type per property, optional properties being simply not required.
//
// Models, for their part, send "warning" where ["warning"] is meant and
// "5" where 5 is: before the arguments are checked against the schema, a
// string given for a list becomes a one-element list (or the list it
// spells, `["a","b"]`), and a numeric string given for a number, or
// "true"/"false" for a boolean, becomes one. Anything else the schema
// refuses is a tool error naming the argument, never a protocol error.
//
// A panic in the handler is a tool error too: one bad call must not take
// the server, and the agent's session, down.
func addTool[In, Out any](s *Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) {
	in, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcp: tool %s: input schema: %v", t.Name, err))
	}
	plainSchema(in)
	resolved, err := in.Resolve(nil)
	if err != nil {
		panic(fmt.Sprintf("mcp: tool %s: resolve the input schema: %v", t.Name, err))
	}
	tool := *t
	tool.InputSchema = in
	if ot := reflect.TypeFor[Out](); ot != reflect.TypeFor[any]() {
		if ot.Kind() == reflect.Pointer {
			ot = ot.Elem()
		}
		out, err := jsonschema.ForType(ot, nil)
		if err != nil {
			panic(fmt.Sprintf("mcp: tool %s: output schema: %v", t.Name, err))
		}
		tool.OutputSchema = out
	}
	name := t.Name
	s.mcp.AddTool(&tool, func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("mcp: tool panicked", "tool", name, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				res, err = toolError(fmt.Errorf("%s: internal error (%v); the server is still running", name, r)), nil
			}
		}()
		var raw json.RawMessage
		if req != nil && req.Params != nil {
			raw = req.Params.Arguments
		}
		args, err := decodeArgs(raw, in, resolved)
		if err != nil {
			return toolError(err), nil
		}
		var v In
		if err := json.Unmarshal(args, &v); err != nil {
			return toolError(fmt.Errorf("arguments: %w", err)), nil
		}
		res, out, err := h(ctx, req, v)
		if err != nil {
			var wire *jsonrpc.Error
			if errors.As(err, &wire) {
				return nil, err
			}
			return toolError(err), nil
		}
		if res == nil {
			res = &mcp.CallToolResult{}
		}
		if tool.OutputSchema != nil {
			var outval any = out
			if rv := reflect.ValueOf(out); rv.Kind() == reflect.Pointer && rv.IsNil() {
				outval = reflect.Zero(rv.Type().Elem()).Interface()
			}
			data, err := json.Marshal(outval)
			if err != nil {
				return nil, fmt.Errorf("%s: encode the result: %w", name, err)
			}
			res.StructuredContent = json.RawMessage(data)
			if res.Content == nil {
				res.Content = []mcp.Content{&mcp.TextContent{Text: string(data)}}
			}
		}
		return res, nil
	})
}

func toolError(err error) *mcp.CallToolResult {
	res := &mcp.CallToolResult{}
	res.SetError(err)
	return res
}

// plainSchema rewrites every `["null", T]` type union below s to plain T:
// absence already says "none", and null unions are what real clients
// cannot fill in.
func plainSchema(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if len(s.Types) > 0 {
		var kept []string
		for _, t := range s.Types {
			if t != "null" {
				kept = append(kept, t)
			}
		}
		if len(kept) == 1 {
			s.Type, s.Types = kept[0], nil
		} else {
			s.Types = kept
		}
	}
	for _, p := range s.Properties {
		plainSchema(p)
	}
	plainSchema(s.Items)
}

// decodeArgs reads a call's arguments (absent or null: none), loosens
// them toward schema's types as addTool says, and checks them.
func decodeArgs(raw json.RawMessage, schema *jsonschema.Schema, resolved *jsonschema.Resolved) (json.RawMessage, error) {
	m := map[string]any{}
	if t := bytes.TrimSpace(raw); len(t) > 0 && string(t) != "null" {
		if t[0] != '{' {
			return nil, errors.New("arguments: want an object of named arguments")
		}
		dec := json.NewDecoder(bytes.NewReader(t))
		dec.UseNumber()
		if err := dec.Decode(&m); err != nil {
			return nil, fmt.Errorf("arguments: %w", err)
		}
	}
	for k, v := range m {
		p := schema.Properties[k]
		if p == nil {
			continue // the schema names the unknown argument
		}
		if v == nil {
			// null for an optional argument is its absence.
			delete(m, k)
			continue
		}
		m[k] = loosen(v, p)
	}
	data, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("arguments: %w", err)
	}
	// The validator wants the plain types encoding/json gives.
	var inst any
	if err := json.Unmarshal(data, &inst); err != nil {
		return nil, fmt.Errorf("arguments: %w", err)
	}
	if err := resolved.Validate(inst); err != nil {
		return nil, fmt.Errorf("arguments: %s", argMessage(err))
	}
	return data, nil
}

// loosen converts v toward the type p wants, where a model's way of
// writing it is unambiguous; otherwise v is left for the schema to refuse.
func loosen(v any, p *jsonschema.Schema) any {
	switch p.Type {
	case "array":
		s, ok := v.(string)
		if !ok {
			if list, ok := v.([]any); ok && p.Items != nil {
				for i, e := range list {
					list[i] = loosen(e, p.Items)
				}
			}
			return v
		}
		if t := strings.TrimSpace(s); strings.HasPrefix(t, "[") {
			var list []any
			d := json.NewDecoder(strings.NewReader(t))
			d.UseNumber()
			if d.Decode(&list) == nil {
				return loosen(list, p)
			}
		}
		var e any = s
		if p.Items != nil {
			e = loosen(s, p.Items)
		}
		return []any{e}
	case "integer", "number":
		s, ok := v.(string)
		if !ok {
			return v
		}
		s = strings.TrimSpace(s)
		if p.Type == "integer" {
			if n, err := strconv.ParseInt(s, 10, 64); err == nil {
				return n
			}
			return v
		}
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f
		}
	case "boolean":
		if s, ok := v.(string); ok {
			if b, err := strconv.ParseBool(strings.TrimSpace(s)); err == nil {
				return b
			}
		}
	case "string":
		if n, ok := v.(json.Number); ok {
			// An id or a query of digits, sent as a number.
			return n.String()
		}
	}
	return v
}

// argMessage keeps the validator's sentence and drops its schema paths
// ("validating /properties/ids: type: …" says the property already).
func argMessage(err error) string {
	msg := err.Error()
	msg = strings.ReplaceAll(msg, "validating root: ", "")
	msg = strings.ReplaceAll(msg, "validating /properties/", "")
	return msg
}
