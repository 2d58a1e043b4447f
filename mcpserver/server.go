// Package mcpserver is the MCP face of a vault (SPEC §8): the tools
// save_observation, search_observations, get_timeline, get_details,
// resolve_observation and get_context over the official go-sdk. It is
// wiring only: the rules live in observer (the observation schema, the
// buffer, what became of a line) and mind (recall and the push block).
package mcpserver

import (
	"context"
	"log/slog"
	"path/filepath"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cortex-vault/cortex/mind"
	"github.com/cortex-vault/cortex/vault"
	"github.com/cortex-vault/cortex/vault/doc"
	"github.com/cortex-vault/cortex/vault/gitstore"
)

// Options tune New. Zero values take the defaults.
type Options struct {
	// Logger receives the server's logs (default slog.Default()). The
	// stdio transport owns stdout: give a logger that writes to stderr.
	Logger *slog.Logger
	// Now is the clock of timestamps, decay and relative dates (default
	// time.Now).
	Now func() time.Time
	// Version is the server's version in the initialize answer.
	Version string
	// MaxStale bounds how long a read answers from the index without
	// refreshing it first, when no live daemon keeps it fresh (default
	// DefaultMaxStale; negative: refresh before every read). A burst of
	// calls shares one refresh; a call after a pause refreshes first.
	MaxStale time.Duration
	// ProjectDir is the project the vault serves: get_details and
	// get_timeline take a path relative to it as well as to the vault, as
	// cortex get does from the project's top folder. Empty: the git work
	// tree that holds the vault's folder, when there is one.
	ProjectDir string
}

// DefaultMaxStale is Options.MaxStale's default: an agent's calls are
// seconds apart, so each one sees the files as they are, and a burst of
// calls over a large vault pays one walk, not one each.
const DefaultMaxStale = time.Second

// DefaultWait and MaxWait bound save_observation's wait: true.
const (
	DefaultWait = 30 * time.Second
	MaxWait     = 120 * time.Second
)

// Server is a vault's MCP server: the tools and the one Recall they read,
// kept open for the server's life.
type Server struct {
	l    vault.Layout
	opts Options
	log  *slog.Logger
	mcp  *mcp.Server

	mu        sync.Mutex // guards rc and the reads through it
	rc        *mind.Recall
	refreshed time.Time // when rc last refreshed the index (or was opened)

	sessions sync.Map // *mcp.ServerSession → its default session_id
}

// New returns the MCP server of the vault l with every tool registered.
// The index is opened on the first read, not here: listing the tools
// costs nothing. Close releases the index.
func New(l vault.Layout, opts Options) *Server {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.MaxStale == 0 {
		opts.MaxStale = DefaultMaxStale
	}
	if opts.Version == "" {
		opts.Version = "devel"
	}
	if opts.ProjectDir == "" {
		opts.ProjectDir = projectDir(l)
	}
	s := &Server{l: l, opts: opts, log: opts.Logger}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "cortex", Title: "Cortex memory vault", Version: opts.Version},
		&mcp.ServerOptions{
			Instructions: instructions,
			Logger:       opts.Logger,
			// Tools only: no logging capability, no list-changed chatter.
			Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}},
		})
	s.addTools()
	return s
}

const instructions = `Cortex is this project's long-term memory: decisions, lessons, warnings, tasks and facts that people and agents recorded, kept as markdown in git.

Recall in three layers, cheapest first: search_observations (one line per memory: id, type, date, title, score) → get_timeline (what was recorded around one memory, its session first) → get_details (the whole documents, only for the ids you need). Search before you start work on something, and before you decide what the project already decided.

Record with save_observation when you learn something worth keeping for the next agent or person: a decision and why, a pitfall, a lesson, a preference someone stated, a task. One fact per observation, in plain words. Mark a task or a problem done with resolve_observation.`

