// Package llm is foamc's only door to a language model: an OpenAI-compatible
// chat-completions client (any server speaking the protocol) with retries,
// deadlines, structured output and token accounting, plus the slot filler and
// the natural-language -> spec translation built on it. Nothing in foamc
// requires a model: callers check Config.Enabled first.
package llm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Environment variables read by ConfigFromEnv.
const (
	EnvBaseURL = "FOAMC_LLM_BASE_URL"
	EnvModel   = "FOAMC_LLM_MODEL"
	EnvAPIKey  = "OPENAI_API_KEY"
)

// Config locates the endpoint and bounds every call.
type Config struct {
	BaseURL string // e.g. http://localhost:8000/v1
	Model   string
	APIKey  string // may be empty for local servers
	// Temperature is always sent, 0 included (go-openai would drop a zero).
	Temperature float32
	// Seed, when non-nil, is sent for servers that support reproducible sampling.
	Seed *int
	// CallTimeout bounds one HTTP attempt; Deadline bounds a whole Complete call
	// including retries and backoff.
	CallTimeout time.Duration
	Deadline    time.Duration
	// MaxRetries is the number of retries after the first attempt on 429, 5xx
	// and transport errors (timeouts included).
	MaxRetries  int
	BaseBackoff time.Duration
	MaxBackoff  time.Duration
	// HTTPClient is the transport; nil uses a plain http.Client.
	HTTPClient *http.Client
}

// Defaults fills unset bounds with conservative values.
func (c Config) withDefaults() Config {
	if c.CallTimeout <= 0 {
		c.CallTimeout = 60 * time.Second
	}
	if c.Deadline <= 0 {
		c.Deadline = 5 * time.Minute
	}
	if c.MaxRetries < 0 {
		c.MaxRetries = 0
	} else if c.MaxRetries == 0 {
		c.MaxRetries = 4
	}
	if c.BaseBackoff <= 0 {
		c.BaseBackoff = 500 * time.Millisecond
	}
	if c.MaxBackoff <= 0 {
		c.MaxBackoff = 30 * time.Second
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{}
	}
	return c
}

// ConfigFromEnv reads FOAMC_LLM_BASE_URL, FOAMC_LLM_MODEL and OPENAI_API_KEY.
// Flags override the result field by field (see Override).
func ConfigFromEnv() Config {
	return Config{
		BaseURL: os.Getenv(EnvBaseURL),
		Model:   os.Getenv(EnvModel),
		APIKey:  os.Getenv(EnvAPIKey),
	}
}

// Override replaces each field of c that is non-empty in flags.
func (c Config) Override(baseURL, model, apiKey string) Config {
	if baseURL != "" {
		c.BaseURL = baseURL
	}
	if model != "" {
		c.Model = model
	}
	if apiKey != "" {
		c.APIKey = apiKey
	}
	return c
}

// Enabled reports whether a model is configured: a model name and either a base
// URL or an API key (the latter meaning api.openai.com).
func (c Config) Enabled() bool {
	return c.Model != "" && (c.BaseURL != "" || c.APIKey != "")
}

// Usage counts tokens as the server reports them.
type Usage struct {
	Calls            int `json:"calls"`
	PromptTokens     int `json:"promptTokens"`
	CompletionTokens int `json:"completionTokens"`
	TotalTokens      int `json:"totalTokens"`
}

// Add accumulates u2 into u.
func (u *Usage) Add(u2 Usage) {
	u.Calls += u2.Calls
	u.PromptTokens += u2.PromptTokens
	u.CompletionTokens += u2.CompletionTokens
	u.TotalTokens += u2.TotalTokens
}

// Message is one chat turn.
type Message struct {
	Role    string `json:"role"` // system | user | assistant
	Content string `json:"content"`
}

// Schema asks for structured output validated against a JSON Schema.
type Schema struct {
	Name   string          // [a-zA-Z0-9_-]+, sent as json_schema.name
	Schema json.RawMessage // the JSON Schema document
}

// Output modes, strongest first. A server that rejects one is asked again with
// the next, and the client remembers the mode that worked.
const (
	ModeJSONSchema = "json_schema"
	ModeJSONObject = "json_object"
	ModePlain      = "plain"
)

