package compiler

import (
	"context"

	"github.com/foamc/foamc/finding"
)

// SlotFiller proposes a value for a slot that neither the spec, a physics derivation nor
// the knowledge base settled. The LLM engineer implements it (llm/); the compiler never
// trusts an answer: it re-validates every value (in the domain when the domain is closed,
// parses as the slot's kind, then the whole case is linted by the rules) and asks again
// with the findings, up to Options.MaxFillAttempts times per slot.
type SlotFiller interface {
	Fill(ctx context.Context, req FillRequest) (FillResult, error)
}

// FillRequest is PhyNiKCE's structured instruction for one open slot.
type FillRequest struct {
	// Slot is the slot id, e.g. "boundaries/inlet/turbulence/intensity" or "physics/solver".
	Slot string `json:"slot"`
	// Description says in words what the slot decides.
	Description string `json:"description"`
	// SpecField is the spec JSON pointer whose value would settle the slot; the filler
	// answers with a value for exactly that field.
	SpecField string `json:"specField"`
	// Kind is the JSON type expected: "string", "number", "vector" (3 numbers) or "boolean".
	Kind string `json:"kind"`
	// Domain lists the admissible values when the domain is closed (e.g. solver names
	// the kb proposes); empty means any value of Kind that satisfies the constraints.
	Domain []string `json:"domain,omitempty"`
	// Context is what the retrievers found, with its audit trail.
	Context []Evidence `json:"context,omitempty"`
	// Constraints are the rules the value must satisfy, as "<rule id>: <text>".
	Constraints []string `json:"constraints,omitempty"`
	// Spec is the spec as JSON (after schema validation).
	Spec []byte `json:"spec"`
	// Rejected holds the findings against the previous answer (empty on the first attempt).
	Rejected []finding.Finding `json:"rejected,omitempty"`
	// Attempt counts from 1.
	Attempt int `json:"attempt"`
}

// Evidence is one piece of retrieved context handed to the filler.
type Evidence struct {
	Source string `json:"source"` // e.g. "kb:cascading q3 tutorials/incompressible/simpleFoam/pitzDaily/0/k"
	Text   string `json:"text"`
}

// FillResult is the filler's answer and what provenance.json records about it.
type FillResult struct {
	// Value is JSON text of the answer: "0.05", "\"pimpleFoam\"", "[1, 0, 0]", "true".
	Value string `json:"value"`
	// Model, PromptHash and Attempts are recorded in provenance (source "llm").
	Model      string `json:"model"`
	PromptHash string `json:"promptHash"`
	Attempts   int    `json:"attempts"`
	// Tokens used, for accounting.
	PromptTokens     int `json:"promptTokens,omitempty"`
	CompletionTokens int `json:"completionTokens,omitempty"`
	// Rationale is the model's one-line reason, kept in provenance.
	Rationale string `json:"rationale,omitempty"`
}
