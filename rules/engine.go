// Package rules is foamc's policy library: Rego rules (one per package, embedded) and the Go
// engine that compiles them once, evaluates them all with one prepared query against a case
// document and data.kb, and turns what they return into located findings.
package rules

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/schema"
	"github.com/foamc/foamc/suggest"
	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/util"
)

//go:embed lib/*.rego */*/*.rego capabilities.json metadata.json
var policyFS embed.FS

// query collects every rule's findings in one evaluation; cat and name bind the package.
const query = "f := data.foamc.rules[cat][name].findings[_]"

// Rule is a policy's package METADATA.
type Rule struct {
	ID          string              `json:"id"`
	Severity    finding.Severity    `json:"severity"`
	Title       string              `json:"title"`
	Description string              `json:"description,omitempty"`
	Fix         string              `json:"fix"`
	Provenance  []string            `json:"provenance"`
	AppliesTo   map[string][]string `json:"applies_to,omitempty"`
	Package     string              `json:"package"`
	File        string              `json:"file"`
	Builtin     bool                `json:"builtin"`
}

// Options configure an Engine.
type Options struct {
	// KB is data.kb (docs/kb-data.md).
	KB map[string]any
	// LoadKB, when KB is nil, produces data.kb; New calls it concurrently with compiling
	// the policies, so decoding a kb snapshot and compiling overlap.
	LoadKB func() (map[string]any, error)
	// KBJSON, when KB and LoadKB are nil, produces data.kb as JSON text (numbers kept
	// exact), decoded straight into the engine's values: the fastest start.
	KBJSON func() ([]byte, error)
	// PolicyDirs hold user rules (same layout and METADATA as the built-in ones).
	PolicyDirs []string
	// AllowCode lets #codeStream, #calc, coded* and systemCall through (SEC-001..003).
	AllowCode bool
	// Shards is the number of independent compilers the embedded rules are split into,
	// each evaluated on its own goroutine (0: one per CPU, at most maxShards). Loading
	// user policies (PolicyDirs) makes one.
	Shards int
	// Disabled rule IDs are dropped from the results.
	Disabled []string
	// Preload names case directories New starts loading (with PreloadOptions) while the
	// policies compile; the first LintDir of each uses that load when its options equal
	// PreloadOptions (else it loads again). A one-case `foamc lint` then pays the case
	// loading inside the compile time.
	Preload        []string
	PreloadOptions foamcase.Options

	// fromSource compiles the embedded policies from their source even when
	// compiled.txtar matches them (tests compare the two).
	fromSource bool
}

// Locator resolves an RFC 6901 pointer into the case document to a file position;
// foamcase.Case implements it.
type Locator interface {
	Locate(pointer string) finding.Location
}

// Engine holds the compiled policies and the prepared query. It is safe for concurrent use.
type Engine struct {
	rules    []Rule
	byPkg    map[string]*Rule // "cat.name" -> rule
	shards   []*shard         // one query per group of rules (shardSources)
	disabled map[string]bool

	preloadMu   sync.Mutex
	preloaded   map[string]chan preload // taken by the first LintDir of the directory
	preloadOpts foamcase.Options
}

type preload struct {
	c   *foamcase.Case
	err error
}

// takePreload returns the case New loaded for dir with opts, once.
func (e *Engine) takePreload(dir string, opts foamcase.Options) (*foamcase.Case, error, bool) {
	e.preloadMu.Lock()
	ch, ok := e.preloaded[dir]
	delete(e.preloaded, dir)
	e.preloadMu.Unlock()
	// Options holding a function (Env) never compare equal: such a lint loads again.
	if !ok || !reflect.DeepEqual(opts, e.preloadOpts) {
		return nil, nil, false
	}
	p := <-ch
	return p.c, p.err, true
}

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

// concurrently runs f(0), ..., f(n-1) on their own goroutines and waits for them all.
func concurrently(n int, f func(i int)) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i)
		}()
	}
	wg.Wait()
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