var modes = []string{ModeJSONSchema, ModeJSONObject, ModePlain}

// Call is the audit record of one completed request.
type Call struct {
	Model      string `json:"model"`
	PromptHash string `json:"promptHash"` // sha256 of the messages as sent
	Mode       string `json:"mode"`
	Attempts   int    `json:"attempts"` // HTTP attempts including retries and mode fallbacks
	Usage      Usage  `json:"usage"`
	Duration   string `json:"duration"`
}

// Client is safe for concurrent use.
type Client struct {
	cfg  Config
	oa   *openai.Client
	doer *retryDoer

	mu    sync.Mutex
	mode  int // index into modes of the strongest mode not yet rejected
	usage Usage
}

// New builds a client; it fails when the config names no model.
func New(cfg Config) (*Client, error) {
	if !cfg.Enabled() {
		return nil, errors.New("llm: no model configured (set --llm-model and --llm-base-url, or " + EnvModel + " and " + EnvBaseURL + ")")
	}
	cfg = cfg.withDefaults()
	oc := openai.DefaultConfig(cfg.APIKey)
	if cfg.BaseURL != "" {
		oc.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	}
	d := newRetryDoer(cfg)
	oc.HTTPClient = d
	return &Client{cfg: cfg, oa: openai.NewClientWithConfig(oc), doer: d}, nil
}

// Model is the configured model name.
func (c *Client) Model() string { return c.cfg.Model }

// Usage is the running total over every call this client made.
func (c *Client) Usage() Usage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.usage
}

