package rules

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/output"
	"github.com/open-policy-agent/opa/v1/ast"
)

var idPattern = regexp.MustCompile(`^FOAM-(STRUCT|FM|BC|DIM|NUM|SOL|TIME|THERMO|CHEM|SEC|PAR|CHT)-\d{3}$`)

// TestRuleMetadata: every built-in rule has a well-formed id whose category segment names
// its directory (FOAM-NUM-* under numerics/), a severity, a fix, provenance, a title, and
// lives in <category>/<name>/<name>.rego with <name>_test.rego beside it.
func TestRuleMetadata(t *testing.T) {
	e, err := New(context.Background(), Options{KB: fixtureKB(t)})
	if err != nil {
		t.Fatal(err)
	}
	rs := e.Rules()
	if len(rs) < 60 {
		t.Fatalf("only %d rules loaded", len(rs))
	}
	// IDs are stable, so a directory renamed to explain itself keeps its category's IDs.
	namedDirs := map[string]string{"FM": "turbulence"}
	segDir := map[string]string{}
	for _, r := range rs {
		if !idPattern.MatchString(r.ID) {
			t.Errorf("%s: id %q does not follow FOAM-<CATEGORY>-NNN", r.File, r.ID)
		}
		if r.Severity.Rank() == 0 {
			t.Errorf("%s: severity %q", r.ID, r.Severity)
		}
		if strings.TrimSpace(r.Fix) == "" {
			t.Errorf("%s: no custom.fix", r.ID)
		}
		if len(r.Provenance) == 0 {
			t.Errorf("%s: no custom.provenance", r.ID)
		}
		if r.Title == "" {
			t.Errorf("%s: no title", r.ID)
		}
		parts := strings.Split(r.File, "/") // rules/<category>/<name>/<name>.rego
		if len(parts) != 4 || parts[3] != parts[2]+".rego" {
			t.Errorf("%s: file %s is not rules/<category>/<name>/<name>.rego", r.ID, r.File)
			continue
		}
		if seg := strings.Split(r.ID, "-")[1]; !strings.HasPrefix(strings.ToUpper(parts[1]), seg) && namedDirs[seg] != parts[1] {
			t.Errorf("%s: in directory %s/, whose name does not start with the ID's category %s", r.ID, parts[1], seg)
		} else if prev, ok := segDir[seg]; ok && prev != parts[1] {
			t.Errorf("%s: category %s is split over %s/ and %s/", r.ID, seg, prev, parts[1])
		}
		segDir[strings.Split(r.ID, "-")[1]] = parts[1]
		test := filepath.Join(parts[1], parts[2], parts[2]+"_test.rego")
		if _, err := os.Stat(test); err != nil {
			t.Errorf("%s: no %s", r.ID, test)
		}
	}
	if len(segDir) != 12 {
		t.Errorf("categories %v, want the twelve of the ID pattern", segDir)
	}
}

// forbidden builtins: network, clock, randomness and runtime introspection.
var forbidden = regexp.MustCompile(`^(http\.send|net\..*|time\.now_ns|opa\.runtime|rand\..*|uuid\..*)$`)

// TestCapabilities: the committed capabilities.json is OPA's format, lists no forbidden
// builtin, and every builtin it names exists in this OPA build (-update regenerates it).
func TestCapabilities(t *testing.T) {
	if *update {
		c := ast.CapabilitiesForThisVersion()
		var keep []*ast.Builtin
		for _, b := range c.Builtins {
			if !forbidden.MatchString(b.Name) && b.Name != "trace" && b.Name != "print" && b.Name != "internal.print" {
				keep = append(keep, b)
			}
		}
		c.Builtins = keep
		c.AllowNet = []string{}
		b, err := json.MarshalIndent(c, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("capabilities.json", append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open("capabilities.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pinned, err := ast.LoadCapabilitiesJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, b := range ast.CapabilitiesForThisVersion().Builtins {
		have[b.Name] = true
	}
	for _, b := range pinned.Builtins {
		if forbidden.MatchString(b.Name) {
			t.Errorf("capabilities.json allows forbidden builtin %s", b.Name)
		}
		if !have[b.Name] {
			t.Errorf("capabilities.json names %s, which this OPA build lacks", b.Name)
		}
	}
	c, err := Capabilities()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Builtins) != len(pinned.Builtins) {
		t.Errorf("runtime capabilities have %d builtins, the pinned file %d", len(c.Builtins), len(pinned.Builtins))
	}
	// A policy calling a forbidden builtin does not compile.
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "x", "net"), 0o755)
	os.WriteFile(filepath.Join(dir, "x", "net", "rule.rego"), []byte(`# METADATA
# title: t
# custom:
#   id: FOAM-SEC-999
#   severity: warn
#   fix: f
#   provenance: [p]
package foamc.rules.x.net

findings contains {"path": "", "msg": x} if x := http.send({"method": "get", "url": "http://example.com"}).body
`), 0o644)
	if _, err := New(context.Background(), Options{PolicyDirs: []string{dir}}); err == nil || !strings.Contains(err.Error(), "http.send") {
		t.Errorf("http.send compiled: %v", err)
	}
}

