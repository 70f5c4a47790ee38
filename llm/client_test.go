package llm

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/llm/llmtest"
)

var testSchema = &Schema{Name: "answer", Schema: json.RawMessage(`{"type":"object","properties":{"value":{"type":"string"}},"required":["value"]}`)}

// newTestClient returns a client on srv whose backoff sleeps are recorded, not slept.
func newTestClient(t *testing.T, srv *llmtest.Server, mod func(*Config)) (*Client, *[]time.Duration) {
	t.Helper()
	cfg := Config{BaseURL: srv.BaseURL(), Model: "fake-model", APIKey: "sk-test", CallTimeout: 2 * time.Second, Deadline: 10 * time.Second, MaxRetries: 3}
	if mod != nil {
		mod(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var slept []time.Duration
	c.doer.sleep = func(ctx context.Context, d time.Duration) error {
		slept = append(slept, d)
		return ctx.Err()
	}
	c.doer.jit = func() float64 { return 0.5 }
	return c, &slept
}

func msgs() []Message {
	return []Message{{Role: "system", Content: "You fill slots."}, {Role: "user", Content: "value?"}}
}

func TestZeroTemperatureOnTheWire(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Content: `{"value":"x"}`, PromptTokens: 11, CompletionTokens: 3})
	c, _ := newTestClient(t, srv, nil)
	out, call, err := c.CompleteJSON(context.Background(), msgs(), testSchema)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != `{"value":"x"}` {
		t.Fatalf("out = %s", out)
	}
	req := srv.Requests()[0]
	temp, ok := req.Body["temperature"]
	if !ok || temp.(float64) != 0 {
		t.Fatalf("temperature on the wire = %v (present %v); body %s", temp, ok, req.Raw)
	}
	if req.ResponseFormat() != "json_schema" {
		t.Fatalf("response_format = %q", req.ResponseFormat())
	}
	rf := req.Body["response_format"].(map[string]any)["json_schema"].(map[string]any)
	if rf["name"] != "answer" || rf["schema"].(map[string]any)["required"].([]any)[0] != "value" {
		t.Fatalf("json_schema = %v", rf)
	}
	if req.Header.Get("Authorization") != "Bearer sk-test" {
		t.Fatalf("auth header = %q", req.Header.Get("Authorization"))
	}
	if call.Usage != (Usage{Calls: 1, PromptTokens: 11, CompletionTokens: 3, TotalTokens: 14}) || call.Attempts != 1 || call.Mode != ModeJSONSchema {
		t.Fatalf("call = %+v", call)
	}
	if !strings.HasPrefix(call.PromptHash, "sha256:") || call.PromptHash != PromptHash(msgs()) {
		t.Fatalf("prompt hash = %s", call.PromptHash)
	}
}

func TestNonZeroTemperatureKept(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Content: `{"value":"x"}`})
	c, _ := newTestClient(t, srv, func(c *Config) { c.Temperature = 0.25 })
	if _, _, err := c.CompleteJSON(context.Background(), msgs(), testSchema); err != nil {
		t.Fatal(err)
	}
	if got := srv.Requests()[0].Body["temperature"].(float64); got != 0.25 {
		t.Fatalf("temperature = %v", got)
	}
}

func Test429ThenSuccessHonoursRetryAfter(t *testing.T) {
	srv := llmtest.New(t,
		llmtest.Reply{Status: 429, Header: map[string]string{"Retry-After": "7"}, Error: &llmtest.APIError{Message: "Rate limit reached", Type: "requests"}},
		llmtest.Reply{Content: `{"value":"ok"}`})
	c, slept := newTestClient(t, srv, nil)
	out, call, err := c.CompleteJSON(context.Background(), msgs(), testSchema)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != `{"value":"ok"}` || call.Attempts != 2 {
		t.Fatalf("out %s attempts %d", out, call.Attempts)
	}
	if len(*slept) != 1 || (*slept)[0] != 7*time.Second {
		t.Fatalf("slept %v, want [7s] from Retry-After", *slept)
	}
	// The retried request carries the same body.
	r := srv.Requests()
	if string(r[0].Raw) != string(r[1].Raw) {
		t.Fatal("retry changed the request body")
	}
}

func Test5xxBackoffThenSuccess(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Status: 500}, llmtest.Reply{Status: 503}, llmtest.Reply{Content: `{"value":"ok"}`})
	c, slept := newTestClient(t, srv, func(c *Config) { c.BaseBackoff = 100 * time.Millisecond })
	_, call, err := c.CompleteJSON(context.Background(), msgs(), testSchema)
	if err != nil {
		t.Fatal(err)
	}
	// jitter 0.5: b/2 + 0.5*b/2 = 0.75b with b = 100ms, 200ms.
	want := []time.Duration{75 * time.Millisecond, 150 * time.Millisecond}
	if call.Attempts != 3 || len(*slept) != 2 || (*slept)[0] != want[0] || (*slept)[1] != want[1] {
		t.Fatalf("attempts %d slept %v want %v", call.Attempts, *slept, want)
	}
}

func Test5xxExhaustsRetries(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Status: 500}, llmtest.Reply{Status: 502}, llmtest.Reply{Status: 500})
	c, _ := newTestClient(t, srv, func(c *Config) { c.MaxRetries = 2 })
	_, call, err := c.CompleteJSON(context.Background(), msgs(), testSchema)
	if err == nil || !strings.Contains(err.Error(), "500") {
		t.Fatalf("err = %v", err)
	}
	if call.Attempts != 3 || srv.Remaining() != 0 {
		t.Fatalf("attempts %d remaining %d", call.Attempts, srv.Remaining())
	}
}