// PromptHash identifies a conversation for provenance.
func PromptHash(msgs []Message) string {
	h := sha256.New()
	for _, m := range msgs {
		fmt.Fprintf(h, "%s\x00%s\x00", m.Role, m.Content)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// ErrMalformed marks a reply that held no parseable JSON; callers feed it back
// to the model as a correction.
var ErrMalformed = errors.New("llm: reply is not valid JSON")

// CompleteJSON sends the conversation and returns the JSON value the model
// replied with. With a schema it asks for response_format json_schema, falling
// back to json_object and then to a plain prompt with extraction when the
// server rejects the format. The returned JSON is syntactically valid but not
// validated against the schema: that is the caller's job (and its findings go
// back to the model). err wraps ErrMalformed when the reply held no JSON.
func (c *Client) CompleteJSON(ctx context.Context, msgs []Message, schema *Schema) (json.RawMessage, Call, error) {
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Deadline)
	defer cancel()
	attempts := new(int)
	ctx = context.WithValue(ctx, attemptsKey{}, attempts)

	call := Call{Model: c.cfg.Model, PromptHash: PromptHash(msgs)}
	c.mu.Lock()
	mi := c.mode
	c.mu.Unlock()
	for ; mi < len(modes); mi++ {
		mode := modes[mi]
		if schema == nil && mode == ModeJSONSchema {
			continue
		}
		req := c.request(msgs, schema, mode)
		resp, err := c.oa.CreateChatCompletion(ctx, req)
		call.Attempts = *attempts
		call.Mode = mode
		call.Duration = time.Since(start).Round(time.Millisecond).String()
		if err != nil {
			if rejectsFormat(err) && mode != ModePlain {
				c.mu.Lock()
				if c.mode < mi+1 {
					c.mode = mi + 1
				}
				c.mu.Unlock()
				continue
			}
			return nil, call, fmt.Errorf("llm: chat completion (%s, mode %s, %d attempts): %w", c.cfg.Model, mode, *attempts, err)
		}
		u := Usage{Calls: 1, PromptTokens: resp.Usage.PromptTokens, CompletionTokens: resp.Usage.CompletionTokens, TotalTokens: resp.Usage.TotalTokens}
		if u.TotalTokens == 0 {
			u.TotalTokens = u.PromptTokens + u.CompletionTokens
		}
		call.Usage = u
		c.mu.Lock()
		c.usage.Add(u)
		c.mu.Unlock()
		if len(resp.Choices) == 0 {
			return nil, call, fmt.Errorf("%w: the response has no choices", ErrMalformed)
		}
		out, err := ExtractJSON(resp.Choices[0].Message.Content)
		if err != nil {
			return nil, call, err
		}
		return out, call, nil
	}
	return nil, call, fmt.Errorf("llm: the server at %s rejected every output mode", c.cfg.BaseURL)
}

// request builds one chat request in the given output mode.
func (c *Client) request(msgs []Message, schema *Schema, mode string) openai.ChatCompletionRequest {
	req := openai.ChatCompletionRequest{Model: c.cfg.Model, Temperature: c.cfg.Temperature, Seed: c.cfg.Seed}
	for i, m := range msgs {
		content := m.Content
		// Without server-side structure the schema travels in the prompt.
		if mode != ModeJSONSchema && schema != nil && i == 0 && m.Role == "system" {
			content += "\n\nReply with one JSON value only, no prose, valid against this JSON Schema:\n" + string(schema.Schema)
		} else if mode == ModePlain && schema == nil && i == 0 && m.Role == "system" {
			content += "\n\nReply with one JSON value only, no prose."
		}
		req.Messages = append(req.Messages, openai.ChatCompletionMessage{Role: m.Role, Content: content})
	}
	switch mode {
	case ModeJSONSchema:
		req.ResponseFormat = &openai.ChatCompletionResponseFormat{
			Type:       openai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{Name: schema.Name, Schema: schema.Schema, Strict: false},
		}
	case ModeJSONObject:
		req.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
	}
	return req
}

// rejectsFormat recognises a server refusing response_format: a 400/422 whose
// message names the parameter. Other 4xx are real errors and are not retried.
func rejectsFormat(err error) bool {
	var apiErr *openai.APIError
	if errors.As(err, &apiErr) {
		if apiErr.HTTPStatusCode != http.StatusBadRequest && apiErr.HTTPStatusCode != http.StatusUnprocessableEntity {
			return false
		}
		msg := strings.ToLower(apiErr.Message)
		if apiErr.Param != nil {
			msg += " " + strings.ToLower(*apiErr.Param)
		}
		return strings.Contains(msg, "response_format") || strings.Contains(msg, "json_schema") ||
			strings.Contains(msg, "json_object") || strings.Contains(msg, "response format")
	}
	var reqErr *openai.RequestError
	if errors.As(err, &reqErr) && (reqErr.HTTPStatusCode == http.StatusBadRequest || reqErr.HTTPStatusCode == http.StatusUnprocessableEntity) {
		b := strings.ToLower(string(reqErr.Body))
		return strings.Contains(b, "response_format") || strings.Contains(b, "json_schema")
	}
	return false
}

// ExtractJSON finds the JSON value in a reply: the whole text, else a fenced
// ```json block, else the first balanced {...} or [...] that parses.
func ExtractJSON(text string) (json.RawMessage, error) {
	t := strings.TrimSpace(text)
	if json.Valid([]byte(t)) && t != "" {
		return json.RawMessage(t), nil
	}
	if i := strings.Index(t, "```"); i >= 0 {
		rest := t[i+3:]
		if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
			rest = rest[nl+1:]
		}
		if j := strings.Index(rest, "```"); j >= 0 {
			block := strings.TrimSpace(rest[:j])
			if json.Valid([]byte(block)) {
				return json.RawMessage(block), nil
			}
		}
	}
	for i := 0; i < len(t); i++ {
		if t[i] != '{' && t[i] != '[' {
			continue
		}
		if end := balanced(t, i); end > 0 && json.Valid([]byte(t[i:end])) {
			return json.RawMessage(t[i:end]), nil
		}
	}
	excerpt := t
	if len(excerpt) > 200 {
		excerpt = excerpt[:200] + "…"
	}
	return nil, fmt.Errorf("%w: %q", ErrMalformed, excerpt)
}

// balanced returns the end of the bracketed value starting at i, honouring
// JSON strings, or -1.
func balanced(s string, i int) int {
	depth, inStr, esc := 0, false, false
	for j := i; j < len(s); j++ {
		ch := s[j]
		switch {
		case inStr && esc:
			esc = false
		case inStr && ch == '\\':
			esc = true
		case inStr && ch == '"':
			inStr = false
		case inStr:
		case ch == '"':
			inStr = true
		case ch == '{' || ch == '[':
			depth++
		case ch == '}' || ch == ']':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return -1
}
