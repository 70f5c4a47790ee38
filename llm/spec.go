package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/schema"
)

// PromptSpec asks for a case spec from a natural-language request.
type PromptSpec struct {
	Prompt string
	// MeshField is "blockMeshDict", "polyMesh" or "gmsh"; MeshRef the path the
	// spec refers to; MeshText what the model sees of the mesh (its boundary).
	// All empty when no mesh is given.
	MeshField, MeshRef, MeshText string
	// Schema is the spec JSON Schema (schema.SpecSchema()).
	Schema json.RawMessage
	// MaxAttempts bounds model calls (default 3).
	MaxAttempts int
}

// ErrNoAcceptableSpec is returned by SpecFromPrompt when no candidate passed the check
// within the attempts.
var ErrNoAcceptableSpec = errors.New("llm: no acceptable spec")

// SpecResult is the accepted spec and what it cost.
type SpecResult struct {
	JSON     json.RawMessage // the spec as the model wrote it, mesh forced to the given one
	Calls    []Call
	Usage    Usage
	Attempts int
}

// specSystem is the system prompt: what docs/spec.md lets a spec state, the boundary roles
// from the spec schema's enum (schema.BoundaryRoles; TestSpecSystemMatchesSchema keeps the
// field names in step).
func specSystem() string {
	return specSystemHead + strings.Join(schema.BoundaryRoles(), ", ") + specSystemTail
}

const specSystemHead = `You write case specifications (version 1) for foamc, an OpenFOAM v1912 case compiler.
Reply with one JSON object valid against the given JSON Schema. State the physics an engineer would state:
solver or flow regime, turbulence (laminar, a RAS or an LES model spelled as OpenFOAM spells it), fluid properties in SI units,
one boundaries entry per mesh patch with its role (`

const specSystemTail = `) and values,
and control (endTime, and deltaT or maxCo; a steady solver takes deltaT 1 and endTime counts iterations).
Beyond single-phase flow the spec states:
- free surface (interFoam): fluid.phases, two of {name, rho, nu} with the liquid first (alpha.<name> is solved), fluid.sigma,
  physics.gravity, initial.alpha and initial.regions [{box: {min, max}, alpha}] (a water column), alpha on every inlet,
  and the role atmosphere for a boundary open to the ambient air;
- shallow water (shallowWaterFoam, laminar): initial.h (> 0), initial.h0 (the bed), initial.regions with h and h0,
  h and hU (or U with h) on patches, physics.gravity;
- passive scalars: scalars [{name, diffusivity, initial, inlet}], a patch's scalars values, a region's scalars
  (scalarTransportFoam transports the scalar T in a frozen U);
- reacting flow (reactingFoam): reaction {mechanism: methaneOneStep, inertSpecie, initial mass fractions, combustion, chemistry}
  and species mass fractions on inlets, each set summing to 1;
- conjugate heat transfer (chtMultiRegionFoam, chtMultiRegionSimpleFoam): regions keyed by the mesh's cell zones,
  each {kind: fluid or solid, material, T, heatSource, boundaries}; a wall's T or heatFlux.
Leave out what the request does not determine; do not invent numerics.
When foamc rejects a spec it lists findings with a JSON path and a fix: correct exactly those.`

// SpecFromPrompt turns a request into a spec. check compiles a candidate (as
// JSON) deterministically; a finding.List it returns goes back to the model,
// any other error ends the attempt. The answer is constrained by the spec JSON
// Schema (response_format json_schema, or in the prompt as a fallback).
func (c *Client) SpecFromPrompt(ctx context.Context, ps PromptSpec, check func(spec []byte) error) (*SpecResult, error) {
	max := ps.MaxAttempts
	if max <= 0 {
		max = 3
	}
	user := "Request:\n" + ps.Prompt + "\n"
	if ps.MeshField != "" {
		user += fmt.Sprintf("\nThe mesh is given: set mesh.%s to %q. Its boundary (patch names and types):\n%s\n", ps.MeshField, ps.MeshRef, ps.MeshText)
	}
	msgs := []Message{{Role: "system", Content: specSystem()}, {Role: "user", Content: user}}
	format := &Schema{Name: "foamc_spec", Schema: ps.Schema}
	res := &SpecResult{}
	for attempt := 1; attempt <= max; attempt++ {
		res.Attempts = attempt
		out, call, err := c.CompleteJSON(ctx, msgs, format)
		res.Calls = append(res.Calls, call)
		res.Usage.Add(call.Usage)
		var problem string
		switch {
		case errors.Is(err, ErrMalformed):
			problem = "the reply was not valid JSON"
		case err != nil:
			return res, fmt.Errorf("llm: spec from prompt: %w", err)
		default:
			spec, ferr := forceMesh(out, ps)
			if ferr != nil {
				problem = ferr.Error()
				break
			}
			cerr := check(spec)
			if cerr == nil {
				res.JSON = spec
				return res, nil
			}
			var fl finding.List
			if !errors.As(cerr, &fl) {
				return res, cerr
			}
			problem = describe(fl)
		}
		reply := string(out)
		if reply == "" && err != nil {
			reply = err.Error()
		}
		msgs = append(msgs, Message{Role: "assistant", Content: reply},
			Message{Role: "user", Content: "foamc rejected this spec:\n" + problem + "\nReply with the corrected spec as one JSON object."})
		if attempt == max {
			return res, fmt.Errorf("%w in %d attempts; last problems:\n%s", ErrNoAcceptableSpec, max, problem)
		}
	}
	return res, nil
}

// forceMesh makes the user's mesh authoritative whatever the model wrote,
// keeping the order of the model's top-level keys.
func forceMesh(out json.RawMessage, ps PromptSpec) (json.RawMessage, error) {
	notObject := errors.New("the spec must be a JSON object")
	dec := json.NewDecoder(bytes.NewReader(out))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, notObject
	}
	var keys []string
	vals := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, notObject
		}
		k, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, notObject
		}
		if _, dup := vals[k]; !dup {
			keys = append(keys, k)
		}
		vals[k] = raw
	}
	if ps.MeshField != "" {
		var mesh map[string]any
		_ = json.Unmarshal(vals["mesh"], &mesh)
		nm := map[string]any{ps.MeshField: ps.MeshRef}
		if pt, ok := mesh["patchTypes"]; ok {
			nm["patchTypes"] = pt
		}
		b, err := json.Marshal(nm)
		if err != nil {
			return nil, err
		}
		if _, ok := vals["mesh"]; !ok {
			keys = append(keys, "mesh")
		}
		vals["mesh"] = b
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			buf.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(vals[k])
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

func describe(fl finding.List) string {
	var b strings.Builder
	for _, f := range fl {
		fmt.Fprintf(&b, "- [%s] %s", f.ID, f.Summary)
		if f.Location.Path != "" {
			fmt.Fprintf(&b, " (at %s)", f.Location.Path)
		}
		if f.Fix != "" {
			fmt.Fprintf(&b, "; fix: %s", f.Fix)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
