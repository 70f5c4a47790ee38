package rules

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/util"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/schema"
)

// Capabilities returns the pinned OPA capabilities the policies compile against: the
// builtins named in the committed capabilities.json (OPA's format), taken from this OPA
// build. Only the names are read at run time, which keeps start-up fast; TestCapabilities
// checks the file against the OPA build and the forbidden list.
func Capabilities() (*ast.Capabilities, error) {
	capsOnce.Do(func() {
		b, err := policyFS.ReadFile("capabilities.json")
		if err != nil {
			capsErr = fmt.Errorf("rules: read capabilities: %w", err)
			return
		}
		var pinned struct {
			Builtins []struct {
				Name string `json:"name"`
			} `json:"builtins"`
			Features []string `json:"features"`
		}
		if err := json.Unmarshal(b, &pinned); err != nil {
			capsErr = fmt.Errorf("rules: parse capabilities.json: %w", err)
			return
		}
		allowed := make(map[string]bool, len(pinned.Builtins))
		for _, x := range pinned.Builtins {
			allowed[x.Name] = true
		}
		c := ast.CapabilitiesForThisVersion()
		kept := c.Builtins[:0]
		for _, x := range c.Builtins {
			if allowed[x.Name] {
				kept = append(kept, x)
			}
		}
		c.Builtins = kept
		c.Features = pinned.Features
		c.AllowNet = []string{}
		caps = c
	})
	return caps, capsErr
}

var (
	capsOnce sync.Once
	caps     *ast.Capabilities
	capsErr  error
)

// CaseSchema returns the JSON Schema of the case document the rules are type-checked against.
func CaseSchema() ([]byte, error) {
	return schema.CaseDocumentSchema(), nil
}

// source is one policy file.
type source struct {
	name    string
	text    string
	builtin bool
}

// builtinSources lists the embedded policies; tests adds the <name>_test.rego files.
func builtinSources(tests bool) ([]source, error) {
	var out []source
	err := fs.WalkDir(policyFS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rego") {
			return err
		}
		if strings.HasSuffix(p, "_test.rego") && !tests {
			return nil
		}
		b, err := policyFS.ReadFile(p)
		if err != nil {
			return err
		}
		out = append(out, source{name: "rules/" + p, text: string(b), builtin: true})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("rules: read embedded policies: %w", err)
	}
	return out, nil
}

// dirSources reads user policies from a directory tree (tests excluded unless asked).
func dirSources(dir string, tests bool) ([]source, error) {
	var out []source
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rego") {
			return err
		}
		if strings.HasSuffix(p, "_test.rego") && !tests {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out = append(out, source{name: p, text: string(b)})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("rules: read policies in %s: %w", dir, err)
	}
	return out, nil
}

// checkOnlyStages are compiler stages that only report errors, or compute what only
// bundle builds read (required capabilities); the rest rewrite the policies or build
// what evaluation uses. The embedded policies pass them in
// TestEmbeddedPoliciesTypeCheck, so New skips them when no user policy is loaded: the type
// check against the case-document schema is most of their cost.
var checkOnlyStages = []ast.StageID{
	ast.StageCheckTypes, ast.StageCheckUnusedImports, ast.StageCheckDeprecatedBuiltins,
	ast.StageCheckKeywordOverrides, ast.StageCheckDuplicateImports, ast.StageCheckVoidCalls,
	ast.StageCheckRuleConflicts, ast.StageCheckUndefinedFuncs, ast.StageCheckSafetyRuleHeads,
	ast.StageCheckRecursion, ast.StageCheckUnsafeBuiltins, ast.StageBuildRequiredCapabilities,
}

// noopStages rewrite constructs the embedded policies do not use (print calls, template
// strings, rego.metadata calls, test tracing, METADATA blocks: annotations of the embedded
// rules come from metadata.json). TestSkippedStagesAreNoops compiles with and without them
// and finds the same policies.
var noopStages = []ast.StageID{
	ast.StageRewritePrintCalls, ast.StageRewriteTemplateStrings, ast.StageRewriteRegoMetadataCalls,
	ast.StageRewriteTestRulesForTracing, ast.StageParseMetadataBlocks, ast.StageSetAnnotationSet,
}

// parse parses srcs on all CPUs. METADATA of the embedded rules comes from metadata.json
// (builtinRules): parsing the YAML of 70 annotation blocks is a third of parsing them.
func parse(srcs []source) ([]*ast.Module, error) {
	caps, err := Capabilities()
	if err != nil {
		return nil, err
	}
	parsed := make([]*ast.Module, len(srcs))
	errs := make([]error, len(srcs))
	popts := ast.ParserOptions{RegoVersion: ast.RegoV1, Capabilities: caps}
	workers := runtime.GOMAXPROCS(0)
	concurrently(workers, func(w int) {
		for i := w; i < len(srcs); i += workers {
			o := popts
			o.ProcessAnnotation = !srcs[i].builtin
			parsed[i], errs[i] = ast.ParseModuleWithOpts(srcs[i].name, srcs[i].text, o)
		}
	})
	for i, s := range srcs {
		if errs[i] != nil {
			return nil, fmt.Errorf("rules: parse %s: %w", s.name, errs[i])
		}
	}
	return parsed, nil
}

