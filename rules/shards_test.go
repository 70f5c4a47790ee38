package rules

import (
	"bytes"
	"context"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/output"
	"github.com/open-policy-agent/opa/v1/ast"
)

// TestSkippedStagesAreNoops compiles the embedded policies with and without noopStages:
// the compiled modules must print the same, so skipping them at run time changes nothing.
func TestSkippedStagesAreNoops(t *testing.T) {
	srcs, err := builtinSources(false)
	if err != nil {
		t.Fatal(err)
	}
	caps, err := Capabilities()
	if err != nil {
		t.Fatal(err)
	}
	compiled := func(skip []ast.StageID) map[string]string {
		parsed, err := parse(srcs)
		if err != nil {
			t.Fatal(err)
		}
		modules := byName(srcs, parsed)
		c := ast.NewCompiler().WithCapabilities(caps).WithEnablePrintStatements(false).WithSkipStages(skip...)
		if c.Compile(modules); c.Failed() {
			t.Fatal(c.Errors)
		}
		out := map[string]string{}
		for name, m := range c.Modules {
			out[name] = m.String()
		}
		return out
	}
	all := compiled(checkOnlyStages)
	skipped := compiled(append(slices.Clone(checkOnlyStages), noopStages...))
	if len(all) != len(srcs) {
		t.Fatalf("%d compiled modules for %d sources", len(all), len(srcs))
	}
	for name, want := range all {
		if skipped[name] != want {
			t.Errorf("%s compiles differently without noopStages", name)
		}
	}
}

// TestShardSources: every rule source lands in exactly one group, the library in all, and
// no group is empty of rules.
func TestShardSources(t *testing.T) {
	srcs, err := builtinSources(false)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 3, 4, 100} {
		groups := shardSources(srcs, n)
		if n <= 9 && len(groups) != n {
			t.Errorf("n=%d: %d groups", n, len(groups))
		}
		seen := make([]int, len(srcs))
		for _, g := range groups {
			rules := 0
			for _, i := range g {
				seen[i]++
				if !strings.HasPrefix(srcs[i].name, "rules/lib/") && !strings.HasSuffix(srcs[i].name, "_test.rego") {
					rules++
				}
			}
			if rules == 0 {
				t.Errorf("n=%d: a group without rules", n)
			}
		}
		for i, s := range srcs {
			want := 1
			if strings.HasPrefix(s.name, "rules/lib/") {
				want = len(groups)
			}
			if seen[i] != want {
				t.Errorf("n=%d: %s is in %d groups, want %d", n, s.name, seen[i], want)
			}
		}
	}
}

// TestCompiledPolicies keeps compiled.txtar in sync with the embedded policies and this
// OPA version (-update regenerates it), so that New uses it; an edited source turns it off.
func TestCompiledPolicies(t *testing.T) {
	srcs, err := builtinSources(false)
	if err != nil {
		t.Fatal(err)
	}
	want, err := compileArchive(srcs)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("compiled.txtar", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(compiledTxtar, want) {
		t.Fatal("compiled.txtar is stale (run go test ./rules -run TestCompiledPolicies -update)")
	}
	if again, _ := compileArchive(srcs); !bytes.Equal(again, want) {
		t.Error("compiling twice prints different policies")
	}
	if _, ok := precompiledSources(srcs); !ok {
		t.Error("New would not use compiled.txtar")
	}
	edited := slices.Clone(srcs)
	edited[len(edited)-1].text += "\n# edited\n"
	if _, ok := precompiledSources(edited); ok {
		t.Error("compiled.txtar used for an edited source")
	}
}

// TestEnginesAgree lints the rule fixtures and every tutorial case with the policies
// compiled from source in one compiler (the reference), and from compiled.txtar in one,
// two and four shards: the findings must be identical.
func TestEnginesAgree(t *testing.T) {
	_, dirs := foamtest.TutorialCases(t)
	fixtures := fixtureDirs(t)
	dirs = append(dirs, fixtures...)
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	lint := func(opts Options) []output.Case {
		opts.KB = k.RulesData()
		e, err := New(ctx, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(e.shards); got != opts.Shards {
			t.Fatalf("Shards %d made %d", opts.Shards, got)
		}
		res, errs := e.LintDirs(ctx, dirs, foamcase.Options{}, nil)
		for i, err := range errs {
			if err != nil {
				t.Errorf("%s: %v", dirs[i], err)
			}
		}
		return res
	}
	want := lint(Options{Shards: 1, fromSource: true})
	findings := 0
	for _, r := range want {
		findings += len(r.Findings)
	}
	for _, n := range []int{1, 2, 4} {
		got := lint(Options{Shards: n})
		for i := range want {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("%s: compiled.txtar in %d shards gives %v, the sources give %v", dirs[i], n, got[i].Findings, want[i].Findings)
			}
		}
	}
	t.Logf("%d cases (%d tutorials, %d fixtures), %d findings, identical from source and from compiled.txtar in 1, 2 and 4 shards",
		len(dirs), len(dirs)-len(fixtures), len(fixtures), findings)
}
