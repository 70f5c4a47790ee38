// Package rules is foamc's policy library: Rego rules (one per package, embedded) and the Go
// engine that compiles them once, evaluates them all with one prepared query against a case
// document and data.kb, and turns what they return into located findings.
package rules

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage"
	"github.com/open-policy-agent/opa/v1/storage/inmem"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
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
	// Releases, when set, says what a case of release id (input.release) is judged
	// with (kb.ReleaseData): the profile of that release (exact), else the newest of its
	// family, whose data.kb is loaded the first time a case needs it. A case of
	// DefaultRelease, or of a release it has no profile for, gets KB/LoadKB/KBJSON. Nil:
	// every case is judged with KB/LoadKB/KBJSON as if of DefaultRelease.
	Releases func(id, family string) (profile string, load func() ([]byte, error), exact, ok bool)
	// DefaultRelease is the release KB/LoadKB/KBJSON describe (openfoam-v1912).
	DefaultRelease string
	// Profiles lists the releases Releases has a profile for (kb.Profiles), named in the
	// abstention finding.
	Profiles func() []string
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

	compilers      []*ast.Compiler
	allowCode      bool
	releases       func(id, family string) (string, func() ([]byte, error), bool, bool)
	defaultRelease string
	profileIDs     func() []string
	releaseMu      sync.Mutex
	releaseShards  map[string]func() ([]*shard, error) // release ID -> its shards, prepared once
}

type preload struct {
	c   *foamcase.Case
	err error
}

// takePreload returns the load New started for dir with opts, once; false when there is
// none for these options.
func (e *Engine) takePreload(dir string, opts foamcase.Options) (preload, bool) {
	e.preloadMu.Lock()
	ch, ok := e.preloaded[dir]
	delete(e.preloaded, dir)
	e.preloadMu.Unlock()
	// Options holding a function (Env) never compare equal: such a lint loads again.
	if !ok || !reflect.DeepEqual(opts, e.preloadOpts) {
		return preload{}, false
	}
	return <-ch, true
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
	e := &Engine{byPkg: map[string]*Rule{}, disabled: map[string]bool{}, preloaded: preloaded, preloadOpts: opts.PreloadOptions,
		compilers: compilers, allowCode: opts.AllowCode, releases: opts.Releases, defaultRelease: opts.DefaultRelease, profileIDs: opts.Profiles,
		releaseShards: map[string]func() ([]*shard, error){}}
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
	if e.shards, err = prepareShards(ctx, compilers, l.data); err != nil {
		return nil, err
	}
	return e, nil
}

// prepareShards binds every compiler to one store holding data (data.kb, data.config).
func prepareShards(ctx context.Context, compilers []*ast.Compiler, data ast.Object) ([]*shard, error) {
	store := inmem.NewFromASTObject(data)
	var out []*shard
	for _, c := range compilers {
		sh := &shard{compiler: c, store: store}
		var err error
		if sh.all, err = sh.prepare(ctx, query); err != nil {
			return nil, err
		}
		out = append(out, sh)
	}
	return out, nil
}

// shardsFor returns the shards that judge a case with the data of profile (the default
// ones for DefaultRelease), prepared the first time (the compilers are shared).
func (e *Engine) shardsFor(profile string, load func() ([]byte, error)) ([]*shard, error) {
	if profile == e.defaultRelease || load == nil {
		return e.shards, nil
	}
	e.releaseMu.Lock()
	get, ok := e.releaseShards[profile]
	if !ok {
		get = sync.OnceValues(func() ([]*shard, error) {
			v, err := kbValue(Options{KBJSON: load})
			if err != nil {
				return nil, fmt.Errorf("rules: data of %s: %w", profile, err)
			}
			return prepareShards(context.Background(), e.compilers, ast.NewObject(
				ast.Item(ast.StringTerm("kb"), ast.NewTerm(v)),
				ast.Item(ast.StringTerm("config"), ast.ObjectTerm(ast.Item(ast.StringTerm("allow_code"), ast.BooleanTerm(e.allowCode)))),
			))
		})
		e.releaseShards[profile] = get
	}
	e.releaseMu.Unlock()
	return get()
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