// TestEmbeddedPoliciesTypeCheck runs the stages New skips for the embedded policies
// (checkOnlyStages: the type check against the case-document schema, undefined functions,
// recursion, rule conflicts…): they must pass, so skipping them at run time loses no error.
func TestEmbeddedPoliciesTypeCheck(t *testing.T) {
	srcs, err := builtinSources(false)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := compileSources(srcs, checked); err != nil {
		t.Fatalf("embedded policies fail the full compile: %v", err)
	}
}

// TestSchemaTypeCheck: a rule that reads a feature the case-document schema does not
// define is a compile error, so typos in input paths cannot pass silently.
func TestSchemaTypeCheck(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "x", "typo"), 0o755)
	os.WriteFile(filepath.Join(dir, "x", "typo", "rule.rego"), []byte(`# METADATA
# title: t
# custom:
#   id: FOAM-SEC-998
#   severity: warn
#   fix: f
#   provenance: [p]
package foamc.rules.x.typo

findings contains {"path": "", "msg": "x"} if input.features.solvr == "icoFoam"
`), 0o644)
	_, err := New(context.Background(), Options{PolicyDirs: []string{dir}})
	if err == nil || !strings.Contains(err.Error(), "solvr") {
		t.Fatalf("typo in input path compiled: %v", err)
	}
}

// annotatedRules reads the embedded rules' METADATA from their annotations, as
// metadata.json should hold it.
func annotatedRules(t *testing.T) []Rule {
	t.Helper()
	srcs, err := builtinSources(false)
	if err != nil {
		t.Fatal(err)
	}
	caps, err := Capabilities()
	if err != nil {
		t.Fatal(err)
	}
	var out []Rule
	for _, s := range srcs {
		m, err := ast.ParseModuleWithOpts(s.name, s.text, ast.ParserOptions{ProcessAnnotation: true, RegoVersion: ast.RegoV1, Capabilities: caps})
		if err != nil {
			t.Fatal(err)
		}
		r, ok, err := ruleFromModule(s.name, m, true)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			out = append(out, r)
		}
	}
	return out
}

