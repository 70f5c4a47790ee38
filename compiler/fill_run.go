package compiler

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/foamc/foamc/schema"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/kb"
)

// open reports a slot nothing settled, or asks the filler.
func (c *resolution) open(slot, specField, desc, kind string) {
	c.fillOpen(slot, specField, desc, kind, nil)
}

// fillOpen asks the SlotFiller for the spec field that settles slot. A valid answer is
// written into the spec document (so derivations and every later stage see it), the spec
// is re-validated against the schema, provenance marks the field as coming from the llm,
// and the pass ends at the next stage boundary to restart (c.restart). Without a filler
// the slot is an error naming the field.
func (c *resolution) fillOpen(slot, specField, desc, kind string, domain []string) (fillAnswer, bool) {
	if a, ok := c.fills[specField]; ok {
		return a, true
	}
	if c.restart {
		// The spec already changed in this pass: ask again only after the restart.
		return fillAnswer{}, false
	}
	if c.opts.Filler == nil {
		fix := fmt.Sprintf("set %s in the spec", strings.TrimPrefix(specField, "/"))
		if len(domain) > 0 {
			fix += " (one of: " + strings.Join(domain, ", ") + ")"
		}
		fix += ", or configure an LLM to fill it"
		c.fail(IDOpen, specField, fmt.Sprintf("open slot %s: %s is not given and cannot be derived", slot, desc), fix)
		return fillAnswer{}, false
	}
	req := FillRequest{Slot: slot, Description: desc, SpecField: specField, Kind: kind, Domain: domain, Spec: c.spec.JSON(),
		Constraints: []string{"FOAM-SPEC-002: the value must satisfy the spec JSON Schema", "the compiled case must lint without deny findings"},
		Context:     c.evidence(specField)}
	for attempt := 1; attempt <= c.opts.MaxFillAttempts; attempt++ {
		req.Attempt = attempt
		res, err := c.opts.Filler.Fill(c.ctx, req)
		if err != nil {
			c.fail(IDOpen, specField, fmt.Sprintf("open slot %s: the slot filler failed: %v", slot, err), "set the field in the spec")
			return fillAnswer{}, false
		}
		var v any
		if err := json.Unmarshal([]byte(res.Value), &v); err != nil {
			req.Rejected = []finding.Finding{{ID: "FOAM-SPEC-001", Severity: finding.Deny, Summary: "the answer is not JSON: " + err.Error()}}
			continue
		}
		if rej := checkKind(v, kind, domain); rej != "" {
			req.Rejected = []finding.Finding{{ID: "FOAM-SPEC-002", Severity: finding.Deny, Summary: rej}}
			continue
		}
		old := c.spec.Doc.Value
		c.spec.Doc.Value = setPointer(deepCopy(old), specField, v)
		if err := c.spec.Doc.ValidateSpec(); err != nil {
			var fl finding.List
			errors.As(err, &fl)
			c.spec.Doc.Value = old
			req.Rejected = fl
			continue
		}
		ns, err := schema.DecodeSpec(c.spec.Doc, c.spec.Dir)
		if err != nil {
			return fillAnswer{}, false
		}
		*c.spec = *ns
		src := Source{Kind: KindLLM, Spec: specField, Model: res.Model, PromptHash: res.PromptHash, Attempts: attempt,
			Rules: []string{"schema:spec", "rules:lint"}}
		c.fills[specField] = fillAnswer{value: v, src: src}
		c.restart = true
		return fillAnswer{}, false
	}
	c.fail(IDOpen, specField, fmt.Sprintf("open slot %s: no valid answer from the slot filler after %d attempts", slot, c.opts.MaxFillAttempts),
		"set the field in the spec")
	return fillAnswer{}, false
}

func checkKind(v any, kind string, domain []string) string {
	switch kind {
	case "string":
		s, ok := v.(string)
		if !ok {
			return "expected a string"
		}
		if len(domain) > 0 && !contains(domain, s) {
			return fmt.Sprintf("%q is not in the domain %v", s, domain)
		}
	case "number":
		if _, ok := v.(float64); !ok {
			return "expected a number"
		}
	case "vector":
		l, ok := v.([]any)
		if !ok || len(l) != 3 {
			return "expected a vector of 3 numbers"
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return "expected true or false"
		}
	}
	return ""
}

func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[k] = deepCopy(x)
		}
		return m
	case []any:
		l := make([]any, len(t))
		for i, x := range t {
			l[i] = deepCopy(x)
		}
		return l
	}
	return v
}

// unescapeToken reverses escape.
var unescapeToken = finding.UnescapeToken

// setPointer sets value at an RFC 6901 pointer, creating objects on the way.
func setPointer(root any, ptr string, value any) any {
	toks := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	m, _ := root.(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	cur := m
	for i, t := range toks {
		t = unescapeToken(t)
		if i == len(toks)-1 {
			cur[t] = value
			break
		}
		next, ok := cur[t].(map[string]any)
		if !ok {
			next = map[string]any{}
			cur[t] = next
		}
		cur = next
	}
	return m
}

// reportConflict turns an unsatisfiable problem into a finding naming the slot, the rules
// that rejected each of its candidates and the spec field that would settle it.
func (c *resolution) reportConflict(conf *conflict) {
	v := c.prob.byID[conf.Var]
	field := v.SpecField
	if field == "" {
		field = "/physics"
	}
	c.fail(IDConflict, field, fmt.Sprintf("no value of slot %s satisfies the rules (candidates %s)", conf.Var, strings.Join(domainValues(v), ", ")),
		"rejected by "+strings.Join(conf.Rules, "; ")+"; change "+strings.TrimPrefix(field, "/")+" or the fields those rules read")
}

// evidence is the retrieved context handed to the slot filler: the mesh patches, the physics
// settled so far and, when a kb is configured, what the tutorials of this solver x model use
// for the quantity (cascading retriever, with its audit trail).
func (c *resolution) evidence(specField string) []Evidence {
	var out []Evidence
	if c.mesh != nil {
		var ps []string
		for _, p := range c.mesh.Patches {
			ps = append(ps, p.Name+" ("+p.Type+")")
		}
		out = append(out, Evidence{Source: "mesh:" + c.mesh.Kind, Text: "patches: " + strings.Join(ps, ", ")})
	}
	if c.feat.Solver != "" {
		out = append(out, Evidence{Source: "compiler:features", Text: c.feat.String()})
	}
	target := map[string]string{"/reference/intensity": "0/k", "/reference/U": "0/U", "/reference/p": "0/p", "/reference/T": "0/T"}[specField]
	if c.opts.KB != nil && target != "" && c.feat.Solver != "" {
		model := c.feat.Model
		if model == "" {
			model = "laminar"
		}
		res := c.opts.KB.Cascade(kb.Query{Solver: c.feat.Solver, Turbulence: model, Target: target, Path: "/internalField"})
		for i, s := range res.Samples {
			if i == 5 {
				break
			}
			b, _ := json.Marshal(s.Value)
			out = append(out, Evidence{Source: fmt.Sprintf("kb:cascade q%d %s/%s", s.Level, s.Case, s.File), Text: "internalField " + string(b)})
		}
	}
	return out
}