// New compiles the built-in policies and those in opts.PolicyDirs and prepares the query.
func New(ctx context.Context, opts Options) (*Engine, error) {
	type loaded struct {
		data ast.Object // data.kb and data.config as AST values
		err  error
	}
	// data is loaded and converted to AST values while the policies compile: read from Go
	// maps, every access to data.kb would convert (and hash) the subtree again in each
	// evaluation, a third of evaluating a case.
	kbc := make(chan loaded, 1)
	go func() {
		v, err := kbValue(opts)
		if err != nil {
			kbc <- loaded{err: err}
			return
		}
		kbc <- loaded{data: ast.NewObject(
			ast.Item(ast.StringTerm("kb"), ast.NewTerm(v)),
			ast.Item(ast.StringTerm("config"), ast.ObjectTerm(ast.Item(ast.StringTerm("allow_code"), ast.BooleanTerm(opts.AllowCode)))),
		)}
	}()
	preloaded := map[string]chan preload{}
	for _, dir := range opts.Preload {
		if _, dup := preloaded[dir]; dup {
			continue
		}
		ch := make(chan preload, 1)
		preloaded[dir] = ch
		go func() {
			c, err := foamcase.Load(dir, opts.PreloadOptions)
			ch <- preload{c, err}
		}()
	}
	srcs, err := builtinSources(false)
	if err != nil {
		return nil, err
	}
	for _, d := range opts.PolicyDirs {
		more, err := dirSources(d, false)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, more...)
	}
	compilers, modules, err := compileShards(srcs, opts)
	if err != nil {
		return nil, err
	}
	e := &Engine{byPkg: map[string]*Rule{}, disabled: map[string]bool{}, preloaded: preloaded, preloadOpts: opts.PreloadOptions}
	builtin := map[string]bool{}
	for _, s := range srcs {
		builtin[s.name] = s.builtin
	}
	names := make([]string, 0, len(modules))
	for n := range modules {
		names = append(names, n)
	}
	sort.Strings(names)
	meta, err := builtinRules()
	if err != nil {
		return nil, err
	}
	ids := map[string]string{}
	for _, n := range names {
		var r Rule
		ok := true
		if builtin[n] {
			r, ok = meta[n]
		} else if r, ok, err = ruleFromModule(n, modules[n], false); err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if prev, dup := ids[r.ID]; dup {
			return nil, fmt.Errorf("rules: rule id %s is declared by both %s and %s", r.ID, prev, n)
		}
		ids[r.ID] = n
		e.rules = append(e.rules, r)
	}
	sort.Slice(e.rules, func(i, j int) bool { return e.rules[i].ID < e.rules[j].ID })
	for i := range e.rules {
		e.byPkg[strings.TrimPrefix(e.rules[i].Package, "foamc.rules.")] = &e.rules[i]
	}
	for _, id := range opts.Disabled {
		e.disabled[id] = true
	}
	l := <-kbc
	if l.err != nil {
		return nil, l.err
	}
	store := inmem.NewFromASTObject(l.data)
	for _, c := range compilers {
		sh := &shard{compiler: c, store: store}
		if sh.all, err = sh.prepare(ctx, query); err != nil {
			return nil, err
		}
		e.shards = append(e.shards, sh)
	}
	return e, nil
}

// shard is one compiler's rules with the query that evaluates them all at once, and the
// queries of single rules, prepared the first time the whole query fails on a case.
type shard struct {
	compiler *ast.Compiler
	store    storage.Store
	all      rego.PreparedEvalQuery

	mu     sync.Mutex
	single map[string]rego.PreparedEvalQuery // "cat.name" -> that rule's findings
}

func (s *shard) prepare(ctx context.Context, q string) (rego.PreparedEvalQuery, error) {
	pq, err := rego.New(
		rego.Query(q),
		rego.Compiler(s.compiler),
		rego.Store(s.store),
		rego.Capabilities(mustCaps()),
		rego.StrictBuiltinErrors(true),
	).PrepareForEval(ctx)
	if err != nil {
		return pq, fmt.Errorf("rules: prepare query: %w", err)
	}
	return pq, nil
}

