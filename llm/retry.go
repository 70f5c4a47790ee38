package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

type attemptsKey struct{}

// retryDoer sits under go-openai as its HTTP client. It owns what go-openai
// does not do: an explicit zero temperature on the wire, a timeout per attempt,
// and retries with exponential backoff and jitter on 429, 5xx and transport
// errors, honouring Retry-After.
type retryDoer struct {
	cfg   Config
	sleep func(ctx context.Context, d time.Duration) error
	jit   func() float64 // in [0,1)
}

func newRetryDoer(cfg Config) *retryDoer {
	return &retryDoer{cfg: cfg, sleep: sleepCtx, jit: rand.Float64}
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// cancelBody cancels the attempt's context once the caller has read the body.
type cancelBody struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b cancelBody) Close() error { err := b.ReadCloser.Close(); b.cancel(); return err }

func (d *retryDoer) Do(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("llm: read request body: %w", err)
		}
		body = withTemperature(b, d.cfg.Temperature)
	}
	parent := req.Context()
	counter, _ := parent.Value(attemptsKey{}).(*int)
	for attempt := 0; ; attempt++ {
		if counter != nil {
			*counter++
		}
		ctx, cancel := context.WithTimeout(parent, d.cfg.CallTimeout)
		r := req.Clone(ctx)
		if body != nil {
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
			r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		}
		resp, err := d.cfg.HTTPClient.Do(r)
		retry := false
		var wait time.Duration
		switch {
		case err != nil:
			// The overall deadline (parent) is final; an attempt timeout is not.
			retry = parent.Err() == nil
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
			retry = true
			wait = retryAfter(resp.Header.Get("Retry-After"), time.Now())
		}
		if !retry || attempt >= d.cfg.MaxRetries {
			if err != nil {
				cancel()
				return nil, fmt.Errorf("llm: POST %s (attempt %d): %w", req.URL.Redacted(), attempt+1, err)
			}
			resp.Body = cancelBody{resp.Body, cancel}
			return resp, nil
		}
		if resp != nil {
			io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
			resp.Body.Close()
		}
		cancel()
		if wait <= 0 {
			wait = d.backoff(attempt)
		}
		if err := d.sleep(parent, wait); err != nil {
			return nil, fmt.Errorf("llm: deadline while backing off after attempt %d: %w", attempt+1, err)
		}
	}
}

// backoff is exponential with full jitter in [base*2^n / 2, base*2^n], capped.
func (d *retryDoer) backoff(attempt int) time.Duration {
	b := d.cfg.BaseBackoff << min(attempt, 20)
	if b > d.cfg.MaxBackoff || b <= 0 {
		b = d.cfg.MaxBackoff
	}
	return b/2 + time.Duration(d.jit()*float64(b/2))
}

// retryAfter parses a Retry-After header: delta seconds or an HTTP date.
func retryAfter(h string, now time.Time) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(h, 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(h); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// withTemperature puts "temperature" on the wire when go-openai's omitempty
// dropped it (a zero temperature), so deterministic sampling is really asked for.
func withTemperature(body []byte, temp float32) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return body
	}
	if _, ok := m["messages"]; !ok {
		return body
	}
	if _, ok := m["temperature"]; ok {
		return body
	}
	m["temperature"] = json.RawMessage(strconv.FormatFloat(float64(temp), 'g', -1, 32))
	out, err := json.Marshal(m)
	if err != nil {
		return body
	}
	return out
}