// compileMode says which compiler stages run.
type compileMode int

const (
	// checked runs every stage, with the case-document schema (user policies).
	checked compileMode = iota
	// embedded skips checkOnlyStages and noopStages (embedded policies, verified by tests).
	embedded
	// precompiled runs only indexStages, on compiled.txtar.
	precompiled
)

// compile compiles modules (by file name) with the pinned capabilities.
func compile(modules map[string]*ast.Module, mode compileMode) (*ast.Compiler, error) {
	caps, err := Capabilities()
	if err != nil {
		return nil, err
	}
	c := ast.NewCompiler().
		WithCapabilities(caps).
		WithEnablePrintStatements(false)
	switch mode {
	case checked:
		schemaJSON, err := CaseSchema()
		if err != nil {
			return nil, fmt.Errorf("rules: read case schema: %w", err)
		}
		var schema any
		if err := util.UnmarshalJSON(schemaJSON, &schema); err != nil {
			return nil, fmt.Errorf("rules: parse case schema: %w", err)
		}
		ss := ast.NewSchemaSet()
		ss.Put(ast.SchemaRootRef, schema)
		c = c.WithSchemas(ss)
	case embedded:
		c = c.WithSkipStages(append(slices.Clone(checkOnlyStages), noopStages...)...)
	case precompiled:
		c = c.WithSkipStages(rewriteStages...)
	}
	c.Compile(modules)
	if c.Failed() {
		return nil, fmt.Errorf("rules: compile policies: %w", c.Errors)
	}
	return c, nil
}

// compileSources parses and compiles srcs as one policy set.
func compileSources(srcs []source, mode compileMode) (*ast.Compiler, map[string]*ast.Module, error) {
	parsed, err := parse(srcs)
	if err != nil {
		return nil, nil, err
	}
	modules := byName(srcs, parsed)
	c, err := compile(modules, mode)
	return c, modules, err
}

// byName maps each source's file name to its parsed module.
func byName(srcs []source, parsed []*ast.Module) map[string]*ast.Module {
	modules := make(map[string]*ast.Module, len(srcs))
	for i, s := range srcs {
		modules[s.name] = parsed[i]
	}
	return modules
}

// builtinRules is metadata.json, the METADATA of every embedded rule by file, as
// ruleFromModule reads it (TestBuiltinRuleMetadata checks it; -update regenerates it).
func builtinRules() (map[string]Rule, error) {
	b, err := policyFS.ReadFile("metadata.json")
	if err != nil {
		return nil, fmt.Errorf("rules: read metadata.json: %w", err)
	}
	var rs []Rule
	if err := json.Unmarshal(b, &rs); err != nil {
		return nil, fmt.Errorf("rules: parse metadata.json: %w", err)
	}
	out := make(map[string]Rule, len(rs))
	for _, r := range rs {
		out[r.File] = r
	}
	return out, nil
}

// ruleFromModule reads the package METADATA of a rule module; ok is false for modules
// outside data.foamc.rules.<category>.<name> (the library, helpers).
func ruleFromModule(file string, m *ast.Module, builtin bool) (Rule, bool, error) {
	path := m.Package.Path
	// data.foamc.rules.<cat>.<name>
	if len(path) != 5 || !path.HasPrefix(ast.MustParseRef("data.foamc.rules")) {
		return Rule{}, false, nil
	}
	r := Rule{File: file, Builtin: builtin, Package: strings.TrimPrefix(path.String(), "data.")}
	var ann *ast.Annotations
	for _, a := range m.Annotations {
		if a.Scope == "package" {
			ann = a
		}
	}
	if ann == nil {
		return r, true, fmt.Errorf("rules: %s: package %s has no METADATA", file, r.Package)
	}
	r.Title, r.Description = ann.Title, strings.TrimSpace(ann.Description)
	cu := ann.Custom
	r.ID, _ = cu["id"].(string)
	sev, _ := cu["severity"].(string)
	r.Severity = finding.Severity(sev)
	r.Fix, _ = cu["fix"].(string)
	r.Fix = strings.TrimSpace(r.Fix)
	switch p := cu["provenance"].(type) {
	case string:
		r.Provenance = []string{p}
	case []any:
		for _, x := range p {
			if s, ok := x.(string); ok {
				r.Provenance = append(r.Provenance, s)
			}
		}
	}
	if at, ok := cu["applies_to"].(map[string]any); ok {
		r.AppliesTo = map[string][]string{}
		for k, v := range at {
			if vs, ok := v.([]any); ok {
				for _, x := range vs {
					if s, ok := x.(string); ok {
						r.AppliesTo[k] = append(r.AppliesTo[k], s)
					}
				}
			}
		}
	}
	if r.ID == "" || r.Severity.Rank() == 0 {
		return r, true, fmt.Errorf("rules: %s: METADATA needs custom.id and custom.severity (deny|warn|info)", file)
	}
	return r, true, nil
}

func mustCaps() *ast.Capabilities {
	c, err := Capabilities()
	if err != nil {
		panic(err) // embedded file; compile() already loaded it successfully
	}
	return c
}