func TestClientErrorNotRetried(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Status: 401, Error: &llmtest.APIError{Message: "Incorrect API key provided", Type: "invalid_request_error"}})
	c, _ := newTestClient(t, srv, nil)
	_, call, err := c.CompleteJSON(context.Background(), msgs(), testSchema)
	if err == nil || !strings.Contains(err.Error(), "Incorrect API key") || call.Attempts != 1 {
		t.Fatalf("err %v attempts %d", err, call.Attempts)
	}
}

func TestAttemptTimeoutRetried(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Delay: 2 * time.Second, Content: `{"value":"late"}`}, llmtest.Reply{Content: `{"value":"ok"}`})
	c, _ := newTestClient(t, srv, func(c *Config) { c.CallTimeout = 100 * time.Millisecond })
	out, call, err := c.CompleteJSON(context.Background(), msgs(), testSchema)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != `{"value":"ok"}` || call.Attempts != 2 {
		t.Fatalf("out %s attempts %d", out, call.Attempts)
	}
}

func TestOverallDeadline(t *testing.T) {
	slow := llmtest.Reply{Delay: time.Second, Content: `{"value":"late"}`}
	srv := llmtest.New(t, slow, slow, slow, slow)
	c, _ := newTestClient(t, srv, func(c *Config) { c.CallTimeout = 5 * time.Second; c.Deadline = 150 * time.Millisecond })
	start := time.Now()
	_, _, err := c.CompleteJSON(context.Background(), msgs(), testSchema)
	if err == nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v", err)
	}
	if el := time.Since(start); el > 900*time.Millisecond {
		t.Fatalf("deadline not enforced: %v", el)
	}
}

func TestFallbackToJSONObjectThenPlain(t *testing.T) {
	srv := llmtest.New(t,
		llmtest.Reply{Content: `{"value":"obj"}`},
		llmtest.Reply{Content: "Sure! Here it is:\n```json\n{\"value\": \"plain\"}\n```\n"},
		llmtest.Reply{Content: `{"value":"again"}`})
	srv.Rejects[ModeJSONSchema] = true
	c, _ := newTestClient(t, srv, nil)
	out, call, err := c.CompleteJSON(context.Background(), msgs(), testSchema)
	if err != nil || string(out) != `{"value":"obj"}` || call.Mode != ModeJSONObject {
		t.Fatalf("out %s mode %s err %v", out, call.Mode, err)
	}
	// The schema travels in the system prompt once the server cannot enforce it.
	r := srv.Requests()
	if !strings.Contains(r[1].Messages()[0][1], `"required":["value"]`) {
		t.Fatalf("schema missing from the prompt: %q", r[1].Messages()[0][1])
	}
	srv.Rejects[ModeJSONObject] = true
	out, call, err = c.CompleteJSON(context.Background(), msgs(), testSchema)
	if err != nil || string(out) != `{"value": "plain"}` || call.Mode != ModePlain {
		t.Fatalf("out %s mode %s err %v", out, call.Mode, err)
	}
	// The client remembers: the next call goes straight to plain.
	n := len(srv.Requests())
	if _, call, err = c.CompleteJSON(context.Background(), msgs(), testSchema); err != nil || call.Mode != ModePlain || len(srv.Requests()) != n+1 {
		t.Fatalf("mode %s requests %d err %v", call.Mode, len(srv.Requests())-n, err)
	}
	if rf := srv.Requests()[n].ResponseFormat(); rf != "" {
		t.Fatalf("plain mode sent response_format %q", rf)
	}
	if u := c.Usage(); u.Calls != 3 || u.TotalTokens != u.PromptTokens+u.CompletionTokens || u.TotalTokens == 0 {
		t.Fatalf("usage %+v", u)
	}
}

func TestMalformedJSON(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Content: `{"value": "unterminated`})
	c, _ := newTestClient(t, srv, nil)
	_, call, err := c.CompleteJSON(context.Background(), msgs(), testSchema)
	if !errors.Is(err, ErrMalformed) {
		t.Fatalf("err = %v", err)
	}
	if call.Usage.Calls != 1 {
		t.Fatalf("tokens of a malformed reply still count: %+v", call.Usage)
	}
}

func TestExtractJSON(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:                              `{"a":1}`,
		"text {\"a\": \"}\"} more":             `{"a": "}"}`,
		"```\n[1,2]\n```":                      `[1,2]`,
		"no { json here":                       "",
		"first {bad} then {\"ok\":true} done.": `{"ok":true}`,
	} {
		got, err := ExtractJSON(in)
		if want == "" {
			if err == nil {
				t.Errorf("%q: want error, got %s", in, got)
			}
			continue
		}
		if err != nil || string(got) != want {
			t.Errorf("%q: got %s, %v; want %s", in, got, err, want)
		}
	}
}

func TestConfig(t *testing.T) {
	t.Setenv(EnvBaseURL, "http://env/v1")
	t.Setenv(EnvModel, "env-model")
	t.Setenv(EnvAPIKey, "")
	c := ConfigFromEnv().Override("", "flag-model", "")
	if c.BaseURL != "http://env/v1" || c.Model != "flag-model" || !c.Enabled() {
		t.Fatalf("%+v", c)
	}
	if (Config{BaseURL: "http://x"}).Enabled() {
		t.Fatal("no model must mean disabled")
	}
	if _, err := New(Config{}); err == nil {
		t.Fatal("New without a model must fail")
	}
	if d := retryAfter("Wed, 21 Oct 2015 07:28:00 GMT", time.Date(2015, 10, 21, 7, 27, 0, 0, time.UTC)); d != time.Minute {
		t.Fatalf("retryAfter date = %v", d)
	}
}
