package rules

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
	"github.com/open-policy-agent/opa/v1/ast"
	"golang.org/x/tools/txtar"
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
		modules := map[string]*ast.Module{}
		for i, s := range srcs {
			modules[s.name] = parsed[i]
		}
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
				if strings.HasSuffix(srcs[i].name, "/rule.rego") {
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

// TestShardsAgree lints the rule fixtures and every tutorial case with the rules in one
// compiler and split over 2 and 4: the findings must be identical.
func TestShardsAgree(t *testing.T) {
	_, dirs := foamtest.TutorialCases(t)
	fixtures, err := filepath.Glob(filepath.Join("testdata", "cases", "*.txtar"))
	if err != nil || len(fixtures) == 0 {
		t.Fatalf("no case fixtures: %v", err)
	}
	for _, file := range fixtures {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(t.TempDir(), strings.TrimSuffix(filepath.Base(file), ".txtar"))
		for _, f := range ar.Files {
			p := filepath.Join(dir, filepath.FromSlash(f.Name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		dirs = append(dirs, dir)
	}
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	lint := func(shards int) []Result {
		e, err := New(ctx, Options{KB: k.RulesData(), Shards: shards})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(e.shards); got != shards {
			t.Fatalf("Shards %d made %d", shards, got)
		}
		res, errs := e.LintDirs(ctx, dirs, foamcase.Options{}, nil)
		for i, err := range errs {
			if err != nil {
				t.Errorf("%s: %v", dirs[i], err)
			}
		}
		return res
	}
	want := lint(1)
	findings := 0
	for _, r := range want {
		findings += len(r.Findings)
	}
	for _, n := range []int{2, 4} {
		got := lint(n)
		for i := range want {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("%s: %d shards give %v, one gives %v", dirs[i], n, got[i].Findings, want[i].Findings)
			}
		}
	}
	t.Logf("%d cases (%d tutorials, %d fixtures), %d findings, identical with 1, 2 and 4 shards", len(dirs), len(dirs)-len(fixtures), len(fixtures), findings)
}
