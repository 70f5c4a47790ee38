package mcpserver_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/foamc/foamc/mcpserver"
)

// bearer adds an Authorization header to every request.
type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// TestHTTPToken: over HTTP a request without the server's bearer token is refused
// before any tool runs; with it the tools answer; client-declared roots are not
// granted unless the server trusts them.
func TestHTTPToken(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	srv, err := mcpserver.New(mcpserver.Options{Roots: []string{root}, Token: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()

	for _, auth := range []string{"", "Bearer wrong", "s3cret", "Basic s3cret"} {
		req, _ := http.NewRequest(http.MethodPost, hs.URL, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized || res.Header.Get("WWW-Authenticate") == "" {
			t.Errorf("Authorization %q: status %d, want 401 with WWW-Authenticate", auth, res.StatusCode)
		}
	}

	ctx := context.Background()
	connectHTTP := func(token string) (*mcp.ClientSession, error) {
		c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil)
		c.AddRoots(&mcp.Root{URI: "file:///", Name: "everything"})
		return c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: hs.URL, MaxRetries: -1,
			HTTPClient: &http.Client{Transport: bearer{token}}}, nil)
	}
	if cs, err := connectHTTP("wrong"); err == nil {
		cs.Close()
		t.Fatal("a client with a wrong token connected")
	}
	cs, err := connectHTTP("s3cret")
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if _, isErr := call(t, cs, "parse_dictionary", map[string]any{"text": "a 1;"}); isErr {
		t.Fatal("parse_dictionary with the token failed")
	}
	// The client declared file:///; the server was not told to trust it.
	wantFinding(t, cs, "parse_dictionary", map[string]any{"path": "/etc/passwd"}, mcpserver.IDAccess)
	wantFinding(t, cs, "compile_spec", map[string]any{"spec": "name: x", "output_dir": "/tmp/foamc-outside"}, mcpserver.IDAccess)
}

// TestHTTPNeedsToken: the server does not serve HTTP without a token.
func TestHTTPNeedsToken(t *testing.T) {
	srv, err := mcpserver.New(mcpserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.ServeHTTP(context.Background(), "127.0.0.1:0", nil); !errors.Is(err, mcpserver.ErrNoToken) {
		t.Fatalf("ServeHTTP without a token: %v, want ErrNoToken", err)
	}
}
