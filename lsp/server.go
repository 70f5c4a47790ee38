// Package lsp is `foamc lsp`: a Language Server Protocol server for the dictionaries of
// OpenFOAM cases. It keeps each case an open file belongs to loaded (the case root is the
// nearest directory with system/controlDict), re-lints it when an open file changes and
// answers hover, completion, definition, symbols, code actions and formatting from the
// grammar's positioned tree, the knowledge base and the rules' findings.
//
// Protocol types and method dispatch come from github.com/tliron/glsp (protocol_3_16);
// messages travel over github.com/sourcegraph/jsonrpc2, the transport glsp itself uses,
// driven here directly so the server runs over any stream (stdio, or a pipe in tests).
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/url"
	"path/filepath"
	"strings"
	"sync"

	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/rules"
	"github.com/foamc/foamc/workflow/session"
	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Options configure a Server.
type Options struct {
	// Session is the kb and the rule engine, each loaded on first use, and the lint of
	// a case, as the CLI and the MCP server have them (foamc lsp hands it the session
	// of its flags).
	Session *session.Session
	// Log receives what the server cannot tell the editor (default io.Discard).
	Log io.Writer
	// Version is reported to the client in serverInfo.
	Version string
	// MaxDocumentBytes bounds an open document the server parses and lints (default
	// 16 MiB); a JSON-RPC message may be at most twice that plus 1 MiB (JSON escaping).
	MaxDocumentBytes int
}

// Server is one language server. Requests are handled one at a time in arrival order
// (the transport calls the handler from its read loop), so the state needs no lock
// beyond the lazy loads.
type Server struct {
	opts    Options
	handler protocol.Handler
	log     *log.Logger

	docs  map[string]*document // by file path
	cases map[string]*caseState

	kbOnce sync.Once
	kb     *kb.KB

	notify   func(method string, params any)
	shutdown bool
}

// New returns a server with opts.
func New(opts Options) *Server {
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if opts.MaxDocumentBytes <= 0 {
		opts.MaxDocumentBytes = 16 << 20
	}
	s := &Server{opts: opts, docs: map[string]*document{}, cases: map[string]*caseState{},
		log: log.New(opts.Log, "foamc lsp: ", 0)}
	s.handler = protocol.Handler{
		Initialize:                 s.initialize,
		Initialized:                func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown:                   func(*glsp.Context) error { s.shutdown = true; return nil },
		Exit:                       func(*glsp.Context) error { return nil },
		SetTrace:                   func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		TextDocumentDidOpen:        s.didOpen,
		TextDocumentDidChange:      s.didChange,
		TextDocumentDidSave:        s.didSave,
		TextDocumentDidClose:       s.didClose,
		TextDocumentHover:          s.hover,
		TextDocumentCompletion:     s.completion,
		TextDocumentDefinition:     s.definition,
		TextDocumentDocumentSymbol: s.documentSymbol,
		TextDocumentCodeAction:     s.codeAction,
		TextDocumentFormatting:     s.formatting,
	}
	return s
}

// Serve answers the messages on rwc until the client exits or the stream ends. It
// returns false when the client exited without asking for shutdown first (the
// protocol's exit code 1).
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) bool {
	conn := jsonrpc2.NewConn(ctx, newFrameStream(rwc, 2*s.opts.MaxDocumentBytes+1<<20, s.log),
		jsonrpc2.HandlerWithError(s.handle), jsonrpc2.SetLogger(s.log))
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	return s.shutdown
}

// handle adapts a jsonrpc2 request to glsp's dispatcher (what glsp/server does for stdio).
// A panic while answering one request becomes that request's error, not the end of the
// editor's session.
func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Printf("%s: internal error (please report): %v", req.Method, r)
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("foamc lsp: internal error: %v", r)}
		}
	}()
	// set here, on the transport's read loop like every handler, not in Serve: the loop
	// starts before NewConn returns
	s.notify = func(method string, params any) {
		if err := conn.Notify(ctx, method, params); err != nil {
			s.log.Printf("notify %s: %v", method, err)
		}
	}
	gc := &glsp.Context{Method: req.Method, Notify: s.notify}
	if req.Params != nil {
		gc.Params = *req.Params
	}
	r, validMethod, validParams, err := s.handler.Handle(gc)
	if req.Method == protocol.MethodExit {
		return nil, conn.Close()
	}
	switch {
	case !validMethod && req.Notif:
		// a notification the server has no use for ($/cancelRequest,
		// workspace/didChangeConfiguration...) is ignored, as the protocol allows
		return nil, nil
	case !validMethod:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: err.Error()}
	}
	return r, nil
}

