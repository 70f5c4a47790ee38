// Package mcpserver serves foamc's library over the Model Context Protocol: compile,
// lint, gate, run, the knowledge base and the dictionary parser as MCP tools, the rule
// catalogue, the spec schema and the docs as resources, and a case set-up prompt.
//
// The protocol (JSON-RPC framing, stdio and streamable-HTTP transports, schema
// validation of tool arguments) is the official Go SDK's; this package only maps tool
// arguments to library calls. Every tool answers with structured output whose
// "findings" are finding.Finding values (the shape of `foamc lint --format json`): a
// problem, even a malformed argument, is a finding, never a bare error string.
package mcpserver

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/workflow"
	"github.com/foamc/foamc/workflow/session"
)

// Finding IDs of the server's own problems (tool findings keep their library IDs).
const (
	IDArguments = "FOAM-MCP-001" // arguments that do not match the tool's input schema
	IDAccess    = "FOAM-MCP-002" // a path outside every granted root, or no root granted
	IDLimit     = "FOAM-MCP-003" // an input or a run over the server's limits
	IDInternal  = "FOAM-MCP-004" // the library could not do its job (kb, engine, solver binaries)
	IDNotFound  = "FOAM-MCP-005" // an unknown rule ID or boundary-condition type
)

// Options configure the server.
type Options struct {
	// Roots are directories every path argument must resolve (symlinks followed) into,
	// besides the roots the client grants (MCP roots/list) when ClientRoots is set. With
	// none, tools that touch files refuse.
	Roots []string
	// ClientRoots grants the file:// roots a client declares. A client over stdio is the
	// program that started the server as the user (foamc mcp sets it); over HTTP any
	// local process can connect and declare file:///, so foamc mcp --http sets it only
	// when told to (--trust-client-roots).
	ClientRoots bool
	// Token is the bearer token every HTTP request must carry (Authorization: Bearer
	// TOKEN). ServeHTTP refuses to serve without one: loopback is not a boundary between
	// the local users and processes of a machine.
	Token string
	// MaxRuns bounds the run_case calls running at once (default 2).
	MaxRuns int
	// MaxInputBytes bounds inline text (specs, dictionaries) and files read whole
	// (default 1 MiB).
	MaxInputBytes int
	// MaxCaseBytes bounds the dictionaries and initial fields of a case the tools load
	// (default 256 MiB).
	MaxCaseBytes int64
	// MaxRunTime bounds run_case's wall time (default 10 minutes).
	MaxRunTime time.Duration
	// MaxSteps bounds run_case's solver time steps (default 1000).
	MaxSteps int
	// Version is reported to clients as the server version.
	Version string
	// Session is the kb and the rules the tools use (nil: the embedded kb and the
	// built-in rules).
	Session *workflow.Session
}

// Server is foamc's MCP server: one mcp.Server shared by every session.
type Server struct {
	opts  Options
	roots []string // opts.Roots, absolute with symlinks resolved
	mcp   *mcp.Server
	runs  chan struct{} // one token per run_case running
	wf    *workflow.Session
}

// New builds the server with its tools, resources and prompt.
func New(opts Options) (*Server, error) {
	if opts.MaxInputBytes <= 0 {
		opts.MaxInputBytes = 1 << 20
	}
	if opts.MaxCaseBytes <= 0 {
		opts.MaxCaseBytes = 256 << 20
	}
	if opts.MaxRunTime <= 0 {
		opts.MaxRunTime = 10 * time.Minute
	}
	if opts.MaxSteps <= 0 {
		opts.MaxSteps = 1000
	}
	if opts.MaxRuns <= 0 {
		opts.MaxRuns = 2
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	s := &Server{opts: opts, runs: make(chan struct{}, opts.MaxRuns)}
	for _, r := range opts.Roots {
		abs, err := filepath.Abs(r)
		if err == nil {
			abs, err = filepath.EvalSymlinks(abs)
		}
		if err != nil {
			return nil, fmt.Errorf("mcpserver: root %s: %w", r, err)
		}
		s.roots = append(s.roots, abs)
	}
	// The rule engine and the kb load on first use: a client that only parses
	// dictionaries never pays for them, and the first lint pays once per server.
	if s.wf = opts.Session; s.wf == nil {
		s.wf = workflow.New(session.Options{})
	}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "foamc", Title: "foamc: OpenFOAM v1912 compiler, linter and gate", Version: opts.Version},
		&mcp.ServerOptions{Instructions: instructions})
	s.mcp.AddReceivingMiddleware(argumentFindings)
	s.addTools()
	if err := s.addResources(); err != nil {
		return nil, err
	}
	s.addPrompt()
	return s, nil
}

const instructions = `foamc checks OpenFOAM v1912 cases before they run. Write a case spec (resource
foamc://schema/spec.json), compile_spec it, lint_case the result, gate_check it, then run_case
with a small step count. Every tool returns "findings" (id, severity, location, fix, repair);
a deny finding means OpenFOAM would fail or silently compute something wrong.`

// MCP is the underlying SDK server (for in-process transports).
func (s *Server) MCP() *mcp.Server { return s.mcp }

// ServeStdio serves one client on stdin/stdout until it disconnects or ctx ends.
func (s *Server) ServeStdio(ctx context.Context) error {
	return s.mcp.Run(ctx, &mcp.StdioTransport{})
}

// ErrNoToken: HTTP is served only with a bearer token (Options.Token).
var ErrNoToken = errors.New("mcpserver: serving HTTP needs a token (Options.Token)")

