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

//go:embed study.schema.json
var studySchemaJSON []byte

//go:embed case-document.json
var caseDocumentJSON []byte

// CaseDocumentSchema returns the JSON Schema of the case document foamcase builds
// (docs/case-document.md): the rules are type-checked against it at compile time and the
// loader's output is validated against it in tests.
func CaseDocumentSchema() []byte { return append([]byte(nil), caseDocumentJSON...) }

// SpecSchema returns the JSON Schema (draft-07) of the case spec, version 1.
func SpecSchema() []byte { return append([]byte(nil), specSchemaJSON...) }

// StudySchema returns the JSON Schema (draft-07) of a study file, version 1 (docs/study.md).
func StudySchema() []byte { return append([]byte(nil), studySchemaJSON...) }

// A Validator checks documents against one embedded JSON Schema and turns every violation
// into a located finding (file, line, column, JSON pointer; a did-you-mean for an unknown
// field).
type Validator struct {
	file             string // the schema's path in the repository, named in fixes
	root             string // the document's name in a finding about its root
	invalid, unknown string // finding IDs: a value the schema rejects, a field it does not know
	messages         []Message
	data             []byte

	once sync.Once
	s    *gojsonschema.Schema
	tree map[string]any
	err  error
}

// Message replaces the schema library's wording for one kind of error (its type, e.g.
// number_one_of) at the pointers Ptr matches; the branch errors of an explained
// oneOf/anyOf (missing fields, failed nots) are dropped as noise.
type Message struct {
	Ptr          *regexp.Regexp
	Type         string
	Summary, Fix string
}

var specValidator = &Validator{file: "schema/spec.schema.json", root: "(spec)", invalid: IDSchema, unknown: IDUnknown, data: specSchemaJSON,
	messages: []Message{
		{regexp.MustCompile(`^/mesh$`), "number_one_of", "give exactly one of blockMeshDict, polyMesh, gmsh or geometry", "keep one mesh source"},
		{regexp.MustCompile(`^/control$`), "number_any_of", "deltaT is required unless maxCo is given",
			"add control.deltaT (steady solvers: deltaT: 1, endTime then counts iterations) or control.maxCo"},
		{expectItem, "number_one_of", "give exactly one measurement: " + strings.Join(expectKinds, ", "),
			"keep one measurement per expect item (docs/spec.md, Expectations)"},
		{expectItem, "condition_then", "a line sample takes no value: it is compared with its reference data",
			"remove value; line.reference holds the expected values"},
		{regexp.MustCompile(`^/expect/[0-9]+/tolerance$`), "number_one_of", "give exactly one of relative or absolute",
			"keep one of tolerance.relative, tolerance.absolute"},
	}}

// NewStudyValidator checks study files against StudySchema; every finding has the given
// ID (the study package owns its IDs).
func NewStudyValidator(id string) *Validator {
	param := regexp.MustCompile(`^/vary/[0-9]+(/zip/[0-9]+)?$`)
	return &Validator{file: "schema/study.schema.json", root: "(study)", invalid: id, unknown: id, data: studySchemaJSON,
		messages: []Message{
			{param, "number_any_of", "give a path (the spec field) or a name (a label column), or both", "add path or name"},
			{param, "number_one_of", "give exactly one of values or range", "keep one of values, range"},
			{regexp.MustCompile(`^/vary/[0-9]+(/zip/[0-9]+)?/range$`), "number_one_of", "give exactly one of step or count", "keep one of step, count"},
			{regexp.MustCompile(`^/refine$`), "false", "belongs to kind: convergence (this study is a sweep)", "add kind: convergence or remove refine"},
			{regexp.MustCompile(`^/name$`), "pattern", "use letters, digits, '.', '_' and '-'", "rename the study"},
			{regexp.MustCompile(`/path$`), "pattern", "want a JSON pointer into the spec, e.g. /fluid/nu", "start the path with /"},
		}}
}

func (v *Validator) compiled() (*gojsonschema.Schema, map[string]any, error) {
	v.once.Do(func() {
		v.s, v.err = gojsonschema.NewSchema(gojsonschema.NewBytesLoader(v.data))
		if v.err == nil {
			v.err = json.Unmarshal(v.data, &v.tree)
		}
		if v.err != nil {
			v.err = fmt.Errorf("embedded schema %s: %w", v.file, v.err)
		}
	})
	return v.s, v.tree, v.err
}

