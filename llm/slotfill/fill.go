// Package slotfill is the LLM slot filler: it implements compiler.SlotFiller
// on an llm.Client (kept apart from package llm so the runner's LLM repair
// does not depend on the compiler).
package slotfill

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/llm"
)

// SlotFiller implements compiler.SlotFiller with PhyNiKCE's structured
// instruction protocol: the model sees one open slot at a time with its
// candidate domain, the retrieved context, the constraints and the findings
// against its previous answer, and answers {"value": ..., "rationale": ...}
// under a JSON Schema built from the slot's kind and domain. Answers that do
// not fit the schema are sent back before the compiler sees them; the compiler
// then re-validates the value against the spec schema and the rules and asks
// again with its findings.
type SlotFiller struct {
	Client *llm.Client
	// MaxAttempts bounds model calls per Fill for answers that are malformed or
	// break the slot's schema (default 3).
	MaxAttempts int

	mu    sync.Mutex
	convs map[string][]llm.Message // per slot, so a re-ask continues the conversation
	usage llm.Usage
	calls []llm.Call
}

// New returns a filler on c.
func New(c *llm.Client) *SlotFiller {
	return &SlotFiller{Client: c, MaxAttempts: 3, convs: map[string][]llm.Message{}}
}

var _ compiler.SlotFiller = (*SlotFiller)(nil)

// Usage is the token use of every Fill so far (one compile when the filler is
// made per compile).
func (s *SlotFiller) Usage() llm.Usage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.usage
}

// Calls returns the audit record of every model call.
func (s *SlotFiller) Calls() []llm.Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]llm.Call(nil), s.calls...)
}

const fillSystem = `You complete OpenFOAM v1912 case specifications for foamc, a constraint-solver driven case compiler.
You are asked for exactly one open slot: a value the spec left out that neither physics derivation nor the knowledge base settled.
Rules:
- Answer with a JSON object {"value": <the value>, "rationale": "<one sentence>"} and nothing else.
- The value must have the requested kind; when a domain is given it must be one of the domain's values, spelled exactly.
- The value must satisfy every listed constraint. Prefer what the retrieved context (OpenFOAM tutorials) does.
- If earlier answers were rejected, the findings say why: fix exactly that.`

// Fill implements compiler.SlotFiller.
func (s *SlotFiller) Fill(ctx context.Context, req compiler.FillRequest) (compiler.FillResult, error) {
	max := s.MaxAttempts
	if max <= 0 {
		max = 3
	}
	s.mu.Lock()
	if s.convs == nil {
		s.convs = map[string][]llm.Message{}
	}
	msgs := s.convs[req.SpecField]
	s.mu.Unlock()
	if len(msgs) == 0 || req.Attempt <= 1 {
		msgs = []llm.Message{{Role: "system", Content: fillSystem}, {Role: "user", Content: instruction(req)}}
	} else if len(req.Rejected) > 0 {
		msgs = append(msgs, llm.Message{Role: "user", Content: rejection(req)})
	}
	schema := slotSchema(req)
	res := compiler.FillResult{Model: s.Client.Model()}
	var lastErr error
	for attempt := 1; attempt <= max; attempt++ {
		out, call, err := s.Client.CompleteJSON(ctx, msgs, schema)
		s.record(call)
		res.Attempts = attempt
		res.PromptHash = call.PromptHash
		res.PromptTokens += call.Usage.PromptTokens
		res.CompletionTokens += call.Usage.CompletionTokens
		if err != nil && !errors.Is(err, llm.ErrMalformed) {
			return res, fmt.Errorf("llm: fill %s: %w", req.Slot, err)
		}
		problem := ""
		var ans struct {
			Value     json.RawMessage `json:"value"`
			Rationale string          `json:"rationale"`
		}
		switch {
		case err != nil:
			problem = "the reply was not valid JSON"
		case json.Unmarshal(out, &ans) != nil || len(ans.Value) == 0:
			problem = `the reply must be an object {"value": ..., "rationale": "..."}`
		default:
			problem = checkValue(ans.Value, req.Kind, req.Domain)
		}
		if problem == "" {
			res.Value = string(ans.Value)
			res.Rationale = ans.Rationale
			s.mu.Lock()
			s.convs[req.SpecField] = append(msgs, llm.Message{Role: "assistant", Content: string(out)})
			s.mu.Unlock()
			return res, nil
		}
		lastErr = errors.New(problem)
		reply := string(out)
		if err != nil {
			reply = err.Error()
		}
		msgs = append(msgs, llm.Message{Role: "assistant", Content: reply},
			llm.Message{Role: "user", Content: "Rejected: " + problem + ". Answer again with the JSON object only."})
	}
	return res, fmt.Errorf("llm: fill %s: no valid answer in %d attempts: %w", req.Slot, max, lastErr)
}