// rulePackages lists the "cat.name" of every rule package the shard compiles, sorted.
func (s *shard) rulePackages() []string {
	seen := map[string]bool{}
	for _, m := range s.compiler.Modules {
		p := strings.TrimPrefix(m.Package.Path.String(), "data.")
		if rest, ok := strings.CutPrefix(p, "foamc.rules."); ok && strings.Count(rest, ".") == 1 && !strings.HasSuffix(rest, "_test") {
			seen[rest] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// ruleQuery is the prepared query of one rule's findings, with cat and name bound as in
// the query of all rules.
func (s *shard) ruleQuery(ctx context.Context, pkg string) (rego.PreparedEvalQuery, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if pq, ok := s.single[pkg]; ok {
		return pq, nil
	}
	cat, name, _ := strings.Cut(pkg, ".")
	pq, err := s.prepare(ctx, fmt.Sprintf("cat := %q; name := %q; f := data.foamc.rules[cat][name].findings[_]", cat, name))
	if err != nil {
		return pq, err
	}
	if s.single == nil {
		s.single = map[string]rego.PreparedEvalQuery{}
	}
	s.single[pkg] = pq
	return pq, nil
}

// ruleError is a rule that could not be evaluated on a case.
type ruleError struct {
	pkg string // "cat.name"
	err error
}

// eval runs the shard's query on input. When it fails (a builtin error: a value of the
// wrong type reached an operator), every rule of the shard is evaluated on its own, so
// one rule's failure costs only that rule's findings: they come back as ruleErrors.
func (s *shard) eval(ctx context.Context, input ast.Value) (rego.ResultSet, []ruleError, error) {
	rs, err := s.all.Eval(ctx, rego.EvalParsedInput(input))
	if err == nil {
		return rs, nil, nil
	}
	if ctx.Err() != nil {
		return nil, nil, fmt.Errorf("rules: evaluate: %w", err)
	}
	rs = nil
	var failed []ruleError
	for _, pkg := range s.rulePackages() {
		pq, err := s.ruleQuery(ctx, pkg)
		if err != nil {
			return nil, nil, err
		}
		r, err := pq.Eval(ctx, rego.EvalParsedInput(input))
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, fmt.Errorf("rules: evaluate: %w", err)
			}
			failed = append(failed, ruleError{pkg, err})
			continue
		}
		rs = append(rs, r...)
	}
	return rs, failed, nil
}

// kbValue is data.kb from the first of opts.KB, opts.LoadKB and opts.KBJSON that is set
// (empty without any).
func kbValue(opts Options) (ast.Value, error) {
	kb := opts.KB
	switch {
	case kb == nil && opts.LoadKB != nil:
		var err error
		if kb, err = opts.LoadKB(); err != nil {
			return nil, fmt.Errorf("rules: load kb: %w", err)
		}
	case kb == nil && opts.KBJSON != nil:
		b, err := opts.KBJSON()
		if err != nil {
			return nil, fmt.Errorf("rules: load kb: %w", err)
		}
		v, err := jsonValue(b)
		if err != nil {
			return nil, fmt.Errorf("rules: load kb: %w", err)
		}
		return v, nil
	case kb == nil:
		kb = map[string]any{}
	}
	v, err := ast.InterfaceToValue(kb)
	if err != nil {
		return nil, fmt.Errorf("rules: kb to AST: %w", err)
	}
	return v, nil
}

// compileShards compiles srcs: user policies with every check in one compiler, the
// embedded ones from compiled.txtar when it matches them (else from source) in
// shardCount(opts.Shards) compilers. modules are the parsed sources by file name.
func compileShards(srcs []source, opts Options) ([]*ast.Compiler, map[string]*ast.Module, error) {
	mode := embedded
	if len(opts.PolicyDirs) > 0 {
		mode = checked
	} else if !opts.fromSource {
		if pre, ok := precompiledSources(srcs); ok {
			srcs, mode = pre, precompiled
		}
	}
	parsed, err := parse(srcs)
	if err != nil {
		return nil, nil, err
	}
	// User policies may refer to each other across categories: one compiler for all.
	n := shardCount(opts.Shards)
	if mode == checked {
		n = 1
	}
	groups := shardSources(srcs, n)
	// A module in several groups (the library) is shared: Compile works on copies.
	shardModules := make([]map[string]*ast.Module, len(groups))
	for g, idx := range groups {
		shardModules[g] = make(map[string]*ast.Module, len(idx))
		for _, i := range idx {
			shardModules[g][srcs[i].name] = parsed[i]
		}
	}
	compilers := make([]*ast.Compiler, len(groups))
	errs := make([]error, len(groups))
	concurrently(len(groups), func(g int) {
		compilers[g], errs[g] = compile(shardModules[g], mode)
	})
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	return compilers, byName(srcs, parsed), nil
}

// maxShards bounds the shards: each holds its own copy of the library, compiled and
// evaluated again, which outweighs the parallelism past a few CPUs.
const maxShards = 4

func shardCount(n int) int {
	if n > 0 {
		return n
	}
	return min(runtime.GOMAXPROCS(0), maxShards)
}

// shardSources splits the embedded sources into n groups (indexes into srcs) compiled and
// evaluated independently, on their own CPUs: every group holds the library (sources
// outside rules/<category>/), and the rule categories are dealt out largest first to the
// smallest group by source size, which is what compiling costs. A category stays whole so
// that the helpers its rules share (lib.bc for the bc rules) are evaluated once per case.
func shardSources(srcs []source, n int) [][]int {
	var shared []int
	cats := map[string][]int{}
	size := map[string]int{}
	for i, s := range srcs {
		parts := strings.Split(s.name, "/") // rules/<category>/<name>/<name>.rego
		if len(parts) != 4 || parts[1] == "lib" {
			shared = append(shared, i)
			continue
		}
		cats[parts[1]] = append(cats[parts[1]], i)
		size[parts[1]] += len(s.text)
	}
	order := slices.Sorted(maps.Keys(cats))
	sort.SliceStable(order, func(i, j int) bool { return size[order[i]] > size[order[j]] })
	n = max(1, min(n, len(order)))
	groups := make([][]int, n)
	load := make([]int, n)
	for g := range groups {
		groups[g] = slices.Clone(shared)
	}
	for _, cat := range order {
		g := slices.Index(load, slices.Min(load))
		groups[g] = append(groups[g], cats[cat]...)
		load[g] += size[cat]
	}
	return groups
}

func mustCaps() *ast.Capabilities {
	c, err := Capabilities()
	if err != nil {
		panic(err) // embedded file; compile() already loaded it successfully
	}
	return c
}

// Rules lists the loaded rules sorted by ID.
func (e *Engine) Rules() []Rule { return append([]Rule(nil), e.rules...) }

// Rule returns the rule with the given ID.
// Rule finds a rule, or a Go-side finding ID (GoRules), by ID.
func (e *Engine) Rule(id string) (Rule, bool) {
	for _, r := range e.rules {
		if r.ID == id {
			return r, true
		}
	}
	for _, r := range GoRules() {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// raw is what a rule returns for one violation, built by lib.finding / lib.finding_with.
type raw struct {
	Path     string              `json:"path"`
	Msg      string              `json:"msg"`
	Detail   string              `json:"detail"`
	Fix      string              `json:"fix"`
	Severity string              `json:"severity"`
	Related  []related           `json:"related"`
	Location *finding.Location   `json:"location"`
	Suggest  *finding.Suggestion `json:"suggest"`
	Edits    []finding.Edit      `json:"edits"`
}

// Evaluate runs every rule against one case document and returns located findings, sorted.
// An error means the case could not be evaluated (the gate fails closed on it).
func (e *Engine) Evaluate(ctx context.Context, doc map[string]any, loc Locator) ([]finding.Finding, error) {
	rs, failed, err := e.eval(ctx, doc)
	if err != nil {
		return nil, err
	}
	features, _ := doc["features"].(map[string]any)
	var out []finding.Finding
	for _, fe := range failed {
		rule := e.byPkg[fe.pkg]
		if rule == nil {
			return nil, fmt.Errorf("rules: package foamc.rules.%s: %w", fe.pkg, fe.err)
		}
		if e.disabled[rule.ID] || !applies(rule, features) {
			continue
		}
		out = append(out, evalFailure(rule, fe.err))
	}
	seen := map[string]bool{}
	for _, r := range rs {
		cat, _ := r.Bindings["cat"].(string)
		name, _ := r.Bindings["name"].(string)
		rule := e.byPkg[cat+"."+name]
		if rule == nil {
			return nil, fmt.Errorf("rules: package foamc.rules.%s.%s returns findings but has no METADATA", cat, name)
		}
		if e.disabled[rule.ID] || !applies(rule, features) {
			continue
		}
		var v raw
		if err := convert(r.Bindings["f"], &v); err != nil {
			return nil, fmt.Errorf("rules: %s: finding shape: %w", rule.ID, err)
		}
		f := finding.Finding{
			ID:         rule.ID,
			Severity:   rule.Severity,
			Summary:    v.Msg,
			Detail:     v.Detail,
			Fix:        rule.Fix,
			Provenance: rule.Provenance,
		}
		if v.Severity != "" {
			f.Severity = finding.Severity(v.Severity)
		}
		if v.Fix != "" {
			f.Fix = v.Fix
		}
		if v.Suggest != nil {
			if s := suggest.DidYouMean(v.Suggest.Word, v.Suggest.Candidates); len(s) > 0 {
				// the near matches, not the rule's whole vocabulary: what an editor offers.
				f.Repair = &finding.Repair{Suggest: &finding.Suggestion{Word: v.Suggest.Word, Candidates: s}}
				f.Fix = fmt.Sprintf("did you mean %s? %s", quoteList(s), f.Fix)
			}
		}
		if len(v.Edits) > 0 {
			if err := checkEdits(v.Edits); err != nil {
				return nil, fmt.Errorf("rules: %s: %w", rule.ID, err)
			}
			if f.Repair == nil {
				f.Repair = &finding.Repair{}
			}
			f.Repair.Edits = v.Edits
		}
		f.Location = locate(loc, v.Path)
		if v.Location != nil && v.Location.File != "" {
			// directives and includes carry their own position (they are not values).
			f.Location.File, f.Location.Line, f.Location.Column = v.Location.File, v.Location.Line, v.Location.Column
			f.Location.EndLine, f.Location.EndColumn = v.Location.EndLine, v.Location.EndColumn
		}
		var relPaths []string
		for _, r := range v.Related {
			f.Related = append(f.Related, finding.Related{Location: locate(loc, r.Path), Message: r.Message})
			relPaths = append(relPaths, r.Path)
		}
		// Identity is the rule and the places (the pointer and the related pointers, which
		// tell apart two missing files reported at /files), never the wording: two bodies
		// of one rule that flag the same entry report it once.
		key := f.ID + "\x00" + v.Path + "\x00" + strings.Join(relPaths, "\x00")
		if v.Location != nil {
			key += "\x00" + f.Location.String()
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, f)
	}
	finding.Sort(out)
	return out, nil
}

// evalFailure is the finding for a rule that could not be evaluated on the case: a deny,
// so that the gate fails closed. Which value of the case tripped it is not known, so it is
// located at the case itself; the detail has the evaluator's message and the rule source.
func evalFailure(rule *Rule, err error) finding.Finding {
	return finding.Finding{
		ID:       rule.ID,
		Severity: finding.Deny,
		Summary:  fmt.Sprintf("could not evaluate %s (%s) on this case", rule.ID, rule.Title),
		Detail:   fmt.Sprintf("%s: %v", rule.File, err),
		Fix: "A value in the case has a shape the rule does not expect; the other rules still ran. " +
			"Check the values the rule reads, and report the case to foamc if they are valid OpenFOAM.",
		Provenance: rule.Provenance,
	}
}

// eval runs the query of every shard concurrently on the document, converted once;
// failed lists the rules that could not be evaluated (see shard.eval).
func (e *Engine) eval(ctx context.Context, doc map[string]any) (all rego.ResultSet, failed []ruleError, err error) {
	input, err := ast.InterfaceToValue(doc)
	if err != nil {
		return nil, nil, fmt.Errorf("rules: convert case document: %w", err)
	}
	results := make([]rego.ResultSet, len(e.shards))
	fails := make([][]ruleError, len(e.shards))
	errs := make([]error, len(e.shards))
	concurrently(len(e.shards), func(i int) {
		results[i], fails[i], errs[i] = e.shards[i].eval(ctx, input)
	})
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	for i := range e.shards {
		all = append(all, results[i]...)
		failed = append(failed, fails[i]...)
	}
	return all, failed, nil
}

// related is a related location as a rule gives it: a bare pointer, or
// lib.related's {"path", "message"}.
type related struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

func (r *related) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &r.Path)
	}
	type plain related
	return json.Unmarshal(b, (*plain)(r))
}