// ValidateSpec checks the document against the spec schema. It returns nil or a
// finding.List sorted by position.
func (d *Document) ValidateSpec() error { return specValidator.Validate(d) }

// Validate checks the document against the validator's schema. It returns nil or a
// finding.List sorted by position.
func (v *Validator) Validate(d *Document) error {
	s, tree, err := v.compiled()
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
		if p := contextPointer(e.Context()); v.message(p, e.Type()) != nil {
			explained[p] = true
		}
	}
	seen := map[string]bool{}
	var out finding.List
	for _, e := range res.Errors() {
		p := contextPointer(e.Context())
		m := v.message(p, e.Type())
		if explained[p] && m == nil && (e.Type() == "required" || e.Type() == "number_not") {
			continue
		}
		// A failed if/then/else branch is reported by the branch's own error.
		if m == nil && (e.Type() == "condition_else" || e.Type() == "condition_then") {
			continue
		}
		// The branches of a oneOf/anyOf repeat an error: one finding per pointer, error
		// type and details (fmt prints the map sorted), not per message text.
		key := fmt.Sprint(p, "\x00", e.Type(), "\x00", e.Details())
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, v.finding(d, tree, e, m))
	}
	finding.Sort(out)
	return out
}

func (v *Validator) message(ptr, typ string) *Message {
	for i, m := range v.messages {
		if m.Type == typ && m.Ptr.MatchString(ptr) {
			return &v.messages[i]
		}
	}
	return nil
}

func contextPointer(c *gojsonschema.JsonContext) string {
	parts := strings.Split(c.String("\x1f"), "\x1f")
	if len(parts) > 0 && parts[0] == gojsonschema.STRING_CONTEXT_ROOT {
		parts = parts[1:]
	}
	return finding.Pointer(parts...)
}

func (v *Validator) finding(d *Document, tree map[string]any, e gojsonschema.ResultError, m *Message) finding.Finding {
	ptr := contextPointer(e.Context())
	field := strings.TrimPrefix(ptr, "/")
	if field == "" {
		field = v.root
	}
	switch e.Type() {
	case "additional_property_not_allowed":
		prop, _ := e.Details()["property"].(string)
		child := ptr + finding.Pointer(prop)
		known := knownFields(tree, ptr)
		fix := fmt.Sprintf("remove %q (known fields here: %s)", prop, strings.Join(known, ", "))
		summary := fmt.Sprintf("unknown field %q", prop)
		var repair *finding.Repair
		if best := suggest.Closest(prop, known); best != "" {
			summary += fmt.Sprintf(" (did you mean %q?)", best)
			fix = fmt.Sprintf("rename %q to %q", prop, best)
			repair = &finding.Repair{Suggest: &finding.Suggestion{Word: best, Candidates: []string{best}}}
		}
		loc := d.LocateKey(child)
		return finding.Finding{ID: v.unknown, Severity: finding.Deny, Summary: summary, Fix: fix, Location: loc, Excerpt: d.Excerpt(loc), Repair: repair}
	case "required":
		prop, _ := e.Details()["property"].(string)
		loc := d.LocateKey(ptr)
		return finding.Finding{ID: v.invalid, Severity: finding.Deny,
			Summary: fmt.Sprintf("%s: missing required field %q", field, prop),
			Fix:     fmt.Sprintf("add %q under %s", prop, field), Location: loc, Excerpt: d.Excerpt(loc)}
	}
	summary := fmt.Sprintf("%s: %s", field, e.Description())
	fix := fmt.Sprintf("change the value so that it matches the schema (%s)", v.file)
	if m != nil {
		summary, fix = field+": "+m.Summary, m.Fix
	}
	loc := d.Locate(ptr)
	return finding.Finding{ID: v.invalid, Severity: finding.Deny, Summary: summary, Fix: fix, Location: loc, Excerpt: d.Excerpt(loc)}
}

// expectItem matches the pointer of one expect: item.
var expectItem = regexp.MustCompile(`^/expect/[0-9]+$`)

var expectKinds = []string{"forceCoeff", "pressureDrop", "flowRate", "patchAverage", "wallShearStress", "nusselt", "point", "line"}

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
		// if/then/else picks one of two shapes (a study's vary item: a zip or a parameter).
		for _, k := range []string{"then", "else"} {
			if m, ok := n[k].(map[string]any); ok {
				walk(m, depth+1)
			}
		}
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
	_, tree, err := specValidator.compiled()
	if err != nil {
		return nil
	}
	return knownFields(tree, ptr)
}