func (s *Server) initialize(_ *glsp.Context, _ *protocol.InitializeParams) (any, error) {
	caps := s.handler.CreateServerCapabilities()
	full := protocol.TextDocumentSyncKindFull
	caps.TextDocumentSync = protocol.TextDocumentSyncOptions{
		OpenClose: &protocol.True, Change: &full,
		Save: protocol.SaveOptions{IncludeText: &protocol.False},
	}
	caps.CompletionProvider = &protocol.CompletionOptions{TriggerCharacters: []string{"$", " "}}
	caps.CodeActionProvider = protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}}
	version := s.opts.Version
	return protocol.InitializeResult{
		Capabilities: caps,
		ServerInfo:   &protocol.InitializeResultServerInfo{Name: "foamc", Version: &version},
	}, nil
}

// errNoSession: a server made without a session lints nothing.
var errNoSession = errors.New("lsp: no session configured")

// rulesEngine returns the session's engine, built on first use.
func (s *Server) rulesEngine() (*rules.Engine, error) {
	if s.opts.Session == nil {
		return nil, errNoSession
	}
	return s.opts.Session.Engine(context.Background())
}

// knowledge returns the knowledge base (nil when it cannot be loaded: hover and
// completion then offer what the document alone tells).
func (s *Server) knowledge() *kb.KB {
	s.kbOnce.Do(func() {
		if s.opts.Session == nil {
			s.log.Printf("knowledge base: %v", errNoSession)
			return
		}
		var err error
		if s.kb, err = s.opts.Session.KB(); err != nil {
			s.log.Printf("knowledge base: %v", err)
		}
	})
	return s.kb
}

// uriPath turns a file:// URI into a clean absolute path.
func uriPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", fmt.Errorf("lsp: document URI %q: %w", uri, err)
	}
	if u.Scheme != "file" {
		return "", fmt.Errorf("lsp: document URI %q: only file URIs are served", uri)
	}
	return filepath.Clean(filepath.FromSlash(u.Path)), nil
}

// pathURI is the file:// URI of an absolute path.
func pathURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// doc returns the open document of uri.
func (s *Server) doc(uri string) (*document, error) {
	p, err := uriPath(uri)
	if err != nil {
		return nil, err
	}
	d := s.docs[p]
	if d == nil {
		return nil, fmt.Errorf("lsp: %s is not open", uri)
	}
	return d, nil
}

func (s *Server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	path, err := uriPath(p.TextDocument.URI)
	if err != nil {
		return err
	}
	d := &document{uri: p.TextDocument.URI, path: path, script: isScript(p.TextDocument.LanguageID, []byte(p.TextDocument.Text))}
	d.set([]byte(p.TextDocument.Text), s.opts.MaxDocumentBytes)
	s.docs[path] = d
	d.cs = s.caseOf(path)
	s.refresh(d)
	return nil
}

func (s *Server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return err
	}
	for _, ch := range p.ContentChanges {
		switch ch := ch.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			d.set([]byte(ch.Text), s.opts.MaxDocumentBytes)
		case protocol.TextDocumentContentChangeEvent:
			// the server announces full sync; an incremental change is applied all the same
			t := d.text
			from, to := t.offset(ch.Range.Start), t.offset(ch.Range.End)
			src := append(append(append([]byte{}, t.src[:from]...), ch.Text...), t.src[to:]...)
			d.set(src, s.opts.MaxDocumentBytes)
		}
	}
	s.refresh(d)
	return nil
}

func (s *Server) didSave(_ *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return err
	}
	s.refresh(d)
	return nil
}

func (s *Server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return err
	}
	delete(s.docs, d.path)
	s.publish(d.uri, []protocol.Diagnostic{})
	if d.cs != nil {
		// the case now reads the file from disk again
		s.lintCase(d.cs)
	}
	return nil
}

// refresh re-lints what d belongs to and publishes the diagnostics of the open files.
func (s *Server) refresh(d *document) {
	if d.cs != nil {
		s.lintCase(d.cs)
		return
	}
	s.publish(d.uri, s.diagnostics(d, d.standaloneFindings()))
}

func (s *Server) publish(uri string, diags []protocol.Diagnostic) {
	if s.notify == nil {
		return
	}
	s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: diags})
}

// markdown is a hover or documentation body.
func markdown(s string) protocol.MarkupContent {
	return protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: strings.TrimSpace(s)}
}

// decode re-reads a loosely typed protocol value (Diagnostic.Data) into v.
func decode(from any, v any) bool {
	b, err := json.Marshal(from)
	return err == nil && json.Unmarshal(b, v) == nil
}