// checkEdits rejects an edit a rule built by hand wrongly (lib.fix_* build them right).
func checkEdits(es []finding.Edit) error {
	for _, e := range es {
		switch {
		case e.File == "":
			return fmt.Errorf("edit %+v: no file", e)
		case e.Op == finding.EditCreateFile:
			if e.Pointer != "" {
				return fmt.Errorf("edit %+v: create-file takes no pointer", e)
			}
		case e.Op == finding.EditAdd || e.Op == finding.EditSet || e.Op == finding.EditRemove:
			if !strings.HasPrefix(e.Pointer, "/") {
				return fmt.Errorf("edit %+v: pointer must start with /", e)
			}
		default:
			return fmt.Errorf("edit %+v: unknown op", e)
		}
	}
	return nil
}

func convert(v any, out *raw) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

func locate(loc Locator, p string) finding.Location {
	var l finding.Location
	if loc != nil {
		l = loc.Locate(p)
	}
	l.Path = p
	return l
}

// applies filters by custom.applies_to: solvers (the case's solver must be listed) and
// features (each named boolean feature must be true).
func applies(r *Rule, features map[string]any) bool {
	if ss := r.AppliesTo["solvers"]; len(ss) > 0 {
		solver, _ := features["solver"].(string)
		ok := false
		for _, s := range ss {
			ok = ok || s == solver
		}
		if !ok {
			return false
		}
	}
	for _, f := range r.AppliesTo["features"] {
		if b, _ := features[f].(bool); !b {
			return false
		}
	}
	return true
}

func quoteList(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, " or ")
}