// TestCatalogue keeps rules/CATALOGUE.md in sync with the METADATA (-update regenerates;
// it reads the annotations, so one -update run with TestBuiltinRuleMetadata suffices).
func TestCatalogue(t *testing.T) {
	rs := annotatedRules(t)
	sort.Slice(rs, func(i, j int) bool { return rs[i].ID < rs[j].ID })
	want := Catalogue(rs, fixtureExamples(t))
	if *update {
		if err := os.WriteFile("CATALOGUE.md", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("CATALOGUE.md")
	if err != nil {
		t.Fatalf("%v (run go test ./rules -run TestCatalogue -update)", err)
	}
	if string(got) != want {
		t.Errorf("CATALOGUE.md is stale: run go test ./rules -run TestCatalogue -update")
	}
}

// TestUserPolicy: rules from --policy directories are evaluated beside the built-in ones.
func TestUserPolicy(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "site", "icoonly"), 0o755)
	os.WriteFile(filepath.Join(dir, "site", "icoonly", "rule.rego"), []byte(`# METADATA
# title: site policy
# custom:
#   id: FOAM-SEC-900
#   severity: warn
#   fix: use icoFoam
#   provenance: [site]
package foamc.rules.site.icoonly

findings contains {"path": "/features/solver", "msg": "not icoFoam"} if input.features.solver != "icoFoam"
`), 0o644)
	e, err := New(context.Background(), Options{PolicyDirs: []string{dir}, Disabled: []string{"FOAM-STRUCT-001"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.shards) != 1 {
		t.Errorf("user policies compiled in %d shards, want one compiler for all", len(e.shards))
	}
	fs, err := e.Evaluate(context.Background(), map[string]any{"features": map[string]any{"solver": "simpleFoam"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || fs[0].ID != "FOAM-SEC-900" || fs[0].Location.Path != "/features/solver" {
		t.Fatalf("findings %v", fs)
	}
	r, ok := e.Rule("FOAM-SEC-900")
	if !ok || r.Builtin {
		t.Errorf("user rule metadata %+v", r)
	}
	e2, _ := New(context.Background(), Options{PolicyDirs: []string{dir}, Disabled: []string{"FOAM-SEC-900", "FOAM-STRUCT-001"}})
	if fs, _ := e2.Evaluate(context.Background(), map[string]any{"features": map[string]any{"solver": "simpleFoam"}}, nil); len(fs) != 0 {
		t.Errorf("disabled rule reported %v", fs)
	}
}

// TestKBSources: data.kb given as a map, by a loader running while the policies compile,
// or as JSON text lints every fixture alike, and differently from an empty kb (the kb is
// used); loader errors fail New.
func TestKBSources(t *testing.T) {
	kb := fixtureKB(t)
	text, err := json.Marshal(kb)
	if err != nil {
		t.Fatal(err)
	}
	dirs := fixtureDirs(t)
	ctx := context.Background()
	lint := func(opts Options) []output.Case {
		t.Helper()
		e, err := New(ctx, opts)
		if err != nil {
			t.Fatal(err)
		}
		res, errs := e.LintDirs(ctx, dirs, foamcase.Options{}, nil)
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		return res
	}
	want := lint(Options{KB: kb})
	if reflect.DeepEqual(lint(Options{}), want) {
		t.Error("the fixtures lint the same without a kb")
	}
	if got := lint(Options{LoadKB: func() (map[string]any, error) { return kb, nil }}); !reflect.DeepEqual(got, want) {
		t.Error("LoadKB lints differently from KB")
	}
	if got := lint(Options{KBJSON: func() ([]byte, error) { return text, nil }}); !reflect.DeepEqual(got, want) {
		t.Error("KBJSON lints differently from KB")
	}
	for _, opts := range []Options{
		{LoadKB: func() (map[string]any, error) { return nil, os.ErrNotExist }},
		{KBJSON: func() ([]byte, error) { return nil, os.ErrNotExist }},
		{KBJSON: func() ([]byte, error) { return []byte(`{"bc": `), nil }},
	} {
		if _, err := New(ctx, opts); err == nil {
			t.Error("a kb loading error was ignored")
		}
	}
}

// TestConcurrentNew: engines built at once all work.
func TestConcurrentNew(t *testing.T) {
	kb := fixtureKB(t)
	errs := make(chan error, 3)
	for i := 0; i < 3; i++ {
		go func() {
			_, err := New(context.Background(), Options{KB: kb})
			errs <- err
		}()
	}
	for i := 0; i < 3; i++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

// TestBuiltinRuleMetadata: metadata.json, which New reads instead of parsing the
// embedded rules' METADATA, is what their annotations say (-update regenerates it).
func TestBuiltinRuleMetadata(t *testing.T) {
	want := annotatedRules(t)
	sort.Slice(want, func(i, j int) bool { return want[i].File < want[j].File })
	b, err := json.MarshalIndent(want, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	if *update {
		if err := os.WriteFile("metadata.json", b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("metadata.json")
	if err != nil {
		t.Fatalf("%v (run go test ./rules -run TestBuiltinRuleMetadata -update)", err)
	}
	if !bytes.Equal(got, b) {
		t.Errorf("metadata.json is stale: run go test ./rules -run TestBuiltinRuleMetadata -update")
	}
	if len(want) < 60 {
		t.Errorf("only %d embedded rules", len(want))
	}
}
