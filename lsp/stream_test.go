package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rawClient writes frames byte for byte and reads the server's frames.
type rawClient struct {
	t    *testing.T
	conn net.Conn
	r    *bufio.Reader
}

func (c *rawClient) send(raw string) {
	c.t.Helper()
	if _, err := io.WriteString(c.conn, raw); err != nil {
		c.t.Fatal(err)
	}
}

func (c *rawClient) request(id int, method string, params any) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	c.send(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(b), b))
}

// next reads the next message that is a response (notifications are skipped).
func (c *rawClient) next() map[string]any {
	c.t.Helper()
	_ = c.conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	for {
		n := -1
		for {
			line, err := c.r.ReadString('\n')
			if err != nil {
				c.t.Fatalf("reading the server: %v", err)
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				n, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(c.r, body); err != nil {
			c.t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			c.t.Fatalf("server wrote %q: %v", body, err)
		}
		if _, isResponse := m["method"]; !isResponse {
			return m
		}
	}
}

// TestMalformedFrames: frames that are no message (bad JSON, no Content-Length, a bad
// size, an oversized body, a JSON value that is no request) are each answered with a
// JSON-RPC error and the session goes on: the next request is answered.
func TestMalformedFrames(t *testing.T) {
	a, b := net.Pipe()
	srv := New(Options{Session: testSession, MaxDocumentBytes: 1 << 10})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan bool, 1)
	go func() { done <- srv.Serve(ctx, a) }()
	c := &rawClient{t: t, conn: b, r: bufio.NewReader(b)}
	c.request(1, "initialize", map[string]any{"capabilities": map[string]any{}})
	if r := c.next(); r["result"] == nil {
		t.Fatalf("initialize: %v", r)
	}
	big := strings.Repeat("x", 2<<20) // over 2*1 KiB + 1 MiB
	for _, bad := range []struct {
		name, raw string
		code      float64
	}{
		{"bad JSON", "Content-Length: 9\r\n\r\n{\"id\": 1,", -32700},
		{"no Content-Length", "Content-Type: application/json\r\n\r\n", -32700},
		{"a size that is no number", "Content-Length: many\r\n\r\n", -32700},
		{"a header without a colon", "Content-Length: 2\r\ngarbage\r\n\r\n{}", -32700},
		{"an oversized body", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(big), big), -32600},
		{"JSON that is no message", "Content-Length: 2\r\n\r\n[]", -32700},
	} {
		c.send(bad.raw)
		r := c.next()
		e, _ := r["error"].(map[string]any)
		if e == nil || r["id"] != nil || e["code"] != bad.code {
			t.Fatalf("%s: answered %v, want a JSON-RPC error with id null", bad.name, r)
		}
		t.Logf("%s -> %v %v", bad.name, e["code"], e["message"])
	}
	c.request(2, "shutdown", nil)
	if r := c.next(); r["id"] != float64(2) || r["error"] != nil {
		t.Fatalf("shutdown after the malformed frames: %v", r)
	}
	c.send("Content-Length: 33\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}")
	select {
	case ok := <-done:
		if !ok {
			t.Fatal("exit after shutdown reported as unclean")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not exit")
	}
}

// TestDocumentLimit: a document over the limit is neither parsed nor kept; the editor
// gets one finding that says so.
func TestDocumentLimit(t *testing.T) {
	s := New(Options{Session: testSession, MaxDocumentBytes: 64})
	d := &document{path: "/nowhere/U"}
	d.set([]byte(strings.Repeat("a 1;\n", 100)), s.opts.MaxDocumentBytes)
	fs := d.standaloneFindings()
	if d.file != nil || len(d.text.src) != 0 || len(fs) != 1 || fs[0].ID != "FOAM-PARSE-008" || !strings.Contains(fs[0].Summary, "500 bytes, over the language server's limit of 64") {
		t.Fatalf("oversized document: file %v, %d bytes kept, findings %+v", d.file != nil, len(d.text.src), fs)
	}
	d.set([]byte("a 1;\n"), s.opts.MaxDocumentBytes)
	if d.file == nil || d.err != nil {
		t.Fatalf("a small document after a big one: %v", d.err)
	}
}
