package schema

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/xeipuuv/gojsonschema"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/suggest"
)

// Finding IDs of spec problems.
const (
	IDSyntax    = "FOAM-SPEC-001" // not YAML/JSON, unreadable, empty
	IDSchema    = "FOAM-SPEC-002" // a value the schema rejects (type, range, enum, missing field)
	IDUnknown   = "FOAM-SPEC-003" // a field the schema does not know
	IDDuplicate = "FOAM-SPEC-004" // a key given twice
)

//go:embed spec.schema.json
var specSchemaJSON []byte

//go:embed case-document.json
var caseDocumentJSON []byte

// CaseDocumentSchema returns the JSON Schema of the case document foamcase builds
// (docs/case-document.md): the rules are type-checked against it at compile time and the
// loader's output is validated against it in tests.
func CaseDocumentSchema() []byte { return append([]byte(nil), caseDocumentJSON...) }

// SpecSchema returns the JSON Schema (draft-07) of the case spec, version 1.
func SpecSchema() []byte { return append([]byte(nil), specSchemaJSON...) }

var (
	specOnce   sync.Once
	specSchema *gojsonschema.Schema
	specTree   map[string]any
	specErr    error
)

func compiled() (*gojsonschema.Schema, map[string]any, error) {
	specOnce.Do(func() {
		specSchema, specErr = gojsonschema.NewSchema(gojsonschema.NewBytesLoader(specSchemaJSON))
		if specErr == nil {
			specErr = json.Unmarshal(specSchemaJSON, &specTree)
		}
		if specErr != nil {
			specErr = fmt.Errorf("embedded spec schema: %w", specErr)
		}
	})
	return specSchema, specTree, specErr
}

// ValidateSpec checks the document against the spec schema. It returns nil or a
// finding.List sorted by position.
func (d *Document) ValidateSpec() error {
	s, tree, err := compiled()
	if err != nil {
		return err
	}
	res, err := s.Validate(gojsonschema.NewGoLoader(d.Value))
	if err != nil {
		return fmt.Errorf("validating %s: %w", d.File, err)
	}
	if res.Valid() {
		return nil
	}
	// oneOf/anyOf failures we explain ourselves make their branch errors noise.
	explained := map[string]bool{}
	for _, e := range res.Errors() {
		if p := contextPointer(e.Context()); customMessage(p, e.Type()) {
			explained[p] = true
		}
	}
	seen := map[string]bool{}
	var out finding.List
	for _, e := range res.Errors() {
		if p := contextPointer(e.Context()); explained[p] && !customMessage(p, e.Type()) &&
			(e.Type() == "required" || e.Type() == "number_not") {
			continue
		}
		// A failed if/then/else branch is reported by the branch's own error.
		if e.Type() == "condition_else" {
			continue
		}
		// The branches of a oneOf/anyOf repeat an error: one finding per pointer, error
		// type and details (fmt prints the map sorted), not per message text.
		key := fmt.Sprint(contextPointer(e.Context()), "\x00", e.Type(), "\x00", e.Details())
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, d.schemaFinding(tree, e))
	}
	finding.Sort(out)
	return out
}

func contextPointer(c *gojsonschema.JsonContext) string {
	parts := strings.Split(c.String("\x1f"), "\x1f")
	if len(parts) > 0 && parts[0] == gojsonschema.STRING_CONTEXT_ROOT {
		parts = parts[1:]
	}
	return finding.Pointer(parts...)
}