// Handler is the streamable-HTTP endpoint; with Options.Token set, a request without
// that bearer token is answered 401 before the SDK sees it.
func (s *Server) Handler() http.Handler {
	// The SDK's DNS-rebinding protection is on for loopback listeners; browsers' cross-origin
	// requests are refused too. The body limit leaves room for JSON escaping of inputs
	// up to MaxInputBytes, which the tools then answer with a finding.
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp }, &mcp.StreamableHTTPOptions{
		CrossOriginProtection: http.NewCrossOriginProtection(),
		MaxRequestBodyBytes:   4*int64(s.opts.MaxInputBytes) + 64<<10,
	})
	if s.opts.Token == "" {
		return h
	}
	want := []byte("Bearer " + s.opts.Token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="foamc mcp"`)
			http.Error(w, "foamc mcp: missing or wrong bearer token (printed by foamc mcp at start, or FOAMC_MCP_TOKEN)", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// ListenAddr is addr with a loopback host when it names none (":8080" ->
// "127.0.0.1:8080"); a host that is not loopback is refused unless allowRemote,
// since the tools read and write files under the roots.
func ListenAddr(addr string, allowRemote bool) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("mcpserver: --http %q: %w", addr, err)
	}
	if host == "" {
		return net.JoinHostPort("127.0.0.1", port), nil
	}
	if allowRemote || host == "localhost" {
		return addr, nil
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return "", fmt.Errorf("mcpserver: --http %s is not a loopback address (pass --allow-remote to serve it)", addr)
	}
	return addr, nil
}

// ServeHTTP listens on addr and serves until ctx ends; ready, when not nil, receives
// the bound address (useful with port 0).
func (s *Server) ServeHTTP(ctx context.Context, addr string, ready func(net.Addr)) error {
	if s.opts.Token == "" {
		return ErrNoToken
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("mcpserver: %w", err)
	}
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	if ready != nil {
		ready(ln.Addr())
	}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
		return fmt.Errorf("mcpserver: %w", err)
	}
	return nil
}

// Report is the part every tool output shares.
type Report struct {
	Findings []finding.Finding `json:"findings" jsonschema:"problems found, in the shape of foamc lint --format json"`
}

func (r *Report) report() *Report { return r }

type reporter interface{ report() *Report }

// failure is a tool that could not answer: its findings say why.
type failure []finding.Finding

func fail(id, summary, detail, fix string) failure {
	return failure{{ID: id, Severity: finding.Deny, Summary: summary, Detail: detail, Fix: fix}}
}

// addTool registers a typed tool whose handler answers either an output or a failure.
// A failure (and a panic) becomes an output holding only findings, with isError set, so
// the client reads the same structure either way. A tool that touches files (files)
// first asks a client that has roots for them.
func addTool[In, Out any, PO interface {
	*Out
	reporter
}](srv *Server, files bool, t *mcp.Tool, h func(context.Context, *mcp.CallToolRequest, In) (*Out, failure)) {
	mcp.AddTool(srv.mcp, t, func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out *Out, _ error) {
		if files {
			var ask *mcp.CallToolResult
			if ctx, ask = srv.askRoots(ctx, req); ask != nil {
				return ask, nil, nil
			}
		}
		defer func() {
			if p := recover(); p != nil {
				res, out = failed[Out, PO](fail(IDInternal, "internal error in "+t.Name, fmt.Sprint(p), "report this as a foamc bug"))
			}
		}()
		o, f := h(ctx, req, in)
		if f != nil {
			res, out = failed[Out, PO](f)
			return res, out, nil
		}
		if r := PO(o).report(); r.Findings == nil {
			r.Findings = []finding.Finding{}
		}
		if c, ok := any(o).(contenter); ok {
			return &mcp.CallToolResult{Content: c.content()}, o, nil
		}
		return nil, o, nil
	})
}

func failed[Out any, PO interface {
	*Out
	reporter
}](f failure) (*mcp.CallToolResult, *Out) {
	out := new(Out)
	PO(out).report().Findings = f
	return &mcp.CallToolResult{IsError: true}, out
}

// schemaPath is the schema location in the SDK's argument validation errors.
var schemaPath = regexp.MustCompile(`validating ((?:/properties/[^/:\s]+)+)`)

// argumentFindings turns the SDK's own tool errors (arguments failing the input
// schema, which it reports as text) into the findings every other error is.
func argumentFindings(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		ctr, ok := res.(*mcp.CallToolResult)
		if err != nil || method != "tools/call" || !ok || !ctr.IsError || ctr.StructuredContent != nil {
			return res, err
		}
		var text string
		for _, c := range ctr.Content {
			if t, ok := c.(*mcp.TextContent); ok {
				text += t.Text
			}
		}
		name := ""
		if p, ok := req.GetParams().(*mcp.CallToolParamsRaw); ok {
			name = p.Name
		}
		out := Report{Findings: fail(IDArguments, "invalid arguments for "+name, text,
			"match the tool's inputSchema (tools/list)")}
		// Locate the argument: the SDK names it by its schema path.
		if m := schemaPath.FindStringSubmatch(text); m != nil {
			out.Findings[0].Location.Path = strings.ReplaceAll(m[1], "/properties/", "/")
		}
		b, merr := json.Marshal(out)
		if merr != nil {
			return res, err
		}
		return &mcp.CallToolResult{IsError: true, StructuredContent: json.RawMessage(b), Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}, nil
	}
}