// projectDir is the top folder of the git work tree that holds the
// vault's folder — the project of a nested or an in-project vault — or ""
// for a vault that is a repository of its own and nothing more.
func projectDir(l vault.Layout) string {
	r, err := gitstore.FindRepo(filepath.Dir(l.Root))
	if err != nil {
		return ""
	}
	return r.WorkTree
}

// MCP is the underlying go-sdk server (to connect it to a transport).
func (s *Server) MCP() *mcp.Server { return s.mcp }

// Run serves one client over t until it disconnects or ctx ends, then
// closes the index.
func (s *Server) Run(ctx context.Context, t mcp.Transport) error {
	err := s.mcp.Run(ctx, t)
	if cerr := s.Close(); cerr != nil && err == nil {
		err = cerr
	}
	return err
}

// Close closes the index. The server may still answer afterwards: the next
// read opens it again.
func (s *Server) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closeRecall()
}

func (s *Server) closeRecall() error {
	if s.rc == nil {
		return nil
	}
	err := s.rc.Close()
	s.rc = nil
	return err
}

// recall returns the open Recall, fresh enough to answer: opened on the
// first call, opened again when the index file was replaced (cortex
// rebuild-index, a rebuild after corruption), and refreshed unless a live
// daemon keeps the index fresh or the last refresh is under MaxStale old.
// The caller holds s.mu.
func (s *Server) recall(ctx context.Context) (*mind.Recall, error) {
	if s.rc != nil && s.replaced() {
		s.log.Info("mcp: the index file was replaced; opening it again", "path", s.l.IndexDB())
		if err := s.closeRecall(); err != nil {
			s.log.Warn("mcp: close the replaced index", "err", err)
		}
	}
	now := s.opts.Now()
	if s.rc == nil {
		rc, err := mind.Open(ctx, s.l, mind.Options{Logger: s.log, Now: s.opts.Now, WorkDir: s.opts.ProjectDir})
		if err != nil {
			return nil, err
		}
		s.rc, s.refreshed = rc, now
		return rc, nil
	}
	if s.opts.MaxStale < 0 || now.Sub(s.refreshed) >= s.opts.MaxStale {
		if err := s.rc.Freshen(ctx, mind.RefreshAuto); err != nil {
			return nil, err
		}
		s.refreshed = now
	}
	return s.rc, nil
}

// replaced reports whether the index file is another file than the one
// open (a rebuild renames a new file into place, or the file was deleted;
// the open connection would keep reading the old one). When that cannot be
// told, the index in hand is kept.
func (s *Server) replaced() bool {
	r, err := s.rc.Index().Replaced()
	if err != nil {
		s.log.Warn("mcp: is the index file replaced?", "err", err)
		return false
	}
	return r
}

// withRecall runs fn with the fresh Recall, one read at a time.
func (s *Server) withRecall(ctx context.Context, fn func(*mind.Recall) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	rc, err := s.recall(ctx)
	if err != nil {
		return err
	}
	return fn(rc)
}

// defaultSession is the session_id of a connection's observations when
// the agent gives none: one UUIDv7 per MCP connection (a stdio server
// lives as long as the agent's session), so a timeline groups what one
// conversation recorded.
func (s *Server) defaultSession(req *mcp.CallToolRequest) string {
	var key any = s
	if req != nil && req.Session != nil {
		key = req.Session
	}
	if v, ok := s.sessions.Load(key); ok {
		return v.(string)
	}
	v, _ := s.sessions.LoadOrStore(key, doc.NewID())
	return v.(string)
}

// defaultAttribution is who noticed an observation when the agent does
// not say: the client's name from the initialize request (claude-code,
// cursor, …), else "agent".
func defaultAttribution(req *mcp.CallToolRequest) string {
	if req != nil && req.Session != nil {
		if p := req.Session.InitializeParams(); p != nil && p.ClientInfo != nil && p.ClientInfo.Name != "" {
			return p.ClientInfo.Name
		}
	}
	return "agent"
}
