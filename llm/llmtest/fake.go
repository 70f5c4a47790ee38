// Package llmtest is an in-process OpenAI-compatible chat-completions server
// for tests: it speaks the real protocol (JSON request body, choices, usage,
// error objects, Retry-After) and replays scripted replies in order.
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"
)

// Reply is one scripted response.
type Reply struct {
	Status  int    // HTTP status; 0 means 200
	Content string // assistant message content (200 only)
	// Error, for non-200 replies, becomes {"error": {...}}.
	Error            *APIError
	Header           map[string]string // e.g. Retry-After
	Delay            time.Duration     // sleep before answering (timeouts)
	PromptTokens     int
	CompletionTokens int
}

// APIError is the OpenAI error object.
type APIError struct {
	Message string  `json:"message"`
	Type    string  `json:"type"`
	Param   *string `json:"param"`
	Code    any     `json:"code"`
}

// Request is what the server received.
type Request struct {
	Path   string
	Header http.Header
	Raw    []byte
	Body   map[string]any
}

// Messages returns the request's chat messages as (role, content) pairs.
func (r Request) Messages() [][2]string {
	var out [][2]string
	msgs, _ := r.Body["messages"].([]any)
	for _, m := range msgs {
		mm, _ := m.(map[string]any)
		role, _ := mm["role"].(string)
		content, _ := mm["content"].(string)
		out = append(out, [2]string{role, content})
	}
	return out
}

// ResponseFormat is the request's response_format.type, or "".
func (r Request) ResponseFormat() string {
	rf, _ := r.Body["response_format"].(map[string]any)
	t, _ := rf["type"].(string)
	return t
}

// Server replays Script; when it runs out it answers with Default (or fails the test).
type Server struct {
	*httptest.Server
	t testing.TB

	mu       sync.Mutex
	script   []Reply
	requests []Request
	// Rejects lists response_format types answered with a 400 invalid_request_error
	// (like servers without structured output); rejected requests consume no reply.
	Rejects map[string]bool
	// Default answers requests once the script is exhausted; nil fails the test.
	Default func(Request) Reply
}

// New starts a server that replays replies in order. It stops with the test.
func New(t testing.TB, replies ...Reply) *Server {
	s := &Server{t: t, script: replies, Rejects: map[string]bool{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	t.Cleanup(s.Close)
	return s
}

// BaseURL is the /v1 endpoint root to configure clients with.
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Requests returns a copy of every request received, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Remaining is the number of scripted replies not yet used.
func (s *Server) Remaining() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.script)
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || (r.URL.Path != "/v1/chat/completions" && r.URL.Path != "/chat/completions") {
		writeError(w, http.StatusNotFound, APIError{Message: "unknown endpoint " + r.URL.Path, Type: "invalid_request_error"})
		return
	}
	raw, _ := io.ReadAll(r.Body)
	req := Request{Path: r.URL.Path, Header: r.Header.Clone(), Raw: raw}
	if err := json.Unmarshal(raw, &req.Body); err != nil {
		writeError(w, http.StatusBadRequest, APIError{Message: "invalid JSON body: " + err.Error(), Type: "invalid_request_error"})
		return
	}
	s.mu.Lock()
	s.requests = append(s.requests, req)
	if rf := req.ResponseFormat(); rf != "" && s.Rejects[rf] {
		s.mu.Unlock()
		p := "response_format"
		writeError(w, http.StatusBadRequest, APIError{Message: fmt.Sprintf("response_format type %q is not supported by this model", rf), Type: "invalid_request_error", Param: &p})
		return
	}
	var rep Reply
	switch {
	case len(s.script) > 0:
		rep, s.script = s.script[0], s.script[1:]
	case s.Default != nil:
		d := s.Default
		s.mu.Unlock()
		rep = d(req)
		s.mu.Lock()
	default:
		s.mu.Unlock()
		s.t.Errorf("llmtest: unexpected request %d (script exhausted)", len(s.requests))
		writeError(w, http.StatusInternalServerError, APIError{Message: "script exhausted", Type: "server_error"})
		return
	}
	s.mu.Unlock()

	if rep.Delay > 0 {
		select {
		case <-time.After(rep.Delay):
		case <-r.Context().Done():
			return
		}
	}
	for k, v := range rep.Header {
		w.Header().Set(k, v)
	}
	status := rep.Status
	if status == 0 {
		status = http.StatusOK
	}
	if status != http.StatusOK {
		e := APIError{Message: http.StatusText(status), Type: "server_error"}
		if rep.Error != nil {
			e = *rep.Error
		}
		writeError(w, status, e)
		return
	}
	model, _ := req.Body["model"].(string)
	pt, ct := rep.PromptTokens, rep.CompletionTokens
	if pt == 0 {
		pt = len(raw) / 4 // a stable stand-in for a tokenizer
	}
	if ct == 0 {
		ct = len(rep.Content)/4 + 1
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id":      "chatcmpl-" + strconv.Itoa(len(s.Requests())),
		"object":  "chat.completion",
		"created": 1700000000,
		"model":   model,
		"choices": []any{map[string]any{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": rep.Content},
			"finish_reason": "stop",
		}},
		"usage": map[string]any{"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct},
	})
}

func writeError(w http.ResponseWriter, status int, e APIError) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"error": e})
}