func (d *Document) schemaFinding(tree map[string]any, e gojsonschema.ResultError) finding.Finding {
	ptr := contextPointer(e.Context())
	field := strings.TrimPrefix(ptr, "/")
	if field == "" {
		field = "(spec)"
	}
	switch e.Type() {
	case "additional_property_not_allowed":
		prop, _ := e.Details()["property"].(string)
		child := ptr + finding.Pointer(prop)
		known := knownFields(tree, ptr)
		fix := fmt.Sprintf("remove %q (known fields here: %s)", prop, strings.Join(known, ", "))
		summary := fmt.Sprintf("unknown field %q", prop)
		if best := suggest.Closest(prop, known); best != "" {
			summary += fmt.Sprintf(" (did you mean %q?)", best)
			fix = fmt.Sprintf("rename %q to %q", prop, best)
		}
		loc := d.LocateKey(child)
		return finding.Finding{ID: IDUnknown, Severity: finding.Deny, Summary: summary, Fix: fix, Location: loc, Excerpt: d.Excerpt(loc)}
	case "required":
		prop, _ := e.Details()["property"].(string)
		loc := d.LocateKey(ptr)
		return finding.Finding{ID: IDSchema, Severity: finding.Deny,
			Summary: fmt.Sprintf("%s: missing required field %q", field, prop),
			Fix:     fmt.Sprintf("add %q under %s", prop, field), Location: loc, Excerpt: d.Excerpt(loc)}
	}
	summary := fmt.Sprintf("%s: %s", field, e.Description())
	fix := "change the value so that it matches the schema (schema/spec.schema.json)"
	switch {
	case ptr == "/mesh" && e.Type() == "number_one_of":
		summary = "mesh: give exactly one of blockMeshDict, polyMesh or gmsh"
		fix = "keep one mesh source"
	case ptr == "/control" && e.Type() == "number_any_of":
		summary = "control: deltaT is required unless maxCo is given"
		fix = "add control.deltaT (steady solvers: deltaT: 1, endTime then counts iterations) or control.maxCo"
	case expectItem.MatchString(ptr) && e.Type() == "number_one_of":
		summary = field + ": give exactly one measurement: " + strings.Join(expectKinds, ", ")
		fix = "keep one measurement per expect item (docs/spec.md, Expectations)"
	case expectItem.MatchString(ptr) && e.Type() == "condition_then":
		summary = field + ": a line sample takes no value: it is compared with its reference data"
		fix = "remove value; line.reference holds the expected values"
	case strings.HasSuffix(ptr, "/tolerance") && expectItem.MatchString(strings.TrimSuffix(ptr, "/tolerance")) && e.Type() == "number_one_of":
		summary = field + ": give exactly one of relative or absolute"
		fix = "keep one of tolerance.relative, tolerance.absolute"
	}
	loc := d.Locate(ptr)
	return finding.Finding{ID: IDSchema, Severity: finding.Deny, Summary: summary, Fix: fix, Location: loc, Excerpt: d.Excerpt(loc)}
}

// expectItem matches the pointer of one expect: item.
var expectItem = regexp.MustCompile(`^/expect/[0-9]+$`)

var expectKinds = []string{"forceCoeff", "pressureDrop", "flowRate", "patchAverage", "wallShearStress", "nusselt", "point", "line"}

func customMessage(ptr, typ string) bool {
	return (ptr == "/mesh" && typ == "number_one_of") || (ptr == "/control" && typ == "number_any_of") ||
		typ == "number_one_of" && (expectItem.MatchString(ptr) || expectItem.MatchString(strings.TrimSuffix(ptr, "/tolerance"))) ||
		typ == "condition_then" && expectItem.MatchString(ptr)
}

// knownFields lists the property names the schema allows at ptr (all alternatives of
// oneOf/anyOf/allOf merged), for "did you mean" suggestions.
func knownFields(root map[string]any, ptr string) []string {
	nodes := []map[string]any{root}
	if ptr != "" {
		for _, tok := range strings.Split(ptr[1:], "/") {
			tok = finding.UnescapeToken(tok)
			var next []map[string]any
			for _, n := range expand(root, nodes) {
				if props, ok := n["properties"].(map[string]any); ok {
					if c, ok := props[tok].(map[string]any); ok {
						next = append(next, c)
						continue
					}
				}
				if c, ok := n["additionalProperties"].(map[string]any); ok {
					next = append(next, c)
				}
				if c, ok := n["items"].(map[string]any); ok {
					next = append(next, c)
				}
			}
			nodes = next
		}
	}
	set := map[string]bool{}
	for _, n := range expand(root, nodes) {
		if props, ok := n["properties"].(map[string]any); ok {
			for k := range props {
				set[k] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// expand resolves $ref and flattens oneOf/anyOf/allOf alternatives.
func expand(root map[string]any, nodes []map[string]any) []map[string]any {
	var out []map[string]any
	var walk func(n map[string]any, depth int)
	walk = func(n map[string]any, depth int) {
		if depth > 16 {
			return
		}
		if ref, ok := n["$ref"].(string); ok && strings.HasPrefix(ref, "#/definitions/") {
			defs, _ := root["definitions"].(map[string]any)
			if t, ok := defs[strings.TrimPrefix(ref, "#/definitions/")].(map[string]any); ok {
				walk(t, depth+1)
			}
			return
		}
		out = append(out, n)
		for _, k := range []string{"oneOf", "anyOf", "allOf"} {
			alts, _ := n[k].([]any)
			for _, a := range alts {
				if m, ok := a.(map[string]any); ok {
					walk(m, depth+1)
				}
			}
		}
	}
	for _, n := range nodes {
		walk(n, 0)
	}
	return out
}

// Known reports the allowed field names at a spec JSON pointer (used by the compiler to
// name the spec field that settles an open slot).
func Known(ptr string) []string {
	_, tree, err := compiled()
	if err != nil {
		return nil
	}
	return knownFields(tree, ptr)
}
