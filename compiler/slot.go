package compiler

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// Source kinds recorded in provenance.json and the slot table.
const (
	KindSpec    = "spec"    // a spec field (Spec = JSON pointer)
	KindDerived = "derived" // a physics derivation (Formula, Inputs)
	KindKB      = "kb"      // a kb retriever (Retriever, Level, Files)
	KindRule    = "rule"    // forced or pruned by a rule (Rule)
	KindCurated = "curated" // foamc's curated table, cited by Ref (used where no kb answer exists)
	KindLLM     = "llm"     // the slot filler (Model, PromptHash, Attempts, Rules)
)

// Source says where one emitted value came from.
type Source struct {
	Kind       string             `json:"kind"`
	Spec       string             `json:"spec,omitempty"`
	Formula    string             `json:"formula,omitempty"`
	Inputs     map[string]float64 `json:"inputs,omitempty"`
	Retriever  string             `json:"retriever,omitempty"`
	Level      string             `json:"level,omitempty"`
	Files      []string           `json:"files,omitempty"`
	Rule       string             `json:"rule,omitempty"`
	Ref        string             `json:"ref,omitempty"`
	Model      string             `json:"model,omitempty"`
	PromptHash string             `json:"promptHash,omitempty"`
	Attempts   int                `json:"attempts,omitempty"`
	Rules      []string           `json:"rules,omitempty"`
	// Contract is the header evidence of a boundary condition's contract (multi-source kb).
	Contract []string `json:"contract,omitempty"`
	// Examples are tutorial files using the same boundary condition for the field (multi-source kb).
	Examples []string `json:"examples,omitempty"`
	// Profile is the numerics profile that chose the value (compiler/numerics.go); Robust is
	// the value the robust profile writes instead, which foamc run --repair falls back to.
	Profile string `json:"profile,omitempty"`
	Robust  string `json:"robust,omitempty"`
}

func specSrc(ptr string) Source { return Source{Kind: KindSpec, Spec: ptr} }
func ruleSrc(id, ref string) Source {
	return Source{Kind: KindRule, Rule: id, Ref: ref}
}
func curated(ref string) Source { return Source{Kind: KindCurated, Ref: ref} }

// String is the short form used in the slot table.
func (s Source) String() string {
	switch s.Kind {
	case KindSpec:
		return "spec " + s.Spec
	case KindDerived:
		if len(s.Inputs) == 0 {
			return "derived " + s.Formula
		}
		return "derived " + s.Formula + " (" + sortedInputs(s.Inputs) + ")"
	case KindKB:
		out := "kb " + s.Retriever
		if s.Level != "" {
			out += " " + s.Level
		}
		if len(s.Files) > 0 {
			out += " " + s.Files[0]
			if len(s.Files) > 1 {
				out += fmt.Sprintf(" +%d", len(s.Files)-1)
			}
		}
		return out
	case KindRule:
		return "rule " + s.Rule + " " + s.Ref
	case KindCurated:
		return "curated " + s.Ref
	case KindDefault:
		out := "default " + s.Formula
		if len(s.Inputs) > 0 {
			out += " (" + sortedInputs(s.Inputs) + ")"
		}
		return out + "; source: " + s.Ref
	case KindLLM:
		return fmt.Sprintf("llm %s prompt %s attempts %d", s.Model, s.PromptHash, s.Attempts)
	}
	return s.Kind
}

// Slot is one decision of the compiler: a value to emit (or a mesh edit), its domain and
// where the chosen value came from.
type Slot struct {
	ID     string   `json:"id"`
	Value  string   `json:"value"`
	Source Source   `json:"source"`
	Domain []string `json:"domain,omitempty"`
	// Pruned lists candidates removed by a rule, as "value: rule".
	Pruned []string `json:"pruned,omitempty"`
	// SpecField is the spec field that would settle the slot.
	SpecField string `json:"specField,omitempty"`
}

// Table is the slot table of one compilation, sorted by ID.
type Table []Slot

// WriteText prints the table for --explain.
func (t Table) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SLOT\tVALUE\tSOURCE")
	for _, s := range t {
		src := s.Source.String()
		if len(s.Pruned) > 0 {
			src += "; pruned " + strings.Join(s.Pruned, ", ")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", s.ID, s.Value, src)
	}
	return tw.Flush()
}

func (t Table) sort() {
	sort.Slice(t, func(i, j int) bool { return t[i].ID < t[j].ID })
}