func (s *SlotFiller) record(c llm.Call) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.usage.Add(c.Usage)
	s.calls = append(s.calls, c)
}

// instruction renders the structured instruction for one slot.
func instruction(req compiler.FillRequest) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Open slot: %s\nWhat it decides: %s\nSpec field to answer for: %s\nKind: %s\n", req.Slot, req.Description, req.SpecField, req.Kind)
	if len(req.Domain) > 0 {
		fmt.Fprintf(&b, "Domain (answer one of these exactly): %s\n", strings.Join(req.Domain, ", "))
	}
	if len(req.Constraints) > 0 {
		b.WriteString("Constraints:\n")
		for _, c := range req.Constraints {
			fmt.Fprintf(&b, "- %s\n", c)
		}
	}
	if len(req.Context) > 0 {
		b.WriteString("Retrieved context:\n")
		for _, e := range req.Context {
			fmt.Fprintf(&b, "--- %s\n%s\n", e.Source, e.Text)
		}
	}
	fmt.Fprintf(&b, "The spec so far (JSON):\n%s\n", req.Spec)
	if len(req.Rejected) > 0 {
		b.WriteString(rejection(req))
	}
	return b.String()
}

func rejection(req compiler.FillRequest) string {
	var b strings.Builder
	b.WriteString("Your previous answer was rejected by foamc's checks:\n")
	for _, f := range req.Rejected {
		fmt.Fprintf(&b, "- [%s] %s", f.ID, f.Summary)
		if f.Fix != "" {
			fmt.Fprintf(&b, " (fix: %s)", f.Fix)
		}
		b.WriteByte('\n')
	}
	b.WriteString("Answer again.")
	return b.String()
}

// slotSchema is the JSON Schema of an answer for this slot.
func slotSchema(req compiler.FillRequest) *llm.Schema {
	var value map[string]any
	switch req.Kind {
	case "number":
		value = map[string]any{"type": "number"}
	case "vector":
		value = map[string]any{"type": "array", "items": map[string]any{"type": "number"}, "minItems": 3, "maxItems": 3}
	case "boolean":
		value = map[string]any{"type": "boolean"}
	default:
		value = map[string]any{"type": "string"}
		if len(req.Domain) > 0 {
			value["enum"] = req.Domain
		}
	}
	doc := map[string]any{
		"type":                 "object",
		"required":             []string{"value", "rationale"},
		"additionalProperties": false,
		"properties":           map[string]any{"value": value, "rationale": map[string]any{"type": "string"}},
	}
	b, _ := json.Marshal(doc)
	return &llm.Schema{Name: "foamc_slot", Schema: b}
}

// checkValue validates an answer against the slot schema; "" when it fits.
func checkValue(raw json.RawMessage, kind string, domain []string) string {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return "the value is not JSON"
	}
	switch kind {
	case "number":
		if _, ok := v.(float64); !ok {
			return "the value must be a number"
		}
	case "vector":
		l, ok := v.([]any)
		if !ok || len(l) != 3 {
			return "the value must be an array of 3 numbers"
		}
		for _, x := range l {
			if _, ok := x.(float64); !ok {
				return "the value must be an array of 3 numbers"
			}
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return "the value must be true or false"
		}
	default:
		s, ok := v.(string)
		if !ok {
			return "the value must be a string"
		}
		if len(domain) > 0 {
			for _, d := range domain {
				if d == s {
					return ""
				}
			}
			return fmt.Sprintf("%q is not in the domain (%s)", s, strings.Join(domain, ", "))
		}
	}
	return ""
}
